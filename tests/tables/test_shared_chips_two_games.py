"""Two games of one key at a shared table: the kept balance never counts a chip twice.

Seen over SSH: a key's second game bought in 540 at a shared table (balance
0); the first game, broke at that table and watching, pressed Escape and
cashed out 540: the balance showed 540 while the same 540 sat in the other
game's seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from cardtui.games import Game
from cardtui.guest.link import RoomRefused
from cardtui.holdem.actions import Action
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.tables.session import Event, ToAct
from tests.room.support import until
from tests.tables.test_shared_bankroll import KeyHolder, store_of

HOLDEM = Game.HOLDEM


@dataclass
class Shover(KeyHolder):
    """A player who goes all in at every turn."""

    def on_event(self, event: Event) -> None:
        if isinstance(event, ToAct) and self.session is not None:
            self.session.act(event.seat, Action.all_in())
        else:
            super().on_event(event)


async def test_the_broke_game_watching_leaves_the_other_games_buy_in_alone(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, buy_in_min=100,
                                   between_hands=0, action_clock=30))
    table = room.tables["t1"]
    # (Dealt from the button: Bob's seat first, heads up.)
    table.next_deck = stacked_deck(["AsAh", "7c2d"], board="KdQs3h 4c 8d")
    store = store_of(tmp_path, "Ann")
    first = await KeyHolder("Ann", store).connect(room)
    bob = await Shover("Bob", store_of(tmp_path, "Bob")).connect(room)
    session = await first.sit("t1", 100, seat=0)
    await bob.sit("t1", 1_000, seat=1)
    await until(lambda: len(first.settled) == 1 and session.your_seat is None)
    await until(lambda: table.seat_of("key-Ann") is None)  # broke: she watches
    assert first.chips() == (900, {})
    second = await KeyHolder("Ann", store).connect(room)  # her second game
    await second.sit("t1", 540)
    assert first.chips() == (360, {"room:t1": 540})
    session.leave()  # Escape in the first game, watching
    await until(lambda: "t1" not in session.link.sessions)
    assert first.chips() == (360, {"room:t1": 540})  # still in the second game's seat
    assert table.player_at(table.seat_of("key-Ann")).stack == 540  # type: ignore[union-attr,arg-type]


async def test_a_seat_refused_because_another_game_holds_it_gives_back_its_own_buy_in_only(
        make_room, tmp_path: Path) -> None:
    room = make_room(HoldemOptions(seats=3, min_humans=1, action_clock=30, between_hands=60))
    table = room.tables["t1"]
    store = store_of(tmp_path, "Ann")
    first = await KeyHolder("Ann", store).connect(room)
    first.plays = False
    await first.sit("t1", 600, seat=0)
    second = await KeyHolder("Ann", store).connect(room)  # her seat moves to the new game
    assert second.link is not None and first.link is not None
    await until(lambda: bool(second.link.reseated))
    with pytest.raises(RoomRefused, match="already have a seat"):
        await first.link.sit("t1", 400)  # the first game asks for a seat again
    balance, at_tables = first.chips()
    assert balance == 400  # the 600 still play in the second game's seat
    assert at_tables == {"room:t1": table.player_at(0).stack}  # type: ignore[union-attr]
