"""The replayer's table session: a PHH hand delivered step by step, as a table screen sees it.

The fixtures (``tests/fixtures/phh``) are written by hand from the public
format (https://phh.readthedocs.io): a six-max hand laid out like the
Pluribus hands and a big-blind-ante tournament hand with unknown hole cards.
At every step the chips on the table (each stack and the pot, as the screen's
model shows them) agree with pokerkit replaying the same file.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from pokerkit import HandHistory
from pokerkit.notation import parse_action

from cardtui.cards import parse_cards
from cardtui.holdem.actions import (
    Action,
    BetOrRaised,
    Called,
    Checked,
    Folded,
    HandEnded,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
)
from cardtui.holdem.bots import Personality
from cardtui.holdem.button import Positions
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.phh_read import read_phh
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.view import SeatView, TableView, steps
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.holdem_replay import SPEEDS, HoldemReplaySession, played_replay
from cardtui.tables.session import Event, HandBegins, Note, SeatsChanged, SeatState, Seen
from tests.holdem.holdem_random_play import deal_automatically

FIXTURES = Path(__file__).parents[1] / "fixtures" / "phh"
PLURIBUS = FIXTURES / "pluribus_6max.phh"
BB_ANTE = FIXTURES / "tournament_bb_ante.phh"
BETTING = (Folded, Checked, Called, BetOrRaised)


class Watcher:
    """A stand-in for the table screen: the model it draws, rebuilt on every HandBegins."""

    def __init__(self, session: HoldemReplaySession) -> None:
        self.events: list[Event] = []
        self.view: TableView | None = None
        #: Whether each Seen arrived while the session was rewinding.
        self.instant: list[bool] = []
        self.session = session
        session.attach(self.on_event)

    def on_event(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, HandBegins):
            seats = [SeatView(s.name, s.stack, in_hand=s.status != "empty") for s in event.seats]
            self.view = TableView(seats, positions=event.positions)
        elif isinstance(event, Seen):
            assert self.view is not None
            self.instant.append(self.session.rewinding)
            for step in steps(event.records):  # type: ignore[arg-type]
                self.view.apply(step)

    def stacks(self, players: tuple[int, ...]) -> list[int]:
        assert self.view is not None
        return [self.view.seats[s].stack for s in players]

    def records(self) -> list[object]:
        return [r for e in self.events if isinstance(e, Seen) for r in e.records]


def pokerkit_chips(text: str) -> tuple[list[tuple[list[int], int]], list[int]]:
    """pokerkit's (stacks, pot) once the blinds are in and after each player action; the end."""
    history = HandHistory.loads(text)
    state = history.create_state()
    deal_automatically(state)
    after = [([int(s) for s in state.stacks], int(state.total_pot_amount))]
    for action in history.actions:
        deal_automatically(state)
        parse_action(state, action)
        if action.split()[1] in ("f", "cc", "cbr"):
            deal_automatically(state)
            after.append(([int(s) for s in state.stacks], int(state.total_pot_amount)))
    deal_automatically(state)
    assert not state.status
    return after, [int(s) for s in state.stacks]


@pytest.mark.parametrize("path", [PLURIBUS, BB_ANTE], ids=["pluribus", "big blind ante"])
def test_chips_at_every_step_agree_with_pokerkit(path: Path) -> None:
    text = path.read_text()
    replay = read_phh(text, source=path.name)
    session = HoldemReplaySession(replay)
    screen = Watcher(session)
    theirs, final = pokerkit_chips(text)
    players = replay.players
    compared = 0
    while True:
        records = screen.records()
        if any(isinstance(r, PotAwarded) for r in records):
            break  # pokerkit pushes every pot at once: compared at the end
        acted = sum(isinstance(r, BETTING) for r in records)
        assert screen.view is not None
        assert (screen.stacks(players), screen.view.pot_total) == theirs[acted], (
            f"step {session.position}")
        compared += 1
        if not session.forward():
            break
    while session.forward():
        pass
    assert session.at_end and screen.stacks(players) == final
    assert isinstance(screen.records()[-1], HandEnded)
    # Every player action was a step of its own, compared on its own.
    assert compared >= len(theirs)


def test_a_pluribus_hand_shows_every_hole_card_the_file_gives() -> None:
    session = HoldemReplaySession(read_phh(PLURIBUS.read_text()))
    screen = Watcher(session)
    dealt = [r for r in screen.records() if isinstance(r, HoleCardsDealt)]
    assert len(dealt) == 6 and all(None not in d.cards for d in dealt)
    assert screen.view is not None
    assert ["".join(map(str, s.hole)) for s in screen.view.seats] == [
        "Qc9c", "8d8s", "As5s", "KdJh", "7h6h", "Tc2d"]
    # No move is ever asked of anyone, and none is taken.
    assert session.viewer_seats == frozenset()
    with pytest.raises(ValueError, match="no moves"):
        session.act(0, object())


def test_unknown_cards_stay_hidden_until_the_hand_is_shown() -> None:
    replay = read_phh(BB_ANTE.read_text())
    session = HoldemReplaySession(replay)
    screen = Watcher(session)
    assert screen.view is not None
    assert all(s.hole == [None, None] for s in screen.view.seats if s.in_hand)
    cleo = replay.names.index("Cleo")
    while not any(isinstance(r, HandShown) and r.seat == cleo for r in screen.records()):
        assert screen.view.seats[cleo].hole == [None, None]
        assert session.forward()
    assert "".join(map(str, screen.view.seats[cleo].hole)) == "KsKc"
    # Folded players' cards are never revealed.
    while session.forward():
        pass
    ben = replay.names.index("Ben")
    assert screen.view.seats[ben].hole == [None, None]


def test_back_shows_the_hand_again_up_to_the_step_before_at_once() -> None:
    session = HoldemReplaySession(read_phh(PLURIBUS.read_text()))
    screen = Watcher(session)
    pictures = []
    while True:
        assert screen.view is not None
        pictures.append(([s.stack for s in screen.view.seats], [str(c) for c in screen.view.board],
                         [line.plain for line in screen.view.log]))
        if not session.forward():
            break
    assert session.at_end and not screen.instant[-1]
    for position in range(session.step_count, 1, -1):
        assert session.position == position
        assert session.back()
        assert screen.instant[-1] and isinstance(screen.events[-2], HandBegins)
        assert screen.events[-1].records[-1] in session.steps[position - 2]  # type: ignore[union-attr]
        assert screen.view is not None
        now = ([s.stack for s in screen.view.seats], [str(c) for c in screen.view.board],
               [line.plain for line in screen.view.log])
        assert now == pictures[position - 2]
    assert not session.back() and session.position == 1


def test_scaled_amounts_are_said_in_a_note_before_the_hand() -> None:
    text = PLURIBUS.read_text().replace("blinds_or_straddles = [50, 100,",
                                        "blinds_or_straddles = [50, 100.5,")
    # 100.5 is a tenth: every amount is counted in tenths of the file's unit.
    session = HoldemReplaySession(read_phh(text.replace("min_bet = 100", "min_bet = 100.5")))
    screen = Watcher(session)
    notes = [e for e in screen.events if isinstance(e, Note)]
    assert [n.text for n in notes] == [
        "Amounts are in tenths (× 10): the file's big blind 100.5 is 1,005 chips."]
    assert isinstance(screen.events[0], SeatsChanged)
    # Said after every HandBegins, which clears a table's notes: after a rewind too.
    session.forward()
    session.back()
    assert isinstance(screen.events[-2], Note) and isinstance(screen.events[-3], HandBegins)
    assert screen.view is not None and screen.view.seats[0].stack == 100_000 - 500


async def test_play_steps_by_itself_at_the_chosen_speed_and_pauses() -> None:
    waits: list[float] = []
    gate = asyncio.Event()

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        await gate.wait()
        gate.clear()

    session = HoldemReplaySession(read_phh(PLURIBUS.read_text()), sleep=sleep)
    Watcher(session)
    assert session.speed == 1.0
    assert session.faster() and session.speed == 2.0
    session.play()
    assert session.playing
    for _ in range(3):
        await asyncio.sleep(0)
        gate.set()
        await asyncio.sleep(0)
    assert session.position == 4
    assert set(waits) == {session.seconds_per_step} and session.seconds_per_step == 0.75
    session.toggle()
    assert not session.playing
    await asyncio.sleep(0)
    assert session.position == 4
    while session.slower():
        pass
    assert session.speed == SPEEDS[0] and not session.slower()
    # Played to the end it stops by itself; play again starts from the deal.
    session.toggle()
    for _ in range(2 * session.step_count):
        await asyncio.sleep(0)
        gate.set()
        await asyncio.sleep(0)
    assert session.at_end and not session.playing
    session.play()
    assert session.position == 1 and session.playing
    session.close()
    assert not session.playing


async def test_a_played_hand_replays_with_only_the_cards_its_viewer_was_shown() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.ROCK),
                                SeatConfig("Bot 2", Personality.SHARK)))
    table = HoldemLocalSession(setup, random.Random(1), button=0)
    delivered: list[Event] = []
    table.attach(delivered.append)
    # Dealt from the button's left: Bot 1, Bot 2, then Ann on the button, first to act.
    table.next_deck = stacked_deck(["7h7d", "9c8c", "AsKs"], board="Jc3d5c 4h Qs")
    table.decide = lambda: Action.call() if table.hand.call_amount else Action.check()  # type: ignore[union-attr]
    table.deal()
    table.fold_out()  # Ann folds; the bots call and check it down to a showdown
    begins = next(e for e in delivered if isinstance(e, HandBegins))
    records = [r for e in delivered if isinstance(e, Seen) for r in e.records]
    replay = played_replay(begins, records)
    screen = Watcher(HoldemReplaySession(replay))
    dealt = {r.seat: r.cards for r in screen.records() if isinstance(r, HoleCardsDealt)}
    assert dealt == {0: tuple(parse_cards("AsKs")), 1: (None, None), 2: (None, None)}
    while screen.session.forward():
        pass
    assert screen.view is not None and table.hand is not None
    assert [s.stack for s in screen.view.seats] == list(table.hand.stacks)
    # The bots' cards are seen once they are shown, as at the table.
    assert "".join(map(str, screen.view.seats[1].hole)) == "7h7d"
    assert replay.title == "hand 1" and (replay.small_blind, replay.big_blind) == (5, 10)


def test_a_hot_seat_hand_replays_with_no_hole_card_but_those_shown() -> None:
    from cardtui.cards import Card

    def cards(text: str) -> tuple[Card, Card]:
        first, second = parse_cards(text)
        return first, second

    ann, bob = SeatState(0, "Ann", 100), SeatState(1, "Bob", 100)
    records = [HoleCardsDealt(0, (None, None)), HoleCardsDealt(1, (None, None)),
               HoleCardsDealt(0, cards("AsKs")), HoleCardsDealt(1, cards("7h7d"))]
    replay = played_replay(HandBegins(2, (ann, bob), Positions(0, 0, 1)), records)
    assert all(r.cards == (None, None) for r in replay.records
               if isinstance(r, HoleCardsDealt))
