"""Forms say what is wrong where it is wrong (issue 26): the field marked with its reason
under it, checkboxes read by shape, the focused row obvious, Escape asks only after edits."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Select, Static

from cardtui.holdem.table import Mode
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.setup import BlackjackSetupScreen
from cardtui.ui.holdem.setup import HoldemSetupScreen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.setup_form import SetupForm
from cardtui.ui.widgets.form_fields import FieldNote, ShapeCheckbox

MakeApp = Callable[..., CardtuiApp]
SETUPS = [HoldemSetupScreen, BlackjackSetupScreen]


def said(screen: Screen[object], selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def open_form(app: CardtuiApp, pilot, form: type[SetupForm]) -> SetupForm:  # type: ignore[no-untyped-def]
    await app.push_screen(form())
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, form)
    return screen


async def test_a_big_blind_below_the_small_blind_is_marked_at_the_big_blind(
        make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, HoldemSetupScreen)
        big = setup.query_one("#big-blind", Input)
        big.focus()
        await pilot.press("backspace", "backspace", "4")  # 4, below the small blind of 5
        await pilot.pause()
        # Marked as typed, before any Save: the field, and the reason under it.
        assert big.has_class("-problem")
        note = setup.query_one("#note-big-blind", FieldNote)
        assert note.display and "not below the small blind" in said(setup, "#note-big-blind")
        assert note.region.y == big.region.y + 1  # the line right under the field
        assert not setup.query_one("#small-blind", Input).has_class("-problem")
        assert not setup.query_one("#setup-error", Static).has_class("shown")
        await pilot.press("ctrl+s")
        assert app.screen is setup and app.settings.holdem == {}
        await pilot.press("backspace", "1", "0")  # fixed: the mark goes as it is typed
        await pilot.pause()
        assert not big.has_class("-problem") and not note.has_class("-shown")


async def test_a_hidden_field_s_problem_is_said_under_the_form(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, HoldemSetupScreen)
        setup.query_one("#mode", Select).value = Mode.TOURNAMENT
        await pilot.pause()
        setup.query_one("#hands-per-level", Input).value = "0"
        await pilot.pause()
        assert "Blinds rise every 1 hand" in said(setup, "#note-hands-per-level")
        setup.query_one("#mode", Select).value = Mode.CASH  # the row goes: the reason stays
        await pilot.pause()
        assert "Blinds rise every 1 hand" in said(setup, "#setup-error")


async def test_a_duplicate_name_marks_the_later_seat(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, HoldemSetupScreen)
        setup.query_one("#name-2", Input).value = "Bot 1"
        await pilot.pause()
        assert setup.query_one("#name-2", Input).has_class("-problem")
        assert not setup.query_one("#name-1", Input).has_class("-problem")
        assert said(setup, "#note-name-2") == (
            "✗ Another seat is called Bot 1: every seat needs a different name.")


async def test_blackjack_limits_and_seats_are_marked_where_they_are(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, BlackjackSetupScreen)
        setup.query_one("#max-bet", Input).value = "5"  # below the minimum of 10
        setup.query_one("#bankroll-0", Input).value = "0"
        await pilot.pause()
        assert setup.query_one("#min-bet", Input).has_class("-problem")
        assert setup.query_one("#max-bet", Input).has_class("-problem")
        assert "table limits" in said(setup, "#rules-error")
        assert setup.query_one("#bankroll-0", Input).has_class("-problem")
        assert not setup.query_one("#name-0", Input).has_class("-problem")
        await pilot.press("ctrl+s")
        assert app.screen is setup
        assert app.focused is setup.query_one("#min-bet")  # the cursor goes to the first


@pytest.mark.parametrize("form", SETUPS)
async def test_escape_without_edits_just_leaves(make_app: MakeApp, form: type[SetupForm]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, form)
        await pilot.press("escape")
        await pilot.pause()
        assert setup not in app.screen_stack and not isinstance(app.screen, ConfirmScreen)


@pytest.mark.parametrize("form", SETUPS)
async def test_escape_after_an_edit_asks_and_no_keeps_the_edit(
        make_app: MakeApp, form: type[SetupForm]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, form)
        name = setup.query_one("#name-0", Input)
        name.focus()
        await pilot.press("end", "x")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Discard your changes?" in said(app.screen, "#question")
        await pilot.press("n")
        assert app.screen is setup and name.value.endswith("x")
        await pilot.press("escape", "y")
        await pilot.pause()
        assert setup not in app.screen_stack
        assert app.settings.holdem == {} and app.settings.blackjack == {}  # nothing saved


async def test_an_edit_undone_is_no_edit(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, BlackjackSetupScreen)
        box = setup.query_one("#late-surrender", Checkbox)
        box.value = not box.value
        box.value = not box.value
        await pilot.press("escape")
        await pilot.pause()
        assert setup not in app.screen_stack


async def test_a_checkbox_says_on_or_off_by_its_shape(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, BlackjackSetupScreen)
        box = setup.query_one("#late-surrender", ShapeCheckbox)
        assert not box.value and str(box.render()).split() == ["[", "]", "Late", "surrender"]
        box.focus()
        await pilot.press("space")
        assert box.value and str(box.render()).split() == ["[x]", "Late", "surrender"]


async def test_the_focused_row_is_marked(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_form(app, pilot, HoldemSetupScreen)
        assert app.focused is setup.query_one("#mode")  # a field, not the scrolling column
        rows = list(setup.query(".row"))
        marked = [row for row in rows if row.styles.border_left[0] == "thick"]
        assert marked == [setup.query_one("#mode").parent]
        await pilot.press("tab")
        marked = [row for row in rows if row.styles.border_left[0] == "thick"]
        assert marked == [setup.query_one("#stack").parent]


async def test_settings_name_reason_fits_80_columns_and_escape_asks(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        settings = app.screen
        await pilot.press(*"x" * 13)  # (the name is selected: typing replaces it)
        await pilot.pause()
        error = settings.query_one("#name-error", Static)
        assert said(settings, "#name-error") == (
            "✗ A name has at most 12 characters (this one has 13).")
        assert error.region.height == 1 and error.region.right <= 80
        assert settings.query_one("#name", Input).has_class("-problem")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.settings.player_name == "x" * 12  # the last name that could be


async def test_settings_escape_with_a_saved_name_just_leaves(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press(*"Ann", "escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "MenuScreen" and app.settings.player_name == "Ann"
