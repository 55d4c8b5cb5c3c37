"""How strong a table's bots play: the player chooses at table setup.

- **Easy**: every bot plays the arena's equity player (Monte Carlo equity
  against random hands compared with the pot odds): never bluffs, never reads
  anyone, pays off too often.
- **Normal**: each bot plays its personality (Rock, Maniac, Shark:
  :mod:`cardtui.holdem.bots`), as cardtui's tables always did.
- **Hard**: every bot plays the Pro (:mod:`cardtui.arena.pro`): it puts each
  opponent on a range from how they play and beats every bot in the arena.

What each level is worth, measured in duplicate matches, is in the README
(``benchmarks/bench_bot_strength.py``). The brains behind the levels live
outside the engine (:mod:`cardtui.arena.brains`); this names them.

>>> Difficulty("hard").label, Difficulty.from_text("junk")
('Hard', <Difficulty.NORMAL: 'normal'>)
"""

from __future__ import annotations

from enum import StrEnum


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def from_text(cls, text: object) -> Difficulty:
        """The level named ``text``, or Normal for anything else (an old or edited file)."""
        return cls(text) if isinstance(text, str) and text in cls._value2member_map_ \
            else cls.NORMAL
