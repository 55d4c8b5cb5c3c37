"""A room resumed from its store by another host's room, on SQLite and on PostgreSQL.

No NATS here: two :class:`Room` objects on one store stand for the owner that dies
(it is never stopped) and the host that takes the room over.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.holdem.actions import ActionKind
from cardtui.holdem.hand import stacked_deck
from cardtui.room.blackjack_table import BlackjackTable
from cardtui.room.config import BlackjackOptions, HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import Room
from cardtui.store.backends import open_room_store
from cardtui.store.room_store import ROOM_STORE_NAME, KeptPlay, KeptSeat, RoomStore
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    HandStarted,
    HoldemAction,
    Message,
    SeatSettled,
    SettledSeen,
    TableSnapshot,
    YourTurnBlackjack,
    YourTurnHoldem,
)
from tests.room.support import FakeClient, until
from tests.room.test_blackjack_room import round_settled, seat, stand_on
from tests.room.test_holdem_room import check_or_call, sit

BUY_IN = 1000


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / ROOM_STORE_NAME)
    return str(request.getfixturevalue("postgres_url"))


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


def test_a_write_counts_only_while_its_room_owns_the_store(where: str) -> None:
    first, second = open_room_store(where), open_room_store(where)
    try:
        assert first.take_room("owner-a", "room-1") == "room-1"
        seat = KeptSeat("t1", 0, "p-ann", "Ann", 1000, False)
        play = KeptPlay({"t1": [seat]}, {"t1": (3, True)}, [("p-ann", "t1", 3, "{}")], [], [])
        assert first.keep_play("owner-a", play)
        # Another host takes the room: the id stays, the first owner's writes no longer count.
        assert second.take_room("owner-b", "room-2") == "room-1"
        assert second.kept_seats() == [seat] and second.kept_hands() == {"t1": (3, True)}
        assert second.unseen_hands() == [("p-ann", "{}")]
        moved = KeptPlay({"t1": []}, {}, [], [("p-ann", "t1", 3)], [])
        assert not first.keep_play("owner-a", moved)
        first.end_room("owner-a")  # (not its room any more: nothing ends)
        assert second.kept_seats() == [seat] and second.room_meta("id") == "room-1"
        assert second.keep_play("owner-b", moved)
        assert second.kept_seats() == [] and second.unseen_hands() == []
        second.end_room("owner-b")
        assert second.room_meta("id") is None and second.kept_hands() == {}
    finally:
        first.close()
        second.close()


async def test_the_next_room_takes_the_seats_stacks_results_and_tonight_of_the_last(
        where: str) -> None:
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2,
                            between_hands=0.05, action_clock=60, grace=120)
    old_store: RoomStore = open_room_store(where)
    old = Room([options], store=old_store, resume=True)
    old.tables["t1"].next_deck = stacked_deck(["AsAh", "KsKh"], board="2c7d9c 3h 4s")
    ann, bob = [await FakeClient.join(old, member(n)) for n in ("Ann", "Bob")]
    for client in (ann, bob):
        client.on_message = check_or_call("t1")
        await sit(client, "t1", buy_in=BUY_IN)
    nets = {}
    for client in (ann, bob):
        nets[client.member.name] = (await client.wait_for(
            lambda m: isinstance(m, SeatSettled))).result.net
        client.on_message = None
    # Bob's game acknowledges hand 1, Ann's does not; hand 2 is dealt; the room dies.
    bob.send(SettledSeen("t1", 1))
    for client in (ann, bob):
        await client.wait_for(lambda m: isinstance(m, HandStarted) and m.number == 2)
    await until(lambda: "profile-Bob" not in old.unseen)
    await until(lambda: old.keeper is not None and not old.keeper._seen)  # written
    new_store = open_room_store(where)
    new = Room([options], store=new_store, resume=True)
    try:
        assert new.id == old.id
        table = new.tables["t1"]
        assert table.hand_number == 2  # the next hand dealt is hand 3
        kept = {p.name: (seat, p.stack, p.away, p.sitting_out) for seat, p in table.players()}
        assert kept == {"Ann": (0, BUY_IN + nets["Ann"], True, True),
                        "Bob": (1, BUY_IN + nets["Bob"], True, True)}
        assert list(new.unseen) == ["profile-Ann"]  # Bob's store has hand 1 already
        tonight = {s.name: (s.bought_in, s.cashed_out, s.hands, s.net)
                   for s in new.ledger.tonight.values()}
        assert tonight == {"Ann": (BUY_IN, 0, 1, nets["Ann"]),
                           "Bob": (BUY_IN, 0, 1, nets["Bob"])}
        # The old room, still running somewhere, writes nothing more over the new one's.
        assert old.keeper is not None
        old.ledger.bought_in("profile-Cy", "Cy", 500)
        old.keeper.flush()
        assert not old.keeper.writing
        assert "profile-Cy" not in {line.profile for line in new_store.tonight()}
        # Ann's game greets the new room: her seat, the hand she had not acknowledged.
        back = await FakeClient.join(new, member("Ann"))
        welcome = back.of_type("welcome")[0]
        assert welcome.seated_at == ("t1",) and welcome.room == old.id
        await back.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat == 0)
        assert [m.hand for m in back.of(SeatSettled)] == [1]
        assert not table.seats[0].away  # type: ignore[union-attr]
        await back.close()
    finally:
        for client in (ann, bob):
            await client.close()
        await new.stop()
        new_store.close()
        old_store.close()


async def test_a_blackjack_seat_comes_back_with_the_last_settled_rounds_bankroll(
        where: str) -> None:
    options = BlackjackOptions(name="Pit", seats=3, between_rounds=0, betting_clock=5)
    old_store = open_room_store(where)
    old = Room([options], store=old_store, resume=True)
    ann = await FakeClient.join(old, member("Ann"))
    await seat(ann, 1)
    ann.on_message = stand_on("t1")
    await ann.wait_for(lambda m: isinstance(m, BetsOpen))
    old.tables["t1"].shoe.stack(["Th", "Ks", "9c", "Qs"])  # Ann 19, the dealer 20
    ann.send(Bet("t1", 50))
    settled = await ann.wait_for(round_settled)
    ann.on_message = None
    # The next round is dealt, Ann's 100 out, when the room dies: it goes back with the void.
    await ann.wait_for(lambda m: isinstance(m, BetsOpen), after=ann.position(settled))
    old.tables["t1"].shoe.stack(["Th", "Ks", "9c", "Qs"])
    ann.send(Bet("t1", 100))
    await ann.wait_for(lambda m: isinstance(m, YourTurnBlackjack))
    new_store = open_room_store(where)
    new = Room([options], store=new_store, resume=True)
    try:
        table = new.tables["t1"]
        assert isinstance(table, BlackjackTable) and table.round_number >= 1
        player = table.seats[1]
        assert player is not None and (player.name, player.stack, player.bet) == ("Ann", 950, 0)
        assert new.ledger.tonight["profile-Ann"].net == -50
    finally:
        await ann.close()
        await new.stop()
        new_store.close()
        old_store.close()


async def test_a_room_its_host_stopped_starts_afresh(where: str) -> None:
    options = HoldemOptions(name="Game", seats=2, bots_fill=False, min_humans=2)
    store = open_room_store(where)
    old = Room([options], store=store, resume=True)
    ann = await FakeClient.join(old, member("Ann"))
    await sit(ann, "t1", buy_in=BUY_IN)
    assert old.keeper is not None
    old.keeper.end()  # (what the cluster's owner does as it stops, before the room stops)
    await ann.close()
    await old.stop()
    new = Room([options], store=store, resume=True)
    try:
        assert new.id != old.id and not list(new.tables["t1"].players())
        assert not new.ledger.tonight
    finally:
        await new.stop()
        store.close()


async def test_a_player_kept_alone_with_bots_is_dealt_again_with_new_bots(where: str) -> None:
    """The house's bots are never kept (they went with the dead owner): the table that
    seats bots beside its players seats new ones, or its one kept player would wait for
    a deal that never comes (seen playing three hosts by hand)."""
    options = HoldemOptions(name="Game", seats=4, bots_fill=True, min_humans=1,
                            between_hands=0.05, action_clock=60, grace=120)
    old_store = open_room_store(where)
    old = Room([options], store=old_store, resume=True)
    ann = await FakeClient.join(old, member("Ann"))
    ann.on_message = check_or_fold  # (calling down a bot, she could bust and not be kept)
    await sit(ann, "t1", buy_in=BUY_IN)
    await ann.wait_for(lambda m: isinstance(m, SeatSettled))
    await until(lambda: old.keeper is not None and not old.keeper._unseen)  # written
    new_store = open_room_store(where)
    new = Room([options], store=new_store, resume=True)
    try:
        table = new.tables["t1"]
        assert sum(1 for _ in table.players()) == 1  # Ann alone was kept
        back = await FakeClient.join(new, member("Ann"))
        back.on_message = check_or_fold
        started = await back.wait_for(lambda m: isinstance(m, HandStarted))
        assert sum(1 for s in started.seats if s.bot) == 3 and started.number > 1
        await back.close()
    finally:
        await ann.close()
        await new.stop()
        new_store.close()
        old_store.close()


def check_or_fold(client: FakeClient, message: Message) -> None:
    """Ann checks or folds: a blind a hand at most, she is never out of chips."""
    if isinstance(message, YourTurnHoldem):
        kind = ActionKind.CHECK if message.legal.can_check else ActionKind.FOLD
        client.send(HoldemAction(message.table, kind))
