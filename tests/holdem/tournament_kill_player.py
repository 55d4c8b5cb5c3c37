"""A tournament player for the kill -9 test: plays hands, then is killed in the middle of one.

    python tests/holdem/tournament_kill_player.py STORE_PATH HANDS SEED

Plays ``HANDS`` hands of a six-seat tournament kept in the store at
STORE_PATH (Ann checks or folds), printing ``kept N STACKS`` (JSON) once
each hand is settled and kept; then deals one more hand, plays until Ann
is to act, prints ``in-hand`` and waits to be killed. Each line is flushed
at once.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import Mode
from cardtui.store import Store
from cardtui.tables.holdem_local import HoldemLocalSession, kept_in

SETUP = HoldemConfig(seats=(SeatConfig("Ann"), *(SeatConfig(f"Bot {n}", p) for n, p in enumerate(
    (Personality.SHARK, Personality.ROCK, Personality.MANIAC, Personality.SHARK,
     Personality.MANIAC), start=1))), mode=Mode.TOURNAMENT, hands_per_level=2)  # fmt: skip


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


async def main(path: str, hands: int, seed: int) -> None:
    store = Store(path)
    session = HoldemLocalSession(SETUP, random.Random(seed), button=0)
    session.keep_tournament(kept_in(store, "Ann"))
    session.attach(lambda event: None)
    for _ in range(hands):
        session.deal()
        while session.in_hand:
            await session.idle()
            turn = session.to_act
            if turn is not None:
                hand = session.hand
                assert hand is not None
                session.act(turn.seat, Action.check() if hand.can_check() else Action.fold())
        stacks = [s.stack if s is not None else None for s in session.table.seats]
        _say(f"kept {session.table.hand_number} {json.dumps(stacks)}")
    session.deal()
    while session.in_hand and session.to_act is None:
        await session.idle()
    _say("in-hand")
    await asyncio.Event().wait()  # until killed


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
