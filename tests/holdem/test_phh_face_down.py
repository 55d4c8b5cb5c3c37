"""A face-down showdown (``pN sm ????``) is not a muck: the hand stays in, as PHH says.

The PHH specification (phh-std, "Showing/Mucking Hole Cards"): omitting the
cards is mucking; in a cash game the cards shown "may be unknown (e.g.
``??Ad``) to denote that the player chose to both not muck their hand and not
show their hole cards". The iPoker hands of the public PHH dataset end that
way. pokerkit ranks such a hand on the cards known (the board, and any card
shown): two face-down hands on one board split the pot. Issue 24: cardtui
read ``sm ????`` as a muck, so the last face-down player took the whole pot.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

import pytest
from pokerkit import HandHistory

from cardtui.holdem.actions import HandMucked, HandShown, PotAwarded
from cardtui.holdem.phh_read import read_phh

if TYPE_CHECKING:
    from cardtui.ui.app import CardtuiApp

BETTING = [
    "d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
    "d db JcAdKd", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc",
]


def hand(shows: list[str]) -> str:
    actions = ", ".join(f'"{a}"' for a in [*BETTING, *shows])
    return ("variant = \"NT\"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
            f"starting_stacks = [100, 100, 100]\nactions = [{actions}]\n"
            'players = ["Ann", "Bob", "Cy"]\n')


def pokerkit_stacks(text: str) -> list[int]:
    *_, state = HandHistory.loads(text)  # the states after each action; the last is the end
    assert not state.status
    return [int(Decimal(s)) for s in state.stacks]


SHOWDOWNS = {
    "both face down": ["p1 sm ????", "p2 sm ????"],
    "face down against the board": ["p1 sm ????", "p2 sm 2c3d"],
    "the board against face down": ["p1 sm 2c3d", "p2 sm ????"],
    "a pair against face down": ["p1 sm AhAs", "p2 sm ????"],
    "face down against a pair": ["p1 sm ????", "p2 sm AhAs"],
    "one card shown against face down": ["p1 sm ??Ah", "p2 sm ????"],
    "face down against one card shown": ["p1 sm ????", "p2 sm Ah??"],
    "face down against a muck": ["p1 sm ????", "p2 sm"],
}


@pytest.mark.parametrize("shows", SHOWDOWNS.values(), ids=SHOWDOWNS.keys())
def test_a_face_down_showdown_is_decided_as_pokerkit_decides_it(shows: list[str]) -> None:
    text = hand(shows)
    replay = read_phh(text)
    assert replay.final_stacks is not None
    ours = [replay.final_stacks[s] for s in replay.players]
    assert ours == pokerkit_stacks(text)


def test_two_face_down_hands_split_the_pot_and_stay_face_down() -> None:
    replay = read_phh(hand(["p1 sm ????", "p2 sm ????"]))
    [award] = [r for r in replay.records if isinstance(r, PotAwarded)]
    assert sorted(replay.names[s] for s in award.winners) == ["Ann", "Bob"]
    assert award.shares == (2, 2)
    assert not any(isinstance(r, HandMucked) for r in replay.records)
    # Shown face down: no stand-in card the engine dealt reaches the screen.
    shown = [r for r in replay.records if isinstance(r, HandShown)]
    assert [r.cards for r in shown] == [(None, None), (None, None)]
    assert "Ann shows face down (????): the hand stays in and plays the board" in replay.notes[0]


def test_a_card_shown_face_up_counts_the_other_does_not() -> None:
    replay = read_phh(hand(["p1 sm ??Ah", "p2 sm ????"]))
    [award] = [r for r in replay.records if isinstance(r, PotAwarded)]
    assert [replay.names[s] for s in award.winners] == ["Ann"]
    ann = next(r for r in replay.records if isinstance(r, HandShown) and r.seat == award.winners[0])
    assert None in ann.cards and any(c is not None and str(c) == "Ah" for c in ann.cards)
    assert ann.description.startswith("Pair")


async def test_the_replay_screen_draws_a_face_down_showdown_to_the_end(
        make_app: Callable[..., CardtuiApp]) -> None:
    from cardtui.ui.holdem.replay import ReplayScreen
    from cardtui.ui.holdem.replay_list import first_screen

    replay = read_phh(hand(["p1 sm ????", "p2 sm ??Ah"]))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = first_screen([replay], "face-down.phh")
        assert isinstance(screen, ReplayScreen)
        await app.push_screen(screen)
        await pilot.pause()
        for _ in range(screen.replay.step_count):
            await pilot.press("right")
        await pilot.pause()
        assert screen.replay.at_end
        shows = [line.plain for line in screen.view.log if "shows" in line.plain]
        assert shows and all("None" not in line for line in shows)
        assert [s.stack for s in screen.view.seats if s.name == "Bob"] == [102]


def test_a_face_down_showdown_exports_as_pokerstars_text() -> None:
    # The export described a shown hand from its two cards: a face-down card
    # (None) made it fail with AttributeError. It plays the cards known, as ranked.
    from datetime import UTC, datetime

    from cardtui.holdem.pokerstars import to_pokerstars

    replay = read_phh(hand(["p1 sm ??Ah", "p2 sm ????"]))
    text = to_pokerstars(replay, hero=None, hand_number=1, when=datetime(2026, 5, 1, tzinfo=UTC))
    assert "Ann: shows [Ah] (Pair" in text
    assert "Bob: shows [] (" in text and "None" not in text
