"""The night's results: who bought in, who cashed out, hands and net per player.

The room counts every chip that crosses a cash table's rail: a buy-in as a
seat is taken, a cash-out as it is let go (stood up, kicked, the table
closed), and each settled hand's net. Tonight is this room's run (this
``cardtui serve``); all time adds the runs before it when the room has a
store (:mod:`cardtui.store.room_store`). Guests count tonight only: a guest
never comes back, so an all-time line of theirs would name nobody.

The ledger adds up: a player's net is what they cashed out, plus the chips
they have at a table now, less what they bought in; and it is the sum of
their settled hands' nets (a voided hand moves no chip).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

#: Rows a leaderboard message carries per tab (the biggest winners and losers
#: of a long-lived room are still there; a message stays small).
MAX_ROWS = 100

#: The CSV's columns, in order.
CSV_COLUMNS = ("player", "key", "bought_in", "cashed_out", "at_table", "net", "hands")


@dataclass(slots=True)
class Standing:
    """One player's figures, tonight or all time."""

    profile: str
    name: str
    hands: int = 0
    #: The sum of their settled hands' nets at cash tables.
    net: int = 0
    bought_in: int = 0
    cashed_out: int = 0
    guest: bool = False


class LedgerKeeper(Protocol):
    """Where all-time figures are kept between runs (the room's store)."""

    def keep_standing(self, profile: str, name: str, hands: int, net: int) -> None:
        """Write a player's all-time figures for good."""


class Ledger:
    """Tonight's and all time's figures per player."""

    def __init__(self, all_time: Iterable[Standing] = (),
                 keeper: LedgerKeeper | None = None) -> None:
        self.tonight: dict[str, Standing] = {}
        self.all_time: dict[str, Standing] = {s.profile: s for s in all_time}
        self.keeper = keeper

    def _tonight(self, profile: str, name: str, guest: bool) -> Standing:
        standing = self.tonight.get(profile)
        if standing is None:
            standing = self.tonight[profile] = Standing(profile, name, guest=guest)
        standing.name = name
        return standing

    def bought_in(self, profile: str, name: str, amount: int, *, guest: bool = False) -> None:
        self._tonight(profile, name, guest).bought_in += amount

    def cashed_out(self, profile: str, name: str, amount: int, *, guest: bool = False) -> None:
        self._tonight(profile, name, guest).cashed_out += amount

    def settled(self, profile: str, name: str, net: int, *, guest: bool = False) -> None:
        """One of ``profile``'s hands (rounds) settled with ``net``."""
        tonight = self._tonight(profile, name, guest)
        tonight.hands += 1
        tonight.net += net
        if guest:
            return
        ever = self.all_time.get(profile)
        if ever is None:
            ever = self.all_time[profile] = Standing(profile, name)
        ever.name = name
        ever.hands += 1
        ever.net += net
        if self.keeper is not None:
            self.keeper.keep_standing(ever.profile, ever.name, ever.hands, ever.net)

    def board(self, *, all_time: bool,
              more: Iterable[Standing] = ()) -> list[Standing]:
        """The leaderboard: the biggest net first, then the most hands, then by name.
        ``more``: other figures of the same night (or of all time) to add in, as a room
        across hosts keeps each table's part apart (cardtui.cluster.shards)."""
        summed = _summed((self.all_time if all_time else self.tonight).values(), more)
        ordered = sorted(summed, key=lambda s: (-s.net, -s.hands, s.name.casefold()))
        return ordered[:MAX_ROWS]

    def csv_text(self, at_tables: Mapping[str, int], more: Iterable[Standing] = ()) -> str:
        """Tonight's ledger as CSV: one row per player, ``at_tables`` the chips each
        profile has at a table now (counted as theirs, not yet cashed out); ``more``:
        tonight's figures of the room's other parts, added in (cardtui.cluster.shards)."""
        rows = _summed(self.tonight.values(), more)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for standing in sorted(rows, key=lambda s: s.name.casefold()):
            held = at_tables.get(standing.profile, 0)
            net = standing.cashed_out + held - standing.bought_in
            # A name is the player's own text: a leading = + - @ would be a formula
            # in a spreadsheet, so such a name is quoted as text.
            name = standing.name
            if name and name[0] in "=+-@":
                name = "'" + name
            key = "guest" if standing.guest else standing.profile
            writer.writerow((name, key, standing.bought_in, standing.cashed_out, held, net,
                             standing.hands))
        return out.getvalue()


def _summed(rows: Iterable[Standing], more: Iterable[Standing]) -> list[Standing]:
    """One row per profile: ``rows`` (copied, never changed) with ``more`` added in."""
    summed = {s.profile: dataclasses.replace(s) for s in rows}
    for extra in more:
        row = summed.setdefault(extra.profile, Standing(extra.profile, extra.name,
                                                        guest=extra.guest))
        row.hands += extra.hands
        row.net += extra.net
        row.bought_in += extra.bought_in
        row.cashed_out += extra.cashed_out
    return list(summed.values())
