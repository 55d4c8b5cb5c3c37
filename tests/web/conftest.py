"""A real headless Chromium for each browser test (no Chromium is a failure that says why),
and a room with its browser door."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser

from cardtui.serve.web import RunningWebDoor
from cardtui.testing.web import BrowserMissing, chromium
from tests.web.support import open_door, room_config


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    try:
        async with chromium() as launched:
            yield launched
    except BrowserMissing as missing:
        # Not a skip: CI installs Chromium, so a missing one is a broken machine.
        pytest.fail(str(missing), pytrace=False)


@pytest.fixture
async def door(tmp_path: Path) -> AsyncIterator[RunningWebDoor]:
    """The default room (one hold'em, one blackjack table) with SSH and browser doors."""
    async with open_door(room_config(tmp_path / "room")) as (_, running):
        yield running
