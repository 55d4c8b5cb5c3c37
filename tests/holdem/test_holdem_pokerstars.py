"""The PokerStars-style export, read back by an independent parser.

The parser is ``poker`` (pokerregion/poker on PyPI, in the test extra):
``poker.room.pokerstars.PokerStarsHandHistory`` reads the header, table,
seats, the hero's cards, the flop's actions, the board, the pot, the rake and
the winners. Every hand here, stacked or random (forced bets of every kind,
side pots, split pots), must read back as the engine played it.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from holdem_random_play import random_action, random_forced_hand, random_hand
from poker.constants import Action as ParsedAction
from poker.room.pokerstars import PokerStarsHandHistory

from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    PotAwarded,
    Record,
    Street,
    UncalledBetReturned,
)
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.pokerstars import to_pokerstars

WHEN = datetime(2026, 7, 4, 20, 15, 0, tzinfo=UTC)


def names_for(hand: Hand) -> list[str]:
    # The parser reads a name up to the first space in "X collected ...".
    return [f"Player{s + 1}" for s in range(hand.seat_count)]


def _code(card: object) -> str:
    """The parser's card as a two-character code ("As")."""
    rank, suit = str(card)[:-1], str(card)[-1]
    return rank + {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}[suit]


def parse(text: str) -> PokerStarsHandHistory:
    parsed = PokerStarsHandHistory(text)
    parsed.parse()
    return parsed


def flop_actions(hand: Hand, names: list[str]) -> list[tuple[str, ParsedAction, Decimal | None]]:
    """What the parser should find on the flop, from the engine's records."""
    out: list[tuple[str, ParsedAction, Decimal | None]] = []
    street = Street.PREFLOP
    for record in hand.records:
        if isinstance(record, BoardDealt):
            street = record.street
            continue
        if street is not Street.FLOP:
            continue
        out += _expected(record, names)
    return out


def _expected(record: Record, names: list[str]) -> list[tuple[str, ParsedAction, Decimal | None]]:
    match record:
        case Folded(seat=seat):
            return [(names[seat], ParsedAction.FOLD, None)]
        case Checked(seat=seat):
            return [(names[seat], ParsedAction.CHECK, None)]
        case Called(seat=seat, amount=amount):
            return [(names[seat], ParsedAction.CALL, Decimal(amount))]
        case BetOrRaised(seat=seat, to=to, is_bet=True):
            return [(names[seat], ParsedAction.BET, Decimal(to))]
        case BetOrRaised(seat=seat):
            # "raises 40 to 60": the parser keeps the first amount, the raise itself.
            return [(names[seat], ParsedAction.RAISE, None)]
        case UncalledBetReturned(seat=seat, amount=amount):
            return [(names[seat], ParsedAction.RETURN, Decimal(amount))]
        case PotAwarded(winners=winners, shares=shares) if len(shares) == 1:
            return [(names[winners[0]], ParsedAction.WIN, Decimal(shares[0]))]
    return []


def check_export(hand: Hand, hero: int, number: int) -> PokerStarsHandHistory:
    names = names_for(hand)
    text = to_pokerstars(hand, hero=hero, hand_number=number, when=WHEN, names=names)
    parsed = parse(text)
    assert parsed.ident == str(number)
    assert (parsed.sb, parsed.bb) == (hand.small_blind, hand.big_blind)
    seated = [(p.name, p.stack, p.seat) for p in parsed.players if p.stack]
    assert seated == [(names[s], hand.starting_stacks[s], s + 1)
                      for s in range(hand.seat_count) if hand.starting_stacks[s] is not None]
    assert parsed.button.seat == hand.button + 1
    assert parsed.hero.name == names[hero]
    assert {_code(c) for c in (parsed.hero.combo.first, parsed.hero.combo.second)} == {
        c.code for c in hand.hole[hero]}
    assert [_code(c) for c in parsed.board or ()] == [c.code for c in hand.board]
    if parsed.flop is not None and parsed.flop.actions:
        got = [(a.name, a.action, a.amount if a.action is not ParsedAction.RAISE else None)
               for a in parsed.flop.actions]
        assert got == flop_actions(hand, names), text
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    assert parsed.total_pot == sum(a.amount for a in awards)
    winners = {w.split(" (")[0] for w in parsed.winners}
    showdown = any(a.best_five for a in awards)
    assert parsed.show_down == showdown
    if showdown:
        # The parser takes the winners of a showdown from "showed [..] and won".
        shown_winners = {names[s] for a in awards if a.best_five for s in a.winners}
        assert winners == shown_winners, text
    else:
        expected = {names[s] for a in awards for s in a.winners}
        if not hand.board:
            # The parser's known slip: it reads the summary's seats from the
            # line after "Board [...]", which PokerStars (and we) leave out
            # when there was no flop, so it skips the first seat's line.
            expected.discard(names[next(s for s in range(hand.seat_count)
                                        if hand.starting_stacks[s] is not None)])
        assert winners == expected, text
    return parsed


def test_a_stacked_hand_reads_back_with_cards_actions_and_winnings() -> None:
    deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    hand.raise_to(6)
    hand.call()
    hand.fold()
    hand.raise_to(8)  # Ann bets the flop
    hand.raise_to(30)
    hand.call()
    while not hand.is_over:
        hand.check()
    parsed = check_export(hand, hero=0, number=41)
    assert str(parsed.hero.combo) == "A♠K♠"
    assert [(a.name, a.action) for a in parsed.flop.actions] == [
        ("Player1", ParsedAction.BET), ("Player3", ParsedAction.RAISE),
        ("Player1", ParsedAction.CALL)]
    assert parsed.winners == ("Player1 (small blind)",)
    assert parsed.date == WHEN


@pytest.mark.parametrize("forced", [False, True])
def test_random_hands_read_back_as_played(forced: bool) -> None:
    rng = random.Random(31 + forced)
    for number in range(1, 301):
        hand = (random_forced_hand if forced else random_hand)(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        check_export(hand, hero=rng.choice(hand.players), number=number)


def test_an_unfinished_hand_is_refused() -> None:
    hand = Hand([100, 100], button=0, small_blind=1, big_blind=2, rng=random.Random(1))
    with pytest.raises(ValueError, match="only a finished hand"):
        to_pokerstars(hand, hero=0, hand_number=1, when=WHEN)


@pytest.mark.parametrize("forced", [False, True])
def test_a_kept_phh_history_writes_the_same_pokerstars_text_as_the_hand(forced: bool) -> None:
    # `cardtui export` writes the store's PHH texts: read back, they give the same hand.
    from cardtui.holdem.phh import to_phh
    from cardtui.holdem.phh_read import read_phh

    rng = random.Random(53 + forced)
    for number in range(1, 151):
        hand = (random_forced_hand if forced else random_hand)(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        names = [f"Player {s + 1}" for s in range(hand.seat_count)]
        hero = rng.choice(hand.players)
        replay = read_phh(to_phh(hand, names=names, hand_number=number))
        assert (to_pokerstars(replay, hero=hero, hand_number=number, when=WHEN)
                == to_pokerstars(hand, hero=hero, hand_number=number, when=WHEN, names=names))


def test_a_hero_whose_cards_were_not_kept_gets_no_dealt_line() -> None:
    from cardtui.holdem.phh import to_phh
    from cardtui.holdem.phh_read import read_phh

    deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c 4h Qs")
    hand = Hand([200, 200], button=0, small_blind=1, big_blind=2, deck=deck,
                names=["Ann Lee", "Bob"])
    hand.fold()
    replay = read_phh(to_phh(hand, seen_by=()))
    text = to_pokerstars(replay, hero=1, hand_number=1, when=WHEN)
    assert "Dealt to" not in text and "7h" not in text and "As" not in text


@pytest.mark.parametrize("forced", [False, True])
def test_pokerkits_pokerstars_reader_plays_the_export_to_the_engines_stacks(forced: bool) -> None:
    # A second, independent PokerStars reader: pokerkit's turns the text into a hand it
    # plays itself. Names hold spaces ("Bot 3"), as cardtui's bots' names do.
    import warnings

    from pokerkit.notation import PokerStarsParser

    from cardtui.holdem.pokerstars import NAME_SPACE

    rng = random.Random(71 + forced)
    checked = 0
    for number in range(1, 121):
        hand = (random_forced_hand if forced else random_hand)(rng)
        if any(isinstance(r, AntePosted | DeadBlindPosted) for r in hand.records) or any(
                b.kind is BlindKind.STRADDLE for b in hand.records if isinstance(b, BlindPosted)):
            continue  # the reader takes no antes (its pattern for them matches nothing)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        names = [f"Bot {s + 1}" for s in range(hand.seat_count)]
        text = to_pokerstars(hand, hero=hand.players[0], hand_number=number, when=WHEN,
                             names=names)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its own note on a field it adds
            (history,) = PokerStarsParser()(text)
        seats = [names.index(name.replace(NAME_SPACE, " ")) for name in history.players]
        assert sorted(seats) == sorted(hand.players)
        assert list(list(history)[-1].stacks) == [hand.stacks[s] for s in seats], text
        checked += 1
    assert checked >= 15  # enough hands of each kind were read
