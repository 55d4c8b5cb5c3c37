"""The hold'em table's pieces: a seat panel and the board with its pots (the log: holdem_log).

Both are plain displays: the screen hands them what to show (a
:class:`~cardtui.holdem.view.SeatView` and a few words) and they
draw it. Compact panels (cards inline) fit ten seats in 80x24; in a larger
terminal the screen sets the ``roomy`` class and the cards are boxed.

>>> arrange(6)
([3, 4], [5], [1, 0], [2])
>>> arrange(10)
([4, 5, 6, 7], [8], [2, 1, 0, 9], [3])
>>> sorted(sum(arrange(7), []))
[0, 1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.markup import escape
from textual.widgets import Static

from cardtui.cards import Card
from cardtui.holdem.view import SeatView
from cardtui.i18n import _, chips
from cardtui.ui.widgets.cards import HIGHLIGHT, boxed_cards, card_text, cards_text, face_for
from cardtui.ui.widgets.holdem_log import high_first
from cardtui.ui.widgets.quiet_update import update_quietly

#: Seats per side for each table size: (top, right, bottom, left).
_SIDES = {
    2: (1, 0, 1, 0), 3: (2, 0, 1, 0), 4: (1, 1, 1, 1), 5: (2, 1, 1, 1), 6: (2, 1, 2, 1),
    7: (3, 1, 2, 1), 8: (3, 1, 3, 1), 9: (4, 1, 3, 1), 10: (4, 1, 4, 1),
}  # fmt: skip


def arrange(count: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Seat numbers for the top row, right side, bottom row and left side, as drawn.

    Seat 0 sits in the middle of the bottom row and the seats run clockwise
    from it, as round a real table seen from above: leftwards along the
    bottom, up the left side, across the top and down the right side.
    """
    top, right, bottom, left = _SIDES[count]
    # Ring positions clockwise: top left-to-right, right, bottom right-to-left, left.
    start = top + right + (bottom - 1 - bottom // 2)
    ring = [(position - start) % count for position in range(count)]
    top_seats = ring[:top]
    right_seats = ring[top : top + right]
    bottom_seats = list(reversed(ring[top + right : top + right + bottom]))
    left_seats = ring[top + right + bottom :]
    return top_seats, right_seats, bottom_seats, left_seats


@dataclass(frozen=True, slots=True)
class SeatLook:
    """How to draw one seat now, decided by the screen."""

    #: "D", "SB", "BB" (heads-up the button is also the small blind: "D SB").
    markers: str = ""
    #: "to act", "thinking…", "folded", "all-in", "out", "wins 340".
    status: str = ""
    #: Who sits there: a bot's personality ("Rock"), "bot", or "" for a person.
    kind: str = ""
    #: The seat's HUD line in the words that may fit, longest first ("VPIP 24 · PFR 12 ·
    #: 32 hands", "24/12 32h"); none when the HUD is off or knows nobody here.
    hud: tuple[str, ...] = ()
    face_up: bool = False
    acting: bool = False
    winner: bool = False
    highlight: Collection[Card] = ()


class HoldemSeat(Static):
    """One player's seat: name and markers on the frame, stack, bet and hole cards."""

    def __init__(self, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def show(self, seat: SeatView | None, look: SeatLook, *, roomy: bool) -> None:
        self.set_class(look.acting, "acting")
        self.set_class(look.winner, "winner")
        out = seat is None or not seat.in_hand
        self.set_class(out or (seat is not None and seat.folded), "inactive")
        if seat is None:
            self._titles(_("empty seat"), "")
            update_quietly(self, "")
            return
        # A frame's title has its width less six cells (corners, dashes, spaces).
        room = self.outer_size.width - 6 if self.outer_size.width else None
        self._titles(seat_title(seat.name, look.markers, room),
                     seat_subtitle(look.kind, look.status, room, ascii=self.ascii))
        update_quietly(self, self._content(seat, look, roomy=roomy))

    def _titles(self, title: str, subtitle: str) -> None:
        # Set only when they change: each one set is parsed into content and redrawn.
        # Parsed as markup: escaped, a name is shown as typed ("[/b]x" stopped the game).
        title, subtitle = escape(title), escape(subtitle)
        if self.border_title != title:
            self.border_title = title
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def _content(self, seat: SeatView, look: SeatLook, *, roomy: bool) -> Text:
        stack = Text(chips(seat.stack), style="bold")
        # The bet in front of the player says more than the words that put it there.
        action = Text(_("bet {amount}").format(amount=chips(seat.bet)) if seat.bet else seat.action,
                      style="italic")
        if self.content_size.width:
            # Words too long for the panel end in an ellipsis, never silently cut.
            action.truncate(self.content_size.width, overflow="ellipsis")
        for hud in look.hud:  # the longest that fits beside the action
            shown = beside(action, hud, self.content_size.width)
            if shown is not action:
                action = shown
                break
        show_cards = bool(seat.hole) and (look.face_up or not seat.folded)
        hole = high_first(seat.hole)
        # All face up or all face down: sorting moves no hidden card into sight.
        hidden = () if look.face_up else range(len(hole))
        if roomy:
            lines = [Text.assemble(_("Stack") + " ", stack), action]
            if show_cards:
                winning = [i for i, c in enumerate(hole) if c in look.highlight]
                lines.append(boxed_cards(hole, ascii=self.ascii, face_down=hidden,
                                         highlight=winning,
                                         face=face_for(self, len(hole), other_lines=2)))
            return Text("\n").join(lines)
        first = stack.copy()
        if show_cards:
            first.append("  ")
            first.append_text(_inline(hole, ascii=self.ascii, face_down=hidden,
                                      highlight=look.highlight))
        return Text("\n").join([first, action])


def seat_title(name: str, markers: str, room: int | None) -> str:
    """The seat's frame title: the name and its position markers, fitted to ``room``
    cells by shortening the name, never by losing the button or a blind.

    >>> seat_title("Ann", "D SB", 20)
    'Ann (D SB)'
    >>> seat_title("Maximiliano1", "BB", 14)
    'Maximilian… BB'
    >>> seat_title("Bot 1-abcdef", "D", 14), seat_title("Ann", "", 14)
    ('Bot 1-abcdef D', 'Ann')
    """
    if not markers:
        return name
    if room is None:
        return f"{name} ({markers})"
    for title in (f"{name} ({markers})", f"{name} {markers}"):
        if len(title) <= room:
            return title
    keep = max(room - len(markers) - 2, 1)
    return f"{name[:keep]}… {markers}"


def seat_subtitle(kind: str, status: str, room: int | None, *, ascii: bool = False) -> str:
    """The words under a seat's frame: its kind and its status, fitted to ``room`` cells
    by dropping the kind (what the seat is doing matters more now).

    >>> seat_subtitle("Rock", "folded", 20), seat_subtitle("Maniac", "thinking…", 14)
    ('Rock · folded', 'thinking…')
    >>> seat_subtitle("Shark", "", 14), seat_subtitle("Rock", "all-in", 20, ascii=True)
    ('Shark', 'Rock - all-in')
    """
    both = (" - " if ascii else " · ").join(part for part in (kind, status) if part)
    if room is None or len(both) <= room or not status:
        return both
    return status


def beside(left: Text, right: str, width: int) -> Text:
    """``right`` (dim) at the right end of ``left``'s line when both fit ``width``, else
    ``left`` itself: what the player is doing comes before their statistics.

    >>> beside(Text("bet 10"), "24/12 32h", 18).plain
    'bet 10   24/12 32h'
    >>> beside(Text("thinking about it"), "24/12 32h", 18).plain
    'thinking about it'
    """
    gap = width - left.cell_len - len(right) if width else 2
    if gap < 1:
        return left
    line = left.copy()
    line.append(" " * gap)
    line.append(right, style="dim")
    return line


def _inline(cards: Sequence[Card | None], *, ascii: bool, face_down: Collection[int],
            highlight: Collection[Card]) -> Text:
    """Cards inline; winning cards (face up) in reverse video."""
    if not highlight:
        return cards_text(cards, ascii=ascii, face_down=face_down)
    parts = []
    for i, card in enumerate(cards):
        text = card_text(card, ascii=ascii, face_down=i in face_down)
        if card in highlight and i not in face_down:
            text.stylize(HIGHLIGHT)
        parts.append(text)
    return Text(" ").join(parts)


def fit_note(note: Text, width: int, *, drop_label: bool = True) -> Text:
    """Shorten a line to ``width`` cells, losing the least useful words first.

    First a leading ``"You: "`` label (when ``drop_label``), then trailing
    ``", …"`` clauses (kickers, least significant first), then an ellipsis.

    >>> fit_note(Text("You: Two pair, Aces and Tens, Queen kicker"), 40).plain
    'Two pair, Aces and Tens, Queen kicker'
    >>> fit_note(Text("You: Flush, Ace high, then Queen-Nine-Seven-Four"), 30).plain
    'Flush, Ace high'
    >>> fit_note(Text("You: Straight, Five high"), 40).plain
    'You: Straight, Five high'
    >>> fit_note(Text("Ann wins 40 with Flush, Ace high, then King-Jack-Seven-Two"), 40,
    ...          drop_label=False).plain
    'Ann wins 40 with Flush, Ace high'
    """
    if note.cell_len <= width:
        return note
    plain = note.plain
    _, sep, rest = plain.partition(": ")
    if drop_label and sep:  # descriptions never contain ": ": this is "You: " or "<name>: "
        plain = rest
    while len(plain) > width and ", " in plain:
        plain = plain.rsplit(", ", 1)[0]  # then kickers, from the least significant
    fitted = Text(plain, style=note.style)
    fitted.truncate(width, overflow="ellipsis")
    return fitted


class HoldemBoard(Static):
    """The board cards (winning ones highlighted), the pots, the bet to call and a note."""

    def __init__(self, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def show(self, board: Sequence[Card], *, street: str, pots: Text, bet: Text, note: Text,
             highlight: Collection[Card] = ()) -> None:
        if board:
            winning = [i for i, c in enumerate(board) if c in highlight]
            cards = boxed_cards(board, ascii=self.ascii, highlight=winning,
                                face=face_for(self, 5, other_lines=3))
        else:
            cards = Text(f"\n{street}\n", style="dim")
        width = self.content_size.width
        if width:
            # One line each: the board is six lines tall at 80x24.
            note = fit_note(note, width)
            pots = fit_note(pots, width, drop_label=False)
        body = Text("\n").join([cards, pots, bet, note])
        body.justify = "center"
        update_quietly(self, body)
