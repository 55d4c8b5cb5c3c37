"""Write a hand as a PHH hand history (the open Poker Hand History format, TOML).

PHH (uoftcprg/phh-std, loaded by ``pokerkit.HandHistory``) lists the players
in pokerkit's order: p1 is the first player left of the button (the small
blind), the last one is the button. Heads-up the button posts the small blind
and pokerkit swaps the two blinds for two players (``blinds_or_straddles =
[1, 2]`` then means p2, the button, posts 1), so the same order works: p1 is
the big blind, p2 the button. The stdlib has no TOML writer; the text below is
written by hand, with strings escaped as TOML basic strings.

>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
>>> hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
>>> for step in ("raise_to 6", "call", "fold", "check", "check", "raise_to 10", "call",
...              "check", "check"):
...     name, *amount = step.split()
...     _ = getattr(hand, name)(*map(int, amount))
>>> print(to_phh(hand, names=["Ann", "Bot 1", "Bot \\"2\\""]))  # doctest: +NORMALIZE_WHITESPACE
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 9c8c",
  "p3 cbr 6", "p1 cc", "p2 f",
  "d db Jc3d5c", "p1 cc", "p3 cc",
  "d db 4h", "p1 cbr 10", "p3 cc",
  "d db Qs", "p1 cc", "p3 cc",
  "p1 sm AsKs", "p3 sm",
]
players = ["Ann", "Bot 1", "Bot \\"2\\""]
seats = [1, 2, 3]
seat_count = 3
finishing_stacks = [218, 198, 184]
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtui.holdem.actions import (
    BetOrRaised,
    BoardDealt,
    Called,
    Checked,
    Folded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    Record,
)
from cardtui.holdem.hand import Hand


def phh_actions(hand: Hand) -> list[str]:
    """The PHH ``actions`` of the hand so far, one string per dealer or player action."""
    label = {seat: f"p{i + 1}" for i, seat in enumerate(hand.players)}
    return [line for r in hand.records if (line := _action(r, label)) is not None]


def _action(record: Record, label: dict[int, str]) -> str | None:
    match record:
        case HoleCardsDealt(seat=seat, cards=cards):
            return f"d dh {label[seat]} {''.join(map(str, cards))}"
        case BoardDealt(cards=cards):
            return f"d db {''.join(map(str, cards))}"
        case Folded(seat=seat):
            return f"{label[seat]} f"
        case Checked(seat=seat) | Called(seat=seat):
            return f"{label[seat]} cc"
        case BetOrRaised(seat=seat, to=to):
            return f"{label[seat]} cbr {to}"
        case HandShown(seat=seat, cards=cards):
            return f"{label[seat]} sm {''.join(map(str, cards))}"
        case HandMucked(seat=seat):
            return f"{label[seat]} sm"
    # Blinds, antes, bet collection, uncalled bets and pushes are automatic in PHH.
    return None


def to_phh(
    hand: Hand,
    *,
    names: Sequence[str] | None = None,
    hand_number: int | None = None,
    event: str | None = None,
) -> str:
    """The hand as PHH text; ``names[seat]`` names each seat (default: the hand's names)."""
    players = hand.players
    names = names if names is not None else hand.names
    starting = [hand.starting_stacks[s] or 0 for s in players]
    blinds = [0] * len(players)
    small_seat, big_seat = hand.positions.small_blind, hand.positions.big_blind
    if len(players) == 2:
        # pokerkit swaps the blinds heads-up: p1 (big blind) posts blinds[1].
        blinds = [hand.small_blind, hand.big_blind]
    else:
        if small_seat in players:
            blinds[players.index(small_seat)] = hand.small_blind
        blinds[players.index(big_seat)] = hand.big_blind
    lines = [
        'variant = "NT"',
        # The part of an ante nobody else could match goes back at once
        # (Hand._trim_antes); pokerkit does the same with ante trimming on
        # (its docs: "if you want uniform antes, set this to True").
        "ante_trimming_status = true",
        f"antes = {_list([hand.ante] * len(players))}",
        f"blinds_or_straddles = {_list(blinds)}",
        f"min_bet = {hand.big_blind}",
        f"starting_stacks = {_list(starting)}",
        "actions = [",
        *_action_lines(phh_actions(hand)),
        "]",
    ]
    if names is not None:
        lines.append(f"players = {_list([_string(names[s]) for s in players])}")
    lines.append(f"seats = {_list([s + 1 for s in players])}")
    lines.append(f"seat_count = {hand.seat_count}")
    if hand_number is not None:
        lines.append(f"hand = {hand_number}")
    if event is not None:
        lines.append(f"event = {_string(event)}")
    if hand.is_over:
        lines.append(f"finishing_stacks = {_list([hand.stacks[s] for s in players])}")
    return "\n".join(lines) + "\n"


def _action_lines(actions: list[str]) -> list[str]:
    """Three actions a line, as in the PHH examples."""
    quoted = [_string(a) for a in actions]
    return ["  " + ", ".join(quoted[i : i + 3]) + "," for i in range(0, len(quoted), 3)]


def _list(values: Sequence[object]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _string(text: str) -> str:
    """A TOML basic string: backslash, quote and control characters escaped."""
    out = []
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
