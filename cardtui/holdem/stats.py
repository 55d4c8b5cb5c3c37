"""Poker statistics per player, from played hands: the numbers tracker tools show.

A hand is read once into :class:`PlayerFacts` per player (what they did that
the statistics count, :func:`hand_facts`); each statistic is then defined
once, below, over a player's facts. Hands come from the engine
(:meth:`PlayedHand.from_hand`) or from PHH histories
(:meth:`PlayedHand.from_replay`), and players are told apart by name.

Two hands at 1/2. In the first Cy folds, Ann raises from the small blind,
Bob three-bets from the big blind and Ann calls; on the flop Ann checks, Bob
bets and Ann calls, then both check to the showdown, where Ann's set of kings
beats Bob's queens. In the second Ann opens on the button and both blinds fold:

>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> names = ["Ann", "Bob", "Cy"]
>>> first = Hand([100, 100, 100], button=2, small_blind=1, big_blind=2, names=names,
...              deck=stacked_deck(["KhKd", "QhQd", "7c2d"], board="Ks8h3c 4d 9s"))
>>> _ = first.fold(), first.raise_to(6), first.raise_to(18), first.call()
>>> _ = first.check(), first.raise_to(20), first.call(), first.check(), first.check()
>>> _ = first.check(), first.check()
>>> second = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, names=names,
...               deck=stacked_deck(["7h2c", "9d4s", "AcAs"]))
>>> _ = second.raise_to(5), second.fold(), second.fold()
>>> table = player_stats([PlayedHand.from_hand(first), PlayedHand.from_hand(second)])
>>> for name, stats in sorted(table.items()):
...     print(name, stats)
Ann hands 2, VPIP 100%, PFR 100%, 3-bet -, AF 0.0, WTSD 100%, W$SD 100%, bb/100 1025.0
Bob hands 2, VPIP 50%, PFR 50%, 3-bet 50%, AF inf, WTSD 100%, W$SD 0%, bb/100 -975.0
Cy hands 2, VPIP 0%, PFR 0%, 3-bet 0%, AF -, WTSD -, W$SD -, bb/100 -50.0

Ann won 38 and 3 chips at 1/2: 20.5 big blinds in 2 hands, 1025 per 100. Bob
faced one open raise in each hand and re-raised once (3-bet 50%); Ann never
faced a lone raise, so her 3-bet % is undefined (-).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass

from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    Record,
    Street,
    UncalledBetReturned,
)
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh_read import Replay

__all__ = ["FactsBook", "PlayedHand", "PlayerFacts", "PlayerStats", "aggression_factor",
           "bb_per_100", "hand_facts", "hands_played", "hud_line", "player_stats", "pfr",
           "read_book", "three_bet", "vpip", "went_to_showdown", "won_at_showdown"]


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand as the statistics read it: who sat where, the stakes and the records."""

    #: Player names by seat ("" for an empty seat).
    names: tuple[str, ...]
    starting_stacks: tuple[int | None, ...]
    big_blind: int
    records: tuple[Record, ...]

    @classmethod
    def from_hand(cls, hand: Hand, names: Sequence[str] | None = None) -> PlayedHand:
        seat_names = names if names is not None else hand.names
        if seat_names is None:
            seat_names = [f"Seat {s + 1}" for s in range(hand.seat_count)]
        return cls(tuple(seat_names), hand.starting_stacks, hand.big_blind, tuple(hand.records))

    @classmethod
    def from_replay(cls, replay: Replay) -> PlayedHand:
        return cls(replay.names, replay.starting_stacks, replay.big_blind, replay.records)


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """What one player did in one hand that the statistics count."""

    #: Put chips in before the flop of their own will (a call or a raise;
    #: blinds, antes and a big blind's check are not voluntary).
    vpip: bool = False
    #: Raised before the flop.
    pfr: bool = False
    #: Had to act before the flop facing exactly one raise (the open).
    three_bet_chance: bool = False
    #: Re-raised that one raise.
    three_bet: bool = False
    #: Bets and raises from the flop on.
    aggressive: int = 0
    #: Calls from the flop on.
    calls: int = 0
    #: Still in the hand when the flop was dealt.
    saw_flop: bool = False
    #: Still in the hand at the showdown (shown, mucked there, or the last to hold on).
    showdown: bool = False
    #: Won chips from a pot at the showdown.
    won_at_showdown: bool = False
    #: Chips won (negative: lost) over the hand.
    net: int = 0
    big_blind: int = 1


def hand_facts(hand: PlayedHand) -> dict[str, PlayerFacts]:
    """Each dealt-in player's facts for one finished hand, by name.

    >>> from cardtui.holdem.hand import Hand, stacked_deck
    >>> hand = Hand([100, 100, 100], button=2, small_blind=1, big_blind=2,
    ...             deck=stacked_deck(["QhQd", "KhKd", "7c2d"], board="Ks8h3c 4d 9s"))
    >>> _ = hand.raise_to(6), hand.call(), hand.call()  # Cy opens, both blinds call
    >>> _ = hand.raise_to(10), hand.fold(), hand.fold()  # Ann bets the flop, both fold
    >>> facts = hand_facts(PlayedHand.from_hand(hand, ["Ann", "Bob", "Cy"]))
    >>> facts["Ann"]
    PlayerFacts(vpip=True, pfr=False, three_bet_chance=True, three_bet=False, aggressive=1, \
calls=0, saw_flop=True, showdown=False, won_at_showdown=False, net=12, big_blind=2)
    >>> facts["Cy"].pfr, facts["Cy"].three_bet_chance, facts["Cy"].net
    (True, False, -6)
    """
    seats = [r.seat for r in hand.records if isinstance(r, HoleCardsDealt)]
    tally = {s: _Tally(big_blind=hand.big_blind) for s in seats}
    folded: set[int] = set()
    at_showdown: set[int] = set()
    street = Street.PREFLOP
    raises = 0
    for record in hand.records:
        match record:
            case AntePosted() | DeadBlindPosted() | BlindPosted():
                tally[record.seat].net -= record.amount
            case UncalledBetReturned():
                tally[record.seat].net += record.amount
            case BoardDealt(street=dealt):
                if dealt is Street.FLOP:
                    for seat in seats:
                        tally[seat].saw_flop = seat not in folded
                street = dealt
            case Folded() | Checked() | Called() | BetOrRaised():
                mine = tally[record.seat]
                if isinstance(record, Called | BetOrRaised):
                    mine.net -= record.amount
                if isinstance(record, Folded):
                    folded.add(record.seat)
                if street is Street.PREFLOP:
                    if raises == 1:
                        mine.three_bet_chance = True
                        mine.three_bet |= isinstance(record, BetOrRaised)
                    mine.vpip |= isinstance(record, Called | BetOrRaised)
                    if isinstance(record, BetOrRaised):
                        mine.pfr = True
                        raises += 1
                elif isinstance(record, BetOrRaised):
                    mine.aggressive += 1
                elif isinstance(record, Called):
                    mine.calls += 1
            case HandShown() | HandMucked():
                at_showdown.add(record.seat)
            case PotAwarded():
                for seat, share in zip(record.winners, record.shares, strict=True):
                    tally[seat].net += share
                    tally[seat].won_at_showdown |= bool(at_showdown)
    if at_showdown:
        # Whoever held on while the others mucked was at the showdown too.
        at_showdown |= {s for s in seats if s not in folded}
    out: dict[str, PlayerFacts] = {}
    for seat in seats:
        mine = tally[seat]
        mine.showdown = seat in at_showdown
        mine.won_at_showdown &= mine.showdown
        out[hand.names[seat]] = PlayerFacts(**asdict(mine))
    return out


@dataclass(slots=True)
class _Tally:
    """:class:`PlayerFacts` while a hand is being read."""

    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    aggressive: int = 0
    calls: int = 0
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False
    net: int = 0
    big_blind: int = 1


# --- the statistics: each defined once, over one player's facts --------------


def _percent(part: int, whole: int) -> float | None:
    return 100 * part / whole if whole else None


def hands_played(facts: Sequence[PlayerFacts]) -> int:
    """Hands the player was dealt into.

    >>> hands_played([PlayerFacts(), PlayerFacts(vpip=True)])
    2
    """
    return len(facts)


def vpip(facts: Sequence[PlayerFacts]) -> float | None:
    """Voluntarily put money in pot: % of hands with a call or raise before the flop.

    >>> vpip([PlayerFacts(vpip=True), PlayerFacts(), PlayerFacts(), PlayerFacts(vpip=True)])
    50.0
    """
    return _percent(sum(f.vpip for f in facts), len(facts))


def pfr(facts: Sequence[PlayerFacts]) -> float | None:
    """Pre-flop raise: % of hands with a raise before the flop.

    >>> pfr([PlayerFacts(vpip=True, pfr=True), PlayerFacts(), PlayerFacts(), PlayerFacts()])
    25.0
    """
    return _percent(sum(f.pfr for f in facts), len(facts))


def three_bet(facts: Sequence[PlayerFacts]) -> float | None:
    """3-bet %: re-raises of a lone open raise, per time the player faced one (None: never).

    >>> three_bet([PlayerFacts(three_bet_chance=True, three_bet=True),
    ...            PlayerFacts(three_bet_chance=True), PlayerFacts()])
    50.0
    """
    return _percent(sum(f.three_bet for f in facts), sum(f.three_bet_chance for f in facts))


def aggression_factor(facts: Sequence[PlayerFacts]) -> float | None:
    """Aggression factor: bets and raises per call, from the flop on (inf: never called).

    None when the player neither bet, raised nor called after a flop.

    >>> aggression_factor([PlayerFacts(aggressive=3, calls=1), PlayerFacts(aggressive=1, calls=1)])
    2.0
    >>> aggression_factor([PlayerFacts(aggressive=1)]), aggression_factor([PlayerFacts()])
    (inf, None)
    """
    aggressive, calls = sum(f.aggressive for f in facts), sum(f.calls for f in facts)
    if not calls:
        return math.inf if aggressive else None
    return aggressive / calls


def went_to_showdown(facts: Sequence[PlayerFacts]) -> float | None:
    """Went to showdown: % of the hands where the player saw the flop that reached a showdown.

    >>> went_to_showdown([PlayerFacts(saw_flop=True, showdown=True), PlayerFacts(saw_flop=True),
    ...                   PlayerFacts(saw_flop=True, showdown=True), PlayerFacts(saw_flop=True),
    ...                   PlayerFacts()])
    50.0
    """
    seen = [f for f in facts if f.saw_flop]
    return _percent(sum(f.showdown for f in seen), len(seen))


def won_at_showdown(facts: Sequence[PlayerFacts]) -> float | None:
    """Won money at showdown: % of the player's showdowns where they won chips.

    >>> won_at_showdown([PlayerFacts(showdown=True, won_at_showdown=True),
    ...                  PlayerFacts(showdown=True), PlayerFacts()])
    50.0
    """
    shown = [f for f in facts if f.showdown]
    return _percent(sum(f.won_at_showdown for f in shown), len(shown))


def bb_per_100(facts: Sequence[PlayerFacts]) -> float | None:
    """Big blinds won per 100 hands (each hand's chips counted in its own big blinds).

    >>> bb_per_100([PlayerFacts(net=40, big_blind=2), PlayerFacts(net=-10, big_blind=10)])
    950.0
    """
    if not facts:
        return None
    return 100 * sum(f.net / f.big_blind for f in facts) / len(facts)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Every statistic of one player (a percentage or factor is None when undefined)."""

    hands: int
    vpip: float | None
    pfr: float | None
    three_bet: float | None
    aggression_factor: float | None
    went_to_showdown: float | None
    won_at_showdown: float | None
    bb_per_100: float | None

    @classmethod
    def of(cls, facts: Sequence[PlayerFacts]) -> PlayerStats:
        return cls(hands_played(facts), vpip(facts), pfr(facts), three_bet(facts),
                   aggression_factor(facts), went_to_showdown(facts), won_at_showdown(facts),
                   bb_per_100(facts))

    def __str__(self) -> str:
        def pct(value: float | None) -> str:
            return "-" if value is None else f"{value:.0f}%"

        factor = self.aggression_factor
        af = "-" if factor is None else ("inf" if math.isinf(factor) else f"{factor:.1f}")
        bb = "-" if self.bb_per_100 is None else f"{self.bb_per_100:.1f}"
        return (f"hands {self.hands}, VPIP {pct(self.vpip)}, PFR {pct(self.pfr)}, "
                f"3-bet {pct(self.three_bet)}, AF {af}, WTSD {pct(self.went_to_showdown)}, "
                f"W$SD {pct(self.won_at_showdown)}, bb/100 {bb}")


def player_stats(hands: Iterable[PlayedHand]) -> dict[str, PlayerStats]:
    """Every player's statistics over ``hands`` (finished hands), by name."""
    by_name: dict[str, list[PlayerFacts]] = {}
    for hand in hands:
        if not any(isinstance(r, HandEnded) for r in hand.records):
            continue  # an unfinished history has no result to count
        for name, facts in hand_facts(hand).items():
            by_name.setdefault(name, []).append(facts)
    return {name: PlayerStats.of(facts) for name, facts in by_name.items()}


class FactsBook:
    """Each player's facts by name, from hands added one at a time: what a HUD line reads.

    A hand is counted once it is over; a line is made once per change (the
    table redraws often, the book changes once a hand).

    >>> from cardtui.holdem.hand import Hand, stacked_deck
    >>> hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2,
    ...             names=["Ann", "Bob", "Cy"], deck=stacked_deck(["7h2c", "9d4s", "AcAs"]))
    >>> _ = hand.raise_to(5), hand.fold(), hand.fold()  # Ann opens on the button, both fold
    >>> book = FactsBook()
    >>> book.add(PlayedHand.from_hand(hand))
    >>> book.line("Ann"), book.line("Bob", long=True), book.line("Dee")
    ('100/100 1h', 'VPIP 0 · PFR 0 · 1 hand', '')
    """

    def __init__(self) -> None:
        self._facts: dict[str, list[PlayerFacts]] = {}
        self._lines: dict[tuple[str, bool], str] = {}

    def __len__(self) -> int:
        """Players with at least one hand counted."""
        return len(self._facts)

    def add(self, hand: PlayedHand) -> None:
        if not any(isinstance(r, HandEnded) for r in hand.records):
            return  # an unfinished hand has nothing to count yet
        for name, facts in hand_facts(hand).items():
            self._facts.setdefault(name, []).append(facts)
        self._lines.clear()

    def merge(self, other: FactsBook) -> None:
        """``other``'s hands counted too (a book read elsewhere, then joined)."""
        for name, facts in other._facts.items():
            self._facts.setdefault(name, []).extend(facts)
        self._lines.clear()

    def stats(self, name: str) -> PlayerStats | None:
        facts = self._facts.get(name)
        return PlayerStats.of(facts) if facts else None

    def line(self, name: str, *, long: bool = False) -> str:
        """``name``'s HUD line: VPIP/PFR and hands ("24/12 32h"; ``long``: in words),
        or "" when no hand of theirs is counted."""
        key = (name, long)
        if key not in self._lines:
            stats = self.stats(name)
            self._lines[key] = "" if stats is None else hud_line(stats, long=long)
        return self._lines[key]


def hud_line(stats: PlayerStats, *, long: bool = False) -> str:
    """A player's statistics as a HUD shows them at the seat: VPIP/PFR, then hands.

    >>> stats = PlayerStats(32, 24.4, 12.0, None, None, None, None, None)
    >>> hud_line(stats), hud_line(stats, long=True)
    ('24/12 32h', 'VPIP 24 · PFR 12 · 32 hands')
    """
    def pct(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}"

    hands = f"{stats.hands:,}"
    if long:
        return (f"VPIP {pct(stats.vpip)} · PFR {pct(stats.pfr)} · "
                f"{hands} hand{'s' if stats.hands != 1 else ''}")
    return f"{pct(stats.vpip)}/{pct(stats.pfr)} {hands}h"


def read_book(texts: Iterable[str], *,
              cancelled: Callable[[], bool] = lambda: False) -> FactsBook:
    """A book of kept PHH histories (one that cannot be read is left out, as the
    statistics table leaves it out); ``cancelled``: asked before each hand, stops early."""
    from cardtui.holdem.phh_read import PhhError, read_phh

    book = FactsBook()
    for text in texts:
        if cancelled():
            break
        try:
            book.add(PlayedHand.from_replay(read_phh(text)))
        except PhhError:
            continue
    return book
