"""The kept bankroll at a local blackjack table: buy-in, rounds, leaving, restart, rebuys."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtui.blackjack.records import Action
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatKind, SeatSetup
from cardtui.games import Game
from cardtui.store import Bankroll, BankrollKind, Outcome, SeatResult, Store
from cardtui.tables.bankroll import TableBankroll
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.tables.session import Event, Note, Settled

BJ = Game.BLACKJACK
#: A hand the player stands on with 19 while the dealer busts (16 + Ks): the player wins its bet.
PLAYER_WINS = ["Th", "6c", "9d", "Tc", "Ks"]
#: The player stands on 16 against the dealer's 20: the player loses its bet.
PLAYER_LOSES = ["Th", "Tc", "6d", "Ts"]


class Table:
    """A local table with the profile's kept chips, recording rounds as the screen does."""

    def __init__(self, store: Store, seats: tuple[SeatSetup, ...], seed: int = 1) -> None:
        self.store = store
        self.session = BlackjackLocalSession.sit_down(TableSetup(seats=seats),
                                                      random.Random(seed))
        self.session.keep_chips(TableBankroll(store, BJ, "Ann", "s1"))
        self.events: list[Event] = []

    def sit(self) -> Table:
        self.session.attach(self._seen)
        return self

    def _seen(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, Settled):  # what the screen does with a settled round
            self.store.record_round(BJ, list(event.rows), session_id="s1",
                                    bankroll_player=event.bankroll_player,
                                    bankroll_place=event.bankroll_place)

    def play(self, cards: list[str], bet: int = 10) -> None:
        self.session.bet(0, bet)
        self.session.table.shoe.stack(cards)
        self.session.deal()
        while self.session.table.in_round:
            self.session.act(self.session.table.seat_to_act or 0, Action.STAND)

    def chips(self, seat: int = 0) -> int:
        return self.session.table.seats[seat].bankroll


def _kept(store: Store) -> Bankroll:
    return store.bankroll(BJ)


def test_sitting_down_buys_in_and_each_round_moves_the_kept_chips(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store, (SeatSetup("Ann", bankroll=300),)).sit()
    assert table.chips() == 300
    assert (_kept(store).balance, _kept(store).at_table) == (700, 300)
    table.play(PLAYER_WINS, bet=50)
    table.play(PLAYER_LOSES, bet=20)
    assert table.chips() == 330 == _kept(store).at_table  # the ledger keeps step with the table
    settled = [e for e in table.events if isinstance(e, Settled)]
    assert [e.bankroll_player for e in settled] == ["Ann", "Ann"]
    assert store.close() == []


def test_leaving_returns_the_stack_and_a_restart_keeps_the_balance(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    table = Table(store, (SeatSetup("Ann", bankroll=300),)).sit()
    table.play(PLAYER_WINS, bet=50)
    table.session.detach()
    assert (_kept(store).balance, _kept(store).at_table) == (1_050, 0)
    assert table.chips() == 0
    assert store.close() == []
    again = Store(path)  # a restart
    assert again.balance(BJ) == 1_050
    table = Table(again, (SeatSetup("Ann", bankroll=300),)).sit()
    assert table.chips() == 300 and again.balance(BJ) == 750
    kinds = [c.kind for c in again.bankroll_changes(BJ)]
    assert kinds == [BankrollKind.BUY_IN, BankrollKind.RESULT, BankrollKind.CASH_OUT,
                     BankrollKind.BUY_IN]
    assert again.close() == []


def test_coming_back_to_the_same_table_brings_the_stack_you_left_with(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store, (SeatSetup("Ann", bankroll=300),)).sit()
    table.play(PLAYER_WINS, bet=50)
    table.session.detach()
    table.sit()
    assert table.chips() == 350 and _kept(store).balance == 700
    assert store.close() == []


def test_a_small_balance_buys_in_what_it_has(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    store.buy_in(BJ, 880)
    store.record_round(BJ, [SeatResult("Ann", 880, -880, Outcome.LOSS)], bankroll_player="Ann")
    store.cash_out(BJ)
    assert _kept(store).balance == 120
    table = Table(store, (SeatSetup("Ann", bankroll=500),)).sit()
    assert table.chips() == 120 and _kept(store).balance == 0
    assert store.close() == []


def test_broke_at_the_table_a_rebuy_comes_from_the_balance_then_from_the_house(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store, (SeatSetup("Ann", bankroll=500),)).sit()
    table.play(PLAYER_LOSES, bet=500)
    assert table.chips() == 0 and table.session.table.can_rebuy(0)
    table.session.rebuy(0)  # the balance still has 500: no house rebuy
    assert table.chips() == 500 and _kept(store).balance == 0 and _kept(store).rebuys == 0
    assert not any(isinstance(e, Note) for e in table.events)
    table.play(PLAYER_LOSES, bet=500)
    table.session.rebuy(0)  # nothing left anywhere: the house rebuys, counted and told
    kept = _kept(store)
    assert table.chips() == 500 and (kept.balance, kept.at_table) == (500, 500)
    assert (kept.rebuys, kept.rebought) == (1, 1_000)
    notes = [e.text for e in table.events if isinstance(e, Note)]
    assert notes == ["Ann was broke: the house rebuys 1,000 chips (Blackjack rebuys: once)."]
    with pytest.raises(ValueError, match="still has chips"):
        table.session.rebuy(0)
    assert store.close() == []


def test_hot_seat_players_and_bots_keep_table_only_chips(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    seats = (SeatSetup("Bob"), SeatSetup("Bot", SeatKind.BOT), SeatSetup("Cy"))
    table = Table(store, seats).sit()
    assert [table.chips(i) for i in range(3)] == [1_000, 1_000, 1_000]
    table.session.deal()
    while table.session.table.in_round:
        table.session.act(table.session.table.seat_to_act or 0, Action.STAND)
    table.session.detach()
    assert all(e.bankroll_player is None for e in table.events if isinstance(e, Settled))
    assert store.bankroll_changes(BJ) == []
    assert store.close() == []


def test_the_profile_among_hot_seat_players_is_the_only_seat_with_kept_chips(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    table = Table(store, (SeatSetup("Bob", bankroll=200), SeatSetup("Ann", bankroll=300))).sit()
    assert (table.chips(0), table.chips(1)) == (200, 300)
    assert _kept(store).at_table == 300
    assert [c.player for c in store.bankroll_changes(BJ)] == ["Ann"]  # Bob's chips stay put
    assert store.close() == []


def test_two_seats_with_the_profiles_name_keep_table_only_chips(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    Table(store, (SeatSetup("Ann"), SeatSetup("Ann"))).sit()
    assert store.bankroll_changes(BJ) == []
    assert store.close() == []


def test_leaving_mid_round_leaves_the_chips_at_the_table_for_the_next_sit_down(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    table = Table(store, (SeatSetup("Ann", bankroll=300),)).sit()
    table.session.table.shoe.stack(PLAYER_WINS)
    table.session.deal()
    table.session.detach()  # as a killed process would: the round never settles
    assert _kept(store).at_table == 300
    assert store.close() == []
    again = Store(path)
    Table(again, (SeatSetup("Ann", bankroll=400),)).sit()
    kept = _kept(again)
    assert (kept.balance, kept.at_table) == (600, 400)  # the 300 came back first
    assert again.close() == []
