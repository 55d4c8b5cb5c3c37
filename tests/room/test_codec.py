"""Records to JSON and back, over records from real hands; hidden cards replay face down."""

from __future__ import annotations

import json
import random
import typing

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.blackjack import records as blackjack_records
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.table import SeatKind, SeatSetup, Table
from cardtui.blackjack.view import RoundView
from cardtui.holdem import actions as holdem_actions
from cardtui.holdem.bots import Personality
from cardtui.holdem.table import BlindLevel, Mode, Player
from cardtui.holdem.table import Table as HoldemTable
from cardtui.holdem.view import TableView, steps
from cardtui.room.privacy import blackjack_for_viewer, encode_holdem, holdem_for_viewer
from cardtui.wire.codec import RECORD_TYPES, decode_record, encode_record


def through_json(record: object) -> object:
    return decode_record(json.loads(json.dumps(encode_record(record))))


def holdem_hands(seed: int, count: int) -> list:
    players = [Player(f"Bot {i}", 300, p) for i, p in enumerate(list(Personality) * 2)]
    table = HoldemTable(players, mode=Mode.TOURNAMENT, blinds=[BlindLevel(5, 10, 1)],
                        rng=random.Random(seed))
    hands = []
    for _ in range(count):
        if table.is_finished:
            break
        hands.append(table.play_bot_hand())
    return hands


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_holdem_records_round_trip(seed: int) -> None:
    for hand in holdem_hands(seed, 5):
        for record in hand.records:
            assert through_json(record) == record


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_blackjack_records_round_trip(seed: int) -> None:
    setups = [SeatSetup(f"B{i}", SeatKind.BOT) for i in range(5)]
    table = Table(Rules(decks=1, late_surrender=True), setups, random.Random(seed))
    for _ in range(20):
        for record in table.deal():
            assert through_json(record) == record


def test_every_engine_record_is_registered() -> None:
    unions = (holdem_actions.Record, blackjack_records.Record)
    classes = {c for union in unions for c in typing.get_args(union)}
    assert classes <= set(RECORD_TYPES.values())


def test_a_viewer_replays_a_filtered_hand_with_the_others_face_down() -> None:
    hand = holdem_hands(7, 1)[0]
    names = [s or "" for s in (hand.names or ())]
    viewer = hand.players[0]
    mine = TableView.for_hand(hand, names)
    records = [decode_record(r) for r in encode_holdem(hand.records, viewer)]
    for step in steps(records):
        mine.apply(step)
    full = TableView.for_hand(hand, names)
    for step in steps(hand.records):
        full.apply(step)
    assert [s.stack for s in mine.seats] == [s.stack for s in full.seats]
    assert mine.seats[viewer].hole == list(hand.hole[viewer])
    # A hand shown at showdown carries its cards: the viewer sees those, nothing else.
    shown = {r.seat: list(r.cards) for r in hand.records
             if isinstance(r, holdem_actions.HandShown)}
    for seat in hand.players:
        if seat != viewer:
            assert mine.seats[seat].hole == shown.get(seat, [None, None])


def test_filters_leave_shown_hands_and_public_cards_alone() -> None:
    hand = holdem_hands(11, 1)[0]
    for record in hand.records:
        if not isinstance(record, holdem_actions.HoleCardsDealt):
            assert holdem_for_viewer(record, None) is record
    up = blackjack_records.DealerCard(hand.board[0] if hand.board else hand.hole[0][0])
    assert blackjack_for_viewer(up) is up


def test_a_blackjack_round_replays_with_the_hole_card_down() -> None:
    table = Table(Rules(), [SeatSetup("Ann")], random.Random(3))
    table.shoe.stack(["Th", "9c", "7d", "Qs"])  # Ann 17; the dealer 9 up, the queen down
    records = [through_json(blackjack_for_viewer(r)) for r in table.deal()]
    view = RoundView.replay(records)
    assert view.hole_hidden and view.dealer[1] is None
    assert view.dealer_value.total == 9
    assert b"Qs" not in json.dumps([encode_record(r) for r in records]).encode()
