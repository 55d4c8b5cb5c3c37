"""The table: bets, bankrolls, rebuys, bots, the trainer and forfeits."""

from __future__ import annotations

import random

import pytest

from cardtui.blackjack.records import Action, Shuffled
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import SeatKind, SeatSetup, Table, name_problem


def table_of(*setups: SeatSetup, rules: Rules | None = None, seed: int = 1) -> Table:
    return Table(rules or Rules(), list(setups), random.Random(seed))


def test_seat_names_follow_the_one_name_rule_of_1_to_12_characters() -> None:
    assert name_problem("Ann") is None
    assert name_problem("") == "Enter a name of 1 to 12 characters."
    assert SeatSetup("Maximilian").name == "Maximilian"  # Settings allow it: so does the table
    with pytest.raises(ValueError, match="at most 12"):
        SeatSetup("Maximilian Jr.")
    with pytest.raises(ValueError, match="1 to 7 seats"):
        table_of(*[SeatSetup(f"P{i}") for i in range(8)])


def test_bets_stay_within_limits_and_bankroll() -> None:
    table = table_of(SeatSetup("Ann", bankroll=45))
    assert table.seats[0].bet == 10
    assert table.change_bet(0, 1) == 20
    assert table.change_bet(0, 10) == 45  # no more than the bankroll
    assert table.change_bet(0, -20) == 10  # no less than the minimum
    table.set_bet(0, 1000)
    assert table.seats[0].bet == 45


def test_bets_are_locked_during_a_round() -> None:
    table = table_of(SeatSetup("Ann"))
    table.shoe.stack(["Th", "6c", "9d", "7s"])
    table.deal()
    with pytest.raises(ValueError, match="between rounds"):
        table.change_bet(0, 1)


def test_forfeit_on_redeal_loses_the_round() -> None:
    table = table_of(SeatSetup("Ann"))
    table.shoe.stack(["Th", "6c", "9d", "7s"])
    table.deal()
    assert table.in_round
    with pytest.raises(ValueError, match="in progress"):
        table.deal()
    table.forfeit()
    assert not table.in_round
    assert table.last_settlement.forfeited
    assert table.seats[0].bankroll == 990 and table.house == 10
    table.deal()  # and the next round starts


def test_a_broke_seat_sits_out_and_can_rebuy() -> None:
    table = table_of(SeatSetup("Ann", bankroll=10), SeatSetup("Bob"))
    table.shoe.stack(["Th", "2c", "6c", "9d", "3s", "Ks"])
    table.deal()
    table.act(Action.STAND)  # Ann 19 vs dealer 19: push
    table.act(Action.STAND)
    table.seats[0].bankroll = 5  # as if she had lost
    assert table.stake(0) == 0 and table.can_rebuy(0)
    table.rebuy(0)
    assert table.seats[0].bankroll == 15 and table.seats[0].bought == 20
    with pytest.raises(ValueError, match="still has chips"):
        table.rebuy(0)


def test_nobody_can_bet_means_no_deal() -> None:
    table = table_of(SeatSetup("Ann", bankroll=5))
    assert table.deal_problem() == "Ann is out of chips"
    assert not table.can_deal
    with pytest.raises(ValueError):
        table.deal()


def test_a_forfeit_that_leaves_nobody_able_to_bet_does_not_deal_again() -> None:
    # Issue 9 item 5: the forfeit dealt again unconditionally and crashed.
    table = table_of(SeatSetup("Ann", bankroll=20))
    table.set_bet(0, 20)
    table.shoe.stack(["Th", "6c", "9d", "7s"])
    table.deal()
    records = table.forfeit()
    assert table.last_settlement is records[-1] and table.seats[0].bankroll == 0
    assert not table.in_round and not table.can_deal
    assert table.deal_problem() == "Ann is out of chips"
    table.rebuy(0)
    assert table.can_deal


def test_a_seat_short_of_its_bet_is_told_to_lower_it_not_to_rebuy() -> None:
    # Issue 9 item 14: Ann can still afford the table minimum, so she may not
    # rebuy; what helps is a smaller bet.
    table = table_of(SeatSetup("Ann", bankroll=500))
    table.set_bet(0, 490)
    table.seats[0].bankroll = 60  # as if she had lost
    assert not table.can_rebuy(0)
    # One seat: its name, not "nobody"; the remedy (a lower bet) is the screen's to say.
    assert table.deal_problem() == "Ann has 60 chips for a bet of 490"

    table.set_bet(0, 60)
    assert table.can_deal


def test_seats_short_of_their_bets_are_each_named() -> None:
    table = table_of(SeatSetup("Ann", bankroll=500), SeatSetup("Bob", bankroll=500),
                     rules=Rules(max_bet=1_000))
    table.set_bet(0, 490)
    table.set_bet(1, 450)
    table.seats[0].bankroll, table.seats[1].bankroll = 60, 400
    assert table.deal_problem() == ("nobody can cover a bet (Ann has 60 chips for a bet of 490, "
                                    "Bob has 400 chips for a bet of 450)")
    table.seats[0].bankroll = table.seats[1].bankroll = 0
    assert table.deal_problem() == "nobody has chips for a bet"


def test_a_broke_bot_rebuys_so_the_table_can_deal() -> None:
    table = table_of(SeatSetup("Ann", bankroll=5), SeatSetup("Bot", SeatKind.BOT, bankroll=5))
    assert table.deal_problem() is None  # the bot buys in again as the cards go out
    table.deal()
    assert table.seats[1].bought == 10


def test_deal_problem_is_exactly_when_deal_refuses() -> None:
    """Random bets, rebuys, forfeits and short bankrolls: "can we deal?" has one answer."""
    rng = random.Random(5)
    refused = 0
    for _ in range(60):
        kinds = [rng.choice(list(SeatKind)) for _ in range(rng.randint(1, 4))]
        table = table_of(*[SeatSetup(f"P{i}", kind, rng.choice((5, 10, 25, 60)))
                           for i, kind in enumerate(kinds)], seed=rng.randrange(1000))
        for _ in range(15):
            for i, seat in enumerate(table.seats):
                if not seat.is_bot and table.can_rebuy(i) and rng.random() < 0.3:
                    table.rebuy(i)
                if not seat.is_bot:
                    table.change_bet(i, rng.randint(-2, 5))
            problem = table.deal_problem()
            try:
                table.deal()
            except ValueError as error:
                assert str(error) == problem
                refused += 1
                continue
            assert problem is None
            while table.in_round:
                if rng.random() < 0.2:
                    table.forfeit()
                else:
                    table.act(rng.choice(sorted(table.legal_actions())))
    assert refused > 10


def test_bots_play_basic_strategy_by_themselves() -> None:
    table = table_of(SeatSetup("Bot", SeatKind.BOT), SeatSetup("Ann"))
    # Bot 8 8 vs 6: splits; Ann 10 9 stands.
    table.shoe.stack(["8h", "Th", "6c", "8d", "9s", "Tc", "3d", "2c"])
    records = table.deal()
    assert any(getattr(r, "action", None) is Action.SPLIT for r in records)
    assert table.seat_to_act == 1 and table.human_to_act


def test_bots_rebuy_when_broke() -> None:
    table = table_of(SeatSetup("Bot", SeatKind.BOT, bankroll=10))
    table.seats[0].bankroll = 0
    table.deal()
    assert table.seats[0].bought == 20


def test_trainer_counts_decisions_and_mistakes_for_humans() -> None:
    table = table_of(SeatSetup("Ann"))
    table.shoe.stack(["Th", "7c", "6d", "9s", "5c"])
    table.deal()
    assert table.advice().action is Action.HIT  # 16 against a 7
    table.act(Action.STAND)
    seat = table.seats[0]
    assert (seat.round_decisions, seat.round_mistakes) == (1, 1)
    assert (seat.decisions, seat.mistakes) == (1, 1)


def test_insurance_declines_count_as_right_for_the_trainer() -> None:
    table = table_of(SeatSetup("Ann"))
    table.shoe.stack(["Th", "Ac", "9d", "7s"])
    table.deal()
    assert table.legal_actions() == {Action.INSURE, Action.DECLINE_INSURANCE}
    table.act(Action.DECLINE_INSURANCE)
    table.act(Action.STAND)
    assert (table.seats[0].decisions, table.seats[0].mistakes) == (2, 0)


def test_the_shoe_is_reshuffled_when_the_cut_card_is_out() -> None:
    table = table_of(SeatSetup("Bot", SeatKind.BOT), rules=Rules(decks=1, penetration=0.5))
    shuffled = 0
    for _ in range(30):
        shuffled += any(isinstance(r, Shuffled) for r in table.deal())
    assert shuffled >= 3


def test_the_players_name_from_settings_sits_down_uncut() -> None:
    from cardtui.blackjack.setup import TableSetup

    # Settings allow 12 characters: the table used to cut this to "Bartholo".
    setup = TableSetup.from_json({}, default_name="Bartholomew")
    assert [s.name for s in setup.seats] == ["Bartholomew"]


def test_a_bet_can_change_only_while_it_would_move() -> None:
    table = table_of(SeatSetup("Ann", bankroll=45))
    assert not table.can_change_bet(0, -1)  # at the table minimum
    assert table.can_change_bet(0, 1)
    table.set_bet(0, 45)
    assert not table.can_change_bet(0, 1)  # no more than the bankroll
    assert table.can_change_bet(0, -1)
    table.seats[0].bankroll = 5000
    table.set_bet(0, table.rules.max_bet)
    assert not table.can_change_bet(0, 1)  # at the table maximum
    table.shoe.stack(["Th", "6c", "9d", "7s"])
    table.deal()
    assert not table.can_change_bet(0, -1)  # bets are locked during a round
