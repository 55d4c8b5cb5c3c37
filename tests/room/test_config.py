"""Tables from a TOML file: defaults, validation with plain messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtui.room.config import (
    BlackjackOptions,
    ConfigError,
    HoldemOptions,
    default_tables,
    load_tables,
    parse_tables,
)

GOOD = """
[[holdem]]
name = "Friday"
seats = 9
small_blind = 25
big_blind = 50
starting_stack = 5000
bots_fill = false
action_clock = 20

[[blackjack]]
name = "Pit"
seats = 5
rules = { decks = 2, dealer_hits_soft_17 = true, min_bet = 5, max_bet = 100 }
"""


def test_defaults_are_one_holdem_and_one_blackjack_table() -> None:
    holdem, blackjack = default_tables()
    assert isinstance(holdem, HoldemOptions) and isinstance(blackjack, BlackjackOptions)
    assert (holdem.seats, holdem.stakes, holdem.starting_stack, holdem.bots_fill) == (
        6, "5/10", 1000, True)
    assert blackjack.rules.describe().startswith("6 decks")


def test_a_tables_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    path.write_text(GOOD)
    holdem, blackjack = load_tables(path)
    assert (holdem.name, holdem.seats, holdem.stakes, holdem.action_clock) == (
        "Friday", 9, "25/50", 20)
    assert holdem.limits == (2000, 5000)
    assert (blackjack.seats, blackjack.rules.decks, blackjack.rules.dealer_hits_soft_17) == (
        5, 2, True)
    assert blackjack.limits == (5, 1000)


@pytest.mark.parametrize(("text", "message"), [
    ("[[holdem]]\nseats = 1\n", "holdem table 1: seats must be 2 to 10, not 1"),
    ("[[holdem]]\nbig_blind = 10\nsmall_blind = 20\n", "small_blind must be 0 to 10, not 20"),
    ("[[holdem]]\nbots = true\n", "unknown key 'bots'"),
    # A stack of one big blind can only post it (found in a QA pass): 10 big blinds or more.
    ("[[holdem]]\nbig_blind = 10\nstarting_stack = 10\n",
     "starting_stack must be 100 to 1000000000000, not 10"),
    ("[[holdem]]\nbig_blind = 10\nbuy_in_min = 10\n", "buy_in_min must be 100 to"),
    ("[[holdem]]\nbots_fill = 1\n", "bots_fill must be true or false"),
    ("[[holdem]]\naction_clock = 0\n", "action_clock must be 0.01 to 86400 seconds"),
    ("[[blackjack]]\nseats = 8\n", "blackjack table 1: seats must be 1 to 7, not 8"),
    ("[[blackjack]]\nrules = { decks = 9 }\n", "a shoe holds 1 to 8 decks, not 9"),
    ("[[poker]]\n", "unknown section 'poker'"),
    ("", "no tables"),
    ("[[holdem]\n", "not valid TOML"),
    ("[[holdem]]\nname = \"x\\u001b[31m\"\n", "only printable characters"),
])
def test_bad_tables_are_refused_with_a_plain_message(tmp_path: Path, text: str,
                                                     message: str) -> None:
    path = tmp_path / "tables.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")) as raised:
        load_tables(path)
    assert str(raised.value).startswith(str(path))


def test_post_to_play_and_a_seed_are_table_options() -> None:
    holdem, blackjack = parse_tables(
        "[[holdem]]\npost_to_play = true\nseed = 7\n[[blackjack]]\nseed = 8\n")
    assert isinstance(holdem, HoldemOptions) and holdem.post_to_play and holdem.seed == 7
    assert isinstance(blackjack, BlackjackOptions) and blackjack.seed == 8
    assert HoldemOptions().post_to_play is False and HoldemOptions().seed is None
    with pytest.raises(ConfigError, match="seed must be 0 to"):
        parse_tables("[[holdem]]\nseed = -1\n")
    with pytest.raises(ConfigError, match="post_to_play must be true or false"):
        parse_tables('[[holdem]]\npost_to_play = "yes"\n')
