"""A key holder's kept chips at a shared hold'em table, over real SSH and real game processes.

The player sits down from the lobby (the buy-in leaves the kept balance),
plays, and leaves; the menu's chips line and the profile's store show the
stack the room stood them up with. Then the game process is killed with
SIGKILL mid-hand, on the player's own turn (so no settled hand can be on its
way to the dead process): coming back within the grace period finds the
chips still at the table and the seat as it was; coming back after it finds
them returned to the balance, once. Killed after a hand settled but before
its store wrote it (another program held the file), the game's next process
gets the hand from the room again and records it once. At every step the
chips are conserved: balance + chips at the table == the start + every
recorded result.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh

from cardtui import locations
from cardtui.games import Game
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.room.hosting import profile_key
from cardtui.serve.keys import fingerprint
from cardtui.serve.server import ServeConfig
from cardtui.store import START_BALANCE, Bankroll, Store
from cardtui.testing.processes import children, is_running, start_serve, stop_serve
from cardtui.testing.ssh import TerminalClient, serving
from tests.room.support import until
from tests.serve import room_ssh
from tests.serve.room_ssh import LAUNCH, game_pid, named_key, profile
from tests.serve.test_serve_room_holdem import play_out

BUY_IN = 600  # the table's largest, and what the lobby offers from a 1,000 balance
HOLDEM = Game.HOLDEM


def friday(**options: object) -> tuple[HoldemOptions, ...]:
    # (No time bank: a clock running out in a test is the action clock alone, not 30 s more.)
    chosen: dict[str, object] = {"between_hands": 60, "time_bank": 0, **options}
    return (HoldemOptions(name="Friday", seats=3, min_humans=1, bots_fill=True, buy_in_min=200,
                          buy_in_max=BUY_IN, seed=5, **chosen),)  # type: ignore[arg-type]


class Kept:
    """The kept chips in one key's profile, read from its store as the game wrote them."""

    def __init__(self, root: Path, key: asyncssh.SSHKey, game: Game = HOLDEM) -> None:
        self.path = locations.database_path(profile(root, key))
        self.game = game

    def read(self) -> tuple[Bankroll, dict[str, int], int]:
        """The bankroll, the chips at each table, and the sum of Ann's recorded results."""
        store = Store(self.path)
        try:
            return (store.bankroll(self.game), store.chips_at(self.game),
                    sum(store.round_nets(self.game, "Ann")))
        finally:
            store.close()

    def hands(self) -> int:
        store = Store(self.path)
        try:
            return len(store.round_nets(self.game, "Ann"))
        finally:
            store.close()

    def conserved(self) -> Bankroll:
        """Balance + chips at tables == start + recorded results; the bankroll."""
        bankroll, places, results = self.read()
        assert bankroll.balance + bankroll.at_table == START_BALANCE + results
        assert sum(places.values()) == bankroll.at_table
        return bankroll


async def eventually(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Wait for the game process's store to say so (read every 0.1 s: each read opens it)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the store never got there"
        await asyncio.sleep(0.1)


def the_table(server) -> HoldemTable:  # noqa: ANN001 - a RunningServer
    table = server.room.shared.room.tables["t1"]
    assert isinstance(table, HoldemTable)
    return table


async def sit_down(port: int, key: asyncssh.SSHKey) -> TerminalClient:
    """Log in and take a seat at Friday with the buy-in the lobby offers."""
    client = await TerminalClient.connect(port, key=key, width=100)
    await client.wait_for("you are Ann")
    await client.settle(0.3)
    client.press("enter")
    await client.wait_for("Your balance:")
    await client.settle(0.3)
    client.press("enter")
    return client


async def test_sitting_down_playing_and_leaving_moves_the_kept_chips(tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    kept = Kept(root, ann_key)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=friday(action_clock=60))
    async with serving(config) as server:
        table = the_table(server)
        ann = await sit_down(server.port, ann_key)
        assert "Your balance: 1,000 chips." in ann.text
        me = profile_key(fingerprint(ann_key))
        await until(lambda: table.seat_of(me) is not None and table.hand is not None, 60)
        seat = table.seat_of(me)
        assert seat is not None
        await eventually(lambda: kept.read()[1] == {"room:t1": BUY_IN})  # off the balance
        await play_out(table, {seat: ann})
        await eventually(lambda: kept.hands() == 1)
        stack = table.player_at(seat).stack  # type: ignore[union-attr]
        assert kept.conserved().at_table == stack  # the ledger and the room agree
        await ann.settle(0.3)
        ann.press("\x1b")  # between hands: she stands up at once
        await ann.wait_for("Tables in the room")
        await until(lambda: table.seat_of(me) is None, 60)
        await eventually(lambda: kept.read()[1] == {})
        bankroll = kept.conserved()
        assert bankroll.balance == START_BALANCE - BUY_IN + stack
        await ann.settle(0.3)
        ann.press("\x1b")
        await ann.wait_for("Rules & keys")  # the menu shows the kept chips
        await ann.wait_for(f"Hold'em {bankroll.balance:,}")
        assert bankroll.balance != START_BALANCE  # the hand moved chips (blinds at least)
        await ann.settle(0.3)
        ann.press("q")
        await ann.wait_closed()


async def kill_on_her_turn(root: Path, ann_key: asyncssh.SSHKey, table: HoldemTable,
                           ann: TerminalClient, me: str) -> int:
    """Play a hand to its end, then SIGKILL the game on her next turn; her seat."""
    seat = table.seat_of(me)
    assert seat is not None
    await play_out(table, {seat: ann})
    number = table.hand_number
    await until(lambda: table.hand is not None and table.hand_number > number
                and table.hand.actor == seat, 120)
    pid = game_pid(profile(root, ann_key))
    os.kill(pid, signal.SIGKILL)
    await until(lambda: not is_running(pid), 60)
    await ann.wait_closed()
    return seat


async def test_killed_mid_hand_back_within_the_grace_period_the_chips_stay_at_the_table(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    kept = Kept(root, ann_key)
    config = ServeConfig(root=root, open=True, launch=LAUNCH,
                         tables=friday(action_clock=3, between_hands=0.5, grace=120))
    async with serving(config) as server:
        table = the_table(server)
        me = profile_key(fingerprint(ann_key))
        ann = await sit_down(server.port, ann_key)
        await until(lambda: table.seat_of(me) is not None and table.hand is not None, 60)
        seat = await kill_on_her_turn(root, ann_key, table, ann, me)
        killed_with = kept.conserved()
        assert killed_with.at_table > 0  # the chips are at the table, not lost, not returned
        await until(lambda: table.player_at(seat).away, 60)  # type: ignore[union-attr]
        back = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await back.wait_for("cardtui — Texas Hold'em")  # back in her seat, at her table
        await until(lambda: not table.player_at(seat).away, 60)  # type: ignore[union-attr]
        assert table.seat_of(me) == seat
        # The hand she was killed in settled, kept by the room until she came back.
        await eventually(lambda: kept.hands() >= 2)
        assert kept.read()[1].keys() == {"room:t1"}
        kept.conserved()
        back.press("\x1b")  # leaving (the room folds for her if a hand is in play)
        if await back.wait_for("Tables in the room", "Leave the table?") != "Tables in the room":
            await back.settle(0.3)
            back.press("y")  # mid-hand the table asks first
            await back.wait_for("Tables in the room")
        await until(lambda: table.seat_of(me) is None, 120)
        await eventually(lambda: kept.read()[1] == {})
        bankroll = kept.conserved()
        assert bankroll.at_table == 0 and bankroll.balance == START_BALANCE + kept.read()[2]
        await back.settle(0.3)
        back.press("\x1b")
        await back.wait_for(f"Hold'em {bankroll.balance:,}")


async def test_killed_mid_hand_after_the_grace_period_the_next_game_returns_the_chips_once(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    kept = Kept(root, ann_key)
    config = ServeConfig(root=root, open=True, launch=LAUNCH,
                         tables=friday(action_clock=3, between_hands=0.5, grace=1))
    async with serving(config) as server:
        table = the_table(server)
        me = profile_key(fingerprint(ann_key))
        ann = await sit_down(server.port, ann_key)
        await until(lambda: table.seat_of(me) is not None and table.hand is not None, 60)
        seat = await kill_on_her_turn(root, ann_key, table, ann, me)
        stood: list[int] = []
        player = table.player_at(seat)
        assert player is not None
        await until(lambda: table.seat_of(me) is None, 120)  # the grace period ran out
        stood.append(player.stack)
        assert kept.conserved().at_table > 0  # still at the table in her store ...
        back = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await back.wait_for("you are Ann")
        await eventually(lambda: kept.read()[1] == {})  # ... until her next game asks the room
        bankroll = kept.conserved()
        assert bankroll.balance == START_BALANCE - BUY_IN + stood[0]
        await back.settle(0.3)
        back.press("\x1b")
        await back.wait_for(f"Hold'em {bankroll.balance:,}")
        await back.settle(0.3)
        back.press("q")
        await back.wait_closed()
        again = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await again.wait_for("you are Ann")
        await again.settle(0.5)
        assert kept.conserved() == bankroll  # returned once, never twice


#: A seeded blackjack table whose first round waits for the players (no blackjack dealt).
PIT = """
[[blackjack]]
name = "Pit"
seats = 3
seed = 11
action_clock = 60
betting_clock = 60
between_rounds = 60
"""


async def test_the_server_killed_mid_round_the_restarted_room_returns_the_chips(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    kept = Kept(root, ann_key, Game.BLACKJACK)
    tables = tmp_path / "tables.toml"
    tables.write_text(PIT, encoding="utf-8")
    options = ("--tables", str(tables), "--animation", "off")
    served = start_serve(root, *options)
    games: set[int] = set()
    try:
        ann = await room_ssh.sit_down(served.port, ann_key, "Ann")
        await ann.wait_for(room_ssh.BET_PROMPT)
        await ann.settle(0.3)
        ann.press("d")
        await ann.wait_for("Ann: Hit or stand?")  # mid-round, her 10 chips bet
        games = set(children(served.process.pid))
        served.process.kill()  # SIGKILL: the room never voids the round or says goodbye
        served.process.wait()
        await ann.wait_closed()
        await eventually(lambda: not any(is_running(pid) for pid in games))
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()
        for pid in games:  # a game the dead server left behind must not outlive the test
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)
    bankroll, places, _ = kept.read()
    assert (bankroll.balance, places) == (0, {"room:t1": 1_000})  # the round never settled
    served = start_serve(root, *options)  # the host starts the room again
    try:
        back = await TerminalClient.connect(served.port, key=ann_key, width=100)
        await back.wait_for("you are Ann")
        await eventually(lambda: kept.read()[1] == {})  # no room holds her seat now
        bankroll = kept.conserved()
        assert (bankroll.balance, bankroll.at_table) == (START_BALANCE, 0)
        await back.settle(0.3)
        back.press("\x1b")
        await back.wait_for(f"Blackjack {START_BALANCE:,}")
        back.press("q")
        await back.wait_closed()
    finally:
        stop_serve(served.process)


async def test_killed_after_a_hand_settled_before_its_store_wrote_it_the_hand_comes_back_once(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key = named_key(root, "Ann")
    kept = Kept(root, ann_key)
    config = ServeConfig(root=root, open=True, launch=LAUNCH,
                         tables=friday(action_clock=60, grace=120))
    async with serving(config) as server:
        room = server.room.shared.room
        table = the_table(server)
        me = profile_key(fingerprint(ann_key))
        ann = await sit_down(server.port, ann_key)
        await until(lambda: table.seat_of(me) is not None and table.hand is not None, 60)
        seat = table.seat_of(me)
        assert seat is not None
        await eventually(lambda: kept.read()[1] == {"room:t1": BUY_IN})
        holder = sqlite3.connect(kept.path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program holds her scoreboard
        try:
            await play_out(table, {seat: ann})
            await until(lambda: ("t1", 1) in room.unseen.get(me, {}), 60)
            await ann.wait_for("busy")  # the game has the hand, in memory only
            pid = game_pid(profile(root, ann_key))
            os.kill(pid, signal.SIGKILL)
            await until(lambda: not is_running(pid), 60)
            await ann.wait_closed()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert kept.hands() == 0 and kept.read()[1] == {"room:t1": BUY_IN}  # lost with it
        back = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await back.wait_for("cardtui — Texas Hold'em")  # back in her seat
        await eventually(lambda: kept.hands() == 1)  # the room sent the hand again
        await until(lambda: me not in room.unseen, 60)  # and heard it is written
        stack = table.player_at(seat).stack  # type: ignore[union-attr]
        assert kept.read()[1] == {"room:t1": stack}  # the ledger and the room agree
        assert kept.conserved().at_table == stack
        back.press("\x1b")  # between hands: she stands up at once
        await back.wait_for("Tables in the room")
        await until(lambda: table.seat_of(me) is None, 60)
        await eventually(lambda: kept.read()[1] == {})
        bankroll = kept.conserved()
        assert bankroll.balance == START_BALANCE - BUY_IN + stack
        assert kept.hands() == 1  # recorded once
