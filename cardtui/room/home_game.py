"""Home-game options at a shared hold'em table: what the room asks and collects.

The table's options (:class:`~cardtui.room.config.HoldemOptions`) turn them on;
the engine (:class:`~cardtui.holdem.hand.Hand`) plays them and checks every
answer. The room's part:

- **straddle**: a player chooses ahead ("straddle" 1) to post a live straddle
  of two big blinds whenever the seat under the gun (left of the big blind)
  is theirs, with three or more dealt in; "straddle" 0 stops. Bots do not.
- **bomb pot**: every ``bomb_pot_every`` hands, or when every player to be
  dealt in voted for one ("bomb_pot" 1): everyone antes ``bomb_pot_ante``, no
  blinds, and the hand starts at the flop. Blinds posted to come in or owed
  are not asked in a bomb pot (everyone pays the same ante).
- **run it twice**: when the engine offers it, each player in the pot is
  asked (:class:`~cardtui.wire.protocol.HomeGameAsk` "runs"); bots say twice;
  a seat that is away, sitting out, or silent until ``choice_clock`` runs out
  says once. Twice only when all say twice (the engine decides).
- **show or muck**: the winner of a pot nobody contested is asked whether to
  show (a connected player only; bots and absent players muck); silence mucks.
- **rabbit hunt**: when the hand ended before the river, the cards that would
  have come are turned up for every screen, marked as not part of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtui.i18n import N_
from cardtui.room.blinds import DealPlan
from cardtui.room.config import HoldemOptions
from cardtui.room.connection import Connection
from cardtui.room.shared import Refused, SeatedPlayer, engine_refusal
from cardtui.wire.house_rules import HOUSE_RULES, listed
from cardtui.wire.house_rules import house_rules as house_rules_said
from cardtui.wire.protocol import HOME_GAME_CHOICES, HomeGameAsk, Notice

if TYPE_CHECKING:
    from cardtui.room.holdem_table import HoldemTable

__all__ = ["HomeGame", "choose", "hand_options", "house_rules", "options_on",
           "tell_house_rules", "waits"]


@dataclass
class HomeGame:
    """A table's home-game state between and during hands."""

    #: Profiles that straddle whenever they are under the gun.
    straddlers: set[str] = field(default_factory=set)
    #: Profiles voting for a bomb pot next hand.
    bomb_votes: set[str] = field(default_factory=set)
    #: The hand whose winner was asked to show (asked once).
    show_asked: int = 0


def house_rules(options: HoldemOptions) -> str:
    """What a player sitting down is told of the table's home-game options ("": none),
    in English (each game words the options in its player's language).

    A bomb pot by vote needs every player dealt in, so any table takes votes.

    >>> print(house_rules(HoldemOptions(straddle=True, bomb_pot_every=10)))
    ... # doctest: +NORMALIZE_WHITESPACE
    House rules: straddles (x or /straddle: post one whenever under the gun); a bomb
    pot every 10 hands (/bomb: vote for one).
    >>> house_rules(HoldemOptions())
    ''
    """
    return house_rules_said(options_on(options))


def options_on(options: HoldemOptions) -> tuple[str, ...]:
    """The home-game options a table plays, by name (its lobby line carries them); a bomb
    pot every N hands is ``bomb_pot/N`` (the lobby's list shows "bomb/N").

    >>> options_on(HoldemOptions(straddle=True, bomb_pot_every=5))
    ('straddle', 'bomb_pot/5')
    """
    on = {"straddle": options.straddle, "run_it_twice": options.run_it_twice,
          f"bomb_pot/{options.bomb_pot_every}": bool(options.bomb_pot_every),
          "winner_may_show": options.winner_may_show, "rabbit_hunt": options.rabbit_hunt}
    return tuple(name for name, played in on.items() if played)


def tell_house_rules(table: HoldemTable, conn: Connection) -> None:
    """A player who sits down reads the table's home-game options, and what to type."""
    rules = house_rules(table.options)
    if rules:
        # The options by name beside the English: the game words them (wire/house_rules.py).
        names = options_on(table.options)
        conn.send(Notice(table.id, rules, key=HOUSE_RULES,
                         args={"rules": listed(names), "options": " ".join(names)}))


def hand_options(table: HoldemTable, plan: DealPlan) -> dict[str, Any]:
    """The next hand's home-game arguments for :class:`~cardtui.holdem.hand.Hand`
    (they may replace the plan's posted and dead blinds)."""
    options, home = table.options, table.home
    extra: dict[str, Any] = {"run_it_twice": options.run_it_twice}
    number = table.hand_number + 1
    voters = {p.member.profile for s, p in table.players() if s in plan.dealt}
    voted = bool(voters) and voters <= home.bomb_votes
    if (options.bomb_pot_every and number % options.bomb_pot_every == 0) or voted:
        home.bomb_votes.clear()
        table.notice(N_("Bomb pot: everyone antes {ante} and the hand starts at the flop."),
                     ante=options.bomb_pot_ante)
        return {**extra, "bomb_pot": True, "ante": options.bomb_pot_ante, "posted": None,
                "dead_blinds": None}
    if options.straddle and len(plan.dealt) >= 3:
        dealt = set(plan.dealt)
        seats = table.seat_count
        big = plan.positions.big_blind
        under_the_gun = next(s for s in ((big + step) % seats for step in range(1, seats + 1))
                             if s in dealt)
        occupant = table.seats[under_the_gun]
        if (isinstance(occupant, SeatedPlayer) and occupant.member.profile in home.straddlers
                and under_the_gun not in plan.posted and under_the_gun not in plan.dead
                and not occupant.acts_alone):
            extra["straddles"] = {under_the_gun: 2 * options.big_blind}
    return extra


def waits(table: HoldemTable) -> bool:
    """Called where the table would prompt the next actor: True while it waits for a
    home-game answer (the answer, or its clock running out, prompts again)."""
    hand = table.hand
    assert hand is not None
    if hand.runs_pending and _ask_runs(table):
        return True
    if not hand.is_over:
        return False
    if _ask_show(table):
        return True
    if table.options.rabbit_hunt and hand.rabbit_problem() is None and len(hand.live) == 1:
        table._send_records([hand.rabbit_hunt()])
    return False


def choose(table: HoldemTable, conn: Connection, number: int, kind: str, value: int) -> None:
    """A player's choice (:class:`~cardtui.wire.protocol.HomeGameChoice`), checked as
    if the client were hostile: Refused says why it changes nothing."""
    if kind not in HOME_GAME_CHOICES:
        raise Refused(N_("no such home-game choice: {kind}"), kind=repr(kind[:20]))
    if value not in (0, 1, 2):
        raise Refused(N_("a home-game choice is 0, 1 or 2"))
    seat, player = table.player_of(conn)
    profile, home, options = player.member.profile, table.home, table.options
    if kind == "straddle":
        if not options.straddle:
            raise Refused(N_("this table plays no straddles"))
        if bool(value) != (profile in home.straddlers):
            (home.straddlers.add if value else home.straddlers.discard)(profile)
            table.notice(N_("{name} straddles when under the gun.") if value
                         else N_("{name} stops straddling."), name=player.name)
        return
    if kind == "bomb_pot":
        if bool(value) == (profile in home.bomb_votes):
            return
        (home.bomb_votes.add if value else home.bomb_votes.discard)(profile)
        votes = sum(1 for _, p in table.players() if p.member.profile in home.bomb_votes)
        seated = sum(1 for _ in table.players())
        if value:
            table.notice(N_("{name} votes for a bomb pot ({votes} of {seated})."),
                         name=player.name, votes=votes, seated=seated)
        else:
            table.notice(N_("{name} takes back their bomb pot vote."), name=player.name)
        return
    hand = table.hand
    if hand is None or number != table.hand_number:
        raise Refused(N_("that hand is not in play"))
    if kind == "runs":
        problem = hand.runs_problem(seat, value)
        if problem is not None:
            raise engine_refusal(problem)
        _answer_runs(table, seat, value)
        if not hand.runs_pending:
            table.clock.stop()
            table._prompt()
        return
    if home.show_asked != number or not table.clock.running:
        raise Refused(N_("you are not asked to show"))
    if value:
        problem = hand.show_problem(seat)
        if problem is not None:
            raise engine_refusal(problem)
        table._send_records([hand.show_winning_hand(seat)])
    table.clock.stop()
    table._prompt()


def _answer_runs(table: HoldemTable, seat: int, runs: int) -> None:
    hand = table.hand
    assert hand is not None
    start = len(hand.records)
    hand.choose_runs(seat, runs)
    table._send_records(hand.records[start:])


def _ask_runs(table: HoldemTable) -> bool:
    """Bots and seats that cannot answer answer now; the rest are asked (True) with the
    choice clock on; when it runs out, whoever is silent runs it once."""
    hand = table.hand
    assert hand is not None
    for seat in hand.runs_pending:
        occupant = table.seats[seat]
        if not isinstance(occupant, SeatedPlayer):
            _answer_runs(table, seat, 2)
        elif occupant.conn is None or occupant.acts_alone:
            _answer_runs(table, seat, 1)
    if not hand.runs_pending:
        return False
    number = table.hand_number

    def silent_run_once() -> None:
        current = table.hand
        if current is None or table.hand_number != number or table.paused_by:
            return
        for seat in current.runs_pending:
            _answer_runs(table, seat, 1)
        table._prompt()

    deadline = table.clock.start(table.options.choice_clock, silent_run_once)
    for seat in hand.runs_pending:
        occupant = table.seats[seat]
        if isinstance(occupant, SeatedPlayer) and occupant.conn is not None:
            occupant.conn.send(HomeGameAsk(table.id, number, "runs", deadline))
    table.notice(N_("All in: the players in the pot choose whether to run it twice."))
    return True


def _ask_show(table: HoldemTable) -> bool:
    """The uncontested winner, connected and playing, is asked to show (True), once."""
    hand, home = table.hand, table.home
    assert hand is not None
    number = table.hand_number
    if not table.options.winner_may_show or home.show_asked == number:
        return False
    live = hand.live
    if len(live) != 1 or hand.show_problem(live[0]) is not None:
        return False
    occupant = table.seats[live[0]]
    if not isinstance(occupant, SeatedPlayer) or occupant.conn is None or occupant.acts_alone:
        return False
    home.show_asked = number

    def muck() -> None:
        if table.hand is not None and table.hand_number == number and not table.paused_by:
            table._prompt()

    deadline = table.clock.start(table.options.choice_clock, muck)
    occupant.conn.send(HomeGameAsk(table.id, number, "show", deadline))
    return True
