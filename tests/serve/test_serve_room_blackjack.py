"""Two players at one shared blackjack table over real SSH: lobby, buy-in, bets, the dealer."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from cardtui import locations
from cardtui.games import Game
from cardtui.room.config import BlackjackOptions
from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.serve.server import ServeConfig
from cardtui.settings import Settings, save_settings
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient, serving
from tests.room.support import until

LAUNCH = Launch(animation="off", seed=7, base_env=dict(os.environ))


def profile(root: Path, key: asyncssh.SSHKey) -> Path:
    return root / "profiles" / profile_name(fingerprint(key))


def named_key(root: Path, name: str) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    save_settings(Settings(player_name=name), locations.settings_path(profile(root, key)))
    return key


async def test_two_players_play_a_round_at_one_dealer(tmp_path: Path) -> None:
    root = tmp_path / "room"
    keys = {name: named_key(root, name) for name in ("Ann", "Bob")}
    tables = (BlackjackOptions(name="Pit", seats=3, betting_clock=30, between_rounds=60),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        table = server.room.shared.room.tables["t1"]
        players = {}
        for name, key in keys.items():
            client = await TerminalClient.connect(server.port, key=key)
            await client.wait_for(f"you are {name}")
            await client.settle(0.3)
            client.press("enter")  # sit down at the Pit
            await client.wait_for("Buy in for")
            client.press("enter")  # the table's largest buy-in
            await client.wait_for("then d places it")
            players[name] = client
        table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "7h"])  # Ann 16, Bob 15; dealer K, 7
        for client in players.values():
            await client.settle(0.3)
            client.press("d")
        ann, bob = players["Ann"], players["Bob"]
        await ann.wait_for("Ann: Hit or stand?")
        await bob.wait_for("16")  # Bob sees Ann's cards: blackjack deals them face up
        await bob.wait_for("10 + ?")  # the dealer's hole card stays down on every screen
        assert "7♥" not in ann.text and "7♥" not in bob.text
        await ann.settle(0.3)
        ann.press("s")
        await bob.wait_for("Bob: Hit or stand?")
        await bob.settle(0.3)
        bob.press("s")
        for client in players.values():
            await client.wait_for("7♥")  # the dealer's reveal reaches every screen
        await until(lambda: table.round is None)
        for client in players.values():
            await client.settle(0.3)
            client.press("\x1b")
            await client.wait_for("Tables in the room", "Rules & keys")
    for name, key in keys.items():
        store = Store(locations.database_path(profile(root, key)))
        try:
            (totals,) = store.totals(Game.BLACKJACK)
        finally:
            store.close()
        assert (totals.player, totals.rounds, totals.losses) == (name, 1, 1)
