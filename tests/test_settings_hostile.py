"""A settings file that is damaged, huge or not a file at all never stops cardtui starting.

Issue 24: a deeply nested settings.json crashed every start (RecursionError)
instead of being set aside; a FIFO or /dev/zero as the settings file hung.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtui import settings as settings_module
from cardtui.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"blackjack": ' + '{"a": ' * 100_000 + "1" + "}" * 100_001,
    # Parses, but deeper than any settings: set aside before anything walks it.
    '{"extra": ' + "[" * 200 + "]" * 200 + "}",
])
def test_a_deeply_nested_file_is_set_aside_with_a_notice(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.notice is not None and "moved to" in loaded.notice
    assert not path.exists() and len(list(tmp_path.iterdir())) == 1
    save_settings(loaded.settings, path)  # and the next save writes a good file
    assert json.loads(path.read_text())["player_name"] == "Player"


def test_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.notice == f"Settings not used: {path} is not a regular file."
    assert path.exists()  # not ours to move


def test_a_device_is_not_read_forever() -> None:
    loaded = load_settings(Path("/dev/zero"))
    assert loaded.notice == "Settings not used: /dev/zero is not a regular file."


def test_a_file_past_the_size_cap_is_set_aside(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings_module, "MAX_FILE_BYTES", 100)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "Ann", "pad": "x" * 200}))
    loaded = load_settings(path)
    assert loaded.settings == Settings() and loaded.notice and "moved to" in loaded.notice


def test_a_file_with_a_bom_reads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"player_name": "Ann"}).encode())
    loaded = load_settings(path)
    assert loaded.notice is None and loaded.settings.player_name == "Ann"
