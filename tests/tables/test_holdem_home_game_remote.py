"""A shared table's home-game questions reach the player's session as a line in the
log, and the player answers in the chat box (/twice, /show, /straddle...)."""

from __future__ import annotations

from functools import partial

from cardtui.guest.holdem import HoldemRemoteSession
from cardtui.holdem.actions import Action, HandEnded
from cardtui.holdem.hand import stacked_deck
from cardtui.room.config import HoldemOptions
from cardtui.tables.session import Event, Note, Seen, ToAct
from tests.room.support import until
from tests.tables.support import Player, join


def hand_ended(player: Player) -> bool:
    return any(isinstance(r, HandEnded) for e in player.of(Seen) for r in e.records)


def shove_and_agree(player: Player, event: Event) -> None:
    """Shove, and answer the question: Ann in the chat box, Bob with the screen's key."""
    session = player.session
    assert session is not None
    if isinstance(event, ToAct):
        legal = event.legal
        session.act(event.seat, Action.all_in() if legal.can_all_in  # type: ignore[attr-defined]
                    else Action.call())
    elif isinstance(event, Note) and "2: twice" in event.text:
        if player.name == "Ann":
            session.chat("/twice")  # typed in the chat box
        else:
            assert isinstance(session, HoldemRemoteSession)
            home = session.capabilities().home  # the screen's key 2
            assert home is not None and home.question == "runs"
            home.answer(2)
            assert home.question == ""  # answered: the key goes away


async def test_both_players_type_twice_and_the_board_runs_twice(make_room) -> None:  # type: ignore[no-untyped-def]
    room = make_room(HoldemOptions(name="Home", seats=2, min_humans=2, bots_fill=False,
                                   between_hands=600, time_bank=0, run_it_twice=True,
                                   straddle=True))
    table = room.tables["t1"]
    table.next_deck = stacked_deck(["AsKs", "7h7d"], board="Jc3d5c 4h Qs 2c3c4c Td Ac")
    players = [await join(room, n) for n in ("Ann", "Bob")]
    for player in players:
        player.on_event = shove_and_agree
        player.listen(await player.link.sit("t1", 1000))
    await until(lambda: table.last_hand is not None)
    hand = table.last_hand
    assert hand is not None and hand.runs == 2
    for player in players:
        asked = [e.text for e in player.of(Note) if "2: twice" in e.text]
        assert asked == ["All in: run it twice? 2: twice, 1: once (8 s; no answer: once)."]
        await until(partial(hand_ended, player))
    # A standing choice goes to the room; one the room refuses is said in the log.
    ann = players[0].session
    assert ann is not None
    ann.chat("/straddle")
    await until(lambda: "profile-Ann" in table.home.straddlers)
    assert isinstance(ann, HoldemRemoteSession)
    home = ann.capabilities().home  # the screen's key x
    assert home is not None and home.offers_straddle and home.straddling
    home.straddle(False)
    await until(lambda: "profile-Ann" not in table.home.straddlers)
    ann.chat("/show")
    await until(lambda: any(e.text == "Nobody asked you to show." for e in players[0].of(Note)))
    assert sum(o.stack for o in table.seats if o is not None) == 2000
