"""The profile's kept chips at the room's shared tables: bought in, played, cashed out once.

A key holder's profile (its store, in the game process) keeps the chips; the
room (the server process) holds the seat and the stack the hands are dealt
from. The store marks where chips are: a buy-in moves them from the balance
to the place :func:`~cardtui.store.records.room_table` names, each settled
hand moves them there in the transaction that records the hand (the room's
``Settled`` reaches the store through the table screen, or through the link
when no screen shows the table), and standing up moves the place's chips
back to the balance. The room's stack and the place's chips agree hand by
hand: both start at the buy-in and both change by the hands' results.

That agreement survives a game killed between the room settling a hand and
the store writing it: the room keeps each of a key holder's settled hands
until the game acknowledges it, which the game does only once the store has
committed the hand (:mod:`cardtui.guest.link`), and sends every hand still
kept on the profile's next connection. The store knows each shared hand by
its name (the room's id, the table, the hand's number) and records it, and
moves its chips, once, however often it comes.

When the seat ends without this process standing up (the connection dropped
and the grace period ran out, the game process was killed, the room stopped)
the chips stay at their place in the store until a game process of the
profile next joins the room: it asks the room which seats it still holds
(:attr:`~cardtui.wire.protocol.Welcome.seated_at`), records the results the
room kept for it, and only then returns the chips of every other place
(:meth:`RoomChips.return_unheld`). A hand the room voided when it stopped
returned every bet to the stacks, so the last recorded figure is the stack.
A hand that settles after its player stood up (a leave mid-hand finishes the
hand) finds no chips at its place and moves the balance instead.

Guests keep table-only chips: their profile is thrown away when they leave.

>>> from cardtui.store import Outcome, SeatResult, Store
>>> from cardtui.store.records import room_table
>>> store = Store(":memory:")
>>> chips = RoomChips(store)
>>> chips.sit_down(Game.HOLDEM, "t1", wanted=400, low=200, player="Ann")
Seated(chips=400, balance=600, rebought=0, rebuys=0, returned=0)
>>> _ = store.record_round(Game.HOLDEM, [SeatResult("Ann", 30, 60, Outcome.WIN)],
...                        bankroll_player="Ann", bankroll_place=room_table("t1"))
>>> store.chips_at(Game.HOLDEM)
{'room:t1': 460}
>>> chips.return_unheld(held=(), player="Ann")
[(<Game.HOLDEM: 'holdem'>, 't1', 460)]
>>> store.balance(Game.HOLDEM)
1060
>>> _ = store.close()
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtui.games import Game
from cardtui.store import Bankroll, Store
from cardtui.store.records import room_table
from cardtui.tables.bankroll import Seated, buy_in

#: The start of every shared table's place (see :func:`room_table`).
ROOM_PLACE = room_table("")


class RoomChips:
    """A key holder's kept chips at the tables of the room this game process joined."""

    def __init__(self, store: Store, session_id: str = "") -> None:
        self.store = store
        self.session_id = session_id

    def sit_down(self, game: Game, table_id: str, wanted: int, low: int,
                 player: str) -> Seated:
        """Buy in for a seat at ``table_id`` before asking the room for it.

        Chips already at that place stay there: another game of the same key
        may be playing them in the room's one seat of this profile there (the
        room then refuses this seat, and :meth:`give_back` returns this buy-in
        alone). Chips a seat that ended left there come back when no game of
        the profile sits there (:meth:`return_unheld`, on joining the room).
        ValueError when the balance cannot buy in (see :func:`buy_in`).
        """
        game, place = Game(game), room_table(table_id)
        return buy_in(self.store, game, wanted, low, self.session_id, player=player,
                      place=place)

    def give_back(self, game: Game, table_id: str, bought: Seated, player: str) -> Bankroll:
        """The room refused the seat: the chips this buy-in took go back, and no others."""
        return self.store.cash_out(Game(game), self.session_id, player=player,
                                   place=room_table(table_id), most=bought.chips)

    def stand_up(self, game: Game, table_id: str, player: str = "") -> Bankroll:
        """The chips at ``table_id`` go back to the balance (the room refused the seat, or
        the player left it); the bankroll after."""
        return self.store.cash_out(Game(game), self.session_id, player=player,
                                   place=room_table(table_id))

    def return_unheld(self, held: Iterable[str], player: str) -> list[tuple[Game, str, int]]:
        """Cash out every shared table's chips whose seat the room no longer holds.

        ``held``: the ids of the tables where the room still seats this
        profile; ``player``: the name the profile plays under (kept with each
        cash-out). Returns each game, table id and the chips that came back.
        """
        kept = set(held)
        returned = []
        for game in Game:
            for place, chips in self.store.chips_at(game).items():
                table_id = place.removeprefix(ROOM_PLACE)
                if place.startswith(ROOM_PLACE) and table_id not in kept:
                    self.store.cash_out(game, self.session_id, player=player, place=place)
                    returned.append((game, table_id, chips))
        return returned


def returned_note(returned: list[tuple[Game, str, int]]) -> str | None:
    """What the player is told about chips :meth:`RoomChips.return_unheld` brought back.

    (Not the table's name: a room that started again numbers its tables afresh,
    so the id may name another table now.)

    >>> note = returned_note([(Game.HOLDEM, "t1", 460), (Game.BLACKJACK, "t9", 50)])
    >>> note.split(":")[0]
    "460 Hold'em chips and 50 Blackjack chips left at shared tables came back to your balance"
    """
    if not returned:
        return None
    parts = [f"{chips:,} {_SHORT[game]} chips" for game, _, chips in returned]
    listed = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    where = "a shared table" if len(parts) == 1 else "shared tables"
    return (f"{listed} left at {where} came back to your balance: your game ended there "
            "without standing up (closed, cut off, or the room stopped), and the room no "
            "longer holds the seat.")


_SHORT = {Game.BLACKJACK: "Blackjack", Game.HOLDEM: "Hold'em"}
