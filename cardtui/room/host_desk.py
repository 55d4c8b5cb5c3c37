"""The host's controls: what a host's key may ask of the room, and its log.

A host is a player whose SSH key is one of the room's host keys, or a browser
that brought the host's own secret (the server decides, when it binds the line:
:attr:`Member.host`). The room looks at
that, never at anything the game says, before every host request: a
non-host's request is answered with an error (:attr:`ErrorCode.NOT_HOST`),
logged, and changes nothing.

Every host action is kept in :attr:`HostDesk.actions` (a ledger of who did
what, when, where) and written to the room's log and the host's terminal.
The log and the bans are kept in the room's store when it has one
(:mod:`cardtui.store.room_store`): a ban holds across restarts of the server.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardtui.clock import Clock
from cardtui.holdem.setup import MIN_STACK_BIG_BLINDS
from cardtui.i18n import N_
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.chat import MAX_CHAT, clean
from cardtui.room.connection import Connection
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.ledger import Ledger
from cardtui.room.seating import SeatApprovals, move_seat
from cardtui.room.shared import Refused
from cardtui.store.room_store import KeptAction, RoomStore
from cardtui.wire.protocol import (
    Announce,
    Announcement,
    Error,
    ErrorCode,
    GetHostDesk,
    HostApproval,
    HostBlinds,
    HostClose,
    HostDeskState,
    HostExport,
    HostKick,
    HostMove,
    HostPause,
    HostRequest,
    HostResume,
    HostSeatAnswer,
    HostUnban,
    Notice,
)
from cardtui.wire.words import english, said

log = logging.getLogger("cardtui.room")

#: What a refused non-host is told.
NOT_HOST = N_("only the room's hosts may do that")
#: What a banned player's game is told as the room closes its line.
BANNED = N_("the host has banned you from this room")
#: A host action's answer as data: its template (marked N_) and the template's arguments,
#: worded by the host's game in the host's language (cardtui/wire/words.py).
Answer = tuple[str, dict[str, object]]


class DeskRoom(Protocol):
    """What the desk needs of the room (:class:`cardtui.room.room.Room` is one; named
    here so this module does not import the room, which imports it)."""

    clock: Clock
    connections: set[Connection]
    tables: dict[str, HoldemTable | BlackjackTable]
    ledger: Ledger
    approvals: SeatApprovals

    def ledger_text(self) -> str:
        """Tonight's ledger as CSV, with each player's chips at the tables now."""

    def table(self, table_id: str) -> HoldemTable | BlackjackTable:
        """The table ``table_id``; Refused when there is none."""


@dataclass(frozen=True, slots=True)
class HostAction:
    """One line of the host's ledger."""

    #: Wall-clock time of the action.
    at: float
    #: The host's name as the room showed it, and their profile (the key's).
    host: str
    profile: str
    #: "pause", "resume", "close", "kick", "ban", "blinds", "announce".
    action: str
    table: str | None
    #: What was done, in a few words ("void", "5/10 -> 10/20", the player's name).
    detail: str = ""

    def line(self) -> str:
        where = f" at table {self.table}" if self.table else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"host {self.host}: {self.action}{where}{detail}"


class HostDesk:
    """The room's host controls, its ban list and its ledger of host actions."""

    def __init__(self, room: DeskRoom) -> None:
        self.room = room
        self.actions: list[HostAction] = []
        #: Profiles the host banned: refused at the greeting for the room's life.
        self.banned: set[str] = set()
        #: The name each banned profile went by (the host's list of bans, to lift one).
        self.ban_names: dict[str, str] = {}
        #: The last announcement: (the host's name, the text).
        self.announcement: tuple[str, str] | None = None
        #: Where each host action is written besides the room's log (the host's terminal).
        self.report: Callable[[str], None] | None = None
        #: Where the night's ledger is exported (``cardtui serve``'s data directory;
        #: None: a room without one, which refuses the export).
        self.export_dir: Path | None = None
        #: Where the log and the bans are kept between runs (None: for this run only).
        self.store: RoomStore | None = None

    def restore(self, store: RoomStore) -> None:
        """Keep the log and the bans in ``store`` from now, and take back what it has."""
        self.store = store
        names = store.banned_names()
        self.banned |= set(names)
        self.ban_names.update(names)
        self.actions[:0] = [HostAction(a.at, a.host, a.profile, a.action, a.table, a.detail)
                            for a in store.actions()]

    def handle(self, conn: Connection, message: HostRequest, ref: int | None) -> None:
        """Check the sender's key, then do what ``message`` asks; the answer names ``ref``."""
        table = getattr(message, "table", None)
        if not conn.member.host:
            log.warning("%r (not a host) sent %s: refused", conn, message.TYPE)
            conn.send(Error(ErrorCode.NOT_HOST, NOT_HOST, table, key=NOT_HOST, ref=ref))
            return
        if isinstance(message, GetHostDesk):
            conn.send(self.state(ref))  # a look, not an action: nothing to log
            return
        action, detail, (template, args) = _ACTIONS[type(message)](self, conn, message)
        self._record(conn, action, table, detail)
        key, words = said(template, **args)
        conn.send(Notice(table, english(key, words), key=key, args=words, ref=ref))

    def _record(self, conn: Connection, action: str, table: str | None, detail: str) -> None:
        entry = HostAction(self.room.clock.wall(), conn.member.name, conn.member.profile,
                           action, table, detail)
        self.actions.append(entry)
        if self.store is not None:
            self.store.keep_action(KeptAction(entry.at, entry.host, entry.profile,
                                              entry.action, entry.table, entry.detail))
        log.info("%s", entry.line())
        if self.report is not None:
            self.report(entry.line())

    # --- one method per host request: (action, detail, the answer's words) ------------

    def _pause(self, conn: Connection, message: HostPause) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        table.pause(conn.member.name)
        return "pause", "", (N_("{table} is paused."), {"table": table.name})

    def _resume(self, conn: Connection, message: HostResume) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        table.resume()
        return "resume", "", (N_("{table} plays again."), {"table": table.name})

    def _close(self, conn: Connection, message: HostClose) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        gone = table.close_by_host(conn.member.name, void=message.void)
        word = table.game.hand_word
        answer: Answer = ((N_("{table} is closed."), {"table": table.name}) if gone else
                          (N_("{table} closes after this hand.") if word == "hand" else
                           N_("{table} closes after this round."), {"table": table.name}))
        return "close", f"{word} void" if message.void else f"{word} played out", answer

    def _kick(self, conn: Connection, message: HostKick) -> tuple[str, str, Answer]:
        profile, name = self._profile_named(message.name)
        if profile == conn.member.profile:
            raise Refused(N_("you cannot remove yourself"))
        kicked = [table for table in list(self.room.tables.values())
                  if table.kick(profile, conn.member.name, banned=message.ban)]
        if not message.ban:
            if not kicked:
                raise Refused(N_("{name} is not at a table"), name=name)
            return "kick", name, (N_("{name} is removed from {tables}."),
                                  {"name": name, "tables": _listed(t.name for t in kicked)})
        self.banned.add(profile)
        self.ban_names[profile] = name
        if self.store is not None:
            self.store.keep_ban(profile, name)
        for each in list(self.room.connections):
            if each.member.profile == profile:
                each.send(Error(ErrorCode.BANNED, BANNED, key=BANNED))
                each.close()
        return "ban", name, (N_("{name} is banned from the room."), {"name": name})

    def _profile_named(self, name: str) -> tuple[str, str]:
        """The profile going by ``name`` in the room (a line, or a seat kept while away)."""
        wanted = name.casefold()
        for conn in self.room.connections:
            if conn.greeted and conn.member.name.casefold() == wanted:
                return conn.member.profile, conn.member.name
        for table in self.room.tables.values():
            for player in table.holders():
                if player.name.casefold() == wanted:
                    return player.member.profile, player.name
        raise Refused(N_("nobody here is called {name}"), name=clean(name, 40))

    def _blinds(self, conn: Connection, message: HostBlinds) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        if not isinstance(table, HoldemTable):
            raise Refused(N_("blackjack has no blinds"))
        before = table.options.stakes
        limits = (table.next_options or table.options).limits
        options = table.set_blinds(message.small_blind, message.big_blind)
        args: dict[str, object] = {"blinds": options.stakes, "table": table.name}
        if options.limits == limits:
            table.notice(N_("The host ({host}) sets the blinds {blinds} from the next hand."),
                         host=conn.member.name, blinds=options.stakes)
            answer: Answer = (N_("{table}: blinds {blinds} from the next hand."), args)
        else:
            # Raised with the blinds, never refused for them: see buy_ins_for.
            low, high = options.limits
            args |= {"low": low, "high": high, "least": MIN_STACK_BIG_BLINDS}
            table.notice(N_("The host ({host}) sets the blinds {blinds} from the next hand; "
                            "the buy-in is {low} to {high} from then (at least {least} big "
                            "blinds)."), host=conn.member.name, blinds=options.stakes,
                         low=low, high=high, least=MIN_STACK_BIG_BLINDS)
            answer = (N_("{table}: blinds {blinds} from the next hand; the buy-in is {low} to "
                         "{high} from then (at least {least} big blinds)."), args)
        return "blinds", f"{before} -> {options.stakes}", answer

    def _announce(self, conn: Connection, message: Announce) -> tuple[str, str, Answer]:
        text = clean(message.text, MAX_CHAT)
        if not text:
            raise Refused(N_("nothing to announce: the line was empty once cleaned"))
        self.announcement = (conn.member.name, text)
        said = Announcement(conn.member.name, text)
        for each in self.room.connections:
            if each.greeted:
                each.send(said)
        return "announce", text, (N_("Announced."), {})


    def _export(self, conn: Connection, message: HostExport) -> tuple[str, str, Answer]:
        if self.export_dir is None:
            raise Refused(N_("this room keeps no files: there is nowhere to export to"))
        folder = self.export_dir / "ledgers"
        stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(self.room.clock.wall()))
        path = folder / f"ledger-{stamp}.csv"
        text = self.room.ledger_text()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            # Written whole beside, then renamed: a crash leaves the last file or none.
            partial = path.with_suffix(".csv.partial")
            with open(partial, "w", encoding="utf-8", newline="") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        except OSError as error:
            log.warning("exporting the ledger to %s failed: %s", path, error)
            raise Refused(N_("the ledger could not be written: {reason}"),
                          reason=error.strerror or error) from None
        return "export", str(path), (N_("Tonight's ledger is in {path}"), {"path": path})


    # --- seats and bans (:mod:`cardtui.room.seating`) -----------------------------------

    def state(self, ref: int | None = None) -> HostDeskState:
        """What waits for the host: the seat requests, and the bans (by name)."""
        bans = sorted((name or "(a player banned before names were kept)")
                      for name in (self.ban_names.get(p, "") for p in self.banned))
        return HostDeskState(tuple(self.room.approvals.requests()), tuple(bans), ref=ref)

    def _move(self, conn: Connection, message: HostMove) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        profile, _ = self._profile_named(message.name)
        name = move_seat(table, profile, message.seat, conn.member.name)
        return "move", f"{name} to seat {message.seat + 1}", \
            (N_("{name} moves to seat {seat} at {table}."),
             {"name": name, "seat": message.seat + 1, "table": table.name})

    def _approval(self, conn: Connection, message: HostApproval) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        self.room.approvals.set(table, message.on)
        table.room.lobby_changed(table)  # its lobby line says so
        if message.on:
            table.notice(N_("The host ({host}) approves every new seat here."),
                         host=conn.member.name)
            return "approval", "on", (N_("New seats at {table} wait for a host's approval."),
                                      {"table": table.name})
        table.notice(N_("The host ({host}) no longer approves seats here."), host=conn.member.name)
        return "approval", "off", (N_("Anyone may sit at {table} again."), {"table": table.name})

    def _seat_answer(self, conn: Connection, message: HostSeatAnswer) -> tuple[str, str, Answer]:
        table = self.room.table(message.table)
        name = self.room.approvals.answer(table, message.name, message.approve)
        if message.approve:
            return "approve", name, (N_("{name} may sit at {table}."),
                                     {"name": name, "table": table.name})
        return "refuse", name, (N_("{name} is not seated at {table}."),
                                {"name": name, "table": table.name})

    def _unban(self, conn: Connection, message: HostUnban) -> tuple[str, str, Answer]:
        wanted = message.name.casefold()
        profile = next((p for p in sorted(self.banned)
                        if self.ban_names.get(p, "").casefold() == wanted), None)
        if profile is None:
            raise Refused(N_("nobody called {name} is banned"), name=clean(message.name, 40))
        name = self.ban_names.pop(profile, message.name)
        self.banned.discard(profile)
        if self.store is not None:
            self.store.drop_ban(profile)
        return "unban", name, (N_("{name} may come back to the room."), {"name": name})


def _listed(names: Iterator[str]) -> str:
    shown = list(names)
    return ", ".join(shown[:-1]) + (" and " if len(shown) > 1 else "") + shown[-1]


#: What the desk does with each host request (:meth:`HostDesk.handle`).
_ACTIONS: dict[type[HostRequest],
               Callable[[HostDesk, Connection, Any], tuple[str, str, Answer]]] = {
    HostPause: HostDesk._pause,
    HostResume: HostDesk._resume,
    HostClose: HostDesk._close,
    HostKick: HostDesk._kick,
    HostBlinds: HostDesk._blinds,
    Announce: HostDesk._announce,
    HostExport: HostDesk._export,
    HostMove: HostDesk._move,
    HostApproval: HostDesk._approval,
    HostSeatAnswer: HostDesk._seat_answer,
    HostUnban: HostDesk._unban,
}
