"""A player for the kill-9 loop: the real app, headless, playing one game until it is killed.

    python tests/kill_loop_player.py DATA_DIR blackjack|holdem|bankroll|table-bankroll SEED

Prints ``ready`` once the table is open, then for every settled round
``settling N`` just before the table hands it to the store and ``shown N``
once the store has taken it (the table then shows the result in the same
step, before any other key is read). Each line is flushed at once, so the
process that kills this one knows, for each round, whether it had been
shown when the kill came.

``bankroll`` plays the kept bankroll through the store itself: it returns
chips a killed run left at a table, then buys in, plays rounds, leaves and
rebuys when broke, at random. Before each change it prints ``doing N BALANCE
AT_TABLE`` (the bankroll it will be in once the change is saved, by its own
arithmetic) and after it ``done N``.

``table-bankroll`` plays the real app's blackjack table with the profile's
kept chips: it sits down (a buy-in), bets a random amount, plays, rebuys when
broke (from the balance, or the house's), and now and then leaves the table
(a cash-out) and comes back (a buy-in). The store's bankroll changes print
the same ``doing``/``done`` lines, the expected bankroll worked out from the
store's own figure just before the change.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtui.games import Game
from cardtui.store import Bankroll, Outcome, SeatResult, Store

#: The profile player whose bankroll the ``bankroll`` mode plays.
BANKROLL_PLAYER = "Ann"

#: Keys to press, most wanted first: (action the screen must allow, key).
POLICIES = {
    "blackjack": (("no_insurance", "n"), ("stand", "s"), ("rebuy", "r"), ("deal", "d")),
    "holdem": (("check", "c"), ("call", "c"), ("rebuy", "b"), ("deal", "d")),
}


def _say(text: str) -> None:
    # Straight to the process's stdout: a running Textual app redirects sys.stdout
    # and its flush() does not reach the pipe, so a line could wait in a buffer
    # that the kill throws away.
    out = sys.__stdout__
    assert out is not None
    out.write(text + "\n")
    out.flush()


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


#: The table-bankroll player's name (the settings' default) and its seat's buy-in.
TABLE_PLAYER = "Player"
TABLE_BUY_IN = 500


def _watch_bankroll(store: Store) -> None:
    """Print ``doing N BALANCE AT_TABLE`` / ``done N`` around each change to the kept chips."""
    step = 0

    def watched(name: str, after: Any) -> None:
        operation = getattr(store, name)

        def run(*args: Any, **kwargs: Any) -> Any:
            nonlocal step
            expected = after(*args, **kwargs)
            if expected is None:  # a round without the kept chips: no change to watch
                return operation(*args, **kwargs)
            step += 1
            _say(f"doing {step} {expected[0]} {expected[1]}")
            result = operation(*args, **kwargs)
            _say(f"done {step}")
            return result

        setattr(store, name, run)

    def now(game: Game) -> Bankroll:
        return store.bankroll(game)

    def buy_in(game: Game, amount: int, *_: Any, **__: Any) -> tuple[int, int]:
        chips = now(game)
        return chips.balance - amount, chips.at_table + amount

    def cash_out(game: Game, *_: Any, **__: Any) -> tuple[int, int]:
        chips = now(game)
        return chips.balance + chips.at_table, 0

    def rebuy(game: Game, *_: Any, amount: int = 1_000, **__: Any) -> tuple[int, int]:
        return amount, now(game).at_table

    def record_round(game: Game, results: Sequence[SeatResult], *_: Any,
                     bankroll_player: str | None = None, **__: Any) -> tuple[int, int] | None:
        if bankroll_player is None:
            return None
        chips = now(game)
        return chips.balance, chips.at_table + sum(
            r.net for r in results if r.player == bankroll_player)

    for name, after in (("buy_in", buy_in), ("cash_out", cash_out), ("rebuy", rebuy),
                        ("record_round", record_round)):
        watched(name, after)


async def play_table_bankroll(data_dir: str, seed: int) -> None:
    from cardtui.blackjack.rules import Rules
    from cardtui.blackjack.setup import TableSetup
    from cardtui.blackjack.table import SeatSetup
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.blackjack.screen import BlackjackScreen
    from cardtui.ui.screens.menu import MenuScreen

    rng = random.Random(seed)
    app = CardtuiApp(data_dir=data_dir, seed=seed, animation="off")
    app.settings.player_name = TABLE_PLAYER
    # High stakes for the balance: the player goes broke, rebuys from the balance
    # and from the house within a few seconds of play.
    app.settings.blackjack = TableSetup(
        Rules(min_bet=100, max_bet=500),
        seats=(SeatSetup(TABLE_PLAYER, bankroll=TABLE_BUY_IN),)).to_json()
    _watch_bankroll(app.store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        _say("ready")
        while True:
            screen = app.screen
            move = next((key for action, key in (("no_insurance", "n"), ("stand", "s"),
                                                 ("rebuy", "r"))
                         if screen.check_action(action, ())), None)
            if isinstance(screen, MenuScreen):
                await pilot.press("b")  # sit down: a buy-in
            elif not isinstance(screen, BlackjackScreen):
                await pilot.press("escape")  # a question: stay at the table
            elif move is not None:
                await pilot.press(move)
            elif screen.check_action("deal", ()):
                if rng.random() < 0.1:
                    await pilot.press("escape")  # stand up between rounds: a cash-out
                else:
                    await pilot.press(*["plus"] * rng.randint(0, 20), "d")
            elif screen.check_action("bet_down", ()):
                await pilot.press("minus")  # a bet the stack cannot cover
            else:
                await pilot.pause(0.01)


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

    now = store.bankroll(game)
    balance, at_table = now.balance, now.at_table
    _say(f"ready {balance} {at_table}")
    if at_table:  # chips a killed run left at the table come back first
        change(balance + at_table, 0, store.cash_out, game)
        balance, at_table = balance + at_table, 0
    while True:
        if at_table == 0 and balance < 10:
            change(1_000, 0, store.rebuy, game)
            balance = 1_000
        elif at_table == 0 or rng.random() < 0.05:
            if at_table:  # leave the table
                change(balance + at_table, 0, store.cash_out, game)
                balance, at_table = balance + at_table, 0
            amount = rng.randint(1, balance)
            change(balance - amount, at_table + amount, store.buy_in, game, amount)
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
    elif game == "table-bankroll":
        asyncio.run(play_table_bankroll(data_dir, int(seed)))
    else:
        asyncio.run(play(data_dir, game, int(seed)))


if __name__ == "__main__":
    main(sys.argv[1:])
