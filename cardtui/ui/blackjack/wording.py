"""What the blackjack table says and which actions it offers: the words kept apart from the flow.

Plain text (Rich), no Textual: the presenter words its prompts here; the
keys that run these actions are in :mod:`cardtui.ui.blackjack.keys`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from cardtui.blackjack.records import Action
from cardtui.blackjack.spread import BetVerdict
from cardtui.blackjack.strategy import Advice
from cardtui.blackjack.table import Table
from cardtui.blackjack.view import RoundView
from cardtui.i18n import N_, _
from cardtui.i18n.said import say, sentence
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
    ("deal", N_("Deal d"), "deal"),
    ("hit", N_("Hit h"), "hit"),
    ("stand", N_("Stand s"), "stand"),
    ("double", N_("Double x"), "double"),
    ("split", N_("Split p"), "split"),
    ("surrender", N_("Surrender u"), "surrender"),
    ("insure", N_("Insure i"), "insure"),
    ("no_insurance", N_("No insurance n"), "no_insurance"),
    ("bet_up", N_("Bet + "), "bet_up"),
    ("bet_down", N_("Bet −"), "bet_down"),
    ("bet_min", N_("Min ["), "bet_min"),
    ("bet_double", "×2 *", "bet_double"),
    ("bet_max", N_("Max ]"), "bet_max"),
    ("rebuy", N_("Rebuy r"), "rebuy"),
    ("hint", N_("Hint ?"), "hint"),
    ("setup", N_("Setup t"), "setup"),
)

#: Every action a key or button can ask for (the footer and the buttons show the legal ones).
ACTIONS = (*MOVES, *(action for _id, _label, action in BUTTONS if action not in MOVES),
           "select_seat",
           "rebet")


def dealer_total(view: RoundView) -> str:
    """The dealer's total as the players see it: "9 + ?", "BLACKJACK", "23 BUST"."""
    if not view.dealer:
        return ""
    value = view.dealer_value
    if view.hole_hidden:
        return f"{value.total} + ?"
    if view.settlement is not None and view.settlement.dealer_blackjack:
        return _("BLACKJACK")
    if value.is_bust:
        return _("{total} BUST").format(total=value.total)
    return view.dealer_label


def move_prompt(name: str, view: RoundView | None, seat: int, legal: frozenset[Action]) -> Text:
    """What the dealer asks the seat to act: "Insurance?", "Even money?", "Hit or stand?"."""
    seat_view = view.seats.get(seat) if view is not None else None
    if Action.INSURE in legal or Action.DECLINE_INSURANCE in legal:
        if seat_view is not None and seat_view.hands and seat_view.hands[0].natural:
            return Text(_("{name}: Even money?  i takes it, n declines.").format(name=name))
        return Text(_("{name}: Insurance?  i insures, n declines.").format(name=name))
    # A split ace may not be hit: it is split again or stood on.
    question = _("Hit or stand?") if Action.HIT in legal or Action.SPLIT not in legal else (
        _("Split or stand?"))
    if view is not None and view.turn is not None and seat_view is not None and len(
            seat_view.hands) > 1:
        return Text(_("{name}, hand {number}: {question}").format(
            name=name, number=view.turn[1] + 1, question=question))
    return Text(_("{name}: {question}").format(name=name, question=question))


def between_rounds(table: Table) -> Text:
    """The prompt between rounds at a local table: what stops the deal, or what comes next."""
    problem = table.deal_problem()
    if problem:
        return Text.assemble((sentence(say(problem)), "red"), "  ", remedy(table))
    if table.last_settlement is not None:
        return Text(_("Deal again?"))
    return Text(_("Place your bets (+/-, type it, [ min, * double, ] max), then d deals."))


def remedy(table: Table) -> str:
    """The key that helps when nobody can bet: rebuy below the minimum, else a lower bet."""
    humans = [i for i, s in enumerate(table.seats) if not s.is_bot]
    many = len(humans) > 1
    if any(table.can_rebuy(i) for i in humans):
        return _("r rebuys (← → picks the seat).") if many else _("r rebuys.")
    return _("− lowers the bet (← → picks the seat).") if many else _("− lowers the bet.")


def spread_note(verdicts: Sequence[BetVerdict], off: int, judged: int) -> Text:
    """The trainer on the bets just placed, and its count of bets off the spread so far:
    ``Trainer: The spread says 4 units at +3 (40 chips); you bet 10: off the spread. (2/9 off)``."""
    missed = [verdict for verdict in verdicts if not verdict.matched]
    shown = missed[0] if missed else verdicts[0]
    return Text.assemble((_("Trainer:") + " ", "bold yellow" if missed else "bold green"),
                         shown.text, (" " + _("({off}/{judged} bets off)").format(
                             off=off, judged=judged), "dim"))


def counters(tally: Tally, trainer: tuple[int, int] | None) -> Text:
    """The session's W/L/P and net; with the trainer on, (mistakes, decisions) off strategy."""
    text = Text.assemble(
        # TRANSLATORS: the session's counters: wins, losses, pushes, net chips.
        (_("Session") + " ", "bold"),
        (_("W") + " ", "dim"), (str(tally.wins), "green"),
        ("  " + _("L") + " ", "dim"), (str(tally.losses), "red"),
        ("  " + _("P") + " ", "dim"), (str(tally.pushes), "yellow"),
        ("  " + _("Net") + " ", "dim"), signed(tally.net),
    )
    if trainer is not None:
        mistakes, decisions = trainer
        rate = f" ({mistakes / decisions:.0%})" if decisions else ""
        # "12/150", not "12 of 150": the line fits 80 columns with a long session.
        text.append("   " + _("Trainer: {mistakes}/{decisions} off basic strategy{rate}").format(
            mistakes=mistakes, decisions=decisions, rate=rate), style="dim")
    return text


def hint(advice: Advice) -> Text:
    """``Hint: Stand (hard 16 against a 10): ...  c: chart``; a count play cites its index."""
    return Text.assemble((_("Hint:") + " ", "bold cyan"), (_(ACTION_NAMES[advice.action]), "bold"),
                         f" ({say(advice.situation)}): {say(advice.reason)}",
                         ("  " + _("c: chart"), "dim"))


#: A blackjack move by name, as the hint and the chart say it.
ACTION_NAMES = {
    Action.HIT: N_("Hit"), Action.STAND: N_("Stand"), Action.DOUBLE: N_("Double"),
    Action.SPLIT: N_("Split"), Action.SURRENDER: N_("Surrender"), Action.INSURE: N_("Insure"),
    Action.DECLINE_INSURANCE: N_("No insurance"),
}
#: The move as a verb, for "basic strategy would …" (:attr:`Action.verb` in English).
VERBS = {
    Action.HIT: N_("hit"), Action.STAND: N_("stand"), Action.DOUBLE: N_("double"),
    Action.SPLIT: N_("split"), Action.SURRENDER: N_("surrender"),
    Action.INSURE: N_("take insurance"), Action.DECLINE_INSURANCE: N_("decline insurance"),
}


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
