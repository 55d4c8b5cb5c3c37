"""Kill -9 at random moments during play, again and again, on one data directory.

After each kill the scoreboard must hold every round the table had shown
(none lost) and no round the table had not yet handed to the store (none
made up, none written twice): shown <= stored <= settling, counted from the
player's own flushed lines (see ``kill_loop_player.py``).

The bankroll loops kill the same way during buy-ins, rounds, cash-outs and
rebuys, through the store alone and through the real app's blackjack table
with the profile's kept chips: each kept bankroll must be the one the player
had after its last saved change or the one it was making, and the chips
(balance and at a table) == start + the recorded results (from the results
table) + the house's rebuys.

The kill comes at a random moment from the player's start, so it can land
while the app is still opening or sitting down, before the player has
printed anything: the checks read only complete lines (a line cut by the
kill is a change not yet begun or not yet known to be done) and the state
the run started from is read from the file by this process, not taken from
the player. A player that dies of anything but our SIGKILL fails the test
with its stderr.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.store import START_BALANCE, Database
from cardtui.store.schema import BANKROLL_SINCE

PLAYER = Path(__file__).with_name("kill_loop_player.py")
ROOT = PLAYER.parent.parent


def _child_env() -> dict[str, str]:
    """The player imports this tree's cardtui, whatever is installed (an editable
    install may point at another checkout)."""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(ROOT) + (os.pathsep + path if path else "")}


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
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_child_env(),
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


def _killed_run(data: Path, mode: str, seed: int, pause: float, *,
                after_ready: bool) -> list[str]:
    """The player's complete lines, killed ``pause`` seconds after it started (or, with
    ``after_ready``, after its first line: on a loaded machine the app can take seconds
    to open, and a run killed before it plays would test only the start)."""
    process = subprocess.Popen(
        [sys.executable, str(PLAYER), str(data), mode, str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_child_env(),
    )
    first = ""
    try:
        if after_ready:
            assert process.stdout is not None
            # The bound only stops a hang: a machine loaded by other work can take
            # minutes to open the app.
            started, _, _ = select.select([process.stdout], [], [], 600.0)
            assert started, "the player printed nothing for ten minutes"
            first = process.stdout.readline()  # "" if it died: the returncode says why
        time.sleep(pause)
        process.send_signal(signal.SIGKILL)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL, err
    lines = (first + out).split("\n")
    return lines[:-1]  # the last piece is "" or a line the kill cut short


def _kept(data: Path, game: Game, player: str) -> tuple[int, int, int]:
    """``player``'s balance, chips at a table and chips rebought, as the file has them."""
    path = data / "cardtui.sqlite3"
    if not path.exists():
        return START_BALANCE, 0, 0
    db = Database(path, read_only=True)
    try:
        kept = db.bankroll(game)
    finally:
        db.close()
    return kept.balance, kept.at_table, kept.rebought


def _results_in_file(data: Path, game: Game, player: str) -> tuple[int, int, int, int]:
    """``player``'s rounds and net from the results table, then from the bankroll's result rows."""
    db = sqlite3.connect(data / "cardtui.sqlite3")
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] < BANKROLL_SINCE:
            return 0, 0, 0, 0  # killed while the file was being made: nothing recorded yet
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


def bankroll_kill_loop(data: Path, runs: int, seed: int, *, mode: str = "bankroll",
                       player: str = "Ann", longest: float = 1.5) -> int:
    """Play the bankroll and kill it ``runs`` times; return how many changes were saved."""
    rng = random.Random(seed)
    saved = 0
    for run in range(runs):
        player_seed = seed * 1000 + run
        game = (Game.BLACKJACK, Game.HOLDEM)[player_seed % 2] if mode == "bankroll" else (
            Game.BLACKJACK)
        balance, at_table, _ = _kept(data, game, player)
        states = {0: (balance, at_table)}
        # Every other run is killed at a moment counted from its start: while the
        # app opens, the store is made or the player sits down.
        lines = _killed_run(data, mode, player_seed, rng.uniform(0.0, longest),
                            after_ready=run % 2 == 1)
        doing = done = 0
        for line in lines:
            word, *numbers = line.split() or [""]
            if word == "ready" and numbers:
                # What the last run left is what this one found (kept across a restart).
                assert (int(numbers[0]), int(numbers[1])) == states[0]
            elif word == "doing":
                doing = int(numbers[0])
                states[doing] = (int(numbers[1]), int(numbers[2]))
            elif word == "done":
                done = int(numbers[0])
        balance, at_table, rebought = _kept(data, game, player)
        now = (balance, at_table)
        assert now in (states[done], states[doing]), (
            f"run {run} ({game}): kept {now}, the player had {states[done]} after change "
            f"{done} and was making {states[doing]}")
        saved += done + (now != states[done])
        if not (data / "cardtui.sqlite3").exists():
            continue  # killed before the store was opened
        rounds, net, ledger_rounds, ledger_net = _results_in_file(data, game, player)
        # Every recorded round moved the chips, once; no chips moved without a round.
        assert (ledger_rounds, ledger_net) == (rounds, net)
        assert balance + at_table == START_BALANCE + net + rebought
        assert balance >= 0 and at_table >= 0
    db = sqlite3.connect(data / "cardtui.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    assert saved > 0, "no run saved a change before its kill: nothing was tested"
    return saved


def test_kill_9_during_play_never_loses_or_invents_a_round(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=4, seed=1) > 0


@pytest.mark.slow
def test_kill_9_during_play_many_times(tmp_path: Path) -> None:
    assert kill_loop(tmp_path, runs=60, seed=2) > 0


def test_kill_9_during_buy_ins_and_rounds_never_loses_or_makes_up_chips(tmp_path: Path) -> None:
    bankroll_kill_loop(tmp_path, runs=6, seed=3)


@pytest.mark.slow
def test_kill_9_during_buy_ins_and_rounds_many_times(tmp_path: Path) -> None:
    bankroll_kill_loop(tmp_path, runs=60, seed=4)


def test_kill_9_at_the_blackjack_table_never_loses_or_makes_up_kept_chips(tmp_path: Path) -> None:
    """The real app: sitting down, rounds, rebuys, leaving and coming back, killed anywhere."""
    bankroll_kill_loop(tmp_path, runs=6, seed=5, mode="table-bankroll", player="Player",
                       longest=4.0)


@pytest.mark.slow
def test_kill_9_at_the_blackjack_table_many_times(tmp_path: Path) -> None:
    bankroll_kill_loop(tmp_path, runs=40, seed=6, mode="table-bankroll", player="Player",
                       longest=6.0)
