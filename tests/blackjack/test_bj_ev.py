"""What each move is worth: against a card-by-card brute force on small shoes."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from cardtui.blackjack.ev import Evaluator, move_values
from cardtui.blackjack.odds import remove, shoe_composition
from cardtui.blackjack.rules import Rules


def brute_force(cards: tuple[int, int], up: int, shoe: list[int], h17: bool):  # type: ignore[no-untyped-def]
    """Stand, hit (then the best of hit or stand) and double, card object by card object.

    The hole card is dealt before the player draws; after a peek it is any
    unseen card that does not make a blackjack. The player decides on what
    is seen, so each decision is the best over what the hole card may be.
    """
    blackjack_card = {1: 10, 10: 1}.get(up)

    def dealer_finish(hard: int, ace: bool, left: tuple[int, ...]) -> dict[int, Fraction]:
        soft = ace and hard <= 11
        total = hard + 10 if soft else hard
        if total > 21:
            return {22: Fraction(1)}
        if total > 17 or (total == 17 and not (soft and h17)):
            return {total: Fraction(1)}
        out: dict[int, Fraction] = {}
        for i, v in enumerate(left):
            for t, p in dealer_finish(hard + v, ace or v == 1, left[:i] + left[i + 1:]).items():
                out[t] = out.get(t, Fraction(0)) + p / len(left)
        return out

    def holes(left: tuple[int, ...]) -> list[int]:
        return [i for i, v in enumerate(left) if v != blackjack_card]

    def stand(total: int, left: tuple[int, ...]) -> Fraction:
        value = Fraction(0)
        options = holes(left)
        for i in options:
            rest = left[:i] + left[i + 1:]
            for t, p in dealer_finish(up + left[i], up == 1 or left[i] == 1, rest).items():
                won = 1 if t == 22 or total > t else (-1 if total < t else 0)
                value += Fraction(won) * p / len(options)
        return value

    def total_of(hard: int, ace: bool) -> int:
        return hard + 10 if ace and hard <= 11 else hard

    def hit(hard: int, ace: bool, left: tuple[int, ...], then_best: bool) -> Fraction:
        value = Fraction(0)
        options = holes(left)
        for h in options:
            without_hole = left[:h] + left[h + 1:]
            for j, v in enumerate(without_hole):
                chance = Fraction(1, len(options) * len(without_hole))
                # The cards left after the draw, hole card included (it is unseen).
                rest = tuple(sorted(without_hole[:j] + without_hole[j + 1:] + (left[h],)))
                new_hard, new_ace = hard + v, ace or v == 1
                if new_hard > 21:
                    value -= chance
                elif then_best:
                    value += chance * best(new_hard, new_ace, rest)
                else:
                    value += chance * stand(total_of(new_hard, new_ace), rest)
        return value

    @cache
    def best(hard: int, ace: bool, left: tuple[int, ...]) -> Fraction:
        total = total_of(hard, ace)
        on_stand = stand(total, left)
        return on_stand if total == 21 else max(on_stand, hit(hard, ace, left, True))

    left = tuple(sorted(shoe))
    hard, ace = sum(cards), 1 in cards
    return (stand(total_of(hard, ace), left), hit(hard, ace, left, True),
            2 * hit(hard, ace, left, False))


SMALL_SHOES = [
    [10, 10, 10, 1, 2, 3, 5, 6, 9],
    [10, 10, 10, 10, 4, 4, 7, 8, 1],
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
]


@pytest.mark.parametrize("shoe", SMALL_SHOES)
@pytest.mark.parametrize(("cards", "up"), [((10, 2), 4), ((9, 3), 10), ((1, 6), 1), ((5, 6), 10)])
@pytest.mark.parametrize("h17", [False, True])
def test_moves_equal_brute_force_on_small_shoes(shoe, cards, up, h17) -> None:  # type: ignore[no-untyped-def]
    unseen = tuple(shoe.count(v) for v in range(1, 11))
    values = move_values(cards, up, unseen, Rules(dealer_hits_soft_17=h17))
    stand, hit, double = brute_force(cards, up, shoe, h17)
    assert values.stand == pytest.approx(float(stand), abs=1e-12)
    assert values.hit == pytest.approx(float(hit), abs=1e-12)
    assert values.double == pytest.approx(float(double), abs=1e-12)


def test_textbook_values_for_a_six_deck_shoe() -> None:
    rules = Rules(late_surrender=True)

    def values(cards: tuple[int, int], up: int):  # type: ignore[no-untyped-def]
        return move_values(cards, up, remove(shoe_composition(6), [*cards, up]), rules)

    # 16 against a ten: hitting and standing both lose about 54 %, surrender 50 %.
    sixteen = values((10, 6), 10)
    assert sixteen.best_name == "surrender"
    assert -0.55 < sixteen.hit < -0.52 and -0.55 < sixteen.stand < -0.53
    # 11 against a 6: doubling is worth most (about +0.67 of the first bet).
    eleven = values((6, 5), 6)
    assert eleven.best_name == "double" and 0.6 < eleven.double < 0.7  # type: ignore[operator]
    # 8,8 against a 6: split; the two-hand value is positive.
    eights = values((8, 8), 6)
    assert eights.best_name == "split" and eights.split > 0  # type: ignore[operator]


def test_an_evaluator_remembers_what_it_has_valued() -> None:
    evaluator = Evaluator(6, Rules())
    unseen = remove(shoe_composition(2), [10, 2, 6])
    first = evaluator.move_values((10, 2), unseen)
    assert evaluator.move_values((10, 2), unseen) == first


def test_no_decision_on_a_natural() -> None:
    with pytest.raises(ValueError, match="natural"):
        move_values((1, 10), 6, remove(shoe_composition(1), [1, 10, 6]), Rules())
