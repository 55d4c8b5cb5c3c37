"""Who is dealt in at a shared hold'em table, and what they post (cardtui.room.blinds)."""

from __future__ import annotations

from cardtui.holdem.button import Positions
from cardtui.room.blinds import plan_deal

BLINDS = {"big_blind": 10, "small_blind": 5}


def test_a_new_player_waits_for_the_big_blind_unless_the_table_takes_posts() -> None:
    # Button 0, blinds 1 and 2 last hand; seat 4 sat down: the big blind goes to 3 next.
    previous = Positions(0, 1, 2)
    waits = plan_deal(ready=[0, 1, 2, 3, 4], previous=previous, seat_count=6, newcomers={4},
                      **BLINDS)
    assert waits is not None and waits.dealt == (0, 1, 2, 3) and waits.posted == {}
    posts = plan_deal(ready=[0, 1, 2, 3, 4], previous=previous, seat_count=6, newcomers={4},
                      post_to_play=True, **BLINDS)
    assert posts is not None and posts.dealt == (0, 1, 2, 3, 4) and posts.posted == {4: 10}
    assert posts.positions == Positions(1, 2, 3)  # a posted blind moves nothing


def test_nobody_is_dealt_in_on_the_button_or_between_it_and_the_small_blind() -> None:
    # Last hand: button 0, blinds 2 and 4 (seats 1 and 3 were empty). Next: button 2,
    # small blind 4; a newcomer in seat 2 (the button) or 3 (between) must wait.
    previous = Positions(0, 2, 4)
    plan = plan_deal(ready=[0, 2, 3, 4, 5], previous=previous, seat_count=6, newcomers={3},
                     post_to_play=True, **BLINDS)
    assert plan is not None and 3 not in plan.dealt and plan.posted == {}
    assert plan.positions == Positions(2, 4, 5)


def test_the_big_blind_in_turn_settles_a_new_player() -> None:
    plan = plan_deal(ready=[0, 1, 2, 3], previous=Positions(0, 1, 2), seat_count=4,
                     newcomers={3}, **BLINDS)
    assert plan is not None and plan.dealt == (0, 1, 2, 3) and plan.positions.big_blind == 3
    assert plan.posted == {}


def test_a_player_sitting_out_is_not_dealt_in_and_misses_the_blinds_that_pass_them() -> None:
    # Seat 2 sits out. Next hand the big blind would be theirs: it passes to 3.
    plan = plan_deal(ready=[0, 1, 2, 3], previous=Positions(3, 0, 1), seat_count=4,
                     sitting_out={2}, **BLINDS)
    assert plan is not None and plan.dealt == (0, 1, 3)
    assert plan.positions.big_blind == 3
    assert (plan.missed_big, plan.missed_small) == ({2}, {2})  # both went by
    # A sitting-out seat in the small blind's place misses that too.
    plan = plan_deal(ready=[0, 1, 2, 3], previous=Positions(1, 2, 3), seat_count=4,
                     sitting_out={3}, **BLINDS)
    assert plan is not None and 3 not in plan.dealt
    assert (plan.missed_big, plan.missed_small) == (set(), {3})


def test_coming_back_a_player_posts_the_big_blind_live_and_the_small_blind_dead() -> None:
    # Seat 1 missed both; they are back. Next hand's blinds: 3 and 0, button 2.
    previous = Positions(1, 2, 3)
    plan = plan_deal(ready=[0, 1, 2, 3], previous=previous, seat_count=4,
                     owes_big={1}, owes_small={1}, post_to_play=True, **BLINDS)
    assert plan is not None and 1 in plan.dealt
    assert (plan.posted, plan.dead) == ({1: 10}, {1: 5})
    # A missed small blind alone is posted dead; a table that takes no posts waits instead.
    only_small = plan_deal(ready=[0, 1, 2, 3], previous=previous, seat_count=4,
                           owes_small={1}, post_to_play=True, **BLINDS)
    assert only_small is not None and (only_small.posted, only_small.dead) == ({}, {1: 5})
    waits = plan_deal(ready=[0, 1, 2, 3], previous=previous, seat_count=4,
                      owes_big={1}, owes_small={1}, **BLINDS)
    assert waits is not None and 1 not in waits.dealt


def test_too_few_players_to_wait_deals_everybody_in() -> None:
    plan = plan_deal(ready=[0, 3], previous=Positions(0, 1, 2), seat_count=4, newcomers={3},
                     **BLINDS)
    assert plan is not None and plan.dealt == (0, 3) and plan.posted == {}
    assert plan_deal(ready=[0, 3], previous=None, seat_count=4, sitting_out={3},
                     **BLINDS) is None
