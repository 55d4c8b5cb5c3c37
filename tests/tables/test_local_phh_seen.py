"""A local table's hands export as their player saw them: ``????`` for every card they did not see.

At a local table the engine holds every seat's hole cards, but the player
was shown only their own and the ones turned up at the showdown. Both the
file ``y`` then ``e`` writes and the history kept with the hand in the store
(which ``cardtui export`` writes out) hold no other card: not a bot's folded
or mucked hand, and at a hot-seat table not the other person's hand. The
files still play back in pokerkit, strictly, to the engine's own stacks.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from cardtui.cards import Card
from cardtui.holdem.actions import Action, BoardDealt, HandMucked, HandShown, Record
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.tables.session import Event, HandBegins, SeatsChanged, Seen, Settled, ToAct
from cardtui.ui.holdem.history import export_hands
from cardtui.ui.sitting import SeenHand
from tests.holdem.holdem_random_play import replay_strictly
from tests.tables.test_holdem_local import until

ROCK, SHARK = Personality.ROCK, Personality.SHARK


class Keyboard:
    """The table screen's part: keeps what it is shown; each person's move comes from ``moves``."""

    def __init__(self, session: HoldemLocalSession, moves: dict[int, list[str]]) -> None:
        self.session = session
        self.moves = moves
        self.events: list[Event] = []
        session.attach(self.on_event)

    def on_event(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, ToAct):
            self.session.take_keyboard(event.seat)  # the pass-to screen's "ready"
            hand = self.session.hand
            assert hand is not None
            move = self.moves[event.seat].pop(0)
            if move == "bet":
                self.session.act(event.seat, Action.raise_to(event.legal.min_raise_to))  # type: ignore[attr-defined]
            elif move == "fold":
                self.session.act(event.seat, Action.fold())
            else:
                self.session.act(event.seat, Action.check() if hand.can_check() else Action.call())

    def played(self) -> SeenHand:
        """The hand as the table screen keeps it for the history."""
        begins = next(e for e in self.events if isinstance(e, HandBegins))
        seats = [e for e in self.events if isinstance(e, SeatsChanged)][-1].seats
        records: list[Record] = [r for e in self.events if isinstance(e, Seen)
                                 for r in e.records]  # type: ignore[misc]
        return SeenHand(1, seats, begins, tuple(records), self.session.hand)

    def settled(self) -> Settled:
        (settled,) = [e for e in self.events if isinstance(e, Settled)]
        return settled


def bots_that(session: HoldemLocalSession, plan: dict[int, str]) -> None:
    """Each bot's seat folds ("fold"), bets the river ("river") or checks and calls."""
    def decide() -> Action:
        hand = session.hand
        assert hand is not None and hand.actor is not None
        if plan[hand.actor] == "fold":
            return Action.fold()
        if plan[hand.actor] == "river" and len(hand.board) == 5 and hand.can_check():
            return Action.raise_to(hand.legal_actions().min_raise_to)
        return Action.check() if hand.can_check() else Action.call()

    session.decide = decide


def cards(hole: tuple[Card, ...] | None) -> str:
    assert hole is not None
    return "".join(map(str, hole))


def exported(played: SeenHand, folder: Path) -> str:
    (path,) = export_hands([played], folder, "s")
    return path.read_text(encoding="utf-8")


def check_plays_back(text: str, session: HoldemLocalSession) -> None:
    """pokerkit plays every action of ``text`` and ends at the engine's stacks."""
    hand = session.hand
    assert hand is not None
    data = tomllib.loads(text)
    state = replay_strictly(text)
    seats = [seat - 1 for seat in data["seats"]]
    assert list(state.stacks) == [hand.stacks[s] for s in seats]


async def test_a_bots_folded_and_mucked_cards_stay_out_of_the_players_export(
        tmp_path: Path) -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", ROCK),
                                SeatConfig("Bot 2", SHARK)))
    session = HoldemLocalSession(setup, random.Random(1), button=0)
    # Bot 1 folds before the flop; Ann bets the river with aces, Bot 2 calls and mucks.
    bots_that(session, {1: "fold", 2: "call"})
    keyboard = Keyboard(session, {0: ["call", "check", "check", "bet"]})
    session.next_deck = stacked_deck(["Qd9d", "7c2d", "AsAh"], board="Kd8s4h 3c Jc")
    session.deal()
    await until(lambda: not session.in_hand and bool(keyboard.events))
    await session.idle()
    hand = session.hand
    assert hand is not None and hand.is_over
    assert [type(r) for r in hand.records if isinstance(r, HandShown | HandMucked)] == [
        HandShown, HandMucked]  # the hand the test means to play
    for text in (exported(keyboard.played(), tmp_path), keyboard.settled().hand_history):
        assert text is not None
        data = tomllib.loads(text)
        label = {seat - 1: f"p{i + 1}" for i, seat in enumerate(data["seats"])}
        assert f"d dh {label[0]} AsAh" in text  # her own cards
        for bot in (1, 2):
            assert cards(hand.hole[bot]) not in text, f"Bot {bot}'s hand is in the file"
            assert f"d dh {label[bot]} ????" in text
        check_plays_back(text, session)
    # The kept history still names the bots' personalities, for the statistics.
    kept = tomllib.loads(keyboard.settled().hand_history or "")
    assert kept["_personalities"] == ["rock", "shark", ""]


async def test_a_hot_seat_export_shows_neither_persons_hole_cards(tmp_path: Path) -> None:
    # Ann (the button) folds first; the bot folds; Bob wins the blinds without a move,
    # so he never took the keyboard: only Ann's cards were ever on screen, and the
    # file written from the shared keyboard must not hand them to Bob.
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", ROCK), SeatConfig("Bob")))
    session = HoldemLocalSession(setup, random.Random(2), button=0)
    bots_that(session, {1: "fold"})
    keyboard = Keyboard(session, {0: ["fold"], 2: []})
    session.next_deck = stacked_deck(["Qd9d", "7c2d", "AsAh"])
    session.deal()
    await until(lambda: not session.in_hand)
    await session.idle()
    hand = session.hand
    assert hand is not None and hand.is_over
    for text in (exported(keyboard.played(), tmp_path), keyboard.settled().hand_history):
        assert text is not None
        for seat in (0, 1, 2):
            assert cards(hand.hole[seat]) not in text, f"seat {seat}'s hand is in the file"
        check_plays_back(text, session)


async def test_a_hot_seat_showdown_keeps_the_shown_hands_only(tmp_path: Path) -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Bot 1", ROCK)))
    session = HoldemLocalSession(setup, random.Random(3), button=0)
    bots_that(session, {2: "call"})
    keyboard = Keyboard(session, {0: ["call"] * 4, 1: ["call"] * 4})
    session.next_deck = stacked_deck(["Qd9d", "7c2d", "AsAh"], board="Kd8s4h 3c Jc")
    session.deal()
    await until(lambda: not session.in_hand)
    await session.idle()
    hand = session.hand
    assert hand is not None and hand.is_over and any(
        isinstance(r, BoardDealt) for r in hand.records)
    text = exported(keyboard.played(), tmp_path)
    shown = {r.seat for r in hand.records if isinstance(r, HandShown)}
    for seat in (0, 1, 2):
        # A shown hand is written where it was shown ("sm"), never at the deal.
        assert (cards(hand.hole[seat]) in text) == (seat in shown)
        assert f" {cards(hand.hole[seat])}\", \"d dh" not in text
    check_plays_back(text, session)
