"""`a` shoves a whole stack with one key: a big all-in is asked about first."""

from __future__ import annotations

from textual.widgets import Static

from cardtui.holdem.actions import BetOrRaised
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.settings import Settings
from cardtui.ui.screens.confirm import ConfirmScreen
from tests.support.holdem_demo import open_table, settle

HEADS_UP = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK)))


def shoves(screen) -> list[BetOrRaised]:  # type: ignore[no-untyped-def]
    hand = screen.hand
    assert hand is not None
    return [r for r in hand.records if isinstance(r, BetOrRaised) and r.all_in]


async def test_a_big_all_in_asks_first_and_back_changes_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"], moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")  # 995 chips, 99.5 big blinds
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        words = str(question.query_one("#question", Static).render())
        assert "995 chips (99.5 big blinds)" in words
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and screen.waiting_for == 0 and not shoves(screen)
        await pilot.press("a", "y")
        await settle(pilot)
        assert [r.seat for r in shoves(screen)] == [0]


async def test_ten_big_blinds_or_less_go_in_at_once(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann keeps 100 after her small blind of 5: exactly 10 big blinds.
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"],
                                  stacks={0: 105}, moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is screen and [r.seat for r in shoves(screen)] == [0]


async def test_the_setting_turns_the_question_off(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    app.settings.confirm_all_in = False
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"], moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.screen is screen and [r.seat for r in shoves(screen)] == [0]


def test_the_setting_is_stored_and_a_bad_value_falls_back_to_asking() -> None:
    assert Settings.from_json(Settings(confirm_all_in=False).to_json()).confirm_all_in is False
    assert Settings.from_json({"confirm_all_in": "no"}).confirm_all_in is True


async def test_the_table_setup_turns_the_question_off(make_app) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import Select

    from cardtui.ui.holdem.setup import HoldemSetupScreen

    app = make_app()
    async with app.run_test(size=(80, 40)) as pilot:
        await app.push_screen(HoldemSetupScreen())
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#confirm-all-in", Select).value is True
        setup.query_one("#confirm-all-in", Select).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.confirm_all_in is False
        assert '"confirm_all_in": false' in (app.data_dir / "settings.json").read_text()


async def test_no_all_in_key_when_a_short_all_in_did_not_reopen_the_betting(make_app) -> None:  # type: ignore[no-untyped-def]
    from cardtui.holdem.actions import Action

    app = make_app()
    three = HoldemConfig(seats=(*HEADS_UP.seats, SeatConfig("Bot 2", Personality.SHARK)),
                         stack=100, small_blind=1, big_blind=2)
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann (button) raises to 10, Bot 1 calls, Bot 2 (13 chips) goes all-in
        # to 13: three more is less than a full raise, so Ann may call or fold.
        screen = await open_table(pilot, three, button=0, stacks={2: 13},
                                  holes=["7c2d", "AsAh", "KsKh"],
                                  moves=[Action.call(), Action.all_in()])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("r", "1", "0", "enter")
        await settle(pilot)
        assert screen.waiting_for == 0 and screen.hand is not None
        assert screen.hand.call_amount == 3
        assert not screen.check_action("all_in", ()) and not screen.check_action("raise", ())
        await pilot.press("a")  # not offered: nothing happens
        await settle(pilot)
        assert screen.waiting_for == 0 and [r.seat for r in shoves(screen)] == [2]
