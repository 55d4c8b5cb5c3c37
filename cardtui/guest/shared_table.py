"""What the two shared-table sessions do alike: the room's messages turned into seam events.

A remote session stands for one table in the room, seen from this game
process. The room has already filtered every record for this viewer (another
player's hole cards arrive as ``None``), so the session only translates: a
room message in, :mod:`cardtui.tables.session` events out, in the order they
came. It also keeps the present (seats, the hand so far, whose turn it is) so
that a screen attaching late is shown the table as it is now.

A settled hand always reaches the player's store: through the screen when
one is attached (it records :class:`~cardtui.tables.session.Settled` rows as
local play does), else through the link's ``on_settled`` (the player stood up
and went back to the lobby before their last hand ended). A key holder's
hands name the kept chips they move (:mod:`cardtui.tables.shared_bankroll`).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from typing import Any, Protocol

from cardtui.clock import SYSTEM_CLOCK
from cardtui.clock import Clock as Time
from cardtui.games import Game
from cardtui.guest.host_commands import chat_text, host_command
from cardtui.holdem.button import Positions
from cardtui.i18n import _
from cardtui.i18n.said import sentence as said_sentence
from cardtui.store.records import SeatResult
from cardtui.tables.bankroll import Seated
from cardtui.tables.listening import EventLine
from cardtui.tables.session import (
    Event,
    HandBegins,
    Listener,
    Note,
    SeatClock,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
    Voided,
)
from cardtui.wire.codec import DecodeError, decode_record
from cardtui.wire.house_rules import HOUSE_RULES, house_rules
from cardtui.wire.protocol import (
    Announcement,
    Chat,
    ChatEntry,
    ChatLine,
    ComeBack,
    Error,
    HandStarted,
    HandVoided,
    Kicked,
    Leave,
    Message,
    Notice,
    Records,
    Request,
    RoomClosing,
    SeatInfo,
    SeatSettled,
    SitOut,
    TableClosed,
    TableInfo,
    TablePaused,
    TableSeats,
    TableSnapshot,
    Turn,
)
from cardtui.wire.words import shown


class TableLine(Protocol):
    """What a shared table's session needs of the game's line to the room.

    :class:`cardtui.guest.link.RoomLink` is the one there is; the session names
    only this much of it, so the link can import the sessions and not the
    other way round.
    """

    closed: bool
    closing: bool
    #: The time this game reads (deadlines from the room become its monotonic instants).
    clock: Time

    @property
    def keeps_chips(self) -> bool: ...
    def send(self, message: Request) -> int: ...
    def settled(self, message: SeatSettled) -> Settled: ...
    def settled_unclaimed(self, game: Game, settled: Settled) -> None: ...
    def forget(self, session: RemoteSession) -> None: ...
    def stood_up(self, session: RemoteSession) -> None: ...

log = logging.getLogger("cardtui.guest.shared_table")

#: Lines said at the table (chat, the room's notices) kept for a screen not yet
#: attached: the room's answer to sitting down or watching carries the chat so
#: far, and its notice ("Bob takes seat 2 after this hand.") comes in the same
#: read, before the lobby has opened the table's screen.
UNHEARD_NOTES = 10


def local_deadline(wall_clock: float | None, clock: Time = SYSTEM_CLOCK) -> float | None:
    """The room's wall-clock deadline as an instant on ``clock``'s monotonic time.

    The room and the game run on the same machine, so the wall clocks agree;
    the screen counts down on the monotonic clock, which never jumps.
    """
    if wall_clock is None:
        return None
    return clock.monotonic() + max(0.0, wall_clock - clock.wall())


def sentence(text: str) -> str:
    """A refusal from the room as the screens write their own: a capital, a full stop.

    >>> sentence("slow down: too many chat lines")
    'Slow down: too many chat lines.'
    >>> sentence("Bets are placed between rounds.")
    'Bets are placed between rounds.'
    """
    return said_sentence(text)


def seat_state(info: SeatInfo) -> SeatState:
    return SeatState(info.seat, info.name, info.stack, bot=info.bot, status=info.status.value,
                     bet=info.bet)


def seat_result(message: SeatSettled) -> SeatResult:
    """The row local play would store: the room's result field for field."""
    return SeatResult(**dataclasses.asdict(message.result))


class RemoteSession:
    """One table in the room as this player sees it (a seat, or watching)."""

    game: Game

    def __init__(self, link: TableLine, info: TableInfo) -> None:
        self.link = link
        self.table_id = info.id
        self.info = info
        #: The seat this player holds here; None while watching.
        self.your_seat: int | None = None
        self.hand_number = 0
        self._seats: tuple[SeatState, ...] = ()
        self.begun: HandBegins | None = None
        self.records: list[object] = []
        self.clock: SeatClock | None = None
        #: The decision the screen is waiting on (None while others act or between hands).
        self.to_act: ToAct | None = None
        #: A hand (round) has begun and not yet ended.
        self.in_hand = False
        self.left = False
        #: The room let this table go for this player: the host closed the table or
        #: removed them. Nothing more comes from it; leaving tells the room nothing.
        self.gone = False
        #: The host who paused the table ("": it plays).
        self.paused_by = info.paused_by
        #: This seat plays the profile's kept chips: leaving returns them.
        self.kept_chips = False
        #: The buy-in the kept chips made for this seat (None: none, or table-only chips).
        self.bought: Seated | None = None
        #: The screen attached now (one at a time), and what waits for the next one.
        self.line: EventLine[Event] = EventLine()
        self._snapshots = 0
        #: Notes no screen has shown yet; a chat line with where in the hand's records
        #: it was said (None: the room's notes, shown after the hand so far).
        self._unheard: list[tuple[int | None, Note]] = []

    def local_deadline(self, wall_clock: float | None) -> float | None:
        """The room's deadline on this game's clock (:func:`local_deadline`)."""
        return local_deadline(wall_clock, self.link.clock)

    # --- the seam ---------------------------------------------------------------------

    @property
    def viewer_seats(self) -> frozenset[int]:
        return frozenset() if self.your_seat is None else frozenset({self.your_seat})

    @property
    def room_closing(self) -> bool:
        """No hand (round) will be dealt here again: the room said it is stopping, or the
        host closed the table or removed this player from it."""
        return self.gone or (self.link is not None and self.link.closing)

    @property
    def table_closed(self) -> bool:
        """The room let this table go for this player (it closed, its host died, or the
        host removed them): nothing more comes from it, nothing is played here."""
        return self.gone

    #: One player per terminal: never a shared keyboard.
    hot_seat = False

    def seats(self) -> tuple[SeatState, ...]:
        """Who sits where now, as every viewer sees it."""
        return self._seats

    def deal(self) -> None:
        """Nothing to do: the room deals when the table is ready (the local table's key)."""

    def hurry(self) -> None:
        """Nothing to hurry: the room's bots do not wait for this screen."""

    def fold_out(self) -> None:
        """Leaving mid-hand: the room folds (or checks) for us and the hand still counts."""
        self.leave()

    def close(self) -> None:
        """The screen went away for good: stand up (or stop watching)."""
        self.leave()

    def attach(self, listener: Listener) -> None:
        self.line.attach(listener, self.present())

    def detach(self, listener: Listener | None = None) -> None:
        self.line.detach(listener)

    def present(self) -> Iterator[Event]:
        """The table as it is now, as events: what a screen attaching late is shown first."""
        yield SeatsChanged(self._seats)
        unheard, self._unheard = self._unheard, []
        if self.begun is not None:
            yield from self._hand_with_notes(self.begun, unheard)
        else:
            yield from (note for _, note in unheard)
        if self.clock is not None:
            yield self.clock
        if self.to_act is not None:
            yield self.to_act

    def _hand_with_notes(self, begun: HandBegins,
                         unheard: list[tuple[int | None, Note]]) -> Iterator[Event]:
        """The hand so far with the notes no screen has shown: each after the hand's
        start (which clears a screen's notes), and a chat line where it was said among
        the records, not after them all."""
        yield begun
        shown = 0
        for where, note in unheard:
            if where is None:
                continue
            if where > shown:
                yield Seen(tuple(self.records[shown:where]))
                shown = where
            yield note
        if shown < len(self.records):
            yield Seen(tuple(self.records[shown:]))
        yield from (note for where, note in unheard if where is None)

    # --- what the player asks ----------------------------------------------------------

    def chat(self, text: str) -> None:
        """Say ``text`` at the table; a line starting with ``/`` is a host's command
        (:mod:`cardtui.guest.host_commands`): the room checks the key and answers here."""
        line = text.strip()
        if not line:
            raise ValueError(_("nothing to say"))
        command = host_command(line, self.table_id)
        if isinstance(command, str):
            self._say_here(command)
        elif command is not None:
            self._send(command)
        else:
            self._send(Chat(self.table_id, chat_text(line)))

    def _say_here(self, text: str) -> None:
        """A line for this screen's log alone (a command's usage): nothing reaches the room."""
        note = Note(text, "warning")
        self._keep(note)
        self._deliver(note)

    def sit_out(self) -> None:
        self._send(SitOut(self.table_id))

    def come_back(self) -> None:
        self._send(ComeBack(self.table_id))

    def leave(self) -> None:
        """Stand up (or stop watching). A hand in progress still settles into the store.

        After the room has closed there is nothing to tell it (it holds no seat
        any more): the player just goes, and the kept chips come back.
        """
        if self.left:
            return
        if not self.link.closed and not self.gone:
            self._send(Leave(self.table_id))
        self.left = True
        self.to_act = None
        self.detach()
        self.link.forget(self)
        self.link.stood_up(self)

    def _send(self, message: Request) -> None:
        if self.left:
            raise ValueError(_("you have left this table"))
        self.link.send(message)

    def _my_turn(self, seat: int) -> ToAct:
        """The pending decision of ``seat``; ValueError when it has none (not our turn)."""
        turn = self.to_act
        if self.left or turn is None or turn.seat != seat or seat != self.your_seat:
            raise ValueError(_("it is not your turn"))
        return turn

    # --- what the room tells ------------------------------------------------------------

    def receive(self, message: Message) -> None:
        """One message from the room for this table, as events to the screen, in order."""
        for event in self.translate(message):
            self._keep(event)
            self._deliver(event)

    def translate(self, message: Message) -> Iterator[Event]:
        match message:
            case TableSnapshot():
                yield from self._snapshot(message)
            case TableSeats(seats=seats):
                yield SeatsChanged(self.every_seat(seats))
            case HandStarted():
                self.hand_number = message.number
                dealt = self._dealt_statuses(message.seats)
                if dealt != self._seats:
                    yield SeatsChanged(dealt)
                yield HandBegins(message.number, self.dealt_in(message.seats),
                                 self.positions(message))
            case Records():
                yield from self._records(message)
            case Turn(seat=seat, deadline=deadline):
                self.to_act = None
                yield SeatClock(seat, self.local_deadline(deadline))
            case SeatSettled():
                yield self.settled(message)
            case ChatLine(name=name, text=text):
                yield Note(f"{name}: {text}", "chat")
            case Notice(key=key, args=args) if key == HOUSE_RULES and "options" in args:
                yield Note(house_rules(args["options"].split(), _))
            case Notice(text=text, key=key, args=args):
                yield Note(shown(text, key, args))
            case RoomClosing(text=text, key=key, args=args):
                yield from self._room_closing(shown(text, key, args))
            case Error(message=text, key=key, args=args):
                yield Note(sentence(shown(text, key, args)), "warning")
            case HandVoided(stacks=stacks, reason=reason, key=key, args=args):
                yield from self._stop_clock()  # nobody is to act in a void hand
                yield SeatsChanged(self.every_seat(stacks))
                yield Voided(shown(reason, key, args))
            case TablePaused(by=by):
                yield from self._paused(by)
            case Announcement(name=name, text=text):
                # The host's words as they typed them; the frame in the player's language.
                yield Note(_("The host ({host}) announces: {text}").format(host=name, text=text),
                           "warning")
            case Kicked(by=by, banned=banned):
                yield from self._let_go(
                    (_("The host ({name}) banned you from the room") if banned else
                     _("The host ({name}) removed you from this table")).format(name=by))
            case TableClosed():
                yield from self._let_go(_("This table has closed"))
            case _:
                yield from self.translate_game(message)

    def _paused(self, by: str) -> Iterator[Event]:
        """The host paused the table (``by``) or resumed it (""): no clock runs meanwhile,
        and nobody is asked to act (the room prompts again on resuming)."""
        was, self.paused_by = self.paused_by, by
        if by:
            yield from self._stop_clock()
            self.to_act = None
            yield Note(_("The table is paused by the host ({name}).").format(name=by), "warning")
        elif was:
            yield Note(_("The host resumed the table."))

    def _let_go(self, text: str) -> Iterator[Event]:
        """The room holds no seat or screen here for this player any more (``text`` says
        why, without a full stop): the seat's chips go back to the balance now (once),
        and no clock runs for us."""
        if self.gone:
            return
        self.gone = True
        yield from self._stop_clock()
        self.to_act = None
        seated = self.your_seat is not None
        self.link.stood_up(self)
        self.kept_chips = False  # (returned: leaving later must not return them again)
        said = (_("{why}: your chips here went back to your balance.") if seated and
                self.link.keeps_chips else _("{why}.")).format(why=text)
        if self.in_hand or self.begun is not None:
            # The hand shown is over for this player (its host died: voided with every
            # bet back; or they were removed): the screen clears it, so nothing reads as
            # still in play (no move keys, no "your hand is folded" on Escape).
            yield Voided(said)
        else:
            yield Note(said, "warning")

    def _records(self, message: Records) -> Iterator[Event]:
        """What happened next in the hand in play (records of another hand are dropped)."""
        if message.hand != self.hand_number:
            log.warning("table %s: records of hand %d during hand %d; dropped",
                        self.table_id, message.hand, self.hand_number)
            return
        yield from self._stop_clock()
        self.to_act = None
        records = self.decode(message.records)
        if records:
            yield Seen(records)

    def _room_closing(self, text: str) -> Iterator[Event]:
        if self.to_act is not None and not self.in_hand:
            # Blackjack's betting window was open: no round will be dealt, so
            # the bet prompt goes (it said "d places it" beside the closing).
            self.to_act = None
            yield from self._stop_clock()
            yield Voided(text)
        else:
            yield Note(text, "warning")

    def settled(self, message: SeatSettled) -> Settled:
        """One of our hands settled: the rows for the store (and the kept chips they move)."""
        return self.link.settled(message)

    def translate_game(self, message: Message) -> Iterator[Event]:
        """The messages only this game has (its turn prompt, blackjack's betting window)."""
        log.debug("table %s: %s ignored", self.table_id, message.TYPE)
        return iter(())

    def positions(self, started: HandStarted) -> Positions | None:
        """Hold'em's button and blinds for the hand ``started`` (None in blackjack)."""
        return None

    def _dealt_statuses(self, dealt: tuple[SeatInfo, ...]) -> tuple[SeatState, ...]:
        """The seats as a hand starts: those dealt in have the status they were dealt with.

        A seat waiting for the big blind is dealt in when it comes round; the
        room says so in the hand's start, not in a seat line of its own, and a
        screen went on drawing the seat "waiting" as it posted the blind.
        """
        statuses = {info.seat: info.status.value for info in dealt}
        return tuple(
            dataclasses.replace(seat, status=statuses[seat.seat])
            if seat.seat in statuses and seat.status != statuses[seat.seat] else seat
            for seat in self._seats)

    def every_seat(self, infos: tuple[SeatInfo, ...]) -> tuple[SeatState, ...]:
        """One state per seat of the table, as the local sessions give them (empty ones too)."""
        taken = {info.seat: seat_state(info) for info in infos}
        count = max(self.info.seats, max(taken, default=-1) + 1)
        return tuple(taken.get(seat, SeatState(seat, "", 0, status="empty"))
                     for seat in range(count))

    def dealt_in(self, infos: tuple[SeatInfo, ...]) -> tuple[SeatState, ...]:
        """The seats of a hand's start: hold'em names those dealt in (as its local session)."""
        return tuple(seat_state(info) for info in infos)

    def ends_hand(self, record: object) -> bool:
        """Whether ``record`` closes the hand (round) in play."""
        return False

    def _snapshot(self, snapshot: TableSnapshot) -> Iterator[Event]:
        """The table as it is (on sitting down, watching, or a reconnect)."""
        self.info = snapshot.table
        self._take_seat(snapshot.your_seat)
        self._snapshots += 1
        yield SeatsChanged(self.every_seat(snapshot.seats))
        hand = snapshot.hand
        # A reconnect's snapshot repeats lines already shown: only the first one's count.
        chat = [self._chat_note(entry) for entry in snapshot.chat] if self._snapshots == 1 else []
        if hand is not None:
            yield from self._hand_so_far(snapshot, hand, chat)
            chat = []
        else:
            self.begun = None
            self.in_hand = False
            self.records = []
        self.to_act = None
        if snapshot.turn is not None:
            yield SeatClock(snapshot.turn.seat, self.local_deadline(snapshot.turn.deadline))
        else:
            yield from self._stop_clock()
        yield from chat  # between hands: the table's talk, in the order said

    def _take_seat(self, seat: int | None) -> None:
        """The seat the room says this player holds (None: watching)."""
        if seat is None and self.your_seat is not None:
            # The seat went to another game of this key: the chips it plays are that
            # game's to bring back to the balance when it stands up, not this one's.
            self.kept_chips = False
            self.bought = None
        self.your_seat = seat
        if seat is not None and self.link.keeps_chips:
            self.kept_chips = True  # a seat the room gave back on reconnecting

    def _hand_so_far(self, snapshot: TableSnapshot, hand: HandStarted,
                     chat: list[Note]) -> Iterator[Event]:
        """The hand in play as the snapshot has it, with the table's talk where it was said."""
        self.hand_number = hand.number
        yield HandBegins(hand.number, self.dealt_in(hand.seats), self.positions(hand))
        # Lines said before this hand first, then each line where it was said in it
        # (a newcomer's screen had them all spliced after the action so far).
        said = [(e.records if e.hand == hand.number else 0, note)
                for e, note in zip(snapshot.chat, chat, strict=False)]
        shown = 0
        for where, note in sorted(said, key=lambda pair: pair[0]):
            if where > shown:
                if records := self.decode(snapshot.records[shown:where]):
                    yield Seen(records)
                shown = where
            yield note
        if records := self.decode(snapshot.records[shown:]):
            yield Seen(records)

    @staticmethod
    def _chat_note(entry: ChatEntry) -> Note:
        return Note(f"{entry.name}: {entry.text}", "chat")

    def _stop_clock(self) -> Iterator[Event]:
        if self.clock is not None:
            yield SeatClock(self.clock.seat, None)

    def decode(self, data: tuple[dict[str, Any], ...]) -> tuple[object, ...]:
        records = []
        for item in data:
            try:
                records.append(decode_record(item))
            except DecodeError as error:
                log.warning("table %s: the room sent a bad record: %s", self.table_id, error)
        return tuple(records)

    def _keep(self, event: Event) -> None:
        """Remember the present, for a screen that attaches later."""
        match event:
            case SeatsChanged(seats=seats):
                self._seats = seats
            case HandBegins():
                self.begun = event
                self.in_hand = True
                self.records = []
                # Chat from before this hand comes first in its picture.
                self._unheard = [(None if where is None else 0, note)
                                 for where, note in self._unheard]
                self.clock = None
                self.to_act = None
            case Seen(records=records):
                self.records.extend(records)
                if any(self.ends_hand(r) for r in records):
                    self.in_hand = False
            case SeatClock(deadline=deadline):
                self.clock = event if deadline is not None else None
            case ToAct():
                self.to_act = event
            case Voided():
                self.in_hand = False
                self.begun = None
                self.records = []
                self.clock = None
                self.to_act = None

    def _deliver(self, event: Event) -> None:
        if self.line.emit(event):
            return
        if isinstance(event, Settled):
            self.link.settled_unclaimed(self.game, event)
        elif isinstance(event, Note):
            where = len(self.records) if event.kind == "chat" else None
            self._unheard = [*self._unheard, (where, event)][-UNHEARD_NOTES:]
