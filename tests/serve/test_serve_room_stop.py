"""A stop signal to a real ``cardtui serve`` mid-round: the round is void, everyone told,
nothing left. Ctrl-C, SIGTERM and the host's terminal closing (SIGHUP) alike."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from cardtui.testing.processes import children, is_running, start_serve
from tests.serve.room_ssh import BET_PROMPT, named_key, rounds_stored, sit_down

#: A seeded table, so the first round is one that waits for the players (no blackjack).
TABLES = """
[[blackjack]]
name = "Pit"
seats = 3
seed = 11
action_clock = 60
betting_clock = 60
between_rounds = 60
"""


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (the games, and whatever starts them)."""
    found = set(children(pid))
    for child in list(found):
        found |= descendants(child)
    return found


# SIGHUP: closing the host's terminal killed the server at once, no player told,
# no void in the log (issue 24). Ctrl-C printed nothing until the room had closed.
@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
async def test_a_stop_signal_voids_the_round_returns_the_bets_tells_everyone_and_leaves_no_process(
        tmp_path: Path, stop_signal: signal.Signals) -> None:
    root = tmp_path / "room"
    keys = {name: named_key(root, name) for name in ("Ann", "Bob")}
    tables = tmp_path / "tables.toml"
    tables.write_text(TABLES, encoding="utf-8")
    served = start_serve(root, "--tables", str(tables), "--animation", "off")
    try:
        players = [await sit_down(served.port, key, name) for name, key in keys.items()]
        for client in players:
            await client.wait_for(BET_PROMPT)
        for client in players:
            await client.settle(0.3)
            client.press("d")
        await players[0].wait_for("Ann: Hit or stand?")
        games = descendants(served.process.pid)
        assert len(games) >= 2
        served.process.send_signal(stop_signal)
        for client in players:
            await client.wait_closed()
            # The room's news was on the table before the server's goodbye.
            await client.wait_for("round in play is void and every bet went back")
            # ... and the server's goodbye, read last, says so again (a QA pass: it
            # said only that the room was closed).
            assert b"the hands in play were void and every bet went back" in client.raw
            assert client.text.count("1,000 chips") == 2  # each bought in the kept 1,000
        out, _ = served.process.communicate(timeout=30)
        assert served.process.returncode == 0, out
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()
    assert "The room is closed." in out
    # What the host read: the signal taken, then the void of the round, then the end.
    name = "Ctrl-C" if stop_signal is signal.SIGINT else stop_signal.name
    closing = out.index(f"Closing the room ({name}): voiding the hands in play")
    voided = out.index("Pit: round 1 voided (the host closed the room); every bet went back")
    assert closing < voided < out.index("The room is closed.")
    assert not [pid for pid in games if is_running(pid)]
    for key in keys.values():  # a void round is no round: nothing was recorded
        assert rounds_stored(root, key) == 0
