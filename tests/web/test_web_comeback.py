"""Browser players come back: a reloaded tab takes its seat back (the page's resume token);
and the host runs the room from a browser through the host's own link."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser

from cardtui.room.config import HoldemOptions
from cardtui.serve.server import RunningServer, ServeConfig
from cardtui.serve.web import RunningWebDoor, WebConfig, start_web_door
from cardtui.testing.ssh import serving
from cardtui.testing.web import BrowserPlayer
from tests.room.support import until
from tests.web.support import TOKEN, room_config, wait_until_gone

# The browser is the file's (tests/web/conftest.py): so is the event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")

HOST_SECRET = "the-hosts-own-secret"
TABLES = (HoldemOptions(name="Friday", seats=4, bots_fill=False, min_humans=2, grace=300),)


@contextlib.asynccontextmanager
async def hosted_door(config: ServeConfig) -> AsyncIterator[tuple[RunningServer, RunningWebDoor]]:
    """The room's doors, the browser's with a host's link (as ``cardtui serve --web`` opens)."""
    async with serving(config) as server:
        web = WebConfig(port=0, token=TOKEN, host_token=HOST_SECRET)
        running = await start_web_door(server.room, web, config.launch, config.limits,
                                       log=lambda text: None)  # fmt: skip
        try:
            yield server, running
        finally:
            await running.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def hosted(tmp_path_factory: pytest.TempPathFactory
                 ) -> AsyncIterator[tuple[RunningServer, RunningWebDoor]]:
    """One room for the file: its games' template starts once (most of a test's time)."""
    config = room_config(tmp_path_factory.mktemp("room"), tables=TABLES)
    async with hosted_door(config) as doors:
        yield doors


async def test_a_reloaded_tab_takes_its_seat_back(
        hosted: tuple[RunningServer, RunningWebDoor], browser: Browser) -> None:
    server, door = hosted
    assert server.room.shared is not None
    table = server.room.shared.room.tables["t1"]
    bob = await BrowserPlayer.open(browser, door.link, "Bob")
    await bob.wait_for("you are Bob")
    await bob.settle(0.3)
    bob.press("enter")  # sit down at Friday
    await bob.wait_for("Buy in for")
    await bob.settle(0.3)
    bob.press("enter")
    await until(lambda: any(p.name == "Bob" for _, p in table.players()))
    [(seat, player)] = list(table.players())
    profile, stack = player.member.profile, player.stack
    assert profile.startswith("guest-web-") and player.member.resumable
    # The token is the page's: in the websocket's path, nowhere the room keeps.
    assert bob.socket is not None and "/ws/resume/" in bob.socket.url
    token = bob.socket.url.split("/ws/resume/")[1].split("/")[0].split("?")[0]
    assert len(token) == 48 and token not in profile
    (session,) = door.door.sessions
    pid = session.pid
    assert pid is not None

    await bob.reload()
    await wait_until_gone(pid)  # the tab's first game ended with its page
    assert bob.socket is not None and f"/ws/resume/{token}" in bob.socket.url
    # The new game sits in the same seat, with the same chips, and shows the table.
    await until(lambda: player.conn is not None and player.conn.greeted
                and player.conn.member.profile == profile and not player.conn.closed)
    assert table.seat_of(profile) == seat and player.stack == stack
    await bob.wait_for("Friday", "Bob")
    await bob.close()


async def test_the_host_announces_from_a_browser_through_the_hosts_link(
        hosted: tuple[RunningServer, RunningWebDoor], browser: Browser) -> None:
    server, door = hosted
    assert server.room.shared is not None and door.host_link.endswith(HOST_SECRET)
    room = server.room.shared.room
    # A wrong secret is a plain 403, and sets nothing.
    page = await browser.new_page()
    answer = await page.goto(door.link + "host/not-the-secret")
    assert answer is not None and answer.status == 403
    await page.close()
    hal = await BrowserPlayer.open(browser, door.host_link, "Hal")
    await hal.wait_for("you are Hal")
    await hal.settle(0.3)
    hal.press("h")  # the host's menu: only a host's lobby has it
    await hal.wait_for("Announce to the whole room")
    hal.press("a")
    await hal.wait_for("Announce to the whole room (Enter sends")
    hal.press(*"Lastcall", "enter")
    await until(lambda: bool(room.desk.actions))
    (action,) = room.desk.actions
    assert (action.host, action.action, action.detail) == ("Hal", "announce", "Lastcall")
    await hal.wait_for("Lastcall")
    await hal.close()
