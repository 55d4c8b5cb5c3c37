"""Player settings: a small JSON file beside the scoreboard.

Settings are read once at start and written whenever the player changes them.
A file that cannot be read is set aside (never silently overwritten) and the
defaults are used.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

NAME_MAX = 12


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


def validate_name(name: str) -> str | None:
    """Return why ``name`` is not a valid player name, or ``None`` if it is.

    >>> validate_name("Ann"), validate_name("")
    (None, 'Enter a name of 1 to 12 characters.')
    >>> validate_name("x" * 13)
    'A name has at most 12 characters (this one has 13).'
    >>> validate_name("tab\\there")
    'A name may contain only printable characters.'
    """
    if not name.strip():
        return f"Enter a name of 1 to {NAME_MAX} characters."
    if len(name) > NAME_MAX:
        return f"A name has at most {NAME_MAX} characters (this one has {len(name)})."
    if not name.isprintable():
        return "A name may contain only printable characters."
    return None


@dataclass
class Settings:
    """Everything the player chooses. ``blackjack`` and ``holdem`` belong to the games."""

    player_name: str = "Player"
    card_style: CardStyle = CardStyle.UNICODE
    animation: AnimationSpeed = AnimationSpeed.NORMAL
    theme: str = "textual-dark"
    #: Hold'em: ask before an all-in of more than 10 big blinds (one key shoves a stack).
    confirm_all_in: bool = True
    blackjack: dict[str, Any] = field(default_factory=dict)
    holdem: dict[str, Any] = field(default_factory=dict)

    @property
    def ascii_cards(self) -> bool:
        return self.card_style is CardStyle.ASCII

    def delay(self, base_seconds: float) -> float:
        """How long an animation step of ``base_seconds`` at normal speed lasts now."""
        return base_seconds * self.animation.factor

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["card_style"] = self.card_style.value
        data["animation"] = self.animation.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Build settings from stored JSON, keeping defaults for anything unusable."""
        settings = cls()
        name = data.get("player_name")
        if isinstance(name, str) and validate_name(name) is None:
            settings.player_name = name
        if data.get("card_style") in CardStyle._value2member_map_:
            settings.card_style = CardStyle(data["card_style"])
        if data.get("animation") in AnimationSpeed._value2member_map_:
            settings.animation = AnimationSpeed(data["animation"])
        if data.get("theme") in THEMES:
            settings.theme = data["theme"]
        if isinstance(data.get("confirm_all_in"), bool):
            settings.confirm_all_in = data["confirm_all_in"]
        for game in ("blackjack", "holdem"):
            if isinstance(data.get(game), dict):
                setattr(settings, game, data[game])
        return settings


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    notice: str | None = None


def load_settings(path: Path) -> LoadedSettings:
    """Read settings; a corrupt file is renamed aside and reported in ``notice``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadedSettings(Settings())
    except OSError as error:
        return LoadedSettings(Settings(), f"Could not read {path}: {error.strerror}.")
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        aside = set_aside(path)
        return LoadedSettings(Settings(), f"Settings file was unreadable; moved to {aside.name}.")
    return LoadedSettings(Settings.from_json(data))


def save_settings(settings: Settings, path: Path) -> None:
    """Write atomically: a crash mid-write leaves the old file, never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(settings.to_json(), indent=2, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)


def set_aside(path: Path) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<UTC timestamp>`` and return the new path."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, aside)
    return aside
