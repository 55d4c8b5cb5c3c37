"""Write a hand as a PokerStars-style text hand history, the format tracker tools read.

One hand, from its records (an engine :class:`~cardtui.holdem.hand.Hand`, or
a :class:`~cardtui.holdem.phh_read.Replay`: a kept PHH history or a shared
table's hand as the player saw it, where a card nobody showed is ``None``):
the header (hand number, blinds, the date in Eastern Time as PokerStars
writes it), the table and its button, the seats with their stacks, forced
bets, the hero's hole cards, each street's actions, the showdown, who
collected what, and the summary (rake 0: cardtui takes none). Shows and
mucks are written under ``*** SHOW DOWN ***`` after the board, as
PokerStars wrote them for years, even when the hands were tabled earlier
(all-in); chips are play chips, so amounts carry no currency.
A space in a name is written as a no-break space (U+00A0): the name reads
the same to a person and to a tracker, and no reader splits it. The format
has no quoting, and readers do take a name up to the first space: from
"Ann Lee collected 5 from pot" pokerregion/poker 0.30 takes the name "Ann"
and then fails on "collected" as the amount.

>>> from datetime import UTC, datetime
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
>>> hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck,
...             names=["Ann", "Bob", "Cy"])
>>> for step in ("raise_to 6", "call", "fold", "check", "check", "raise_to 10", "call",
...              "check", "check"):
...     name, *amount = step.split()
...     _ = getattr(hand, name)(*map(int, amount))
>>> when = datetime(2026, 5, 1, 18, 30, tzinfo=UTC)
>>> print(to_pokerstars(hand, hero=0, hand_number=7, when=when))
PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/05/01 18:30:00 UTC [2026/05/01 14:30:00 ET]
Table 'cardtui' 3-max Seat #3 is the button
Seat 1: Ann (200 in chips)
Seat 2: Bob (200 in chips)
Seat 3: Cy (200 in chips)
Ann: posts small blind 1
Bob: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Ks]
Cy: raises 4 to 6
Ann: calls 5
Bob: folds
*** FLOP *** [Jc 3d 5c]
Ann: checks
Cy: checks
*** TURN *** [Jc 3d 5c] [4h]
Ann: bets 10
Cy: calls 10
*** RIVER *** [Jc 3d 5c 4h] [Qs]
Ann: checks
Cy: checks
*** SHOW DOWN ***
Ann: shows [As Ks] (High card, Ace, then King-Queen-Jack-Five)
Cy: mucks hand
Ann collected 34 from pot
*** SUMMARY ***
Total pot 34 | Rake 0
Board [Jc 3d 5c 4h Qs]
Seat 1: Ann (small blind) showed [As Ks] and won (34) with High card, Ace, then King-Queen-Jack-Five
Seat 2: Bob (big blind) folded before Flop
Seat 3: Cy (button) mucked
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cardtui.cards import Card
from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    Record,
    Street,
    UncalledBetReturned,
)
from cardtui.holdem.button import Positions
from cardtui.holdem.evaluator import evaluate
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh_read import Replay

__all__ = ["NAME_SPACE", "to_pokerstars"]

#: What a space inside a player's name is written as (see the module's docstring).
NAME_SPACE = "\u00a0"


@dataclass(frozen=True, slots=True)
class _Played:
    """What the writer reads of a hand, the same from an engine hand or a replay."""

    names: list[str]
    starting_stacks: tuple[int | None, ...]
    positions: Positions
    small_blind: int
    big_blind: int
    records: tuple[Record, ...]

    @property
    def seat_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def board(self) -> list[Card]:
        """The (first run's) board."""
        return self.board_of(0)

    def board_of(self, run: int) -> list[Card]:
        """One run's board: the second run's shares the cards dealt before the runs."""
        twice = {r.street for r in self.records if isinstance(r, BoardDealt) and r.run}
        return [card for r in self.records if isinstance(r, BoardDealt)
                and (r.run == run if r.street in twice else not r.run) for card in r.cards]

    @property
    def runs(self) -> int:
        """How many times the board was run (2: the awards name their run)."""
        return 1 + max((r.run for r in self.records if isinstance(r, PotAwarded)), default=0)


def to_pokerstars(
    hand: Hand | Replay,
    *,
    hero: int | None,
    hand_number: int,
    when: datetime,
    table: str = "cardtui",
    names: Sequence[str] | None = None,
) -> str:
    """The finished ``hand`` as PokerStars text; ``hero`` is the seat whose cards are dealt to.

    The hero's hole cards are written only when known (a replay may not have
    them: a hot-seat table keeps nobody's); nobody else's are, but those shown.
    """
    over = hand.is_over if isinstance(hand, Hand) else hand.complete
    if not over:
        raise ValueError("only a finished hand has a hand history to export")
    seat_count = len(hand.starting_stacks)
    given = names if names is not None else hand.names
    written = [name.replace(" ", NAME_SPACE) for name in given or
               [f"Seat {s + 1}" for s in range(seat_count)]]
    played = _Played(written,
                     tuple(hand.starting_stacks), hand.positions, hand.small_blind,
                     hand.big_blind, tuple(hand.records))
    names = played.names
    lines = [_header(played, hand_number, when),
             f"Table '{table}' {seat_count}-max Seat #{played.positions.button + 1} is the button"]
    lines += [f"Seat {s + 1}: {names[s]} ({played.starting_stacks[s]} in chips)"
              for s in range(seat_count) if played.starting_stacks[s] is not None]
    lines += _body(played, hero, names)
    lines += _summary(played, names)
    return "\n".join(lines) + "\n"


def _header(hand: _Played, number: int, when: datetime) -> str:
    utc = when.astimezone(UTC)
    # PokerStars writes the local time and then Eastern Time in brackets;
    # Eastern is UTC-4 in summer and UTC-5 in winter (US daylight time runs
    # from the second Sunday of March to the first Sunday of November).
    eastern = utc + timedelta(hours=-4 if _us_daylight_time(utc) else -5)
    stamp = "%Y/%m/%d %H:%M:%S"
    return (f"PokerStars Hand #{number}: Hold'em No Limit ({hand.small_blind}/{hand.big_blind})"
            f" - {utc.strftime(stamp)} UTC [{eastern.strftime(stamp)} ET]")


def _us_daylight_time(utc: datetime) -> bool:
    def sunday(month: int, nth: int) -> datetime:
        first = datetime(utc.year, month, 1, tzinfo=UTC)
        return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))

    # 2 a.m. local: 7:00 UTC in March (EST), 6:00 UTC in November (EDT).
    return sunday(3, 2) + timedelta(hours=7) <= utc < sunday(11, 1) + timedelta(hours=6)


def _cards(cards: Sequence[Card | None]) -> str:
    return "[" + " ".join(str(c) for c in cards if c is not None) + "]"


def _body(hand: _Played, hero: int | None, names: list[str]) -> list[str]:
    lines: list[str] = []
    dead: dict[int, int] = {}
    current_bet = 0
    hole_cards_started = False
    board: list[Card] = []
    shows: list[HandShown | HandMucked] = []
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    for record in hand.records:
        match record:
            case AntePosted(seat=seat, amount=amount, all_in=all_in):
                lines.append(f"{names[seat]}: posts the ante {amount}{_all_in(all_in)}")
            case DeadBlindPosted(seat=seat, amount=amount):
                dead[seat] = amount
            case BlindPosted(seat=seat, kind=kind, amount=amount, all_in=all_in):
                current_bet = max(current_bet, amount)
                if seat in dead:
                    # A returning player's dead small blind and live big blind.
                    lines.append(f"{names[seat]}: posts small & big blinds "
                                 f"{dead.pop(seat) + amount}{_all_in(all_in)}")
                else:
                    lines.append(f"{names[seat]}: posts {_BLIND_WORDS[kind]} {amount}"
                                 f"{_all_in(all_in)}")
            case HoleCardsDealt(seat=seat, cards=cards):
                if not hole_cards_started:
                    lines += [f"{names[s]}: posts dead blind {chips}" for s, chips in dead.items()]
                    lines.append("*** HOLE CARDS ***")
                    hole_cards_started = True
                if seat == hero and None not in cards:
                    lines.append(f"Dealt to {names[seat]} {_cards(cards)}")
            case Folded(seat=seat):
                lines.append(f"{names[seat]}: folds")
            case Checked(seat=seat):
                lines.append(f"{names[seat]}: checks")
            case Called(seat=seat, amount=amount, all_in=all_in):
                lines.append(f"{names[seat]}: calls {amount}{_all_in(all_in)}")
            case BetOrRaised(seat=seat, to=to, is_bet=is_bet, all_in=all_in):
                if is_bet:
                    lines.append(f"{names[seat]}: bets {to}{_all_in(all_in)}")
                else:
                    lines.append(f"{names[seat]}: raises {to - current_bet} to {to}"
                                 f"{_all_in(all_in)}")
                current_bet = to
            case UncalledBetReturned(seat=seat, amount=amount):
                lines.append(f"Uncalled bet ({amount}) returned to {names[seat]}")
            case BetsCollected():
                current_bet = 0
            case BoardDealt(street=street, cards=cards, run=run):
                # Run twice, PokerStars writes "*** FIRST FLOP ***" ... "*** SECOND TURN ***";
                # the second run starts from the cards the runs share.
                twice = {r.street for r in hand.records if isinstance(r, BoardDealt) and r.run}
                if run and len(board) >= 5:
                    board = board[: street.board_size - len(cards)]
                before = _cards(board) + " " if board else ""
                board += cards
                which = ("SECOND " if run else "FIRST ") if street in twice else ""
                lines.append(f"*** {which}{street.name} *** {before}{_cards(cards)}")
            case HandShown() | HandMucked():
                shows.append(record)
    if hand.runs > 1:
        # Run twice, PokerStars writes a show down per run, each with the hands
        # shown (in words on that run's board) and who collected that run's half.
        for run in range(hand.runs):
            lines.append(f"*** {_RUN_WORDS[run]} SHOW DOWN ***")
            lines += _shows(hand, shows, names, run)
            in_run = [a for a in awards if a.run == run]
            lines += [line for award in in_run for line in _collected(award, names, in_run)]
        return lines
    if shows or any(a.best_five for a in awards):
        lines.append("*** SHOW DOWN ***")
    return lines + _shows(hand, shows, names, 0) + [
        line for award in awards for line in _collected(award, names, awards)]


#: The runs of a board run twice, as PokerStars names them.
_RUN_WORDS = ("FIRST", "SECOND", "THIRD")


def _shows(hand: _Played, shows: list[HandShown | HandMucked], names: list[str],
           run: int) -> list[str]:
    """The hands shown and mucked, a shown hand in words on ``run``'s board (when whole)."""
    board = hand.board_of(run)
    lines = []
    for record in shows:
        if isinstance(record, HandMucked):
            lines.append(f"{names[record.seat]}: mucks hand")
            continue
        words = f" ({_described(hand, record.cards, board)})" if len(board) == 5 else ""
        lines.append(f"{names[record.seat]}: shows {_cards(record.cards)}{words}")
    return lines


_BLIND_WORDS = {BlindKind.SMALL: "small blind", BlindKind.BIG: "big blind",
                BlindKind.STRADDLE: "straddle"}


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _collected(award: PotAwarded, names: list[str], awards: list[PotAwarded]) -> list[str]:
    # Pots are numbered as they are pushed (a main and a side pot pushed as one,
    # PotAwarded.pot_count, are one pot here), the same in the summary line.
    number = awards.index(award)
    if len(awards) == 1:
        which = "pot"
    elif number == 0:
        which = "main pot"
    else:
        which = "side pot" if len(awards) == 2 else f"side pot-{number}"
    return [f"{names[seat]} collected {share} from {which}"
            for seat, share in zip(award.winners, award.shares, strict=True)]


def _summary(hand: _Played, names: list[str]) -> list[str]:
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    total = sum(a.amount for a in awards)
    # A pot's amount, whichever runs it was split over (each run pushes the same pots).
    in_first = [a for a in awards if a.run == 0]
    amounts = [a.amount for a in in_first]
    if hand.runs > 1:
        halves = [[a.amount for a in awards if a.run == run] for run in range(hand.runs)]
        same = all(len(half) == len(amounts) for half in halves)
        amounts = [sum(pots) for pots in zip(*halves, strict=True)] if same else [total]
    pots = ""
    if len(amounts) > 1:
        pots = " Main pot " + ". ".join(
            f"{amount}" if number == 0 else f"Side pot-{number} {amount}"
            for number, amount in enumerate(amounts)) + "."
    lines = ["*** SUMMARY ***", f"Total pot {total}{pots} | Rake 0"]
    if hand.runs > 1:
        lines.append("Hand was run twice")
        lines += [f"{_RUN_WORDS[run]} Board {_cards(hand.board_of(run))}"
                  for run in range(hand.runs)]
    elif hand.board:
        lines.append(f"Board {_cards(hand.board)}")
    won: dict[int, int] = {}
    for award in awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[seat] = won.get(seat, 0) + share
    shown = {r.seat: r for r in hand.records if isinstance(r, HandShown)}
    mucked = {r.seat for r in hand.records if isinstance(r, HandMucked)}
    folded_on = _folds(hand)
    best = {s: a.description for a in awards for s in a.winners}
    for seat in range(hand.seat_count):
        if hand.starting_stacks[seat] is None:
            continue
        where = _position(hand, seat)
        head = f"Seat {seat + 1}: {names[seat]}{where}"
        if seat in shown:
            cards = _cards(shown[seat].cards)
            if seat in won:
                lines.append(f"{head} showed {cards} and won ({won[seat]}) with {best[seat]}")
            else:
                lines.append(f"{head} showed {cards} and lost with "
                             f"{_described(hand, shown[seat].cards)}")
        elif seat in won:
            lines.append(f"{head} collected ({won[seat]})")
        elif seat in mucked:
            lines.append(f"{head} mucked")
        else:
            lines.append(f"{head} folded {folded_on.get(seat, 'before Flop')}")
    return lines


def _described(hand: _Played, cards: Sequence[Card | None],
               board: Sequence[Card] | None = None) -> str:
    """The shown hand in words on the final board (a hand tabled all-in before the
    flop was shown without words). A card a replayed history shows face down
    (PHH ``sm ????``) is left out: the hand plays the cards known, as it was ranked.
    ``board``: a run's board, when the board was run twice (default: the first)."""
    played = hand.board if board is None else board
    return evaluate([*(card for card in cards if card is not None), *played]).description


def _position(hand: _Played, seat: int) -> str:
    positions = hand.positions
    words = []
    if seat == positions.button:
        words.append("button")
    if seat == positions.small_blind:
        words.append("small blind")
    if seat == positions.big_blind:
        words.append("big blind")
    return f" ({') ('.join(words)})" if words else ""


def _folds(hand: _Played) -> dict[int, str]:
    street = Street.PREFLOP
    out: dict[int, str] = {}
    for record in hand.records:
        if isinstance(record, BoardDealt):
            street = record.street
        elif isinstance(record, Folded):
            out[record.seat] = ("before Flop" if street is Street.PREFLOP
                                else f"on the {street.label}")
    return out
