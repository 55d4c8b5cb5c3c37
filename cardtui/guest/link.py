"""The game process's one line to the room: the lobby as it is now, each table to its session.

A game process started by ``cardtui serve`` holds one :class:`RoomLink`. It
reads every message the room sends and routes it: lobby messages update
:attr:`RoomLink.tables` and tell the lobby's listeners; a table's messages go
to that table's session (:mod:`cardtui.guest.holdem`,
:mod:`cardtui.guest.blackjack`). A settled hand of a table the player
already left still reaches their store, through ``on_settled``; a hand they
left mid-hand with its history, as their seat saw it (the room sends the hand's
records to the end, and the session that left keeps them until the result).

A key holder's seats buy in from the profile's kept chips and cash out to
them (:mod:`cardtui.tables.shared_bankroll`): :meth:`RoomLink.sit` takes the
buy-in from the balance before asking the room, leaving returns the chips,
and :meth:`RoomLink.start` returns the chips of seats the room no longer
holds (a killed game, a lost connection, a stopped room).

A key holder's settled hands arrive at least once: the room keeps each until
this link says :class:`~cardtui.wire.protocol.SettledSeen`, which it says
only once the store has committed the hand (the store tells it, from
whichever thread wrote it). A game killed in between gets the hand again on
the profile's next connection, and the store, which knows every shared hand
by its name (:meth:`RoomLink.shared_hand`), records it once.

Every request this link sends carries a reference from its own counter
(:class:`~cardtui.wire.protocol.Request`); the room echoes it in the message
that answers (:class:`~cardtui.wire.protocol.Reply`), the reply or the
refusal. A request the link waits on (:meth:`RoomLink._ask`) keeps a future
under its reference until that answer comes, however the answers to other
requests interleave; when the line closes, one cleanup fails every waiter
together.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.games import Game
from cardtui.guest.blackjack import BlackjackRemoteSession
from cardtui.guest.client import RoomClient
from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.guest.host_commands import chat_text, host_command
from cardtui.guest.prize import paid_out
from cardtui.guest.shared_table import RemoteSession, seat_result
from cardtui.i18n import _
from cardtui.store.records import room_table
from cardtui.tables.session import Settled as SettledEvent
from cardtui.tables.shared_bankroll import RoomChips, returned_note
from cardtui.wire.protocol import (
    Announcement,
    ChatEntry,
    CreateBlackjack,
    CreateHoldem,
    Error,
    ErrorCode,
    GetHostDesk,
    GetLeaderboard,
    GetLobby,
    HandStarted,
    HandVoided,
    HostDeskState,
    HostRequest,
    JoinPrivate,
    Kicked,
    Leaderboard,
    LobbyChat,
    LobbyChatLine,
    LobbySnapshot,
    LobbyUpdate,
    Message,
    Notice,
    Online,
    OnlinePlayer,
    Records,
    Rename,
    Renamed,
    Reply,
    Request,
    RoomClosing,
    SeatSettled,
    SettledSeen,
    Sit,
    SitAndGoInfo,
    SitAndGoUpdate,
    TableClosed,
    TableInfo,
    TableSnapshot,
    TournamentResults,
    Watch,
    Welcome,
)
from cardtui.wire.words import shown

log = logging.getLogger("cardtui.guest.link")

#: Seconds to wait for the room to answer a request from the lobby.
ANSWER_TIMEOUT = 10.0
#: Lines of the lobby's chat kept (the room sends its last lines on joining).
LOBBY_CHAT = 30

R = TypeVar("R", bound=Reply)
Q = TypeVar("Q", bound=Request)

LobbyListener = Callable[[str | None], None]
SettledSink = Callable[[Game, SettledEvent], None]


class RoomRefused(Exception):
    """The room said no (a full seat, a bad amount) or did not answer; one line for the player."""


class RoomLink:
    """The room as one game process sees it."""

    def __init__(self, client: RoomClient, on_settled: SettledSink | None = None,
                 chips: RoomChips | None = None, *, clock: Clock = SYSTEM_CLOCK) -> None:
        self.client = client
        #: The time this game reads: how long a request waits, the tables' deadlines.
        self.clock = clock
        #: Where the rows of a hand nobody's screen is showing go (the player's store).
        self.on_settled = on_settled
        #: The profile's kept chips (None: table-only chips; a guest never keeps any).
        self.chips = chips
        self.welcome: Welcome | None = None
        #: The lobby: every table by id, in the room's order.
        self.tables: dict[str, TableInfo] = {}
        self.sessions: dict[str, RemoteSession] = {}
        #: Tables this player left mid-hand, by id: the session that left keeps that
        #: hand's records, which the room goes on sending, until the hand's result, so
        #: the hand reaches the store with its history (as a seat that stayed does).
        self._finishing: dict[str, RemoteSession] = {}
        #: Seats this player still held when the link opened (a reconnect), not yet shown.
        self.reseated: list[RemoteSession] = []
        self.closed = False
        #: Why the room will close the line, when it said (a ban): told as it closes,
        #: not "The room has closed." (it has not, for the others).
        self.parting: str | None = None
        #: The room said it is stopping: no hand will be dealt any more.
        self.closing = False
        self._listeners: list[LobbyListener] = []
        #: The next request's reference (the greeting takes the first).
        self._refs = itertools.count(1)
        #: Requests waiting for the room's answer, by their reference.
        self._waiters: dict[int, asyncio.Future[Reply]] = {}
        self._task: asyncio.Task[None] | None = None
        #: Settled hands handed to the store and not acknowledged yet: name -> (table, hand).
        self._unseen: dict[str, tuple[str, int]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Chips brought home after a second greeting (kept: a task must be referenced).
        self._regreeted: asyncio.Task[None] | None = None
        self._stop_hearing: Callable[[], None] | None = None
        #: Notices for the player said before anyone listened (see :meth:`listen`).
        self._untold: list[str] = []
        #: Who is in the room and where, as the room last said.
        self.online: tuple[OnlinePlayer, ...] = ()
        #: The lobby's chat, oldest first.
        self.lobby_chat: list[ChatEntry] = []
        #: The host's last announcement: (the host's name, the text); None: none yet.
        self.announcement: tuple[str, str] | None = None
        #: The room's words on the last table this link opened (a private one's code).
        self.opened = ""
        #: The invite code of the private table :meth:`create` opened last ("" if none).
        self.invite_code = ""
        #: The room's sit-and-gos by id, and the results boards not shown yet.
        self.sit_and_gos: dict[str, SitAndGoInfo] = {}
        self.results: list[TournamentResults] = []

    async def start(self) -> Welcome:
        """Greet the room and start reading; return who the room says this player is."""
        self.welcome = await self.client.hello(next(self._refs))
        if self.keeps_chips:
            assert self.chips is not None
            self._loop = asyncio.get_running_loop()
            # Before reading: the room sends the hands it kept right after the greeting.
            self._stop_hearing = self.chips.store.on_shared_saved(self._saved)
        self._task = asyncio.create_task(self._read())
        if self.keeps_chips:
            await self._return_unheld_chips()
        return self.welcome

    @property
    def keeps_chips(self) -> bool:
        """Whether this player's seats play the profile's kept chips (a key holder's)."""
        return self.chips is not None and self.welcome is not None and not self.welcome.guest

    async def _return_unheld_chips(self) -> None:
        """Chips at tables where the room no longer seats this profile go back to the balance.

        Only after the results the room kept for this profile (hands that
        settled while no game of theirs was connected) are recorded: the room
        sends them right after the greeting, so the answer to a lobby request
        sent now comes after every one of them.
        """
        assert self.chips is not None and self.welcome is not None
        try:
            await self._ask(GetLobby(), LobbySnapshot)
        except RoomRefused as refusal:
            log.warning("kept chips not checked against the room's seats: %s", refusal)
            return
        returned = self.chips.return_unheld(self.welcome.seated_at, self.name)
        for game, table_id, chips in returned:
            log.info("%d %s chips from table %s went back to the balance", chips, game.value,
                     table_id)
        # Said to the player (the lobby is not listening yet: told to its first listener).
        note = returned_note(returned)
        if note is not None:
            self._untold.append(note)

    @property
    def name(self) -> str:
        return self.welcome.name if self.welcome is not None else ""

    @property
    def is_host(self) -> bool:
        """Whether the room said this player's key runs the room (its controls answer)."""
        return self.welcome is not None and self.welcome.host

    async def close(self) -> None:
        if self._stop_hearing is not None:
            self._stop_hearing()
        self.client.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    # --- listening --------------------------------------------------------------------

    def listen(self, listener: LobbyListener) -> None:
        """Call ``listener(None)`` when the lobby changes, ``listener(text)`` for a room notice.

        The first listener also hears what was said before anyone listened (the
        chips returned on joining the room).
        """
        self._listeners.append(listener)
        while self._untold:
            listener(self._untold.pop(0))

    def unlisten(self, listener: LobbyListener) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)

    def _tell(self, text: str | None) -> None:
        for listener in list(self._listeners):
            listener(text)

    async def _read(self) -> None:
        try:
            async for message in self.client.messages():
                try:
                    self.dispatch(message)
                except Exception:
                    # One bad message costs that message, never the player's game.
                    log.exception("handling %s from the room", message.TYPE)
        finally:
            self.closed = True
            self._fail_waiters(RoomRefused(_("the room has closed")))
            self._tell(self.parting or _("The room has closed."))

    def _fail_waiters(self, error: RoomRefused) -> None:
        """The line is gone: every request still waiting fails, all at once."""
        waiters, self._waiters = self._waiters, {}
        for future in waiters.values():
            if not future.done():
                future.set_exception(error)

    def _answer(self, message: Message) -> bool:
        """Hand ``message`` to the request it answers; whether one was waiting for it."""
        if not isinstance(message, Reply) or message.ref is None:
            return False
        future = self._waiters.pop(message.ref, None)
        if future is None or future.done():
            return False  # a request nobody waits on (an action), or one given up on
        future.set_result(message)
        return True

    def dispatch(self, message: Message) -> None:
        """Act on one message from the room: the room's own news, or a table's."""
        # The asker resumes later; whatever else the message does happens first
        # (a lobby snapshot updates the tables, a table snapshot reaches its session).
        answered = self._answer(message)
        news = _ROOM_NEWS.get(type(message))
        if news is not None and news(self, message):
            return
        self._to_table(message, answered)

    # --- the room's own news (each True: nothing more to do; False: the table's too) ----

    def _lobby_snapshot(self, message: LobbySnapshot) -> bool:
        self.tables = {t.id: t for t in message.tables}
        self.sit_and_gos = {s.id: s for s in message.sit_and_gos}
        self.online = message.online
        self.lobby_chat = list(message.chat)[-LOBBY_CHAT:]
        if message.announcement:
            self.announcement = (message.announced_by, message.announcement)
        self._tell(None)
        return True

    def _online(self, message: Online) -> bool:
        self.online = message.players
        self._tell(None)
        return True

    def _lobby_chat_line(self, message: LobbyChatLine) -> bool:
        self.lobby_chat = [*self.lobby_chat, ChatEntry(message.name, message.text)][-LOBBY_CHAT:]
        self._tell(None)
        return True

    def _announcement(self, message: Announcement) -> bool:
        """The host said something to the whole room: the lobby and every table show it."""
        self.announcement = (message.name, message.text)
        for each in list(self.sessions.values()):
            each.receive(message)
        self._tell(None)
        return True

    def _kicked(self, message: Kicked) -> bool:
        """The host stood this player up at a table: its session lets the seat go (the
        chips go back to the balance) and the lobby says so."""
        session = self.sessions.get(message.table)
        if session is not None:
            session.receive(message)
        info = self.tables.get(message.table)
        where = info.name if info is not None else _("a table")
        if message.banned:
            self._tell(_("The host ({name}) banned you from the room.").format(name=message.by))
        else:
            self._tell(_("The host ({name}) removed you from {table}.").format(
                name=message.by, table=where))
        return True

    def _lobby_update(self, message: LobbyUpdate) -> bool:
        info = message.table
        self.tables[info.id] = info
        session = self.sessions.get(info.id)
        if session is not None:
            session.info = info
        self._tell(None)
        return True

    def _sit_and_go_update(self, message: SitAndGoUpdate) -> bool:
        self.sit_and_gos[message.sit_and_go.id] = message.sit_and_go
        self._tell(None)
        return True

    def _tournament_results(self, message: TournamentResults) -> bool:
        """A sit-and-go this player was in is over: the prize to the balance, the board
        for the lobby to show."""
        paid_out(self.chips if self.keeps_chips else None, self.name,
                 self.welcome.room if self.welcome else "", message)
        self.results.append(message)
        self._tell(None)
        return True

    def _table_closed(self, message: TableClosed) -> bool:
        self.tables.pop(message.table, None)
        self._tell(None)
        return False  # the table's session hears it too

    def _room_closing(self, message: RoomClosing) -> bool:
        self.closing = True
        for each in list(self.sessions.values()):
            each.receive(message)
        self._tell(shown(message.text, message.key, message.args))
        return True

    def _welcomed_again(self, message: Welcome) -> bool:
        """A greeting after the first: the room runs anew on another host (cardtui.cluster)
        and the line was opened there for this game. Its id names the hands from now on:
        the old room's table t1 hand 1 is not the new room's."""
        self.welcome = message
        if self.keeps_chips:
            # As at the start: chips at tables the new room does not seat this profile
            # at (all of them: it is new) come back to the balance. A seat that only
            # waited for the next hand heard its table close without cashing out.
            self._regreeted = asyncio.get_running_loop().create_task(
                self._return_unheld_chips())
        self._tell(None)
        return True

    def _renamed(self, message: Renamed) -> bool:
        if self.welcome is not None:
            self.welcome = dataclasses.replace(self.welcome, name=message.name)
        self._tell(None)
        return True

    # --- a table's messages ------------------------------------------------------------

    def _to_table(self, message: Message, answered: bool) -> None:
        """To the session of the table ``message`` names; else where it belongs."""
        table_id = message.table.id if isinstance(message, TableSnapshot) else getattr(
            message, "table", None)
        session = self.sessions.get(table_id) if isinstance(table_id, str) else None
        if session is None and isinstance(table_id, str):
            session = self._left_mid_hand(table_id, message)
        if session is not None:
            session.receive(message)
        elif isinstance(message, TableSnapshot) and self._reseated(message):
            pass
        elif isinstance(message, SeatSettled):
            self.settled_unclaimed(message.game, self.settled(message))
        elif isinstance(message, Notice | Error) and not answered:
            # (An answer to a request is told by whoever asked, in their words.)
            self._unclaimed_words(message, table_id)

    def _left_mid_hand(self, table_id: str, message: Message) -> RemoteSession | None:
        """The session that left ``table_id`` mid-hand, for that hand's records and result.

        Its result (SeatSettled) is the last it takes: the session, detached,
        hands the rows with the hand's history to ``on_settled``. A hand that
        ends with no result for this player (voided, the table closed) lets it go.
        """
        session = self._finishing.get(table_id)
        if session is None:
            return None
        if isinstance(message, Records | SeatSettled) and message.hand == session.hand_number:
            if isinstance(message, SeatSettled):
                del self._finishing[table_id]
            return session
        if isinstance(message, HandStarted | HandVoided | TableClosed):
            del self._finishing[table_id]
        return None

    def _reseated(self, message: TableSnapshot) -> bool:
        """Back after a dropped connection: the room put us in our seat again."""
        if message.your_seat is None or message.table.id not in self.tables:
            return False
        session = self.session(message.table.id)
        self.reseated.append(session)
        session.receive(message)
        self._tell(None)
        return True

    def _unclaimed_words(self, message: Notice | Error, table_id: object) -> None:
        """A notice or refusal no table's session and no request claims: the lobby's."""
        text = shown(message.text if isinstance(message, Notice) else message.message,
                     message.key, message.args)
        if isinstance(message, Error) and message.code is ErrorCode.BANNED:
            self.parting = text
        if table_id is None:
            for each in list(self.sessions.values()):
                each.receive(message)
        elif isinstance(message, Notice):
            # Said at a table this player has just left (the room had not yet
            # heard): the lobby showed "Bob leaves the table." for good.
            log.debug("table %s: %r after leaving; dropped", table_id, text)
            return
        self._tell(text)

    def shared_hand(self, message: SeatSettled) -> str | None:
        """The hand's name for good: its room's id, the table, the hand's number."""
        room = message.room or (self.welcome.room if self.welcome is not None else "")
        if not room:
            return None
        return f"{room}:{message.table}:{message.hand}"

    def settled(self, message: SeatSettled) -> SettledEvent:
        """The store's rows of one of our settled hands, with the kept chips it moves.

        Whoever records the rows (the table's screen, or ``on_settled``) passes
        the hand's name to the store; the room hears the hand is kept once the
        store says it is saved.
        """
        row = seat_result(message)
        name = self.shared_hand(message)
        if message.table in self.sit_and_gos:
            # A sit-and-go's hand: tournament chips, recorded as a tournament's (its
            # buy-in and prize move the kept chips, :mod:`cardtui.guest.sit_and_go`).
            return SettledEvent((row,), shared_hand=name, tournament=True)
        if not self.keeps_chips:
            return SettledEvent((row,), shared_hand=name)
        if name is not None:
            self._unseen[name] = (message.table, message.hand)
        return SettledEvent((row,), bankroll_player=row.player,
                            bankroll_place=room_table(message.table), shared_hand=name)

    def _saved(self, name: str) -> None:
        """The store saved the shared hand ``name`` (called from any thread)."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the room resends
                loop.call_soon_threadsafe(self._seen, name)

    def _seen(self, name: str) -> None:
        hand = self._unseen.pop(name, None)
        if hand is not None and not self.closed:
            self.client.send(self._numbered(SettledSeen(*hand)))

    def settled_unclaimed(self, game: Game, settled: SettledEvent) -> None:
        if self.on_settled is not None:
            self.on_settled(game, settled)
        else:
            log.warning("a settled %s hand had nowhere to go", game.value)

    # --- asking ---------------------------------------------------------------------------

    def lobby_say(self, text: str) -> None:
        """Say ``text`` in the lobby's chat (a refusal comes back as the room's words).

        A line starting with ``/`` is a host's command (``/kick Bob``,
        ``/announce ...``): the room checks the key and answers the lobby.
        """
        line = text.strip()
        if not line:
            raise ValueError(_("nothing to say"))
        command = host_command(line, None)
        if isinstance(command, str):
            self._tell(command)
        elif command is not None:
            self.send(command)
        else:
            self.send(LobbyChat(chat_text(line)))

    async def host(self, request: HostRequest) -> str:
        """Ask a host's request of the room; its answer in words, or RoomRefused saying
        why not (the room checks the key: a non-host is refused whatever it sends)."""
        notice = await self._ask(request, Notice)
        return shown(notice.text, notice.key, notice.args)  # in this player's language

    async def host_desk(self) -> HostDeskState:
        """The seat requests waiting for a host and the bans (RoomRefused for a non-host)."""
        return await self._ask(GetHostDesk(), HostDeskState)

    async def leaderboard(self) -> Leaderboard:
        """The room's leaderboard, tonight and all time (RoomRefused when it does not answer)."""
        return await self._ask(GetLeaderboard(), Leaderboard)

    def rename(self, name: str) -> None:
        """Ask the room to show ``name`` from now (the player saved it in Settings).

        The room answers :class:`Renamed` (then :attr:`name` is the new name and
        the lobby hears of it) or an error the lobby and the tables show.
        """
        if not self.closed:
            self.send(Rename(name))

    def send(self, message: Request) -> int:
        """Send a request nobody waits on (an action, a chat line); its reference.

        A refusal comes back under that reference and, with no waiter, goes to
        the table's session (or the lobby) as the room's own words.
        """
        if self.closed:
            raise ValueError(_("the room has closed"))
        numbered = self._numbered(message)
        self.client.send(numbered)
        assert numbered.ref is not None
        return numbered.ref

    def _numbered(self, message: Q) -> Q:
        """``message`` with the next reference (one the caller gave is kept)."""
        if message.ref is not None:
            return message
        return dataclasses.replace(message, ref=next(self._refs))

    async def _ask(self, message: Request, reply: type[R]) -> R:
        """Send ``message`` and wait for the answer the room sends under its reference.

        The answer is a ``reply``; a refusal (:class:`Error`), the line closing
        or no answer within :data:`ANSWER_TIMEOUT` raise :class:`RoomRefused`.
        """
        if self.closed:
            raise RoomRefused(_("the room has closed"))
        numbered = dataclasses.replace(message, ref=next(self._refs))
        assert numbered.ref is not None
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiters[numbered.ref] = future
        try:
            self.client.send(numbered)
            answer = await self.clock.wait_for(future, ANSWER_TIMEOUT)
        except TimeoutError:
            raise RoomRefused(_("the room did not answer")) from None
        finally:
            # Answered, failed or given up on: no longer waited on.
            self._waiters.pop(numbered.ref, None)
        if isinstance(answer, Error):
            # The room's refusal in this player's words (the lobby shows it as said).
            raise RoomRefused(shown(answer.message, answer.key, answer.args))
        if not isinstance(answer, reply):
            raise RoomRefused(_("the room answered {answer}, not {expected}").format(
                answer=answer.TYPE, expected=reply.TYPE))
        return answer

    def session(self, table_id: str) -> RemoteSession:
        """This table's session, made on first use."""
        session = self.sessions.get(table_id)
        if session is None:
            info = self.tables.get(table_id)
            if info is None:
                raise RoomRefused(_("there is no such table"))
            cls = HoldemRemoteSession if info.game is Game.HOLDEM else BlackjackRemoteSession
            session = cls(self, info)
            self.sessions[table_id] = session
            # Back at a table it left mid-hand: the new session has that hand from its
            # snapshot, and takes its result.
            self._finishing.pop(table_id, None)
        return session

    def take_reseated(self) -> RemoteSession | None:
        """A seat the room gave back on reconnecting, once (the lobby opens its table)."""
        while self.reseated:
            session = self.reseated.pop(0)
            if not session.left:
                return session
        return None

    def forget(self, session: RemoteSession) -> None:
        if self.sessions.get(session.table_id) is session:
            del self.sessions[session.table_id]
            if session.left and session.in_hand and session.your_seat is not None:
                self._finishing[session.table_id] = session

    async def _join(self, table_id: str, request: Sit | Watch) -> RemoteSession:
        existed = table_id in self.sessions
        session = self.session(table_id)
        try:
            # The snapshot has reached the session by the time this resumes.
            await self._ask(request, TableSnapshot)
        except RoomRefused:
            if not existed:
                self.forget(session)
            raise
        return session

    async def sit(self, table_id: str, buy_in: int, seat: int | None = None) -> RemoteSession:
        """Sit down (any free seat when ``seat`` is None); RoomRefused says why not.

        A key holder's buy-in leaves the kept balance first (all it has when
        that is less, a counted house rebuy when it cannot cover the table's
        minimum: the session's ``bought`` says which), and comes back if the
        room says no.
        """
        info = self.tables.get(table_id)
        if not self.keeps_chips or info is None:
            return await self._join(table_id, Sit(table_id, seat, buy_in))
        assert self.chips is not None
        try:
            bought = self.chips.sit_down(info.game, table_id, buy_in, info.buy_in_min, self.name)
        except ValueError as error:
            raise RoomRefused(str(error)) from None
        try:
            session = await self._join(table_id, Sit(table_id, seat, bought.chips))
        except RoomRefused:
            # This buy-in alone goes back: the chips already there may be another
            # game's of the same key, in the seat the room has for this profile.
            self.chips.give_back(info.game, table_id, bought, self.name)
            raise
        session.kept_chips = True
        session.bought = bought
        return session

    def stood_up(self, session: RemoteSession) -> None:
        """``session`` left its table: the chips it had there go back to the balance.

        The ledger's figure goes back (the buy-in and every recorded result);
        a hand still in play settles later, and moves the balance.
        """
        # Only while it holds its seat: broke and watching (or its seat taken over by
        # another game of the key), the chips at the place are no longer this
        # session's; another game of the same key may have bought them in since.
        if session.kept_chips and session.your_seat is not None and self.chips is not None \
                and self.keeps_chips:
            self.chips.stand_up(session.game, session.table_id, self.name)

    async def watch(self, table_id: str) -> RemoteSession:
        return await self._join(table_id, Watch(table_id))

    async def create(self, request: CreateHoldem | CreateBlackjack) -> TableInfo:
        """Open a table; its lobby line once the room has it.

        The room answers with a notice naming the new table, after its lobby line.
        """
        notice = await self._ask(request, Notice)
        info = self.tables.get(notice.table) if notice.table is not None else None
        if info is None:
            raise RoomRefused(_("the room opened a table it did not list"))
        # In this player's language; a private table's invite code is in it.
        self.opened = shown(notice.text, notice.key, notice.args)
        self.invite_code = notice.args.get("code", "")
        return info

    async def join_private(self, code: str) -> TableInfo:
        """Give the room a private table's invite code: the table, now in this lobby (or
        RoomRefused saying why not)."""
        notice = await self._ask(JoinPrivate(code), Notice)
        info = self.tables.get(notice.table) if notice.table is not None else None
        if info is None:
            raise RoomRefused(_("the room let us in to a table it did not list"))
        return info


#: The room's own news by message class: what the link does with it
#: (:meth:`RoomLink.dispatch`; anything else is a table's).
_ROOM_NEWS: dict[type[Message], Callable[[RoomLink, Any], bool]] = {
    LobbySnapshot: RoomLink._lobby_snapshot,
    LobbyUpdate: RoomLink._lobby_update,
    TableClosed: RoomLink._table_closed,
    RoomClosing: RoomLink._room_closing,
    Renamed: RoomLink._renamed,
    Welcome: RoomLink._welcomed_again,
    Online: RoomLink._online,
    LobbyChatLine: RoomLink._lobby_chat_line,
    Announcement: RoomLink._announcement,
    Kicked: RoomLink._kicked,
    SitAndGoUpdate: RoomLink._sit_and_go_update,
    TournamentResults: RoomLink._tournament_results,
}
