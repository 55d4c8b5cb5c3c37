"""Nothing the hold'em table says is cut at 80 columns, ten seats included."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from cardtui.holdem.actions import Action
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.view import LineKind, LogLine
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.holdem.wording import table_words
from tests.support.holdem_demo import _line_up, open_table, settle

TEN = _line_up(10)
HOLES = ["AhKh", "9c9d", "QsJs", "8d7d", "5c2h", "Tc3s", "6h6s", "Ad4c", "Jc9h", "3d2d"]


def drawn(widget: Widget) -> str:
    """What is on screen inside ``widget``, its rows joined by spaces, runs of spaces as one."""
    size = widget.outer_size
    rows = ["".join(s.text for s in strip)
            for strip in widget.render_lines(Region(0, 0, size.width, size.height))]
    return " ".join(" ".join(rows).split())


async def test_the_ten_seat_prompt_wraps_instead_of_being_cut(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, TEN, button=9)
        dealer = screen.caps.dealer
        assert dealer is not None
        screen.notes = [Text("New table: " + table_words(dealer.setup))]
        screen._sync()
        await pilot.pause()
        prompt = drawn(screen.query_one("#prompt"))
        assert prompt.endswith("cash game d deals the first hand.")
        # Several things at once (busts, the blinds up) still all show.
        screen.notes = [Text(f"Bot {n} is out in place {n + 1}.") for n in range(1, 5)]
        screen.notes.append(Text("Blinds go up to 1,000/2,000 ante 200."))
        screen._sync()
        await pilot.pause()
        prompt = drawn(screen.query_one("#prompt"))
        assert prompt.startswith("Bot 1 is out in place 2.")
        assert prompt.endswith("ante 200. d deals the first hand.")


async def test_an_all_in_fits_its_seat_with_ten_seats(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Bot 2 shoves 1,000 under the gun; everyone folds, the player too.
        screen = await open_table(pilot, TEN, button=9, holes=HOLES,
                                  moves=[Action.all_in()] + [Action.fold()] * 8)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(screen, HoldemScreen) and screen.hand is not None
        assert screen.hand.is_over
        assert "all-in 1,000" in drawn(screen.query_one("#seat-2"))


async def test_the_newest_log_line_shows_when_older_ones_wrap(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, TEN, button=9)
        long = "Ann and Bob split side pot 2 1,900 with Flush, Ace high, then Queen-Nine-Seven-Four"
        assert len(long) > 80
        screen.view.log = ([LogLine(LineKind.MOVE, long) for _ in range(12)]
                           + [LogLine(LineKind.MOVE, "The newest line")])
        screen._sync()
        await pilot.pause()
        assert drawn(screen.query_one("#log")).endswith("The newest line")


async def test_long_names_keep_the_button_and_blinds_in_view(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    seats = (SeatConfig("Maximiliano1"),
             *(SeatConfig(f"Bot{n}-abcdefg", seat.personality)
               for n, seat in enumerate(TEN.seats[1:], start=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_table(pilot, HoldemConfig(seats=seats), button=9, holes=HOLES,
                                  moves=[Action.fold()] * 7)
        await pilot.press("d")
        await settle(pilot)
        assert drawn(screen.query_one("#seat-0")).startswith("┏━ Maximilian… SB ")
        assert "Bot1-abcde… BB" in drawn(screen.query_one("#seat-1"))
        assert "Bot9-abcdefg D" in drawn(screen.query_one("#seat-9"))
