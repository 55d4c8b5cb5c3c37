"""Regenerate ``screenshots/*.svg`` from seeded sessions (animations off).

    python3 -m screenshots.generate [--only NAME ...]   (from the repository root)

Each scene starts a fresh app on a throw-away data directory with ``--seed 7``,
presses keys like a player, and saves an SVG of the screen.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.pilot import Pilot

from cardtui.games import Game
from cardtui.store import Outcome, SeatResult
from cardtui.ui.app import CardtuiApp
from tests.support import holdem_demo

HERE = Path(__file__).parent


async def _record_some_rounds(pilot: Pilot[int]) -> None:
    app: CardtuiApp = pilot.app  # type: ignore[assignment]
    for net, outcome in ((15, Outcome.WIN), (-10, Outcome.LOSS), (0, Outcome.PUSH),
                         (20, Outcome.WIN)):
        app.store.record_round(Game.BLACKJACK, [SeatResult(
            app.settings.player_name, 10, net, outcome, blackjack=net == 15)],
            session_id=app.session_id)
    app.store.record_round(Game.HOLDEM, [SeatResult(
        app.settings.player_name, 60, 140, Outcome.WIN, pot=200, showdown=True,
        showdown_won=True)], session_id=app.session_id)
    app.store.record_drill(app.settings.player_name, "pairs", 20, 17, session_id=app.session_id)


def stacked_shoe(cards: list[str]) -> Callable[[Pilot[int]], Awaitable[None]]:
    """Put these cards on top of the blackjack shoe, so the scene is the same everywhere."""

    async def before(pilot: Pilot[int]) -> None:
        pilot.app.screen.table.shoe.stack(cards)  # type: ignore[attr-defined]

    return before


def blackjack_seats(*seats: tuple[str, str, int]) -> dict[str, object]:
    """App options for a blackjack table with these (name, human|bot, bankroll) seats."""
    return {"start": "blackjack", "blackjack": {"seats": [
        {"name": name, "kind": kind, "bankroll": bankroll} for name, kind, bankroll in seats
    ]}}


@dataclass(frozen=True)
class Scene:
    name: str
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = (80, 24)
    before: Callable[[Pilot[int]], Awaitable[None]] | None = None
    options: dict[str, object] = field(default_factory=dict)


SCENES: list[Scene] = [
    Scene("menu"),
    Scene("menu-ascii", options={"ascii": True}),
    Scene("settings", ("o",)),
    Scene("rules", ("r",)),
    Scene("scoreboard", ("s",), size=(100, 30), before=_record_some_rounds),
    Scene("too-small", size=(60, 18)),
    Scene("blackjack-betting", ("plus",), options={"start": "blackjack"}),
    Scene("blackjack-players-turn", ("d",), options={"start": "blackjack"},
          before=stacked_shoe(["Ah", "9c", "6d", "7s"])),
    Scene("blackjack-result", ("d", "s"), options={"start": "blackjack"},
          before=stacked_shoe(["Th", "9c", "6d", "7s", "Ks"])),
    Scene("blackjack-split", ("d", "p", "x"), size=(120, 40), options={"start": "blackjack"},
          before=stacked_shoe(["8h", "6c", "8d", "Ts", "3c", "Td", "7s"])),
    Scene("blackjack-three-seats", ("d", "h"), size=(120, 40),
          options=blackjack_seats(("Ann", "human", 500), ("Robo", "bot", 1000),
                                  ("Cy", "human", 200)),
          before=stacked_shoe(["Ah", "8h", "Tc", "6c", "Kd", "8d", "6d", "Kc", "2c", "3c",
                               "9s", "Qs"])),
]


# Practise: the practice list, a drill after a wrong answer, and the table's trainer aids.
SCENES += [
    Scene("practice", options={"start": "practice"}),
    Scene("practice-drill", ("h", "s"), options={"start": "practice:all"}),
    Scene("blackjack-count-panel", ("d", "k"), options={"start": "blackjack"},
          before=stacked_shoe(["Th", "6c", "6d", "7s"])),
    Scene("blackjack-chart", ("d", "c"), options={"start": "blackjack"},
          before=stacked_shoe(["Th", "6c", "6d", "7s"])),
]


# The hold'em table: stacked decks and scripted bots (see tests/support/holdem_demo.py).
SCENES += [
    Scene("holdem-preflop", before=holdem_demo.preflop),
    Scene("holdem-flop-side-pot", before=holdem_demo.flop_side_pot),
    Scene("holdem-showdown", before=holdem_demo.showdown),
    Scene("holdem-showdown-large", size=(120, 40), before=holdem_demo.showdown),
    Scene("holdem-ten-seats", before=holdem_demo.ten_seats),
    Scene("holdem-ten-seats-large", size=(120, 40), before=holdem_demo.ten_seats),
    Scene("holdem-pass-to", before=holdem_demo.pass_to),
    Scene("holdem-raise-error", before=holdem_demo.raise_error),
]


# The replayer (cardtui replay) on a hand-written PHH fixture, stepped to its showdown.
async def _replay_showdown(pilot: Pilot[int]) -> None:
    from cardtui.holdem.phh_read import read_path
    from cardtui.ui.holdem.replay_list import first_screen

    hand = HERE.parent / "tests" / "fixtures" / "phh" / "pluribus_6max.phh"
    await pilot.app.push_screen(first_screen(read_path(hand), hand.name))
    await pilot.pause()
    for _ in range(30):
        await pilot.press("right")


SCENES += [Scene("replay-showdown", size=(100, 30), before=_replay_showdown)]


# Advice at the hold'em table (o): the player's turn in the small blind, worked out.
async def _advice(pilot: Pilot[int]) -> None:
    await holdem_demo.preflop(pilot)
    await pilot.press("o")
    await pilot.app.workers.wait_for_complete()


SCENES += [Scene("holdem-advice", size=(100, 30), before=_advice)]


# The scoreboard's statistics and charts on a kept sitting and hold'em hands.
async def _kept_play(pilot: Pilot[int]) -> None:
    from tests.ui.scoreboard_data import record_play

    app: CardtuiApp = pilot.app  # type: ignore[assignment]
    record_play(app.store, app.session_id)


SCENES += [Scene("scoreboard-stats", ("s", "2"), size=(100, 30), before=_kept_play),
           Scene("scoreboard-charts", ("s", "3"), size=(100, 30), before=_kept_play)]


# Issue 26: the tables as players expect them. A tournament's info line and its
# results, typed bets at blackjack, the big cards of a large terminal, a light theme.
async def _tournament(pilot: Pilot[int]) -> None:
    from tests.ui.test_holdem_tournament_snapshots import tournament_preflop

    await tournament_preflop(pilot)


async def _tournament_results(pilot: Pilot[int]) -> None:
    from tests.ui.test_holdem_tournament_snapshots import results_over_the_table

    await results_over_the_table(pilot)


def light(before: Callable[[Pilot[int]], Awaitable[None]] | None = None,
          ) -> Callable[[Pilot[int]], Awaitable[None]]:
    async def lit(pilot: Pilot[int]) -> None:
        pilot.app.theme = "textual-light"
        if before is not None:
            await before(pilot)

    return lit


SCENES += [
    Scene("holdem-tournament", before=_tournament),
    Scene("holdem-tournament-results", before=_tournament_results),
    Scene("holdem-showdown-light", before=light(holdem_demo.showdown)),
    Scene("blackjack-typed-bet", ("2", "5"), options={"start": "blackjack"}),
    Scene("blackjack-large", ("d",), size=(160, 50), options={"start": "blackjack"},
          before=stacked_shoe(["Ah", "9c", "6d", "7s"])),
    Scene("blackjack-light", ("d",), options={"start": "blackjack"},
          before=light(stacked_shoe(["Ah", "9c", "6d", "7s"]))),
    Scene("menu-large", size=(120, 40)),
]


async def shoot(scene: Scene, out_dir: Path) -> Path:
    with tempfile.TemporaryDirectory() as data:
        options = dict(scene.options)
        blackjack = options.pop("blackjack", None)
        app = CardtuiApp(data_dir=data, seed=7, animation="off", **options)  # type: ignore[arg-type]
        if isinstance(blackjack, dict):
            app.settings.blackjack = blackjack
        async with app.run_test(size=scene.size) as pilot:
            await pilot.pause()
            if scene.before:
                await scene.before(pilot)
            for key in scene.keys:
                await pilot.press(key)
                await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            await app.workers.wait_for_complete()  # e.g. the count panel's odds
            await pilot.pause()
            return Path(app.save_screenshot(f"{scene.name}.svg", str(out_dir)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="scene names to regenerate")
    args = parser.parse_args()
    for scene in SCENES:
        if args.only and scene.name not in args.only:
            continue
        print(asyncio.run(shoot(scene, HERE)))


if __name__ == "__main__":
    main()
