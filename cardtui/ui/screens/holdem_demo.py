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
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.table import Table
from cardtui.ui.screens.holdem import HoldemScreen
from cardtui.ui.screens.holdem_config import HoldemConfig


class ScriptedBots:
    """A stand-in for :meth:`Table.bot_action`: the given moves in order, then check/call."""

    def __init__(self, table: Table, moves: Iterable[Action] = ()) -> None:
        self.table = table
        self.moves = list(moves)

    def __call__(self) -> Action:
        if self.moves:
            return self.moves.pop(0)
        hand = self.table.hand
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
    if stacks:
        screen.set_stacks(stacks)
    if holes:
        screen.next_deck = stacked_deck(list(holes), board=board)
    if moves is not None:
        screen.table.bot_action = ScriptedBots(screen.table, moves)  # type: ignore[method-assign]
    return screen


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the table has stopped moving (bots done, reveal over)."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
