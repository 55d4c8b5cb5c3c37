"""Work-arounds for Textual bugs that cardtui's key fuzzer reaches, applied on import.

**Paging a list with no size.** Page Up / Page Down on an ``OptionList``
that has options but no size yet (laid out on the next refresh: a Select's
drop-down just opened, the command palette's list just filled) raise
``KeyError`` in ``OptionList._move_page``: it looks up the highlighted
option's line in a table it only fills once the list has a size. The same
crash was reported against ``OptionList.action_page_down`` by another Textual
app (https://github.com/kagan-sh/kagan-legacy/issues/31). Until the list has
its lines, a page key does nothing; any other key still works.

**Dismissing a screen twice.** ``Screen.dismiss`` pops whatever screen is on
top, not necessarily the one dismissed. A dialog answered twice in one read
(its button pressed by Enter, and ``y`` or ``n`` right after) popped the
dialog, then the table under it, then failed with ``ScreenStackError`` at the
menu. A screen that is no longer on top is not dismissed again.

**Rows drawn before their columns are measured.** A ``DataTable`` measures
new rows' cells when it is next idle, but it may draw them before that, at
the old column widths, and it caches those lines under a key the new widths
do not change. Over SSH on a loaded host the lobby kept its first drawing:
every column as narrow as its heading ("Hold", "Blac") until the next
resize. When a measure changes a column's width, the cached lines go.

**A field's editing keys out of order.** A key an ``Input`` does not type
(Ctrl+U, Backspace, Home, the arrows) travels up to the app, which runs the
field's binding for it, while the keys after it in the same read have already
been typed into the field. "Ctrl+U, Bea" in one read (a paste, a fast client,
a script) left the field empty, and "Home, Mr" appended "Mr". The field now
runs its own bindings as the key reaches it, in order; any other key still
travels up to the screen and the app as before.

**Drawing widgets far from what changed.** To draw a change, Textual's
compositor renders every widget whose *clip* (the area of its container)
meets the changed area, not every widget whose own region does: each widget
placed straight on the screen (the header, the rules line, the message, the
keys line) was rendered again for a card landing in a seat's panel, and its
lines then thrown away. At a shared table that is every frame at every
player's screen (benchmarks/bench_table_redraw.py: 15 widgets a frame, 6
once only those in the changed area are asked). Only the widgets whose region
meets the changed area are rendered now; what is drawn is the same, since a
widget only ever draws inside its region. The changed area is the changed
regions themselves, not the box around them: a turn passing from one seat to
the next changes two panels and the message line below them, and the box
around those held every seat of the table.

**Restyling every rule for one class.** When a widget's classes change,
Textual works out its rules again (quick) and then sets every one of them on
the widget, changed or not: each set parses and checks its value and asks for
a refresh, ~40 of them for a seat's panel. At a shared table a panel's
"acting" class comes and goes twice a turn at every player's screen (0.8 ms
each, a sixth of a screen's work for the turn). Unless a transition may run,
only the rules whose value changed are set now; the styles that result are
the same.

**A palette opened while the last one is still going.** Textual 8.2's
Ctrl+P gives every command palette the id ``--command-palette`` and sees a
palette as open only while it is on top; one just dismissed is removed by a
task of its own, so Ctrl+P read before that task ran raised ``DuplicateIds``
(the key fuzzer under load, issue 24). The app already has its own Ctrl+P
(:meth:`cardtui.ui.app.CardtuiApp.action_command_palette`); its palettes
take no fixed id. The canary in tests/ui/test_textual_fixes.py fails once
Textual's own does not raise.

**Whether a key was taken.** Textual 8.2 has no public way to ask whether a
message was stopped on its way (``Message._stop_propagation``, set by
``stop()``). The field guard above and the app's held keys
(:mod:`cardtui.ui.navigation`) need to know; :func:`was_stopped` is the one
place that reads it. The canary fails once Textual offers a public accessor.

One guard each for every screen and option list (the menu, every Select, the
palette, every dialog), so no screen needs its own. Checked against the
Textual pinned in the test extra (tests/ui/test_textual_fixes.py); if a later
Textual renames a method, its guard is skipped rather than breaking the app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual import events
from textual._compositor import Compositor
from textual.await_complete import AwaitComplete
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList


def was_stopped(message: Message) -> bool:
    """Whether ``message`` was stopped (taken by a handler) on its way."""
    return bool(message._stop_propagation)


def _guard_paging(move_page: Callable[[OptionList, Any], None]) -> Callable[..., None]:
    def _move_page(self: OptionList, direction: Any) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # not laid out yet: no lines to page through
        move_page(self, direction)

    _move_page.cardtui_guarded = True  # type: ignore[attr-defined]
    return _move_page


def _guard_dismiss(dismiss: Callable[..., AwaitComplete]) -> Callable[..., AwaitComplete]:
    def guarded(self: Screen[Any], result: Any = None) -> AwaitComplete:
        if self.is_attached and self.app.screen is not self:
            return AwaitComplete.nothing()  # already dismissed: never pop another screen
        return dismiss(self, result)

    guarded.cardtui_guarded = True  # type: ignore[attr-defined]
    return guarded


def _guard_widths(update: Callable[[DataTable[Any], Any], None]) -> Callable[..., None]:
    def _update_dimensions(self: DataTable[Any], new_rows: Any) -> None:
        before = [column.get_render_width(self) for column in self.columns.values()]
        update(self, new_rows)
        if [column.get_render_width(self) for column in self.columns.values()] != before:
            self._update_count += 1  # what a resize does: no cached line is reused
            self.refresh()

    _update_dimensions.cardtui_guarded = True  # type: ignore[attr-defined]
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

    _on_key.cardtui_guarded = True  # type: ignore[attr-defined]
    return _on_key


def _guard_renders(get_renders: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    def _get_renders(self: Compositor, crop: Region | None = None) -> Iterator[Any]:
        visible = self.visible_widgets
        if crop is None:
            yield from get_renders(self, crop)
            return
        changed = getattr(self, "_cardtui_changed", None) or (crop,)
        near = {widget: place for widget, place in visible.items()
                if any(place[0].overlaps(region) for region in changed)}
        if len(near) == len(visible):
            yield from get_renders(self, crop)
            return
        # Textual reads the widgets to render from this map (rebuilt on the next layout).
        self._visible_widgets = near
        try:
            yield from get_renders(self, crop)
        finally:
            if self._visible_widgets is near:
                self._visible_widgets = visible

    _get_renders.cardtui_guarded = True  # type: ignore[attr-defined]
    return _get_renders


def _guard_partial(render: Callable[[Compositor], Any]) -> Callable[[Compositor], Any]:
    """Lets :func:`_guard_renders` see the regions changed, not only the box around them."""

    def render_partial_update(self: Compositor) -> Any:
        self._cardtui_changed = tuple(self._dirty_regions)  # type: ignore[attr-defined]
        try:
            return render(self)
        finally:
            self._cardtui_changed = ()  # type: ignore[attr-defined]

    render_partial_update.cardtui_guarded = True  # type: ignore[attr-defined]
    return render_partial_update


def _guard_restyle(replace: Callable[..., None]) -> Callable[..., None]:
    def replace_rules(cls: type[Stylesheet], node: Any, rules: Any,
                      animate: bool = False) -> None:
        base = node.styles.base
        now = base._rules
        if animate and (rules.get("transitions") or now.get("transitions")):
            replace(node, rules, animate=animate)  # a transition may run: Textual's way
            return
        get = rules.get
        changed = False
        for key in now.keys() | rules.keys():
            value = get(key)
            if now.get(key) != value:
                setattr(base, key, value)
                changed = True
        if changed or not animate:  # (Textual's animated path stops early when unchanged)
            node.notify_style_update()

    replace_rules.cardtui_guarded = True  # type: ignore[attr-defined]
    return classmethod(replace_rules)  # type: ignore[return-value]


def apply() -> None:
    """Install the guards (once)."""
    move_page = getattr(OptionList, "_move_page", None)
    if move_page is not None and not getattr(move_page, "cardtui_guarded", False):
        OptionList._move_page = _guard_paging(move_page)  # type: ignore[method-assign]
    if not getattr(Screen.dismiss, "cardtui_guarded", False):
        Screen.dismiss = _guard_dismiss(Screen.dismiss)  # type: ignore[method-assign]
    update = getattr(DataTable, "_update_dimensions", None)
    if update is not None and not getattr(update, "cardtui_guarded", False):
        DataTable._update_dimensions = _guard_widths(update)  # type: ignore[method-assign]
    on_key = getattr(Input, "_on_key", None)
    if on_key is not None and not getattr(on_key, "cardtui_guarded", False):
        Input._on_key = _guard_key_order(on_key)  # type: ignore[method-assign]
    get_renders = getattr(Compositor, "_get_renders", None)
    if (get_renders is not None and hasattr(Compositor(), "_visible_widgets")
            and not getattr(get_renders, "cardtui_guarded", False)):
        Compositor._get_renders = _guard_renders(get_renders)  # type: ignore[method-assign]
        partial = getattr(Compositor, "render_partial_update", None)
        if partial is not None and not getattr(partial, "cardtui_guarded", False):
            Compositor.render_partial_update = _guard_partial(partial)  # type: ignore[method-assign]
    replace = getattr(Stylesheet, "replace_rules", None)
    if replace is not None and not getattr(replace, "cardtui_guarded", False):
        Stylesheet.replace_rules = _guard_restyle(replace)  # type: ignore[method-assign]


apply()
