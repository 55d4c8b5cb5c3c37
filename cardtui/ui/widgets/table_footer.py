"""The keys line of a card table: every key mounted once, the legal ones shown.

A table's legal keys change four times a round (bets open, the deal, your
turn, its end), and at a shared table at every player's screen. Textual's
:class:`~textual.widgets.Footer` rebuilds itself each time: it removes every
key, composes and mounts new ones (each styled anew) and lays the screen out
again, three to four times per change (benchmarks/bench_table_redraw.py).
Here the footer mounts a key for every binding the screen could show, once,
and a change of keys only shows and hides them (and dims the disabled ones):
one layout, nothing mounted. What is drawn is what Textual's footer draws:
the same keys in the same order, styled by Textual's own CSS.

Each key also starts as compact as the footer is, so binding it to the
footer's setting restyles nothing.

Textual's footer composes nothing until the screen first says which keys
are live, then builds them in a second pass: another mount, another styling
and another layout of the screen, and a first frame without its keys. Here
every key is mounted with the screen, hidden, and the screen's first word
(given focus as it mounts, before its first layout) only shows them. Which
keys are live is not asked before then: a screen's ``check_action`` may not
be ready to answer while it is being built.

Whenever the keys wanted are not among those mounted, in the same order (a
binding group, a key whose place in the chain moved), the footer is rebuilt
as Textual rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


@dataclass(frozen=True, slots=True)
class KeyShown:
    """One key as the footer draws it (``enabled`` False: drawn dim)."""

    key: str
    key_display: str
    description: str
    action: str
    tooltip: str
    palette: bool = False
    enabled: bool = True

    @property
    def look(self) -> tuple[str, str, str, str, str, bool]:
        return (self.key, self.key_display, self.description, self.action, self.tooltip,
                self.palette)


def in_order(wanted: list[KeyShown], mounted: list[KeyShown] | list[object]
             ) -> dict[int, KeyShown] | None:
    """Where each wanted key is among ``mounted`` (keys or their looks), in order; None if
    some is missing or out of order.

    >>> a, b, c = (KeyShown(k, k, k, k, "") for k in "abc")
    >>> sorted(in_order([a, c], [a, b, c]))
    [0, 2]
    >>> in_order([c, a], [a, b, c]) is None
    True
    """
    looks = [each.look if isinstance(each, KeyShown) else each for each in mounted]
    matched: dict[int, KeyShown] = {}
    at = 0
    for key in wanted:
        while at < len(looks) and looks[at] != key.look:
            at += 1
        if at == len(looks):
            return None
        matched[at] = key
        at += 1
    return matched


def fits(keys: list[KeyShown], width: int) -> bool:
    """Whether ``keys`` fit in ``width`` cells as the footer draws them (`` d Deal `` each).

    At 80 columns a blackjack pair with late surrender has eight keys and the
    palette's: the last key ran off the edge (``esc`` without ``Menu``).

    >>> deal, palette = KeyShown("d", "d", "Deal", "deal", ""), KeyShown(
    ...     "ctrl+p", "^p", "palette", "command_palette", "", palette=True)
    >>> fits([deal, palette], 20), fits([deal, palette], 19), fits([deal], 0)
    (True, False, True)
    """
    return not width or sum(cell_len(key.key_display) + cell_len(key.description) + 3
                            for key in keys) <= width


class TableKey(FooterKey):
    """A key of the table's keys line: the first time it shows lays the screen out once.

    Textual keeps a widget's virtual size in a reactive that lays the screen
    out again whenever it changes, and a key hidden since it was mounted has
    none yet: the layout that first showed it asked for a second one at once
    (every kind of key, the first time it shows: in a player's first rounds at
    a shared table, one more layout of the screen for most turns). A key holds
    nothing to scroll, so its virtual size is only recorded.
    """

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class TableFooter(Footer):
    """A :class:`~textual.widgets.Footer` that shows and hides its keys instead of rebuilding."""

    #: A rebuild is queued: the screen may announce its keys again before it runs.
    _rebuilding = False
    #: The keys last shown (shown again on a resize: the palette's key may fit now).
    _wanted: list[KeyShown] | None = None

    def compose(self) -> ComposeResult:
        self._rebuilding = False
        every = self._keys(self.screen, every=True)
        if not self._bindings_ready:
            # Every key, hidden until the screen says which are live (see above).
            wanted: list[KeyShown] | None = []
        else:
            wanted = self._keys(self.screen, every=False)
        if every is None or wanted is None or in_order(wanted, every) is None:
            if self._bindings_ready:
                yield from self._textual_keys()
            return
        shown = {key.look: key for key in wanted}
        for key in every:
            now = shown.get(key.look)
            widget = TableKey(key.key, key.key_display, key.description, key.action,
                              disabled=now is not None and not now.enabled,
                              tooltip=key.tooltip,
                              classes="-command-palette -compact" if key.palette else "")
            widget.cardtui_look = key.look  # type: ignore[attr-defined]
            widget.display = now is not None
            if key.palette:
                # Compact, as Textual leaves it: with its class already, no restyle as it mounts.
                widget.set_reactive(FooterKey.compact, True)
            else:
                # As compact as the footer already: the binding below restyles nothing.
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.data_bind(compact=Footer.compact)
            yield widget

    def _textual_keys(self) -> ComposeResult:
        for widget in super().compose():
            # (The command palette's key is not bound to the footer: it stays as Textual makes it.)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def on_mount(self) -> None:
        # (Footer.on_mount, which runs after this, subscribes first.)
        self.call_next(self._hear_at_once)

    def _hear_at_once(self) -> None:
        """Hear of new keys as the screen announces them, not a message later.

        The screen hides and shows its buttons in the same redraw: the keys
        line changing with them makes one layout of the screen, not two.
        """
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not (self.is_attached and screen is self.screen):
            return
        wanted = self._keys(screen, every=False)
        if (wanted is None or not self._show(wanted)) and not self._rebuilding:
            # (One rebuild is enough: it reads the keys wanted when it runs.)
            self._rebuilding = True
            # Composed as the footer's own (called from the screen's redraw, the
            # screen would own the keys' bindings to the footer, and Textual refuses).
            with self._context():
                self.call_after_refresh(self.recompose)

    def _show(self, wanted: list[KeyShown]) -> bool:
        """Show exactly ``wanted`` among the mounted keys; False if they are not all there."""
        mounted = [child for child in self.children if isinstance(child, FooterKey)]
        looks = [getattr(child, "cardtui_look", None) for child in mounted]
        if not mounted or None in looks:
            return False  # (composed by Textual)
        matched = in_order(wanted, looks)
        if matched is None:
            return False
        self._wanted = wanted
        crowded = not fits(wanted, self.size.width)
        for index, widget in enumerate(mounted):
            key = matched.get(index)
            if key is not None and key.palette and crowded:
                key = None  # ctrl+p still opens it: the table's own keys come first
            if key is not None:
                disabled = not key.enabled
                if widget._disabled != disabled:
                    widget._disabled = disabled
                    widget.set_class(disabled, "-disabled")
            if widget.display != (key is not None):
                widget.display = key is not None
        return True

    def on_resize(self) -> None:
        if self._wanted is not None:
            self._show(self._wanted)

    def _keys(self, screen: Screen[object], *, every: bool) -> list[KeyShown] | None:
        """The keys Textual's footer would show now, in its order (``every``: as if every
        action were allowed); None when it would group some (then it is left to Textual)."""
        app = screen.app
        active: dict[str, ActiveBinding]
        if every:
            chain = getattr(screen, "_modal_binding_chain", None)
            if chain is None:
                return None
            # Every binding of every key: one key may do one of two actions (hold'em's
            # c checks or calls), whichever is allowed now.
            active = {}
            for namespace, bindings in chain:
                for key, binding in bindings:
                    active.setdefault(f"{key} {binding.action}",
                                      ActiveBinding(namespace, binding, True, binding.tooltip))
        else:
            active = screen.active_bindings
        by_action: dict[str, tuple[Binding, bool, str]] = {}
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                if binding.group is not None:
                    return None
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
        keys = [KeyShown(binding.key, app.get_key_display(binding), binding.description,
                         binding.action, tooltip, enabled=enabled)
                for binding, enabled, tooltip in by_action.values()]
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            palette = app.COMMAND_PALETTE_BINDING
            found = active.get(palette) or next(
                (each for name, each in active.items() if name.split(" ")[0] == palette), None)
            if found is not None:
                binding = found.binding
                keys.append(KeyShown(binding.key, app.get_key_display(binding),
                                     binding.description, binding.action,
                                     binding.tooltip or binding.description, palette=True,
                                     enabled=found.enabled))
        return keys
