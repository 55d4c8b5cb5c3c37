"""A row of buttons for the mouse, one per table action, showing only the legal ones.

One widget draws the whole row. It used to be a ``Horizontal`` of Textual
``Button`` widgets whose ``display`` was toggled as the legal moves changed;
every toggle laid the whole screen out again, sent Show/Hide events, restyled
and redrew the widgets that moved. At a shared table (60 players, each game
its own process) the button row and the keys line together cost about 30 % of
every game's CPU and doubled the p95 of a turn handover. Here a change of the
legal buttons repaints one line and nothing else moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.renderables.tint import Tint
from textual.strip import Strip
from textual.widget import Widget

from cardtui.i18n import _

#: (button id, label, screen action) — each button runs the same action as its key.
ButtonSpec = tuple[str, str, str]

#: Cells on each side of a label: a compact ``Button``'s padding (``0 1`` in the
#: screens' CSS until the row became one widget) plus its ``line-pad: 1``.
BUTTON_PAD = 2

#: Cells between two buttons (their ``margin-right: 1``), when the row has room for them.
BUTTON_GAP = 1

#: How long a clicked button stays lit, as ``Button.active_effect_duration``.
PRESS_SECONDS = 0.2


class ActionBar(Widget):
    """The legal table actions as compact buttons on one line, drawn by hand.

    The colours are not copied: the component classes below repeat the rules
    Textual's ``Button`` uses for a compact default button (``-style-default``,
    ``:hover``, ``-active`` and their ``:ansi`` variants, textual/widgets/_button.py)
    with the same theme variables, so every theme draws the row exactly as it
    drew the real buttons.
    """

    class Pressed(Message):
        """A button was clicked: its table ``action`` (a screen action, as its key runs)."""

        def __init__(self, bar: ActionBar, action: str) -> None:
            super().__init__()
            self.bar = bar
            self.action = action

        @property
        def control(self) -> ActionBar:
            return self.bar

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "action-bar--button",
        "action-bar--button-hover",
        "action-bar--button-active",
    }

    DEFAULT_CSS = """
    ActionBar {
        height: 1;
    }
    ActionBar > .action-bar--button {
        text-style: bold;
        color: $button-foreground;
        background: $surface;
    }
    ActionBar > .action-bar--button-hover {
        text-style: bold;
        color: $button-foreground;
        background: $surface-darken-1;
    }
    ActionBar > .action-bar--button-active {
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        tint: $background 30%;
    }
    ActionBar:ansi > .action-bar--button {
        background: ansi_default;
    }
    ActionBar:ansi > .action-bar--button-hover {
        background: $ansi-background;
    }
    ActionBar:ansi > .action-bar--button-active {
        /* Button's ":ansi -active" also sets "border: blank", which on a one-line
           compact button pushed the label out of sight: here the label stays. */
        background: $ansi-background;
        tint: transparent;
    }
    """

    ALLOW_SELECT = False

    def __init__(self, buttons: Sequence[ButtonSpec], *, id: str | None = None) -> None:
        # Never focusable: keys do the same, and a focused button would take
        # Enter for itself (on the hold'em table Enter deals).
        super().__init__(id=id)
        self.buttons = tuple(buttons)
        self._specs = {button_id: (label, action) for button_id, label, action in self.buttons}
        #: A button's words now, when they change with the table (None: its own label).
        self.relabel: Callable[[str], str | None] = lambda button_id: None
        self._labels: dict[str, str] = {}
        self._shown: tuple[str, ...] = ()
        #: (button id, first cell, end cell) in content coordinates, for the buttons shown.
        self._spans: tuple[tuple[str, int, int], ...] = ()
        self._mouse_x: int | None = None  # content x of the mouse while it is over the row
        self._hover: str | None = None
        self._pressed: str | None = None

    def add(self, buttons: Sequence[ButtonSpec], *, first: bool = False) -> None:
        """More buttons for the row (a screen's own), before or after the others."""
        added = tuple(buttons)
        self.buttons = added + self.buttons if first else self.buttons + added
        self._specs.update({button_id: (label, action) for button_id, label, action in added})

    def label(self, button_id: str) -> str:
        """Button ``button_id``'s words as drawn now."""
        # Labels are marked N_ where declared, translated as shown.
        return self._labels.get(button_id) or _(self._specs[button_id][0])

    @property
    def shown(self) -> tuple[str, ...]:
        """The ids of the buttons shown now, left to right."""
        return self._shown

    def button_region(self, button_id: str) -> Region:
        """Where button ``button_id`` is drawn, relative to the bar (for clicking it in tests).

        Raises ``LookupError`` when the button is not shown.
        """
        left = self.gutter.left
        for shown_id, start, end in self._spans:
            if shown_id == button_id:
                return Region(left + start, self.gutter.top, end - start, 1)
        raise LookupError(f"button {button_id!r} is not shown")

    def show_legal(self, is_legal: Callable[[str], object]) -> None:
        """Show exactly the buttons whose action ``is_legal`` allows now."""
        shown = tuple(button_id for button_id, _, action in self.buttons if is_legal(action))
        labels = {button_id: label for button_id in shown
                  if (label := self.relabel(button_id)) is not None}
        if shown != self._shown or labels != self._labels:  # asked on every redraw
            self._shown, self._labels = shown, labels
            self._place()

    def on_resize(self) -> None:
        self._place()

    def _place(self) -> None:
        """Lay the shown buttons out along the line and repaint it (never the screen).

        The gaps close up when the buttons would run off the edge: at 80 columns
        a blackjack pair with late surrender shows seven buttons, and the last
        one was cut ("Hi" for "Hint ?").
        """
        widths = [cell_len(self.label(button_id)) + 2 * BUTTON_PAD for button_id in self._shown]
        room = self.content_size.width
        gap = BUTTON_GAP
        if room and sum(widths) + gap * (len(widths) - 1) > room:
            gap = 0
        spans: list[tuple[str, int, int]] = []
        x = 0
        for button_id, width in zip(self._shown, widths, strict=True):
            if room and x + width > room:
                break  # the last buttons do not fit whole: left off (their keys still work)
            spans.append((button_id, x, x + width))
            x += width + gap
        self._spans = tuple(spans)
        self._set_hover(self._button_at(self._mouse_x))  # the mouse may be over another button now
        self.refresh()

    def _button_at(self, x: int | None) -> str | None:
        if x is None:
            return None
        return next((button_id for button_id, start, end in self._spans if start <= x < end), None)

    def _content_x(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        return None if offset is None else offset.x

    def _track(self, event: events.MouseEvent) -> None:
        self._mouse_x = self._content_x(event)
        self._set_hover(self._button_at(self._mouse_x))

    # A press lights the button under it too, as Textual does for any widget:
    # not every terminal reports the mouse moving, only its buttons.
    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._track(event)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._track(event)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self._track(event)

    def on_leave(self, event: events.Leave) -> None:
        self._mouse_x = None
        self._set_hover(None)

    def _set_hover(self, button_id: str | None) -> None:
        if button_id != self._hover:
            self._hover = button_id
            self.refresh()
            # A Button's "pointer: pointer" (a hand, in terminals with Kitty pointer
            # shapes), over the buttons only: a gap is not clickable.
            self.styles.pointer = "default" if button_id is None else "pointer"

    def on_click(self, event: events.Click) -> None:
        button_id = self._button_at(self._content_x(event))
        if button_id is None:
            return  # a gap, the padding or past the last button
        event.stop()
        if button_id == self._pressed:
            return  # still lit from the last click: a Button ignores it too (no double hit)
        self._pressed = button_id
        self.refresh()
        self.set_timer(PRESS_SECONDS, self._unpress)
        # The widget says which button; the screen it is on decides what that does.
        self.post_message(self.Pressed(self, self._specs[button_id][1]))

    def _unpress(self) -> None:
        self._pressed = None
        self.refresh()

    def render_line(self, y: int) -> Strip:
        base_background, background = self.background_colors
        # The row's own colour, as the styles cache fills the padding around it.
        blank = Style(bgcolor=(base_background + background).rich_color)
        if y:  # one line of buttons, however tall a screen makes the row
            return Strip.blank(self.content_size.width, blank)
        segments: list[Segment] = []
        x = 0
        for button_id, start, end in self._spans:
            if start > x:
                segments.append(Segment(" " * (start - x), blank))
            segments.extend(self._button_segments(button_id))
            x = end
        return Strip(segments, x)

    def _button_segments(self, button_id: str) -> list[Segment]:
        """A compact Button's cells: padding (background only), the label padded by its line-pad."""
        if button_id == self._pressed:
            component = "action-bar--button-active"
        elif button_id == self._hover:
            component = "action-bar--button-hover"
        else:
            component = "action-bar--button"
        look = self.get_visual_style(component)
        label_style = look.rich_style
        background = look.background  # None only where the stylesheet gives the part none
        pad_style = Style(bgcolor=background.rich_color if background is not None else None)
        label = self.label(button_id)
        segments = [
            Segment(" " * (BUTTON_PAD - 1), pad_style),
            Segment(f" {label} ", label_style),
            Segment(" " * (BUTTON_PAD - 1), pad_style),
        ]
        tint = self.get_component_styles(component).tint
        if tint.a and background is not None:
            segments = list(Tint.process_segments(segments, tint, self.app.ansi_theme,
                                                  background))
        return segments
