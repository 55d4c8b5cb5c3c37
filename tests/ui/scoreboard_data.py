"""Kept chips, blackjack rounds and hold'em hand histories for the scoreboard's tests."""

from __future__ import annotations

import random

from cardtui.games import Game
from cardtui.holdem.bots import Personality
from cardtui.holdem.table import Player, Table
from cardtui.store import Outcome, SeatResult, Store
from cardtui.tables.results import holdem_rows

#: The blackjack results of the session, in order (the player's kept chips).
BLACKJACK_NETS = [10, -10, 15, -20, 20, 0, -10, 10, 25, -40, 10, 15]


def _outcome(net: int) -> Outcome:
    return Outcome.WIN if net > 0 else Outcome.LOSS if net < 0 else Outcome.PUSH


def record_play(store: Store, session_id: str, player: str = "Player", hands: int = 12) -> None:
    """A blackjack sitting with the kept chips (with a house rebuy before it) and hold'em hands."""
    store.buy_in(Game.BLACKJACK, 1_000, "earlier", player=player)
    store.record_round(Game.BLACKJACK, [SeatResult(player, 1_000, -1_000, Outcome.LOSS)],
                       session_id="earlier", bankroll_player=player)
    store.rebuy(Game.BLACKJACK, "earlier", player=player)
    store.buy_in(Game.BLACKJACK, 500, session_id, player=player)
    for net in BLACKJACK_NETS:
        store.record_round(Game.BLACKJACK, [SeatResult(player, abs(net) or 10, net,
                                                       _outcome(net))],
                           session_id=session_id, bankroll_player=player)
    store.cash_out(Game.BLACKJACK, session_id, player=player)
    names = [player, "Bot 1", "Bot 2"]
    table = Table([Player(player, 200, Personality.SHARK), Player("Bot 1", 200, Personality.ROCK),
                   Player("Bot 2", 200, Personality.MANIAC)], rng=random.Random(11))
    for _ in range(hands):
        hand = table.play_bot_hand()
        store.record_round(Game.HOLDEM, list(holdem_rows(hand, range(3), names)),
                           session_id=session_id, hand_history=table.hand_history(hand))
