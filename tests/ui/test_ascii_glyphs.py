"""--ascii: every glyph on screen has an ASCII form of its own (issue 24).

Over an ASCII client Enter showed as ``<``, a drop-down's arrow as ``?`` and
the palette's icon as ``??``: the stream (cardtui.ui.ascii_screen) had no
stand-in for them but ``?``. Here each screen's drawn text is read, and
every character that is not ASCII must have a stand-in that is not ``?``,
and keys are named in words where a symbol has no ASCII form (Enter).
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from cardtui.games import Game
from cardtui.ui.ascii_screen import _stand_in, ascii_text
from cardtui.ui.palette import Palette
from cardtui.ui.screens.lobby import LobbyScreen
from cardtui.ui.screens.lobby_new_table import NewTableDialog
from cardtui.wire.protocol import TableInfo
from tests.ui.test_lobby import ScriptedLink


def _drawn(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _unknown(text: str) -> set[str]:
    """Characters the ASCII stream could only show as ``?``."""
    return {c for c in text if ord(c) > 127 and "?" in _stand_in(c)}


async def test_menu_lobby_select_and_palette_have_ascii_forms(make_app) -> None:  # type: ignore[no-untyped-def]
    link = ScriptedLink()
    link.tables["t1"] = TableInfo("t1", Game.HOLDEM, "Late", "5/10", 2, (None, "Bo"), True,
                                  400, 1000, 30.0)
    app = make_app(ascii=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen = {"menu": _drawn(app)}
        await app.push_screen(LobbyScreen(link))  # type: ignore[arg-type]
        await pilot.pause()
        seen["lobby"] = _drawn(app)
        await pilot.press("n")
        assert isinstance(app.screen, NewTableDialog)
        await pilot.pause()
        seen["new table"] = _drawn(app)
        app.screen.query_one("#game").focus()
        await pilot.press("enter")  # the drop-down open
        await pilot.pause()
        seen["select"] = _drawn(app)
        await pilot.press("escape", "escape", "ctrl+p")
        assert isinstance(app.screen, Palette)
        await pilot.pause()
        seen["palette"] = _drawn(app)
        for where, text in seen.items():
            assert not _unknown(text), (where, _unknown(text))
            assert "⏎" not in text and "<" not in ascii_text(text).replace("<-", ""), where
        assert "Enter" in seen["lobby"]  # the footer's Sit down key, named


def test_the_glyphs_met_have_their_own_ascii() -> None:
    assert ascii_text("▼▲") == "v^"
    assert ascii_text("🔎") == "> "
