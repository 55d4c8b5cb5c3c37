"""Exact odds: the dealer's finish and a hit's bust chance, against full enumeration
and against the exact dealer bust table of shared/reference/blackjack.md."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardtui.blackjack.odds import (
    FINISHES,
    composition_of,
    dealer_odds,
    hit_bust_chance,
    remove,
    shoe_composition,
    unseen_composition,
)
from cardtui.cards import parse_cards

UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

# Dealer bust % by up-card, exact for the shoe with the up-card removed, given
# no dealer blackjack (shared/reference/blackjack.md; the 1-deck rows match
# the published tables to 0.01 %).
REFERENCE_BUSTS = {
    (6, False): (35.35, 37.42, 39.58, 41.84, 42.28, 26.19, 24.37, 22.92, 23.02, 16.70),
    (6, True): (35.67, 37.70, 39.85, 41.96, 43.93, 26.19, 24.37, 22.92, 23.02, 20.13),
    (1, False): (35.30, 37.56, 40.28, 42.89, 42.08, 25.99, 23.86, 23.34, 23.25, 16.98),
    (1, True): (35.63, 37.81, 40.58, 43.00, 43.78, 25.99, 23.86, 23.34, 23.25, 20.46),
}


@pytest.mark.parametrize(("decks", "h17"), list(REFERENCE_BUSTS), ids=lambda v: str(v))
def test_dealer_bust_matches_the_exact_reference_table(decks: int, h17: bool) -> None:
    for up, expected in zip(UPS, REFERENCE_BUSTS[decks, h17], strict=True):
        odds = dealer_odds(up, remove(shoe_composition(decks), [up]), hits_soft_17=h17)
        assert odds.bust * 100 == pytest.approx(expected, abs=0.005), up


# -- full enumeration, card by card ------------------------------------------


def enumerate_dealer(
    up: int, shoe: list[int], h17: bool, peeked: bool
) -> dict[str, Fraction] | None:
    """Every order the cards can come in, each card a distinct object; None if one runs dry."""
    blackjack_card = {1: 10, 10: 1}.get(up) if peeked else None
    holes = [i for i, v in enumerate(shoe) if v != blackjack_card]
    if not holes:
        return None
    out = {name: Fraction(0) for name in FINISHES}

    def play(hard: int, ace: bool, left: list[int], chance: Fraction) -> bool:
        soft = ace and hard <= 11
        total = hard + 10 if soft else hard
        if total > 21:
            out["bust"] += chance
            return True
        if total > 17 or (total == 17 and not (soft and h17)):
            out[str(total)] += chance
            return True
        if not left:
            return False
        return all(
            play(hard + v, ace or v == 1, left[:i] + left[i + 1:], chance / len(left))
            for i, v in enumerate(left)
        )

    for i in holes:
        hole, chance = shoe[i], Fraction(1, len(holes))
        if {up, hole} == {1, 10}:
            out["blackjack"] += chance
        elif not play(up + hole, up == 1 or hole == 1, shoe[:i] + shoe[i + 1:], chance):
            return None
    return out


def enumerate_bust(hard: int, up: int, shoe: list[int], peeked: bool) -> Fraction:
    """The hole card is dealt first, then the player's card: count the busting pairs."""
    blackjack_card = {1: 10, 10: 1}.get(up) if peeked else None
    pairs = [(h, n) for h in range(len(shoe)) for n in range(len(shoe))
             if h != n and shoe[h] != blackjack_card]
    return Fraction(sum(hard + shoe[n] > 21 for _, n in pairs), len(pairs))


def shoe_id(shoe: list[int]) -> str:
    return "".join("A23456789T"[v - 1] for v in shoe)


def small_shoes() -> list[list[int]]:
    rng = random.Random(14)
    shoes = [[10, 10, 10, 10, 1, 1, 2, 3, 6, 7], [10, 10, 10, 9, 8, 7, 6, 5, 4, 1, 1]]
    for _ in range(10):
        size = rng.randint(8, 11)
        shoes.append([rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]) for _ in range(size)])
    return shoes


@pytest.mark.parametrize("shoe", small_shoes(), ids=shoe_id)
def test_dealer_odds_equal_full_enumeration_of_small_shoes(shoe: list[int]) -> None:
    unseen = tuple(shoe.count(v) for v in range(1, 11))
    checked = 0
    for up in UPS:
        for h17 in (False, True):
            for peeked in (False, True):
                expected = enumerate_dealer(up, shoe, h17, peeked)
                if expected is None:
                    with pytest.raises(ValueError):
                        dealer_odds(up, unseen, hits_soft_17=h17, peeked=peeked)
                    continue
                odds = dealer_odds(up, unseen, hits_soft_17=h17, peeked=peeked)
                got = odds.as_dict()
                for name in FINISHES:
                    assert got[name] == pytest.approx(float(expected[name]), abs=1e-12), (
                        up, h17, peeked, name)
                checked += 1
    assert checked >= 10  # most of the shoe's cases were really compared


@pytest.mark.parametrize("shoe", small_shoes()[:6], ids=shoe_id)
def test_hit_bust_chance_equals_full_enumeration_of_small_shoes(shoe: list[int]) -> None:
    unseen = tuple(shoe.count(v) for v in range(1, 11))
    for hard in (11, 12, 14, 16, 20):
        for up in UPS:
            for peeked in (False, True):
                got = hit_bust_chance(hard, unseen, up=up, peeked=peeked)
                assert got == pytest.approx(float(enumerate_bust(hard, up, shoe, peeked)),
                                            abs=1e-12), (hard, up, peeked)


def test_the_peek_matters_and_is_accounted_for() -> None:
    # Ace up, no blackjack: the hole card is not a ten, so a ten is a little
    # likelier to come next. One deck less the ace: 16 tens among 51 cards.
    shoe = remove(shoe_composition(1), [1])
    plain = hit_bust_chance(12, shoe, up=1)
    peeked = hit_bust_chance(12, shoe, up=1, peeked=True)
    assert plain == pytest.approx(16 / 51)
    assert peeked == pytest.approx(16 * (35 - 0) / (35 * 50))  # = 16/50
    odds = dealer_odds(1, shoe, hits_soft_17=False, peeked=False)
    assert odds.blackjack == pytest.approx(16 / 51)
    assert dealer_odds(1, shoe, hits_soft_17=False).blackjack == 0


def test_distribution_is_complete_and_readable() -> None:
    odds = dealer_odds(7, remove(shoe_composition(6), [7]), hits_soft_17=False)
    assert sum(odds.probabilities) == pytest.approx(1.0)
    assert list(odds.as_dict()) == ["17", "18", "19", "20", "21", "blackjack", "bust"]
    assert odds.total(17) == odds.probabilities[0]
    assert odds.total(17) > odds.total(18)  # a 7 up makes 17 most often (a ten under it)
    with pytest.raises(ValueError, match="17 to 21"):
        odds.total(16)


def test_memoised_by_composition() -> None:
    shoe = remove(shoe_composition(8), [5, 5, 10])
    first = dealer_odds(5, shoe, hits_soft_17=True)
    assert dealer_odds(5, shoe, hits_soft_17=True) is first


def test_unseen_cards_from_what_has_been_seen() -> None:
    seen = parse_cards("As Kd 7h 7c")
    unseen = unseen_composition(1, seen)
    assert unseen == (3, 4, 4, 4, 4, 4, 2, 4, 4, 15)
    assert composition_of(seen) == (1, 0, 0, 0, 0, 0, 2, 0, 0, 1)
    with pytest.raises(ValueError, match="no card of value 1"):
        unseen_composition(1, parse_cards("As Ah Ad Ac As"))


def test_bad_questions_get_plain_errors() -> None:
    with pytest.raises(ValueError, match="up-card"):
        dealer_odds(11, shoe_composition(1), hits_soft_17=False)
    with pytest.raises(ValueError, match="no cards are left"):
        hit_bust_chance(12, (0,) * 10)
    with pytest.raises(ValueError, match="could not have peeked"):
        dealer_odds(1, (0,) * 9 + (5,), hits_soft_17=False)
