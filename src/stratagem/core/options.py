"""Game options, validated with pydantic before a game is built."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from stratagem.core.errors import OptionError


class GameOptions(BaseModel):
    """Options every game takes. Games subclass this to add their own.

    ``players`` is checked against the game's range by the registry; ``data`` points at a
    user's own data pack folder (the same file names as the shipped pack).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int
    data: Path | None = None


def validate_options(
    model: type[GameOptions], game: str, values: dict[str, object], *, strict: bool = False
) -> GameOptions:
    """``values`` checked against ``model``; every problem is named in one ``OptionError``.

    ``strict`` is for values that came as JSON from somebody else (the web table): they
    are validated as that JSON, in pydantic's strict mode, so that nothing is coerced
    (``"yes"`` is no boolean, ``"2"`` no number) yet JSON's own spellings are accepted (an
    array for a tuple, a whole number for a float, a text for a path). A value JSON cannot
    hold (a lone surrogate, a number that is not finite, a Python object) is refused.
    Without it, pydantic's lax mode converts what it can (the command line and Python
    callers, which hand over typed values).
    """
    try:
        if not strict:
            return model.model_validate(values)
        return model.model_validate_json(_as_json(game, values), strict=True)
    except ValidationError as error:
        known = ", ".join(model.model_fields)
        problems: dict[str, None] = {}  # in order, each once
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"]) or "options"
            key = str(item["loc"][0]) if item["loc"] else ""
            field = model.model_fields.get(key)
            if strict and field is not None and item["type"].endswith("_type"):
                wanted = json_type_words(field.annotation)
                problems[f"option {key!r} takes {wanted}, not {_shown(values.get(key))}"] = None
            else:
                problems[f"option {where!r}: {item['msg']}"] = None
        raise OptionError(f"{game}: " + "; ".join(problems) + f" (options: {known})") from None


def _as_json(game: str, values: dict[str, object]) -> str:
    """``values`` as JSON text; an ``OptionError`` names the first one JSON cannot hold."""
    for key, value in values.items():
        try:
            json.dumps({key: value}, allow_nan=False, ensure_ascii=False).encode()
        except (TypeError, ValueError):
            # UnicodeEncodeError (a lone surrogate) is a ValueError too
            raise OptionError(
                f"{game}: option {key!r}: {_shown(value)} is not a JSON value "
                "(a text in valid Unicode, a finite number, true/false, null or a list)"
            ) from None
    return json.dumps(values, allow_nan=False)


def _shown(value: object, width: int = 60) -> str:
    """``repr(value)``, cut short: a refusal must not echo a huge value back."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def json_type_words(annotation: object) -> str:
    """An option's declared type in words, as JSON gives it (``strict`` validation)."""
    return _type_words(annotation, _JSON)


_JSON_WORDS: dict[object, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a text",
    Path: "a path (as a text)",
}
_JSON_PLURALS: dict[object, str] = {
    bool: "true/false values",
    int: "whole numbers",
    float: "numbers",
    str: "texts",
    Path: "paths",
}


def describe_type(annotation: object) -> str:
    """An option's declared type in words, as the command line takes it."""
    return _type_words(annotation, _COMMAND_LINE)


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    """How one kind of input (the command line's text, or JSON) names types."""

    literal: Callable[[object], str]
    none: str
    sequence: Callable[[str, object], str]
    """(``"N "`` for a tuple of N, else ``""``; the item type) -> the words for a list."""
    words: dict[object, str]


def _type_words(annotation: object, vocabulary: _Vocabulary) -> str:
    args = get_args(annotation)
    origin = get_origin(annotation)
    if origin is Literal:
        return "one of " + "/".join(vocabulary.literal(arg) for arg in args)
    if origin in (Union, UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        words = " or ".join(_type_words(arg, vocabulary) for arg in rest)
        return f"{words} or {vocabulary.none}"
    if origin in (tuple, list):
        items = [arg for arg in args if arg is not Ellipsis]
        count = f"{len(items)} " if origin is tuple and Ellipsis not in args else ""
        return vocabulary.sequence(count, items[0])
    return vocabulary.words.get(annotation, getattr(annotation, "__name__", str(annotation)))


_TYPE_WORDS: dict[object, str] = {
    bool: "true/false",
    int: "whole number",
    float: "number",
    str: "text",
    Path: "path",
}


def _command_line_list(count: str, item: object) -> str:
    return f"{count}{describe_type(item)} values, separated by commas"


_COMMAND_LINE = _Vocabulary(
    literal=str, none="none", sequence=_command_line_list, words=_TYPE_WORDS
)
_JSON = _Vocabulary(
    literal=json.dumps,
    none="null",
    sequence=lambda count, item: f"a list of {count}{_JSON_PLURALS.get(item, 'values')}",
    words=_JSON_WORDS,
)

_NONE_WORDS = ("none", "null")


def is_choice(model: type[GameOptions], key: str, value: object) -> bool:
    """Whether ``value`` is one of the values the option ``key`` lists (a ``Literal``, maybe
    optional): such a value names no file, whatever its characters (``"15/28mm"``)."""
    field = model.model_fields.get(key)
    if field is None or isinstance(value, list | dict):
        return False
    annotation = field.annotation
    args = get_args(annotation)
    if get_origin(annotation) in (Union, UnionType):
        literals = [arg for arg in args if get_origin(arg) is Literal]
        args = tuple(choice for arg in literals for choice in get_args(arg))
    elif get_origin(annotation) is not Literal:
        return False
    return any(type(choice) is type(value) and choice == value for choice in args)


def option_fields(model: type[GameOptions]) -> dict[str, str]:
    """The options ``--option`` may set (every field but ``players``), with their types."""
    return {
        name: describe_type(field.annotation)
        for name, field in model.model_fields.items()
        if name != "players"
    }


def parse_option_specs(
    model: type[GameOptions], game: str, specs: Sequence[str]
) -> dict[str, object]:
    """``["key=value", ...]`` as the typed values of ``model``'s fields.

    Each value is read as its field's declared type (``true``/``false``, a whole number,
    a number, text, ``none`` where allowed, commas between the items of a tuple); ranges
    are checked when the game is built. Anything wrong raises ``OptionError`` naming the
    option and the options the game takes.
    """
    fields = option_fields(model)
    known = ", ".join(f"{name} ({kind})" for name, kind in fields.items()) or "none"
    values: dict[str, object] = {}
    for spec in specs:
        key, sep, text = (part.strip() for part in spec.partition("="))
        if not sep or not key:
            raise OptionError(f"--option expects KEY=VALUE (e.g. turns_per_player=7), not {spec!r}")
        if key == "players":
            raise OptionError(f"{game}: give the number of players with --players, not --option")
        if key not in fields:
            raise OptionError(f"{game} has no option {key!r}; its options: {known}")
        if key in values:
            raise OptionError(f"{game}: option {key!r} is given twice")
        values[key] = _parse_value(model.model_fields[key].annotation, text, game, key, fields)
    return values


def _parse_value(annotation: Any, text: str, game: str, key: str, fields: dict[str, str]) -> object:
    args = get_args(annotation)
    if type(None) in args and text.lower() in _NONE_WORDS:
        return None
    adapter: TypeAdapter[object] = TypeAdapter(annotation)
    try:
        if get_origin(annotation) in (tuple, list):
            return adapter.validate_python([item.strip() for item in text.split(",")])
        return adapter.validate_strings(text)
    except ValidationError:
        raise OptionError(f"{game}: option {key!r} takes {fields[key]}, not {text!r}") from None
