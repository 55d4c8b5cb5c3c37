"""The scorekeeper: records every settled round without ever blocking the table.

A round is written at once, on the caller's thread, *without waiting for
any lock* (``busy_timeout = 0``): in the usual case it is committed, and so
survives a killed process, before the screen shows it as settled. When that
cannot be done (another program holds the database, the disk is full or
read-only, the file is from a newer cardtui) the round is kept in memory,
the player is told at once, and a single writer thread saves the waiting
rounds, in order, as soon as it can: it waits for a busy database in short
slices and retries the other troubles with a growing pause. Nothing is lost
while cardtui runs; :meth:`Store.close` says exactly what could not be saved.

The kept bankroll (:meth:`Store.buy_in`, :meth:`Store.cash_out`,
:meth:`Store.rebuy`, and a round's result through ``record_round(...,
bankroll_player=)``) goes through the same queue, in order; a round's chips
move in the round's own transaction. :meth:`Store.bankroll` counts what is
still waiting, so a balance is right while the file cannot be written.

Only real damage sets the file aside (``cardtui.sqlite3.corrupt-<time>``)
and starts a fresh one; every other trouble leaves the file alone.

>>> from cardtui.store.records import Outcome
>>> store = Store(":memory:")
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", bet=10, net=15,
...     outcome=Outcome.WIN, blackjack=True)], session_id="s1")
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", bet=10, net=-10,
...     outcome=Outcome.LOSS)], session_id="s1")
>>> t = store.totals(Game.BLACKJACK)[0]
>>> t.player, t.rounds, t.wins, t.losses, t.blackjacks, t.net, t.biggest_win
('Ann', 2, 1, 1, 1, 5, 15)
>>> store.close()
[]
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

# The module itself (not `from cardtui.store import pending`, which names the package
# that imports this module): tests replace pending.disk_room, read at each write.
import cardtui.store.pending as pending
from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.crashlog import record_crash
from cardtui.games import Game
from cardtui.locations import set_aside
from cardtui.store.alive import Alive
from cardtui.store.backends import open_database
from cardtui.store.database import MEMORY, Database
from cardtui.store.pending import (
    LOOK,
    BankrollWrite,
    DrillWrite,
    PendingWrite,
    ResetWrite,
    Retry,
    RoundWrite,
    SavedTableWrite,
    TournamentWrite,
)
from cardtui.store.problems import Problem, StoreError
from cardtui.store.records import (
    LOCAL_PLACE,
    LOCAL_TABLE,
    START_BALANCE,
    Bankroll,
    BankrollChange,
    BankrollKind,
    BankrollUnknown,
    DrillScore,
    HandHistory,
    SeatResult,
    Totals,
    TournamentResult,
    local_table,
)
from cardtui.store.sql import is_url

_T = TypeVar("_T")

log = logging.getLogger("cardtui.store")

#: The writer waits for another program's lock in slices this long, letting
#: the app's reads in between.
WAIT_SLICE_MS = 200
#: How long a read (the scoreboard screen) waits for the database before
#: showing what it has.
READ_WAIT_MS = 250
#: A busy database is mentioned to the player only when a round waits this long.
BUSY_NOTICE_AFTER = 1.0
#: Opening waits this long for a lock before starting in "kept in memory" mode.
OPEN_WAIT_MS = 200
#: The first pause before retrying a full or read-only disk; it doubles up to RETRY_MAX.
RETRY_FIRST = 1.0
RETRY_MAX = 30.0
#: How long a bankroll read waits for the connection before using the last figure it read.
BANKROLL_WAIT = 2.0
#: At exit, how long the writer may still try to save what is waiting.
CLOSE_WAIT = 5.0


#: Stores not closed yet: a script that exits without close() still gets its
#: waiting rounds written (atexit runs while the writer thread is alive).
_OPEN_STORES: weakref.WeakSet[Store] = weakref.WeakSet()


@atexit.register
def _close_open_stores() -> None:
    for store in list(_OPEN_STORES):
        store.close()


class Store:
    """Scoreboard persistence. Open with a path (or ``":memory:"`` in tests).

    Never raises for trouble with the file: :attr:`notice` says what happened
    when opening, :attr:`on_notice` is called (from any thread) with anything
    the player must know later, and :attr:`status` describes what is waiting.
    """

    def __init__(self, path: Path | str, *, retry_first: float = RETRY_FIRST,
                 clock: Clock = SYSTEM_CLOCK) -> None:
        self.path = path
        #: The time the writes are stamped with and the writer's pauses (before
        #: retrying a refused write, before saying the file is busy) are on.
        self.clock = clock
        #: What the player should be told about opening (set aside, busy, ...).
        self.notice: str | None = None
        #: Called with a notice after opening; may be called from the writer thread.
        self.on_notice: Callable[[str], None] | None = None
        self._retry_first = retry_first
        # _connection guards self._db (one thread at a time); _queue_lock guards
        # the queue and the writer's state. Nobody blocks on _connection while
        # holding _queue_lock (only a non-blocking try), so holding _connection
        # and then taking _queue_lock is safe: the writer takes a saved write
        # off the queue before it lets the connection go, and a bankroll read
        # (holding the connection) sees each write in the file or in the
        # queue, never in both.
        self._connection = threading.Lock()
        self._queue_lock = threading.Condition()
        self._queue: deque[PendingWrite] = deque()
        #: Writes queued so far: a new one wakes a writer pausing before a retry.
        self._queued = 0
        self._writer: threading.Thread | None = None
        self._closing = False
        #: The writer gave up for this session (a newer schema, a bug): new
        #: writes just wait in memory for close() to report them.
        self._given_up = False
        self._deadline = 0.0
        #: The trouble the player was last told about (``None`` when all is well).
        self._told: Problem | None = None
        self.problem: StoreError | None = None
        self._db: Database | None = None
        #: Bankrolls (and their chips per table) as last read from the file, for
        #: when it cannot be read.
        self._known: dict[Game, tuple[Bankroll, dict[str, int]]] = {}
        #: A buy-in, cash-out or rebuy is checked against the balance and
        #: submitted as one step.
        self._bankroll_lock = threading.Lock()
        #: Who sits with the kept chips at each table of this process (:meth:`hold`).
        self._holders: dict[tuple[Game, str], object] = {}
        #: Told the name of each shared hand once it is saved (:meth:`on_shared_saved`).
        self._shared_listeners: list[Callable[[str], None]] = []
        _OPEN_STORES.add(self)
        #: This process's mark beside the file: its local tables' chips have a place
        #: of their own (:attr:`local_place`), and another's are told apart from a
        #: killed one's (:meth:`left_behind`).
        self._alive: Alive | None = None
        # A URL (PostgreSQL) has no folder to mark: its local tables share one place.
        if str(path) != MEMORY and not is_url(path):
            where = Path(path)
            self._alive = Alive(where.with_name(where.name + ".games"))
        try:
            self._db = self._open(OPEN_WAIT_MS)
        except StoreError as error:
            self.problem = error
            self._told = error.problem
            self.notice = f"{error}. " + (
                "Settled rounds are kept until they can be saved." if error.problem.worth_retrying
                else "This session's rounds cannot be saved there.")

    # -- opening and damage ------------------------------------------------

    @property
    def _on_disk(self) -> bool:
        """A SQLite file (not memory, not a PostgreSQL URL): only a file is set aside."""
        return str(self.path) != MEMORY and not is_url(self.path)

    def _open(self, busy_ms: int) -> Database:
        try:
            return open_database(self.path, busy_ms=busy_ms)
        except StoreError as error:
            if error.problem is not Problem.DAMAGED or not self._on_disk:
                raise
            return self._start_afresh(error)

    def _start_afresh(self, error: StoreError) -> Database:
        """Set a damaged file aside (with its WAL) and open a fresh one; tell the player."""
        path = Path(self.path)
        if self._db is not None:
            self._db.close()
            self._db = None
        try:
            aside = set_aside(path)
            for suffix in ("-wal", "-shm"):
                side = path.with_name(path.name + suffix)
                if side.exists():
                    side.replace(aside.with_name(aside.name + suffix))
        except OSError as os_error:
            raise StoreError(Problem.UNAVAILABLE, path,
                             f"damaged, and it cannot be moved aside: {os_error.strerror}"
                             ) from os_error
        self._tell(
            f"The scoreboard file was damaged ({error.detail}); it was moved to "
            f"{aside.name} and a new one was started."
        )
        return Database(self.path, busy_ms=OPEN_WAIT_MS)

    def _connected(self, busy_ms: int) -> Database:
        """The open database (opening it now if it could not be opened before)."""
        if self._db is None:
            self._db = self._open(busy_ms)
        self._db.wait_for_locks(busy_ms)
        return self._db

    def _use(self, operation: Callable[[Database], _T], busy_ms: int) -> _T:
        """Run ``operation`` (the caller holds ``_connection``); damage found on use is
        set aside and the operation runs again on the fresh file."""
        db = self._connected(busy_ms)
        try:
            return operation(db)
        except StoreError as error:
            if error.problem is not Problem.DAMAGED or not self._on_disk:
                raise
            self._db = self._start_afresh(error)
            return operation(self._db)

    # -- telling the player ------------------------------------------------

    def _tell(self, text: str) -> None:
        if self.on_notice is not None:
            self.on_notice(text)
        else:
            self.notice = text

    def _trouble(self, error: StoreError) -> None:
        """Tell the player about ``error`` once, not once per round."""
        self.problem = error
        if self._told is error.problem:
            return
        self._told = error.problem
        waiting = self.unsaved()
        if not waiting:
            self._tell(f"{error}.")
            return
        verb = "is" if len(waiting) == 1 else "are"
        self._tell(f"{error}. {_what(waiting)} {verb} kept and will be saved as soon as possible.")

    def _unexpected(self) -> StoreError:
        """A bug while writing: the details go to crash.log, the write stays in memory."""
        folder = Path(self.path).parent if self._on_disk else Path.cwd()
        return StoreError(Problem.UNAVAILABLE, self.path,
                          f"an unexpected error; {record_crash(folder)}")

    def _all_saved(self, saved: int) -> None:
        self.problem = None
        if self._told is not None:
            self._told = None
            self._tell(f"The scoreboard can be written again: {_count(saved, 'waiting result')} "
                       "saved.")

    @property
    def status(self) -> str | None:
        """What is not saved yet and why, or ``None`` when everything is saved."""
        waiting = self.unsaved()
        if self.problem is None and not waiting:
            return None
        why = f"{self.problem}." if self.problem is not None else "Saving…"
        return f"{why} Not saved yet: {_what(waiting)}." if waiting else why

    # -- writing -----------------------------------------------------------

    def record_round(
        self, game: Game, results: Sequence[SeatResult], session_id: str = "",
        hand_history: str | None = None, bankroll_player: str | None = None,
        bankroll_place: str = LOCAL_TABLE, shared_hand: str | None = None,
        tournament: bool = False,
    ) -> int | None:
        """Record one settled round, all seats together, with its hand history if given.

        ``bankroll_player`` (the name the profile's own seat played under, its
        chips bought in from the kept bankroll): their result in this round
        (the sum of their rows' ``net``) changes the profile's chips at
        ``bankroll_place``, or the balance when that table no longer holds
        any (a shared table settled the hand in play after they stood up).

        ``shared_hand`` names a shared table's hand (the room sends it again
        until told it is saved): recorded once, however often it comes, and
        each listener of :meth:`on_shared_saved` hears its name once it is in
        the file.

        ``tournament``: a tournament's hand, played with tournament chips, not
        the kept ones (no ``bankroll_player``): cash results leave it out, and
        its result is the player's place (:meth:`record_tournament`).

        Returns its id when it is already committed, ``None`` when it waits
        in memory for the writer (the player has been told why); either way
        the round, its history and its bankroll change are one transaction.
        """
        if not results:
            raise ValueError("a round needs at least one seat result")
        game, now = Game(game), self.clock.wall()
        if shared_hand is not None and self._waiting(shared_hand):
            return None  # the same hand is already waiting: written (and heard of) once
        if tournament and bankroll_player is not None:
            raise ValueError("a tournament is played with tournament chips, not the kept ones")
        if bankroll_player is None:
            return self._submit(RoundWrite(game, tuple(results), session_id, now, hand_history,
                                           shared_hand=shared_hand, tournament=tournament))
        nets = [r.net for r in results if r.player == bankroll_player]
        if not nets:
            raise ValueError(f"{bankroll_player} has no result in this round")
        # Whether the result moves the chips at the table or the balance is decided
        # when it is written (BankrollChange.held_or_bank): not from a figure read
        # now, which may be a guess while the file cannot be read.
        change = BankrollChange(bankroll_player, game, BankrollKind.RESULT, 0, sum(nets), now,
                                bankroll_place, held_or_bank=True)
        with self._bankroll_lock:
            return self._submit(RoundWrite(game, tuple(results), session_id, now, hand_history,
                                           change, shared_hand))

    def _waiting(self, shared_hand: str) -> bool:
        with self._queue_lock:
            return any(getattr(write, "shared_hand", None) == shared_hand for write in self._queue)

    def on_shared_saved(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener(name)`` each time a shared hand is in the file (or found there).

        It may be called from the writer thread. Returns the function that
        stops it (the room's line closing).
        """
        self._shared_listeners.append(listener)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._shared_listeners.remove(listener)

        return stop

    def _saved(self, write: PendingWrite) -> None:
        """``write`` is committed: a shared hand's listeners hear so (never under a lock)."""
        if isinstance(write, RoundWrite | BankrollWrite) and write.shared_hand is not None:
            for listener in list(self._shared_listeners):
                try:
                    listener(write.shared_hand)
                except Exception:
                    # A listener's bug must not stop the writer thread: the hand is
                    # saved; at worst the room sends it again and it is found here.
                    log.exception("telling a listener that %s was saved", write.shared_hand)

    def has_shared_hand(self, key: str) -> bool:
        """Whether the shared table's hand ``key`` is saved in the file."""
        return self._read(lambda db: db.has_shared_hand(key), False)

    # -- the kept bankroll ---------------------------------------------------

    def buy_in(self, game: Game, amount: int, session_id: str = "", *, player: str = "",
               place: str = LOCAL_TABLE) -> Bankroll:
        """Take ``amount`` chips from the profile's balance to the table ``place``.

        ``player`` is the name the seat plays under (kept with the change).
        The table's own limits are the caller's; this refuses (ValueError)
        only what the balance cannot pay. Returns the bankroll after.
        """
        game = Game(game)
        if amount <= 0:
            raise ValueError(f"a buy-in is at least 1 chip, not {amount}")
        with self._bankroll_lock:
            now = self._readable(game)
            if amount > now.balance:
                raise ValueError(f"the balance has {now.balance:,} chips for {game.shown}, "
                                 f"not the {amount:,} of this buy-in")
            return self._change(now, BankrollKind.BUY_IN, -amount, amount, session_id, player,
                                place)

    def cash_out(self, game: Game, session_id: str = "", *, player: str = "",
                 place: str = LOCAL_TABLE, most: int | None = None) -> Bankroll:
        """Return every chip the profile has at the table ``place`` to the balance
        (at most ``most`` of them: a refused seat's own buy-in, not another's chips).

        Leaving a table calls it once the last round is recorded; so does the
        next sit-down when a killed session left chips at a table, and the
        room's lobby for a shared table that no longer holds the seat.
        """
        game = Game(game)
        with self._bankroll_lock:
            now, places = self._ledger(game)
            # Unknown (never read): the chips stay where the ledger has them, counted
            # once, for a later cash-out (the next sit-down, or the next start).
            stake = places.get(place, 0) if now.known else 0
            if most is not None:
                stake = max(0, min(stake, most))
            if stake == 0:
                return now
            return self._change(now, BankrollKind.CASH_OUT, stake, -stake, session_id, player,
                                place)

    def rebuy(self, game: Game, session_id: str = "", amount: int = START_BALANCE, *,
              player: str = "") -> Bankroll:
        """The house brings a broke balance back up to ``amount``, counted.

        Refused (ValueError) while chips are still at a table or the balance
        is not below ``amount``: a rebuy is for going broke.
        """
        game = Game(game)
        with self._bankroll_lock:
            now = self._readable(game)
            if now.at_table > 0:
                raise ValueError(f"{now.at_table:,} {game.shown} chips are still at a table")
            if now.balance >= amount:
                raise ValueError(f"the balance has {now.balance:,} chips for {game.shown}: "
                                 "a rebuy is for going broke")
            return self._change(now, BankrollKind.REBUY, amount - now.balance, 0, session_id,
                                player, LOCAL_TABLE)

    @property
    def local_place(self) -> str:
        """Where this process's local tables keep the profile's chips (one place per process)."""
        if self._alive is None or not self._alive.marked:
            return LOCAL_TABLE
        return local_table(self._alive.token)

    def left_behind(self, game: Game) -> dict[str, int]:
        """Chips at the local places of game processes that have ended (killed, or closed
        while seated), and at the one shared local place of older cardtuis: nobody plays
        them, and the next sit-down brings them back to the balance."""
        alive, mine = self._alive, self.local_place
        found = {}
        for place, chips in self.chips_at(game).items():
            if place == mine:
                continue
            if place == LOCAL_TABLE or (
                    place.startswith(LOCAL_PLACE) and alive is not None
                    and not alive.running(place.removeprefix(LOCAL_PLACE))):
                found[place] = chips
        return found

    def hold(self, game: Game, place: str, holder: object) -> None:
        """``holder`` (a seat's sitting) now plays the chips at ``place`` in this process.

        Two screens of one table place (``h`` ``h`` on the menu) each sit down;
        the second's buy-in follows the first's cash-out, and the first one's
        leaving must not cash out the chips the second now plays.
        """
        self._holders[(Game(game), place)] = holder

    def holder(self, game: Game, place: str) -> object | None:
        """The sitting of this process that plays the chips at ``place`` (None: none)."""
        return self._holders.get((Game(game), place))

    def holds(self, game: Game, place: str, holder: object) -> bool:
        """Whether ``holder`` still plays the chips at ``place`` (no later sitting took them)."""
        return self._holders.get((Game(game), place)) is holder

    def let_go(self, game: Game, place: str, holder: object) -> None:
        """``holder`` stood up: nobody in this process plays the chips at ``place``."""
        if self.holds(game, place, holder):
            del self._holders[(Game(game), place)]

    def _change(self, now: Bankroll, kind: BankrollKind, bank: int, stake: int,
                session_id: str, player: str, place: str) -> Bankroll:
        change = BankrollChange(player, now.game, kind, bank, stake, self.clock.wall(), place)
        self._submit(BankrollWrite(change, session_id))
        return now.plus(change)

    def _ledger(self, game: Game) -> tuple[Bankroll, dict[str, int]]:
        """The profile's bankroll in ``game`` and its chips per table: the file's figures
        plus every change still waiting."""
        game = Game(game)
        got = self._connection.acquire(timeout=BANKROLL_WAIT)
        try:
            # When the file cannot be read, the last figures read are used (the
            # writer tells the player about the file).
            if got:
                with contextlib.suppress(StoreError):
                    self._known[game] = self._use(
                        lambda db: (db.bankroll(game), db.chips_at(game)), busy_ms=READ_WAIT_MS)
            with self._queue_lock:
                waiting = list(self._queue)
        finally:
            if got:
                self._connection.release()
        # Never read (another program held the file from the start): unknown, not
        # the start balance; nothing may be staked on it (BankrollUnknown).
        found, known_places = self._known.get(game, (Bankroll(game, known=False), {}))
        places = dict(known_places)
        for write in waiting:
            change = _bankroll_change(write)
            if change is not None and change.game is game:
                change = change.resolved(places.get(change.place, 0))
                found = found.plus(change)
                places[change.place] = places.get(change.place, 0) + change.stake
        return found, {place: stake for place, stake in places.items() if stake}

    def _readable(self, game: Game) -> Bankroll:
        """The bankroll, for moving chips: BankrollUnknown when it could not be read."""
        now = self.bankroll(game)
        if not now.known:
            raise BankrollUnknown(game)
        return now

    def bankroll(self, game: Game) -> Bankroll:
        """The profile's chips in ``game``: the file's figure plus every change still waiting."""
        return self._ledger(game)[0]

    def chips_at(self, game: Game) -> dict[str, int]:
        """The profile's chips at each table in ``game`` (tables with none left out)."""
        return self._ledger(game)[1]

    def balance(self, game: Game) -> int:
        """The kept chips off the table (START_BALANCE for a newcomer)."""
        return self.bankroll(game).balance

    def rebuys(self, game: Game) -> int:
        """How many times the house has rebought the profile in ``game``."""
        return self.bankroll(game).rebuys

    def bankroll_changes(self, game: Game) -> list[BankrollChange]:
        """Every saved change to the profile's chips in ``game``, oldest first."""
        return self._read(lambda db: db.bankroll_changes(game), [])

    def record_tournament(
        self, player: str, place: int, entrants: int, session_id: str = ""
    ) -> None:
        self._submit(TournamentWrite(player, place, entrants, session_id, self.clock.wall()))

    def save_table(self, key: str, state: str | None) -> None:
        """Keep a table in play between hands under ``key`` (a tournament left or killed
        resumes from it); ``None`` forgets it (the tournament is over, or replaced).

        Written like a round: at once when it can be, else it waits in order.
        """
        self._submit(SavedTableWrite(key, state, self.clock.wall()))

    def saved_table(self, key: str) -> str | None:
        """The table last kept under ``key`` (one still waiting to be written counts)."""
        with self._queue_lock:
            waiting = [w for w in self._queue if isinstance(w, SavedTableWrite) and w.key == key]
        if waiting:
            return waiting[-1].state
        return self._read(lambda db: db.saved_table(key), None)

    def record_drill(
        self, player: str, kind: str, asked: int, correct: int, session_id: str = ""
    ) -> None:
        """Record a practice drill's score: ``correct`` of ``asked`` questions."""
        if not 0 <= correct <= asked or asked < 1:
            raise ValueError(f"a drill score is 0 to {asked} of at least one, not {correct}")
        self._submit(DrillWrite(player, kind, asked, correct, session_id, self.clock.wall()))

    def reset(self) -> None:
        """Delete every recorded result, and any still waiting (the UI asks first).

        Chips are not results: the bankroll, and any change to it still
        waiting, is kept; so is a tournament in play (:meth:`save_table`).
        """
        # Only between the writer's attempts (it holds the connection through
        # each): a round it is saving right now would otherwise stay queued as
        # a bankroll change and move the chips a second time.
        with self._connection, self._queue_lock:
            # A shared hand keeps its name: the room may send it again, and its
            # chips must still move only once.
            kept: deque[PendingWrite] = deque(
                BankrollWrite(change, getattr(write, "session_id", ""),
                              getattr(write, "shared_hand", None))
                for write in self._queue if (change := _bankroll_change(write)) is not None)
            # Nor is a tournament in play a result: it stays to be resumed.
            latest = {w.key: w for w in self._queue if isinstance(w, SavedTableWrite)}
            kept.extend(latest.values())
            self._queue.clear()
            self._queue.extend(kept)
        self._submit(ResetWrite(self.clock.wall()))

    def _submit(self, write: PendingWrite) -> int | None:
        with self._queue_lock:
            # Straight to the file only when nothing is waiting (the order of
            # rounds is kept) and nobody is using the connection.
            if self._queue or self._closing or not self._connection.acquire(blocking=False):
                self._enqueue(write)
                return None
            try:
                result = self._use(write.apply, busy_ms=0)
            except StoreError as error:
                self._enqueue(write)
                failure: StoreError | None = error
            except Exception:  # noqa: BLE001 - a bug must not cost the round
                self._enqueue(write)
                failure = self._unexpected()
            else:
                failure = None
            finally:
                self._connection.release()
        if failure is None:
            self._saved(write)
            return result
        if failure.problem is Problem.BUSY:
            # Another writer's commit usually takes milliseconds: the writer
            # thread waits for it, and says so only if it lasts (BUSY_NOTICE_AFTER).
            self.problem = failure
        else:
            self._trouble(failure)  # a full or read-only disk: tell the player now
        return None

    def _enqueue(self, write: PendingWrite) -> None:
        """Keep ``write`` for the writer thread (the caller holds ``_queue_lock``)."""
        self._queue.append(write)
        self._queued += 1
        if self._given_up:
            return
        if self._writer is None:
            self._start_writer()
        self._queue_lock.notify_all()

    def _start_writer(self) -> threading.Thread:
        """Start the one writer thread (the caller holds ``_queue_lock``; none is running).

        Two writers at once could save one write twice: each reads the first
        waiting write before taking the connection.
        """
        self._writer = threading.Thread(
            target=self._write_waiting, name="cardtui-store-writer", daemon=True
        )
        self._writer.start()
        return self._writer

    def _writer_stops(self) -> None:
        """The writer thread's last step (the caller holds ``_queue_lock``).

        ``_writer`` is cleared here, under the lock, rather than judged by
        ``is_alive()``: a thread that has decided to stop is still alive for a
        moment, and a write queued in that moment, or close()'s last try,
        would wait for a writer that never looks again.
        """
        if self._writer is threading.current_thread():
            self._writer = None

    def _write_waiting(self) -> None:
        """The writer thread: save waiting writes in order until none is left."""
        saved, busy_since = 0, self.clock.monotonic()
        retry = Retry(self._retry_first, RETRY_MAX, clock=self.clock,
                      room=lambda: pending.disk_room(self.path))
        while True:
            with self._queue_lock:
                if not self._queue:
                    self._writer_stops()
                    return
                write = self._queue[0]
            try:
                with self._connection:
                    with self._queue_lock:
                        # reset() may have rewritten the queue since it was read.
                        stale = not self._queue or self._queue[0] is not write
                    if stale:
                        continue
                    retry.trying()
                    self._use(write.apply, busy_ms=WAIT_SLICE_MS)
                    with self._queue_lock:  # see __init__: off the queue while still connected
                        if self._queue and self._queue[0] is write:
                            self._queue.popleft()
                        done = not self._queue
            except Exception as error:  # noqa: BLE001 - never a traceback from this thread
                if not isinstance(error, StoreError):
                    trouble = self._unexpected()
                    with self._queue_lock:
                        # It would fail again: kept; close() makes one last try and
                        # reports what is still waiting.
                        self._given_up = True
                        self._writer_stops()
                    self._trouble(trouble)
                    return
                if error.problem is Problem.BUSY:
                    if self.clock.monotonic() - busy_since >= BUSY_NOTICE_AFTER:
                        self._trouble(error)
                    with self._queue_lock:
                        if self._closing and time.monotonic() > self._deadline:
                            self._writer_stops()
                            return  # waited as long as closing allows
                    time.sleep(0.01)  # let a read have the connection between slices
                    continue
                self._trouble(error)
                retry.failed()
                with self._queue_lock:
                    if not error.problem.worth_retrying:
                        self._given_up = True
                    queued = self._queued
                    # Until the pause is over or the disk changes (space freed): looked
                    # at every LOOK seconds; a new write or close() wakes it at once.
                    while not (self._closing or self._given_up or self._queued != queued
                               or retry.due()):
                        self._queue_lock.wait(LOOK)
                    if self._closing or self._given_up:
                        self._writer_stops()
                        return  # kept in memory; close() reports it
                continue
            self._saved(write)
            saved += 1
            retry.saved()
            busy_since = self.clock.monotonic()
            if done:
                self._all_saved(saved)
                saved = 0

    def unsaved(self) -> list[PendingWrite]:
        """What is waiting in memory right now, oldest first."""
        with self._queue_lock:
            return list(self._queue)

    def close(self, wait: float = CLOSE_WAIT) -> list[PendingWrite]:
        """Give the writer up to ``wait`` seconds, close the file, return what was not saved."""
        _OPEN_STORES.discard(self)
        if self._alive is not None:
            self._alive.close()  # chips still at this process's tables come back next time
        # Real time, whatever the store's clock: closing waits for a real thread,
        # and a virtual clock nobody moves would never let it give up.
        give_up_at = time.monotonic() + wait + 1.0
        with self._queue_lock:
            self._closing = True
            self._deadline = time.monotonic() + wait
            writer = self._writer
            self._queue_lock.notify_all()  # a writer pausing before a retry tries now
        # A writer still at work (perhaps in the middle of a failing write)
        # finishes first: the last try must come after its attempt, not during it.
        if writer is not None:
            writer.join(max(0.0, give_up_at - time.monotonic()))
        with self._queue_lock:
            writer = None
            if self._queue and self._writer is None:
                # Stopped after a trouble that does not clear by waiting: one last try.
                self._given_up = False
                writer = self._start_writer()
        if writer is not None:
            writer.join(max(0.0, give_up_at - time.monotonic()))
        if self._connection.acquire(timeout=1.0):
            try:
                if self._db is not None:
                    self._db.close()
                    self._db = None
            finally:
                self._connection.release()
        return self.unsaved()

    # -- reading -----------------------------------------------------------

    def _read(self, query: Callable[[Database], _T], nothing: _T) -> _T:
        """Run a read; when the file cannot be read, ``nothing`` (and :attr:`status` says why)."""
        if not self._connection.acquire(timeout=READ_WAIT_MS / 1000):
            return nothing  # the writer is waiting out another program's lock
        try:
            found = self._use(query, busy_ms=READ_WAIT_MS)
        except StoreError as error:
            self._trouble(error)
            return self._read_only(query, nothing) if error.problem is Problem.READ_ONLY else (
                nothing)
        finally:
            self._connection.release()
        if self.problem is not None and self._told is self.problem.problem and not self.unsaved():
            self.problem = self._told = None  # a read that failed before works again
        return found

    def _read_only(self, query: Callable[[Database], _T], nothing: _T) -> _T:
        """A scoreboard on a read-only disk can still be shown."""
        try:
            db = open_database(self.path, read_only=True)
        except StoreError:
            return nothing
        try:
            return query(db)
        except StoreError:
            return nothing
        finally:
            db.close()

    def totals(self, game: Game, session_id: str | None = None) -> list[Totals]:
        """Per-player aggregates for ``game``, all time or for one session."""
        return self._read(lambda db: db.totals(game, session_id), [])

    def tournaments(self, session_id: str | None = None) -> list[TournamentResult]:
        return self._read(lambda db: db.tournaments(session_id), [])

    def drills(self, session_id: str | None = None) -> list[DrillScore]:
        return self._read(lambda db: db.drills(session_id), [])

    def hand_histories(self, session_id: str | None = None, *,
                       tournaments: bool = True) -> list[HandHistory]:
        """The kept hand histories (saved ones; not any still waiting), oldest first;
        ``tournaments=False``: cash hands only."""
        return self._read(lambda db: db.hand_histories(session_id, tournaments=tournaments), [])

    def round_nets(self, game: Game, player: str, session_id: str | None = None) -> list[int]:
        """``player``'s result in each saved round of ``game``, oldest first (a results chart)."""
        return self._read(lambda db: db.round_nets(game, player, session_id), [])

    def round_count(self) -> int:
        """Rounds saved in the file (not counting any still waiting)."""
        return self._read(lambda db: db.round_count(), 0)

    @property
    def schema_version(self) -> int:
        return self._read(lambda db: db.schema_version, 0)


def _bankroll_change(write: PendingWrite) -> BankrollChange | None:
    """The change to a bankroll a waiting write makes, if any."""
    if isinstance(write, BankrollWrite):
        return write.change
    if isinstance(write, RoundWrite):
        return write.bankroll
    return None


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def unsaved_report(writes: Sequence[PendingWrite], problem: StoreError | None,
                   *, shown: int = 5) -> str:
    """The exit line's account of what could not be saved, and why.

    >>> from cardtui.store.records import Outcome
    >>> write = RoundWrite(Game.HOLDEM, (SeatResult("Ann", 20, -20, Outcome.LOSS),), "s", 0.0)
    >>> print(unsaved_report([write], StoreError(Problem.FULL, "x")))  # doctest: +ELLIPSIS
    1 settled round could not be saved: Texas Hold'em hand at ... (Ann −20). The disk holding ...
    """
    why = str(problem) if problem is not None else "cardtui closed while it was still saving"
    listed = "; ".join(write.describe() for write in writes[:shown])
    if len(writes) > shown:
        listed += f"; and {len(writes) - shown} more"
    return f"{_what(writes)} could not be saved: {listed}. {why[0].upper()}{why[1:]}."


def _what(writes: Sequence[PendingWrite]) -> str:
    """``2 settled rounds and 1 tournament place``: what is waiting, in a player's words."""
    rounds = sum(isinstance(w, RoundWrite) for w in writes)
    places = sum(isinstance(w, TournamentWrite) for w in writes)
    drills = sum(isinstance(w, DrillWrite) for w in writes)
    chips = sum(isinstance(w, BankrollWrite) for w in writes)
    tables = sum(isinstance(w, SavedTableWrite) for w in writes)
    resets = len(writes) - rounds - places - drills - chips - tables
    parts = [_count(rounds, "settled round") if rounds else "",
             _count(places, "tournament place") if places else "",
             "the tournament in play" if tables else "",
             _count(drills, "drill score") if drills else "",
             _count(chips, "bankroll change") if chips else "",
             "a scoreboard reset" if resets else ""]
    return " and ".join(part for part in parts if part)
