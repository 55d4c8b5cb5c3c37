"""A shared table's hands export as PHH, as the player was shown them: hidden cards are ``????``.

The hands are played in an in-process room (three players, two bots, cards
to a showdown); each player's export is read back by pokerkit, strictly
(every action must be legal there), and must end at the room's own stacks,
and it must hold no card the player was not shown. The same history is kept
with the hand in the player's store, so the statistics count shared hands.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from cardtui.holdem.actions import HandEnded, HoleCardsDealt
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.phh_read import read_phh
from cardtui.holdem.stats_rows import table_rows
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import RoomBot
from cardtui.tables.session import HandBegins, Seen, Settled
from cardtui.ui.holdem.history import export_hands
from cardtui.ui.sitting import SeenHand
from cardtui.ui.widgets.holdem_advice import personalities
from tests.holdem.holdem_random_play import replay_strictly
from tests.room.support import until
from tests.tables.support import Player, join
from tests.tables.test_holdem_remote import check_or_call

HOLES = ["AsKs", "QhJh", "9c8c", "7s6s", "5h4h"]


def played(player: Player, number: int = 1) -> SeenHand:
    """The player's first whole hand as the table screen keeps it for the history."""
    begins = next(e for e in player.of(HandBegins))
    records: list[object] = []
    for event in player.of(Seen):
        records.extend(event.records)
        if any(isinstance(r, HandEnded) for r in event.records):
            break
    return SeenHand(number, begins.seats, begins, tuple(records))  # type: ignore[arg-type]


async def test_each_player_exports_the_shared_hand_as_they_saw_it(make_room,
                                                                  tmp_path: Path) -> None:
    room = make_room(HoldemOptions(name="Game", seats=5, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(HOLES, board="2c7d3d 3s Td")
    players = [await join(room, name) for name in ("Ann", "Bob", "Cy")]
    for player in players:
        player.on_event = check_or_call
        player.listen(await player.link.sit("t1", 1000))
    await until(lambda: table.last_hand is not None)
    hand = table.last_hand
    assert hand is not None
    for player in players:
        await player.wait_for(lambda e: isinstance(e, Seen) and any(
            isinstance(r, HandEnded) for r in e.records))
        mine = player.session.your_seat  # type: ignore[union-attr]
        folder = tmp_path / player.name
        (path,) = export_hands([played(player)], folder, "s")
        text = path.read_text()
        data = tomllib.loads(text)
        # pokerkit plays every action and ends where the room ended.
        state = replay_strictly(text)
        seats = [seat - 1 for seat in data["seats"]]
        assert list(state.stacks) == [hand.stacks[s] for s in seats]
        assert data["finishing_stacks"] == [hand.stacks[s] for s in seats]
        assert data["players"] == [table.seats[s].name for s in seats]  # type: ignore[union-attr]
        # Her own cards, and the cards shown at the showdown; nobody else's.
        for seat in seats:
            cards = "".join(map(str, hand.hole[seat]))
            dealt = f"d dh p{seats.index(seat) + 1} {cards}"
            if seat == mine:
                assert dealt in text
            else:
                assert dealt not in text and f"d dh p{seats.index(seat) + 1} ????" in text
            assert (cards in text) == (seat == mine or seat in hand.shown)
        # And cardtui's own reader plays it back to the same stacks.
        replay = read_phh(text)
        assert replay.complete and replay.final_stacks is not None
        assert [replay.final_stacks[s] for s in replay.players] == data["finishing_stacks"]
        hidden = [r for r in replay.records if isinstance(r, HoleCardsDealt) and r.seat != mine]
        assert all(r.cards == (None, None) for r in hidden)
        # The same history goes to the player's store with the hand, for the statistics.
        # With each room bot's personality (the room sends them with the seats).
        (settled,) = player.of(Settled)
        assert settled.hand_history is not None
        kinds = [o.personality.value if isinstance(o := table.seats[s], RoomBot) else ""
                 for s in seats]
        assert tomllib.loads(settled.hand_history)["_personalities"] == kinds
        line = "_personalities = [" + ", ".join(f'"{k}"' for k in kinds) + "]\n"
        assert settled.hand_history.replace(line, "") == text.replace("hand = 1\n", "")
        rows, unreadable = table_rows([settled.hand_history], player.name)
        assert unreadable == 0 and rows[0].label == f"{player.name} (you)"
        assert rows[0].stats.hands == 1
        bots = sorted(f"{k.capitalize()} bots" for k in kinds if k)
        assert len(bots) == 2 and [row.label for row in rows[1:3]] == bots
        # The advice (o) reads the room's bots with their personalities' ranges too.
        assert personalities(player.session) == {
            s: o.personality for s, o in enumerate(table.seats) if isinstance(o, RoomBot)}


async def test_each_player_exports_the_shared_hand_as_pokerstars_dealt_to_them(
        make_room, tmp_path: Path) -> None:
    from poker.room.pokerstars import PokerStarsHandHistory

    from cardtui.holdem.history_formats import HistoryFormat

    room = make_room(HoldemOptions(name="Game", seats=5, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(HOLES, board="2c7d3d 3s Td")
    players = [await join(room, name) for name in ("Ann", "Bob", "Cy")]
    for player in players:
        player.on_event = check_or_call
        player.listen(await player.link.sit("t1", 1000))
    await until(lambda: table.last_hand is not None)
    hand = table.last_hand
    assert hand is not None
    for player in players:
        await player.wait_for(lambda e: isinstance(e, Seen) and any(
            isinstance(r, HandEnded) for r in e.records))
        mine = player.session.your_seat  # type: ignore[union-attr]
        (path,) = export_hands([played(player)], tmp_path / player.name, "0000abcd",
                               HistoryFormat.POKERSTARS)
        text = path.read_text(encoding="utf-8")
        parsed = PokerStarsHandHistory(text)
        parsed.parse()
        assert parsed.hero.name == player.name
        for seat in range(len(table.seats)):
            if seat not in hand.players:
                continue
            cards = " ".join(map(str, hand.hole[seat]))
            assert (cards in text) == (seat == mine or seat in hand.shown)
