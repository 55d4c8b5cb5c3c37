"""The arena's panel: simple baselines, cardtui's personalities, and how a bot is named.

- ``station``: the calling station, calls every bet, never raises, never folds.
- ``random``: a random legal move (fold, check or call, or a raise of a random size).
- ``raiser``: always raises (a pot-size raise), calls when raising is closed.
- ``equity``: Monte Carlo equity against random hands (the Pro's
  :func:`~cardtui.arena.pro.range_equity` with every hand in range) compared with the pot
  odds (call when equity > C / (P + C); https://en.wikipedia.org/wiki/Pot_odds),
  pot-size bets when its equity is well above its fair share.
- ``rock``, ``maniac``, ``shark``: the table's personalities
  (:mod:`cardtui.holdem.bots`), as the local and shared tables play them.
- ``pro``: the strongest (:mod:`cardtui.arena.pro`).
- ``honest``: pypokerengine's HonestPlayer on pypokerengine's own evaluator
  (:mod:`cardtui.arena.outside`; needs the ``arena`` extra).

Any other name is ``module:Class`` (a class taking no arguments, importable
from the current directory or the installed packages).

>>> load_bot("station").__class__.__name__
'CallingStation'
>>> load_bot("nobody")
Traceback (most recent call last):
ValueError: unknown bot 'nobody': one of station, random, raiser, equity, rock, maniac, \
shark, pro, honest, or module:Class
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path

from cardtui.arena.kept import Kept
from cardtui.arena.pro import Range, range_equity
from cardtui.arena.protocol import BotView, HoldemBot
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality, decide
from cardtui.holdem.legal import HandView


class CallingStation:
    """Calls every bet, checks otherwise."""

    def decide(self, view: BotView, rng: random.Random) -> Action:
        return Action.call() if view.legal.call_amount else Action.check()


class RandomLegal:
    """One of the legal kinds of move at random; a raise to a random legal amount."""

    def decide(self, view: BotView, rng: random.Random) -> Action:
        legal = view.legal
        moves: list[Action] = [Action.call() if legal.call_amount else Action.check()]
        if legal.can_fold and legal.call_amount:
            moves.append(Action.fold())
        if legal.can_raise:
            moves.append(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
        return rng.choice(moves)


class AlwaysRaise:
    """Raises the size of the pot every time it can; calls when raising is closed."""

    def decide(self, view: BotView, rng: random.Random) -> Action:
        legal = view.legal
        if legal.can_raise:
            pot_size = view.current_bet + view.pot + legal.call_amount
            return Action.raise_to(min(max(pot_size, legal.min_raise_to), legal.max_raise_to))
        return Action.call() if legal.call_amount else Action.check()


#: A range of every hand.
ANY_HAND = Range()

#: Equity estimates kept per situation for every equity player of the process
#: (:mod:`cardtui.arena.kept`: the duplicate deals' rotations share them).
EQUITY_CACHE = Kept()


class EquityPlayer:
    """Monte Carlo equity against random hands, compared with the pot odds.

    ``cache``: estimates kept per (hole, board, opponents, trials), shared by
    the process's equity players; None runs the Monte Carlo every decision.
    """

    def __init__(self, trials: int = 300, cache: Kept | None = EQUITY_CACHE) -> None:
        self.trials = trials
        self.cache = cache

    def decide(self, view: BotView, rng: random.Random) -> Action:
        legal = view.legal
        opponents = max(1, len(view.opponents))
        def estimate() -> float:
            # The Pro's Monte Carlo with every opponent on any two cards: the same
            # estimate as cardtui.holdem.equity.equity_vs_random, drawn at a third of its cost.
            return range_equity(tuple(c.index for c in view.hole),
                                tuple(c.index for c in view.board),
                                [ANY_HAND] * opponents, self.trials, rng)

        if self.cache is None:
            share = estimate()
        else:
            key = (tuple(sorted(c.index for c in view.hole)),
                   tuple(c.index for c in view.board), opponents, self.trials)
            share = self.cache.get(key, estimate)
        fair = 1 / (opponents + 1)
        # "Well above its fair share": half-way from a fair share to certainty.
        if share >= (1 + fair) / 2 and legal.can_raise:
            pot_size = view.current_bet + view.pot + legal.call_amount
            return Action.raise_to(min(max(pot_size, legal.min_raise_to), legal.max_raise_to))
        to_call = legal.call_amount
        if not to_call:
            return Action.check()
        return Action.call() if share > to_call / (view.pot + to_call) else Action.fold()


class PersonalityBot:
    """One of the table's personalities (Rock, Maniac, Shark) behind the bot protocol."""

    def __init__(self, personality: Personality) -> None:
        self.personality = personality

    def decide(self, view: BotView, rng: random.Random) -> Action:
        return decide(hand_view(view), rng, self.personality)


def hand_view(view: BotView) -> HandView:
    """The engine's :class:`HandView` (what the personalities read) of a bot's view."""
    opponents = view.opponents
    return HandView(
        seat=view.seat, hole=view.hole, board=view.board, street=view.street,
        legal=view.legal, pot=view.pot, current_bet=view.current_bet, bet=view.bet,
        big_blind=view.big_blind, stack=view.stack, opponents=len(opponents),
        active_opponents=sum(1 for s in opponents if (view.stacks[s] or 0) > 0),
        players_behind=view.players_behind, raises=view.raises,
    )


def _pro() -> HoldemBot:
    from cardtui.arena.pro import Pro

    return Pro()


def _honest() -> HoldemBot:
    from cardtui.arena.outside import honest_player

    return honest_player()


#: Each built-in bot's name and how to make one (a new, fresh bot per call).
BUILT_IN: dict[str, Callable[[], HoldemBot]] = {
    "station": CallingStation,
    "random": RandomLegal,
    "raiser": AlwaysRaise,
    "equity": EquityPlayer,
    "rock": lambda: PersonalityBot(Personality.ROCK),
    "maniac": lambda: PersonalityBot(Personality.MANIAC),
    "shark": lambda: PersonalityBot(Personality.SHARK),
    "pro": _pro,
    "honest": _honest,
}
#: The panel every bot is measured against (the benchmark's columns).
BASELINES = ("station", "random", "raiser", "equity", "honest")


def load_bot(spec: str) -> HoldemBot:
    """A new bot from a built-in name or ``module:Class`` (ValueError saying why not)."""
    name = spec.strip()
    if name.lower() in BUILT_IN:
        return BUILT_IN[name.lower()]()
    if ":" not in name:
        raise ValueError(f"unknown bot {name[:40]!r}: one of {', '.join(BUILT_IN)}, "
                         f"or module:Class")
    module_name, _, class_name = name.partition(":")
    if str(Path.cwd()) not in sys.path and "" not in sys.path:
        sys.path.insert(0, str(Path.cwd()))  # a bot in the current directory, as python -m
    try:
        module = import_module(module_name)
    except Exception as error:  # noqa: BLE001 - any import failure is the user's file's
        raise ValueError(f"cannot import {module_name[:60]!r}: {type(error).__name__}: "
                         f"{error}") from None
    made = getattr(module, class_name, None)
    if made is None or not callable(made):
        raise ValueError(f"{module_name[:60]} has no class {class_name[:40]!r}")
    try:
        bot = made()
    except Exception as error:  # noqa: BLE001
        raise ValueError(f"{name[:60]}() failed: {type(error).__name__}: {error}") from None
    if not callable(getattr(bot, "decide", None)):
        raise ValueError(f"{name[:60]} has no decide(view, rng) method")
    return bot  # type: ignore[no-any-return]
