"""Players of the room's SSH tests: named keys, sitting down from the lobby, their game process."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from cardtui import locations
from cardtui.games import Game
from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.serve.launch import Launch
from cardtui.settings import Settings, save_settings
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient, child_processes

LAUNCH = Launch(animation="off", seed=7, base_env=dict(os.environ))

#: What a shared blackjack table says while its betting window waits for this player.
BET_PROMPT = "then d places it"


def profile(root: Path, key: asyncssh.SSHKey) -> Path:
    return root / "profiles" / profile_name(fingerprint(key))


def named_key(root: Path, name: str) -> asyncssh.SSHKey:
    """A player's key, with ``name`` saved in the settings of the profile it opens."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    save_settings(Settings(player_name=name), locations.settings_path(profile(root, key)))
    return key


async def sit_down(port: int, key: asyncssh.SSHKey, name: str, *, width: int = 80
                   ) -> TerminalClient:
    """Log in, and from the lobby sit at the first table for its largest buy-in."""
    client = await TerminalClient.connect(port, key=key, width=width)
    await client.wait_for(f"you are {name}")
    await client.settle(0.3)
    client.press("enter")
    await client.wait_for("Buy in for")
    client.press("enter")
    return client


def game_pid(profile_dir: Path) -> int:
    """The game process playing in ``profile_dir`` (a served game's working directory).

    Not its ``/proc/PID/environ``: a game forked from the template shows the
    template's environment there, whatever its own ``os.environ`` says.
    """
    for pid in child_processes():
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if cwd == str(profile_dir):
            return pid
    raise LookupError(f"no game process plays in {profile_dir}")


def rounds_stored(root: Path, key: asyncssh.SSHKey) -> int:
    """Blackjack rounds in the store of ``key``'s profile."""
    store = Store(locations.database_path(profile(root, key)))
    try:
        return sum(t.rounds for t in store.totals(Game.BLACKJACK))
    finally:
        store.close()
