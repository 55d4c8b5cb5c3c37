"""A real headless Chromium for each browser test; no Chromium is a failure that says why."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser

from cardtui.testing.web import BrowserMissing, chromium


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    try:
        async with chromium() as launched:
            yield launched
    except BrowserMissing as missing:
        # Not a skip: CI installs Chromium, so a missing one is a broken machine.
        pytest.fail(str(missing), pytrace=False)
