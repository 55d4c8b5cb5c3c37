"""The fixes every game needs (cardtui.ui.textual_fixes), and their canaries.

Each fix has a test that it works and a canary (``test_canary_...``) that runs
the same case on Textual alone (the fix removed for the test) and checks the
bug is still there: once a Textual release fixes it, the canary fails and
the fix can go.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, OptionList
from textual.widgets._header import HeaderTitle

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
        options.action_page_up()  # type: ignore[no-untyped-call]  # laid out: paging works
        assert options.highlighted == 0


def test_the_guards_are_installed_once_and_can_be_taken_off() -> None:
    textual_fixes.apply()
    paging, dismiss = OptionList._move_page, Screen.dismiss
    textual_fixes.apply()
    assert OptionList._move_page is paging and textual_fixes.PAGING.installed
    assert Screen.dismiss is dismiss and textual_fixes.DISMISS.installed
    with textual_fixes.removed(*textual_fixes.EVERYWHERE):
        assert not any(patch.installed for patch in textual_fixes.EVERYWHERE)
        assert "_move_page" in vars(OptionList) and OptionList._move_page is not paging
    assert OptionList._move_page is paging and Screen.dismiss is dismiss


def test_each_fix_replaces_a_name_textual_still_has() -> None:
    """A fix whose name is gone from Textual would be skipped quietly: fail here instead."""
    for patch in textual_fixes.EVERYWHERE:
        with textual_fixes.removed(patch):
            assert patch.name in vars(patch.owner), f"{patch.owner.__name__}.{patch.name}"


def test_the_textual_installed_is_the_one_the_fixes_were_checked_on() -> None:
    """Every fix here (and its canary) was written against this Textual: a new release
    is a reason to run the canaries and read what changed, then move the pin."""
    import textual

    assert version("textual") == textual_fixes.SEEN_ON, textual.__file__


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


# -- canaries: each bug still there in Textual alone --------------------------


async def test_canary_textual_alone_still_crashes_paging_a_list_with_no_size() -> None:
    """Fails once Textual pages a list with no lines yet without KeyError: drop PAGING."""
    app = OneList()
    async with app.run_test() as pilot:
        options = app.query_one(OptionList)
        options.highlighted = 3
        with textual_fixes.removed(textual_fixes.PAGING), pytest.raises(KeyError):
            options.action_page_down()  # type: ignore[no-untyped-call]
        await pilot.pause()


async def test_canary_textual_alone_still_pops_the_screen_beneath_a_dismissed_one(
        make_app: Callable[..., Any]) -> None:
    """Fails once Textual's dismiss leaves alone a screen no longer on top (its issue
    #2575 asked for an error there): then DISMISS can go."""
    app = make_app(start="rules")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmScreen("Sure?"))
        await pilot.pause()
        dialog = app.screen
        with textual_fixes.removed(textual_fixes.DISMISS):
            dialog.dismiss(False)
            dialog.dismiss(False)
        await pilot.pause()
        assert type(app.screen).__name__ != "RulesScreen"  # the rules screen went too


async def test_canary_textual_alone_still_keeps_lines_drawn_before_the_measure() -> None:
    """Fails once Textual draws a row again when its measure widens a column: drop WIDTHS."""
    app = Tables()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(DataTable)
        for column in ("Game", "Table"):
            table.add_column(column, key=column)
        await pilot.pause()
        table.clear()
        table.add_row("Hold'em", "Hold'em 5/10", key="t1")
        assert "Hold'em 5/10" not in table.render_line(1).text
        with textual_fixes.removed(textual_fixes.WIDTHS):
            table._update_dimensions(set(table._new_rows))
        assert "Hold'em 5/10" not in table.render_line(1).text  # the narrow line, kept


async def test_canary_textual_alone_still_runs_a_fields_editing_keys_late() -> None:
    """Fails once Textual runs an Input's own bindings in order with the keys typed
    (its issue #6605; pull request #6631 does what KEY_ORDER does): drop KEY_ORDER."""
    app = _Field()
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        field.cursor_position = len(field.value)
        await pilot.pause()
        with textual_fixes.removed(textual_fixes.KEY_ORDER):
            for key in ["ctrl+u", "B", "e", "a"]:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause()
        assert field.value != "Bea"


class TitledApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()


async def _title_set_after_the_header_lost_its_title() -> None:
    app = TitledApp()
    async with app.run_test() as pilot:
        # What a screen switched away under load leaves: the header, its title removed.
        await app.query_one(HeaderTitle).remove()
        app.title = "Blackjack"
        await pilot.pause()


async def test_a_title_set_while_the_header_goes_is_ignored() -> None:
    textual_fixes.apply()
    await _title_set_after_the_header_lost_its_title()  # Textual alone: NoMatches


async def test_canary_a_title_set_while_the_header_goes_crashes_textual_alone() -> None:
    with textual_fixes.removed(textual_fixes.TITLE), pytest.raises(NoMatches):
        await _title_set_after_the_header_lost_its_title()
