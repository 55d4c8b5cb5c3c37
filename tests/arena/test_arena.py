"""The bot arena: the protocol end to end, the referee's refusals, mirrored duplicate deals."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from pokerkit import HandHistory

from cardtui.arena.baselines import load_bot
from cardtui.arena.match import play_match
from cardtui.arena.protocol import BotView, HandSummary, HoldemBot, ask, bot_view
from cardtui.cards import Card
from cardtui.cli import main
from cardtui.clock import FakeClock
from cardtui.holdem.actions import Action, Street
from cardtui.holdem.hand import Hand, stacked_deck


class MinRaiser:
    """A bot written here: raises the minimum before the flop, then checks or calls."""

    def __init__(self) -> None:
        self.views: list[BotView] = []
        self.summaries: list[HandSummary] = []

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self.views.append(view)
        if view.street is Street.PREFLOP and view.legal.can_raise:
            return Action.raise_to(view.legal.min_raise_to)
        return Action.call() if view.legal.call_amount else Action.check()

    def hand_ended(self, summary: HandSummary) -> None:
        self.summaries.append(summary)


class Recorder:
    """Remembers the cards it was dealt in each hand, and calls."""

    def __init__(self, name: str, seen: dict[tuple[int, str], tuple[int, tuple[Card, ...]]]):
        self.name, self.seen = name, seen

    def decide(self, view: BotView, rng: random.Random) -> Action:
        self.seen[(view.hand_number, self.name)] = (view.seat, view.hole)
        return Action.call() if view.legal.call_amount else Action.check()


def makers(**bots: Callable[[], HoldemBot]) -> Callable[[str], HoldemBot]:
    return lambda spec: bots[spec]() if spec in bots else load_bot(spec)


def test_a_bot_written_here_plays_a_hand_end_to_end() -> None:
    mine = MinRaiser()
    result = play_match(["mine", "station"], seats=2, deals=1, seed=4,
                        make=makers(mine=lambda: mine))
    assert result.hands == 2 and len(mine.summaries) == 2
    # Hand 1: the bot is seat 0, the big blind; the station (button, small blind) completed.
    first = mine.views[0]
    assert first.names == ("mine", "station") and first.seat == 0
    assert first.legal.min_raise_to == 200 and first.big_blind == 100
    assert [(a.seat, a.kind) for a in first.history] == [(1, "post"), (0, "post"), (1, "call")]
    # It raised, the station called: the flop view's history says so, by seat.
    flop = next(v for v in mine.views if v.street is Street.FLOP)
    assert [(a.seat, a.kind, a.to) for a in flop.history[3:]] == [(0, "raise", 200), (1, "call", 0)]
    assert len(flop.board) == 3 and flop.pot == 400
    # Hand 2: seats swapped, the bot is on the button and acts first.
    second = next(v for v in mine.views if v.hand_number == 2)
    assert second.names == ("station", "mine") and second.seat == 1
    rows = {row.name: row for row in result.rows()}
    assert rows["mine"].bb_per_100 == -rows["station"].bb_per_100
    assert sum(mine.summaries[0].net) == 0


def test_an_illegal_move_is_refused_with_its_reason_and_the_hand_goes_on() -> None:
    class Cheat:
        def decide(self, view: BotView, rng: random.Random) -> Action:
            return Action.raise_to(1)  # below the minimum raise

    hand = Hand([10_000, 10_000], button=1, small_blind=50, big_blind=100,
                deck=stacked_deck(["AsKs", "7h7d"]))
    answer = ask(Cheat(), bot_view(hand, ("Ann", "Cheat")), random.Random(1))
    assert answer.refused == ("Cheat's bot tried an illegal move: "
                              "raise to 1 is below the minimum raise to 200")
    assert answer.action == Action.fold()  # facing the big blind it cannot check
    result = play_match(["cheat", "station"], seats=2, deals=2, seed=1,
                        make=makers(cheat=Cheat))
    assert result.hands == 4
    assert len(result.refusals["cheat"]) >= 4 and not result.refusals["station"]
    assert "below the minimum raise" in result.refusals["cheat"][0]


def test_a_bot_that_fails_checks_and_says_why() -> None:
    class Broken:
        def decide(self, view: BotView, rng: random.Random) -> Action:
            raise KeyError("oops")

    hand = Hand([10_000, 10_000], button=1, small_blind=50, big_blind=100,
                deck=stacked_deck(["AsKs", "7h7d"]))
    hand.call()
    answer = ask(Broken(), bot_view(hand, ("Ann", "Bob")), random.Random(1))
    assert answer.action == Action.check()
    assert answer.refused is not None
    assert answer.refused.startswith("Ann's bot failed: KeyError: 'oops' (test_arena.py:")


def test_a_slow_bot_hits_the_time_limit() -> None:
    clock = FakeClock()

    class Slow:
        def decide(self, view: BotView, rng: random.Random) -> Action:
            clock.advance(2.5)  # thinks for two and a half virtual seconds
            return Action.call()

    hand = Hand([10_000, 10_000], button=1, small_blind=50, big_blind=100,
                deck=stacked_deck(["AsKs", "7h7d"]))
    view = bot_view(hand, ("Ann", "Slow"))
    answer = ask(Slow(), view, random.Random(1), clock=clock, time_limit=1.0)
    assert answer.refused == "Slow's bot took 2.50 s, over the 1 s limit"
    assert answer.action == Action.fold() and answer.seconds == 2.5
    # In time, the same move stands.
    quick = ask(Slow(), view, random.Random(1), clock=clock, time_limit=5.0)
    assert quick.refused is None and quick.action == Action.call()


@pytest.mark.parametrize("seats", [2, 6])
def test_duplicate_deals_are_mirrored(seats: int) -> None:
    seen: dict[tuple[int, str], tuple[int, tuple[Card, ...]]] = {}
    names = [f"b{i}" for i in range(seats)]
    play_match(names, seats=seats, deals=2, seed=9,
               make=lambda spec: Recorder(spec, seen))
    for deal in range(2):
        hands = range(deal * seats + 1, deal * seats + seats + 1)
        # Each seat holds the same cards in every rotation of the deal ...
        by_seat: dict[int, set[tuple[Card, ...]]] = {}
        for number in hands:
            for name in names:
                if (number, name) in seen:
                    seat, hole = seen[(number, name)]
                    by_seat.setdefault(seat, set()).add(hole)
        assert all(len(holes) == 1 for holes in by_seat.values())
        # ... and every bot sat in every seat once: the seats were swapped round.
        for name in names:
            seats_taken = {seen[(n, name)][0] for n in hands if (n, name) in seen}
            assert len(seats_taken) == len([n for n in hands if (n, name) in seen])
    if seats == 2:
        # Heads-up: in the deal's second hand b1 holds what b0 held, in b0's seat.
        assert seen[(2, "b1")] == seen[(1, "b0")]
        assert seen[(2, "b0")] == seen[(1, "b1")]


def test_arena_command_prints_results_and_writes_phh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hands"
    code = main(["arena", "--bots", "station,raiser", "--hands", "4", "--duplicate",
                 "--seed", "3", "--phh", str(folder)])
    out = capsys.readouterr().out
    assert code == 0
    assert "4 hands, 2 deals" in out and "station" in out and "raiser" in out
    files = sorted(folder.glob("*.phh"))
    assert len(files) == 4
    history = HandHistory.loads(files[0].read_text())
    assert list(list(history)[-1].stacks) == history.finishing_stacks


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", "pro,nobody"], "unknown bot 'nobody'"),
    (["--bots", "station,random,raiser", "--seats", "2"], "3 bots for 2 seats"),
    (["--bots", "station", "--seats", "11"], "--seats must be 2 to 10"),
    (["--bots", "no_such_module:Bot"], "cannot import 'no_such_module'"),
])
def test_a_bad_flag_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["arena", *argv])
    except SystemExit as exited:  # argparse's own checks exit from the parser
        code = exited.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_pypokerengine_honest_player_plays_through_the_protocol() -> None:
    result = play_match(["honest", "station"], seats=2, deals=2, seed=5)
    assert result.hands == 4 and not result.refusals["honest"]


def test_the_pro_beats_the_calling_station_in_a_short_match() -> None:
    # Seeded, so the same every run; the benchmark measures it with many more hands.
    result = play_match(["pro", "station"], seats=2, deals=12, seed=2)
    pro = next(row for row in result.rows() if row.name == "pro")
    assert pro.bb_per_100 > 0

