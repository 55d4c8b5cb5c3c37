"""Big terminals are used (issue 26): bigger card faces from 120x40 and 160x50.

Snapshots of both tables, the menu and the drills at 120x40 and 160x50, in
unicode and ``--ascii`` (update with --snapshot-update, then look at them), and
Pilot tests that a resize picks the face anew and that 80x24 keeps the small one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.app import App
from textual.screen import Screen

from cardtui.blackjack.drill import DrillKind
from cardtui.blackjack.rules import Rules
from cardtui.cards import ALL_CARDS, Card
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens.count_drill import CountDrillScreen
from cardtui.ui.screens.drill import DrillScreen
from cardtui.ui.widgets.blackjack_table import DealerPanel, SeatPanel
from cardtui.ui.widgets.cards import (
    FACES,
    LARGE,
    MEDIUM,
    SMALL,
    CardRow,
    Face,
    boxed_cards,
    face_to_fit,
    largest_face,
)
from cardtui.ui.widgets.holdem_table import HoldemBoard, HoldemSeat
from tests.support import holdem_demo

BIG = [(120, 40), (160, 50)]
big_ids = [f"{w}x{h}" for w, h in BIG]


class Host(App[None]):
    """A bare app with one screen pushed, as the practice screens are tested."""

    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


def blackjack(make_app: Callable[..., CardtuiApp], names: list[str] | None = None,
              **kwargs: Any) -> CardtuiApp:
    app = make_app(start="blackjack", **kwargs)
    app.settings.blackjack = {} if names is None else {"seats": [
        {"name": n, "kind": "bot" if i % 2 else "human", "bankroll": 1000}
        for i, n in enumerate(names)]}
    return app


def play(cards: list[str], keys: list[str]):  # type: ignore[no-untyped-def]
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.pause()
        pilot.app.screen.table.shoe.stack(cards)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run_before


# -- the faces ---------------------------------------------------------------------


@given(cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=6),
       face=st.sampled_from(FACES), ascii=st.booleans(), hidden=st.sets(st.integers(0, 5)))
def test_every_face_is_a_box_of_its_size(cards: list[Card], face: Face, ascii: bool,
                                         hidden: set[int]) -> None:
    lines = boxed_cards(cards, ascii=ascii, face=face, face_down=hidden).split("\n")
    assert len(lines) == face.height
    assert {line.cell_len for line in lines} == {face.width * len(cards)}


def test_a_big_face_shows_the_index_in_two_corners_and_the_suit_in_the_middle() -> None:
    lines = [line.plain for line in boxed_cards([Card.parse("Td")], ascii=False,
                                                face=LARGE).split("\n")]
    assert lines == ["╭───────╮", "│10♦    │", "│       │", "│   ♦   │", "│       │",
                     "│    10♦│", "╰───────╯"]
    ascii_lines = boxed_cards([Card.parse("As")], ascii=True, face=MEDIUM).split("\n")
    assert [line.plain for line in ascii_lines] == [
        "+-----+", "|AS   |", "|  S  |", "|   AS|", "+-----+"]


def test_the_small_face_is_the_one_drawn_before() -> None:
    text = boxed_cards([Card.parse("As"), Card.parse("Th")], ascii=False)
    assert text.plain == "╭───╮╭───╮\n│A♠ ││10♥│\n╰───╯╰───╯"


@pytest.mark.parametrize(("size", "face"), [
    ((80, 24), SMALL), ((119, 60), SMALL), ((120, 39), SMALL), ((120, 40), MEDIUM),
    ((300, 49), MEDIUM), ((159, 80), MEDIUM), ((160, 50), LARGE),
])
def test_the_terminal_size_sets_the_largest_face(size: tuple[int, int], face: Face) -> None:
    assert largest_face(*size) == face


def test_a_face_fits_its_room_or_falls_back() -> None:
    assert face_to_fit(2, 18, 7) == LARGE
    assert face_to_fit(2, 17, 7) == MEDIUM  # two 9-wide cards need 18 cells
    assert face_to_fit(2, 18, 6) == MEDIUM  # a 9x7 card needs 7 lines
    assert face_to_fit(2, 18, 7, limit=MEDIUM) == MEDIUM
    assert face_to_fit(3, 14, 3) is None


# -- the tables at work --------------------------------------------------------------


def _face_lines(widget: HoldemSeat | HoldemBoard) -> int:
    """How many lines of the widget's content are card frames' tops."""
    content = widget.render()
    plain = content.plain if isinstance(content, Text) else str(content)
    return sum(1 for line in plain.split("\n") if line.lstrip().startswith(("╭", "+-")))


def _card_height(widget: HoldemSeat | HoldemBoard) -> int:
    content = widget.render()
    lines = (content.plain if isinstance(content, Text) else str(content)).split("\n")
    tops = [i for i, line in enumerate(lines) if line.lstrip().startswith("╭")]
    bottoms = [i for i, line in enumerate(lines) if line.lstrip().startswith("╰")]
    assert tops and bottoms, lines
    return bottoms[0] - tops[0] + 1


async def test_holdem_cards_grow_and_shrink_with_the_terminal(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await holdem_demo.showdown(pilot)
        screen = app.screen
        me = screen.query_one("#seat-0", HoldemSeat)
        board = screen.query_one("#board", HoldemBoard)
        assert screen.has_class("-wide", "-tall")
        assert _card_height(me) == MEDIUM.height and _card_height(board) == MEDIUM.height
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.pause()
        assert _card_height(me) == LARGE.height and _card_height(board) == LARGE.height
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen.has_class("-narrow", "-short")
        assert _face_lines(me) == 0  # compact panels: the cards inline
        assert _card_height(board) == SMALL.height


async def test_blackjack_dealer_and_seats_grow_within_the_screen(make_app) -> None:  # type: ignore[no-untyped-def]
    names = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"]
    app = blackjack(make_app, names)
    async with app.run_test(size=(120, 40)) as pilot:
        await play([], ["d"])(pilot)
        dealer = app.screen.query_one(DealerPanel)
        assert dealer.outer_size.height == MEDIUM.height + 2
        assert dealer.render().plain.count("╭") == 2
        panels = list(app.screen.query(SeatPanel))
        # Two rows of seats, each hand boxed at the bigger face, all on screen.
        for panel in panels:
            assert "╭─────╮" in panel.render().plain
            assert panel.region.bottom <= app.size.height - 4  # message, counters, keys
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert dealer.outer_size.height == SMALL.height + 2


async def test_a_drill_card_row_takes_the_face_the_terminal_allows() -> None:
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#your-cards", CardRow)
        assert row.outer_size.height == MEDIUM.height
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert row.outer_size.height == SMALL.height


# -- snapshots -----------------------------------------------------------------------


@pytest.mark.parametrize("size", BIG, ids=big_ids)
def test_holdem_showdown(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.showdown, terminal_size=size)


def test_holdem_ten_seats_at_160x50(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), run_before=holdem_demo.ten_seats, terminal_size=(160, 50))


@pytest.mark.parametrize("size", BIG, ids=big_ids)
def test_holdem_showdown_in_ascii(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(ascii=True), run_before=holdem_demo.showdown,
                        terminal_size=size)


@pytest.mark.parametrize("size", BIG, ids=big_ids)
def test_blackjack_split(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    cards = ["8h", "6c", "8d", "Ts", "3c", "Td", "7s"]
    assert snap_compare(blackjack(make_app), run_before=play(cards, ["d", "p"]),
                        terminal_size=size)


@pytest.mark.parametrize("size", BIG, ids=big_ids)
def test_blackjack_three_seats_in_ascii(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    app = blackjack(make_app, ["Ann", "Robo", "Cy"], ascii=True)
    cards = ["Ah", "8h", "Tc", "6c", "Kd", "8d", "6d", "Kc", "2c", "3c", "9s", "Qs"]
    assert snap_compare(app, run_before=play(cards, ["d"]), terminal_size=size)


def test_blackjack_seven_seats_at_160x50(snap_compare, make_app) -> None:  # type: ignore[no-untyped-def]
    app = blackjack(make_app, ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus"])
    assert snap_compare(app, run_before=play([], ["d"]), terminal_size=(160, 50))


@pytest.mark.parametrize("size", BIG, ids=big_ids)
def test_menu_in_ascii(snap_compare, make_app, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(ascii=True), terminal_size=size)


def test_drill_at_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: DrillScreen(Rules(), DrillKind.ALL, random.Random(3), length=5))
    assert snap_compare(app, press=["h", "s"], terminal_size=(120, 40))


def test_count_drill_in_ascii_at_160x50(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = Host(lambda: CountDrillScreen(random.Random(3), cards=8, seconds_per_card=600,
                                        ascii=True))
    assert snap_compare(app, press=["space", "space", "space"], terminal_size=(160, 50))
