"""A bot cardtui did not write: PyPokerEngine's HonestPlayer, on PyPokerEngine's own code.

Why PyPokerEngine (https://github.com/ishikota/PyPokerEngine, ``pypokerengine``
1.0.1 on PyPI, MIT): it is pure Python, installs on Python 3.11, needs no
downloaded weights, and its players are written against a plain interface
(``declare_action(valid_actions, hole_card, round_state)``) that a cardtui
view translates into directly. OpenSpiel's universal_poker with its MCTS bot
was the other candidate; its MCTS is an abstract-game search with random
rollouts (no poker knowledge), and the game would have to be re-described to
OpenSpiel's ACPC game definition for every deal: a much larger adapter for a
weaker opponent.

The example players are not in PyPokerEngine's wheel (they live in its
repository's ``examples/`` and its tutorial), so :class:`HonestPlayer` below is
the tutorial's ten lines: it estimates its win rate with PyPokerEngine's own
Monte Carlo and hand evaluator (``estimate_hole_card_win_rate``) and calls
when the win rate is at least one over the number of players, else folds.
The tutorial runs 1,000 simulations; PyPokerEngine's evaluator does about
10,000 a second here, so the arena's HonestPlayer runs 100 (a note, not a
secret: ``honest_player(simulations=1000)`` is the tutorial's).

Its win rate comes from :func:`cardtui.arena.ppe_fast.win_rate`, PyPokerEngine's
``estimate_hole_card_win_rate`` re-encoded on card ids: the same draws from the
same generator and PyPokerEngine's own hand ranking, so the same number, about
twenty times faster. A win rate is kept per (hole, board, players) for a few
dozen deals (:data:`HONEST_CACHE`): a duplicate match deals the same cards once
per seat rotation, and the rotations then see the same estimate instead of a
new 100-simulation one each. ``honest_player(fast=False)`` calls
PyPokerEngine's own function every decision.

The package is in the ``arena`` extra (``pip install 'cardtui[arena]'``),
never a dependency of the game.
"""

from __future__ import annotations

import random
from typing import Any

from cardtui.arena import ppe_fast
from cardtui.arena.kept import Kept
from cardtui.arena.protocol import BotView, HoldemBot
from cardtui.cards import Card
from cardtui.holdem.actions import Action, Street

#: HonestPlayer's win rates kept per (hole, board, players, simulations): the
#: duplicate deals' rotations share them (:mod:`cardtui.arena.kept`).
HONEST_CACHE = Kept()

#: Simulations per decision (the tutorial's 1,000 costs about 0.1 s a decision here).
SIMULATIONS = 100

_STREETS = {Street.PREFLOP: "preflop", Street.FLOP: "flop", Street.TURN: "turn",
            Street.RIVER: "river"}


def engine_card(card: Card) -> str:
    """PyPokerEngine's spelling of a card: suit then rank (``As`` is ``SA``).

    >>> from cardtui.cards import parse_cards
    >>> [engine_card(c) for c in parse_cards("AsTd2c")]
    ['SA', 'DT', 'C2']
    """
    text = str(card)
    return text[1].upper() + text[0].upper()


def honest_player(simulations: int = SIMULATIONS, *, fast: bool = True) -> HoldemBot:
    """PyPokerEngine's HonestPlayer behind the cardtui bot protocol.

    ``fast``: its win rate from :mod:`cardtui.arena.ppe_fast` (the same
    number as PyPokerEngine's for the same generator state), kept per
    situation for the duplicate deals' rotations (:data:`HONEST_CACHE`);
    False calls PyPokerEngine's own ``estimate_hole_card_win_rate`` every time.
    """
    try:
        from pypokerengine.players import BasePokerPlayer  # type: ignore[import-untyped]
        from pypokerengine.utils.card_utils import (  # type: ignore[import-untyped]
            estimate_hole_card_win_rate,
            gen_cards,
        )
    except ImportError:
        raise ValueError("the honest bot needs pypokerengine: pip install 'cardtui[arena]'") \
            from None

    class HonestPlayer(BasePokerPlayer):  # type: ignore[misc]
        """PyPokerEngine tutorial's HonestPlayer (its docs, "Create simple AI")."""

        def declare_action(self, valid_actions: list[dict[str, Any]], hole_card: list[str],
                           round_state: dict[str, Any]) -> tuple[str, Any]:
            community_card = round_state["community_card"]
            if fast:
                hole = sorted(c.to_id() for c in gen_cards(hole_card))
                board = [c.to_id() for c in gen_cards(community_card)]
                # The module's generator, as PyPokerEngine's draws from it.
                win_rate = HONEST_CACHE.get(
                    (*hole, -1, *board, self.nb_player, simulations),
                    lambda: ppe_fast.win_rate(simulations, self.nb_player, hole, board, None))
            else:
                win_rate = estimate_hole_card_win_rate(
                    nb_simulation=simulations,
                    nb_player=self.nb_player,
                    hole_card=gen_cards(hole_card),
                    community_card=gen_cards(community_card),
                )
            if win_rate >= 1.0 / self.nb_player:  # noqa: SIM108 - the tutorial's text
                action = valid_actions[1]  # fetch CALL action info
            else:
                action = valid_actions[0]  # fetch FOLD action info
            return action["action"], action["amount"]

        def receive_game_start_message(self, game_info: dict[str, Any]) -> None:
            self.nb_player = game_info["player_num"]

    return PyPokerEnginePlayer(HonestPlayer())


class PyPokerEnginePlayer:
    """Any PyPokerEngine ``BasePokerPlayer`` seated through the cardtui bot protocol."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self._started = False

    def decide(self, view: BotView, rng: random.Random) -> Action:
        # PyPokerEngine draws from the global generator; seeding it from the
        # arena's keeps a match reproducible.
        random.seed(rng.random())
        if not self._started:
            seated = sum(1 for s in view.stacks if s is not None)
            self.player.receive_game_start_message({"player_num": seated})
            self._started = True
        legal = view.legal
        paid = view.bet + legal.call_amount  # PyPokerEngine's call amount: the street's total
        valid: list[dict[str, Any]] = [
            {"action": "fold", "amount": 0},
            {"action": "call", "amount": paid},
            {"action": "raise", "amount": {"min": legal.min_raise_to if legal.can_raise else -1,
                                            "max": legal.max_raise_to if legal.can_raise else -1}},
        ]
        state = {
            "street": _STREETS.get(view.street, "river"),
            "community_card": [engine_card(c) for c in view.board],
            "pot": {"main": {"amount": view.pot}, "side": []},
            "dealer_btn": view.button,
            "next_player": view.seat,
            "small_blind_amount": view.small_blind,
            "seats": [{"name": name, "uuid": str(seat), "stack": view.stacks[seat] or 0,
                       "state": "participating" if seat in view.live else "folded"}
                      for seat, name in enumerate(view.names)],
        }
        kind, amount = self.player.declare_action(valid, [engine_card(c) for c in view.hole],
                                                  state)
        if kind == "raise" and legal.can_raise:
            return Action.raise_to(int(amount))
        if kind == "call" or (kind == "fold" and legal.can_check):
            # PyPokerEngine lets a player fold facing no bet; cardtui's table offers the check.
            return Action.call() if legal.call_amount else Action.check()
        return Action.fold()
