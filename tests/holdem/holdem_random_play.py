"""Helpers shared by the hold'em engine tests: random tables, random legal play, pokerkit replay."""

from __future__ import annotations

import random

from pokerkit import HandHistory, State
from pokerkit.notation import parse_action

from cardtui.holdem.actions import Action
from cardtui.holdem.hand import Hand

STACK_CHOICES = (1, 2, 3, 5, 8, 15, 20, 37, 50, 100, 200, 1000)


def random_action(hand: Hand, rng: random.Random) -> Action:
    """Any legal action, biased towards calls and all-ins so side pots happen often.

    Every kind the hand allows is on offer, all-in included whenever it is
    legal: a call that takes the whole stack, or a raise to the whole stack
    (often a short all-in that does not reopen the betting).
    """
    legal = hand.legal_actions()
    options = []
    if legal.can_fold:
        options.append(Action.fold())
    if legal.can_check:
        options.append(Action.check())
    if legal.call_amount:
        options += [Action.call()] * 2
    if legal.can_raise:
        options.append(Action.raise_to(legal.min_raise_to))
        options.append(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    if legal.allows(Action.all_in()):
        options += [Action.all_in()] * 2
    return rng.choice(options)


def candidate_actions(hand: Hand, rng: random.Random) -> list[Action]:
    """Legal and illegal actions alike, raise sizes around every boundary."""
    seat = hand.actor
    assert seat is not None
    legal = hand.legal_actions()
    full_raise = hand.current_bet + hand.min_raise_increment
    whole_stack = hand.stacks[seat] + hand.bets[seat]
    sizes = {0, 1, hand.current_bet, full_raise - 1, full_raise, whole_stack - 1, whole_stack,
             whole_stack + 1, legal.min_raise_to - 1, legal.min_raise_to, legal.max_raise_to,
             legal.max_raise_to + 1, rng.randint(0, whole_stack + 5)}
    return [Action.fold(), Action.check(), Action.call(), Action.all_in(),
            *(Action.raise_to(n) for n in sorted(sizes))]


def random_hand(rng: random.Random) -> Hand:
    """A new hand at a random table: 2-10 players, some empty seats, short stacks, antes."""
    players = rng.randint(2, 10)
    seat_count = rng.randint(players, 10)
    stacks: list[int | None] = [None] * seat_count
    for seat in rng.sample(range(seat_count), players):
        stacks[seat] = rng.choice(STACK_CHOICES)
    big = rng.choice((2, 4, 10))
    button = rng.choice([s for s, stack in enumerate(stacks) if stack is not None])
    ante = rng.choice((0, 0, 1, 2))
    return Hand(stacks, button=button, small_blind=big // 2, big_blind=big, ante=ante, rng=rng)


def deal_automatically(state: State, runs: int | None = None) -> None:
    """pokerkit's dealer chores, never a player's decision (so nothing is 'repaired');
    ``runs``: the runouts agreed (a run-it-twice hand's file says how many)."""
    while True:
        if state.can_post_ante():
            state.post_ante()
        elif state.can_collect_bets():
            state.collect_bets()
        elif state.can_post_blind_or_straddle():
            state.post_blind_or_straddle()
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_select_runout_count():
            state.select_runout_count(runs)
        elif state.can_kill_hand():
            state.kill_hand()
        elif state.can_push_chips():
            state.push_chips()
        elif state.can_pull_chips():
            state.pull_chips()
        else:
            return


def replay_strictly(text: str) -> State:
    """Load PHH text in pokerkit and apply every action; any rejected action raises.

    ``HandHistory``'s own iterator silently inserts checks and folds when an
    action does not fit, which would hide a disagreement: this does not.
    """
    history = HandHistory.loads(text)
    state = history.create_state()
    for action in history.actions:
        deal_automatically(state)
        parse_action(state, action)
    deal_automatically(state)
    if state.status:
        raise AssertionError("pokerkit says the hand is not over")
    return state


def random_forced_hand(rng: random.Random) -> Hand:
    """A random table whose hand has straddles, posted and dead blinds, or a big blind ante.

    Dead chips and live every-player antes never mix here (the PHH writer
    writes such a hand's antes all dead; see ``cardtui.holdem.phh.to_phh``).
    """
    hand = random_hand(rng)
    players, positions = hand.players, hand.positions
    others = [s for s in players if s not in (positions.small_blind, positions.big_blind)]
    stacks = list(hand.starting_stacks)
    big = hand.big_blind
    straddles: dict[int, int] = {}
    posted: dict[int, int] = {}
    dead_blinds: dict[int, int] = {}
    # Straddles go round from the big blind's left, each double the last.
    amount = big
    for seat in others[: rng.choice((0, 0, 1, 2))]:
        amount *= 2
        straddles[seat] = amount
    for seat in others[len(straddles):]:
        roll = rng.random()
        if roll < 0.15:
            posted[seat] = big
        elif roll < 0.25:
            dead_blinds[seat] = hand.small_blind or 1
            posted[seat] = big
    dead = bool(dead_blinds) or rng.random() < 0.3
    return Hand(
        stacks, button=hand.button, small_blind=hand.small_blind, big_blind=big,
        ante=0 if dead else hand.ante, big_blind_ante=rng.choice((0, big)) if dead else 0,
        straddles=straddles, posted=posted, dead_blinds=dead_blinds, rng=rng,
        positions=positions,
    )
