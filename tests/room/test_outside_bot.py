"""An outside bot at a shared hold'em table: the arena's protocol over the room's wire."""

from __future__ import annotations

import asyncio
import random

from cardtui.arena.protocol import BotView, bot_view
from cardtui.arena.room_bot import RoomSeat
from cardtui.clock import SYSTEM_CLOCK, Clock, FakeClock
from cardtui.guest.client import RoomClient
from cardtui.holdem.actions import Action, ActionKind
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Member
from cardtui.room.room import room_pair
from cardtui.wire.protocol import HoldemAction, Message, Records, Sit, YourTurnHoldem
from tests.room.support import FakeClient, until


class Caller:
    """The test's own bot: calls or checks, and looks at what it is shown."""

    def __init__(self) -> None:
        self.views: list[BotView] = []

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self.views.append(view)
        return Action.call() if view.legal.call_amount else Action.check()


class Witness(Caller):
    """Compares what it is shown with the room's own engine at the same moment."""

    def __init__(self, table: object) -> None:
        super().__init__()
        self.table = table
        self.compared = 0

    def decide(self, view: BotView, rng: random.Random) -> Action:
        hand = self.table.hand  # type: ignore[attr-defined]
        truth = bot_view(hand, view.names, view.hand_number)
        for name in ("seat", "hole", "board", "street", "legal", "pot", "current_bet", "bets",
                     "stacks", "live", "button", "small_blind", "big_blind", "history",
                     "raises", "players_behind"):
            assert getattr(view, name) == getattr(truth, name), name
        self.compared += 1
        self.views.append(view)
        if view.legal.can_raise and view.raises < 2:
            return Action.raise_to(view.legal.min_raise_to)  # bets and raises in the view too
        return Action.call() if view.legal.call_amount else Action.check()


class Sleeper(Caller):
    """Thinks for five seconds of the seat's (fake) clock."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self.clock.advance(5)
        return Action.fold()


class Cheater(Caller):
    """Raises to a million: never legal at a 1,000-chip table."""

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self.views.append(view)
        return Action.raise_to(1_000_000)


def check_or_call(client: FakeClient, message: Message) -> None:
    if isinstance(message, YourTurnHoldem):
        kind = ActionKind.CHECK if message.legal.can_check else ActionKind.CALL
        client.send(HoldemAction(message.table, kind))


async def seated_bot(room, bot: Caller, clock: Clock = SYSTEM_CLOCK) -> RoomSeat:  # noqa: ANN001
    sock = await room_pair(room, Member("bot-profile", "Robo (bot)"))
    seat = RoomSeat(await RoomClient.open(sock), bot, "duel", 1000, rng=random.Random(1),
                    clock=clock)
    await seat.sit()
    return seat


async def test_an_outside_bot_plays_hands_to_showdown_against_a_human(make_room) -> None:
    room = make_room(HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=0))
    human = await FakeClient.join(room, Member("profile-ann", "Ann"))
    human.on_message = check_or_call
    bot = Witness(room.tables["t1"])
    seat = await seated_bot(room, bot)
    human.send(Sit("t1", None, 1000))
    await asyncio.wait_for(seat.play(hands=3), 10)
    assert seat.hands == 3 and not seat.refusals and not seat.room_errors
    # Each settled hand is acknowledged: the room keeps none of the first two for the bot.
    await until(lambda: not any(hand <= 2 for _, hand in room.unseen.get("bot-profile", {})))
    shown = [r for m in human.of(Records) for r in m.records if r["type"] == "holdem.HandShown"]
    assert shown, "hands went to a showdown"
    assert bot.compared >= 6, "every street's view matched the room's engine"
    assert bot.views and all(v.hole and v.seat == seat.seat for v in bot.views)
    # Nobody's hole cards but its own: every other seat's are unknown to the view.
    view = bot.views[-1]
    assert view.names[seat.seat] == "Robo (bot)" and "Ann" in view.names
    assert view.pot >= view.big_blind and view.legal is not None
    ended = [r for m in human.of(Records) for r in m.records if r["type"] == "holdem.HandEnded"]
    assert len(ended) >= 3
    assert all(sum(s or 0 for s in r["stacks"]) == 2000 for r in ended), "chips conserved"
    seat.client.close()
    await human.close()


async def test_an_illegal_move_is_refused_and_the_hand_goes_on(make_room) -> None:
    room = make_room(HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=0))
    human = await FakeClient.join(room, Member("profile-ann", "Ann"))
    human.on_message = check_or_call
    seat = await seated_bot(room, Cheater())
    human.send(Sit("t1", None, 1000))
    await asyncio.wait_for(seat.play(hands=2), 10)
    assert seat.hands == 2
    assert seat.refusals and "illegal move" in seat.refusals[0]
    assert "Robo (bot)'s bot" in seat.refusals[0]
    assert not seat.room_errors, "the room got the check or fold, never the illegal raise"
    seat.client.close()
    await human.close()


async def test_a_slow_bot_hits_the_time_limit_and_checks_or_folds(make_room) -> None:
    room = make_room(HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=0))
    human = await FakeClient.join(room, Member("profile-ann", "Ann"))
    human.on_message = check_or_call
    clock = FakeClock()  # the seat's time, which the bot's thinking moves
    seat = await seated_bot(room, Sleeper(clock), clock=clock)
    human.send(Sit("t1", None, 1000))
    await asyncio.wait_for(seat.play(hands=1), 10)
    assert seat.refusals and "took 5.00 s, over the 1 s limit" in seat.refusals[0]
    assert not seat.room_errors
    seat.client.close()
    await human.close()


async def test_a_bot_whose_line_dropped_gets_its_seat_back_and_plays_on(make_room) -> None:
    room = make_room(HoldemOptions(name="Duel", seats=2, bots_fill=False, min_humans=2,
                                   between_hands=0))
    human = await FakeClient.join(room, Member("profile-ann", "Ann"))
    human.on_message = check_or_call
    first = await seated_bot(room, Caller())
    human.send(Sit("t1", None, 1000))
    await asyncio.wait_for(first.play(hands=1), 10)
    first.client.close()  # mid-hand or between hands: the seat waits the grace period
    again = await seated_bot(room, Caller())
    assert again.seat == first.seat
    await asyncio.wait_for(again.play(hands=2), 10)
    assert again.hands == 2 and not again.room_errors
    again.client.close()
    await human.close()
