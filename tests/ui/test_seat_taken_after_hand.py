"""A shared hold'em table after a hand, before the next: a seat someone else took, or left
empty, shows who is there now, not the last hand's player (their name, cards or words).

Seen in a room where the only human left was sitting out: no next hand came to redraw the
table, and the browser showed a new bot under the name of the guest it replaced, and another
new bot with the shown cards and "checks" of the player who had left.
"""

from __future__ import annotations

from dataclasses import replace

from cardtui.holdem.actions import Folded, HandEnded, HandShown, PotAwarded
from cardtui.tables.session import SeatsChanged, SeatState, Seen
from tests.support.scripted_table import ScriptedSession
from tests.ui.test_holdem_presenter import attached
from tests.ui.test_holdem_seam import AS, BEGINS, DEAL, KS, SEATS

DEE = SeatState(3, "Dee", 990, status="away")  # not dealt in: away from the table
QH, JH = AS.parse("Qh"), AS.parse("Jh")
#: Ann folds; Cy shows and takes the blinds from Robo, who folds too.
ENDING = (Folded(0), Folded(1), HandShown(2, (QH, JH), ""),
          PotAwarded(0, 25, (2,), (25,), "", ()), HandEnded((995, 990, 1015, None)))


def test_a_seat_taken_or_left_after_the_hand_shows_who_sits_there_now() -> None:
    session = ScriptedSession([SeatsChanged((*SEATS, DEE))], viewer_seats=(0,))
    presenter = attached(session)
    session.send(BEGINS)
    session.send(Seen((*DEAL, *ENDING)))
    assert presenter.view.over and presenter.view.seats[2].hole == [QH, JH]
    # Between hands: Robo left, a bot Kit took Cy's seat, a bot Ida took Dee's.
    now = (SEATS[0], SeatState(1, "", 0, status="empty"), SeatState(2, "Kit", 1000, bot=True),
           SeatState(3, "Ida", 1000, bot=True))
    session.send(SeatsChanged(now))
    seats = presenter.view.seats
    assert [(s.name, s.stack) for s in seats] == [("Ann", 1000), ("", 0), ("Kit", 1000),
                                                   ("Ida", 1000)]
    kit = seats[2]
    assert kit.is_bot and kit.hole == [] and not kit.shown and kit.action == "" and kit.won == 0
    assert 2 not in presenter.view.winners  # Cy's win is not Kit's
    # Ann is still Ann: her seat keeps the hand's picture (her cards, her fold).
    assert seats[0].hole == [AS, KS] and seats[0].folded


def test_a_rename_in_the_hand_still_keeps_the_hand_of_the_seat() -> None:
    session = ScriptedSession([SeatsChanged(SEATS)], viewer_seats=(0,))
    presenter = attached(session)
    session.send(BEGINS)
    session.send(Seen(DEAL))
    session.send(SeatsChanged((SEATS[0], SEATS[1], replace(SEATS[2], name="Cyrus"))))
    cyrus = presenter.view.seats[2]
    assert cyrus.name == "Cyrus" and cyrus.in_hand and cyrus.hole == [None, None]
