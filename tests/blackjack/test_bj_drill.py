"""Drills: questions of the chosen kind, answers judged by the chart, misses kept;
the count drill's cards and answer."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtui.blackjack.drill import (
    PACES,
    CountAnswer,
    DrillKind,
    StrategyDrill,
    deal_count_question,
    deal_question,
    open_moves,
    parse_count,
)
from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.records import Action
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import advise


def kind_of(cards) -> DrillKind:  # type: ignore[no-untyped-def]
    values = [card.rank.blackjack_value for card in cards]
    if values[0] == values[1]:
        return DrillKind.PAIRS
    return DrillKind.SOFT if hand_value(cards).soft else DrillKind.HARD


@pytest.mark.parametrize("kind", [DrillKind.HARD, DrillKind.SOFT, DrillKind.PAIRS])
def test_questions_are_of_the_chosen_kind_and_cover_the_chart(kind: DrillKind) -> None:
    rng = random.Random(5)
    questions = [deal_question(kind, Rules(), rng) for _ in range(2_000)]
    assert {kind_of(q.cards) for q in questions} == {kind}
    assert {q.kind for q in questions} == {kind}
    rows = Counter(hand_value(q.cards).total if kind is not DrillKind.PAIRS
                   else q.cards[0].rank.blackjack_value for q in questions)
    expected_rows = {DrillKind.HARD: 13, DrillKind.SOFT: 8, DrillKind.PAIRS: 10}[kind]
    assert len(rows) == expected_rows
    assert max(rows.values()) < 2.2 * min(rows.values())  # every row about as often
    assert len({q.up_card.rank.blackjack_value for q in questions}) == 10
    assert all(hand_value(q.cards).total < 21 for q in questions)  # no naturals
    assert all(len({*q.cards, q.up_card}) == 3 for q in questions)  # as one deck deals


def test_all_mixes_the_three_kinds_by_their_rows() -> None:
    rng = random.Random(6)
    kinds = Counter(deal_question(DrillKind.ALL, Rules(), rng).kind for _ in range(3_100))
    assert set(kinds) == {DrillKind.HARD, DrillKind.SOFT, DrillKind.PAIRS}
    # 13 hard rows, 8 soft, 10 pairs.
    assert kinds[DrillKind.HARD] > kinds[DrillKind.PAIRS] > kinds[DrillKind.SOFT]


def test_the_answer_is_the_chart_for_the_table_rules() -> None:
    for rules in (Rules(), Rules(decks=1, dealer_hits_soft_17=True, late_surrender=True),
                  Rules(double="9-11", double_after_split=False)):
        rng = random.Random(9)
        for _ in range(300):
            q = deal_question(DrillKind.ALL, rules, rng)
            assert q.best in q.moves
            assert q.advice == advise(list(q.cards), q.up_card, rules,
                                      can_double=Action.DOUBLE in q.moves,
                                      can_split=Action.SPLIT in q.moves,
                                      can_surrender=Action.SURRENDER in q.moves)


def test_open_moves_follow_the_rules() -> None:
    assert open_moves((10, 6), Rules()) == (Action.HIT, Action.STAND, Action.DOUBLE)
    assert Action.SURRENDER in open_moves((10, 6), Rules(late_surrender=True))
    assert Action.SPLIT in open_moves((8, 8), Rules())
    assert Action.SPLIT not in open_moves((8, 8), Rules(max_hands=1))
    assert Action.DOUBLE not in open_moves((1, 7), Rules(double="9-11"))
    assert Action.DOUBLE in open_moves((5, 6), Rules(double="9-11"))


def test_a_drill_judges_keeps_misses_and_ends() -> None:
    drill = StrategyDrill(Rules(), DrillKind.ALL, random.Random(4), length=5)
    wrong_moves = []
    for n in range(5):
        question = drill.question
        assert question is not None and not drill.finished
        if n % 2:
            wrong = next(m for m in question.moves if m is not question.best)
            wrong_moves.append(wrong)
            verdict = drill.answer(wrong)
            assert not verdict.correct and verdict.given is wrong
            assert verdict.explanation.startswith(question.best.value.capitalize())
        else:
            assert drill.answer(question.best).correct
    assert drill.finished and drill.question is None
    result = drill.result()
    assert (result.asked, result.right, result.score) == (5, 3, 0.6)
    assert [miss.given for miss in result.misses] == wrong_moves
    with pytest.raises(ValueError, match="over"):
        drill.answer(Action.HIT)


def test_a_move_not_open_on_the_hand_is_refused() -> None:
    rng = random.Random(1)
    drill = StrategyDrill(Rules(), DrillKind.HARD, rng)
    assert not drill.can_answer(Action.SPLIT) and not drill.can_answer(Action.SURRENDER)
    with pytest.raises(ValueError, match="not a move on this hand"):
        drill.answer(Action.SPLIT)
    assert drill.asked == 0
    with pytest.raises(ValueError, match="at least one question"):
        StrategyDrill(Rules(), DrillKind.HARD, rng, length=0)


def test_a_drill_left_early_keeps_what_was_answered() -> None:
    drill = StrategyDrill(Rules(), DrillKind.PAIRS, random.Random(3), length=20)
    assert drill.question is not None
    drill.answer(drill.question.best)
    assert drill.result().asked == 1 and not drill.finished


def test_same_seed_same_questions() -> None:
    def run() -> list[object]:
        rng = random.Random(11)
        return [deal_question(DrillKind.ALL, Rules(), rng) for _ in range(20)]

    assert run() == run()


def test_count_drill() -> None:
    question = deal_count_question(random.Random(2), cards=52, seconds_per_card=0.5)
    assert question.running_count == 0  # a whole deck counts to zero
    assert len(set(question.cards)) == 52
    short = deal_count_question(random.Random(2), cards=12)
    tags = {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0}
    assert short.running_count == sum(tags.get(c.rank.char, -1) for c in short.cards)
    assert CountAnswer(short, short.running_count).correct
    assert not CountAnswer(short, short.running_count + 1).correct
    assert len(deal_count_question(random.Random(1), cards=60).cards) == 60
    with pytest.raises(ValueError, match="1 to 416"):
        deal_count_question(random.Random(1), cards=0)
    with pytest.raises(ValueError, match="some time"):
        deal_count_question(random.Random(1), seconds_per_card=0)
    assert PACES["dealer"] < PACES["normal"] < PACES["slow"]


def test_count_answers_as_typed() -> None:
    assert [parse_count(t) for t in ("-3", "+4", " 0 ", "−2")] == [-3, 4, 0, -2]
    with pytest.raises(ValueError, match="whole number"):
        parse_count("three")
