"""Quick bets, the prompt kept in view and the seat lit for insurance (issue 26), without
Textual: the presenter on a local table with a stacked shoe and on a scripted shared table."""

from __future__ import annotations

from rich.text import Text

from cardtui.blackjack.records import Action
from cardtui.blackjack.table import SeatKind, SeatSetup
from cardtui.tables.session import BetWindow, SeatsChanged, SeatState, ToAct
from cardtui.ui.blackjack.wording import MESSAGE_LINES, _lines
from tests.support.scripted_blackjack import ScriptedBlackjackSession
from tests.ui.test_blackjack_presenter import local_table, present

# -- a typed amount ------------------------------------------------------------------------


def test_digits_open_an_entry_that_sets_the_bet() -> None:
    session = local_table(SeatSetup("Ann"))
    presenter, _, _ = present(session)
    assert presenter.type_digit("2") and presenter.type_digit("5")
    assert presenter.prompt().plain.startswith("Bet: 25_  Enter sets it")
    assert presenter.commit_entry() and presenter.entry is None
    assert session.table.seats[0].bet == 25
    assert presenter.note is not None and presenter.note.plain == "Bet 25."


def test_a_bad_amount_is_refused_in_the_entry_which_stays_open() -> None:
    session = local_table(SeatSetup("Ann", bankroll=300))
    presenter, _, _ = present(session)
    for digits, why in (("5", "Not 5: the table minimum is 10."),
                        ("900", "Not 900: the table maximum is 500."),
                        ("400", "Not 400: the stack is 300.")):
        presenter.cancel_entry()
        for digit in digits:
            presenter.type_digit(digit)
        presenter.commit_entry()
        assert presenter.entry is not None and presenter.prompt().plain.endswith(why)
        assert session.table.seats[0].bet == 10
    presenter.erase()
    presenter.erase()  # "4" left
    presenter.type_digit("0")
    assert presenter.prompt().plain.startswith("Bet: 40_") and "Not" not in presenter.prompt()
    presenter.commit_entry()
    assert session.table.seats[0].bet == 40


def test_backspace_and_escape_close_the_entry_and_keep_the_bet() -> None:
    session = local_table(SeatSetup("Ann"))
    presenter, _, _ = present(session)
    presenter.type_digit("3")
    assert presenter.erase() and presenter.entry is None  # the last digit erased
    presenter.type_digit("3")
    assert presenter.cancel_entry() and presenter.entry is None
    assert session.table.seats[0].bet == 10
    assert not presenter.erase() and not presenter.cancel_entry()  # (Escape leaves then)


def test_d_with_an_amount_typed_sets_it_and_deals() -> None:
    session = local_table(SeatSetup("Ann"))
    presenter, _, _ = present(session)
    for digit in "60":
        presenter.type_digit(digit)
    session.table.shoe.stack(["Th", "9c", "9d", "7s"])
    presenter.deal()
    assert session.table.in_round and session.table.round is not None
    assert session.table.round.bets == [60]
    assert not presenter.type_digit("1")  # no typing mid-round


def test_d_with_a_bad_amount_typed_does_not_deal() -> None:
    session = local_table(SeatSetup("Ann"))
    presenter, _, _ = present(session)
    presenter.type_digit("5")
    assert presenter.deal() and not session.table.in_round
    assert presenter.prompt().plain.endswith("Not 5: the table minimum is 10.")


# -- presets, rebet and deal ------------------------------------------------------------------


def test_presets_set_min_double_and_max() -> None:
    session = local_table(SeatSetup("Ann", bankroll=300))
    presenter, _, _ = present(session)
    assert not presenter.legal("bet_min")  # the bet is at the minimum already
    assert presenter.legal("bet_double") and presenter.legal("bet_max")
    presenter.preset("bet_double")
    presenter.preset("bet_double")
    assert session.table.seats[0].bet == 40
    presenter.preset("bet_max")
    assert session.table.seats[0].bet == 300  # the stack, below the table's 500
    assert presenter.note is not None and "the most you can bet" in presenter.note.plain
    assert not presenter.legal("bet_max") and not presenter.legal("bet_double")
    presenter.preset("bet_min")
    assert session.table.seats[0].bet == 10
    presenter.change_bet(1)  # + and - keep stepping
    assert session.table.seats[0].bet == 20


def test_enter_bets_the_last_rounds_bets_again_and_deals() -> None:
    session = local_table(SeatSetup("Ann"), SeatSetup("Bot", SeatKind.BOT))
    presenter, _, _ = present(session)
    assert not presenter.legal("rebet")  # no round yet
    presenter.preset("bet_double")
    session.table.shoe.stack(["Th", "9c", "9d", "9h", "Ks", "8c"])
    presenter.deal()
    presenter.move(Action.STAND)
    presenter.preset("bet_max")  # changed, then thought better of
    assert presenter.legal("rebet")
    session.table.shoe.stack(["Th", "9c", "9d", "9h", "Ks", "8c"])
    presenter.rebet_and_deal()
    assert session.table.in_round and session.table.round is not None
    assert session.table.round.bets[0] == 20


def test_a_bet_above_the_stack_lowers_itself_with_a_notice() -> None:
    session = local_table(SeatSetup("Ann", bankroll=100))
    presenter, _, _ = present(session)
    presenter.preset("bet_max")  # 100: all in
    session.table.shoe.stack(["Th", "6c", "6d", "Ks", "Kd"])
    presenter.deal()
    session.table.seats[0].bankroll += 40  # (say a side bet paid: 40 left after the loss)
    presenter.move(Action.HIT)  # 26: bust, 100 lost
    assert session.table.seats[0].bankroll == 40 and session.table.seats[0].bet == 40
    assert presenter.note is not None
    assert presenter.note.plain == "Ann's bet is lowered to 40 (the stack; it was 100)."
    assert presenter.legal("deal")


def test_a_shared_table_types_presets_and_rebets_the_bet_it_places() -> None:
    seats = (SeatState(0, "Ann", 250), SeatState(1, "Robo", 480, bot=True))
    session = ScriptedBlackjackSession([SeatsChanged(seats), ToAct(0, BetWindow(10, 500))])
    presenter, _, _ = present(session)
    presenter.preset("bet_max")
    assert presenter.bet == 250  # the stack
    for digit in "75":
        presenter.type_digit(digit)
    presenter.deal()  # sets the typed amount and places it
    assert session.bets == [(0, 75)]
    presenter.preset("bet_min")
    assert presenter.legal("rebet")
    presenter.rebet_and_deal()
    assert session.bets == [(0, 75), (0, 75)]


def test_a_shared_tables_bet_lowers_itself_to_the_stack() -> None:
    seats = (SeatState(0, "Ann", 1000),)
    session = ScriptedBlackjackSession([SeatsChanged(seats), ToAct(0, BetWindow(10, 500))])
    presenter, _, _ = present(session)
    presenter.preset("bet_max")
    assert presenter.bet == 500
    presenter.on_event(SeatsChanged((SeatState(0, "Ann", 120),)))
    presenter.on_event(ToAct(0, BetWindow(10, 500)))
    assert presenter.bet == 120
    assert presenter.note is not None and "lowered to 120" in presenter.note.plain


# -- the prompt stays in view; the seat is lit for insurance ----------------------------------


def test_a_long_hint_never_pushes_the_prompt_off_the_message_area() -> None:
    session = local_table(SeatSetup("Ann"))
    presenter, _, _ = present(session)
    session.table.shoe.stack(["Th", "9c", "6d", "7s"])
    presenter.deal()
    presenter.note = Text("Hint: " + "a long reason " * 30)
    for width in (78, 118):
        shown = presenter.message(width)
        assert shown.plain.endswith("Ann: Hit or stand?")
        assert _lines(shown, width) <= MESSAGE_LINES
    presenter.note = Text("Short note.")
    assert presenter.message(78).plain == "Short note.  Ann: Hit or stand?"


def test_the_seat_deciding_insurance_is_lit() -> None:
    session = local_table(SeatSetup("Ann"), SeatSetup("Bob"))
    presenter, _, _ = present(session)
    session.table.shoe.stack(["Th", "9c", "As", "8d", "7h", "6s", "Ks"])
    presenter.deal()
    assert presenter.acting(0) == 0 and presenter.acting(1) is None
    presenter.move(Action.DECLINE_INSURANCE)
    assert presenter.acting(0) is None and presenter.acting(1) == 0
    assert presenter.view is not None and presenter.view.turn is None  # no hand plays yet
    presenter.move(Action.DECLINE_INSURANCE)  # the peek: then Ann's hand is played
    assert presenter.acting(0) == 0 and presenter.view.turn == (0, 0)
