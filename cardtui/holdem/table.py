"""A hold'em table: named seats playing hand after hand, cash game or tournament.

The table owns the seats, the button (dead button rule, see
:mod:`cardtui.holdem.button`), the blind level and who is still playing;
each hand is a :class:`~cardtui.holdem.hand.Hand`.

Driving a table: while :attr:`Table.can_deal` (else :meth:`Table.deal_problem`
says why), :meth:`Table.start_hand` deals; the actor acts (``hand.act``; a
bot's choice comes from :meth:`Table.bot_action`) until ``hand.is_over``,
which can be true straight after the deal; then :meth:`Table.finish_hand`
settles the hand and reports what it did to the table (busts, places, blinds).

>>> import random
>>> from cardtui.holdem.bots import Personality
>>> players = [Player("Ann", 200), Player("Rocky", 200, Personality.ROCK),
...            Player("Max", 200, Personality.MANIAC)]
>>> table = Table(players, blinds=BlindLevel(1, 2), rng=random.Random(5), button=0)
>>> hand = table.start_hand()
>>> hand.positions, hand.actor, table.seats[hand.actor].name
(Positions(button=0, small_blind=1, big_blind=2), 0, 'Ann')
>>> _ = hand.fold()
>>> while not hand.is_over:
...     _ = hand.act(table.bot_action())
>>> events = table.finish_hand()
>>> sum(seat.stack for seat in table.seats if seat), table.hand_number
(600, 1)
>>> table.start_hand().positions  # the button moved one seat to the left
Positions(button=1, small_blind=2, big_blind=0)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtui.cards import Deck
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality, decide
from cardtui.holdem.button import Positions, first_positions, next_positions
from cardtui.holdem.hand import Hand
from cardtui.holdem.phh import to_phh


class Mode(StrEnum):
    #: Busted players leave; a busted human may buy chips again (rebuy).
    CASH = "cash"
    #: Blinds rise on a schedule; the last player with chips wins.
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class BlindLevel:
    small: int
    big: int
    ante: int = 0
    #: The big blind posts one ante of ``ante`` for the whole table (the
    #: modern tournament standard, TDA 2024 RP-11) instead of everyone anteing.
    big_blind_ante: bool = False

    def __str__(self) -> str:
        text = f"{self.small}/{self.big}"
        if not self.ante:
            return text
        return f"{text} {'big blind ' if self.big_blind_ante else ''}ante {self.ante}"


#: A tournament schedule: each level roughly doubles the last, antes from level 4.
DEFAULT_SCHEDULE: tuple[BlindLevel, ...] = (
    BlindLevel(5, 10), BlindLevel(10, 20), BlindLevel(15, 30), BlindLevel(25, 50, 5),
    BlindLevel(50, 100, 10), BlindLevel(75, 150, 15), BlindLevel(100, 200, 25),
    BlindLevel(150, 300, 40), BlindLevel(200, 400, 50), BlindLevel(300, 600, 75),
    BlindLevel(500, 1000, 100), BlindLevel(1000, 2000, 200),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits down: a name, a buy-in, and a personality for a bot (None: a human)."""

    name: str
    stack: int
    personality: Personality | None = None


@dataclass(slots=True)
class Seat:
    name: str
    stack: int
    personality: Personality | None = None

    @property
    def is_bot(self) -> bool:
        return self.personality is not None


# --- table events (what finish_hand reports) --------------------------------


@dataclass(frozen=True, slots=True)
class PlayerBusted:
    seat: int
    name: str
    #: Tournament finishing place (1 = winner); None in a cash game.
    place: int | None
    #: In a cash game a busted human keeps the seat until they rebuy or leave.
    may_rebuy: bool


@dataclass(frozen=True, slots=True)
class LevelRaised:
    level: int
    blinds: BlindLevel


@dataclass(frozen=True, slots=True)
class TournamentWon:
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class BotSeated:
    """Cash game: a new bot took the seat of one that busted (its buy-in is the house's)."""

    seat: int
    name: str
    personality: Personality
    stack: int


TableEvent = PlayerBusted | LevelRaised | TournamentWon | BotSeated

#: Names for the bots that take a busted bot's seat at a cash table (as the room names its bots).
BOT_NAMES = ("Rocky", "Max", "Sharky", "Dot", "Vera", "Kit", "Lou", "Ned", "Ida", "Bo")
#: The version of :meth:`Table.snapshot`'s data (a newer one is not read).
SNAPSHOT_VERSION = 1


class Table:
    def __init__(
        self,
        players: Sequence[Player],
        *,
        mode: Mode = Mode.CASH,
        blinds: BlindLevel | Sequence[BlindLevel] = BlindLevel(1, 2),
        hands_per_level: int = 10,
        seat_count: int | None = None,
        rng: random.Random | None = None,
        button: int | None = None,
        refill_bots: int = 0,
    ) -> None:
        """``refill_bots`` (a cash game): a bot that busts is replaced between hands by a
        new bot with this many chips, paid by the house (:attr:`house_chips`); 0: the
        seat stays empty."""
        count = seat_count if seat_count is not None else len(players)
        if not 2 <= len(players) <= count <= 10:
            raise ValueError(f"a table seats 2 to 10 players, not {len(players)}")
        if any(p.stack <= 0 for p in players):
            raise ValueError("every player needs chips to sit down")
        self.mode = mode
        self.schedule: tuple[BlindLevel, ...] = (
            (blinds,) if isinstance(blinds, BlindLevel) else tuple(blinds)
        )
        if not self.schedule:
            raise ValueError("a table needs at least one blind level")
        if hands_per_level < 1:
            raise ValueError("hands_per_level must be at least 1")
        self.hands_per_level = hands_per_level
        self.rng = rng or random.Random()
        self.seats: list[Seat | None] = [None] * count
        for i, player in enumerate(players):
            self.seats[i] = Seat(player.name, player.stack, player.personality)
        #: Everyone who sat down, in seat order (busted players included).
        self.entrants: tuple[Player, ...] = tuple(players)
        self.hand_number = 0
        self.hand: Hand | None = None
        self.positions: Positions | None = None
        self._first_button = button if button is not None else self.rng.randrange(len(players))
        #: Tournament results, best first once finished: (place, name).
        self.places: list[tuple[int, str]] = []
        if refill_bots < 0:
            raise ValueError("a new bot's buy-in cannot be negative")
        self.refill_bots = refill_bots if mode is Mode.CASH else 0
        #: Chips the house brought to the table for the bots that replaced busted ones:
        #: the table's chips are the entrants' buy-ins, the rebuys and these.
        self.house_chips = 0
        #: The last hand dealt and each seat's bot personality then ("" for a person
        #: or an empty seat): its history names them even after a busted bot has left.
        self._dealt_personalities: tuple[Hand, tuple[str, ...]] | None = None

    # --- queries ------------------------------------------------------------

    @property
    def blinds(self) -> BlindLevel:
        """The blinds of the next hand (or of the hand being played)."""
        hands_done = self.hand_number - (1 if self.hand is not None else 0)
        if self.mode is Mode.CASH:
            return self.schedule[0]
        return self.schedule[min(hands_done // self.hands_per_level, len(self.schedule) - 1)]

    @property
    def in_play(self) -> list[int]:
        """Seats that will be dealt the next hand (seated, with chips)."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.stack > 0]

    @property
    def is_finished(self) -> bool:
        return len(self.in_play) < 2

    @property
    def names(self) -> list[str]:
        return [s.name if s is not None else "" for s in self.seats]

    # --- hands --------------------------------------------------------------

    def deal_problem(self) -> str | None:
        """Why the next hand cannot be dealt now, or None: :meth:`start_hand` raises with it."""
        if self.hand is not None:
            if not self.hand.is_over:
                return "finish the current hand first"
            # Dealing on would drop the last hand's busts, places and blind
            # level on the floor (issue 9): the driver settles every hand.
            return "the last hand is over but not settled: call finish_hand() first"
        if len(self.in_play) < 2:
            return "the game is over: fewer than two players have chips"
        return None

    @property
    def can_deal(self) -> bool:
        return self.deal_problem() is None

    def start_hand(
        self,
        deck: Deck | None = None,
        *,
        posted: Mapping[int, int] | None = None,
        dead_blinds: Mapping[int, int] | None = None,
        straddles: Mapping[int, int] | None = None,
    ) -> Hand:
        """Deal the next hand; ``deck`` stacks the cards (tests, demos).

        ``posted`` are live blinds posted out of turn (seat -> chips): a new
        player posts ``{seat: big_blind}`` to be dealt in at once rather than
        wait for the big blind; ``dead_blinds`` are chips posted dead (a
        missed small blind) and ``straddles`` live straddles. The hand checks
        them (:mod:`cardtui.holdem.forced`).

        The hand may be over as soon as it is dealt: when the blinds and
        antes leave nobody a decision (heads-up, a short button posts the
        small blind all-in and the big blind covers it), the board is run out
        and the pots are pushed at once, and its records end with
        :class:`~cardtui.holdem.actions.HandEnded` like any other hand. As
        after every action, ``hand.is_over`` then says it is time for
        :meth:`finish_hand`.
        """
        problem = self.deal_problem()
        if problem is not None:
            raise ValueError(problem)
        seated = self.in_play
        if self.positions is None:
            button = self._first_button if self._first_button in seated else seated[0]
            positions = first_positions(seated, button, len(self.seats))
        else:
            positions = next_positions(self.positions, seated, len(self.seats))
        level = self.blinds
        stacks = [
            s.stack if s is not None and s.stack > 0 else None for s in self.seats
        ]
        # The button moves only once the hand is dealt: refused forced bets
        # (ValueError) leave the table as it was.
        self.hand = Hand(
            stacks,
            button=positions.button,
            small_blind=level.small,
            big_blind=level.big,
            ante=0 if level.big_blind_ante else level.ante,
            big_blind_ante=level.ante if level.big_blind_ante else 0,
            rng=self.rng,
            deck=deck,
            positions=positions,
            names=self.names,
            posted=posted,
            dead_blinds=dead_blinds,
            straddles=straddles,
        )
        self.positions = positions
        self.hand_number += 1
        self._dealt_personalities = (self.hand, tuple(
            seat.personality.value if seat is not None and seat.personality is not None else ""
            for seat in self.seats))
        return self.hand

    def bot_action(self) -> Action:
        """The current actor's bot decision (ValueError when a human is to act)."""
        hand = self._require_hand()
        if hand.actor is None:
            raise ValueError("nobody is to act")
        seat = self.seats[hand.actor]
        if seat is None or seat.personality is None:
            raise ValueError(f"seat {hand.actor} is not a bot")
        return decide(hand.view(hand.actor), self.rng, seat.personality)

    def finish_hand(self) -> list[TableEvent]:
        """Settle the finished hand: stacks, busted players, places, blind level.

        Call it once for every hand, as soon as ``hand.is_over`` (which may be
        right after :meth:`start_hand`); the next deal waits for it.
        """
        hand = self._require_hand()
        if not hand.is_over:
            raise ValueError("the hand is not over yet")
        level_before = self.level_index_for(self.hand_number - 1)
        events: list[TableEvent] = []
        busted: list[int] = []
        for seat_index, stack in enumerate(hand.final_stacks):
            seat = self.seats[seat_index]
            if stack is None or seat is None:
                continue
            seat.stack = stack
            if stack == 0:
                busted.append(seat_index)
        # Players busted in the same hand place by the chips they started it
        # with, more chips placing higher, and share a place when they started
        # level (the Poker TDA Rules' breaking of ties; also
        # https://www.pokerstarslive.net/help/articles/rules-table-master).
        started = {s: hand.starting_stacks[s] or 0 for s in busted}
        busted.sort(key=started.__getitem__, reverse=True)
        remaining = len(self.in_play)
        for seat_index in busted:
            seat = self.seats[seat_index]
            assert seat is not None
            if self.mode is Mode.TOURNAMENT:
                ahead = sum(chips > started[seat_index] for chips in started.values())
                place = remaining + 1 + ahead
                self.places.append((place, seat.name))
                events.append(PlayerBusted(seat_index, seat.name, place, False))
                self.seats[seat_index] = None
            elif seat.is_bot:
                events.append(PlayerBusted(seat_index, seat.name, None, False))
                self.seats[seat_index] = None
                if self.refill_bots:
                    events.append(self._seat_new_bot(seat_index))
            else:
                events.append(PlayerBusted(seat_index, seat.name, None, True))
        if self.mode is Mode.TOURNAMENT and remaining == 1:
            winner = self.in_play[0]
            seated = self.seats[winner]
            assert seated is not None  # in play: seated
            name = seated.name
            self.places.append((1, name))
            events.append(TournamentWon(winner, name))
        self.places.sort()
        level_after = self.level_index_for(self.hand_number)
        if self.mode is Mode.TOURNAMENT and level_after != level_before and remaining > 1:
            events.append(LevelRaised(level_after + 1, self.schedule[level_after]))
        self.hand = None
        return events

    def level_index_for(self, hands_done: int) -> int:
        if self.mode is Mode.CASH:
            return 0
        return min(hands_done // self.hands_per_level, len(self.schedule) - 1)

    def rebuy(self, seat_index: int, amount: int) -> None:
        """Cash game only: a busted human buys chips again."""
        if self.mode is not Mode.CASH:
            raise ValueError("rebuys are for cash games")
        seat = self.seats[seat_index]
        if seat is None or seat.stack > 0:
            raise ValueError("only a busted player still at the table may rebuy")
        if amount <= 0:
            raise ValueError("a rebuy needs a positive amount")
        seat.stack = amount

    def sit_down(self, seat_index: int, player: Player) -> None:
        """A player takes an empty seat between hands.

        They are dealt in when the big blind reaches them, or at once by
        posting a big blind: ``start_hand(posted={seat_index: big})``.
        """
        if self.hand is not None and not self.hand.is_over:
            raise ValueError("players sit down between hands")
        if not 0 <= seat_index < len(self.seats) or self.seats[seat_index] is not None:
            raise ValueError(f"seat {seat_index} is not an empty seat at this table")
        if player.stack <= 0:
            raise ValueError("every player needs chips to sit down")
        self.seats[seat_index] = Seat(player.name, player.stack, player.personality)
        self.entrants += (player,)

    def _seat_new_bot(self, seat_index: int) -> BotSeated:
        """A new bot (a name nobody at this table has had, a personality) for a busted one."""
        taken = {p.name for p in self.entrants} | {s.name for s in self.seats if s is not None}
        name = next((n for n in BOT_NAMES if n not in taken), None)
        round_ = 2
        while name is None:
            name = next((f"{n} {round_}" for n in BOT_NAMES if f"{n} {round_}" not in taken),
                        None)
            round_ += 1
        personality = self.rng.choice(tuple(Personality))
        self.sit_down(seat_index, Player(name, self.refill_bots, personality))
        self.house_chips += self.refill_bots
        return BotSeated(seat_index, name, personality, self.refill_bots)

    def leave(self, seat_index: int) -> None:
        """A player stands up (between hands)."""
        if self.hand is not None and not self.hand.is_over:
            raise ValueError("players leave between hands")
        self.seats[seat_index] = None

    def play_bot_hand(self, deck: Deck | None = None) -> Hand:
        """Deal and play a whole hand where every seat is a bot; settle it."""
        hand = self.start_hand(deck)
        while not hand.is_over:
            hand.act(self.bot_action())
        self.finish_hand()
        return hand

    def hand_history(self, hand: Hand, hand_number: int | None = None, *,
                     seen_by: Collection[int] | None = None) -> str:
        """PHH text for ``hand``, players named as they were when it was dealt.

        ``seen_by``: the seats whose hole cards it may tell (None: all of them,
        a bots-only match's full-knowledge history); see :func:`to_phh`.

        Each bot's personality goes in ``_personalities`` (for statistics per
        personality), as the seats were when the hand was dealt: a bot that
        busts leaves its seat in :meth:`finish_hand`, and its last hand is
        still its personality's. An older hand's personalities are read from
        the seats while the same player still sits in them.
        """
        return to_phh(hand, hand_number=hand_number,
                      personalities=self.hand_personalities(hand), seen_by=seen_by)

    def hand_personalities(self, hand: Hand) -> list[str]:
        """Each seat's bot personality in ``hand`` ("" for a person or an empty seat)."""
        dealt = self._dealt_personalities
        if dealt is not None and dealt[0] is hand:
            return list(dealt[1])
        names = hand.names or ()
        return [seat.personality.value if seat is not None and seat.personality is not None
                and index < len(names) and seat.name == names[index] else ""
                for index, seat in enumerate(self.seats)]

    # --- saved between hands (a tournament left and resumed) ------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The table between hands as plain JSON data; :meth:`restore` makes it again.

        Between hands only: a hand in play is not part of it (a table restored
        from the last snapshot has that hand voided, every bet back where it
        was when it was dealt).
        """
        if self.hand is not None:
            raise ValueError("a table is saved between hands")

        def player(name: str, stack: int, personality: Personality | None) -> dict[str, Any]:
            return {"name": name, "stack": stack,
                    "bot": personality.value if personality is not None else None}

        positions = self.positions
        return {
            "version": SNAPSHOT_VERSION,
            "mode": self.mode.value,
            "schedule": [[b.small, b.big, b.ante, b.big_blind_ante] for b in self.schedule],
            "hands_per_level": self.hands_per_level,
            "seats": [player(s.name, s.stack, s.personality) if s is not None else None
                      for s in self.seats],
            "entrants": [player(p.name, p.stack, p.personality) for p in self.entrants],
            "hand_number": self.hand_number,
            "positions": ([positions.button, positions.small_blind, positions.big_blind]
                          if positions is not None else None),
            "first_button": self._first_button,
            "places": [[place, name] for place, name in self.places],
            "refill_bots": self.refill_bots,
            "house_chips": self.house_chips,
        }

    @classmethod
    def restore(cls, data: Any, rng: random.Random | None = None) -> Table:
        """The table :meth:`snapshot` saved; ValueError for anything else (a damaged save)."""
        try:
            return cls._restore(data, rng)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not a saved table: {error!r}") from None

    @classmethod
    def _restore(cls, data: Any, rng: random.Random | None) -> Table:
        if not isinstance(data, dict) or data.get("version") != SNAPSHOT_VERSION:
            raise ValueError("not a saved table of this version")

        def number(value: Any, least: int = 0) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise ValueError(f"not a count: {value!r}")
            return value

        def player(item: Any) -> Player:
            name, bot = item["name"], item["bot"]
            if not isinstance(name, str) or not name:
                raise ValueError(f"not a name: {name!r}")
            return Player(name, number(item["stack"]),
                          Personality(bot) if bot is not None else None)

        seats = [player(item) if item is not None else None for item in data["seats"]]
        seated = [p for p in seats if p is not None and p.stack > 0]
        schedule = [BlindLevel(number(small), number(big, 1), number(ante), bool(bba))
                    for small, big, ante, bba in data["schedule"]]
        table = cls(seated, mode=Mode(data["mode"]), blinds=schedule,
                    hands_per_level=number(data["hands_per_level"], 1),
                    seat_count=len(seats), rng=rng, button=0,
                    refill_bots=number(data["refill_bots"]))
        table.seats = [Seat(p.name, p.stack, p.personality) if p is not None else None
                       for p in seats]
        table.entrants = tuple(player(item) for item in data["entrants"])
        table.hand_number = number(data["hand_number"])
        positions = data["positions"]
        if positions is not None:
            button, small, big = (number(p) for p in positions)
            if max(button, small, big) >= len(seats):
                raise ValueError("positions off the table")
            table.positions = Positions(button, small, big)
        first = number(data["first_button"])
        if first >= len(seats):
            raise ValueError("the first button is off the table")
        table._first_button = first
        table.places = [(number(place, 1), str(name)) for place, name in data["places"]]
        table.house_chips = number(data["house_chips"])
        return table

    def _require_hand(self) -> Hand:
        if self.hand is None:
            raise ValueError("no hand has been dealt")
        return self.hand
