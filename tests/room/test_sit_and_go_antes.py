"""A sit-and-go level's ante is posted at the shared table, as at the local tournament."""

from __future__ import annotations

from dataclasses import replace

from cardtui.clock import FakeClock
from cardtui.holdem.actions import AntePosted
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh import to_phh
from cardtui.holdem.table import BlindLevel
from cardtui.room.sit_and_go import SitAndGo
from cardtui.wire.protocol import HandStarted, HostStartSitAndGo, Message, Notice, TournamentState
from tests.holdem.holdem_random_play import replay_strictly
from tests.room.support import FakeClient
from tests.room.test_host_controls import HOST, ask
from tests.room.test_sit_and_go import chips_conserved, registered, shove, take_seats
from tests.room.virtual_time import pass_time_until


def test_the_shared_schedule_is_the_local_tournaments_with_antes() -> None:
    from cardtui.holdem.table import DEFAULT_SCHEDULE
    from cardtui.room.sit_and_go_rules import SitAndGoOptions

    assert SitAndGoOptions(name="x").schedule == DEFAULT_SCHEDULE
    assert any(level.ante for level in DEFAULT_SCHEDULE)


async def test_a_levels_ante_is_posted_by_everyone_dealt_in(make_room, clock: FakeClock) -> None:
    room = make_room(clock=clock)
    host = await FakeClient.join(room, HOST)
    clients, sng_id = await registered(room, host)
    ann = clients[0]
    sng: SitAndGo = room.sit_and_gos.sit_and_gos[sng_id]
    sng.options = replace(sng.options, schedule=(BlindLevel(10, 20, 5), BlindLevel(20, 40, 10)))
    assert isinstance(await ask(host, HostStartSitAndGo(sng_id, ref=5), 5), Notice)
    table = sng.table
    assert table is not None
    await take_seats(clients, table.id)
    hands: list[Hand] = []

    def play(client: FakeClient, message: Message) -> None:
        if isinstance(message, HandStarted) and client is ann and table.hand is not None:
            chips_conserved(sng)
            hands.append(table.hand)
        shove(client, message)

    for client in clients:
        client.on_message = play
    state = ann.of(TournamentState)[-1]
    assert (state.small_blind, state.big_blind, state.ante, state.next_ante) == (10, 20, 5, 10)
    await pass_time_until(clock, lambda: len(hands) >= 3 or not sng.running, *clients, step=5)
    assert len(hands) >= 2
    for hand in hands[:-1]:
        assert hand.is_over
        antes = [r for r in hand.records if isinstance(r, AntePosted)]
        # Everyone dealt in antes 5 (a stack shorter than that antes all it has).
        assert len(antes) == len(hand.players) and {r.amount for r in antes} <= {5} | {
            s for s in hand.starting_stacks if s is not None and s < 5}
        # The pokerkit replay of the hand's PHH ends at the same stacks.
        text = to_phh(hand, names=[f"Seat {s + 1}" for s in range(hand.seat_count)])
        assert list(replay_strictly(text).stacks) == [hand.stacks[s] for s in hand.players]
    chips_conserved(sng)
