"""The menu loads what the menu needs: no game engine, no table, no room (issue 24).

Start-up had grown to 2.5x a bare Textual app's because the app's first import
pulled in the hold'em evaluator (whose tables take a fifth of a second to build)
and, through the local blackjack table, the room's protocol. Timings drift on a
shared machine, so this is not a timing test: a fresh interpreter starts the
menu headless, as ``cardtui`` does, and the modules it loaded are looked at.
A screen or command that needs a game imports it when it opens.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Started in a fresh interpreter: the command line's module, then the app on
#: the menu, headless at 80x24; prints every module loaded by then.
SCRIPT = """
import asyncio, json, sys
import cardtui.cli  # what `cardtui` imports before the app
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.menu import MenuScreen

async def main():
    app = CardtuiApp(data_dir=sys.argv[1], seed=7, animation="off")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), app.screen
        for name in sys.argv[2:]:  # (the check's own test: a screen opened)
            __import__(name)
        print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""

#: What the menu never needs: the engines (but the blackjack rules, which the
#: settings hold), the tables, the room (but its door, which only reads the
#: environment), the SSH and browser doors, the charts.
FORBIDDEN = ("cardtui.holdem", "cardtui.blackjack.", "cardtui.tables", "cardtui.room.",
             "cardtui.serve.", "asyncssh", "plotext", "textual_plotext", "aiohttp")
ALLOWED = ("cardtui.blackjack.rules", "cardtui.guest.joining")


def menu_modules(data_dir: Path, *also: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARDTUI", "TEXTUAL"))}
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(data_dir), *also],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def needless(modules: list[str]) -> list[str]:
    return [name for name in modules
            if name.startswith(FORBIDDEN) and name not in ALLOWED]


def test_the_menu_loads_no_game_engine_table_or_room(tmp_path: Path) -> None:
    modules = menu_modules(tmp_path)
    assert "cardtui.ui.screens.menu" in modules  # the menu really was started
    assert needless(modules) == []


def test_the_check_sees_a_table_screen_loaded(tmp_path: Path) -> None:
    # The same start with the hold'em screen imported (as opening it does) is
    # caught: its engine, evaluator and local table show up as needless.
    found = needless(menu_modules(tmp_path, "cardtui.ui.holdem.screen"))
    assert "cardtui.holdem.evaluator" in found
    assert "cardtui.tables.holdem_local" in found


def test_the_local_blackjack_table_loads_no_room() -> None:
    script = ("import sys, cardtui.tables.blackjack_local\n"
              "print([m for m in sys.modules if m.startswith('cardtui.room')])")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"
