"""Computer players: three personalities built on Chen scores, equity and pot odds.

A bot sees only what its seat sees (:class:`~cardtui.holdem.hand.HandView`)
and draws every random number from the injected generator. Before the flop it
ranks its hand with the Chen formula (:mod:`cardtui.holdem.preflop`); after
it, it estimates its share of the pot against the opponents still in the hand
with a Monte Carlo run (:func:`~cardtui.holdem.equity.equity_vs_random`) and
compares it with the pot odds (a call of C into a pot of P is profitable
when equity > C / (P + C); https://en.wikipedia.org/wiki/Pot_odds).

- **Rock** (tight-passive): plays few hands, rarely raises, folds to pressure.
- **Maniac** (loose-aggressive): plays most hands, bets and bluffs often, big.
- **Shark** (solid, tight-aggressive): selective, position-aware, value bets.

>>> import random
>>> from cardtui.holdem.hand import Hand, stacked_deck
>>> hand = Hand([500, 500, 500], button=2, small_blind=5, big_blind=10,
...             deck=stacked_deck(["7h2d", "9c8c", "AsAh"]))
>>> decide(hand.view(2), random.Random(1), Personality.SHARK).kind  # aces raise
<ActionKind.RAISE_TO: 'raise_to'>
>>> _ = hand.raise_to(30)
>>> decide(hand.view(0), random.Random(1), Personality.ROCK)  # seven-deuce folds
Action(kind=<ActionKind.FOLD: 'fold'>, amount=0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from cardtui.holdem.actions import Action, ActionKind, Street
from cardtui.holdem.equity import equity_vs_random
from cardtui.holdem.legal import HandView, LegalActions
from cardtui.holdem.preflop import chen_score
from cardtui.i18n import N_


class Personality(StrEnum):
    ROCK = "rock"
    MANIAC = "maniac"
    SHARK = "shark"

    @property
    def label(self) -> str:
        """``Rock``: the personality's name in English, marked for the catalogs (a UI
        says ``_(label)``)."""
        return _LABELS[self]


_LABELS = {Personality.ROCK: N_("Rock"), Personality.MANIAC: N_("Maniac"),
           Personality.SHARK: N_("Shark")}


@dataclass(frozen=True, slots=True)
class Style:
    #: Chen score to enter an unraised pot, to raise it, and to play back at a raise.
    play: int
    open_raise: int
    reraise: int
    #: Equity (vs the opponents in the hand) to bet or raise for value after the flop.
    value_equity: float
    #: Equity above the pot odds needed to call (negative: calls too light).
    call_margin: float
    #: Chance to bet a weak hand when nobody has bet, and to raise any hand preflop.
    bluff: float
    #: Bet size as a share of the pot.
    bet_size: float
    #: Chen score to move all-in with a short stack (12 big blinds or less).
    shove: int
    #: Equity discounted per bet or raise faced this street (respect for aggression).
    caution: float = 0.0
    #: Most bets and raises per street this bot will make after the flop.
    max_raises: int = 2
    #: Monte Carlo trials per decision.
    trials: int = 400


STYLES: dict[Personality, Style] = {
    Personality.ROCK: Style(play=9, open_raise=11, reraise=13, value_equity=0.72,
                            call_margin=0.08, bluff=0.02, bet_size=0.5, shove=10,
                            caution=0.08, max_raises=1),
    Personality.MANIAC: Style(play=3, open_raise=6, reraise=8, value_equity=0.5,
                              call_margin=-0.03, bluff=0.3, bet_size=1.0, shove=4,
                              max_raises=3),
    Personality.SHARK: Style(play=7, open_raise=9, reraise=11, value_equity=0.6,
                             call_margin=0.0, bluff=0.1, bet_size=0.66, shove=7,
                             caution=0.06),
}  # fmt: skip

#: Stacks this short (in big blinds) play push-or-fold before the flop.
SHORT_STACK_BIG_BLINDS = 12


class Bot:
    """A seat's computer player: ``Bot(Personality.SHARK).decide(view, rng)``."""

    def __init__(self, personality: Personality) -> None:
        self.personality = personality

    def decide(self, view: HandView, rng: random.Random) -> Action:
        return decide(view, rng, self.personality)


def decide(
    view: HandView, rng: random.Random, personality: Personality = Personality.SHARK
) -> Action:
    """A legal action for ``view.seat``; all randomness comes from ``rng``."""
    style = STYLES[personality]
    if view.street is Street.PREFLOP:
        wanted = _preflop(view, rng, style)
    else:
        wanted = _postflop(view, rng, style)
    return _make_legal(wanted, view.legal)


def _preflop(view: HandView, rng: random.Random, style: Style) -> Action:
    score = chen_score(view.hole)
    big = view.big_blind
    # Late position (few players behind) plays a little looser.
    if view.players_behind <= 1:
        score += 1
    if view.stack + view.bet <= SHORT_STACK_BIG_BLINDS * big:
        return Action.all_in() if score >= style.shove else _check_or_fold(view)
    if view.raises == 0:
        if score >= style.open_raise or rng.random() < style.bluff / 3:
            limpers = max(0, view.pot - view.big_blind * 3 // 2) // big
            return Action.raise_to((3 + limpers) * big)
        if score >= style.play:
            return Action.check() if view.legal.can_check else Action.call()
        return _check_or_fold(view)
    # Each further re-raise needs a stronger hand (a 4-bet wants about QQ+).
    if score >= style.reraise + 2 * (view.raises - 1):
        return Action.raise_to(3 * view.current_bet)
    cheap = view.legal.call_amount <= max(view.stack // 10, 3 * big)
    if score >= style.play + 2 * view.raises or (score >= style.play and cheap):
        return Action.call()
    return _check_or_fold(view)


def _postflop(view: HandView, rng: random.Random, style: Style) -> Action:
    opponents = max(1, view.opponents)
    equity = equity_vs_random(view.hole, view.board, opponents, trials=style.trials, rng=rng)
    # Equity against random hands overrates ours when someone bets into us:
    # their range is stronger than random. Careful players discount it.
    equity -= style.caution * min(view.raises, 3)
    to_call = view.legal.call_amount
    pot_odds = to_call / (view.pot + to_call) if to_call else 0.0
    size = view.current_bet + int(style.bet_size * (view.pot + to_call))
    # Raising again needs more equity each time, up to the style's cap.
    if equity >= style.value_equity + 0.1 * view.raises and view.raises < style.max_raises:
        return Action.raise_to(size)
    if to_call == 0:
        return Action.raise_to(size) if rng.random() < style.bluff else Action.check()
    if equity >= pot_odds + style.call_margin:
        return Action.call()
    return Action.fold()


def _check_or_fold(view: HandView) -> Action:
    return Action.check() if view.legal.can_check else Action.fold()


def _make_legal(action: Action, legal: LegalActions) -> Action:
    """The closest legal action: clamp raise sizes, call or check when raising is closed."""
    if action.kind in (ActionKind.RAISE_TO, ActionKind.ALL_IN):
        if not legal.can_raise:
            return Action.call() if legal.call_amount else Action.check()
        if action.kind is ActionKind.ALL_IN:
            return Action.raise_to(legal.max_raise_to)
        amount = min(max(action.amount, legal.min_raise_to), legal.max_raise_to)
        # Committing most of the stack anyway: put it all in.
        if amount >= 0.7 * legal.max_raise_to:
            amount = legal.max_raise_to
        return Action.raise_to(amount)
    if action.kind is ActionKind.FOLD and legal.can_check:
        return Action.check()
    if action.kind is ActionKind.CHECK and not legal.can_check:
        return Action.fold()
    if action.kind is ActionKind.CALL and not legal.call_amount:
        return Action.check()
    return action
