"""Home-game options in the engine: straddles, run it twice, bomb pots, showing a
winning hand after a fold-out, the rabbit hunt; and their PHH replayed by pokerkit.

pokerkit's PHH has no action for choosing runouts (its ``select_runout_count``):
cardtui writes the agreed count as the user-defined field ``_runs``, and
:func:`replay_home_game` drives pokerkit with that count, strictly (every
action of the file must apply).
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import Automation, HandHistory, State
from pokerkit.notation import parse_action

from cardtui.cards import Card
from cardtui.holdem.actions import (
    BlindPosted,
    BoardDealt,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    RabbitHunted,
    RunsChosen,
)
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.holdem.phh_read import read_phh
from cardtui.holdem.phh_seen import seen_to_phh
from cardtui.holdem.pokerstars import to_pokerstars
from cardtui.holdem.view import SeatView, TableView, steps
from tests.holdem.holdem_random_play import STACK_CHOICES, deal_automatically, random_action

#: HandHistory's automations without the runout choice, which the file's ``_runs`` makes.
_AUTOMATIONS = tuple(a for a in HandHistory.automations
                     if a is not Automation.RUNOUT_COUNT_SELECTION)


def replay_home_game(text: str) -> State:
    """pokerkit plays the PHH text, every action applied as written, with ``_runs`` runouts."""
    runs = tomllib.loads(text).get("_runs", 1)
    history = HandHistory.loads(text, automations=_AUTOMATIONS)
    state = history.create_state()
    for action in history.actions:
        deal_automatically(state, runs)
        parse_action(state, action)
    deal_automatically(state, runs)
    if state.status:
        raise AssertionError("pokerkit says the hand is not over")
    return state


def pokerkit_stacks(hand: Hand) -> list[int]:
    return list(replay_home_game(to_phh(hand)).stacks)


def our_stacks(hand: Hand) -> list[int]:
    return [hand.stacks[s] for s in hand.players]


def all_in_three_ways(deck_board: str, stacks: tuple[int, int, int] = (101, 200, 200),
                      **options: object) -> Hand:
    """Seat 2 (first to act) shoves, seats 0 and 1 call: everyone is all-in before the flop."""
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board=deck_board)
    hand = Hand(list(stacks), button=2, small_blind=1, big_blind=2, deck=deck,
                run_it_twice=True, **options)  # type: ignore[arg-type]
    hand.all_in()
    hand.call()
    if hand.actor is not None:
        hand.call()
    return hand


# --- run it twice -------------------------------------------------------------


def test_run_twice_deals_two_boards_and_awards_each_half_on_its_own() -> None:
    hand = all_in_three_ways("Jc3d5c 4h Qs 2c3c4c Td Ac")
    assert hand.runs_pending == (0, 1, 2) and hand.actor is None and not hand.is_over
    # Every hand is turned up before the answers (TDA Rule 16).
    assert {r.seat for r in hand.records if isinstance(r, HandShown)} == {0, 1, 2}
    for seat in (0, 1, 2):
        hand.choose_runs(seat, 2)
    assert hand.is_over and hand.runs == 2
    assert [str(c) for c in hand.boards[1]] == ["2c", "3c", "4c", "Td", "Ac"]
    runs = [r.run for r in hand.records if isinstance(r, BoardDealt)]
    assert runs == [0, 0, 0, 1, 1, 1]
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    # 501 chips: the odd chip of the halving goes to the first run (251 + 250).
    assert [(a.run, a.amount, a.winners) for a in awards] == [(0, 251, (1,)), (1, 250, (2,))]
    assert hand.stacks == [0, 251, 250]
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_one_player_wanting_it_once_runs_it_once() -> None:
    hand = all_in_three_ways("Jc3d5c 4h Qs 2c3c4c Td Ac")
    hand.choose_runs(0, 2)
    hand.choose_runs(1, 1)
    assert not hand.is_over
    with pytest.raises(ValueError, match="not asked"):
        hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    assert hand.is_over and hand.runs == 1
    assert [r for r in hand.records if isinstance(r, RunsChosen)] == [
        RunsChosen(0, 2), RunsChosen(1, 1), RunsChosen(2, 2)]
    assert "_runs" not in to_phh(hand)
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_runs_are_only_offered_with_cards_to_come_and_the_option_on() -> None:
    deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c 4h Qs")
    hand = Hand([100, 100], button=1, small_blind=1, big_blind=2, deck=deck, run_it_twice=True)
    hand.call()
    hand.check()
    for _ in range(3):  # flop and turn checked, river shoved and called
        if hand.street.name == "RIVER":
            break
        hand.check()
        hand.check()
    hand.all_in()
    hand.call()
    assert hand.is_over and hand.runs_offered_to == ()
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    plain = Hand([101, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    plain.all_in()
    plain.call()
    plain.call()
    assert plain.is_over and plain.runs == 1


def test_an_odd_chip_within_a_run_goes_to_the_first_winner_left_of_the_button() -> None:
    # Heads-up, the same hand twice: both runs are chopped, 51 chips each.
    deck = stacked_deck(["AsKs", "AdKd"], board="2c3c7h 8h 9s 2h3h7c 8c 9d")
    hand = Hand([51, 51], button=1, small_blind=1, big_blind=2, deck=deck, run_it_twice=True)
    hand.all_in()
    hand.call()
    for seat in hand.runs_pending:
        hand.choose_runs(seat, 2)
    awards = [(a.run, a.winners, a.shares) for a in hand.records if isinstance(a, PotAwarded)]
    # Seat 0 sits left of the button: each run's odd chip is theirs (TDA Rule 20-A).
    assert awards == [(0, (0, 1), (26, 25)), (1, (0, 1), (26, 25))]
    assert hand.stacks == [52, 50]
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_a_short_stack_wins_the_main_pot_on_one_run_only() -> None:
    # Seat 0 (AsKs, 101 chips) makes a royal flush on the second run.
    hand = all_in_three_ways("2c3d4h 5s 8d QsJsTs 2d 3h")
    for seat in hand.runs_pending:
        hand.choose_runs(seat, 2)
    second = [a for a in hand.records if isinstance(a, PotAwarded) and a.run == 1]
    assert second[0].winners == (0,) and second[0].amount == 303 // 2
    assert pokerkit_stacks(hand) == our_stacks(hand)


# --- bomb pots ----------------------------------------------------------------


def test_a_bomb_pot_antes_everyone_and_starts_at_the_flop() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, ante=10,
                bomb_pot=True, deck=deck)
    assert hand.street.name == "FLOP" and hand.actor == 0 and hand.pot_total == 30
    assert hand.min_raise_to == 2
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.stacks == [220, 190, 190]
    text = to_phh(hand)
    assert "blinds_or_straddles = [0, 0, 0]" in text and "antes = [10, 10, 10]" in text
    assert '"p1 cc", "p2 cc", "p3 cc"' in text
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_a_bomb_pot_ante_can_put_a_short_stack_all_in() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    hand = Hand([6, 200, 200], button=2, small_blind=1, big_blind=2, ante=10,
                bomb_pot=True, deck=deck)
    hand.check()
    hand.check()
    while not hand.is_over:
        hand.check()
    assert sum(hand.stacks) == 406
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_a_heads_up_bomb_pot_where_both_are_all_in_by_the_ante() -> None:
    deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c 4h Qs")
    hand = Hand([5, 8], button=1, small_blind=1, big_blind=2, ante=10, bomb_pot=True,
                deck=deck)
    assert hand.is_over and sum(hand.stacks) == 13
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_a_bomb_pot_refuses_blinds_games() -> None:
    with pytest.raises(ValueError, match="bomb pot"):
        Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, ante=0, bomb_pot=True,
             rng=random.Random(1))
    with pytest.raises(ValueError, match="bomb pot"):
        Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, ante=5, bomb_pot=True,
             straddles={0: 4}, rng=random.Random(1))


# --- straddles ----------------------------------------------------------------


def test_an_under_the_gun_straddle_acts_last_before_the_flop_and_is_written_as_such() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c", "2c2d"], board="Jc3d5c 4h Qs")
    hand = Hand([200] * 4, button=3, small_blind=1, big_blind=2, straddles={2: 4}, deck=deck)
    assert hand.actor == 3 and hand.call_amount == 4 and hand.min_raise_to == 6
    hand.call()
    hand.call()
    hand.call()
    assert hand.actor == 2  # the straddler has the option
    hand.raise_to(20)
    while not hand.is_over:
        hand.call() if hand.call_amount else hand.check()
    assert "blinds_or_straddles = [1, 2, 4, 0]" in to_phh(hand)
    assert pokerkit_stacks(hand) == our_stacks(hand)


# --- showing after a fold-out, the rabbit hunt ---------------------------------


def test_only_the_uncontested_winner_may_show_and_only_once() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    assert hand.show_problem(2) == "the hand is not over"
    hand.raise_to(6)
    hand.fold()
    hand.fold()
    assert hand.show_problem(0) is not None
    shown = hand.show_winning_hand(2)
    assert shown.cards == (Card.parse("9c"), Card.parse("8c"))
    with pytest.raises(ValueError, match="shown already"):
        hand.show_winning_hand(2)
    assert to_phh(hand).count('"p3 sm 9c8c"') == 1
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_no_show_after_a_showdown() -> None:
    deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c 4h Qs")
    heads_up = Hand([10, 10], button=1, small_blind=1, big_blind=2, deck=deck)
    heads_up.all_in()
    heads_up.call()
    assert heads_up.is_over
    assert all(heads_up.show_problem(s) is not None for s in (0, 1))


def test_the_rabbit_is_the_next_cards_and_changes_nothing() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    hand.call()
    hand.call()
    hand.check()
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    stacks = list(hand.stacks)
    rabbit = hand.rabbit_hunt()
    assert [str(c) for c in rabbit.cards] == ["4h", "Qs"]
    assert hand.stacks == stacks and hand.rabbit_problem() == "the rabbit was hunted already"
    assert "# rabbit hunt, not part of the hand: 4hQs" in to_phh(hand)
    assert pokerkit_stacks(hand) == our_stacks(hand)


def test_no_rabbit_once_the_board_is_out() -> None:
    hand = all_in_three_ways("Jc3d5c 4h Qs", stacks=(100, 100, 100))
    for seat in hand.runs_pending:
        hand.choose_runs(seat, 1)
    assert hand.rabbit_problem() == "the whole board is out"


# --- random hands with every option, against pokerkit ----------------------------


def random_home_hand(seed: int, *, bomb: bool, straddle: bool, run_twice: bool) -> Hand:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    stacks: list[int | None] = [rng.choice(STACK_CHOICES) for _ in range(players)]
    big = rng.choice((2, 4, 10))
    button = rng.randrange(players)
    straddles: dict[int, int] = {}
    if straddle and not bomb and players >= 3:
        straddles[(button + 3) % players] = 2 * big
    return Hand(stacks, button=button, small_blind=big // 2, big_blind=big,
                ante=rng.choice((1, 5, 20)) if bomb else rng.choice((0, 0, 1)),
                bomb_pot=bomb, run_it_twice=run_twice, straddles=straddles, rng=rng)


def play_home_hand(hand: Hand, rng: random.Random, *, show: bool, rabbit: bool) -> None:
    while not hand.is_over:
        if hand.runs_pending:
            hand.choose_runs(hand.runs_pending[0], rng.choice((2, 2, 2, 1)))
        else:
            hand.act(random_action(hand, rng))
    if show and hand.live and hand.show_problem(hand.live[0]) is None:
        hand.show_winning_hand(hand.live[0])
    if rabbit and hand.rabbit_problem() is None:
        hand.rabbit_hunt()


def check_home_hand(seed: int, bomb: bool, straddle: bool, run_twice: bool, show: bool,
                    rabbit: bool) -> None:
    hand = random_home_hand(seed, bomb=bomb, straddle=straddle, run_twice=run_twice)
    play_home_hand(hand, random.Random(seed + 1), show=show, rabbit=rabbit)
    # Chips are conserved.
    assert sum(hand.stacks) == sum(s or 0 for s in hand.starting_stacks)
    # No card is dealt twice: hole cards, every run's board and the rabbit.
    seen: list[Card] = [c for r in hand.records if isinstance(r, HoleCardsDealt)
                        for c in r.cards if c is not None]
    seen += [c for r in hand.records if isinstance(r, BoardDealt | RabbitHunted)
             for c in r.cards]
    assert not [c for c, n in Counter(seen).items() if n > 1]
    assert all(len(board) == 5 for board in hand.boards) or len(hand.live) == 1
    assert pokerkit_stacks(hand) == our_stacks(hand), to_phh(hand)
    # cardtui's own reader plays the file back to the very same records.
    replay = read_phh(to_phh(hand))
    assert replay.records == tuple(hand.records)
    # A shared table's player writes the hand from the records (phh_seen): the same hand.
    # (phh_seen cannot tell a blind its player could not post, all-in by the ante, from
    # no blind at all: such hands are left out here, as they were before these options.)
    posted = sum(isinstance(r, BlindPosted) for r in hand.records)
    if posted == sum(1 for f in hand.forced if f.kind.is_bet and f.amount):
        as_seen = seen_to_phh(replay)
        assert list(replay_home_game(as_seen).stacks) == our_stacks(hand), as_seen
        assert read_phh(as_seen).records == tuple(hand.records)


_OPTIONS = dict(seed=st.integers(0, 2**32), bomb=st.booleans(), straddle=st.booleans(),
                run_twice=st.booleans(), show=st.booleans(), rabbit=st.booleans())


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_OPTIONS)
def test_home_game_hands_replay_in_pokerkit_to_the_same_stacks(
        seed: int, bomb: bool, straddle: bool, run_twice: bool, show: bool,
        rabbit: bool) -> None:
    check_home_hand(seed, bomb, straddle, run_twice, show, rabbit)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**_OPTIONS)
def test_many_home_game_hands_replay_in_pokerkit(
        seed: int, bomb: bool, straddle: bool, run_twice: bool, show: bool,
        rabbit: bool) -> None:
    check_home_hand(seed, bomb, straddle, run_twice, show, rabbit)


def test_run_twice_hands_all_in_preflop_replay_in_pokerkit() -> None:
    """Hands where everyone shoves: the runout offer comes every time."""
    for seed in range(20):
        rng = random.Random(seed)
        hand = random_home_hand(seed, bomb=False, straddle=False, run_twice=True)
        while not hand.is_over:
            if hand.runs_pending:
                hand.choose_runs(hand.runs_pending[0], 2)
            elif hand.call_amount:
                hand.call()
            elif hand.legal_actions().can_all_in and rng.random() < 0.8:
                hand.all_in()
            else:
                hand.check() if hand.can_check() else hand.call()
        assert sum(hand.stacks) == sum(s or 0 for s in hand.starting_stacks)
        assert pokerkit_stacks(hand) == our_stacks(hand), to_phh(hand)


def test_the_replayer_shows_both_runs_and_the_rabbit() -> None:
    hand = all_in_three_ways("Jc3d5c 4h Qs 2c3c4c Td Ac")
    hand.choose_runs(0, 2)
    hand.choose_runs(1, 2)
    hand.choose_runs(2, 2)
    replay = read_phh(to_phh(hand, names=["Ann", "Bob", "Cy"]))
    view = TableView(
        [SeatView(name, stack or 0) for name, stack in zip(replay.names, replay.starting_stacks,
                                                            strict=True)],
        positions=replay.positions)
    for step in steps(replay.records):
        view.apply(step)
    assert [str(c) for c in view.second_board] == ["2c", "3c", "4c", "Td", "Ac"]
    assert [s.stack for s in view.seats] == [0, 251, 250]
    lines = [line.text + line.tail for line in view.log]
    assert "Ann runs it twice" in lines
    assert any(line.endswith("on the second run") for line in lines)

    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    folded = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    folded.raise_to(6)
    folded.fold()
    folded.fold()
    folded.show_winning_hand(2)
    folded.rabbit_hunt()
    view = TableView.for_hand(folded, ["Ann", "Bob", "Cy"])
    for step in steps(read_phh(to_phh(folded)).records):
        view.apply(step)
    assert view.seats[2].shown and [str(c) for c in view.rabbit] == ["Jc", "3d", "5c", "4h", "Qs"]


def test_a_hand_run_twice_in_pokerstars_words() -> None:
    hand = all_in_three_ways("Jc3d5c 4h Qs 2c3c4c Td Ac")
    for seat in (0, 1, 2):
        hand.choose_runs(seat, 2)
    text = to_pokerstars(hand, hero=0, hand_number=1, when=datetime(2026, 11, 27))
    streets = [line for line in text.splitlines() if "FLOP" in line or "TURN" in line
               or "RIVER" in line]
    assert streets == ["*** FIRST FLOP *** [Jc 3d 5c]", "*** FIRST TURN *** [Jc 3d 5c] [4h]",
                       "*** FIRST RIVER *** [Jc 3d 5c 4h] [Qs]",
                       "*** SECOND FLOP *** [2c 3c 4c]", "*** SECOND TURN *** [2c 3c 4c] [Td]",
                       "*** SECOND RIVER *** [2c 3c 4c Td] [Ac]"]
    # Each run's show down names who collected its half (not a "main" and a "side"
    # pot, as the two halves read before), the hands in words on that run's board.
    lines = text.replace("\u00a0", " ").splitlines()  # (names "Seat 1"... keep no-break spaces)
    first, second = lines.index("*** FIRST SHOW DOWN ***"), lines.index("*** SECOND SHOW DOWN ***")
    summary = lines.index("*** SUMMARY ***")
    assert [line for line in lines[first:second] if "collected" in line] == [
        "Seat 2 collected 251 from pot"]
    assert [line for line in lines[second:summary] if "collected" in line] == [
        "Seat 3 collected 250 from pot"]
    assert "Seat 3: shows [9c 8c] (Flush, Ace high, then Nine-Eight-Four-Three)" in lines[
        second:summary]
    assert lines[summary + 1:summary + 5] == [
        "Total pot 501 | Rake 0", "Hand was run twice", "FIRST Board [Jc 3d 5c 4h Qs]",
        "SECOND Board [2c 3c 4c Td Ac]"]
