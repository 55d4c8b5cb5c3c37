"""A served game's way to its first screen (the room's lobby) does no work it can skip.

A crowd of a hundred arriving at once shares two cores: whatever each game
does before its lobby is drawn, the last of them waits for a hundred times
over (benchmarks/bench_ssh_burst.py). These pin what is skipped, not how long
anything takes.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets._footer import FooterKey

from cardtui.cli import build_parser
from cardtui.guest.joining import RoomDoor
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room, room_pair
from cardtui.serve import rehearsal
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens import lobby
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.textual_fixes import served as served_fixes
from cardtui.ui.widgets.table_footer import TableFooter
from cardtui.wire import ROOM_FD_ENV
from tests.room.conftest import make_room
from tests.room.support import until

__all__ = ["make_room"]


async def served_app(make_app: Callable[..., CardtuiApp], room: Room,
                     monkeypatch: pytest.MonkeyPatch) -> CardtuiApp:  # fmt: skip
    """The app as ``cardtui serve`` starts it: with a line to ``room``."""
    game_end = await room_pair(room, Member("profile-ann", "Ann"))
    return make_app(room=RoomDoor({ROOM_FD_ENV: str(game_end.detach())}))


def frames_of_the_lobby(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Each frame drawn of a lobby, as it is drawn: (rows listed, the note line)."""
    frames: list[tuple[int, str]] = []
    display = CardtuiApp._display

    def drawn(app: CardtuiApp, screen: Screen[object], renderable: object) -> None:
        if isinstance(screen, LobbyScreen) and renderable is not None:
            frames.append((screen.query_one("#tables", DataTable).row_count,
                           str(screen.query_one("#lobby-note", Static).render())))
        display(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(CardtuiApp, "_display", drawn)
    return frames


async def in_the_lobby(app: CardtuiApp) -> LobbyScreen:
    """Wait until the lobby lists the room's tables: the player's first screen."""
    def listed() -> bool:
        screen = app.screen
        return isinstance(screen, LobbyScreen) and bool(
            screen.query_one("#tables", DataTable).row_count)

    await until(listed)
    assert isinstance(app.screen, LobbyScreen)
    return app.screen


async def test_the_menu_under_the_lobby_is_built_when_first_shown(
        make_app, make_room, monkeypatch) -> None:  # fmt: skip
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_lobby(app)
        menu = app.screen_stack[0]
        assert isinstance(menu, MenuScreen)
        assert not menu.children, "a menu nobody has seen yet was built"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu
        options = menu.query_one("#menu", OptionList)
        assert options.has_focus
        assert options.get_option_at_index(0).id == "tables"
        await pilot.press("t")
        await in_the_lobby(app)
        await pilot.press("escape")
        assert app.screen is menu and menu.query_one("#menu", OptionList).has_focus


async def test_alone_the_menu_is_built_at_once(make_app, monkeypatch) -> None:
    monkeypatch.delenv(ROOM_FD_ENV, raising=False)
    app = make_app()
    async with app.run_test(size=(80, 24)):
        assert app.screen.query_one("#menu", OptionList).has_focus


async def test_the_lobby_arrives_without_parsing_the_stylesheet_again(
        make_app, make_room, monkeypatch) -> None:  # fmt: skip
    """The lobby's stylesheet is read with the app's: pushing the lobby neither parses
    every stylesheet again nor restyles every widget already on screen."""
    reparsed: list[Stylesheet] = []
    reparse = Stylesheet.reparse

    def counted(sheet: Stylesheet) -> None:
        reparsed.append(sheet)
        reparse(sheet)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    async with app.run_test(size=(80, 24)):
        await in_the_lobby(app)
        assert reparsed == []


async def test_after_the_rehearsal_a_served_start_parses_no_stylesheet(
        make_app, make_room, monkeypatch, tmp_path: Path) -> None:  # fmt: skip
    """A parse is cached with its tie-breaker, which depends on the order widget
    classes first bring their stylesheets: the rehearsal starts as a served game does."""
    monkeypatch.setattr(Stylesheet, "_parse_rules", Stylesheet._parse_rules)
    monkeypatch.setattr(served_fixes, "_PARSED", {})
    rehearsal.share_parsed_stylesheets()
    await rehearsal._first_screen(tmp_path)  # noqa: SLF001 - the template's, in this process
    parsed: list[object] = []
    alone = served_fixes._parse_alone  # noqa: SLF001

    def counted(sheet: Stylesheet, css: str, read_from: object, *args: object) -> object:
        parsed.append(read_from)
        return alone(sheet, css, read_from, *args)

    monkeypatch.setattr(served_fixes, "_parse_alone", counted)
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    # As in a player's terminal: with the tooltip and the notifications' rack.
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True):
        await in_the_lobby(app)
    assert parsed == []


def test_the_command_line_is_built_once() -> None:
    """A served game parses its arguments with the parser its template built."""
    assert build_parser() is build_parser()


async def test_a_resize_to_the_same_size_lays_nothing_out(make_app, monkeypatch) -> None:
    """Textual's driver reports the terminal's size as it starts: the size the
    screens were built at. Laying them out and drawing them again for it was a
    whole frame more before a new game's first screen."""
    laid_out: list[Screen[object]] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        laid_out.append(screen)
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        app.post_message(events.Resize(Size(80, 24), Size(80, 24)))
        await pilot.pause()
        await pilot.pause()
        assert laid_out == []
        # A new size is laid out as before.
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert laid_out and app.screen.size == Size(100, 30)


async def test_the_lobby_is_laid_out_once_with_its_keys(
        make_app, make_room, monkeypatch) -> None:  # fmt: skip
    """The keys line has its keys with the screen: the lobby's first layout (and
    so its first frame) has them. Built as Textual's footer builds, they came later:
    a second build once the screen named its keys, and a third because it named
    them twice before the second ran, each one a mount, a styling and a layout."""
    made: list[FooterKey] = []
    make = FooterKey.__init__

    def counted(key: FooterKey, *args: object, **kwargs: object) -> None:
        made.append(key)
        make(key, *args, **kwargs)  # type: ignore[arg-type]

    first_layout: list[list[str]] = []
    refresh_layout = Screen._refresh_layout

    def laid_out(screen: Screen[object], *args: object, **kwargs: object) -> None:
        if isinstance(screen, LobbyScreen) and not first_layout:
            first_layout.append([key.description for key in
                                 screen.query_one(TableFooter).shown])
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(FooterKey, "__init__", counted)
    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = await in_the_lobby(app)
        for _ in range(3):
            await pilot.pause()
        shown = [key.description for key in lobby.query_one(TableFooter).shown]
    # (A host's key adds "Host": see tests/ui/test_lobby_host_snapshots.py, 80 columns.)
    assert shown == ["Sit", "Watch", "New table", "Chat", "Results", "Back", "palette"]
    assert first_layout == [shown]
    # Made once: the palette's key and the two a table's keys are drawn with (KeyStyle).
    assert len(made) == 3


async def test_the_lobby_is_first_drawn_with_the_room_s_tables(
        make_app, make_room, monkeypatch) -> None:  # fmt: skip
    """Drawn at once, the lobby's first frame said "Joining the room…" and a whole
    second frame followed a few milliseconds later with the tables."""
    frames = frames_of_the_lobby(monkeypatch)
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_lobby(app)
        await pilot.pause()
    assert frames and frames[0][0] == 1, frames


async def test_a_room_that_does_not_answer_still_shows_the_lobby(
        make_app, monkeypatch) -> None:  # fmt: skip
    """A busy (or silent) room: after FIRST_FRAME_WAIT the lobby is drawn, joining."""
    monkeypatch.setattr(lobby, "FIRST_FRAME_WAIT", 0.05)
    frames = frames_of_the_lobby(monkeypatch)
    game_end, silent = socket.socketpair()
    app = make_app(room=RoomDoor({ROOM_FD_ENV: str(game_end.detach())}))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: bool(frames))
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
    finally:
        silent.close()
    assert frames[0] == (0, "Joining the room…")


async def test_the_lobby_shown_for_the_first_time_is_not_restyled_whole(
        make_app, make_room, monkeypatch) -> None:  # fmt: skip
    """Each of its widgets was styled as it was mounted; Textual styled them all again
    as the screen was first shown."""
    restyled: list[object] = []
    update_styles = CardtuiApp.update_styles

    def counted(app: CardtuiApp, node: object, animate: bool = True) -> None:
        restyled.append(node)
        update_styles(app, node, animate)  # type: ignore[arg-type]

    monkeypatch.setattr(CardtuiApp, "update_styles", counted)
    app = await served_app(make_app, make_room(HoldemOptions(name="Friday")), monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        lobby_screen = await in_the_lobby(app)
        await pilot.pause()
        assert lobby_screen not in restyled
        # Nor its palette key, left compact by Textual: it is made with its class.
        assert not [node for node in restyled if isinstance(node, FooterKey)]
        # What does change its styles still restyles it (a class, here).
        lobby_screen.add_class("-cardtui-test")
        assert lobby_screen in restyled
