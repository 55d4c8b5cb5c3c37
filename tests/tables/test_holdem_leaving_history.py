"""A player who leaves a shared hold'em table mid-hand keeps that hand's history.

The room settles the hand for them (their blinds and bets are lost) and goes on
sending its records to their game until the hand ends, as it does to the seat:
their game keeps those records under the table it left, so the result reaches
the store with the hand as they saw it, and ``cardtui stats`` (the kept
histories) counts the same hands and the same net as ``cardtui scores`` (the
rounds). Other players' cards stay hidden unless shown at the showdown.
"""

from __future__ import annotations

import tomllib

from cardtui.games import Game
from cardtui.holdem.actions import HoleCardsDealt
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.phh_read import read_phh
from cardtui.holdem.stats_rows import table_rows
from cardtui.room.config import HoldemOptions
from cardtui.store.database import Database
from cardtui.tables.session import Seen, Settled
from tests.room.support import until
from tests.tables.support import join
from tests.tables.test_holdem_remote import check_or_call

HOLES = ["AsKs", "QhJh", "9c8c"]


async def test_leaving_mid_hand_keeps_the_hand_as_seen_in_the_players_store(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=False, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(HOLES, board="2c7d3d 3s Td")
    ann, bob, cy = [await join(room, name) for name in ("Ann", "Bob", "Cy")]
    kept: list[Settled] = []
    ann.link.on_settled = lambda game, settled: kept.append(settled)
    for player in (bob, cy):
        player.on_event = check_or_call
    # The room's first button (its seeded choice) is seat 0: Ann sits in the big blind.
    for seat, player in enumerate((bob, cy, ann)):
        player.listen(await player.link.sit("t1", 1000, seat))
    await ann.wait_for(lambda e: isinstance(e, Seen) and any(
        isinstance(r, HoleCardsDealt) for r in e.records))
    assert ann.session is not None and ann.session.in_hand
    assert table.positions is not None and table.positions.big_blind == 2
    ann.session.leave()  # "Leave the table? ... y" mid-hand: the room acts for her seat
    await until(lambda: bool(kept))
    hand = table.last_hand
    assert hand is not None
    (settled,) = kept
    (row,) = settled.rows
    assert row.player == "Ann" and row.net == hand.stacks[2] - 1000 == -10
    history = settled.hand_history
    assert history is not None, "the hand she left reached her store without its history"
    replay = read_phh(history)
    assert replay.complete and replay.final_stacks is not None
    data = tomllib.loads(history)
    seats = [seat - 1 for seat in data["seats"]]
    assert data["finishing_stacks"] == [hand.stacks[s] for s in seats]
    assert [replay.final_stacks[s] for s in replay.players] == data["finishing_stacks"]
    # Her own cards; the others' only as they were shown at the showdown.
    for seat, cards in hand.hole.items():
        for card in cards:
            assert (str(card) in history) == (seat == 2 or seat in hand.shown)
    # The store keeps the round with its history: the statistics and the scores agree.
    db = Database(":memory:")
    db.record_round(Game.HOLDEM, settled.rows, "s", 0.0, hand_history=history,
                    shared_hand=settled.shared_hand)
    (totals,) = db.totals(Game.HOLDEM)
    stats, unreadable = table_rows([h.text for h in db.hand_histories()], "Ann")
    assert unreadable == 0
    assert (stats[0].stats.hands, totals.rounds) == (1, 1)
    assert totals.net == row.net
    assert stats[0].stats.bb_per_100 == row.net / table.options.big_blind * 100
