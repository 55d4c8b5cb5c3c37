"""How cards look on screen: inline (``A♠ 10♥``) and boxed (three lines per card).

Both tables use these. Unicode suits are the one-cell text symbols U+2660..2667
(never the emoji form); ``ascii=True`` gives ``AS``, ``10H`` and ``+---+``
frames for terminals without UTF-8.

>>> print(cards_text([Card.parse("As"), Card.parse("Th")], ascii=True, face_down={1}).plain)
AS ##
>>> print(boxed_cards([Card.parse("As"), Card.parse("Th")], ascii=False).plain)
╭───╮╭───╮
│A♠ ││10♥│
╰───╯╰───╯
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from cardtui.cards import Card

RED = "bold red"
BLACK = "bold"
BACK = "blue"
HIGHLIGHT = "reverse"

_FRAMES = {
    False: ("╭───╮", "│", "╰───╯", "░░░"),
    True: ("+---+", "|", "+---+", "###"),
}


def _card_style(card: Card) -> str:
    return RED if card.suit.is_red else BLACK


def card_text(card: Card | None, *, ascii: bool, face_down: bool = False) -> Text:
    """One card inline: ``A♠`` / ``AS``; face down (or ``None``) as ``▒▒`` / ``##``."""
    if card is None or face_down:
        return Text("##" if ascii else "▒▒", style=BACK)
    return Text(card.render(ascii), style=_card_style(card))


def cards_text(
    cards: Sequence[Card | None], *, ascii: bool, face_down: Collection[int] = ()
) -> Text:
    """Cards inline, separated by spaces; positions in ``face_down`` are hidden."""
    return Text(" ").join(
        card_text(card, ascii=ascii, face_down=i in face_down) for i, card in enumerate(cards)
    )


def boxed_cards(
    cards: Sequence[Card | None],
    *,
    ascii: bool,
    face_down: Collection[int] = (),
    highlight: Collection[int] = (),
) -> Text:
    """Cards as 5x3 boxes side by side; ``highlight`` marks winning cards."""
    top, side, bottom, back = _FRAMES[ascii]
    lines = [Text(), Text(), Text()]
    for i, card in enumerate(cards):
        frame_style = "bold yellow" if i in highlight else "dim" if i in face_down else ""
        lines[0].append(top, style=frame_style)
        lines[2].append(bottom, style=frame_style)
        lines[1].append(side, style=frame_style)
        if card is None or i in face_down:
            lines[1].append(back, style=BACK)
        else:
            face = card.render(ascii).ljust(3)
            style = _card_style(card) + (" reverse" if i in highlight else "")
            lines[1].append(face, style=style)
        lines[1].append(side, style=frame_style)
    return Text("\n").join(lines)


class CardRow(Widget):
    """A row of boxed cards. Set :attr:`cards` etc. and call :meth:`refresh`."""

    def __init__(
        self,
        cards: Sequence[Card | None] = (),
        *,
        ascii: bool = False,
        face_down: Collection[int] = (),
        highlight: Collection[int] = (),
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.cards = list(cards)
        self.ascii = ascii
        self.face_down = set(face_down)
        self.highlight = set(highlight)

    def show(
        self,
        cards: Sequence[Card | None],
        *,
        face_down: Collection[int] = (),
        highlight: Collection[int] = (),
    ) -> None:
        self.cards = list(cards)
        self.face_down = set(face_down)
        self.highlight = set(highlight)
        self.refresh(layout=True)

    def render(self) -> Text:
        if not self.cards:
            return Text("")
        return boxed_cards(
            self.cards, ascii=self.ascii, face_down=self.face_down, highlight=self.highlight
        )

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 5 * len(self.cards)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 3 if self.cards else 0
