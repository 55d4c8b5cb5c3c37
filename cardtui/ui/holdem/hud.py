"""The HUD at the hold'em table: a line per seat with the player's hands, VPIP and PFR,
as tracker tools draw them, counted from the kept hand histories and the hands played
since (:class:`~cardtui.holdem.stats.FactsBook`).

The kept histories hold local and shared tables' hands alike (a shared hand as
its player saw it), so the figures are there at both; a room's player is known
by name, so a name met at a local table and in the room counts as one player.
"""

from __future__ import annotations

from rich.text import Text

from cardtui.holdem.stats import PlayedHand
from cardtui.i18n import _
from cardtui.ui.sitting import SeenHand


def played_hand(seen: SeenHand) -> PlayedHand:
    """A hand of the run as the statistics read it (a local table's engine hand when
    there is one; else the records as this player was shown them)."""
    if seen.hand is not None:
        return PlayedHand.from_hand(seen.hand)
    from cardtui.tables.holdem_replay import played_replay

    return PlayedHand.from_replay(played_replay(seen.begins, seen.records))


def hud_note(*, on: bool, reading: bool = False) -> Text:
    """What the table says as ``h`` turns the HUD on or off."""
    if not on:
        return Text(_("HUD off (h shows it)."), style="dim")
    if reading:
        return Text(_("HUD on: reading your kept hands…"), style="dim")
    return Text(_("HUD on: VPIP/PFR and hands at each seat, from your kept hands (h hides it)."),
                style="dim")
