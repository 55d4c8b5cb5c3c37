"""Set a hold'em table up for a demonstration: known cards, known bot moves.

Used by the screenshot script and the UI tests, which need the same hand on
every machine: :func:`open_table` seats a chosen line-up with a fixed button
and stacks and stacks the deck; :class:`ScriptedBots` makes the bots play
given moves (then check or call) instead of thinking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.pilot import Pilot

from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.ui.holdem.screen import HoldemScreen


class ScriptedBots:
    """A stand-in for the bots' decision: the given moves in order, then check/call."""

    def __init__(self, session: HoldemLocalSession, moves: Iterable[Action] = ()) -> None:
        self.session = session
        self.moves = list(moves)

    def __call__(self) -> Action:
        if self.moves:
            return self.moves.pop(0)
        hand = self.session.hand
        assert hand is not None
        return Action.check() if hand.can_check() else Action.call()


async def open_table(
    pilot: Pilot[int],
    config: HoldemConfig,
    *,
    button: int,
    holes: Sequence[str] = (),
    board: str = "",
    stacks: dict[int, int] | None = None,
    moves: Iterable[Action] | None = None,
) -> HoldemScreen:
    """Open the hold'em table with ``config`` and a stacked first hand (not dealt yet).

    ``holes`` are in dealing order: the first seat left of the button first.
    ``moves`` script the bots (None: the bots think for themselves).
    """
    app = pilot.app
    app.settings.holdem = config.to_json()  # type: ignore[attr-defined]
    screen = HoldemScreen()
    await app.push_screen(screen)
    await pilot.pause()
    await screen.new_table(button=button)
    session = screen.session
    assert isinstance(session, HoldemLocalSession)
    if stacks:
        session.set_stacks(stacks)
    if holes:
        session.next_deck = stacked_deck(list(holes), board=board)
    if moves is not None:
        session.decide = ScriptedBots(session, moves)
    return screen


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the table has stopped moving (bots done, reveal over)."""
    app = pilot.app
    await pilot.pause()
    while True:
        await app.workers.wait_for_complete()
        tables = [s.session for s in app.screen_stack
                  if isinstance(s, HoldemScreen) and isinstance(s.session, HoldemLocalSession)]
        busy = [t for t in tables if t.busy]
        if not busy:
            break
        for table in busy:
            await table.idle()
        await pilot.pause()
    await pilot.pause()


# --- scenes: the screenshot script and the snapshot tests show these ----------------


def _line_up(count: int, humans: Sequence[str] = ("Player",)) -> HoldemConfig:
    styles = (Personality.SHARK, Personality.ROCK, Personality.MANIAC)
    bots = [SeatConfig(f"Bot {n}", styles[n % 3]) for n in range(len(humans), count)]
    return HoldemConfig(seats=(*(SeatConfig(name) for name in humans), *bots))


_FOLD, _CALL = Action.fold(), Action.call()


async def preflop(pilot: Pilot[int]) -> None:
    """Six seats; Bot 2 raises, Bot 3 calls, two fold: the player's turn in the small blind."""
    await open_table(
        pilot, _line_up(6), button=5,
        holes=["AhKh", "9c9d", "QsJs", "8d7d", "5c2h", "Tc3s"],
        moves=[Action.raise_to(30), _CALL, _FOLD, _FOLD],
    )  # fmt: skip
    await pilot.press("d")
    await settle(pilot)


async def flop_side_pot(pilot: Pilot[int]) -> None:
    """Bot 1 is all-in for 60 in the big blind: a main pot and a side pot on the flop."""
    await open_table(
        pilot, _line_up(6), button=5, stacks={1: 60},
        holes=["AhKh", "9c9d", "QsJs", "8d7d", "5c2h", "Tc3s"], board="Kd 9s 4h 2d 7c",
        moves=[Action.raise_to(100), _FOLD, _FOLD, _FOLD],
    )  # fmt: skip
    await pilot.press("d")
    await settle(pilot)
    await pilot.press("c")
    await settle(pilot)


async def showdown(pilot: Pilot[int]) -> None:
    """Four players check it down; the player's flush wins, its five cards highlighted."""
    await open_table(
        pilot, _line_up(6), button=5,
        holes=["AsKs", "7c7d", "QhJh", "9c8c", "5d4d", "Tc2c"], board="Js 7s 2s 4h Qd",
        moves=[_CALL, _CALL, _FOLD, _FOLD],
    )  # fmt: skip
    await pilot.press("d")
    await settle(pilot)
    for _ in range(4):
        await pilot.press("c")
        await settle(pilot)


async def ten_seats(pilot: Pilot[int]) -> None:
    """A full ring: ten seats, the player to act in the small blind."""
    await open_table(
        pilot, _line_up(10), button=9,
        holes=["AhKh", "9c9d", "QsJs", "8d7d", "5c2h", "Tc3s", "6h6s", "Ad4c", "Jc9h", "3d2d"],
        moves=[Action.raise_to(30), _FOLD, _CALL, _FOLD, _CALL, _FOLD, _FOLD, _FOLD],
    )  # fmt: skip
    await pilot.press("d")
    await settle(pilot)


async def pass_to(pilot: Pilot[int]) -> None:
    """Hot seat: Ann and Bob share the keyboard; Bot 3 calls and the table is covered for Ann."""
    await open_table(pilot, _line_up(4, humans=("Ann", "Bob")), button=0,
                              holes=["AhKh", "9c9d", "QsJs", "8d7d"], moves=[_CALL])
    await pilot.press("d")
    await settle(pilot)


async def raise_error(pilot: Pilot[int]) -> None:
    """The bet bar after a too-small amount: the message gives the minimum."""
    await preflop(pilot)
    await pilot.press("r", "4", "0", "enter")
    await pilot.pause()
