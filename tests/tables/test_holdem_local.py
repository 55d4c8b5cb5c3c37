"""The local hold'em session: the engine and its bots behind the table seam, without Textual."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time

import pytest

from cardtui.clock import FakeClock
from cardtui.holdem.actions import (
    Action,
    HandEnded,
    HandShown,
    HoleCardsDealt,
)
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.results import holdem_rows
from cardtui.tables.session import (
    Event,
    HandBegins,
    Note,
    SeatClock,
    SeatsChanged,
    Seen,
    Settled,
    ToAct,
)

SHARK, ROCK, MANIAC = Personality.SHARK, Personality.ROCK, Personality.MANIAC


def line_up(*humans: str, bots: int = 3, **options: object) -> HoldemConfig:
    styles = (SHARK, ROCK, MANIAC)
    seats = (*(SeatConfig(name) for name in humans),
             *(SeatConfig(f"Bot {n}", styles[n % 3]) for n in range(1, bots + 1)))
    return HoldemConfig(seats=seats, **options)  # type: ignore[arg-type]


class Screen:
    """A stand-in for the table screen: keeps every event; humans check or call."""

    def __init__(self, session: HoldemLocalSession, *, play: bool = True) -> None:
        self.session = session
        self.events: list[Event] = []
        self.play = play
        session.attach(self.events.append if not play else self.on_event)

    def on_event(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, ToAct):
            legal = event.legal
            move = Action.check() if legal.can_check else Action.call()  # type: ignore[attr-defined]
            self.session.take_keyboard(event.seat)
            self.session.act(event.seat, move)

    def records(self) -> list[object]:
        return [r for e in self.events if isinstance(e, Seen) for r in e.records]

    def of(self, kind: type) -> list:  # type: ignore[type-arg]
        return [e for e in self.events if isinstance(e, kind)]


async def until(condition, seconds: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the table never got there"
        await asyncio.sleep(0.005)


def hand_over(screen: Screen) -> bool:
    return any(isinstance(r, HandEnded) for r in screen.records()) and not (
        screen.session.in_hand)


async def test_a_viewer_never_gets_another_seats_hole_cards_before_they_are_shown() -> None:
    for seed in range(12):
        session = HoldemLocalSession(line_up("Ann", bots=5), random.Random(seed))
        screen = Screen(session)
        session.deal()
        await until(lambda s=screen: hand_over(s))
        hand = session.hand
        assert hand is not None
        delivered = screen.records()
        # Every record of the hand reached the screen, in order, hidden cards aside.
        assert len(delivered) == len(hand.records)
        for record in delivered:
            if isinstance(record, HoleCardsDealt):
                expected = hand.hole[0] if record.seat == 0 else (None, None)
                assert record.cards == expected, f"seed {seed}: seat {record.seat} leaked"
        # Whatever was shown carries its own cards, at showdown only.
        for record in delivered:
            if isinstance(record, HandShown):
                assert record.cards == hand.hole[record.seat]


async def test_hot_seat_delivers_a_players_hole_cards_only_when_they_take_the_keyboard() -> None:
    session = HoldemLocalSession(line_up("Ann", "Bob", bots=1), random.Random(3), button=2)
    screen = Screen(session, play=False)
    session.next_deck = stacked_deck(["AsKs", "7h7d", "9c8c"])
    session.deal()
    await until(lambda: session.to_act is not None)
    dealt = [r for r in screen.records() if isinstance(r, HoleCardsDealt)]
    assert [r.cards for r in dealt] == [(None, None)] * 3  # nobody holds the keyboard yet
    turn = session.to_act
    assert turn is not None and turn.seat == 0
    session.take_keyboard(0)
    ann = [r for r in screen.records() if isinstance(r, HoleCardsDealt) and r.cards[0]]
    assert [(r.seat, r.cards) for r in ann] == [(0, session.hand.hole[0])]  # type: ignore[union-attr]
    session.take_keyboard(0)  # the pass screen again: the cards are not sent twice
    session.act(0, Action.call())
    await until(lambda: session.to_act is not None and session.to_act.seat == 1)
    seen = [r for r in screen.records() if isinstance(r, HoleCardsDealt) and r.cards[0]]
    assert [r.seat for r in seen] == [0]  # Bob's cards wait for Bob
    session.take_keyboard(1)
    seen = [r for r in screen.records() if isinstance(r, HoleCardsDealt) and r.cards[0]]
    assert [r.seat for r in seen] == [0, 1]
    with pytest.raises(ValueError, match="not played at this keyboard"):
        session.take_keyboard(2)


async def test_bots_decide_off_the_event_loop_with_a_think_pause_any_key_cuts_short() -> None:
    virtual = FakeClock()
    session = HoldemLocalSession(line_up("Ann", bots=2), random.Random(5), button=1,
                                 think=lambda *_: 60.0, clock=virtual)
    threads: list[int] = []

    def decide() -> Action:
        threads.append(threading.get_ident())
        hand = session.hand
        assert hand is not None
        return Action.check() if hand.can_check() else Action.call()

    session.decide = decide
    screen = Screen(session, play=False)
    session.deal()  # three-handed the button (seat 1, a bot) acts first, then seat 2
    await until(lambda: bool(screen.of(SeatClock)))
    clock = screen.of(SeatClock)[0]
    assert clock.seat == 1 and clock.deadline is not None
    assert clock.deadline == virtual.monotonic() + 60  # the pause the settings asked for
    await until(lambda: bool(threads))
    session.hurry()  # a minute's pause, cut short: the next bot thinks at once
    await until(lambda: len(threads) == 2)
    session.hurry()
    await until(lambda: session.to_act is not None)
    assert threading.get_ident() not in threads


async def test_illegal_or_out_of_turn_moves_are_refused_in_plain_words() -> None:
    session = HoldemLocalSession(line_up("Ann", bots=1), random.Random(1), button=0)
    Screen(session, play=False)
    session.next_deck = stacked_deck(["7h2d", "AsKs"])
    session.deal()
    with pytest.raises(ValueError, match="cannot check: 5 to call"):
        session.act(0, Action.check())
    with pytest.raises(ValueError, match="below the minimum raise to 20"):
        session.act(0, Action.raise_to(12))
    with pytest.raises(ValueError, match="not your turn"):
        session.act(1, Action.fold())
    with pytest.raises(ValueError, match="finish the current hand"):
        session.deal()


async def test_settled_rows_come_from_the_results_module_and_busts_become_notes() -> None:
    setup = line_up("Ann", bots=1, stack=100, mode=Mode.TOURNAMENT)
    session = HoldemLocalSession(setup, random.Random(2), button=0)
    session.decide = lambda: Action.all_in()
    screen = Screen(session, play=False)
    # Ann shoves with aces, the bot calls with seven-deuce: the tournament is over.
    session.next_deck = stacked_deck(["7h2d", "AsAh"], board="Kd 9s 4h 3c Jc")
    session.deal()
    session.act(0, Action.all_in())
    await until(lambda: bool(screen.of(Settled)))
    hand = session.hand
    assert hand is not None
    (settled,) = screen.of(Settled)
    assert settled.rows == holdem_rows(hand, [0], ["Ann", "Bot 1"])
    assert settled.rows[0].net == 100
    notes = [(n.text, n.kind) for n in screen.of(Note)]
    assert notes == [("Bot 1 is out in place 2.", "warning"), ("Ann wins the tournament!", "win")]
    assert isinstance(screen.events[-1], SeatsChanged)


async def test_a_screen_attaching_mid_hand_is_shown_the_hand_so_far_filtered() -> None:
    session = HoldemLocalSession(line_up("Ann", bots=2), random.Random(4), button=0)
    session.next_deck = stacked_deck(["AsKs", "7h7d", "9c8c"])
    session.deal()  # three-handed the button (Ann, seat 0) acts first
    assert session.to_act is not None
    late = Screen(session, play=False)
    kinds = [type(e) for e in late.events]
    assert kinds == [SeatsChanged, HandBegins, Seen, ToAct]
    dealt = [r for r in late.records() if isinstance(r, HoleCardsDealt)]
    assert {r.seat: r.cards[0] is not None for r in dealt} == {0: True, 1: False, 2: False}


async def test_folding_out_plays_the_hand_to_the_end_and_settles_it_once() -> None:
    virtual = FakeClock()
    session = HoldemLocalSession(line_up("Ann", bots=2), random.Random(6), button=1,
                                 think=lambda *_: 60.0, clock=virtual)
    screen = Screen(session, play=False)
    session.deal()
    await until(lambda: bool(screen.of(SeatClock)))  # a bot is thinking
    bots = session._bots
    session.fold_out()
    assert not session.in_hand and len(screen.of(Settled)) == 1
    # The thinking bot's task is over and its pause long past: nothing of it comes later.
    assert bots is not None
    with contextlib.suppress(asyncio.CancelledError):
        await bots
    await virtual.run(60)
    assert len(screen.of(Settled)) == 1
    session.deal()  # the table deals on
    assert session.table.hand_number == 2
    session.close()
