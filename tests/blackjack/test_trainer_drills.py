"""The serious trainer's engines (issue 31): leaks, index, true-count and count-down drills,
the bet ramp and the counting lab's figures."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from cardtui.blackjack.count import FAB_4, INDEX_PLAYS
from cardtui.blackjack.count_drills import (
    CountDown,
    TrayShow,
    TrueCountQuestion,
    deal_index_question,
    deal_true_count_question,
    drilled_plays,
    index_question,
)
from cardtui.blackjack.drill import DrillKind, StrategyDrill, cells
from cardtui.blackjack.lab import Figures, LabSetup, run_lab
from cardtui.blackjack.leaks import (
    LeakFinder,
    Miss,
    MissSource,
    is_hard_spot,
    replay,
    replay_dealer,
)
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import BetRamp
from cardtui.blackjack.strategy import advise, decide
from cardtui.cards import Card, parse_cards
from cardtui.clock import FakeClock

RULE_SETS = (Rules(), Rules(late_surrender=True), Rules(dealer_hits_soft_17=True),
             Rules(dealer_hits_soft_17=True, late_surrender=True), Rules(decks=2),
             Rules(decks=8, double_after_split=False))


def _miss(cards: str, up: str, given: Action, best: Action) -> Miss:
    return Miss.of(parse_cards(cards), Card.parse(up), given, best,
                   (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT), MissSource.TABLE)


def test_the_biased_dealer_deals_a_missed_hand_more_often() -> None:
    miss = _miss("9h 4d", "3c", Action.STAND, Action.HIT)  # hard 13 v 3: a chart stand
    assert miss.cell == (DrillKind.HARD, (4, 9), 3)
    plain = LeakFinder(Rules(), DrillKind.HARD, random.Random(7))
    biased = LeakFinder(Rules(), DrillKind.HARD, random.Random(7), [miss, miss])

    def dealt(finder: LeakFinder) -> int:
        questions = [finder.deal() for _ in range(3_000)]
        return sum(tuple(sorted(c.rank.blackjack_value for c in q.cards)) == (4, 9)
                   and q.up_card.rank.blackjack_value == 3 for q in questions)

    # Two misses weigh 1 + 2 x 4 = 9 against 1 for each other cell.
    uniform = 3_000 / len(plain.cells)
    assert dealt(plain) < 2 * uniform
    assert dealt(biased) > 6 * uniform


def test_the_hard_spots_come_up_more_often() -> None:
    finder = LeakFinder(Rules(late_surrender=True), DrillKind.ALL, random.Random(3))
    hard_cells = sum(w > 1 for w in finder._weights)
    share = hard_cells / len(finder.cells)
    dealt = Counter(is_hard_spot(finder.deal()) for _ in range(3_000))
    assert dealt[True] / 3_000 > 1.5 * share  # they weigh twice the others


def test_drill_my_misses_replays_the_exact_decisions() -> None:
    misses = [_miss("Th 2d 4s", "Tc", Action.STAND, Action.HIT),
              _miss("8h 8d", "Tc", Action.STAND, Action.SPLIT)]
    questions = replay(misses, Rules())
    drill = StrategyDrill(Rules(), DrillKind.ALL, random.Random(1), length=2,
                          deal=replay_dealer(questions))
    assert [str(c) for c in drill.question.cards] == ["Th", "2d", "4s"]  # type: ignore[union-attr]
    assert drill.answer(Action.HIT).correct
    assert [str(c) for c in drill.question.cards] == ["8h", "8d"]  # type: ignore[union-attr]
    assert not drill.answer(Action.STAND).correct
    assert drill.finished


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_every_index_drill_answer_follows_the_chart_and_the_index_table(rules: Rules) -> None:
    rng = random.Random(5)
    plays = drilled_plays(rules)
    assert all(p in INDEX_PLAYS for p in plays)
    for play in plays:
        for true_count in range(play.index - 3, play.index + 4):
            question = index_question(play, true_count, rules, rng)
            if play.table == "insurance":
                expected = Action.INSURE if true_count >= 3 else Action.DECLINE_INSURANCE
            elif play.applies(true_count):
                expected = play.play
            elif play in FAB_4:
                # Below a Fab 4 index: not surrender, the chart's move without it.
                hard = sum(c.rank.blackjack_value for c in question.cards)
                expected = decide(hard, False, None, play.up, rules,
                                  can_double=Action.DOUBLE in question.moves, can_split=False,
                                  can_surrender=False)[0]
            else:
                expected = advise(list(question.cards), question.up_card, rules,
                                  can_double=Action.DOUBLE in question.moves,
                                  can_split=Action.SPLIT in question.moves,
                                  can_surrender=Action.SURRENDER in question.moves).action
            assert question.best is expected, (play.label, true_count)
            assert question.best in question.moves
            assert play.name in question.explanation


def test_a_one_deck_table_drills_insurance_only() -> None:
    assert [p.name for p in drilled_plays(Rules(decks=1))] == ["insurance"]
    question = deal_index_question(Rules(decks=1), random.Random(1))
    assert question.moves == (Action.INSURE, Action.DECLINE_INSURANCE)


def test_the_true_count_is_read_as_the_table_rounds_it() -> None:
    # 5.3 decks left reads as 5.5 (nearest half deck); 9 / 5.5 = 1.6 floors to 1.
    question = TrueCountQuestion(6, 9, 36, TrayShow.TRAY)
    assert float(question.decks_left) == 5.5 and question.answer == 1
    assert TrueCountQuestion(6, -1, 36, TrayShow.TRAY).answer == -1  # -0.18 floors to -1
    rng = random.Random(2)
    for _ in range(200):
        q = deal_true_count_question(6, 0.75, rng, TrayShow.TRAY)
        assert q.decks_left >= 0.5
        assert q.answer == math.floor(q.running / float(q.decks_left) + 1e-12)
        assert q.tray().count("\n") == 1


def test_the_count_down_is_timed_on_the_clock() -> None:
    clock = FakeClock()
    drill = CountDown(1, random.Random(4), clock)
    assert len(drill.cards) == 51 and drill.goal == 45
    clock.advance(30)  # reading the screen is not timed
    for _ in range(51):
        drill.next_card()
        clock.advance(0.5)
    assert drill.seconds == pytest.approx(25.0)
    from cardtui.blackjack.count import hi_lo
    assert drill.running_count == -hi_lo(drill.hidden)
    assert drill.answer(drill.running_count) and drill.beat_goal
    with pytest.raises(ValueError):
        drill.next_card()


def test_the_bet_ramp_judges_bets() -> None:
    ramp = BetRamp(((1, 1), (2, 2), (3, 4), (5, 8)), wong_out_below=-1)
    assert [ramp.units(tc) for tc in (-1.5, -1, 0.5, 2.2, 4.9, 7)] == [0, 1, 1, 2, 4, 8]
    assert not ramp.judge(bet=20, unit=10, true_count=3.4).matched
    assert "4 units at +3" in ramp.judge(bet=20, unit=10, true_count=3.4).text
    with pytest.raises(ValueError):
        BetRamp(((1, 4), (2, 2)))


def test_the_labs_figures_match_a_closed_form_case() -> None:
    # A coin paying even money that wins 51 % of the time: ev 0.02, variance
    # 1 - 0.02**2. Gambler's ruin for ever from B units: (q/p)**B exactly.
    p, q = 0.51, 0.49
    nets = [1.0] * 51 + [-1.0] * 49
    mean = sum(nets) / len(nets)
    variance = sum(n * n for n in nets) / len(nets) - mean * mean
    figures = Figures(rounds=100, played=100, ev=mean, variance=variance)
    n0 = variance / 0.02 ** 2
    assert figures.n0 == pytest.approx(n0, rel=0.01)
    assert figures.score == pytest.approx(10_000 * 100 * 0.02 ** 2 / variance, rel=0.01)
    for bankroll in (50, 100, 200):
        assert figures.risk_of_ruin(bankroll) == pytest.approx((q / p) ** bankroll, rel=0.01)
    assert figures.bankroll_for(figures.risk_of_ruin(100)) == pytest.approx(100)
    assert Figures(10, 10, -0.01, 1.0).risk_of_ruin(1_000) == 1.0


def test_the_lab_runs_a_counter_and_a_back_counter() -> None:
    ramp = BetRamp.linear((1, 8))
    rules = Rules(max_hands=2)
    play_all = run_lab(LabSetup(rules, ramp), 4_000, random.Random(1))
    wong = run_lab(LabSetup(rules, BetRamp.linear((1, 8), wong_out_below=0)), 4_000,
                   random.Random(1))
    assert play_all.result.played == 4_000
    assert 0 < wong.result.played < 4_000
    assert wong.average_bet > play_all.average_bet
    names = [name for name, _ in play_all.lines()]
    assert {"SCORE", "N0", "SD per round / per 100"} <= set(names)
    assert len(cells(DrillKind.ALL)) > 400


def test_a_move_off_the_chart_at_the_table_is_kept_as_a_miss() -> None:
    from cardtui.blackjack.table import SeatSetup, Table

    table = Table(Rules(), [SeatSetup("Ann")], random.Random(11))
    kept = 0
    for _ in range(40):
        table.deal()
        while table.in_round and table.human_to_act:
            advice = table.advice()
            assert advice is not None
            legal = table.legal_actions()
            wrong = next((a for a in (Action.STAND, Action.HIT) if a in legal
                          and a is not advice.action), None)
            chosen = wrong if wrong is not None and advice.action in legal else advice.action
            table.act(chosen)
            if chosen is not advice.action and advice.action in (Action.HIT, Action.STAND,
                                                                  Action.DOUBLE, Action.SPLIT):
                kept += 1
                miss = table.trainer_misses[-1]
                assert miss.given is chosen and miss.best is advice.action
                assert miss.source is MissSource.TABLE
                assert replay([miss], Rules())[0].best is advice.action
    assert kept >= 5 and len(table.trainer_misses) == kept
