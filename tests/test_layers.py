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
- no import circle between cardtui's modules, type-only imports included
  (:data:`KNOWN_CIRCLES` lists the ones still being taken apart).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_engine_imports import imported_modules, module_name

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


#: Import circles still being taken apart, each with whose work it is. A circle
#: found must lie inside one of these, and each must still hold one: remove an
#: entry once its circle is gone (the list ends empty).
KNOWN_CIRCLES: dict[frozenset[str], str] = {
    # Type names only (TYPE_CHECKING): the home game's hooks take the hold'em table
    # that calls them, and the sit-and-go desk the room that owns it. Issue 27's work;
    # a Protocol of what each uses (ten attributes of the table, a few of the room)
    # would take them apart.
    frozenset({"cardtui.room.holdem_table", "cardtui.room.home_game"}):
        "issue 27: home_game names HoldemTable for its hooks",
    frozenset({"cardtui.room.room", "cardtui.room.sit_and_go"}):
        "issue 27: sit_and_go names Room for its desk",
}


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the cardtui modules it imports (in functions and TYPE_CHECKING too).

    ``from a.b import c`` counts as importing ``a.b`` and, when it is a module,
    ``a.b.c``, as issue 25's import map counted them.
    """
    files = {module_name(path): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
            graph[name] |= {target for target in targets if target in files and target != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = set()
            while True:
                other = stack.pop()
                component.add(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle_but_the_known_ones() -> None:
    graph = import_graph(ROOT / "cardtui")
    assert len(graph) > 150 and graph["cardtui.ui.app"]  # the package really was read
    found = circles(graph)
    unknown = [sorted(circle) for circle in found
               if not any(circle <= known for known in KNOWN_CIRCLES)]
    assert unknown == []
    gone = [whose for known, whose in KNOWN_CIRCLES.items()
            if not any(circle <= known for circle in found)]
    assert gone == [], "no longer a circle: remove it from KNOWN_CIRCLES"


def test_the_circle_check_finds_what_it_is_for() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
    assert circles({"a": {"b"}, "b": set()}) == []
