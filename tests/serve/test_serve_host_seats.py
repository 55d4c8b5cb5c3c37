"""The host's seats over real SSH clients: the host's key turns on approval of seats at a
table, a player's sit waits (their buy-in back on their balance), the host approves it
from the lobby's menu and moves the seat; the player's chips are all accounted for."""

from __future__ import annotations

from pathlib import Path

from cardtui import locations
from cardtui.games import Game
from cardtui.room.config import HoldemOptions
from cardtui.room.hosting import profile_key
from cardtui.serve.keys import fingerprint
from cardtui.serve.server import ServeConfig
from cardtui.store import Store
from cardtui.testing.ssh import TerminalClient, serving
from tests.room.support import until
from tests.serve.room_ssh import LAUNCH, named_key, profile
from tests.serve.test_serve_room_host import public_line


async def test_the_host_approves_a_seat_and_moves_it_over_ssh(tmp_path: Path) -> None:
    root = tmp_path / "room"
    ann_key, bob_key = named_key(root, "Ann"), named_key(root, "Bob")
    (root / "host_keys").write_text(public_line(ann_key))
    tables = (HoldemOptions(name="Friday", seats=4, min_humans=2, bots_fill=False,
                            action_clock=600),)
    config = ServeConfig(root=root, open=True, launch=LAUNCH, tables=tables)
    async with serving(config) as server:
        assert server.room.shared is not None
        room = server.room.shared.room
        table = room.tables["t1"]
        ann = await TerminalClient.connect(server.port, key=ann_key, width=100)
        await ann.wait_for("you are Ann")
        await ann.settle(0.3)
        ann.press("h")
        await ann.wait_for("Approve each new seat at Friday")
        ann.press("v")
        await until(lambda: room.approvals.asks("t1"))

        bob = await TerminalClient.connect(server.port, key=bob_key, width=100)
        await bob.wait_for("you are Bob")
        await bob.settle(0.3)
        bob.press("enter")
        await bob.wait_for("Buy in for")
        bob.press("enter")
        await bob.wait_for("waits for a host's approval")
        await ann.wait_for("Bob asks for a seat at Friday")
        await ann.settle(0.3)
        ann.press("h")
        await ann.wait_for("Seat requests waiting")
        ann.press("r")
        await ann.wait_for("Bob at Friday")
        ann.press("enter")
        await bob.wait_for("approved your seat at Friday")

        await bob.settle(0.3)
        bob.press("enter")
        await bob.wait_for("Buy in for")
        bob.press("enter")
        bob_profile = profile_key(fingerprint(bob_key))  # the room's key for Bob
        await until(lambda: table.seat_of(bob_profile) is not None)
        seat = table.seat_of(bob_profile)
        target = 3 if seat != 3 else 2
        await ann.settle(0.3)
        ann.press("h")
        await ann.wait_for("Move a player's seat at Friday")
        ann.press("s")
        await ann.wait_for("Move whom to which seat")
        ann.press(*f"Bob {target + 1}", "enter")
        await bob.wait_for(f"moves Bob to seat {target + 1}")
        assert table.seat_of(bob_profile) == target
        assert [a.action for a in room.desk.actions] == ["approval", "approve", "move"]

        player = table.player_at(target)
        assert player is not None
        store = Store(locations.database_path(profile(root, bob_key)))
        try:
            # Conservation: the refused sit's buy-in went back; the seat holds the rest.
            assert store.balance(Game.HOLDEM) + player.stack == 1_000
        finally:
            store.close()
        for client in (ann, bob):
            await client.close()

