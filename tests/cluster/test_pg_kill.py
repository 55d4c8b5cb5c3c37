"""PostgreSQL killed with SIGKILL while ``cardtui serve --cluster`` hosts serve a room.

The room's engines, its leases and its lines need no PostgreSQL while they play (NATS
carries them); what must never be lost is each game's record of its hands, and each
game's store keeps what it could not write and writes it once the server is back. So
a hand dealt before the kill plays to its end, the players are told their scoreboard
waits (a notice, no traceback anywhere), and once PostgreSQL has restarted every hand
is in it once and the chips add up (tests/cluster/chips.py), and the room plays on.

The test runs a PostgreSQL of its own (.ci's, or the session's, is not one to kill).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from cardtui.games import Game
from cardtui.store import Store
from cardtui.store.backends import open_room_store
from cardtui.store.problems import Problem, StoreError
from cardtui.store.room_store import ROOM_STORE_NAME, KeptPlay, RoomStore
from cardtui.store.sql import profile_store, with_schema
from cardtui.testing.processes import children
from cardtui.testing.ssh import TerminalClient
from tests.cluster.chips import chips_add_up, until_chips_add_up
from tests.cluster.serve_hosts import WAIT, ServeHost, my_turn, play_holdem_hand, sit_at
from tests.cluster.test_serve_cluster import owner_of
from tests.serve.room_ssh import named_key, profile
from tests.support.services import NatsServer, PostgresServer, start_postgres
from tests.test_store_bankroll import _result

pytestmark = pytest.mark.postgres

#: The notice a player's game shows when its scoreboard cannot be written for now.
WAITING = "is kept and will be saved as soon as possible"
#: And when it can again.
SAVED = "can be written again"


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    folder = Path(tempfile.mkdtemp(prefix="cardtui-pg-"))
    server = start_postgres(folder)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def kill_9(server: PostgresServer) -> None:
    """SIGKILL to the postmaster and every one of its processes, as a crash would do.

    What is left for the next start is what a crash leaves: the lock files of a server
    that is gone. (This machine's first process does not reap orphans, so the dead
    postmaster stays a zombie whose pid PostgreSQL would take for a live server: the
    locks are taken away once every process of it is dead, as an operator would.)
    """
    data = server.folder / "data"
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    family = [postmaster, *children(postmaster)]
    for pid in family:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for pid in family:
        while _running(pid):
            pass
    (data / "postmaster.pid").unlink()
    for lock in server.folder.glob(".s.PGSQL.*.lock"):
        lock.unlink()


async def toasted(client: TerminalClient, words: str) -> str:
    """The notice (a toast, drawn over the right of the screen, its rows starting at a
    ``▌``) once it holds ``words``, read whole across its rows."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        rows = [line.partition("▌")[2].strip() for line in client.lines if "▌" in line]
        toast = " ".join(row for row in rows if row)
        if words in toast:
            return toast
        assert asyncio.get_running_loop().time() < deadline, client.text
        await asyncio.sleep(0.1)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_the_chip_count_finds_a_buy_in_counted_twice_and_a_hand_missing(
        postgres_url: str, tmp_path: Path) -> None:
    """The helper itself: the figures a game writes add up; a chip too many does not."""
    ann, bob = tmp_path / f"ann{uuid.uuid4().hex}", tmp_path / f"bob{uuid.uuid4().hex}"
    for name, folder, net in (("Ann", ann, 40), ("Bob", bob, -40)):
        store = Store(profile_store(postgres_url, folder))
        store.buy_in(Game.HOLDEM, 300)
        # (Each profile's round holds both seats' results: only its own are its.)
        store.record_round(Game.HOLDEM, [_result(net, name), _result(-net, "Cy")],
                           bankroll_player=name)
        assert store.close() == []
    profiles = {"Ann": ann, "Bob": bob}
    assert chips_add_up(postgres_url, profiles, hands=1) == []
    assert chips_add_up(postgres_url, profiles, hands=2) == [
        "Ann: 1 hands recorded, not 2", "Bob: 1 hands recorded, not 2"]
    schema = profile_store(postgres_url, ann).rpartition("=")[2]
    conninfo = with_schema(postgres_url, "x").partition("?")[0]
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f"INSERT INTO {schema}.bankroll (player, game, kind, bank, stake, place, "
                   "session_id, at) SELECT player, game, kind, 0, stake, place, session_id, at "
                   f"FROM {schema}.bankroll WHERE kind = 'buy-in'")
    assert chips_add_up(postgres_url, profiles, hands=1) == [
        "Ann: balance 700 + at tables 640 != 1000 + rebuys 0 + results 40 [40]"]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def stalled_store(request: pytest.FixtureRequest, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[RoomStore]:
    """A room's store whose next write cannot begin: its SQLite file locked by another
    connection, or its PostgreSQL away (the transaction's start fails as when the server
    was killed)."""
    if request.param == "sqlite":
        store = open_room_store(tmp_path / ROOM_STORE_NAME)
        assert store._db is not None
        store._db.execute("PRAGMA busy_timeout = 0")  # locked: at once, not in 5 s
        other = sqlite3.connect(tmp_path / ROOM_STORE_NAME, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        yield store
        other.execute("ROLLBACK")
        other.close()
        return
    store = open_room_store(request.getfixturevalue("postgres_url"))

    @contextlib.contextmanager
    def away(*_: object, **__: object) -> Iterator[object]:
        raise StoreError(Problem.UNAVAILABLE, "postgresql://db", "Connection refused")
        yield  # (a generator: the manager's start raises, as pg_transaction's did)

    monkeypatch.setattr("cardtui.store.room_postgres.pg_transaction", away)
    yield store


def test_a_room_store_write_that_cannot_begin_is_skipped_not_raised(
        stalled_store: RoomStore) -> None:
    """With PostgreSQL killed, a hand's end raised "generator didn't yield" from the room's
    store into the room (a seat heard "The room could not do that"): now nothing is
    written, and nothing raised."""
    ann, zed = f"profile-Ann-{uuid.uuid4().hex}", f"profile-Zed-{uuid.uuid4().hex}"
    stalled_store.keep_standing(ann, "Ann", 3, 120)
    stalled_store.keep_ban(zed, "Zed")
    assert stalled_store.keep_play("host1", KeptPlay({}, {}, [], [], [])) is True
    # (PostgreSQL's room schema is the session's: other tests' lines may be there.)
    assert ann not in {s.profile for s in stalled_store.standings()}
    assert zed not in stalled_store.banned_names()


@pytest.mark.slow  # two real hosts, three hands, PostgreSQL's crash recovery: 25-40 s
async def test_kill_9_of_postgresql_mid_hand_loses_nothing_and_the_room_plays_on(
        nats_server: NatsServer, own_postgres: PostgresServer) -> None:
    url = with_schema(own_postgres.url, f"t_{uuid.uuid4().hex[:12]}")
    folder = Path(tempfile.mkdtemp(prefix="cardtui-hosts-"))
    hosts = [ServeHost(folder, nats_server, url, f"host{n}") for n in (1, 2)]
    try:
        for host in hosts:
            await host.wait_said("Ctrl-C closes the room")
        owner = await owner_of(hosts)
        (other,) = [h for h in hosts if h is not owner]
        keys = {"Ann": named_key(owner.root, "Ann"), "Bob": named_key(other.root, "Bob")}
        profiles = {"Ann": profile(owner.root, keys["Ann"]),
                    "Bob": profile(other.root, keys["Bob"])}
        ann = await sit_at(owner.port, keys["Ann"], "Ann")
        bob = await sit_at(other.port, keys["Bob"], "Bob")
        players = [ann, bob]
        for client in players:
            await client.wait_for("Pot", timeout=WAIT)
        await play_holdem_hand(players)
        await until_chips_add_up(url, profiles, hands=1)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not any(my_turn(c) for c in players):  # the next hand, dealt
            assert loop.time() < deadline, ann.text
            await asyncio.sleep(0.1)
        kill_9(own_postgres)
        # The hand in play goes on to its end: nothing of it needs PostgreSQL until it is
        # recorded, and each game keeps its record until it can write it.
        await play_holdem_hand(players)
        for client in players:
            told = await toasted(client, WAITING)
            assert "Traceback" not in told and "cannot be used" in told, told
        own_postgres.start()
        for client in players:
            await toasted(client, SAVED)
        await until_chips_add_up(url, profiles, hands=2)
        # And the room plays on.
        for client in players:
            await client.wait_for("Pot", timeout=WAIT)
        await play_holdem_hand(players)
        await until_chips_add_up(url, profiles, hands=3)
        for client in players:
            assert "Traceback" not in client.text
            await client.close()
        for host in hosts:
            assert not any("Traceback" in line for line in host.lines), host.lines
    except BaseException:
        for host in hosts:  # what each host said, for the failure's report
            print(f"{host.name}:", *host.lines[-80:], sep="\n")
            for crash in host.root.glob("profiles/*/crash.log"):
                print(crash, crash.read_text(errors="replace")[-3000:])
        raise
    finally:
        for host in hosts:
            host.kill()
        shutil.rmtree(folder, ignore_errors=True)
