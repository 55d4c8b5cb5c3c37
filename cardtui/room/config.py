"""The tables a room opens with: defaults, or a TOML file (``cardtui serve --tables FILE``).

A tables file lists hold'em and blackjack tables; every key is optional and
an unknown key is an error (a typo should not silently leave a default)::

    [[holdem]]
    name = "Friday game"
    seats = 6              # 2-10
    small_blind = 5
    big_blind = 10
    starting_stack = 1000  # the buy-in offered (10 big blinds or more); limits below
    buy_in_min = 400
    buy_in_max = 1000
    bots_fill = true       # bots take empty seats, and give them up between hands
    difficulty = "normal"  # how the bots play: easy, normal or hard
    post_to_play = false   # a new player posts a big blind to play at once (else waits for it)
    action_clock = 30      # seconds
    grace = 300            # seconds a dropped player's seat is kept

    [[blackjack]]
    name = "Main pit"
    seats = 7              # 1-7
    rules = { decks = 6, dealer_hits_soft_17 = false, min_bet = 10, max_bet = 500 }

>>> options = parse_tables('[[holdem]]\\nname = "Big"\\nbig_blind = 20\\nsmall_blind = 10\\n')
>>> options[0].name, options[0].stakes, options[0].buy_in_max
('Big', '10/20', 1000)
>>> parse_tables('[[holdem]]\\nseats = 12\\n')
Traceback (most recent call last):
...
cardtui.room.config.ConfigError: holdem table 1: seats must be 2 to 10, not 12

Every value is checked for its type before it is used (a string is not a
yes, 2.5 is not a number of decks, a table is not a number): one line naming
the table and the key. The lobby's new-table form goes through the same
checks, :func:`holdem_options` and :func:`blackjack_options`, and a player's
values are exactly as untrusted as a file's.

>>> parse_tables('[[blackjack]]\\nrules = { decks = 1.5 }\\n')
Traceback (most recent call last):
...
cardtui.room.config.ConfigError: blackjack table 1: rules.decks must be a whole number, not 1.5
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from cardtui.blackjack.rules import Rules
from cardtui.holdem.difficulty import Difficulty
from cardtui.holdem.setup import MIN_STACK_BIG_BLINDS
from cardtui.i18n import N_
from cardtui.untrusted import NotReadable, clean, nesting_problem, read_text
from cardtui.wire.words import shown

DEFAULT_ACTION_CLOCK = 30.0
DEFAULT_GRACE = 300.0
#: Blackjack: seconds the betting window stays open after the first bet.
DEFAULT_BETTING_CLOCK = 15.0
MAX_NAME = 24
#: A hold'em table's bot strengths (``difficulty``).
DIFFICULTIES = tuple(level.value for level in Difficulty)
#: At most this many tables in one room (players create tables too).
MAX_TABLES = 50
#: The largest tables file read: 50 tables fit in a few KB.
MAX_FILE_BYTES = 1 << 20
#: A tables file is 3 deep (array of tables, table, rules); deeper is
#: refused before anything walks it, a little deeper is a wrong value.
MAX_NESTING = 6
#: The largest bet a blackjack table may allow (as a hold'em big blind).
MAX_BET = 10**9


class ConfigError(ValueError):
    """A table description that cannot be used; the message says which and why.

    The message is a template marked ``N_`` filled with ``args``, as the room's
    refusals are (:class:`cardtui.room.shared.Refused`): ``str()`` is the English
    (the host's log, tests), :attr:`key` and :attr:`words` travel to a player whose
    game words them (a table a player opens), :meth:`worded` says it in this
    process's language (``cardtui serve --tables``, the new-table form). ``within``
    is the problem this one wraps (a tables file's "holdem table 2: ..."); its
    words fill ``{problem}``.

    >>> error = ConfigError(N_("{key} must be {low} to {high}, not {value}"),
    ...                     key="seats", low=2, high=10, value=12)
    >>> str(error), error.words["value"]
    ('seats must be 2 to 10, not 12', '12')
    """

    def __init__(self, message: str, /, within: ConfigError | None = None,
                 **args: object) -> None:
        self.key = message
        self.within = within
        self.words = {name: str(value) for name, value in args.items()}
        english = dict(self.words, problem=str(within)) if within is not None else self.words
        super().__init__(message.format(**english) if english else message)

    def worded(self, **replaced: str) -> str:
        """The problem in the player's language (``replaced``: arguments said otherwise,
        as the new-table form names a key by its label)."""
        words = {**self.words, **replaced}
        if self.within is not None:
            words["problem"] = self.within.worded(**replaced)
        return shown(str(self), self.key, words)


@dataclass(frozen=True)
class HoldemOptions:
    name: str = "Hold'em"
    seats: int = 6
    small_blind: int = 5
    big_blind: int = 10
    starting_stack: int = 1000
    buy_in_min: int | None = None  # default: 40 big blinds, at most the starting stack
    buy_in_max: int | None = None  # default: the starting stack
    bots_fill: bool = True
    #: How the bots play: easy, normal (their personalities) or hard (the Pro);
    #: cardtui.holdem.difficulty.
    difficulty: str = "normal"
    action_clock: float = DEFAULT_ACTION_CLOCK
    grace: float = DEFAULT_GRACE
    #: Pause between hands (the screens show the showdown meanwhile).
    between_hands: float = 3.0
    #: Humans seated before the first hand is dealt (a game night waits for friends).
    min_humans: int = 1
    #: A new player may post a big blind to be dealt in at once ("post to play",
    #: TDA rule 1 leaves the choice to the house); otherwise they wait for the
    #: big blind to reach them.
    post_to_play: bool = False
    #: Seconds a player's time bank holds: added once when their action clock runs
    #: out, what is left unused kept for later turns (0: no time bank).
    time_bank: float = 30.0
    #: Seconds given back to every bank (up to ``time_bank``) each ``time_bank_every`` hands.
    time_bank_refill: float = 10.0
    time_bank_every: int = 10
    #: Home-game options (see cardtui.room.home_game). A player may choose to post a
    #: straddle of two big blinds whenever they are under the gun (three or more dealt).
    straddle: bool = False
    #: When everyone in an all-in pot is done betting with cards to come, each of them
    #: is asked to run the rest of the board twice; twice only when all agree.
    run_it_twice: bool = False
    #: Every this many hands a bomb pot (0: only when every player votes for one):
    #: everyone antes ``bomb_pot_ante`` (default: two big blinds) and the hand starts
    #: at the flop.
    bomb_pot_every: int = 0
    bomb_pot_ante: int | None = None
    #: The winner of a pot nobody contested is asked whether to show their hand (off by
    #: default: the question holds the next deal for up to ``choice_clock``).
    winner_may_show: bool = False
    #: After a hand that ended before the river, the cards that would have come are
    #: turned up for all to see (not part of the hand).
    rabbit_hunt: bool = False
    #: Seconds to answer a home-game question (run it twice: once; show: muck).
    choice_clock: float = 8.0
    #: Tests and demos: the table's cards follow this seed (None: a fresh one).
    seed: int | None = None

    def __post_init__(self) -> None:
        _check_name(self.name)
        if self.difficulty not in DIFFICULTIES:
            raise ConfigError(N_("{key} must be one of {choices}, not {value}"),
                              key="difficulty", choices=", ".join(DIFFICULTIES),
                              value=_shown(self.difficulty))
        _check_int("seats", self.seats, 2, 10)
        _check_int("big_blind", self.big_blind, 1, 10**9)
        _check_int("small_blind", self.small_blind, 0, self.big_blind)
        least = MIN_STACK_BIG_BLINDS * self.big_blind  # a stack that can do more than post
        _check_int("starting_stack", self.starting_stack, least, 10**12)
        low = self.buy_in_min if self.buy_in_min is not None else min(
            40 * self.big_blind, self.starting_stack)
        high = self.buy_in_max if self.buy_in_max is not None else self.starting_stack
        _check_int("buy_in_min", low, least, 10**12)
        _check_int("buy_in_max", high, low, 10**12)
        object.__setattr__(self, "buy_in_min", low)
        object.__setattr__(self, "buy_in_max", high)
        _check_seconds("action_clock", self.action_clock)
        _check_seconds("grace", self.grace, allow_zero=True)
        _check_seconds("between_hands", self.between_hands, allow_zero=True)
        _check_int("min_humans", self.min_humans, 1, self.seats)
        _check_seconds("time_bank", self.time_bank, allow_zero=True)
        _check_seconds("time_bank_refill", self.time_bank_refill, allow_zero=True)
        _check_int("time_bank_every", self.time_bank_every, 1, 10**6)
        _check_int("bomb_pot_every", self.bomb_pot_every, 0, 10**6)
        ante = self.bomb_pot_ante if self.bomb_pot_ante is not None else 2 * self.big_blind
        _check_int("bomb_pot_ante", ante, 1, 10**9)
        object.__setattr__(self, "bomb_pot_ante", ante)
        _check_seconds("choice_clock", self.choice_clock)
        _check_seed(self.seed)

    @property
    def stakes(self) -> str:
        return f"{self.small_blind}/{self.big_blind}"

    @property
    def limits(self) -> tuple[int, int]:
        assert self.buy_in_min is not None and self.buy_in_max is not None
        return self.buy_in_min, self.buy_in_max


@dataclass(frozen=True)
class BlackjackOptions:
    name: str = "Blackjack"
    seats: int = 7
    rules: Rules = field(default_factory=Rules)
    buy_in_min: int | None = None  # default: the minimum bet
    buy_in_max: int | None = None  # default: ten times the maximum bet
    action_clock: float = DEFAULT_ACTION_CLOCK
    betting_clock: float = DEFAULT_BETTING_CLOCK
    grace: float = DEFAULT_GRACE
    between_rounds: float = 3.0
    #: Tests and demos: the shoe follows this seed (None: a fresh one).
    seed: int | None = None

    def __post_init__(self) -> None:
        _check_name(self.name)
        _check_int("seats", self.seats, 1, 7)
        if not isinstance(self.rules, Rules):
            raise ConfigError(N_("rules must be a rule set"))
        low = self.buy_in_min if self.buy_in_min is not None else self.rules.min_bet
        high = self.buy_in_max if self.buy_in_max is not None else 10 * self.rules.max_bet
        _check_int("buy_in_min", low, self.rules.min_bet, 10**12)
        _check_int("buy_in_max", high, low, 10**12)
        object.__setattr__(self, "buy_in_min", low)
        object.__setattr__(self, "buy_in_max", high)
        _check_seconds("action_clock", self.action_clock)
        _check_seconds("betting_clock", self.betting_clock)
        _check_seconds("grace", self.grace, allow_zero=True)
        _check_seconds("between_rounds", self.between_rounds, allow_zero=True)
        _check_seed(self.seed)

    @property
    def stakes(self) -> str:
        # Numbers only: each player's lobby words them ("bets 10-500") in its language.
        return f"{self.rules.min_bet}-{self.rules.max_bet}"

    @property
    def limits(self) -> tuple[int, int]:
        assert self.buy_in_min is not None and self.buy_in_max is not None
        return self.buy_in_min, self.buy_in_max


TableOptions = HoldemOptions | BlackjackOptions


def default_tables(action_clock: float = DEFAULT_ACTION_CLOCK) -> list[TableOptions]:
    """One hold'em table (6 seats, 5/10, 1,000 chips, bots fill) and one blackjack table."""
    return [
        HoldemOptions(name="Hold'em 5/10", action_clock=action_clock),
        BlackjackOptions(name="Blackjack", action_clock=action_clock),
    ]


def load_tables(path: Path, action_clock: float | None = None) -> list[TableOptions]:
    """The tables of a TOML file; :class:`ConfigError` names the file and the problem."""
    try:
        # A regular file of bounded size: a FIFO or /dev/zero would never end.
        text = read_text(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise ConfigError(N_("cannot read {path}: no such file"), path=clean(str(path))) from None
    except NotReadable as error:
        raise ConfigError(str(error)) from None  # the file's own trouble, in English
    try:
        return parse_tables(text, action_clock)
    except ConfigError as error:
        raise ConfigError(N_("{path}: {problem}"), within=error, path=clean(str(path))) from None


def parse_tables(text: str, action_clock: float | None = None) -> list[TableOptions]:
    """Tables from TOML text; ``action_clock`` is the default for tables that set none."""
    data = _read_toml(text)
    unknown = set(data) - {"holdem", "blackjack"}
    if unknown:
        first = sorted(unknown)[0]
        raise ConfigError(N_("unknown section {name}: use [[holdem]] or [[blackjack]]"),
                          name=repr(first))
    tables: list[TableOptions] = []
    for game, cls in (("holdem", HoldemOptions), ("blackjack", BlackjackOptions)):
        entries = data.get(game, [])
        if not isinstance(entries, list):
            raise ConfigError(N_("write [[{game}]] for each {game} table"), game=game)
        for number, entry in enumerate(entries, 1):
            try:
                tables.append(_options(cls, entry, action_clock))
            except ConfigError as error:
                raise ConfigError(N_("{game} table {number}: {problem}"), within=error,
                                  game=game, number=number) from None
    if not tables:
        raise ConfigError(N_("no tables: add a [[holdem]] or [[blackjack]] section"))
    if len(tables) > MAX_TABLES:
        raise ConfigError(N_("at most {most} tables, not {count}"), most=MAX_TABLES,
                          count=len(tables))
    return tables


def _read_toml(text: str) -> dict[str, Any]:
    """TOML text as data: a ConfigError in one line for text that is none, or nests too deep."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # tomllib's own words (and where in the file), in English.
        raise ConfigError(N_("not valid TOML: {reason}"), reason=error) from None
    except ValueError:
        raise ConfigError(N_("not valid TOML: a number has thousands of digits")) from None
    except RecursionError:
        raise ConfigError(N_("arrays or tables nested more than {depth} deep"),
                          depth=MAX_NESTING) from None
    if nesting_problem(data, MAX_NESTING):
        raise ConfigError(N_("arrays or tables nested more than {depth} deep"),
                          depth=MAX_NESTING)
    return data


_Options = TypeVar("_Options", bound=TableOptions)


def holdem_options(**values: Any) -> HoldemOptions:
    """Options from untrusted values (a player creating a table): ConfigError on any problem.

    The one check for a new hold'em table, from a file or the lobby's form:
    every key known, every value of its type, then within its limits; the
    message names the key.
    """
    return _options(HoldemOptions, values, None)


def blackjack_options(**values: Any) -> BlackjackOptions:
    """Like :func:`holdem_options`; ``rules`` is a mapping of :class:`Rules` fields."""
    return _options(BlackjackOptions, values, None)


def table_problem(game: str, values: Mapping[str, Any]) -> str | None:
    """Why these values make no ``game`` table ("holdem" or "blackjack"), in one line; or None.

    >>> table_problem("holdem", {"seats": 6, "action_clock": 20})
    >>> table_problem("holdem", {"grace": "soon"})
    "grace must be a number of seconds, not 'soon'"
    """
    make = {"holdem": holdem_options, "blackjack": blackjack_options}[game]
    try:
        make(**values)
    except ConfigError as error:
        return str(error)
    return None


def table_error(game: str, values: Mapping[str, Any]) -> ConfigError | None:
    """Like :func:`table_problem`, the problem itself (to be worded for a player)."""
    make = {"holdem": holdem_options, "blackjack": blackjack_options}[game]
    try:
        make(**values)
    except ConfigError as error:
        return error
    return None


#: What a field's annotation asks for, and the message when a value is not that.
_TYPES: dict[str, tuple[type | tuple[type, ...], str]] = {
    "str": (str, N_("{key} must be a string, not {value}")),
    "bool": (bool, N_("{key} must be true or false, not {value}")),
    "int": (int, N_("{key} must be a whole number, not {value}")),
    "int | None": (int, N_("{key} must be a whole number, not {value}")),
    "float": ((int, float), N_("{key} must be a number of seconds, not {value}")),
    "number": ((int, float), N_("{key} must be a number, not {value}")),
}


def _options(cls: type[_Options], entry: Any, action_clock: float | None) -> _Options:
    values = _checked_values(cls, entry)
    if action_clock is not None and "action_clock" not in values:
        _check_type("action_clock", action_clock, "float")
        values["action_clock"] = action_clock
    try:
        return cls(**values)
    except ConfigError:
        raise
    except (TypeError, ValueError) as error:
        raise ConfigError(str(error)) from None  # the rules' own check, in English


def _checked_values(cls: type[_Options], entry: object) -> dict[str, Any]:
    """``entry``'s values for ``cls``: every key one of its fields, every value of its
    field's type (a blackjack table's ``rules`` made :class:`Rules`)."""
    if not isinstance(entry, dict):
        raise ConfigError(N_("a table is a set of key = value lines"))
    known = {f.name: f for f in dataclasses.fields(cls)}
    for key in entry:
        if key not in known:
            raise ConfigError(N_("unknown key {key} (known: {known})"), key=_shown(key),
                              known=", ".join(known))
    values = dict(entry)
    for key, value in values.items():
        if key == "rules":
            values[key] = _rules(value)
        else:
            _check_type(key, value, str(known[key].type))
    return values


def _check_type(key: str, value: object, annotation: str) -> None:
    """``value`` is what the field's annotation asks for (a bool is no number, 2.5 no int)."""
    expected = _TYPES.get(annotation)
    if expected is None:
        return
    kinds, message = expected
    is_bool = isinstance(value, bool)
    ok = is_bool if annotation == "bool" else isinstance(value, kinds) and not is_bool
    if isinstance(value, float) and not math.isfinite(value):
        ok = False
    if annotation == "int | None" and value is None:
        ok = True
    if not ok:
        raise ConfigError(message, key=key, value=_shown(value))


def _check_rule(key: str, rule: object, default: object) -> None:
    """``rule`` is of the type of the rule's ``default`` (one of its choices for an enum)."""
    if isinstance(default, Enum):
        choices = [member.value for member in type(default)]
        if rule not in choices or not isinstance(rule, str):
            raise ConfigError(N_("{key} must be one of {choices}, not {value}"),
                              key=f"rules.{key}", choices=", ".join(map(repr, choices)),
                              value=_shown(rule))
    elif isinstance(default, bool):
        _check_type(f"rules.{key}", rule, "bool")
    elif isinstance(default, int):
        _check_type(f"rules.{key}", rule, "int")
        if key in ("min_bet", "max_bet"):
            _check_int(f"rules.{key}", rule, 1, MAX_BET)
    elif isinstance(default, float):
        _check_type(f"rules.{key}", rule, "number")


def _rules(value: object) -> Rules:
    """Blackjack rules from untrusted values: each key known and of its field's type."""
    if isinstance(value, Rules):
        return value  # already checked when it was made
    if not isinstance(value, dict):
        raise ConfigError(N_("rules is a table of blackjack rules, not {value}"),
                          value=_shown(value))
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    for key, rule in value.items():
        if key not in defaults:
            raise ConfigError(N_("unknown rule {key} (known: {known})"),
                              key=f"rules.{_shown(key)}", known=", ".join(defaults))
        _check_rule(key, rule, defaults[key])
        try:
            Rules(**{key: rule})
        except ValueError as error:
            # The rule alone is out of range (min_bet and max_bet are checked together below).
            if key not in ("min_bet", "max_bet"):
                # The rules' own words (cardtui/blackjack/rules.py), in English.
                raise ConfigError(N_("{key}: {reason}"), key=f"rules.{key}",
                                  reason=error) from None
    try:
        return Rules(**value)
    except ValueError as error:
        raise ConfigError(N_("{key}: {reason}"), key="rules", reason=error) from None


def _shown(value: object) -> str:
    """A value as a message quotes it: short and clean, whatever it was."""
    text = clean(repr(value), 40)
    return text if len(text) < 40 else text[:39] + "…"


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(N_("a table needs a name"))
    if len(name) > MAX_NAME:
        raise ConfigError(N_("a table name has at most {most} characters"), most=MAX_NAME)
    if not name.isprintable():
        raise ConfigError(N_("a table name may contain only printable characters"))


def _check_int(key: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(N_("{key} must be a whole number"), key=key)
    if not low <= value <= high:
        raise ConfigError(N_("{key} must be {low} to {high}, not {value}"), key=key, low=low,
                          high=high, value=value)


def _check_seed(value: object) -> None:
    if value is not None:
        _check_int("seed", value, 0, 2**63 - 1)


def _check_seconds(key: str, value: object, *, allow_zero: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(N_("{key} must be a number of seconds"), key=key)
    if not (0 if allow_zero else 0.01) <= value <= 24 * 3600:
        raise ConfigError(N_("{key} must be {low} to {high} seconds"), key=key,
                          low="0" if allow_zero else "0.01", high=24 * 3600)
