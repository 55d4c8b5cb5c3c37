"""The blackjack screen driven through a scripted table session: no engine behind it.

It shows exactly the records it was given (the hole card stays face down until
the records turn it), takes its keys from the session's ToAct, sends moves
back through the session and stores the Settled rows unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from cardtui.blackjack.records import (
    Action,
    ActionTaken,
    BetPlaced,
    DealerCard,
    HoleCardRevealed,
    PlayerCard,
    TurnStarted,
)
from cardtui.blackjack.view import RoundView
from cardtui.cards import Card
from cardtui.games import Game
from cardtui.store import Outcome, SeatResult
from cardtui.tables.session import (
    HandBegins,
    SeatClock,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
)
from cardtui.ui.app import CardtuiApp
from cardtui.ui.blackjack.screen import BlackjackScreen
from cardtui.ui.widgets.blackjack_table import DealerPanel, SeatPanel
from tests.room.conftest import make_room  # noqa: F401  (the room fixture)
from tests.support.scripted_blackjack import ScriptedBlackjackSession

MakeApp = Callable[..., CardtuiApp]

SEATS = (SeatState(0, "Ann", 990), SeatState(1, "Robo", 480, bot=True))
DEAL = (
    BetPlaced(0, 10), BetPlaced(1, 20),
    PlayerCard(0, 0, Card.parse("Th")), PlayerCard(1, 0, Card.parse("5c")),
    DealerCard(Card.parse("9c")),
    PlayerCard(0, 0, Card.parse("9d")), PlayerCard(1, 0, Card.parse("6c")),
    DealerCard(None, face_down=True),  # type: ignore[arg-type]  # as a session delivers it
    TurnStarted(0, 0),
)


def text(widget: Static) -> str:
    return str(widget.render())


async def test_the_screen_shows_exactly_the_records_of_a_scripted_session(
        make_app: MakeApp) -> None:
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL),
                                        ToAct(0, frozenset({Action.HIT, Action.STAND}))])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.presenter.view == RoundView.replay(DEAL)
        panels = [screen.query_one(f"#seat-{i}", SeatPanel) for i in range(2)]
        assert len(screen.query(SeatPanel)) == 2
        assert "Ann" in str(panels[0].border_title) and panels[0].border_subtitle == "990 chips"
        assert "10♥" in text(panels[0]) and "9♦" in text(panels[0]) and "19" in text(panels[0])
        assert "Robo" in str(panels[1].border_title) and "11" in text(panels[1])
        dealer = screen.query_one("#dealer", DealerPanel)
        assert dealer.border_subtitle == "9 + ?" and "8♠" not in text(dealer)
        assert "Ann: Hit or stand?" in text(screen.query_one("#message", Static))
        legal = {a for a in ("hit", "stand", "double", "split", "deal", "rebuy", "hint",
                             "setup", "bet_up") if screen.check_action(a, ())}
        assert legal == {"hit", "stand"}  # the session's ToAct, nothing more

        await pilot.press("s")
        assert session.acted == [(0, Action.STAND)]

        reveal = (ActionTaken(0, 0, Action.STAND), HoleCardRevealed(Card.parse("8s")))
        row = SeatResult("Ann", 10, 10, Outcome.WIN)
        session.send(Seen(reveal), Settled((row,)))
        await pilot.pause()
        assert screen.presenter.view == RoundView.replay((*DEAL, *reveal))
        assert screen.presenter.view.dealer[1] == Card.parse("8s")
        assert dealer.border_subtitle == "17" and "8♠" in text(dealer)
        totals = app.store.totals(Game.BLACKJACK)
        assert [(t.player, t.rounds, t.net) for t in totals] == [("Ann", 1, 10)]
        assert not any(screen.check_action(a, ()) for a in ("hit", "stand"))


async def test_a_shared_table_in_the_room_plays_on_the_same_screen(
        make_room, make_app: MakeApp) -> None:  # noqa: ANN001, F811
    from cardtui.room.config import BlackjackOptions
    from tests.room.support import until
    from tests.tables.support import join

    room = make_room(BlackjackOptions(seats=2, between_rounds=60, betting_clock=30))
    # Ann T and 6 (16) against the dealer's 9 and 7 (16): he draws the ten and busts.
    room.tables["t1"].shoe.stack(["Th", "9c", "6d", "7h", "Ts"])
    ann = await join(room, "Ann")
    session = await ann.link.sit("t1", 1000, seat=0)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await until(lambda: screen.check_action("deal", ()) is True)
        await pilot.pause()
        assert len(screen.query(SeatPanel)) == 2
        # The free seat reads as free, not as a seat short of its bet.
        free = screen.query_one("#seat-1", SeatPanel)
        assert "Empty seat" in free.render().plain
        await pilot.press("plus", "d")  # a bet of 20 closes the window: the room deals
        await until(lambda: screen.check_action("stand", ()) is True)
        view = screen.presenter.view
        assert view is not None and view.dealer[1] is None  # hole card not sent
        await pilot.press("s")
        await until(lambda: bool(app.store.totals(Game.BLACKJACK)))
        (total,) = app.store.totals(Game.BLACKJACK)
        assert (total.player, total.rounds, total.net) == ("Ann", 1, 20)
        await until(lambda: screen.presenter.view is not None
                    and not screen.presenter.view.hole_hidden)
        assert screen.presenter.view.dealer[1] == Card.parse("7h")


async def test_a_player_waiting_at_a_shared_table_is_told_whose_turn_it_is(
        make_app: MakeApp) -> None:
    """Seen over SSH: while ann played her hand, bob's prompt line was empty."""
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Ann to act." in text(screen.query_one("#message", Static))
        session.send(Seen((ActionTaken(0, 0, Action.STAND), TurnStarted(1, 0))))
        await pilot.pause()
        assert "Robo to act." in text(screen.query_one("#message", Static))


async def test_a_running_clock_redraws_only_the_message_line_each_second(
        make_app: MakeApp, monkeypatch) -> None:
    from cardtui.clock import FakeClock

    # The screen's clock stands still until the test moves it: under load the
    # screen took over 0.2 s to draw its first frame, and read 19 s.
    clock = FakeClock()
    now = clock.monotonic()
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL[:-1]),
                                        Seen((TurnStarted(1, 0),)), SeatClock(1, now + 20.2)],
                                       viewer_seats=(0,))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session, clock=clock)
        await app.push_screen(screen)
        await pilot.pause()
        message = screen.query_one("#message", Static)
        assert "Robo to act. (20 s)" in text(message)
        shown: list[int] = []
        show = SeatPanel.show
        monkeypatch.setattr(SeatPanel, "show",
                            lambda panel, *a: shown.append(1) or show(panel, *a))
        # (The screen's clock only: the event loop's own keeps running.)
        clock.advance(3)
        screen._tick()
        await pilot.pause()
        assert "Robo to act. (17 s)" in text(message)
        assert shown == []  # one digit: no seat looked at again


async def test_the_chat_key_comes_back_when_a_reveal_ends_on_someone_elses_turn(
        make_app: MakeApp) -> None:
    from cardtui.guest.blackjack import BetWindow
    from cardtui.ui.widgets.table_footer import TableFooter
    from tests.room.support import until

    session = ScriptedBlackjackSession([SeatsChanged(SEATS), ToAct(0, BetWindow(10, 500))],
                                       viewer_seats=(0,))
    app = make_app(animation="fast")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BlackjackScreen(session=session)
        await app.push_screen(screen)
        await pilot.pause()
        footer = screen.query_one(TableFooter)

        def keys() -> set[str]:
            return {key.action for key in footer.shown}

        assert {"deal", "chat"} <= keys()
        # The bet is in; the deal is revealed (no keys), and the turn is Robo's.
        session.send(HandBegins(1, SEATS), Seen((*DEAL[:-1], TurnStarted(1, 0))))
        await until(lambda: screen.animating)
        await until(lambda: "chat" not in keys())
        await until(lambda: not screen.animating, timeout=10)
        await pilot.pause()
        # (The moves were as few before as after: the key must still come back.)
        assert "chat" in keys() and "deal" not in keys()
