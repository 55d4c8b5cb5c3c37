"""The hold'em screen driven through a scripted table session: no engine behind it.

It shows exactly the records it was given (another seat's hole cards stay
face down until a record shows them), takes its keys from the session's
ToAct, sends moves back through the session, stores the Settled rows
unchanged, draws the action clock on the acting seat, puts chat in the log
and says when a hand was voided.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.widgets import Static

from cardtui.cards import Card
from cardtui.games import Game
from cardtui.holdem.actions import (
    Action,
    BlindKind,
    BlindPosted,
    Called,
    Folded,
    HandEnded,
    HoleCardsDealt,
    PotAwarded,
)
from cardtui.holdem.button import Positions
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.view import TableView, steps
from cardtui.store import Outcome, SeatResult
from cardtui.tables.session import (
    HandBegins,
    Note,
    SeatClock,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
    Voided,
)
from cardtui.ui.app import CardtuiApp
from cardtui.ui.holdem.screen import HoldemScreen
from cardtui.ui.sitting import hand_view
from cardtui.ui.widgets.holdem_log import TableLog
from cardtui.ui.widgets.holdem_table import HoldemSeat
from tests.room.conftest import make_room  # noqa: F401  (the room fixture)
from tests.support.scripted_table import ScriptedSession

MakeApp = Callable[..., CardtuiApp]
#: Seconds a shared table may take to get somewhere on a loaded machine (a limit, not a timing).
SLOW = 60.0

SEATS = (SeatState(0, "Ann", 1000), SeatState(1, "Robo", 1000, bot=True),
         SeatState(2, "Cy", 1000))
BEGINS = HandBegins(7, SEATS, Positions(button=2, small_blind=0, big_blind=1))
AS, KS = Card.parse("As"), Card.parse("Ks")
DEAL = (
    BlindPosted(0, BlindKind.SMALL, 5, False), BlindPosted(1, BlindKind.BIG, 10, False),
    HoleCardsDealt(0, (AS, KS)), HoleCardsDealt(1, (None, None)),
    HoleCardsDealt(2, (None, None)),
    Called(2, 10, False),
)
LEGAL = LegalActions(seat=0, can_fold=True, can_check=False, call_amount=5, can_raise=True,
                     min_raise_to=20, max_raise_to=1000, is_bet=False, can_all_in=True)
MOVES = ("fold", "check", "call", "bet", "raise", "all_in", "deal", "rebuy", "setup", "chat")


def text(widget: Static) -> str:
    return str(widget.render())


def replayed(records: tuple[object, ...]) -> TableView:
    view = hand_view(SEATS, BEGINS)
    for step in steps(records):  # type: ignore[arg-type]
        view.apply(step)
    return view


def panel(screen: HoldemScreen, seat: int) -> HoldemSeat:
    return screen.query_one(f"#seat-{seat}", HoldemSeat)


async def test_the_screen_shows_exactly_the_records_of_a_scripted_session(
        make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    session.in_hand = True
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        expected = replayed(DEAL)
        assert [line.plain for line in screen.view.log] == [
            line.plain for line in expected.log]
        assert [(s.name, s.stack, s.bet, s.hole) for s in screen.view.seats] == [
            (s.name, s.stack, s.bet, s.hole) for s in expected.seats]
        assert len(screen.query(HoldemSeat)) == 3
        assert "A♠" in text(panel(screen, 0)) and "K♠" in text(panel(screen, 0))
        assert "A♠" not in text(panel(screen, 2)) and screen.seat_look(2).face_up is False
        assert panel(screen, 0).border_subtitle == "to act"
        assert "Ann, your turn: 5 to call." in text(screen.query_one("#prompt", Static))
        legal = {a for a in MOVES if screen.check_action(a, ())}
        assert legal == {"fold", "call", "raise", "all_in"}  # the session's ToAct, nothing more

        await pilot.press("f")
        assert session.acted == [(0, Action.fold())]
        assert not any(screen.check_action(a, ()) for a in ("fold", "call"))

        # Cy's action clock runs: drawn on Cy's seat on this screen.
        session.send(Seen((Folded(0),)), SeatClock(2, time.monotonic() + 600.4))
        await pilot.pause()
        status = str(panel(screen, 2).border_subtitle)
        assert status.startswith("to act ") and status.endswith(" s")
        assert 500 <= int(status.split()[2]) <= 600  # the seconds left (a loaded machine is slow)
        assert panel(screen, 2).has_class("acting")

        won = PotAwarded(0, 20, (2,), (20,), "", ())
        ended = HandEnded((995, 990, 1015))
        row = SeatResult("Ann", 5, -5, Outcome.LOSS)
        session.send(SeatClock(2, None), Seen((Folded(1), won, ended)), Settled((row,)))
        await pilot.pause()
        assert screen.view.seats[2].stack == 1015 and screen.view.over
        assert panel(screen, 2).border_subtitle == "wins 20"
        (total,) = app.store.totals(Game.HOLDEM)
        assert (total.player, total.rounds, total.net) == ("Ann", 1, -5)
        (played,) = screen.history
        assert played.hand is None and played.begins == BEGINS
        assert list(played.records) == [*DEAL, Folded(0), Folded(1), won, ended]


async def test_chat_goes_to_the_log_and_a_voided_hand_is_said(make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        session.send(Note("Cy: nice hand", "chat"))
        await pilot.pause()
        log = screen.query_one("#log", TableLog)
        assert [line.plain for line in log.lines][-2:] == ["Cy calls 10", "Cy: nice hand"]
        session.send(SeatsChanged(SEATS), Voided("The room stopped: every bet went back."))
        await pilot.pause()
        assert "every bet went back" in text(screen.query_one("#prompt", Static))
        assert screen.view.positions is None and screen.turn is None
        assert [s.stack for s in screen.view.seats] == [1000, 1000, 1000]


async def test_leaving_a_scripted_table_between_hands_closes_the_session(
        make_app: MakeApp) -> None:
    session = ScriptedSession([SeatsChanged(SEATS)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert screen not in app.screen_stack
        assert session.asked[-1] == "close" and session.listener is None


async def test_a_shared_table_in_the_room_plays_on_the_same_screen(
        make_room, make_app: MakeApp) -> None:  # noqa: ANN001, F811
    from cardtui.holdem.hand import stacked_deck
    from cardtui.room.config import HoldemOptions
    from tests.room.support import until
    from tests.tables.support import join

    room = make_room(HoldemOptions(seats=2, bots_fill=False, min_humans=2, action_clock=30,
                                   between_hands=60))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsAh", "7c2d"], board="Kd 9s 4h 3c 8d")
    ann, bob = await join(room, "Ann"), await join(room, "Bob")
    session = await ann.link.sit("t1", 1000, seat=0)
    bob.listen(await bob.link.sit("t1", 1000, seat=1))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: table.hand is not None and len(screen.view.seats[0].hole) == 2, SLOW)
        hand = table.hand
        assert hand is not None
        await pilot.pause()
        assert screen.view.seats[0].hole == list(hand.hole[0])  # type: ignore[arg-type]
        assert screen.view.seats[1].hole == [None, None]  # Bob's cards never came
        assert screen.view.positions == hand.positions
        assert [s.name for s in screen.view.seats] == ["Ann", "Bob"]
        bob_clock_seen = False
        seen: list[ToAct] = []
        while not hand.is_over:
            if hand.actor == 0:
                await until(lambda: screen.check_action("check", ()) is True
                            or screen.check_action("call", ()) is True, SLOW)
                await pilot.press("c")
            else:
                turn = await bob.wait_for(lambda e: isinstance(e, ToAct) and e not in seen, SLOW)
                seen.append(turn)
                await pilot.pause()
                # Bob's action clock counts down on his seat on Ann's screen.
                status = panel(screen, 1).border_subtitle
                bob_clock_seen = bob_clock_seen or (
                    status.startswith("to act ") and status.endswith(" s"))
                legal = turn.legal
                bob.session.act(1, Action.check() if legal.can_check else Action.call())
            await until(lambda: hand.is_over or hand.actor is not None, SLOW)
            await pilot.pause()
        assert bob_clock_seen
        await until(lambda: bool(app.store.totals(Game.HOLDEM)), SLOW)
        (total,) = app.store.totals(Game.HOLDEM)
        assert (total.player, total.rounds) == ("Ann", 1)
        await until(lambda: screen.view.over, SLOW)
        assert screen.view.seats[1].hole == list(hand.hole[1])  # shown at showdown
        assert [s.stack for s in screen.view.seats] == list(hand.stacks)
        assert screen.history[-1].hand is None and screen.history[-1].begins.number == 1



async def test_a_seat_the_room_plays_for_says_so(make_app: MakeApp) -> None:
    away = (SEATS[0], SEATS[1], SeatState(2, "Cy", 1000, status="sitting out"))
    session = ScriptedSession([SeatsChanged(away), BEGINS, Seen((*DEAL[:5], Folded(2)))])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert panel(screen, 2).border_subtitle == "sitting out"  # not just "folded"
        # Robo plays: only who sits there, a bot whose personality the room did not say.
        assert panel(screen, 1).border_subtitle == "bot"


async def test_a_shared_table_draws_the_players_own_seat_at_the_bottom(
        make_app: MakeApp) -> None:
    from cardtui.guest.holdem import HoldemRemoteSession
    from cardtui.wire.protocol import SeatInfo, TableInfo, TableSeats

    info = TableInfo("t1", "holdem", "x", "5/10", 6, (None,) * 6, False, 1, 2, 30.0)
    session = HoldemRemoteSession(link=None, info=info)  # type: ignore[arg-type]
    session.your_seat = 3
    session.receive(TableSeats("t1", tuple(SeatInfo(n, f"P{n}", 100) for n in range(6))))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        bottom = [panel.id for panel in screen.query("#bottom-row HoldemSeat")]
        assert bottom == ["seat-4", "seat-3"]  # as seats 1 and 0 are at a local table
        assert len(screen.query(HoldemSeat)) == 6
        session.your_seat = 5  # (a reconnect's snapshot can move the player)
        session.receive(TableSeats("t1", tuple(SeatInfo(n, f"P{n}", 100) for n in range(6))))
        await pilot.pause()
        await pilot.pause()
        bottom = [panel.id for panel in screen.query("#bottom-row HoldemSeat")]
        assert bottom == ["seat-0", "seat-5"] and len(screen.query(HoldemSeat)) == 6
        session.left = True  # nothing to tell a room that is not there


async def test_a_turn_the_table_played_for_the_player_ends_on_the_screen(
        make_app: MakeApp) -> None:
    # A shared table's clock ran out: the room folded for Ann, no key was pressed.
    session = ScriptedSession([SeatsChanged(SEATS), BEGINS, Seen(DEAL), ToAct(0, LEGAL)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = HoldemScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.check_action("fold", ())
        session.send(Seen((Folded(0),)))
        await pilot.pause()
        assert screen.turn is None and not screen.check_action("fold", ())
        assert "your turn" not in text(screen.query_one("#prompt", Static))
        assert session.acted == []
