import json
from pathlib import Path

from cardtui.settings import (
    AnimationSpeed,
    CardStyle,
    Settings,
    load_settings,
    save_settings,
)


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(player_name="Ann", card_style=CardStyle.ASCII,
                        animation=AnimationSpeed.SLOW, theme="nord",
                        blackjack={"decks": 2})
    save_settings(settings, path)
    loaded = load_settings(path)
    assert loaded.notice is None and loaded.settings == settings


def test_corrupt_file_is_set_aside_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    loaded = load_settings(path)
    assert loaded.settings == Settings()
    assert loaded.notice and "moved to" in loaded.notice
    assert not path.exists()
    assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1


def test_unusable_values_fall_back_to_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "", "card_style": "emoji",
                                "animation": 3, "theme": "neon", "holdem": []}))
    loaded = load_settings(path)
    assert loaded.settings == Settings()


def test_delay_follows_the_speed() -> None:
    assert Settings(animation=AnimationSpeed.OFF).delay(0.8) == 0
    assert Settings(animation=AnimationSpeed.NORMAL).delay(0.8) == 0.8
    assert Settings(animation=AnimationSpeed.FAST).delay(1.0) < 1.0 < Settings(
        animation=AnimationSpeed.SLOW).delay(1.0)
