"""A real browser plays through ``cardtui serve --web``: the door, the lobby, a blackjack round.

Headless Chromium (Debian's package) opens the door's link, gives a name, and
plays by key presses into xterm.js; the screen is read from the bytes its
websocket received, and the screenshot is checked for a drawn terminal.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from cardtui.serve.web import RunningWebDoor
from cardtui.testing.ssh import play_a_blackjack_round
from cardtui.testing.web import BrowserPlayer, painted
from tests.web.support import MENU, game_processes, screenshot_folder, wait_until_gone

# The browser and the door are the file's (tests/web/conftest.py): so is the event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_browser_guest_plays_a_blackjack_round(
    door: RunningWebDoor, browser: Browser, tmp_path: Path
) -> None:
    page = await BrowserPlayer.open(browser, door.link, "Ada")
    assert await page.page.title() == "cardtui"
    await page.wait_for("Tables in the room · you are Ada")  # the lobby, in the chosen name
    (session,) = door.door.sessions  # one game for the tab
    pid = session.pid
    assert pid is not None and pid in game_processes()
    await page.settle(0.3)
    page.press("escape")
    await page.wait_for(MENU)
    await page.settle(0.3)
    page.press("b")
    await page.wait_for("Deal")
    await page.settle(0.3)
    await play_a_blackjack_round(page)  # type: ignore[arg-type]  # the same keys as over SSH
    await page.settle(0.5)
    assert "Ada" in page.text  # the name reaches the game's own table too

    png = await page.screenshot(screenshot_folder(tmp_path) / "web_blackjack.png")
    share, colours = await painted(page.page, png)
    # A terminal that drew nothing (never connected, or hidden) is one flat colour.
    assert share > 0.05 and colours > 8, (share, colours)

    await page.close()  # the player closes the tab: the game ends with it
    await wait_until_gone(pid)
    assert not door.door.sessions


async def test_the_terminal_follows_the_window(door: RunningWebDoor, browser: Browser) -> None:
    page = await BrowserPlayer.open(browser, door.link, width=800, height=480)
    # No name given: a numbered guest (its number counts the door's guests so far).
    await page.wait_for("you are Guest ")
    width, height = page.size
    await page.page.set_viewport_size({"width": 1200, "height": 720})
    await page.settle(0.5)
    assert page.size[0] > width + 30 and page.size[1] > height + 10, (page.size, (width, height))
    # The game redrew at the new size: the footer's right-hand key is on the new last row,
    # past the old width.
    # Waited for, not assumed after a pause: under load the redraw can come late.
    await page.wait_until(
        lambda rows: rows[-1].find("palette") > width, "the footer redrawn at the new width"
    )
    assert "buy-in" in page.text
    await page.close()


async def test_title_and_favicon_say_cardtui(door: RunningWebDoor, browser: Browser) -> None:
    tab = await browser.new_page()
    await tab.goto(door.link)
    assert await tab.title() == "cardtui"
    icon = await tab.get_attribute("link[rel=icon]", "href")
    assert icon is not None
    response = await tab.request.get(door.link + icon)
    assert response.status == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in await response.body()
    await tab.close()


async def test_a_name_that_breaks_the_rule_is_asked_again(
    door: RunningWebDoor, browser: Browser
) -> None:
    before = game_processes()
    tab = await browser.new_page()
    await tab.goto(door.link)
    await tab.evaluate("document.querySelector('#name').removeAttribute('maxlength')")
    await tab.fill("#name", "Bartholomew the Third")
    await tab.press("#name", "Enter")
    await tab.wait_for_selector("text=A name has at most 12 characters")
    assert not game_processes() - before, "a refused name started a game"
    await tab.close()
