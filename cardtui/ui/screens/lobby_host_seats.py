"""The host's seats and bans in the lobby: seat requests to answer, bans to lift, a seat
to move, approval of seats at a table (the host's menu, ``h``, lists each).

Each dialog only asks; the lobby sends the host's request and the room checks
the key and answers (its refusal is shown in the lobby's note).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtui.guest.host_commands import host_command
from cardtui.guest.link import RoomLink, RoomRefused
from cardtui.i18n import N_, _
from cardtui.ui.screens.lobby_host import BOX_CSS
from cardtui.ui.screens.table_chat import ChatDialog
from cardtui.wire.protocol import (
    HostApproval,
    HostDeskState,
    HostRequest,
    HostSeatAnswer,
    HostUnban,
    SeatRequestInfo,
    TableInfo,
)

#: The lobby actions these add to the host's menu (no lobby key of their own).
MENU_ACTIONS = frozenset({"move_seat", "approval", "seat_requests", "unban"})


class HostLobby(Protocol):
    """What these need of the lobby (:class:`cardtui.ui.screens.lobby.LobbyScreen`)."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def link(self) -> RoomLink: ...

    def selected(self) -> TableInfo | None: ...

    def say(self, text: str, *, error: bool = False) -> None: ...

    def send_host(self, request: HostRequest) -> None: ...


class SeatRequestsDialog(ModalScreen[tuple[int, bool] | None]):
    """The seat requests waiting: Enter or ``a`` approves the highlighted one, ``r``
    refuses it."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "SeatRequestsDialog") + \
        "SeatRequestsDialog #host-requests { height: auto; max-height: 8; }"
    BINDINGS = [
        Binding("a", "answer(True)", N_("Approve")),
        Binding("r", "answer(False)", N_("Refuse")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, requests: Sequence[SeatRequestInfo]) -> None:
        super().__init__()
        self.requests = tuple(requests)

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            yield Static(_("Seat requests: Enter or a approves · r refuses · Escape: later"))
            # Names and table names are players' text: never markup.
            said = _("{name} at {table}")
            yield OptionList(*(Option(Text(said.format(name=r.name, table=r.table_name)),
                                      id=str(i))
                               for i, r in enumerate(self.requests)), id="host-requests")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_answer(True)

    def action_answer(self, approve: bool) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and self.requests:
            self.dismiss((index, approve))

    def action_cancel(self) -> None:
        self.dismiss(None)


class UnbanDialog(ModalScreen[str | None]):
    """The bans: Enter lifts the highlighted one."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "UnbanDialog") + \
        "UnbanDialog #host-bans { height: auto; max-height: 8; }"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__()
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            yield Static(_("Banned: Enter lets the player back into the room · Escape: nobody"))
            yield OptionList(*(Option(Text(name), id=str(i))
                               for i, name in enumerate(self.names)), id="host-bans")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.names[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


def move_seat(lobby: HostLobby) -> None:
    """Ask whom to move where at the highlighted table (as ``/move NAME SEAT`` reads it)."""
    info = lobby.selected()
    if info is None:
        return
    seated = ", ".join(f"{name} ({seat + 1})" for seat, name in enumerate(info.players)
                       if name is not None and seat not in info.bots)

    def move(line: str | None) -> None:
        if line is None:
            return
        request = host_command(f"/move {line}", info.id)
        if isinstance(request, HostRequest):
            lobby.send_host(request)
        elif request is not None:
            lobby.say(request, error=True)

    lobby.app.push_screen(ChatDialog(prompt=_(
        "Move whom to which seat at {table}, between hands? (name seat, e.g. Bob 4; seated: "
        "{seated})").format(table=info.name, seated=seated or _("nobody"))), move)


def approval(lobby: HostLobby) -> None:
    """Turn the host's approval of seats at the highlighted table on, or off."""
    info = lobby.selected()
    if info is not None:
        lobby.send_host(HostApproval(info.id, not info.approval))


async def answer_requests(lobby: HostLobby) -> None:
    """The seat requests waiting, to approve or refuse one."""
    state = await _desk(lobby)
    if state is None:
        return
    if not state.requests:
        lobby.say(_("Nobody is waiting for a seat."))
        return

    def answer(chosen: tuple[int, bool] | None) -> None:
        if chosen is not None:
            request = state.requests[chosen[0]]
            lobby.send_host(HostSeatAnswer(request.table, request.name, chosen[1]))

    lobby.app.push_screen(SeatRequestsDialog(state.requests), answer)


async def lift_ban(lobby: HostLobby) -> None:
    """The bans, to lift one."""
    state = await _desk(lobby)
    if state is None:
        return
    if not state.bans:
        lobby.say(_("Nobody is banned."))
        return
    def unban(name: str | None) -> None:
        if name is not None:
            lobby.send_host(HostUnban(name))

    lobby.app.push_screen(UnbanDialog(state.bans), unban)


async def _desk(lobby: HostLobby) -> HostDeskState | None:
    try:
        return await lobby.link.host_desk()
    except RoomRefused as refusal:
        lobby.say(_("Not done: {reason}").format(reason=refusal), error=True)
        return None
