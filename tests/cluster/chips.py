"""The chips of a room across hosts, read from PostgreSQL: does every chip add up?

After a cluster run (a failover, PostgreSQL killed and back, ...) each player's
figures in their profile's schema must agree with each other::

    balance + chips at tables == start + the house's rebuys + recorded results

(the balance and the chips at tables are the ``bankroll`` rows; the results are the
``results`` rows of the cash rounds recorded under the profile's names), each hand
recorded once (``hands``: how many each profile must hold; a voided hand is none),
and, at hold'em, every result together sums to nothing (chips only move between
players). Read with plain SQL straight from the server, not through the game's store:
what is counted is what PostgreSQL holds, nothing still waiting in a game's memory.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from cardtui.games import Game
from cardtui.store.records import START_BALANCE
from cardtui.store.sql import profile_store, split_url

#: How long :func:`until_chips_add_up` waits for the games' stores to write what they hold.
WAIT = 90.0


@dataclass(frozen=True)
class ProfileChips:
    """One profile's chips in one game as PostgreSQL holds them."""

    name: str
    balance: int
    at_table: int
    rebought: int
    #: The profile's net in each recorded cash round, oldest first.
    results: tuple[int, ...]

    @property
    def missing(self) -> int:
        """Chips short of (negative: over) start + rebuys + results: 0 when they add up."""
        return START_BALANCE + self.rebought + sum(self.results) - self.balance - self.at_table


def read_chips(url: str, name: str, profile: Path, game: Game = Game.HOLDEM) -> ProfileChips:
    """``profile``'s chips in ``game`` (its schema at ``url``, as ``cardtui serve --store``
    names it); a profile with no schema yet has its start balance."""
    conninfo, schema = split_url(profile_store(url, profile))
    with psycopg.connect(conninfo, autocommit=True) as db:
        found = db.execute("SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
                           "AND table_name = 'bankroll'", (schema,)).fetchone()
        if found is None:
            return ProfileChips(name, START_BALANCE, 0, 0, ())
        bank, stake, rebought = db.execute(sql.SQL(
            "SELECT COALESCE(SUM(bank), 0), COALESCE(SUM(stake), 0), "
            "COALESCE(SUM(CASE WHEN kind = 'rebuy' THEN bank ELSE 0 END), 0) "
            "FROM {}.bankroll WHERE game = %s").format(sql.Identifier(schema)),
            (game.value,)).fetchone() or (0, 0, 0)
        # The results of the names the profile played under (its bankroll rows name them):
        # a profile's rounds also hold the other seats' results.
        rows = db.execute(sql.SQL(
            "SELECT SUM(s.net) FROM {s}.results s JOIN {s}.rounds r ON r.id = s.round_id "
            "WHERE r.game = %s AND r.tournament = 0 AND s.player IN "
            "(SELECT player FROM {s}.bankroll WHERE game = %s) "
            "GROUP BY r.id ORDER BY r.id").format(s=sql.Identifier(schema)),
            (game.value, game.value)).fetchall()
    return ProfileChips(name, START_BALANCE + int(bank), int(stake), int(rebought),
                        tuple(int(net or 0) for (net,) in rows))


def chips_add_up(url: str, profiles: Mapping[str, Path], hands: int | None = None,
                 game: Game = Game.HOLDEM) -> list[str]:
    """What does not add up among ``profiles`` (name -> profile folder): [] when all does.

    ``hands``: the recorded rounds each profile must hold (None: any number).
    """
    wrong = []
    nets = 0
    for name, folder in profiles.items():
        chips = read_chips(url, name, folder, game)
        if hands is not None and len(chips.results) != hands:
            wrong.append(f"{name}: {len(chips.results)} hands recorded, not {hands}")
        nets += sum(chips.results)
        if chips.missing:
            wrong.append(f"{name}: balance {chips.balance} + at tables {chips.at_table} != "
                         f"{START_BALANCE} + rebuys {chips.rebought} + results "
                         f"{sum(chips.results)} {list(chips.results)}")
    if game is Game.HOLDEM and nets != 0:
        wrong.append(f"the hold'em results add up to {nets}, not 0")
    return wrong


async def until_chips_add_up(url: str, profiles: Mapping[str, Path], hands: int | None = None,
                             game: Game = Game.HOLDEM, wait: float = WAIT) -> None:
    """Wait (at most ``wait`` seconds) until :func:`chips_add_up` finds nothing wrong: a game
    writes a settled hand a moment after its screen shows it, and after an outage later."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while wrong := await asyncio.to_thread(chips_add_up, url, profiles, hands, game):
        assert loop.time() < deadline, wrong
        await asyncio.sleep(0.2)
