"""The basic-strategy chart for the table's rules, colour-coded like a printed card.

Hard totals and soft totals on the left, pairs and the legend on the right;
each cell is what to do at *these* rules (no surrender codes where surrender
is not offered, splits that need doubling after a split only where it is
allowed; :func:`cardtui.blackjack.strategy.playable_code`). Opened from a
decision, the chart lights up that decision's cell. Plain ASCII throughout
with ``ascii=True``; at 80x24 it fits, and it scrolls in a smaller window.

Open it with ``StrategyChartScreen(rules, highlight=chart_cell(cards, up_card,
can_split=...), ascii=...)``; Escape (or ``c``) closes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.rules import Rules
from cardtui.blackjack.strategy import UP_CARDS, chart_for, playable_code
from cardtui.cards import Card
from cardtui.i18n import N_, _, ngettext
from cardtui.ui.widgets.footer import Footer

#: A chart cell: (table, row, up-card value), as :mod:`strategy` names them.
Cell = tuple[str, int, int]

#: Background colours of the printed charts' convention, one per move.
STYLES = {
    "H": "black on #e5a3a3",  # hit: red
    "S": "black on #e8d48a",  # stand: yellow
    "D": "black on #9fd19f",  # double: green
    "Ds": "black on #9fd19f",
    "P": "black on #9ec3e6",  # split: blue
    "Rh": "black on #c9c9c9",  # surrender: grey
    "Rs": "black on #c9c9c9",
    "Rp": "black on #c9c9c9",
}
HIGHLIGHT = "bold reverse"

#: Row labels and the rows they show: hard 5-7 always hit, 18 and up always stand.
HARD_ROWS: tuple[tuple[str, int], ...] = (("5-7", 7),) + tuple((str(t), t) for t in range(8, 18))
SOFT_ROWS: tuple[tuple[str, int], ...] = tuple((f"A,{t - 11}", t) for t in range(13, 21))
PAIR_ROWS: tuple[tuple[str, int], ...] = tuple(
    ("A,A" if v == 1 else "T,T" if v == 10 else f"{v},{v}", v) for v in range(1, 11))

#: The legend's lines: the codes each explains (only codes the chart uses are listed).
LEGEND: tuple[tuple[tuple[str, str], ...], ...] = (
    (("H", N_("hit")), ("S", N_("stand")), ("P", N_("split"))),
    (("D", N_("double, else hit")),),
    (("Ds", N_("double, else stand")),),
    (("Rh", N_("surrender, else hit")),),
    (("Rs", N_("surrender, else stand")),),
    (("Rp", N_("surrender, else split")),),
)
#: The three tables' names: the chart's titles, and the hand's kind in the decision line.
TITLES = {"hard": N_("Hard"), "soft": N_("Soft"), "pair": N_("Pairs")}
KINDS = {"hard": N_("hard"), "soft": N_("soft"), "pair": N_("pair")}
MEANINGS = {code: meaning for line in LEGEND for code, meaning in line}


def chart_cell(cards: Sequence[Card], up_card: Card, *, can_split: bool = True) -> Cell | None:
    """The chart cell a decision is read from: a pair's row if it may split, else
    the total's (None for a bust or hard 18 and up, which the chart leaves out)."""
    up = up_card.rank.blackjack_value
    points = [card.rank.blackjack_value for card in cards]
    if len(points) == 2 and points[0] == points[1] and can_split:
        return ("pair", points[0], up)
    value = hand_value(cards)
    if value.soft:
        total = value.total
        return ("soft", total, up) if 13 <= total <= 20 else None
    if value.hard > 17:
        return None
    return ("hard", 7 if value.hard <= 7 else value.hard, up)  # "5-7" is one row


def section(rules: Rules, table: str, *, highlight: Cell | None = None) -> Text:
    """One table of the chart as text: a header line, then a line per row."""
    title = _(TITLES[table])
    rows = {"hard": HARD_ROWS, "soft": SOFT_ROWS, "pair": PAIR_ROWS}[table]
    # Padded by terminal cells (a kanji is two): the up-cards' columns stay where they are.
    text = Text(title + " " * max(0, 6 - cell_len(title)), style="bold")
    for up in UP_CARDS:
        text.append(f"{'A' if up == 1 else 'T' if up == 10 else up:^3}", style="bold")
    for label, row in rows:
        text.append(f"\n{label:<6}", style="bold")
        for up in UP_CARDS:
            code = playable_code(table, row, up, rules)
            style = STYLES[code]
            if highlight == (table, row, up):
                style += " " + HIGHLIGHT
            text.append(f"{code:^3}", style=style)
    return text


def codes_used(rules: Rules) -> set[str]:
    tables = (("hard", HARD_ROWS), ("soft", SOFT_ROWS), ("pair", PAIR_ROWS))
    return {playable_code(table, row, up, rules)
            for table, rows in tables for _, row in rows for up in UP_CARDS}


def legend(rules: Rules) -> Text:
    """What the codes on this chart mean, one line per kind of move."""
    used = codes_used(rules)
    text = Text()
    for line in LEGEND:
        entries = [(code, meaning) for code, meaning in line if code in used]
        for code, meaning in entries:
            text.append(f"{code:^3}", style=STYLES[code])
            text.append(f" {_(meaning)}  ")
        if entries:
            text.append("\n")
    text.append(_("Hard 18+ and soft 21 stand."), style="dim")
    return text


def rules_summary(rules: Rules, *, ascii: bool) -> str:
    """The rules that shape the chart (bets and payouts do not): ``6 decks · S17 · DAS``."""
    parts = [ngettext("{n} deck", "{n} decks", rules.decks).format(n=rules.decks),
             "H17" if rules.dealer_hits_soft_17 else "S17",
             "DAS" if rules.double_after_split else _("no DAS"),
             _("surrender") if rules.late_surrender else _("no surrender")]
    if rules.double.value != "any":
        parts.append(_("double {totals} only").format(totals=rules.double.value))
    if rules.max_hands < 2:
        parts.append(_("no splits"))
    return (", " if ascii else " · ").join(parts)


def heading(rules: Rules, *, ascii: bool) -> str:
    """Which chart, and the rules."""
    return _("Basic strategy, {chart} chart: {rules}").format(
        chart=_(chart_for(rules).name), rules=rules_summary(rules, ascii=ascii))


def decision_line(rules: Rules, cell: Cell) -> str:
    """``Your hand: soft A,7 against 9: hit.``"""
    table, row, up = cell
    labels = {"hard": HARD_ROWS, "soft": SOFT_ROWS, "pair": PAIR_ROWS}[table]
    label = next(label for label, r in labels if r == row)
    up_name = "A" if up == 1 else "T" if up == 10 else str(up)
    meaning = MEANINGS[playable_code(table, row, up, rules)]
    return _("Your hand: {kind} {hand} against {up}: {move}.").format(
        kind=_(KINDS[table]), hand=label, up=up_name, move=_(meaning))


class StrategyChartScreen(Screen[None]):
    """The full chart for ``rules``; ``highlight`` lights one cell (see :func:`chart_cell`)."""

    CSS_PATH = "strategy_chart.tcss"
    BINDINGS = [
        Binding("escape,c", "close", N_("Back")),
    ]

    def __init__(self, rules: Rules, *, highlight: Cell | None = None,
                 ascii: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.highlight = highlight
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="chart-scroll"):
            yield Static(heading(self.rules, ascii=self.ascii), id="heading")
            with Horizontal(id="chart"):
                with Vertical(classes="column"):
                    yield Static(section(self.rules, "hard", highlight=self.highlight),
                                 id="hard")
                    yield Static(section(self.rules, "soft", highlight=self.highlight),
                                 id="soft")
                with Vertical(classes="column"):
                    yield Static(section(self.rules, "pair", highlight=self.highlight),
                                 id="pairs")
                    if self.highlight is not None:
                        yield Static(decision_line(self.rules, self.highlight), id="decision")
                    yield Static(legend(self.rules), id="legend")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
