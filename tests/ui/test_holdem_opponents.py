"""The opponents at the hold'em table: each bot's personality at its seat, hole cards
high card first wherever they are drawn, and the HUD line (issue 26)."""

from __future__ import annotations

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.ui.widgets.holdem_table import HoldemSeat
from tests.support.holdem_demo import open_table, settle

LINE_UP = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK),
                              SeatConfig("Bot 2", Personality.MANIAC)))


def subtitle(screen: object, seat: int) -> str:
    return str(screen.query_one(f"#seat-{seat}", HoldemSeat).border_subtitle)  # type: ignore[attr-defined]


async def test_each_bot_says_its_personality_at_its_seat(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, LINE_UP, button=2, holes=["8cAs", "Kd2h", "7h7s"],
                                  moves=[Action.fold()])
        await settle(pilot)
        assert [subtitle(screen, s) for s in range(3)] == ["", "Rock", "Maniac"]
        await pilot.press("d")
        await settle(pilot)
        # Bot 2 (first to act three-handed: the button) folds; its kind stays with the status.
        assert subtitle(screen, 2) == "Maniac · folded"


async def test_hole_cards_are_drawn_high_card_first(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Dealt from the button's left: Bot 1 (small blind), Bot 2 (big blind), then Ann.
        screen = await open_table(pilot, LINE_UP, button=0, holes=["2hKd", "7h7s", "8cAs"],
                                  board="Ad 3d 9h Jc 5s", moves=[])
        await pilot.press("d")
        await settle(pilot)
        panel = screen.query_one("#seat-0", HoldemSeat)
        assert "A♠ 8♣" in str(panel.render())
        for _ in range(4):  # check or call it down to the showdown
            await pilot.press("c")
            await settle(pilot)
        log = "\n".join(line.plain for line in screen.query_one("#log").lines)  # type: ignore[attr-defined]
        assert "A♠ 8♣" in log and "8♣ A♠" not in log
        # An opponent's hand turned up at the showdown too (dealt 2♥ K♦), in the log and seat.
        assert "Bot 1 shows K♦ 2♥" in log
        assert "K♦ 2♥" in str(screen.query_one("#seat-1", HoldemSeat).render())


async def test_the_history_list_shows_your_cards_and_your_net(make_app) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import DataTable

    from cardtui.ui.holdem.history import HoldemHistoryScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Ann (the button, first to act three-handed) is dealt 8♣ A♠ and folds: she loses nothing.
        screen = await open_table(pilot, LINE_UP, button=0, holes=["2hKd", "7h7s", "8cAs"],
                                  board="Ad 3d 9h Jc 5s", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        # The next hand (Ann in the big blind) is checked down: her A♠ 8♣ pairs the ace and wins.
        session = screen.session
        assert isinstance(session, HoldemLocalSession)
        session.next_deck = stacked_deck(["7h7s", "8cAs", "2hKd"], board="Ad 3d 9h Jc 5s")
        await pilot.press("d")
        await settle(pilot)
        for _ in range(4):
            await pilot.press("c")
            await settle(pilot)
        await pilot.press("y")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HoldemHistoryScreen)
        table = history.query_one(DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels == ["Hand", "Blinds", "You", "Board", "Pot", "Net", "Won by"]
        rows = [[str(getattr(cell, "plain", cell)) for cell in table.get_row_at(i)]
                for i in range(table.row_count)]
        you, net = labels.index("You"), labels.index("Net")
        assert (rows[0][you], rows[0][net]) == ("A♠ 8♣", "0")
        assert rows[1][you] == "A♠ 8♣" and rows[1][net] == "+20"


async def test_the_hud_shows_each_seats_hands_vpip_and_pfr_from_the_kept_hands(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Bot 2 (the button) raises, Ann folds her small blind, Bot 1 calls; then the HUD is asked.
        screen = await open_table(pilot, LINE_UP, button=2, holes=["2hKd", "7h7s", "8cAs"],
                                  moves=[Action.raise_to(30), Action.call()])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        bot_2 = screen.query_one("#seat-2", HoldemSeat)
        assert "1h" not in str(bot_2.render())  # off until asked for
        await pilot.press("h")  # the hand just played is read from the kept histories
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "HUD on" in str(screen.query_one("#prompt").render())
        assert "100/100 1h" in str(bot_2.render())
        assert "0/0 1h" in str(screen.query_one("#seat-0", HoldemSeat).render())
        # A hand played with the HUD on counts at once.
        await pilot.press("d")
        await settle(pilot)
        while screen.presenter.legal() is not None:
            await pilot.press("f")
            await settle(pilot)
        await settle(pilot)
        assert "2h" in str(bot_2.render())
        await pilot.press("h")
        await pilot.pause()
        assert "2h" not in str(bot_2.render()) and app.session.holdem_hud is False


def test_a_shared_tables_hand_counts_for_the_hud_as_its_player_saw_it() -> None:
    from cardtui.holdem.actions import HoleCardsDealt
    from cardtui.holdem.hand import Hand
    from cardtui.holdem.stats import FactsBook
    from cardtui.tables.session import HandBegins, SeatState
    from cardtui.ui.holdem.hud import played_hand
    from cardtui.ui.sitting import SeenHand

    names = ["Ann", "Bob", "Cy"]
    hand = Hand([100, 100, 100], button=0, small_blind=1, big_blind=2, names=names,
                deck=stacked_deck(["7h2c", "9d4s", "AcAs"]))
    _ = hand.raise_to(5), hand.fold(), hand.fold()  # Ann opens on the button, both fold
    seats = tuple(SeatState(i, name, 100) for i, name in enumerate(names))
    # The room hides the others' cards: only Bob's are known to this player.
    records = tuple(HoleCardsDealt(r.seat, (None, None)) if isinstance(r, HoleCardsDealt)
                    and r.seat != 1 else r for r in hand.records)
    seen = SeenHand(1, seats, HandBegins(1, seats, hand.positions), records)  # no engine hand
    book = FactsBook()
    book.add(played_hand(seen))
    assert (book.line("Ann"), book.line("Bob"), book.line("Cy")) == ("100/100 1h", "0/0 1h",
                                                                      "0/0 1h")
