"""The hands of a many-hand PHH source, one row each: Enter replays the highlighted one.

A hand cardtui cannot replay keeps its row, with its one-line reason in place
of the players and the result, so a file's hands keep their numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardtui.holdem.actions import PotAwarded
from cardtui.holdem.phh_read import Replay, Unreadable
from cardtui.tables.holdem_replay import HoldemReplaySession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.widgets.plain_table import PlainTable

Source = Sequence[Replay | Unreadable]


def first_screen(hands: Source, source: str, open_hand: int | None = None) -> Screen[None]:
    """What ``cardtui replay`` opens: the table for one hand (or the one asked), else the list."""
    readable = [i for i, hand in enumerate(hands) if isinstance(hand, Replay)]
    if open_hand is not None and isinstance(hands[open_hand - 1], Replay):
        return replay_screen(hands, open_hand - 1)
    if len(hands) == 1 and readable:
        return replay_screen(hands, 0)
    return ReplayListScreen(hands, source)


def replay_screen(hands: Source, index: int) -> Screen[None]:
    from cardtui.ui.holdem.replay import ReplayScreen

    hand = hands[index]
    assert isinstance(hand, Replay)
    return ReplayScreen(HoldemReplaySession(hand, number=index + 1))


def players_text(replay: Replay) -> str:
    names = [n for n, s in zip(replay.names, replay.starting_stacks, strict=True) if s is not None]
    return f"{len(names)}: " + ", ".join(names)


def result_text(replay: Replay) -> str:
    """Who won what, or how far the history goes."""
    won: dict[str, int] = {}
    for record in replay.records:
        if isinstance(record, PotAwarded):
            for seat, share in zip(record.winners, record.shares, strict=True):
                won[replay.names[seat]] = won.get(replay.names[seat], 0) + share
    if not won:
        return "stops before the end"
    return ", ".join(f"{name} wins {chips:,}" for name, chips in won.items())


class ReplayListScreen(Screen[None]):
    CSS_PATH = "replay_list.tcss"
    SUB_TITLE = "Replay a hand"
    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("escape", "app.back", "Back"),
    ]
    app = getters.app(CardtuiApp)

    def __init__(self, hands: Source, source: str) -> None:
        super().__init__()
        self.hands = list(hands)
        self.source = source

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._heading(), id="source")
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="hands")
        yield Static("", id="reason")
        yield Footer()

    def _heading(self) -> Text:
        readable = sum(isinstance(h, Replay) for h in self.hands)
        count = f"{len(self.hands)} hand{'s' if len(self.hands) != 1 else ''}"
        unreadable = len(self.hands) - readable
        tail = f", {unreadable} cannot be replayed" if unreadable else ""
        return Text(f"{self.source}: {count}{tail}. Enter replays the highlighted hand.")

    def on_mount(self) -> None:
        table = self.query_one("#hands", DataTable)
        table.add_columns("#", "Hand", "Players", "Blinds", "Result")
        for number, hand in enumerate(self.hands, start=1):
            if isinstance(hand, Replay):
                table.add_row(str(number), hand.title, players_text(hand),
                              f"{hand.small_blind:,}/{hand.big_blind:,}", result_text(hand),
                              key=str(number))
            else:
                table.add_row(str(number), hand.title, Text(hand.reason, style="red"), "", "",
                              key=str(number))
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        hand = self._hand(event.cursor_row)
        reason = self.query_one("#reason", Static)
        if isinstance(hand, Unreadable):
            reason.update(Text(f"Cannot replay this hand: {hand.reason}", style="bold red"))
        elif hand is not None and hand.notes:
            reason.update(Text("\n".join(hand.notes), style="dim"))
        else:
            reason.update("")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self._open(event.cursor_row)

    def action_replay(self) -> None:
        self._open(self.query_one("#hands", DataTable).cursor_row)

    def _hand(self, row: int) -> Replay | Unreadable | None:
        return self.hands[row] if 0 <= row < len(self.hands) else None

    def _open(self, row: int) -> None:
        hand = self._hand(row)
        if isinstance(hand, Replay):
            self.app.push_screen(replay_screen(self.hands, row))
