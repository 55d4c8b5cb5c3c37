"""A crowd of SSH players at shared tables, playing from what their screens show.

Each player sits down from the lobby (the table's row, Enter, the largest
buy-in). At blackjack they play like a patient regular: in each betting
window ``d`` places the minimum bet, on their turn they decline insurance and
stand. At hold'em (:func:`play_holdem`) they mostly check or call, now and
then bet or raise the minimum or fold to a bet, by a fixed rule, and count
the hands their screen saw from its hand history. A key that has not taken
effect a second later is pressed again (a press the screen was not ready for
is ignored, never harmful: a bet placed twice is the same bet). Nothing here
reads the room, so the same players drive a server in this process or in its
own (the slow test, the benchmark).

The crowd also measures what a player feels: from one player's stand to the
next player's prompt appearing on *their* screen (:attr:`Table.handovers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from cardtui.testing.ssh import TerminalClient
from tests.serve.room_ssh import BET_PROMPT

DOWN, UP = "\x1b[B", "\x1b[A"
#: The lobby's line about the highlighted table: "Pit 7: 2 seats free · ..." (the
#: crowd's hold'em tables are "Ring N"; N is the table's row in the lobby, plus one).
HIGHLIGHTED = re.compile(r"(?:Pit|Ring) (\d+):")
#: The table's session counters: wins, losses, pushes of this player's rounds.
TALLY = re.compile(r"Session W (\d+)\s+L (\d+)\s+P (\d+)")
#: Seconds before a key that changed nothing is pressed again.
REPRESS = 1.0


@dataclass
class Table:
    """What the players of one table share: the last stand, and the handovers measured."""

    row: int
    #: ``time.monotonic()`` of the stand not yet seen by the next player's screen.
    stand_at: float | None = None
    handovers: list[float] = field(default_factory=list)


@dataclass
class Player:
    name: str
    table: Table
    client: TerminalClient
    #: Rounds settled on this player's screen.
    rounds: int = 0


async def sit_at_row(port: int, key: asyncssh.SSHKey, name: str, row: int, *,
                     timeout: float = 120, seated: tuple[str, ...] = (BET_PROMPT,)
                     ) -> TerminalClient:
    """Log in, move the lobby's cursor to ``row`` ("Pit row+1"), sit for the largest buy-in,
    and wait for one of ``seated`` (the table's screen: a blackjack betting window by default).

    The cursor moves one row at a time, each key only once the highlighted
    table's line shows the last one took effect: a burst of keys on a busy
    machine left keys in flight when the line first read right, and Enter
    sat the player at a later table.
    """
    client = await TerminalClient.connect(port, key=key, width=80, height=30)
    await client.wait_for(f"you are {name}", timeout=timeout)
    deadline = time.monotonic() + timeout
    await client.settle(0.3, timeout=timeout)
    while True:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{name} could not reach Pit {row + 1}:\n{client.text}")
        at = _highlighted(client)
        if at == row:
            await client.settle(0.3, timeout=timeout)  # the lobby may have redrawn meanwhile
            if _highlighted(client) == row:
                break
        elif at is None:
            await _changed(client, REPRESS)
        else:
            client.press(DOWN if row > at else UP)
            if not await _moved(client, at, 2 * REPRESS):
                await client.settle(0.3, timeout=timeout)  # a key still in flight lands first
    client.press("enter")
    await client.wait_for("Buy in for", timeout=timeout)
    client.press("enter")
    await client.wait_for(*seated, timeout=timeout)
    return client


def _highlighted(client: TerminalClient) -> int | None:
    """The lobby's highlighted row, from its line about that table ("Pit 7: ..." is row 6)."""
    found = HIGHLIGHTED.search(_screen(client))
    return int(found.group(1)) - 1 if found is not None else None


async def _changed(client: TerminalClient, seconds: float) -> None:
    """Wait for the next bytes on ``client``'s screen, at most ``seconds``."""
    client._changed.clear()  # noqa: SLF001
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(client._changed.wait(), seconds)  # noqa: SLF001


async def _moved(client: TerminalClient, row: int, seconds: float) -> bool:
    """Wait until the lobby's highlighted row is no longer ``row``; False after ``seconds``."""
    deadline = time.monotonic() + seconds
    while _highlighted(client) == row:
        if time.monotonic() > deadline:
            return False
        await _changed(client, deadline - time.monotonic())
    return True


def _screen(client: TerminalClient) -> str:
    return client.flat


def rounds_played(client: TerminalClient) -> int:
    """Rounds this player's screen has settled: the session counters (wins, losses, pushes)."""
    found = TALLY.search(_screen(client))
    return sum(int(n) for n in found.groups()) if found else 0


async def play(player: Player, rounds: int, *, timeout: float = 600, think: float = 0.0,
               vary: random.Random | None = None) -> None:
    """Play until ``rounds`` rounds have settled on this player's screen and bets are open again.

    Rounds are counted from the screen's session counters, not from the
    prompts seen: a prompt can go and come back between two frames.
    ``vary``: if given, each decision takes ``think`` times a factor drawn
    from it between 0.5 and 1.5 (people do not all take the same second; with
    one fixed thought, every table of a crowd started together acts at the
    same instants for ever, and every game redraws at once).
    ``think``: seconds the player takes over each decision (the bet, the
    stand, insurance) once its prompt is on their screen.
    """
    client, name, table = player.client, player.name, player.table
    turn, insurance = f"{name}: Hit or stand?", f"{name}: Insurance?"
    even_money, my_hand = f"{name}: Even money?", f"{name}, hand"
    pressed: dict[str, float] = {}
    #: When each prompt now asked of this player first showed (the thinking starts).
    shown: dict[str, float] = {}
    #: How long this player thinks over each prompt now shown.
    thought: dict[str, float] = {}
    deadline = time.monotonic() + timeout

    def ready(key: str, now: float) -> bool:
        """Thought long enough, and not pressed within the last REPRESS seconds."""
        if key not in shown:
            shown[key] = now
            thought[key] = think * (vary.uniform(0.5, 1.5) if vary is not None else 1.0)
        return now - shown[key] >= thought[key] and now - pressed.get(key, 0) > REPRESS

    def over(*keys: str) -> None:
        for key in keys:
            pressed.pop(key, None)
            shown.pop(key, None)
            thought.pop(key, None)

    while True:
        now = time.monotonic()
        if now > deadline:
            raise TimeoutError(f"{name} is stuck after {player.rounds} rounds:\n{client.text}")
        text = _screen(client)
        player.rounds = rounds_played(client)
        if BET_PROMPT in text:
            over("s", "n")
            table.stand_at = None
            if player.rounds >= rounds:
                return
            if ready("d", now):
                pressed["d"] = now
                client.press("d")
        else:
            over("d")
            if turn in text or my_hand in text:
                if "s" not in pressed and "s" not in shown and table.stand_at is not None:
                    # Timed to the arrival of the bytes that drew it (the latest
                    # bytes; the prompt came in them or before), not to when this
                    # process, reading sixty screens, got round to looking.
                    table.handovers.append(client.received_at - table.stand_at)
                    table.stand_at = None
                if ready("s", now):
                    if "s" not in pressed:
                        table.stand_at = time.monotonic()
                    pressed["s"] = now
                    client.press("s")
            elif insurance in text or even_money in text:
                if ready("n", now):
                    pressed["n"] = now
                    client.press("n")
            elif "s" in pressed or "s" in shown:
                over("s")  # my turn is over: the next prompt of mine is a new one
        # Wait for the next bytes, a re-press, or the end of a thought.
        wait = min([REPRESS / 2] + [at + thought[key] - now for key, at in shown.items()
                                    if key not in pressed and at + thought[key] > now])
        client._changed.clear()  # noqa: SLF001
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client._changed.wait(), wait)  # noqa: SLF001


# --- hold'em ------------------------------------------------------------------------------

#: A hold'em table's screen, whatever it shows first: before the first hand, between
#: hands, someone's clock, or (the last to sit down at a full table) this player's turn.
HOLDEM_SEATED = ("Waiting for the deal", "The room deals the next hand", "is thinking",
                 "your turn")
#: The board between hands (and before the first): the next hand's blinds, where a
#: hand in play shows its bet ("No bet yet", "Bet 20 · 10 to call").
BETWEEN_HANDS = re.compile(r"Blinds \d+/\d+")
#: The bet or raise dialog (``r``): its legal range. Enter confirms the minimum it offers.
RAISE_DIALOG = re.compile(r"Legal: [\d,]+ to [\d,]+")
#: The hand history screen (``y``): its column heading, and the highlighted (last) hand's
#: log, headed "Hand N". The history adds a hand when its result reaches the screen.
HISTORY = "Won by"
HISTORY_HAND = re.compile(r"\bHand (\d+)\b")
NO_HISTORY = "No hands played yet"
SITTING_OUT = "You are sitting out"
#: Seconds the table must rest between hands before the player looks at its history:
#: well over the crowd's pause between hands, so a look is rare before the last hand.
QUIET = 3.0


@dataclass
class HoldemPlayer:
    name: str
    #: The player's place at the table (0, 1, ...): it staggers who bets and folds when.
    place: int
    client: TerminalClient
    #: Hands in this player's hand history, as its screen last showed it.
    hands: int = 0
    #: Decisions this player's screen asked of them (each prompt that appeared).
    decisions: int = 0
    #: Moves made, by key: "c" check or call, "r" bet or raise the minimum, "f" fold.
    moves: dict[str, int] = field(default_factory=dict)


def holdem_move(player: HoldemPlayer, to_call: int) -> str:
    """The key for a decision: mostly check or call; now and then bet the minimum (nothing
    to call) or fold (a bet to call). Facing a bet a player never raises, so a street has
    at most one bet and a hand costs at most a few big blinds: nobody runs out of chips.

    >>> [holdem_move(HoldemPlayer("Ann", 1, None, decisions=d), 0) for d in range(4)]
    ['c', 'c', 'r', 'c']
    >>> [holdem_move(HoldemPlayer("Ann", 1, None, decisions=d), 10) for d in range(5)]
    ['c', 'c', 'c', 'f', 'c']
    """
    turn = player.decisions + player.place
    if to_call == 0:
        return "r" if turn % 4 == 3 else "c"
    return "f" if turn % 5 == 4 else "c"


def _hands_in_history(text: str) -> int | None:
    """The number of the last hand in the history screen (None: its log not drawn yet).

    >>> _hands_in_history("Hand Blinds Board Pot Won by 1 5/10 — 15 Ann 15 Hand 1 Ann folds")
    1
    >>> _hands_in_history("Hand Blinds Board Pot Won by 1 5/10 — 15 Ann 15"), _hands_in_history(
    ...     "Hand Blinds Board Pot Won by No hands played yet this session.")
    (None, 0)
    """
    if NO_HISTORY in text:
        return 0
    numbers = [int(n) for n in HISTORY_HAND.findall(text)]
    return max(numbers) if numbers else None


async def play_holdem(player: HoldemPlayer, hands: int, *, timeout: float = 600) -> None:
    """Play until this player's hand history holds ``hands`` hands and the table rests.

    The table screen shows no count of hands, so the player counts from its
    hand history (``y``, read, Escape) once the table has rested between hands
    for :data:`QUIET` seconds: the room deals no more than ``hands``, and the
    last one's result reaches the history before the table rests that long
    (if not, the player looks again the next time it rests).

    Escape is pressed once per look: a second one reaching the table would
    stand the player up. Every other key is harmless pressed again.
    """
    client, name = player.client, player.name
    turn = re.compile(re.escape(name)
                      + r", your turn: (?:([\d,]+) to call|check(?: or bet| or raise)?\.)")
    deadline = time.monotonic() + timeout
    #: The prompt being answered, the key chosen for it, and when it was last pressed.
    asked: str | None = None
    key, pressed = "", 0.0
    between_since: float | None = None
    looked = escaped = False
    while True:
        now = time.monotonic()
        if now > deadline:
            raise TimeoutError(f"{name} is stuck after {player.hands} hands:\n{client.text}")
        text = _screen(client)
        prompt = turn.search(text)
        if HISTORY in text:
            between_since = None
            count = _hands_in_history(text)
            if count is not None and not escaped:
                player.hands, looked, escaped = count, False, True
                client.press("escape")
        elif RAISE_DIALOG.search(text):
            escaped = False
            if now - pressed > REPRESS:
                pressed = now
                client.press("enter")
        elif prompt is not None:
            escaped, between_since = False, None
            if prompt.group(0) != asked:
                asked = prompt.group(0)
                player.decisions += 1
                to_call = int((prompt.group(1) or "0").replace(",", ""))
                key, pressed = holdem_move(player, to_call), 0.0
                player.moves[key] = player.moves.get(key, 0) + 1
            if now - pressed > REPRESS:
                pressed = now
                client.press(key)
        elif SITTING_OUT in text:
            escaped = False
            if now - pressed > REPRESS:  # any key comes back
                pressed = now
                client.press("c")
        else:
            escaped, asked = False, None
            if not BETWEEN_HANDS.search(text):
                between_since = None
            elif player.hands >= hands:
                return
            else:
                between_since = between_since if between_since is not None else now
                if now - between_since >= QUIET and (not looked or now - pressed > REPRESS):
                    looked, pressed = True, now
                    client.press("y")
        await _changed(client, REPRESS / 2)


# --- the server, in a process of its own ------------------------------------------------
#
# Sixty terminals and the server in one process share one core; apart, each
# has one. ``python3 -m tests.serve.room_crowd ROOT TABLES SEATS [HOLDEM HANDS]``
# serves ``TABLES`` blackjack tables of ``SEATS`` (then ``HOLDEM`` hold'em
# tables of as many, no bots, each dealing ``HANDS`` hands), prints ``port N``,
# and when a line arrives on its stdin prints one JSON line about the room and
# stops: the rounds and hands dealt, every seat's chips, every result the room
# settled for each player, and the CPU time spent in the room's own event-loop
# callbacks.


class RoomMeter:
    """CPU time spent in event-loop callbacks that belong to the room (``cardtui.room``)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._run: Callable[[asyncio.events.Handle], None] | None = None

    def install(self) -> None:
        run = asyncio.events.Handle._run  # noqa: SLF001
        meter = self

        def timed(handle: asyncio.events.Handle) -> None:
            if not _is_room(handle._callback):  # noqa: SLF001
                run(handle)
                return
            start = time.thread_time()
            try:
                run(handle)
            finally:
                meter.seconds += time.thread_time() - start

        self._run = run
        asyncio.events.Handle._run = timed  # type: ignore[method-assign]  # noqa: SLF001

    def uninstall(self) -> None:
        asyncio.events.Handle._run = self._run  # type: ignore[method-assign]  # noqa: SLF001


def _is_room(callback: object) -> bool:
    """Whether a loop callback is the room's: its own function, or a step of its task."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        code = getattr(owner.get_coro(), "cr_code", None)
        return code is not None and "cardtui/room/" in code.co_filename
    function = getattr(callback, "func", callback)  # functools.partial
    module = getattr(function, "__module__", "") or ""
    return module.startswith("cardtui.room")


def deal_at_most(hands: int) -> None:
    """Every hold'em table of this process deals ``hands`` hands, then rests.

    Players cannot stop a hold'em table between hands (it deals while anyone
    plays; standing up takes their chips off the table), so the crowd's room
    is told when to stop, as a host calls the last hand.
    """
    from cardtui.room.holdem_table import HoldemTable

    deal = HoldemTable._deal  # noqa: SLF001

    def dealing(table: HoldemTable) -> None:
        if table.hand_number < hands:
            deal(table)
        else:
            table._next_hand = None  # noqa: SLF001 - as a deal that found nobody to play

    HoldemTable._deal = dealing  # type: ignore[method-assign]  # noqa: SLF001


async def serve(root: Path, tables: int, seats: int, holdem: int = 0, hands: int = 0) -> None:
    from cardtui.room.blackjack_table import BlackjackTable
    from cardtui.room.config import BlackjackOptions, HoldemOptions, TableOptions
    from cardtui.room.holdem_table import HoldemTable, RoomBot
    from cardtui.room.room import Room
    from cardtui.room.shared import SeatedPlayer as Seat
    from cardtui.serve.launch import Launch
    from cardtui.serve.server import ServeConfig, start_server
    from cardtui.wire.protocol import Message, SeatSettled

    meter = RoomMeter()
    meter.install()
    settled: dict[str, list[int]] = {}
    #: Every result delivered to each player: [table id, hand or round number, net].
    results: dict[str, list[tuple[str, int, int]]] = {}
    deliver = Room.deliver

    def recording(room: Room, player: Seat, message: Message) -> None:
        if isinstance(message, SeatSettled):
            settled.setdefault(player.name, []).append(message.result.net)
            results.setdefault(player.name, []).append(
                (message.table, message.hand, message.result.net))
        deliver(room, player, message)

    Room.deliver = recording  # type: ignore[method-assign]
    if holdem:
        deal_at_most(hands)
    options: list[TableOptions] = [
        BlackjackOptions(name=f"Pit {t + 1}", seats=seats, action_clock=60, betting_clock=60,
                         between_rounds=0.5) for t in range(tables)]
    # Six people and no bots: every chip at the table is a player's, every move a key.
    options += [HoldemOptions(name=f"Ring {tables + h + 1}", seats=seats, bots_fill=False,
                              min_humans=seats, action_clock=60, between_hands=0.5,
                              seed=100 + h) for h in range(holdem)]
    config = ServeConfig(root=root, host="127.0.0.1", port=0, open=True,
                         max_sessions=(tables + holdem) * seats + 8, tables=tuple(options),
                         launch=Launch(animation="off", seed=7, base_env=dict(os.environ)))
    running = await start_server(config, lambda text: None)
    print(f"port {running.port}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    room = running.room.shared.room
    summary = {
        "room_cpu": meter.seconds,
        "settled": settled,
        "tables": [{
            "rounds": table.round_number, "in_round": table.round is not None,
            "voided": list(table.voided),
            "seats": [[p.name, p.stack] for p in table.seats if p is not None],
        } for table in room.tables.values() if isinstance(table, BlackjackTable)],
        "results": results,
        "holdem": [{
            "id": table.id, "hands": table.hand_number, "in_hand": table.hand is not None,
            "voided": list(table.voided),
            "bots": sum(isinstance(o, RoomBot) for o in table.seats),
            "seats": [[p.name, p.stack] for _, p in table.players()],
        } for table in room.tables.values() if isinstance(table, HoldemTable)],
    }
    print(json.dumps(summary), flush=True)
    await running.close()


class CrowdServer:
    """``python3 -m tests.serve.room_crowd`` as a subprocess: its port, then its summary."""

    def __init__(self, root: Path, tables: int, seats: int, *, holdem: int = 0,
                 hands: int = 0) -> None:
        repo = Path(__file__).resolve().parents[2]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.serve.room_crowd", str(root), str(tables), str(seats),
             str(holdem), str(hands)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=repo,
            # Its own session, as a host starts ``cardtui serve``: where the kernel
            # groups each session for the scheduler (autogroup), the server does
            # not share one group's weight with the clients here, which a real
            # crowd runs on its own machines (as bench_ssh_burst.py's server).
            start_new_session=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(
                p for p in (str(repo), os.environ.get("PYTHONPATH", "")) if p)},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("port "):
            self.process.kill()
            raise RuntimeError(f"the crowd's server did not start: {line!r}")
        self.port = int(line.split()[1])

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.process.pid}/stat", encoding="utf-8") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def games_cpu_seconds(self) -> float:
        """CPU time of every live process below the server (the games, and what starts them)."""
        parents: dict[int, int] = {}
        times: dict[int, float] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            parents[int(entry)] = int(fields[1])
            times[int(entry)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        below, todo = set(), [self.process.pid]
        while todo:
            parent = todo.pop()
            children = [pid for pid, ppid in parents.items() if ppid == parent]
            below.update(children)
            todo += children
        return sum(times[pid] for pid in below)

    def stop(self) -> dict:
        """Ask for the summary, and wait for the server to close every game."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("stop\n")
        self.process.stdin.flush()
        summary = json.loads(self.process.stdout.readline())
        self.process.communicate(timeout=120)
        return summary

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


if __name__ == "__main__":
    asyncio.run(serve(Path(sys.argv[1]), *(int(arg) for arg in sys.argv[2:])))
