"""Private Textual hooks that cardtui's own classes override or read, each in one class here.

The app, the keys line and the card panels inherit from these (or call them)
instead of naming Textual's private methods and attributes themselves. Seen
on Textual 8.2.8; canaries in ``tests/ui/test_textual_fixes_hooks.py``.

**The same size twice** (:class:`SameSizeResize`, ``App._on_resize``, reading
``App._size``, ``_resize_timer`` and ``_resize_event``). The app's first
resize comes before it has a screen, so Textual keeps it pending; the
driver's own (the same size) then finds it there and every screen is laid
out and drawn again, though each was built at this size. Unless a resize is
under way (its timer), the same size is no news: each new game drew its first
screen once more for it. No public hook decides whether a resize is news.

**A key that never scrolls** (:class:`StillFooterKey`, ``Widget.
_size_updated``; ``FooterKey`` itself is only in the private module
``textual.widgets._footer``). Textual keeps a widget's virtual size in a
reactive that lays the screen out again whenever it changes, and a key
hidden since it was mounted has none yet: the layout that first showed it
asked for a second one at once. A key holds nothing to scroll, so its virtual
size is only recorded. Also here: whether a footer key is drawn disabled
(``FooterKey._disabled``, set at construction only), every binding of a
screen (``Screen._modal_binding_chain``), whether a footer has heard of its
screen's bindings yet (``Footer._bindings_ready``), and running code as a
widget's own (``MessagePump._context``): the keys line
(:mod:`cardtui.ui.widgets.table_footer`) reads and does these to draw the
keys as Textual's footer would.

**One line drawn as Content draws it** (:func:`format_line`, ``Content.
_wrap_and_format``): the card panels remember each drawn line
(:mod:`cardtui.ui.widgets.cached_lines`), and Content only draws a whole text
through public API. **A widget's renderable** (:func:`rendered`,
``Widget._render``): for the text a mouse selection copies.

**A crash report instead of a traceback** (:class:`CrashReport`, ``App.
_fatal_error``, ``App._close_messages_no_wait``, ``App._exit_renderables``):
Textual has no public hook for an unexpected error, nor for the line printed
on leaving.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.content import _FormattedLine

__all__ = ["CrashReport", "FooterKey", "SameSizeResize", "StillFooterKey", "as_its_own",
           "binding_chain", "bindings_heard", "format_line", "hear_bindings", "key_disabled",
           "rendered", "set_key_disabled"]


class SameSizeResize(App[int]):
    """An app to which a resize to the size it has, with no resize under way, is no news."""

    async def _on_resize(self, event: events.Resize) -> None:
        # (Textual runs each class's handler, App's after this one, unless told not to.)
        if event.size == self._size and self._resize_timer is None:
            self._resize_event = None
            event.prevent_default()


class CrashReport(App[int]):
    """An app that says what happened in its own words when an unexpected error stops it."""

    def crashed(self) -> None:
        """An unexpected error is stopping the app (after this, it closes)."""

    def _fatal_error(self) -> None:
        # Textual's would print the traceback on exit; ``run_test`` still re-raises it.
        self.crashed()
        self._close_messages_no_wait()

    def print_on_exit(self, line: RenderableType) -> None:
        """Print ``line`` on leaving, first (Textual prints only the first, on stderr)."""
        self._exit_renderables.insert(0, line)


class StillFooterKey(FooterKey):
    """A footer key whose virtual size never lays the screen out (it never scrolls)."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


def key_disabled(key: FooterKey) -> bool:
    """Whether a footer key is drawn as disabled."""
    return bool(key._disabled)


def set_key_disabled(key: FooterKey, disabled: bool) -> None:
    """Draw a mounted footer key as disabled or not (Textual sets it only when built)."""
    if key._disabled != disabled:
        key._disabled = disabled
        key.set_class(disabled, "-disabled")


#: Every binding in reach of a screen's focus: ``(namespace, ((key, binding), ...))``.
BindingChain = Iterable[tuple[Any, Iterable[tuple[str, Binding]]]]


def binding_chain(screen: Screen[Any]) -> BindingChain | None:
    """Every binding in reach of ``screen``'s focus; None if this Textual keeps them elsewhere."""
    chain: BindingChain | None = getattr(screen, "_modal_binding_chain", None)
    return chain


def bindings_heard(footer: Footer) -> bool:
    """Whether ``footer`` has heard of its screen's bindings (it shows none before)."""
    return bool(footer._bindings_ready)


def hear_bindings(footer: Footer) -> None:
    """What Textual's ``Footer.bindings_changed`` records first, for a footer with its own."""
    footer._bindings_ready = True


def as_its_own(node: MessagePump) -> AbstractContextManager[None]:
    """Run the block as ``node``'s own code (what it mounts or binds, it owns)."""
    return node._context()


def format_line(content: Content, width: int, *, align: Any, overflow: Any, no_wrap: bool,
                line_pad: Any, get_style: Callable[..., Any]) -> list[_FormattedLine]:
    """``content``'s lines as :meth:`Content.render_strips` lays them out, before styling."""
    return content._wrap_and_format(width, align=align, overflow=overflow, no_wrap=no_wrap,
                                    line_pad=line_pad, tab_size=8, get_style=get_style)


def rendered(widget: Widget) -> object:
    """What ``widget`` renders now (its renderable, or visual)."""
    return widget._render()
