"""The local blackjack session: what it delivers, what it refuses, what it records (no Textual)."""

from __future__ import annotations

import random

import pytest

from cardtui.blackjack.records import Action, DealerCard, HoleCardRevealed, RoundSettled
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatKind, SeatSetup
from cardtui.blackjack.view import RoundView
from cardtui.guest.blackjack import BetWindow
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.tables.results import blackjack_row
from cardtui.tables.session import Event, HandBegins, SeatsChanged, Seen, Settled, ToAct

SEATS = (SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT), SeatSetup("Cy"))


def sitting(seed: int = 1, seats: tuple[SeatSetup, ...] = SEATS) -> tuple[
        BlackjackLocalSession, list[Event]]:
    session = BlackjackLocalSession.sit_down(TableSetup(seats=seats), random.Random(seed))
    events: list[Event] = []
    session.attach(events.append)
    return session, events


def play_round(session: BlackjackLocalSession, events: list[Event], rng: random.Random) -> None:
    session.deal()
    while session.table.in_round:
        turn = events[-1]
        assert isinstance(turn, ToAct) and isinstance(turn.legal, frozenset)
        session.act(turn.seat, rng.choice(sorted(turn.legal)))


def test_the_hole_card_is_never_delivered_before_the_reveal() -> None:
    session, events = sitting(3)
    rng = random.Random(5)
    for _ in range(300):
        if not session.table.can_deal:
            for seat in session.viewer_seats:
                if session.table.can_rebuy(seat):
                    session.rebuy(seat)
        start = len(events)
        play_round(session, events, rng)
        records = [r for e in events[start:] if isinstance(e, Seen) for r in e.records]
        hole = [r for r in records if isinstance(r, DealerCard) and r.face_down]
        assert hole and all(r.card is None for r in hole)
        engine_hole = session.table.round.records  # type: ignore[union-attr]
        revealed = [r for r in records if isinstance(r, HoleCardRevealed)]
        if revealed:
            # The card the engine dealt face down is the one the reveal shows.
            dealt = next(r for r in engine_hole if isinstance(r, DealerCard) and r.face_down)
            assert revealed[0].card == dealt.card
            view = RoundView.replay(records)
            assert view.dealer[1] == dealt.card and not view.hole_hidden


def test_a_screen_attaching_mid_round_gets_no_hole_card_either() -> None:
    session, events = sitting(4)
    session.deal()
    while not session.table.in_round:  # dealt a natural: deal again
        session.deal()
    late: list[Event] = []
    session.attach(late.append)
    assert [type(e) for e in late] == [SeatsChanged, HandBegins, Seen, ToAct]
    seen = late[2]
    assert isinstance(seen, Seen)
    assert [r.card for r in seen.records if isinstance(r, DealerCard) and r.face_down] == [None]


def test_settled_rows_come_from_the_one_results_module() -> None:
    session, events = sitting(2)
    rng = random.Random(9)
    play_round(session, events, rng)
    settled = [e for e in events if isinstance(e, Settled)]
    assert len(settled) == 1
    engine = session.table.last_settlement
    assert isinstance(engine, RoundSettled)
    seats = session.table.seats
    expected = tuple(blackjack_row(r, seats[r.seat].name,
                                   0 if seats[r.seat].is_bot else seats[r.seat].round_decisions,
                                   0 if seats[r.seat].is_bot else seats[r.seat].round_mistakes)
                     for r in engine.seats)
    assert settled[0].rows == expected
    # The local scoreboard keeps the bots' rounds too (as it always has).
    assert {row.player for row in settled[0].rows} == {"Ann", "Bot", "Cy"}


def test_between_rounds_the_first_human_seat_gets_the_betting_window() -> None:
    session, events = sitting()
    turn = events[-1]
    assert isinstance(turn, ToAct) and turn.seat == 0
    rules = session.table.rules
    assert turn.legal == BetWindow(rules.min_bet, rules.max_bet)


def test_bets_and_rebuys_go_through_the_session_and_are_announced() -> None:
    session, events = sitting()
    session.change_bet(2, 3)
    assert session.table.seats[2].bet == 40
    assert isinstance(events[-2], SeatsChanged)
    session.bet(0, 10_000)  # clamped to the bankroll and the limits
    assert session.table.seats[0].bet == min(1000, session.table.rules.max_bet)
    with pytest.raises(ValueError, match="still has chips"):
        session.rebuy(0)


def test_a_move_out_of_turn_or_illegal_is_refused_with_a_plain_message() -> None:
    session, events = sitting(4)
    with pytest.raises(ValueError, match="cannot hit"):
        session.act(0, Action.HIT)  # no round yet
    session.deal()
    while not session.table.in_round:
        session.deal()
    turn = events[-1]
    assert isinstance(turn, ToAct)
    with pytest.raises(ValueError):
        session.act(turn.seat + 1, Action.STAND)


def test_a_move_that_is_no_action_is_refused_by_the_type_checker(tmp_path) -> None:
    """A blackjack session takes blackjack's ``Action`` (``TableSession[Action]``): a move of
    another type is refused before the game runs, no longer by a check at run time."""
    from mypy import api

    moves = tmp_path / "moves.py"
    moves.write_text(
        "from cardtui.guest.blackjack import BlackjackRemoteSession\n"
        "from cardtui.tables.blackjack_local import BlackjackLocalSession\n"
        "from cardtui.tables.session import TableSession\n"
        "from cardtui.blackjack.records import Action\n\n\n"
        "def play(local: BlackjackLocalSession, remote: BlackjackRemoteSession) -> None:\n"
        "    local.act(0, 'stand')\n"
        "    remote.act(0, 'stand')\n"
        "    seam: TableSession[Action] = local\n"
        "    seam.act(0, Action.STAND)\n")
    out, _, status = api.run([str(moves), "--follow-imports=silent", "--no-incremental",
                              "--no-error-summary", "--config-file=/dev/null"])
    assert status == 1
    refused = [line for line in out.splitlines() if "error:" in line]
    assert len(refused) == 2 and all('"str"; expected "Action"' in line for line in refused)


def test_forfeit_settles_at_once_and_records_a_loss() -> None:
    session, events = sitting(4)
    session.deal()
    while not session.table.in_round:
        session.deal()
    session.forfeit()
    settled = [e for e in events if isinstance(e, Settled)][-1]
    assert all(row.net < 0 for row in settled.rows)
    assert not session.table.in_round
