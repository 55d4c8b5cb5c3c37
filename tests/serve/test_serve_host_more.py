"""The host's other controls over real SSH clients: blinds from the next hand,
tonight's ledger written, the table closed with its hand void, a ban and its lifting.

Each goes through the lobby's host menu (h) as a host would use it; the room logs
each with who did it, and the banned player's chips come back to their balance.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtui import locations
from cardtui.games import Game
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient, serving
from tests.serve.room_ssh import profile, sit_down
from tests.serve.test_serve_room_host import friday_hosted_by_ann


async def host_menu(ann: TerminalClient, key: str, asks: str) -> None:
    await ann.settle(0.3)
    ann.press("h")
    await ann.wait_for("Host (Enter picks")
    ann.press(key)
    await ann.wait_for(asks)


async def test_the_host_sets_blinds_exports_closes_bans_and_lifts_the_ban(
        tmp_path: Path) -> None:
    root, ann_key, bob_key, config = friday_hosted_by_ann(tmp_path)
    async with serving(config) as server:
        room = server.room.shared.room
        bob = await sit_down(server.port, bob_key, "Bob", width=100)
        await bob.wait_for("Friday")
        ann = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await ann.wait_for("you are Ann")
        await ann.wait_for("Bob (Friday)")

        await host_menu(ann, "b", "Blinds at Friday from the next hand")
        ann.press(*"10/20", "enter")
        await bob.wait_for("10/20")
        await host_menu(ann, "e", "ledger")
        await ann.wait_for("ledger is in")
        await host_menu(ann, "x", "Close Friday?")
        ann.press("v")
        await bob.wait_for("This table has closed")
        await host_menu(ann, "k", "Remove whom?")
        ann.press("b")
        await bob.wait_for("banned you from")
        assert "Bob" in room.desk.ban_names.values()
        await host_menu(ann, "u", "Lift")
        await ann.wait_for("Bob")
        ann.press("enter")
        for _ in range(200):  # the room's answer is a passing notice: read the room
            if "Bob" not in room.desk.ban_names.values():
                break
            await asyncio.sleep(0.05)
        assert "Bob" not in room.desk.ban_names.values()
        assert [a.action for a in room.desk.actions] == [
            "blinds", "export", "close", "ban", "unban"]
        assert all(a.host == "Ann" for a in room.desk.actions)
        assert list((root / "ledgers").glob("ledger-*.csv"))

        store = Store(locations.database_path(profile(root, bob_key)))
        try:
            for _ in range(100):
                if not store.chips_at(Game.HOLDEM):
                    break
                await asyncio.sleep(0.05)
            assert store.chips_at(Game.HOLDEM) == {}
            assert store.balance(Game.HOLDEM) == 1_000 + sum(store.round_nets(Game.HOLDEM, "Bob"))
        finally:
            store.close()
        for client in (ann, bob):
            await client.close()
