"""Kill -9 at random moments during play, again and again, on one data directory.

After each kill the scoreboard must hold every round the table had shown
(none lost) and no round the table had not yet handed to the store (none
made up, none written twice): shown <= stored <= settling, counted from the
player's own flushed lines (see ``kill_loop_player.py``).
"""

from __future__ import annotations

import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtui.store import Database

PLAYER = Path(__file__).with_name("kill_loop_player.py")


def _stored_rounds(data: Path) -> int:
    path = data / "cardtui.sqlite3"
    if not path.exists():
        return 0
    db = Database(path, read_only=True)
    try:
        return db.round_count()
    finally:
        db.close()


def _wait_for_ready(process: subprocess.Popen[str], limit: float = 120.0) -> None:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], limit)
    assert ready, "the player never opened its table"
    assert process.stdout.readline().strip() == "ready"


def kill_loop(data: Path, runs: int, seed: int) -> int:
    """Play and kill ``runs`` times; return how many rounds the store holds at the end."""
    rng = random.Random(seed)
    stored = 0
    for run in range(runs):
        game = ("blackjack", "holdem")[run % 2]
        process = subprocess.Popen(
            [sys.executable, str(PLAYER), str(data), game, str(seed * 1000 + run)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            _wait_for_ready(process)
            time.sleep(rng.uniform(0.0, 2.0))  # a random moment in the middle of play
            process.send_signal(signal.SIGKILL)
            out, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert process.returncode == -signal.SIGKILL, err
        counts = {"settling": 0, "shown": 0}
        for line in out.splitlines():
            word, _, number = line.partition(" ")
            if word in counts:
                counts[word] = int(number)
        now = _stored_rounds(data)
        assert stored + counts["shown"] <= now <= stored + counts["settling"], (
            f"run {run} ({game}): {counts}, the store went from {stored} to {now}")
        stored = now
    db = sqlite3.connect(data / "cardtui.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    return stored


def test_kill_9_during_play_never_loses_or_invents_a_round(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=4, seed=1) > 0


@pytest.mark.slow
def test_kill_9_during_play_many_times(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=60, seed=2) > 0
