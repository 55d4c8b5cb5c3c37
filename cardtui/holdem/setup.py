"""The hold'em table setup as the player chose it, stored in ``app.settings.holdem``.

Seats 2-10, each a named human (hot-seat) or a bot with a personality; one
starting stack, the blinds, and cash game or tournament. The defaults give a
game at once: you against five bots, 1,000 chips, 5/10 blinds.

The player-name rule is the app's (``cardtui.settings.validate_name``), passed
in: the engine package imports nothing from the settings.

>>> def named(name: str) -> str | None:
...     return None if name.strip() else "Enter a name."
>>> config = HoldemConfig.default("Ann")
>>> [(s.name, s.personality) for s in config.seats][:2]
[('Ann', None), ('Bot 1', <Personality.SHARK: 'shark'>)]
>>> HoldemConfig.from_json(config.to_json(), default_name="Ann", name_problem=named) == config
True
>>> HoldemConfig.from_json({"stack": -5, "seats": "junk"}, default_name="Ann",
...                       name_problem=named).stack
1000
>>> from dataclasses import replace
>>> tournament = replace(config, mode=Mode.TOURNAMENT, small_blind=10, big_blind=20)
>>> [str(level) for level in tournament.schedule()[:4]]
['10/20', '20/40', '30/60', '50/100 ante 10']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtui.holdem.bots import Personality
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.table import DEFAULT_SCHEDULE, BlindLevel, Mode, Player, Table

#: Why a player name cannot be used, or None: the app's one rule for names.
NameRule = Callable[[str], "str | None"]

MIN_SEATS = 2
MAX_SEATS = 10
#: The smallest starting stack, in big blinds: a stack of one big blind can only
#: post it and is all in before it sees a card (a QA pass found one accepted).
MIN_STACK_BIG_BLINDS = 10
#: The default line-up: the player, then five bots of mixed styles.
_DEFAULT_BOTS = (
    Personality.SHARK, Personality.ROCK, Personality.MANIAC, Personality.SHARK, Personality.ROCK,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SeatConfig:
    name: str
    #: ``None`` for a human player.
    personality: Personality | None = None

    @property
    def is_bot(self) -> bool:
        return self.personality is not None


@dataclass(frozen=True)
class HoldemConfig:
    seats: tuple[SeatConfig, ...]
    stack: int = 1000
    small_blind: int = 5
    big_blind: int = 10
    mode: Mode = Mode.CASH
    #: Tournament only: the blinds go up a level every this many hands.
    hands_per_level: int = 10
    #: How strong the bots play (:mod:`cardtui.holdem.difficulty`).
    difficulty: Difficulty = Difficulty.NORMAL

    @classmethod
    def default(cls, player_name: str) -> HoldemConfig:
        bots = tuple(SeatConfig(f"Bot {n}", p) for n, p in enumerate(_DEFAULT_BOTS, start=1))
        return cls(seats=(SeatConfig(player_name), *bots))

    def problems(self, name_problem: NameRule, *,
                 min_stack_big_blinds: int = MIN_STACK_BIG_BLINDS) -> list[str]:
        """Why this setup cannot be played (empty when it can).

        A setup saved before the stack minimum loads with ``min_stack_big_blinds=1``.
        """
        found = []
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            found.append(f"A table seats {MIN_SEATS} to {MAX_SEATS} players.")
        for index, seat in enumerate(self.seats, start=1):
            problem = name_problem(seat.name)
            if problem:
                found.append(f"Seat {index}: {problem}")
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            found.append("Every seat needs a different name.")
        if self.small_blind < 0 or self.big_blind < 1 or self.small_blind > self.big_blind:
            found.append("The big blind is at least 1 and not below the small blind.")
        if self.big_blind >= 1 and self.stack < min_stack_big_blinds * self.big_blind:
            found.append(f"The starting stack must be at least {min_stack_big_blinds} big blinds"
                         f" ({min_stack_big_blinds * self.big_blind:,} chips).")
        if self.hands_per_level < 1:
            found.append("Blinds rise every 1 hand or more.")
        return found

    def schedule(self) -> tuple[BlindLevel, ...]:
        """The blind levels: the chosen blinds, then the standard schedule scaled to them."""
        first = DEFAULT_SCHEDULE[0]
        if self.mode is Mode.CASH:
            return (BlindLevel(self.small_blind, self.big_blind),)
        return tuple(
            BlindLevel(
                self.small_blind * level.small // first.small,
                self.big_blind * level.big // first.big,
                self.big_blind * level.ante // first.big,
            )
            for level in DEFAULT_SCHEDULE
        )

    def make_table(self, rng: random.Random, button: int | None = None) -> Table:
        players = [Player(s.name, self.stack, s.personality) for s in self.seats]
        # A cash table keeps its seats filled: a bot that busts is replaced by a new
        # one buying in for the same stack (the house's chips, Table.house_chips).
        return Table(players, mode=self.mode, blinds=self.schedule(),
                     hands_per_level=self.hands_per_level, rng=rng, button=button,
                     refill_bots=self.stack if self.mode is Mode.CASH else 0)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seats": [
                {"name": s.name, "bot": s.personality.value if s.personality else None}
                for s in self.seats
            ],
            "stack": self.stack,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "mode": self.mode.value,
            "hands_per_level": self.hands_per_level,
        }
        # Normal is left out: a setup saved before difficulty existed reads the same.
        if self.difficulty is not Difficulty.NORMAL:
            data["difficulty"] = self.difficulty.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], *, default_name: str,
                  name_problem: NameRule) -> HoldemConfig:
        """A setup from stored JSON; anything unusable falls back to the defaults."""
        default = cls.default(default_name)
        seats = _seats(data.get("seats"))
        numbers = {}
        for key in ("stack", "small_blind", "big_blind", "hands_per_level"):
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                numbers[key] = value
        mode = data.get("mode")
        config = cls(
            seats=seats or default.seats,
            mode=Mode(mode) if isinstance(mode, str) and mode in Mode._value2member_map_
            else default.mode,
            difficulty=Difficulty.from_text(data.get("difficulty")),
            **numbers,
        )
        # A stored setup keeps loading under the older rule (a stack covering the
        # big blind): the player chose it, and the setup form asks for more.
        return config if not config.problems(name_problem, min_stack_big_blinds=1) else default


def _seats(data: object) -> tuple[SeatConfig, ...]:
    if not isinstance(data, list):
        return ()
    seats = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            return ()
        bot = item.get("bot")
        personality = (Personality(bot) if isinstance(bot, str)
                       and bot in Personality._value2member_map_ else None)
        seats.append(SeatConfig(item["name"], personality))
    return tuple(seats)
