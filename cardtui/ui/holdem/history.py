"""The session's hands: one row each, the highlighted hand's action log below;
``e`` exports every finished hand, one file each, as PHH or PokerStars-style
text (the player picks), and shows where.

Hands are numbered for the whole session (:class:`~cardtui.ui.sitting.HandsPlayed`,
kept on the app's session), not per table: a new table deals its hand 1 again,
but the history keeps every hand of the session, and each needs its own row
and its own file name. A shared table's hands are exported too, as their player
was shown them (the engine is in the room): another seat's hidden cards are
written ``????`` (:mod:`cardtui.holdem.phh_seen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from cardtui.holdem.actions import BlindKind, BlindPosted, HandEnded, HoleCardsDealt, PotAwarded
from cardtui.holdem.hand import Hand
from cardtui.holdem.history_formats import HistoryFormat
from cardtui.holdem.phh import to_phh
from cardtui.holdem.phh_seen import seen_to_phh
from cardtui.i18n import N_, _, chips, ngettext, pgettext
from cardtui.locations import hand_history_dir
from cardtui.ui.app import CardtuiApp
from cardtui.ui.sitting import SeenHand
from cardtui.ui.widgets.cards import cards_text
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.holdem_log import high_first, styled
from cardtui.ui.widgets.plain_table import PlainTable


def seen_by(played: SeenHand) -> frozenset[int]:
    """The seats whose hole cards the player was shown in ``played``: the ones its replay shows.

    One person at a local table: theirs. Hot seat: nobody's (see
    :func:`~cardtui.tables.holdem_replay.played_replay`), as in the history
    the table keeps (:attr:`~cardtui.tables.holdem_local.HoldemLocalSession.history_viewers`).
    """
    from cardtui.tables.holdem_replay import played_replay  # see action_replay

    replay = played_replay(played.begins, played.records)
    return frozenset(r.seat for r in replay.records
                     if isinstance(r, HoleCardsDealt) and None not in r.cards)


def tracker_number(session: str, number: int) -> int:
    """A PokerStars hand number for hand ``number`` of the session whose id starts ``session``.

    Trackers skip a hand whose number they already hold (PokerStars numbers
    are unique), so each session numbers its hands from its own id (hex).

    >>> tracker_number("0000002a", 7)
    4200007
    """
    return int(session, 16) * 100_000 + number


def export_hands(hands: Sequence[SeenHand], directory: Path, session: str,
                 written_as: HistoryFormat = HistoryFormat.PHH, *,
                 when: datetime | None = None) -> list[Path]:
    """Write each finished hand as ``<session>-hand-<n>.phh`` (or ``.txt``); return the paths.

    Each hand is written as its player saw it: a card they were not shown is
    ``????`` (PHH) or left out (PokerStars, dealt to that player), whether the
    engine is in this process (a local table) or in the room. A PokerStars
    hand is numbered by :func:`tracker_number` (``session`` is then the
    session id's hex) and dated ``when`` (default: now).
    """
    from cardtui.holdem.pokerstars import to_pokerstars
    from cardtui.tables.holdem_replay import played_replay  # see action_replay

    directory.mkdir(parents=True, exist_ok=True)
    stamp = when if when is not None else datetime.now(UTC)
    paths = []
    for played in hands:
        seen = played_replay(played.begins, played.records)
        # The engine's hand (a local table) gives the exact forced bets; the cards are the
        # player's. A shared table's hand is the room's records as this player was shown them.
        hand = played.hand if played.hand is not None else seen
        if not (hand.is_over if isinstance(hand, Hand) else hand.complete):
            continue
        viewers = seen_by(played)
        if written_as is HistoryFormat.POKERSTARS:
            hero = next(iter(viewers)) if len(viewers) == 1 else None
            text = to_pokerstars(hand, hero=hero, when=stamp,
                                 hand_number=tracker_number(session, played.number))
        elif isinstance(hand, Hand):
            text = to_phh(hand, hand_number=played.number, seen_by=viewers)
        else:
            text = seen_to_phh(hand, hand_number=played.number)
        path = directory / f"{session}-hand-{played.number:03d}{written_as.suffix}"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _winners(played: SeenHand) -> str:
    names = played.view.seats
    awards = [r for r in played.records if isinstance(r, PotAwarded)]
    if not awards:
        return _("in play")
    won: dict[str, int] = {}
    for award in awards:
        for seat, share in zip(award.winners, award.shares, strict=True):
            won[names[seat].name] = won.get(names[seat].name, 0) + share
    return ", ".join(f"{name} {chips(amount)}" for name, amount in won.items())


def your_seat(played: SeenHand) -> int | None:
    """The seat that was yours in ``played``: the one whose hole cards you were shown
    (None at a hot-seat table, where the history shows nobody's, or when only watching)."""
    seen = seen_by(played)
    return next(iter(seen)) if len(seen) == 1 else None


def your_net(played: SeenHand, seat: int) -> int | None:
    """What ``seat`` won (lost: negative) over the hand; None while it is not over."""
    ended = [r for r in played.records if isinstance(r, HandEnded)]
    start = next((s.stack for s in played.begins.seats if s.seat == seat), None)
    if not ended or start is None or seat >= len(ended[-1].stacks):
        return None
    end = ended[-1].stacks[seat]
    return None if end is None else end - start


def net_text(net: int | None) -> Text:
    """A result as a row shows it: ``+120`` green, ``−40`` red, ``0`` plain, ``—`` unknown.

    >>> [net_text(n).plain for n in (1200, -40, 0, None)]
    ['+1,200', '−40', '0', '—']
    """
    if net is None:
        return Text("—", style="dim")
    if net > 0:
        return Text(f"+{chips(net)}", style="green")
    if net < 0:
        return Text(f"−{chips(-net)}", style="red")  # a true minus sign, as the scoreboard writes
    return Text("0")


def _your_cards(played: SeenHand, seat: int | None, *, ascii: bool) -> Text:
    dealt = [r for r in played.records if isinstance(r, HoleCardsDealt) and r.seat == seat]
    if seat is None or not dealt or None in dealt[-1].cards:
        return Text("—", style="dim")
    return cards_text(high_first(dealt[-1].cards), ascii=ascii)


def _blinds(played: SeenHand) -> str:
    posted = {r.kind: r.amount for r in played.records
              if isinstance(r, BlindPosted) and not r.all_in}
    if played.hand is not None:
        return f"{played.hand.small_blind}/{played.hand.big_blind}"
    return f"{posted.get(BlindKind.SMALL, '?')}/{posted.get(BlindKind.BIG, '?')}"


class HoldemHistoryScreen(Screen[None]):
    CSS_PATH = "history.tcss"
    SUB_TITLE = N_("Hand history")  # translated as the screen is built
    BINDINGS = [
        Binding("enter", "replay", N_("Replay"), priority=True),
        Binding("e", "export", N_("Export")),
        # The log of a long hand is taller than the room under the table: Tab moves
        # to it, and the arrows scroll it.
        Binding("tab", "app.focus_next", N_("Hands/log")),
        Binding("escape", "app.back", N_("Back")),
    ]
    app = getters.app(CardtuiApp)

    def __init__(self, hands: Sequence[SeenHand]) -> None:
        super().__init__()
        self.sub_title = _(self.SUB_TITLE)
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
        table.add_columns(_("Hand"), _("Blinds"), _("You"), _("Board"), _("Pot"), _("Net"),
                          _("Won by"))
        for played in self.hands:
            board = played.view.board
            pot = sum(r.amount for r in played.records if isinstance(r, PotAwarded))
            seat = your_seat(played)
            table.add_row(
                str(played.number), _blinds(played), _your_cards(played, seat, ascii=ascii),
                cards_text(board, ascii=ascii) if board else Text("—", style="dim"),
                chips(pot), net_text(None if seat is None else your_net(played, seat)),
                _winners(played), key=str(played.number),
            )  # fmt: skip
        if not self.hands:
            self.query_one("#hand-log", Static).update(_("No hands played yet this session."))
        else:
            table.move_cursor(row=len(self.hands) - 1)
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # An empty table still reports a highlight (row 0, no row key): nothing to show.
        key = event.row_key.value if event.row_key is not None else None
        played = self._by_key.get(key or "")
        if played is None:
            return
        heading = pgettext("poker", "Hand {number}").format(number=played.number)
        log = Text(heading + "\n", style="bold")
        ascii = self.app.settings.ascii_cards
        log.append_text(Text("\n").join(styled(line, ascii=ascii) for line in played.view.log))
        self.query_one("#hand-log", Static).update(log)

    def action_replay(self) -> None:
        """Enter: the highlighted hand at the table again, step by step, as it was shown."""
        from cardtui.tables.holdem_replay import HoldemReplaySession, played_replay
        from cardtui.ui.holdem.replay import ReplayScreen  # it imports the table, which imports us

        row = self.query_one("#hands", DataTable).cursor_row
        if not 0 <= row < len(self.hands):
            return
        played = self.hands[row]
        title = pgettext("poker", "Hand {number}").format(number=played.number)
        replay = played_replay(played.begins, played.records, title=title)
        self.app.push_screen(ReplayScreen(HoldemReplaySession(replay, number=played.number)))

    def action_export(self) -> None:
        """``e``: the player picks the format (PHH or PokerStars), then every hand is written."""
        from cardtui.ui.holdem.export import ExportFormatScreen

        def chosen(written_as: HistoryFormat | None) -> None:
            if written_as is not None:
                self.export(written_as)

        self.app.push_screen(ExportFormatScreen(len(self.hands)), chosen)

    def export(self, written_as: HistoryFormat) -> None:
        app = self.app
        directory = hand_history_dir(app.data_dir)
        session = app.session_id[:8]
        try:
            paths = export_hands(self.hands, directory, session, written_as)
        except OSError as error:
            self.query_one("#export-path", Static).update(
                Text(_("Could not write hand histories: {reason}").format(reason=error.strerror),
                     style="bold red"))
            return
        message = ngettext("Exported {n} hand as {format} files to {directory}",
                           "Exported {n} hands as {format} files to {directory}",
                           len(paths)).format(n=len(paths), format=written_as.label,
                                              directory=directory)
        self.query_one("#export-path", Static).update(Text(message, style="bold green"))
