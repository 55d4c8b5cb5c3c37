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

Bigger terminals get bigger faces (:data:`MEDIUM` 7x5, :data:`LARGE` 9x7):
:func:`largest_face` says which the terminal's size allows and
:func:`face_to_fit` which fits a widget's room, so a table draws big cards by
handing its own size over.

>>> print(boxed_cards([Card.parse("Th"), None], ascii=True, face=MEDIUM).plain)
+-----++-----+
|10H  ||#####|
|  H  ||#####|
|  10H||#####|
+-----++-----+
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from cardtui.cards import Card

RED = "bold red"
BLACK = "bold"
BACK = "blue"
HIGHLIGHT = "reverse"



@dataclass(frozen=True, slots=True)
class Face:
    """A boxed card's size in cells, frame included."""

    width: int
    height: int


#: The face every terminal gets: rank and suit in a 5x3 box (80x24 fits ten seats).
SMALL = Face(5, 3)
#: Rank and suit in the corners, the suit in the middle: from 120x40.
MEDIUM = Face(7, 5)
#: As MEDIUM with a wider margin: from 160x50.
LARGE = Face(9, 7)
#: Smallest first.
FACES = (SMALL, MEDIUM, LARGE)
#: The terminal size from which each face is used (SMALL: any size).
FACE_FROM = {MEDIUM: (120, 40), LARGE: (160, 50)}
#: The app's breakpoints (classes every screen carries for its width and its height):
#: a screen is ``-wide.-tall`` (or bigger) where MEDIUM faces are drawn and
#: ``-wider.-taller`` where LARGE ones are, so its CSS can make room for them.
SIZE_CLASSES_ACROSS: list[tuple[int, str]] = [(0, "-narrow"), (FACE_FROM[MEDIUM][0], "-wide"),
                       (FACE_FROM[LARGE][0], "-wider")]
SIZE_CLASSES_DOWN: list[tuple[int, str]] = [(0, "-short"), (FACE_FROM[MEDIUM][1], "-tall"),
                     (FACE_FROM[LARGE][1], "-taller")]

#: (top-left, top, top-right, side, bottom-left, bottom, bottom-right, back)
_FRAMES = {
    False: ("╭", "─", "╮", "│", "╰", "─", "╯", "░"),
    True: ("+", "-", "+", "|", "+", "-", "+", "#"),
}


def largest_face(width: int, height: int) -> Face:
    """The biggest face a terminal of ``width`` x ``height`` cells draws.

    >>> largest_face(80, 24) == SMALL, largest_face(120, 40) == MEDIUM
    (True, True)
    >>> largest_face(200, 45) == MEDIUM, largest_face(160, 50) == LARGE
    (True, True)
    """
    best = SMALL
    for face, (least_width, least_height) in FACE_FROM.items():
        if width >= least_width and height >= least_height:
            best = face
    return best


def face_to_fit(count: int, width: int, height: int, *, limit: Face = LARGE) -> Face | None:
    """The biggest face, no bigger than ``limit``, with ``count`` cards side by side
    in ``width`` x ``height`` cells; None when even the small one does not fit.

    >>> face_to_fit(2, 28, 5) == MEDIUM, face_to_fit(5, 30, 9) == SMALL
    (True, True)
    >>> face_to_fit(2, 28, 9, limit=MEDIUM) == MEDIUM, face_to_fit(9, 30, 9)
    (True, None)
    """
    fits = [face for face in FACES if face.width <= limit.width
            and face.width * count <= width and face.height <= height]
    return fits[-1] if fits else None


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
    face: Face = SMALL,
) -> Text:
    """Cards as boxes side by side (``face`` big); ``highlight`` marks winning cards."""
    top_left, top, top_right, side, bottom_left, bottom, bottom_right, back = _FRAMES[ascii]
    inner = face.width - 2
    lines = [Text() for _ in range(face.height)]
    for i, card in enumerate(cards):
        frame_style = "bold yellow" if i in highlight else "dim" if i in face_down else ""
        lines[0].append(top_left + top * inner + top_right, style=frame_style)
        lines[-1].append(bottom_left + bottom * inner + bottom_right, style=frame_style)
        hidden = card is None or i in face_down
        style = (BACK if card is None or hidden
                 else _card_style(card) + (" reverse" if i in highlight else ""))
        for row, text in zip(lines[1:-1], _face_rows(card, face, ascii=ascii, hidden=hidden),
                             strict=True):
            row.append(side, style=frame_style)
            row.append(text, style=style)
            row.append(side, style=frame_style)
    return Text("\n").join(lines)


def _face_rows(card: Card | None, face: Face, *, ascii: bool, hidden: bool) -> list[str]:
    """The lines inside a card's frame: its back, or its index and suit.

    The small face is the index alone (``A♠``, ``10♥``); bigger ones show it in
    the top-left and bottom-right corners, as a real card does, and the suit
    in the middle.
    """
    inner, rows = face.width - 2, face.height - 2
    if hidden or card is None:
        return [_FRAMES[ascii][-1] * inner] * rows
    index = card.render(ascii)
    if face == SMALL:
        return [index.ljust(inner)]
    middle = card.suit.letter if ascii else card.suit.symbol
    blank = " " * inner
    lines = [blank] * rows
    lines[0] = index.ljust(inner)
    lines[rows // 2] = middle.center(inner)
    lines[-1] = index.rjust(inner)
    return lines


def face_for(widget: Widget, count: int, *, other_lines: int = 0) -> Face:
    """The biggest face for ``count`` cards side by side in ``widget`` as laid out, with
    ``other_lines`` of its lines taken by other things, no bigger than the terminal
    allows (:func:`largest_face`); the small face when nothing bigger fits."""
    width, height = widget.content_size
    limit = largest_face(*widget.app.size)
    return face_to_fit(count, width, height - other_lines, limit=limit) or SMALL


class CardRow(Widget):
    """A row of boxed cards. Set :attr:`cards` etc. and call :meth:`refresh`."""

    # As tall as its cards' face (bigger in a big terminal: :meth:`face`).
    DEFAULT_CSS = """
    CardRow {
        height: auto;
    }
    """

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

    def face(self, width: int | None = None) -> Face:
        """The face drawn: as big as the terminal allows and ``width`` (the room
        the row has, by default its own width) holds."""
        limit = largest_face(*self.app.size)
        room = self.size.width if width is None else width
        if not room:
            return limit  # not laid out yet: the layout asks with the room it has
        return face_to_fit(len(self.cards), room, limit.height, limit=limit) or SMALL

    def render(self) -> Text:
        if not self.cards:
            return Text("")
        return boxed_cards(
            self.cards, ascii=self.ascii, face_down=self.face_down, highlight=self.highlight,
            face=self.face(),
        )

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.face(container.width).width * len(self.cards)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.face(width).height if self.cards else 0
