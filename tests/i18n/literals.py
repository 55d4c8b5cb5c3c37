"""The string literals of a module that a player could read, found with ``ast``.

A literal counts when it reads like words (two letters in a row and a space,
or a capitalised word) and is not: a docstring, inside ``_()`` / ``N_()`` /
``ngettext()`` / ``pgettext()``, a widget id or CSS class, a key or action name of a Binding,
a dict key, an operand of a comparison, an index, or a module's CSS. f-strings
count by their constant parts: an f-string cannot be translated at all.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

TRANSLATING = {"_", "N_", "ngettext", "pgettext"}
#: Calls whose string arguments are names, not words.
NAME_CALLS = {
    "query_one", "query", "query_exactly_one", "add_class", "remove_class", "set_class",
    "has_class", "toggle_class", "set_classes", "get_component_rich_style",
    "get_component_styles", "getattr", "setattr", "hasattr", "import_module", "get",
    "startswith", "endswith", "split", "partition", "rpartition", "replace", "strip",
    "join", "Path", "cast", "TypeVar", "compile", "match", "search", "fullmatch", "sub",
    "findall", "format", "encode", "decode", "debug", "info", "warning", "exception",
    "log", "getLogger", "run_action", "action_open", "open", "environ", "getenv", "pop",
    "setdefault", "press", "post", "Style", "parse", "from_markup", "field", "dataclass",
    "rstrip", "lstrip", "ljust", "rjust", "center", "count", "index", "find",
}
NAME_KEYWORDS = {"id", "classes", "name", "variant", "key", "action", "group", "style",
                 "key_display", "metavar", "dest", "prog", "choices", "encoding", "mode",
                 "format", "sep", "end", "type", "default"}
_WORDS = re.compile(r"[^\W\d_]{2,}")
#: Rich style words ("bold cyan", "dim"): a style, not text.
_STYLE_WORDS = {"bold", "dim", "italic", "reverse", "underline", "strike", "blink", "not",
                "on", "red", "green", "yellow", "cyan", "blue", "magenta", "white", "black",
                "bright_red", "bright_green", "bright_yellow", "bright_cyan", "default", "none"}


def looks_like_words(text: str) -> bool:
    """Words a player reads, not an identifier, a path or a CSS selector.

    >>> [looks_like_words(t) for t in ("Hit or stand?", "Quit", "menu-box", "#logo", "a b")]
    [True, True, False, False, False]
    """
    text = text.strip()
    if not _WORDS.search(text) or set(text.split()) <= _STYLE_WORDS:
        return False
    if re.fullmatch(r"[#.]?[a-z0-9_:-]+(\([^)]*\))?", text):
        return False  # an id, an action, a CSS class
    if re.fullmatch(r"[\w.\[\]-]+\.(py|md|tcss|json|po|csv|txt|phh|svg)", text):
        return False
    if " " in text:
        return len(_WORDS.findall(text)) >= 1 and bool(re.search(r"[^\W\d_]{2,}\W* \W*\S", text))
    return bool(re.match(r"[A-Z][a-z]", text))


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def player_literals(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every literal in ``path`` that reads like words and is not
    translated."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = _docstrings(tree)

    def skip_all(node: ast.AST) -> None:
        for inner in ast.walk(node):
            skip.add(id(inner))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in TRANSLATING or name in NAME_CALLS:
                for arg in node.args:
                    skip_all(arg)
            if name == "Binding":
                for arg in node.args[:2]:
                    skip_all(arg)
            if name in TRANSLATING:
                skip_all(node)
            for keyword in node.keywords:
                if keyword.arg in NAME_KEYWORDS:
                    skip_all(keyword.value)
        elif isinstance(node, ast.Assert) and node.msg is not None:
            skip_all(node.msg)  # a programmer's invariant, never shown
        elif isinstance(node, ast.Compare):
            skip_all(node)
        elif isinstance(node, ast.Subscript):
            skip_all(node.slice)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    skip_all(key)
        elif isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None:
            skip_all(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            skip_all(node.returns)
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(n in ("DEFAULT_CSS", "CSS", "CSS_PATH", "__all__") for n in names):
                skip_all(node.value)
        elif isinstance(node, ast.JoinedStr) and id(node) not in skip:
            constant = "".join(part.value for part in node.values
                               if isinstance(part, ast.Constant) and isinstance(part.value, str))
            skip_all(node)
            if looks_like_words(constant):
                yield node.lineno, "f:" + constant
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and looks_like_words(node.value)):
            yield node.lineno, node.value
