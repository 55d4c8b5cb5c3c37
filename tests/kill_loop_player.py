"""A player for the kill-9 loop: the real app, headless, playing one game until it is killed.

    python tests/kill_loop_player.py DATA_DIR blackjack|holdem SEED

Prints ``ready`` once the table is open, then for every settled round
``settling N`` just before the table hands it to the store and ``shown N``
once the store has taken it (the table then shows the result in the same
step, before any other key is read). Each line is flushed at once, so the
process that kills this one knows, for each round, whether it had been
shown when the kill came.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from typing import Any

from cardtui.ui.app import CardtuiApp

#: Keys to press, most wanted first: (action the screen must allow, key).
POLICIES = {
    "blackjack": (("no_insurance", "n"), ("stand", "s"), ("rebuy", "r"), ("deal", "d")),
    "holdem": (("check", "c"), ("call", "c"), ("rebuy", "b"), ("deal", "d")),
}


def _say(text: str) -> None:
    print(text, flush=True)


async def play(data_dir: str, game: str, seed: int) -> None:
    app = CardtuiApp(data_dir=data_dir, seed=seed, animation="off", start=game)
    record_round = app.store.record_round
    settled = 0

    def recording(*args: Any, **kwargs: Any) -> int | None:
        nonlocal settled
        settled += 1
        _say(f"settling {settled}")
        result = record_round(*args, **kwargs)
        _say(f"shown {settled}")
        return result

    app.store.record_round = recording  # type: ignore[method-assign]
    policy = POLICIES[game]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        _say("ready")
        while True:
            screen = app.screen
            key = next((key for action, key in policy if screen.check_action(action, ())), None)
            if key is None:
                await pilot.pause(0.01)
            else:
                await pilot.press(key)


def main(argv: Sequence[str]) -> None:
    data_dir, game, seed = argv
    asyncio.run(play(data_dir, game, int(seed)))


if __name__ == "__main__":
    main(sys.argv[1:])
