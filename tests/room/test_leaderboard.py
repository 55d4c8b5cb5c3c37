"""The night's results: the leaderboard over the room's protocol and the host's CSV ledger.

Hands are played on virtual time (the action clock acts for every seat); the
figures add up: each player's net is the sum of their settled hands, and what
was bought in is what was cashed out plus what is still at the table.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from cardtui.clock import FakeClock
from cardtui.room.config import BlackjackOptions
from cardtui.room.room import Room
from cardtui.wire.protocol import (
    Bet,
    BetsOpen,
    ComeBack,
    Error,
    ErrorCode,
    GetLeaderboard,
    HostExport,
    Leaderboard,
    Leave,
    Notice,
    SeatSettled,
    Sit,
    TableSnapshot,
)
from tests.room.support import FakeClient
from tests.room.test_host_controls import HOST, ask, holdem, member, three_seated
from tests.room.virtual_time import pass_time, pass_time_until


def settled_nets(*clients: FakeClient) -> dict[str, tuple[int, int]]:
    """(hands, net) per player, from the settled results each game was sent."""
    out: dict[str, tuple[int, int]] = {}
    for client in clients:
        results = client.of(SeatSettled)
        out[client.member.name] = (len(results), sum(s.result.net for s in results))
    return out


def read_csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


async def play_three_hands(room: Room, clock: FakeClock) -> list[FakeClient]:
    table = room.tables["t1"]
    clients = await three_seated(room, clock)
    await pass_time_until(clock, lambda: table.hand_number >= 3 and table.hand is None,
                          *clients, step=30)
    return clients


async def test_the_leaderboard_counts_each_players_hands_and_net_and_chips_add_up(
        make_room, clock: FakeClock) -> None:
    room = make_room(holdem(between_hands=5), clock=clock)
    ann, bob, cy = await play_three_hands(room, clock)
    # Bob cashes out between hands; Ann and Cy keep playing.
    bob.send(Leave("t1"))
    await pass_time(clock, 0, ann, bob, cy)
    answer = await ask(ann, GetLeaderboard(ref=7), 7)
    assert isinstance(answer, Leaderboard)
    expected = settled_nets(ann, bob, cy)
    assert {r.name: (r.hands, r.net) for r in answer.tonight} == expected
    assert all(hands >= 1 for hands, _ in expected.values()), expected
    # Nobody else sat at this table: what one player won, another lost.
    assert sum(r.net for r in answer.tonight) == 0
    assert [r.net for r in answer.tonight] == sorted((r.net for r in answer.tonight),
                                                     reverse=True)
    # Key holders count all time too (the room's first night: the same figures).
    assert {r.name: (r.hands, r.net) for r in answer.all_time} == expected


async def test_the_hosts_csv_ledger_adds_up_and_names_the_file(
        make_room, clock: FakeClock, tmp_path: Path) -> None:
    room = make_room(holdem(between_hands=5), clock=clock)
    room.desk.export_dir = tmp_path
    ann, bob, cy = await play_three_hands(room, clock)
    bob.send(Leave("t1"))
    await pass_time(clock, 0, ann, bob, cy)
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostExport(ref=3), 3)
    assert isinstance(answer, Notice)
    files = list((tmp_path / "ledgers").glob("ledger-*.csv"))
    assert len(files) == 1 and str(files[0]) in answer.text
    rows = read_csv(files[0])
    nets = settled_nets(ann, bob, cy)
    assert {row["player"] for row in rows} == {"Ann", "Bob", "Cy"}
    for row in rows:
        bought, out, held, net = (int(row[k]) for k in
                                  ("bought_in", "cashed_out", "at_table", "net"))
        assert net == out + held - bought
        assert (int(row["hands"]), net) == nets[row["player"]]
        assert row["key"] == f"profile-{row['player']}"
    by_name = {row["player"]: row for row in rows}
    assert int(by_name["Bob"]["at_table"]) == 0 and int(by_name["Bob"]["cashed_out"]) > 0
    assert int(by_name["Ann"]["cashed_out"]) == 0
    # Chips conserved: every chip bought in was cashed out or is still at the table.
    table_chips = sum(p.stack for _, p in room.tables["t1"].players())
    assert sum(int(r["bought_in"]) for r in rows) == 500 + 600 + 700
    assert sum(int(r["cashed_out"]) for r in rows) + table_chips == 1800
    assert sum(int(r["at_table"]) for r in rows) == table_chips
    assert room.desk.actions[-1].action == "export"


async def test_a_non_hosts_raw_export_request_is_refused_and_writes_nothing(
        make_room, clock: FakeClock, tmp_path: Path) -> None:
    room = make_room(holdem(between_hands=5), clock=clock)
    room.desk.export_dir = tmp_path
    ann, bob, cy = await three_seated(room, clock)
    start = len(bob.messages)
    bob.send_raw(json.dumps({"type": "host_export", "ref": 41}).encode() + b"\n")
    error = await bob.wait_for(lambda m: getattr(m, "ref", None) == 41, after=start)
    assert isinstance(error, Error) and error.code is ErrorCode.NOT_HOST
    assert not (tmp_path / "ledgers").exists() and room.desk.actions == []


async def test_a_room_without_a_data_directory_refuses_the_export(make_room) -> None:
    room = make_room(holdem())
    host = await FakeClient.join(room, HOST)
    answer = await ask(host, HostExport(ref=1), 1)
    assert isinstance(answer, Error) and "export" in answer.message


async def test_blackjack_rounds_count_and_the_ledger_adds_up_against_the_dealer(
        make_room, clock: FakeClock, tmp_path: Path) -> None:
    room = make_room(BlackjackOptions(seats=2, between_rounds=0, action_clock=30), clock=clock)
    room.desk.export_dir = tmp_path
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    for seat, client in enumerate((ann, bob)):
        client.send(Sit("t1", seat, 500))
        await client.wait_for(lambda m: isinstance(m, TableSnapshot) and m.your_seat is not None)
    for count in range(1, 4):
        await pass_time_until(clock, lambda c=count: len(ann.of(BetsOpen)) >= c,
                              ann, bob, step=1)
        for client in (ann, bob):
            # Back from the sitting out that two clock expiries in a row bring.
            client.send(ComeBack("t1"))
            client.send(Bet("t1", 10))
        # Nobody acts: the clock stands for them, and the round settles.
        await pass_time_until(clock, lambda c=count: len(ann.of(SeatSettled)) >= c
                              and len(bob.of(SeatSettled)) >= c, ann, bob, step=30)
    host = await FakeClient.join(room, HOST)
    await ask(host, HostExport(ref=1), 1)
    rows = read_csv(next((tmp_path / "ledgers").glob("*.csv")))
    nets = settled_nets(ann, bob)
    held = {p.name: p.stack for _, p in table.players()}
    for row in rows:
        net = int(row["net"])
        assert (int(row["hands"]), net) == nets[row["player"]]
        assert int(row["at_table"]) == held[row["player"]] == 500 + net
    answer = await ask(ann, GetLeaderboard(ref=2), 2)
    assert isinstance(answer, Leaderboard)
    assert {r.name: (r.hands, r.net) for r in answer.tonight} == nets
