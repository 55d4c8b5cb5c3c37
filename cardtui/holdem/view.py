"""What the hold'em table shows: the engine's records applied one at a time.

The engine's :class:`~cardtui.holdem.hand.Hand` is always ahead of the
screen: an action returns every record it caused at once. :class:`TableView`
replays those records step by step so the screen can animate them; the hole
cards and the flop are split into one step per card (:func:`steps`), the way a
dealer deals them: one card to each player round the table, then the second.

>>> from cardtui.holdem.actions import Action
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2,
...             deck=stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs"))
>>> view = TableView.for_hand(hand, ["Ann", "Bot 1", "Bot 2"], bots={1, 2})
>>> plan = steps(hand.records)
>>> [type(s).__name__ for s in plan][:4]
['BlindPosted', 'BlindPosted', 'HoleCard', 'HoleCard']
>>> for step in plan:
...     view.apply(step)
>>> view.seats[1].bet, [str(c) for c in view.seats[0].hole], view.log[-1].plain
(2, ['As', 'Ks'], 'Bot 1 posts the big blind 2')
>>> for step in steps(hand.act(Action.raise_to(6)) + hand.act(Action.fold())):
...     view.apply(step)
>>> [line.plain for line in view.log[-2:]]
['Bot 2 raises to 6', 'Ann folds']
>>> for step in steps(hand.act(Action.fold())):
...     view.apply(step)
>>> view.log[-1].plain, view.seats[2].stack, view.seats[2].won
('Bot 2 wins 5', 203, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from cardtui.cards import Card
from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
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
    RabbitHunted,
    Record,
    RunsChosen,
    Street,
    UncalledBetReturned,
)
from cardtui.holdem.button import Positions
from cardtui.holdem.evaluator import HandRank, evaluate
from cardtui.holdem.hand import Hand
from cardtui.holdem.hand_tables import HandCategory
from cardtui.holdem.pots import Pot
from cardtui.i18n import ENGLISH, N_, _, chips, current_language

#: The words of the hand's story that come from the engine's names, for the catalogs.
BLIND_NAMES = {"small blind": N_("small blind"), "big blind": N_("big blind"),
               "straddle": N_("straddle")}
STREETS = {"Preflop": N_("Preflop"), "Flop": N_("Flop"), "Turn": N_("Turn"),
           "River": N_("River"), "Showdown": N_("Showdown"), "Complete": N_("Complete")}

__all__ = ["BoardCard", "HoleCard", "LineKind", "LogLine", "PotSlide", "SeatView", "Step",
           "TableView", "steps", "with_slides"]


class LineKind(StrEnum):
    """What a log line tells, so whoever draws it can style it (the model has no styles)."""

    #: A person's move (drawn bold: the moves a reader follows).
    MOVE = "move"
    #: A bot's move.
    BOT_MOVE = "bot move"
    #: An uncalled bet handed back (a footnote).
    RETURNED = "returned"
    #: A street's cards turned up.
    STREET = "street"
    #: A hand shown at showdown.
    SHOWN = "shown"
    #: A pot pushed to its winners.
    WIN = "win"


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the table's log as plain data: words, then cards, then more words.

    >>> line = LogLine(LineKind.SHOWN, "Ann shows", (Card.parse("As"), Card.parse("Ks")),
    ...                ": Ace high")
    >>> line.plain
    'Ann shows As Ks: Ace high'
    """

    kind: LineKind
    text: str
    cards: tuple[Card | None, ...] = ()
    #: Words after the cards (": Two pair", " with a Flush").
    tail: str = ""

    @property
    def plain(self) -> str:
        cards = " ".join("??" if c is None else str(c) for c in self.cards)
        return f"{self.text} {cards}{self.tail}" if cards else self.text + self.tail


@dataclass(frozen=True, slots=True)
class HoleCard:
    """One hole card on its way to a seat (a UI step: the engine deals both at once)."""

    seat: int
    #: None for a card dealt face down to this reader (another seat's in the room).
    card: Card | None


@dataclass(frozen=True, slots=True)
class BoardCard:
    """One board card turned up: the flop lands card by card."""

    street: Street
    card: Card
    #: The first card of its street (the log names the street once).
    first: bool
    #: The run of the board (1: the second board of a hand run twice).
    run: int = 0


@dataclass(frozen=True, slots=True)
class PotSlide:
    """One frame of a pot sliding into its winners' stacks, before the award itself.

    Only the picture moves: the frames show part of the pot in the winners'
    stacks, and the :class:`~cardtui.holdem.actions.PotAwarded` that follows
    puts the view back and applies the award, so a skipped slide loses no chip.
    """

    award: PotAwarded
    frame: int
    frames: int


Step = Record | HoleCard | BoardCard | PotSlide


def steps(records: Iterable[Record]) -> list[Step]:
    """The records as animation steps: hole cards one at a time, board cards one by one."""
    out: list[Step] = []
    pending: list[HoleCardsDealt] = []

    def flush() -> None:
        # A dealer pitches one card to each player round the table, then the second.
        for index in range(2):
            out.extend(HoleCard(dealt.seat, dealt.cards[index]) for dealt in pending)
        pending.clear()

    for record in records:
        if isinstance(record, HoleCardsDealt):
            pending.append(record)
            continue
        flush()
        if isinstance(record, BoardDealt):
            cards = enumerate(record.cards)
            out.extend(BoardCard(record.street, card, i == 0, record.run) for i, card in cards)
        else:
            out.append(record)
    flush()
    return out


def with_slides(plan: Iterable[Step], frames: int) -> list[Step]:
    """``plan`` with each pot award preceded by ``frames - 1`` frames of its slide.

    >>> award = PotAwarded(0, 20, (1,), (20,), "", ())
    >>> [type(s).__name__ for s in with_slides([award], 3)]
    ['PotSlide', 'PotSlide', 'PotAwarded']
    """
    out: list[Step] = []
    for step in plan:
        if isinstance(step, PotAwarded):
            out.extend(PotSlide(step, frame, frames) for frame in range(1, frames))
        out.append(step)
    return out


#: The ten hands by name, as the seeds' players say them (高牌 … 同花顺).
CATEGORY_NAMES = {
    HandCategory.HIGH_CARD: N_("High card"), HandCategory.ONE_PAIR: N_("One pair"),
    HandCategory.TWO_PAIR: N_("Two pair"), HandCategory.THREE_OF_A_KIND: N_("Three of a kind"),
    HandCategory.STRAIGHT: N_("Straight"), HandCategory.FLUSH: N_("Flush"),
    HandCategory.FULL_HOUSE: N_("Full house"), HandCategory.FOUR_OF_A_KIND: N_("Four of a kind"),
    HandCategory.STRAIGHT_FLUSH: N_("Straight flush"),
}


def hand_words(rank: HandRank) -> str:
    """A made hand in the player's language: the engine's English words ("Two pair,
    Aces and Sevens, Two kicker"), or elsewhere its name and five cards by rank
    ("ツーペア (A A 7 7 2)"), which reads the same at every table."""
    if current_language() == ENGLISH:
        return rank.description
    royal = rank.category is HandCategory.STRAIGHT_FLUSH and rank.best_five[0].rank == 14
    name = _("Royal flush") if royal else _(CATEGORY_NAMES[rank.category])
    return f"{name} ({' '.join(card.rank.label for card in rank.best_five)})"


def pot_names(first: int, count: int, shown: int) -> str:
    """The pots an award pushes, named as the table shows them ("" when it shows one).

    >>> pot_names(0, 1, 1)
    ''
    >>> pot_names(0, 1, 3), pot_names(2, 1, 3)
    ('main pot', 'side pot 2')
    >>> pot_names(0, 2, 3), pot_names(1, 2, 3), pot_names(0, 3, 3)
    ('main pot and side pot 1', 'side pots 1 and 2', 'main pot and side pots 1 and 2')
    """
    if shown <= 1 and first == 0:
        return ""
    sides = list(range(max(first, 1), first + count))
    names = [_("main pot")] if first == 0 else []
    if len(sides) == 1:
        names.append(_("side pot {number}").format(number=sides[0]))
    elif sides:
        numbers = ", ".join(str(n) for n in sides[:-1])
        names.append(_("side pots {numbers} and {last}").format(numbers=numbers, last=sides[-1]))
    return _(" and ").join(names)


@dataclass
class SeatView:
    """One seat as the table shows it now."""

    name: str
    stack: int
    is_bot: bool = False
    #: Dealt into this hand (False: an empty seat or a player without chips).
    in_hand: bool = False
    bet: int = 0
    #: ``None`` for a card this viewer may not see (yet).
    hole: list[Card | None] = field(default_factory=list)
    folded: bool = False
    #: Gave up at showdown without showing (RRoP: a beaten hand may be mucked).
    mucked: bool = False
    all_in: bool = False
    #: Hole cards turned up at showdown.
    shown: bool = False
    description: str = ""
    #: The seat's last action in words ("raises to 40"), cleared each street.
    action: str = ""
    #: Chips won from pots this hand.
    won: int = 0


class TableView:
    """The table as shown: seats, board, pots and the action log."""

    def __init__(self, seats: Sequence[SeatView], *, positions: Positions | None = None) -> None:
        self.seats = list(seats)
        self.positions = positions
        self.board: list[Card] = []
        #: The second board of a hand run twice (the cards it shares with the first included).
        self.second_board: list[Card] = []
        #: The rabbit hunt's cards, turned up after the hand: not part of it.
        self.rabbit: tuple[Card, ...] = ()
        #: Collected pots (main first), without this street's bets.
        self.pots: list[Pot] = []
        #: Dead chips (antes, dead blinds) in the middle but not yet in a collected pot.
        self.dead = 0
        self.current_bet = 0
        self.street = Street.PREFLOP
        self.log: list[LogLine] = []
        #: Winning cards to highlight: every pot winner's best five.
        self.winning_cards: set[Card] = set()
        self.winners: set[int] = set()
        self.over = False
        #: A pot sliding to its winners: the award, and the pot and stacks before it.
        self._sliding: tuple[PotAwarded, list[Pot], dict[int, int]] | None = None

    @classmethod
    def for_hand(cls, hand: Hand, names: Sequence[str], *, bots: Iterable[int] = ()) -> TableView:
        """A view of ``hand`` before any of its records: stacks as they sat down."""
        bot_seats = set(bots)
        seats = [
            SeatView(name, stack or 0, i in bot_seats, in_hand=stack is not None)
            for i, (name, stack) in enumerate(zip(names, hand.starting_stacks, strict=True))
        ]
        return cls(seats, positions=hand.positions)

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: the pots and the bets in front of the players."""
        return sum(p.amount for p in self.pots) + sum(s.bet for s in self.seats) + self.dead

    def apply(self, step: Step) -> None:
        match step:
            case AntePosted(seat=seat, amount=amount, all_in=all_in):
                self._put(seat, amount, all_in, bet=False)
                self._say(seat, _("posts an ante of {amount}").format(amount=amount),
                          short=_("ante {amount}").format(amount=amount))
            case BlindPosted(seat=seat, kind=kind, amount=amount, all_in=all_in):
                self._put(seat, amount, all_in)
                self.current_bet = max(self.current_bet, self.seats[seat].bet)
                blind = _(BLIND_NAMES.get(kind.value, kind.value))
                self._say(seat, _("posts the {blind} {amount}").format(blind=blind, amount=amount),
                          all_in=all_in, short=f"{blind} {amount}")
            case DeadBlindPosted(seat=seat, amount=amount, all_in=all_in):
                # Dead chips go to the pot, not to the poster's bet (RRoP section 4).
                self._put(seat, amount, all_in, bet=False)
                self._say(seat, _("posts a dead blind of {amount}").format(amount=amount),
                          short=_("dead {amount}").format(amount=amount))
            case HoleCard(seat=seat, card=card):
                hole = self.seats[seat].hole
                if len(hole) >= 2 and None in hole:
                    # Hot seat: the cards of a player who has just taken the keyboard.
                    hole[hole.index(None)] = card
                else:
                    hole.append(card)
            case Folded(seat=seat):
                self.seats[seat].folded = True
                self._say(seat, _("folds"))
            case Checked(seat=seat):
                self._say(seat, _("checks"))
            case Called(seat=seat, amount=amount, all_in=all_in):
                self._put(seat, amount, all_in)
                self._say(seat, _("calls {amount}").format(amount=chips(amount)), all_in=all_in)
            case BetOrRaised(seat=seat, to=to, amount=amount, is_bet=is_bet, all_in=all_in):
                self._put(seat, amount, all_in)
                self.current_bet = to
                said = _("bets {amount}") if is_bet else _("raises to {amount}")
                self._say(seat, said.format(amount=chips(to)), all_in=all_in)
            case UncalledBetReturned(seat=seat, amount=amount):
                view = self.seats[seat]
                view.stack += amount
                view.bet = max(0, view.bet - amount)
                view.all_in = False
                # The bet that stands is the highest one left: with no call at all
                # (a fold-out) none is, and no sweep of bets follows to clear it
                # ("Pot 0 · Bet 360" stayed in the centre).
                self.current_bet = max(seat_view.bet for seat_view in self.seats)
                self.log.append(LogLine(LineKind.RETURNED,
                                        _("Uncalled {amount} returned to {name}").format(
                                            amount=chips(amount), name=view.name)))
            case BetsCollected(pots=pots):
                self.pots = list(pots)
                self.dead = 0
                self.current_bet = 0
                for view in self.seats:
                    view.bet = 0
            case BoardCard(street=street, card=card, first=first, run=run) if run:
                if first and not self.second_board:
                    # The runs share the cards dealt before the all-in.
                    shared = {Street.FLOP: 0, Street.TURN: 3}.get(street, 4)
                    self.second_board = self.board[:shared]
                self.second_board.append(card)
                if len(self.second_board) == street.board_size:
                    shown = (self.second_board[:3] if street is Street.FLOP
                             else self.second_board[-1:])
                    self.log.append(LogLine(
                        LineKind.STREET, _("Second run, {street}:").format(
                            street=_(STREETS.get(street.label, street.label)).lower()),
                        tuple(shown)))
            case RunsChosen(seat=seat, runs=runs):
                self._say(seat, _("runs it twice") if runs == 2 else _("runs it once"))
            case RabbitHunted(cards=cards):
                self.rabbit = cards
                self.log.append(LogLine(LineKind.STREET, _("Rabbit hunt (not part of the hand):"),
                                        cards))
            case BoardCard(street=street, card=card, first=first):
                if first:
                    self.street = street
                    for view in self.seats:
                        view.action = ""
                self.board.append(card)
                if len(self.board) == street.board_size:
                    self._log_board(street)
            case HandShown(seat=seat, cards=cards, description=description):
                view = self.seats[seat]
                # The record carries the cards: a viewer who was not dealt them sees them now.
                view.hole = list(cards)
                view.shown = True
                description = self._said_hand(cards, description)
                view.description = description
                tail = f": {description}" if description else ""
                self.log.append(LogLine(LineKind.SHOWN, _("{name} shows").format(name=view.name),
                                        cards, tail))
            case HandMucked(seat=seat):
                self.seats[seat].folded = self.seats[seat].mucked = True
                self._say(seat, _("mucks"))
            case PotSlide(award=award, frame=frame, frames=frames):
                self._slide(award, frame, frames)
            case PotAwarded():
                self._end_slide()
                self._award(step)
            case HandEnded(stacks=stacks):
                for view, stack in zip(self.seats, stacks, strict=False):
                    if stack is not None:
                        view.stack = stack
                self.pots = []
                self.over = True
                self.street = Street.COMPLETE

    # --- helpers --------------------------------------------------------------

    def _put(self, seat: int, amount: int, all_in: bool, *, bet: bool = True) -> None:
        view = self.seats[seat]
        view.stack -= amount
        if bet:
            view.bet += amount
        else:
            self.dead += amount
        view.all_in = view.all_in or all_in

    def _say(self, seat: int, words: str, *, all_in: bool = False, short: str = "") -> None:
        """Log ``words``; the seat panel keeps them (or the ``short`` form) until next street.

        A seat panel is 18 cells wide with ten seats at 80 columns: an all-in
        reads "all-in 1,000" there (the chips in front of the seat), never
        "raises to 1,000, all-in".
        """
        view = self.seats[seat]
        tail = ", " + _("all-in") if all_in else ""
        if all_in and view.bet:
            view.action = _("all-in {amount}").format(amount=chips(view.bet))
        else:
            view.action = (short or words) + tail
        kind = LineKind.BOT_MOVE if view.is_bot else LineKind.MOVE
        self.log.append(LogLine(kind, f"{view.name} {words}{tail}"))

    def _log_board(self, street: Street) -> None:
        shown = self.board[: street.board_size] if street is Street.FLOP else self.board[-1:]
        self.log.append(LogLine(LineKind.STREET, _(STREETS.get(street.label, street.label)) + ":",
                                tuple(shown)))

    def _pushed(self, award: PotAwarded) -> range:
        """The places in :attr:`pots` of the pots ``award`` pushes (none it does not show)."""
        return range(award.pot_index, min(award.pot_index + award.pot_count, len(self.pots)))

    def _slide(self, award: PotAwarded, frame: int, frames: int) -> None:
        pushed = self._pushed(award)
        if not pushed:
            return
        if self._sliding is None or self._sliding[0] != award:
            self._end_slide()
            stacks = {seat: self.seats[seat].stack for seat in award.winners}
            self._sliding = (award, [self.pots[i] for i in pushed], stacks)
        _, pots, stacks = self._sliding
        moved = [share * frame // frames for share in award.shares]
        # The chips leave the pots pushed together as one pile: the last one empties first.
        left = sum(pot.amount for pot in pots) - sum(moved)
        for place, pot in zip(pushed, pots, strict=True):
            self.pots[place] = Pot(max(min(pot.amount, left), 0), pot.eligible)
            left -= pot.amount
        for seat, won in zip(award.winners, moved, strict=True):
            self.seats[seat].stack = stacks[seat] + won

    def _end_slide(self) -> None:
        """Put back the pots and stacks a slide moved in the picture."""
        if self._sliding is None:
            return
        award, pots, stacks = self._sliding
        for place, pot in zip(self._pushed(award), pots, strict=True):
            self.pots[place] = pot
        for seat, stack in stacks.items():
            self.seats[seat].stack = stack
        self._sliding = None

    def _said_hand(self, cards: Sequence[Card | None], description: str) -> str:
        """A shown hand in the player's language: the engine says it in English."""
        known = [card for card in cards if card is not None]
        if not description or current_language() == ENGLISH or len(known) + len(self.board) < 5:
            return description
        return hand_words(evaluate([*known, *self.board[:5]]))  # the first run's board

    def _award(self, award: PotAwarded) -> None:
        names = [self.seats[s].name for s in award.winners]
        for seat, share in zip(award.winners, award.shares, strict=True):
            self.seats[seat].stack += share
            self.seats[seat].won += share
            self.winners.add(seat)
        for five in award.best_five:
            self.winning_cards.update(five)
        # The pushed pots give up the award's chips: all of them, or one run's
        # half when the board was run twice.
        left = award.amount
        for place in self._pushed(award):
            taken = min(self.pots[place].amount, left)
            left -= taken
            self.pots[place] = Pot(self.pots[place].amount - taken, self.pots[place].eligible)
        which = pot_names(award.pot_index, award.pot_count, len(self.pots))
        # "side pot 1: 220": a pot's number beside the amount read as one number
        # ("side pot 1 220", and in Russian "1 220" is how 1,220 is written).
        which = f" {which}:" if which[-1:].isdigit() else f" {which}" if which else ""
        if len(names) == 1:
            text = _("{name} wins{which} {amount}").format(
                name=names[0], which=which, amount=chips(award.amount))
        else:
            together = _("{names} and {last}").format(names=", ".join(names[:-1]),
                                                      last=names[-1])
            # Who got an odd chip (the first winner left of the button) is shown.
            shares = (_("{amount} each").format(amount=chips(award.shares[0]))
                      if len(set(award.shares)) == 1 else
                      ", ".join(f"{name} {chips(share)}" for name, share in
                                zip(names, award.shares, strict=True)))
            text = _("{names} split{which} {amount} ({shares})").format(
                names=together, which=which, amount=chips(award.amount), shares=shares)
        hand = award.description
        if hand and award.best_five and current_language() != ENGLISH:
            hand = hand_words(evaluate(award.best_five[0]))  # every winner's hand ranks the same
        tail = " " + _("with {hand}").format(hand=hand) if hand else ""
        if award.run:
            tail += " " + _("on the second run")
        self.log.append(LogLine(LineKind.WIN, text, (), tail))
