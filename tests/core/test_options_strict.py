"""Strict options (``load(..., strict=True)``): values are taken as JSON gives them and
never coerced; without ``strict``, pydantic's lax mode still converts (the command line
and Python callers)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import pytest

import stratagem
from stratagem import OptionError
from stratagem.core import GameOptions, game_info, options_model
from stratagem.core.options import validate_options

GAMES = [info.name for info in stratagem.available_games()]
COMMON = ("players", "data")


def coerced(annotation: Any, value: Any) -> Any:
    """``value`` as a text that lax mode converts back to the field's type, or ``None``
    if the type has no such spelling (texts, lists)."""
    args = get_args(annotation)
    if get_origin(annotation) in (Union, UnionType):
        rest = [arg for arg in args if arg is not type(None)]
        return coerced(rest[0], value) if len(rest) == 1 else None
    if annotation is bool:
        return "true" if value else "false"
    if annotation in (int, float):
        return str(value)
    return None


def sample(annotation: Any, default: Any) -> Any:
    """A proper value of the field (its default, or one in range where that is none)."""
    if default is not None:
        return default
    rest = [arg for arg in get_args(annotation) if arg is not type(None)]
    return 2 if rest and rest[0] is int else None


def json_options(name: str) -> dict[str, Any]:
    """Every option of the game but the common ones, as a JSON round trip gives them."""
    model = options_model(name)
    return {
        key: json.loads(json.dumps(sample(field.annotation, field.default)))
        for key, field in model.model_fields.items()
        if key not in COMMON
    }


@pytest.mark.parametrize("name", GAMES)
def test_strict_load_accepts_proper_json_values(name: str) -> None:
    info = game_info(name)
    options = json_options(name)
    for players in range(info.min_players, info.max_players + 1):
        strict = stratagem.load(name, players=players, strict=True, **options)
        lax = stratagem.load(name, players=players, **options)
        assert strict.options == lax.options
        assert strict.num_players == players


@pytest.mark.parametrize("name", GAMES)
def test_strict_load_refuses_what_lax_mode_converts(name: str) -> None:
    model = options_model(name)
    checked = 0
    for key, field in model.model_fields.items():
        if key in COMMON:
            continue
        text = coerced(field.annotation, sample(field.annotation, field.default))
        if text is None:
            continue
        lax = stratagem.load(name, **{key: text})
        assert lax.options[key] == sample(field.annotation, field.default)
        with pytest.raises(OptionError, match=rf"option '{key}' takes .+, not '{text}'"):
            stratagem.load(name, strict=True, **{key: text})
        checked += 1
    assert checked or name in {"eighty_years_war", "henry_viii", "sixteen_thirty_something"}
    with pytest.raises(OptionError, match="'players' must be a whole number"):
        stratagem.load(name, players="2", strict=True)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="option 'no_such_option': Extra inputs"):
        stratagem.load(name, strict=True, no_such_option=1)


def test_the_web_s_mistakes_are_refused_with_the_expected_type() -> None:
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("britain_vs_france", {"advanced": "yes"}, "option 'advanced' takes true or false"),
        ("britain_vs_france", {"advanced": 1}, "option 'advanced' takes true or false"),
        (
            "britain_vs_france",
            {"turns_per_player": 7.0},
            "'turns_per_player' takes a whole number or null, not 7.0",
        ),
        ("tercios", {"duration": "2"}, "option 'duration' takes a whole number or null"),
        ("tercios", {"armies": "spanish_500"}, "option 'armies' takes a list of 2 texts"),
        ("tercios", {"armies": ["spanish_500", 3]}, "option 'armies' takes a list of 2 texts"),
        ("tercios", {"terrain": "hills"}, "option 'terrain': Input should be 'standard'"),
        ("tercios", {"duration": 9}, "option 'duration': Input should be less than"),
    ]
    for name, options, words in cases:
        with pytest.raises(OptionError, match=f"^{name}: .*{words}"):
            stratagem.load(name, strict=True, **options)


def test_strict_accepts_json_spellings() -> None:
    """An array for a tuple, a whole number for a float, a text for a path: JSON has no
    other way to say them."""

    class Options(GameOptions):
        pair: tuple[str, str] = ("a", "b")
        ratio: float = 0.5
        where: Path | None = None
        mode: Literal["x", "y"] = "x"

    values = {"players": 2, "pair": ["c", "d"], "ratio": 1, "where": "/x", "mode": "y"}
    options = validate_options(Options, "test", values, strict=True)
    assert isinstance(options, Options)
    assert options.pair == ("c", "d")
    assert options.ratio == 1.0 and isinstance(options.ratio, float)
    assert options.where == Path("/x")
    assert options.mode == "y"
    with pytest.raises(OptionError, match="option 'ratio' takes a number, not '1'"):
        validate_options(Options, "test", {"players": 2, "ratio": "1"}, strict=True)
    with pytest.raises(OptionError, match="option 'pair' takes a list of 2 texts, not 'cd'"):
        validate_options(Options, "test", {"players": 2, "pair": "cd"}, strict=True)


@pytest.mark.parametrize(
    ("value", "key"),
    [("\ud800", "terrain"), (math.nan, "duration"), (Path("/x"), "data"), (object(), "scale")],
)
def test_strict_refuses_what_json_cannot_hold(value: Any, key: str) -> None:
    with pytest.raises(OptionError, match=f"tercios: option '{key}': .* is not a JSON value"):
        stratagem.load("tercios", strict=True, **{key: value})


def test_a_refusal_does_not_echo_a_huge_value() -> None:
    with pytest.raises(OptionError) as error:
        stratagem.load("tercios", strict=True, armies="x" * 100_000)
    assert len(str(error.value)) < 400


def test_an_option_called_name_is_an_unknown_option() -> None:
    with pytest.raises(OptionError, match="option 'name': Extra inputs"):
        stratagem.load("eighty_years_war", name="tercios")
