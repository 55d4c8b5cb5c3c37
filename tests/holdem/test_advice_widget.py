"""The advice panel: only ever for the viewer's own decision, worked out off the event loop."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from cardtui.cards import parse_cards
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.view import TableView, steps
from cardtui.tables.holdem_local import HoldemLocalSession, for_viewers
from cardtui.tables.session import ToAct
from cardtui.ui.widgets.holdem_advice import AdvicePanel, advice_spot, personalities

BOTS = {1: Personality.ROCK, 2: Personality.MANIAC}


def table(viewers: set[int]) -> tuple[Hand, TableView]:
    """Three seats dealt; the view shows only the hole cards of ``viewers`` (as a session sends)."""
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2,
                deck=stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs"))
    view = TableView.for_hand(hand, ["Ann", "Bob", "Cy"], bots={1, 2})
    for step in steps(for_viewers(r, viewers) for r in hand.records):
        view.apply(step)
    return hand, view


def test_advice_is_for_the_viewers_own_turn_only() -> None:
    hand, view = table({0})
    assert hand.actor == 2  # Cy (a bot) acts first
    turn = ToAct(2, hand.legal_actions())
    # Someone else's decision: nothing, whatever the screen asks.
    assert advice_spot(view, turn, viewer=0, viewer_seats={0}, bots=BOTS) is None
    assert advice_spot(view, turn, viewer=2, viewer_seats={0}, bots=BOTS) is None
    hand.raise_to(6)
    view.apply(hand.records[-1])
    turn = ToAct(0, hand.legal_actions())
    spot = advice_spot(view, turn, viewer=0, viewer_seats={0}, bots=BOTS)
    assert spot is not None
    assert spot.hole == tuple(parse_cards("AsKs")) and spot.to_call == 5 and spot.pot == 9
    assert spot.opponents == (Personality.ROCK, Personality.MANIAC)
    assert advice_spot(view, None, viewer=0, viewer_seats={0}, bots=BOTS) is None


def test_hot_seat_advice_waits_for_the_player_to_take_the_keyboard() -> None:
    hand, view = table({0, 1})
    hand.raise_to(6)
    view.apply(hand.records[-1])
    turn = ToAct(0, hand.legal_actions())
    # Ann's turn, but the keyboard is not hers yet (the pass screen is up): nothing.
    assert advice_spot(view, turn, viewer=None, viewer_seats={0, 1}, bots={}) is None
    assert advice_spot(view, turn, viewer=1, viewer_seats={0, 1}, bots={}) is None
    spot = advice_spot(view, turn, viewer=0, viewer_seats={0, 1}, bots={})
    assert spot is not None and spot.opponents == (None, None)


def test_cards_the_viewer_cannot_see_are_never_advised_on() -> None:
    hand, view = table(set())  # a spectator: nobody's cards are in the view
    hand.raise_to(6)
    view.apply(hand.records[-1])
    turn = ToAct(0, hand.legal_actions())
    assert advice_spot(view, turn, viewer=0, viewer_seats={0}, bots=BOTS) is None


def test_personalities_come_from_a_local_tables_setup() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK)))
    session = HoldemLocalSession(setup, random.Random(1), button=0)
    assert personalities(session) == {1: Personality.SHARK}
    assert personalities(object()) == {}


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield AdvicePanel(random.Random(3), id="advice")


async def test_the_panel_is_off_by_default_and_works_in_a_thread_when_on() -> None:
    hand, view = table({0})
    hand.raise_to(6)
    view.apply(hand.records[-1])
    spot = advice_spot(view, ToAct(0, hand.legal_actions()), viewer=0, viewer_seats={0},
                       bots=BOTS)
    app = PanelApp()
    async with app.run_test() as pilot:
        panel = app.query_one(AdvicePanel)
        panel.consider(spot)
        await pilot.pause()
        assert not panel.display and panel.advice is None  # off: nothing worked out
        panel.on = True
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.display and panel.advice is not None
        assert "Equity" in str(panel.render()) and panel.advice.pot_odds == 5 / 14
        # The decision is over: the advice goes with it.
        panel.consider(None)
        assert panel.advice is None and "your turn" in str(panel.render())


async def test_a_result_for_a_decision_already_gone_is_dropped() -> None:
    hand, view = table({0})
    hand.raise_to(6)
    view.apply(hand.records[-1])
    spot = advice_spot(view, ToAct(0, hand.legal_actions()), viewer=0, viewer_seats={0},
                       bots=BOTS)
    assert spot is not None
    app = PanelApp()
    async with app.run_test() as pilot:
        panel = app.query_one(AdvicePanel)
        panel.on = True
        panel.consider(spot)
        panel.consider(None)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.advice is None
