"""How the hold'em table is drawn: seat panels round the board, the log, the prompt, the keys.

Part of :class:`~cardtui.ui.holdem.screen.HoldemScreen`. Everything is drawn
from the replay model (:class:`~cardtui.holdem.view.TableView`) and what the
session said (the turn, the clock, the notes): the screen's reactive state
redraws through its watchers, each shown step through the record player. A
redraw error is never swallowed: it is a bug and rises.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from cardtui.holdem.legal import LegalActions
from cardtui.tables.session import CLOCK_TICK
from cardtui.ui.holdem import wording as words
from cardtui.ui.record_player import on_screen
from cardtui.ui.widgets.action_bar import ActionBar
from cardtui.ui.widgets.holdem_advice import AdvicePanel, advice_spot, personalities
from cardtui.ui.widgets.holdem_log import TableLog
from cardtui.ui.widgets.holdem_table import HoldemBoard, HoldemSeat, SeatLook, arrange
from cardtui.ui.widgets.quiet_update import update_quietly
from cardtui.ui.widgets.table_footer import TableFooter

if TYPE_CHECKING:
    from cardtui.ui.holdem.screen import HoldemScreen

#: Terminals at least this big get boxed cards and taller seat panels.
ROOMY_SIZE = (110, 34)

class Drawing:
    """The drawing half of :class:`HoldemScreen`."""

    # -- composition -------------------------------------------------------------

    def compose(self: HoldemScreen) -> ComposeResult:
        yield Header()
        # The seats are composed with the screen, not mounted after it: a table
        # left while it is still being built has nothing left to await.
        self.built = top, right, bottom, left = self._arranged()
        with Vertical(id="felt"):
            with Horizontal(id="top-row", classes="seat-row"):
                yield from self._seat_panels(top)
            with Horizontal(id="middle-row"):
                with Vertical(id="left-side", classes="side") as side:
                    side.display = bool(left)
                    yield from self._seat_panels(left)
                yield HoldemBoard(ascii=self.ascii, id="board")
                with Vertical(id="right-side", classes="side") as side:
                    side.display = bool(right)
                    yield from self._seat_panels(right)
            with Horizontal(id="bottom-row", classes="seat-row"):
                yield from self._seat_panels(bottom)
        yield TableLog(ascii=self.ascii, id="log")
        yield AdvicePanel(random.Random(self.app.rng.getrandbits(64)), id="advice")
        yield Static("", id="prompt")
        yield ActionBar(words.BUTTONS, id="buttons")
        yield TableFooter()

    def on_mount(self: HoldemScreen) -> None:
        self.set_class(self.ascii, "ascii")
        self._set_roomy(*self.app.size)
        self.set_interval(CLOCK_TICK, self._tick)  # a running action clock counts down
        self.call_after_refresh(self._sync)  # drawn once mounted (on_screen is true then)

    def on_resize(self: HoldemScreen, event: events.Resize) -> None:
        self._set_roomy(event.size.width, event.size.height)
        self._sync()

    def _set_roomy(self: HoldemScreen, width: int, height: int) -> None:
        self.set_class(width >= ROOMY_SIZE[0] and height >= ROOMY_SIZE[1], "roomy")

    def _seat_panels(self: HoldemScreen, seats: list[int]) -> list[HoldemSeat]:
        return [HoldemSeat(ascii=self.ascii, id=f"seat-{seat}") for seat in seats]

    def _arranged(self: HoldemScreen) -> tuple[list[int], ...]:
        """Seat numbers for the top row, right side, bottom row and left side, as drawn,
        turned so that ``self.bottom`` sits where seat 0 would."""
        count = _panel_count(len(self.view.seats))
        return tuple([(seat + self.bottom) % count for seat in side]
                     for side in arrange(count))

    async def _build_seats(self: HoldemScreen) -> None:
        """Seat panels for a new table (its seat count may differ); one build at a time."""
        async with self._building:
            if self._arranged() == self.built:
                return  # built already (a new table of the same size)
            self.built = top, right, bottom, left = self._arranged()
            for container_id, seats in (("#top-row", top), ("#right-side", right),
                                        ("#bottom-row", bottom), ("#left-side", left)):
                if not self.is_attached or self not in self.app.screen_stack:
                    return  # left while the panels were being changed
                container = self.query_one(container_id)
                await container.remove_children()
                await container.mount_all(self._seat_panels(seats))
                container.display = bool(seats) or "row" in container_id
        self._sync()

    # -- what is shown -------------------------------------------------------------

    def watch_turn(self: HoldemScreen) -> None:
        self._sync()

    def watch_clock(self: HoldemScreen) -> None:
        self._sync()

    def watch_keyboard(self: HoldemScreen) -> None:
        self._sync()

    def watch_notes(self: HoldemScreen) -> None:
        self._sync()

    def _tick(self: HoldemScreen) -> None:
        seconds = self._seconds_left()
        if seconds is not None and seconds != self._ticked:  # its number changed
            self._ticked = seconds
            self._sync()

    def _drawn(self: HoldemScreen) -> bool:
        """Still on screen and not on its way out (at exit the stack keeps it, widgets gone)."""
        return not self._gone and on_screen(self)

    def action_advice(self: HoldemScreen) -> None:
        """o: the advice panel on or off (equity, pot odds, a suggestion on your turn)."""
        panel = self.query_one(AdvicePanel)
        panel.on = not panel.on

    def _seconds_left(self: HoldemScreen) -> int | None:
        """Whole seconds left on the action clock running now (None: no clock)."""
        deadline = self.clock.deadline if self.clock is not None else None
        if deadline is None and self.turn is not None:
            deadline = self.turn.deadline
        return None if deadline is None else max(0, round(deadline - time.monotonic()))

    def _sync(self: HoldemScreen) -> None:
        """Redraw everything from the view and the session's state, and refresh the keys."""
        if not self._drawn():
            return  # gone (or going): its widgets may be removed already
        view = self.view
        roomy = self.has_class("roomy")
        # While a new table's panels are being mounted, some seats have none yet:
        # they are drawn once mounted. Any other error in a redraw is a bug and rises.
        panels = {panel.id: panel for panel in self.query(HoldemSeat)}
        for index, seat in enumerate(view.seats):
            panel = panels.get(f"seat-{index}")
            if panel is not None:
                panel.show(seat if seat.name else None, self.seat_look(index), roomy=roomy)
        self.query_one("#board", HoldemBoard).show(
            view.board, street=self._street_label(), pots=words.pots_text(view, ascii=self.ascii),
            bet=self._bet_text(), highlight=view.winning_cards,
            note=words.hand_note(view, self.viewer, hot_seat=self.hot_seat),
        )
        self.query_one("#log", TableLog).show(view.log, self.said)
        prompt = self.query_one("#prompt", Static)
        update_quietly(prompt, words.with_notes(self.notes, self._prompt(),
                                                prompt.content_size.width))
        self.query_one(AdvicePanel).consider(advice_spot(
            view, self.turn, viewer=self.viewer, viewer_seats=self.session.viewer_seats,
            bots=personalities(self.session)))
        self.query_one(ActionBar).show_legal(lambda action: self.check_action(action, ()))
        self.refresh_bindings()

    def seat_look(self: HoldemScreen, index: int) -> SeatLook:
        """How seat ``index`` is drawn now: markers, status, and whether its cards are face up."""
        view = self.view
        seat = view.seats[index]
        status = words.seat_status(view, index, thinking=self.thinking,
                                   to_act=self.waiting_for, seconds=self._seconds_left())
        away = next((s.status for s in self.seats if s.seat == index), "playing")
        if away in ("sitting out", "away", "waiting") and status in ("", "out", "folded"):
            status = away  # a shared table's seat the room plays for, or not dealt in yet
        return SeatLook(
            markers=words.seat_markers(view, index),
            status=status,
            face_up=seat.shown or index == self.viewer,
            acting=index in (self.waiting_for, self.thinking),
            winner=seat.won > 0,
            highlight=view.winning_cards if seat.won else (),
        )

    def _street_label(self: HoldemScreen) -> str:
        if self.view.positions is None:
            return "Waiting for the deal"
        return "" if self.view.over else self.view.street.label

    def _bet_text(self: HoldemScreen) -> Text:
        if self.view.positions is None or self.view.over:
            return self._blinds_text()
        actor = self.waiting_for if self.waiting_for is not None else self.thinking
        return words.bet_text(self.view, actor)

    def _prompt(self: HoldemScreen) -> Text:
        if self.animating:
            return Text("…  (any key skips)", style="dim")
        if self._sitting_out():  # the room plays for this seat: say how to come back
            return words.shared_prompt(
                seated=True, sitting_out=True,
                closing=self.caps.room is not None and self.caps.room.room_closing)
        if self.thinking is not None and self.thinking != self.waiting_for:
            return Text(f"{self.view.seats[self.thinking].name} is thinking…", style="dim")
        turn = self.turn
        if turn is not None:
            legal = turn.legal
            assert isinstance(legal, LegalActions)
            return words.turn_prompt(self.view.seats[turn.seat].name, legal,
                                     None if turn.deadline is None else self._seconds_left())
        if self.in_hand and self.caps.deals_here:
            # Between one seat's move and the next (a bot about to think): the hand
            # is not over, so "d deals" would be wrong. (A shared table's words say
            # what the room does and how to chat or leave: right at any time.)
            return Text("")
        return self._between_prompt()


def _panel_count(count: int) -> int:
    """Seat panels drawn for ``count`` seats (a shared table's seats may not have come yet)."""
    return min(max(count, 2), 10)
