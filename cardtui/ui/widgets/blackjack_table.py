"""The blackjack table's panels: the dealer's hand and one panel per seat.

Each panel renders what a :class:`~cardtui.blackjack.view.RoundView` holds
(the screen feeds it record by record while animating). Hands are drawn as
boxed cards when there is room and inline (``A♠ 10♥``) when there is not, so
1-3 seats read well at 80x24 and 4-7 seats still fit.
"""

from __future__ import annotations

from operator import attrgetter

from rich.text import Text
from textual.geometry import Size
from textual.markup import escape
from textual.selection import Selection
from textual.widget import Widget

from cardtui.blackjack.records import Outcome
from cardtui.blackjack.view import HandView, SeatView
from cardtui.cards import Card
from cardtui.i18n import N_, _, chip_count
from cardtui.ui.blackjack.seat_info import SeatHeader, signed  # plain data: no Textual
from cardtui.ui.widgets.cached_lines import CachedLines, selected_text
from cardtui.ui.widgets.cards import (
    FACES,
    SMALL,
    Face,
    boxed_cards,
    cards_text,
    face_to_fit,
    largest_face,
)

WIN_STYLE = "bold green"
LOSE_STYLE = "bold red"
PUSH_STYLE = "bold yellow"
ACTING_STYLE = "bold reverse"
#: A seat's status from the room (:class:`cardtui.wire.protocol.SeatStatus`), for the catalogs.
SEAT_STATUSES = (N_("waiting"), N_("sitting out"), N_("away"))


def hand_badges(hand: HandView) -> Text:
    """Value and badges: ``7 / 17``, BLACKJACK, BUST, 21, ×2 and, once settled, the result."""
    value = hand.value
    text = Text()
    if hand.natural:
        text.append(_("BLACKJACK"), style="bold yellow")
    elif value.is_bust:
        text.append(_("{total} BUST").format(total=value.total), style=LOSE_STYLE)
    elif value.total == 21:
        text.append("21", style="bold green")
    elif hand.cards:
        # Both totals of a soft hand while it plays, one once it is finished.
        text.append(hand.label, style="bold")
    if hand.doubled:
        text.append(" ×2", style="cyan")
    result = hand.result
    if hand.surrendered:
        text.append(" " + _("SURRENDER"), style=PUSH_STYLE)
    if result is not None and not hand.surrendered:
        net = signed(result.net)
        if result.even_money:
            text.append(" " + _("EVEN MONEY {net}").format(net=net), style=WIN_STYLE)
        elif result.forfeited:
            text.append(" " + _("FORFEIT {net}").format(net=net), style=LOSE_STYLE)
        elif result.outcome is Outcome.WIN:
            text.append(" " + _("WIN {net}").format(net=net), style=WIN_STYLE)
        elif result.outcome is Outcome.LOSS:
            text.append(" " + _("LOSE {net}").format(net=net), style=LOSE_STYLE)
        else:
            text.append(" " + _("PUSH"), style=PUSH_STYLE)
    elif result is not None:
        text.append(f" {signed(result.net)}", style=LOSE_STYLE)
    return text


#: Everything a hand and a seat hold besides their lists (cards, hands): read in one call.
_HAND_REST = attrgetter(*(name for name in HandView.__dataclass_fields__ if name != "cards"))
_SEAT_REST = attrgetter(*(name for name in SeatView.__dataclass_fields__ if name != "hands"))


def seat_value(view: SeatView | None) -> object:
    """A seat's view (changed in place as records arrive) as a value to compare with later.

    Cheaper than the deep copy every changed panel took, and than comparing
    dataclasses field by field, at every screen of a shared table on every
    message. The other fields are numbers, flags and frozen records.

    >>> view = SeatView([HandView(10, [Card.parse("Ah")])])
    >>> before = seat_value(view)
    >>> view.hands[0].cards.append(Card.parse("Kd"))
    >>> before == seat_value(view), seat_value(None)
    (False, None)
    """
    if view is None:
        return None
    return _SEAT_REST(view), tuple((_HAND_REST(hand), tuple(hand.cards)) for hand in view.hands)


def pointer(ascii: bool) -> str:
    """The mark on the hand to act (``--ascii`` terminals may not have the triangle)."""
    return "> " if ascii else "▶ "


def render_seat(
    info: SeatHeader, view: SeatView | None, acting_hand: int | None, *, ascii: bool,
    width: int, height: int, limit: Face = SMALL,
) -> Text:
    """A seat's panel body: the bet line, then each hand as roomily as ``height`` allows.

    Boxed cards take four lines a hand (more for a face bigger than the small
    one, up to ``limit``); inline cards two (cards, then value and badges), or
    one when even that does not fit.
    """
    lines: list[Text] = []
    if view is None or not view.hands:
        head = Text(_("Bet {amount}").format(amount=info.bet))
        if info.empty:
            head = Text(_("Empty seat"), style="dim")
        elif info.status:
            head = Text(_(info.status).capitalize(), style="yellow")
        elif info.sitting_out:
            # Rebuying is only for a seat below the table minimum; any other
            # seat short of its bet lowers it (issue 9, item 14).
            remedy = _("Out of chips: r rebuys") if info.can_rebuy else _("Lower the bet (−)")
            head = Text(_("Sits out") if info.bot else remedy, style="red")
        elif info.selected:
            head.append("  < +/- >" if ascii else "  ◀ +/- ▶", style="bold cyan")
        lines.append(head)
    else:
        head = Text(_("Bet {amount}").format(amount=view.bet))
        if view.even_money:
            head.append("  " + _("even money"), style="cyan")
        elif view.insurance:
            head.append("  " + _("insured {amount}").format(amount=view.insurance), style="cyan")
            if view.insurance_net is not None:
                head.append(f" {signed(view.insurance_net)}",
                            style=WIN_STYLE if view.insurance_net > 0 else LOSE_STYLE)
        lines.append(head)
        hands = view.hands
        if len(hands) >= SPLIT_GRID_FROM:
            lines.extend(render_split_hands(hands, acting_hand, ascii=ascii, width=width,
                                            height=height - 1, limit=limit))
            return Text("\n").join(lines)
        widest = max(len(h.cards) for h in hands)
        # Each hand: its cards and a line for its value (the face the same for all hands).
        face = face_to_fit(widest, width - 2, (height - 1) // len(hands) - 1, limit=limit)
        boxed = face is not None
        two_line = 1 + 2 * len(hands) <= height
        for index, hand in enumerate(hands):
            acting = index == acting_hand
            marker = Text(pointer(ascii) if acting else "  ", style="bold cyan")
            badges = hand_badges(hand)
            if acting:
                badges.stylize(ACTING_STYLE)
            if boxed:
                box = boxed_cards(hand.cards, ascii=ascii, face=face or SMALL)
                lines.extend(box.split("\n"))
                lines.append(Text.assemble(marker, badges))
            elif two_line:
                lines.append(Text.assemble(marker, cards_text(hand.cards, ascii=ascii)))
                lines.append(Text.assemble("  ", badges))
            else:
                lines.append(Text.assemble(
                    marker, cards_text(hand.cards, ascii=ascii), " ", badges
                ))
    return Text("\n").join(lines)


#: From this many hands (a split, resplit), each is drawn as a labelled hand side by side.
SPLIT_GRID_FROM = 3
#: Cells between two hands side by side.
HAND_GAP = 2


def _hand_cell(index: int, hand: HandView, acting: bool, face: Face | None, *,
               ascii: bool) -> list[Text]:
    """One hand of a split: its label (the acting one marked), its cards, its value."""
    label = Text.assemble(
        (pointer(ascii) if acting else "", "bold cyan"),
        (_("Hand {number}").format(number=index + 1), ACTING_STYLE if acting else "bold"))
    badges = hand_badges(hand)
    cards: list[Text] = (list(boxed_cards(hand.cards, ascii=ascii, face=face).split("\n"))
                         if face is not None else [cards_text(hand.cards, ascii=ascii)])
    return [label, *cards, badges]


def _hand_rows(cells: list[list[Text]], width: int) -> list[Text] | None:
    """The cells side by side, as many to a row as ``width`` holds (None: not even one)."""
    cell_width = max(line.cell_len for cell in cells for line in cell)
    if cell_width > width:
        return None
    per_row = max(1, (width + HAND_GAP) // (cell_width + HAND_GAP))
    lines: list[Text] = []
    for start in range(0, len(cells), per_row):
        row = cells[start:start + per_row]
        for depth in range(max(len(cell) for cell in row)):
            line = Text()
            for column, cell in enumerate(row):
                part = cell[depth] if depth < len(cell) else Text()
                line.append_text(part)
                if column < len(row) - 1:
                    line.append(" " * (cell_width - part.cell_len + HAND_GAP))
            lines.append(line)
    return lines


def render_split_hands(hands: list[HandView], acting_hand: int | None, *, ascii: bool,
                       width: int, height: int, limit: Face = SMALL) -> list[Text]:
    """Three or more hands of a split, each drawn as a hand with its label (Hand 1, Hand 2…).

    Side by side in rows, with boxed cards as big as fit (no bigger than
    ``limit``), else inline cards; when even that does not fit ``height``, one
    labelled line a hand (a text list was all a split showed at 80x24).
    """
    widest = max(len(h.cards) for h in hands)
    faces = [face for face in reversed(FACES) if face.width <= limit.width]
    for face in (*faces, None):
        if face is not None and face.width * widest > width:
            continue
        cells = [_hand_cell(i, h, i == acting_hand, face, ascii=ascii)
                 for i, h in enumerate(hands)]
        rows = _hand_rows(cells, width)
        if rows is not None and len(rows) <= height:
            return rows
    lines = []
    for index, hand in enumerate(hands):
        acting = index == acting_hand
        lines.append(Text.assemble(
            (pointer(ascii) if acting else "  ", "bold cyan"),
            (_("Hand {number}").format(number=index + 1), ACTING_STYLE if acting else "bold"),
            " ",
            cards_text(hand.cards, ascii=ascii), " ", hand_badges(hand)))
    return lines


def render_dealer(
    cards: list[Card], hole_hidden: bool, *, ascii: bool, width: int, height: int = 3,
    limit: Face = SMALL,
) -> Text:
    """The dealer's cards, the hole card face down until it is revealed."""
    if not cards:
        return Text(_("Place your bets"), style="dim")
    face_down = {1} if hole_hidden and len(cards) > 1 else set()
    face = face_to_fit(len(cards), width, max(height, 3), limit=limit)
    if face is not None:
        return boxed_cards(cards, ascii=ascii, face_down=face_down, face=face)
    return cards_text(cards, ascii=ascii, face_down=face_down)


class SeatPanel(Widget):
    """One seat: name and bankroll on the border, bet and hands inside.

    The panel is as tall as its hands need, within :attr:`budget` lines (set by
    the screen from the room it has), and never shorter than one boxed hand.
    """

    def __init__(self, info: SeatHeader, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        self.info = info
        self.view: SeatView | None = None
        self.acting_hand: int | None = None
        self.ascii = ascii
        self.budget = 5
        self._shown: tuple[SeatHeader, object, int | None] | None = None
        #: (width, budget, lines needed) when last shown: the height the layout has.
        self._lines: tuple[int, int, int] | None = None
        self._titles()

    def needed_lines(self, width: int) -> int:
        body = render_seat(self.info, self.view, self.acting_hand, ascii=self.ascii,
                           width=width, height=self.budget, limit=largest_face(*self.app.size))
        return max(min(5, self.budget), min(len(body.split("\n")), self.budget))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Panels side by side share one height, so a row reads as a row.
        row = self.parent.children if self.parent is not None else [self]
        return max(
            panel.needed_lines(width) for panel in row if isinstance(panel, SeatPanel)
        )

    def show(self, info: SeatHeader, view: SeatView | None, acting_hand: int | None) -> bool:
        """Show the seat; True when its row must be laid out again (it needs more or fewer lines).

        Most messages add a card or change a bet without changing a panel's
        height: those repaint the panel only, never the whole screen's layout.
        """
        # Views are updated in place as records arrive: compare with the value
        # of what was last shown, and skip unchanged panels (repaints cost bytes over SSH).
        shown = (info, seat_value(view), acting_hand)
        before, self._shown = self._shown, shown
        if shown == before:
            return False
        self.info = info
        self.view = view
        self.acting_hand = acting_hand
        # A class change restyles the panel (twice a turn at every screen of a shared
        # table): only when it changes, both classes in one restyle, and with no
        # transitions to look for (the panels have none), so only the rules that
        # changed are set in a served game (ui/textual_fixes/served.py).
        self.update_classes({"acting": acting_hand is not None,
                             "selected": info.selected and view is None,
                             # (A split into three or more hands takes a wider panel.)
                             "many-hands": view is not None
                             and len(view.hands) >= SPLIT_GRID_FROM}, animate=False)
        self._titles()
        # (The view may have changed in place: compare with the lines counted last time.)
        width = self.size.width
        if (before is not None and before[:2] == shown[:2] and self._lines is not None
                and self._lines[:2] == (width, self.budget)):
            # Only the turn moved (at every screen, twice a turn): the hand's marker takes
            # the place of two spaces, so the panel needs the lines it had.
            lines: tuple[int, int, int] | None = self._lines
        else:
            lines = (width, self.budget, self.needed_lines(width)) if width else None
        relayout = lines is None or lines != self._lines
        self._lines = lines
        self.refresh(layout=relayout)
        return relayout

    def _titles(self) -> None:
        # A title is read as markup: the name is escaped to be shown as typed.
        title = (pointer(self.ascii) if self.acting_hand is not None else "") + escape(
            self.info.name) + (
            " (bot)" if self.info.bot else ""
        )
        subtitle = "" if self.info.empty else chip_count(self.info.bankroll)
        # Set only when they change: each one set is parsed into content and redrawn.
        if self.border_title != title:
            self.border_title = title
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def render(self) -> CachedLines:
        return CachedLines(render_seat(
            self.info, self.view, self.acting_hand, ascii=self.ascii,
            width=self.size.width, height=self.size.height, limit=largest_face(*self.app.size),
        ), self.app.console, self.app.ansi_theme)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selected_text(self, selection)


class DealerPanel(Widget):
    """The dealer's hand; the total (or the up-card's value and ``?``) on the border."""

    def __init__(self, *, ascii: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.cards: list[Card] = []
        self.hole_hidden = True
        self.border_title = _("Dealer")

    def show(self, cards: list[Card], hole_hidden: bool, total: Text | str) -> None:
        if (cards, hole_hidden, total) == (self.cards, self.hole_hidden, self.border_subtitle):
            return  # unchanged: a repaint would only cost bytes (over SSH, too)
        self.cards = list(cards)
        self.hole_hidden = hole_hidden
        self.border_subtitle = total
        self.refresh()

    def render(self) -> CachedLines:
        return CachedLines(render_dealer(self.cards, self.hole_hidden, ascii=self.ascii,
                                         width=self.size.width, height=self.size.height,
                                         limit=largest_face(*self.app.size)),
                           self.app.console, self.app.ansi_theme)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selected_text(self, selection)
