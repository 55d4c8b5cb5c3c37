"""The room inside `cardtui serve`, driven by real SSH clients (asyncssh + pyte)."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from cardtui import locations
from cardtui.holdem.actions import ActionKind
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.hosting import profile_key
from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.settings import Settings, save_settings
from cardtui.testing.ssh import TerminalClient, serving
from cardtui.wire.protocol import HandVoided, HoldemAction, Notice, Records, RoomClosing, Sit
from tests.room.support import FakeClient

LAUNCH = Launch(animation="off", seed=7, base_env=dict(os.environ))


def named_key(root: Path, name: str) -> asyncssh.SSHKey:
    """A player's key, with ``name`` saved in the settings of the profile it opens."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    profile = root / "profiles" / profile_name(fingerprint(key))
    save_settings(Settings(player_name=name), locations.settings_path(profile))
    return key


async def test_two_players_meet_in_the_lobby_and_see_a_new_table_live(tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    tables = (HoldemOptions(name="Friday", seats=4, min_humans=2), BlackjackOptions(name="Pit"))
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        ann = await TerminalClient.connect(server.port, key=ann_key, width=100)
        bob = await TerminalClient.connect(server.port, key=bob_key, width=100)
        await ann.wait_for("you are Ann")
        await bob.wait_for("you are Bob")
        for client in (ann, bob):
            await client.wait_for("Friday")
            await client.wait_for("Pit")
        # Both game processes are in the room, bound to their keys' profiles.
        room = server.room.shared.room
        members = {c.member for c in room.connections}
        assert members == {Member(profile_key(fingerprint(ann_key)), "Ann"),
                           Member(profile_key(fingerprint(bob_key)), "Bob")}
        await ann.settle(0.3)
        ann.press("n")
        await ann.wait_for("Open a table")
        await ann.settle(0.3)
        ann.press(*"Anns game", "enter")  # the name field starts selected: typing replaces it
        await bob.wait_for("Anns game")  # Bob's lobby follows the room, live
        guest = await TerminalClient.connect(server.port, width=100)
        await guest.wait_for("you are Guest 1")
        for client in (ann, bob, guest):
            await client.settle(0.3)
            client.press("\x1b")
            await client.wait_for("Rules & keys")  # the menu, with the room's entry
            assert " T  Tables" in client.text
            await client.settle(0.3)
            client.press("q")
            await client.wait_closed()


async def test_stopping_the_server_voids_the_hand_and_tells_every_player(tmp_path: Path) -> None:
    root = tmp_path / "room"
    tables = (HoldemOptions(name="Friday", seats=2, bots_fill=False, min_humans=2,
                            action_clock=30),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        room = server.room.shared.room
        viewer = await TerminalClient.connect(server.port, key=named_key(root, "Vic"))
        await viewer.wait_for("you are Vic")
        ann, bob = [await FakeClient.join(room, Member(f"p-{n}", n)) for n in ("Ann", "Bob")]
        for seat, client in enumerate((ann, bob)):
            start = len(client.messages)
            client.send(Sit("t1", seat, 400 + 100 * seat))
            await client.wait_for(lambda m: m.TYPE == "table_snapshot", after=start)
        turn = await ann.wait_for(lambda m: m.TYPE == "turn")
        (ann, bob)[turn.seat].send(HoldemAction("t1", ActionKind.RAISE_TO, 40))
        await ann.wait_for(lambda m: isinstance(m, Records) and any(
            r["type"] == "holdem.BetOrRaised" for r in m.records))
    # Leaving `serving` is Ctrl-C / SIGTERM: the room stops before the games end.
    for client in (ann, bob):
        voided = next(m for m in client.messages if isinstance(m, HandVoided))
        assert {s.seat: s.stack for s in voided.stacks} == {0: 400, 1: 500}
        # Said once: the void itself, after the room's closing line.
        assert "the hand in play is void" in voided.reason
        assert [m.text for m in client.messages if isinstance(m, RoomClosing)] == [
            "The room is closing (the host closed the room)."]
        assert not any("void" in m.text for m in client.of(Notice))
    assert room.tables["t1"].voided == [1]
    await viewer.wait_closed()
