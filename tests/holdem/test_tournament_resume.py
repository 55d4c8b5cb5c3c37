"""Tournaments resume, finish and say where they stand; cash tables keep their seats filled.

- A tournament is kept in the store between hands: leaving it (or a killed
  game) and opening it again resumes it with the same stacks, level, button
  and hand count; a hand in play when the game died is voided; the place is
  recorded once.
- Once no person has chips the bots play the rest out at once, to results
  with places and prize shares (50/30/20 from six entrants, 65/35 for three
  to five, winner takes all heads-up).
- The info line's figures: level, blinds, hands to the next level, players
  left, average stack.
- At a cash table a bot that busts is replaced by a new bot, whose chips are
  the house's: the table's chips are always the buy-ins, the rebuys and the
  house's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardtui.commands import botmatch
from cardtui.holdem.actions import Action
from cardtui.holdem.bots import Personality
from cardtui.holdem.hand import stacked_deck
from cardtui.holdem.legal import LegalActions
from cardtui.holdem.setup import HoldemConfig, SeatConfig
from cardtui.holdem.table import (
    BOT_NAMES,
    BlindLevel,
    BotSeated,
    Mode,
    Player,
    PlayerBusted,
    Table,
)
from cardtui.holdem.tournament import (
    Standing,
    payout_shares,
    play_out,
    results,
    standings,
    tournament_info,
)
from cardtui.store import SCHEMA_VERSION, Store
from cardtui.store.schema import MIGRATIONS
from cardtui.tables.holdem_local import HoldemLocalSession, KeptTournament, kept_in

SIX = (SeatConfig("Ann"), *(SeatConfig(f"Bot {n}", p) for n, p in enumerate(
    (Personality.SHARK, Personality.ROCK, Personality.MANIAC, Personality.SHARK,
     Personality.ROCK), start=1)))  # fmt: skip
TOURNAMENT = HoldemConfig(seats=SIX, mode=Mode.TOURNAMENT, hands_per_level=2)


def _bots(count: int, stack: int = 1000) -> list[Player]:
    personalities = tuple(Personality)
    return [Player(f"Bot {n}", stack, personalities[n % 3]) for n in range(1, count + 1)]


def _stacks(table: Table) -> list[int | None]:
    return [s.stack if s is not None else None for s in table.seats]


# --- the table between hands ----------------------------------------------------------------


def test_a_table_saved_between_hands_comes_back_the_same_and_deals_on_the_same() -> None:
    table = Table(_bots(6), mode=Mode.TOURNAMENT, rng=random.Random(4), hands_per_level=3,
                  blinds=TOURNAMENT.schedule())
    for _ in range(7):
        table.play_bot_hand()
    again = Table.restore(table.snapshot(), random.Random(9))
    assert _stacks(again) == _stacks(table)
    assert (again.hand_number, again.positions, again.places, again.blinds) == (
        table.hand_number, table.positions, table.places, table.blinds)
    assert again.entrants == table.entrants and again.schedule == table.schedule
    # The button and the blinds go on from where they were.
    assert again.start_hand().positions == table.start_hand().positions


def test_a_table_is_saved_between_hands_only() -> None:
    table = Table(_bots(3), mode=Mode.TOURNAMENT, rng=random.Random(1))
    table.start_hand()
    with pytest.raises(ValueError, match="between hands"):
        table.snapshot()


@pytest.mark.parametrize("damage", [
    None, [], "seats", {"version": 99}, {"seats": None}, {"entrants": [{}]},
    {"seats": [{"name": "", "stack": 5, "bot": None}]},
    {"seats": [{"name": "A", "stack": -5, "bot": None}]},
    {"seats": [{"name": "A", "stack": 5, "bot": "wizard"}]},
    {"positions": [0, 1, 99]}, {"first_button": 40}, {"hand_number": "x"},
    {"schedule": [[5, 0, 0, False]]}, {"places": [[0, "A"]]},
])  # fmt: skip
def test_a_damaged_save_is_refused_with_a_value_error(damage: object) -> None:
    good = Table(_bots(3), mode=Mode.TOURNAMENT, rng=random.Random(1)).snapshot()
    data = {**good, **damage} if isinstance(damage, dict) else damage
    with pytest.raises(ValueError):
        Table.restore(data)


# --- the store keeps it ---------------------------------------------------------------------


def test_the_store_keeps_one_table_per_key_and_forgets_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    assert store.saved_table("a") is None
    store.save_table("a", "one")
    store.save_table("a", "two")
    store.save_table("b", "other")
    assert (store.saved_table("a"), store.saved_table("b")) == ("two", "other")
    store.save_table("a", None)
    assert store.saved_table("a") is None and store.saved_table("b") == "other"
    store.close()
    assert Store(tmp_path / "cardtui.sqlite3").saved_table("b") == "other"


def test_an_older_file_gains_the_saved_tables(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    db = sqlite3.connect(path)
    for migrate in MIGRATIONS[:8]:
        migrate(db)
    db.execute("PRAGMA user_version = 8")
    db.commit()
    db.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION == 9 and store.notice is None
    store.save_table("k", "state")
    assert store.saved_table("k") == "state"


def test_a_table_waiting_to_be_written_is_the_one_read(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.save_table("k", "old")
    other = sqlite3.connect(path)
    other.execute("BEGIN IMMEDIATE")  # another program holds the file: the write waits
    store.save_table("k", "new")
    assert store.unsaved() and store.saved_table("k") == "new"
    other.rollback()
    other.close()
    store.close()
    assert Store(path).saved_table("k") == "new"


def test_a_scoreboard_reset_keeps_the_tournament_in_play(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    store.save_table("saved", "in the file")
    other = sqlite3.connect(path)
    other.execute("BEGIN IMMEDIATE")  # the next writes wait in memory
    store.save_table("waiting", "first")
    store.save_table("waiting", "second")
    store.reset()
    other.rollback()
    other.close()
    store.close()
    again = Store(path)
    assert (again.saved_table("saved"), again.saved_table("waiting")) == ("in the file",
                                                                          "second")


# --- leaving and coming back ------------------------------------------------------------------


class Memory:
    """A store slot in memory (what the screen's kept_in does with the Store)."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.saves = 0

    def kept(self) -> KeptTournament:
        def save(text: str | None) -> None:
            self.text = text
            self.saves += 1
        return KeptTournament(save=save, load=lambda: self.text)


async def _fold_hands(session: HoldemLocalSession, count: int) -> None:
    """Deal ``count`` hands where Ann folds (or checks) whenever it is her turn."""
    for _ in range(count):
        session.deal()
        while session.in_hand:
            await session.idle()
            turn = session.to_act
            if turn is not None:
                session.act(turn.seat, Action.check() if session.hand is not None
                            and session.hand.can_check() else Action.fold())


async def test_leaving_a_tournament_and_coming_back_resumes_it() -> None:
    memory = Memory()
    first = HoldemLocalSession(TOURNAMENT, random.Random(3), button=0)
    first.keep_tournament(memory.kept())
    first.attach(lambda event: None)
    await _fold_hands(first, 5)
    first.close()
    table = first.table
    assert table.hand_number == 5 and memory.text is not None

    # The setup was changed meanwhile (a cash game would keep the tournament for later):
    # the kept tournament's own setup comes back with it.
    later = HoldemLocalSession(HoldemConfig(seats=SIX, mode=Mode.TOURNAMENT, hands_per_level=7),
                               random.Random(8))
    seen: list[object] = []
    assert later.keep_tournament(memory.kept())
    later.attach(seen.append)
    again = later.table
    assert _stacks(again) == _stacks(table)
    assert (again.hand_number, again.positions, again.blinds) == (5, table.positions,
                                                                  table.blinds)
    assert later.setup == TOURNAMENT
    words = (f"Tournament resumed: level 3, {len(table.in_play)} players left after 5 hands.")
    assert any(words in str(e) for e in seen)


async def test_a_hand_in_play_when_the_game_is_killed_is_voided(tmp_path: Path) -> None:
    path = tmp_path / "cardtui.sqlite3"
    store = Store(path)
    session = HoldemLocalSession(TOURNAMENT, random.Random(5), button=0)
    session.keep_tournament(kept_in(store, "Ann"))
    session.attach(lambda event: None)
    await _fold_hands(session, 3)
    between = _stacks(session.table)
    # Hand 4: the bots bet, Ann is asked; the game is killed here (nothing more is written).
    session.next_deck = stacked_deck(["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"])
    session.deal()
    await session.idle()
    assert session.in_hand and session.to_act is not None  # the blinds and bets are in
    store.close()

    store = Store(path)
    resumed = HoldemLocalSession(TOURNAMENT, random.Random(6))
    assert resumed.keep_tournament(kept_in(store, "Ann"))
    assert _stacks(resumed.table) == between  # every bet of hand 4 back where it was
    assert resumed.table.hand_number == 3 and not resumed.in_hand


async def test_a_tournament_resumed_is_counted_once_and_ends_in_results(tmp_path: Path) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    places: list[tuple[str, int, int]] = []
    finished: list[object] = []

    def sit_down() -> HoldemLocalSession:
        session = HoldemLocalSession(TOURNAMENT, random.Random(len(places) + 11), button=0)
        session.placed = lambda name, place, entrants: places.append((name, place, entrants))
        session.finished = finished.append
        session.keep_tournament(kept_in(store, "Ann"))
        session.attach(lambda event: None)
        return session

    first = sit_down()
    await _fold_hands(first, 2)
    first.close()
    second = sit_down()
    assert second.table.hand_number == 2
    # Ann shoves every hand until she is out; the bots then finish it at once.
    while not second.table.is_finished:
        second.deal()
        while second.in_hand:
            await second.idle()
            turn = second.to_act
            if turn is not None:
                legal = turn.legal
                assert isinstance(legal, LegalActions)
                shove = next(a for a in (Action.all_in(), Action.call(), Action.check())
                             if legal.allows(a))
                second.act(turn.seat, shove)
        await second.idle()
    assert len(places) == 1 and places[0][0] == "Ann" and places[0][2] == 6
    assert store.saved_table("holdem-tournament:Ann") is None  # over: nothing to resume
    over = second.results
    assert over is not None and finished == [over]
    assert [row.place for row in over.standings] == sorted(row.place for row in over.standings)
    assert {row.name for row in over.standings} == {s.name for s in SIX}
    ann = next(row for row in over.standings if row.name == "Ann")
    assert ann.human and ann.place == places[0][1]
    assert sum(row.share for row in over.standings) == 100
    # Dealing again starts a new tournament, not the old one.
    second.deal()
    assert second.table.hand_number == 1 and len(second.table.entrants) == 6


async def test_a_new_table_replaces_the_kept_tournament() -> None:
    memory = Memory()
    session = HoldemLocalSession(TOURNAMENT, random.Random(2), button=0)
    session.keep_tournament(memory.kept())
    session.attach(lambda event: None)
    await _fold_hands(session, 1)
    assert memory.text is not None
    session.new_table(TOURNAMENT)
    assert memory.text is None


def test_a_cash_table_leaves_the_kept_tournament_for_later() -> None:
    memory = Memory()
    memory.text = "kept"
    cash = HoldemLocalSession(HoldemConfig(seats=SIX), random.Random(1))
    assert not cash.keep_tournament(memory.kept())
    assert memory.text == "kept" and memory.saves == 0


def test_a_damaged_save_starts_a_new_tournament() -> None:
    memory = Memory()
    memory.text = '{"setup": {}, "table": {"version": 1}}'
    session = HoldemLocalSession(TOURNAMENT, random.Random(1))
    assert not session.keep_tournament(memory.kept())
    assert session.table.hand_number == 0


# --- played out, places and prizes --------------------------------------------------------------


def test_the_bots_play_the_rest_out_at_once_and_everyone_has_a_place() -> None:
    players = [Player("Ann", 1000), *_bots(5)]
    table = Table(players, mode=Mode.TOURNAMENT, rng=random.Random(7), button=0,
                  blinds=TOURNAMENT.schedule(), hands_per_level=5)
    table.seats[0].stack = 0  # type: ignore[union-attr] # Ann is out (her chips left the table)
    table.seats[1].stack += 1000  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="a person"):
        play_out(Table([Player("Ann", 100), *_bots(2, 100)], mode=Mode.TOURNAMENT))
    table.seats[0] = None
    table.places.append((6, "Ann"))
    events = play_out(table)
    assert table.is_finished and events
    final = results(table, ["Ann"], played_out=table.hand_number)
    assert sorted(r.place for r in final.standings) == [1, 2, 3, 4, 5, 6]
    assert [r.share for r in final.standings] == [50, 30, 20, 0, 0, 0]
    assert [r.human for r in final.standings] == [False] * 5 + [True]
    assert final.payout_rule() == "Paid: 1st 50% · 2nd 30% · 3rd 20%"


@pytest.mark.parametrize(("entrants", "shares"), [
    (2, (100,)), (3, (65, 35)), (5, (65, 35)), (6, (50, 30, 20)), (10, (50, 30, 20))])
def test_payouts_by_entrants(entrants: int, shares: tuple[int, ...]) -> None:
    assert payout_shares(entrants) == shares


def test_players_out_together_from_the_same_stack_split_the_places_they_cover() -> None:
    table = Table(_bots(6), mode=Mode.TOURNAMENT, rng=random.Random(1))
    table.places = [(1, "Bot 1"), (2, "Bot 2"), (3, "Bot 3"), (3, "Bot 4"), (5, "Bot 5"),
                    (6, "Bot 6")]
    assert [(r.place, r.share) for r in standings(table)] == [
        (1, 50), (2, 30), (3, 10), (3, 10), (5, 0), (6, 0)]
    assert standings(table, ["Bot 4"])[3] == Standing(3, "Bot 4", 10, True)


# --- the info line -------------------------------------------------------------------------


def test_the_info_line_counts_levels_players_and_the_average_stack() -> None:
    schedule = [BlindLevel(5, 10), BlindLevel(10, 20, 2), BlindLevel(20, 40, 5)]
    table = Table(_bots(4), mode=Mode.TOURNAMENT, rng=random.Random(3), blinds=schedule,
                  hands_per_level=2, button=0)
    info = tournament_info(table)
    assert info is not None
    assert (info.level, info.blinds, info.hands_to_next, info.players_left, info.entrants,
            info.average_stack) == (1, schedule[0], 2, 4, 4, 1000)
    table.start_hand()  # the hand in play counts as level 1's first
    info = tournament_info(table)
    assert info is not None and (info.level, info.hands_to_next) == (1, 2)
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        hand.act(table.bot_action())
    table.finish_hand()
    table.play_bot_hand()
    info = tournament_info(table)
    assert info is not None and (info.level, info.blinds, info.hands_to_next) == (
        2, schedule[1], 2)
    left = [s.stack for s in table.seats if s is not None and s.stack > 0]
    assert info.players_left == len(left) and info.average_stack == sum(left) // len(left)
    while table.hand_number < 4:
        table.play_bot_hand()
    if not table.is_finished:
        info = tournament_info(table)
        assert info is not None and (info.level, info.hands_to_next, info.next_blinds) == (
            3, None, None)
    assert tournament_info(Table(_bots(2))) is None  # a cash table has none


# --- cash tables keep their seats filled ----------------------------------------------------


def test_a_busted_bot_is_replaced_by_a_new_one_with_the_houses_chips() -> None:
    players = [Player("Ann", 1000), Player("Bot 1", 100, Personality.MANIAC),
               Player("Bot 2", 1000, Personality.ROCK)]
    table = Table(players, rng=random.Random(2), button=0, refill_bots=500)
    # Bot 1 (small blind) goes all in with 7-2 against Ann's aces; Bot 2 folds.
    hand = table.start_hand(stacked_deck(["7c2d", "KhQd", "AsAh"], board="Ad 8h 3s Kc 9d"))
    hand.act(Action.raise_to(100))  # Ann, on the button, raises to 100
    hand.act(Action.all_in())  # Bot 1: all in for 100
    hand.act(Action.fold())  # Bot 2
    assert hand.is_over
    events = table.finish_hand()
    busted = [e for e in events if isinstance(e, PlayerBusted)]
    seated = [e for e in events if isinstance(e, BotSeated)]
    assert [b.name for b in busted] == ["Bot 1"]
    assert len(seated) == 1 and seated[0].seat == 1 and seated[0].stack == 500
    new = table.seats[1]
    assert new is not None and new.is_bot and new.name == BOT_NAMES[0]
    assert new.name not in ("Ann", "Bot 1", "Bot 2") and new.personality is not None
    assert table.house_chips == 500
    bought = sum(p.stack for p in players)
    assert sum(s.stack for s in table.seats if s is not None) == bought + table.house_chips
    assert table.can_deal and len(table.in_play) == 3


def test_new_bots_get_names_nobody_at_the_table_had() -> None:
    taken = [Player(name, 100, Personality.ROCK) for name in BOT_NAMES[:9]]
    table = Table([*taken, Player("Ann", 100)], rng=random.Random(1), refill_bots=100)
    table.seats[0] = None
    assert table._seat_new_bot(0).name == BOT_NAMES[9]  # noqa: SLF001 - the naming rule
    table.seats[0] = None
    assert table._seat_new_bot(0).name == f"{BOT_NAMES[0]} 2"  # noqa: SLF001


def test_a_local_cash_table_refills_and_a_tournament_does_not() -> None:
    assert HoldemConfig(seats=SIX).make_table(random.Random(1)).refill_bots == 1000
    assert TOURNAMENT.make_table(random.Random(1)).refill_bots == 0


def test_a_bots_only_cash_run_plays_every_hand_with_its_seats_filled(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Heads-up maniacs bust each other quickly: before, the run stopped at the first bust.
    args = argparse.Namespace(bots_only=True, hands=300, seats=2, export_phh=None,
                              mode="cash", stack=200, blinds="5/10", seed=4)
    assert botmatch.run(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("300 hands") or "300 hands" in out
    assert "replaced" in out


async def test_at_a_local_cash_table_a_new_bot_takes_the_busted_ones_seat() -> None:
    setup = HoldemConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot 1", Personality.MANIAC),
                                SeatConfig("Bot 2", Personality.ROCK)), stack=100)
    session = HoldemLocalSession(setup, random.Random(3), button=0)
    seen: list[object] = []
    session.attach(seen.append)
    moves = [Action.all_in(), Action.fold()]
    session.decide = lambda: moves.pop(0)
    session.next_deck = stacked_deck(["7c2d", "KhQd", "AsAh"], board="Ad 8h 3s Kc 9d")
    session.deal()
    session.act(0, Action.all_in())  # Ann shoves her 100 from the button
    await session.idle()
    assert not session.in_hand
    new = session.table.seats[1]
    assert new is not None and new.is_bot and new.name == BOT_NAMES[0] and new.stack == 100
    notes = [str(getattr(e, "text", "")) for e in seen]
    assert "Bot 1 is out of chips and leaves." in notes
    # Shown empty until the next deal (not the new name beside the last hand's cards) ...
    assert session.seats()[1].status == "empty"
    assert not any("takes the empty seat" in n for n in notes)
    moves.extend([Action.fold()] * 4)
    session.deal()
    # ... then the new bot sits down, said before the hand begins.
    notes = [str(getattr(e, "text", "")) for e in seen]
    assert any(n.startswith(f"{BOT_NAMES[0]} (") and n.endswith("takes the empty seat with 100.")
               for n in notes)
    assert session.seats()[1].name == BOT_NAMES[0]
    hand = session.hand
    assert hand is not None and hand.starting_stacks[1] == 100
    dealt = sum(chips or 0 for chips in hand.starting_stacks)
    assert dealt == 3 * 100 + session.table.house_chips


def test_a_game_killed_mid_hand_resumes_from_the_last_hand_kept(tmp_path: Path) -> None:
    """A real kill -9 in the middle of a hand: the resumed tournament is the one kept
    after the last settled hand (that hand's bets back), same stacks, level and count."""
    path = tmp_path / "cardtui.sqlite3"
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("tournament_kill_player.py")), str(path),
         "5", "21"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines: list[str] = []
    try:
        assert process.stdout is not None
        for line in process.stdout:  # ends when the player does (a bound, not a timer)
            lines.append(line.strip())
            if line.strip() == "in-hand":
                process.send_signal(signal.SIGKILL)
                break
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL, err
    kept = [line for line in lines if line.startswith("kept ")]
    assert len(kept) == 5 and lines[-1] == "in-hand"
    _, number, stacks = kept[-1].split(" ", 2)

    store = Store(path)
    resumed = HoldemLocalSession(TOURNAMENT, random.Random(1))
    assert resumed.keep_tournament(kept_in(store, "Ann"))
    table = resumed.table
    assert table.hand_number == int(number) == 5
    assert _stacks(table) == json.loads(stacks)
    assert table.level_index_for(table.hand_number) + 1 == 3  # two hands a level
    assert sum(s for s in _stacks(table) if s is not None) == 6 * 1000
    store.close()
