"""The blackjack count panel (``k`` at the table): the Hi-Lo count and the exact odds.

Two lines under the dealer:

- the Hi-Lo running count, the true count and the decks not yet seen (the
  discard tray read off the cards seen since the shuffle), and the chance
  that a hit busts the hand to act;
- how the dealer will finish with this up-card: 17 to 21, blackjack (while
  the dealer has not peeked) and bust.

Every figure is exact for the cards not yet seen (:mod:`cardtui.blackjack.odds`,
full shoe less the cards this viewer has seen; see
:mod:`cardtui.ui.blackjack_seen`), never an infinite-deck estimate. The
dealer's figures take under 3 ms for any shoe (measured: 8 decks, ace up,
after the peek), so they are computed here on the UI thread.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from cardtui.blackjack.count import SeenCards
from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.odds import FINISHES
from cardtui.blackjack.rules import Rules
from cardtui.cards import Card
from cardtui.ui.widgets.cards import card_text


def signed_count(value: float, places: int = 0) -> str:
    """``+4``, ``-2``, ``0``; ``+0.8`` with one place."""
    text = f"{value:+.{places}f}"
    return "0" if float(text) == 0 else text


def count_line(seen: SeenCards | None, hand: Sequence[Card], up_card: Card | None) -> Text:
    """``Hi-Lo +4 · true +0.8 (4.9 decks left) · a hit busts 16: 61.4%``."""
    if seen is None:
        return Text("Count: joined mid-shoe; counting starts at the next shuffle.",
                    style="dim")
    count = seen.count
    text = Text.assemble(("Hi-Lo ", "bold"), signed_count(count.running), " · true ",
                         (signed_count(count.true_count, 1), "bold"),
                         f" ({count.decks_remaining:.1f} decks left)")
    if hand and up_card is not None:
        try:
            chance = seen.bust_chance(hand, up_card)
        except ValueError:  # no card left to draw: the engine reshuffles
            return text
        text.append(f" · a hit busts {hand_value(hand).label}: ")
        text.append(f"{chance:.1%}", style="bold")
    return text


def dealer_line(seen: SeenCards | None, up_card: Card | None, rules: Rules, *,
                ascii: bool) -> Text:
    """``Dealer 6 ends: 17 17% · 18 11% · ... · bust 42%`` while the hole card is down."""
    if seen is None or up_card is None:
        return Text("Dealer's odds: shown while her hole card is down.", style="dim")
    try:
        odds = seen.dealer_odds(up_card, rules)
    except ValueError:
        return Text("")
    text = Text.assemble(("Dealer ", "bold"), card_text(up_card, ascii=ascii), " ends: ")
    parts = []
    for finish, chance in zip(FINISHES, odds.probabilities, strict=True):
        if finish == "blackjack" and chance == 0:
            continue  # no blackjack is possible: the up-card, or the peek, rules it out
        name = "BJ" if finish == "blackjack" else finish
        style = "bold" if finish == "bust" else ""
        parts.append(Text.assemble(f"{name} ", (f"{chance:.0%}", style)))
    return text + Text(" · ").join(parts)


class CountPanel(Static):
    """The count and the odds for the viewer: shown with ``k``, hidden by default."""

    def show(self, seen: SeenCards | None, hand: Sequence[Card], up_card: Card | None,
             rules: Rules, *, ascii: bool) -> None:
        """``hand``: the viewer's hand to act (empty when none is); ``up_card``: the
        dealer's up-card while the hole card is down (None otherwise)."""
        self.update(Text("\n").join([count_line(seen, hand, up_card),
                                     dealer_line(seen, up_card, rules, ascii=ascii)]))
