"""The engines stay pure: the standard library, the shared card model, their own package.

Issue 10: no engine module imports Textual, Rich, the store or the settings,
and the two games import nothing from each other (STYLE.md, "cardtui's own
shape"). Checked twice: every import statement in the source (so a failure
names the file and line), and what importing every engine module really loads.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("holdem", "blackjack")
#: The pure models every game shares (and which are held to the same rule):
#: the cards, the one rule for a player's name, and the one cleaner of text
#: from outside (a hand file's names are cleaned as chat is).
SHARED = ("cards.py", "names.py", "untrusted.py")


def engine_files() -> list[Path]:
    files = [path for package in PACKAGES for path in (ROOT / "cardtui" / package).rglob("*.py")]
    return sorted(files) + [ROOT / "cardtui" / module for module in SHARED]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in the file, relative imports resolved."""
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else (
        module_name(path))
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def allowed(importer: Path, name: str) -> bool:
    top = name.split(".")[0]
    if top in sys.stdlib_module_names:
        return True
    own = module_name(importer).split(".")[:2]
    # cardtui.i18n: an engine's words (a refusal, the rules line) in the player's language;
    # cardtui.i18n.said: its words kept as a template and pieces, which the UI says.
    return name in ("cardtui.cards", "cardtui.games", "cardtui.names", "cardtui.untrusted",
                    "cardtui.i18n", "cardtui.i18n.said") or (
        name.split(".")[:2] == own)


def test_engine_modules_import_only_the_standard_library_cards_and_their_own_package() -> None:
    files = engine_files()
    assert len(files) > 20  # both packages really were found
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in files
        for line, name in imported_modules(path)
        if not allowed(path, name)
    ]
    assert wrong == []


def test_the_import_check_catches_what_it_is_for() -> None:
    sample = ROOT / "cardtui" / "holdem" / "table.py"
    # (The layers above the engines: tables, the UI, the room and its two sides, the
    # wire format, hosting, the shell's commands.)
    for bad in ("textual.app", "rich.text", "cardtui.store", "cardtui.settings",
                "cardtui.blackjack.round", "cardtui.ui.holdem.screen", "cardtui.tables.session",
                "cardtui.room.room", "cardtui.guest.link", "cardtui.wire.protocol",
                "cardtui.serve", "cardtui.serve.server", "cardtui.commands.stats", "cardtui.cli"):
        assert not allowed(sample, bad), bad
    for good in ("random", "collections.abc", "cardtui.cards", "cardtui.holdem.hand"):
        assert allowed(sample, good), good


def test_importing_every_engine_module_loads_no_layer_above_the_engines() -> None:
    modules = [module_name(path) for path in engine_files()]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = ('textual', 'rich', 'cardtui.store', 'cardtui.settings', 'cardtui.ui',\n"
        "       'cardtui.tables', 'cardtui.room', 'cardtui.guest', 'cardtui.wire',\n"
        "       'cardtui.serve', 'cardtui.commands', 'cardtui.cli')\n"
        "print(sorted(m for m in sys.modules if m.startswith(bad)))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"
