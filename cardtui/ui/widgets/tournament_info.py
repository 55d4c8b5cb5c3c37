"""A tournament table's info line: the level, the blinds, the hands to the next level, the
players left and the average stack.

The words are :func:`~cardtui.holdem.tournament.info_line`'s (plain Python,
tested without Textual); this widget only draws them, the short form when
the line would not fit, and hides itself at a cash table or a shared one
(whose engine is not here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.cells import cell_len
from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from cardtui.clock import SYSTEM_CLOCK, Clock
from cardtui.holdem.table import BlindLevel, Table
from cardtui.holdem.tournament import TournamentInfo, info_line, tournament_info
from cardtui.i18n import _, chips
from cardtui.ui.widgets.quiet_update import update_quietly
from cardtui.wire.protocol import TournamentState


def info_text(info: TournamentInfo, width: int) -> Text:
    """The line for a ``width``-cell row: the long words when they fit, else the short.

    >>> from cardtui.holdem.table import BlindLevel
    >>> info = TournamentInfo(2, BlindLevel(10, 20), 3, BlindLevel(15, 30), 5, 6, 1200, 17)
    >>> info_text(info, 80).plain
    'Level 2 · Blinds 10/20 · next level in 3 hands · 5/6 left · avg 1,200'
    >>> info_text(info, 50).plain
    'Lv 2 · 10/20 · next in 3 · 5/6 left · avg 1,200'
    """
    line = info_line(info)
    if cell_len(line) > width:
        line = info_line(info, short=True)
    text = Text(line)
    text.stylize("bold", 0, line.index(" · "))
    return text


def clock_words(seconds: float) -> str:
    """A level's time left: ``4:05``, ``0:09``.

    >>> clock_words(245.2), clock_words(9), clock_words(0)
    ('4:05', '0:09', '0:00')
    """
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def shared_line(state: TournamentState, seconds_left: float | None, *,
                short: bool = False) -> str:
    """A sit-and-go table's line: its level on a clock (``seconds_left`` None: the level
    is held, the table paused; the state's ``held`` seconds are shown).

    >>> state = TournamentState("g1", 2, 10, 20, 15, 30, 0.0, 5, 6, 1800)
    >>> shared_line(state, 245)
    'Level 2 · Blinds 10/20 · next level (15/30) in 4:05 · 5/6 left · avg 1,800'
    >>> shared_line(state, 245, short=True)
    'Lv 2 · 10/20 · next in 4:05 · 5/6 left · avg 1,800'
    >>> last = TournamentState("g1", 12, 1000, 2000, 0, 0, 0.0, 2, 6, 4500)
    >>> shared_line(last, None, short=True)
    'Lv 12 · 1000/2000 · last lv · 2/6 left · avg 4,500'
    >>> antes = TournamentState("g1", 4, 25, 50, 50, 100, 0.0, 4, 6, 2250, ante=5, next_ante=10)
    >>> shared_line(antes, 61, short=True)
    'Lv 4 · 25/50 ante 5 · next in 1:01 · 4/6 left · avg 2,250'
    >>> shared_line(antes, 61)
    'Level 4 · Blinds 25/50 ante 5 · next level (50/100 ante 10) in 1:01 · 4/6 left · avg 2,250'
    """
    if not state.next_big:
        next_words = _("last lv") if short else _("last level")
    else:
        left = clock_words(state.held if seconds_left is None else seconds_left)
        paused = _(" (paused)") if seconds_left is None else ""
        next_words = (_("next in {n}").format(n=left) if short else
                      _("next level ({blinds}) in {time}").format(
                          blinds=BlindLevel(state.next_small, state.next_big, state.next_ante),
                          time=left)) + paused
    level = (_("Lv {level}") if short else _("Level {level}")).format(level=state.level)
    # As the local tournament's line shows a level: "25/50 ante 5".
    blinds = str(BlindLevel(state.small_blind, state.big_blind, state.ante))
    blinds = blinds if short else _("Blinds {blinds}").format(blinds=blinds)
    left_words = _("{left}/{entrants} left").format(left=state.players_left,
                                                   entrants=state.entrants)
    average = _("avg {amount}").format(amount=chips(state.average_stack))
    return f"{level} · {blinds} · {next_words} · {left_words} · {average}"


class Begun(Protocol):
    """A hand as it began (the session's ``HandBegins``): its number and who was dealt in."""

    @property
    def number(self) -> int: ...

    @property
    def seats(self) -> Sequence[Chips]: ...


class Chips(Protocol):
    @property
    def stack(self) -> int: ...


def shown_progress(begun: Begun | None, over: bool,
                   seats: Sequence[Chips]) -> tuple[int | None, list[int] | None]:
    """Hands done and stacks as far as a screen has shown them (None: ask the table).

    During a hand on screen: the hands before it, and the stacks it was dealt
    with. After it: that hand done, and the seats as last shown (they change
    once its result has been shown, not before).

    >>> from types import SimpleNamespace as S
    >>> hand = S(number=4, seats=[S(stack=900), S(stack=1100)])
    >>> shown_progress(hand, False, [S(stack=0)])
    (3, [900, 1100])
    >>> shown_progress(hand, True, [S(stack=2000), S(stack=0)])
    (4, [2000, 0])
    >>> shown_progress(None, False, [])
    (None, None)
    """
    if begun is None:
        return None, None
    if not over:
        return begun.number - 1, [s.stack for s in begun.seats]
    return begun.number, [s.stack for s in seats]


class TournamentInfoBar(Static):
    """One line under the felt at a local tournament table; nothing elsewhere."""

    DEFAULT_CSS = """
    TournamentInfoBar {
        height: 1;
        width: 100%;
        padding: 0 1;
        color: $text-muted;
        text-align: center;
    }
    """

    def __init__(self, *, id: str | None = None,  # noqa: A002 - Textual's name
                 clock: Clock = SYSTEM_CLOCK) -> None:
        super().__init__("", id=id)
        self.display = False
        #: A sit-and-go table's state (shared tables): its level counts down each second.
        self._shared: TournamentState | None = None
        self._time = clock
        self._ticking: Timer | None = None

    def show_shared(self, state: TournamentState | None) -> None:
        """Draw a shared sit-and-go table's level, blinds and clock (None: not one)."""
        self._shared = state
        self.display = state is not None
        if state is None:
            return
        if self._ticking is None:
            self._ticking = self.set_interval(1.0, self._draw_shared)
        self._draw_shared()

    def _draw_shared(self) -> None:
        state = self._shared
        if state is None:
            return
        seconds = (None if state.held else
                   max(0.0, state.level_ends - self._time.wall()) if state.level_ends else 0.0)
        width = self.content_size.width or (self.app.size.width - 2)
        line = shared_line(state, seconds)
        if cell_len(line) > width:
            line = shared_line(state, seconds, short=True)
        text = Text(line)
        text.stylize("bold", 0, line.index(" · "))
        update_quietly(self, text)

    def show_table(self, table: Table | None, *, hands_done: int | None = None,
                   stacks: Sequence[int] | None = None) -> None:
        """Draw ``table``'s tournament info (hidden when it is not a tournament), counted
        as far as the screen has shown the hands (see :func:`shown_progress`)."""
        info = (tournament_info(table, hands_done=hands_done, stacks=stacks)
                if table is not None else None)
        self.display = info is not None
        if info is None:
            return
        width = self.content_size.width or (self.app.size.width - 2)
        update_quietly(self, info_text(info, width))
