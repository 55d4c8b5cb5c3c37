"""A game starts below the games being played and gets its priority back once it has drawn."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtui.serve.launch import Launch
from cardtui.serve.priority import nice_of
from cardtui.serve.server import ServeConfig
from cardtui.testing.ssh import PROBE, TerminalClient, child_processes, serving

REPOSITORY = Path(__file__).resolve().parents[2]


def seat_priority(env: dict[str, str]) -> str:
    """What a seat started in its own session, on a terminal, prints about its niceness."""
    master, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cardtui.serve.seat", "tests.serve.show_priority"],
            env={**os.environ, "PYTHONPATH": str(REPOSITORY), **env}, cwd=REPOSITORY,
            stdin=terminal, capture_output=False, stdout=subprocess.PIPE, text=True,
            start_new_session=True, timeout=60, check=True,
        )  # fmt: skip
    finally:
        os.close(master)
        os.close(terminal)
    return done.stdout.strip()


def test_a_seat_starts_at_the_niceness_it_is_given() -> None:
    assert seat_priority({"CARDTUI_START_NICE": "10"}) == "nice 10"
    assert seat_priority({}) == "nice 0"


@pytest.mark.parametrize("template", [True, False], ids=["template", "no-template"])
async def test_a_served_game_gets_its_priority_back_after_its_first_screen(
    tmp_path: Path, template: bool
) -> None:
    launch = Launch(game=PROBE) if template else Launch(game=PROBE, template=None)
    assert launch.start_nice > 0
    async with serving(ServeConfig(root=tmp_path, open=True, launch=launch)) as server:
        client = await TerminalClient.connect(server.port)
        await client.wait_for("key none", timeout=60)  # starting below a busy machine
        (game,) = child_processes()
        (session,) = server.room.sessions
        deadline = time.monotonic() + 10
        while session._child is None or session._child.priority_restored is None:  # noqa: SLF001
            assert time.monotonic() < deadline, "the game never got its priority back"
            await asyncio.sleep(0.05)
        assert session._child.priority_restored is True  # noqa: SLF001 - root or autogroup
        assert nice_of(Path(f"/proc/{game}")) == 0
        client.press("q")
        assert await client.wait_closed() == 0


def test_a_process_in_no_autogroup_counts_its_own_nice(tmp_path: Path) -> None:
    """A process the kernel keeps in the default group (one started under a CI
    runner that never made a session) reads an empty autogroup file."""
    process = tmp_path / "proc"
    process.mkdir()
    own = (Path("/proc/self/stat")).read_text()
    (process / "stat").write_text(own)
    own_nice = os.getpriority(os.PRIO_PROCESS, 0)
    for unreadable in ["", "\n", "garbage", "/autogroup-7 nice x"]:
        (process / "autogroup").write_text(unreadable)
        assert nice_of(process) == own_nice
    (process / "autogroup").write_text("/autogroup-7 nice 10\n")
    assert nice_of(process) == 10
