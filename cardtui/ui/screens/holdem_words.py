"""The hold'em table in words: a hand as the board comes, the pots, the bet, each seat's status.

Pure functions of the replay model (:class:`~cardtui.holdem.view.TableView`),
so the screen only picks which to show.

>>> from cardtui.cards import parse_cards
>>> describe_hand(parse_cards("AhAd"), [])
'Pair of Aces'
>>> describe_hand(parse_cards("AhKh"), []), describe_hand(parse_cards("Tc7d"), [])
('Ace-King suited', 'Ten-Seven offsuit')
>>> describe_hand(parse_cards("Ah7d"), parse_cards("As 7c 2d"))
'Two pair, Aces and Sevens, Two kicker'
>>> describe_hand(parse_cards("Ah"), [])
''
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardtui.cards import Card
from cardtui.holdem.evaluator import evaluate
from cardtui.holdem.pots import Pot
from cardtui.holdem.table import BlindLevel
from cardtui.holdem.view import LineKind, TableView
from cardtui.ui.widgets.holdem_log import styled


def describe_hand(hole: Sequence[Card | None], board: Sequence[Card]) -> str:
    """The best hand so far; before the flop, the two hole cards by name."""
    if len(hole) < 2 or None in hole:
        return ""
    if len(board) >= 3:
        return evaluate([*hole, *board]).description  # type: ignore[list-item]
    high, low = sorted(hole, key=lambda c: c.rank, reverse=True)  # type: ignore[union-attr]
    if high.rank == low.rank:
        return f"Pair of {high.rank.plural}"
    kind = "suited" if high.suit == low.suit else "offsuit"
    return f"{high.rank.noun}-{low.rank.noun} {kind}"


def pots_line(pots: Sequence[Pot], bets: int) -> str:
    """``Pot 150`` or ``Main pot 150 · Side pot 1: 80``, plus this street's bets.

    >>> pots_line([], 15)
    'Pot 15'
    >>> pots_line([Pot(150, (0, 1, 2)), Pot(80, (1, 2))], 40)
    'Main pot 150 · Side pot 1: 80 · Bets 40'
    """
    if len(pots) <= 1:
        return f"Pot {sum(p.amount for p in pots) + bets:,}"
    parts = [f"Main pot {pots[0].amount:,}"]
    parts += [f"Side pot {i}: {p.amount:,}" for i, p in enumerate(pots[1:], start=1)]
    if bets:
        parts.append(f"Bets {bets:,}")
    return " · ".join(parts)


def seat_markers(view: TableView, index: int) -> str:
    """"D", "SB", "BB" for seat ``index`` (heads-up the button is also the small blind)."""
    positions = view.positions
    if positions is None:
        return ""
    markers = []
    if positions.button == index:
        markers.append("D")
    if positions.small_blind == index and view.seats[index].in_hand:
        markers.append("SB")
    if positions.big_blind == index:
        markers.append("BB")
    return " ".join(markers)


def seat_status(view: TableView, index: int, *, thinking: int | None,
                to_act: int | None) -> str:
    """The word under a seat: "to act", "thinking…", "folded", "wins 340"…"""
    seat = view.seats[index]
    if view.positions is None:
        return "bot" if seat.is_bot else ""
    if not seat.in_hand:
        return "out"
    if index == thinking:
        return "thinking…"
    if index == to_act:
        return "to act"
    if seat.won:
        return f"wins {seat.won:,}"
    if seat.mucked:
        return "mucked"
    if seat.folded:
        return "folded"
    if seat.all_in:
        return "all-in"
    return ""


def pots_text(view: TableView, *, ascii: bool) -> Text:
    """The pots, or once the hand is over who won them (from the award lines, by kind)."""
    if view.over and view.log:
        awards = [line for line in view.log if line.kind is LineKind.WIN]
        if len(awards) == 1:
            return styled(awards[0], ascii=ascii)
        if awards:
            # Several pots: who won what, on one line; the hands are in the log.
            return Text(" · ".join(line.text for line in awards), style="bold green")
    return Text(pots_line(view.pots, sum(s.bet for s in view.seats)), style="bold")


def blinds_text(blinds: BlindLevel, level: int | None) -> Text:
    """Between hands: the blinds of the next hand (and the tournament level)."""
    words = f"Blinds {blinds}" + (f" · level {level}" if level is not None else "")
    return Text(words, style="dim")


def bet_text(view: TableView, actor: int | None) -> Text:
    """The bet this street and what ``actor`` owes to call it."""
    owed = 0
    if actor is not None:
        owed = min(view.current_bet - view.seats[actor].bet, view.seats[actor].stack)
    if not view.current_bet:
        return Text("No bet yet", style="dim")
    if owed <= 0:
        return Text(f"Bet {view.current_bet:,}")
    return Text.assemble(f"Bet {view.current_bet:,} · ", (f"{owed:,} to call", "bold"))


def hand_note(view: TableView, viewer: int | None, *, hot_seat: bool) -> Text:
    """What the viewer holds, in words ("You: Pair of Aces")."""
    if viewer is None:
        return Text("")
    seat = view.seats[viewer]
    description = describe_hand(seat.hole, view.board)
    if not description or not seat.in_hand:
        return Text("")
    who = f"{seat.name}: " if hot_seat else "You: "
    return Text(who + description, style="bold cyan")
