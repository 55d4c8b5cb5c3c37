"""What the blackjack table says and which actions it offers: the words kept apart from the flow.

Plain text (Rich), no Textual: the presenter words its prompts here; the
keys that run these actions are in :mod:`cardtui.ui.blackjack.keys`.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from cardtui.blackjack.records import Action
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.table import Table
from cardtui.blackjack.view import RoundView
from cardtui.ui.blackjack.seat_info import signed
from cardtui.ui.sitting import Tally

#: key action -> engine action, for the moves a player makes.
MOVES = {
    "hit": Action.HIT,
    "stand": Action.STAND,
    "double": Action.DOUBLE,
    "split": Action.SPLIT,
    "surrender": Action.SURRENDER,
    "insure": Action.INSURE,
    "no_insurance": Action.DECLINE_INSURANCE,
}

#: Buttons for the mouse: (id, label, action); each runs the same action as its key.
BUTTONS = (
    ("deal", "Deal d", "deal"),
    ("hit", "Hit h", "hit"),
    ("stand", "Stand s", "stand"),
    ("double", "Double x", "double"),
    ("split", "Split p", "split"),
    ("surrender", "Surrender u", "surrender"),
    ("insure", "Insure i", "insure"),
    ("no_insurance", "No insurance n", "no_insurance"),
    ("bet_up", "Bet + ", "bet_up"),
    ("bet_down", "Bet −", "bet_down"),
    ("bet_min", "Min [", "bet_min"),
    ("bet_double", "×2 *", "bet_double"),
    ("bet_max", "Max ]", "bet_max"),
    ("rebuy", "Rebuy r", "rebuy"),
    ("hint", "Hint ?", "hint"),
    ("setup", "Setup t", "setup"),
)

#: Every action a key or button can ask for (the footer and the buttons show the legal ones).
ACTIONS = (*MOVES, *(action for _, _, action in BUTTONS if action not in MOVES), "select_seat",
           "rebet")


def dealer_total(view: RoundView) -> str:
    """The dealer's total as the players see it: "9 + ?", "BLACKJACK", "23 BUST"."""
    if not view.dealer:
        return ""
    value = view.dealer_value
    if view.hole_hidden:
        return f"{value.total} + ?"
    if view.settlement is not None and view.settlement.dealer_blackjack:
        return "BLACKJACK"
    if value.is_bust:
        return f"{value.total} BUST"
    return view.dealer_label


def move_prompt(name: str, view: RoundView | None, seat: int, legal: frozenset[Action]) -> Text:
    """What the dealer asks the seat to act: "Insurance?", "Even money?", "Hit or stand?"."""
    seat_view = view.seats.get(seat) if view is not None else None
    if Action.INSURE in legal or Action.DECLINE_INSURANCE in legal:
        if seat_view is not None and seat_view.hands and seat_view.hands[0].natural:
            return Text(f"{name}: Even money?  i takes it, n declines.")
        return Text(f"{name}: Insurance?  i insures, n declines.")
    hand = ""
    if view is not None and view.turn is not None and seat_view is not None and len(
            seat_view.hands) > 1:
        hand = f", hand {view.turn[1] + 1}"
    # A split ace may not be hit: it is split again or stood on.
    question = "Hit or stand?" if Action.HIT in legal or Action.SPLIT not in legal else (
        "Split or stand?")
    return Text(f"{name}{hand}: {question}")


def between_rounds(table: Table) -> Text:
    """The prompt between rounds at a local table: what stops the deal, or what comes next."""
    problem = table.deal_problem()
    if problem:
        return Text.assemble((problem[0].upper() + problem[1:] + ".", "red"),
                             "  ", remedy(table))
    if table.last_settlement is not None:
        return Text("Deal again?")
    return Text("Place your bets (+/-, type it, [ min, * double, ] max), then d deals.")


def remedy(table: Table) -> str:
    """The key that helps when nobody can bet: rebuy below the minimum, else a lower bet."""
    humans = [i for i, s in enumerate(table.seats) if not s.is_bot]
    many = len(humans) > 1
    if any(table.can_rebuy(i) for i in humans):
        return "r rebuys (← → picks the seat)." if many else "r rebuys."
    return "− lowers the bet (← → picks the seat)." if many else "− lowers the bet."


def counters(tally: Tally, trainer: tuple[int, int] | None) -> Text:
    """The session's W/L/P and net; with the trainer on, (mistakes, decisions) off strategy."""
    text = Text.assemble(
        ("Session ", "bold"),
        ("W ", "dim"), (str(tally.wins), "green"),
        ("  L ", "dim"), (str(tally.losses), "red"),
        ("  P ", "dim"), (str(tally.pushes), "yellow"),
        ("  Net ", "dim"), signed(tally.net),
    )
    if trainer is not None:
        mistakes, decisions = trainer
        rate = f" ({mistakes / decisions:.0%})" if decisions else ""
        # "12/150", not "12 of 150": the line fits 80 columns with a long session.
        text.append(f"   Trainer: {mistakes}/{decisions} off basic strategy{rate}",
                    style="dim")
    return text


def hint(advice: Advice) -> Text:
    """``Hint: Stand (hard 16 against a 10): ...  c: chart``; a count play cites its index."""
    return Text.assemble(("Hint: ", "bold cyan"), (advice.action.value.capitalize(), "bold"),
                         f" ({advice.situation}): {advice.reason}", ("  c: chart", "dim"))


#: How a note from the table session is shown (a chat line in the chat colour).
NOTE_STYLES = {"warning": "yellow", "chat": "cyan"}


#: Lines the message area has (its ``max-height`` in screen.tcss).
MESSAGE_LINES = 3
#: Only measures wrapped lines (never prints).
_MEASURE = Console(width=200, color_system=None, legacy_windows=False)


def _lines(text: Text, width: int) -> int:
    return len(text.wrap(_MEASURE, width))


def fit_message(note: Text | None, prompt: Text, width: int,
                lines: int = MESSAGE_LINES) -> Text:
    """The note then the prompt, the note shortened (``…``) so that the prompt is never cut.

    A long hint at 80 columns took the whole message area and pushed the
    question the player must answer off it. ``width``: the area's width in
    cells (0: not known yet, nothing is shortened).

    >>> fitted = fit_message(Text("Hint: Stand " + "because " * 30), Text("Hit or stand?"), 40)
    >>> fitted.plain[-31:], len(fitted.wrap(_MEASURE, 40))
    ('because because…  Hit or stand?', 3)
    >>> fit_message(Text("Ann buys in."), Text("Deal again?"), 80).plain
    'Ann buys in.  Deal again?'
    """
    if note is None:
        return prompt
    whole = Text.assemble(note, "  ", prompt)
    if width <= 0 or _lines(whole, width) <= lines:
        return whole
    # The longest start of the note that still fits with the prompt (halving the range).
    def cut(end: int) -> Text:
        short = note[:end]
        short.rstrip()
        return Text.assemble(short, "…  ", prompt)

    low, high = 0, len(note.plain)
    while low < high:
        middle = (low + high + 1) // 2
        if _lines(cut(middle), width) <= lines:
            low = middle
        else:
            high = middle - 1
    return cut(low) if low else prompt
