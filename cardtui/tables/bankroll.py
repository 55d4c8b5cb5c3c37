"""The profile's kept chips at a local table: buy in on sitting down, cash out on leaving.

A profile (the local player, or one SSH key) keeps a chip balance per game in
the store (:meth:`~cardtui.store.Store.buy_in` and friends), whatever name it
plays under. A local table seats the profile's own player (the seat with the
settings' name) with a buy-in from that balance; hot-seat humans with other
names and the bots keep table-only chips, as before. A shared table's seat
buys in the same way (:mod:`cardtui.tables.shared_bankroll`).

The chips only move through the store, one transaction per change, and a
round's result moves them in the round's own transaction (the table's
:class:`~cardtui.tables.session.Settled` names the ``bankroll_player`` and
the screen passes it to ``record_round``). So a process killed at any moment
leaves the balance and the chips at a table exactly as the saved changes
say; chips a killed sitting left at a table come back on the next sit-down.

Going broke: at the table, ``top_up`` brings the stack back from the balance;
when the balance itself cannot cover the table's minimum, the house rebuys
the balance first (counted in :attr:`~cardtui.store.Bankroll.rebuys`, and the
table is told with a :class:`Seated` whose ``rebought`` is set).

>>> from cardtui.store import Game, Outcome, SeatResult, Store
>>> store = Store(":memory:")
>>> chips = TableBankroll(store, Game.BLACKJACK, "Ann")
>>> chips.sit_down(wanted=300, low=10)
Seated(chips=300, balance=700, rebought=0, rebuys=0, returned=0)
>>> chips.seated
True
>>> _ = store.record_round(Game.BLACKJACK, [SeatResult("Ann", 20, 20, Outcome.WIN)],
...                        bankroll_player="Ann")
>>> left = chips.leave()
>>> left.balance, left.at_table
(1020, 0)
>>> chips.player = "Annie"  # renamed: the same balance
>>> chips.sit_down(wanted=300, low=10).balance
720
>>> left = chips.leave()
>>> left.balance, left.at_table
(1020, 0)
>>> _ = store.close()
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cardtui.games import Game
from cardtui.i18n import _, chip_count, ngettext, number
from cardtui.store import (
    START_BALANCE,
    Bankroll,
    BankrollChange,
    BankrollKind,
    BankrollUnknown,
    SeatResult,
    Store,
)


@dataclass(frozen=True)
class Seated:
    """What a sit-down (or a top-up when broke) did: the table gives the seat ``chips``."""

    chips: int
    #: The balance left off the table after the buy-in.
    balance: int
    #: Chips the house gave in a rebuy just now (0: none was needed).
    rebought: int = 0
    #: The house's rebuys for this player and game so far, this one included.
    rebuys: int = 0
    #: Chips an earlier sitting left at this table (a game closed or killed before it
    #: stood up) that came back to the balance before this buy-in.
    returned: int = 0

    def note(self, player: str, game: Game) -> str | None:
        """The table's line about chips that came back and a house rebuy (None: neither).

        >>> print(Seated(300, 1_040, returned=340).note("Ann", Game.HOLDEM))
        340 chips Ann left at this table, when cardtui last closed without standing up, came back to the balance first.
        """  # noqa: E501 - the line as the table shows it
        said = []
        if self.returned:
            said.append(_("{chips} {player} left at this table, when cardtui last closed "
                          "without standing up, came back to the balance first.").format(
                              chips=chip_count(self.returned), player=player))
        if self.rebought:
            times = ngettext("once", "{n} times", self.rebuys).format(n=number(self.rebuys))
            said.append(_("{player} was broke: the house rebuys {chips} ({game} rebuys: "
                          "{times}).").format(player=player, chips=chip_count(self.rebought),
                                              game=game.shown, times=times))
        return " ".join(said) or None


def buy_in(store: Store, game: Game, wanted: int, low: int, session_id: str, *,
           player: str, place: str) -> Seated:
    """Buy in ``wanted`` chips (at least ``low``) from the balance to ``place``.

    A balance below ``low`` is rebought by the house (counted) first; a
    balance below ``wanted`` buys in what it has. ValueError when the house
    cannot rebuy (chips are still at another table): the balance is not broke;
    :class:`~cardtui.store.BankrollUnknown` when the balance could not be read.
    """
    if low <= 0 or wanted < low:
        raise ValueError(f"a buy-in of {wanted:,} with a table minimum of {low:,}")
    now = store.bankroll(game)
    if not now.known:
        raise BankrollUnknown(game)
    rebought = 0
    if now.balance < low:
        if now.at_table > 0:
            # Read in the player's language (this runs in their game, never in the room).
            raise ValueError(_("your balance has {balance}, below this table's {low}, and "
                               "{elsewhere} are at another table").format(
                                   balance=chip_count(now.balance), low=number(low),
                                   elsewhere=number(now.at_table)))
        before = now.balance
        now = store.rebuy(game, session_id, amount=max(START_BALANCE, low), player=player)
        rebought = now.balance - before
    amount = min(wanted, now.balance)
    now = store.buy_in(game, amount, session_id, player=player, place=place)
    return Seated(amount, now.balance, rebought, now.rebuys)


class TableBankroll:
    """The profile's kept chips at one local table, its seat playing as ``player``.

    The table keeps the stack it plays with; this keeps the ledger in step:
    ``sit_down`` before the first deal, ``top_up`` when the stack is below
    the table's minimum, the round results through ``Settled.bankroll_player``,
    and ``leave`` when the player stands up.
    """

    def __init__(self, store: Store, game: Game, player: str, session_id: str = "") -> None:
        self.store = store
        self.game = Game(game)
        self.player = player
        self.session_id = session_id
        #: This game process's place for local tables' chips: another process of the
        #: profile (a second terminal or SSH session) plays its own.
        self.place = store.local_place
        self._seated = False

    @property
    def seated(self) -> bool:
        """True from a buy-in until the cash-out: results are the bankroll's then.

        False as soon as another sitting at the same place of this process
        (a second screen of the table) bought in: the chips are its now.
        """
        return self._seated and self.store.holds(self.game, self.place, self)

    @seated.setter
    def seated(self, seated: bool) -> None:
        self._seated = seated
        if not seated:
            self.store.let_go(self.game, self.place, self)

    def sit_down(self, wanted: int, low: int) -> Seated:
        """Buy in ``wanted`` chips (at least ``low``, the table's minimum) from the balance.

        Chips an earlier sitting left at a table (a killed process, a table
        left mid-hand) come back to the balance first. A balance below
        ``low`` is rebought by the house (counted) before the buy-in; a
        balance below ``wanted`` buys in what it has.
        """
        if low <= 0 or wanted < low:
            raise ValueError(f"a buy-in of {wanted:,} with a table minimum of {low:,}")
        # Chips a game process that has ended left at its tables (killed, or closed
        # while seated) come back, and the player is told (Seated.note); another
        # process's, still playing, stay where they are.
        left = 0
        for place, chips in self.store.left_behind(self.game).items():
            self.store.cash_out(self.game, self.session_id, player=self.player, place=place)
            left += chips
        self.store.cash_out(self.game, self.session_id, player=self.player, place=self.place)
        seated = buy_in(self.store, self.game, wanted, low, self.session_id,
                        player=self.player, place=self.place)
        self.store.hold(self.game, self.place, self)
        self.seated = True
        return dataclasses.replace(seated, returned=left) if left > 0 else seated

    def top_up(self, wanted: int, low: int) -> Seated:
        """A stack below the table's minimum: it goes back to the balance, and a new buy-in comes.

        The same as standing up and sitting down again (so a broke balance
        gets the house's counted rebuy): the seat's chips become ``chips``.
        """
        return self.sit_down(wanted, low)

    def leave(self) -> Bankroll:
        """Stand up: every chip at the table goes back to the balance (the bankroll after).

        The ledger's figure (buy-ins plus recorded results) goes back, not
        the table's: a result that was never recorded never moves chips.
        A sitting whose place another sitting has taken since (a second screen
        of the table) cashes out nothing: those chips are the other's.
        """
        mine = self.seated
        self.seated = False
        if not mine:
            return self.store.bankroll(self.game)
        return self.store.cash_out(self.game, self.session_id, player=self.player,
                                   place=self.place)

    def bankroll(self) -> Bankroll:
        return self.store.bankroll(self.game)


class SeatChips:
    """The profile's seat at one local table (either game) and its kept chips.

    What a table session needs, in the table's words: ``sit_down`` when a
    screen joins between hands (the stack to give the seat, or None when it
    is already seated), ``stand_up`` when the screen leaves between hands,
    ``top_up`` for a broke stack, and ``bankroll_player`` for a settled hand's
    :class:`~cardtui.tables.session.Settled`. Coming back to the same table
    brings the stack the player stood up with, when the balance has it.

    >>> from cardtui.store import Store
    >>> store = Store(":memory:")
    >>> chips = SeatChips.find(TableBankroll(store, Game.HOLDEM, "Ann"), ["Bot", "Ann"],
    ...                        [True, False])
    >>> chips.seat, chips.sit_down(default=200, low=2).chips
    (1, 200)
    >>> chips.stand_up(stack=260).balance, chips.sit_down(default=200, low=2).chips
    (1000, 260)
    >>> _ = store.close()
    """

    def __init__(self, bankroll: TableBankroll, seat: int) -> None:
        self.bankroll = bankroll
        self.seat = seat
        self._left_with = 0
        #: Why the kept chips could not pay the last buy-in, in the table's words:
        #: the seat then plays table chips, as a hot-seat player does.
        self.refused: str | None = None
        #: The last buy-in was refused because the balance could not be read: the
        #: seat gets no chips at all (nothing is staked on a guess) until ``b``
        #: tries again (:class:`~cardtui.store.BankrollUnknown`).
        self.unknown = False

    @classmethod
    def find(cls, bankroll: TableBankroll, names: list[str], bots: list[bool]) -> SeatChips | None:
        """The profile's seat among these (None: no human seat of that name, or two)."""
        seat = profile_seat(names, bots, bankroll.player)
        return None if seat is None else cls(bankroll, seat)

    @property
    def seated(self) -> bool:
        return self.bankroll.seated

    def sit_down(self, default: int, low: int) -> Seated | None:
        """Buy in (``default`` chips, or the stack this seat stood up with); None if seated."""
        if self.bankroll.seated:
            return None
        wanted = self._left_with if self._left_with >= low else default
        return self._paid(lambda: self.bankroll.sit_down(max(wanted, low), low))

    def stand_up(self, stack: int) -> Bankroll:
        """The seat's ``stack`` (the table's count) goes back to the balance with the player."""
        self._left_with = stack
        return self.bankroll.leave()

    def top_up(self, default: int, low: int) -> Seated | None:
        """A new buy-in for a stack below ``low``; None: table chips (see ``refused``)."""
        return self._paid(lambda: self.bankroll.top_up(max(default, low), low))

    def _paid(self, buy: Callable[[], Seated]) -> Seated | None:
        """A buy-in the balance may refuse: below the table's minimum while other chips
        of the same profile sit at another table (a second session, a shared table)."""
        self.refused, self.unknown = None, False
        try:
            return buy()
        except ValueError as refusal:
            self.bankroll.seated = False  # its results are the table's, not the balance's
            if isinstance(refusal, BankrollUnknown):
                self.unknown = True
                self.refused = _("Your {game} balance cannot be read yet (another program is "
                                 "holding the scoreboard): nothing is staked on it; b tries "
                                 "again.").format(game=refusal.game.shown)
            else:
                said = str(refusal)
                self.refused = _("{why}: this seat plays table chips.").format(
                    why=f"{said[:1].upper()}{said[1:]}")
            return None

    @property
    def bankroll_place(self) -> str:
        """Where the kept chips of this seat are (a settled hand's ``bankroll_place``)."""
        return self.bankroll.place

    def bankroll_player(self, rows: Iterable[SeatResult]) -> str | None:
        """The profile's name when its kept chips were in this hand (its result moves them)."""
        player = self.bankroll.player
        if not self.bankroll.seated or not any(r.player == player for r in rows):
            return None
        return player


def profile_seat(names: list[str], bots: list[bool], player: str) -> int | None:
    """The seat of the profile's own player: the one human seat with its name, else None.

    Two seats with the same name cannot tell their results apart, so neither
    plays the kept bankroll.

    >>> profile_seat(["Ann", "Bot 1"], [False, True], "Ann")
    0
    >>> profile_seat(["Bob", "Cy"], [False, False], "Ann") is None
    True
    >>> profile_seat(["Ann", "Ann"], [False, False], "Ann") is None
    True
    """
    if names.count(player) != 1:
        return None
    seat = names.index(player)
    return None if bots[seat] else seat


def chips_over_time(changes: list[BankrollChange]) -> list[int]:
    """The profile's chips (the balance and any at a table) from the start, one figure per move.

    Buy-ins and cash-outs move chips between the balance and a table and are
    left out; each recorded result, each house rebuy and each name's starting
    chips carried into the one balance (schema 6) is a point.

    >>> from cardtui.store import BankrollKind as Kind
    >>> def change(kind, bank, stake):
    ...     return BankrollChange("Ann", Game.BLACKJACK, kind, bank, stake)
    >>> chips_over_time([change(Kind.BUY_IN, -300, 300), change(Kind.RESULT, 0, 50),
    ...                  change(Kind.RESULT, 0, -350), change(Kind.CASH_OUT, 0, 0),
    ...                  change(Kind.REBUY, 300, 0)])
    [1000, 1050, 700, 1000]
    """
    total, points = START_BALANCE, [START_BALANCE]
    for change in changes:
        if change.kind in (BankrollKind.RESULT, BankrollKind.REBUY, BankrollKind.START):
            total += change.bank + change.stake
            points.append(total)
    return points
