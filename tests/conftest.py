"""Shared fixtures: a deterministic app on a throw-away data directory."""

from __future__ import annotations

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
