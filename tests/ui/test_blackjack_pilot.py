"""Pilot tests of the blackjack table: whole rounds by keys, legal keys only,
forfeit on re-deal, insurance, the trainer, the animated reveal and the setup screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Select, Static
from textual.widgets._footer import FooterKey

from cardtui.games import Game
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack import pace as blackjack_pace
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.blackjack.setup import BlackjackSetupScreen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.blackjack_table import SeatPanel
from cardtui.ui.widgets.table_footer import KeysStrip, TableFooter

MakeApp = Callable[..., CardtuiApp]


def seats(*entries: tuple[str, str]) -> dict[str, Any]:
    return {"seats": [{"name": n, "kind": k, "bankroll": 1000} for n, k in entries]}


def table_app(make_app: MakeApp, setup: dict[str, Any] | None = None, **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = setup or {}
    return app


def message(app: CardtuiApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


def legal_keys(screen: BlackjackScreen) -> set[str]:
    actions = ("deal", "hit", "stand", "double", "split", "surrender", "insure",
               "no_insurance", "bet_up", "bet_down", "rebuy", "hint", "setup")
    return {a for a in actions if screen.check_action(a, ())}


async def test_a_whole_round_by_keys_is_recorded(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        assert legal_keys(screen) == {"deal", "bet_up", "setup"}  # the bet is at the minimum
        await pilot.press("plus", "plus")  # bet 30
        assert screen.table.seats[0].bet == 30
        screen.table.shoe.stack(["Th", "9c", "6d", "7s", "Ks"])
        await pilot.press("d")
        assert screen.presenter.view.hole_hidden
        assert message(app) == "Player: Hit or stand?"
        assert legal_keys(screen) == {"hit", "stand", "double", "hint"}
        assert set(screen.query_one(ActionBar).shown) == {"hit", "stand", "double", "hint"}
        await pilot.press("s")  # 16 against 9 + 7, dealer draws K: bust
        await pilot.pause()
        assert not screen.presenter.view.hole_hidden
        assert screen.table.seats[0].bankroll == 1030
        assert "Deal again?" in message(app)
        assert "Trainer:" in message(app)  # standing on 16 against a 9 is a mistake
        totals = app.store.totals(Game.BLACKJACK)
        assert [(t.player, t.rounds, t.wins, t.net, t.decisions, t.mistakes) for t in totals] == [
            ("Player", 1, 1, 30, 1, 1)]
        counters = str(screen.query_one("#counters", Static).render())
        assert "W 1" in counters and "Net +30" in counters
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_deal_is_not_offered_during_a_round(make_app: MakeApp) -> None:
    # Issue 26: "Deal d" was the first button of a round and d forfeited it after a
    # question; mid-round d is neither shown nor does anything.
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "9c", "6d", "7s"])
        await pilot.press("d")
        await pilot.pause()
        assert screen.table.in_round
        assert "deal" not in screen.query_one(ActionBar).shown
        assert not screen.check_action("deal", ())
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is screen and screen.table.in_round
        assert app.store.round_count() == 0
        assert screen.table.round.stacks == [1000]


async def test_insurance_prompt_and_keys(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "Ac", "9d", "Ks"])
        await pilot.press("d")
        assert message(app) == "Player: Insurance?  i insures, n declines."
        assert legal_keys(screen) == {"insure", "no_insurance", "hint"}
        await pilot.press("i")
        await pilot.pause()
        assert not screen.table.in_round  # the dealer had it: insurance paid
        assert screen.table.seats[0].bankroll == 1000


async def test_split_hands_are_played_in_turn(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["8h", "6c", "8d", "Ts", "3c", "Td", "7s", "Kd"])
        await pilot.press("d")
        assert "split" in legal_keys(screen)
        await pilot.press("p")
        assert message(app) == "Player, hand 1: Hit or stand?"
        await pilot.press("x")  # double 8 3 -> 21 with the ten
        assert message(app) == "Player, hand 2: Hit or stand?"
        await pilot.press("s")
        await pilot.pause()
        assert [h.result.net for h in screen.presenter.view.seats[0].hands] == [20, 10]


async def test_hint_explains_the_basic_strategy_move(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "7c", "6d", "9s"])
        await pilot.press("d", "question_mark")
        text = message(app)
        assert text.startswith("Hint: Hit (hard 16 against a 7)")
        assert "Hit or stand?" in text


async def test_bots_and_hot_seat_humans(make_app: MakeApp) -> None:
    app = table_app(make_app, seats(("Ann", "human"), ("Robo", "bot"), ("Cy", "human")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.presenter.selected == 0
        await pilot.press("right", "plus")
        assert screen.presenter.selected == 2 and screen.table.seats[2].bet == 20
        await pilot.press("left")
        assert screen.presenter.selected == 0
        # Ann T9, Robo 8 8 (splits against a 6), Cy TT; dealer 6 up.
        screen.table.shoe.stack(["Th", "8h", "Tc", "6c", "9d", "8d", "Td", "Kc",
                                 "2c", "3c", "9s"])
        await pilot.press("d")
        assert message(app).startswith("Ann: Hit or stand?")
        await pilot.press("s")
        assert message(app).startswith("Cy: Hit or stand?")
        assert len(screen.presenter.view.seats[1].hands) == 2  # the bot split by itself
        await pilot.press("s")
        await pilot.pause()
        assert not screen.table.in_round
        players = {t.player for t in app.store.totals(Game.BLACKJACK)}
        assert players == {"Ann", "Robo", "Cy"}


@pytest.fixture
def long_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pauses long enough that a loaded machine cannot finish a reveal by itself."""
    monkeypatch.setattr(blackjack_pace, "DEAL_PAUSE", 60.0)
    monkeypatch.setattr(blackjack_pace, "DEALER_PAUSE", 60.0)


async def test_animated_reveal_never_blocks_and_any_key_skips(
    make_app: MakeApp, long_pauses: None
) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Ah", "9c", "Kd", "7s"])  # a natural: settles on the deal
        await pilot.press("d")
        assert screen.animating
        assert screen.check_action("hit", ()) is False and not legal_keys(screen)
        # The round is already in the store, but the results are not shown yet.
        assert app.store.round_count() == 1
        assert screen.presenter.view.settlement is None
        await pilot.press("z")  # any key skips to the end
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.animating
        view = screen.presenter.view
        assert view.settlement is not None and not view.hole_hidden
        assert view.seats[0].hands[0].result.net == 15
        assert "Deal again?" in message(app)


async def test_animation_plays_by_itself(make_app: MakeApp) -> None:
    app = table_app(make_app, animation="fast")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "9c", "9d", "8s"])
        await pilot.press("d")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.animating and screen.presenter.view.turn == (0, 0)
        # The session deals the screen the hole card face down: it learns it at the reveal.
        assert [c and c.code for c in screen.presenter.view.dealer] == ["9c", None]


async def test_setup_screen_warns_on_an_empty_name_and_saves(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        setup = app.screen
        assert isinstance(setup, BlackjackSetupScreen)
        setup.query_one("#seat-count", Select).value = 2
        await pilot.pause()
        name = setup.query_one("#name-0", Input)
        name.value = ""
        await pilot.pause()
        warning = setup.query_one("#seat-warning-0", Static)
        assert "Enter a name" in str(warning.render()) and warning.has_class("shown")
        await pilot.press("ctrl+s")
        assert app.screen is setup  # not saved
        name.value = "Ann"
        setup.query_one("#kind-1", Select).value = "bot"
        setup.query_one("#soft17", Select).value = True
        setup.query_one("#late-surrender", Checkbox).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BlackjackScreen)
        assert [s.name for s in table.table.seats] == ["Ann", "Bot 2"]
        assert table.table.seats[1].is_bot
        assert table.table.rules.dealer_hits_soft_17 and table.table.rules.late_surrender
        assert "H17" in str(table.query_one("#rules-line", Static).render())
        assert app.settings.blackjack["seats"][0]["name"] == "Ann"


async def test_setup_refuses_bad_table_limits(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        setup = app.screen
        setup.query_one("#min-bet", Input).value = "600"
        await pilot.press("ctrl+s")
        assert app.screen is setup
        assert "table limits" in str(setup.query_one("#rules-error", Static).render())
        assert setup.query_one("#min-bet", Input).has_class("-problem")
        await pilot.press("escape")  # an edit is not thrown away without asking (issue 26)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert isinstance(app.screen, BlackjackScreen)


async def test_results_and_counters_wait_for_the_reveal(
    make_app: MakeApp, long_pauses: None
) -> None:
    app = table_app(make_app, animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "9c", "9d", "7s", "Ks"])
        await pilot.press("d")
        await pilot.press("z")  # skip the deal
        await app.workers.wait_for_complete()
        await pilot.press("s")  # 19 against 9 7 K: the dealer busts
        assert screen.animating and screen.table.seats[0].bankroll == 1010
        panel_info = screen.presenter.seat_info(0)
        assert panel_info.bankroll == 1000  # not yet: the hole card is still turning
        assert screen.tally.net == 0
        await pilot.press("space")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.presenter.seat_info(0).bankroll == 1010 and screen.tally.net == 10


async def test_a_saved_setup_with_more_seats_draws_each_seat_once(make_app: MakeApp) -> None:
    # The new table's seats arrived twice (the session's seats record and the
    # setup's own rebuild): two rows of panels, the first never updated again.
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        setup = app.screen
        assert isinstance(setup, BlackjackSetupScreen)
        setup.query_one("#seat-count", Select).value = 3
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, BlackjackScreen)
        assert len(table.query(SeatPanel)) == 3
        assert len(table.query(".seat-row")) == 1


async def test_trainer_names_declining_insurance_as_a_verb(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "Ac", "9d", "5s"])
        await pilot.press("d", "i")  # basic strategy never insures
        await pilot.pause()
        assert "basic strategy would decline insurance (insurance against an ace)" in message(app)


async def test_every_key_and_button_fits_at_80_columns_with_a_pair_and_surrender(
        make_app: MakeApp) -> None:
    # Six moves and the hint (a pair with late surrender; Deal no longer shows
    # mid-round): the last button showed "Hi" and the keys line "esc" without "Menu".
    app = table_app(make_app, {"rules": {"late_surrender": True}})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["8h", "6c", "8d", "Ts"])
        await pilot.press("d")
        await pilot.pause()
        assert legal_keys(screen) >= {"split", "surrender", "hint"}
        bar = screen.query_one(ActionBar)
        assert len(bar.shown) == 6
        assert all(bar.region.x + bar.button_region(b).right <= 80 for b in bar.shown)
        footer = screen.query_one(TableFooter)
        assert "Menu" in [k.description for k in footer.shown]
        strip = footer.query_one(KeysStrip)
        # Every key drawn within the strip, and the strip ends before the palette's key.
        assert strip.drawn_width <= strip.region.width and strip.region.right <= 80
        palette = [k for k in footer.query(FooterKey) if k.display]
        assert all(strip.region.right <= k.region.x and k.region.right <= 80 for k in palette)


async def test_a_hint_goes_with_the_move_and_a_split_ace_is_asked_split_or_stand(
        make_app: MakeApp) -> None:
    # The hint for the first decision stayed up all round ("Hint: Split ... Deal
    # again?"), and a split ace, which may not be hit, was asked "Hit or stand?".
    app = table_app(make_app, {"rules": {"resplit_aces": True}})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["As", "6h", "Ad", "Tc", "Ac", "9d", "8d", "7d", "5c"])
        await pilot.press("d", "question_mark")
        assert message(app).startswith("Hint: Split (a pair of aces against a 6)")
        await pilot.press("p")
        assert message(app) == "Player, hand 1: Split or stand?"
        assert legal_keys(screen) & {"hit", "split", "stand"} == {"split", "stand"}
        await pilot.press("s", "s")
        await pilot.pause()
        assert message(app) == "Trainer: Player, basic strategy would split (a pair of aces " \
            "against a 6).  Deal again?"


async def test_a_house_rebuy_is_told_and_a_rebuy_says_how_many_chips(make_app: MakeApp) -> None:
    # "Player buys back in." replaced the table's word that the house rebought
    # the kept balance, and never said with how much.
    app = table_app(make_app, {"rules": {"max_bet": 500},
                               "seats": [{"name": "Player", "kind": "human", "bankroll": 1000}]})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for _ in range(60):
            await pilot.press("plus")
        for _ in range(2):  # 16 against a dealer's 19, twice: 1,000 chips gone
            screen.table.shoe.stack(["Th", "9c", "6d", "Ts"])
            await pilot.press("d", "s")
            await pilot.pause()
        assert screen.table.seats[0].bankroll == 0
        assert app.store.bankroll(Game.BLACKJACK).balance == 0
        await pilot.press("r")
        await pilot.pause()
        assert message(app).startswith("Player was broke: the house rebuys 1,000 chips")
        assert screen.table.seats[0].bankroll == 1000


async def test_a_trainer_remark_stays_while_the_next_player_moves(make_app: MakeApp) -> None:
    # Ann's remark must still be there once Bob has made his (right) move.
    app = table_app(make_app, seats(("Ann", "human"), ("Bob", "human")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["Th", "Tc", "7c", "9d", "Ks", "8s"])  # Ann 17, Bob 18 v 10
        await pilot.press("d", "h")  # Ann hits 17: a mistake
        await pilot.pause()
        assert "Trainer: Ann, basic strategy would stand" in message(app)
        await pilot.press("s")  # Bob stands on 18: right
        await pilot.pause()
        assert "Trainer: Ann, basic strategy would stand" in message(app)


async def test_the_hint_on_a_blackjack_against_an_ace_speaks_of_even_money(
        make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(["As", "Ac", "Kd", "9s"])
        await pilot.press("d", "question_mark")
        assert message(app).startswith(
            "Hint: No insurance (a blackjack against an ace): even money is insurance on it.")
        assert message(app).endswith("Player: Even money?  i takes it, n declines.")
