"""`cardtui serve --tables FILE --action-clock SECONDS`: the room's tables as the host sets them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.commands import serve
from cardtui.room.config import BlackjackOptions, HoldemOptions, parse_tables
from tests.serve.test_serve_command import serve_args

TABLES = """
[[holdem]]
name = "Friday game"
big_blind = 20
small_blind = 10

[[holdem]]
name = "Slow game"
action_clock = 90

[[blackjack]]
name = "Main pit"
rules = { decks = 2, min_bet = 5, max_bet = 100 }
"""


def test_a_tables_file_and_an_action_clock(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text(TABLES, encoding="utf-8")
    tables = serve._tables(serve_args(tmp_path, "--tables", str(path), "--action-clock", "12"))
    assert tables is not None
    friday, slow, pit = tables
    assert isinstance(friday, HoldemOptions) and friday.stakes == "10/20"
    assert (friday.action_clock, slow.action_clock) == (12, 90)  # a table's own clock wins
    assert isinstance(pit, BlackjackOptions) and pit.rules.decks == 2 and pit.action_clock == 12


def test_without_a_file_the_room_opens_the_default_tables(tmp_path: Path) -> None:
    tables = serve._tables(serve_args(tmp_path, "--action-clock", "45"))
    assert [(type(t).__name__, t.name, t.action_clock) for t in tables] == [
        ("HoldemOptions", "Hold'em 5/10", 45), ("BlackjackOptions", "Blackjack", 45)]
    holdem = tables[0]
    assert (holdem.seats, holdem.stakes, holdem.starting_stack, holdem.bots_fill) == (
        6, "5/10", 1000, True)


@pytest.mark.parametrize(("text", "extra", "said"), [
    ("[[holdem]]\nseats = 12\n", (), "holdem table 1: seats must be 2 to 10, not 12"),
    ("[[holdem]]\nbig_blnd = 20\n", (), "unknown key 'big_blnd'"),
    ("[[poker]]\n", (), "unknown section 'poker'"),
    ("not toml at all [", (), "not valid TOML"),
    (None, ("--action-clock", "0"), "action_clock must be 0.01 to 86,400 seconds"),
])
def test_a_bad_tables_file_or_clock_is_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None,
        extra: tuple[str, ...], said: str) -> None:
    args = ["--open", *extra]
    if text is not None:
        path = tmp_path / "tables.toml"
        path.write_text(text, encoding="utf-8")
        args += ["--tables", str(path)]
    assert serve.run(serve_args(tmp_path, *args)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtui: error: ") and said in err


def test_a_missing_tables_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    missing = tmp_path / "nope.toml"
    assert serve.run(serve_args(tmp_path, "--open", "--tables", str(missing))) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot read {missing}" in err


def test_the_readme_example_is_a_working_tables_file() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Shared tables"):]
    example = section[section.index("```toml") + len("```toml"):section.index("```\n", 10)]
    holdem, blackjack = parse_tables(example)
    assert (holdem.name, holdem.action_clock, holdem.buy_in_min) == ("Friday game", 20, 400)
    assert (blackjack.name, blackjack.seats, blackjack.rules.max_bet) == ("Main pit", 7, 500)
