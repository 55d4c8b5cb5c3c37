"""Reading PHH hands into replays: real-world shapes, pokerkit agreement, round trips.

The fixtures in ``phh/`` are written by hand from the public format
description (https://phh.readthedocs.io): a Pluribus-style six-max hand, a
big-blind-ante tournament hand, a straddle hand in dollars and cents, and an
online hand whose hole cards are unknown (``????``). At every player action
the chips the replay's records show agree with pokerkit 0.7.7 replaying the
same file.
"""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from holdem_random_play import (
    deal_automatically,
    random_action,
    random_forced_hand,
    random_hand,
)
from pokerkit import HandHistory
from pokerkit.notation import parse_action

from cardtui.holdem.actions import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    DeadBlindPosted,
    Folded,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    Record,
    UncalledBetReturned,
)
from cardtui.holdem.bots import Personality
from cardtui.holdem.phh import to_phh
from cardtui.holdem.phh_read import PhhError, Replay, Unreadable, read_path, read_phh, read_phhs
from cardtui.holdem.table import BlindLevel, Mode, Player, Table

FIXTURES = Path(__file__).parent / "phh"
BETTING = (Folded, Checked, Called, BetOrRaised)


def chips_after_each_action(replay: Replay) -> list[list[int]]:
    """Each player's stack (p1..pN) after every betting record and what the dealer did next."""
    stacks = {s: replay.starting_stacks[s] or 0 for s in replay.players}
    out: list[list[int]] = []

    def apply(record: Record) -> None:
        match record:
            case AntePosted() | DeadBlindPosted() | BlindPosted() | Called() | BetOrRaised():
                stacks[record.seat] -= record.amount
            case UncalledBetReturned():
                stacks[record.seat] += record.amount
            case PotAwarded():
                for seat, share in zip(record.winners, record.shares, strict=True):
                    stacks[seat] += share

    seen_action = False
    for record in replay.records:
        if isinstance(record, BETTING):
            if seen_action:
                out.append([stacks[s] for s in replay.players])
            seen_action = True
        apply(record)
    out.append([stacks[s] for s in replay.players])
    return out


def pokerkit_after_each_action(text: str) -> list[list[Decimal]]:
    history = HandHistory.loads(text)
    state = history.create_state()
    out = []
    for action in history.actions:
        deal_automatically(state)
        words = action.split()
        parse_action(state, action)
        if words[0] != "d" and words[1] in ("f", "cc", "cbr"):
            deal_automatically(state)
            out.append([Decimal(s) for s in state.stacks])
    deal_automatically(state)
    assert not state.status
    out.append([Decimal(s) for s in state.stacks])
    return out


def assert_agrees_with_pokerkit(replay: Replay, text: str) -> None:
    ours = chips_after_each_action(replay)
    theirs = pokerkit_after_each_action(text)
    # After the last betting action the engine plays the showdown at once,
    # pokerkit waits for the shows: compare every earlier action, then the end.
    assert len(ours) == len(theirs) - 1
    scaled = [[Decimal(c) / replay.scale for c in row] for row in ours]
    assert scaled[:-1] == theirs[:-2]
    assert scaled[-1] == theirs[-1]


@pytest.mark.parametrize("name", ["pluribus_style.phh", "tournament_bb_ante.phh",
                                  "straddle_cents.phh", "online_unknown.phh"])
def test_fixture_chips_agree_with_pokerkit_at_every_step(name: str) -> None:
    text = (FIXTURES / name).read_text()
    replay = read_phh(text, source=name)
    assert replay.complete
    assert_agrees_with_pokerkit(replay, text)


def test_a_pluribus_style_hand_replays_with_names_cards_and_showdown() -> None:
    replay = read_phh((FIXTURES / "pluribus_style.phh").read_text())
    assert replay.title == "hand 17" and replay.notes == ()
    assert replay.names[replay.positions.button] == "Pluribus"
    assert (replay.small_blind, replay.big_blind, replay.scale) == (50, 100, 1)
    shown = [r for r in replay.records if isinstance(r, HandShown)]
    assert [(replay.names[r.seat], "".join(map(str, r.cards))) for r in shown] == [
        ("MrWhite", "AhKh")]
    assert replay.final_stacks == (9950, 9900, 13650, 10000, 10000, 6500)


def test_a_big_blind_ante_is_posted_once_and_is_dead_money() -> None:
    replay = read_phh((FIXTURES / "tournament_bb_ante.phh").read_text())
    antes = [r for r in replay.records if isinstance(r, AntePosted)]
    assert [(replay.names[r.seat], r.amount) for r in antes] == [("Ben", 2000)]
    # The file's seat numbers are kept: Gus (seat 2) has the button.
    assert replay.seat_count == 9 and replay.names[1] == "Gus" and replay.positions.button == 1
    awards = [(r.amount, [replay.names[s] for s in r.winners])
              for r in replay.records if isinstance(r, PotAwarded)]
    assert awards == [(42500, ["Cleo"]), (29000, ["Fay"])]


def test_a_straddle_in_cents_is_scaled_to_whole_chips_and_said() -> None:
    replay = read_phh((FIXTURES / "straddle_cents.phh").read_text())
    assert replay.scale == 100
    assert replay.notes == ("Amounts are in hundredths (× 100): the file's big blind 0.5 is "
                            "50 chips.",)
    straddle = [r for r in replay.records if isinstance(r, BlindPosted)][2]
    assert (replay.names[straddle.seat], straddle.kind.value, straddle.amount) == (
        "Straddler", "straddle", 100)
    assert replay.starting_stacks[1] == 7340


def test_unknown_cards_stay_unknown_and_a_face_down_show_stays_in() -> None:
    replay = read_phh((FIXTURES / "online_unknown.phh").read_text())
    dealt = [r for r in replay.records if isinstance(r, HoleCardsDealt)]
    shown = {replay.names[r.seat]: r.cards for r in replay.records if isinstance(r, HandShown)}
    assert {name: "".join(map(str, cards)) for name, cards in shown.items() if None not in cards
            } == {"u3": "AhQc"}
    # u2 shows face down (PHH: not a muck), ranked on the board alone: u3 wins.
    assert shown["u2"] == (None, None)
    # u3's cards are known from the show, but were face down when dealt.
    assert all(r.cards == (None, None) for r in dealt)
    assert replay.notes[1] == ("u2 shows face down (????): the hand stays in and plays the "
                               "board, as the PHH specification and pokerkit have it.")


def test_a_many_hand_file_and_a_folder_list_every_hand_with_reasons(tmp_path: Path) -> None:
    good = (FIXTURES / "pluribus_style.phh").read_text()
    omaha = good.replace('variant = "NT"', 'variant = "PO"')
    crowded = good.replace("starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]",
                           "starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000, 10]")
    wrong_turn = good.replace('"p4 f", "p5 f"', '"p5 f", "p4 f"')
    (tmp_path / "session.phhs").write_text("\n".join(
        f"[{i}]\n{text}" for i, text in enumerate([good, omaha, crowded, wrong_turn], start=1)))
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "one.phh").write_text(good)
    (tmp_path / "more" / "broken.phh").write_text("variant = ")
    hands = read_path(tmp_path)
    summary = [(h.title, h.reason if isinstance(h, Unreadable) else "ok") for h in hands]
    assert summary == [
        ("more/broken.phh", summary[0][1]),
        ("hand 17", "ok"),  # more/one.phh titled by its hand number
        ("hand 17", "ok"),  # session.phhs [1]
        ("session.phhs [2]", "variant 'PO' is not no-limit Texas hold'em (NT)"),
        ("session.phhs [3]", "antes must list one amount for each of the 7 players"),
        ("session.phhs [4]", "action 8 'p5 f': it is p4's turn"),
    ]
    assert summary[0][1].startswith("not a PHH file (TOML:")
    assert all("\n" not in reason for _, reason in summary)


@pytest.mark.parametrize(("change", "reason"), [
    (("min_bet = 100", "min_bet = 0.0000001"), "more than 6 decimals"),
    (("min_bet = 100", "min_bet = inf"), "min_bet Infinity is not a number of chips"),
    (('"p3 cbr 210"', '"p3 cbr 150"'), "below the minimum raise to 200"),
    (('"d db 4h", ', ""), "the file has not dealt the turn yet"),
    (('"d dh p6 QsQd"', '"d dh p6 QsAh"'), "Ah appears twice"),
    (('"d dh p6 QsQd"', '"d dh p6 Qs"'), "hold'em deals two hole cards"),
    (('"d db 9s", "p3 cbr 2000", "p6 cc",', '"p3 cbr 2000", "p6 cc",'), "not dealt the river"),
    (("blinds_or_straddles = [50, 100,", "blinds_or_straddles = [0, 0,"), "no big blind"),
])
def test_inconsistent_hands_get_a_one_line_reason(change: tuple[str, str], reason: str) -> None:
    text = (FIXTURES / "pluribus_style.phh").read_text()
    assert change[0] in text
    with pytest.raises(PhhError, match=reason) as raised:
        read_phh(text.replace(*change))
    assert "\n" not in str(raised.value)


def test_a_history_that_stops_mid_hand_replays_as_far_as_it_goes() -> None:
    text = (FIXTURES / "pluribus_style.phh").read_text()
    partial = text.replace('''"d db Ks7d2c", "p3 cc", "p6 cbr 800", "p3 cc",''', "")
    partial = partial.replace('''  "d db 4h", "p3 cc", "p6 cc",
  "d db 9s", "p3 cbr 2000", "p6 cc",
  "p3 sm AhKh", "p6 sm",''', "")
    replay = read_phh(partial)
    assert not replay.complete and replay.final_stacks is None
    assert "The history stops before the end of the hand." in replay.notes
    # The flop the file does not give is not invented: the replay ends with
    # the preflop bets collected.
    assert isinstance(replay.records[-1], BetsCollected)
    assert not any(isinstance(r, BoardDealt) for r in replay.records)


def test_unknown_stacks_are_covered_and_said() -> None:
    text = (FIXTURES / "pluribus_style.phh").read_text().replace(
        "starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]",
        "starting_stacks = [10000, 10000, 10000, 10000, 10000, inf]")
    replay = read_phh(text)
    assert replay.notes[0].startswith("p6's stack is not in the history: shown as ")
    assert replay.complete


def read_back(text: str) -> Replay:
    replays = read_phhs(text)
    assert len(replays) == 1 and isinstance(replays[0], Replay), replays
    return replays[0]


def test_random_engine_hands_read_back_to_identical_records() -> None:
    rng = random.Random(404)
    for index in range(500):
        hand = (random_forced_hand if index % 2 else random_hand)(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        replay = read_back(to_phh(hand))
        assert list(replay.records) == hand.records, to_phh(hand)
        assert replay.starting_stacks == hand.starting_stacks


def test_table_hands_under_the_dead_button_read_back_to_identical_records() -> None:
    rng = random.Random(77)
    schedule = [BlindLevel(5, 10), BlindLevel(10, 20, 20, big_blind_ante=True),
                BlindLevel(25, 50, 5)]
    hands = 0
    for _ in range(12):
        count = rng.randint(2, 9)
        players = [Player(f"Bot {i}", rng.choice((60, 150, 300)), rng.choice(list(Personality)))
                   for i in range(count)]
        table = Table(players, mode=Mode.TOURNAMENT, blinds=schedule, hands_per_level=4,
                      seat_count=rng.randint(count, 10), rng=rng)
        while not table.is_finished:
            hand = table.play_bot_hand()
            replay = read_back(table.hand_history(hand))
            assert list(replay.records) == hand.records
            assert replay.positions.big_blind == hand.positions.big_blind
            hands += 1
    assert hands > 100


def test_mutated_histories_read_or_give_a_reason_never_a_traceback() -> None:
    rng = random.Random(5)
    outcomes = {"read": 0, "refused": 0}
    for _ in range(400):
        hand = random_forced_hand(rng)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        text = to_phh(hand)
        actions = tomllib.loads(text)["actions"]
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(actions))
            words = actions[j].split()
            match rng.randrange(4):
                case 0:
                    del actions[j]
                case 1:
                    actions.insert(j, rng.choice(actions))
                case 2:
                    actions[j] = " ".join([rng.choice(["p1", "p2", "p3", "d", "p11"]), *words[1:]])
                case _:
                    actions[j] = " ".join([*words[:-1], str(rng.randint(-5, 3000))])
            actions = actions or ["p1 f"]
        start, end = text.index("actions = [\n"), text.index("\n]\n") + 2
        listed = ", ".join(f'"{a}"' for a in actions)
        mutated = f"{text[:start]}actions = [{listed}]{text[end:]}"
        for replay in read_phhs(mutated):
            if isinstance(replay, Unreadable):
                assert "\n" not in replay.reason
                outcomes["refused"] += 1
            else:
                outcomes["read"] += 1
    assert outcomes["refused"] > 100 and outcomes["read"] > 20, outcomes
