"""How a game picks its language: --lang, Settings, the locale; --ascii keeps English."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardtui import i18n
from cardtui.cli import main
from cardtui.settings import Settings
from cardtui.ui.app import CardtuiApp


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_a_bad_lang_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "klingon"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no language 'klingon'" in err


def test_help_speaks_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "--help"])
    assert "Карточный клуб в терминале" in capsys.readouterr().out


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_help_prints_in_every_language(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    # argparse %-formats help: a bare "%" in a translation (or the English) broke --help.
    with pytest.raises(SystemExit) as stop:
        main(["--lang", code, "--help"])
    assert stop.value.code == 0 and "--lang" in capsys.readouterr().out


def test_lang_wins_over_settings_and_settings_over_the_locale(
    make_app: Callable[..., CardtuiApp], monkeypatch: pytest.MonkeyPatch, data_dir: Path,
) -> None:
    # The entry point hands the app the environment (the app reads none itself).
    make_app(environment={"LANG": "ru_RU.UTF-8"})
    assert i18n.current_language() == "ru"
    app = make_app(lang="ja")
    assert i18n.current_language() == "ja"
    app.settings.language = "zh_CN"
    app.settings.session.language = None
    app.apply_language()
    assert i18n.current_language() == "zh_CN"
    make_app(lang="ja", ascii=True)
    assert i18n.current_language() == "en"


def test_the_language_is_saved_and_checked() -> None:
    assert Settings.from_json({"language": "ja"}).language == "ja"
    assert Settings.from_json({"language": "tlh"}).language == ""
    assert Settings(language="ru").to_json()["language"] == "ru"


async def test_choosing_a_language_in_settings_applies_at_once(
        make_app: Callable[..., CardtuiApp]) -> None:
    from textual.widgets import Select

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")  # Settings
        await pilot.pause()
        app.screen.query_one("#language", Select).value = "ja"
        await pilot.pause()
        await pilot.pause()
        assert i18n.current_language() == "ja" and app.settings.language == "ja"
        assert '"language": "ja"' in (app.data_dir / "settings.json").read_text()
        await pilot.press("escape")  # back to the menu, built again in Japanese
        await pilot.pause()
        assert "ようこそ" in str(app.screen.query_one("#welcome").render())
