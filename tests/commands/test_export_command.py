"""``cardtui export``: the kept hands as PHH or PokerStars files, read back by independent parsers.

The PHH files are read by pokerkit (strictly: every action must be legal
there) and the PokerStars files by ``poker`` (pokerregion/poker, in the test
extra). A name with a space ("Ann Lee", "Bot 1") comes back whole from both.
"""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from poker.room.pokerstars import PokerStarsHandHistory

from cardtui.cli import main
from cardtui.games import Game
from cardtui.holdem.actions import PotAwarded
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import to_phh
from cardtui.holdem.pokerstars import NAME_SPACE
from cardtui.store import Database, Outcome, SeatResult, Store
from tests.holdem.holdem_random_play import replay_strictly

NAMES = ["Ann Lee", "Bot 1", "Bob"]
#: When every kept round here was played.
PLAYED = datetime(2026, 7, 4, 20, 15, tzinfo=UTC)


def _showdown() -> Hand:
    # Ann Lee (seat 0) raises, Bot 1 calls, Bob folds; checked down, Ann's kings win.
    hand = Hand([200, 200, 200], button=2, small_blind=1, big_blind=2, names=NAMES,
                deck=stacked_deck(["KhKd", "QhQd", "7c2d"], board="Ks8h3c 4d 9s"))
    hand.fold(), hand.raise_to(6), hand.call()
    while not hand.is_over:
        hand.check()
    return hand


def _flop_fold() -> Hand:
    # Ann Lee (the button) limps, Bot 1 folds; Bob checks the flop, Ann Lee bets, Bob
    # folds: she collects without a showdown.
    hand = Hand([200, 200, 200], button=0, small_blind=1, big_blind=2, names=NAMES,
                deck=stacked_deck(["QhQd", "7c2d", "KhKd"], board="Ks8h3c 4d 9s"))
    hand.call(), hand.fold(), hand.check()
    hand.check(), hand.raise_to(4), hand.fold()
    return hand


def _without_ann() -> Hand:
    stacks: list[int | None] = [None, 200, 200]
    hand = Hand(stacks, button=1, small_blind=1, big_blind=2, names=NAMES,
                deck=stacked_deck(["QhQd", "7c2d"]))
    hand.fold()
    return hand


def read(name: str) -> str:
    """A name as the PokerStars file has it, its no-break spaces read as spaces."""
    return name.replace(NAME_SPACE, " ")


def _keep(data: Path, hands: list[Hand]) -> None:
    """Each hand kept as a local table keeps it: Ann Lee's cards and the ones shown."""
    db = Database(data / "cardtui.sqlite3")
    for hand in hands:
        db.record_round(Game.HOLDEM, [SeatResult("Ann Lee", 0, 0, Outcome.PUSH)], "s",
                        PLAYED.timestamp(), hand_history=to_phh(hand, seen_by={0}))
    db.close()


def _export(data: Path, *options: str) -> tuple[int, Path]:
    out = data / "out"
    code = main(["export", "--data-dir", str(data), "--out", str(out), *options])
    return code, out


def test_phh_files_are_the_kept_histories_and_play_back_in_pokerkit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = [_showdown(), _flop_fold(), _without_ann()]
    _keep(tmp_path, hands)
    code, out = _export(tmp_path)
    assert code == 0
    assert "Wrote 3 hands as PHH hand histories to" in capsys.readouterr().out
    files = sorted(out.glob("*.phh"))
    assert [f.name for f in files] == ["hand-000001.phh", "hand-000002.phh", "hand-000003.phh"]
    for path, hand in zip(files, hands, strict=True):
        text = path.read_text(encoding="utf-8")
        assert text == to_phh(hand, seen_by={0})
        state = replay_strictly(text)
        data = tomllib.loads(text)
        assert list(state.stacks) == [hand.stacks[s - 1] for s in data["seats"]]
        assert set(data["players"]) <= set(NAMES)  # "Ann Lee" and "Bot 1" whole
        for seat in (1, 2):  # nobody else's cards but those shown
            if hand.starting_stacks[seat] is not None and seat not in hand.shown:
                assert "".join(map(str, hand.hole[seat])) not in text


def test_pokerstars_files_read_back_with_names_that_hold_spaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = [_showdown(), _flop_fold(), _without_ann()]
    _keep(tmp_path, hands)
    code, out = _export(tmp_path, "--format", "pokerstars", "--player", "Ann Lee")
    assert code == 0
    assert "Wrote 2 hands of Ann Lee as PokerStars hand histories" in capsys.readouterr().out
    files = sorted(out.glob("*.txt"))
    assert [f.name for f in files] == ["hand-000001.txt", "hand-000002.txt"]  # not hand 3
    for number, (path, hand) in enumerate(zip(files, hands, strict=False), start=1):
        text = path.read_text(encoding="utf-8")
        parsed = PokerStarsHandHistory(text)
        parsed.parse()
        assert parsed.ident == str(number)  # the round's number in the store
        assert parsed.date == PLAYED
        # A space in a name is written as a no-break space, which no reader splits at.
        assert [read(p.name) for p in parsed.players if p.stack] == NAMES
        assert read(parsed.hero.name) == "Ann Lee"
        assert {f"{c.rank}{c.suit}" for c in (parsed.hero.combo.first,
                                               parsed.hero.combo.second)} == {
            str(card).replace("h", "♥").replace("d", "♦").replace("s", "♠").replace("c", "♣")
            for card in hand.hole[0]}
        won = {read(w.split(" (")[0]) for w in parsed.winners}
        assert won == {"Ann Lee"}
        assert parsed.total_pot == sum(r.amount for r in hand.records
                                       if isinstance(r, PotAwarded))
        # Every action line names a seated player whole (the parser splits at ": ").
        for line in parsed.preflop_actions:
            name = read(line.partition(": ")[0])
            assert name in NAMES or line.startswith(("Dealt to", "Uncalled"))
        if number == 2:  # the hand won on the flop, without a showdown
            actions = [(read(a.name), a.action.name, a.amount) for a in parsed.flop.actions]
            assert actions == [("Bob", "CHECK", None), ("Ann Lee", "BET", Decimal(4)),
                               ("Bob", "FOLD", None), ("Ann Lee", "RETURN", Decimal(4)),
                               ("Ann Lee", "WIN", Decimal(5))]


@pytest.mark.parametrize(("options", "message"), [
    (["--format", "xml"], "argument --format: invalid choice: 'xml'"),
    (["--player", ""], "argument --player: Enter a name of 1 to 12 characters."),
    (["--player", "x" * 5000], "argument --player: A name has at most 12 characters"),
    (["--player", "tab\there"], "argument --player: A name may contain only printable"),
])
def test_bad_flags_exit_2_with_one_line(tmp_path: Path, options: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _export(tmp_path, *options)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_out_is_needed_and_must_be_a_folder(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert "the following arguments are required: --out" in err and err.count("\n") == 1
    afile = tmp_path / "a-file"
    afile.write_text("x")
    assert main(["export", "--data-dir", str(tmp_path), "--out", str(afile)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"cardtui export: error: --out {afile} exists and is not a directory"


def test_nothing_kept_yet_is_said_and_creates_no_store(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    code, _ = _export(data)
    assert code == 0 and "No hold'em hands kept yet" in capsys.readouterr().out
    assert not (data / "cardtui.sqlite3").exists()


def test_an_unreadable_kept_history_is_left_out_and_counted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(tmp_path / "cardtui.sqlite3")
    store.record_round(Game.HOLDEM, [SeatResult("Ann Lee", 0, 0, Outcome.PUSH)],
                       hand_history="not toml [")
    store.record_round(Game.HOLDEM, [SeatResult("Ann Lee", 0, 0, Outcome.PUSH)],
                       hand_history=to_phh(_showdown(), seen_by={0}))
    assert store.close() == []
    code, out = _export(tmp_path, "--format", "pokerstars")
    said = capsys.readouterr().out
    assert code == 0 and [f.name for f in out.iterdir()] == ["hand-000002.txt"]
    assert "Wrote 1 hand as PokerStars" in said
    assert "1 kept hand could not be read and is left out." in said


def test_a_history_kept_with_every_card_is_exported_as_its_player_saw_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Before this version a local table kept every seat's hole cards: the one person's
    # own cards and the ones shown are written, a bot's folded or mucked hand is not.
    hand = _flop_fold()  # Ann Lee bets the flop, Bob folds; Bot 1 folded preflop
    kinds = {"Ann Lee": "", "Bot 1": "rock", "Bob": "shark"}
    full = to_phh(hand) + "_personalities = [{}]\n".format(
        ", ".join(f'"{kinds[hand.names[s]]}"' for s in hand.players))  # type: ignore[index]
    db = Database(tmp_path / "cardtui.sqlite3")
    db.record_round(Game.HOLDEM, [SeatResult("Ann Lee", 0, 0, Outcome.PUSH)], "s",
                    PLAYED.timestamp(), hand_history=full)
    db.close()
    for written_as in ("phh", "pokerstars"):
        code, out = _export(tmp_path, "--format", written_as)
        assert code == 0
        (path,) = out.glob("*.phh" if written_as == "phh" else "*.txt")
        text = path.read_text(encoding="utf-8")
        assert "KhKd" in text or "Kh Kd" in text  # hers
        for seat in (1, 2):
            cards = "".join(map(str, hand.hole[seat]))
            assert cards not in text and " ".join(map(str, hand.hole[seat])) not in text
        if written_as == "phh":
            replay_strictly(text)
            assert tomllib.loads(text)["_personalities"] == tomllib.loads(full)["_personalities"]
        else:
            assert "Dealt to Ann\u00a0Lee [Kh Kd]" in text


def test_a_hot_seat_history_kept_with_every_card_shows_nobodys(tmp_path: Path) -> None:
    hand = _flop_fold()  # three people at one keyboard: no personalities at all
    db = Database(tmp_path / "cardtui.sqlite3")
    db.record_round(Game.HOLDEM, [SeatResult("Ann Lee", 0, 0, Outcome.PUSH)], "s",
                    PLAYED.timestamp(), hand_history=to_phh(hand))
    db.close()
    code, out = _export(tmp_path, "--player", "Bob")
    assert code == 0
    text = next(out.glob("*.phh")).read_text(encoding="utf-8")
    assert text.count("????") == 3 and not any(
        "".join(map(str, hand.hole[seat])) in text for seat in range(3))
    replay_strictly(text)
