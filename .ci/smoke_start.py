"""Start cardtui headless on whatever Textual, Rich and plotext are installed, and use it.

CI runs this twice (.ci/run): on the versions the test extra pins, and in a
virtual environment holding the lowest versions ``pyproject.toml``'s ranges
admit (``--lowest`` prints them as pip requirements). The suite's snapshots
need the pinned versions, so the lowest ones get this script instead: a player
who installs them must still get a working game (issue 24: Textual 8.2.0-8.2.2
crashed at the first resize, 8.2.3-8.2.4 could not read the stylesheet).

    python3 .ci/smoke_start.py            # start, resize, open every screen, play
    python3 .ci/smoke_start.py --lowest   # e.g. "textual==8.2.5 rich==14 ..."

Prints one line naming the versions it ran on; any failure is a traceback and
a non-zero exit.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The ranges whose low end is tried: the app's drawing, charting and language libraries.
CHECKED = ("textual", "rich", "textual-plotext", "babel")
#: Not ours to declare, but admitted: textual-plotext 1.0.1 takes plotext>=5.2.8,<6.
TRANSITIVE_LOWEST = ("plotext==5.2.8",)


def lowest_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """``name==low`` for each of :data:`CHECKED`, from its ``>=low`` in the dependencies."""
    dependencies = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    pins = []
    for name in CHECKED:
        spec = next(d for d in dependencies if re.match(rf"{re.escape(name)}\s*[<>=]", d))
        low = re.search(r">=\s*([\w.]+)", spec)
        if low is None:
            raise SystemExit(f"smoke_start: {name} has no lower bound in pyproject.toml")
        pins.append(f"{name}=={low.group(1)}")
    return [*pins, *TRANSITIVE_LOWEST]


async def smoke(data_dir: Path) -> None:
    # Imported here: --lowest must work before anything is installed.
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.screens.menu import MenuScreen

    app = CardtuiApp(data_dir=data_dir, seed=7, animation="off")
    async with app.run_test(size=(80, 24)) as pilot:

        async def settle() -> None:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()

        async def leave() -> None:
            await pilot.press("escape")
            await settle()
            assert isinstance(app.screen, MenuScreen), app.screen

        async def act_until_done(*actions: str) -> int:
            """Take the first allowed of ``actions`` until none is and the next deal is."""
            for moves in range(50):
                allowed = [a for a in actions if app.screen.check_action(a, ())]
                if not allowed:
                    assert app.screen.check_action("deal", ()), "the hand did not end"
                    return moves
                await app.screen.run_action(allowed[0])
                await settle()
            raise AssertionError(f"{type(app.screen).__name__}: still acting after 50 moves")

        await settle()
        assert isinstance(app.screen, MenuScreen), app.screen
        # The first resize (Textual 8.2.0-8.2.2 had no _resize_timer yet).
        await pilot.resize_terminal(120, 40)
        await settle()
        await pilot.resize_terminal(80, 24)
        await settle()

        await pilot.press("b")  # a blackjack round, played to its end
        await settle()
        assert type(app.screen).__name__ == "BlackjackScreen", app.screen
        await pilot.press("d")
        await settle()
        assert await act_until_done("no_insurance", "stand") > 0
        await pilot.resize_terminal(120, 40)
        await settle()
        await leave()

        await pilot.press("h")  # a hold'em hand, folded or checked to its end
        await settle()
        assert type(app.screen).__name__ == "HoldemScreen", app.screen
        await pilot.press("d")
        await settle()
        await act_until_done("check", "fold")
        await pilot.resize_terminal(80, 24)
        await settle()
        await leave()

        for key, name, then in (("p", "PracticeScreen", ()), ("s", "ScoreboardScreen", ("3",)),
                                ("o", "SettingsScreen", ()), ("r", "RulesScreen", ())):
            await pilot.press(key, *then)  # the scoreboard's "3": its charts (plotext)
            await settle()
            assert type(app.screen).__name__ == name, (name, app.screen)
            await leave()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lowest", action="store_true",
                        help="print the lowest versions pyproject.toml admits, and stop")
    args = parser.parse_args()
    if args.lowest:
        print(" ".join(lowest_requirements()))
        return 0
    with tempfile.TemporaryDirectory(prefix="cardtui-smoke-") as data_dir:
        asyncio.run(smoke(Path(data_dir)))
    versions = ", ".join(f"{name} {version(name)}" for name in (*CHECKED, "plotext"))
    print(f"smoke: started, resized and played every screen on {versions}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
