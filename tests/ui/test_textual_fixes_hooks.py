"""Canaries for the private Textual hooks cardtui's classes override (textual_fixes/hooks.py).

These are structural: each fails once Textual renames, moves or reshapes the
private name a hook relies on, or offers the public way that makes it
unnecessary. What each hook does is pinned where it is used (the same-size
resize in tests/serve/test_serve_first_screen.py, the keys line in
tests/ui/test_keys_strip.py, the panels' lines in tests/ui/test_cached_lines.py,
the crash report in tests/ui/test_crash.py).
"""

from __future__ import annotations

import inspect

import textual.widgets
from textual.app import App
from textual.content import Content
from textual.widget import Widget

from cardtui.ui.textual_fixes import hooks
from cardtui.ui.textual_fixes.hooks import FooterKey


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


def test_canary_textual_still_keeps_a_same_size_resize_pending() -> None:
    """SameSizeResize: Textual records the resize event before it sees the size is
    unchanged, and a screen pushed later finds it there. Fails once that changes."""
    source = inspect.getsource(App._on_resize)
    assert source.index("self._resize_event = event") < source.index(
        "if self._size == event.size")
    app = App[None]()
    assert app._resize_timer is None and app._resize_event is None
    assert "_on_resize" in vars(App)


def test_canary_footer_key_is_still_private() -> None:
    """Fails once Textual exports FooterKey: import it from textual.widgets then."""
    assert not hasattr(textual.widgets, "FooterKey")
    assert FooterKey.__module__ == "textual.widgets._footer"


def test_canary_the_footer_key_hooks_still_have_their_shape() -> None:
    assert parameters(Widget._size_updated) == [
        "self", "size", "virtual_size", "container_size", "layout"]
    key = FooterKey("a", "a", "Act", "act", disabled=True)
    assert hooks.key_disabled(key) is True
    hooks.set_key_disabled(key, False)
    assert hooks.key_disabled(key) is False and not key.has_class("-disabled")


async def test_canary_a_screen_still_lists_its_bindings_in_a_chain() -> None:
    app = App[None]()
    async with app.run_test():
        chain = hooks.binding_chain(app.screen)
        assert chain is not None
        keys = {key for _, bindings in chain for key, _ in bindings}
        assert "ctrl+q" in keys or "ctrl+c" in keys  # the app's own quit


async def test_canary_a_footer_still_records_hearing_its_bindings() -> None:
    """TableFooter keeps Footer's record (a private reactive) and composes as its own."""
    from textual.app import ComposeResult
    from textual.message_pump import MessagePump
    from textual.widgets import Footer

    class WithFooter(App[None]):
        def compose(self) -> ComposeResult:
            yield Footer()

    assert "_bindings_ready" in vars(Footer) and "_context" in vars(MessagePump)
    app = WithFooter()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        assert hooks.bindings_heard(footer)
        with hooks.as_its_own(footer):
            from textual._context import active_message_pump

            assert active_message_pump.get() is footer


def test_canary_content_still_formats_lines_as_format_line_asks() -> None:
    assert {"width", "align", "overflow", "no_wrap", "line_pad", "tab_size",
            "get_style"} <= set(parameters(Content._wrap_and_format))
    lines = hooks.format_line(Content("two words"), 4, align="left", overflow="fold",
                              no_wrap=False, line_pad=0, get_style=lambda style: style)
    assert len(lines) == 3  # "two ", "word", "s"


def test_canary_the_crash_hooks_are_still_there() -> None:
    """CrashReport replaces App._fatal_error and prints first among the exit renderables."""
    assert "_fatal_error" in vars(App) and hasattr(App, "_close_messages_no_wait")
    assert isinstance(App[None]()._exit_renderables, list)
    assert "_render" in vars(Widget)
