"""Advice at the hold'em table: equity, pot odds and a suggestion for the player to act.

Off by default; a key at the table toggles it. It is only ever worked out for
a decision of the viewer's own: :func:`advice_spot` gives a spot only when the
session's :class:`~cardtui.tables.session.ToAct` is for one of the screen's
``viewer_seats`` *and* that seat's cards are the ones face up on screen (hot
seat: the player who took the keyboard), so nobody is told about cards they
may not see. The Monte Carlo runs in a thread worker, so the table never
waits for it; a result that arrives after the decision has moved on is
dropped.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping

from rich.text import Text
from textual import work
from textual.reactive import reactive
from textual.widgets import Static

from cardtui.holdem.advice import Advice, Spot, advise
from cardtui.holdem.bots import Personality
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.view import TableView
from cardtui.i18n import _
from cardtui.tables.session import ToAct

__all__ = ["AdvicePanel", "advice_spot", "advice_text", "personalities"]


def advice_spot(view: TableView, turn: ToAct | None, *, viewer: int | None,
                viewer_seats: Collection[int],
                bots: Mapping[int, Personality]) -> Spot | None:
    """The decision to advise on, or None when there is none the viewer may be told about.

    ``viewer`` is the seat whose hole cards are face up on screen now (hot
    seat: the player holding the keyboard); ``bots`` the personality of each
    bot seat (any other opponent is a person: random hands).
    """
    if turn is None or turn.seat not in viewer_seats or turn.seat != viewer:
        return None
    legal = turn.legal
    if not isinstance(legal, LegalActions) or turn.seat >= len(view.seats):
        return None
    seat = view.seats[turn.seat]
    hole = tuple(card for card in seat.hole if card is not None)
    if len(seat.hole) != 2 or len(hole) != 2 or len(view.board) not in (0, 3, 4, 5):
        return None
    opponents = tuple(
        bots.get(index) for index, other in enumerate(view.seats)
        if index != turn.seat and other.in_hand and not other.folded
    )
    if not opponents:
        return None
    return Spot(hole, tuple(view.board), view.pot_total, legal.call_amount,
                opponents)


def personalities(session: object) -> dict[int, Personality]:
    """The bots' personalities: a local table's setup, or what the room said of its bots."""
    told = getattr(session, "bot_personalities", None)
    if isinstance(told, dict):
        return dict(told)
    setup = getattr(session, "setup", None)
    seats = getattr(setup, "seats", ())
    return {i: s.personality for i, s in enumerate(seats)
            if isinstance(getattr(s, "personality", None), Personality)}


def advice_text(advice: Advice) -> Text:
    """Two lines: the figures, then the suggestion with its reason."""
    figures = Text.assemble(
        (_("Equity: "), "bold"),
        _("{share} vs random hands").format(share=f"{advice.equity_random:.0%}"),
        " · ", _("{share} vs their range").format(share=f"{advice.equity_range:.0%}"),
        (f" (±{advice.margin:.0%})", "dim"), " · ",
        (_("Pot odds: "), "bold"),
        f"{advice.pot_odds:.0%}" if advice.pot_odds is not None else _("nothing to call"),
    )
    return Text("\n").join([figures, Text(advice.line, style="bold")])


class AdvicePanel(Static):
    """The advice for the decision at hand, or nothing at all while it is off."""

    DEFAULT_CSS = """
    AdvicePanel {
        height: auto;
        padding: 0 1;
        display: none;
    }
    AdvicePanel.-on {
        display: block;
    }
    """

    #: Toggled by the table's key; off until the player asks.
    on: reactive[bool] = reactive(False, init=False)

    def __init__(self, rng: random.Random, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._rng = rng
        self.spot: Spot | None = None
        self.advice: Advice | None = None

    def consider(self, spot: Spot | None) -> None:
        """The decision at hand (None: no decision of the viewer's own is on screen)."""
        if spot == self.spot:
            return
        self.spot, self.advice = spot, None
        if spot is not None and self.on:
            self._work_out(spot, random.Random(self._rng.getrandbits(64)))
        self._redraw()

    def watch_on(self, on: bool) -> None:
        self.set_class(on, "-on")
        if on and self.spot is not None and self.advice is None:
            self._work_out(self.spot, random.Random(self._rng.getrandbits(64)))
        self._redraw()

    @work(thread=True, exclusive=True, group="advice")
    def _work_out(self, spot: Spot, rng: random.Random) -> None:
        advice = advise(spot, rng)
        self.app.call_from_thread(self._arrived, spot, advice)

    def _arrived(self, spot: Spot, advice: Advice) -> None:
        if spot != self.spot:
            return  # the decision moved on while this was worked out
        self.advice = advice
        self._redraw()

    def _redraw(self) -> None:
        if self.spot is None:
            self.update(Text(_("Advice: shown on your turn (o hides it)."), style="dim"))
        elif self.advice is None:
            self.update(Text(_("Advice: working it out…"), style="dim"))
        else:
            self.update(advice_text(self.advice))
