"""The lobby's sit-and-gos: their lines, the one the keys act on, and the results board.

Plain words first (tested without Textual): :func:`sit_and_go_line` says what
a sit-and-go is and where it stands (registered of seats, the buy-in, the
prize pool); :func:`acted_on` picks the one ``r`` registers for (or
unregisters from) and the host's ``G`` starts. The results board is a modal
every entrant sees when a sit-and-go ends: places, prizes, their own line
marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from cardtui.holdem.tournament import place_text
from cardtui.i18n import N_, _, chip_count, chips, ngettext
from cardtui.wire.protocol import SitAndGoInfo, SitAndGoStage, TournamentResults


def sit_and_go_line(info: SitAndGoInfo, me: str, width: int = 200, *,
                    key: str = "") -> str:
    """One sit-and-go in words, in ``width`` cells (the details that fit, most needed
    first); ``key``: what ``r`` does to it here ("" when it acts on another).

    >>> info = SitAndGoInfo("g1", "Friday", SitAndGoStage.REGISTERING, 100, 1500, 6,
    ...                     ("Ann", "Bob"), 300.0, late_levels=1, rebuys=1, pool=200)
    >>> sit_and_go_line(info, "Ann", key="r: unregister")  # doctest: +NORMALIZE_WHITESPACE
    'Sit & Go Friday: 2/6 in · you are in · buy-in 100 · 1,500 chips · 5 min levels
     · 1 rebuy · r: unregister'
    >>> sit_and_go_line(info, "Cy", 78, key="r: register")
    'Sit & Go Friday: 2/6 in · buy-in 100 · 1,500 chips · r: register'
    """
    minutes = info.level_seconds / 60
    levels = (_("{n} min levels").format(n=f"{minutes:g}") if minutes >= 1
              else _("{n} s levels").format(n=f"{info.level_seconds:g}"))
    if info.stage is SitAndGoStage.REGISTERING:
        where = _("{registered}/{seats} in").format(registered=len(info.registered),
                                                   seats=info.seats)
    elif info.stage is SitAndGoStage.RUNNING:
        where = _("running, {n} entrants, pool {pool}").format(n=len(info.registered),
                                                              pool=chips(info.pool))
        if info.open:
            where += _(", late registration open")
    else:
        where = _("over, {pool} paid").format(pool=chips(info.pool))
    head = _("Sit & Go {name}: {where}").format(name=info.name, where=where)
    if me in info.registered and info.stage is not SitAndGoStage.FINISHED:
        head += _(" · you are in")
    extras = [_("buy-in {amount}").format(amount=chips(info.buy_in)),
              chip_count(info.starting_stack), levels]
    if info.rebuys and info.stage is not SitAndGoStage.FINISHED:
        extras.append(ngettext("{n} rebuy", "{n} rebuys", info.rebuys).format(n=info.rebuys))
    tail = [key] if key else []
    while True:
        line = " · ".join([head, *extras, *tail])
        if cell_len(line) <= width or not extras:
            return line
        extras.pop()


def acted_on(infos: Iterable[SitAndGoInfo], me: str) -> SitAndGoInfo | None:
    """The sit-and-go the lobby's keys act on: the first one still registering that this
    player is in, else the first one open to register, else the first not over."""
    alive = [i for i in infos if i.stage is not SitAndGoStage.FINISHED]
    mine = [i for i in alive if me in i.registered and i.stage is SitAndGoStage.REGISTERING]
    open_ = [i for i in alive if i.open and me not in i.registered]
    for group in (mine, open_, alive):
        if group:
            return group[0]
    return None


def register_choices(infos: Iterable[SitAndGoInfo], me: str) -> list[SitAndGoInfo]:
    """The sit-and-gos ``r`` does something to: those this player is in (unregister, or
    take the seat) and those open to register, in the lobby's order.

    >>> a = SitAndGoInfo("g1", "A", SitAndGoStage.REGISTERING, 100, 1500, 6, ("Ann",), 300.0)
    >>> b = SitAndGoInfo("g2", "B", SitAndGoStage.RUNNING, 100, 1500, 6, ("Bob",), 300.0,
    ...                  open=False)
    >>> [i.name for i in register_choices([a, b], "Bob")], register_choices([b], "Cy")
    (['A', 'B'], [])
    """
    return [i for i in infos if i.stage is not SitAndGoStage.FINISHED
            and (me in i.registered or i.open)]


def start_choices(infos: Iterable[SitAndGoInfo]) -> list[SitAndGoInfo]:
    """The sit-and-gos a host's ``G`` may start: those still registering."""
    return [i for i in infos if i.stage is SitAndGoStage.REGISTERING]


class SitAndGoPicker(ModalScreen[str | None]):
    """Several sit-and-gos a key could act on: the player picks one (dismissed with its
    id; None: Escape)."""

    DEFAULT_CSS = """
    SitAndGoPicker { align: center bottom; }
    SitAndGoPicker #sng-pick-box {
        width: 100%; height: auto; border: round $accent; padding: 0 1;
    }
    SitAndGoPicker #sng-pick { height: auto; max-height: 8; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, prompt: str, infos: Sequence[SitAndGoInfo], me: str) -> None:
        super().__init__()
        self.prompt = prompt
        self.infos = tuple(infos)
        self.me = me

    def compose(self) -> ComposeResult:
        width = max(20, self.app.size.width - 6)
        with Vertical(id="sng-pick-box"):
            yield Static(self.prompt)
            # A name is the player's own text: an option is text, never markup.
            yield OptionList(*(Option(Text(sit_and_go_line(info, self.me, width)), id=info.id)
                               for info in self.infos), id="sng-pick")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def key_words(info: SitAndGoInfo, me: str) -> str:
    """What ``r`` does to the sit-and-go it acts on."""
    if me in info.registered:
        return _("r: your seat") if info.table else _("r: unregister")
    return _("r: register") if info.open else ""


def lines(infos: Sequence[SitAndGoInfo], me: str, width: int) -> Text:
    """Every sit-and-go's line (``width`` cells each), the one ``r`` acts on with its key."""
    target = acted_on(infos, me)
    text = Text()
    for n, info in enumerate(infos):
        if n:
            text.append("\n")
        key = key_words(info, me) if info is target else ""
        # A name is the player's own text: appended as text, never markup.
        text.append(sit_and_go_line(info, me, width, key=key))
    return text


def results_title(results: TournamentResults) -> str:
    """
    >>> from cardtui.wire.protocol import TournamentPlace
    >>> board = TournamentResults("g1", "Friday", (TournamentPlace(1, "Ann", 300),), 300,
    ...                           yours=300, paid=100)
    >>> print(results_title(board))
    Friday is over · prize pool 300
    You won 300 (you paid in 100).
    """
    title = _("{name} is over · prize pool {pool}").format(name=results.name,
                                                         pool=chips(results.pool))
    if results.paid:
        won = (_("You won {amount}").format(amount=chips(results.yours)) if results.yours
               else _("No prize for you this time"))
        title += "\n" + _("{won} (you paid in {amount}).").format(won=won,
                                                                  amount=chips(results.paid))
    return title


class ResultsBoard(ModalScreen[None]):
    """A finished sit-and-go: every place, best first, and its prize (yours marked)."""

    DEFAULT_CSS = """
    ResultsBoard { align: center middle; }
    ResultsBoard #results-box {
        width: 100%; max-width: 64; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1;
    }
    ResultsBoard #results-rows { height: auto; max-height: 14; }
    ResultsBoard #results-hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("enter", "close", show=False)]

    def __init__(self, results: TournamentResults, me: str) -> None:
        super().__init__()
        self.results = results
        self.me = me

    def compose(self) -> ComposeResult:
        with Vertical(id="results-box"):
            yield Static(Text(results_title(self.results), style="bold"), id="results-title")
            table: DataTable[str | Text] = DataTable(id="results-rows", cursor_type="none",
                                                     zebra_stripes=True)
            yield table
            yield Static(_("Escape closes"), id="results-hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column(_("Place"), key="place")
        table.add_column(_("Player"), key="player")
        table.add_column(_("Prize"), key="prize")
        for place in self.results.places:
            mine = place.name == self.me and not place.bot
            name = place.name + (_(" (bot)") if place.bot else _(" (you)") if mine else "")
            prize = Text(chips(place.prize) if place.prize else "—", justify="right")
            table.add_row(place_text(place.place), Text(name), prize)

    def action_close(self) -> None:
        self.dismiss(None)
