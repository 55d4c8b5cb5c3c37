"""Shared fixtures: a deterministic app on a throw-away data directory."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

# Snapshots must not depend on the developer's environment.
os.environ.pop("TEXTUAL_THEME", None)
os.environ.pop("CARDTUI_DATA_DIR", None)
# ...nor on the developer's locale (LANG=ja_JP.UTF-8 would translate them): English
# unless a test asks for a language (lang=..., which wins over the environment).
os.environ["CARDTUI_LANG"] = "en"

from cardtui.ui.app import CardtuiApp  # noqa: E402
from cardtui.ui.textual_fixes.served import share_parsed_stylesheets  # noqa: E402

# A test process starts hundreds of apps, and each parsed every stylesheet again (a
# Stylesheet's parse cache is its own): they share one, as a served game's template and
# its forks do (keyed by the text, where it came from and the theme's variables, so the
# rules are the ones a parse of its own gives; cardtui/ui/textual_fixes/served.py). The
# served game's drawing shortcuts are not installed: apps draw as a local game does.
share_parsed_stylesheets()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def make_app(data_dir: Path) -> Callable[..., CardtuiApp]:
    """``make_app(**kwargs)``: a seeded app with animations off on ``data_dir``."""

    def factory(**kwargs: Any) -> CardtuiApp:
        options: dict[str, Any] = {"data_dir": data_dir, "seed": 7, "animation": "off"}
        options.update(kwargs)
        return CardtuiApp(**options)

    return factory


# -- Python's garbage collector in a test process ------------------------------------------
#
# A test process builds and drops hundreds of apps, each tens of thousands of objects in
# reference cycles (widgets and their parents, messages and their senders). At Python's
# default thresholds (700, 10, 10) a full collection ran every ten young ones, each
# walking every object alive, the imported libraries and test modules included: a quarter
# of the app tests' CPU (navigation, forms and both games' pilot tests in one process:
# 49 full collections, 9.2 s of 35.7 s; the key fuzzer 11.9 s of 45.6 s). Once the tests
# are collected, what is alive then (modules, classes, fixtures' definitions) is frozen out
# of the collector's walks, and the young generation is collected every 7,000 allocations:
# the same cycles are freed, in fewer and larger batches (4-6 full collections there;
# 35.7 s -> 26.5 s and 45.6 s -> 37.4 s of CPU; the most memory a worker held 122 MB ->
# 150 MB, 128 MB -> 158 MB). Nothing a test checks depends on when a cycle is freed: a
# test that needs it collects (gc.collect()) itself.
GC_THRESHOLDS = (7_000, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# -- the order test files are handed to the workers ---------------------------------------
#
# pytest-xdist (--dist loadfile) hands out whole files in the order they are collected.
# Its own default (--loadscope-reorder) puts the files with the most tests first, which
# sent the slowest file (the key fuzz: two tests, over a minute) to a worker near the end,
# and the run waited for it alone. The files measured slowest go first instead (longest
# first, the classic rule for filling parallel workers), so the short ones fill the gaps
# at the end. The figures are seconds from `--durations=0`; refresh them with
# `python3 tests/file_weights.py < durations.log` when files grow. A file not listed
# counts as light and keeps its place among the others.
FILE_WEIGHTS = Path(__file__).with_name("file_weights.json")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    import json

    weights: dict[str, float] = (
        json.loads(FILE_WEIGHTS.read_text(encoding="utf-8")) if FILE_WEIGHTS.exists() else {}
    )
    # sort() is stable: a file's tests keep their order, and unlisted files theirs.
    items.sort(key=lambda item: -weights.get(item.nodeid.split("::", 1)[0], 0.0))
