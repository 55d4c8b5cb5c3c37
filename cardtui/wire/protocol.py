"""Every message between the room and a player's game process: JSON lines.

One message is one JSON object on one line, ``{"type": "sit", ...}``. The
client speaks first with :class:`Hello` (carrying :data:`PROTOCOL_VERSION`);
the room answers :class:`Welcome`, telling the client who it is: identity is
never claimed by a client, the room bound the connection to a profile when it
made the socket pair (:func:`cardtui.guest.client.room_pair`).

A client's line may be at most :data:`MAX_MESSAGE_BYTES`; a longer one is an
error and is dropped as it arrives, never buffered whole
(:class:`LineSplitter`). A line that is not a known, well-formed message gets
an :class:`Error` reply; the connection and the room carry on.

>>> line = encode(Sit(table="t1", seat=2, buy_in=500))
>>> line
b'{"type":"sit","table":"t1","seat":2,"buy_in":500}\\n'
>>> decode(line)
Sit(ref=None, table='t1', seat=2, buy_in=500)
>>> decode(b'{"type":"sit","table":"t1","seat":2,"buy_in":500,"ref":7}')
Sit(ref=7, table='t1', seat=2, buy_in=500)
>>> decode(b'{"type":"sit","table":"t1","seat":"two","buy_in":500}')
Traceback (most recent call last):
...
cardtui.wire.protocol.ProtocolError: sit.seat: expected an integer, got 'two'

Every request carries a reference, ``ref``, that the game's link numbers
(:class:`Request`); the room echoes it in the message that answers that
request, the reply or the refusal (:class:`Reply`), so the link knows which
request an answer is for without guessing from its content. Whatever the room
says unprompted (a deal, a seat line, another player's notice) carries none,
and a ``ref`` that is ``None`` is left off the line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from cardtui.blackjack.records import Action as BlackjackMove
from cardtui.games import Game
from cardtui.holdem.actions import ActionKind
from cardtui.holdem.legal import LegalActions
from cardtui.wire.codec import DecodeError, from_json, to_json

#: 2: the room re-sends a key holder's :class:`SeatSettled` until the game says
#: :class:`SettledSeen` (its store committed the hand), and :class:`Welcome`
#: names the room so the store can tell a re-sent hand from a new one. A
#: version-1 game never acknowledges and never de-duplicates, so it would
#: record every re-sent hand again: the room refuses it.
#:
#: :class:`Rename` and its answer :class:`Renamed` came later and did not move
#: the version: the room only ever sends ``Renamed`` to answer a ``Rename``, so
#: a game that never renames never sees one, and a room without them answers a
#: ``Rename`` with an ``unknown_type`` error the game shows as one line. A bump
#: would have refused such games for nothing (the check is for equality).
#:
#: 3: every request carries a ``ref`` that the room echoes in its answer
#: (:class:`Request`, :class:`Reply`), and the game waits for the answer by it.
#: A version-3 game at a version-2 room would wait for answers that never name
#: their request and give up on every sit after the timeout; refused at the
#: greeting instead, it says which versions met in one line.
#:
#: The host's requests (:class:`HostRequest`), the lobby's chat and who is
#: here (:class:`Online`), and the fields added to :class:`Welcome`,
#: :class:`LobbySnapshot` and :class:`TableInfo` (each with a default) did not
#: move it either: a game that never sends them is never sent their answers,
#: an added field is one an older game's reader skips, and the room sends the
#: new unprompted messages (an announcement, a pause) as a table's news an
#: older game logs and drops.
PROTOCOL_VERSION = 3

#: The longest line a client may send (bytes, newline excluded).
MAX_MESSAGE_BYTES = 64 * 1024

#: The longest line the room sends: a table snapshot carries a hand's records.
MAX_ROOM_MESSAGE_BYTES = 1024 * 1024

#: Every message type by its wire name.
MESSAGE_TYPES: dict[str, type[Message]] = {}


class ErrorCode(StrEnum):
    MALFORMED = "malformed"
    TOO_LONG = "too_long"
    UNKNOWN_TYPE = "unknown_type"
    VERSION = "version"
    HELLO_FIRST = "hello_first"
    NO_TABLE = "no_table"
    REFUSED = "refused"  # not allowed now: an illegal action, a full seat, a bad amount
    RATE_LIMITED = "rate_limited"
    #: A host's request from a line whose key is not one of the room's hosts.
    NOT_HOST = "not_host"
    #: The host banned this profile: the room refuses its greeting and closes the line.
    BANNED = "banned"


class ProtocolError(ValueError):
    """A line that is not a valid message; ``code`` says which kind of problem.

    ``ref``: the request's reference when the line had a readable one, so the
    refusal still reaches the request's waiter (not a wait for the timeout).
    """

    def __init__(self, code: ErrorCode, message: str, ref: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref


class SeatStatus(StrEnum):
    PLAYING = "playing"
    #: Seated and waiting to be dealt in (the big blind has not reached them).
    WAITING = "waiting"
    #: Sitting out: the room checks or folds for them (blinds still come round).
    SITTING_OUT = "sitting out"
    #: Disconnected: the seat is kept for the grace period, the clock acts.
    AWAY = "away"


@dataclass(frozen=True, slots=True)
class Message:
    TYPE: ClassVar[str] = ""


_M = TypeVar("_M", bound=Message)


def _message(name: str) -> Callable[[type[_M]], type[_M]]:
    """A class decorator: the message class, registered under its wire ``name``."""

    def register(cls: type[_M]) -> type[_M]:
        if name in MESSAGE_TYPES:
            raise ValueError(f"message type {name} is defined twice")
        cls.TYPE = name
        MESSAGE_TYPES[name] = cls
        return cls

    return register


@dataclass(frozen=True, slots=True)
class Request(Message):
    """A message the game sends the room: ``ref`` numbers it (the link's counter)."""

    #: Keyword-only so each request's own fields keep their positions.
    ref: int | None = dataclasses.field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class Reply(Message):
    """A message the room may send to answer a request: ``ref`` is that request's
    (None when the room says it unprompted)."""

    ref: int | None = dataclasses.field(default=None, kw_only=True)


# --- pieces that messages carry ---------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    name: str
    stack: int
    bot: bool = False
    status: SeatStatus = SeatStatus.PLAYING
    #: Blackjack: the bet placed in the current betting window (0: none yet).
    bet: int = 0
    #: A hold'em bot's personality ("" for a human): the statistics list bots by it.
    personality: str = ""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One line of the lobby."""

    id: str
    game: Game
    name: str
    #: "5/10" for hold'em, "bets 10-500" for blackjack.
    stakes: str
    seats: int
    #: Who sits where: a name per seat, None for a free seat.
    players: tuple[str | None, ...]
    hand_running: bool
    buy_in_min: int
    buy_in_max: int
    action_clock: float
    watchers: int = 0
    #: Seats a bot holds: a human may take one (from the next hand).
    bots: tuple[int, ...] = ()
    #: Blackjack: the rule set as :meth:`cardtui.blackjack.rules.Rules.to_json` writes it.
    rules: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: The name of the host who paused the table ("" while it plays).
    paused_by: str = ""
    #: The host closed the table: no hand is dealt here again (the one in play
    #: is played out first when the host chose so).
    closing: bool = False
    #: A private table (only those it is shown to get its line: its invite code's
    #: holders and hosts); the lobby marks it with a lock.
    private: bool = False
    #: A seat here waits for a host's approval.
    approval: bool = False
    #: Hold'em: the home-game options on (cardtui.room.home_game.options_on).
    home_game: tuple[str, ...] = ()


#: What :class:`OnlinePlayer` names instead of a private table's id for a player the
#: table is not shown to: they learn someone sits at a private table, never which.
HIDDEN_TABLE = "private"


class Where(StrEnum):
    LOBBY = "lobby"
    SEATED = "seated"
    WATCHING = "watching"


@dataclass(frozen=True, slots=True)
class OnlinePlayer:
    """One line of the lobby's list of who is here (data: the screen words it)."""

    name: str
    #: Tables where this player holds a seat, and where they watch (ids).
    seated: tuple[str, ...] = ()
    watching: tuple[str, ...] = ()
    host: bool = False
    #: Disconnected: their seat is kept for the grace period.
    away: bool = False

    @property
    def where(self) -> Where:
        if self.seated:
            return Where.SEATED
        return Where.WATCHING if self.watching else Where.LOBBY


@dataclass(frozen=True, slots=True)
class ChatEntry:
    name: str
    text: str
    #: Where it was said: during hand (round) ``hand`` after its first ``records``
    #: records; ``hand`` 0 between hands. A newcomer's screen shows each line there,
    #: not spliced after the action it joined in the middle of.
    hand: int = 0
    records: int = 0


@dataclass(frozen=True, slots=True)
class SettledResult:
    """What a player's own store records for one settled hand or round.

    The same fields as :class:`cardtui.store.SeatResult` (a test keeps them
    equal), so the client writes ``SeatResult(**fields)`` exactly as local play.
    """

    player: str
    bet: int
    net: int
    outcome: str
    blackjack: bool = False
    bust: bool = False
    doubled: bool = False
    split: bool = False
    surrendered: bool = False
    insured: bool = False
    decisions: int = 0
    mistakes: int = 0
    pot: int = 0
    showdown: bool = False
    showdown_won: bool = False


# --- the client asks ----------------------------------------------------------


@_message("hello")
@dataclass(frozen=True, slots=True)
class Hello(Request):
    version: int


@_message("lobby")
@dataclass(frozen=True, slots=True)
class GetLobby(Request):
    """Ask for a fresh :class:`LobbySnapshot` (one is sent after :class:`Welcome` too)."""


@_message("create_holdem")
@dataclass(frozen=True, slots=True)
class CreateHoldem(Request):
    name: str
    seats: int = 6
    small_blind: int = 5
    big_blind: int = 10
    starting_stack: int = 1000
    bots_fill: bool = True
    action_clock: float | None = None
    #: None: the room's default (as a tables file leaving the key out).
    buy_in_min: int | None = None
    grace: float | None = None
    #: Hidden from the lobby: the room answers with an invite code (:class:`JoinPrivate`).
    private: bool = False
    #: Home-game options by name (:data:`HOME_GAME_OPTIONS`; the rest are refused).
    home_game: dict[str, Any] = dataclasses.field(default_factory=dict)


#: The table options a :class:`CreateHoldem` may set in ``home_game``.
HOME_GAME_OPTIONS = ("straddle", "run_it_twice", "bomb_pot_every", "bomb_pot_ante",
                     "winner_may_show", "rabbit_hunt", "choice_clock")


@_message("create_blackjack")
@dataclass(frozen=True, slots=True)
class CreateBlackjack(Request):
    name: str
    seats: int = 7
    #: A rule set as :meth:`cardtui.blackjack.rules.Rules.to_json` writes it.
    rules: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: None: the room's default (as a tables file leaving the key out).
    action_clock: float | None = None
    buy_in_min: int | None = None
    grace: float | None = None
    #: Hidden from the lobby: the room answers with an invite code (:class:`JoinPrivate`).
    private: bool = False


@_message("sit")
@dataclass(frozen=True, slots=True)
class Sit(Request):
    table: str
    #: None: any free seat.
    seat: int | None
    buy_in: int


@_message("watch")
@dataclass(frozen=True, slots=True)
class Watch(Request):
    table: str


@_message("leave")
@dataclass(frozen=True, slots=True)
class Leave(Request):
    """Stand up (or stop watching); a seat in a running hand is freed when it ends."""

    table: str


@_message("holdem_action")
@dataclass(frozen=True, slots=True)
class HoldemAction(Request):
    table: str
    action: ActionKind
    #: For raise_to: the total bet this street.
    amount: int = 0


@_message("bet")
@dataclass(frozen=True, slots=True)
class Bet(Request):
    """Blackjack: the bet for the coming round, during the betting window."""

    table: str
    amount: int


@_message("blackjack_action")
@dataclass(frozen=True, slots=True)
class BlackjackAction(Request):
    table: str
    action: BlackjackMove


@_message("chat")
@dataclass(frozen=True, slots=True)
class Chat(Request):
    table: str
    text: str


@_message("sit_out")
@dataclass(frozen=True, slots=True)
class SitOut(Request):
    table: str


@_message("come_back")
@dataclass(frozen=True, slots=True)
class ComeBack(Request):
    table: str


@_message("settled_seen")
@dataclass(frozen=True, slots=True)
class SettledSeen(Request):
    """The store committed this :class:`SeatSettled` hand: the room stops keeping it.

    Sent only after the commit, so a game killed before it leaves the hand
    with the room, which sends it again on the profile's next connection. An
    acknowledgement of a hand the room does not keep is ignored.
    """

    table: str
    hand: int


@_message("rename")
@dataclass(frozen=True, slots=True)
class Rename(Request):
    """The player saved a new name in Settings: every seat and screen shows it from now.

    The room checks it by the one rule Settings use (:func:`cardtui.names.name_problem`)
    and answers :class:`Renamed`, or an :class:`Error` saying why not.
    """

    name: str


@_message("lobby_chat")
@dataclass(frozen=True, slots=True)
class LobbyChat(Request):
    """A line said in the lobby: every player in the lobby reads it."""

    text: str


# --- a host's requests: the room checks the sender's key for every one ---------------


@dataclass(frozen=True, slots=True)
class HostRequest(Request):
    """A request only a host may make (:attr:`Welcome.host`).

    The room looks at the member the server bound to the line (never at
    anything the game says) before it does anything: a non-host gets an
    :class:`Error` with :attr:`ErrorCode.NOT_HOST` and nothing changes.
    """


@_message("host_pause")
@dataclass(frozen=True, slots=True)
class HostPause(HostRequest):
    """Stop the table: the action clock stops, no hand is dealt, nobody acts."""

    table: str


@_message("host_resume")
@dataclass(frozen=True, slots=True)
class HostResume(HostRequest):
    """Start a paused table again: the clock runs on from where it stopped."""

    table: str


@_message("host_close")
@dataclass(frozen=True, slots=True)
class HostClose(HostRequest):
    """Close the table: ``void`` the hand in play (every bet back), or play it out first."""

    table: str
    void: bool


@_message("host_kick")
@dataclass(frozen=True, slots=True)
class HostKick(HostRequest):
    """Stand ``name`` up from every table (their chips go back to their balance);
    ``ban``: and refuse them for the rest of the room's life."""

    name: str
    ban: bool = False


@_message("host_blinds")
@dataclass(frozen=True, slots=True)
class HostBlinds(HostRequest):
    """A hold'em table's blinds from its next hand."""

    table: str
    small_blind: int
    big_blind: int


@_message("announce")
@dataclass(frozen=True, slots=True)
class Announce(HostRequest):
    """A line every screen in the room shows (the lobby and every table)."""

    text: str


# --- the room tells -------------------------------------------------------------


@_message("welcome")
@dataclass(frozen=True, slots=True)
class Welcome(Reply):
    version: int
    #: The name the room shows for this player (from their profile's settings).
    name: str
    guest: bool
    #: Tables where this profile already holds a seat (a reconnect).
    seated_at: tuple[str, ...] = ()
    #: This room's id, new each time the room starts: with a table id and a hand
    #: number it names a shared hand for good (table ids and hand numbers start
    #: again when the room does).
    room: str = ""
    #: This player's key is one of the room's hosts: the host's controls answer them.
    host: bool = False


@_message("renamed")
@dataclass(frozen=True, slots=True)
class Renamed(Reply):
    """The name the room shows for this player now (the answer to :class:`Rename`)."""

    name: str


@_message("error")
@dataclass(frozen=True, slots=True)
class Error(Reply):
    code: ErrorCode
    message: str
    table: str | None = None
    #: As :class:`Notice`'s: the refusal's message id and arguments, worded by each game.
    key: str = ""
    args: dict[str, str] = dataclasses.field(default_factory=dict)


@_message("lobby_snapshot")
@dataclass(frozen=True, slots=True)
class LobbySnapshot(Reply):
    tables: tuple[TableInfo, ...]
    #: Who is in the room and where.
    online: tuple[OnlinePlayer, ...] = ()
    #: The lobby's chat so far (the last lines).
    chat: tuple[ChatEntry, ...] = ()
    #: The host's last announcement, and who made it ("": none yet).
    announcement: str = ""
    announced_by: str = ""
    #: The room's sit-and-go tournaments (:class:`SitAndGoInfo`, defined with their messages).
    sit_and_gos: tuple[SitAndGoInfo, ...] = ()


@_message("lobby_update")
@dataclass(frozen=True, slots=True)
class LobbyUpdate(Message):
    table: TableInfo


@_message("table_closed")
@dataclass(frozen=True, slots=True)
class TableClosed(Message):
    table: str


@_message("table_snapshot")
@dataclass(frozen=True, slots=True)
class TableSnapshot(Reply):
    """Everything a viewer needs on (re)joining a table, filtered for that viewer."""

    table: TableInfo
    seats: tuple[SeatInfo, ...]
    #: The viewer's seat, or None for a spectator.
    your_seat: int | None
    #: The hand (round) in progress: its start and its records so far, or None.
    hand: HandStarted | None
    records: tuple[dict[str, Any], ...]
    turn: Turn | None
    chat: tuple[ChatEntry, ...] = ()


@_message("hand_started")
@dataclass(frozen=True, slots=True)
class HandStarted(Message):
    """A hold'em hand or a blackjack round begins; ``seats`` as they were dealt in."""

    table: str
    number: int
    seats: tuple[SeatInfo, ...]
    #: Hold'em: the positions (-1 for blackjack).
    button: int = -1
    small_blind_seat: int = -1
    big_blind_seat: int = -1
    small_blind: int = 0
    big_blind: int = 0


@_message("records")
@dataclass(frozen=True, slots=True)
class Records(Message):
    """New records of the hand in progress, filtered for this viewer (codec JSON)."""

    table: str
    hand: int
    records: tuple[dict[str, Any], ...]


@_message("turn")
@dataclass(frozen=True, slots=True)
class Turn(Message):
    """Who acts now and until when (every viewer draws the countdown)."""

    table: str
    seat: int
    #: Wall-clock time (``time.time()``) when the clock acts.
    deadline: float
    seconds: float


@_message("your_turn_holdem")
@dataclass(frozen=True, slots=True)
class YourTurnHoldem(Message):
    table: str
    seat: int
    deadline: float
    legal: LegalActions


@_message("your_turn_blackjack")
@dataclass(frozen=True, slots=True)
class YourTurnBlackjack(Message):
    table: str
    seat: int
    deadline: float
    legal: tuple[BlackjackMove, ...]


@_message("bets_open")
@dataclass(frozen=True, slots=True)
class BetsOpen(Message):
    """Blackjack: the betting window is open (``deadline`` None until the first bet)."""

    table: str
    min_bet: int
    max_bet: int
    deadline: float | None = None


@_message("seats")
@dataclass(frozen=True, slots=True)
class TableSeats(Message):
    table: str
    seats: tuple[SeatInfo, ...]


@_message("chat_line")
@dataclass(frozen=True, slots=True)
class ChatLine(Message):
    table: str
    name: str
    text: str


@_message("online")
@dataclass(frozen=True, slots=True)
class Online(Message):
    """Who is in the room now and where (to every player in the lobby)."""

    players: tuple[OnlinePlayer, ...]


@_message("lobby_chat_line")
@dataclass(frozen=True, slots=True)
class LobbyChatLine(Message):
    name: str
    text: str


@_message("announcement")
@dataclass(frozen=True, slots=True)
class Announcement(Message):
    """The host ``name`` says ``text`` to the whole room (every line, lobby and tables)."""

    name: str
    text: str


@_message("table_paused")
@dataclass(frozen=True, slots=True)
class TablePaused(Message):
    """The table stopped (``by``: the host's name) or plays again (``by`` "")."""

    table: str
    by: str


@_message("kicked")
@dataclass(frozen=True, slots=True)
class Kicked(Message):
    """The host ``by`` stood this player up at ``table``: the seat's chips (``chips``,
    as the room stood them up; a hand in play settles as usual) go back to the
    player's balance. ``banned``: the room will not take them back."""

    table: str
    by: str
    chips: int = 0
    banned: bool = False


@_message("notice")
@dataclass(frozen=True, slots=True)
class Notice(Reply):
    table: str | None
    #: The English sentence (logs, tests); a player reads ``key`` in their own language.
    text: str
    #: The message id (an English template marked for the catalogs) and its arguments:
    #: each game renders them in its player's language (cardtui/wire/words.py).
    key: str = ""
    args: dict[str, str] = dataclasses.field(default_factory=dict)


@_message("room_closing")
@dataclass(frozen=True, slots=True)
class RoomClosing(Message):
    """The room is stopping: no hand is dealt from now on. Sent once to every line,
    before each table voids its hand in play (:class:`HandVoided`)."""

    text: str
    #: The message id (an English template marked for the catalogs) and its arguments:
    #: each game renders them in its player's language (cardtui/wire/words.py).
    key: str = ""
    args: dict[str, str] = dataclasses.field(default_factory=dict)


@_message("hand_voided")
@dataclass(frozen=True, slots=True)
class HandVoided(Message):
    """The room stopped mid-hand: every bet of the hand went back; ``stacks`` after that."""

    table: str
    hand: int
    stacks: tuple[SeatInfo, ...]
    reason: str
    #: The message id (an English template marked for the catalogs) and its arguments:
    #: each game renders them in its player's language (cardtui/wire/words.py).
    key: str = ""
    args: dict[str, str] = dataclasses.field(default_factory=dict)


@_message("settled")
@dataclass(frozen=True, slots=True)
class SeatSettled(Message):
    """One of this player's hands (rounds) settled: the client writes it to its store."""

    table: str
    game: Game
    hand: int
    result: SettledResult
    #: The id of the room the table runs in: with the table and the hand's number it names
    #: the hand for good. A room across hosts runs its tables on several hosts, each its
    #: own room with its own id (cardtui.cluster); "": the greeting's room's.
    room: str = ""


# --- the night's results: the leaderboard and the host's ledger export -------------


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One player's line on the leaderboard: hands settled and net chips at cash tables."""

    name: str
    hands: int
    net: int
    #: Places this player finished in at the room's sit-and-gos, best first.
    places: tuple[int, ...] = ()


@_message("get_leaderboard")
@dataclass(frozen=True, slots=True)
class GetLeaderboard(Request):
    """Ask for the room's leaderboard (answered by :class:`Leaderboard`)."""


@_message("leaderboard")
@dataclass(frozen=True, slots=True)
class Leaderboard(Reply):
    """Tonight's (this room's run) and all time's leaderboard, the biggest net first."""

    tonight: tuple[LeaderRow, ...]
    all_time: tuple[LeaderRow, ...]


@_message("host_export")
@dataclass(frozen=True, slots=True)
class HostExport(HostRequest):
    """Write tonight's ledger as CSV where the server keeps its data; the answer's
    :class:`Notice` names the file."""


# --- sit-and-go tournaments (issue 27): registration in the lobby, a table, the results ---


class SitAndGoStage(StrEnum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class SitAndGoInfo:
    """One sit-and-go's lobby line."""

    id: str
    name: str
    stage: SitAndGoStage
    #: The buy-in from each player's balance, and the tournament chips it gives.
    buy_in: int
    starting_stack: int
    seats: int
    #: Who is registered (names), in the order they registered.
    registered: tuple[str, ...]
    level_seconds: float
    #: Late registration is open through this level (0: none); rebuys each player may make.
    late_levels: int = 0
    rebuys: int = 0
    #: The prize pool so far (every buy-in and rebuy).
    pool: int = 0
    #: The table it plays at once it runs ("" before).
    table: str = ""
    #: Whether a new player may register now (before the start, or in late registration).
    open: bool = True


@_message("create_sit_and_go")
@dataclass(frozen=True, slots=True)
class CreateSitAndGo(Request):
    name: str
    seats: int = 6
    buy_in: int = 100
    starting_stack: int = 1500
    level_seconds: float = 300.0
    late_levels: int = 0
    rebuys: int = 0
    bots_fill: bool = True


@_message("register")
@dataclass(frozen=True, slots=True)
class Register(Request):
    """Register for ``sit_and_go`` (its buy-in leaves the balance); answered by a Notice."""

    sit_and_go: str


@_message("unregister")
@dataclass(frozen=True, slots=True)
class Unregister(Request):
    """Unregister before the start: the buy-in goes back."""

    sit_and_go: str


@_message("rebuy")
@dataclass(frozen=True, slots=True)
class Rebuy(Request):
    """Out of chips while rebuys are open: buy the starting stack again for the buy-in."""

    sit_and_go: str


@_message("host_start_sit_and_go")
@dataclass(frozen=True, slots=True)
class HostStartSitAndGo(HostRequest):
    """Start ``sit_and_go`` now with those registered (bots fill the seats if it says so)."""

    sit_and_go: str


@_message("sit_and_go_update")
@dataclass(frozen=True, slots=True)
class SitAndGoUpdate(Message):
    """A sit-and-go's lobby line changed (or a new one)."""

    sit_and_go: SitAndGoInfo


@_message("tournament_state")
@dataclass(frozen=True, slots=True)
class TournamentState(Message):
    """What a tournament table shows beside the felt: the level, its blinds, when the next
    one comes (wall-clock time; 0 at the last level), the players left and their stacks."""

    table: str
    level: int
    small_blind: int
    big_blind: int
    next_small: int
    next_big: int
    level_ends: float
    players_left: int
    entrants: int
    average_stack: int
    #: Seconds the level had left when the table was paused (0: it runs).
    held: float = 0.0
    #: The players out of chips who may rebuy now (names).
    may_rebuy: tuple[str, ...] = ()
    #: The level's ante (0: none) and the next level's.
    ante: int = 0
    next_ante: int = 0


@dataclass(frozen=True, slots=True)
class TournamentPlace:
    place: int
    name: str
    prize: int
    bot: bool = False


@_message("tournament_results")
@dataclass(frozen=True, slots=True)
class TournamentResults(Message):
    """A finished sit-and-go's results board: places, best first, and each one's prize
    (``yours``: the prize of the player it is sent to; their balance gains it)."""

    sit_and_go: str
    name: str
    places: tuple[TournamentPlace, ...]
    pool: int
    yours: int = 0
    #: What the player it is sent to paid in (buy-in and rebuys).
    paid: int = 0


# --- keeping a table moving (issue 27): a seated player's plans the room carries out ---


@_message("sit_out_next")
@dataclass(frozen=True, slots=True)
class SitOutNext(Request):
    """Sit out from the next hand dealt (``when`` "hand"), or from the hand whose big
    blind would be this seat's ("big_blind"); "" cancels. The seat and its chips stay;
    :class:`ComeBack` brings it back. Hold'em tables only."""

    table: str
    when: str


@_message("pre_action")
@dataclass(frozen=True, slots=True)
class PreAction(Request):
    """A move ticked ahead of this seat's turn in hand ``hand``, which the room plays
    at the turn even if the game is slow: "check_fold", "check", "call" (``amount``:
    only at that price), "call_any", "fold_any" (for the rest of the hand); "" clears.
    A move that does not apply at the turn is dropped and the player is asked."""

    table: str
    hand: int
    action: str
    amount: int = 0


@_message("join_private")
@dataclass(frozen=True, slots=True)
class JoinPrivate(Request):
    """The invite code of a private table: the room shows the table in this player's lobby
    from now (a :class:`LobbyUpdate`), where they sit or watch as at any table."""

    code: str


@_message("time_bank_turn")
@dataclass(frozen=True, slots=True)
class TimeBankTurn(Message):
    """``seat``'s action clock ran out and its time bank runs now: the :class:`Turn` (and
    that seat's :class:`YourTurnHoldem`) that follow give the bank's deadline."""

    table: str
    seat: int
    seconds: float


# --- home-game options at hold'em tables (issue 27) -------------------------------------

#: The questions a hold'em table asks one player (:class:`HomeGameAsk`).
HOME_GAME_ASKS = ("runs", "show")
#: The choices a player tells a hold'em table (:class:`HomeGameChoice`).
HOME_GAME_CHOICES = ("runs", "show", "straddle", "bomb_pot")


@_message("home_game_ask")
@dataclass(frozen=True, slots=True)
class HomeGameAsk(Message):
    """The table asks this player about hand ``hand``: ``kind`` "runs" (run the rest of
    the board twice? 2 or 1; twice only when everyone in the pot says 2) or "show"
    (show the hand that won uncontested? 1 or 0). Unanswered by ``deadline``: once, muck."""

    table: str
    hand: int
    kind: str
    deadline: float


@_message("home_game_choice")
@dataclass(frozen=True, slots=True)
class HomeGameChoice(Request):
    """A player's home-game choice at a hold'em table: the answer to a
    :class:`HomeGameAsk` of hand ``hand`` ("runs" 1 or 2, "show" 1 or 0), or at any time
    "straddle" (1: straddle whenever under the gun, 0: stop) or "bomb_pot" (1: vote for
    a bomb pot next hand, 0: take the vote back); ``hand`` is 0 for those."""

    table: str
    hand: int
    kind: str
    value: int


# --- the host's seats and bans (issue 27): moves, approvals, unbans ----------------------


@_message("host_move")
@dataclass(frozen=True, slots=True)
class HostMove(HostRequest):
    """Move ``name`` to ``seat`` (0-based) at ``table``, the table where they sit, between
    hands (rounds); a bot in that seat takes theirs."""

    table: str
    name: str
    seat: int


@_message("host_approval")
@dataclass(frozen=True, slots=True)
class HostApproval(HostRequest):
    """From now, a seat at ``table`` is the host's to approve (``on``), or anyone's again."""

    table: str
    on: bool


@_message("host_seat_answer")
@dataclass(frozen=True, slots=True)
class HostSeatAnswer(HostRequest):
    """The host's answer to ``name``'s request for a seat at ``table``: the player is told,
    and, approved, sits down as at any table."""

    table: str
    name: str
    approve: bool


@_message("host_unban")
@dataclass(frozen=True, slots=True)
class HostUnban(HostRequest):
    """Lift the ban on ``name`` (as :attr:`HostDeskState.bans` lists it)."""

    name: str


@_message("host_desk")
@dataclass(frozen=True, slots=True)
class GetHostDesk(HostRequest):
    """Ask for the seat requests waiting and the bans (answered by :class:`HostDeskState`)."""


@dataclass(frozen=True, slots=True)
class SeatRequestInfo:
    """A player waiting for the host's approval to sit at a table."""

    table: str
    table_name: str
    name: str


@_message("host_desk_state")
@dataclass(frozen=True, slots=True)
class HostDeskState(Reply):
    """The seat requests waiting for the host, oldest first, and the banned players' names."""

    requests: tuple[SeatRequestInfo, ...] = ()
    bans: tuple[str, ...] = ()


# --- lines ------------------------------------------------------------------------


def encode(message: Message) -> bytes:
    """One line: compact JSON and a newline."""
    data = {"type": message.TYPE, **to_json(message)}
    # Last on the line when there is one; left off when None (said unprompted, or a
    # request nobody numbered): nothing to echo.
    ref = data.pop("ref", None)
    if ref is not None:
        data["ref"] = ref
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> Message:
    """The message on ``line``; :class:`ProtocolError` for anything else."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        # ValueError covers bad JSON, bad UTF-8 and integers past Python's
        # 4,300-digit limit; RecursionError a line of thousands of nested "[".
        raise ProtocolError(ErrorCode.MALFORMED, "not a JSON line") from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.MALFORMED, "a message is a JSON object")
    name = data.pop("type", None)
    ref = data.get("ref")
    if isinstance(ref, bool) or not isinstance(ref, int):
        ref = None
    cls = MESSAGE_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        shown = name if isinstance(name, str) and len(name) <= 30 else "?"
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {shown!r}", ref)
    try:
        message: Message = from_json(cls, data, name)  # checked to be a cls
        return message
    except DecodeError as error:
        raise ProtocolError(ErrorCode.MALFORMED, str(error), ref) from None


@dataclass(frozen=True, slots=True)
class TooLong:
    """Stands for a line that was longer than the limit (its bytes were dropped)."""

    size: int


class LineSplitter:
    """Cuts a byte stream into lines, dropping any line over ``limit`` as it arrives.

    At most ``limit`` bytes are ever held: the rest of an over-long line is
    skipped up to its newline, and the line comes out as one :class:`TooLong`.

    >>> splitter = LineSplitter(limit=8)
    >>> splitter.feed(b'{"a":1}\\n{"b":')
    [b'{"a":1}']
    >>> splitter.feed(b'2}\\n' + b'x' * 20)
    [b'{"b":2}']
    >>> splitter.feed(b'x' * 20 + b'\\n{}\\n'), splitter.held
    ([TooLong(size=40), b'{}'], 0)
    """

    def __init__(self, limit: int = MAX_MESSAGE_BYTES) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._skipping = 0  # bytes of an over-long line dropped so far (0: not skipping)

    @property
    def held(self) -> int:
        return len(self._buffer)

    def feed(self, data: bytes) -> list[bytes | TooLong]:
        out: list[bytes | TooLong] = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            piece = data[start:] if end < 0 else data[start:end]
            if self._skipping:
                self._skipping += len(piece)
            elif len(self._buffer) + len(piece) > self.limit:
                self._skipping = len(self._buffer) + len(piece)
                self._buffer.clear()
            else:
                self._buffer += piece
            if end < 0:
                break
            if self._skipping:
                out.append(TooLong(self._skipping))
                self._skipping = 0
            else:
                out.append(bytes(self._buffer))
                self._buffer.clear()
            start = end + 1
        return out
