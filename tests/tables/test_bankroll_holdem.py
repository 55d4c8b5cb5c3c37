"""The kept bankroll at a local hold'em cash table: buy-in, hands, busting, the house, leaving."""

from __future__ import annotations

import random
from pathlib import Path

from cardtui.games import Game
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.store import Bankroll, Store
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, Note, Settled, ToAct

HOLDEM = Game.HOLDEM


def ann_loses(hand_number: int):  # type: ignore[no-untyped-def]
    """A deck giving Ann seven-deuce against the bot's aces (the deal starts with the
    player after the button, who changes every hand)."""
    holes = ["AsAd", "7h2d"] if hand_number % 2 == 1 else ["7h2d", "AsAd"]
    return stacked_deck(holes, board="Ks8h3c 4d 9s")


class Table:
    """A heads-up cash table (Ann and a bot that calls), recording hands as the screen does."""

    def __init__(self, store: Store, stack: int = 300, mode: Mode = Mode.CASH,
                 names: tuple[str, ...] = ("Ann",)) -> None:
        setup = HoldemConfig(seats=(*(SeatConfig(n) for n in names),
                                    SeatConfig("Bot 1", Personality.ROCK)),
                             stack=stack, mode=mode)
        self.store = store
        self.session = HoldemLocalSession(setup, random.Random(1), button=0)
        self.session.decide = lambda: Action.call()
        self.session.keep_chips(TableBankroll(store, HOLDEM, "Ann", "s1"))
        self.events: list[Event] = []
        self.hands = 0
        self.session.attach(self._seen)

    def _seen(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, Settled):
            self.store.record_round(HOLDEM, list(event.rows), session_id="s1",
                                    hand_history=event.hand_history,
                                    bankroll_player=event.bankroll_player,
                                    bankroll_place=event.bankroll_place)

    async def all_in_and_lose(self) -> None:
        self.hands += 1
        self.session.next_deck = ann_loses(self.hands)
        self.session.deal()
        await self.session.idle()  # the bot, when it acts first, calls
        turn = self.events[-1]
        assert isinstance(turn, ToAct)
        self.session.act(turn.seat, Action.raise_to(turn.legal.max_raise_to))  # type: ignore[attr-defined]
        await self.session.idle()

    def stack(self) -> int:
        seat = self.session.table.seats[0]
        assert seat is not None
        return seat.stack


def _kept(store: Store) -> Bankroll:
    return store.bankroll(HOLDEM)


async def test_sitting_down_buys_in_a_hand_moves_the_chips_and_leaving_returns_them(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store)
    assert table.stack() == 300 and (_kept(store).balance, _kept(store).at_table) == (700, 300)
    table.session.next_deck = ann_loses(1)
    table.session.deal()
    table.session.act(0, Action.fold())  # the small blind folds: −5
    settled = [e for e in table.events if isinstance(e, Settled)]
    assert [e.bankroll_player for e in settled] == ["Ann"]
    assert table.stack() == 295 == _kept(store).at_table
    # The hand's PHH text is kept with it, naming the bot's personality (statistics).
    kept = store.hand_histories()
    assert len(kept) == 1 and '_personalities = ["rock", ""]' in kept[0].text  # PHH order
    table.session.detach()
    assert (_kept(store).balance, _kept(store).at_table) == (995, 0)
    assert store.close() == []


async def test_busted_a_rebuy_comes_from_the_balance_then_from_the_house(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store, stack=500)
    await table.all_in_and_lose()
    assert table.stack() == 0 and table.session.busted_humans() == [0]
    table.session.rebuy()  # 500 left in the balance
    assert table.stack() == 500 and _kept(store).rebuys == 0
    await table.all_in_and_lose()
    table.session.rebuy()  # nothing left: the house rebuys, counted and told
    kept = _kept(store)
    assert table.stack() == 500 and (kept.balance, kept.at_table, kept.rebuys) == (500, 500, 1)
    notes = [e.text for e in table.events if isinstance(e, Note)]
    assert "Ann was broke: the house rebuys 1,000 chips (Texas Hold'em rebuys: once)." in notes
    assert store.close() == []


async def test_tournaments_and_other_names_keep_table_only_chips(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    Table(store, mode=Mode.TOURNAMENT)
    Table(store, names=("Bob",))
    assert store.bankroll_changes(HOLDEM) == []
    assert store.close() == []
