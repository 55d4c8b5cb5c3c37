"""The time bank: seconds a player's turn gets once their action clock runs out, kept
for later turns when unused and refilled every few hands; on virtual time."""

from __future__ import annotations

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.wire.protocol import (
    HoldemAction,
    Message,
    Notice,
    TimeBankTurn,
    Turn,
    YourTurnHoldem,
)
from tests.room.support import FakeClient
from tests.room.test_holdem_room import check_or_call, member, sit
from tests.room.virtual_time import pass_time, until_now_due


def chips(table: HoldemTable) -> int:
    return sum(o.stack for o in table.seats if o is not None)


async def ann_silent(make_room, clock: FakeClock, **options: object) -> (  # type: ignore[no-untyped-def]
        tuple[HoldemTable, FakeClient, FakeClient]):
    values: dict[str, object] = dict(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                     between_hands=5, time_bank=30, seed=1)
    values.update(options)
    room = make_room(HoldemOptions(**values), clock=clock)  # type: ignore[arg-type]
    table = room.tables["t1"]
    ann, bob = [await FakeClient.join(room, member(n)) for n in ("Ann", "Bob")]
    bob.on_message = check_or_call("t1")
    await sit(ann, "t1", 0)
    await sit(bob, "t1", 1)
    await until_now_due(clock, lambda: table.hand is not None and table.hand.actor == 0)
    await pass_time(clock, 0, ann, bob)
    return table, ann, bob


async def test_when_the_clock_runs_out_the_bank_runs_then_the_room_acts(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, ann, bob = await ann_silent(make_room, clock)
    hand = table.hand
    assert hand is not None and table.banks["profile-Ann"] == 30
    start = len(ann.messages)
    await pass_time(clock, 30, ann, bob)
    assert table.hand is hand and hand.actor == 0  # not acted for: the bank runs
    said = [m.text for m in ann.messages[start:] if isinstance(m, Notice)]
    assert said == ["Ann's clock ran out: time bank, 30 s."]
    turn = next(m for m in ann.messages[start:] if isinstance(m, Turn))
    assert turn.seat == 0 and turn.seconds == 30
    banked = [m for m in bob.messages if isinstance(m, TimeBankTurn)]
    assert banked == [TimeBankTurn("t1", 0, 30)]  # every screen is told, before the turn
    assert any(isinstance(m, YourTurnHoldem) for m in ann.messages[start:])  # asked again
    assert table.banks["profile-Ann"] == 0
    await pass_time(clock, 29, ann, bob)
    assert hand.actor == 0
    await pass_time(clock, 1, ann, bob)
    assert table.hand is not hand or hand.actor != 0  # the room acted for her at last
    assert any("Ann's clock ran out: Ann" in m.text for m in ann.of(Notice))
    assert chips(table) == 2000


async def test_what_is_left_of_the_bank_stays_and_refills_every_few_hands(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, ann, bob = await ann_silent(make_room, clock, time_bank_refill=20,
                                       time_bank_every=2)
    await pass_time(clock, 30 + 12, ann, bob)  # the clock, then 12 s of the bank
    hand = table.hand
    assert hand is not None and hand.actor == 0 and table.banking == "profile-Ann"
    ann.send(HoldemAction("t1", ActionKind.FOLD))  # hand 1 ends: no refill after it
    await pass_time(clock, 0, ann, bob)
    assert table.hand is None and table.hand_number == 1 and table.banking is None
    assert table.banks["profile-Ann"] == 18  # what she did not use stays hers
    assert not any("Ann's clock ran out: Ann" in m.text for m in ann.of(Notice))

    def ann_folds(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem) and message.table == "t1":
            client.send(HoldemAction("t1", ActionKind.CHECK if message.legal.can_check
                                     else ActionKind.FOLD))

    ann.on_message = ann_folds
    await pass_time(clock, 5, ann, bob)  # hand 2 is dealt and played out
    await until_now_due(clock, lambda: table.hand is None and table.hand_number == 2)
    assert table.banks["profile-Ann"] == 30  # 18 and 20 back after hand 2, capped at 30
    assert chips(table) == 2000
