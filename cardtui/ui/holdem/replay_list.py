"""The hands of a many-hand PHH source, one row each: Enter replays the highlighted one.

A hand cardtui cannot replay keeps its row, marked "cannot replay" with its
one-line reason, so a file's hands keep their numbers. Rows fit the screen
(80 columns and up): the players are abbreviated, the result is kept; the
highlighted hand's full line-up, result and notes are below the list.

A large folder (:data:`LOAD_ON_SCREEN` files or more) is read on screen
rather than before it: a worker thread reads its files in hand-number order
and the rows arrive in batches under a progress bar, so the list is there at
once and a hand already read can be replayed while the rest load.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, ProgressBar, Static
from textual.worker import get_current_worker

from cardtui.holdem.actions import PotAwarded
from cardtui.holdem.phh_read import Replay, Unreadable, read_file
from cardtui.i18n import N_, _, chips, ngettext
from cardtui.i18n.said import say
from cardtui.tables.holdem_replay import HoldemReplaySession
from cardtui.ui.app import CardtuiApp
from cardtui.ui.widgets.footer import Footer
from cardtui.ui.widgets.plain_table import PlainTable

Source = Sequence[Replay | Unreadable]

#: A folder of at least this many files is read on screen, under a progress bar.
LOAD_ON_SCREEN = 100
#: Files read between two batches of rows (each batch is one hop to the screen's thread).
BATCH_FILES = 200
#: The columns' widths at 80 columns ("#", hand, players, blinds; the result takes the
#: rest); a wider screen gives its extra cells to the players and the result.
WIDTHS = (5, 14, 18, 11)
#: Cells the table itself takes at 80 columns: a space each side of five columns,
#: and the scrollbar.
TABLE_CHROME = 12


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


def players_text(replay: Replay, width: int | None = None) -> str:
    """How many play, and who (see :func:`line_up`)."""
    return line_up([n for n, s in zip(replay.names, replay.starting_stacks, strict=True)
                    if s is not None], width)


def line_up(names: Sequence[str], width: int | None = None) -> str:
    """How many play, and as many of their names as fit ``width``, then how many more.

    >>> names = ["MrBlue", "MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus"]
    >>> line_up(names, 22), line_up(names, 9), line_up(names[:2])
    ('6: MrBlue, MrBlonde +4', '6 players', '2: MrBlue, MrBlonde')
    """
    full = f"{len(names)}: " + ", ".join(names)
    if width is None or len(full) <= width:
        return full
    for shown in range(len(names) - 1, 0, -1):
        line = f"{len(names)}: " + ", ".join(names[:shown]) + f" +{len(names) - shown}"
        if len(line) <= width:
            return line
    return f"{len(names)} players"


def result_text(replay: Replay) -> str:
    """Who won what, or how far the history goes."""
    won: dict[str, int] = {}
    for record in replay.records:
        if isinstance(record, PotAwarded):
            for seat, share in zip(record.winners, record.shares, strict=True):
                won[replay.names[seat]] = won.get(replay.names[seat], 0) + share
    if not won:
        return _("stops before the end")
    return ", ".join(_("{name} wins {amount}").format(name=name, amount=chips(amount))
                     for name, amount in won.items())


def fitted(text: str | Text, width: int, style: str = "") -> Text:
    """``text`` in at most ``width`` cells, an ellipsis saying when it was cut."""
    cell = Text(text, style=style) if isinstance(text, str) else text.copy()
    cell.truncate(width, overflow="ellipsis")
    return cell


def row_cells(number: int, hand: Replay | Unreadable, widths: Sequence[int]) -> list[Text]:
    """One hand's row, each cell fitted to its column; a hand cardtui cannot replay
    says so where the players would be, and why where the result would be."""
    number_w, title_w, players_w, blinds_w, result_w = widths
    cells = [fitted(chips(number), number_w), fitted(hand.title, title_w)]
    if isinstance(hand, Replay):
        cells += [fitted(players_text(hand, players_w), players_w),
                  fitted(f"{chips(hand.small_blind)}/{chips(hand.big_blind)}", blinds_w),
                  fitted(result_text(hand), result_w)]
    else:
        cells += [fitted(_("cannot replay"), players_w, "bold red"), Text(""),
                  fitted(say(hand.reason), result_w, "red")]
    return cells


def column_widths(screen_width: int) -> tuple[int, ...]:
    """The five columns' widths for a screen ``screen_width`` cells wide (80 at the least).

    >>> column_widths(80), column_widths(120)
    ((5, 14, 18, 11, 20), (5, 14, 38, 11, 40))
    """
    number_w, title_w, players_w, blinds_w = WIDTHS
    result_w = 80 - TABLE_CHROME - sum(WIDTHS)
    extra = max(screen_width - 80, 0)
    return (number_w, title_w, players_w + extra // 2, blinds_w, result_w + extra - extra // 2)


class ReplayListScreen(Screen[None]):
    CSS_PATH = "replay_list.tcss"
    SUB_TITLE = N_("Replay a hand")  # translated as the screen is built
    BINDINGS = [
        Binding("enter", "replay", N_("Replay"), priority=True),
        Binding("escape", "app.back", N_("Back")),
    ]
    app = getters.app(CardtuiApp)

    def __init__(self, hands: Source, source: str, *, files: Sequence[Path] = (),
                 root: Path | None = None) -> None:
        """``hands`` read already; or ``files`` (under the folder ``root``) to read on screen."""
        super().__init__()
        self.sub_title = _(self.SUB_TITLE)
        self.hands: list[Replay | Unreadable] = list(hands)
        self.source = source
        self.files = list(files)
        self.root = root
        #: Files read so far (all of them when the hands came read).
        self.files_read = 0 if self.files else len(self.hands)
        self._widths = column_widths(80)

    @property
    def reading(self) -> bool:
        return self.files_read < len(self.files)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._heading(), id="source")
        bar = ProgressBar(total=len(self.files) or None, show_eta=False, id="loading")
        bar.display = self.reading
        yield bar
        yield PlainTable(cursor_type="row", zebra_stripes=True, id="hands")
        yield Static("", id="reason")
        yield Footer()

    def _heading(self) -> Text:
        count = ngettext("{n} hand", "{n} hands", len(self.hands)).format(
            n=chips(len(self.hands)))
        if self.reading:
            return Text(_("{source}: reading {read} of {files} files ({count} so far). "
                          "Enter replays the highlighted hand.").format(
                source=self.source, read=chips(self.files_read), files=chips(len(self.files)),
                count=count))
        readable = sum(isinstance(h, Replay) for h in self.hands)
        unreadable = len(self.hands) - readable
        if self.hands and not readable:
            return Text(_("{source}: {count}, none can be replayed (the reason is below).").format(
                source=self.source, count=count), style="bold red")
        if unreadable:
            count = _("{count}, {unreadable} cannot be replayed").format(
                count=count, unreadable=chips(unreadable))
        return Text(_("{source}: {count}. Enter replays the highlighted hand.").format(
            source=self.source, count=count))

    def on_mount(self) -> None:
        self._widths = column_widths(self.app.size.width)
        table = self.query_one("#hands", DataTable)
        labels = ("#", _("Hand"), _("Players"), _("Blinds"), _("Result"))
        for label, width in zip(labels, self._widths, strict=True):
            table.add_column(label, width=width)
        self._add_rows(self.hands, start=1)
        table.focus()
        if self.reading:
            self._read_files()

    def _add_rows(self, hands: Sequence[Replay | Unreadable], *, start: int) -> None:
        table = self.query_one("#hands", DataTable)
        for number, hand in enumerate(hands, start=start):
            table.add_row(*row_cells(number, hand, self._widths), key=str(number))

    @work(thread=True, exclusive=True, group="replay-list")
    def _read_files(self) -> None:
        """Read the folder's files in order, handing the screen a batch of rows at a time."""
        worker = get_current_worker()
        root = self.root or Path()
        batch: list[Replay | Unreadable] = []
        for done, path in enumerate(self.files, start=1):
            if worker.is_cancelled:
                return  # the screen was left: nobody waits for the rest
            batch += read_file(path, root)
            if done % BATCH_FILES == 0 or done == len(self.files):
                if worker.is_cancelled:
                    return
                try:
                    self.app.call_from_thread(self._arrived, batch, done)
                except RuntimeError:
                    return  # the app closed between the check and the hop: nothing to show
                batch = []

    def _arrived(self, hands: Sequence[Replay | Unreadable], files_read: int) -> None:
        """A batch read: its rows go under the others, the bar and the heading move on."""
        if not self.is_attached:
            return  # left while the batch was on its way
        start = len(self.hands) + 1
        self.hands += hands
        self.files_read = files_read
        self._add_rows(hands, start=start)
        bar = self.query_one("#loading", ProgressBar)
        bar.update(progress=files_read)
        bar.display = self.reading
        self.query_one("#source", Static).update(self._heading())
        table = self.query_one("#hands", DataTable)
        if start == 1 and hands:
            self._show_reason(table.cursor_row)  # the first row is highlighted already

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_reason(event.cursor_row)

    def _show_reason(self, row: int) -> None:
        hand = self._hand(row)
        reason = self.query_one("#reason", Static)
        if isinstance(hand, Unreadable):
            reason.update(Text(_("Cannot replay this hand: {reason}").format(
                reason=say(hand.reason)), style="bold red"))
        elif hand is not None:
            # The row's cut words in full: who played, who won, and what the reader noted.
            lines = [Text(players_text(hand)), Text(result_text(hand), style="bold")]
            lines += [Text(say(note), style="dim") for note in hand.notes]
            reason.update(Text("\n").join(lines))
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
