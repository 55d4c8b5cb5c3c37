"""The template rehearses a game's start, so that every game forked from it starts warm."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

from textual.css.stylesheet import Stylesheet

from cardtui.serve import rehearsal
from cardtui.serve.child import PtyChild
from cardtui.serve.launch import Launch
from cardtui.serve.template import (
    CARDTUI_MODULES,
    CARDTUI_REHEARSAL,
    TEXTUAL_RUNTIME,
    Template,
)
from cardtui.serve.terminal import ClientTerminal
from cardtui.ui.textual_fixes import removed, served

REPOSITORY = Path(__file__).resolve().parents[2]

CSS = "Screen { background: $primary; }"


def parse(sheet: Stylesheet) -> list[object]:
    sheet.add_source(CSS, read_from=("test.tcss", ""))
    sheet.parse()
    return list(sheet.rules)


def test_every_stylesheet_shares_one_parse_cache(monkeypatch: object) -> None:
    monkeypatch.setattr(Stylesheet, "_parse_rules", Stylesheet._parse_rules)  # type: ignore[attr-defined]
    # Textual's own cache is one Stylesheet's: a second one parses again (the suite
    # shares one cache in every test process, tests/conftest.py: taken off here).
    with removed(served.PARSE):
        assert parse(Stylesheet(variables={"primary": "red"}))[0] is not parse(
            Stylesheet(variables={"primary": "red"}))[0]  # fmt: skip
    rehearsal.share_parsed_stylesheets()
    first = parse(Stylesheet(variables={"primary": "red"}))
    assert parse(Stylesheet(variables={"primary": "red"}))[0] is first[0]
    # Another theme's variables are another parse (its colours differ).
    other = parse(Stylesheet(variables={"primary": "blue"}))
    assert other[0] is not first[0]
    assert other[0].styles.background != first[0].styles.background


def test_the_rehearsal_finds_every_screen_stylesheet() -> None:
    found = set(rehearsal._screen_stylesheets())  # noqa: SLF001
    names = {(path.parent.name, path.name) for path in found}
    # The tables' screens live in packages of their own (ui/blackjack, ui/holdem).
    assert {("screens", "lobby.tcss"), ("blackjack", "screen.tcss"), ("holdem", "holdem.tcss"),
            ("screens", "settings.tcss")} <= names
    assert all(path.is_file() for path in found)


async def test_a_game_forked_from_the_template_starts_warm(tmp_path: Path) -> None:
    """Imports done, stylesheets parsed, the collector frozen, before the game runs;
    nothing of the rehearsal's own (its temporary directory) carried over."""
    launch = Launch(base_env={**os.environ, "PYTHONPATH": str(REPOSITORY)}, start_nice=0)
    (tmp_path / ".tmp").mkdir()
    player = tmp_path / "profiles" / "player"
    (player / ".tmp").mkdir(parents=True)
    env = launch.environment(ClientTerminal(), player)
    logged: list[str] = []
    modules = (*CARDTUI_MODULES, *TEXTUAL_RUNTIME, CARDTUI_REHEARSAL)
    template = Template.start(modules, launch.environment(ClientTerminal(), tmp_path), tmp_path,
                              logged.append)  # fmt: skip
    try:
        game = await PtyChild.fork(template, ["tests.serve.show_template"], env=env,
                                   cwd=player, width=80, height=24)  # fmt: skip
        output = bytearray()
        ended = asyncio.Event()
        game.start_reading(output.extend, ended.set)
        await asyncio.wait_for(ended.wait(), 120)
        assert await game.wait() == 0
        game.close()
    finally:
        await template.close()
    said = re.search(rb"frozen=(\d+) lobby=(\w+) parsed=(\d+) tmp=(.*) end", bytes(output))
    assert said is not None, bytes(output)
    frozen, lobby, parsed, temporary = said.groups()
    assert int(frozen) > 10_000, "the template froze nothing for the collector"
    assert lobby == b"True"
    # Every screen's stylesheet and the widgets' of the menu and the lobby, parsed once.
    assert int(parsed) >= len(set(rehearsal._screen_stylesheets())) + 20  # noqa: SLF001
    # Its temporary files go in the player's profile, not where the rehearsal's went.
    assert temporary.decode() == env["TMPDIR"]
    assert not logged, logged
