"""A hand as one player was shown it, written as PHH: ``????`` for every card they never saw.

A shared table's engine is in the room; the player's game process keeps only
the records it was shown (another seat's hole cards are ``None`` unless they
were turned up at the showdown), read into a :class:`~cardtui.holdem.phh_read.Replay`.
That is enough for a PHH file: the seats dealt in and their stacks, the
forced bets as the records posted them, every action, and the stacks after.
PHH writes an unknown card as ``????`` (the format's own word for it).

>>> from cardtui.cards import parse_cards
>>> from cardtui.holdem.actions import (BlindPosted, BlindKind, Folded, HandEnded,
...     HoleCardsDealt, UncalledBetReturned)
>>> from cardtui.holdem.button import Positions
>>> replay = Replay("hand 3", ("Ann", "Bob"), (200, 300), Positions(0, 0, 1), 5, 10, (
...     BlindPosted(0, BlindKind.SMALL, 5, False), BlindPosted(1, BlindKind.BIG, 10, False),
...     HoleCardsDealt(0, tuple(parse_cards("AsKs"))), HoleCardsDealt(1, (None, None)),
...     Folded(0), UncalledBetReturned(1, 5), HandEnded((195, 305))), (), True, 1)
>>> print(seen_to_phh(replay, hand_number=3), end="")
variant = "NT"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [300, 200]
actions = [
  "d dh p2 AsKs", "d dh p1 ????", "p2 f",
]
players = ["Bob", "Ann"]
seats = [2, 1]
seat_count = 2
hand = 3
finishing_stacks = [305, 195]
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtui.cards import Card
from cardtui.holdem.actions import (
    AntePosted,
    BlindKind,
    BlindPosted,
    BoardDealt,
    DeadBlindPosted,
    HoleCardsDealt,
)
from cardtui.holdem.phh import UNKNOWN, _action, _action_lines, _list, _string, bomb_pot_checks
from cardtui.holdem.phh_read import Replay

__all__ = ["UNKNOWN", "seen_to_phh"]


def seen_to_phh(replay: Replay, *, hand_number: int | None = None,
                personalities: Sequence[str] | None = None) -> str:
    """``replay`` (a hand as its viewer saw it) as PHH text, hidden cards as ``????``.

    ``personalities[seat]``: a bot's personality ("" for a person), written as
    :func:`cardtui.holdem.phh.to_phh` writes it (``_personalities``).
    """
    players = replay.players
    label = {seat: f"p{i + 1}" for i, seat in enumerate(players)}
    antes, blinds, dead_blinds = _forced(replay, players)
    actions = []
    # A bomb pot: antes and no blind (see cardtui.holdem.phh.bomb_pot_checks).
    bomb = (not any(isinstance(r, BlindPosted) for r in replay.records)
            and any(isinstance(r, AntePosted) for r in replay.records))
    dealt = 0
    for record in replay.records:
        if isinstance(record, HoleCardsDealt) and None in record.cards:
            actions.append(f"d dh {label[record.seat]} {_cards(record.cards)}")
        elif (line := _action(record, label)) is not None:
            actions.append(line)
        if isinstance(record, HoleCardsDealt):
            dealt += 1
            if bomb and dealt == len(players):
                actions += bomb_pot_checks(players, replay.starting_stacks, replay.records,
                                           label)
    runs = 1 + max((r.run for r in replay.records if isinstance(r, BoardDealt)), default=0)
    lines = [
        'variant = "NT"',
        # Dead blinds are dead chips: written as antes with trimming off, as
        # cardtui.holdem.phh.to_phh does (its comment says why).
        f"ante_trimming_status = {'false' if any(dead_blinds) else 'true'}",
        f"antes = {_list(antes)}",
        f"blinds_or_straddles = {_list(blinds)}",
        f"min_bet = {replay.big_blind}",
        f"starting_stacks = {_list([replay.starting_stacks[s] or 0 for s in players])}",
        "actions = [",
        *_action_lines(actions),
        "]",
    ]
    if runs > 1:
        lines.append(f"_runs = {runs}")  # as cardtui.holdem.phh.to_phh writes it
    if bomb:
        lines.append("_bomb_pot = true")
    if any(dead_blinds):
        lines.append(f"_dead_blinds = {_list(dead_blinds)}")
    lines.append(f"players = {_list([_string(replay.names[s]) for s in players])}")
    if personalities is not None and any(personalities[s] for s in players):
        lines.append(f"_personalities = {_list([_string(personalities[s]) for s in players])}")
    lines.append(f"seats = {_list([s + 1 for s in players])}")
    lines.append(f"seat_count = {replay.seat_count}")
    if hand_number is not None:
        lines.append(f"hand = {hand_number}")
    final = replay.final_stacks
    if final is not None:
        lines.append(f"finishing_stacks = {_list([final[s] for s in players])}")
    return "\n".join(lines) + "\n"


def _cards(cards: tuple[Card | None, ...]) -> str:
    if all(card is None for card in cards):
        return UNKNOWN
    return "".join("??" if card is None else str(card) for card in cards)


def _forced(replay: Replay, players: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """The antes, blinds (or straddles) and dead blinds the records posted, p1..pN.

    A big blind posted by a seat that is not the big blind is a newcomer's
    live blind out of turn: negative, as pokerkit's parsers write it (it does
    not move the first actor). Heads-up, pokerkit reverses both lists.
    """
    index = {seat: i for i, seat in enumerate(players)}
    count = len(players)
    antes, blinds, dead_blinds = [0] * count, [0] * count, [0] * count
    for record in replay.records:
        match record:
            case AntePosted(seat=seat, amount=amount):
                antes[index[seat]] += amount
            case DeadBlindPosted(seat=seat, amount=amount):
                antes[index[seat]] += amount
                dead_blinds[index[seat]] += amount
            case BlindPosted(seat=seat, kind=BlindKind.BIG, amount=amount) if (
                    seat != replay.positions.big_blind):
                blinds[index[seat]] = -amount
            case BlindPosted(seat=seat, amount=amount):
                blinds[index[seat]] = amount
    if count == 2:
        antes.reverse()
        blinds.reverse()
        dead_blinds.reverse()
    return antes, blinds, dead_blinds
