"""A sit-and-go's results reaching a player: the prize to the balance, the place kept.

Apart from :mod:`cardtui.guest.sit_and_go` (which asks the room through the link)
so that the link, which hears the results, needs nothing of it.
"""

from __future__ import annotations

import logging

from cardtui.games import Game
from cardtui.store import Outcome, SeatResult
from cardtui.store.records import room_table
from cardtui.tables.shared_bankroll import RoomChips
from cardtui.wire.protocol import TournamentResults

log = logging.getLogger("cardtui.guest.sit_and_go")


def paid_out(chips: RoomChips | None, player: str, room: str,
             results: TournamentResults) -> None:
    """The results board reached ``player``: their prize goes to the balance, the
    tournament recorded as one result (once: the store knows it by its name).
    ``chips`` is None for a player who keeps no chips (a guest)."""
    if chips is None or not results.paid:
        return
    store = chips.store
    name = f"{room}:{results.sit_and_go}:results"
    net = results.yours - results.paid
    outcome = Outcome.WIN if net > 0 else Outcome.PUSH if net == 0 else Outcome.LOSS
    row = SeatResult(player, results.paid, net, outcome)
    # The buy-ins and the prize are kept chips (a local tournament's are not, so the
    # store's tournament rows move none): one round moves them, the place its own row.
    store.record_round(Game.HOLDEM, [row], chips.session_id, bankroll_player=player,
                       bankroll_place=room_table(results.sit_and_go), shared_hand=name)
    chips.stand_up(Game.HOLDEM, results.sit_and_go, player)
    place = next((p.place for p in results.places if p.name == player), None)
    if place is not None:
        store.record_tournament(player, place, len(results.places), chips.session_id)
    log.info("sit-and-go %s: paid %d, won %d", results.sit_and_go, results.paid,
             results.yours)
