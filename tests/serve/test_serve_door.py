"""The door's waiting list, without a network: who is dropped, and how often the log hears."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from typing import Any, cast

import asyncssh

from cardtui.serve.door import AcceptFailures, Door


class Connection:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def arrive(door: Door, address: str) -> Connection:
    conn = Connection()
    door.arrive(cast(asyncssh.SSHServerConnection, conn), address)
    return conn


async def test_one_address_may_not_fill_the_waiting_list() -> None:
    logged: list[str] = []
    door = Door(logged.append, per_address=3, total=10)
    flood = [arrive(door, "10.0.0.9") for _ in range(500)]
    player = arrive(door, "10.0.0.1")
    await asyncio.sleep(0)
    assert [conn.aborted for conn in flood[:3]] == [False] * 3
    assert all(conn.aborted for conn in flood[3:]) and not player.aborted
    assert len(door) == 4
    assert len(logged) == 1 and "10.0.0.9" in logged[0], logged


async def test_when_the_list_is_full_the_most_crowded_address_makes_room() -> None:
    logged: list[str] = []
    door = Door(logged.append, per_address=100, total=10)
    player = arrive(door, "10.0.0.1")
    flood = [arrive(door, f"10.0.1.{n % 3}") for n in range(300)]
    await asyncio.sleep(0)
    assert not player.aborted, "the only one waiting from their address was pushed out"
    assert sum(not conn.aborted for conn in flood) == 9 and len(door) == 10
    assert len(logged) == 1


async def test_a_crowd_of_single_addresses_pushes_out_the_longest_waiting() -> None:
    door = Door(lambda text: None, per_address=100, total=5)
    crowd = [arrive(door, f"10.0.1.{n}") for n in range(20)]
    await asyncio.sleep(0)
    assert all(conn.aborted for conn in crowd[:15]) and not any(c.aborted for c in crowd[15:])


async def test_logging_in_frees_a_place() -> None:
    door = Door(lambda text: None, per_address=1, total=10)
    first = arrive(door, "10.0.0.1")
    door.leave(cast(asyncssh.SSHServerConnection, first))
    second = arrive(door, "10.0.0.1")
    await asyncio.sleep(0)
    assert not second.aborted and len(door) == 1


def test_accept_failures_are_counted_not_logged_each_time() -> None:
    logged: list[str] = []
    handler = AcceptFailures(logged.append)
    loop = asyncio.new_event_loop()
    try:
        error = OSError(24, "Too many open files")
        context: dict[str, Any] = {"message": "socket.accept() out of system resource",
                                   "exception": error}  # fmt: skip
        for _ in range(10_000):
            handler(loop, context)
    finally:
        loop.close()
    assert logged == ["could not accept 1 connections: Too many open files"]


def test_the_open_file_limit_is_raised_to_the_hard_limit() -> None:
    script = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))\n"
        "from cardtui.serve.limits import raise_open_file_limit\n"
        "raised = raise_open_file_limit()\n"
        "print(raised == hard == resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.stdout.strip() == "True", result.stderr
