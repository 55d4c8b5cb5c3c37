"""Imports point one way: engines <- tables <- UI; the UI never imports ``serve`` or ``commands``.

Read from the source with ``ast`` (every import statement, in functions and
``TYPE_CHECKING`` blocks too), so a failure names the file and the line.
The engines' own rule (the standard library and their package only) is
tests/test_engine_imports.py's.

- ``cardtui/ui`` imports neither :mod:`cardtui.serve` (how a game is hosted:
  the entry point tells the app, ``cardtui.cli.run_app``) nor
  :mod:`cardtui.commands` (the shell's commands; what both need lives in a
  module of its own, e.g. ``cardtui/holdem/stats_rows.py``);
- the app itself reads no environment variable (the entry point does);
- Textual's private modules (``textual._x``, ``textual.x._y``) are imported
  only in ``cardtui/ui/textual_fixes/``, the one place for private Textual API.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_engine_imports import imported_modules

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "cardtui" / "ui"
FIXES = UI / "textual_fixes"
#: What the UI may not import: how a game is hosted, and the shell's commands.
NOT_FOR_THE_UI = ("cardtui.serve", "cardtui.commands")


def below(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def private_textual(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "textual" and any(part.startswith("_") for part in parts[1:])


def wrong_imports(files: list[Path], bad: object) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {name}"
            for path in files for line, name in imported_modules(path)
            if bad(name)]  # type: ignore[operator]


def ui_files() -> list[Path]:
    files = sorted(UI.rglob("*.py"))
    assert len(files) > 40  # the UI really was found
    return files


def test_the_ui_imports_neither_serve_nor_commands() -> None:
    assert wrong_imports(ui_files(), lambda name: below(name, NOT_FOR_THE_UI)) == []


def test_the_app_reads_no_environment() -> None:
    tree = ast.parse((UI / "app.py").read_text())
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert not {"environ", "getenv", "environb"} & names


def test_private_textual_modules_are_imported_only_in_textual_fixes() -> None:
    files = [path for path in sorted((ROOT / "cardtui").rglob("*.py"))
             if FIXES not in path.parents]
    assert wrong_imports(files, private_textual) == []


def test_the_checks_catch_what_they_are_for() -> None:
    assert below("cardtui.serve", NOT_FOR_THE_UI) and below("cardtui.commands.stats",
                                                             NOT_FOR_THE_UI)
    assert not below("cardtui.server_room", NOT_FOR_THE_UI)
    assert not below("cardtui.holdem.stats_rows", NOT_FOR_THE_UI)
    assert private_textual("textual._compositor") and private_textual("textual.widgets._footer")
    assert not private_textual("textual.widgets") and not private_textual("textual.app")
    # The fixes themselves do import private modules: the check would see them.
    assert wrong_imports(sorted(FIXES.rglob("*.py")), private_textual)
