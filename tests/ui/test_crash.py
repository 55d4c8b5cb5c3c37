"""An unexpected error never shows a player a traceback: one line, and a report file."""

from pathlib import Path

import pytest

import cardtui.ui.app as app_module
from cardtui.ui.app import CardtuiApp

UI_DIR = Path(app_module.__file__).parent


class Exploding(CardtuiApp):
    # A subclass's relative CSS_PATH would be read beside this test file.
    CSS_PATH = [str(UI_DIR / path) for path in CardtuiApp.CSS_PATH]

    def on_ready(self) -> None:
        raise RuntimeError("a bug")


def test_crash_is_reported_in_one_line_and_logged(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = Exploding(data_dir=data_dir, animation="off")
    app.run(headless=True, size=(80, 24))
    assert app.return_code == 1
    err = capsys.readouterr()
    shown = err.out + err.err
    assert "Traceback" not in shown and "RuntimeError" not in shown
    assert "unexpected error" in shown
    assert "RuntimeError: a bug" in (data_dir / "crash.log").read_text()
