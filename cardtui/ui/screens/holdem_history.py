"""The session's hands: one row each, the highlighted hand's action log below;
``e`` exports every finished hand as a PHH file (one per hand) and shows where.

Hands are numbered for the whole session (:class:`~cardtui.ui.session.HandHistory`,
kept on the app's session), not per table: a new table deals its hand 1 again,
but the history keeps every hand of the session, and each needs its own row
and its own file name. A shared table's hands are exported too, as their player
was shown them (the engine is in the room): another seat's hidden cards are
written ``????`` (:mod:`cardtui.holdem.phh_seen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardtui.holdem.actions import BlindKind, BlindPosted, HoleCardsDealt, PotAwarded
from cardtui.holdem.phh import to_phh
from cardtui.holdem.phh_seen import seen_to_phh
from cardtui.locations import hand_history_dir
from cardtui.ui.app import CardtuiApp
from cardtui.ui.session import PlayedHand
from cardtui.ui.widgets.cards import cards_text
from cardtui.ui.widgets.holdem_log import styled
from cardtui.ui.widgets.plain_table import PlainTable


def seen_by(played: PlayedHand) -> frozenset[int]:
    """The seats whose hole cards the player was shown in ``played``: the ones its replay shows.

    One person at a local table: theirs. Hot seat: nobody's (see
    :func:`~cardtui.tables.holdem_replay.played_replay`), as in the history
    the table keeps (:attr:`~cardtui.tables.holdem_local.HoldemLocalSession.history_viewers`).
    """
    from cardtui.tables.holdem_replay import played_replay  # see action_replay

    replay = played_replay(played.begins, played.records)
    return frozenset(r.seat for r in replay.records
                     if isinstance(r, HoleCardsDealt) and None not in r.cards)


def export_hands(hands: Sequence[PlayedHand], directory: Path, session: str) -> list[Path]:
    """Write each finished hand as ``<session>-hand-<n>.phh``; return the paths.

    Each hand is written as its player saw it: a card they were not shown is
    ``????``, whether the engine is in this process (a local table) or in the room.
    """
    from cardtui.tables.holdem_replay import played_replay  # see action_replay

    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for played in hands:
        if played.hand is not None:
            if not played.hand.is_over:
                continue
            # The engine's hand gives the exact forced bets; the cards are the player's.
            text = to_phh(played.hand, hand_number=played.number, seen_by=seen_by(played))
        else:  # a shared table's hand, as the room showed it to this player
            seen = played_replay(played.begins, played.records)
            if not seen.complete:
                continue
            text = seen_to_phh(seen, hand_number=played.number)
        path = directory / f"{session}-hand-{played.number:03d}.phh"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _winners(played: PlayedHand) -> str:
    names = played.view.seats
    awards = [r for r in played.records if isinstance(r, PotAwarded)]
    if not awards:
        return "in play"
    won: dict[str, int] = {}
    for award in awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[names[seat].name] = won.get(names[seat].name, 0) + share
    return ", ".join(f"{name} {chips:,}" for name, chips in won.items())


def _blinds(played: PlayedHand) -> str:
    posted = {r.kind: r.amount for r in played.records
              if isinstance(r, BlindPosted) and not r.all_in}
    if played.hand is not None:
        return f"{played.hand.small_blind}/{played.hand.big_blind}"
    return f"{posted.get(BlindKind.SMALL, '?')}/{posted.get(BlindKind.BIG, '?')}"


class HoldemHistoryScreen(Screen[None]):
    CSS_PATH = "holdem_history.tcss"
    SUB_TITLE = "Hand history"
    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("e", "export", "Export PHH"),
        # The log of a long hand is taller than the room under the table: Tab moves
        # to it, and the arrows scroll it.
        Binding("tab", "app.focus_next", "Hands/log"),
        Binding("escape", "app.back", "Back"),
    ]
    app = getters.app(CardtuiApp)

    def __init__(self, hands: Sequence[PlayedHand]) -> None:
        super().__init__()
        self.hands = list(hands)
        self._by_key = {str(played.number): played for played in self.hands}

    def compose(self) -> ComposeResult:
        yield Header()
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="hands")
        with VerticalScroll(id="log-box"):
            yield Static("", id="hand-log")
        yield Static("", id="export-path")
        yield Footer()

    def on_mount(self) -> None:
        ascii = self.app.settings.ascii_cards
        table = self.query_one("#hands", DataTable)
        table.add_columns("Hand", "Blinds", "Board", "Pot", "Won by")
        for played in self.hands:
            board = played.view.board
            pot = sum(r.amount for r in played.records if isinstance(r, PotAwarded))
            table.add_row(
                str(played.number), _blinds(played),
                cards_text(board, ascii=ascii) if board else Text("—", style="dim"),
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
        ascii = self.app.settings.ascii_cards
        log.append_text(Text("\n").join(styled(line, ascii=ascii) for line in played.view.log))
        self.query_one("#hand-log", Static).update(log)

    def action_replay(self) -> None:
        """Enter: the highlighted hand at the table again, step by step, as it was shown."""
        from cardtui.tables.holdem_replay import HoldemReplaySession, played_replay
        from cardtui.ui.screens.replay import ReplayScreen  # it imports the table, which imports us

        row = self.query_one("#hands", DataTable).cursor_row
        if not 0 <= row < len(self.hands):
            return
        played = self.hands[row]
        replay = played_replay(played.begins, played.records, title=f"Hand {played.number}")
        self.app.push_screen(ReplayScreen(HoldemReplaySession(replay, number=played.number)))

    def action_export(self) -> None:
        app = self.app
        directory = hand_history_dir(app.data_dir)
        session = app.session_id[:8]
        try:
            paths = export_hands(self.hands, directory, session)
        except OSError as error:
            self.query_one("#export-path", Static).update(
                Text(f"Could not write hand histories: {error.strerror}", style="bold red"))
            return
        count = f"{len(paths)} hand{'s' if len(paths) != 1 else ''}"
        message = f"Exported {count} as PHH files to {directory}"
        self.query_one("#export-path", Static).update(Text(message, style="bold green"))
