"""Every value of a tables file, and of the lobby's new-table form, is checked for its type.

Issue 24: ``rules = { decks = 1.5 }`` stopped ``serve`` with an unexpected
error, ``dealer_hits_soft_17 = "no"`` was taken as true, ``max_hands = 2.5``
and a table as a value got through, a deeply nested file raised
RecursionError, and ``--tables /dev/zero`` never finished reading.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtui.cli import main
from cardtui.room.config import (
    ConfigError,
    blackjack_options,
    holdem_options,
    load_tables,
    parse_tables,
    table_problem,
)


@pytest.mark.parametrize(("text", "message"), [
    ("[[blackjack]]\nrules = { decks = 1.5 }\n",
     "blackjack table 1: rules.decks must be a whole number, not 1.5"),
    ('[[blackjack]]\nrules = { dealer_hits_soft_17 = "no" }\n',
     "blackjack table 1: rules.dealer_hits_soft_17 must be true or false, not 'no'"),
    ("[[blackjack]]\nrules = { max_hands = 2.5 }\n",
     "blackjack table 1: rules.max_hands must be a whole number, not 2.5"),
    ("[[blackjack]]\nrules = { decks = { a = 1 } }\n",
     "blackjack table 1: rules.decks must be a whole number, not {'a': 1}"),
    ("[[blackjack]]\nrules = { penetration = nan }\n",
     "blackjack table 1: rules.penetration must be a number, not nan"),
    ("[[blackjack]]\nrules = { double = 3 }\n", "blackjack table 1: rules.double must be one of"),
    ("[[blackjack]]\nrules = { deck = 2 }\n", "blackjack table 1: unknown rule rules.'deck'"),
    ("[[blackjack]]\nrules = { max_bet = 10000000000000 }\n",
     "blackjack table 1: rules.max_bet must be 1 to 1000000000"),
    ("[[blackjack]]\nrules = { min_bet = 50, max_bet = 10 }\n",
     "blackjack table 1: rules: the table limits"),
    ("[[blackjack]]\nrules = 6\n", "blackjack table 1: rules is a table of blackjack rules"),
    ("[[holdem]]\nseats = { a = 1 }\n", "holdem table 1: seats must be a whole number, not"),
    ("[[holdem]]\nseats = 6.0\n", "holdem table 1: seats must be a whole number, not 6.0"),
    ("[[holdem]]\nname = { a = 1 }\n", "holdem table 1: name must be a string"),
    ("[[holdem]]\ngrace = [1]\n", "holdem table 1: grace must be a number of seconds, not [1]"),
    ("[[holdem]]\naction_clock = inf\n", "holdem table 1: action_clock must be a number of"),
    ("[[holdem]]\nbuy_in_max = true\n", "holdem table 1: buy_in_max must be a whole number"),
    ("[[holdem]]\nseats = " + "9" * 5000 + "\n", "a number has thousands of digits"),
    ("[[holdem]]\nname = " + "[" * 3000 + "]" * 3000 + "\n", "nested more than 6 deep"),
    ("[[holdem]]\nname = [[[[[[[1]]]]]]]\n", "nested more than 6 deep"),
])
def test_a_value_of_the_wrong_type_is_one_line_naming_the_table_and_key(text: str,
                                                                         message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_tables(text)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_serve_with_a_bad_rules_type_is_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tables = tmp_path / "tables.toml"
    tables.write_text("[[blackjack]]\nrules = { decks = 1.5 }\n")
    assert main(["--data-dir", str(tmp_path / "d"), "serve", "--tables", str(tables)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rules.decks must be a whole number" in err


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_tables_path_that_is_no_regular_file_is_refused_at_once(tmp_path: Path,
                                                                  kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "tables.toml"
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    else:
        path = tmp_path
    with pytest.raises(ConfigError, match="not a regular file|is a folder"):
        load_tables(path)


def test_the_new_table_form_gets_the_same_checks() -> None:
    assert table_problem("holdem", {"name": "Mine", "seats": 6, "action_clock": 20,
                                    "buy_in_min": 400, "grace": 60}) is None
    assert table_problem("holdem", {"action_clock": "20"}) == (
        "action_clock must be a number of seconds, not '20'")
    assert table_problem("blackjack", {"rules": {"dealer_hits_soft_17": "no"}}) == (
        "rules.dealer_hits_soft_17 must be true or false, not 'no'")
    with pytest.raises(ConfigError, match="grace must be a number of seconds"):
        holdem_options(grace=None)
    table = blackjack_options(name="Pit", seats=3, rules={"decks": 2, "double": "9-11"})
    assert table.rules.decks == 2 and table.rules.double.value == "9-11"


_VALUES = st.sampled_from([
    "1", "0", "-1", "2.5", "1e400", "nan", "inf", "true", '"no"', '""', "[]", "[1]", "{}",
    "{ a = 1 }", "9" * 40, '"any"', '"9-11"', '"3:2"', "1979-05-27", "0.75", "500", "10",
])
_KEYS = st.sampled_from([
    "name", "seats", "small_blind", "big_blind", "starting_stack", "buy_in_min", "buy_in_max",
    "bots_fill", "post_to_play", "action_clock", "grace", "between_hands", "min_humans", "seed",
    "betting_clock", "between_rounds", "nonsense",
])
_RULES = st.sampled_from([
    "decks", "penetration", "dealer_hits_soft_17", "blackjack_pays", "double",
    "double_after_split", "max_hands", "resplit_aces", "late_surrender", "insurance",
    "dealer_wins_ties", "min_bet", "max_bet", "typo",
])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["holdem", "blackjack"]),
       st.dictionaries(_KEYS, _VALUES, max_size=5), st.dictionaries(_RULES, _VALUES, max_size=4))
def test_generated_tables_are_used_or_refused_in_one_line(game: str, values: dict[str, str],
                                                          rules: dict[str, str]) -> None:
    lines = [f"[[{game}]]", *(f"{key} = {value}" for key, value in values.items())]
    if game == "blackjack" and rules:
        lines.append("rules = { " + ", ".join(f"{k} = {v}" for k, v in rules.items()) + " }")
    try:
        parse_tables("\n".join(lines) + "\n")
    except ConfigError as error:
        assert "\n" not in str(error) and str(error).startswith((f"{game} table 1: ", "not valid"))
