"""The room's leaderboard: tonight (this room's run) and all time, per player.

Opened from the lobby (``l``) with the figures the room sent
(:class:`~cardtui.wire.protocol.Leaderboard`); ``t`` (or Tab, or the arrow
keys left and right) switches between the two. Hands are the hands and rounds
settled at the room's cash tables, net the chips won or lost there; places the
places finished in the room's sit-and-gos, best first.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from cardtui.holdem.tournament import place_text
from cardtui.i18n import N_, _, chips
from cardtui.wire.protocol import Leaderboard, LeaderRow

#: The two tabs, in order: (key, what the tab says).
TABS = (("tonight", N_("Tonight")), ("all_time", N_("All time")))


def net_text(net: int) -> Text:
    """A net as the board shows it: signed, green when up, red when down."""
    if net > 0:
        return Text(f"+{chips(net)}", style="green", justify="right")
    if net < 0:
        return Text(f"-{chips(-net)}", style="red", justify="right")
    return Text("0", justify="right")


def places_text(places: Sequence[int]) -> Text:
    """Sit-and-go places, best first (the first three; a dash for none).

    >>> places_text((1, 3, 4, 6)).plain, places_text(()).plain
    ('1st 3rd 4th +1', '—')
    """
    if not places:
        return Text("—", style="dim")
    shown = " ".join(place_text(p) for p in places[:3])
    more = len(places) - 3
    return Text(shown + (f" +{more}" if more > 0 else ""))


def tab_line(current: str) -> Text:
    """The tabs' line, the current one marked (brackets too: the ASCII terminal shows them)."""
    line = Text()
    for key, said in TABS:
        if key == current:
            line.append(f"[{_(said)}]", style="bold reverse")
        else:
            line.append(f" {_(said)} ", style="dim")
        line.append("  ")
    line.append(_("t switches · Escape closes"), style="dim")
    return line


class LeaderboardScreen(ModalScreen[None]):
    """Tonight's and all time's leaderboard, one at a time."""

    DEFAULT_CSS = """
    LeaderboardScreen { align: center middle; }
    LeaderboardScreen #board-box {
        width: 100%; max-width: 72; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1;
    }
    LeaderboardScreen #board-rows { height: auto; max-height: 18; }
    LeaderboardScreen #board-empty { color: $text-muted; }
    """
    BINDINGS = [
        Binding("t", "switch", N_("Tonight/All time")),
        Binding("tab", "switch", N_("Switch"), show=False, priority=True),
        Binding("left", "switch", show=False),
        Binding("right", "switch", show=False),
        Binding("escape", "close", N_("Close")),
        Binding("l", "close", show=False),
    ]

    def __init__(self, board: Leaderboard, *, tab: str = "tonight") -> None:
        super().__init__()
        self.board = board
        self.tab = tab

    def rows(self) -> Sequence[LeaderRow]:
        return self.board.all_time if self.tab == "all_time" else self.board.tonight

    def compose(self) -> ComposeResult:
        with Vertical(id="board-box"):
            yield Static(_("Leaderboard"), id="board-title")
            yield Static(tab_line(self.tab), id="board-tabs")
            table: DataTable[str | Text] = DataTable(id="board-rows", cursor_type="row",
                                                     zebra_stripes=True)
            yield table
            yield Static("", id="board-empty")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("#", key="place")
        table.add_column(_("Player"), key="player")
        table.add_column(_("Hands"), key="hands")
        table.add_column(_("Net"), key="net")
        table.add_column(_("Sit & Go"), key="places")
        self._fill()
        table.focus()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        rows = self.rows()
        for place, row in enumerate(rows, start=1):
            # A name is the player's own text: Text, never markup.
            table.add_row(str(place), Text(row.name), Text(chips(row.hands), justify="right"),
                          net_text(row.net), places_text(row.places))
        self.query_one("#board-tabs", Static).update(tab_line(self.tab))
        empty = self.query_one("#board-empty", Static)
        empty.update(_("No hands settled and no sit-and-go finished yet.") if not rows else "")
        empty.display = not rows
        table.display = bool(rows)

    def action_switch(self) -> None:
        self.tab = "all_time" if self.tab == "tonight" else "tonight"
        self._fill()

    def action_close(self) -> None:
        self.dismiss(None)
