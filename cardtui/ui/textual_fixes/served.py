"""The served game's drawing shortcuts: private Textual API a game under ``cardtui serve`` uses.

A game alone in a terminal does not need any of this; a room of players,
each a game process on one host, pays every cost below once per player per
frame. So these are installed only where they pay: by the entry point of a
game that ``cardtui serve`` started (:func:`cardtui.cli.run_app` calls
:func:`apply`, and gives the app :func:`driver_class`), and by the serve
template, whose rehearsal warms what every forked game inherits
(:mod:`cardtui.serve.rehearsal`). A local game runs Textual as it is. What is
drawn is the same either way: the snapshots are taken without them, and the
served tests draw with them.

All seen on Textual 8.2.8; none has a Textual issue (they are costs, not
bugs). Canaries: ``tests/ui/test_textual_fixes_served.py``.

**Drawing widgets far from what changed** (``Compositor._get_renders``,
``Compositor.render_partial_update``, reading ``_visible_widgets`` and
``_dirty_regions``). To draw a change, Textual's compositor renders every
widget whose *clip* (the area of its container) meets the changed area, not
every widget whose own region does: each widget placed straight on the
screen (the header, the rules line, the message, the keys line) was rendered
again for a card landing in a seat's panel, and its lines then thrown away.
At a shared table that is every frame at every player's screen
(benchmarks/bench_table_redraw.py: 15 widgets a frame, 6 once only those in
the changed area are asked). Only the widgets whose region meets the changed
area are rendered now; what is drawn is the same, since a widget only ever
draws inside its region. The changed area is the changed regions themselves,
not the box around them: a turn passing from one seat to the next changes two
panels and the message line below them, and the box around those held every
seat of the table.

**Restyling every rule for one class** (``Stylesheet.replace_rules``). When a
widget's classes change, Textual works out its rules again (quick) and then
sets every one of them on the widget, changed or not: each set parses and
checks its value and asks for a refresh, ~40 of them for a seat's panel. At a
shared table a panel's "acting" class comes and goes twice a turn at every
player's screen (0.8 ms each, a sixth of a screen's work for the turn).
Unless a transition may run, only the rules whose value changed are set now;
the styles that result are the same.

**One stylesheet parse per process** (``Stylesheet._parse_rules``, reading
``Stylesheet._variables``). A parse cache belongs to one ``Stylesheet`` and
``Stylesheet.reparse`` starts from a new one: a game parsed every stylesheet
on start, again when the app set its theme, and again when the lobby's styles
arrived, a tenth of a second of CPU per player. With
:func:`share_parsed_stylesheets` every ``Stylesheet`` in the process shares
one cache (keyed by the text, where it came from and the theme's variables);
the template fills it once and every forked game inherits it.

**An input thread that sleeps until a key** (``LinuxDriver.run_input_thread``
copied, with ``textual._loop.loop_last``, ``textual._parser.ParseError``,
``textual._xterm_parser.XTermParser`` and the parser's ``_timeout_time``).
Textual's Linux driver reads keys in a thread that wakes ten times a second
whether or not anything came: to notice the app is stopping, and to let a
lone Escape through once it is clear no sequence follows it (the parser's
timeout, ``XTermParser.tick``). Each wake costs a game ~0.14 ms of CPU: an
idle player, 1.4 ms a second, and a host with a hundred players idle in the
lobby spends a seventh of a core on it. :class:`QuietInputDriver`'s thread
waits for a key, for the parser's own timeout when one is pending, or for the
driver to stop (a pipe written as the stop is signalled), and nothing else.
Keys are read, decoded and parsed exactly as Textual does (Textual 8.2.8's
loop with only the wait changed); if the Textual installed is not one this
was written for, the game keeps Textual's driver (:func:`driver_class`).

**A screen that holds its first frame** (``Screen._compositor_refresh``,
:class:`HeldFirstFrame`, the lobby's): Textual has no public way to keep a
laid-out screen from being drawn. A served player's first screen said
"Joining the room…" and was drawn and sent again a few milliseconds later
with the tables: two frames' work for every player who arrives.

(The other served shortcut, sending only the cells that changed, is no
override: :mod:`cardtui.serve.changed_cells` filters the bytes Textual
writes, in the seat process.)
"""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from codecs import getincrementaldecoder
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from textual._compositor import Compositor
from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Region
from textual.screen import Screen

from cardtui.ui.textual_fixes import Patch

# -- drawing only what changed ---------------------------------------------


def _guard_renders(get_renders: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    def _get_renders(self: Compositor, crop: Region | None = None) -> Iterator[Any]:
        visible = self.visible_widgets
        if crop is None:
            yield from get_renders(self, crop)
            return
        changed = getattr(self, "_cardtui_changed", None) or (crop,)
        near = {widget: place for widget, place in visible.items()
                if any(place[0].overlaps(region) for region in changed)}
        if len(near) == len(visible):
            yield from get_renders(self, crop)
            return
        # Textual reads the widgets to render from this map (rebuilt on the next layout).
        self._visible_widgets = near
        try:
            yield from get_renders(self, crop)
        finally:
            if self._visible_widgets is near:
                self._visible_widgets = visible

    return _get_renders


def _guard_partial(render: Callable[[Compositor], Any]) -> Callable[[Compositor], Any]:
    """Lets the renders guard see the regions changed, not only the box around them."""

    def render_partial_update(self: Compositor) -> Any:
        self._cardtui_changed = tuple(self._dirty_regions)  # type: ignore[attr-defined]
        try:
            return render(self)
        finally:
            self._cardtui_changed = ()  # type: ignore[attr-defined]

    return render_partial_update


def _guard_restyle(replace: Callable[..., None]) -> Any:
    def replace_rules(cls: type[Stylesheet], node: Any, rules: Any,
                      animate: bool = False) -> None:
        base = node.styles.base
        now = base._rules
        if animate and (rules.get("transitions") or now.get("transitions")):
            replace(node, rules, animate=animate)  # a transition may run: Textual's way
            return
        get = rules.get
        changed = False
        for key in now.keys() | rules.keys():
            value = get(key)
            if now.get(key) != value:
                setattr(base, key, value)
                changed = True
        if changed or not animate:  # (Textual's animated path stops early when unchanged)
            node.notify_style_update()

    return classmethod(replace_rules)


RENDERS = Patch(Compositor, "_get_renders", _guard_renders)
PARTIAL = Patch(Compositor, "render_partial_update", _guard_partial)
RESTYLE = Patch(Stylesheet, "replace_rules", _guard_restyle)

# -- one stylesheet parse per process ---------------------------------------

#: Parsed stylesheets kept at most: every screen's and widget's, for a few themes.
MAX_PARSED = 1024

_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
#: The variables dict last seen and its key: a parse of the whole stylesheet asks
#: once per source (about 80) with the same dict, and freezing its ~150
#: items each time was most of a cached parse.
_variables_key: tuple[object, frozenset[tuple[str, str]]] = (None, frozenset())


def _theme_key(variables: dict[str, str]) -> frozenset[tuple[str, str]]:
    global _variables_key
    seen, key = _variables_key
    if seen is not variables:
        key = frozenset(variables.items())
        _variables_key = (variables, key)
    return key


#: Textual's own parse (the shared cache's, once installed).
_parse_alone: Callable[..., list[RuleSet]] = Stylesheet._parse_rules


def _share_parse(parse_alone: Callable[..., list[RuleSet]]) -> Callable[..., list[RuleSet]]:
    global _parse_alone
    _parse_alone = parse_alone

    def _parse_rules(
        self: Stylesheet, css: str, read_from: tuple[str, str], is_default_rules: bool = False,
        tie_breaker: int = 0, scope: str = "",
    ) -> list[RuleSet]:  # fmt: skip
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               _theme_key(self._variables))  # fmt: skip
        rules = _PARSED.get(key)
        if rules is None:
            rules = _parse_alone(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_PARSED) < MAX_PARSED:
                _PARSED[key] = rules
        return rules

    return _parse_rules


PARSE = Patch(Stylesheet, "_parse_rules", _share_parse)


def share_parsed_stylesheets() -> None:
    """Every ``Stylesheet`` in this process (and in its forks) shares one parse cache."""
    PARSE.install()


def parsed_stylesheets() -> int:
    """How many parsed stylesheets the shared cache holds."""
    return len(_PARSED)


# -- the input thread ---------------------------------------------------------

#: The longest wait while the parser has a timeout pending (Textual's own step).
POLL = 0.1


class _WakingEvent(threading.Event):
    """The driver's stop signal: setting it also wakes the input thread's wait."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):  # (full: a wake is waiting already)
            os.write(self._wake, b"x")


class QuietInputDriver(LinuxDriver):
    """Textual's :class:`LinuxDriver`, whose input thread wakes only when there is work."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._woken, self._wake = os.pipe()
        os.set_blocking(self._woken, False)
        os.set_blocking(self._wake, False)
        self.exit_event = _WakingEvent(self._wake)

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual's loop; see the module's note)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._woken, selectors.EVENT_READ)

        fileno = self.fileno
        EVENT_READ = selectors.EVENT_READ  # noqa: N806 - as Textual names it

        parser = XTermParser(self._debug)
        feed = parser.feed
        tick = parser.tick

        utf8_decoder = getincrementaldecoder("utf-8")().decode
        decode = utf8_decoder
        read = os.read

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]],
            final: bool = False,
        ) -> None:
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & EVENT_READ:
                    unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        # This can occur if the stdin is piped
                        break
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        def keys(ready: list[tuple[selectors.SelectorKey, int]]
                 ) -> list[tuple[selectors.SelectorKey, int]]:
            if any(key.fd == self._woken for key, _ in ready):
                _drain(self._woken)
            return [(key, mask) for key, mask in ready if key.fd == fileno]

        try:
            while not self.exit_event.is_set():
                # Nothing pending in the parser: nothing to do until a key or the stop.
                wait = None if parser._timeout_time is None else POLL
                process_selector_events(keys(selector.select(wait)))
            selector.unregister(self.fileno)
            process_selector_events(keys(selector.select(POLL)), final=True)

        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass

    def close(self) -> None:
        super().close()
        os.close(self._woken)
        os.close(self._wake)


def _drain(fd: int) -> None:
    with contextlib.suppress(BlockingIOError):
        while os.read(fd, 512):
            pass


def fits(parser: XTermParser | None = None) -> bool:
    """Whether the Textual installed has what :class:`QuietInputDriver` relies on.

    >>> fits()
    True
    """
    parser = parser or XTermParser()
    return (hasattr(parser, "_timeout_time") and hasattr(LinuxDriver, "run_input_thread")
            and hasattr(LinuxDriver, "process_message"))


def driver_class(chosen: type[Driver]) -> type[Driver]:
    """The driver a served game runs with, given the one Textual chose."""
    return QuietInputDriver if chosen is LinuxDriver and fits() else chosen


# -- a screen that holds its first frame --------------------------------------


class HeldFirstFrame(Screen[None]):
    """A screen that may draw nothing until it is ready (:meth:`hold_first_frame`).

    While held, the screen is still laid out as it is built; what changed
    meanwhile is drawn once, in full, by :meth:`draw_now`.
    """

    _holding = False

    def hold_first_frame(self, at_most: float) -> None:
        """Draw nothing until :meth:`draw_now`, or ``at_most`` seconds have passed."""
        self._holding = True
        self.set_timer(at_most, self.draw_now)

    def _compositor_refresh(self) -> None:
        # Textual's one way from a laid-out screen to the terminal: while the
        # screen holds its first frame, the areas to draw only add up.
        if not self._holding:
            super()._compositor_refresh()

    def stop_holding(self) -> None:
        """Stop holding without drawing now: what changes next is drawn, with all the rest."""
        self._holding = False

    def draw_now(self) -> None:
        """Stop holding: draw what the screen has now (nothing if it was not held)."""
        if self._holding:
            self._holding = False
            if self.is_attached:
                self.refresh()


#: The patches a served game installs (the parse cache is the template's: see above).
SHORTCUTS = (RENDERS, PARTIAL, RESTYLE)


def apply() -> None:
    """Install the served game's drawing shortcuts (once)."""
    if hasattr(Compositor(), "_visible_widgets"):  # what the renders guard swaps
        RENDERS.install()
        PARTIAL.install()
    RESTYLE.install()


@contextmanager
def drawing_as_served() -> Iterator[None]:
    """The shortcuts installed while the block runs (tests of a served game's drawing)."""
    were = [patch for patch in SHORTCUTS if patch.installed]
    apply()
    try:
        yield
    finally:
        for patch in SHORTCUTS:
            if patch not in were:
                patch.remove()
