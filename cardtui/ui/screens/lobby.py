"""The lobby of a shared room: every table, live; sit down, watch or open a table.

Shown when cardtui runs under ``cardtui serve`` with a room (the menu's
**Tables**, and where a player lands first). The list follows the room as
people sit and leave (the room's lobby updates); nothing here decides who
may sit where: the room does, and its refusal is shown in one line.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from importlib import import_module

from rich.markup import escape
from rich.text import Text
from textual import events, getters, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable, Header, Static

from cardtui.games import Game
from cardtui.games import Game as StoreGame
from cardtui.guest import sit_and_go as tournaments
from cardtui.guest.joining import RoomDoor
from cardtui.guest.link import RoomLink, RoomRefused, SettledSink
from cardtui.guest.shared_table import RemoteSession
from cardtui.i18n import N_, _, chips, ngettext
from cardtui.tables.session import Settled
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.ui.app import CardtuiApp
from cardtui.ui.screens import lobby_host_seats
from cardtui.ui.screens.lobby_buy_in import BuyInDialog
from cardtui.ui.screens.lobby_host import BlindsDialog, CloseTableDialog, HostMenu, KickDialog
from cardtui.ui.screens.lobby_leaderboard import LeaderboardScreen
from cardtui.ui.screens.lobby_new_table import NewTableDialog
from cardtui.ui.screens.lobby_rows import (
    COLUMNS,
    chat_lines,
    describe_rules,
    free_seats,
    here_line,
    players_width,
    row_height,
    table_row,
)
from cardtui.ui.screens.lobby_sit_and_go import (
    ResultsBoard,
    SitAndGoPicker,
    acted_on,
    register_choices,
    start_choices,
)
from cardtui.ui.screens.lobby_sit_and_go import lines as sit_and_go_lines
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.ui.textual_fixes.served import HeldFirstFrame
from cardtui.ui.widgets.table_footer import TableFooter
from cardtui.wire.protocol import (
    Announce,
    CreateBlackjack,
    CreateHoldem,
    CreateSitAndGo,
    HostBlinds,
    HostClose,
    HostExport,
    HostKick,
    HostPause,
    HostRequest,
    HostResume,
    SitAndGoInfo,
    TableInfo,
    TournamentResults,
)

#: The table screen that shows each game's session: (module, class).
TABLE_SCREENS: dict[Game, tuple[str, str]] = {
    Game.HOLDEM: ("cardtui.ui.holdem.screen", "HoldemScreen"),
    Game.BLACKJACK: ("cardtui.ui.blackjack.screen", "BlackjackScreen"),
}

NO_TABLES = N_("No tables yet: press n to open one.")

#: Seconds a lobby joining its room waits for the room's tables before it is
#: drawn without them (the room answers in milliseconds unless the host is busy).
FIRST_FRAME_WAIT = 0.5


def open_table(app: CardtuiApp, session: RemoteSession) -> bool:
    """Show ``session`` on its game's table screen; False when that screen cannot take one.

    Both table screens take a table session; the check stays for a screen
    registered in :data:`TABLE_SCREENS` that does not (a local-only screen):
    the player stands up again (nothing was played) and is told so.
    """
    module, name = TABLE_SCREENS[session.game]
    screen_class = getattr(import_module(module), name)
    if "session" not in inspect.signature(screen_class).parameters:
        session.leave()
        app.notify(_("This cardtui cannot show shared tables yet."), severity="warning")
        return False
    app.push_screen(screen_class(session=session))
    return True


def store_sink(app: CardtuiApp) -> SettledSink:
    """Where a shared table's settled rows go when no table screen is showing it.

    The player's own store, exactly as a table screen records them (issue 11:
    every hand a player played is in their scoreboard), with the kept chips
    the hand moved.
    """
    def record(game: Game, settled: Settled) -> None:
        app.store.record_round(StoreGame(game.value), settled.rows, session_id=app.session_id,
                               hand_history=settled.hand_history,
                               bankroll_player=settled.bankroll_player,
                               bankroll_place=settled.bankroll_place,
                               shared_hand=settled.shared_hand, tournament=settled.tournament)

    return record


class LobbyScreen(HeldFirstFrame):
    """The room's tables; Enter sits down, ``w`` watches, ``n`` opens a new table."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("enter", "sit", N_("Sit"), priority=True),
        Binding("w", "watch", N_("Watch")),
        Binding("n", "new_table", N_("New table")),
        Binding("j", "join_private", N_("Join private"), show=False),
        Binding("m", "chat", N_("Chat")),
        Binding("l", "leaderboard", N_("Results")),
        # Sit-and-gos: r registers for (or unregisters from) the one listed first, g opens
        # one, G (a host) starts it now. Its line says what r does (at 80 columns the
        # footer has no room left for one more key beside the host's).
        Binding("r", "register", N_("Sit & Go"), show=False),
        Binding("g", "new_sit_and_go", N_("New Sit & Go"), show=False),
        Binding("G", "start_sit_and_go", N_("Start Sit & Go"), show=False),
        Binding("escape", "app.back", N_("Back")),
        # The host's controls: shown and answered only for a host's key (check_action);
        # the room checks the key again, whatever a game sends.
        # One key in the footer (h: the host's menu, which lists the others).
        Binding("h", "host_menu", N_("Host")),
        Binding("p", "pause", N_("Pause/resume"), show=False),
        Binding("x", "close_table", N_("Close table"), show=False),
        Binding("k", "kick", N_("Remove player"), show=False),
        Binding("b", "blinds", N_("Blinds"), show=False),
        Binding("a", "announce", N_("Announce"), show=False),
        Binding("e", "export", N_("Export ledger"), show=False),
    ]
    #: The actions only a host is offered.
    HOST_ACTIONS = frozenset({"host_menu", "pause", "close_table", "kick", "blinds",
                              "announce", "export", "start_sit_and_go"})
    #: Lines of the lobby's chat shown under the tables.
    CHAT_SHOWN = 2
    app = getters.app(CardtuiApp)

    class Changed(Message):
        """The room's lobby changed (``text`` None), or the room said something."""

        def __init__(self, text: str | None) -> None:
            super().__init__()
            self.text = text

    def __init__(self, link: RoomLink | None = None) -> None:
        super().__init__()
        #: None until the app's room (a RoomDoor) has been joined.
        self._link = link
        #: The player's name as the title shows it.
        self._named: str | None = None
        #: Shown at least once (see on_screen_resume).
        self._shown = False
        #: What the note says now, and the "back in your seat" note while it stands.
        self._note_text = ""
        self._seat_note: str | None = None
        #: The Players column's width the rows were made for.
        self._players_width = 0
        #: Waiting for the room's first list of tables.
        self._joining = link is None
        #: Sit-and-gos whose seat this lobby took (or offered) as they started.
        self._seated: set[str] = set()
        #: The highlighted table (id, name) while it is missing from the room's list (the
        #: room moving to another host closes its tables, then lists the new owner's):
        #: the cursor goes back to it when it is listed again, unless the player moved.
        self._want: tuple[str, str] | None = None
        #: The table each row showed at the last refill (id: name), and the row the
        #: refill left the cursor on.
        self._names: dict[str, str] = {}
        self._placed: str | None = None

    @property
    def ready_for_keys(self) -> bool:
        """Keys typed before the room has listed its tables wait for the list
        (cardtui.ui.navigation.WaitsForKeys): Down, Down, Enter picks the third."""
        return not self._joining

    @property
    def link(self) -> RoomLink:
        assert self._link is not None, "the lobby has not joined its room yet"
        return self._link

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="lobby-title")
        yield Static("", id="lobby-announcement")
        table: DataTable[str | Text] = DataTable(id="tables", cursor_type="row",
                                                 zebra_stripes=True)
        yield table
        yield Static("", id="lobby-detail")
        yield Static("", id="lobby-sng")
        yield Static("", id="lobby-here")
        yield Static("", id="lobby-chat")
        yield Static("", id="lobby-note")
        # Where a served player lands: Textual's footer restyles every key twice
        # each time it is built (twice before a new game's lobby settles).
        yield TableFooter()

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        for column in COLUMNS:
            table.add_column(_(column), key=column)
        table.focus()
        if self._link is not None:
            self._joined()
        else:
            self.say(_("Joining the room…"))
            self._hold_first_frame()
            self._join_room()

    def _hold_first_frame(self) -> None:
        """Draw nothing until the room has listed its tables, or ``FIRST_FRAME_WAIT`` has passed.

        Drawn at once, a served player's first screen said "Joining the
        room…" and was drawn and sent again a few milliseconds later with the
        tables: two frames' work for every player who arrives, and a crowd
        arriving at once pays it a hundred times over
        (benchmarks/bench_ssh_burst.py). The screen is still laid out as it
        is built; what changed meanwhile is drawn once, in full, with the tables.
        """
        self.hold_first_frame(FIRST_FRAME_WAIT)  # (Textual has no public way: textual_fixes)

    def on_screen_suspend(self) -> None:
        self.draw_now()  # (never hidden under another screen, waiting)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget of a screen each time it is shown, in
        # case styles changed while it was hidden. Shown for the first time,
        # the lobby was styled as it was mounted a moment ago (and Textual
        # restyles by itself for a new stylesheet, theme, class or focus): a
        # second pass over every widget, ~4 ms of a served game's start.
        if not self._shown:
            self._shown = True
            event.refresh_styles = False
        # "Back in your seat at …" was said on the way to that table: once the
        # player is back here it is no longer true (what the room said since stays).
        if self._seat_note is not None and self._note_text == self._seat_note:
            self.say("")
        self._seat_note = None

    @work(exclusive=True, group="lobby-room")
    async def _join_room(self) -> None:
        try:
            await self._enter_room()
        finally:
            self._joining = False
            self.draw_now()

    async def _enter_room(self) -> None:
        door = getattr(self.app, "room", None)
        if not isinstance(door, RoomDoor):
            self.say(_("This cardtui is not running in a room."), error=True)
            return
        try:
            self._link = await door.link(store_sink(self.app),
                                         RoomChips(self.app.store, self.app.session_id))
        except RoomRefused as refusal:
            self.say(_("No room: {reason}").format(reason=refusal), error=True)
            return
        self.stop_holding()  # what the tables change is drawn now, with all the rest
        self.say("")
        self._joined()

    def _joined(self) -> None:
        self.refresh_bindings()  # the host's keys, now the room has said who this is
        self.link.listen(self._room_said)
        self._refill()
        self._back_in_seat()

    def on_unmount(self) -> None:
        if self._link is not None:
            self._link.unlisten(self._room_said)

    def _room_said(self, text: str | None) -> None:
        # Called by the link's reader: hand it to the screen's own message queue.
        self.post_message(self.Changed(text))

    @on(Changed)
    def _changed(self, message: Changed) -> None:
        if message.text is not None:
            self.say(message.text)
        self._refill()
        self._back_in_seat()

    def _back_in_seat(self) -> None:
        """Reconnected while still seated somewhere: straight back to that table."""
        if not self.is_current:
            return
        session = self.link.take_reseated()
        if session is not None:
            self._seat_note = _("Back in your seat at {table}.").format(table=session.info.name)
            self.say(self._seat_note)
            open_table(self.app, session)

    def say(self, text: str, *, error: bool = False) -> None:
        self._note_text = text
        note = self.query_one("#lobby-note", Static)
        note.update(Text(text))  # table names and the room's words: text, never markup
        note.set_class(error, "error")

    def _refill(self) -> None:
        """Rebuild the rows from the room's lobby, keeping the cursor on the same table."""
        if self._named != self.link.name:  # the player may have renamed in Settings
            self._named = self.link.name
            self.query_one("#lobby-title", Static).update(
                _("Tables in the room · you are {name}").format(
                    name=f"[b]{escape(self._named)}[/b]"))
        table = self.query_one("#tables", DataTable)
        # (Not self.selected(): the link's list is the new one already, and the table
        # under the cursor may have left it, or another taken its id.)
        chosen = self._want or self._cursor_table()
        table.clear()
        width = players_width(self.size.width or self.app.size.width)
        self._players_width = width
        for info in self.link.tables.values():
            table.add_row(*table_row(info, width), key=info.id, height=row_height(info))
        self._names = {info.id: info.name for info in self.link.tables.values()}
        row = None if chosen is None else self._row_of(*chosen)
        if row is not None:
            table.move_cursor(row=row)
        # Not listed (now): kept, so a player re-sitting after the room moved finds the
        # cursor on their table, not on whichever took its row.
        self._want = chosen if row is None else None
        self._placed = self._cursor_key()
        if not self.link.tables:
            self.say(_(NO_TABLES))
        elif str(self.query_one("#lobby-note", Static).render()) == _(NO_TABLES):
            self.say("")
        self._detail()
        self._people()
        self._sit_and_gos()

    def _people(self) -> None:
        """Who is here and where, the lobby's last chat lines, the host's announcement."""
        width = max(20, (self.size.width or self.app.size.width) - 2)
        link = self.link
        self.query_one("#lobby-here", Static).update(
            here_line(link.online, self._table_name, width))
        chat = self.query_one("#lobby-chat", Static)
        chat.update(chat_lines(link.lobby_chat, self.CHAT_SHOWN, width))
        chat.display = bool(link.lobby_chat)
        announced = self.query_one("#lobby-announcement", Static)
        if link.announcement is not None:
            by, text = link.announcement
            announced.update(Text(_("The host ({host}) announces: {text}").format(
                host=by, text=text)))
        announced.display = link.announcement is not None

    def _table_name(self, table_id: str) -> str | None:
        info = self.link.tables.get(table_id)
        return info.name if info is not None else None

    def on_resize(self, event: events.Resize) -> None:
        # The Players column takes the room the others leave (issue 24: cut at
        # 20 characters even at 213 columns).
        if self._link is not None and players_width(event.size.width) != self._players_width:
            self._refill()

    @on(DataTable.RowHighlighted, "#tables")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        if key == self._cursor_key() and key != self._placed:
            self._want = None  # the player moved the cursor: their choice now
        self._detail()

    def _cursor_key(self) -> str | None:
        """The id of the table under the cursor (None: no rows)."""
        table = self.query_one("#tables", DataTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def _cursor_table(self) -> tuple[str, str] | None:
        """The table under the cursor as the rows show it: (id, name)."""
        key = self._cursor_key()
        return None if key is None or key not in self._names else (key, self._names[key])

    def _row_of(self, table_id: str, name: str) -> int | None:
        """The row of that table in the list now: by its id while it keeps its name, else
        by its name (a table the next owner reopened may have another id); None: gone."""
        tables = self.link.tables
        info = tables.get(table_id)
        if info is None or info.name != name:
            table_id = next((i.id for i in tables.values() if i.name == name), "")
        if table_id not in tables:
            return None
        return self.query_one("#tables", DataTable).get_row_index(table_id)

    def _detail(self) -> None:
        """The highlighted table in full: its seats by name, its rules, its clock."""
        info = self.selected()
        text = ""
        tournament = next((t for t in self._sit_and_go_list()
                           if info is not None and t.table == info.id), None)
        if info is not None and tournament is not None:
            # A sit-and-go's table has no buy-in of its own: its line says what it is.
            text = _("{table}: a Sit & Go's table · blinds {blinds} · {seconds} s to act").format(
                table=info.name, blinds=info.stakes, seconds=f"{info.action_clock:g}")
        elif info is not None:
            free = free_seats(info)
            seats = ngettext("{n} seat free", "{n} seats free", free).format(n=free)
            text = _("{table}: {seats} · buy-in {low}-{high} · {seconds} s to act").format(
                table=info.name, seats=seats, low=chips(info.buy_in_min),
                high=chips(info.buy_in_max), seconds=f"{info.action_clock:g}")
            if info.rules:
                text += f" · {describe_rules(info.rules)}"
            if info.private:
                text += " · " + _("private")
            if info.approval:
                text += " · " + _("a host approves each seat")
        self.query_one("#lobby-detail", Static).update(Text(text))  # (a name is text)

    def selected(self) -> TableInfo | None:
        table = self.query_one("#tables", DataTable)
        if self._link is None or not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.link.tables.get(key or "")

    # --- keys -------------------------------------------------------------------------

    def action_sit(self) -> None:
        info = self.selected()
        if info is None:
            return
        tournament = next((t for t in self._sit_and_go_list() if t.table == info.id), None)
        if tournament is not None:
            # A sit-and-go's table: no buy-in here (its seats are its entrants').
            if self.link.name in tournament.registered:
                self._register(tournament)
            else:
                self.say(_("{table} is a Sit & Go: its seats are its entrants'; w watches.")
                         .format(table=info.name), error=True)
            return
        if not free_seats(info):
            self.say(_("Every seat at {table} is taken: press w to watch.").format(
                table=info.name), error=True)
            return
        balance = None
        if self.link.keeps_chips:
            bankroll = self.app.store.bankroll(StoreGame(info.game.value))
            if not bankroll.known:
                # Issue 24: a balance the store could not read is unknown, not the
                # start balance; nothing is offered (or staked) on it.
                self.say(_("Your balance is not readable yet (another program holds the "
                           "scoreboard): try again in a moment."), error=True)
                return
            balance = bankroll.balance
        self.app.push_screen(BuyInDialog(info, balance), self._bought_in(info))

    def _bought_in(self, info: TableInfo) -> Callable[[int | None], None]:
        def sit(buy_in: int | None) -> None:
            if buy_in is not None:
                self._join(info, buy_in)

        return sit

    def action_watch(self) -> None:
        info = self.selected()
        if info is not None:
            self._join(info, None)

    @work(exclusive=True, group="lobby-join")
    async def _join(self, info: TableInfo, buy_in: int | None) -> None:
        try:
            if buy_in is None:
                session = await self.link.watch(info.id)
            else:
                session = await self.link.sit(info.id, buy_in)
        except RoomRefused as refusal:
            self.say(f"{info.name}: {refusal}", error=True)
            return
        self.say("")
        bought = session.bought
        note = bought.note(self.link.name, StoreGame(info.game.value)) if bought else None
        if note is not None:
            self.app.notify(note)
        open_table(self.app, session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's keys are offered (and answered) only when the room said this key
        hosts: another player's footer does not show them."""
        if action in self.HOST_ACTIONS:
            return self._link is not None and self._link.is_host
        if action == "register":
            return self._link is not None and acted_on(self._sit_and_go_list(),
                                                       self._link.name) is not None
        return True

    # --- sit-and-gos --------------------------------------------------------------------

    def _sit_and_go_list(self) -> list[SitAndGoInfo]:
        """The room's sit-and-gos (none from a link that does not list them)."""
        listed: dict[str, SitAndGoInfo] = getattr(self._link, "sit_and_gos", {})
        return list(listed.values())

    def _sit_and_gos(self) -> None:
        """The sit-and-gos' lines; a results board to show; a seat to take at one that
        started."""
        link = self.link
        listed = self.query_one("#lobby-sng", Static)
        width = max(20, (self.size.width or self.app.size.width) - 2)
        infos = self._sit_and_go_list()
        listed.update(sit_and_go_lines(infos, link.name, width))
        listed.display = bool(infos)
        self.refresh_bindings()
        results: list[TournamentResults] = getattr(link, "results", [])
        while results:
            self.app.push_screen(ResultsBoard(results.pop(0), link.name))
        for info in infos:
            if (info.table and link.name in info.registered and info.id not in self._seated
                    and info.table not in link.sessions and info.table in link.tables):
                self._seated.add(info.id)
                if self.is_current:
                    self._take_seat(info)
                else:
                    self.app.notify(_("{name} has started: your seat is at its table "
                                      "in the lobby.").format(name=info.name))

    @work(group="lobby-sit-and-go")
    async def _take_seat(self, info: SitAndGoInfo) -> None:
        try:
            session = await tournaments.take_seat(self.link, info)
        except RoomRefused as refusal:
            self.say(f"{info.name}: {refusal}", error=True)
            return
        self.say(_("{name} starts: good luck.").format(name=info.name))
        open_table(self.app, session)

    def action_register(self) -> None:
        if self._link is None:
            return
        infos = register_choices(self._sit_and_go_list(), self.link.name)
        if not infos:
            self.say(_("No Sit & Go is open to register for."), error=True)
            return
        self._pick(infos, _("r: which Sit & Go? (Enter picks, Escape closes)"), self._register)

    def _pick(self, infos: list[SitAndGoInfo], prompt: str,
              act: Callable[[SitAndGoInfo], object]) -> None:
        """``act`` on the one sit-and-go there is, or on the one whose table the cursor is
        on; with several, the player picks which."""
        table = self.selected()
        here = next((i for i in infos if table is not None and i.table == table.id), None)
        if here is not None or len(infos) == 1:
            act(here or infos[0])
            return

        def picked(sng_id: str | None) -> None:
            # As the room lists it now (registrations may have changed meanwhile).
            chosen = next((i for i in self._sit_and_go_list() if i.id == sng_id), None)
            if chosen is not None:
                act(chosen)

        self.app.push_screen(SitAndGoPicker(prompt, infos, self.link.name), picked)

    @work(group="lobby-sit-and-go")
    async def _register(self, info: SitAndGoInfo) -> None:
        try:
            if info.table and self.link.name in info.registered:
                self._seated.discard(info.id)
                session = await tournaments.take_seat(self.link, info)
                open_table(self.app, session)
                return
            if self.link.name in info.registered:
                said = await tournaments.unregister(self.link, info)
            else:
                said = await tournaments.register(self.link, info)
        except RoomRefused as refusal:
            self.say(f"{info.name}: {refusal}", error=True)
            return
        self.say(said)

    def action_new_sit_and_go(self) -> None:
        if self._link is None:
            return
        self.app.push_screen(ChatDialog([], prompt=N_("A name for the new Sit & Go (6 seats, "
                                                      "buy-in 100, 5 min levels; Enter opens):")),
                             self._new_sit_and_go)

    def _new_sit_and_go(self, name: str | None) -> None:
        if name is not None and name.strip():
            self._ask_sit_and_go(CreateSitAndGo(name.strip(), late_levels=1, rebuys=1))

    @work(group="lobby-sit-and-go")
    async def _ask_sit_and_go(self, request: CreateSitAndGo) -> None:
        try:
            said = await tournaments.create(self.link, request)
        except RoomRefused as refusal:
            self.say(_("No Sit & Go: {reason}").format(reason=refusal), error=True)
            return
        self.say(_("{said} r registers.").format(said=said))

    def action_start_sit_and_go(self) -> None:
        if self._link is None:
            return
        infos = start_choices(self._sit_and_go_list())
        if not infos:
            self.say(_("No Sit & Go is waiting to start."), error=True)
            return
        self._pick(infos, _("G: start which Sit & Go now? (Enter picks, Escape closes)"),
                   self._start_sit_and_go)

    @work(group="lobby-sit-and-go")
    async def _start_sit_and_go(self, info: SitAndGoInfo) -> None:
        try:
            said = await tournaments.start_now(self.link, info)
        except RoomRefused as refusal:
            self.say(_("Not started: {reason}").format(reason=refusal), error=True)
            return
        self.say(said)

    def action_chat(self) -> None:
        if self._link is None:
            return
        said = [Text.assemble((e.name, "bold"), f": {e.text}") for e in self.link.lobby_chat[-5:]]
        self.app.push_screen(ChatDialog(said, prompt=N_("Say to the lobby (Enter sends, Escape "
                                                        "closes):")), self._say)

    def _say(self, line: str | None) -> None:
        if line is None or self._link is None:
            return
        try:
            self.link.lobby_say(line)
        except ValueError as error:  # the room has closed
            self.say(str(error), error=True)

    # --- the host's controls --------------------------------------------------------

    def action_host_menu(self) -> None:
        info = self.selected()

        def chosen(action: str | None) -> None:
            if action is not None and (action in self.HOST_ACTIONS
                                       or action in lobby_host_seats.MENU_ACTIONS):
                run: Callable[[], None] = getattr(self, f"action_{action}")
                run()

        self.app.push_screen(HostMenu(info.name if info is not None else None,
                                      paused=bool(info and info.paused_by),
                                      approving=bool(info and info.approval),
                                      start=bool(start_choices(self._sit_and_go_list()))),
                             chosen)

    # The host's seats and bans (the menu's s, v, r, u: cardtui.ui.screens.lobby_host_seats).

    def action_move_seat(self) -> None:
        lobby_host_seats.move_seat(self)

    def action_approval(self) -> None:
        lobby_host_seats.approval(self)

    @work(exclusive=True, group="lobby-host-desk")
    async def action_seat_requests(self) -> None:
        await lobby_host_seats.answer_requests(self)

    @work(exclusive=True, group="lobby-host-desk")
    async def action_unban(self) -> None:
        await lobby_host_seats.lift_ban(self)

    def send_host(self, request: HostRequest) -> None:
        """Send a host's request; the room's answer in the note."""
        self._host(request)

    def action_pause(self) -> None:
        info = self.selected()
        if info is None:
            return
        request = HostResume(info.id) if info.paused_by else HostPause(info.id)
        self._host(request)

    def action_close_table(self) -> None:
        info = self.selected()
        if info is None:
            return
        word = "hand" if info.game is Game.HOLDEM else "round"

        def close(void: bool | None) -> None:
            if void is not None:
                self._host(HostClose(info.id, void=void))

        self.app.push_screen(CloseTableDialog(info.name, word), close)

    def action_kick(self) -> None:
        names = [p.name for p in self.link.online if p.name != self.link.name]
        if not names:
            self.say(_("Nobody else is here."))
            return

        def kick(chosen: tuple[str, bool] | None) -> None:
            if chosen is not None:
                self._host(HostKick(chosen[0], ban=chosen[1]))

        self.app.push_screen(KickDialog(names), kick)

    def action_blinds(self) -> None:
        info = self.selected()
        if info is None:
            return
        if info.game is not Game.HOLDEM:
            self.say(_("{table} is a blackjack table: it has no blinds.").format(table=info.name),
                     error=True)
            return

        def blinds(chosen: tuple[int, int] | None) -> None:
            if chosen is not None:
                self._host(HostBlinds(info.id, *chosen))

        self.app.push_screen(BlindsDialog(info.name, info.stakes), blinds)

    def action_announce(self) -> None:
        def announce(line: str | None) -> None:
            if line is not None:
                self._host(Announce(line))

        self.app.push_screen(ChatDialog(prompt=N_("Announce to the whole room (Enter sends, "
                                                  "Escape closes):")), announce)

    def action_export(self) -> None:
        self._host(HostExport())

    # --- the night's results ----------------------------------------------------------

    def action_leaderboard(self) -> None:
        if self._link is not None:
            self._leaderboard()

    @work(exclusive=True, group="lobby-leaderboard")
    async def _leaderboard(self) -> None:
        try:
            board = await self.link.leaderboard()
        except RoomRefused as refusal:
            self.say(_("No leaderboard: {reason}").format(reason=refusal), error=True)
            return
        self.app.push_screen(LeaderboardScreen(board))

    @work(group="lobby-host")
    async def _host(self, request: HostRequest) -> None:
        """Send a host's request; the room's answer (or refusal) in the note."""
        try:
            said = await self.link.host(request)
        except RoomRefused as refusal:
            self.say(_("Not done: {reason}").format(reason=refusal), error=True)
            return
        self.say(said)
        self._refill()

    def action_new_table(self) -> None:
        if self._link is None:
            return
        self.app.push_screen(NewTableDialog(), self._new_table)

    def _new_table(self, request: CreateHoldem | CreateBlackjack | None) -> None:
        if request is not None:
            self._create(request)

    @work(exclusive=True, group="lobby-create")
    async def _create(self, request: CreateHoldem | CreateBlackjack) -> None:
        try:
            info = await self.link.create(request)
        except RoomRefused as refusal:
            self.say(_("No new table: {reason}").format(reason=refusal), error=True)
            return
        self._refill()
        table = self.query_one("#tables", DataTable)
        table.move_cursor(row=table.get_row_index(info.id))
        opened = self.link.opened
        if self.link.invite_code:
            # The room's sentence carries the code (see Room's CreateTable answer).
            self.say(_("{opened}: Enter sits down.").format(opened=opened.removeprefix("Table ")))
        else:
            self.say(_("{table} is open: Enter sits down.").format(table=info.name))

    def action_join_private(self) -> None:
        if self._link is None:
            return
        self.app.push_screen(ChatDialog([], prompt=N_("A private table's invite code (Enter "
                                                      "joins, Escape closes):")), self._code)

    def _code(self, code: str | None) -> None:
        if code is not None and code.strip():
            self._join_private(code)

    @work(exclusive=True, group="lobby-create")
    async def _join_private(self, code: str) -> None:
        try:
            info = await self.link.join_private(code)
        except RoomRefused as refusal:
            self.say(_("Not in: {reason}").format(reason=refusal), error=True)
            return
        self._refill()
        table = self.query_one("#tables", DataTable)
        table.move_cursor(row=table.get_row_index(info.id))
        self.say(_("{table} is in your lobby: Enter sits down, w watches.").format(table=info.name))
