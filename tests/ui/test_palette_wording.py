"""The command palette's commands read as sentences: each help says what is there (issue 26)."""

from __future__ import annotations

from collections.abc import Callable

from cardtui.ui.app import CardtuiApp
from cardtui.ui.palette import DESTINATION_HELP, destination_help
from cardtui.ui.screens.menu import DESTINATIONS

MakeApp = Callable[..., CardtuiApp]


def test_every_destination_has_its_own_help_on_one_line() -> None:
    assert set(DESTINATION_HELP) == {destination for destination, *_ in DESTINATIONS}
    for destination, key, _, _ in DESTINATIONS:
        # The palette's list is 76 cells wide inside at 80 columns, less its margins.
        assert len(destination_help(destination, key)) <= 72, destination


async def test_no_command_repeats_its_title_as_its_help(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {c.title: c.help for c in app.get_system_commands(app.screen)}
    assert commands["Quit"] == "Leave cardtui · key q on the menu"  # was "Open Quit"
    assert commands["Rules & keys"].startswith("The rules cardtui plays by")
    for _, _, title, _ in DESTINATIONS:
        if title in commands:  # (Tables only in a room)
            assert not commands[title].startswith(("Open ", title)), title
