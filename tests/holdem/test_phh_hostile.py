"""Hand files from anyone: what they say never drives the terminal, and no file crashes replay.

Issue 24: names and the event reached the screen with their escape sequences;
``1e100000000`` chips, a 5,000-digit amount, a decimal overflow and a deeply
nested array stopped ``cardtui replay`` with an unexpected error (and one
such file in a folder lost the whole list); a UTF-8 file with a BOM was
"not a PHH file"; a FIFO hung the reader and ``/dev/zero`` filled memory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtui.holdem import phh_read
from cardtui.holdem.phh_read import PhhError, Replay, Unreadable, read_path, read_phh, read_phhs

FIXTURES = Path(__file__).parent / "phh"
GOOD = (FIXTURES / "pluribus_style.phh").read_text()

HOSTILE = "Ann\x1b]0;owned\x07\x1b[2J\x1b[31m\u202eevil\x9b1m"


def hand(**fields: str) -> str:
    """A small valid hand with some of its fields replaced (TOML values as written)."""
    values = {
        "variant": '"NT"',
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[1, 2, 0]",
        "min_bet": "2",
        "starting_stacks": "[200, 200, 200]",
        "actions": '["d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 9c8c", "p3 f", "p1 f"]',
    } | fields
    return "\n".join(f"{key} = {value}" for key, value in values.items()) + "\n"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, control characters escaped as TOML wants."""
    return '"' + "".join(
        f"\\u{ord(c):04x}" if ord(c) < 0x20 or c in '"\\\x7f' else c for c in text) + '"'


def is_clean(text: str) -> bool:
    return all(c.isprintable() for c in text) and "\u202e" not in text


# --- what is drawn ---------------------------------------------------------


def test_names_title_and_notes_from_a_file_are_cleaned_of_terminal_escapes() -> None:
    name = toml_string(HOSTILE)
    replay = read_phh(hand(players=f"[{name}, {name}, \"\"]", event=name, venue=name,
                           starting_stacks="[200, 200.5, 200]"))
    assert replay.names[0] == "Annevil"
    assert all(is_clean(n) for n in replay.names) and is_clean(replay.title)
    assert replay.title == "Annevil, Annevil"
    assert all(is_clean(note) for note in replay.notes)
    # A name that is nothing but escapes is the player's number, not "".
    assert replay.names[2] == "p3"


def test_an_unreadable_hand_has_a_clean_title_and_reason(tmp_path: Path) -> None:
    (tmp_path / f"{HOSTILE}.phh").write_text(hand(actions=f"[{toml_string('p1 ' + HOSTILE)}]"))
    (tmp_path / "good.phh").write_text(GOOD)
    hands = read_path(tmp_path)
    assert [type(h) for h in hands] == [Unreadable, Replay]
    unreadable = hands[0]
    assert isinstance(unreadable, Unreadable)
    assert is_clean(unreadable.title) and is_clean(unreadable.reason)


# --- what crashed ----------------------------------------------------------

MALFORMED = {
    "a huge exponent": hand(starting_stacks="[1e100000000, 200, 200]"),
    "5,000 digits": hand(starting_stacks="[" + "9" * 5000 + ", 200, 200]"),
    "a decimal overflow": hand(min_bet="9e999999"),
    "a tiny exponent": hand(min_bet="1e-100000000"),
    "a long bet": hand(actions='["d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 9c8c", "p3 cbr '
                       + "9" * 5000 + '"]'),
    "a nested array": hand(players="[" * 2000 + "]" * 2000),
    "a shallow nest": hand(players="[" * 20 + "]" * 20),
    "a long player number": hand(actions='["d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 9c8c", "p'
                                 + "1" * 5000 + ' f"]'),
    "a superscript player": hand(actions='["d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 9c8c", '
                                 '"p\u00b2 f"]'),
    "a signalling NaN": hand(starting_stacks='[200, "sNaN", 200]'),
}


@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_hand_is_one_line_saying_why(text: str) -> None:
    with pytest.raises(PhhError) as caught:
        read_phh(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400


def test_one_malformed_file_in_a_folder_is_listed_and_the_others_read(tmp_path: Path) -> None:
    for number, text in enumerate(MALFORMED.values()):
        (tmp_path / f"bad-{number:02}.phh").write_text(text)
    (tmp_path / "good.phh").write_text(GOOD)
    hands = read_path(tmp_path)
    assert [type(h) for h in hands] == [Unreadable] * len(MALFORMED) + [Replay]


def test_a_utf8_file_with_a_bom_reads(tmp_path: Path) -> None:
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    [replay] = read_path(path)
    assert isinstance(replay, Replay)


# --- what hung or grew -----------------------------------------------------


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "hand.phh"
    os.mkfifo(fifo)
    with pytest.raises(PhhError, match="not a regular file"):
        read_path(fifo)


def test_a_device_is_refused_not_read_forever() -> None:
    with pytest.raises(PhhError, match="not a regular file"):
        read_path(Path("/dev/zero"))


def test_a_file_past_the_size_cap_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    monkeypatch.setattr(phh_read, "MAX_FILE_BYTES", len(GOOD) - 1)
    path = tmp_path / "big.phh"
    path.write_text(GOOD)
    with pytest.raises(PhhError, match="larger than"):
        read_path(path)
    # In a folder it is one unreadable entry.
    [entry] = read_path(tmp_path)
    assert isinstance(entry, Unreadable) and "larger than" in entry.reason


# --- generated files -------------------------------------------------------

_VALUES = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.sampled_from(["inf", "-inf", "nan", "1e100000000", "9e999999", "1e-100000000", "0.0000001",
                     '"x"', '"1e9999999"', '"sNaN"', "true", "[]", "{}", "[[1]]", '"\u202e"',
                     "1.5", "0", "-1", "1_000", "0x10"]),
    st.text(max_size=12).map(toml_string),
)
_ACTION_WORDS = st.sampled_from(["d", "dh", "db", "p1", "p2", "p3", "p9", "p0", "f", "cc", "cbr",
                                 "sm", "-", "????", "AsKs", "7h7d", "9c8c", "Jc3d5c", "4h", "Qs",
                                 "??Ah", "10", "1e9999", "nan", "#", "\x1b[2J", "p²", "inf"])
_ACTIONS = st.lists(st.lists(_ACTION_WORDS, min_size=1, max_size=4).map(" ".join),
                    max_size=24).map(lambda actions: "[" + ", ".join(map(toml_string, actions))
                                     + "]")
_FIELDS = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "players", "seats",
           "seat_count", "finishing_stacks", "ante_trimming_status", "_dead_blinds", "hand",
           "event")


@st.composite
def malformed_hands(draw: st.DrawFn) -> str:
    """A hand whose fields are each kept, dropped, or replaced by something odd."""
    count = draw(st.integers(min_value=1, max_value=11))
    fields: dict[str, str] = {}
    for name in _FIELDS:
        # Mostly kept, so that a generated hand gets past the first check.
        choice = draw(st.sampled_from(["keep"] * 6 + ["list", "list", "value", "drop"]))
        if choice == "list":
            size = draw(st.sampled_from([count, count, count - 1, count + 1]))
            fields[name] = "[" + ", ".join(draw(_VALUES) for _ in range(max(size, 0))) + "]"
        elif choice == "value":
            fields[name] = draw(_VALUES)
        elif choice == "drop":
            fields[name] = ""
    if draw(st.booleans()):
        fields["actions"] = draw(_ACTIONS)
    text = hand(**{k: v for k, v in fields.items() if v})
    return "\n".join(line for line in text.splitlines()
                     if line.split(" = ", 1)[0] not in {k for k, v in fields.items() if not v})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(malformed_hands())
def test_generated_malformed_hands_read_or_say_why(text: str) -> None:
    try:
        hands = read_phhs(text)
    except PhhError as error:
        assert "\n" not in str(error)
        return
    for entry in hands:
        if isinstance(entry, Replay):
            assert all(is_clean(n) for n in entry.names) and is_clean(entry.title)
        else:
            assert is_clean(entry.title) and is_clean(entry.reason)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_good_file_damaged_anywhere_reads_or_says_why(data: st.DataObject) -> None:
    text = GOOD
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        at = data.draw(st.integers(min_value=0, max_value=len(text)))
        cut = data.draw(st.integers(min_value=0, max_value=8))
        insert = data.draw(st.sampled_from(["", "[", "]", "{", "9" * 50, "1e999999", '"', ",",
                                            "\x1b", "??", "p7", " cbr ", "inf", "\ufeff"]))
        text = text[:at] + insert + text[at + cut:]
    try:
        read_phhs(text)
    except PhhError as error:
        assert "\n" not in str(error)


def test_the_replay_command_says_one_line_and_exits_2_for_a_fifo(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]
                                                                 ) -> None:
    from cardtui.cli import main

    fifo = tmp_path / "x.phh"
    os.mkfifo(fifo)
    assert main(["--data-dir", str(tmp_path / "data"), "replay", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a regular file" in err, err


def test_a_number_with_an_exponent_out_of_range_is_refused_in_words() -> None:
    # Found by the hostile-file test: Decimal's InvalidOperation is no ValueError.
    with pytest.raises(PhhError, match="exponent is out of range"):
        read_phh("min_bet = 1e99999999999999999999999999999999999999999999999999\n")
