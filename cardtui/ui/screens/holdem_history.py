"""The session's hands: one row each, the highlighted hand's action log below;
``e`` exports every finished hand as a PHH file (one per hand) and shows where.

Hands are numbered for the whole session (:class:`HandHistory`), not per
table: a new table deals its hand 1 again, but the history keeps every hand
of the session, and each needs its own row and its own file name.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardtui.holdem.actions import PotAwarded
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh import to_phh
from cardtui.holdem.view import TableView
from cardtui.locations import hand_history_dir
from cardtui.ui.widgets.cards import cards_text
from cardtui.ui.widgets.holdem_log import styled


@dataclass(frozen=True)
class PlayedHand:
    """One hand of the session: the engine's hand (for PHH) and what was shown."""

    #: The hand's number in the session (1, 2, ...): its key in the history.
    number: int
    hand: Hand
    view: TableView


class HandHistory(Sequence[PlayedHand]):
    """The session's hands in the order they were played, numbered 1, 2, ... as added."""

    def __init__(self) -> None:
        self._hands: list[PlayedHand] = []

    def add(self, hand: Hand, view: TableView) -> PlayedHand:
        played = PlayedHand(len(self._hands) + 1, hand, view)
        self._hands.append(played)
        return played

    def __getitem__(self, index: int) -> PlayedHand:  # type: ignore[override]
        return self._hands[index]

    def __len__(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[PlayedHand]:
        return iter(self._hands)


#: One history per running app (one app is one session, also over SSH),
#: so leaving the table and coming back keeps the session's hands.
_SESSIONS: WeakKeyDictionary[App[object], HandHistory] = WeakKeyDictionary()


def session_history(app: App[object]) -> HandHistory:
    """The hand history of ``app``'s session."""
    return _SESSIONS.setdefault(app, HandHistory())


def export_hands(hands: Sequence[PlayedHand], directory: Path, session: str) -> list[Path]:
    """Write each finished hand as ``<session>-hand-<n>.phh``; return the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for played in hands:
        if not played.hand.is_over:
            continue
        path = directory / f"{session}-hand-{played.number:03d}.phh"
        path.write_text(to_phh(played.hand, hand_number=played.number), encoding="utf-8")
        paths.append(path)
    return paths


def _winners(played: PlayedHand) -> str:
    names = played.view.seats
    awards = [r for r in played.hand.records if isinstance(r, PotAwarded)]
    if not awards:
        return "in play"
    won: dict[str, int] = {}
    for award in awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[names[seat].name] = won.get(names[seat].name, 0) + share
    return ", ".join(f"{name} {chips:,}" for name, chips in won.items())


class HoldemHistoryScreen(Screen[None]):
    CSS_PATH = "holdem_history.tcss"
    SUB_TITLE = "Hand history"
    BINDINGS = [
        Binding("e", "export", "Export PHH"),
        Binding("escape", "app.back", "Back"),
    ]

    def __init__(self, hands: Sequence[PlayedHand]) -> None:
        super().__init__()
        self.hands = list(hands)
        self._by_key = {str(played.number): played for played in self.hands}

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(cursor_type="row", zebra_stripes=True, id="hands")
        yield Static("", id="hand-log")
        yield Static("", id="export-path")
        yield Footer()

    def on_mount(self) -> None:
        ascii = self.app.settings.ascii_cards  # type: ignore[attr-defined]
        table = self.query_one("#hands", DataTable)
        table.add_columns("Hand", "Blinds", "Board", "Pot", "Won by")
        for played in self.hands:
            hand = played.hand
            pot = sum(r.amount for r in hand.records if isinstance(r, PotAwarded))
            table.add_row(
                str(played.number), f"{hand.small_blind}/{hand.big_blind}",
                cards_text(hand.board, ascii=ascii) if hand.board else Text("—", style="dim"),
                f"{pot:,}", _winners(played), key=str(played.number),
            )  # fmt: skip
        if not self.hands:
            self.query_one("#hand-log", Static).update("No hands played yet this session.")
        else:
            table.move_cursor(row=len(self.hands) - 1)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # An empty table still reports a highlight (row 0, no row key): nothing to show.
        key = event.row_key.value if event.row_key is not None else None
        played = self._by_key.get(key or "")
        if played is None:
            return
        log = Text(f"Hand {played.number}\n", style="bold")
        ascii = self.app.settings.ascii_cards  # type: ignore[attr-defined]
        log.append_text(Text("\n").join(styled(line, ascii=ascii) for line in played.view.log))
        self.query_one("#hand-log", Static).update(log)

    def action_export(self) -> None:
        app = self.app
        directory = hand_history_dir(app.data_dir)  # type: ignore[attr-defined]
        session = app.session_id[:8]  # type: ignore[attr-defined]
        try:
            paths = export_hands(self.hands, directory, session)
        except OSError as error:
            self.query_one("#export-path", Static).update(
                Text(f"Could not write hand histories: {error.strerror}", style="bold red"))
            return
        count = f"{len(paths)} hand{'s' if len(paths) != 1 else ''}"
        message = f"Exported {count} as PHH files to {directory}"
        self.query_one("#export-path", Static).update(Text(message, style="bold green"))
