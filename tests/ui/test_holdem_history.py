"""The hand history: every hand of the session once, under its own number."""

from __future__ import annotations

from poker.room.pokerstars import PokerStarsHandHistory
from textual.widgets import DataTable, Static

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.pokerstars import NAME_SPACE
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.locations import hand_history_dir
from cardtui.ui.holdem.export import ExportFormatScreen
from cardtui.ui.holdem.history import HoldemHistoryScreen, tracker_number
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.screens.menu import MenuScreen
from tests.support.holdem_demo import open_table, settle

HEADS_UP = (SeatConfig("Ann"), SeatConfig("Bot 1", Personality.SHARK))


async def test_arrows_on_an_empty_history_do_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, HoldemConfig(seats=HEADS_UP), button=0)
        await pilot.press("y")
        history = app.screen
        assert isinstance(history, HoldemHistoryScreen)
        await pilot.press("up", "down", "home", "end", "pageup")
        await pilot.pause()
        assert app.screen is history
        assert "No hands played yet" in str(history.query_one("#hand-log", Static).render())


async def _play_a_fold(pilot, screen: HoldemScreen) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("d")
    await settle(pilot)
    await pilot.press("f")
    await settle(pilot)


async def test_a_new_table_keeps_the_history_and_numbers_on(make_app, data_dir) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HoldemConfig(seats=HEADS_UP), button=0, moves=[])
        await _play_a_fold(pilot, screen)
        await screen.new_table(button=0)  # what saving a setup does
        assert screen.table.hand_number == 0
        await _play_a_fold(pilot, screen)
        assert [played.number for played in screen.history] == [1, 2]
        await pilot.press("y")
        history = app.screen
        assert isinstance(history, HoldemHistoryScreen)
        assert history.query_one(DataTable).row_count == 2
        await pilot.press("up")
        assert "Hand 1" in str(history.query_one("#hand-log", Static).render())
        await pilot.press("e", "p")  # one file per hand: the second does not overwrite the first
        await pilot.pause()
        assert len(list(hand_history_dir(data_dir).glob("*.phh"))) == 2


async def test_a_finished_tournament_dealt_again_keeps_the_history(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    config = HoldemConfig(seats=HEADS_UP, stack=100, mode=Mode.TOURNAMENT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, config, button=0, holes=["7c2d", "AsAh"],
                                  board="Ad 7h 2s Kc 9d", moves=[])
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a")  # Ann's aces win the tournament
        await settle(pilot)
        assert screen.table.is_finished
        await pilot.press("d")  # a new tournament: its hand 1 (seeded: Bot 1 shoves)
        await settle(pilot)
        assert screen.check_action("fold", ())
        await pilot.press("f")
        await settle(pilot)
        assert screen.table.hand_number == 1 and len(screen.history) == 2
        await pilot.press("y")
        assert isinstance(app.screen, HoldemHistoryScreen)
        assert app.screen.query_one(DataTable).row_count == 2


async def test_the_history_lasts_the_session_across_visits_to_the_table(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HoldemConfig(seats=HEADS_UP), button=0, moves=[])
        await _play_a_fold(pilot, screen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        again = await open_table(pilot, HoldemConfig(seats=HEADS_UP), button=0, moves=[])
        assert again is not screen
        await _play_a_fold(pilot, again)
        assert [played.number for played in again.history] == [1, 2]


async def test_the_whole_log_of_a_long_hand_can_be_read_at_80x24(make_app) -> None:  # type: ignore[no-untyped-def]
    # The log was cut under the table: a hand's end (who won) was out of sight.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (*HEADS_UP, *(SeatConfig(f"Bot {n}", Personality.MANIAC)
                                for n in range(2, 6)))
        screen = await open_table(pilot, HoldemConfig(seats=seats), button=0, moves=[])
        await pilot.press("d")
        await settle(pilot)
        for _ in range(8):  # call, then check the hand down
            if not screen.session.in_hand:
                break
            await pilot.press("c")
            await settle(pilot)
        await pilot.press("y")
        history = app.screen
        assert isinstance(history, HoldemHistoryScreen)
        await pilot.pause()
        log_box = history.query_one("#log-box")
        last = str(history.query_one("#hand-log", Static).render()).splitlines()[-1]
        assert "wins" in last or "splits" in last or "shows" in last
        await pilot.press("tab", "end")
        await pilot.pause()
        assert history.focused is log_box
        room = log_box.scrollable_content_region.height
        assert log_box.virtual_size.height > room  # longer than the room it has
        assert log_box.scroll_y + room >= log_box.virtual_size.height  # its end in sight


async def test_a_new_table_of_as_many_seats_starts_without_the_last_hand(make_app) -> None:  # type: ignore[no-untyped-def]
    # A saved setup with the same seat count kept the last hand's cards, result and log.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HoldemConfig(seats=HEADS_UP), button=0, moves=[])
        await _play_a_fold(pilot, screen)
        assert screen.view.log and screen.view.over
        await screen.new_table(button=0)
        await pilot.pause()
        assert not screen.view.log and not screen.view.over and not screen.view.winners
        assert not any(seat.hole or seat.folded for seat in screen.view.seats)
        assert [played.number for played in screen.history] == [1]  # the history stays


async def _showdown_then_history(pilot, app) -> HoldemScreen:  # type: ignore[no-untyped-def]
    """Ann Lee calls, Bot 1 folds, and Ann checks her aces down against Bot 2."""
    seats = (SeatConfig("Ann Lee"), SeatConfig("Bot 1", Personality.SHARK),
             SeatConfig("Bot 2", Personality.ROCK))
    screen = await open_table(pilot, HoldemConfig(seats=seats), button=0,
                              holes=["Qd9d", "7c2d", "AsAh"], board="Kd8s4h 3c Jc",
                              moves=[Action.fold(), Action.check()])
    await pilot.press("d")
    await settle(pilot)
    for _ in range(8):  # call, then check each street
        if not screen.session.in_hand:
            break
        await pilot.press("c")
        await settle(pilot)
    assert not screen.session.in_hand
    await pilot.press("y")
    await pilot.pause()
    assert isinstance(app.screen, HoldemHistoryScreen)
    return screen


async def test_e_asks_the_format_and_escape_exports_nothing(make_app, data_dir) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _showdown_then_history(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportFormatScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HoldemHistoryScreen)
        assert not hand_history_dir(data_dir).exists()
        await pilot.press("e", "enter")  # Enter: the highlighted choice, PHH
        await pilot.pause()
        (path,) = hand_history_dir(data_dir).glob("*.phh")
        said = str(app.screen.query_one("#export-path", Static).render())
        assert "Exported 1 hand as PHH files" in said


async def test_e_then_s_writes_pokerstars_text_dealt_to_the_player(make_app, data_dir) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _showdown_then_history(pilot, app)
        hand = screen.history[0].hand
        assert hand is not None and hand.is_over
        await pilot.press("e", "s")
        await pilot.pause()
        (path,) = hand_history_dir(data_dir).glob("*.txt")
        assert "as PokerStars files" in str(app.screen.query_one("#export-path", Static).render())
        text = path.read_text(encoding="utf-8")
        parsed = PokerStarsHandHistory(text)
        parsed.parse()
        assert parsed.hero.name.replace(NAME_SPACE, " ") == "Ann Lee"
        assert parsed.ident == str(tracker_number(app.session_id[:8], 1))
        # Her aces; Bot 2's cards as shown at the showdown; Bot 1's folded hand nowhere.
        assert "Dealt to Ann\u00a0Lee [As Ah]" in text
        assert hand.shown == {0, 2}
        assert "Bot\u00a02: shows [7c 2d]" in text
        assert "Qd" not in text and "9d" not in text
