"""Read PHH hand histories into replays: the engine plays the file's hand again.

PHH (the open Poker Hand History format, https://phh.readthedocs.io) is TOML:
one hand per ``.phh`` file, or many in a ``.phhs`` file, one table each
(``[1]``, ``[2]``, ...). Any valid no-limit hold'em hand reads: antes
(uniform, big blind antes, dead or trimmed), blinds, straddles and blinds
posted out of turn (``blinds_or_straddles``: positive beyond the big blind is
a straddle, negative a posted blind, as pokerkit's parsers write them),
amounts with decimals (scaled to whole chips, said in a note), unknown cards
(``????``) and unknown stacks (``inf``).

A :class:`Replay` holds the records of a :class:`~cardtui.holdem.hand.Hand`
driven by the file's actions over a deck stacked from its cards, so the table
screen draws it like any hand: a card the file does not give is ``None`` in
the records (drawn face down). A hand cardtui cannot represent raises
:class:`PhhError`, one line saying why.

A file is untrusted input: only a regular file of at most
:data:`MAX_FILE_BYTES` is read (a FIFO or a device is refused, never waited
on), amounts are bounded before any arithmetic (no ``1e100000000`` chips),
nesting is bounded, and every text the screen will draw (names, the title,
notes, reasons) is cleaned of terminal escapes by :func:`cardtui.untrusted.clean`.

>>> replay = read_phh('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [0.5, 1, 0]
... min_bet = 1
... starting_stacks = [100, 80.25, 50]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h7d", "p3 cbr 3", "p1 f", "p2 f"]
... players = ["Ann", "Bob", "Cy"]
... ''')
>>> replay.names, replay.final_stacks
(('Ann', 'Bob', 'Cy'), (9950, 7925, 5150))
>>> replay.notes
("Amounts are in hundredths (× 100): the file's big blind 1 is 100 chips.",)
>>> replay.records[3]  # Bob's cards are not in the file
HoleCardsDealt(seat=1, cards=(None, None))
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from cardtui.cards import Card, Deck
from cardtui.holdem.actions import BoardDealt, HandEnded, HandMucked, HandShown, HoleCardsDealt
from cardtui.holdem.actions import Record as HandRecord
from cardtui.holdem.button import Positions
from cardtui.holdem.hand import Hand, stacked_deck
from cardtui.holdem.phh import RABBIT_HUNT, RUNS_WORDS
from cardtui.i18n import N_
from cardtui.i18n.said import Said
from cardtui.untrusted import NotReadable, clean, nesting_problem, read_text

__all__ = ["PhhError", "Replay", "Unreadable", "hand_files", "natural_key", "read_file",
           "read_path", "read_phh", "read_phhs"]

#: Decimal places a file's amounts may have (cents are 2; more is not money).
MAX_DECIMALS = 6
#: The largest amount a file may state (a quadrillion: past any real pot, and
#: far short of what makes exact arithmetic slow or overflow).
MAX_AMOUNT = Decimal(10) ** 15
#: The largest file read: a hand is under 1 KB, so tens of thousands of hands.
MAX_FILE_BYTES = 32 << 20
#: How deep a file's tables and arrays may nest: a ``.phhs`` hand is 3 deep.
MAX_NESTING = 8
#: Longest player name and title kept from a file (the screen cuts them further).
MAX_NAME = 40
MAX_TEXT = 300
_PLAYER = re.compile(r"p([1-9][0-9]?)")


def _next_street(board: int) -> str:
    """The street dealt after ``board`` cards are out."""
    return {0: "flop", 3: "turn"}.get(board, "river")


class PhhError(ValueError):
    """A hand history cardtui cannot replay; the message is one line saying why.

    ``said`` keeps it as a template marked N_ and its pieces (``str(error)`` is the
    English), so a screen says it in the player's language; a piece taken from the
    file is cleaned here, so no caller can draw it raw.
    """

    def __init__(self, template: str, **args: object) -> None:
        self.said = Said(template, **{
            name: clean(value, MAX_TEXT) if type(value) is str else value
            for name, value in args.items()})
        super().__init__(str(self.said))


def _engine_words(error: ValueError) -> str:
    """An engine's refusal as it said it: its Said (translated in turn), else its English."""
    said = error.args[0] if error.args else ""
    return said if isinstance(said, Said) else str(error)


def _street(board: int) -> Said:
    """The street dealt after ``board`` cards are out, as a message names it."""
    return Said({"flop": N_("flop"), "turn": N_("turn")}.get(_next_street(board), N_("river")))


@dataclass(frozen=True, slots=True)
class Replay:
    """One hand read from PHH, ready for the table screen to play step by step.

    It has what :meth:`TableView.for_hand` reads from a hand
    (``starting_stacks``, ``positions``) and the engine's records.
    """

    #: What the file says the hand is ("WSOP 2023 Event #43, hand 12"), or its source.
    title: str
    #: Player names by seat ("" for an empty seat).
    names: tuple[str, ...]
    starting_stacks: tuple[int | None, ...]
    positions: Positions
    small_blind: int
    big_blind: int
    #: The engine's records; a card the history does not give is None.
    records: tuple[HandRecord, ...]
    #: Anything the reader changed or could not know, one sentence each.
    notes: tuple[str, ...]
    #: False when the history stops before the hand is over.
    complete: bool
    #: Chips per unit of the file's amounts (100 when the file counts cents).
    scale: int

    @property
    def seat_count(self) -> int:
        return len(self.names)

    @property
    def players(self) -> tuple[int, ...]:
        """Seats dealt in, from the button's left: PHH's p1..pN."""
        count = self.seat_count
        order = [(self.positions.button + step) % count for step in range(1, count + 1)]
        return tuple(s for s in order if self.starting_stacks[s] is not None)

    @property
    def final_stacks(self) -> tuple[int | None, ...] | None:
        """Every seat's stack once the hand is over (None while incomplete)."""
        ended = [r for r in self.records if isinstance(r, HandEnded)]
        return ended[-1].stacks if ended else None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A hand (or file) in a many-hand source that could not be replayed, and why.

    Both texts come from the file (its name, its actions): they are cleaned
    here, so no caller can draw them raw.
    """

    title: str
    #: Why, in English; a :class:`Said` (a :class:`PhhError`'s) keeps its template.
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", clean(self.title, MAX_TEXT))
        if not isinstance(self.reason, Said):  # (a Said's pieces are cleaned already)
            object.__setattr__(self, "reason", clean(self.reason, MAX_TEXT))


# --- sources ------------------------------------------------------------------


def read_path(path: Path) -> list[Replay | Unreadable]:
    """Every hand in a ``.phh`` or ``.phhs`` file, or in every such file under a folder."""
    if path.is_dir():
        return [hand for file in hand_files(path) for hand in read_file(file, path)]
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise PhhError(N_("{path} does not exist"), path=str(path)) from None
    except NotReadable as error:
        raise PhhError("{problem}", problem=str(error)) from None  # its own words
    return _read_text(text, path.name)


def hand_files(folder: Path) -> list[Path]:
    """The ``.phh`` and ``.phhs`` files under ``folder``, in hand-number order: numbers in
    names compare as numbers (``2.phh`` before ``10.phh``, as the public datasets number
    their hands); PhhError when there is none."""
    files = sorted((p for p in folder.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file()),
                   key=lambda p: natural_key(str(p.relative_to(folder))))
    if not files:
        raise PhhError(N_("{folder} holds no .phh or .phhs file"), folder=str(folder))
    return files


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key reading each run of digits as a number.

    >>> sorted(["10.phh", "2.phh", "1/3.phh", "b.phh"], key=natural_key)
    ['1/3.phh', '2.phh', '10.phh', 'b.phh']
    """
    return tuple((0, int(part)) if part.isdigit() else (1, part)
                 for part in re.split(r"(\d+)", name) if part)


def read_file(path: Path, root: Path) -> list[Replay | Unreadable]:
    """One file of a folder: whatever is wrong with it, it is one unreadable entry."""
    name = str(path.relative_to(root))
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except (OSError, NotReadable) as error:
        reason = str(error) if isinstance(error, NotReadable) else error.strerror
        return [Unreadable(name, Said(N_("cannot read the file: {reason}"),
                                      reason=clean(reason or "", MAX_TEXT)))]
    return _read_text(text, name)


def _read_text(text: str, name: str) -> list[Replay | Unreadable]:
    try:
        return read_phhs(text, source=clean(name, MAX_TEXT))
    except PhhError as error:
        return [Unreadable(name, error.said)]


def read_phhs(text: str, *, source: str = "") -> list[Replay | Unreadable]:
    """Every hand in PHH text: one hand (``.phh``) or a table per hand (``.phhs``)."""
    data = _toml(text)
    if "variant" in data or "actions" in data:
        return [_read_one(data, source)]
    tables = [(key, value) for key, value in data.items() if isinstance(value, dict)]
    if not tables:
        raise PhhError(N_("no hand in the file: neither PHH fields nor [hand] tables"))
    # One scale for the file: a hand in cents beside one in whole chips would
    # otherwise be drawn in different units.
    scale = max((_file_scale(hand) for _, hand in tables), default=1)
    out: list[Replay | Unreadable] = []
    for key, hand in tables:
        where = f"{source} [{key}]" if source else f"[{key}]"
        try:
            out.append(_hand(hand, where, at_least=scale))
        except PhhError as error:
            out.append(Unreadable(where, error.said))
    return out


def read_phh(text: str, *, source: str = "") -> Replay:
    """The one hand in PHH text (PhhError when it cannot be replayed)."""
    return _hand(_toml(text), source)


def _read_one(data: dict[str, Any], source: str) -> Replay | Unreadable:
    try:
        return _hand(data, source)
    except PhhError as error:
        return Unreadable(source or "hand", error.said)


def _toml(text: str) -> dict[str, Any]:
    # A BOM is how some editors start UTF-8; TOML itself does not allow it.
    text = text.removeprefix("\ufeff")
    try:
        # Decimals stay exact: 0.1 + 0.2 must be 0.3 chips-wise.
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(N_("not a PHH file (TOML: {error})"), error=str(error)) from None
    except ValueError:
        # tomllib lets int() refuse an integer of more than 4,300 digits.
        raise PhhError(N_("not a PHH file: a number has thousands of digits")) from None
    except ArithmeticError:
        # Decimal refuses an exponent past its limits (1e99999999999999999999) with
        # InvalidOperation, an ArithmeticError and no ValueError.
        raise PhhError(N_("not a PHH file: a number's exponent is out of range")) from None
    except RecursionError:
        raise PhhError(N_("not a PHH file: nested more than {most} deep"),
                       most=MAX_NESTING) from None
    problem = nesting_problem(data, MAX_NESTING)
    if problem:
        raise PhhError(N_("not a PHH file: {problem}"), problem=problem)
    return data


# --- one hand -----------------------------------------------------------------


@dataclass(slots=True)
class _Cards:
    """What the file says about the cards: dealt, shown, the board."""

    hole: dict[int, list[Card | None]]
    #: Players who show (True) or muck (False) at the showdown, by the file.
    shown: dict[int, bool]
    board: list[Card]
    #: Players the file shows with cards face down ("pN sm ????" or "??Ah"):
    #: their hand stays in, ranked on the cards known.
    face_down: set[int]
    #: Which hole cards the deal itself gives (a show may reveal the others later).
    dealt_known: dict[int, tuple[bool, bool]]


def _file_scale(data: Mapping[str, Any]) -> int:
    """The scale a hand's own amounts need (1 when the hand is not readable: it is
    reported by :func:`_hand`, and weighs nothing on its file's scale)."""
    required = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
    if data.get("variant") != "NT" or not all(field in data for field in required):
        return 1
    try:
        actions = _actions(data["actions"])
        return _scale(_numbers(data, actions, _player_count(data)))
    except PhhError:
        return 1


def _hand(data: Mapping[str, Any], source: str, *, at_least: int = 1) -> Replay:
    """One hand; ``at_least``: its file's scale (a power of ten), when larger than its own."""
    variant = data.get("variant")
    if variant != "NT":
        raise PhhError(N_("variant {variant} is not no-limit Texas hold'em (NT)"),
                       variant=_shown(variant))
    for field in ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"):
        if field not in data:
            raise PhhError(N_("the required field {field} is missing"), field=repr(field))
    actions = _actions(data["actions"])
    count = _player_count(data)
    notes: list[str] = []
    numbers = _numbers(data, actions, count)
    scale = max(_scale(numbers), at_least)

    def chips(value: Any, what: str) -> int:
        amount = _decimal(value, what) * scale
        if not amount.is_finite():
            raise PhhError(N_("{what} {value} is not a number of chips"), what=_what(what),
                           value=_shown(value))
        if amount != amount.to_integral_value():
            raise PhhError(N_("{what} {value} is not a whole number of chips"),
                           what=_what(what), value=_shown(value))
        return int(amount)

    antes = [chips(v, "ante") for v in data["antes"]]
    blinds = [chips(v, "blind or straddle") for v in data["blinds_or_straddles"]]
    if scale > 1:
        notes.append(_scale_note(scale, blinds))
    stacks = _stacks(data["starting_stacks"], chips, actions, antes, blinds, notes)
    min_bet = chips(data["min_bet"], "min_bet")
    if count == 2:
        # PHH and pokerkit reverse antes and blinds heads-up: p1 posts entry 1.
        antes.reverse()
        blinds.reverse()
    names = _names(data, count)
    runs = data.get("_runs", 1)  # cardtui's own field: the runouts the players agreed
    if runs not in (1, 2) or isinstance(runs, bool):
        raise PhhError(N_("_runs {runs} is not 1 or 2 runs of the board"), runs=_shown(runs))
    # A bomb pot (cardtui's _bomb_pot, or any hand of equal antes and no
    # blinds): everyone antes and the hand starts at the flop.
    # Antes as posted (a short stack's is less, phh_seen writes them so) are the bomb
    # pot's ante, capped by each stack as the engine caps it.
    bomb = not any(blinds) and min(antes) > 0 and (
        len(set(antes)) == 1 or data.get("_bomb_pot") is True)
    votes = _run_votes(data["actions"], count)
    cards = _cards(actions, count, runs)
    layout = _Layout.of(data, count, blinds, notes, bomb=bomb)
    table_names = [""] * layout.seat_count
    table_stacks: list[int | None] = [None] * layout.seat_count
    for i, seat in enumerate(layout.seats):
        table_names[seat], table_stacks[seat] = names[i], stacks[i]
    if bomb:
        forced: dict[str, Any] = {"small_blind": 0, "big_blind": min_bet, "ante": max(antes),
                                  "bomb_pot": True}
    else:
        forced = _forced(layout, antes, blinds, stacks, data, notes, scale)
    rabbit = _rabbit(data["actions"])
    deck = _deck(cards, count, rabbit)
    decisions = {layout.seats[i]: shown for i, shown in cards.shown.items()}
    for i, hole in cards.hole.items():
        if None in hole and i not in cards.face_down:
            decisions[layout.seats[i]] = False  # no show in the file: nothing to rank
    # PHH: a show with unknown cards is neither a muck nor a show of them; the
    # hand stays in on the cards known (the spec's "Showing/Mucking Hole
    # Cards"; pokerkit splits two such hands on one board).
    unknown = {layout.seats[i]: [n for n, card in enumerate(cards.hole[i]) if card is None]
               for i in cards.face_down}
    try:
        hand = Hand(table_stacks, button=layout.positions.button, deck=deck,
                    positions=layout.positions, names=table_names, min_bet=min_bet,
                    showdown=decisions, unknown_cards=unknown,
                    run_it_twice=runs > 1 or bool(votes),
                    **forced)
    except ValueError as error:
        raise PhhError(N_("the forced bets do not fit: {reason}"),
                       reason=_engine_words(error)) from None
    records, complete = _play(hand, actions, layout, cards, scale,
                              {layout.seats[p]: v for p, v in votes.items()}, runs)
    if complete:
        records += _after_the_hand(hand, layout, cards, rabbit)
    records = _face_down(records, unknown)
    if not complete:
        notes.append(Said(N_("The history stops before the end of the hand.")))
    notes += _showdown_notes(records, cards, layout, names)
    notes += _finish_note(data, hand, layout, scale, complete)
    return Replay(
        title=_title(data, source), names=tuple(table_names),
        starting_stacks=tuple(table_stacks), positions=layout.positions,
        small_blind=forced["small_blind"], big_blind=forced["big_blind"],
        # A note's pieces from the file are cleaned where they come in (names, numbers).
        records=tuple(records), notes=tuple(notes),
        complete=complete, scale=scale,
    )


def _actions(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise PhhError(N_("actions must be a list of strings"))
    out = []
    for action in raw:
        # "# ..." is commentary (PHH); an action may be commentary alone.
        words = action.split("#", 1)[0].split()
        if words:
            out.append(" ".join(words))
    return out


def _player_count(data: Mapping[str, Any]) -> int:
    stacks = data["starting_stacks"]
    if not isinstance(stacks, list):
        raise PhhError(N_("starting_stacks must be a list"))
    count = len(stacks)
    if not 2 <= count <= 10:
        raise PhhError(N_("cardtui deals hold'em to 2 to 10 players, this hand has {count}"),
                       count=count)
    for field in ("antes", "blinds_or_straddles"):
        if not isinstance(data[field], list) or len(data[field]) != count:
            raise PhhError(N_("{field} must list one amount for each of the {count} players"),
                           field=field, count=count)
    return count


def _decimal(value: Any, what: str) -> Decimal:
    """A file's amount, bounded before anything computes with it (``inf``: unknown)."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise PhhError(N_("{what} {value} is not a number"), what=_what(what),
                       value=_shown(value))
    try:
        number = Decimal(value)
    except (InvalidOperation, ValueError):
        raise PhhError(N_("{what} {value} is not a number"), what=_what(what),
                       value=_shown(value)) from None
    if number.is_nan():
        raise PhhError(N_("{what} {value} is not a number"), what=_what(what),
                       value=_shown(value))
    if number.is_infinite():
        return number
    # adjusted() is the exponent of the leading digit, read without arithmetic:
    # abs(), * or normalize() on 1e100000000 raise decimal.Overflow.
    if number and number.adjusted() < -MAX_DECIMALS:
        raise PhhError(N_("amounts with more than {most} decimals are not chips"),
                       most=MAX_DECIMALS)
    if number.adjusted() > 15 or abs(number) > MAX_AMOUNT:
        raise PhhError(N_("{what} {value} is more than {most} chips"), what=_what(what),
                       value=_shown(value), most=f"{MAX_AMOUNT:,}")
    return number


#: The amounts a message names, as pieces the player's language says (min_bet is a
#: PHH field, named as the file names it).
_WHAT = {"ante": N_("ante"), "blind or straddle": N_("blind or straddle"),
         "starting stack": N_("starting stack"), "bet": N_("bet"), "amount": N_("amount")}


def _what(what: str) -> str:
    return Said(_WHAT[what]) if what in _WHAT else what


def _action_words(action: str) -> Said:
    """``action 'p1 sm AhKh'``: where in the file a message points."""
    return Said(N_("action {action}"), action=clean(repr(action), MAX_TEXT))


def _shown(value: object) -> str:
    """A value from the file as a message quotes it: short, whatever its size."""
    text = repr(value) if not isinstance(value, Decimal) else str(value)
    return text if len(text) <= 24 else text[:23] + "…"


def _numbers(data: Mapping[str, Any], actions: list[str], count: int) -> list[Decimal]:
    values = [*data["antes"], *data["blinds_or_straddles"], data["min_bet"],
              *data["starting_stacks"]]
    for action in actions:
        words = action.split()
        if len(words) == 3 and words[1] == "cbr":
            values.append(words[2])
    numbers = [_decimal(v, "amount") for v in values]
    return [n for n in numbers if n.is_finite()]


def _scale(numbers: Sequence[Decimal]) -> int:
    """The smallest power of ten that makes every amount a whole number of chips."""
    places = 0
    for number in numbers:
        exponent = number.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            places = max(places, -exponent)
    if places > MAX_DECIMALS:
        raise PhhError(N_("amounts with more than {most} decimals are not chips"),
                       most=MAX_DECIMALS)
    return int(10**places)  # places >= 0: a whole number (int ** int is typed int | float)


#: The note on amounts read in parts of a chip, by scale.
_SCALE_NOTES = {
    10: N_("Amounts are in tenths (× {scale}): the file's big blind {file} is {big} chips."),
    100: N_("Amounts are in hundredths (× {scale}): the file's big blind {file} is {big} "
            "chips."),
    1000: N_("Amounts are in thousandths (× {scale}): the file's big blind {file} is {big} "
             "chips."),
}


def _scale_note(scale: int, blinds: list[int]) -> Said:
    # Entry 1 is the big blind (heads-up too, where PHH reverses the pair).
    big = blinds[1] if blinds[1] > 0 else max(blinds)
    file_big = (Decimal(big) / scale).normalize()
    template = _SCALE_NOTES.get(scale, N_(
        "Amounts are in units of 1/{scale} (× {scale}): the file's big blind {file} is {big} "
        "chips."))
    return Said(template, scale=f"{scale:,}", file=f"{file_big:f}", big=f"{big:,}")


def _stacks(raw: list[Any], chips: Any, actions: list[str], antes: list[int],
            blinds: list[int], notes: list[str]) -> list[int]:
    # An unknown stack ("inf" in PHH) gets more than the whole hand could take.
    cover = sum(antes) + sum(abs(b) for b in blinds) + 1
    for action in actions:
        words = action.split()
        if len(words) == 3 and words[1] == "cbr":
            cover += chips(words[2], "bet")
    stacks = []
    for i, value in enumerate(raw):
        if isinstance(value, Decimal) and value.is_infinite():
            stacks.append(cover)
            notes.append(Said(N_("p{player}'s stack is not in the history: shown as {cover}."),
                              player=i + 1, cover=f"{cover:,}"))
            continue
        stack = chips(value, "starting stack")
        if stack <= 0:
            raise PhhError(N_("p{player}'s starting stack {value} is not positive"), player=i + 1,
                           value=_shown(value))
        stacks.append(stack)
    return stacks


def _names(data: Mapping[str, Any], count: int) -> list[str]:
    players = data.get("players")
    fallback = [f"p{i + 1}" for i in range(count)]
    if isinstance(players, list) and len(players) == count:
        # A name is drawn on the player's terminal: cleaned like chat.
        names = [clean(p, MAX_NAME) if isinstance(p, str) else "" for p in players]
        return [name or fallback[i] for i, name in enumerate(names)]
    return fallback


def _title(data: Mapping[str, Any], source: str) -> str:
    parts = [_text(data[key]) for key in ("event", "venue", "table") if data.get(key)]
    if isinstance(data.get("hand"), int | str) and not isinstance(data.get("hand"), bool):
        parts.append(f"hand {_text(data['hand'])}")
    return clean(", ".join(p for p in parts if p), MAX_TEXT) or source or "hand"


def _text(value: object) -> str:
    """A descriptive field as one clean line (a string or a number; anything else is left out)."""
    if isinstance(value, str | int | Decimal) and not isinstance(value, bool):
        return clean(str(value), MAX_TEXT)
    return ""


# --- cards --------------------------------------------------------------------


def _parse_cards(text: str, what: str) -> list[Card | None]:
    if len(text) % 2:
        raise PhhError(N_("{what}: {text} is not a list of two-character cards"), what=what,
                       text=repr(text))
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        code = text[i : i + 2]
        if code == "??":
            out.append(None)
            continue
        try:
            out.append(Card.parse(code))
        except ValueError:
            raise PhhError(N_("{what}: {code} is not a card"), what=what,
                           code=repr(code)) from None
    return out


def _player(word: str, count: int, action: str) -> int:
    # ASCII digits only, and two of them: str.isdigit() takes "²" and a
    # 5,000-digit number, which int() then refuses.
    match = _PLAYER.fullmatch(word)
    if match is None or int(match[1]) > count:
        raise PhhError(N_("action {action}: {word} is not a player of this hand"),
                       action=_shown(action), word=_shown(word))
    return int(match[1]) - 1


def _run_votes(raw: list[str], count: int) -> dict[int, int]:
    """Each player's answer to running the board twice (player index -> runs), from
    the commentaries cardtui writes them in ("# p2 runs it twice")."""
    answers = {words: runs for runs, words in RUNS_WORDS.items()}
    votes: dict[int, int] = {}
    for action in raw:
        player, _, words = action.partition("#")[2].strip().partition(" ")
        if words in answers and not action.partition("#")[0].strip():
            votes[_player(player, count, action)] = answers[words]
    return votes


def _rabbit(raw: list[str]) -> list[Card]:
    """The rabbit hunt's cards, from the commentary cardtui writes them in."""
    for action in raw:
        _, _, comment = action.partition("#")
        words = comment.strip()
        if words.startswith(RABBIT_HUNT):
            found = _parse_cards(words[len(RABBIT_HUNT):].strip(), Said(N_("the rabbit hunt")))
            return [c for c in found if c is not None]
    return []


def _after_the_hand(hand: Hand, layout: _Layout, cards: _Cards,
                    rabbit: list[Card]) -> list[HandRecord]:
    """What the file tells after the pots: the uncontested winner's show, the rabbit hunt."""
    out: list[HandRecord] = []
    live = hand.live
    if (len(live) == 1 and cards.shown.get(layout.seats.index(live[0]))
            and hand.show_problem(live[0]) is None):
        out.append(hand.show_winning_hand(live[0]))
    if rabbit and hand.rabbit_problem() is None:
        hunted = hand.rabbit_hunt()
        if list(hunted.cards) == rabbit:
            out.append(hunted)
    return out


def _cards(actions: list[str], count: int, runs: int = 1) -> _Cards:
    hole: dict[int, list[Card | None]] = {}
    shown: dict[int, bool] = {}
    board: list[Card] = []
    face_down: set[int] = set()
    dealt_known: dict[int, tuple[bool, bool]] = {}
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            player = _player(words[2], count, action)
            dealt = _parse_cards(words[3], f"action {action!r}")
            if len(dealt) != 2:
                raise PhhError(N_("action {action}: hold'em deals two hole cards"),
                               action=repr(action))
            if player in hole:
                raise PhhError(N_("action {action}: {cards} is dealt twice"), action=repr(action),
                               cards=words[2])
            hole[player] = dealt
            dealt_known[player] = (dealt[0] is not None, dealt[1] is not None)
        elif words[:2] == ["d", "db"] and len(words) == 3 and runs > 1 and len(board) >= 5:
            # The second run's board follows the first (pokerkit deals them so).
            dealt = _parse_cards(words[2], f"action {action!r}")
            if None in dealt or len(dealt) not in (1, 3):
                raise PhhError(N_("action {action}: a second run's cards must be known"),
                               action=repr(action))
            board += [c for c in dealt if c is not None]
        elif words[:2] == ["d", "db"] and len(words) == 3:
            street = len(board)
            dealt = _parse_cards(words[2], f"action {action!r}")
            expected = 3 if street == 0 else 1
            if street >= 5 or len(dealt) != expected:
                raise PhhError(N_("action {action}: the board is a flop of 3, a turn and a river"),
                               action=repr(action))
            if None in dealt:
                raise PhhError(N_("action {action}: board cards must be known"),
                               action=repr(action))
            board += [c for c in dealt if c is not None]
        elif len(words) >= 2 and words[1] == "sm":
            player = _player(words[0], count, action)
            if len(words) == 2:
                shown[player] = False  # mucked
            elif words[2] == "-":
                shown[player] = True  # an older notation: show what was dealt
            else:
                shown[player] = True
                if not _show(hole, player, _parse_cards(words[2], _action_words(action)),
                             action):
                    face_down.add(player)
    missing = [f"p{i + 1}" for i in range(count) if i not in hole]
    if missing:
        raise PhhError(N_("no hole cards are dealt to {players}"), players=", ".join(missing))
    known = [c for cs in hole.values() for c in cs if c is not None] + board
    repeated = sorted({c.code for c in known if known.count(c) > 1})
    if repeated:
        raise PhhError(N_("{cards} appears twice in the hand"), cards=", ".join(repeated))
    return _Cards(hole, shown, board, face_down, dealt_known)


def _show(hole: dict[int, list[Card | None]], player: int, cards: list[Card | None],
          action: str) -> bool:
    """Fill in cards a show reveals; whether the hand is shown with both cards known."""
    if player not in hole:
        raise PhhError(N_("action {action}: shows before being dealt"), action=repr(action))
    if len(cards) != 2:
        raise PhhError(N_("action {action}: a hold'em hand is two cards"), action=repr(action))
    dealt = hole[player]
    for i, card in enumerate(cards):
        if card is None:
            continue
        if dealt[i] is not None and dealt[i] != card and card not in dealt:
            raise PhhError(N_("action {action}: p{player} was dealt other cards"),
                           action=repr(action), player=player + 1)
        if card not in dealt:
            dealt[dealt.index(None)] = card
    # Whether every card is face up; one shown face down ("??") stays unknown.
    return None not in cards


def _deck(cards: _Cards, count: int, rabbit: Sequence[Card] = ()) -> Deck:
    """Known cards where the file gives them; stand-ins (never shown) elsewhere."""
    used = ({c for cs in cards.hole.values() for c in cs if c is not None} | set(cards.board)
            | set(rabbit))
    spare = iter(c for c in Deck().cards if c not in used)
    holes = [[c if c is not None else next(spare) for c in cards.hole[i]] for i in range(count)]
    try:
        return stacked_deck(holes, board=[*cards.board, *rabbit])
    except ValueError:
        raise PhhError(N_("the rabbit hunt's cards were dealt in the hand")) from None


# --- seats and forced bets ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where p1..pN sit: seat index by player, the table's size and its positions."""

    seats: tuple[int, ...]
    seat_count: int
    positions: Positions
    #: The big blind's player index (p1 when the small blind is dead).
    big_blind_player: int

    @classmethod
    def of(cls, data: Mapping[str, Any], count: int, blinds: list[int],
           notes: list[str], *, bomb: bool = False) -> _Layout:
        if bomb:
            big_player, dead_small = (0 if count == 2 else 1), False
        elif count == 2:
            big_player, dead_small = 0, False
        elif blinds[0] < 0 or blinds[1] < 0:
            raise PhhError(N_("the small and big blind (p1, p2) cannot be negative"))
        elif blinds[1] > 0:
            big_player, dead_small = 1, False
        elif blinds[0] > 0:
            big_player, dead_small = 0, True  # p1 posts the big blind, the small blind is dead
        else:
            raise PhhError(N_("the hand has no big blind"))
        if count == 2 and blinds[0] <= 0 and not bomb:
            raise PhhError(N_("the hand has no big blind"))
        seats, seat_count = cls._seats(data, count, dead_small, notes)
        button = seats[-1]
        if count == 2:
            positions = Positions(button, button, seats[0])
        elif dead_small:
            # The empty seat just left of the button (dead button rule).
            positions = Positions(button, (button + 1) % seat_count, seats[0])
        else:
            positions = Positions(button, seats[0], seats[1])
        return cls(seats, seat_count, positions, big_player)

    @staticmethod
    def _seats(data: Mapping[str, Any], count: int, dead_small: bool,
               notes: list[str]) -> tuple[tuple[int, ...], int]:
        given = data.get("seats")
        if isinstance(given, list) and len(given) == count:
            fit = _given_seats(given, data.get("seat_count"), count, dead_small)
            if fit is not None:
                return fit
            notes.append(Said(N_("The file's seat numbers do not fit a table of up to 10 seats "
                                 "in dealing order: seats are renumbered.")))
        if dead_small:
            # One empty seat between the button and the big blind.
            if count + 1 > 10:
                raise PhhError(N_("a dead small blind needs an empty seat: 10 players fill the "
                                  "table"))
            return tuple(range(1, count + 1)), count + 1
        return tuple(range(count)), count


def _given_seats(given: list[Any], seat_count: Any, count: int,
                 dead_small: bool) -> tuple[tuple[int, ...], int] | None:
    if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in given):
        return None
    if len(set(given)) != count:
        return None
    size = seat_count if isinstance(seat_count, int) and seat_count >= max(given) else max(given)
    if size > 10:
        return None
    seats = tuple(s - 1 for s in given)
    button = seats[-1]
    clockwise = sorted(seats, key=lambda s: (s - button - 1) % size)
    if tuple(clockwise) != seats:
        return None
    if dead_small and (button + 1) % size == seats[0]:
        return None  # no empty seat for the dead small blind
    return seats, size


def _forced(layout: _Layout, antes: list[int], blinds: list[int], stacks: list[int],
            data: Mapping[str, Any], notes: list[str], scale: int) -> dict[str, Any]:
    """The Hand's forced-bet arguments from the file's antes and blinds (p1..pN)."""
    seats, count = layout.seats, len(layout.seats)
    big_player = layout.big_blind_player
    if count == 2:
        small, big = blinds[1], blinds[0]
    elif big_player == 0:
        small, big = 0, blinds[0]
    else:
        small, big = blinds[0], blinds[1]
    straddles = {seats[i]: blinds[i] for i in range(2, count) if blinds[i] > 0}
    posted = {seats[i]: -blinds[i] for i in range(2, count) if blinds[i] < 0}
    if count > 2 and big_player == 0 and blinds[1]:
        # p2 is not a blind when p1 posts the big blind: a straddle or a post.
        (straddles if blinds[1] > 0 else posted)[seats[1]] = abs(blinds[1])
    dead_blinds: dict[int, int] = {}
    marked = data.get("_dead_blinds")  # cardtui's own field: which antes were dead blinds
    if isinstance(marked, list) and len(marked) == count:
        whole = [m * scale for m in marked if isinstance(m, int) and not isinstance(m, bool)]
        if len(whole) == count:
            order = list(reversed(whole)) if count == 2 else whole
            for i, amount in enumerate(order):
                if 0 < amount <= antes[i]:
                    dead_blinds[seats[i]] = amount
                    antes[i] -= amount
    trimming = data.get("ante_trimming_status", False) is True
    out: dict[str, Any] = {"small_blind": small, "big_blind": big, "straddles": straddles,
                           "posted": posted, "dead_blinds": dead_blinds}
    if not any(antes):
        return out
    by_seat = {seats[i]: antes[i] for i in range(count) if antes[i]}
    big_seat = seats[big_player]
    if trimming:
        out["ante"] = antes[0] if len(set(antes)) == 1 else by_seat
        if set(by_seat) == {big_seat}:
            notes.append(Said(N_("The file trims antes (ante_trimming_status = true), so nobody "
                                 "matches the big blind's ante and it goes back, as in "
                                 "pokerkit.")))
        return out
    if set(by_seat) == {big_seat} and stacks[big_player] >= by_seat[big_seat] + big:
        # A big blind ante (TDA 2024 RP-11); with the stack covering both, the
        # order of blind and ante changes nothing.
        out["big_blind_ante"] = by_seat[big_seat]
    else:
        out["ante"], out["dead_antes"] = by_seat, True
    return out


# --- playing the actions ------------------------------------------------------


def _play(hand: Hand, actions: list[str], layout: _Layout, cards: _Cards,
          scale: int, votes: Mapping[int, int] | None = None,
          runs: int = 1) -> tuple[list[HandRecord], bool]:
    """Drive ``hand`` with the file's player actions; the records, masked, and whether over."""
    count = len(layout.seats)
    player_of = {seat: i for i, seat in enumerate(layout.seats)}
    board_seen = 0
    betting_started = False
    def answer_runs() -> None:
        for seat in hand.runs_pending:
            hand.choose_runs(seat, (votes or {}).get(seat, runs))

    for number, action in enumerate(actions, start=1):
        answer_runs()
        words = action.split()
        where = Said(N_("action {number} {action}"), number=number,
                     action=clean(repr(action), MAX_TEXT))
        if words[0] == "d" and board_seen >= 5:
            continue  # the second run's board: the engine deals it from the stacked deck
        if words[0] == "d":
            if words[1:2] == ["dh"]:
                if betting_started:
                    raise PhhError(N_("{where}: hole cards are dealt after the betting began"),
                                   where=where)
                continue
            if words[1:2] != ["db"] or len(words) != 3:
                raise PhhError(N_("{where}: not a dealer action of hold'em"), where=where)
            street = _street(board_seen)
            board_seen += len(words[2]) // 2
            if len(hand.board) < board_seen:
                raise PhhError(N_("{where}: the {street} is dealt while the betting is still on"),
                               where=where, street=street)
            continue
        player = _player(words[0], count, action)
        kind = words[1] if len(words) > 1 else ""
        if kind == "sm":
            continue  # the showdown follows the shows and mucks read with the cards
        if hand.bomb_pot and board_seen == 0:
            # PHH plays a bomb pot's preflop as a round checked round (see phh.py).
            if kind != "cc":
                raise PhhError(N_("{where}: a hand of antes without blinds (a bomb pot) is "
                                  "checked round before the flop"), where=where)
            continue
        if kind not in ("f", "cc", "cbr") or len(words) != (3 if kind == "cbr" else 2):
            raise PhhError(N_("{where}: not a no-limit hold'em action"), where=where)
        betting_started = True
        if hand.actor is None:
            raise PhhError(N_("{where}: nobody is to act, the hand is over"), where=where)
        if player_of[hand.actor] != player:
            raise PhhError(N_("{where}: it is p{player}'s turn"), where=where,
                           player=player_of[hand.actor] + 1)
        if len(hand.board) != board_seen:
            raise PhhError(N_("{where}: the file has not dealt the {street} yet"), where=where,
                           street=_street(board_seen))
        try:
            if kind == "f":
                hand.fold()
            elif kind == "cc":
                hand.call() if hand.call_amount else hand.check()
            else:
                # Every amount was checked whole at this scale.
                hand.raise_to(int(Decimal(words[2]) * scale))
        except ValueError as error:
            raise PhhError(N_("{where}: {reason}"), where=where,
                           reason=_engine_words(error)) from None
    answer_runs()
    records = list(hand.records)
    if hand.is_over and len(hand.board) > board_seen:
        raise PhhError(N_("the history stops before the {street} is dealt"),
                       street=_street(board_seen))
    if not hand.is_over:
        records = _until_the_file_stops(records, board_seen)
    return _masked(records, cards, layout), hand.is_over


def _face_down(records: list[HandRecord], unknown: Mapping[int, Sequence[int]]
               ) -> list[HandRecord]:
    """A hand shown face down shows no card the engine dealt in place of an unknown one."""
    out: list[HandRecord] = []
    for record in records:
        if isinstance(record, HandShown) and record.seat in unknown:
            hidden = unknown[record.seat]
            first, second = (None if i in hidden else card for i, card in enumerate(record.cards))
            record = HandShown(record.seat, (first, second), record.description)
        out.append(record)
    return out


def _until_the_file_stops(records: list[HandRecord], board_seen: int) -> list[HandRecord]:
    """The records up to the first board card the file does not give."""
    out: list[HandRecord] = []
    dealt = 0
    for record in records:
        if isinstance(record, BoardDealt):
            dealt += len(record.cards)
            if dealt > board_seen:
                break
        out.append(record)
    return out


def _masked(records: list[HandRecord], cards: _Cards, layout: _Layout) -> list[HandRecord]:
    """Hole cards the file does not give become None (drawn face down)."""
    player_of = {seat: i for i, seat in enumerate(layout.seats)}
    out: list[HandRecord] = []
    for record in records:
        if isinstance(record, HoleCardsDealt):
            first, second = cards.dealt_known[player_of[record.seat]]
            record = HoleCardsDealt(record.seat, (record.cards[0] if first else None,
                                                  record.cards[1] if second else None))
        out.append(record)
    return out


def _showdown_notes(records: Sequence[HandRecord], cards: _Cards, layout: _Layout,
                    names: list[str]) -> Iterator[str]:
    player_of = {seat: i for i, seat in enumerate(layout.seats)}
    mucked = {player_of[r.seat] for r in records if isinstance(r, HandMucked)}
    shown = {player_of[r.seat] for r in records if isinstance(r, HandShown)}
    for player in sorted(cards.face_down & shown):
        # (The names are cleaned where they are read: _names.)
        yield Said(N_("{name} shows face down (????): the hand stays in and plays the board, "
                      "as the PHH specification and pokerkit have it.") if
                   cards.hole[player] == [None, None] else
                   N_("{name} shows face down (????): the hand stays in and plays its known "
                      "card and the board, as the PHH specification and pokerkit have it."),
                   name=names[player])
    for player in sorted(mucked):
        if None in cards.hole[player] and player not in cards.shown:
            yield Said(N_("{name}'s cards are not in the history: the hand is mucked at the "
                          "showdown."), name=names[player])
    for player, show in cards.shown.items():
        if show and player not in shown:
            yield Said(N_("{name} shows at the showdown in the file, but was not in it here."),
                       name=names[player])


def _finish_note(data: Mapping[str, Any], hand: Hand, layout: _Layout, scale: int,
                 complete: bool) -> list[str]:
    finishing = data.get("finishing_stacks")
    if not complete or not isinstance(finishing, list) or len(finishing) != len(layout.seats):
        return []
    ours = [hand.stacks[seat] for seat in layout.seats]
    try:
        theirs = [_decimal(v, "stack") * scale for v in finishing]
    except PhhError:
        return []
    if all(Decimal(a) == b for a, b in zip(ours, theirs, strict=True)):
        return []
    wrong = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if Decimal(a) != b]
    first = wrong[0]
    return [Said(N_("The file's finishing stacks differ from the replay (p{player}: file "
                    "{file}, replay {replay})."), player=first + 1,
                 file=f"{theirs[first].normalize():f}", replay=f"{ours[first]:,}")]
