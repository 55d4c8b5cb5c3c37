"""A round left mid-play is played out, not forfeited; a bet above the stack lowers itself
(issue 26)."""

from __future__ import annotations

import random

import pytest

from cardtui.blackjack.records import Action, ActionTaken, InsuranceDecided
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import BetLowered, SeatKind, SeatSetup, Table


def table_of(*setups: SeatSetup, seed: int = 1) -> Table:
    return Table(Rules(), list(setups), random.Random(seed))


def test_play_out_stands_the_hands_left_and_settles_as_played() -> None:
    table = table_of(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT))
    table.shoe.stack(["Th", "5c", "6d", "9s", "6h", "Ts", "Kd", "Ks"])
    table.deal()
    records = table.play_out()
    assert ActionTaken(0, 0, Action.STAND) in records  # Ann's 19, stood for her
    assert not table.in_round
    settlement = table.last_settlement
    assert settlement is not None and not settlement.forfeited
    # The dealer's 16 drew a king: Ann's stood 19 wins.
    assert table.seats[0].bankroll == 1010
    assert table.seats[0].decisions == 0  # the stand was not hers: the trainer skips it
    with pytest.raises(ValueError, match="no round in progress"):
        table.play_out()


def test_play_out_declines_insurance_for_every_human_seat() -> None:
    table = table_of(SeatSetup("Ann"), SeatSetup("Bob"))
    table.shoe.stack(["Th", "9c", "As", "8d", "7h", "6s", "Ks"])
    table.deal()
    records = table.play_out()
    declined = [r for r in records if isinstance(r, InsuranceDecided)]
    assert [(r.seat, r.taken) for r in declined] == [(0, False), (1, False)]
    assert not table.in_round


def test_every_round_left_at_any_moment_settles_and_the_chips_add_up() -> None:
    rng = random.Random(11)
    for game in range(40):
        table = table_of(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT), SeatSetup("Cy"),
                         seed=game)
        total = sum(s.bankroll for s in table.seats)
        table.deal()
        while table.in_round and rng.random() < 0.5:
            table.act(rng.choice(sorted(table.legal_actions())))
        if table.in_round:
            table.play_out()
        assert not table.in_round and table.last_settlement is not None
        assert not table.last_settlement.forfeited
        assert sum(s.bankroll for s in table.seats) + table.house == total


def test_a_bet_above_the_stack_after_a_round_comes_down_to_it() -> None:
    table = table_of(SeatSetup("Ann", bankroll=140), SeatSetup("Bot", SeatKind.BOT, bankroll=15))
    table.set_bet(0, 100)
    table.shoe.stack(["Th", "5c", "6d", "6s", "Kd", "9s", "Ks"])  # Ann 16 hits a king
    table.deal()
    table.act(Action.HIT)
    assert table.seats[0].bankroll == 40
    assert table.bets_lowered == (BetLowered(0, 100, 40),)
    assert table.seats[0].bet == 40 and table.can_deal
    assert table.seats[1].bet == 10  # (a bot's bet is its own)
