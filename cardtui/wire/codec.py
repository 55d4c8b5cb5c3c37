"""Engine records to JSON and back, generically: a registry by type name.

The engines' records are frozen dataclasses of ints, strings, enums, cards and
tuples of those. They travel as JSON objects whose ``"type"`` names the record
(``"holdem.Folded"``); a card travels as its code (``"As"``), an enum as its
value. A card the viewer may not see travels as ``null``: the replay models
draw ``None`` face down (see :mod:`cardtui.room.privacy`).

>>> from cardtui.cards import Card
>>> from cardtui.holdem.actions import HoleCardsDealt
>>> data = encode_record(HoleCardsDealt(2, (Card.parse("As"), Card.parse("Kd"))))
>>> data
{'type': 'holdem.HoleCardsDealt', 'seat': 2, 'cards': ['As', 'Kd']}
>>> decode_record(data)
HoleCardsDealt(seat=2, cards=(Card('As'), Card('Kd')))
>>> decode_record({'type': 'holdem.HoleCardsDealt', 'seat': 2, 'cards': [None, None]})
HoleCardsDealt(seat=2, cards=(None, None))
>>> decode_record({'type': 'holdem.Folded', 'seat': 'x'})
Traceback (most recent call last):
...
cardtui.wire.codec.DecodeError: holdem.Folded.seat: expected an integer, got 'x'
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, Union

from cardtui.blackjack import records as blackjack_records
from cardtui.cards import Card
from cardtui.holdem import actions as holdem_actions
from cardtui.holdem import table as holdem_table

__all__ = ["DecodeError", "RECORD_TYPES", "decode_record", "encode_record", "from_json",
           "register", "to_json"]


class DecodeError(ValueError):
    """JSON that does not describe the value it claims to (a plain message, never a crash)."""


#: Every record type that may travel, by its wire name.
RECORD_TYPES: dict[str, type] = {}
_WIRE_NAMES: dict[type, str] = {}


def register(prefix: str, *classes: type) -> None:
    """Make ``classes`` travel as ``"<prefix>.<ClassName>"``; a name is taken only once."""
    for cls in classes:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        name = f"{prefix}.{cls.__name__}"
        if name in RECORD_TYPES:
            raise ValueError(f"{name} is registered twice")
        RECORD_TYPES[name] = cls
        _WIRE_NAMES[cls] = name


register("holdem", *typing.get_args(holdem_actions.Record))
register("holdem", holdem_table.PlayerBusted, holdem_table.LevelRaised,
         holdem_table.TournamentWon)
register("blackjack", *typing.get_args(blackjack_records.Record))


# --- values -----------------------------------------------------------------


def to_json(value: object) -> Any:
    """A plain JSON value for ``value`` (nested dataclasses as objects without a type)."""
    if value is None or isinstance(value, bool | int | str | float):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return value.code
    return _container_to_json(value)


def _container_to_json(value: object) -> Any:
    """A list or object for a tuple, list, dict or dataclass (their items by :func:`to_json`)."""
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot send a {type(value).__name__}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def from_json(hint: Any, value: Any, where: str = "value") -> Any:
    """``value`` read as ``hint`` (an annotation), checked strictly; ``where`` names it in errors.

    A ``Card`` may be ``null``: a card the viewer may not see. Each kind of
    annotation has its own small decoder (:func:`_decoder` finds it).
    """
    return _decoder(hint)(hint, value, where)


#: A decoder: (the annotation, the JSON value, where it is for errors) -> the value.
Decoder = Callable[[Any, Any, str], Any]


def _any(hint: Any, value: Any, where: str) -> Any:
    return value


def _none(hint: Any, value: Any, where: str) -> None:
    if value is not None:
        raise DecodeError(f"{where}: expected null, got {_short(value)}")


def _union(hint: Any, value: Any, where: str) -> Any:
    options = typing.get_args(hint)
    if value is None and type(None) in options:
        return None
    problems = []
    for option in options:
        if option is type(None):
            continue
        try:
            return from_json(option, value, where)
        except DecodeError as error:
            problems.append(str(error))
    if len(problems) == 1:
        raise DecodeError(problems[0])
    raise DecodeError(f"{where}: unexpected {_short(value)}")


def _card(hint: Any, value: Any, where: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 3:
        raise DecodeError(f"{where}: expected a card code, got {_short(value)}")
    try:
        return Card.parse(value)
    except ValueError:
        raise DecodeError(f"{where}: {_short(value)} is not a card") from None


def _bool(hint: Any, value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DecodeError(f"{where}: expected true or false, got {_short(value)}")
    return value


def _int(hint: Any, value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DecodeError(f"{where}: expected an integer, got {_short(value)}")
    return value


def _float(hint: Any, value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DecodeError(f"{where}: expected a number, got {_short(value)}")
    return float(value)


def _str(hint: Any, value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise DecodeError(f"{where}: expected a string, got {_short(value)}")
    return value


def _enum(hint: Any, value: Any, where: str) -> Enum:
    try:
        member: Enum = hint(value)
    except (ValueError, TypeError):
        raise DecodeError(f"{where}: {_short(value)} is not a {hint.__name__}") from None
    return member


def _tuple(hint: Any, value: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise DecodeError(f"{where}: expected a list, got {_short(value)}")
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
    if len(args) != len(value):
        raise DecodeError(f"{where}: expected {len(args)} items, got {len(value)}")
    pairs = enumerate(zip(args, value, strict=True))
    return tuple(from_json(a, v, f"{where}[{i}]") for i, (a, v) in pairs)


def _dict(hint: Any, value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DecodeError(f"{where}: expected an object, got {_short(value)}")
    _, item = typing.get_args(hint)
    return {str(k): from_json(item, v, f"{where}.{k}") for k, v in value.items()}


def _unreadable(hint: Any, value: Any, where: str) -> Any:
    raise TypeError(f"{where}: cannot read a {hint!r}")


#: Decoders of one annotation exactly.
_BY_HINT: dict[Any, Decoder] = {
    Any: _any, type(None): _none, Card: _card, bool: _bool, int: _int, float: _float, str: _str,
}
#: Decoders of a generic annotation, by its origin (``tuple[int, ...]``: ``tuple``).
_BY_ORIGIN: dict[Any, Decoder] = {
    Union: _union, types.UnionType: _union, tuple: _tuple, dict: _dict,
}


def _decoder(hint: Any) -> Decoder:
    """The decoder for ``hint``: by the annotation itself, its origin, or its kind of class."""
    exact = _BY_HINT.get(hint)
    if exact is not None:
        return exact
    generic = _BY_ORIGIN.get(typing.get_origin(hint))
    if generic is not None:
        return generic
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_from_json
    return _unreadable


def _dataclass_from_json(cls: type, value: Any, where: str) -> Any:
    if not isinstance(value, dict):
        raise DecodeError(f"{where}: expected an object, got {_short(value)}")
    hints = _hints(cls)
    kwargs = {}
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        if field.name in value:
            kwargs[field.name] = from_json(hints[field.name], value[field.name],
                                           f"{where}.{field.name}")
        elif (field.default is dataclasses.MISSING
              and field.default_factory is dataclasses.MISSING):
            raise DecodeError(f"{where}: {field.name} is missing")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as error:
        raise DecodeError(f"{where}: {error}") from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- records ----------------------------------------------------------------


def encode_record(record: object) -> dict[str, Any]:
    """``record`` as a JSON object naming its type."""
    name = _WIRE_NAMES.get(type(record))
    if name is None:
        raise TypeError(f"{type(record).__name__} is not a registered record")
    data = to_json(record)
    return {"type": name, **data}


def decode_record(data: Any) -> Any:
    """The record ``data`` describes; :class:`DecodeError` for anything else."""
    if not isinstance(data, dict):
        raise DecodeError(f"a record is an object, not {_short(data)}")
    name = data.get("type")
    cls = RECORD_TYPES.get(name) if isinstance(name, str) else None
    if cls is None or not isinstance(name, str):
        raise DecodeError(f"unknown record type {_short(name)}")
    fields = {k: v for k, v in data.items() if k != "type"}
    return _dataclass_from_json(cls, fields, name)
