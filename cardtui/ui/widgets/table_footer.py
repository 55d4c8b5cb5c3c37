"""The keys line of a card table: one widget draws the table's keys, so a change is a repaint.

A table's legal keys change four times a round (bets open, the deal, your
turn, its end), and at a shared table at every player's screen. Textual's
:class:`~textual.widgets.Footer` rebuilds itself each time: it removes every
key, composes and mounts new ones (each styled anew) and lays the screen out
again. Showing and hiding mounted keys instead still laid the whole screen
out at every change, with Show and Hide events for every key that came or
went: at sixty players over ten tables on two cores, the keys line and the
button row (:mod:`cardtui.ui.widgets.action_bar`) cost about 30 % of every
game's CPU and doubled the p95 of a turn handover (93 / 244 ms against
39 / 109 ms with both left unchanged, ``benchmarks/bench_room_latency.py``).

So the table's keys are drawn by one widget (:class:`KeysStrip`), one line
as wide as the footer, and a change of keys repaints that line only. It draws
each key exactly as Textual's ``FooterKey``
does, with a FooterKey's own styles: two keys are mounted, never shown, for
their styles (an enabled and a disabled one), so any theme and any CSS
that styles the footer's keys styles these the same way. The command
palette's key stays a real key docked on the right (it only comes and goes
when the table's keys would crowd it out, on a resize or a long row of moves).

The keys are known when the footer is composed: the screen's first word
(given focus as it mounts, before its first layout) only fills the line.
Whenever the screen's keys are grouped (a binding group), the footer is
rebuilt as Textual builds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.color import Color
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from cardtui.i18n import _
from cardtui.ui.textual_fixes.hooks import (
    FooterKey,
    StillFooterKey,
    as_its_own,
    binding_chain,
    bindings_heard,
    hear_bindings,
    key_disabled,
    set_key_disabled,
)


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


class TableKey(StillFooterKey):
    """A key of the footer's own (the command palette's, or Textual's when keys are grouped).

    Its virtual size never lays the screen out again: a key hidden since it
    was mounted has none yet, and the layout that first showed it asked for a
    second one at once (see :mod:`cardtui.ui.textual_fixes.hooks`).
    """


class KeyStyle(TableKey):
    """A key mounted only for its styles (never shown): :class:`KeysStrip` draws with them."""

    DEFAULT_CSS = """
    KeyStyle {
        display: none;
    }
    """


class KeysStrip(Widget):
    """The table's keys, drawn as Textual's footer draws its keys, in one line.

    Which keys show (``show``) only repaints this line; the mouse works as on
    a footer's key (a press is the key; a disabled key rings the bell).
    """

    DEFAULT_CSS = """
    KeysStrip {
        width: 1fr;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    ALLOW_SELECT = False

    def __init__(self, keys: list[KeyShown]) -> None:
        super().__init__()
        self.keys = keys
        #: The key under the mouse (drawn as a hovered footer key), by index.
        self._hovered: int | None = None

    def show(self, keys: list[KeyShown]) -> None:
        if keys != self.keys:
            self.keys = keys
            self._hovered = None
            self.refresh()

    def _styles(self, enabled: bool) -> FooterKey | None:
        footer = self.parent
        if footer is None:
            return None
        for key in footer.query_children(KeyStyle):
            if key_disabled(key) != enabled:
                return key
        return None

    def _spans(self) -> list[tuple[int, int, KeyShown]]:
        """(start, end, key) of each key drawn: the cells the mouse finds it in."""
        spans: list[tuple[int, int, KeyShown]] = []
        at = 0
        for key in self.keys:
            width = cell_len(self._text(key, hovered=False).plain)
            spans.append((at, at + width, key))
            at += width + self._gap(key)
        return spans

    @property
    def drawn_width(self) -> int:
        """The cells the keys take, from the line's left edge."""
        spans = self._spans()
        return spans[-1][1] if spans else 0

    def _gap(self, key: KeyShown) -> int:
        """The cells after a key: its margin in the footer (one, in a compact footer)."""
        look = self._styles(key.enabled)
        return look.styles.margin.right if look is not None else 0

    def _text(self, key: KeyShown, *, hovered: bool) -> Text:
        """One key as :meth:`FooterKey.render` draws it, with a footer key's styles."""
        look = self._styles(key.enabled)
        if look is None:
            return Text(f" {key.key_display} {key.description} ")
        key_style = look.get_component_rich_style("footer-key--key")
        description_style = look.get_component_rich_style("footer-key--description")
        key_padding = look.get_component_styles("footer-key--key").padding
        description_padding = look.get_component_styles("footer-key--description").padding
        if key.description:
            text = Text.assemble(
                (" " * key_padding.left + key.key_display + " " * key_padding.right, key_style),
                (" " * description_padding.left + key.description
                 + " " * description_padding.right, description_style),
            )
        else:
            text = Text(key.key_display, style=key_style)
        text.stylize_before(look.rich_style)
        if hovered:
            text.stylize(self._hover_style(look))
        return text

    def _hover_style(self, look: FooterKey) -> Style:
        """A hovered FooterKey's background (its ``&:hover`` rule, which a key never
        hovered can't show), laid over the key's as Textual lays a translucent colour."""
        under = look.rich_style.bgcolor
        try:
            hover = Color.parse(self.app.theme_variables["block-hover-background"])
        except (KeyError, ValueError):
            return Style()
        background = (Color.from_rich_color(under) if under is not None else Color(0, 0, 0))
        return Style(bgcolor=(background + hover).rich_color)

    def render(self) -> Text:
        line = Text()
        for index, key in enumerate(self.keys):
            line.append_text(self._text(key, hovered=index == self._hovered))
            line.append(" " * self._gap(key))
        return line

    def _key_at(self, x: int) -> tuple[int, KeyShown] | None:
        for index, (start, end, key) in enumerate(self._spans()):
            if start <= x < end:
                return index, key
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        found = self._key_at(event.x)
        hovered = found[0] if found is not None else None
        if hovered != self._hovered:
            self._hovered = hovered
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        found = self._key_at(event.x)
        if found is None:
            return
        if found[1].enabled:
            self.app.simulate_key(found[1].key)
        else:
            self.app.bell()


class TableFooter(Footer):
    """A :class:`~textual.widgets.Footer` whose table keys are one line (:class:`KeysStrip`)."""

    #: A rebuild is queued: the screen may announce its keys again before it runs.
    _rebuilding = False
    #: The keys last shown (shown again on a resize: the palette's key may fit now).
    _wanted: list[KeyShown] | None = None

    def compose(self) -> ComposeResult:
        self._rebuilding = False
        every = self._keys(self.screen, every=True)
        wanted = self._keys(self.screen, every=False) if bindings_heard(self) else []
        if every is None or wanted is None:
            if bindings_heard(self):
                yield from self._textual_keys()
            return
        yield KeysStrip([key for key in wanted if not key.palette])
        for disabled in (False, True):
            look = KeyStyle("", "", "", "", disabled=disabled)
            # As compact as the footer, as its keys were (the padding and margins differ).
            look.set_reactive(FooterKey.compact, self.compact)
            look.data_bind(compact=Footer.compact)
            yield look
        for key in every:
            if not key.palette:
                continue
            now = next((each for each in wanted if each.palette), None)
            widget = TableKey(key.key, key.key_display, key.description, key.action,
                              disabled=now is not None and not now.enabled,
                              tooltip=key.tooltip, classes="-command-palette -compact")
            widget.display = now is not None
            # Compact, as Textual leaves it: with its class already, no restyle as it mounts.
            widget.set_reactive(FooterKey.compact, True)
            yield widget

    @property
    def shown(self) -> list[KeyShown]:
        """The keys drawn now, in order (the palette's last, when shown)."""
        strips = list(self.query_children(KeysStrip))
        keys = list(strips[0].keys) if strips else []
        for widget in self.query_children(TableKey):
            if widget.display and not isinstance(widget, KeyStyle):
                keys.append(KeyShown(widget.key, widget.key_display, widget.description,
                                     widget.action, "", palette=True,
                                     enabled=not key_disabled(widget)))
        return keys

    def _textual_keys(self) -> ComposeResult:
        for widget in super().compose():
            # (The command palette's key is not bound to the footer: it stays as Textual makes it.)
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def on_mount(self) -> None:
        # (Footer.on_mount, which runs after this, subscribes first.)
        self.call_next(self._hear_at_once)

    def _hear_at_once(self) -> None:
        """Hear of new keys as the screen announces them, not a message later.

        The screen hides and shows its buttons in the same redraw: the keys
        line changing with them makes one repaint, not two.
        """
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        hear_bindings(self)
        if not screen.app.app_focus or not (self.is_attached and screen is self.screen):
            return
        wanted = self._keys(screen, every=False)
        if (wanted is None or not self._show(wanted)) and not self._rebuilding:
            # (One rebuild is enough: it reads the keys wanted when it runs.)
            self._rebuilding = True
            # Composed as the footer's own (called from the screen's redraw, the
            # screen would own the keys' bindings to the footer, and Textual refuses).
            with as_its_own(self):
                self.call_after_refresh(self.recompose)

    def _show(self, wanted: list[KeyShown]) -> bool:
        """Show exactly ``wanted``; False if the footer must be built again for them."""
        strips = list(self.query_children(KeysStrip))
        if not strips:
            return False  # (composed by Textual)
        palettes = [widget for widget in self.query_children(TableKey)
                    if not isinstance(widget, KeyStyle)]
        palette = next((key for key in wanted if key.palette), None)
        if palette is not None and not any(w.key == palette.key for w in palettes):
            return False
        self._wanted = wanted
        if not fits(wanted, self.size.width):
            palette = None  # ctrl+p still opens it: the table's own keys come first
        strips[0].show([key for key in wanted if not key.palette])
        for widget in palettes:
            if palette is not None:
                set_key_disabled(widget, not palette.enabled)
            # (Rare: a resize, or a row of moves too long for the palette's key beside it.)
            if widget.display != (palette is not None):
                widget.display = palette is not None
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
            chain = binding_chain(screen)
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
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                if binding.group is not None:
                    return None
                by_action.setdefault(binding.action, (binding, enabled, tooltip))
        # Key labels are translated as they are drawn (marked N_ where declared).
        keys = [KeyShown(binding.key, app.get_key_display(binding), _(binding.description),
                         binding.action, tooltip, enabled=enabled)
                for binding, enabled, tooltip in by_action.values()]
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            palette = app.COMMAND_PALETTE_BINDING
            found = active.get(palette) or next(
                (each for name, each in active.items() if name.split(" ")[0] == palette), None)
            if found is not None:
                binding = found.binding
                keys.append(KeyShown(binding.key, app.get_key_display(binding),
                                     _(binding.description), binding.action,
                                     binding.tooltip or _(binding.description), palette=True,
                                     enabled=found.enabled))
        return keys
