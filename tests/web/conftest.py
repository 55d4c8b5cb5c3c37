"""A real headless Chromium for each browser test file (no Chromium is a failure that says
why), and a room with its browser door for each file that needs the default one.

Both are started once per test file: each test opens its own tabs (its own browser
context, nothing shared but the process) and closes them. They live on the file's
event loop, so the files' tests do too (``pytest.mark.asyncio(loop_scope="module")``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser

from cardtui.serve.web import RunningWebDoor
from cardtui.testing.web import BrowserMissing, chromium
from tests.web.support import open_door, room_config


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    try:
        async with chromium() as launched:
            yield launched
    except BrowserMissing as missing:
        # Not a skip: CI installs Chromium, so a missing one is a broken machine.
        pytest.fail(str(missing), pytrace=False)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def door(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[RunningWebDoor]:
    """The default room (one hold'em, one blackjack table) with SSH and browser doors."""
    async with open_door(room_config(tmp_path_factory.mktemp("room"))) as (_, running):
        yield running
