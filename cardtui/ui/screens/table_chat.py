"""One line of chat at a shared table (either game): ``m`` opens it, Enter sends.

The room cleans and rate-limits every line (issue 11: 200 characters at most,
no control characters or escape sequences); the input only keeps a line to
that length, and a line the room refuses comes back as a note in the log.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cardtui.i18n import N_, _

#: The room's limit per line (cardtui.room.chat); longer input is not taken.
CHAT_LENGTH = 200


class ChatDialog(ModalScreen[str | None]):
    """Asks for one line to say at the table; dismissed with the line, or None."""

    DEFAULT_CSS = """
    ChatDialog { align: center bottom; }
    ChatDialog #chat-box { width: 100%; height: auto; border: round $accent; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "close", N_("Close"))]

    def __init__(self, said: Sequence[Text] = (), *,
                 prompt: str = N_("Say to the table (Enter sends, Escape closes):")) -> None:
        super().__init__()
        #: The last lines said at the table, for a table with no log of them (blackjack).
        self.said = tuple(said)
        #: What the box asks for (the lobby's chat and the host's announcement reuse it).
        self.prompt = _(prompt)  # (a caller's own words come translated already)

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            if self.said:
                yield Static(Text("\n").join(self.said), id="chat-said")
            yield Static(self.prompt)
            yield Input(max_length=CHAT_LENGTH, id="chat-line")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_close(self) -> None:
        self.dismiss(None)
