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

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    RabbitHunted,
    Record,
    RunsChosen,
)
from cardtui.holdem.forced import Forced
from cardtui.holdem.hand import Hand

#: PHH's unknown card pair (the format writes ``????`` for two hidden cards).
UNKNOWN = "????"
#: The commentary of a player's answer to running the board twice, by the runs chosen.
RUNS_WORDS = {1: "runs it once", 2: "runs it twice"}
#: The commentary that tells the cards a rabbit hunt turned up (not part of the hand).
RABBIT_HUNT = "rabbit hunt, not part of the hand:"


def phh_actions(hand: Hand, *, seen_by: Collection[int] | None = None) -> list[str]:
    """The PHH ``actions`` of the hand so far, one string per dealer or player action.

    ``seen_by``: the seats whose hole cards may be written (None: every seat's);
    another seat's deal is ``????``, and its cards appear only where it showed them.
    """
    label = {seat: f"p{i + 1}" for i, seat in enumerate(hand.players)}
    lines = []
    dealt = 0
    for record in hand.records:
        if (seen_by is not None and isinstance(record, HoleCardsDealt)
                and record.seat not in seen_by):
            lines.append(f"d dh {label[record.seat]} {UNKNOWN}")
        elif (line := _action(record, label)) is not None:
            lines.append(line)
        if isinstance(record, HoleCardsDealt):
            dealt += 1
            if hand.bomb_pot and dealt == len(hand.players):
                lines += bomb_pot_checks(hand.players, hand.starting_stacks, hand.records, label)
    return lines


def bomb_pot_checks(players: Sequence[int], starting_stacks: Sequence[int | None],
                    records: Sequence[Record], label: dict[int, str]) -> list[str]:
    """A bomb pot's missing betting before the flop, as PHH must write it.

    PHH has no bomb pot: pokerkit plays a hand with antes and no blinds
    through a betting round before the flop, where nobody has bet. A bomb
    pot's "no betting before the flop" is that round checked round: every
    player with chips left after the ante checks, from the button's left
    (pokerkit's first to act when no blind is posted). With at most one
    player able to bet there is no round at all.
    """
    antes: dict[int, int] = {}
    for record in records:
        if isinstance(record, AntePosted):
            antes[record.seat] = antes.get(record.seat, 0) + record.amount
    able = [s for s in players if (starting_stacks[s] or 0) > antes.get(s, 0)]
    return [f"{label[s]} cc" for s in able] if len(able) >= 2 else []


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
        case RunsChosen(seat=seat, runs=runs):
            # PHH has no action for it: a commentary, which pokerkit reads as a no-op.
            return f"# {label[seat]} {RUNS_WORDS[runs]}"
        case RabbitHunted(cards=cards):
            # A commentary (PHH's no-op action): not part of the hand.
            return f"# {RABBIT_HUNT} {''.join(map(str, cards))}"
    # Blinds, antes, bet collection, uncalled bets and pushes are automatic in PHH.
    return None


def to_phh(
    hand: Hand,
    *,
    names: Sequence[str] | None = None,
    hand_number: int | None = None,
    event: str | None = None,
    personalities: Sequence[str] | None = None,
    seen_by: Collection[int] | None = None,
) -> str:
    """The hand as PHH text; ``names[seat]`` names each seat (default: the hand's names).

    ``personalities[seat]``: a bot's personality ("" for a person), written
    as the user-defined field ``_personalities`` (PHH: a leading underscore)
    in the players' order, so statistics per personality work from the file.

    ``seen_by``: the seats whose hole cards the file may tell, the hand as
    those players saw it: every other seat's are ``????`` unless shown at the
    showdown (``sm``). None writes every card: a full-knowledge history, for
    bots-only matches, where nobody is hiding anything from anyone.
    """
    players = hand.players
    names = names if names is not None else hand.names
    starting = [hand.starting_stacks[s] or 0 for s in players]
    forced = forced_bets(hand)
    lines = [
        'variant = "NT"',
        # The part of a live ante nobody else could match goes back at once
        # (Hand._trim_antes); pokerkit does the same with ante trimming on
        # (its docs: "if you want uniform antes, set this to True"). Dead
        # chips (a big blind ante, dead blinds) are written as antes with
        # trimming off, which pokerkit keeps whole in the main pot; a hand
        # with both (rare) writes every ante dead, which replays the same
        # unless an ante put someone all-in.
        f"ante_trimming_status = {'false' if forced.dead else 'true'}",
        f"antes = {_list(forced.antes)}",
        f"blinds_or_straddles = {_list(forced.blinds_or_straddles)}",
        f"min_bet = {hand.min_bet}",
        f"starting_stacks = {_list(starting)}",
        "actions = [",
        *_action_lines(phh_actions(hand, seen_by=seen_by)),
        "]",
    ]
    if hand.runs > 1:
        # PHH has no action for the players' choice of runouts (pokerkit's
        # select_runout_count): the count is a user-defined field, and the
        # boards follow one after the other as pokerkit deals them (the
        # first run whole, then the second from where they part). pokerkit
        # replays the file with RUNOUT_COUNT_SELECTION left out of the
        # HandHistory's automations and select_runout_count(_runs) for each
        # player in the pot.
        lines.append(f"_runs = {hand.runs}")
    if hand.bomb_pot:
        lines.append("_bomb_pot = true")
    if any(forced.dead_blinds):
        # A user-defined field (PHH: a leading underscore): which antes were
        # dead blinds, so cardtui reads them back as such.
        lines.append(f"_dead_blinds = {_list(forced.dead_blinds)}")
    if names is not None:
        lines.append(f"players = {_list([_string(names[s]) for s in players])}")
    if personalities is not None and any(personalities[s] for s in players):
        lines.append(f"_personalities = {_list([_string(personalities[s]) for s in players])}")
    lines.append(f"seats = {_list([s + 1 for s in players])}")
    lines.append(f"seat_count = {hand.seat_count}")
    if hand_number is not None:
        lines.append(f"hand = {hand_number}")
    if event is not None:
        lines.append(f"event = {_string(event)}")
    if hand.is_over:
        lines.append(f"finishing_stacks = {_list([hand.stacks[s] for s in players])}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class PhhForcedBets:
    """A hand's forced bets as PHH lists, p1..pN (heads-up, in pokerkit's reversed order)."""

    antes: list[int]
    blinds_or_straddles: list[int]
    #: Dead blinds, p1..pN like ``antes`` (they are part of it).
    dead_blinds: list[int]
    #: Whether any ante is dead money (written with ante trimming off).
    dead: bool


def forced_bets(hand: Hand) -> PhhForcedBets:
    """The PHH ``antes`` and ``blinds_or_straddles`` of ``hand``.

    Live antes are written as asked (pokerkit caps them by the stack as we
    do); dead chips as they were posted, since a big blind ante goes in after
    the blind here (TDA) and before it in pokerkit; straddles are positive
    and blinds posted out of turn negative (pokerkit's parsers write them so:
    they do not move the first actor).
    """
    index = {seat: i for i, seat in enumerate(hand.players)}
    count = len(hand.players)
    antes, blinds, dead_blinds = [0] * count, [0] * count, [0] * count
    # What each seat actually posted, in posting order (a short stack posts less).
    posted: dict[tuple[int, type], list[int]] = {}
    for record in hand.records:
        if isinstance(record, AntePosted | DeadBlindPosted):
            posted.setdefault((record.seat, type(record)), []).append(record.amount)

    def actually(seat: int, kind: type) -> int:
        amounts = posted.get((seat, kind), [])
        return amounts.pop(0) if amounts else 0

    dead = any(bet.kind.is_dead for bet in hand.forced)
    for bet in hand.forced:
        i = index[bet.seat]
        match bet.kind:
            case Forced.ANTE:
                antes[i] += bet.amount
                actually(bet.seat, AntePosted)
            case Forced.DEAD_ANTE | Forced.BIG_BLIND_ANTE:
                antes[i] += actually(bet.seat, AntePosted)
            case Forced.DEAD_BLIND:
                chips = actually(bet.seat, DeadBlindPosted)
                antes[i] += chips
                dead_blinds[i] += chips
            case Forced.POSTED:
                blinds[i] = -bet.amount
            case _:
                blinds[i] = bet.amount
    if count == 2:
        # pokerkit reverses antes and blinds heads-up: p1 posts entry 1.
        antes.reverse()
        blinds.reverse()
        dead_blinds.reverse()
    return PhhForcedBets(antes, blinds, dead_blinds, dead)


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
