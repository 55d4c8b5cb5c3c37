"""Shared hold'em in the room: fake game processes over real socket pairs."""

from __future__ import annotations

from cardtui.holdem.actions import ActionKind, HoleCardsDealt
from cardtui.holdem.hand import stacked_deck
from cardtui.room.codec import decode_record
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.holdem_table import Bot
from cardtui.room.protocol import (
    HandStarted,
    HoldemAction,
    Message,
    Records,
    Settled,
    Sit,
    TableSnapshot,
    Watch,
    YourTurnHoldem,
)
from tests.room.support import FakeClient


def member(name: str) -> Member:
    return Member(f"profile-{name}", name)


def check_or_call(table: str):  # noqa: ANN201
    def act(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem) and message.table == table:
            kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
            client.send(HoldemAction(table, kind))

    return act


def hand_ended(message: Message) -> bool:
    return isinstance(message, Records) and any(
        r["type"] == "holdem.HandEnded" for r in message.records)


async def sit(client: FakeClient, table: str, seat: int | None = None, buy_in: int = 1000) -> int:
    start = len(client.messages)
    client.send(Sit(table, seat, buy_in))
    snapshot = await client.wait_for(
        lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None, after=start)
    return snapshot.your_seat


async def test_three_players_and_two_bots_play_to_showdown_each_seeing_only_their_cards(
        make_room) -> None:
    room = make_room(HoldemOptions(name="Game", seats=5, min_humans=3, between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh", "JsJh", "Ts9h"], board="2c7d9c 3h 4s")
    players = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob", "Cy")]
    spectator = await FakeClient.join(room, member("Sam"))
    spectator.send(Watch("t1"))
    await spectator.wait_for(lambda m: isinstance(m, TableSnapshot))
    seats = {}
    for client in players:
        client.on_message = check_or_call("t1")
        seats[client] = await sit(client, "t1")
    for client in [*players, spectator]:
        await client.wait_for(hand_ended)
    hand = table.last_hand
    assert hand is not None
    assert sum(isinstance(o, Bot) for o in table.seats) == 2
    assert len(hand.players) == 5
    shown = [r for m in players[0].of(Records) for r in m.records
             if r["type"] == "holdem.HandShown"]
    assert shown, "the hand went to a showdown"
    for client in [*players, spectator]:
        mine = seats.get(client)
        dealt = [decode_record(r) for m in client.of(Records) for r in m.records
                 if r["type"] == "holdem.HoleCardsDealt"]
        assert len(dealt) == 5
        for record in dealt:
            assert isinstance(record, HoleCardsDealt)
            expected = hand.hole[record.seat] if record.seat == mine else (None, None)
            assert record.cards == expected
        assert_private(client.raw, hand.hole, mine)
    for client in players:
        settled = await client.wait_for(lambda m: isinstance(m, Settled))
        assert settled.result.player == client.member.name
        assert settled.result.net == hand.stacks[seats[client]] - hand.starting_stacks[seats[client]]


def assert_private(raw: bytes, holes: dict, viewer: int | None) -> None:
    """No other seat's hole card is in ``raw`` before that seat's HandShown (mucked: never)."""
    for seat, cards in holes.items():
        if seat == viewer:
            continue
        shown_at = raw.find(b'"type":"holdem.HandShown","seat":%d,' % seat)
        for card in cards:
            at = raw.find(b'"%s"' % card.code.encode())
            if shown_at < 0:
                assert at < 0, f"seat {seat}'s {card} reached viewer {viewer}, never shown"
            else:
                assert at < 0 or at > shown_at, f"seat {seat}'s {card} reached {viewer} early"


async def test_hand_started_names_every_seat_dealt_in(make_room) -> None:
    room = make_room(HoldemOptions(seats=3, bots_fill=True, between_hands=60))
    ann = await FakeClient.join(room, member("Ann"))
    ann.on_message = check_or_call("t1")
    await sit(ann, "t1")
    started = await ann.wait_for(lambda m: isinstance(m, HandStarted))
    assert len(started.seats) == 3
    assert sum(s.bot for s in started.seats) == 2
