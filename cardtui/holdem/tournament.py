"""A tournament as the players follow it: the level and what comes next, the standings, the prizes.

Plain data read off a :class:`~cardtui.holdem.table.Table` (no Textual here):
the table's info line (:func:`tournament_info`), the rest of the tournament
played out at once when no human has chips left (:func:`play_out`), and the
results by place with each place's share of the prize pool (:func:`standings`).

Payouts: no payout rule existed in cardtui before, so a common sit-and-go
split is used: winner takes all heads-up (two entrants), 65/35 for three to
five entrants, 50/30/20 for six or more. Players who bust in the same hand
from the same stack share a place (the table's TDA tie rule) and split the
prizes of the places they cover.

>>> import random
>>> from cardtui.holdem.bots import Personality
>>> from cardtui.holdem.table import BlindLevel, Mode, Player, Table
>>> bots = [Player(f"Bot {n}", 1000, Personality.MANIAC) for n in range(1, 7)]
>>> table = Table(bots, mode=Mode.TOURNAMENT, rng=random.Random(2), hands_per_level=4,
...               blinds=[BlindLevel(5, 10), BlindLevel(10, 20, 2)])
>>> info = tournament_info(table)
>>> info_line(info)
'Level 1 · Blinds 5/10 · next level in 4 hands · 6/6 left · avg 1,000'
>>> _ = play_out(table)
>>> table.is_finished
True
>>> [(r.place, r.share) for r in standings(table)][:4]
[(1, 50.0), (2, 30.0), (3, 20.0), (4, 0.0)]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cardtui.holdem.table import BlindLevel, Mode, Table, TableEvent
from cardtui.i18n import ENGLISH, _, chips, current_language, ngettext

#: The most hands :func:`play_out` plays (a bound: rising blinds end a tournament long before).
PLAY_OUT_LIMIT = 100_000


def payout_shares(entrants: int) -> tuple[float, ...]:
    """Each paid place's share of the prize pool, in percent, best place first.

    >>> payout_shares(2), payout_shares(5), payout_shares(9)
    ((100.0,), (65.0, 35.0), (50.0, 30.0, 20.0))
    """
    if entrants <= 2:
        return (100.0,)
    if entrants <= 5:
        return (65.0, 35.0)
    return (50.0, 30.0, 20.0)


@dataclass(frozen=True, slots=True)
class Standing:
    """One finisher: their place, their share of the prize pool (percent) and whether a
    person played the seat (the results screen highlights them)."""

    place: int
    name: str
    share: float
    human: bool


def standings(table: Table, humans: Collection[str] = ()) -> list[Standing]:
    """The finishing order so far, best first, with each place's prize share.

    Players still in a tournament that is not over have no place yet and
    are left out; once it is over everyone who sat down is here.
    """
    shares = payout_shares(len(table.entrants))
    rows = []
    for place, name in sorted(table.places):
        tied = sum(1 for p, _ in table.places if p == place)
        covered = shares[place - 1:place - 1 + tied]
        rows.append(Standing(place, name, sum(covered) / tied if covered else 0.0,
                             name in humans))
    return rows


def share_text(share: float) -> str:
    """``50%``, ``12.5%``, or a dash for an unpaid place.

    >>> share_text(50.0), share_text(12.5), share_text(0.0)
    ('50%', '12.5%', '—')
    """
    if not share:
        return "—"
    return f"{share:g}%"


def place_text(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st...

    >>> [place_text(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if current_language() != ENGLISH:
        return _("place {number}").format(number=place)  # 2位, 2-е место, 第2名
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """What a tournament table shows beside the felt."""

    level: int
    blinds: BlindLevel
    #: Hands until the blinds rise (None at the last level: they rise no more).
    hands_to_next: int | None
    next_blinds: BlindLevel | None
    players_left: int
    entrants: int
    average_stack: int
    hand_number: int


def tournament_info(table: Table, *, hands_done: int | None = None,
                    stacks: Sequence[int] | None = None) -> TournamentInfo | None:
    """The tournament's state for the info line (None at a cash table).

    Counted between hands as for the next hand, during a hand as for the
    hand in play (``table.blinds`` does the same). A screen showing the
    hands with pauses gives ``hands_done`` and the players' ``stacks`` as
    far as it has shown them: the table itself is ahead (a bust would be
    counted before the showdown that caused it is on screen).
    """
    if table.mode is not Mode.TOURNAMENT:
        return None
    if hands_done is None:
        hands_done = table.hand_number - (1 if table.hand is not None else 0)
    index = table.level_index_for(hands_done)
    last = index == len(table.schedule) - 1
    to_next = None if last else (index + 1) * table.hands_per_level - hands_done
    if stacks is not None:
        stacks = [chips for chips in stacks if chips > 0]
    elif table.hand is not None:  # everyone dealt in is still in (busts are settled after)
        stacks = [s for s in table.hand.starting_stacks if s is not None]
    else:
        stacks = [s.stack for s in table.seats if s is not None and s.stack > 0]
    count = len(stacks)
    total = sum(stacks)
    return TournamentInfo(
        level=index + 1, blinds=table.schedule[index], hands_to_next=to_next,
        next_blinds=None if last else table.schedule[index + 1], players_left=count,
        entrants=len(table.entrants), average_stack=total // count if count else 0,
        hand_number=hands_done)


def info_line(info: TournamentInfo, *, short: bool = False) -> str:
    """The info line's words; ``short`` for a narrow terminal.

    >>> info = TournamentInfo(3, BlindLevel(15, 30), 1, BlindLevel(25, 50, 5), 4, 6, 1500, 20)
    >>> info_line(info)
    'Level 3 · Blinds 15/30 · next level in 1 hand · 4/6 left · avg 1,500'
    >>> info_line(info, short=True)
    'Lv 3 · 15/30 · next in 1 · 4/6 left · avg 1,500'
    """
    if info.hands_to_next is None:
        next_words = _("last level") if not short else _("last lv")
    else:
        next_words = (_("next in {n}").format(n=info.hands_to_next) if short
                      else ngettext("next level in {n} hand", "next level in {n} hands",
                                    info.hands_to_next).format(n=info.hands_to_next))
    level = (_("Lv {level}") if short else _("Level {level}")).format(level=info.level)
    blinds = str(info.blinds) if short else _("Blinds {blinds}").format(blinds=info.blinds)
    left = _("{left}/{entrants} left").format(left=info.players_left, entrants=info.entrants)
    average = _("avg {amount}").format(amount=chips(info.average_stack))
    return f"{level} · {blinds} · {next_words} · {left} · {average}"


def play_out(table: Table) -> list[TableEvent]:
    """Play the rest of a tournament among bots at once (no human has chips left).

    Every remaining seat must be a bot; returns the table events of the
    hands played (busts, levels, the winner).
    """
    if table.hand is not None:
        raise ValueError("the hand in play is settled first")
    if any(s is not None and s.stack > 0 and not s.is_bot for s in table.seats):
        raise ValueError("a person still has chips: the tournament is theirs to play")
    events: list[TableEvent] = []
    for _hand in range(PLAY_OUT_LIMIT):
        if table.is_finished:
            break
        hand = table.start_hand()
        while not hand.is_over:
            hand.act(table.bot_action())
        events.extend(table.finish_hand())
    return events


@dataclass(frozen=True, slots=True)
class Results:
    """A finished tournament as the results screen shows it."""

    standings: tuple[Standing, ...]
    entrants: int
    #: Hands dealt in all.
    hands: int
    #: Of those, hands the bots played at once after the last person was out.
    played_out: int = 0

    @property
    def shares(self) -> tuple[float, ...]:
        return payout_shares(self.entrants)

    def payout_rule(self) -> str:
        """The split in words: ``Paid: 1st 50% · 2nd 30% · 3rd 20%``."""
        return _("Paid:") + " " + " · ".join(f"{place_text(n)} {share_text(s)}"
                                             for n, s in enumerate(self.shares, start=1))


def results(table: Table, humans: Collection[str], played_out: int = 0) -> Results:
    """The results of ``table``'s finished tournament (``humans``: the people's names)."""
    return Results(tuple(standings(table, humans)), len(table.entrants), table.hand_number,
                   played_out)
