"""Playing the hold'em table with the keyboard (Pilot), animations off, decks stacked."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from cardtui.cards import Card
from cardtui.games import Game
from cardtui.holdem.actions import Action, BetOrRaised, Folded, HandShown
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.locations import hand_history_dir
from cardtui.settings import validate_name
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.bet_bar import BetBar
from cardtui.ui.holdem.history import HoldemHistoryScreen
from cardtui.ui.holdem.pass_screen import PassScreen
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.screens.confirm import ConfirmScreen
from cardtui.ui.screens.menu import MenuScreen
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.holdem_table import HoldemBoard, HoldemSeat
from cardtui.ui.widgets.table_footer import TableFooter
from tests.support.holdem_demo import open_table, settle

SHARK = Personality.SHARK
HEADS_UP = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", SHARK)))
THREE = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", SHARK),
                            SeatConfig("Bot 2", SHARK)))


def shown(widget: Static) -> str:
    return str(widget.render())


def board_text(screen: HoldemScreen) -> str:
    return shown(screen.query_one("#board", HoldemBoard))


def ann_totals(app: CardtuiApp):  # type: ignore[no-untyped-def]
    return {t.player: t for t in app.store.totals(Game.HOLDEM)}["Ann"]


async def test_the_menu_opens_the_table_and_the_first_deal_waits_for_d(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HoldemScreen)
        assert len(screen.query(HoldemSeat)) == 6  # the default: you and five bots
        assert screen.hand is None and "d deals the first hand" in shown(
            screen.query_one("#prompt", Static))
        await pilot.press("d")
        await settle(pilot)
        assert screen.hand is not None
        assert screen.table.hand_number == 1


async def test_fold_preflop(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Button on seat 2: Ann is the small blind and acts after Bot 2 calls.
        screen = await open_table(pilot, THREE, button=2, holes=["7h2d", "AsAh", "KcKd"],
                                  moves=[Action.call()])
        await pilot.press("d")
        await settle(pilot)
        assert screen.waiting_for == 0
        assert screen.check_action("fold", ()) and not screen.check_action("check", ())
        await pilot.press("f")
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over
        assert Folded(0) in hand.records
        assert screen.view.seats[0].folded
        totals = ann_totals(app)
        assert (totals.rounds, totals.losses, totals.net) == (1, 1, -5)
        assert "Ann folds" in [line.plain for line in screen.view.log]
        assert screen.check_action("deal", ()) and not screen.check_action("fold", ())


async def test_check_down_to_a_showdown(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Heads-up the button (Ann) posts the small blind and acts first preflop;
        # the big blind (Bot 1) is dealt first.
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        assert screen.check_action("call", ()) and not screen.check_action("check", ())
        await pilot.press("c")  # call the big blind
        await settle(pilot)
        for street in ("Flop", "Turn", "River"):
            assert screen.view.street.label == street
            assert "You: Three of a kind, Aces" in board_text(screen)
            assert screen.check_action("check", ())
            await pilot.press("c")
            await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over
        assert any(isinstance(r, HandShown) and r.seat == 1 for r in hand.records)
        # The winning five (three aces, king, nine) are highlighted on the board.
        assert screen.view.winning_cards == {Card.parse(c) for c in ("As", "Ah", "Ad", "Kc", "9d")}
        assert screen.view.seats[0].won == 20
        assert "Ann wins 20 with Three of a kind, Aces" in board_text(screen)
        totals = ann_totals(app)
        assert (totals.wins, totals.showdowns, totals.showdowns_won, totals.biggest_pot) == (
            1, 1, 1, 20)


async def test_raise_with_the_amount_entry(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"], moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("r")
        # The bet bar takes the buttons' row on the table itself: no dialog on top.
        bar = screen.query_one(BetBar)
        assert app.screen is screen and bar.is_open and bar.has_focus
        entry = bar.sizer
        assert entry is not None
        assert (entry.legal.min_raise_to, entry.legal.max_raise_to) == (20, 1000)
        await pilot.press("1", "5", "enter")  # too small
        assert bar.is_open and entry.error == "The minimum raise is to 20."
        assert "The minimum raise is to 20." in str(bar.render())
        await pilot.press("2", "0", "0", "0", "enter")  # too large
        assert bar.is_open and entry.error == "The maximum raise is to 1,000: all your chips."
        await pilot.press("f", "c")  # table keys do nothing while the bar is open
        assert bar.is_open and screen.waiting_for == 0
        await pilot.press("p")  # pot: call 5, then raise by the pot of 20
        assert entry.text == "30" and not entry.error
        await pilot.press("right", "right", "left")  # one big blind up
        assert entry.text == "40"
        await pilot.press("pageup")  # ten big blinds
        assert entry.text == "140"
        await pilot.press("escape")  # closed: nothing happens, the buttons are back
        assert not bar.is_open and screen.query_one(ActionBar).display
        assert app.screen is screen and screen.waiting_for == 0
        await pilot.press("r", "4", "5", "enter")
        await settle(pilot)
        hand = screen.hand
        assert hand is not None
        assert BetOrRaised(0, 45, 40, False, False, True) in hand.records
        assert "Ann raises to 45" in [line.plain for line in screen.view.log]


async def test_all_in_with_a_side_pot_shown(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Bot 1 (big blind) has only 50 chips: Bot 2 raises to 100, Ann calls,
        # Bot 1 calls all-in, and the 100 over Bot 1's 50 make a side pot.
        screen = await open_table(pilot, THREE, button=2, holes=["KsKh", "AsAd", "JhJd"],
                                  board="2c 7d 9s 3h 4c", stacks={1: 50},
                                  moves=[Action.raise_to(100)])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert screen.view.street.label == "Flop" and screen.waiting_for == 0
        assert "Main pot 150 · Side pot 1: 100" in board_text(screen)
        assert screen.view.seats[1].all_in
        await pilot.press("a", "y")  # 90 big blinds: asked first
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over
        log = [line.plain for line in screen.view.log]
        assert "Ann bets 900, all-in" in log
        assert any(line.startswith("Bot 1 wins main pot 150 with") for line in log)
        assert any(line.startswith("Ann wins side pot 1: 1,900 with") for line in log)
        assert screen.view.seats[0].stack == 1900
        # Every pot's result is on the board, not only the first.
        assert "Bot 1 wins main pot 150 · Ann wins side pot 1: 1,900" in board_text(screen)


async def test_hot_seat_hides_hole_cards_until_the_player_takes_the_keyboard(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"),
                                 SeatConfig("Bot 2", SHARK)))
    async with app.run_test(size=(80, 24)) as pilot:
        # Button on Bob: Bot 2 is the small blind, Ann the big blind, Bob acts first.
        screen = await open_table(pilot, config, button=1, holes=["2c2d", "AsAh", "KcKd"],
                                  moves=[])
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Bob"
        assert screen.viewer is None
        assert not any(screen.seat_look(i).face_up for i in range(3))
        await pilot.press("f")  # keys do nothing until Enter
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.viewer == 1
        assert screen.seat_look(1).face_up
        assert not screen.seat_look(0).face_up
        assert "Bob" in shown(screen.query_one("#prompt", Static))
        await pilot.press("c")
        await settle(pilot)
        # Bot 2 called; now Ann: the table is covered again for her.
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ann"
        assert screen.viewer is None
        # Escape asks about leaving; staying covers the table again for Ann.
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.viewer == 0 and screen.seat_look(0).face_up
        assert not screen.seat_look(1).face_up


async def test_leaving_mid_hand_asks_and_folds(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, THREE, button=2, holes=["7h2d", "AsAh", "KcKd"],
                                  moves=[Action.raise_to(30)])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is screen and screen.waiting_for == 0
        await pilot.press("escape")
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        hand = screen.hand
        assert hand is not None and hand.is_over and Folded(0) in hand.records
        totals = ann_totals(app)
        assert (totals.rounds, totals.losses, totals.net) == (1, 1, -5)


async def test_leaving_between_hands_needs_no_confirmation(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, THREE, button=2)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_history_lists_hands_and_exports_phh(make_app, data_dir) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, THREE, button=2, holes=["7h2d", "AsAh", "KcKd"],
                         moves=[Action.call()])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        await pilot.press("y")
        history = app.screen
        assert isinstance(history, HoldemHistoryScreen) and len(history.hands) == 1
        await pilot.press("e", "p")  # export, as PHH (the dialog offers PokerStars too)
        await pilot.pause()
        files = sorted(hand_history_dir(data_dir).glob("*.phh"))
        assert len(files) == 1
        text = files[0].read_text()
        assert 'variant = "NT"' in text and '"Ann"' in text and "hand = 1" in text
        assert str(hand_history_dir(data_dir)) in shown(history.query_one("#export-path", Static))
        await pilot.press("escape")
        assert isinstance(app.screen, HoldemScreen)


async def test_tournament_records_the_finishing_places(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=HEADS_UP.seats, stack=100, mode=Mode.TOURNAMENT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, config, button=0, holes=["7c2d", "AsAh"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert screen.table.is_finished
        assert "Ann wins the tournament!" in shown(screen.query_one("#prompt", Static))
        results = app.store.tournaments()
        assert [(r.player, r.place, r.entrants) for r in results] == [("Ann", 1, 2)]
        await pilot.press("d")  # a new tournament
        await settle(pilot)
        assert screen.table.hand_number == 1 and screen.hand is not None


async def test_bots_think_in_a_worker_and_any_key_skips_the_reveal(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(animation="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, THREE, button=0, holes=["7h2d", "AsAh", "KcKd"])
        await pilot.press("d")
        await pilot.pause()
        assert screen.animating  # hole cards going round, one at a time
        dealt = sum(len(s.hole) for s in screen.view.seats)
        assert dealt < 6
        await pilot.press("x")  # any key: the deal lands at once
        while screen.animating:
            await pilot.pause(0.01)
        assert sum(len(s.hole) for s in screen.view.seats) == 6
        # Ann (button) acts first three-handed; no bot thinks before her.
        await settle(pilot)
        assert screen.waiting_for == 0 and screen.thinking is None


def test_the_setup_is_remembered(make_app: Callable[..., CardtuiApp]) -> None:
    app = make_app()
    config = HoldemConfig(seats=THREE.seats, stack=500, small_blind=10, big_blind=20,
                          mode=Mode.TOURNAMENT, hands_per_level=5)
    app.settings.holdem = config.to_json()
    assert HoldemConfig.from_json(app.settings.holdem, default_name="X",
                                    name_problem=validate_name) == config


async def test_a_busted_player_buys_in_again_in_a_cash_game(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=HEADS_UP.seats, stack=100)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, config, button=0, holes=["AsAh", "7c2d"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert screen.view.seats[0].stack == 0 and screen.table.seats[0].stack == 0
        assert "b buys in again" in shown(screen.query_one("#prompt", Static))
        assert screen.check_action("rebuy", ())
        await pilot.press("b")
        assert screen.table.seats[0].stack == 100 and screen.view.seats[0].stack == 100
        assert not screen.check_action("rebuy", ())
        await pilot.press("d")
        await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.starting_stacks[0] == 100
        totals = ann_totals(app)
        assert (totals.rounds, totals.net) == (1, -100)


async def test_the_pot_slides_to_the_winner_frame_by_frame(make_app) -> None:  # type: ignore[no-untyped-def]
    from cardtui.holdem.actions import PotAwarded
    from cardtui.holdem.view import PotSlide, TableView, steps, with_slides
    from cardtui.ui.holdem.pace import SLIDE_FRAMES

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        for _ in range(4):  # call preflop, then check the flop, turn and river
            await pilot.press("c")
            await settle(pilot)
        hand = screen.hand
        assert hand is not None and hand.is_over
        # Replay the hand on a fresh view, watching the pot and the winner's stack.
        view = TableView.for_hand(hand, ["Ann", "Bot 1"], bots={1})
        plan = with_slides(steps(hand.records), SLIDE_FRAMES)
        award = next(r for r in hand.records if isinstance(r, PotAwarded))
        winner = award.winners[0]
        frames: list[tuple[int, int]] = []
        before = 0
        for step in plan:
            if isinstance(step, PotSlide) and step.frame == 1:
                before = view.seats[winner].stack
            view.apply(step)
            if isinstance(step, PotSlide):
                frames.append((view.pots[0].amount, view.seats[winner].stack))
        pots = [pot for pot, _ in frames]
        stacks = [stack for _, stack in frames]
        assert len(frames) == SLIDE_FRAMES - 1 >= 5
        assert pots == sorted(pots, reverse=True) and pots[0] < award.amount and pots[-1] > 0
        assert stacks == sorted(stacks)
        assert before < stacks[0] and stacks[-1] < before + award.amount
        assert all(pot + stack == award.amount + before for pot, stack in frames)
        # Only the picture moved: the award lands whole, as on the table.
        assert view.seats[winner].stack == screen.view.seats[winner].stack == hand.stacks[winner]


async def test_the_mouse_plays_too_and_only_legal_buttons_show(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        bar = screen.query_one(ActionBar)
        shown_buttons = lambda: set(bar.shown)  # noqa: E731
        assert "btn-deal" in shown_buttons() and "btn-fold" not in shown_buttons()
        await pilot.click(ActionBar, offset=bar.button_region("btn-deal").offset)
        await settle(pilot)
        assert screen.hand is not None
        # Facing the big blind: fold, call, raise and all-in; no check, no next hand.
        assert {"btn-fold", "btn-call", "btn-raise", "btn-all-in"} <= shown_buttons()
        assert not {"btn-check", "btn-deal"} & shown_buttons()
        await pilot.click(ActionBar, offset=bar.button_region("btn-fold").offset)
        await settle(pilot)
        assert screen.hand.is_over
        assert any(isinstance(r, Folded) and r.seat == 0 for r in screen.hand.records)
        assert not bar.focusable


async def test_mid_hand_the_prompt_never_offers_the_next_deal(make_app) -> None:  # type: ignore[no-untyped-def]
    # Between two seats' moves nobody is to act and no bot is thinking yet;
    # the prompt said "d deals the next hand." there, over a running hand.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, THREE, button=2, holes=["7h2d", "AsAh", "KcKd"],
                                  moves=[Action.call()])
        await pilot.press("d")
        await settle(pilot)
        assert screen.in_hand and screen.turn is not None
        screen.turn = None  # the moment after a move, before the next seat's turn
        assert "deals" not in screen._prompt().plain  # noqa: SLF001


async def test_the_bet_bar_names_its_presets_in_ascii_and_the_keys_line_fits(
        make_app) -> None:  # type: ignore[no-untyped-def]
    # --ascii showed "h ? pot   t ? pot" (no ½ or ¾ in ASCII) in the box and the keys
    # line, which also repeated the presets the box lists, filling all 80 columns.
    app = make_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HEADS_UP, button=0, holes=["7c2d", "AsAh"], moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("r")
        bar = screen.query_one(BetBar)
        amount, presets, *_ = str(bar.render()).splitlines()
        assert presets.startswith("m min 20  h 1/2 pot ") and " t 3/4 pot " in presets
        assert presets.isascii() and amount.isascii() and "O" in amount
        await pilot.pause()
        keys = [k.description for k in screen.query_one(TableFooter).shown if not k.palette]
        assert keys == ["+1 BB", "−1 BB", "More", "Less", "Bet it", "Close"]
