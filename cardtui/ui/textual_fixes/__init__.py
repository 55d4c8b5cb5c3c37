"""Every use of Textual's private API in cardtui, and why: the one place to look.

cardtui uses Textual as a dependency, not a fork. Where it had to reach into
Textual's internals (a bug with no public way round it, or a cost a shared
table pays at every player's screen), the override lives in this package,
says which upstream bug or limitation it works around and the Textual
version it was seen on (8.2.8 unless said), and has a canary in
``tests/ui/test_textual_fixes*.py`` that fails once Textual fixes the bug or
changes the private API it relies on: then the override can go, or must be
looked at again. Nothing outside this package overrides or reads a private
Textual name (``tests/test_layers.py`` checks the imports).

**Fixes for every game** (:func:`apply`, installed when :mod:`cardtui.ui.app`
is imported; each patch checks the name it replaces still exists):

========================  =====================================================
``OptionList._move_page`` paging a list with no size yet raised ``KeyError``
``Screen.dismiss``        a screen dismissed twice popped the one beneath it
``DataTable.``            rows drawn before their columns were measured kept
``_update_dimensions``    their narrow lines until the next resize
``Input._on_key``         a field's editing keys ran after the keys that came
                          after them in the same read
``Message.``              read only, by :func:`was_stopped` (no public accessor)
``_stop_propagation``
``Header._on_mount``      a title set while a screen's header was being removed
                          raised ``NoMatches`` and took the game down
========================  =====================================================

**The served game's drawing shortcuts** (:mod:`.served`, installed only by the
entry point of a game ``cardtui serve`` started, and by its template):
``Compositor._get_renders`` / ``render_partial_update`` (render only the
widgets in the changed regions), ``Stylesheet.replace_rules`` (set only the
rules a class change changed), ``Stylesheet._parse_rules`` (one parse cache
per process, filled by the template), the input thread of ``LinuxDriver``
(``run_input_thread`` copied, to sleep until a key comes), and the lobby's
held first frame (``Screen._compositor_refresh``).

**Private hooks that cardtui's own classes override** (:mod:`.hooks`): the
app's same-size resize (``App._on_resize``), the footer key that records its
virtual size without a layout (``FooterKey`` from ``textual.widgets._footer``,
``Widget._size_updated``, ``FooterKey._disabled``, ``Screen.
_modal_binding_chain``), one line drawn as :class:`~textual.content.Content`
draws it (``Content._wrap_and_format``), a widget's renderable for text
selection (``Widget._render``), and the app's crash report (``App.
_fatal_error``, ``_close_messages_no_wait``, ``_exit_renderables``).

Not an override: Textual 8.2's Ctrl+P gives every palette the id
``--command-palette``, and Ctrl+P read while a dismissed palette was still
being removed raised ``DuplicateIds`` (the key fuzzer under load, issue 24).
The app has its own Ctrl+P, through public API
(:meth:`cardtui.ui.app.CardtuiApp.action_command_palette`); a canary fails
once Textual's own no longer raises.

The fixes for every game, in detail:

**Paging a list with no size.** Page Up / Page Down on an ``OptionList``
that has options but no size yet (laid out on the next refresh: a Select's
drop-down just opened, the command palette's list just filled) raise
``KeyError`` in ``OptionList._move_page``: it looks up the highlighted
option's line in a table it only fills once the list has a size. The same
crash was reported against ``OptionList.action_page_down`` by another Textual
app (https://github.com/kagan-sh/kagan-legacy/issues/31); no Textual issue
found. Until the list has its lines, a page key does nothing.

**Dismissing a screen twice.** ``Screen.dismiss`` pops whatever screen is on
top, not necessarily the one dismissed (the limitation Textual's issue
#2575 describes). A dialog answered twice in one read (its button pressed by
Enter, and ``y`` or ``n`` right after) popped the dialog, then the table under
it, then failed with ``ScreenStackError`` at the menu. A screen that is no
longer on top is not dismissed again.

**Rows drawn before their columns are measured.** A ``DataTable`` measures
new rows' cells when it is next idle, but it may draw them before that, at
the old column widths, and it caches those lines under a key the new widths
do not change (akin to Textual's issue #4470: widths not updated until the
next refresh). Over SSH on a loaded host the lobby kept its first drawing:
every column as narrow as its heading ("Hold", "Blac") until the next
resize. When a measure changes a column's width, the cached lines go.

**A field's editing keys out of order.** A key an ``Input`` does not type
(Ctrl+U, Backspace, Home, the arrows) travels up to the app, which runs the
field's binding for it, while the keys after it in the same read have already
been typed into the field: Textual's issue #6605 (open; pull request #6631
proposes the same fix inside Textual). "Ctrl+U, Bea" in one read (a paste, a
fast client, a script) left the field empty, and "Home, Mr" appended "Mr".
The field now runs its own bindings as the key reaches it, in order; any
other key still travels up to the screen and the app as before.

**A title set as the header goes.** ``Header._on_mount`` watches the app's
and the screen's titles with a closure that looks up its ``HeaderTitle`` and
catches only ``NoScreen``. When the palette's command switched screens under
load, the old screen's header still heard the new title after its
``HeaderTitle`` was removed, and ``NoMatches`` crashed the game (CI, the
palette test, Textual 8.2.8; no Textual issue found). The closure cannot be
reached, so the guarded ``_on_mount`` is Textual's own with ``NoMatches``
caught too: a header without its title has nothing to update.

**Whether a key was taken.** Textual 8.2 has no public way to ask whether a
message was stopped on its way (``Message._stop_propagation``, set by
``stop()``). The field guard above and the app's held keys
(:mod:`cardtui.ui.navigation`) need to know; :func:`was_stopped` is the one
place that reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.await_complete import AwaitComplete
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, OptionList
from textual.widgets._header import HeaderTitle

#: The Textual every override here was written against and checked on.
SEEN_ON = "8.2.8"


@dataclass
class Patch:
    """One of Textual's methods replaced by a guarded version (installed once, removable)."""

    owner: type
    name: str
    #: Makes the replacement from Textual's own (as ``getattr(owner, name)`` gives it).
    make: Callable[[Any], Any]
    #: What the class held before (restored by :meth:`remove`), and what replaced it.
    _original: Any = field(default=None, repr=False)
    _replacement: Any = field(default=None, repr=False)

    @property
    def installed(self) -> bool:
        # (Asked of the class itself: a test may have put Textual's own back meanwhile.)
        return (self._replacement is not None
                and vars(self.owner).get(self.name) is self._replacement)

    def install(self) -> None:
        if self.installed or self.name not in vars(self.owner):
            return  # once; and never over a name a later Textual no longer has
        current = vars(self.owner)[self.name]
        if current is not self._original or self._replacement is None:
            self._original = current
            self._replacement = self.make(getattr(self.owner, self.name))
        setattr(self.owner, self.name, self._replacement)  # (the same one, put back)

    def remove(self) -> None:
        if self.installed:
            setattr(self.owner, self.name, self._original)


@contextmanager
def removed(*patches: Patch) -> Iterator[None]:
    """Textual as it is, without ``patches``, for a while (the canaries use it)."""
    were = [patch for patch in patches if patch.installed]
    for patch in were:
        patch.remove()
    try:
        yield
    finally:
        for patch in were:
            patch.install()


def was_stopped(message: Message) -> bool:
    """Whether ``message`` was stopped (taken by a handler) on its way."""
    return bool(message._stop_propagation)


def _guard_paging(move_page: Callable[[OptionList, Any], None]) -> Callable[..., None]:
    def _move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: no lines to page through
        move_page(self, direction)

    return _move_page


def _guard_dismiss(dismiss: Callable[..., AwaitComplete]) -> Callable[..., AwaitComplete]:
    def guarded(self: Screen[Any], result: Any = None) -> AwaitComplete:
        if self.is_attached and self.app.screen is not self:
            # Already dismissed: never pop another screen. (Textual leaves nothing() untyped.)
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        return dismiss(self, result)

    return guarded


def _guard_widths(update: Callable[[DataTable[Any], Any], None]) -> Callable[..., None]:
    def _update_dimensions(self: DataTable[Any], new_rows: Any) -> None:
        before = [column.get_render_width(self) for column in self.columns.values()]
        update(self, new_rows)
        if [column.get_render_width(self) for column in self.columns.values()] != before:
            self._update_count += 1  # what a resize does: no cached line is reused
            self.refresh()

    return _update_dimensions


def _guard_key_order(on_key: Callable[[Input, events.Key], Any]) -> Callable[..., Any]:
    async def _on_key(self: Input, event: events.Key) -> None:
        await on_key(self, event)
        if event.is_printable or was_stopped(event):  # typed (or taken) already
            return
        # Only the field's own bindings, which edit the field: a screen's binding
        # (Escape leaving the screen) still runs from the app, never from within
        # a widget it may remove. Priority bindings ran before the key got here.
        binding = next((binding for binding in self._bindings.key_to_bindings.get(event.key, ())
                        if not binding.priority), None)
        if binding is None or self.check_action(binding.action, ()) is False:
            return
        event.stop()
        event.prevent_default()
        await self.run_action(binding.action)

    return _on_key


def _guard_title(on_mount: Callable[[Header, events.Mount], None]) -> Callable[..., None]:
    del on_mount  # replaced whole: its watcher is a closure (Textual 8.2.8's, plus NoMatches)

    def _on_mount(self: Header, _: events.Mount) -> None:
        async def set_title() -> None:
            # (NoMatches: the header is going with its screen, nothing left to title.)
            with suppress(NoScreen, NoMatches):
                self.query_one(HeaderTitle).update(self.format_title())

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)

    return _on_mount


PAGING = Patch(OptionList, "_move_page", _guard_paging)
DISMISS = Patch(Screen, "dismiss", _guard_dismiss)
WIDTHS = Patch(DataTable, "_update_dimensions", _guard_widths)
KEY_ORDER = Patch(Input, "_on_key", _guard_key_order)
TITLE = Patch(Header, "_on_mount", _guard_title)

#: The fixes every game needs (the key fuzzer and the lobby reach these bugs alone too).
EVERYWHERE = (PAGING, DISMISS, WIDTHS, KEY_ORDER, TITLE)


def apply() -> None:
    """Install the fixes every game needs (once)."""
    for patch in EVERYWHERE:
        patch.install()


apply()
