"""A game process's side of the room's sit-and-gos: registering, its seat, its prize.

A key holder's buy-in leaves the profile's kept balance as they register, to
the place of the sit-and-go's table (:func:`~cardtui.store.records.room_table`
of its id, which is its table's id too), as a cash table's buy-in does; a
rebuy adds another. Unregistering returns it. The results board says what the
player paid in and won: the store records the tournament as one result (net:
the prize less what was paid) at that place, and the place's chips, the prize,
go back to the balance; the place finished is kept with the local tournaments'.

The room names every sit-and-go this profile is entered in among the seats it
holds (:attr:`~cardtui.wire.protocol.Welcome.seated_at`), so a game that joins
again does not take a buy-in in play back to the balance; results kept for a
player who was away come right after the greeting, before that check.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING

from cardtui.games import Game
from cardtui.wire.protocol import (
    CreateSitAndGo,
    HostStartSitAndGo,
    Notice,
    Rebuy,
    Register,
    Sit,
    SitAndGoInfo,
    TableSnapshot,
    Unregister,
)
from cardtui.wire.words import shown

if TYPE_CHECKING:
    from cardtui.guest.link import RoomLink
    from cardtui.guest.shared_table import RemoteSession

log = logging.getLogger("cardtui.guest.sit_and_go")


def registered(link: RoomLink, info: SitAndGoInfo) -> bool:
    """Whether this player is entered in ``info`` (the room lists entrants by name)."""
    return link.name in info.registered


async def register(link: RoomLink, info: SitAndGoInfo) -> str:
    """Register for ``info``; the room's words (RoomRefused says why not). A key holder's
    buy-in leaves the balance first, and comes back if the room says no."""
    return await _pay_and_ask(link, info, Register(info.id))


async def rebuy(link: RoomLink, info: SitAndGoInfo) -> str:
    return await _pay_and_ask(link, info, Rebuy(info.id))


async def _pay_and_ask(link: RoomLink, info: SitAndGoInfo, request: Register | Rebuy) -> str:
    from cardtui.guest.link import RoomRefused

    chips = link.chips if link.keeps_chips else None
    bought = None
    if chips is not None:
        try:
            bought = chips.sit_down(Game.HOLDEM, info.id, info.buy_in, info.buy_in, link.name)
        except ValueError as error:
            raise RoomRefused(str(error)) from None
    try:
        notice = await link._ask(request, Notice)
    except RoomRefused:
        if chips is not None and bought is not None:
            chips.give_back(Game.HOLDEM, info.id, bought, link.name)
        raise
    return shown(notice.text, notice.key, notice.args)  # in this player's language


async def unregister(link: RoomLink, info: SitAndGoInfo) -> str:
    notice = await link._ask(Unregister(info.id), Notice)
    if link.keeps_chips and link.chips is not None:
        link.chips.stand_up(Game.HOLDEM, info.id, link.name)
    return shown(notice.text, notice.key, notice.args)  # in this player's language


async def start_now(link: RoomLink, info: SitAndGoInfo) -> str:
    """A host's request: start ``info`` with those registered (the room checks the key)."""
    notice = await link._ask(HostStartSitAndGo(info.id), Notice)
    return shown(notice.text, notice.key, notice.args)  # in this player's language


async def create(link: RoomLink, request: CreateSitAndGo) -> str:
    notice = await link._ask(request, Notice)
    return shown(notice.text, notice.key, notice.args)  # in this player's language


async def take_seat(link: RoomLink, info: SitAndGoInfo) -> RemoteSession:
    """The seat the draw gave this player at ``info``'s table, as a table session."""
    session = link.session(info.table)
    await link._ask(Sit(info.table, None, 0), TableSnapshot)
    if hasattr(session, "rebuy_with"):  # a hold'em table's session takes /rebuy
        session.rebuy_with = functools.partial(rebuy, link, info)
    return session
