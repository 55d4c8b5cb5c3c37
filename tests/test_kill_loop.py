"""Kill -9 at random moments during play, again and again, on one data directory.

After each kill the scoreboard must hold every round the table had shown
(none lost) and no round the table had not yet handed to the store (none
made up, none written twice): shown <= stored <= settling, counted from the
player's own flushed lines (see ``kill_loop_player.py``).

The bankroll loop kills the same way during buy-ins, rounds, cash-outs and
rebuys: each kept bankroll must be the one the player had after its last
saved change or the one it was making, and balance == start + the recorded
results (from the results table) + the house's rebuys − the chips at a table.
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

from cardtui.store import START_BALANCE, Database, Game

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


def _bankroll_run(data: Path, seed: int, pause: float) -> list[str]:
    """The bankroll player's lines, killed ``pause`` seconds after it is ready."""
    process = subprocess.Popen(
        [sys.executable, str(PLAYER), str(data), "bankroll", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 120.0)
        assert ready, "the player never started"
        first = process.stdout.readline()
        time.sleep(pause)
        process.send_signal(signal.SIGKILL)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL, err
    return [first, *out.splitlines()]


def _results_in_file(data: Path, game: Game, player: str) -> tuple[int, int, int, int]:
    """``player``'s rounds and net from the results table, then from the bankroll's result rows."""
    db = sqlite3.connect(data / "cardtui.sqlite3")
    try:
        rounds, net = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(s.net), 0) FROM results s "
            "JOIN rounds r ON r.id = s.round_id WHERE r.game = ? AND s.player = ?",
            (game.value, player)).fetchone()
        ledger_rounds, ledger_net = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(b.stake), 0) FROM bankroll b "
            "JOIN rounds r ON r.id = b.round_id "
            "WHERE b.kind = 'result' AND r.game = ? AND b.player = ?",
            (game.value, player)).fetchone()
    finally:
        db.close()
    return int(rounds), int(net), int(ledger_rounds), int(ledger_net)


def bankroll_kill_loop(data: Path, runs: int, seed: int) -> int:
    """Play the bankroll and kill it ``runs`` times; return how many changes were saved."""
    rng = random.Random(seed)
    last: dict[Game, tuple[int, int]] = {}
    saved = 0
    for run in range(runs):
        player_seed = seed * 1000 + run
        game = (Game.BLACKJACK, Game.HOLDEM)[player_seed % 2]
        lines = _bankroll_run(data, player_seed, rng.uniform(0.0, 1.0))
        word, balance, at_table = lines[0].split()
        assert word == "ready"
        # What the last run left is what this one found (kept across a restart).
        assert (int(balance), int(at_table)) == last.get(game, (START_BALANCE, 0))
        states = {0: (int(balance), int(at_table))}
        doing = done = 0
        for line in lines[1:]:
            word, *numbers = line.split()
            if word == "doing":
                doing = int(numbers[0])
                states[doing] = (int(numbers[1]), int(numbers[2]))
            elif word == "done":
                done = int(numbers[0])
        db = Database(data / "cardtui.sqlite3", read_only=True)
        try:
            kept = db.bankroll(game, "Ann")
        finally:
            db.close()
        now = (kept.balance, kept.at_table)
        assert now in (states[done], states[doing]), (
            f"run {run} ({game}): kept {now}, the player had {states[done]} after change "
            f"{done} and was making {states[doing]}")
        saved += done + (now != states[done])
        rounds, net, ledger_rounds, ledger_net = _results_in_file(data, game, "Ann")
        # Every recorded round moved the chips, once; no chips moved without a round.
        assert (ledger_rounds, ledger_net) == (rounds, net)
        assert kept.balance == START_BALANCE + net + kept.rebought - kept.at_table
        assert kept.balance >= 0 and kept.at_table >= 0
        last[game] = now
    db = sqlite3.connect(data / "cardtui.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    return saved


def test_kill_9_during_play_never_loses_or_invents_a_round(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=4, seed=1) > 0


@pytest.mark.slow
def test_kill_9_during_play_many_times(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=60, seed=2) > 0


def test_kill_9_during_buy_ins_and_rounds_never_loses_or_makes_up_chips(tmp_path: Path) -> None:
    assert bankroll_kill_loop(tmp_path, runs=6, seed=3) > 0


@pytest.mark.slow
def test_kill_9_during_buy_ins_and_rounds_many_times(tmp_path: Path) -> None:
    assert bankroll_kill_loop(tmp_path, runs=60, seed=4) > 0
