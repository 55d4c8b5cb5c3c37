"""The browser door opens onto the SSH players' room: one table, one seat count, one clock."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from playwright.async_api import Browser

from cardtui import locations
from cardtui.games import Game
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.serve.identity import profile_name
from cardtui.serve.keys import fingerprint
from cardtui.settings import Settings, save_settings
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient
from cardtui.testing.web import BrowserPlayer, painted
from tests.room.support import until
from tests.web.support import (
    limited,
    open_door,
    room_config,
    screenshot_folder,
    wait_until_gone,
)

BET_PROMPT = "then d places it"

# The browser and the door are the file's (tests/web/conftest.py): so is the event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")


def ssh_player(root: Path, name: str) -> tuple[asyncssh.SSHKey, Path]:
    """A key whose profile's settings carry ``name``, and that profile."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    profile = root / "profiles" / profile_name(fingerprint(key))
    save_settings(Settings(player_name=name), locations.settings_path(profile))
    return key, profile


async def test_a_browser_player_and_an_ssh_player_share_a_blackjack_table(
    tmp_path: Path, browser: Browser
) -> None:
    root = tmp_path / "room"
    key, ann_profile = ssh_player(root, "Ann")
    tables = (BlackjackOptions(name="Pit", seats=3, betting_clock=30, between_rounds=60),)
    async with open_door(room_config(root, tables=tables)) as (server, door):
        assert server.room.shared is not None
        table = server.room.shared.room.tables["t1"]
        ann = await TerminalClient.connect(server.port, key=key)
        bob = await BrowserPlayer.open(browser, door.link, "Bob")
        for player, name in ((ann, "Ann"), (bob, "Bob")):
            await player.wait_for(f"you are {name}")
            await player.settle(0.3)
            player.press("enter")  # sit down at the Pit
            await player.wait_for("Buy in for")
            await player.settle(0.3)
            player.press("enter")  # the table's largest buy-in
            await player.wait_for(BET_PROMPT)
        table.shoe.stack(["Th", "9c", "Ks", "6d", "6c", "7h"])  # Ann 16, Bob 15; dealer K, 7
        for player in (ann, bob):
            await player.settle(0.3)
            player.press("d")
        await ann.wait_for("Ann: Hit or stand?")
        await bob.wait_for("10♥")  # the browser sees Ann's cards: blackjack deals them face up
        await bob.wait_for("16")
        for player in (ann, bob):
            await player.wait_for("10 + ?")  # the dealer's hole card is down on every screen
            assert "7♥" not in player.text
        await ann.settle(0.3)
        ann.press("s")
        await bob.wait_for("Bob: Hit or stand?")
        await bob.settle(0.3)
        bob.press("s")
        for player in (ann, bob):
            await player.wait_for("7♥")  # the reveal reaches the SSH terminal and the page
        await until(lambda: table.round is None)
        await bob.settle(0.5)
        png = await bob.screenshot(screenshot_folder(tmp_path) / "web_shared_blackjack.png")
        share, colours = await painted(bob.page, png)
        assert share > 0.05 and colours > 8, (share, colours)
        (session,) = door.door.sessions
        assert session.identity is not None
        bob_profile = session.identity.profile_dir
        bob_store = Store(locations.database_path(bob_profile))
        try:
            (totals,) = bob_store.totals(Game.BLACKJACK)
        finally:
            bob_store.close()
        assert (totals.player, totals.rounds, totals.losses) == ("Bob", 1, 1)
        pid = session.pid
        assert pid is not None
        await bob.close()
        await wait_until_gone(pid)
        assert not bob_profile.exists()  # a guest's folder goes with them
        await ann.close()
    store = Store(locations.database_path(ann_profile))
    try:
        (totals,) = store.totals(Game.BLACKJACK)
    finally:
        store.close()
    assert (totals.player, totals.rounds, totals.losses) == ("Ann", 1, 1)


async def test_both_doors_count_against_max_sessions(tmp_path: Path, browser: Browser) -> None:
    async with open_door(room_config(tmp_path / "room", max_sessions=1)) as (server, door):
        ann = await TerminalClient.connect(server.port)
        await ann.wait_for("you are Guest")
        bob = await BrowserPlayer.open(browser, door.link, "Bob")
        await bob.wait_for("The room is full (1 players)")
        await bob.wait_closed()
        assert not door.door.sessions
        await ann.close()
        await until(lambda: not server.room.sessions)
        # The seat is free again: the browser gets it.
        cid = await BrowserPlayer.open(browser, door.link, "Cid")
        await cid.wait_for("you are Cid")
        await cid.close()


async def test_an_idle_tab_is_closed_after_the_idle_timeout(
    tmp_path: Path, browser: Browser
) -> None:
    config = limited(room_config(tmp_path / "room"), idle_timeout=4)
    async with open_door(config) as (_, door):
        page = await BrowserPlayer.open(browser, door.link, "Dee")
        await page.wait_for("you are Dee")
        (session,) = door.door.sessions
        pid = session.pid
        assert pid is not None
        await page.wait_for("Closed after 4 seconds without a key press", timeout=20)
        await page.wait_closed()
        await wait_until_gone(pid)
        await asyncio.sleep(0)
        assert not door.door.sessions


def pair_on(text: str, pairs: dict[str, tuple[str, str]]) -> set[str]:
    """Which of ``pairs`` (name -> two cards as drawn) are wholly on a screen."""
    return {name for name, cards in pairs.items() if all(card in text for card in cards)}


async def test_a_browser_player_and_an_ssh_player_each_see_only_their_own_hole_cards(
    tmp_path: Path, browser: Browser
) -> None:
    root = tmp_path / "room"
    key, _ = ssh_player(root, "Ann")
    tables = (
        HoldemOptions(name="Friday", seats=2, bots_fill=False, min_humans=2, action_clock=60,
                      between_hands=60),
    )  # fmt: skip
    pairs = {"aces": ("A♠", "A♥"), "kings": ("K♦", "K♣")}
    async with open_door(room_config(root, tables=tables)) as (server, door):
        assert server.room.shared is not None
        table = server.room.shared.room.tables["t1"]
        table.next_deck = stacked_deck(["AsAh", "KdKc"], board="2c7d9s 3h 4s")
        ann = await TerminalClient.connect(server.port, key=key)
        bob = await BrowserPlayer.open(browser, door.link, "Bob")
        players = {"Ann": ann, "Bob": bob}
        for name, player in players.items():
            await player.wait_for(f"you are {name}")
            await player.settle(0.3)
            player.press("enter")  # sit down at Friday
            await player.wait_for("Buy in for")
            await player.settle(0.3)
            player.press("enter")
        await until(lambda: table.hand is not None)
        hand = table.hand
        assert hand is not None
        seen: dict[str, set[str]] = {}
        for name, player in players.items():
            await player.wait_for("your turn", "Bob", timeout=30)
            await player.settle(0.5)
            seen[name] = pair_on(player.text, pairs)
        # Each screen shows one pair, its own, and the two players hold different pairs.
        assert len(seen["Ann"]) == 1 and len(seen["Bob"]) == 1, (ann.text, bob.text)
        assert seen["Ann"] != seen["Bob"]
        # Not even one of the other's cards, on the screen or in the bytes the page got.
        (bob_pair,) = seen["Bob"]
        (ann_pair,) = seen["Ann"]
        assert not any(card in bob.text for card in pairs[ann_pair]), bob.text
        assert not any(card in ann.text for card in pairs[bob_pair]), ann.text
        png = await bob.screenshot(screenshot_folder(tmp_path) / "web_shared_holdem.png")
        share, colours = await painted(bob.page, png)
        assert share > 0.05 and colours > 8, (share, colours)
        # Play it down to the showdown: whoever is asked checks or calls.
        while table.hand is hand:
            for name, player in players.items():
                if f"{name}, your turn" in player.text:
                    await player.settle(0.3)
                    player.press("c")
                    await player.settle(0.5)
            await asyncio.sleep(0.1)
        # At the showdown the aces are shown to both; the kings are mucked, and a mucked
        # hand never leaves the room.
        aces, kings = ("Ann", "Bob") if seen["Ann"] == {"aces"} else ("Bob", "Ann")
        for player in players.values():
            await player.wait_for(f"{aces} shows A♠ A♥")
            await player.wait_for(f"{kings} mucks")
        await players[aces].settle(0.5)
        assert not any(card in players[aces].text for card in pairs["kings"])
        pid = next(iter(door.door.sessions)).pid
        assert pid is not None
        await bob.close()
        await wait_until_gone(pid)
        await ann.close()
