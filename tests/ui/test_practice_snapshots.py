"""SVG snapshots of the Practise entry (update with --snapshot-update, then look at them)."""

from __future__ import annotations

from collections.abc import Callable

from cardtui.ui.app import CardtuiApp


def test_practice_list(snap_compare, make_app: Callable[..., CardtuiApp]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(start="practice"), terminal_size=(80, 24))


def test_practice_after_a_drill_saved(snap_compare, make_app: Callable[..., CardtuiApp]) -> None:  # type: ignore[no-untyped-def]
    # cardtui drill hard, one answer, Escape: the list says what was saved.
    assert snap_compare(make_app(start="practice:hard"), press=["s", "escape"],
                        terminal_size=(80, 24))


def test_drill_from_the_command_line(snap_compare, make_app: Callable[..., CardtuiApp]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(start="practice:soft"), press=["h"], terminal_size=(80, 24))
