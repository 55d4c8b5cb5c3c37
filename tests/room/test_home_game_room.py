"""Home-game options at a shared hold'em table, over the room's protocol on virtual
time: run it twice (every player in the pot asked), straddles, bomb pots, showing
a hand that won uncontested, the rabbit hunt. Chips are conserved in each."""

from __future__ import annotations

from collections.abc import Callable

from cardtui.clock import FakeClock
from cardtui.holdem.actions import ActionKind
from cardtui.holdem.forced import Forced
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.room.config import HoldemOptions
from cardtui.room.holdem_table import HoldemTable
from cardtui.wire.protocol import (
    CreateHoldem,
    Error,
    HoldemAction,
    HomeGameAsk,
    HomeGameChoice,
    Message,
    Notice,
    Records,
    YourTurnHoldem,
)
from tests.room.support import FakeClient
from tests.room.test_holdem_room import member, sit
from tests.room.virtual_time import pass_time, until_now_due

Handler = Callable[[FakeClient, Message], None]


def chips(table: HoldemTable) -> int:
    return sum(o.stack for o in table.seats if o is not None)


def plays(move: str = "call", runs: int | None = 2, show: int | None = None) -> Handler:
    """A fake game that shoves ("all_in"), folds ("fold") or checks and calls at each
    turn, and answers the table's questions (None: stays silent)."""

    def act(client: FakeClient, message: Message) -> None:
        if isinstance(message, YourTurnHoldem):
            legal = message.legal
            if move == "all_in" and legal.can_all_in:
                kind = ActionKind.ALL_IN
            elif move == "fold" and legal.can_fold:
                kind = ActionKind.FOLD
            else:
                kind = ActionKind.CHECK if legal.can_check else ActionKind.CALL
            client.send(HoldemAction(message.table, kind))
        elif isinstance(message, HomeGameAsk):
            answer = runs if message.kind == "runs" else show
            if answer is not None:
                client.send(HomeGameChoice(message.table, message.hand, message.kind, answer))

    return act


async def table_of(make_room, clock: FakeClock, names: tuple[str, ...],  # type: ignore[no-untyped-def]
                   handlers: tuple[Handler, ...], deck: str = "", board: str = "",
                   **options: object) -> tuple[HoldemTable, list[FakeClient]]:
    values: dict[str, object] = dict(seats=len(names), bots_fill=False,
                                     min_humans=len(names), action_clock=30,
                                     between_hands=600, time_bank=0, seed=1)
    values.update(options)
    room = make_room(HoldemOptions(**values), clock=clock)  # type: ignore[arg-type]
    table = room.tables["t1"]
    if deck:
        table.next_deck = stacked_deck(deck.split(), board=board)
    clients = [await FakeClient.join(room, member(n)) for n in names]
    for client, handler in zip(clients, handlers, strict=True):
        client.on_message = handler
    for seat, client in enumerate(clients):
        await sit(client, "t1", seat)
    return table, clients


def record_types(client: FakeClient) -> list[str]:
    return [r["type"] for m in client.of(Records) for r in m.records]


async def test_run_it_twice_when_everyone_in_the_pot_agrees(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, (ann, bob) = await table_of(
        make_room, clock, ("Ann", "Bob"), (plays("all_in"), plays("all_in")),
        deck="AsKs 7h7d", board="Jc3d5c 4h Qs 2c3c4c Td Ac", run_it_twice=True)
    await until_now_due(clock, lambda: table.last_hand is not None)
    await pass_time(clock, 0, ann, bob)
    hand = table.last_hand
    assert hand is not None and hand.runs == 2
    assert [m.kind for m in ann.of(HomeGameAsk)] == [m.kind for m in bob.of(HomeGameAsk)] == [
        "runs"]
    seen = [r for m in bob.of(Records) for r in m.records if r["type"] == "holdem.BoardDealt"]
    assert [r["run"] for r in seen] == [0, 0, 0, 1, 1, 1]
    assert record_types(ann).count("holdem.RunsChosen") == 2
    assert "_runs = 2" in to_phh(hand)
    assert chips(table) == 2000


async def test_a_silent_player_runs_it_once(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, (ann, bob) = await table_of(
        make_room, clock, ("Ann", "Bob"), (plays("all_in"), plays("all_in", runs=None)),
        deck="AsKs 7h7d", board="Jc3d5c 4h Qs", run_it_twice=True, choice_clock=8)
    await until_now_due(clock, lambda: table.hand is not None
                        and table.hand.runs_pending == (1,))
    await pass_time(clock, 0, ann, bob)
    hand = table.hand
    assert hand is not None and hand.runs_pending and not hand.is_over  # Bob is silent
    # A player not asked, or a hand not in play, is refused and changes nothing.
    ann.send(HomeGameChoice("t1", table.hand_number, "runs", 2))
    await pass_time(clock, 0, ann, bob)
    assert any(isinstance(m, Error) for m in ann.messages)
    await pass_time(clock, 8, ann, bob)
    assert table.last_hand is hand and hand.runs == 1
    assert chips(table) == 2000


async def test_the_player_under_the_gun_straddles_by_choice(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, clients = await table_of(make_room, clock, ("Ann", "Bob", "Cy"),
                                    (plays(), plays(), plays()), straddle=True)
    # Sitting down, each is told the table's home-game options and what to type.
    told = "House rules: straddles (x or /straddle"
    assert all(any(m.text.startswith(told) for m in c.of(Notice)) for c in clients)
    assert table.info().home_game == ("straddle",)  # the lobby line carries them
    for client in clients:
        client.send(HomeGameChoice("t1", 0, "straddle", 1))
    await pass_time(clock, 0, *clients)
    # Straddling waits for the next hand: the first one is dealt as they sat down.
    await until_now_due(clock, lambda: table.hand_number == 1 and table.hand is None)
    await pass_time(clock, 600, *clients)
    await until_now_due(clock, lambda: table.hand_number == 2 and table.hand is None)
    hand = table.last_hand
    assert hand is not None
    straddle = [f for f in hand.forced if f.kind is Forced.STRADDLE]
    assert len(straddle) == 1 and straddle[0].amount == 2 * table.options.big_blind
    posted = [r.get("kind") for m in clients[0].of(Records) for r in m.records
              if r["type"] == "holdem.BlindPosted"]
    assert "straddle" in posted  # every screen sees it posted
    assert "blinds_or_straddles = [5, 10, 20]" in to_phh(hand)
    assert chips(table) == 3000


async def test_no_straddle_choice_at_a_table_without_straddles(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, (ann, bob) = await table_of(make_room, clock, ("Ann", "Bob"), (plays(), plays()))
    ann.send(HomeGameChoice("t1", 0, "straddle", 1))
    await pass_time(clock, 0, ann, bob)
    assert any(isinstance(m, Error) and "no straddles" in m.message for m in ann.messages)
    assert not table.home.straddlers


async def test_bomb_pots_every_few_hands_and_by_vote(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, (ann, bob) = await table_of(make_room, clock, ("Ann", "Bob"), (plays(), plays()),
                                       bomb_pot_every=2, bomb_pot_ante=30)
    await until_now_due(clock, lambda: table.hand_number == 1 and table.hand is None)
    assert table.last_hand is not None and not table.last_hand.bomb_pot
    await pass_time(clock, 600, ann, bob)
    await until_now_due(clock, lambda: table.hand_number == 2 and table.hand is None)
    bomb = table.last_hand
    assert bomb is not None and bomb.bomb_pot
    assert any("Bomb pot: everyone antes 30" in m.text for m in ann.of(Notice))
    assert "antes = [30, 30]" in to_phh(bomb) and "blinds_or_straddles = [0, 0]" in to_phh(bomb)
    # Hand 3 is not due one; both vote and it is.
    ann.send(HomeGameChoice("t1", 0, "bomb_pot", 1))
    bob.send(HomeGameChoice("t1", 0, "bomb_pot", 1))
    await pass_time(clock, 600, ann, bob)
    await until_now_due(clock, lambda: table.hand_number == 3 and table.hand is None)
    assert table.last_hand is not None and table.last_hand.bomb_pot
    assert any("Bob votes for a bomb pot (2 of 2)" in m.text for m in ann.of(Notice))
    assert not table.home.bomb_votes
    assert chips(table) == 2000


async def test_the_uncontested_winner_is_asked_to_show(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    # Seat 1 is the button: heads-up it acts first before the flop, and folds.
    table, (ann, bob) = await table_of(
        make_room, clock, ("Ann", "Bob"), (plays("fold", show=1), plays("fold", show=1)),
        deck="AsKs 7h7d", board="Jc3d5c 4h Qs", winner_may_show=True)
    await until_now_due(clock, lambda: table.hand_number == 1 and table.hand is None)
    await pass_time(clock, 0, ann, bob)
    hand = table.last_hand
    assert hand is not None and len(hand.live) == 1
    winner = hand.live[0]
    winner_client, other = (ann, bob) if winner == 0 else (bob, ann)
    assert [m.kind for m in winner_client.of(HomeGameAsk)] == ["show"]
    assert not other.of(HomeGameAsk)
    shown = [r for m in other.of(Records) for r in m.records if r["type"] == "holdem.HandShown"]
    assert shown and shown[0]["seat"] == winner and None not in shown[0]["cards"]
    assert chips(table) == 2000


async def test_a_silent_winner_mucks_and_the_rabbit_is_hunted(make_room) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    table, (ann, bob) = await table_of(
        make_room, clock, ("Ann", "Bob"), (plays("fold"), plays("fold")),
        deck="AsKs 7h7d", board="Jc3d5c 4h Qs", rabbit_hunt=True, choice_clock=8,
        winner_may_show=True)
    await until_now_due(clock, lambda: table.hand is not None and table.hand.is_over)
    await pass_time(clock, 0, ann, bob)
    assert table.hand is not None  # the winner is asked; nothing is settled yet
    await pass_time(clock, 8, ann, bob)
    hand = table.last_hand
    assert hand is not None and hand.rabbit is not None
    rabbit = [r for m in ann.of(Records) for r in m.records if r["type"] == "holdem.RabbitHunted"]
    assert rabbit == [{"type": "holdem.RabbitHunted", "cards": ["Jc", "3d", "5c", "4h", "Qs"]}]
    assert "holdem.HandShown" not in record_types(bob)
    assert chips(table) == 2000


async def test_a_new_table_takes_home_game_options_and_nothing_else(make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Friday", seats=3))
    ann = await FakeClient.join(room, member("Ann"))
    ann.send(CreateHoldem("Sneaky", home_game={"seed": 3}))
    ann.send(CreateHoldem("Home", home_game={"straddle": True, "bomb_pot_every": 0,
                                             "run_it_twice": True}))
    await ann.caught_up()
    assert any(isinstance(m, Error) and "not a home-game option: 'seed'" in m.message
               for m in ann.messages)
    made = [t for t in room.tables.values() if t.name != "Friday"]
    assert [t.name for t in made] == ["Home"]
    assert isinstance(made[0], HoldemTable)
    assert made[0].options.straddle and made[0].options.run_it_twice


async def test_a_hand_voided_while_the_players_choose_the_runs_gives_every_bet_back(  # type: ignore[no-untyped-def]
        make_room) -> None:
    clock = FakeClock()
    table, (ann, bob) = await table_of(
        make_room, clock, ("Ann", "Bob"), (plays("all_in"), plays("all_in", runs=None)),
        deck="AsKs 7h7d", board="Jc3d5c 4h Qs", run_it_twice=True)
    await until_now_due(clock, lambda: table.hand is not None
                        and table.hand.runs_pending == (1,))
    table.void("the room stopped")  # what a restart after a kill does to the hand in play
    await pass_time(clock, 0, ann, bob)
    assert table.hand is None
    assert [o.stack for o in table.seats if o is not None] == [1000, 1000]
    await pass_time(clock, 30, ann, bob)  # the runs' clock does not fire on a voided hand
    assert chips(table) == 2000
