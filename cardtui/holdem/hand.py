"""One hand of no-limit Texas hold'em as an explicit state machine.

See :class:`Hand`. Rules are cited by number from the Poker TDA Rules (2024,
version 1.0: https://www.pokertda.com/poker-tda-rules/) and by section from
Robert's Rules of Poker (RRoP, Bob Ciaffone: https://www.pokercoach.us/), whose
section 14 holds the no-limit betting rules.

Reading a hand (everything is indexed by seat, clockwise):

- ``street`` (:class:`Street`), ``actor`` (seat to act, None between
  decisions or when over), ``is_over``;
- ``stacks``, ``bets`` (this street), ``current_bet``, ``call_amount``,
  ``pot_total``, ``pots`` (collected pots: amount and eligible seats);
- ``board``, ``hole[seat]``, ``folded``, ``live``, ``positions`` (button,
  small blind, big blind), ``players`` (seats dealt in, from the button's left);
- legality, decided in one place: ``problem(action)`` says why an action is
  illegal (None when legal); ``can(action)``, ``can_fold()``, ``can_check()``,
  ``can_raise_to(n)``, ``legal_actions()`` (:class:`LegalActions`, a
  snapshot for buttons and bots), ``min_raise_to`` and ``max_raise_to`` all
  read it, as pokerkit's ``can_*`` read its ``verify_*``;
- ``records``: every event so far, in order (the UI animates them).

Forced bets beyond the blinds (antes, a big blind ante, straddles, blinds
posted out of turn, dead blinds) are parameters of the hand; see
:mod:`cardtui.holdem.forced` for each and the order they go in.

Acting: ``fold()``, ``check()``, ``call()``, ``raise_to(n)``, ``all_in()``,
or ``act(Action)``, which returns every record the action caused (the
dealer's work that followed included). Each first asks ``problem``: an
illegal action raises ``ValueError`` with its plain message and changes
nothing. A hand can be over as soon as it is dealt, when the blinds and
antes leave nobody a decision; its records then already end with the pots
pushed and :class:`HandEnded`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from cardtui.cards import Card, Deck, parse_cards
from cardtui.holdem.actions import (
    Action,
    ActionKind,
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindKind,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    RabbitHunted,
    Record,
    RunsChosen,
    Street,
    UncalledBetReturned,
)
from cardtui.holdem.button import Positions, first_positions
from cardtui.holdem.evaluator import HandRank, evaluate
from cardtui.holdem.forced import Forced, ForcedBet, opener_seat, posting_order
from cardtui.holdem.legal import HandView, LegalActions
from cardtui.holdem.pots import Pot, build_pots, pots_covered, split_pot
from cardtui.i18n import N_
from cardtui.i18n.said import Said

_R = TypeVar("_R", Folded, Checked, Called, BetOrRaised)

_BLIND_KINDS = {Forced.SMALL_BLIND: BlindKind.SMALL, Forced.BIG_BLIND: BlindKind.BIG,
                Forced.STRADDLE: BlindKind.STRADDLE, Forced.POSTED: BlindKind.BIG}


class Hand:
    """One hand of no-limit hold'em, from the blinds to the last pot pushed.

    Seats are numbered clockwise; ``stacks[i]`` is seat ``i``'s stack (None
    for an empty seat). Creating the hand posts the antes and blinds and deals
    the hole cards; then the actor acts until the hand is over. A stacked deck
    (see :func:`stacked_deck`) makes the deal known:

    >>> deck = stacked_deck(["AsKs", "7h7d", "9c8c"], board="Jc3d5c 4h Qs")
    >>> hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, deck=deck)
    >>> hand.actor, hand.legal_actions().min_raise_to, hand.call_amount
    (2, 4, 2)
    >>> hand.raise_to(6)
    BetOrRaised(seat=2, to=6, amount=6, is_bet=False, all_in=False, full=True)
    >>> hand.call(), hand.fold()
    (Called(seat=0, amount=5, all_in=False), Folded(seat=1))
    >>> hand.street, [str(c) for c in hand.board], hand.pot_total
    (<Street.FLOP: 1>, ['Jc', '3d', '5c'], 14)
    >>> hand.check(), hand.check()
    (Checked(seat=0), Checked(seat=2))
    >>> hand.raise_to(1)
    Traceback (most recent call last):
    ...
    ValueError: bet 1 is below the minimum bet 2
    >>> hand.raise_to(10)
    BetOrRaised(seat=0, to=10, amount=10, is_bet=True, all_in=False, full=True)
    >>> hand.call()
    Called(seat=2, amount=10, all_in=False)
    >>> hand.check(), hand.check()
    (Checked(seat=0), Checked(seat=2))
    >>> hand.is_over, hand.stacks
    (True, [218, 198, 184])
    >>> award = [r for r in hand.records if isinstance(r, PotAwarded)][0]
    >>> award.winners, award.amount, [str(c) for c in award.best_five[0]]
    ((0,), 34, ['As', 'Ks', 'Qs', 'Jc', '5c'])
    """

    def __init__(
        self,
        stacks: Sequence[int | None],
        *,
        button: int,
        small_blind: int,
        big_blind: int,
        ante: int | Mapping[int, int] = 0,
        rng: random.Random | None = None,
        deck: Deck | None = None,
        positions: Positions | None = None,
        names: Sequence[str] | None = None,
        dead_antes: bool = False,
        big_blind_ante: int = 0,
        straddles: Mapping[int, int] | None = None,
        posted: Mapping[int, int] | None = None,
        dead_blinds: Mapping[int, int] | None = None,
        min_bet: int | None = None,
        showdown: Mapping[int, bool] | None = None,
        unknown_cards: Mapping[int, Sequence[int]] | None = None,
        bomb_pot: bool = False,
        run_it_twice: bool = False,
    ) -> None:
        """Post the forced bets and deal (see :mod:`cardtui.holdem.forced` for each kind).

        ``ante`` is every player's ante, or seat -> ante; ``dead_antes`` makes
        them dead money (never trimmed); ``big_blind_ante`` is one ante for
        the table from the big blind; ``straddles``, ``posted`` (live blinds
        out of turn: a new player posts ``{seat: big_blind}`` to be dealt in
        at once) and ``dead_blinds`` map seat -> chips. ``min_bet`` is the
        smallest bet (default: the big blind). ``showdown`` replays a hand
        history: seat -> True shows at the showdown, False mucks; seats not in
        it show only a hand that can still win. ``unknown_cards`` (a history
        too: seat -> indexes of hole cards it never gives) makes those cards
        count for nothing at the showdown: a hand shown face down (PHH
        ``sm ????``) is ranked on its known cards and the board, as pokerkit
        ranks it, not on the stand-ins dealt in their place.

        Home-game options: ``bomb_pot`` makes everyone post ``ante`` (live,
        the same for all) and no blinds, and the hand starts at the flop with
        no betting before it. ``run_it_twice`` offers the players of an
        all-in pot, once the betting is over with board cards to come, to
        run the rest of the board twice (:meth:`choose_runs`); the hand waits
        for every answer (:attr:`runs_pending`).
        """
        minimum = big_blind if min_bet is None else min_bet
        if big_blind < 1 or small_blind < 0 or minimum < 1:
            raise ValueError(Said(N_("the big blind and the minimum bet must be positive, the "
                                     "small blind not negative")))
        if isinstance(ante, int) and ante < 0:
            raise ValueError(Said(N_("the ante cannot be negative")))
        if any(s is not None and s <= 0 for s in stacks):
            raise ValueError(Said(N_("every seated player needs chips: busted players leave the "
                                     "table")))
        if bomb_pot and (not isinstance(ante, int) or ante < 1 or straddles or posted
                         or dead_blinds or big_blind_ante or dead_antes):
            raise ValueError(Said(N_("a bomb pot is an equal live ante from everyone and nothing "
                                     "else")))
        seated = [i for i, s in enumerate(stacks) if s is not None]
        if not 2 <= len(seated) <= 10:
            raise ValueError(Said(N_("hold'em needs 2 to 10 players, not {count}"),
                                  count=len(seated)))
        self.seat_count = len(stacks)
        self.positions = positions or first_positions(seated, button, self.seat_count)
        self.button = self.positions.button
        self.small_blind, self.big_blind, self.ante = small_blind, big_blind, ante
        self.min_bet = minimum
        #: Who shows (True) or mucks (False) at the showdown, when a history says.
        self.showdown_decisions: dict[int, bool] = dict(showdown or {})
        self.unknown_cards: dict[int, frozenset[int]] = {
            seat: frozenset(indexes) for seat, indexes in (unknown_cards or {}).items()}
        self.starting_stacks: tuple[int | None, ...] = tuple(stacks)
        #: Player names by seat (for hand histories), when the table gave them.
        self.names: tuple[str, ...] | None = tuple(names) if names is not None else None
        #: Seated players clockwise from the first seat left of the button:
        #: the dealing order, the odd-chip order and PHH's p1..pN order.
        self.players: tuple[int, ...] = tuple(
            s for s in self._clockwise_from(self.button) if stacks[s] is not None
        )
        self.stacks: list[int] = [s or 0 for s in stacks]
        self.bets: list[int] = [0] * self.seat_count
        #: Everything each seat has put in this hand, current bets included.
        self.contributed: list[int] = [0] * self.seat_count
        self.hole: dict[int, tuple[Card, Card]] = {}
        self.board: list[Card] = []
        #: The boards of the runs after the first, when the board is run twice.
        self._more_boards: list[list[Card]] = []
        self.bomb_pot = bomb_pot
        self.run_it_twice = run_it_twice
        #: Players asked whether to run the board twice (empty until asked).
        self.runs_offered_to: tuple[int, ...] = ()
        self._run_votes: dict[int, int] = {}
        self.rabbit: tuple[Card, ...] | None = None
        self.folded: set[int] = set()
        self.shown: set[int] = set()
        self.street = Street.PREFLOP
        self.actor: int | None = None
        self.current_bet = 0
        self.min_raise_increment = minimum
        self.raises = 0
        self.last_aggressor: int | None = None
        self._acted: dict[int, int] = {}
        self.records: list[Record] = []
        #: Dead chips (dead antes and blinds, the big blind ante): in the main
        #: pot, no part of anybody's contribution.
        self.dead_money = 0
        #: The pots as the table last showed them (the last :class:`BetsCollected`):
        #: an award names the pots it pushes by these.
        self._shown_pots: tuple[Pot, ...] = ()
        self._antes_trimmed = False
        small = self.positions.small_blind
        #: Every forced bet, in posting order.
        self.forced: tuple[ForcedBet, ...] = tuple(posting_order(
            self.players,
            # A bomb pot has no blinds: the big blind's place is kept (for the
            # order of play) with nothing posted.
            small_blind=(small, small_blind) if small in self.players and not bomb_pot else None,
            big_blind=(self.positions.big_blind, 0 if bomb_pot else big_blind),
            ante=ante, dead_antes=dead_antes, big_blind_ante=big_blind_ante,
            straddles=straddles, posted=posted, dead_blinds=dead_blinds,
        ))
        if deck is None:
            if rng is None:
                raise ValueError("give the hand a random.Random to shuffle with (or a deck)")
            deck = Deck()
            deck.shuffle(rng)
        self.deck = deck
        self._start()

    # --- queries ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.street is Street.COMPLETE

    @property
    def live(self) -> list[int]:
        """Seats still in the hand (not folded or mucked), clockwise from the button."""
        return [s for s in self.players if s not in self.folded]

    @property
    def pot_total(self) -> int:
        """All chips in the middle, this street's bets and dead money included."""
        return sum(self.contributed) + self.dead_money

    @property
    def pots(self) -> list[Pot]:
        """The collected pots (main first), without this street's bets."""
        collected = [c - b for c, b in zip(self.contributed, self.bets, strict=True)]
        return self._build_pots(collected)

    def _build_pots(self, contributions: Sequence[int]) -> list[Pot]:
        """Pots from ``contributions``, the dead money in the main pot."""
        pots = build_pots(contributions, set(self.live), self.players)
        if not self.dead_money:
            return pots
        # Every live hand can win the dead money, even one all-in by dead
        # chips alone (pokerkit's pots agree).
        everyone = tuple(self.live)
        if pots and pots[0].eligible == everyone:
            return [Pot(pots[0].amount + self.dead_money, everyone), *pots[1:]]
        return [Pot(self.dead_money, everyone), *pots]

    @property
    def call_amount(self) -> int:
        """Chips the actor needs to call (capped by the stack); 0 when nobody acts."""
        if self.actor is None:
            return 0
        return min(self.current_bet - self.bets[self.actor], self.stacks[self.actor])

    @property
    def min_raise_to(self) -> int:
        return self.legal_actions().min_raise_to if self.actor is not None else 0

    @property
    def max_raise_to(self) -> int:
        return self.legal_actions().max_raise_to if self.actor is not None else 0

    # --- legality: one rule book ----------------------------------------------

    def problem(self, action: Action) -> str | None:
        """Why ``action`` is illegal for the actor now, or None when it is legal.

        The only place hold'em legality is decided (pokerkit's ``verify_*``):
        :meth:`can`, :meth:`legal_actions` and every operation read it, so
        what the table offers and what it accepts cannot disagree.
        """
        if self.actor is None:
            return Said(N_("the hand is over")) if self.is_over else Said(N_("nobody is to act"))
        seat = self.actor
        owed = self.current_bet - self.bets[seat]
        match action.kind:
            case ActionKind.FOLD:
                # TDA Rule 58 makes a fold facing no bet binding but non-standard;
                # the table offers the check instead.
                return None if owed > 0 else Said(
                    N_("seat {seat} can check: there is no bet to fold to"), seat=seat)
            case ActionKind.CHECK:
                return None if owed == 0 else Said(N_("seat {seat} cannot check: {owed} to call"),
                                                   seat=seat, owed=owed)
            case ActionKind.CALL:
                return None if owed > 0 else Said(
                    N_("seat {seat} has nothing to call: check instead"), seat=seat)
            case ActionKind.RAISE_TO:
                return self._raise_problem(seat, action.amount)
            case ActionKind.ALL_IN:
                # All-in is a raise to the whole stack when raising is open, or
                # a call when the call takes every chip; nothing else.
                if self._raise_limits(seat) is not None or self.stacks[seat] <= owed:
                    return None
                return self._why_no_raise(seat)
        raise AssertionError(action)

    def can(self, action: Action) -> bool:
        return self.problem(action) is None

    def can_fold(self) -> bool:
        return self.can(Action.fold())

    def can_check(self) -> bool:
        return self.can(Action.check())

    def can_raise_to(self, amount: int) -> bool:
        return self.can(Action.raise_to(amount))

    def legal_actions(self) -> LegalActions:
        """Every answer of :meth:`problem` for the actor, as one snapshot."""
        seat = self._require_actor()
        limits = self._raise_limits(seat)
        owed = min(self.current_bet - self.bets[seat], self.stacks[seat])
        return LegalActions(
            seat=seat,
            can_fold=self.can(Action.fold()),
            can_check=self.can(Action.check()),
            call_amount=owed if self.can(Action.call()) else 0,
            can_raise=limits is not None,
            min_raise_to=limits[0] if limits else 0,
            max_raise_to=limits[1] if limits else 0,
            is_bet=self.current_bet == 0,
            can_all_in=self.can(Action.all_in()),
        )

    def _verify(self, action: Action) -> int:
        """The actor's seat, once ``action`` is known to be legal (else ValueError)."""
        problem = self.problem(action)
        if problem is not None:
            raise ValueError(problem)
        assert self.actor is not None
        return self.actor

    def _raise_limits(self, seat: int) -> tuple[int, int] | None:
        """The smallest and largest legal "raise to" totals, or None while raising is closed."""
        if self.stacks[seat] <= self.current_bet - self.bets[seat]:
            return None
        # TDA Rule 47-A / RRoP section 14 rules 3 and 5: a player who already
        # acted may raise again only when facing at least a full raise since;
        # short all-ins that add up to a full raise reopen the betting.
        if seat in self._acted and self.current_bet - self._acted[seat] < self.min_raise_increment:
            return None
        # Raising is pointless when nobody else could put in more than a call.
        if not any(
            s != seat and self.stacks[s] + self.bets[s] > self.current_bet for s in self.live
        ):
            return None
        most = self.stacks[seat] + self.bets[seat]
        # TDA Rule 43-A / RRoP section 14 rules 2 and 4: a bet is at least the
        # big blind and a raise adds at least the largest full bet or raise of
        # this round; less is allowed only all-in.
        return min(self.current_bet + self.min_raise_increment, most), most

    def _raise_problem(self, seat: int, amount: int) -> str | None:
        limits = self._raise_limits(seat)
        if limits is None:
            return self._why_no_raise(seat)
        least, most = limits
        is_bet = self.current_bet == 0
        if amount > most:
            return Said(N_("bet {amount} is more than seat {seat} has ({most})") if is_bet else
                        N_("raise to {amount} is more than seat {seat} has ({most})"),
                        amount=amount, seat=seat, most=most)
        if amount < least:
            return Said(N_("bet {amount} is below the minimum bet {least}") if is_bet else
                        N_("raise to {amount} is below the minimum raise to {least}"),
                        amount=amount, least=least)
        return None

    def view(self, seat: int) -> HandView:
        """What ``seat`` sees when it is their turn (the input of a bot)."""
        if seat != self.actor:
            raise ValueError(f"it is not seat {seat}'s turn")
        live = self.live
        order = self._clockwise_from(seat)
        behind = [s for s in order if s in live and self._needs_action(s)]
        return HandView(
            seat=seat,
            hole=self.hole[seat],
            board=tuple(self.board),
            street=self.street,
            legal=self.legal_actions(),
            pot=self.pot_total,
            current_bet=self.current_bet,
            bet=self.bets[seat],
            big_blind=self.big_blind,
            stack=self.stacks[seat],
            opponents=len(live) - 1,
            active_opponents=sum(1 for s in live if s != seat and self.stacks[s] > 0),
            players_behind=len(behind),
            raises=self.raises,
        )

    # --- player actions -----------------------------------------------------

    def act(self, action: Action) -> list[Record]:
        """Apply ``action`` for the actor; return every record it caused.

        That is the action's own record followed by whatever the dealer did
        next (bets collected, board dealt, showdown, pots pushed).
        """
        self._verify(action)
        start = len(self.records)
        match action.kind:
            case ActionKind.FOLD:
                self.fold()
            case ActionKind.CHECK:
                self.check()
            case ActionKind.CALL:
                self.call()
            case ActionKind.RAISE_TO:
                self.raise_to(action.amount)
            case ActionKind.ALL_IN:
                self.all_in()
        return self.records[start:]

    def fold(self) -> Folded:
        seat = self._verify(Action.fold())
        self.folded.add(seat)
        return self._acted_with(Folded(seat))

    def check(self) -> Checked:
        seat = self._verify(Action.check())
        return self._acted_with(Checked(seat))

    def call(self) -> Called:
        seat = self._verify(Action.call())
        amount = min(self.current_bet - self.bets[seat], self.stacks[seat])
        self._put(seat, amount)
        return self._acted_with(Called(seat, amount, self.stacks[seat] == 0))

    def raise_to(self, amount: int) -> BetOrRaised:
        """Bet (first bet of the street) or raise so the actor's total bet is ``amount``."""
        seat = self._verify(Action.raise_to(amount))
        is_bet = self.current_bet == 0
        increment = amount - self.current_bet
        put = amount - self.bets[seat]
        self._put(seat, put)
        # TDA Rule 47-A / RRoP section 14 rule 3: only a full bet or raise sets
        # the new minimum and reopens the betting; a short all-in does not.
        full = increment >= self.min_raise_increment
        if full:
            self.min_raise_increment = increment
        self.current_bet = amount
        self.raises += 1
        self.last_aggressor = seat
        record = BetOrRaised(seat, amount, put, is_bet, self.stacks[seat] == 0, full)
        return self._acted_with(record)

    def all_in(self) -> Called | BetOrRaised:
        """Put the whole stack in: a raise when raising is open, else a call."""
        seat = self._verify(Action.all_in())
        limits = self._raise_limits(seat)
        if limits is not None:
            return self.raise_to(limits[1])
        return self.call()

    # --- the dealer ---------------------------------------------------------

    def _start(self) -> None:
        kinds: dict[int, Forced] = {}
        for forced in self.forced:
            seat, kind = forced.seat, forced.kind
            # A short stack posts what it has and is all-in (RRoP section 4).
            amount = min(forced.amount, self.stacks[seat])
            if kind is Forced.BIG_BLIND_ANTE or kind.is_bet:
                # Antes and dead blinds went in before: trim the live antes
                # once, before the first blind.
                self._trim_antes()
            if kind.is_bet:
                kinds[seat] = kind
            if not amount:
                continue
            all_in = self.stacks[seat] == amount
            if kind.is_dead:
                self.stacks[seat] -= amount
                self.dead_money += amount
            else:
                self._put(seat, amount, bet=kind.is_bet)
            match kind:
                case Forced.ANTE | Forced.DEAD_ANTE | Forced.BIG_BLIND_ANTE:
                    self.records.append(AntePosted(seat, amount, all_in))
                case Forced.DEAD_BLIND:
                    self.records.append(DeadBlindPosted(seat, amount, all_in))
                case _:
                    self.records.append(BlindPosted(seat, _BLIND_KINDS[kind], amount, all_in))
        # A blind posted all-in for less plays as posted: the bet to call is
        # the largest blind actually in (pokerkit and online rooms; live rooms
        # often make callers match the full big blind). The minimum raise is
        # still a full big blind on top (RRoP section 4, rule 1; TDA Rule 43,
        # Addendum example 2), after a straddle too: the straddle is the bet
        # to call and the big blind is the raise on top (pokerkit agrees; many
        # live rooms ask for a full straddle more).
        self.current_bet = max(self.bets)
        cards: dict[int, list[Card]] = {s: [] for s in self.players}
        for _ in range(2):
            for seat in self.players:
                cards[seat].append(self.deck.deal())
        for seat in self.players:
            first, second = cards[seat]
            self.hole[seat] = (first, second)
            self.records.append(HoleCardsDealt(seat, (first, second)))
        if self.bomb_pot:
            # No betting before the flop: the antes are the pot and the hand
            # starts at the flop, first to act left of the button.
            self._end_round()
            return
        bets = {s: self.bets[s] for s in kinds}
        self._begin_round(after=opener_seat(bets, self.players, kinds))

    def _trim_antes(self) -> None:
        """Live antes above what anybody else could match go back (pokerkit's ante trimming)."""
        if self._antes_trimmed:
            return
        self._antes_trimmed = True
        antes = sorted((self.contributed[s], s) for s in self.players)
        (top, seat), (second, _) = antes[-1], antes[-2]
        if top > second:
            self.stacks[seat] += top - second
            self.contributed[seat] = second
            self.records.append(UncalledBetReturned(seat, top - second))

    def _begin_round(self, after: int) -> None:
        self._acted.clear()
        self.raises = 0
        self.last_aggressor = None
        live = self.live
        # A player whose bet already covers every chip any opponent could
        # still put in has nothing to decide: nobody can bet against them
        # (pokerkit skips them too; this ends the round at once when everyone
        # else is all-in).
        reach = sorted(self.stacks[s] + self.bets[s] for s in live)[-2]
        for seat in live:
            if self.stacks[seat] > 0 and self.bets[seat] >= reach:
                self._acted[seat] = self.current_bet
        self.actor = self._next_to_act(after)
        if self.actor is None:
            self._end_round()

    def _next_to_act(self, after: int) -> int | None:
        for seat in self._clockwise_from(after):
            if seat in self.players and seat not in self.folded and self._needs_action(seat):
                return seat
        return None

    def _needs_action(self, seat: int) -> bool:
        if self.stacks[seat] == 0:
            return False
        return seat not in self._acted or self.bets[seat] < self.current_bet

    def _why_no_raise(self, seat: int) -> str:
        if self.stacks[seat] <= self.current_bet - self.bets[seat]:
            return Said(N_("seat {seat} can only call all-in or fold"), seat=seat)
        if seat in self._acted and self.current_bet - self._acted[seat] < self.min_raise_increment:
            return Said(N_("seat {seat} already acted and faces less than a full raise: call or "
                           "fold (a short all-in does not reopen the betting)"), seat=seat)
        return Said(N_("nobody left can call a raise: every other player is all-in or folded"))

    def _acted_with(self, record: _R) -> _R:
        seat = self._require_actor()
        self._acted[seat] = self.current_bet
        self.records.append(record)
        self.actor = None
        if len(self.live) == 1:
            self._end_round()
            return record
        nxt = self._next_to_act(seat)
        if nxt is None:
            self._end_round()
        else:
            self.actor = nxt
        return record

    def _end_round(self) -> None:
        self.actor = None
        self._return_uncalled()
        pots = tuple(self._build_pots(self.contributed))
        if any(self.bets) or (self.bomb_pot and self.street is Street.PREFLOP):
            self.records.append(BetsCollected(self.street, pots))
            self._shown_pots = pots
        self.bets = [0] * self.seat_count
        self.current_bet = 0
        self.min_raise_increment = self.min_bet
        live = self.live
        if len(live) == 1:
            self._award()
            return
        if self.street is Street.RIVER:
            self._showdown()
            return
        if sum(1 for s in live if self.stacks[s] > 0) <= 1:
            # TDA Rule 16: once someone is all-in and the betting is over, all
            # hands are turned up before the rest of the board is dealt.
            for seat in self._showdown_order():
                self._show_or_muck(seat, self.showdown_decisions.get(seat, True))
            if self.run_it_twice and self.street < Street.RIVER and len(self.live) > 1:
                # Everyone still in the pot answers before a card is dealt.
                self.runs_offered_to = tuple(self.live)
                return
            self._run_out(1)
            return
        self._deal_street()
        self._begin_round(after=self.button)

    # --- run it twice -------------------------------------------------------

    @property
    def runs_pending(self) -> tuple[int, ...]:
        """Players still to answer the offer to run the board twice (the hand waits)."""
        return tuple(s for s in self.runs_offered_to if s not in self._run_votes)

    @property
    def boards(self) -> list[list[Card]]:
        """Every run's board, the first being :attr:`board` (two when run twice)."""
        return [self.board, *self._more_boards]

    @property
    def runs(self) -> int:
        """How many times the board was run (1 unless run twice)."""
        return 1 + len(self._more_boards)

    def runs_problem(self, seat: int, runs: int) -> str | None:
        """Why ``seat`` cannot answer ``runs`` now, or None (a :class:`Said`: the room
        sends its template and pieces, each player reads it in their language)."""
        if seat not in self.runs_pending:
            return Said(N_("seat {seat} is not asked how many times to run the board"),
                        seat=seat)
        if runs not in (1, 2):
            return Said(N_("the board runs once or twice, not {runs} times"), runs=runs)
        return None

    def choose_runs(self, seat: int, runs: int) -> RunsChosen:
        """``seat`` answers the offer: 1 (once) or 2 (twice); the last answer deals."""
        problem = self.runs_problem(seat, runs)
        if problem is not None:
            raise ValueError(problem)
        self._run_votes[seat] = runs
        record = RunsChosen(seat, runs)
        self.records.append(record)
        if not self.runs_pending:
            # Twice only when every player in the pot agreed.
            self._run_out(2 if all(v == 2 for v in self._run_votes.values()) else 1)
        return record

    def _run_out(self, runs: int) -> None:
        """Deal the rest of the board ``runs`` times, each run whole before the next
        (pokerkit deals its runouts so), then the showdown."""
        street, shared = self.street, list(self.board)
        while self.street < Street.RIVER:
            self._deal_street()
        for run in range(1, runs):
            board, dealt = list(shared), street
            while dealt < Street.RIVER:
                dealt = dealt.next
                cards = tuple(self.deck.deal() for _ in range(dealt.board_size - len(board)))
                board.extend(cards)
                self.records.append(BoardDealt(dealt, cards, run))
            self._more_boards.append(board)
        self._showdown()

    # --- after the hand: show a winning hand, the rabbit hunt -----------------

    def show_problem(self, seat: int) -> str | None:
        """Why ``seat`` cannot show its hand after the hand now, or None.

        Only the winner of a pot nobody contested may: at a showdown the
        hands are tabled or mucked by the rules (TDA Rules 16-17).
        """
        if not self.is_over:
            return Said(N_("the hand is not over"))
        live = self.live
        if len(live) != 1 or seat != live[0]:
            return Said(N_("seat {seat} did not win the pot uncontested"), seat=seat)
        if seat in self.shown:
            return Said(N_("seat {seat} has shown already"), seat=seat)
        return None

    def show_winning_hand(self, seat: int) -> HandShown:
        """The uncontested winner shows (a home-game courtesy; nothing changes hands)."""
        problem = self.show_problem(seat)
        if problem is not None:
            raise ValueError(problem)
        return self._show(seat)

    def rabbit_problem(self) -> str | None:
        """Why the rabbit cannot be hunted now, or None."""
        if not self.is_over:
            return Said(N_("the hand is not over"))
        if self.rabbit is not None:
            return Said(N_("the rabbit was hunted already"))
        if len(self.board) >= Street.RIVER.board_size:
            return Said(N_("the whole board is out"))
        return None

    def rabbit_hunt(self) -> RabbitHunted:
        """The board cards that would have come: the next cards of the deck, shown, not dealt."""
        problem = self.rabbit_problem()
        if problem is not None:
            raise ValueError(problem)
        cards = tuple(self.deck.cards[: Street.RIVER.board_size - len(self.board)])
        self.rabbit = cards
        record = RabbitHunted(cards)
        self.records.append(record)
        return record

    def _return_uncalled(self) -> None:
        # The uncalled part of a bet goes back to the bettor; it is not a pot
        # (TDA Rules 15-B and 65-A: "the uncalled amount will be returned").
        ranked = sorted(((self.bets[s], s) for s in self.players), reverse=True)
        (top, seat), (second, _) = ranked[0], ranked[1]
        if top > second:
            excess = top - second
            self.bets[seat] -= excess
            self.contributed[seat] -= excess
            self.stacks[seat] += excess
            self.records.append(UncalledBetReturned(seat, excess))

    def _deal_street(self) -> BoardDealt:
        self.street = self.street.next
        count = self.street.board_size - len(self.board)
        cards = tuple(self.deck.deal() for _ in range(count))
        self.board.extend(cards)
        record = BoardDealt(self.street, cards)
        self.records.append(record)
        return record

    def _showdown_order(self) -> list[int]:
        """TDA Rule 17-A: the last aggressor of the final betting round shows
        first, else the first player left of the button; then clockwise."""
        start = self.last_aggressor if self.last_aggressor in self.live else None
        order = self._clockwise_from(start - 1) if start is not None else self.players
        live = self.live
        return [s for s in order if s in live]

    def _rank(self, seat: int, run: int = 0) -> HandRank:
        unknown = self.unknown_cards.get(seat, frozenset())
        known = [card for i, card in enumerate(self.hole[seat]) if i not in unknown]
        return evaluate([*known, *self.boards[run]])

    def _show(self, seat: int) -> HandShown:
        description = self._rank(seat).description if len(self.board) >= 3 else ""
        self.shown.add(seat)
        record = HandShown(seat, self.hole[seat], description)
        self.records.append(record)
        return record

    def _muck(self, seat: int) -> HandMucked:
        self.folded.add(seat)
        record = HandMucked(seat)
        self.records.append(record)
        return record

    def _showdown(self) -> None:
        self.street = Street.SHOWDOWN
        self.actor = None
        pots = self._build_pots(self.contributed)
        ranks = {s: self._rank(s) for s in self.live}
        for seat in self._showdown_order():
            if seat in self.shown:
                continue
            # A hand beaten in every pot it can win is mucked unseen (TDA Rule
            # 17-B lets a player discard without tabling); anything that can
            # still win or tie is shown. This is pokerkit's showdown, which our
            # hand histories must replay; TDA Rule 16 would table the losing
            # hands too when someone was all-in. Only what is seen differs.
            beaten = all(
                any(o in self.shown and ranks[o] > ranks[seat] for o in pot.eligible)
                for pot in pots
                if seat in pot.eligible
            )
            self._show_or_muck(seat, self.showdown_decisions.get(seat, not beaten))
        live = self.live
        # A hand everybody else conceded wins unseen, like a bet nobody calls.
        self._award(showdown=len(live) > 1 or live[0] in self.shown)

    def _show_or_muck(self, seat: int, show: bool) -> None:
        """Table the hand or give it up; the last hand left is never mucked: it wins."""
        if show:
            self._show(seat)
        elif len(self.live) > 1:
            self._muck(seat)

    def _award(self, *, showdown: bool = False) -> None:
        if showdown:
            self._kill_losing_hands()
        pots = self._build_pots(self.contributed)
        covered = pots_covered(self._shown_pots, pots)
        runs = self.runs if showdown else 1
        for index, pot in enumerate(pots):
            if not pot.eligible:
                raise AssertionError(f"pot {index} has nobody left to win it")
            # Run twice, each pot is halved and each run's half awarded on its
            # own board. The odd chip of the halving goes to the first run:
            # pokerkit (State._begin_chips_pushing) gives it to the first
            # board, and our histories must replay to its stacks; rooms that
            # run it twice do the same ("odd chip to the first run").
            half, odd = divmod(pot.amount, runs)
            for run in range(runs):
                amount = half + (odd if run == 0 else 0)
                if showdown:
                    ranks = {s: self._rank(s, run) for s in pot.eligible}
                    best = max(ranks.values())
                    winners = tuple(s for s in pot.eligible if ranks[s] == best)
                    description = best.description
                    best_five = tuple(ranks[s].best_five for s in winners)
                else:
                    winners, description, best_five = pot.eligible, "", ()
                shares = split_pot(amount, winners)
                for seat, share in zip(winners, shares, strict=True):
                    self.stacks[seat] += share
                first, count = covered[index]
                self.records.append(PotAwarded(first, amount, winners, shares, description,
                                               best_five, count, run))
        self.contributed = [0] * self.seat_count
        self.dead_money = 0
        self.street = Street.COMPLETE
        self.actor = None
        self.records.append(HandEnded(self.final_stacks))

    def _kill_losing_hands(self) -> None:
        """The dealer kills every hand that wins no pot before pushing chips.

        Pots are then formed among the hands still live, so a main and a side
        pot contested by the same winners are one pot and split once. This is
        pokerkit's hand killing, which our hand histories must replay to the
        same stacks; it only changes where an odd chip goes.
        """
        pots = self._build_pots(self.contributed)
        ranks = [{s: self._rank(s, run) for s in self.live} for run in range(self.runs)]
        for seat in self.live:
            # Run twice, a hand that wins on either board stays (pokerkit's can_win_now).
            wins = any(
                rank[seat] >= max(rank[o] for o in pot.eligible)
                for rank in ranks
                for pot in pots
                if seat in pot.eligible
            )
            if not wins:
                self.folded.add(seat)

    @property
    def final_stacks(self) -> tuple[int | None, ...]:
        """Every seat's stack (None for an empty seat); final once the hand is over."""
        return tuple(
            self.stacks[s] if self.starting_stacks[s] is not None else None
            for s in range(self.seat_count)
        )

    # --- helpers ------------------------------------------------------------

    def _put(self, seat: int, amount: int, *, bet: bool = True) -> None:
        if amount > self.stacks[seat]:
            raise AssertionError(f"seat {seat} cannot put in {amount}")
        self.stacks[seat] -= amount
        self.contributed[seat] += amount
        if bet:
            self.bets[seat] += amount

    def _require_actor(self) -> int:
        if self.actor is None:
            raise ValueError(Said(N_("the hand is over")) if self.is_over
                             else Said(N_("nobody is to act")))
        return self.actor

    def _clockwise_from(self, seat: int) -> list[int]:
        """Every seat index after ``seat``, clockwise, ending with ``seat`` itself."""
        return [(seat + step) % self.seat_count for step in range(1, self.seat_count + 1)]


def stacked_deck(holes: Sequence[str | Iterable[Card]], board: str | Iterable[Card] = "") -> Deck:
    """A deck that deals ``holes`` and then ``board``.

    ``holes`` are in dealing order: the first seat left of the button first.

    Hole cards go out one at a time, round the table twice, as a dealer deals
    them; the rest of the deck follows in new-deck order.

    >>> deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c")
    >>> [str(c) for c in deck.cards[:7]]
    ['As', '7h', 'Ks', '7d', 'Jc', '3d', '5c']
    """
    hands = [_cards(h) for h in holes]
    top = [hand[i] for i in range(2) for hand in hands]
    top += _cards(board)
    if len(set(top)) != len(top):
        raise ValueError("a stacked deck cannot hold the same card twice")
    taken = set(top)  # once: built per card, it was a fifth of reading a PHH hand
    return Deck(top + [c for c in Deck().cards if c not in taken])


def _cards(cards: str | Iterable[Card]) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards("".join(cards.split())) if cards.strip() else []
    return list(cards)
