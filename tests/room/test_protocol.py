"""The wire protocol: every message survives a round trip; bad lines are plain errors."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtui.games import Game
from cardtui.holdem.legal import LegalActions
from cardtui.store import SeatResult
from cardtui.wire.protocol import (
    MESSAGE_TYPES,
    ErrorCode,
    LeaderRow,
    LineSplitter,
    OnlinePlayer,
    ProtocolError,
    SeatInfo,
    SeatRequestInfo,
    SettledResult,
    SitAndGoInfo,
    SitAndGoStage,
    TableInfo,
    TooLong,
    TournamentPlace,
    decode,
    encode,
)


def sample(hint: str, rng: random.Random) -> object:
    samples = {
        "str": "Ann", "int": 7, "bool": True, "float": 1.5, "int | None": None,
        "str | None": "t1", "float | None": 2.5, "ErrorCode": ErrorCode.REFUSED,
        "Game": Game.HOLDEM, "ActionKind": "raise_to", "BlackjackMove": "hit",
        "dict[str, Any]": {"decks": 2},
        "dict[str, str]": {"name": "Bob"},
        "tuple[str, ...]": ("t1",),
        "tuple[dict[str, Any], ...]": ({"type": "holdem.Folded", "seat": 1},),
        "LegalActions": LegalActions(1, True, False, 10, True, 20, 100, False),
        "tuple[BlackjackMove, ...]": ("hit", "stand"),
        "SettledResult": SettledResult("Ann", 10, -10, "loss"),
        "TableInfo": TableInfo("t1", Game.BLACKJACK, "Pit", "10-500", 7,
                               ("Ann", None), False, 10, 5000, 30.0),
        "tuple[TableInfo, ...]": (),
        "tuple[SeatInfo, ...]": (SeatInfo(0, "Ann", 990),),
        "tuple[ChatEntry, ...]": (),
        "tuple[OnlinePlayer, ...]": (OnlinePlayer("Ann", seated=("t1",), away=True),),
        "tuple[LeaderRow, ...]": (LeaderRow("Ann", 12, -40, (1, 3)),
                                  LeaderRow("Bob", 3, 40)),
        "tuple[SeatRequestInfo, ...]": (SeatRequestInfo("t3", "Friday", "Bob"),),
        "HandStarted | None": None,
        "Turn | None": None,
        "SitAndGoInfo": SitAndGoInfo("g1", "Friday", SitAndGoStage.RUNNING, 100, 1500, 6,
                                     ("Ann", "Bob"), 300.0, late_levels=1, rebuys=1,
                                     pool=600, table="g1", open=False),
        "tuple[SitAndGoInfo, ...]": (SitAndGoInfo("g2", "Late", SitAndGoStage.REGISTERING,
                                                  50, 1000, 4, (), 120.0),),
        "tuple[TournamentPlace, ...]": (TournamentPlace(1, "Ann", 300),
                                        TournamentPlace(2, "Rocky", 0, bot=True)),
    }
    return samples[hint]


@pytest.mark.parametrize("name", sorted(MESSAGE_TYPES))
def test_every_message_round_trips(name: str) -> None:
    cls = MESSAGE_TYPES[name]
    rng = random.Random(1)
    values = {f.name: sample(str(f.type), rng) for f in dataclasses.fields(cls)}
    message = decode(encode(cls(**values)))
    again = decode(encode(message))
    assert type(message) is cls and again == message


def test_settled_carries_every_field_the_store_records() -> None:
    assert [f.name for f in dataclasses.fields(SettledResult)] == [
        f.name for f in dataclasses.fields(SeatResult)]


@pytest.mark.parametrize(("line", "code"), [
    (b"{", ErrorCode.MALFORMED),
    (b"\xff\xfe", ErrorCode.MALFORMED),
    (b"[" * 100_000, ErrorCode.MALFORMED),
    (b'{"type": 5}', ErrorCode.UNKNOWN_TYPE),
    (b'{"seat": 1}', ErrorCode.UNKNOWN_TYPE),
    (b'{"type": "bet", "table": "t1", "amount": true}', ErrorCode.MALFORMED),
    (b'{"type": "bet", "table": "t1", "amount": 1.5}', ErrorCode.MALFORMED),
    (b'{"type": "bet", "table": "t1"}', ErrorCode.MALFORMED),
    (b'{"type": "holdem_action", "table": "t1", "action": "cheat"}', ErrorCode.MALFORMED),
    (b'{"type": "sit", "table": "t1", "seat": 0, "buy_in": 1' + b"0" * 5000 + b"}",
     ErrorCode.MALFORMED),
])
def test_bad_lines_raise_a_protocol_error(line: bytes, code: ErrorCode) -> None:
    with pytest.raises(ProtocolError) as raised:
        decode(line)
    assert raised.value.code is code


@given(st.lists(st.binary(max_size=40), max_size=12), st.lists(st.integers(1, 30), min_size=1))
def test_the_splitter_finds_the_same_lines_however_the_bytes_arrive(
        lines: list[bytes], cuts: list[int]) -> None:
    lines = [line.replace(b"\n", b"") for line in lines]
    stream = b"".join(line + b"\n" for line in lines)
    splitter = LineSplitter(limit=20)
    out: list[bytes | TooLong] = []
    position = 0
    for cut in cuts * (len(stream) // max(sum(cuts), 1) + 1) + [len(stream)]:
        out += splitter.feed(stream[position:position + cut])
        assert splitter.held <= 20
        position += cut
        if position >= len(stream):
            break
    expected = [line if len(line) <= 20 else TooLong(len(line)) for line in lines]
    assert out == expected
