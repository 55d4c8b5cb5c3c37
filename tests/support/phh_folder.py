"""A generated folder of many PHH hands, laid out as the public Pluribus hands are
(``<table>/<hand>.phh``, blinds 50/100, stacks 10,000, every hole card known).

For the replay list's loading tests and timing: :func:`write_pluribus_folder`
writes ``count`` files, numbered so that a plain name sort would put hand 10
before hand 2. Each hand is a fixed three-bet pot over a fresh deal.
"""

from __future__ import annotations

import random
from pathlib import Path

from cardtui.cards import Deck

PLAYERS = ["MrBlue", "MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus"]
#: p4 opens, p2 three-bets, p5 calls; then a flop bet and folds: Pluribus-like, short.
_ACTIONS = ["p3 f", "p4 cbr 225", "p5 cc", "p6 f", "p1 f", "p2 cbr 1100", "p4 f", "p5 cc",
            "d db {flop}", "p2 cbr 1200", "p5 f"]


def pluribus_hand(number: int, rng: random.Random) -> str:
    """One six-max hand's PHH text, its cards dealt from ``rng``."""
    deck = Deck()
    deck.shuffle(rng)
    cards = [str(deck.deal()) for _ in range(15)]
    dealt = [f'"d dh p{i + 1} {cards[2 * i]}{cards[2 * i + 1]}"' for i in range(6)]
    actions = [f'"{a.format(flop="".join(cards[12:15]))}"' for a in _ACTIONS]
    return "\n".join([
        'variant = "NT"', "ante_trimming_status = true", "antes = [0, 0, 0, 0, 0, 0]",
        "blinds_or_straddles = [50, 100, 0, 0, 0, 0]", "min_bet = 100",
        "starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]",
        f"actions = [{', '.join(dealt + actions)}]", f"hand = {number}",
        f"players = {PLAYERS!r}".replace("'", '"'), "",
    ])


def write_pluribus_folder(folder: Path, count: int, *, per_table: int = 1000,
                          seed: int = 1) -> Path:
    """``count`` hands as ``folder/<table>/<hand>.phh`` (hand numbers 0.. per table)."""
    rng = random.Random(seed)
    for index in range(count):
        table = folder / str(index // per_table)
        table.mkdir(parents=True, exist_ok=True)
        (table / f"{index % per_table}.phh").write_text(pluribus_hand(index % per_table, rng))
    return folder
