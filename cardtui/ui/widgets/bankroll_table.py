"""The kept chips on screen: a line for the menu and a table for the scoreboard.

Both read the profile's :class:`~cardtui.store.Bankroll` per game from
the store: the balance off the table, any chips still at a table (a table
left mid-hand or a killed run: they come back on the next sit-down), and the
house's rebuys, always shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.widgets import DataTable, Static

from cardtui.games import Game
from cardtui.i18n import N_, _, chip_count, chips, ngettext, number
from cardtui.store import Bankroll

if TYPE_CHECKING:
    from textual.screen import Screen

    from cardtui.ui.services import AppServices


class BankrollSource(Protocol):
    def bankroll(self, game: Game) -> Bankroll: ...


_SHORT = {Game.BLACKJACK: N_("Blackjack"), Game.HOLDEM: N_("Hold'em")}


def chips_line(bankrolls: list[Bankroll], width: int | None = None) -> str:
    """The menu's line: each game's chips, with the house's rebuys when there were any.

    Wider than ``width`` cells, it breaks between games, never inside one
    (a terminal's wrap cut "1,234,567,890" from its game at 80 columns).

    >>> chips_line([Bankroll(Game.BLACKJACK, 1_050, 0, 2, 2_000),
    ...             Bankroll(Game.HOLDEM, 700, 300)])
    "Chips: Blackjack 1,050 (2 rebuys) · Hold'em 1,000"
    >>> chips_line([Bankroll(Game.HOLDEM, known=False)])  # the file could not be read
    "Chips: Hold'em not readable yet"
    >>> print(chips_line([Bankroll(Game.BLACKJACK, 1_234_567_890, 0, 12, 12_000),
    ...                   Bankroll(Game.HOLDEM, 1_234_567_890)], width=44))
    Chips: Blackjack 1,234,567,890 (12 rebuys)
    Hold'em 1,234,567,890
    >>> print(chips_line([Bankroll(Game.BLACKJACK, 1_234_567_890, 0, 1_234, 1_234_000),
    ...                   Bankroll(Game.HOLDEM, 1_234_567_890)], width=44))
    Chips:
    Blackjack 1,234,567,890 (1,234 rebuys)
    Hold'em 1,234,567,890
    """
    parts = []
    for roll in bankrolls:
        if not roll.known:
            parts.append(f"{_(_SHORT[roll.game])} {_(UNKNOWN)}")
            continue
        part = f"{_(_SHORT[roll.game])} {chips(roll.balance + roll.at_table)}"
        if roll.rebuys:
            part += " " + ngettext("({n} rebuy)", "({n} rebuys)", roll.rebuys).format(
                n=number(roll.rebuys))
        parts.append(part)
    head = _("Chips:")
    lines = [head]
    for part in parts:
        joined = f"{lines[-1]}{' ' if lines[-1] == head else ' · '}{part}"
        if width is not None and cell_len(joined) > width:
            lines.append(part)
        else:
            lines[-1] = joined
    return "\n".join(lines)


def chips_rows(bankrolls: list[Bankroll]) -> list[list[str]]:
    """The scoreboard's rows: game, balance, at a table, house rebuys (count and chips).

    >>> chips_rows([Bankroll(Game.BLACKJACK, 800, 250, 1, 1_000)])
    [['Blackjack', '800', '250', '1 (1,000 chips)']]
    """
    return [[roll.game.shown, chips(roll.balance), chips(roll.at_table),
             f"{number(roll.rebuys)} ({chip_count(roll.rebought)})" if roll.rebuys else "0"]
            if roll.known else [roll.game.shown, _(UNKNOWN), _(UNKNOWN), _(UNKNOWN)]
            for roll in bankrolls]


#: A balance the store could not read (another program holds the file): never a guess.
UNKNOWN = N_("not readable yet")


CHIPS_COLUMNS = (N_("Game"), N_("Balance"), N_("At a table"), N_("House rebuys"))


def read_bankrolls(source: BankrollSource) -> list[Bankroll]:
    return [source.bankroll(game) for game in Game]


class BankrollLine(Static):
    """The menu's line of kept chips; it reads them again whenever its screen is on top."""

    DEFAULT_CSS = """
    BankrollLine { width: 100%; content-align: center middle; text-align: center;
                   color: $text-muted; }
    """

    _bankrolls: list[Bankroll] = []

    @property
    def cardtui(self) -> AppServices:
        # The menu is imported by app.py: naming CardtuiApp here would be an import
        # circle (see services.py).
        return cast("AppServices", self.app)

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._screen_changed)
        self.show_chips()

    def _screen_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.show_chips()

    def show_chips(self) -> None:
        self._bankrolls = read_bankrolls(self.cardtui.store)
        self._show()

    @property
    def text(self) -> str:
        """The line as one string, unbroken."""
        return chips_line(self._bankrolls)

    def _show(self) -> None:
        # Broken where the layout's width is known, so the box's auto height counts
        # every line (breaking on resize came after the box had taken its height).
        self.update(_BrokenChipsLine(self._bankrolls))


class _BrokenChipsLine:
    """The chips line as a renderable: broken between games at the width it is given."""

    def __init__(self, bankrolls: list[Bankroll]) -> None:
        self.bankrolls = bankrolls

    def __str__(self) -> str:
        return chips_line(self.bankrolls)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(chips_line(self.bankrolls, options.max_width), justify="center")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        # As wide as it is given: each line is centred on the box, not on the longest line.
        return Measurement(options.max_width, options.max_width)


class ChipsTable(DataTable[str]):
    """The scoreboard's kept chips per game."""

    def show(self, bankrolls: list[Bankroll]) -> None:
        self.clear(columns=True)
        rows = chips_rows(bankrolls)
        for i, label in enumerate(_(name) for name in CHIPS_COLUMNS):
            self.add_column(label, width=max(cell_len(c) for c in [label, *(r[i] for r in rows)]))
        self.add_rows(rows)
