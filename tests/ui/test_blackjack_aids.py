"""Pilot tests of the blackjack table's trainer aids: ``c`` (the strategy chart with the
decision lit), ``k`` (the count panel, its figures against blackjack/odds.py on a
stacked shoe, counted from what the viewer saw) and the count-based hint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Static

from cardtui.blackjack.odds import dealer_odds, hit_bust_chance, unseen_composition
from cardtui.cards import parse_cards
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.presenter import shoe_tracker
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.screens.strategy_chart import StrategyChartScreen
from cardtui.ui.widgets.blackjack_count import CountPanel

MakeApp = Callable[..., CardtuiApp]


def table_app(make_app: MakeApp, **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = {}
    return app


def panel_text(app: CardtuiApp) -> str:
    return str(app.screen.query_one(CountPanel).render())


def message(app: CardtuiApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


async def test_c_opens_the_chart_with_the_decision_lit(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        screen.table.shoe.stack(["Th", "6c", "6d", "7s"])  # 16 against a 6
        await pilot.press("d", "c")
        chart = app.screen
        assert isinstance(chart, StrategyChartScreen)
        assert chart.highlight == ("hard", 16, 6)
        assert chart.rules == screen.presenter.rules
        await pilot.press("escape")
        assert app.screen is screen and screen.table.in_round  # back at the same decision


async def test_c_between_rounds_opens_the_chart_unlit_for_the_table_rules(
        make_app: MakeApp) -> None:
    app = make_app(start="blackjack")
    app.settings.blackjack = {"rules": {"decks": 2, "dealer_hits_soft_17": True}}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        chart = app.screen
        assert isinstance(chart, StrategyChartScreen)
        assert chart.highlight is None
        assert (chart.rules.decks, chart.rules.dealer_hits_soft_17) == (2, True)


async def test_a_pair_that_may_split_lights_the_pair_row(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.table.shoe.stack(["8h", "Tc", "8d", "7s"])
        await pilot.press("d", "c")
        assert app.screen.highlight == ("pair", 8, 10)  # type: ignore[attr-defined]


async def test_the_count_panel_is_off_by_default_and_k_toggles_it(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(CountPanel)
        assert not panel.display
        await pilot.press("k")
        assert panel.display and "Hi-Lo 0" in panel_text(app)
        await pilot.press("k")
        assert not panel.display


async def test_panel_figures_are_exact_for_the_cards_seen(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(100, 30)) as pilot:
        app.screen.table.shoe.stack(["Th", "6c", "6d", "7s", "Ks"])  # hole card 7s
        await pilot.press("d", "k")
        await app.workers.wait_for_complete()  # the dealer's odds come from a thread
        await pilot.pause()
        text = panel_text(app)
        seen = unseen_composition(6, parse_cards("Th 6c 6d"))
        bust = hit_bust_chance(16, seen, up=6, peeked=False)
        dealer = dealer_odds(6, seen, hits_soft_17=False, peeked=False)
        assert "Hi-Lo +1" in text and f"true {1 / (309 / 52):+.1f}" in text
        assert "(5.9 decks left)" in text
        assert f"a hit busts 16: {bust:.1%}" in text
        for finish, chance in zip(("17", "18", "19", "20", "21", "bust"),
                                  (*dealer.probabilities[:5], dealer.bust), strict=True):
            assert f"{finish} {chance:.0%}" in text
        assert "BJ" not in text  # a 6 up cannot make a blackjack
        # The hole card (a 7, which busts a 16) is not counted until it is turned:
        peeked = unseen_composition(6, parse_cards("Th 6c 6d 7s"))
        assert f"{hit_bust_chance(16, peeked):.1%}" != f"{bust:.1%}"
        await pilot.press("s")  # the reveal: the 7 (0) is seen, then the dealer's K (-1)
        assert "Hi-Lo 0" in panel_text(app)
        assert "shown while her hole card is down" in panel_text(app)


async def test_the_count_goes_on_across_rounds_and_visits(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.shoe.stack(["5h", "4c", "Th", "3s", "Kd"])  # +1 +1 -1 +1 -1
        await pilot.press("k", "d", "s")
        assert not screen.table.in_round
        expected = panel_text(app).split(" · ")[0]
        assert expected == "Hi-Lo +1"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("b")
        await pilot.pause()
        back = app.screen
        assert isinstance(back, BlackjackScreen) and back is not screen
        # The panel stays on for the session; the last round is not counted twice.
        assert back.query_one(CountPanel).display
        assert panel_text(app).split(" · ")[0] == "Hi-Lo +1"  # +2 if counted twice


async def test_the_hint_plays_the_index_with_the_panel_on(make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(120, 30)) as pilot:
        # 5 + 5 + 6 = hard 16 against a king; the hole card (2) is not seen.
        app.screen.table.shoe.stack(["5h", "Ks", "5d", "2c", "6s"])
        await pilot.press("d", "h", "question_mark")
        assert "Hint: Hit" in message(app)  # basic strategy: 16 v T hits
        await pilot.press("k", "question_mark")
        # Seen: 5, K, 5, 6 -> running +2, true count above 0: stand (Illustrious 18 #2).
        assert "Hint: Stand" in message(app)
        assert "Illustrious 18 #2, 16 v T: stand at 0 or more" in message(app)
        assert "basic strategy would hit" in message(app)


async def test_no_count_until_a_shuffle_when_joining_a_shoe_in_play(
        make_app: MakeApp) -> None:
    app = table_app(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "s")
        screen = app.screen
        assert isinstance(screen, BlackjackScreen)
        app.session.blackjack_seen = None  # as a viewer who sat down with the shoe in play
        screen.presenter.seen = shoe_tracker(screen.session, screen.presenter.caps, None)
        await pilot.press("k")
        assert "counting starts at the next shuffle" in panel_text(app)


async def test_odds_for_a_shoe_that_has_changed_are_not_shown() -> None:
    from textual.app import App, ComposeResult

    from cardtui.blackjack.count import SeenCards
    from cardtui.blackjack.rules import Rules
    from cardtui.cards import Card
    from cardtui.ui.widgets.blackjack_count import NO_ODDS

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield CountPanel()

    app = Host()
    async with app.run_test() as pilot:
        panel = app.query_one(CountPanel)
        seen = SeenCards.fresh(8).after_all([])
        panel.show(seen, (), Card.parse("As"), Rules(), ascii=False)  # worked out in a thread
        assert "working it out" in str(panel.render())
        panel.show(seen, (), None, Rules(), ascii=False)  # the hole card turned meanwhile
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert str(panel.render()).endswith(NO_ODDS.plain)
        panel.show(seen, (), Card.parse("As"), Rules(), ascii=False)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "BJ" in str(panel.render()) and "bust" in str(panel.render())


async def test_a_shared_table_is_counted_from_the_records_it_delivers(
        make_app: MakeApp) -> None:
    """No engine behind the screen: the panel counts the session's records (the hole
    card arrives face down, as None) and knows the shoe only from a shuffle."""
    from cardtui.blackjack.records import Action, Shuffled
    from cardtui.tables.session import HandBegins, SeatsChanged, Seen, ToAct
    from tests.support.scripted_blackjack import ScriptedBlackjackSession
    from tests.ui.test_blackjack_seam import DEAL, SEATS

    app = make_app()
    app.session.blackjack_count_panel = True
    async with app.run_test(size=(100, 30)) as pilot:
        joined = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)])
        await app.push_screen(BlackjackScreen(session=joined))
        await pilot.pause()
        assert "counting starts at the next shuffle" in panel_text(app)
        app.pop_screen()
        await pilot.pause()

        fresh = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS),
                                          Seen((Shuffled(6), *DEAL)),
                                          ToAct(0, frozenset({Action.HIT, Action.STAND}))])
        await app.push_screen(BlackjackScreen(session=fresh))
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = panel_text(app)
        shown = unseen_composition(6, parse_cards("Th 5c 9c 9d 6c"))  # not the hole card
        dealer = dealer_odds(9, shown, hits_soft_17=False, peeked=False)
        assert "Hi-Lo +1" in text
        assert f"a hit busts 19: {hit_bust_chance(19, shown, up=9):.1%}" in text
        assert f"bust {dealer.bust:.0%}" in text
