"""The blackjack count panel (``k`` at the table): the Hi-Lo count and the exact odds.

Two lines under the dealer:

- the Hi-Lo running count, the true count and the decks not yet seen (the
  discard tray read off the cards seen since the shuffle), and the chance
  that a hit busts the hand to act;
- how the dealer will finish with this up-card: 17 to 21, blackjack (while
  the dealer has not peeked) and bust.

Every figure is exact for the cards not yet seen (:mod:`cardtui.blackjack.odds`,
full shoe less the cards this viewer has seen; see
:mod:`cardtui.ui.blackjack_seen`), never an infinite-deck estimate.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from cardtui.blackjack.count import SeenCards
from cardtui.blackjack.hand import hand_value
from cardtui.blackjack.odds import FINISHES, DealerOdds
from cardtui.blackjack.rules import Rules
from cardtui.cards import Card
from cardtui.i18n import N_, _
from cardtui.ui.widgets.cards import card_text


def signed_count(value: float, places: int = 0) -> str:
    """``+4``, ``-2``, ``0``; ``+0.8`` with one place."""
    text = f"{value:+.{places}f}"
    return "0" if float(text) == 0 else text


def count_line(seen: SeenCards | None, hand: Sequence[Card], up_card: Card | None) -> Text:
    """``Hi-Lo +4 · true +0.8 (4.9 decks left) · a hit busts 16: 61.4%``."""
    if seen is None:
        return Text(_("Count: joined mid-shoe; counting starts at the next shuffle."),
                    style="dim")
    count = seen.count
    text = Text.assemble(("Hi-Lo ", "bold"), signed_count(count.running), _(" · true "),
                         (signed_count(count.true_count, 1), "bold"),
                         _(" ({decks} decks left)").format(decks=f"{count.decks_remaining:.1f}"))
    if hand and up_card is not None:
        try:
            chance = seen.bust_chance(hand, up_card)
        except ValueError:  # no card left to draw: the engine reshuffles
            return text
        text.append(_(" · a hit busts {total}: ").format(total=hand_value(hand).label))
        text.append(f"{chance:.1%}", style="bold")
    return text


#: What the dealer line says when there is nothing to work out.
NO_ODDS_WORDS = N_("Dealer's odds: shown while her hole card is down.")
NO_ODDS = Text(NO_ODDS_WORDS, style="dim")


def no_odds() -> Text:
    """:data:`NO_ODDS` in the player's language."""
    return Text(_(NO_ODDS_WORDS), style="dim")


def dealer_line(odds: DealerOdds | None, up_card: Card, *, ascii: bool) -> Text:
    """``Dealer 6 ends: 17 17% · 18 11% · ... · bust 42%`` (None: still being worked out)."""
    text = Text.assemble((_("Dealer "), "bold"), card_text(up_card, ascii=ascii), _(" ends: "))
    if odds is None:
        return text + Text(_("working it out…"), style="dim")
    parts = []
    for finish, chance in zip(FINISHES, odds.probabilities, strict=True):
        if finish == "blackjack" and chance == 0:
            continue  # no blackjack is possible: the up-card, or the peek, rules it out
        name = "BJ" if finish == "blackjack" else _("bust") if finish == "bust" else finish
        style = "bold" if finish == "bust" else ""
        parts.append(Text.assemble(f"{name} ", (f"{chance:.0%}", style)))
    return text + Text(" · ").join(parts)


#: What the dealer's odds are asked for: the unseen cards, the peek, the up-card, H17.
OddsKey = tuple[tuple[int, ...], bool, Card, bool]


class CountPanel(Static):
    """The count and the odds for the viewer: shown with ``k``, hidden by default.

    The dealer's distribution is worked out in a thread: it takes 0.2 ms
    with a ten up but 2 to 60 ms with an ace up in a 6- or 8-deck shoe
    (measured on this project's 2-core machine while it was busy; see
    ``benchmarks/bench_odds.py``), too long for a key press. The count line
    (and a hit's bust chance, 0.01 ms) is drawn at once.
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self._count = Text("")
        self._dealer = no_odds()
        self._asked: OddsKey | None = None
        self._ascii = False

    def show(self, seen: SeenCards | None, hand: Sequence[Card], up_card: Card | None,
             rules: Rules, *, ascii: bool) -> None:
        """``hand``: the viewer's hand to act (empty when none is); ``up_card``: the
        dealer's up-card while the hole card is down (None otherwise)."""
        self._count = count_line(seen, hand, up_card)
        if seen is None or up_card is None:
            self._asked, self._dealer = None, no_odds()
        else:
            key = (seen.unseen, seen.peeked, up_card, rules.dealer_hits_soft_17)
            self._ascii = ascii
            if key != self._asked:
                self._asked = key
                self._dealer = dealer_line(None, up_card, ascii=ascii)
                self.run_worker(lambda: (key, _odds(seen, up_card, rules)), thread=True,
                                exclusive=True, group="dealer-odds", exit_on_error=False)
        self._draw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is not WorkerState.SUCCESS or event.worker.group != "dealer-odds":
            return
        result = event.worker.result  # typed Optional: None only for a worker not yet done
        if result is None:
            return
        key, odds = result
        if key == self._asked:  # not a shoe that has changed since
            self._dealer = dealer_line(odds, key[2], ascii=self._ascii) if odds else Text("")
            self._draw()

    def _draw(self) -> None:
        self.update(Text("\n").join([self._count, self._dealer]))


def _odds(seen: SeenCards, up_card: Card, rules: Rules) -> DealerOdds | None:
    try:
        return seen.dealer_odds(up_card, rules)
    except ValueError:  # no card left for the hole card: the engine reshuffles
        return None
