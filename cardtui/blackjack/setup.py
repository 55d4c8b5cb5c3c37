"""A table's setup as Settings keep it: rules, seats, the trainer switch and the bet spread
practised (0: none; N: a 1 to N spread of table minimums, :meth:`TableSetup.ramp`).

Stored as plain JSON in ``settings.blackjack``; anything unusable there falls
back to the defaults (one human seat), never to an error at the table.

>>> setup = TableSetup.from_json({}, default_name="Player")
>>> [(s.name, s.kind.value, s.bankroll) for s in setup.seats], setup.trainer
([('Player', 'human', 1000)], True)
>>> TableSetup.from_json(setup.to_json(), default_name="x") == setup
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtui.blackjack.rules import Rules
from cardtui.blackjack.spread import BetRamp
from cardtui.blackjack.table import MAX_SEATS, SeatKind, SeatSetup
from cardtui.names import name_problem


@dataclass(frozen=True)
class TableSetup:
    rules: Rules = field(default_factory=Rules)
    seats: tuple[SeatSetup, ...] = (SeatSetup("Player"),)
    trainer: bool = True
    #: The top of the bet spread practised at the table, in table minimums (0: none).
    bet_spread: int = 0

    def ramp(self) -> BetRamp | None:
        """The spread practised: two units a true count above +1, up to ``bet_spread``."""
        if self.bet_spread < 2:
            return None
        return BetRamp.linear((1, self.bet_spread), units_per_count=2)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "seats": [
                {"name": s.name, "kind": s.kind.value, "bankroll": s.bankroll} for s in self.seats
            ],
            "trainer": self.trainer,
            "bet_spread": self.bet_spread,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *, default_name: str) -> TableSetup:
        try:
            rules = Rules.from_json(data.get("rules", {}))
        except (ValueError, AttributeError):
            rules = Rules()
        seats: list[SeatSetup] = []
        raw_seats = data.get("seats")
        if isinstance(raw_seats, list):
            for raw in raw_seats[:MAX_SEATS]:
                try:
                    seats.append(SeatSetup(str(raw["name"]), SeatKind(raw["kind"]),
                                           int(raw["bankroll"])))
                except (KeyError, TypeError, ValueError):
                    continue
        if not seats:
            # The player's name is checked by the same rule as a seat's; never cut.
            name = default_name.strip()
            seats = [SeatSetup(name if name_problem(name) is None else "Player")]
        trainer = data.get("trainer", True)
        spread = data.get("bet_spread", 0)
        spread = spread if isinstance(spread, int) and 2 <= spread <= 100 else 0
        return cls(rules, tuple(seats), trainer if isinstance(trainer, bool) else True, spread)
