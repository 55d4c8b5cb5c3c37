"""A finished tournament's results: places 1..N with names and prizes, yours highlighted.

Shown over the table when a tournament with a person in it ends: the person
won it, or every person was out and the bots played the rest out at once
(:meth:`~cardtui.tables.holdem_local.HoldemLocalSession.keep_tournament`).
The rows and the payout rule are :mod:`cardtui.holdem.tournament`'s; this
module only words and draws them. Your row is marked by a word and a
pointer as well as by colour (a light theme, a monochrome terminal).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from cardtui.holdem.tournament import Results, place_text, share_text
from cardtui.i18n import N_, _, ngettext, number


def results_title(results: Results) -> str:
    """The headline: your place (one person), or who won (hot seat, or nobody you know).

    >>> from cardtui.holdem.tournament import Standing
    >>> rows = (Standing(1, "Max", 65.0, False), Standing(2, "Ann", 35.0, True),
    ...         Standing(3, "Bo", 0.0, False))
    >>> results_title(Results(rows, 3, 40))
    'You finished 2nd of 3: 35% of the prize pool.'
    >>> results_title(Results(rows[:1] + (Standing(2, "Ann", 0.0, True),), 6, 40))
    'You finished 2nd of 6.'
    """
    people = [row for row in results.standings if row.human]
    if len(people) == 1:
        you = people[0]
        if you.place == 1:
            return _("You win the tournament! 1st of {entrants}.").format(
                entrants=results.entrants)
        if you.share:
            return _("You finished {place} of {entrants}: {share} of the prize pool.").format(
                place=place_text(you.place), entrants=results.entrants,
                share=share_text(you.share))
        return _("You finished {place} of {entrants}.").format(
            place=place_text(you.place), entrants=results.entrants)
    winners = [row.name for row in results.standings if row.place == 1]
    return _("Tournament over: {names} wins.").format(
        names=_(" and ").join(winners) or _("nobody"))


def results_table(results: Results, *, ascii: bool = False) -> RichTable:
    """Place, player and prize for everyone, best first; a person's row highlighted."""
    table = RichTable(show_edge=False, header_style="bold", expand=False, pad_edge=False,
                      box=None)
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Prize"), justify="right")
    table.add_column("")
    people = sum(row.human for row in results.standings)
    marker = f"{'<-' if ascii else '◀'} {_('you') if people == 1 else _('player')}"
    for row in results.standings:
        mark = marker if row.human else ""
        # Text, not markup: names are shown as typed.
        prize = "-" if ascii and not row.share else share_text(row.share)
        table.add_row(place_text(row.place), Text(row.name), prize, mark,
                      style="bold reverse" if row.human else "")
    return table


def results_notes(results: Results) -> str:
    """The payout rule, and how the end was played when the bots finished it alone."""
    lines = [_("{rule} of the prize pool (tournament chips are not money).").format(
        rule=results.payout_rule())]
    in_all = ngettext("{n} hand in all.", "{n} hands in all.", results.hands).format(
        n=number(results.hands))
    if results.played_out:
        lines.append(ngettext("With no person left, the bots played the last {n} hand at once.",
                              "With no person left, the bots played the last {n} hands at once.",
                              results.played_out).format(n=number(results.played_out))
                     + " " + in_all)
    else:
        lines.append(in_all)
    return "\n".join(lines)


def show_results(table: Screen[None], results: Results, deal: Callable[[], None], *,
                 ascii: bool = False) -> None:
    """Put the results over ``table`` (unless the player has left it meanwhile).

    ``deal`` starts the next tournament when the player asks for it from the results.
    """
    app = table.app
    if table.is_attached and table in app.screen_stack:
        app.push_screen(TournamentResultsScreen(results, ascii=ascii),
                        lambda again: deal() if again else None)


class TournamentResultsScreen(ModalScreen[bool]):
    """The results over the table; Enter or Escape goes back to it, `d` deals a new one."""

    CSS_PATH = "results.tcss"
    BINDINGS = [Binding("enter,escape", "back", N_("Back to the table")),
                Binding("d", "deal", N_("New tournament"))]

    def __init__(self, results: Results, *, ascii: bool = False) -> None:
        super().__init__()
        self.results = results
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical(id="results-box"):
            yield Static(Text(results_title(self.results)), id="results-title")
            yield Static(results_table(self.results, ascii=self.ascii), id="results-table")
            yield Static(Text(results_notes(self.results)), id="results-notes")
            yield Button(_("Back to the table (Enter)"), variant="primary", compact=True,
                         id="results-back")

    def on_mount(self) -> None:
        self.set_class(self.ascii, "ascii")
        box = self.query_one("#results-box")
        box.border_title = _("Tournament results")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(False)

    def action_back(self) -> None:
        self.dismiss(False)

    def action_deal(self) -> None:
        # The player's next `d` at the table would deal too: no detour through it.
        self.dismiss(True)
