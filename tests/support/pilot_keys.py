"""``Pilot.press`` that waits for each key to be handled, then for the app to idle.

Textual's ``Pilot.press`` (``App._press_keys``, Textual 8.2.8) waits twice per
key for the process to look idle (``textual._wait.wait_for_idle``: sleeps of
20 ms until one passes with under 1 ms of CPU): once right after sending the
key, while the app is still handling it (so that sleep rarely counts as idle
and a second one follows), then again after the key's animations. A key the
app handles in 2 ms costs 60-80 ms, and the app tests press a few thousand.

Here the first wait is for what matters: the key is posted to the app, and
the app and every widget of the screen on top have handled it and what it
posted (Pilot's own ``_wait_for_screen``, twice: once for the key, once for
what the screen's handlers sent on). Then, as in Textual's press, the key's
animations and one idle wait, so each key still finds the app idle, as it did
(a worker the key started, a timer, a screen being built all had their idle
wait). Measured on the navigation, forms and both games' pilot tests (one
process, load 0.8): ``press`` 31.1 s -> 25.6 s, the four files 57.8 s -> 54.1 s.

(Dropping the idle wait between the keys of one ``press`` saved twice that,
but a key then came while the screen the key before opened was not ready for
it: Settings focuses its name field a message after it is mounted, and an "x"
typed in between was lost; the lobby's results come from the room in a
worker, and a "t" pressed before they came found no results screen.)

Installed for the whole suite by tests/conftest.py. If Textual changes its
private ``_press_keys`` (or the names used here), :func:`install` refuses to
patch and Textual's own press is used (slower, never wrong); the canary in
tests/ui/test_pilot_keys.py then fails, so the change is seen.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import unicodedata
from collections.abc import Iterable
from typing import Any

from textual import events
from textual._wait import wait_for_idle
from textual.app import App
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot

#: sha256 of the source of Textual 8.2.8's ``App._press_keys``, the one this replaces.
PRESS_KEYS_SHA256 = "1999a9a2751290aed8e0b7b240f9bba43f6efff1559fb1feaf8d59ed326c52ed"

_original = App._press_keys


def textual_press_keys_digest() -> str:
    """The digest of the ``App._press_keys`` Textual ships (not ours, once installed)."""
    return hashlib.sha256(inspect.getsource(_original).encode("utf-8")).hexdigest()


def key_event(key: str) -> events.Key:
    """The event Textual's ``_press_keys`` makes for ``key`` (a name or a character)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original_key = REPLACED_KEYS.get(key, key)
    char: str | None
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original_key))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def _press_keys(self: App[Any], keys: Iterable[str]) -> None:
    pilot: Pilot[Any] = Pilot(self)
    for key in keys:
        if key.startswith("wait:"):  # Textual's pause between keys, kept as it was
            _, wait_ms = key.split(":")
            await asyncio.sleep(float(wait_ms) / 1000)
            await self._animator.wait_until_complete()
            continue
        event = key_event(key)
        event.set_sender(self)
        # What the headless driver's send_message schedules from its thread, done
        # here: the key is in the app's queue before the wait below asks.
        await self._post_message(event)
        await pilot._wait_for_screen()  # the app handled it (and forwarded it)
        await pilot._wait_for_screen()  # the screen (perhaps a new one) handled that
        await self._animator.wait_until_complete()
        await wait_for_idle(0)  # as after each of Textual's keys: the app is idle


def install() -> bool:
    """Patch ``App._press_keys`` if it is still the one this was written for."""
    if textual_press_keys_digest() != PRESS_KEYS_SHA256:
        return False
    App._press_keys = _press_keys  # type: ignore[method-assign]
    return True
