"""The hold'em table's action log: the replay model's plain lines, styled and fitted.

The replay model (:class:`~cardtui.holdem.view.LogLine`) says what a line
tells; this module decides how it looks: a person's moves bold, a bot's
plain, a pot won bold green, cards drawn as cards.

>>> from cardtui.cards import Card
>>> from cardtui.holdem.view import LineKind, LogLine
>>> line = LogLine(LineKind.WIN, "Ann wins 40", (), " with Two pair")
>>> text = styled(line, ascii=True)
>>> text.plain, str(text.style)
('Ann wins 40 with Two pair', 'bold green')
>>> styled(LogLine(LineKind.STREET, "Flop:", (Card.parse("As"),)), ascii=True).plain
'Flop: AS'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from cardtui.cards import Card
from cardtui.holdem.view import LineKind, LogLine
from cardtui.ui.widgets.cards import cards_text
from cardtui.ui.widgets.quiet_update import shown_value

#: How each kind of line is drawn.
STYLES = {
    LineKind.MOVE: "bold",
    LineKind.BOT_MOVE: "",
    LineKind.RETURNED: "dim",
    LineKind.STREET: "bold",
    LineKind.SHOWN: "",
    LineKind.WIN: "bold green",
}


def high_first(cards: Sequence[Card | None]) -> tuple[Card | None, ...]:
    """Hole cards as players read them, the higher rank first ("A♠ 8♣", never "8♣ A♠");
    cards not all known keep the order dealt (an unknown card has no rank to sort by).

    >>> from cardtui.cards import parse_cards
    >>> [str(c) for c in high_first(parse_cards("8cAs"))], high_first([None, None])
    (['As', '8c'], (None, None))
    """
    if any(card is None for card in cards):
        return tuple(cards)
    return tuple(sorted(cards, key=lambda card: card.rank if card else 0, reverse=True))


def styled(line: LogLine, *, ascii: bool) -> Text:
    """``line`` as drawn: its words in its kind's style, its cards as cards (a hand shown,
    high card first; the board in the order it came)."""
    text = Text(line.text, style=STYLES[line.kind])
    if line.cards:
        text.append(" ")
        cards = high_first(line.cards) if line.kind is LineKind.SHOWN else line.cards
        text.append_text(cards_text(cards, ascii=ascii))
    text.append(line.tail)
    return text


class TableLog(Widget):
    """The newest lines of the action log: as many as fit, drawn after layout so the
    size is the one on screen (the prompt above may just have grown a line).

    Chat lines (``said``: where in the log each was said, and the line) are
    woven in where they were said.
    """

    def __init__(self, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.lines: list[Text] = []

    def show(self, lines: Sequence[LogLine], said: Sequence[tuple[int, Text]] = ()) -> None:
        shown = [styled(line, ascii=self.ascii) for line in lines]
        # From the last: lines said at one place keep the order they were said in.
        for where, line in reversed(said):
            shown.insert(min(where, len(shown)), line)
        # Repainted only when a line changed: the screen redraws on every message.
        if [shown_value(line) for line in shown] != [shown_value(line) for line in self.lines]:
            self.lines = shown
            self.refresh()

    def render(self) -> Text:
        return Text("\n").join(last_lines(self.lines, self.content_size, self.app.console))


def last_lines(log: Sequence[Text], size: Size, console: Console) -> list[Text]:
    """The newest lines of ``log`` that fit ``size``, counting every row a long line
    wraps to, so the newest line is never the one pushed out of sight.

    >>> from rich.console import Console
    >>> log = [Text("one"), Text("two " * 10), Text("three")]
    >>> [line.plain for line in last_lines(log, Size(20, 3), Console())]
    ['two two two two two two two two two two ', 'three']
    >>> [line.plain for line in last_lines(log, Size(20, 1), Console())]
    ['three']
    """
    rows = max(size.height, 1)
    width = max(size.width, 1)
    shown: list[Text] = []
    for line in reversed(log):
        rows -= len(line.wrap(console, width))
        if rows < 0 and shown:  # the newest line is shown even when it alone overflows
            break
        shown.append(line)
    return shown[::-1]
