"""Player settings: a small JSON file beside the scoreboard.

Settings are read once at start and written whenever the player changes them.
A file that cannot be read at all is set aside (never silently overwritten)
and the defaults are used; a file that reads but holds an unusable value is
checked field by field: each bad field falls back to its default and the
notice names it, the good ones are kept.

Command-line choices (``--ascii``, ``--animation``) are for the session only:
they live in :attr:`Settings.session`, which is never written.

>>> loaded = parse_settings({"theme": "neon", "blackjack": {"rules": {"decks": 2.5}}})
>>> loaded.settings.theme, loaded.settings.blackjack
('textual-dark', {'rules': {}})
>>> loaded.problems
["theme ('neon')", 'blackjack.rules.decks (2.5)']
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any

from cardtui.blackjack.rules import Rules
from cardtui.i18n import LANGUAGES
from cardtui.locations import set_aside
from cardtui.names import NAME_MAX as NAME_MAX  # re-exported: the setup screens import it here
from cardtui.names import name_problem
from cardtui.untrusted import NotReadable, nesting_problem, read_text

#: The largest settings file read: a real one is well under 10 KB.
MAX_FILE_BYTES = 1 << 20
#: Settings are 4 deep (holdem.seats[0].name); far deeper is a damaged file.
MAX_NESTING = 16


class CardStyle(StrEnum):
    UNICODE = "unicode"
    ASCII = "ascii"


class AnimationSpeed(StrEnum):
    OFF = "off"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def factor(self) -> float:
        return _SPEED_FACTORS[self]


_SPEED_FACTORS = {
    AnimationSpeed.OFF: 0.0,
    AnimationSpeed.FAST: 0.4,
    AnimationSpeed.NORMAL: 1.0,
    AnimationSpeed.SLOW: 1.6,
}

THEMES = (
    "textual-dark", "textual-light", "nord", "gruvbox", "dracula", "tokyo-night",
    "solarized-light", "ansi-dark",
)  # fmt: skip

#: The values ``cardtui.holdem.table.Mode`` and ``cardtui.holdem.bots.Personality``
#: take (a test keeps them equal). Spelled out so that reading settings at
#: start-up does not load the hold'em engine and its hand tables.
HOLDEM_MODES = ("cash", "tournament")
HOLDEM_BOTS = ("shark", "rock", "maniac")
BLACKJACK_SEAT_KINDS = ("human", "bot")


def validate_name(name: str) -> str | None:
    """Return why ``name`` is not a valid player name, or ``None`` (the one rule:
    :func:`cardtui.names.name_problem`)."""
    return name_problem(name)


@dataclass
class SessionChoices:
    """What the command line chose for this session only; never saved."""

    card_style: CardStyle | None = None
    animation: AnimationSpeed | None = None
    #: ``--lang``: a code of :data:`cardtui.i18n.LANGUAGES`.
    language: str | None = None


@dataclass
class Settings:
    """Everything the player chooses. ``blackjack`` and ``holdem`` belong to the games."""

    player_name: str = "Player"
    card_style: CardStyle = CardStyle.UNICODE
    animation: AnimationSpeed = AnimationSpeed.NORMAL
    theme: str = "textual-dark"
    #: Hold'em: ask before an all-in of more than 10 big blinds (one key shoves a stack).
    confirm_all_in: bool = True
    #: A code of :data:`cardtui.i18n.LANGUAGES`, or "" for the environment's (LANG).
    language: str = ""
    blackjack: dict[str, Any] = field(default_factory=dict)
    holdem: dict[str, Any] = field(default_factory=dict)
    #: Overrides from the command line: they win over the saved choices for
    #: this session, and :meth:`to_json` leaves them out.
    session: SessionChoices = field(default_factory=SessionChoices, compare=False, repr=False)

    @property
    def effective_card_style(self) -> CardStyle:
        return self.session.card_style or self.card_style

    @property
    def effective_animation(self) -> AnimationSpeed:
        return self.session.animation or self.animation

    @property
    def effective_language(self) -> str:
        """The language chosen here (``--lang``, then Settings); "" leaves it to the locale."""
        return self.session.language or self.language

    @property
    def ascii_cards(self) -> bool:
        return self.effective_card_style is CardStyle.ASCII

    def delay(self, base_seconds: float) -> float:
        """How long an animation step of ``base_seconds`` at normal speed lasts now."""
        return base_seconds * self.effective_animation.factor

    def choose_card_style(self, style: CardStyle) -> bool:
        """The player picked ``style``: saved, and it ends the session's override.

        Picking what is already in use changes nothing (returns False).
        """
        if style == self.effective_card_style:
            return False
        self.card_style, self.session.card_style = style, None
        return True

    def choose_animation(self, speed: AnimationSpeed) -> bool:
        """Like :meth:`choose_card_style`, for the animation speed."""
        if speed == self.effective_animation:
            return False
        self.animation, self.session.animation = speed, None
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "player_name": self.player_name,
            "card_style": self.card_style.value,
            "animation": self.animation.value,
            "theme": self.theme,
            "confirm_all_in": self.confirm_all_in,
            "language": self.language,
            "blackjack": self.blackjack,
            "holdem": self.holdem,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Settings from JSON; an unusable field takes its default (:func:`parse_settings`)."""
        return parse_settings(data).settings


def parse_settings(data: dict[str, Any]) -> LoadedSettings:
    """Settings from stored JSON, checked field by field.

    A missing field takes its default quietly; a present but unusable one
    takes its default and is named in :attr:`LoadedSettings.problems`.
    """
    problems: list[str] = []
    values = _checked(data, _TOP_LEVEL, "", problems)
    values = {key: value for key, value in values.items() if key in _TOP_LEVEL}
    for enum_field, kind in (("card_style", CardStyle), ("animation", AnimationSpeed)):
        if enum_field in values:
            values[enum_field] = kind(values[enum_field])
    return LoadedSettings(Settings(**values), problems=problems)


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    #: Fields that were unusable, as ``path (value)``; they took their defaults.
    problems: list[str] = field(default_factory=list)
    #: What the player should be told (a damaged file, unusable fields).
    notice: str | None = None


# -- field-by-field checks ---------------------------------------------------

#: A check returns the value to keep (possibly cleaned), or raises ValueError.
Check = Callable[[Any, str, list[str]], Any]


def _checked(data: dict[str, Any], checks: dict[str, Check], where: str,
             problems: list[str]) -> dict[str, Any]:
    """The fields of ``data`` that pass their check; the others are named in ``problems``.

    Fields without a check (written by a newer cardtui, say) are kept as they are.
    """
    kept = {key: value for key, value in data.items() if key not in checks}
    for key, check in checks.items():
        if key not in data:
            continue
        try:
            kept[key] = check(data[key], f"{where}{key}", problems)
        except (TypeError, ValueError):
            problems.append(_named(f"{where}{key}", data[key]))
    return kept


def _named(path: str, value: object) -> str:
    shown = repr(value)
    return f"{path} ({shown if len(shown) <= 24 else shown[:23] + '…'})"


def _is(test: Callable[[Any], bool]) -> Check:
    def check(value: Any, path: str, problems: list[str]) -> Any:
        if not test(value):
            raise ValueError(path)
        return value

    return check


def _whole(minimum: int) -> Check:
    return _is(lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= minimum)


def _one_of(*choices: object) -> Check:
    return _is(lambda v: isinstance(v, str) and v in choices)


def _name(value: Any) -> bool:
    return isinstance(value, str) and validate_name(value) is None


def _object(checks: dict[str, Check]) -> Check:
    def check(value: Any, path: str, problems: list[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValueError(path)
        return _checked(value, checks, f"{path}.", problems)

    return check


def _entry(checks: dict[str, Check]) -> Check:
    """One item of a list (a seat): all its fields are needed, so one bad field drops it."""

    def check(value: Any, path: str, problems: list[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValueError(path)
        found: list[str] = []
        kept = _checked(value, checks, f"{path}.", found)
        problems.extend(found)
        if found:
            raise _Dropped(path)
        return kept

    return check


class _Dropped(ValueError):
    """A list item left out, its bad fields already named."""


def _list_of(item: Check) -> Check:
    """A list whose bad items are dropped (and named), keeping the good ones."""

    def check(value: Any, path: str, problems: list[str]) -> list[Any]:
        if not isinstance(value, list):
            raise ValueError(path)
        kept = []
        for index, element in enumerate(value):
            try:
                kept.append(item(element, f"{path}[{index}]", problems))
            except _Dropped:
                pass
            except (TypeError, ValueError):
                problems.append(_named(f"{path}[{index}]", element))
        return kept

    return check


def _rules_field(default: object) -> Check:
    """The type a :class:`Rules` field's default has: a bool is not an int, 2.5 is not an int."""
    if isinstance(default, bool):
        return _is(lambda v: isinstance(v, bool))
    if isinstance(default, Enum):
        return _one_of(*(member.value for member in type(default)))
    if isinstance(default, int):
        return _whole(-(2**63))
    if isinstance(default, float):
        return _is(lambda v: isinstance(v, int | float) and not isinstance(v, bool))
    return _is(lambda v: isinstance(v, type(default)))


def _blackjack_rules(value: Any, path: str, problems: list[str]) -> dict[str, Any]:
    """Each rule of the right type, then each within the engine's own limits."""
    if not isinstance(value, dict):
        raise ValueError(path)
    typed = _checked(value, _RULES_FIELDS, f"{path}.", problems)
    known = {k: v for k, v in typed.items() if k in _RULES_FIELDS}
    try:
        Rules(**known)
        return typed
    except ValueError:
        pass
    # Something is out of range: keep the fields the rules accept one by one.
    accepted: dict[str, Any] = {}
    for key, rule in known.items():
        try:
            Rules(**accepted, **{key: rule})
        except ValueError:
            problems.append(_named(f"{path}.{key}", rule))
            typed.pop(key)
        else:
            accepted[key] = rule
    return typed


_RULES_FIELDS: dict[str, Check] = {
    f.name: _rules_field(f.default) for f in fields(Rules) if f.default is not MISSING
}
_BLACKJACK: dict[str, Check] = {
    "rules": _blackjack_rules,
    "seats": _list_of(_entry({
        "name": _is(lambda v: isinstance(v, str) and bool(v.strip()) and v.isprintable()),
        "kind": _one_of(*BLACKJACK_SEAT_KINDS),
        "bankroll": _whole(1),
    })),
    "trainer": _is(lambda v: isinstance(v, bool)),
}  # fmt: skip
_HOLDEM: dict[str, Check] = {
    "seats": _list_of(_entry({
        "name": _is(_name),
        "bot": _is(lambda v: v is None or v in HOLDEM_BOTS),
    })),
    "stack": _whole(1),
    "small_blind": _whole(0),
    "big_blind": _whole(1),
    "hands_per_level": _whole(1),
    "mode": _one_of(*HOLDEM_MODES),
}  # fmt: skip
_TOP_LEVEL: dict[str, Check] = {
    "player_name": _is(_name),
    "card_style": _one_of(*CardStyle),
    "animation": _one_of(*AnimationSpeed),
    "theme": _one_of(*THEMES),
    "confirm_all_in": _is(lambda v: isinstance(v, bool)),
    "language": _one_of("", *LANGUAGES),
    "blackjack": _object(_BLACKJACK),
    "holdem": _object(_HOLDEM),
}


# -- the file ----------------------------------------------------------------


def load_settings(path: Path) -> LoadedSettings:
    """Read settings; a file that is not JSON is renamed aside and reported in ``notice``.

    Only a regular file is read (a FIFO would wait for a writer at every
    start, ``/dev/zero`` never ends), and at most :data:`MAX_FILE_BYTES`.
    """
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return LoadedSettings(Settings())
    except NotReadable as error:
        if not error.damaged:
            # Not a file of ours to move (a FIFO, a device, no permission): left alone.
            return LoadedSettings(Settings(), notice=f"Settings not used: {error}.")
        text = ""  # too large or not text: damaged, set aside below
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        if nesting_problem(data, MAX_NESTING):
            raise ValueError("nested too deep")
    except (ValueError, RecursionError):
        # RecursionError: json's parser gives up on very deep nesting that way.
        try:
            aside = set_aside(path)
        except OSError as error:
            return LoadedSettings(Settings(), notice=(
                f"Settings file {path} was unreadable and could not be moved aside "
                f"({error.strerror}); the defaults are used."))
        return LoadedSettings(Settings(),
                              notice=f"Settings file was unreadable; moved to {aside.name}.")
    loaded = parse_settings(data)
    if not loaded.problems:
        return loaded
    notice = (f"Some settings in {path.name} were unusable and are back to their defaults: "
              f"{', '.join(loaded.problems)}.")
    return LoadedSettings(loaded.settings, loaded.problems, notice)


def save_settings(settings: Settings, path: Path) -> None:
    """Write atomically: a crash mid-write leaves the old file, never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    try:
        tmp.write_text(json.dumps(settings.to_json(), indent=2, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        # A full disk leaves a partial temporary file; the old settings stay.
        tmp.unlink(missing_ok=True)
        raise
