"""A player for the kill-9 loop: the real app, headless, playing one game until it is killed.

    python tests/kill_loop_player.py DATA_DIR blackjack|holdem|bankroll SEED

Prints ``ready`` once the table is open, then for every settled round
``settling N`` just before the table hands it to the store and ``shown N``
once the store has taken it (the table then shows the result in the same
step, before any other key is read). Each line is flushed at once, so the
process that kills this one knows, for each round, whether it had been
shown when the kill came.

``bankroll`` plays the kept bankroll through the store itself (the table
screens do not use it yet): it returns chips a killed run left at a table,
then buys in, plays rounds, leaves and rebuys when broke, at random. Before
each change it prints ``doing N BALANCE AT_TABLE`` (the bankroll it will be
in once the change is saved, by its own arithmetic) and after it ``done N``.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtui.store import Game, Outcome, SeatResult, Store

#: The profile player whose bankroll the ``bankroll`` mode plays.
BANKROLL_PLAYER = "Ann"

#: Keys to press, most wanted first: (action the screen must allow, key).
POLICIES = {
    "blackjack": (("no_insurance", "n"), ("stand", "s"), ("rebuy", "r"), ("deal", "d")),
    "holdem": (("check", "c"), ("call", "c"), ("rebuy", "b"), ("deal", "d")),
}


def _say(text: str) -> None:
    print(text, flush=True)


async def play(data_dir: str, game: str, seed: int) -> None:
    from cardtui.ui.app import CardtuiApp

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


def play_bankroll(data_dir: str, seed: int) -> None:
    rng = random.Random(seed)
    store = Store(Path(data_dir) / "cardtui.sqlite3")
    game = (Game.BLACKJACK, Game.HOLDEM)[seed % 2]
    player, step = BANKROLL_PLAYER, 0

    def change(balance: int, at_table: int, operation: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal step
        step += 1
        _say(f"doing {step} {balance} {at_table}")
        operation(*args, **kwargs)
        _say(f"done {step}")

    now = store.bankroll(game, player)
    balance, at_table = now.balance, now.at_table
    _say(f"ready {balance} {at_table}")
    if at_table:  # chips a killed run left at the table come back first
        change(balance + at_table, 0, store.cash_out, game, player)
        balance, at_table = balance + at_table, 0
    while True:
        if at_table == 0 and balance < 10:
            change(1_000, 0, store.rebuy, game, player)
            balance = 1_000
        elif at_table == 0 or rng.random() < 0.05:
            if at_table:  # leave the table
                change(balance + at_table, 0, store.cash_out, game, player)
                balance, at_table = balance + at_table, 0
            amount = rng.randint(1, balance)
            change(balance - amount, at_table + amount, store.buy_in, game, player, amount)
            balance, at_table = balance - amount, at_table + amount
        else:
            net = rng.randint(-at_table, at_table)
            outcome = Outcome.WIN if net > 0 else Outcome.LOSS if net < 0 else Outcome.PUSH
            seats = [SeatResult(player, abs(net), net, outcome),
                     SeatResult("Bot 1", 10, -10, Outcome.LOSS)]
            change(balance, at_table + net, store.record_round, game, seats,
                   bankroll_player=player)
            at_table += net


def main(argv: Sequence[str]) -> None:
    data_dir, game, seed = argv
    if game == "bankroll":
        play_bankroll(data_dir, int(seed))
    else:
        asyncio.run(play(data_dir, game, int(seed)))


if __name__ == "__main__":
    main(sys.argv[1:])
