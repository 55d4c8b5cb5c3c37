"""The host's dialogs in the lobby: close a table, remove a player, set the blinds.

Each dialog only asks; the lobby sends the host's request, and the room
checks the key and answers (its refusal is shown in the lobby's note).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from cardtui.i18n import N_, _

#: The box every host dialog sits in, low over the lobby.
BOX_CSS = """
NAME { align: center bottom; }
NAME #host-box { width: 100%; height: auto; border: round $warning; padding: 0 1; }
NAME #host-error { color: $error; }
"""


class HostMenu(ModalScreen[str | None]):
    """The host's controls, each with its key: dismissed with the lobby action chosen."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "HostMenu") + "HostMenu #host-menu { height: auto; }"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, table: str | None, *, paused: bool, approving: bool = False,
                 start: bool = False) -> None:
        super().__init__()
        #: A sit-and-go is waiting to start: the menu offers G.
        self.offer_start = start
        self.table = table
        self.paused = paused
        #: Seats at the table wait for a host's approval now.
        self.approving = approving

    def items(self) -> list[tuple[str, str]]:
        """(lobby action, what it says) for each control there is now."""
        table = self.table
        items = []
        if table is not None:
            pause = _("Resume {table}") if self.paused else _("Pause {table}")
            approval = (_("Stop approving each new seat at {table}") if self.approving
                        else _("Approve each new seat at {table}"))
            items += [("pause", "p  " + pause.format(table=table)),
                      ("close_table", "x  " + _("Close {table}").format(table=table)),
                      ("blinds", "b  " + _("Blinds at {table} from its next hand").format(
                          table=table)),
                      ("move_seat", "s  " + _("Move a player's seat at {table}").format(
                          table=table)),
                      ("approval", "v  " + approval.format(table=table))]
        items += [("seat_requests", "r  " + _("Seat requests waiting")),
                  ("kick", "k  " + _("Remove or ban a player")),
                  ("unban", "u  " + _("Lift a ban")),
                  ("announce", "a  " + _("Announce to the whole room")),
                  ("export", "e  " + _("Export tonight's ledger (CSV)"))]
        if self.offer_start:
            items.append(("start_sit_and_go",
                          "G  " + _("Start a Sit & Go now (bots fill its empty seats)")))
        return items

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            yield Static(_("Host (Enter picks, Escape closes):"))
            yield OptionList(*(Option(Text(said), id=action) for action, said in self.items()),
                             id="host-menu")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def on_key(self, event: events.Key) -> None:
        # The lobby's own keys work here too: the menu is a reminder, not a detour.
        keys = {"p": "pause", "x": "close_table", "b": "blinds", "k": "kick", "a": "announce",
                "e": "export", "s": "move_seat", "v": "approval", "r": "seat_requests",
                "u": "unban", "G": "start_sit_and_go"}
        action = keys.get(event.key)
        if action is not None and any(a == action for a, _said in self.items()):
            event.stop()
            self.dismiss(action)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CloseTableDialog(ModalScreen[bool | None]):
    """Close a table: ``v`` voids the hand in play (True), ``p`` plays it out (False)."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "CloseTableDialog")
    BINDINGS = [
        Binding("v", "close(True)", N_("Void the hand")),
        Binding("p", "close(False)", N_("Play it out")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, table: str, word: str) -> None:
        super().__init__()
        self.table = table
        self.word = word

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            # a table's name: text, never markup
            yield Static(Text(_("Close {table}?").format(table=self.table)))
            yield Static(_("v: now, the hand in play void (every bet back) · p: after the hand "
                           "in play · Escape: keep it open") if self.word == "hand" else
                         _("v: now, the round in play void (every bet back) · p: after the "
                           "round in play · Escape: keep it open"))

    def action_close(self, void: bool) -> None:
        self.dismiss(void)

    def action_cancel(self) -> None:
        self.dismiss(None)


class KickDialog(ModalScreen[tuple[str, bool] | None]):
    """Pick a player: Enter removes them from every table (``k`` too), ``b`` bans them."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "KickDialog") + \
        "KickDialog #host-people { height: auto; max-height: 8; }"
    BINDINGS = [
        Binding("k", "kick(False)", N_("Remove")),
        Binding("b", "kick(True)", N_("Ban")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__()
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            yield Static(_("Remove whom? Enter or k: from every table (chips back to their "
                           "balance) · b: ban from the room · Escape: nobody"))
            yield OptionList(*(Option(Text(name), id=str(i))
                               for i, name in enumerate(self.names)), id="host-people")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_kick(False)

    def action_kick(self, ban: bool) -> None:
        index = self.query_one(OptionList).highlighted
        if index is None or not self.names:
            return
        self.dismiss((self.names[index], ban))

    def action_cancel(self) -> None:
        self.dismiss(None)


def parse_blinds(text: str) -> tuple[int, int] | None:
    """``"10/20"`` as (10, 20); None for anything else.

    >>> parse_blinds(" 10 / 20 "), parse_blinds("20"), parse_blinds("a/b")
    ((10, 20), None, None)
    """
    small, slash, big = text.partition("/")
    if not slash or not small.strip().isdigit() or not big.strip().isdigit():
        return None
    return int(small), int(big)


class BlindsDialog(ModalScreen[tuple[int, int] | None]):
    """The blinds of a hold'em table from its next hand, typed "small/big"."""

    DEFAULT_CSS = BOX_CSS.replace("NAME", "BlindsDialog")
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, table: str, now: str) -> None:
        super().__init__()
        self.table = table
        self.now = now

    def compose(self) -> ComposeResult:
        with Vertical(id="host-box"):
            yield Static(Text(_("Blinds at {table} from the next hand (now {now}), as "
                                "small/big; Enter sets, Escape closes:").format(
                table=self.table, now=self.now)))
            yield Input(value=self.now, max_length=25, id="host-blinds")
            yield Static("", id="host-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        blinds = parse_blinds(event.value)
        if blinds is None:
            self.query_one("#host-error", Static).update(_("Type them as small/big, e.g. 10/20."))
            return
        self.dismiss(blinds)

    def action_cancel(self) -> None:
        self.dismiss(None)
