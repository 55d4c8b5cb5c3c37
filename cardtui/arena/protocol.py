"""The bot protocol: what a hold'em bot sees and what it must answer.

Anyone can write a bot: a class with one method,

    def decide(self, view: BotView, rng: random.Random) -> Action

that returns one legal :class:`~cardtui.holdem.actions.Action` (fold, check,
call, raise to N, all-in) for ``view.seat``. ``view.legal`` lists what is
legal now and the amounts (``call_amount``, ``min_raise_to``,
``max_raise_to``); ``view.history`` is every action of the hand so far, in
order, by seat; ``view.names`` names each seat's player, the same name for the
same bot all match long, so a bot may learn how each opponent plays. Every
random number should come from ``rng`` (the arena seeds it: a match replays).

A bot may also have ``hand_ended(self, summary: HandSummary) -> None``: the
arena calls it after each hand with every action and the cards shown at the
showdown (what anyone at the table saw), so a bot can keep statistics.

The referee (:func:`ask`) is the table's side: a bot's move that is not legal,
an exception, or an answer slower than the time limit is refused with a plain
reason, and the bot checks (or folds when it cannot check), so the hand goes
on. Nothing in a :class:`BotView` tells another seat's hole cards.

>>> import random
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> class Caller:
...     def decide(self, view: BotView, rng: random.Random) -> Action:
...         return Action.call() if view.legal.call_amount else Action.check()
>>> hand = Hand([200, 200], button=1, small_blind=1, big_blind=2,
...             deck=stacked_deck(["AsKs", "7h7d"]))
>>> view = bot_view(hand, ("Ann", "Bob"))
>>> view.seat, [str(c) for c in view.hole], view.legal.call_amount
(1, ['7h', '7d'], 1)
>>> ask(Caller(), view, random.Random(1)).action
Action(kind=<ActionKind.CALL: 'call'>, amount=0)
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from cardtui.cards import Card
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.holdem.actions import (
    Action,
    ActionKind,
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Folded,
    HandShown,
    Record,
    Street,
)
from cardtui.holdem.hand import Hand
from cardtui.holdem.legal import LegalActions, refusal

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Answer",
    "BotView",
    "HandSummary",
    "HoldemBot",
    "SeatAction",
    "ask",
    "bot_view",
    "hand_summary",
    "history",
]

#: Seconds a bot may think before its move is refused (the arena's and the room's limit).
DEFAULT_TIME_LIMIT = 1.0


@dataclass(frozen=True, slots=True)
class SeatAction:
    """One action of the hand: who, on which street, what, and the chips it took.

    ``kind`` is ``post`` (a blind), ``fold``, ``check``, ``call`` or ``raise``
    (a bet or raise to ``to``); ``amount`` is the chips put in by this action.
    """

    street: Street
    seat: int
    kind: str
    amount: int = 0
    to: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class BotView:
    """Everything a seat may know when it must act."""

    seat: int
    hole: tuple[Card, Card]
    board: tuple[Card, ...]
    street: Street
    legal: LegalActions
    #: All chips in the middle (collected pots plus this street's bets).
    pot: int
    current_bet: int
    #: Each seat's bet this street and stack behind (None: an empty seat).
    bets: tuple[int, ...]
    stacks: tuple[int | None, ...]
    #: Seats still in the hand (not folded), this one included.
    live: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    #: Each seat's player name ("" for an empty seat): stable over a match.
    names: tuple[str, ...]
    history: tuple[SeatAction, ...]
    #: Bets and raises made on this street so far.
    raises: int
    #: Players who still act after this seat on this street.
    players_behind: int
    hand_number: int = 0

    @property
    def stack(self) -> int:
        return self.stacks[self.seat] or 0

    @property
    def bet(self) -> int:
        return self.bets[self.seat]

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(s for s in self.live if s != self.seat)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand as the table saw it: actions, board, shown cards, chips won."""

    hand_number: int
    names: tuple[str, ...]
    history: tuple[SeatAction, ...]
    board: tuple[Card, ...]
    shown: dict[int, tuple[Card, Card]]
    #: Each seat's chips won (+) or lost (-) in the hand.
    net: tuple[int, ...]
    big_blind: int


@runtime_checkable
class HoldemBot(Protocol):
    """A hold'em bot: one legal action for the view (see the module's docstring)."""

    def decide(self, view: BotView, rng: random.Random) -> Action: ...


def history(records: Sequence[Record]) -> tuple[SeatAction, ...]:
    """The public actions among ``records`` (hole cards are not actions)."""
    street = Street.PREFLOP
    out: list[SeatAction] = []
    for record in records:
        match record:
            case BoardDealt():
                street = record.street
            case BlindPosted():
                out.append(SeatAction(street, record.seat, "post", record.amount,
                                      record.amount, record.all_in))
            case Folded():
                out.append(SeatAction(street, record.seat, "fold"))
            case Checked():
                out.append(SeatAction(street, record.seat, "check"))
            case Called():
                out.append(SeatAction(street, record.seat, "call", record.amount, 0,
                                      record.all_in))
            case BetOrRaised():
                out.append(SeatAction(street, record.seat, "raise", record.amount, record.to,
                                      record.all_in))
    return tuple(out)


def bot_view(hand: Hand, names: Sequence[str], hand_number: int = 0) -> BotView:
    """The actor's view of ``hand`` (ValueError when nobody is to act)."""
    seat = hand.actor
    if seat is None:
        raise ValueError("nobody is to act")
    seen = hand.view(seat)  # the engine's own view: legality and who acts behind
    return BotView(
        seat=seat, hole=seen.hole, board=seen.board, street=seen.street, legal=seen.legal,
        pot=seen.pot, current_bet=seen.current_bet, bets=tuple(hand.bets),
        stacks=tuple(hand.stacks), live=tuple(hand.live), button=hand.button,
        small_blind=_small_blind(hand), big_blind=hand.big_blind, names=tuple(names),
        history=history(hand.records), raises=seen.raises,
        players_behind=seen.players_behind, hand_number=hand_number,
    )


def _small_blind(hand: Hand) -> int:
    posts = [r.amount for r in hand.records if isinstance(r, BlindPosted)]
    return min(posts) if posts else 0


def hand_summary(hand: Hand, names: Sequence[str], start: Sequence[int | None],
                 hand_number: int = 0) -> HandSummary:
    """What every seat saw of a finished hand (``start``: the stacks before it)."""
    shown = {r.seat: (r.cards[0], r.cards[1]) for r in hand.records
             if isinstance(r, HandShown) and r.cards[0] is not None and r.cards[1] is not None}
    net = tuple((end or 0) - (begin or 0)
                for begin, end in zip(start, hand.final_stacks, strict=True))
    return HandSummary(hand_number, tuple(names), history(hand.records), tuple(hand.board),
                       shown, net, hand.big_blind)


@dataclass(frozen=True, slots=True)
class Answer:
    """The move the table takes from a bot, and why it is not the bot's own (None: it is)."""

    action: Action
    refused: str | None = None
    seconds: float = 0.0


def fallback(legal: LegalActions) -> Action:
    """What a refused bot does: checks when it can, else folds."""
    return Action.check() if legal.can_check else Action.fold()


def ask(bot: HoldemBot, view: BotView, rng: random.Random, *, clock: Clock = SYSTEM_CLOCK,
        time_limit: float = DEFAULT_TIME_LIMIT, name: str = "") -> Answer:
    """The bot's move if it is legal and in time; otherwise a check or fold and the reason.

    The time is read from ``clock`` before and after the call (a test's
    :class:`~cardtui.clock.FakeClock` moves while the bot "thinks"): a bot
    that runs over ``time_limit`` seconds is refused even if its move is legal,
    as a player whose clock ran out at a real table.
    """
    who = name or (view.names[view.seat] if view.seat < len(view.names) else "") or \
        f"seat {view.seat}"
    started = clock.monotonic()
    try:
        action = bot.decide(view, rng)
    except Exception as error:  # noqa: BLE001 - an outside bot's bug must not stop the hand
        last = traceback.extract_tb(error.__traceback__)[-1:]
        where = f" ({last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno})" if last else ""
        reason = f"{who}'s bot failed: {type(error).__name__}: {error}{where}"
        return Answer(fallback(view.legal), reason, clock.monotonic() - started)
    seconds = clock.monotonic() - started
    if seconds > time_limit:
        reason = f"{who}'s bot took {seconds:.2f} s, over the {time_limit:g} s limit"
        return Answer(fallback(view.legal), reason, seconds)
    if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
        reason = f"{who}'s bot answered {action!r}, not an Action"
        return Answer(fallback(view.legal), reason, seconds)
    if not view.legal.allows(action):
        reason = f"{who}'s bot tried an illegal move: {refusal(view.legal, action)}"
        return Answer(fallback(view.legal), reason, seconds)
    return Answer(action, None, seconds)
