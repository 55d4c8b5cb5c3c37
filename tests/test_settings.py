import json
from pathlib import Path

import pytest

from cardtui.settings import (
    HOLDEM_BOTS,
    HOLDEM_MODES,
    AnimationSpeed,
    CardStyle,
    SessionChoices,
    Settings,
    load_settings,
    parse_settings,
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


def test_a_bad_field_falls_back_alone_and_the_notice_names_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "player_name": "Ann", "theme": "neon",
        "blackjack": {"rules": {"decks": 2.5, "dealer_hits_soft_17": True}, "trainer": False},
    }))
    loaded = load_settings(path)
    assert loaded.settings.player_name == "Ann" and loaded.settings.theme == "textual-dark"
    assert loaded.settings.blackjack == {"rules": {"dealer_hits_soft_17": True}, "trainer": False}
    assert loaded.notice is not None
    assert "blackjack.rules.decks (2.5)" in loaded.notice and "theme ('neon')" in loaded.notice
    assert path.exists()  # a readable file with one bad value is not set aside


def test_two_and_a_half_decks_never_reach_the_table() -> None:
    from cardtui.blackjack.setup import TableSetup

    settings = parse_settings({"blackjack": {"rules": {"decks": 2.5}}}).settings
    rules = TableSetup.from_json(settings.blackjack, default_name="Ann").rules
    assert rules.decks == 6 and isinstance(rules.decks, int)


@pytest.mark.parametrize(
    ("rules", "kept", "named"),
    [
        ({"decks": True}, {}, "decks (True)"),  # a bool is not a number of decks
        ({"decks": 12, "penetration": 0.5}, {"penetration": 0.5}, "decks (12)"),
        ({"blackjack_pays": "2:1", "double": "9-11"}, {"double": "9-11"}, "blackjack_pays"),
        ({"min_bet": 600, "max_bet": 1000}, {"min_bet": 600, "max_bet": 1000}, None),
        ({"min_bet": 600}, {}, "min_bet (600)"),  # above the default maximum of 500
        ({"penetration": 1}, {}, "penetration (1)"),
    ],
)
def test_blackjack_rules_are_checked_one_by_one(
    rules: dict[str, object], kept: dict[str, object], named: str | None
) -> None:
    loaded = parse_settings({"blackjack": {"rules": rules}})
    assert loaded.settings.blackjack["rules"] == kept
    if named is None:
        assert loaded.problems == []
    else:
        assert [p for p in loaded.problems if named in p]


def test_bad_seats_are_dropped_one_by_one() -> None:
    loaded = parse_settings({
        "blackjack": {"seats": [{"name": "Ann", "kind": "human", "bankroll": 500},
                                {"name": "Bo", "kind": "robot", "bankroll": 500},
                                {"name": "Cy", "kind": "bot", "bankroll": 2.5}]},
        "holdem": {"seats": [{"name": "Ann", "bot": None}, {"name": "", "bot": None},
                             {"name": "Bot 1", "bot": "shark"}],
                   "stack": "1000", "mode": "tournament", "small_blind": 0},
    })
    assert [s["name"] for s in loaded.settings.blackjack["seats"]] == ["Ann"]
    holdem = loaded.settings.holdem
    assert [s["name"] for s in holdem["seats"]] == ["Ann", "Bot 1"]
    assert "stack" not in holdem and holdem["mode"] == "tournament"
    assert [problem.split(" (")[0] for problem in loaded.problems] == [
        "blackjack.seats[1].kind", "blackjack.seats[2].bankroll", "holdem.seats[1].name",
        "holdem.stack",
    ]


def test_the_holdem_names_settings_checks_are_the_engines() -> None:
    from cardtui.holdem.bots import Personality
    from cardtui.holdem.table import Mode

    assert set(HOLDEM_MODES) == {m.value for m in Mode}
    assert set(HOLDEM_BOTS) == {p.value for p in Personality}


def test_session_choices_are_used_but_never_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(player_name="Ann")
    settings.session = SessionChoices(card_style=CardStyle.ASCII, animation=AnimationSpeed.OFF)
    assert settings.ascii_cards and settings.delay(1.0) == 0
    save_settings(settings, path)
    saved = json.loads(path.read_text())
    assert saved["card_style"] == "unicode" and saved["animation"] == "normal"
    assert "session" not in saved


def test_choosing_in_settings_ends_the_session_choice() -> None:
    settings = Settings()
    settings.session = SessionChoices(card_style=CardStyle.ASCII)
    assert settings.choose_card_style(CardStyle.ASCII) is False  # what is shown already
    assert settings.session.card_style is CardStyle.ASCII
    assert settings.card_style is CardStyle.UNICODE
    assert settings.choose_card_style(CardStyle.UNICODE) is True
    assert not settings.ascii_cards and settings.session.card_style is None


async def test_command_line_choices_stay_out_of_settings_json(data_dir: Path) -> None:
    from textual.widgets import Select

    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.screens.settings import SettingsScreen

    path = data_dir / "settings.json"
    save_settings(Settings(player_name="Ann", theme="nord"), path)
    app = CardtuiApp(data_dir=data_dir, seed=1, ascii=True, animation="off")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#card-style", Select).value == CardStyle.ASCII
        await pilot.press("escape")
        app.settings.blackjack = {"trainer": False}  # what saving a table setup does
        app.save_settings()
        await pilot.pause()
        assert app.settings.ascii_cards  # still in effect for the session
    saved = json.loads(path.read_text())
    assert (saved["card_style"], saved["animation"]) == ("unicode", "normal")
    assert saved["theme"] == "nord"
    assert saved["blackjack"] == {"trainer": False}


async def test_the_blackjack_table_opens_with_a_bad_rule_in_settings_json(data_dir: Path) -> None:
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.blackjack.screen import BlackjackScreen

    (data_dir / "settings.json").write_text(json.dumps({"blackjack": {"rules": {"decks": 2.5}}}))
    app = CardtuiApp(data_dir=data_dir, seed=3, animation="off", start="blackjack")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BlackjackScreen) and screen.table.rules.decks == 6
        await pilot.press("d", "s")  # a whole round is dealt from a six-deck shoe
        await pilot.pause()
        notices = [str(n.message) for n in app._notifications]
        assert any("blackjack.rules.decks (2.5)" in n for n in notices)
