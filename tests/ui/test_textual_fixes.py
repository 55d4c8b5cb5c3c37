"""The guard against Textual's OptionList paging crash (see cardtui.ui.textual_fixes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList

from cardtui.ui import textual_fixes
from cardtui.ui.screens.confirm import ConfirmScreen


class OneList(App[None]):
    def compose(self) -> ComposeResult:
        # No size yet, as a drop-down or the palette's list is the moment it fills.
        yield OptionList("1 deck", "2 decks", "4 decks", "6 decks", id="list")

    def on_mount(self) -> None:
        self.query_one(OptionList).display = False


@pytest.mark.parametrize("page", ["action_page_down", "action_page_up"])
async def test_paging_a_list_that_has_no_size_yet_does_nothing(page: str) -> None:
    textual_fixes.apply()
    app = OneList()
    async with app.run_test() as pilot:
        options = app.query_one(OptionList)
        options.highlighted = 3
        getattr(options, page)()  # Textual alone: KeyError: 3
        await pilot.pause()
        assert options.highlighted == 3
        options.display = True
        await pilot.pause()
        options.action_page_up()  # laid out now: paging works
        assert options.highlighted == 0


def test_the_guards_are_installed_once() -> None:
    textual_fixes.apply()
    paging, dismiss = OptionList._move_page, Screen.dismiss
    textual_fixes.apply()
    assert OptionList._move_page is paging and paging.cardtui_guarded  # type: ignore[attr-defined]
    assert Screen.dismiss is dismiss and dismiss.cardtui_guarded  # type: ignore[attr-defined]


async def test_a_dialog_answered_twice_closes_only_itself(make_app: Callable[..., Any]) -> None:
    # Enter on a focused button and "n" in one read: two answers to one question.
    app = make_app(start="rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        answers: list[bool | None] = []
        app.push_screen(ConfirmScreen("Sure?"), answers.append)
        await pilot.pause()
        dialog = app.screen
        dialog.dismiss(False)
        dialog.dismiss(False)  # Textual alone: pops the rules screen too
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        assert answers == [False]


class Tables(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable(id="tables")


async def test_rows_drawn_before_their_widths_are_measured_are_drawn_again() -> None:
    """Seen over SSH on a loaded host: the lobby's columns stayed as wide as their
    headings ("Hold", "Blac") because its lines were drawn between ``add_row`` and
    the table's idle-time measure, and those lines stayed in its cache."""
    textual_fixes.apply()
    app = Tables()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(DataTable)
        for column in ("Game", "Table"):
            table.add_column(column, key=column)
        await pilot.pause()
        table.clear()  # the lobby refills its rows from the room's news
        table.add_row("Hold'em", "Hold'em 5/10", key="t1")
        drawn_early = table.render_line(1).text  # a frame before the idle-time measure
        assert "Hold'em 5/10" not in drawn_early
        # The measure, with no resize event after it (as logged in the field:
        # the table's virtual size grew, its update count did not).
        table._update_dimensions(set(table._new_rows))
        assert "Hold'em 5/10" in table.render_line(1).text


class _Field(App[None]):
    def compose(self) -> ComposeResult:
        yield Input("Player")


@pytest.mark.parametrize(("keys", "expected"), [
    (["ctrl+u", "B", "e", "a"], "Bea"),  # clear the field, then type: one read
    (["B", "x", "backspace", "o"], "PlayerBo"),  # a typo put right in the same read
    (["home", "M", "r"], "MrPlayer"),
])
async def test_a_fields_editing_keys_take_effect_in_the_order_they_came(
        keys: list[str], expected: str) -> None:
    # A paste or a fast client sends several keys in one read; Textual ran the
    # field's own bindings (Ctrl+U, Backspace, Home) only after the characters
    # that followed them had been typed: "Ctrl+U, Bea" left the field empty.
    app = _Field()
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        field.cursor_position = len(field.value)
        await pilot.pause()
        for key in keys:  # posted together, as one read from the terminal is
            character = key if len(key) == 1 else None
            app.post_message(events.Key(key, character))
        await pilot.pause()
        assert field.value == expected


class Seats(App[None]):
    CSS = """
    Static { border: round $panel-lighten-2; color: $text; }
    Static.acting { border: heavy $accent; border-title-color: $accent; text-style: bold; }
    .-flat Static.acting { border: ascii $accent; }
    """

    def compose(self) -> ComposeResult:
        from textual.widgets import Static

        yield Static("toggled", id="toggled")
        yield Static("acting from the start", classes="acting", id="acting")
        yield Static("never acting", id="plain")


async def test_a_class_change_sets_only_the_rules_that_changed_with_the_same_result() -> None:
    from textual.widgets import Static

    textual_fixes.apply()
    app = Seats()
    async with app.run_test() as pilot:
        toggled, acting, plain = (app.query_one(f"#{name}", Static)
                                  for name in ("toggled", "acting", "plain"))
        assert toggled.styles.base._rules == plain.styles.base._rules
        sets: list[str] = []
        real = toggled.styles.base.__class__.__setattr__

        rules = set(plain.styles.base._rules) | set(acting.styles.base._rules)

        def counting(styles: Any, key: str, value: Any) -> None:
            if styles is toggled.styles.base and key in rules:
                sets.append(key)
            real(styles, key, value)

        type(toggled.styles.base).__setattr__ = counting  # type: ignore[method-assign]
        try:
            toggled.set_class(True, "acting")
        finally:
            type(toggled.styles.base).__setattr__ = real  # type: ignore[method-assign]
        await pilot.pause()
        assert toggled.styles.base._rules == acting.styles.base._rules
        assert toggled.styles.border.top[0] == "heavy"
        # Textual alone sets every rule the panel has (and parses each again).
        assert {"border_top", "border_right", "border_bottom", "border_left",
                "border_title_color", "text_style"} <= set(sets)
        assert len(sets) <= 10 < len(rules) and not {"color", "background"} & set(sets)
        app.add_class("-flat")  # an ancestor's class: every rule worked out again
        await pilot.pause()
        assert toggled.styles.border.top[0] == "ascii"
        toggled.set_class(False, "acting")
        app.remove_class("-flat")
        await pilot.pause()
        assert toggled.styles.base._rules == plain.styles.base._rules


async def test_canary_textuals_palette_still_takes_one_fixed_id() -> None:
    """Canary for cardtui.ui.app.CardtuiApp.action_command_palette (issue 24): Textual
    8.2's own Ctrl+P pushes every palette with the id "--command-palette" and sees a
    palette as open only while it is on top, so Ctrl+P while a dismissed one is still
    being removed raises DuplicateIds. When this fails, Textual has fixed it, and
    cardtui's note there can go."""
    from textual._node_list import DuplicateIds
    from textual.app import App

    class Bare(App[None]):
        pass

    app = Bare()
    async with app.run_test() as pilot:
        app.action_command_palette()
        await pilot.pause()
        app.pop_screen()  # dismissed: removed by a task of its own, later
        with pytest.raises(DuplicateIds):
            app.action_command_palette()


def test_canary_textual_has_no_public_way_to_ask_if_a_message_was_stopped() -> None:
    # cardtui reads Message._stop_propagation in one place (textual_fixes.was_stopped).
    # This fails once Textual offers a public accessor: use it there instead.
    from textual.message import Message

    public = [name for name in dir(Message) if "stop" in name.lower()
              and not name.startswith("_") and name != "stop"]
    assert public == []
    message = events.Key("a", "a")
    assert not textual_fixes.was_stopped(message)
    message.stop()
    assert textual_fixes.was_stopped(message)
