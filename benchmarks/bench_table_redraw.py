"""One player's blackjack screen at a shared table of six: the game's CPU per round, in-process.

The SSH latency benchmark (``bench_room_latency.py``) showed sixty game
processes saturating two cores, each redrawing its table on every message
from the room. This measures one such game alone and repeatably: the real
app, headless at 80x24 (:meth:`App.run_test`), a :class:`BlackjackScreen`
seated at seat 0 of a shared table in an in-process :class:`Room`, the other
five seats played by fake game processes (:class:`tests.room.support.FakeClient`)
that bet and stand after ``--think`` seconds. The room and its fake players
run in a thread of their own with their own event loop, so the main thread's
CPU clock (``time.thread_time``) is the game's alone: the app, its screen and
its link to the room. Printed per round:

- **CPU**: the game's main thread, and the whole process beside it;
- **layouts**: how many times the screen was laid out (``Screen._refresh_layout``);
- **renders**: how many compositor updates it drew (``Screen._compositor_refresh``);
- who asked for the layouts (``refresh(layout=True)``, by widget);
- **the peer**, measured in the same run: the same screen and the same rounds
  at a local table with five bots (no room at all).

Headless Textual skips turning a frame into terminal bytes; here each frame is
turned into them anyway (as the SSH game does), so that cost is counted too.

Counts are the same on any machine; CPU is not (note ``/proc/loadavg``).

Run:  python3 benchmarks/bench_table_redraw.py [--rounds 8] [--think 0.3]
      [--animation normal|off] [--profile] [--skip-local]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import cProfile
import io
import pstats
import random
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # tests.room.support, the fake players

T = TypeVar("T")

SEATS = 6
WARMUP_ROUNDS = 1
#: Seconds between the player's looks at the screen (``--think`` is measured in these).
POLL = 0.1


@dataclass
class Counts:
    """What the screen did while measured (machine-independent)."""

    layouts: int = 0
    renders: int = 0
    asked: collections.Counter[str] = field(default_factory=collections.Counter)
    #: CPU seconds in layouts (with the render each ends in) and in the other renders.
    layout_cpu: float = 0.0
    render_cpu: float = 0.0
    #: Widgets whose lines were rendered (not from Textual's cache), by widget.
    drawn: collections.Counter[str] = field(default_factory=collections.Counter)
    #: CPU seconds spent drawing each widget's lines, by widget.
    drawn_cpu: collections.Counter[str] = field(default_factory=collections.Counter)


@dataclass(frozen=True)
class Result:
    label: str
    rounds: int
    cpu: float  # the main thread's CPU seconds
    process_cpu: float
    seconds: float
    counts: Counts
    profile: pstats.Stats | None


class RoomThread:
    """A room and its fake players on an event loop of their own (their CPU is not the game's)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    async def wait(self, coro: Coroutine[Any, Any, T]) -> T:
        """``coro`` on the room's loop, awaited from the game's loop."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)


async def open_room(think: float, seed: int) -> tuple[Any, list[Any]]:
    """A room with one blackjack table of six, seats 1-5 taken by players who bet and stand."""
    from cardtui.blackjack.records import Action
    from cardtui.room.config import BlackjackOptions
    from cardtui.room.connection import Member
    from cardtui.room.room import Room
    from cardtui.wire.protocol import (
        Bet,
        BetsOpen,
        BlackjackAction,
        HandStarted,
        Message,
        Sit,
        TableSnapshot,
        YourTurnBlackjack,
    )
    from tests.room.support import FakeClient

    room = Room([BlackjackOptions(name="Pit", seats=SEATS, action_clock=60, betting_clock=60,
                                  between_rounds=0.5, seed=seed)], rng=random.Random(seed))
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    bet_this_hand: set[str] = set()

    def player(client: FakeClient, message: Message) -> None:
        name = client.member.name
        # People take a while over each decision (0.5x to 1.5x ``think``).
        later = think * (0.5 + rng.random())
        if isinstance(message, HandStarted):
            bet_this_hand.discard(name)
        elif isinstance(message, BetsOpen) and name not in bet_this_hand:
            bet_this_hand.add(name)
            loop.call_later(later, client.send, Bet(message.table, 10))
        elif isinstance(message, YourTurnBlackjack) and message.seat == client_seat[name]:
            move = Action.STAND if Action.STAND in message.legal else Action.DECLINE_INSURANCE
            loop.call_later(later, client.send, BlackjackAction(message.table, move))

    clients = []
    client_seat: dict[str, int] = {}
    for seat in range(1, SEATS):
        name = f"Bot{seat}"
        client = await FakeClient.join(room, Member(f"profile-{name}", name))
        client_seat[name] = seat
        start = len(client.messages)
        client.send(Sit("t1", seat, 1000))
        await client.wait_for(lambda m, s=seat: isinstance(m, TableSnapshot) and m.your_seat == s,
                              after=start)
        client.on_message = player
        clients.append(client)
    return room, clients


async def attach(room: Any, member: Any) -> socket.socket:
    from cardtui.room.room import room_pair

    return await room_pair(room, member)


def counting(screen: Any, counts: Counts) -> Callable[[], None]:
    """Count the screen's layouts and renders, and who asks for layouts; returns the undo."""
    from textual.screen import Screen
    from textual.widget import Widget

    layout, render, refresh = Screen._refresh_layout, Screen._compositor_refresh, Widget.refresh
    lines = Widget.render_lines

    def spy_lines(self: Widget, crop: Any) -> Any:
        if not (self.is_attached and self.screen is screen):
            return lines(self, crop)
        counts.drawn[name(self)] += 1
        start = time.thread_time()
        try:
            return lines(self, crop)
        finally:
            counts.drawn_cpu[name(self)] += time.thread_time() - start

    in_layout = [False]

    def spy_layout(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        if self is not screen:
            return layout(self, *args, **kwargs)
        counts.layouts += 1
        start, in_layout[0] = time.thread_time(), True
        try:
            layout(self, *args, **kwargs)
        finally:
            in_layout[0] = False
            counts.layout_cpu += time.thread_time() - start

    def spy_render(self: Screen[Any]) -> None:
        if self is not screen:
            return render(self)
        counts.renders += 1
        start = time.thread_time()
        render(self)
        if not in_layout[0]:
            counts.render_cpu += time.thread_time() - start

    def spy_refresh(self: Widget, *regions: Any, layout: bool = False, **options: Any) -> Widget:
        if layout and self.screen is screen if self.is_attached else False:
            counts.asked[name(self)] += 1
        return refresh(self, *regions, layout=layout, **options)

    Screen._refresh_layout = spy_layout  # type: ignore[method-assign]
    Screen._compositor_refresh = spy_render  # type: ignore[method-assign]
    Widget.refresh = spy_refresh  # type: ignore[method-assign]
    Widget.render_lines = spy_lines  # type: ignore[method-assign]

    def undo() -> None:
        Screen._refresh_layout = layout  # type: ignore[method-assign]
        Screen._compositor_refresh = render  # type: ignore[method-assign]
        Widget.refresh = refresh  # type: ignore[method-assign]
        Widget.render_lines = lines  # type: ignore[method-assign]

    return undo


def name(widget: Any) -> str:
    return f"{type(widget).__name__}#{widget.id or ''}"


def terminal_bytes(app: Any) -> None:
    """Turn each frame into terminal bytes as a real (not headless) app does, then drop them."""
    from textual._compositor import CompositorUpdate

    display = app._display

    def draw(screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and app._running:
            renderable.render_segments(app.console)
        display(screen, renderable)

    app._display = draw


async def play_rounds(app: Any, make_screen: Callable[[], Any], rounds_of: Callable[[Any], int],
                      rounds: int, think: float, *, profile: bool, label: str) -> Result:
    """Play ``WARMUP_ROUNDS``, then ``rounds`` measured rounds: bet, stand, decline insurance."""
    counts = Counts()
    async with app.run_test(size=(80, 24)) as pilot:
        terminal_bytes(app)
        screen = make_screen()
        await app.push_screen(screen)

        def rounds_done() -> int:
            return rounds_of(screen)

        pressed: dict[str, float] = {}
        start_cpu = start_process = start_wall = 0.0
        profiler: cProfile.Profile | None = None
        undo: Callable[[], None] | None = None
        first = rounds_done()
        polling = 0.0
        deadline = time.monotonic() + 60 + rounds * 60
        while rounds_done() < first + WARMUP_ROUNDS + rounds:
            if time.monotonic() > deadline:
                from textual.widgets import Static

                message = screen.query_one("#message", Static).render()
                raise TimeoutError(f"{label}: stuck after {rounds_done() - first} rounds "
                                   f"at {str(message)!r}; animating {screen.animating}, "
                                   f"stand {screen.check_action('stand', ())}")
            if undo is None and rounds_done() >= first + WARMUP_ROUNDS:
                undo = counting(screen, counts)
                if profile:
                    profiler = cProfile.Profile(time.thread_time)  # CPU, not waits
                    profiler.enable()
                start_cpu, start_process, start_wall = (
                    time.thread_time(), time.process_time(), time.monotonic())
                polling = 0.0
            polled = time.thread_time()
            for action, key in (("deal", "d"), ("stand", "s"), ("no_insurance", "n")):
                # (At a local table "d" mid-round would forfeit it: only between rounds.)
                dealing = action == "deal" and screen.presenter.deal_forfeits
                if screen.check_action(action, ()) and not dealing:
                    # One decision: first seen now; pressed once ``think`` has gone by.
                    seen = pressed.setdefault(action, time.monotonic())
                    if time.monotonic() - seen >= think:
                        polling += time.thread_time() - polled
                        await pilot.press(key)  # (the key's handling is the game's)
                        polled = time.thread_time()
                        pressed.pop(action)
                else:
                    pressed.pop(action, None)
            polling += time.thread_time() - polled
            # Each wake-up costs the loop (and so this thread) ~0.1 ms: every 20 ms
            # that was a quarter of a shared round's CPU; every 100 ms, about 5%.
            await asyncio.sleep(POLL)
        # This loop's own checks are the benchmark's, not the game's.
        cpu = time.thread_time() - start_cpu - polling
        process = time.process_time() - start_process
        wall = time.monotonic() - start_wall
        if profiler is not None:
            profiler.disable()
        if undo is not None:
            undo()
        # Leave between reveals: the app closing mid-reveal is not what is measured.
        while screen.animating and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    stats = pstats.Stats(profiler, stream=io.StringIO()) if profiler is not None else None
    return Result(label, rounds, cpu, process, wall, counts, stats)


async def shared(rounds: int, think: float, animation: str, profile: bool, data: Path) -> Result:
    from cardtui.guest.client import RoomClient
    from cardtui.guest.link import RoomLink
    from cardtui.room.connection import Member
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.blackjack.screen import BlackjackScreen

    room_thread = RoomThread()
    try:
        room, clients = room_thread.call(open_room(think, seed=3))
        sock = await room_thread.wait(attach(room, Member("profile-Ann", "Ann")))
        link = RoomLink(await RoomClient.open(sock))
        await link.start()
        while not link.tables:
            await asyncio.sleep(0.01)
        session = await link.sit("t1", 1000, seat=0)
        app = CardtuiApp(data_dir=data / "shared", seed=7, animation=animation)
        return await play_rounds(app, lambda: BlackjackScreen(session=session),
                                 lambda _: session.hand_number, rounds, think,
                                 profile=profile, label="shared")
    finally:
        with_room = room_thread.loop
        for client in locals().get("clients", []):
            asyncio.run_coroutine_threadsafe(client.close(), with_room)
        if "room" in locals():
            asyncio.run_coroutine_threadsafe(room.stop(), with_room).result(10)
        room_thread.stop()


async def local(rounds: int, think: float, animation: str, profile: bool, data: Path) -> Result:
    from cardtui.blackjack.setup import TableSetup
    from cardtui.blackjack.table import SeatKind, SeatSetup
    from cardtui.ui.app import CardtuiApp
    from cardtui.ui.blackjack.screen import BlackjackScreen

    app = CardtuiApp(data_dir=data / "local", seed=7, animation=animation)
    seats = (SeatSetup("Ann"), *(SeatSetup(f"Bot{n}", SeatKind.BOT) for n in range(1, SEATS)))
    app.settings.blackjack = TableSetup(seats=seats).to_json()
    # (Made inside the running app: a local table sits down through the app's session.)
    return await play_rounds(app, BlackjackScreen, lambda screen: screen.session.rounds, rounds,
                             think, profile=profile, label="local")


def report(result: Result, top: int) -> None:
    per = result.rounds or 1
    counts = result.counts
    print(f"{result.label:>7}: {result.rounds} rounds in {result.seconds:.1f} s; "
          f"game CPU {1000 * result.cpu / per:.0f} ms/round "
          f"(process {1000 * result.process_cpu / per:.0f}); "
          f"layouts {counts.layouts / per:.1f}/round, renders {counts.renders / per:.1f}/round")
    print(f"         of which layouts {1000 * counts.layout_cpu / per:.0f} ms/round, other renders "
          f"{1000 * counts.render_cpu / per:.0f} ms/round")
    asked = ", ".join(f"{name} {n / per:.1f}" for name, n in counts.asked.most_common(8))
    print(f"         layout asked by (per round): {asked or 'nobody'}")
    drawn = ", ".join(f"{name} {n / per:.1f}" for name, n in counts.drawn.most_common(12))
    print(f"         widgets drawn (per round, {sum(counts.drawn.values()) / per:.0f} in all): "
          f"{drawn}")
    costly = ", ".join(f"{name} {1000 * cpu / per:.1f}"
                       for name, cpu in counts.drawn_cpu.most_common(8))
    drawing = 1000 * sum(counts.drawn_cpu.values()) / per
    print(f"         drawing by widget (ms per round, {drawing:.0f} in all): {costly}")
    if result.profile is not None:
        stream = io.StringIO()
        result.profile.stream = stream  # type: ignore[attr-defined]
        result.profile.sort_stats("cumulative").print_stats(top)
        result.profile.sort_stats("tottime").print_stats(top)
        print(stream.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--think", type=float, default=0.3,
                        help="seconds each player takes over a decision")
    parser.add_argument("--animation", default="normal", choices=("normal", "fast", "off"))
    parser.add_argument("--profile", action="store_true", help="cProfile the measured rounds")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--profile-out", type=Path, default=None,
                        help="also write the shared table's profile here (pstats)")
    parser.add_argument("--skip-local", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the data directories")
    args = parser.parse_args()
    # Drawn as a game `cardtui serve` started draws (its shortcuts: cardtui/ui/textual_fixes/
    # served.py), the local peer too, so the two differ only in the room.
    from cardtui.ui.textual_fixes import served

    served.apply()
    with open("/proc/loadavg") as loadavg:
        print(f"loadavg before: {loadavg.read().strip()}")
    data = Path(tempfile.mkdtemp(prefix="bench-table-redraw-"))
    for path in (data / "shared", data / "local"):
        path.mkdir()
    try:
        results = [asyncio.run(shared(args.rounds, args.think, args.animation, args.profile,
                                      data))]
        if not args.skip_local:
            results.append(asyncio.run(local(args.rounds, args.think, args.animation,
                                             args.profile, data)))
    finally:
        if args.keep:
            print(f"data kept in {data}")
        else:
            shutil.rmtree(data, ignore_errors=True)
    for result in results:
        report(result, args.top)
    if args.profile_out is not None and results[0].profile is not None:
        results[0].profile.dump_stats(args.profile_out)
    with open("/proc/loadavg") as loadavg:
        print(f"loadavg after: {loadavg.read().strip()}")


if __name__ == "__main__":
    main()
