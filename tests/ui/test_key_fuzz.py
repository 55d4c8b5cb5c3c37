"""Seeded key fuzzing over every screen (issue 9, "Done means").

The default run presses at least 2,000 keys in a few episodes chosen to
cover every screen, both terminal sizes, animations off and on, hot-seat and
bot line-ups, cash games and tournaments; ``-m slow`` presses 20,000 more
over episodes whose settings follow from their seeds. Each key is checked
(see :mod:`support.keyfuzz`): nothing raises, chips are conserved, the
scoreboard holds exactly what the engines settled, and no screen leaves the
player without a legal key. A failure names the command that replays it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from support.keyfuzz import LINEUPS, Episode, run_episode

#: (seed, keys, size, animation, line-up, first screen).
DEFAULT_EPISODES = (
    Episode(1, 500, (80, 24), "off", 0, "blackjack"),
    Episode(2, 500, (120, 40), "fast", 1, "holdem"),
    Episode(3, 500, (80, 24), "off", 2, "holdem"),
    Episode(4, 500, (120, 40), "fast", 3, None),
    # The rules screen was reached only by the animated episodes, whose paths
    # change with the machine's load: this one reaches it every time.
    Episode(5, 250, (120, 40), "off", 1, "rules"),
)
EVERY_SCREEN = {
    "MenuScreen", "BlackjackScreen", "BlackjackSetupScreen", "HoldemScreen",
    "HoldemSetupScreen", "HoldemHistoryScreen", "ScoreboardScreen", "SettingsScreen",
    "RulesScreen", "ConfirmScreen", "Palette",
}
SLOW_EPISODES = 40
SLOW_KEYS = 500


def test_the_default_episodes_cover_the_promise() -> None:
    episodes = DEFAULT_EPISODES
    assert sum(e.keys for e in episodes) >= 2_000
    assert {e.size for e in episodes} == {(80, 24), (120, 40)}
    assert {e.animation == "off" for e in episodes} == {True, False}
    assert {e.lineup for e in episodes} == set(range(len(LINEUPS)))
    assert SLOW_EPISODES * SLOW_KEYS >= 20_000


async def test_key_fuzz_over_every_screen(tmp_path: Path) -> None:
    seen: Counter[str] = Counter()
    for episode in DEFAULT_EPISODES:
        seen += await run_episode(episode, tmp_path / f"episode-{episode.seed}")
    assert sum(seen.values()) >= 2_000
    assert set(seen) >= EVERY_SCREEN, f"never reached: {EVERY_SCREEN - set(seen)}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 100 + SLOW_EPISODES))
async def test_key_fuzz_long(tmp_path: Path, seed: int) -> None:
    await run_episode(Episode.from_seed(seed, SLOW_KEYS), tmp_path)


#: Under load (issue 24): busy threads beside the app, animations on, starting
#: at the menu and at a table (the menu is then built late).
LOADED_EPISODES = 8
LOADED_THREADS = 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300, 300 + LOADED_EPISODES))
async def test_key_fuzz_under_load(tmp_path: Path, seed: int) -> None:
    episode = Episode(seed, SLOW_KEYS, (120, 40) if seed % 2 else (80, 24), "fast",
                      seed % len(LINEUPS), (None, "holdem", "blackjack", None)[seed % 4],
                      load=LOADED_THREADS)
    await run_episode(episode, tmp_path)
