"""The invite token: without it, a plain 403 and no game process, whatever is asked for."""

from __future__ import annotations

import aiohttp
import pytest
from playwright.async_api import Browser

from cardtui.serve.web import RunningWebDoor
from cardtui.serve.web_page import FORBIDDEN
from tests.web.support import TOKEN, game_processes

# The browser and the door are the file's (tests/web/conftest.py): so is the event loop.
pytestmark = pytest.mark.asyncio(loop_scope="module")

WRONG_PATHS = (
    "/",
    "/favicon.ico",
    "/night-of-card/",  # one letter short
    "/night-of-cardsX/",  # one letter long
    "/NIGHT-OF-CARDS/",
    "/wrong/?name=Ann",
    "/wrong/static/js/textual.js",
    f"/wrong/{TOKEN}/",
    f"/%2F{TOKEN}/",
)


async def test_a_request_without_the_token_gets_403_and_no_process(
    door: RunningWebDoor,
) -> None:
    before = game_processes()
    refused_before = door.door.forbidden
    base = f"http://127.0.0.1:{door.port}"
    async with aiohttp.ClientSession() as client:
        for path in WRONG_PATHS:
            async with client.get(base + path) as response:
                assert response.status == 403, path
                assert response.content_type == "text/plain", path
                assert await response.text() == FORBIDDEN, path
        for path in ("/wrong/ws", "/ws", "/wrong/ws/QW5u"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(base + path)
            assert refused.value.status == 403, path
        # The right token from another site's page: a visitor's browser is not a player.
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base}/{TOKEN}/ws", origin="http://evil.example")
        assert refused.value.status == 403
        # And the right link works, so the 403s above are the token's doing.
        async with client.get(f"{base}/{TOKEN}/") as response:
            assert response.status == 200 and "Sit down" in await response.text()
    assert door.door.forbidden - refused_before == len(WRONG_PATHS) + 4
    assert not game_processes() - before, "a request without the token started a game"
    assert not door.door.sessions


async def test_a_browser_without_the_token_sees_the_403_page(
    door: RunningWebDoor, browser: Browser
) -> None:
    before = game_processes()
    tab = await browser.new_page()
    response = await tab.goto(f"http://127.0.0.1:{door.port}/")
    assert response is not None and response.status == 403
    assert "403 Forbidden" in await tab.inner_text("body")
    await tab.close()
    assert not game_processes() - before, "a request without the token started a game"
