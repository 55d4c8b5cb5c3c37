"""Scoreboard tables as plain rows, shared by the Scoreboard screen and ``cardtui scores``.

Cash play and tournaments are kept apart: a tournament's hands are played
with tournament chips, so they count in no Net (the store leaves them out);
a tournament's result is the place the player finished in, in a table of its own.

>>> from cardtui.store import Outcome, SeatResult, Store
>>> store = Store(":memory:")
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", 10, 15, Outcome.WIN)], "s")
>>> columns(Game.BLACKJACK)[:4], rows(store, Game.BLACKJACK)[0][:4]
(['Player', 'Rounds', 'Won', 'Lost'], ['Ann', '1', '1', '0'])
"""

from __future__ import annotations

from typing import Protocol

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardtui.games import Game
from cardtui.i18n import N_, _, text_width
from cardtui.store import Totals, TournamentResult


class ScoreSource(Protocol):
    """What the tables read: the app's :class:`~cardtui.store.Store` or a read-only
    :class:`~cardtui.store.Database` (``cardtui scores``)."""

    def totals(self, game: Game, session_id: str | None = None) -> list[Totals]: ...

    def tournaments(self, session_id: str | None = None) -> list[TournamentResult]: ...

# Column names are marked here and translated where the tables are drawn.
_BLACKJACK_COLUMNS = [
    N_("Player"), N_("Rounds"), N_("Won"), N_("Lost"), N_("Push"), N_("Blackjacks"), N_("Net"),
    N_("Biggest win"), N_("Off-book"),
]  # fmt: skip
_HOLDEM_COLUMNS = [
    N_("Player"), N_("Hands"), N_("Won"), N_("Showdowns won"), N_("Biggest pot"), N_("Net"),
]  # fmt: skip
#: Hold'em tournaments: how many, how many won, the best place, the latest places.
TOURNAMENT_COLUMNS = [N_("Player"), N_("Played"), N_("Won"), N_("Best"), N_("Latest places")]
#: How many of a player's latest places the tournament table lists.
LATEST_PLACES = 4


def columns(game: Game) -> list[str]:
    return [_(name) for name in (_BLACKJACK_COLUMNS if game is Game.BLACKJACK
                                 else _HOLDEM_COLUMNS)]


def tournament_columns() -> list[str]:
    return [_(name) for name in TOURNAMENT_COLUMNS]


def signed(chips: int) -> str:
    """``+15`` / ``−10`` (a real minus sign) / ``0``."""
    return f"+{chips:,}" if chips > 0 else f"−{-chips:,}" if chips < 0 else "0"


def _trainer(totals: Totals) -> str:
    rate = totals.mistake_rate
    return "—" if rate is None else f"{rate:.0%} of {totals.decisions}"


def _place(result: TournamentResult) -> str:
    return f"{_ordinal(result.place)}/{result.entrants}"


def tournament_rows(store: ScoreSource, session_id: str | None = None) -> list[list[str]]:
    """One row per player who finished a hold'em tournament: places, never chips.

    >>> from cardtui.store import Store
    >>> store = Store(":memory:")
    >>> for place in (3, 1, 2):
    ...     store.record_tournament("Ann", place, 6)
    >>> tournament_rows(store)
    [['Ann', '3', '1', '1st/6', '3rd/6, 1st/6, 2nd/6']]
    >>> _ = store.close()
    """
    results = store.tournaments(session_id)
    out = []
    for player in dict.fromkeys(r.player for r in results):
        mine = [r for r in results if r.player == player]
        best = min(mine, key=lambda r: (r.place, -r.entrants))
        latest = ", ".join(_place(r) for r in mine[-LATEST_PLACES:])
        out.append([player, str(len(mine)), str(sum(r.place == 1 for r in mine)), _place(best),
                    latest])
    return out


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rows(store: ScoreSource, game: Game, session_id: str | None = None) -> list[list[str]]:
    """One row of text cells per player, for all time or for one session (cash play:
    a tournament's places are :func:`tournament_rows`)."""
    out = []
    for t in store.totals(game, session_id):
        if game is Game.BLACKJACK:
            out.append([
                t.player, str(t.rounds), str(t.wins), str(t.losses), str(t.pushes),
                str(t.blackjacks), signed(t.net), f"{t.biggest_win:,}", _trainer(t),
            ])  # fmt: skip
        else:
            out.append([
                t.player, str(t.rounds), str(t.wins), str(t.showdowns_won),
                f"{t.biggest_pot:,}", signed(t.net),
            ])  # fmt: skip
    return out


def rich_tables(store: ScoreSource, session_id: str | None = None) -> Group:
    """The scoreboard as Rich tables, one per game, and hold'em tournaments apart
    (``cardtui scores``)."""
    tables: list[Table | Text] = []
    for game in Game:
        data = rows(store, game, session_id)
        if tables:
            tables.append(Text())
        if not data:
            tables.append(Text(_("{game}: no rounds recorded yet.").format(game=game.shown),
                               style="dim"))
            continue
        tables.append(_rich_table(_("{game} — all time").format(game=game.shown),
                                  columns(game), data))
    places = tournament_rows(store, session_id)
    if places:
        tables += [Text(), _rich_table(_("Texas Hold'em tournaments — all time"),
                                       tournament_columns(), places)]
    return Group(*tables)


def _rich_table(title: str, names: list[str], data: list[list[str]]) -> Table:
    # No vertical rules, a header of two words on two lines, no name broken
    # in two: at 80 columns "Blackjacks" was cut to "Blackja…".
    table = Table(title=title, title_justify="left", expand=False, box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, collapse_padding=True)
    for i, name in enumerate(names):
        widest = max(text_width(word) for word in name.split())
        if i == 0:
            widest = max(widest, *(len(row[0]) for row in data))
        table.add_column(name.replace(" ", "\n"), justify="left" if i == 0 else "right",
                         min_width=widest)
    for row in data:
        table.add_row(*row)
    return table
