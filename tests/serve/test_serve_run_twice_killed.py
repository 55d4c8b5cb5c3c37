"""The server killed (SIGKILL of a real ``cardtui serve``) while the room asks "run it
twice?": the hand never settles, so the restarted room voids it and every bet comes back.

Ann and Bob sit at a heads-up table that runs it twice, both move all in, and the
room asks them both (the question holds for ten minutes); the server dies with the
question open. Each player's store still has the buy-in at the dead room's table
and no hand recorded; back in the restarted room, each gets the buy-in back, once.
Chips are conserved at every step (balance + chips at tables == start + recorded
results), over real SSH and real game processes.

Slow (about 30 s on two busy cores: two servers started, two players' games each
started twice): the cash hand's kill -9 of the server
(``tests/serve/test_serve_room_bankroll.py``) runs by default, and the room's voiding
of a run-twice hand is tested without processes in ``tests/room/``.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from cardtui.store import START_BALANCE
from cardtui.testing.processes import children, is_running, start_serve, stop_serve
from cardtui.testing.ssh import TerminalClient
from tests.serve import room_ssh
from tests.serve.room_ssh import named_key
from tests.serve.test_serve_room_bankroll import Kept, eventually

#: A heads-up table that runs it twice: 100 chips a seat (10 big blinds: "a" shoves at
#: once, no "all your chips?"), a long action clock and a long question.
HOME = """
[[holdem]]
name = "Home"
seats = 2
bots_fill = false
min_humans = 2
buy_in_min = 100
buy_in_max = 100
run_it_twice = true
choice_clock = 600
action_clock = 600
between_hands = 60
seed = 5
"""
QUESTION = "run it twice?"


async def shove_when_asked(players: list[TerminalClient]) -> None:
    """Each player moves all in at their turn (the first shoves, the other calls it so)."""
    shoved: set[int] = set()
    while len(shoved) < len(players):
        for index, player in enumerate(players):
            if index not in shoved and "your turn" in player.text:
                await player.settle(0.3)
                player.press("a")
                shoved.add(index)
        await eventually(lambda: all(QUESTION in p.text for p in players)
                         or any(i not in shoved and "your turn" in p.text
                                for i, p in enumerate(players)))


@pytest.mark.slow
async def test_the_server_killed_while_run_it_twice_is_asked_voids_the_hand(
        tmp_path: Path) -> None:
    root = tmp_path / "room"
    keys = {name: named_key(root, name) for name in ("Ann", "Bob")}
    kept = {name: Kept(root, key) for name, key in keys.items()}
    tables = tmp_path / "tables.toml"
    tables.write_text(HOME, encoding="utf-8")
    options = ("--tables", str(tables), "--animation", "off")
    served = start_serve(root, *options)
    games: set[int] = set()
    try:
        players = [await room_ssh.sit_down(served.port, key, name)
                   for name, key in keys.items()]
        await shove_when_asked(players)
        for player in players:
            await player.wait_for(QUESTION)  # both in the pot are asked, the pot is 200
        games = set(children(served.process.pid))
        served.process.kill()  # SIGKILL: the room never voids the hand or says goodbye
        served.process.wait()
        for player in players:
            await player.wait_closed()
        await eventually(lambda: not any(is_running(pid) for pid in games))
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()
        for pid in games:  # a game the dead server left behind must not outlive the test
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)
    for each in kept.values():
        bankroll, places, _ = each.read()
        assert (bankroll.balance, places) == (START_BALANCE - 100, {"room:t1": 100})
        assert each.hands() == 0  # the hand never settled
        each.conserved()
    served = start_serve(root, *options)  # the host starts the room again
    try:
        for name, key in keys.items():
            back = await TerminalClient.connect(served.port, key=key, width=80)
            await back.wait_for(f"you are {name}")
            await eventually(lambda each=kept[name]: each.read()[1] == {})  # type: ignore[misc]
            bankroll = kept[name].conserved()
            assert (bankroll.balance, bankroll.at_table) == (START_BALANCE, 0)  # every bet back
            await back.settle(0.3)
            back.press("\x1b")
            await back.wait_for(f"Hold'em {START_BALANCE:,}")
            back.press("q")
            await back.wait_closed()
    finally:
        stop_serve(served.process)
