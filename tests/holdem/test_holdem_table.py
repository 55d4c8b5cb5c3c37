"""The table over many hands: button and blinds, busting, tournament places, cash rebuys."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from holdem_random_play import random_action

from cardtui.holdem.actions import BlindKind, BlindPosted, HandEnded, PotAwarded
from cardtui.holdem.bots import Personality
from cardtui.holdem.button import Positions
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.table import (
    BlindLevel,
    LevelRaised,
    Mode,
    Player,
    PlayerBusted,
    Table,
    TournamentWon,
)

BOARD = "2c7d9h Js 4c"  # pairs nothing below, no straight or flush


def blinds_posted(hand: Hand) -> dict[BlindKind, int]:
    return {r.kind: r.seat for r in hand.records if isinstance(r, BlindPosted)}


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        if hand.can_check():
            hand.check()
        else:
            hand.call()


def test_button_moves_one_seat_left_every_hand() -> None:
    players = [Player(f"P{i}", 1000, Personality.SHARK) for i in range(4)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=random.Random(1), button=0)
    seen = []
    for _ in range(5):
        hand = table.start_hand()
        seen.append(hand.positions)
        check_down(hand)
        table.finish_hand()
    assert [p.button for p in seen] == [0, 1, 2, 3, 0]
    assert [(p.small_blind, p.big_blind) for p in seen][:2] == [(1, 2), (2, 3)]


def test_player_busting_in_the_big_blind_leaves_a_dead_small_blind() -> None:
    # Dead button rule (button.py): the big blind moves on to seat 3, the
    # small blind (seat 2, now empty) is dead, nobody skips or doubles the big blind.
    players = [Player(f"P{i}", 1000 if i != 2 else 10) for i in range(4)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=random.Random(1), button=0)
    # Dealing order from seat 1: seat 1, 2, 3, 0.
    hand = table.start_hand(stacked_deck(["KsKh", "Th6d", "AsAh", "QsQh"], board=BOARD))
    assert hand.actor == 3
    hand.call()  # seat 3 calls the all-in big blind
    hand.fold()  # seat 0
    hand.fold()  # seat 1
    assert hand.is_over
    events = table.finish_hand()
    assert events == [PlayerBusted(2, "P2", None, True)]  # a human may rebuy
    table.leave(2)

    hand = table.start_hand()
    assert hand.positions == Positions(button=1, small_blind=2, big_blind=3)
    assert blinds_posted(hand) == {BlindKind.BIG: 3}
    check_down(hand)
    table.finish_hand()
    hand = table.start_hand()
    assert hand.positions == Positions(button=2, small_blind=3, big_blind=0)
    assert blinds_posted(hand) == {BlindKind.SMALL: 3, BlindKind.BIG: 0}


def test_big_blind_always_moves_to_the_next_player_in_a_bot_tournament() -> None:
    rng = random.Random(4)
    players = [Player(f"Bot {i}", 300, list(Personality)[i % 3]) for i in range(9)]
    table = Table(players, mode=Mode.TOURNAMENT, blinds=[BlindLevel(10, 20), BlindLevel(25, 50)],
                  hands_per_level=10, rng=rng)
    previous: Hand | None = None
    while not table.is_finished:
        hand = table.play_bot_hand()
        if previous is not None:
            seats = hand.players  # clockwise from the button
            after_previous_big_blind = next(
                s for k in range(1, 11)
                if (s := (previous.positions.big_blind + k) % hand.seat_count) in seats
            )
            assert hand.positions.big_blind == after_previous_big_blind
        if len(hand.players) == 2:
            assert blinds_posted(hand)[BlindKind.SMALL] == hand.positions.button
        previous = hand
    assert ranked(place for place, _ in table.places) == 9


def test_heads_up_after_a_bust_the_button_posts_the_small_blind() -> None:
    players = [Player("A", 1000), Player("B", 10), Player("C", 1000)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=random.Random(2), button=0)
    # Seat 1 small blind (10 chips), seat 2 big blind, seat 0 button; deal from seat 1.
    hand = table.start_hand(stacked_deck(["Th6d", "AsAh", "KsKh"], board=BOARD))
    hand.fold()  # seat 0
    hand.all_in()  # seat 1: 5 more, all-in for 10 = a call
    assert not hand.legal_actions().can_raise  # nobody left to raise against
    hand.check()  # seat 2
    assert hand.is_over and hand.stacks[1] == 0
    table.finish_hand()
    table.leave(1)
    hand = table.start_hand()
    assert hand.players == (0, 2) or hand.players == (2, 0)
    assert hand.positions.button == hand.positions.small_blind
    assert blinds_posted(hand)[BlindKind.SMALL] == hand.positions.button
    assert hand.actor == hand.positions.button  # the button acts first before the flop


def test_tournament_blinds_rise_every_n_hands() -> None:
    players = [Player(f"P{i}", 5000) for i in range(3)]
    levels = [BlindLevel(5, 10), BlindLevel(10, 20, 2)]
    table = Table(players, mode=Mode.TOURNAMENT, blinds=levels, hands_per_level=2,
                  rng=random.Random(3), button=0)
    seen, events = [], []
    for _ in range(4):
        hand = table.start_hand()
        seen.append((hand.small_blind, hand.big_blind, hand.ante))
        check_down(hand)
        events += table.finish_hand()
    assert seen == [(5, 10, 0), (5, 10, 0), (10, 20, 2), (10, 20, 2)]
    assert [e for e in events if isinstance(e, LevelRaised)] == [LevelRaised(2, levels[1])]


def ranked(places: Iterable[int]) -> int:
    """How many players ``places`` rank, checking they read as a ranking: 1, 2, 2, 4
    (players out in the same hand with as many chips share a place)."""
    ordered = sorted(places)
    assert all(place in (number, ordered[number - 2] if number > 1 else 1)
               for number, place in enumerate(ordered, start=1)), ordered
    return len(ordered)


def test_players_out_in_the_same_hand_with_as_many_chips_share_a_place() -> None:
    # Were placed 2 and 3 by their seats.
    players = [Player("Big", 1000), Player("Ann", 30), Player("Rex", 30)]
    table = Table(players, mode=Mode.TOURNAMENT, blinds=BlindLevel(5, 10),
                  rng=random.Random(5), button=0)
    hand = table.start_hand(stacked_deck(["Th6d", "8c3d", "AsAh"], board=BOARD))
    hand.raise_to(30)  # seat 0 (button)
    hand.all_in()  # seat 1: all-in for 30, a call
    hand.all_in()  # seat 2: all-in for 30, a call
    assert hand.is_over and hand.stacks == [1060, 0, 0]
    events = table.finish_hand()
    assert table.places == [(1, "Big"), (2, "Ann"), (2, "Rex")]
    assert [e.place for e in events if isinstance(e, PlayerBusted)] == [2, 2]
    assert ranked(place for place, _ in table.places) == 3


def test_tournament_places_players_busted_in_the_same_hand_by_starting_chips() -> None:
    # Busted in the same hand, the player who started with more chips places higher.
    players = [Player("Big", 1000), Player("Short", 30), Player("Shorter", 20)]
    table = Table(players, mode=Mode.TOURNAMENT, blinds=BlindLevel(5, 10),
                  rng=random.Random(5), button=0)
    # Seat 1 small blind, seat 2 big blind, seat 0 (button) acts first; deal from seat 1.
    hand = table.start_hand(stacked_deck(["KhQd", "Th6d", "AsAh"], board=BOARD))
    hand.raise_to(30)  # seat 0
    hand.all_in()  # seat 1: all-in for 30, a call
    hand.all_in()  # seat 2: all-in for 20
    assert hand.is_over and hand.stacks == [1050, 0, 0]
    events = table.finish_hand()
    assert table.places == [(1, "Big"), (2, "Short"), (3, "Shorter")]
    assert events == [
        PlayerBusted(1, "Short", 2, False),
        PlayerBusted(2, "Shorter", 3, False),
        TournamentWon(0, "Big"),
    ]
    assert table.is_finished


def test_cash_game_busted_bot_leaves_busted_human_may_rebuy() -> None:
    players = [Player("Human", 10), Player("Bot", 10, Personality.MANIAC), Player("Rich", 1000)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=random.Random(6), button=2)
    # Seat 0 small blind, seat 1 big blind (all-in), seat 2 button; deal from seat 0.
    hand = table.start_hand(stacked_deck(["KhQd", "Th6d", "AsAh"], board=BOARD))
    hand.call()  # seat 2 calls 10
    hand.all_in()  # seat 0: all-in for 10
    assert hand.is_over and hand.stacks == [0, 0, 1020]
    events = table.finish_hand()
    assert events == [PlayerBusted(0, "Human", None, True), PlayerBusted(1, "Bot", None, False)]
    assert table.seats[1] is None and table.seats[0] is not None
    assert table.is_finished  # one player with chips until the human rebuys
    table.rebuy(0, 200)
    assert table.in_play == [0, 2] and not table.is_finished
    with pytest.raises(ValueError, match="rebuys are for cash games"):
        Table(players, mode=Mode.TOURNAMENT).rebuy(0, 10)


# -- a hand decided at the deal, and dealing after a bust (issue 9, item 1) ----------


def test_a_hand_decided_by_the_blinds_is_over_at_the_deal_with_its_settlement() -> None:
    # Heads-up, the button posts the small blind with its last 5 chips and the
    # big blind covers: nobody has a decision, yet the hand must end and settle.
    players = [Player("Short", 5), Player("Big", 100, Personality.ROCK)]
    table = Table(players, mode=Mode.TOURNAMENT, blinds=BlindLevel(5, 10),
                  rng=random.Random(7), button=0)
    # Dealing order from the big blind (seat 1), then the button.
    hand = table.start_hand(stacked_deck(["AsAh", "8h3d"], board=BOARD))
    assert hand.is_over and hand.actor is None and len(hand.board) == 5
    awards = [r for r in hand.records if isinstance(r, PotAwarded)]
    assert [(a.winners, a.amount) for a in awards] == [((1,), 10)]
    assert hand.records[-1] == HandEnded((0, 105))
    assert table.deal_problem() is not None  # the hand waits to be settled
    assert table.finish_hand() == [PlayerBusted(0, "Short", 2, False), TournamentWon(1, "Big")]
    assert table.is_finished and not table.can_deal
    assert table.deal_problem() == "the game is over: fewer than two players have chips"
    assert table.places == [(1, "Big"), (2, "Short")]


def test_dealing_over_an_unsettled_hand_is_refused_and_loses_nothing() -> None:
    players = [Player("Ann", 5), Player("Bot", 100, Personality.SHARK)]
    table = Table(players, blinds=BlindLevel(5, 10), rng=random.Random(8), button=0)
    hand = table.start_hand(stacked_deck(["AsAh", "8h3d"], board=BOARD))
    assert hand.is_over and hand.stacks == [0, 105]
    # Dealing on used to settle this hand behind the caller's back and drop
    # its events (Ann's bust was never reported), then crash: the game is over.
    with pytest.raises(ValueError, match="not settled"):
        table.start_hand()
    assert table.seats[0].stack == 5 and table.hand_number == 1  # nothing changed
    assert table.finish_hand() == [PlayerBusted(0, "Ann", None, True)]
    # The table's rules take over: a busted human may buy in again, then play on.
    assert table.deal_problem() == "the game is over: fewer than two players have chips"
    table.rebuy(0, 50)
    assert table.can_deal
    hand = table.start_hand()
    assert hand.positions == Positions(button=1, small_blind=1, big_blind=0)


def test_short_stacked_tables_play_to_the_end_by_the_deal_problem() -> None:
    """Tiny stacks make hands decided at the deal common; none of them stalls a table."""
    rng = random.Random(11)
    decided_at_the_deal = 0
    for _ in range(40):
        count = rng.randint(2, 6)
        players = [Player(f"P{i}", rng.choice((3, 5, 8, 12, 30))) for i in range(count)]
        mode = rng.choice(list(Mode))
        table = Table(players, mode=mode, blinds=[BlindLevel(2, 4), BlindLevel(5, 10, 1)],
                      hands_per_level=3, rng=rng)
        total = sum(p.stack for p in players)
        for _ in range(300):
            if not table.can_deal:
                break
            hand = table.start_hand()
            decided_at_the_deal += hand.is_over
            while not hand.is_over:
                hand.act(random_action(hand, rng))
            assert isinstance(hand.records[-1], HandEnded)
            table.finish_hand()
            assert sum(s.stack for s in table.seats if s is not None) == total
        assert table.deal_problem() == "the game is over: fewer than two players have chips"
        if mode is Mode.TOURNAMENT:
            assert ranked(place for place, _ in table.places) == count
    assert decided_at_the_deal > 10
