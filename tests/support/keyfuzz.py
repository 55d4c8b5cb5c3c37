"""A seeded key fuzzer for the whole app: random keys over every screen, checked after each.

An :class:`Episode` runs the app (headless, through Textual's Pilot) on a fresh
data directory with one table line-up, one terminal size and one animation
speed, and presses keys chosen by a seeded ``random.Random``: mostly keys the
screen offers now (its enabled bindings), the rest anything a person might hit
(letters, digits, arrows, Enter, Escape, Tab, Ctrl+P), now and then a burst
of keys sent together as a fast typist would, or a pause that lets a reveal
or a bot play by itself. After every key it checks that

- nothing raised (an exception stops the app: :class:`FuzzFailure` names the
  seed and the keys that led there, so it can be replayed);
- chips are conserved at every table the engines made (a blackjack table's
  bankrolls plus the house rack equal every chip bought; a hold'em table's
  stacks equal its buy-ins plus rebuys);
- the screen leaves the player a legal key: an enabled binding of the
  screen or its focused widget, besides the ones every screen has (Tab,
  copy, Ctrl+Q, Ctrl+P);

and every few keys, and when the app stops, that the scoreboard holds exactly
what the engines settled in this session (per player: rounds and net chips),
hands finished by the engine but never recorded included.

Quitting is a key like any other: when the app exits the episode starts a new
app on the same settings and goes on until its keys are used up.

Replay a failure from the repository root with the command its message
ends with (``python3 -m tests.support.keyfuzz SEED KEYS WxH SPEED LINEUP START``).
With animations off an episode plays the same way every time.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import threading
import traceback
import unicodedata
import weakref
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.keys import _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from cardtui.blackjack import table as blackjack_table
from cardtui.games import Game
from cardtui.holdem import table as holdem_table
from cardtui.holdem.table import Mode
from cardtui.store import Store
from cardtui.tables.holdem_local import HoldemLocalSession
from cardtui.ui.app import CardtuiApp

#: Keys a person might press anywhere (Textual key names).
ANY_KEYS = (
    *"abcdefghijklmnopqrstuvwxyz", *"0123456789",
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete",
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    "plus", "minus", "question_mark", "ctrl+p", "ctrl+s", "ctrl+q",
    # Blackjack's bet presets and hold'em's advance actions (issue 26).
    "left_square_bracket", "asterisk", "right_square_bracket", "C", "F",
)
#: Actions every screen has (Textual's focus moves and copy, the app's quit and
#: palette): they do not count as something to do on this screen.
GENERIC_ACTIONS = {
    "app.focus_next", "app.focus_previous", "screen.copy_text", "quit", "command_palette",
    "help_quit",
}
#: Share of keys taken from what the screen offers now.
OFFERED_SHARE = 0.65
#: Offered keys that usually leave the screen are picked this much less often:
#: each new screen costs a few hundred milliseconds to build, and a screen is
#: explored by staying on it.
LEAVING_KEYS = {"escape", "ctrl+p", "q"}
LEAVING_WEIGHT = 0.3
#: Moving the focus restyles the whole form (tens of milliseconds on a setup
#: screen); a form is still crossed often enough at this weight.
FOCUS_KEYS = {"tab", "shift+tab"}
FOCUS_WEIGHT = 0.4
#: Share of steps that are a burst of 2-4 keys sent together (a fast typist).
BURST_SHARE = 0.06
#: The same under load: on a busy host most keys are read while the app is
#: still at work on the ones before.
LOADED_BURST_SHARE = 0.4
#: Share of steps that are a pause instead of a key (animations on only).
PAUSE_SHARE = 0.04
#: Check the scoreboard against the engines every this many keys.
STORE_CHECK_EVERY = 40


# -- line-ups -----------------------------------------------------------------------------


def _bj_seats(*seats: tuple[str, str, int]) -> dict[str, Any]:
    return {"seats": [{"name": n, "kind": k, "bankroll": b} for n, k, b in seats]}


def _holdem(seats: list[tuple[str, str | None]], *, stack: int, blinds: tuple[int, int],
            mode: str, per_level: int = 3) -> dict[str, Any]:
    return {
        "seats": [{"name": n, "bot": bot} for n, bot in seats],
        "stack": stack, "small_blind": blinds[0], "big_blind": blinds[1],
        "mode": mode, "hands_per_level": per_level,
    }


#: (name, blackjack setup, hold'em setup): solo against bots, hot-seat humans,
#: cash games and tournaments; small bankrolls and stacks so busts, rebuys and
#: finished tournaments come within a few hundred keys.
LINEUPS: tuple[tuple[str, dict[str, Any], dict[str, Any]], ...] = (
    ("solo-cash",
     _bj_seats(("Ann", "human", 60)),
     _holdem([("Ann", None), ("Rex", "maniac"), ("Sid", "shark")], stack=60, blinds=(5, 10),
             mode="cash")),
    ("hotseat-tournament",
     _bj_seats(("Ann", "human", 100), ("Bob", "human", 40), ("Robo", "bot", 30)),
     _holdem([("Ann", None), ("Bob", None), ("Rex", "maniac"), ("Ron", "rock")], stack=80,
             blinds=(5, 10), mode="tournament")),
    ("headsup-tournament",
     _bj_seats(("Ann", "human", 20), ("Bo", "bot", 500), ("Cy", "bot", 20), ("Di", "bot", 500),
               ("Ed", "bot", 20), ("Flo", "bot", 500), ("Gus", "human", 500)),
     _holdem([("Ann", None), ("Rex", "maniac")], stack=25, blinds=(10, 20), mode="tournament",
             per_level=2)),
    ("hotseat-cash",
     _bj_seats(("Ann", "human", 30), ("Bob", "human", 30)),
     _holdem([("Ann", None), ("Bob", None)], stack=30, blinds=(5, 10), mode="cash")),
)

#: Where an episode starts: the menu, or straight at a screen (--start).
STARTS = (None, "blackjack", "holdem", None, "scoreboard", "settings", "rules")


@dataclass(frozen=True)
class Episode:
    seed: int
    keys: int
    size: tuple[int, int] = (80, 24)
    animation: str = "off"
    lineup: int = 0
    start: str | None = None
    #: Busy threads beside the app (see :func:`busy`): 0 for none.
    load: int = 0

    @classmethod
    def from_seed(cls, seed: int, keys: int) -> Episode:
        """Every setting of the episode follows from its seed."""
        rng = random.Random(f"episode {seed}")
        return cls(
            seed=seed, keys=keys,
            size=rng.choice([(80, 24), (120, 40)]),
            animation=rng.choice(["off", "off", "fast"]),
            lineup=rng.randrange(len(LINEUPS)),
            start=rng.choice(STARTS),
        )

    def describe(self) -> str:
        w, h = self.size
        return (f"seed {self.seed}: {self.keys} keys, {w}x{h}, animations {self.animation}, "
                f"{LINEUPS[self.lineup][0]}, starting at {self.start or 'the menu'}"
                + (f", {self.load} busy threads" if self.load else ""))

    def replay(self) -> str:
        """The shell command that plays this episode again."""
        w, h = self.size
        return (f"python3 -m tests.support.keyfuzz {self.seed} {self.keys} {w}x{h} "
                f"{self.animation} {self.lineup} {self.start or 'menu'}"
                + (f" {self.load}" if self.load else ""))

    @classmethod
    def from_args(cls, args: list[str]) -> Episode:
        """``SEED [KEYS [WxH ANIMATION LINEUP START [LOAD]]]``, as :meth:`replay` writes them."""
        seed, keys = int(args[0]), int(args[1]) if len(args) > 1 else 400
        if len(args) < 6:
            return cls.from_seed(seed, keys)
        width, height = (int(n) for n in args[2].split("x"))
        return cls(seed, keys, (width, height), args[3], int(args[4]),
                   None if args[5] == "menu" else args[5], int(args[6]) if len(args) > 6 else 0)


class FuzzFailure(AssertionError):
    """A broken promise, with what it takes to see it again."""

    def __init__(self, episode: Episode, keys: Trail, problem: str) -> None:
        tail = " ".join(keys[-60:])
        super().__init__(
            f"{episode.describe()}\n{problem}\n"
            f"after {keys.pressed} keys; the last ones: {tail}\n"
            f"the last key went to {keys.where}\n"
            f"replay: {episode.replay()}"
        )
        self.episode = episode
        self.keys = keys
        self.problem = problem


# -- what the engines did -------------------------------------------------------------


@dataclass
class Ledger:
    """Every table and hand the engines made while patched in, and what they settled.

    Kept from the engines' own records, never from the screen: the scoreboard
    is then checked against it.
    """

    blackjack_tables: list[Any] = field(default_factory=list)
    holdem_tables: list[Any] = field(default_factory=list)
    #: hold'em table -> chips it started with plus every rebuy.
    holdem_chips: weakref.WeakKeyDictionary[Any, int] = field(
        default_factory=weakref.WeakKeyDictionary)
    #: Settled rounds since the last reset: game -> player -> [rounds, net].
    settled: dict[Game, dict[str, list[int]]] = field(
        default_factory=lambda: {Game.BLACKJACK: {}, Game.HOLDEM: {}})
    #: Hold'em hands dealt (each counted once when the engine says it is over).
    hands: list[Any] = field(default_factory=list)
    counted_hands: set[int] = field(default_factory=set)

    def settle(self, game: Game, player: str, net: int) -> None:
        entry = self.settled[game].setdefault(player, [0, 0])
        entry[0] += 1
        entry[1] += net

    def count_finished_hands(self) -> None:
        """Hold'em hands the engine has finished count as settled (the humans' results)."""
        for hand, humans in self.hands:
            if id(hand) in self.counted_hands or not hand.is_over:
                continue
            self.counted_hands.add(id(hand))
            for seat, name in humans:
                start = hand.starting_stacks[seat]
                if start is not None:
                    self.settle(Game.HOLDEM, name, hand.stacks[seat] - start)

    def reset(self) -> None:
        self.count_finished_hands()
        for game in self.settled:
            self.settled[game].clear()


@contextlib.contextmanager
def recording(ledger: Ledger) -> Iterator[Ledger]:
    """Patch the engines (and the store's reset) to report to ``ledger``."""
    bj = blackjack_table.Table
    he = holdem_table.Table
    originals = {
        (bj, "__post_init__"): bj.__post_init__,
        (bj, "_after"): bj._after,
        (he, "__init__"): he.__init__,
        (he, "start_hand"): he.start_hand,
        (he, "rebuy"): he.rebuy,
        (Store, "reset"): Store.reset,
        (HoldemLocalSession, "_profile_gets"): HoldemLocalSession._profile_gets,
    }

    def bj_post_init(self: Any) -> None:
        originals[(bj, "__post_init__")](self)
        ledger.blackjack_tables.append(self)

    def bj_after(self: Any, out: list[Any]) -> list[Any]:
        before = self.last_settlement
        result = originals[(bj, "_after")](self, out)
        settled = self.last_settlement
        if settled is not None and settled is not before:
            for seat in settled.seats:
                ledger.settle(Game.BLACKJACK, self.seats[seat.seat].name, seat.net)
        return result

    def he_init(self: Any, players: Any, *args: Any, **kwargs: Any) -> None:
        originals[(he, "__init__")](self, players, *args, **kwargs)
        ledger.holdem_tables.append(self)
        ledger.holdem_chips[self] = sum(p.stack for p in players)

    def he_start_hand(self: Any, *args: Any, **kwargs: Any) -> Any:
        hand = originals[(he, "start_hand")](self, *args, **kwargs)
        # Tournament chips are not money: the scoreboard's cash totals leave those hands
        # out, so the ledger counts only a cash table's hands (chips are checked for all).
        humans = [(i, s.name) for i, s in enumerate(self.seats)
                  if s is not None and not s.is_bot] if self.mode is Mode.CASH else []
        ledger.hands.append((hand, humans))
        return hand

    def he_rebuy(self: Any, seat_index: int, amount: int) -> None:
        originals[(he, "rebuy")](self, seat_index, amount)
        ledger.holdem_chips[self] += amount

    def he_profile_gets(self: Any, seated: Any) -> None:
        # The profile's kept chips replace its seat's stack (cardtui/tables/bankroll.py).
        seat = self.table.seats[self.chips.seat]
        before = seat.stack if seat is not None else 0
        originals[(HoldemLocalSession, "_profile_gets")](self, seated)
        ledger.holdem_chips[self.table] += seated.chips - before

    def store_reset(self: Any) -> None:
        ledger.reset()
        originals[(Store, "reset")](self)

    patches = {
        (bj, "__post_init__"): bj_post_init, (bj, "_after"): bj_after,
        (he, "__init__"): he_init, (he, "start_hand"): he_start_hand, (he, "rebuy"): he_rebuy,
        (Store, "reset"): store_reset,
        (HoldemLocalSession, "_profile_gets"): he_profile_gets,
    }
    for (owner, name), replacement in patches.items():
        setattr(owner, name, replacement)
    try:
        yield ledger
    finally:
        for (owner, name), original in originals.items():
            setattr(owner, name, original)


# -- the checks ----------------------------------------------------------------------------


def chips_problem(ledger: Ledger) -> str | None:
    for table in ledger.blackjack_tables:
        held = sum(s.bankroll for s in table.seats) + table.house
        bought = sum(s.bought for s in table.seats)
        if held != bought:
            return f"blackjack chips not conserved: bankrolls + house = {held}, bought {bought}"
        if any(s.bankroll < 0 for s in table.seats):
            return f"a blackjack bankroll below zero: {[s.bankroll for s in table.seats]}"
    for table in ledger.holdem_tables:
        held = sum(s.stack for s in table.seats if s is not None)
        # A cash table's busted bots are replaced by new ones with the house's chips.
        expected = ledger.holdem_chips[table] + table.house_chips
        if held != expected:
            return f"hold'em chips not conserved: stacks {held}, bought {expected}"
    for hand, _ in ledger.hands:
        if hand.is_over and sum(s or 0 for s in hand.final_stacks) != sum(
                s or 0 for s in hand.starting_stacks):
            return "a hold'em hand ended with a different number of chips than it started"
    return None


def store_problem(app: CardtuiApp, ledger: Ledger) -> str | None:
    if app.store.unsaved():
        return None  # a write is waiting for the writer thread: compare next time
    ledger.count_finished_hands()
    for game in (Game.BLACKJACK, Game.HOLDEM):
        stored = {t.player: [t.rounds, t.net]
                  for t in app.store.totals(game, session_id=app.session_id)}
        settled = {p: v for p, v in ledger.settled[game].items() if v[0]}
        if stored != settled:
            return (f"the scoreboard ({game.value}, this session) is not what the engines "
                    f"settled: stored {stored}, settled {settled}")
    return None


def legal_keys(app: App[Any]) -> list[str]:
    """Keys that do something on this screen now: its enabled bindings and its focused
    widget's (typing into a field counts), the ones every screen has aside."""
    bindings = app.screen.active_bindings
    return sorted(key for key, active in bindings.items()
                  if active.enabled and active.binding.action not in GENERIC_ACTIONS)


def stuck_problem(app: App[Any]) -> str | None:
    if legal_keys(app):
        return None
    screen = app.screen
    bindings = sorted(screen.active_bindings)
    return f"{type(screen).__name__} leaves no legal key (bindings: {bindings})"


# -- running an episode -----------------------------------------------------------------


def _settings(app: CardtuiApp, episode: Episode) -> None:
    _, blackjack, holdem = LINEUPS[episode.lineup]
    app.settings.blackjack = blackjack
    app.settings.holdem = holdem


async def press(app: App[Any], pilot: Pilot[Any], *keys: str, settle: bool) -> None:
    """Press ``keys`` as :meth:`Pilot.press` does, without its waits for an idle CPU.

    Pilot waits for the process to idle twice per key (at least 40 ms); here
    the keys are done when the screen has handled every message they caused.
    Several keys arrive together, as from a fast typist: the next one may be
    read before the last one's work is done. With ``settle``, the work they
    started (a reveal, the bots' turns) is also waited for, so the same seed
    plays the same game again.
    """
    assert app._driver is not None
    for key in keys:
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await asyncio.sleep(0)
    await pilot._wait_for_screen()
    if settle and any(worker.is_running for worker in app.workers):
        while running := [worker for worker in app.workers if worker.is_running]:
            # A worker cancelled on the way (the palette's search, replaced by
            # the next key's) is not a failure; one that raised stops the app.
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await app.workers.wait_for_complete(running)
        await pilot._wait_for_screen()


async def built(app: App[Any]) -> None:
    """Wait (up to 2 s) until the screen on top has finished mounting."""
    for _ in range(400):
        if app.screen.is_mounted:
            return
        await asyncio.sleep(0.005)


def choose_key(app: App[Any], rng: random.Random) -> str:
    """Mostly a key the screen offers (a way out less often), else any key at all."""
    offered = [*legal_keys(app), *sorted(FOCUS_KEYS)]  # moving the focus explores a form
    if rng.random() < OFFERED_SHARE:
        weights = [LEAVING_WEIGHT if key in LEAVING_KEYS else FOCUS_WEIGHT if key in FOCUS_KEYS
                   else 1.0 for key in offered]
        return rng.choices(offered, weights)[0]
    return rng.choice(ANY_KEYS)


class Trail(list[str]):
    """The keys pressed so far, in order, with the pauses; ``&key`` came with the key before."""

    pressed = 0
    #: Where the last key went: the screen and its focused widget.
    where = ""

    def add(self, *keys: str) -> None:
        self.extend([keys[0], *("&" + key for key in keys[1:])])
        self.pressed += len(keys)


@contextlib.contextmanager
def busy(threads: int) -> Iterator[None]:
    """A loaded machine, in-process: ``threads`` threads spinning in Python.

    Each takes the interpreter in turn with the app's event loop, so a
    message, a timer or a screen's mount comes later than the keys around
    it, in an order that changes from run to run, as on a host at load ~6
    (issue 24: two crashes showed only there). Not reproducible by seed:
    a failure's keys are the lead, and a test pins the interleaving down.
    """
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(range(2_000))

    workers = [threading.Thread(target=spin, daemon=True) for _ in range(threads)]
    for worker in workers:
        worker.start()
    try:
        yield
    finally:
        stop.set()
        for worker in workers:
            worker.join()


async def run_episode(episode: Episode, data_dir: Path | None = None) -> Counter[str]:
    """Play ``episode``; returns how many keys each screen received. Raises FuzzFailure."""
    rng = random.Random(episode.seed)
    seen: Counter[str] = Counter()
    keys = Trail()
    with contextlib.ExitStack() as stack:
        if data_dir is None:
            data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        stack.enter_context(busy(episode.load))
        ledger = stack.enter_context(recording(Ledger()))
        while keys.pressed < episode.keys:
            ledger.settled = {Game.BLACKJACK: {}, Game.HOLDEM: {}}  # a new app: a new session
            app = CardtuiApp(data_dir=data_dir, seed=episode.seed + len(keys),
                             animation=episode.animation, start=episode.start)
            _settings(app, episode)
            await _play(app, episode, rng, keys, ledger, seen)
    return seen


async def _play(app: CardtuiApp, episode: Episode, rng: random.Random, keys: Trail,
                ledger: Ledger, seen: Counter[str]) -> None:
    def fail(problem: str) -> FuzzFailure:
        return FuzzFailure(episode, keys, problem)

    try:
        async with app.run_test(size=episode.size) as pilot:
            await pilot.pause()
            while keys.pressed < episode.keys and app.is_running:
                if episode.animation != "off" and rng.random() < PAUSE_SHARE:
                    await pilot.pause(rng.choice([0.05, 0.2, 0.5]))
                    keys.append("<pause>")
                    continue
                burst = [choose_key(app, rng)]
                if rng.random() < (LOADED_BURST_SHARE if episode.load else BURST_SHARE):
                    burst += [choose_key(app, rng) for _ in range(rng.randint(1, 3))]
                seen[type(app.screen).__name__] += len(burst)
                keys.add(*burst)
                keys.where = f"{type(app.screen).__name__}, focus on {app.screen.focused!r}"
                await press(app, pilot, *burst, settle=episode.animation == "off")
                if app._exception is not None or not app.is_running:
                    break
                await built(app)  # the app reads no key before (see CardtuiApp.on_event)
                problem = chips_problem(ledger) or stuck_problem(app)
                if problem is None and len(keys) % STORE_CHECK_EVERY == 0:
                    problem = store_problem(app, ledger)
                if problem:
                    raise fail(problem)
            if app.is_running:
                await pilot.pause()
                await built(app)  # a screen still being built when the keys ran out
                problem = store_problem(app, ledger)
                if problem:
                    raise fail(problem)
    except FuzzFailure:
        raise
    except Exception as error:  # noqa: BLE001 - any crash is the finding
        summary = "".join(traceback.format_exception(error)[-6:])
        raise fail(f"the app raised {type(error).__name__}: {error}\n{summary}") from error
    if app.return_code not in (0, None):
        raise fail(f"the app stopped with status {app.return_code}")
    # Stopped by a key (quit): everything settled must be in the store by now.
    problem = store_problem(app, ledger) or chips_problem(ledger)
    if problem:
        raise fail(problem)


def main(argv: list[str]) -> int:
    episode = Episode.from_args(argv)
    print(episode.describe())
    try:
        seen = asyncio.run(run_episode(episode))
    except FuzzFailure as failure:
        print(failure)
        return 1
    print("ok:", dict(seen))
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
