"""Long shell jobs: a progress bar in a terminal (none in a pipe), and Ctrl+C prints
the results so far, then one line and status 130, never a traceback."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

#: Each job, the label of its progress bar, and what its partial results say.
JOBS = {
    "sim": (["sim", "blackjack", "--hands", "100000000", "--seed", "1"],
            "Simulating", r"[\d,]+ hands \(interrupted\)"),
    "equity": (["equity", "AhKh", "QsQd", "--trials", "100000000", "--exact-limit", "1",
                "--seed", "1"],
               "Dealing run-outs", r"Monte Carlo: [\d,]+ random run-outs\. \(interrupted\)"),
    "bots": (["holdem", "--bots-only", "--hands", "1000000", "--seats", "6", "--seed", "1",
              "--stack", "200000"],
             # (a count is a plural: "1 showdown", as the catalogs word it)
             "Playing", r"\d+ hands?, \d+ showdowns?[\s\S]*\(interrupted\)"),
}


def _some_done(argv: list[str]) -> re.Pattern[str]:
    """The bar's "done/total" once at least one chunk is finished."""
    total = argv[argv.index("--hands" if "--hands" in argv else "--trials") + 1]
    return re.compile(rf"\b[1-9]\d*/{total}\b")


def _read_until(fd: int, process: subprocess.Popen[bytes], seen: bytearray,
                done: re.Pattern[str], limit: float = 120.0) -> None:
    """Read the terminal until ``done`` matches (the limit only stops a hang)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not done.search(seen.decode(errors="replace")):
        if process.poll() is not None:
            break
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen.extend(os.read(fd, 65536))
            except OSError:
                break


@pytest.mark.parametrize("job", sorted(JOBS))
def test_ctrl_c_in_a_terminal_prints_the_results_so_far(job: str) -> None:
    argv, label, partial = JOBS[job]
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "LINES": "30", "TERM": "xterm-256color"}
    process = subprocess.Popen([sys.executable, "-m", "cardtui", *argv], stdin=child,
                               stdout=child, stderr=subprocess.PIPE, env=env)
    os.close(child)
    seen = bytearray()
    try:
        some_done = _some_done(argv)
        _read_until(main, process, seen, some_done)
        screen = seen.decode(errors="replace")
        assert label in screen and some_done.search(screen)  # a bar, with a count that moves
        process.send_signal(signal.SIGINT)
        # Read until it exits: a job whose last lines found the terminal's small buffer
        # full, because nobody read it any more, would wait on it for ever.
        _read_until(main, process, seen, re.compile(r"(?!)"), limit=120.0)
        process.wait(timeout=60)
        err = process.stderr.read().decode() if process.stderr else ""
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    out = seen.decode(errors="replace")
    assert process.returncode == 130
    assert re.search(partial, out), out[-2000:]
    assert err.strip() == "cardtui: interrupted" and "Traceback" not in out + err


def test_no_progress_bar_when_the_output_is_not_a_terminal() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardtui", "sim", "blackjack", "--hands", "120000", "--seed", "2"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0
    assert "Simulating" not in result.stdout and "120,000 hands" in result.stdout


def test_chunked_monte_carlo_deals_the_same_run_outs_as_one_run() -> None:
    import random

    from cardtui.cards import parse_cards
    from cardtui.commands.equity import combine, monte_carlo_in_chunks
    from cardtui.holdem.equity import equity

    hands = [parse_cards("AhKh"), parse_cards("QsQd"), parse_cards("7c7d")]
    whole = equity(hands, trials=25_000, rng=random.Random(4), exact_limit=1)
    chunked = combine(list(monte_carlo_in_chunks(hands, [], [], 25_000, random.Random(4), 1)))
    assert chunked.samples == whole.samples == 25_000
    for mine, theirs in zip(chunked.hands, whole.hands, strict=True):
        assert mine.win == pytest.approx(theirs.win) and mine.tie == pytest.approx(theirs.tie)
        assert mine.equity == pytest.approx(theirs.equity)
