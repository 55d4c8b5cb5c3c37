"""A shared blackjack seat the room plays for says why, not "Lower the bet".

At a shared table a seat that is away (connection dropped), sitting out or
waiting for the next round was drawn as a local seat short of its bet: a red
"Lower the bet (−)" on another player's screen (found playing over SSH).
"""

from __future__ import annotations

from cardtui.ui.widgets.blackjack_table import SeatHeader, pointer, render_seat


def body(info: SeatHeader) -> str:
    return render_seat(info, None, None, ascii=False, width=24, height=6).plain


def test_a_shared_seat_says_away_sitting_out_or_waiting() -> None:
    for status in ("away", "sitting out", "waiting"):
        text = body(SeatHeader("Ann", False, 500, 0, status=status))
        assert status.capitalize() in text
        assert "Lower the bet" not in text


def test_a_local_seat_short_of_its_bet_still_says_what_to_do() -> None:
    assert "Lower the bet" in body(SeatHeader("Ann", False, 5, 10, sitting_out=True))
    assert "r rebuys" in body(SeatHeader("Ann", False, 0, 10, sitting_out=True, can_rebuy=True))


def test_ascii_seats_use_ascii_marks() -> None:
    # --ascii is for terminals without UTF-8: the acting hand's and the bet's
    # marks were triangles there (seen playing `cardtui --ascii blackjack`).
    betting = render_seat(SeatHeader("Ann", False, 500, 10, selected=True), None, None,
                          ascii=True, width=30, height=6).plain
    assert betting.isascii() and "< +/- >" in betting
    assert pointer(ascii=True).isascii() and not pointer(ascii=False).isascii()
