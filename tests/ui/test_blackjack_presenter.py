"""The blackjack table's presenter, without Textual: a local table with a stacked shoe, and a
scripted shared table; the presenter's state is asserted after each event and key.

The screen only draws what the presenter says (its own tests are the pilot
and snapshot tests); here the same decisions are checked on plain objects.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterable

from cardtui.blackjack.records import (
    Action,
    BetPlaced,
    DealerCard,
    PlayerCard,
    TurnStarted,
)
from cardtui.blackjack.setup import TableSetup
from cardtui.blackjack.table import SeatKind, SeatSetup
from cardtui.cards import Card
from cardtui.clock import FakeClock
from cardtui.tables.blackjack_local import BlackjackLocalSession
from cardtui.tables.session import (
    BetWindow,
    HandBegins,
    SeatClock,
    SeatsChanged,
    SeatState,
    Seen,
    Settled,
    ToAct,
)
from cardtui.ui.blackjack.presenter import BlackjackSession, Step, TablePresenter
from cardtui.ui.sitting import Tally
from tests.support.scripted_blackjack import ScriptedBlackjackSession


class Instant:
    """A reveal with animations off: every step lands at once (or waits while ``playing``)."""

    def __init__(self) -> None:
        self.playing = False
        self.queued: list[Step] = []
        self.presenter: TablePresenter | None = None

    def play(self, items: Iterable[Step]) -> None:
        self.queue(items)
        if not self.playing:
            self.flush()

    def queue(self, items: Iterable[Step]) -> None:
        self.queued.extend(items)

    def flush(self) -> None:
        assert self.presenter is not None
        while self.queued:
            self.presenter.apply(self.queued.pop(0))


def present(session: BlackjackSession, clock: FakeClock | None = None
            ) -> tuple[TablePresenter, Instant, list[Settled]]:
    reveal, settled = Instant(), []
    presenter = TablePresenter(session, tally=Tally(), reveal=reveal, record=settled.append,
                               clock=clock or FakeClock())
    reveal.presenter = presenter
    presenter.join(presenter.on_event)
    return presenter, reveal, settled


def local_table(*seats: SeatSetup, trainer: bool = False) -> BlackjackLocalSession:
    return BlackjackLocalSession.sit_down(TableSetup(seats=seats, trainer=trainer),
                                          random.Random(7))


def test_the_presenter_loads_no_textual() -> None:
    code = ("import sys, cardtui.ui.blackjack.presenter; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_local_round_from_the_bet_to_the_result() -> None:
    session = local_table(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT))
    presenter, _, settled = present(session)
    assert presenter.caps.house is session and presenter.caps.chat is None
    # Between rounds: a local table deals, moves the bet and sets up; no moves, no chat.
    keys = presenter.legal_keys()
    assert {"deal", "bet_up", "setup"} <= keys
    assert not keys & {"hit", "stand", "chat", "hint", "rebuy", "select_seat"}
    assert presenter.prompt().plain == (
        "Place your bets (+/-, type it, [ min, * double, ] max), then d deals.")
    assert presenter.change_bet(1) and session.table.seats[0].bet == 20
    session.table.shoe.stack(["Th", "9c", "9d", "9h", "Ks", "8c"])
    assert not presenter.deal()  # (the session's events redraw)
    assert presenter.view is not None and presenter.view.turn == (0, 0)
    assert presenter.moves() == {Action.HIT, Action.STAND, Action.DOUBLE}
    assert {"hit", "stand", "double", "hint"} <= presenter.legal_keys()
    # Mid-round d deals nothing (it once forfeited the round): not offered, and a no-op.
    assert not presenter.legal_keys() & {"setup", "deal"}
    assert presenter.round_at_stake() and not presenter.deal() and session.table.in_round
    assert presenter.message().plain == "Ann: Hit or stand?"
    assert presenter.dealer()[1]  # the hole card is down
    presenter.move(Action.STAND)
    assert presenter.view.settlement is not None and not presenter.round_at_stake()
    assert [row.net for row in settled[0].rows] == [20, 10]
    assert (presenter.tally.wins, presenter.tally.net) == (1, 20)  # the viewer's seat only
    assert presenter.message().plain == "Deal again?"
    assert presenter.seat_info(0).bankroll == 1020


def test_the_trainer_remarks_on_a_move_off_basic_strategy() -> None:
    session = local_table(SeatSetup("Ann"), trainer=True)
    presenter, _, _ = present(session)
    session.table.shoe.stack(["Th", "5c", "2d", "9s", "Ks"])  # 12 against a 5: stand
    presenter.deal()
    assert presenter.hint()
    assert presenter.note is not None and presenter.note.plain.startswith("Hint: Stand")
    presenter.move(Action.STAND)
    session.table.shoe.stack(["Th", "2c", "2d", "9s", "Ks"])
    presenter.deal()
    assert presenter.move(Action.STAND)  # 12 against a 2: basic strategy hits
    assert presenter.note is not None
    assert presenter.note.plain == "Trainer: Ann, basic strategy would hit (hard 12 against a 2)."
    # (The first round's stand followed the hint: two decisions, one off basic strategy.)
    assert "Trainer: 1/2 off basic strategy" in presenter.counters().plain


def test_hot_seat_picks_the_seat_its_keys_change() -> None:
    session = local_table(SeatSetup("Ann"), SeatSetup("Bob"))
    presenter, _, _ = present(session)
    assert presenter.selected == 0 and presenter.legal("select_seat")
    presenter.select_seat(1)
    assert presenter.selected == 1 and presenter.seat_info(1).selected
    presenter.change_bet(2)
    assert [s.bet for s in session.table.seats] == [10, 30]


def test_leaving_mid_round_plays_a_local_round_out() -> None:
    # Issue 26: leaving stands the hands still to play, the dealer finishes and the
    # round settles as played (it was forfeited after a yes/no question).
    session = local_table(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT), trainer=True)
    presenter, _, settled = present(session)
    session.table.shoe.stack(["Th", "5c", "9d", "9s", "6h", "7s", "Kd", "Ks"])
    presenter.deal()
    assert presenter.round_at_stake() and presenter.leave_question() is None  # never asked
    told = presenter.leave_mid_round()
    assert not session.table.in_round and len(settled) == 1
    # Ann's 19 stood; the bot doubled its 11 to 21; the dealer's 16 drew a king and bust.
    assert [row.net for row in settled[0].rows] == [10, 20]
    assert session.table.last_settlement is not None
    assert not session.table.last_settlement.forfeited
    assert told == "You left mid-round: your hands stood and the round was settled (Ann +10)."
    assert "Trainer: 0/0" in presenter.counters().plain  # the stand was not Ann's decision


def test_leaving_during_insurance_declines_it_and_stands() -> None:
    session = local_table(SeatSetup("Ann"), SeatSetup("Bob"))
    presenter, _, settled = present(session)
    session.table.shoe.stack(["Th", "9c", "As", "8d", "7h", "6s", "Ks"])
    presenter.deal()
    assert Action.INSURE in presenter.moves()
    presenter.leave_mid_round()
    result = session.table.last_settlement
    assert result is not None and not session.table.in_round
    # Both declined; Ann's 18 and Bob's 16 stood against the dealer's soft 17.
    assert [(s.insured, s.outcome.value) for s in result.seats] == [
        (False, "win"), (False, "loss")]
    assert len(settled) == 1


SEATS = (SeatState(0, "Ann", 990), SeatState(1, "Robo", 480, bot=True))
DEAL = (
    BetPlaced(0, 10), BetPlaced(1, 20),
    PlayerCard(0, 0, Card.parse("Th")), PlayerCard(1, 0, Card.parse("5c")),
    DealerCard(Card.parse("9c")),
    PlayerCard(0, 0, Card.parse("9d")), PlayerCard(1, 0, Card.parse("6c")),
    DealerCard(None, face_down=True),  # type: ignore[arg-type]  # as a session delivers it
)


def test_a_shared_table_places_the_bet_chosen_here() -> None:
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), ToAct(0, BetWindow(10, 30))])
    presenter, _, _ = present(session)
    assert presenter.caps.house is None and presenter.bet == 10  # the window's minimum
    assert {"deal", "bet_up", "chat"} <= presenter.legal_keys()
    assert not presenter.legal("bet_down") and not presenter.legal("setup")
    assert presenter.prompt().plain == (
        "Your bet: 10 (+/-, type it, [ min, * double, ] max), then d places it.")
    presenter.change_bet(1)
    presenter.change_bet(5)  # up to the window's maximum only
    assert presenter.bet == 30 and not presenter.legal("bet_up")
    assert presenter.seat_info(0).bet == 30  # this player's own bet as they choose it
    assert presenter.deal()
    assert session.bets == [(0, 30)]
    assert presenter.note is not None and presenter.note.plain == "Bet 30 placed."
    presenter.say("hello")
    presenter.say("")
    assert session.said == ["hello"]


def test_a_shared_table_says_whose_turn_it_is_and_counts_down() -> None:
    clock = FakeClock()
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)])
    presenter, _, _ = present(session, clock)
    assert not presenter.on_event(Seen((TurnStarted(1, 0),)))  # Robo's turn: drawn at once
    presenter.on_event(SeatClock(1, clock.monotonic() + 20.2))
    assert presenter.message().plain == "Robo to act. (20 s)"
    clock.advance(3)
    assert presenter.seconds_left() == 17
    assert presenter.legal_keys() == {"chat"}  # (the aids are keys, not buttons)
    # This player's turn: its records wait for the prompt that follows them.
    assert presenter.on_event(Seen((TurnStarted(0, 0),))) and presenter.prompt_due
    presenter.on_event(ToAct(0, frozenset({Action.HIT, Action.STAND})))
    assert not presenter.prompt_due and presenter.legal("hit")
    presenter.move(Action.HIT)
    assert session.acted == [(0, Action.HIT)]


def test_a_shared_round_is_at_stake_only_with_this_players_bet_in_it() -> None:
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)],
                                       viewer_seats=(0,))
    presenter, _, _ = present(session)
    assert not presenter.round_at_stake()  # the room has no round in play
    session.in_hand = True
    assert presenter.round_at_stake()
    question, yes = presenter.leave_question() or ("", "")
    assert "dealer stands for your hand" in question and yes == "Stand and leave"
    assert "dealer stands for your hand" in presenter.leave_mid_round()
    assert session.asked == ["leave"]
    watcher = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL)],
                                       viewer_seats=())
    watcher.in_hand = True
    assert not present(watcher)[0].round_at_stake()


def test_no_key_is_legal_while_the_reveal_plays() -> None:
    session = ScriptedBlackjackSession([SeatsChanged(SEATS), HandBegins(1, SEATS), Seen(DEAL),
                                        ToAct(0, frozenset({Action.HIT, Action.STAND}))])
    presenter, reveal, _ = present(session)
    assert presenter.legal("hit")
    reveal.playing = True
    assert presenter.legal_keys() == frozenset()
    assert presenter.message().plain == "…  (any key skips)"
