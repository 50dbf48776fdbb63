"""The registry: available games and ``load`` with validated options."""

from __future__ import annotations

import re
from typing import Literal

import pytest

import stratagem
from stratagem import OptionError
from stratagem.core import GameOptions, parse_option_specs


def test_available_games_lists_eighty_years_war() -> None:
    infos = {info.name: info for info in stratagem.available_games()}
    info = infos["eighty_years_war"]
    assert (info.title, info.min_players, info.max_players) == ("Eighty Years War", 2, 2)


def test_load_defaults_to_the_minimum_players() -> None:
    game = stratagem.load("eighty_years_war")
    assert game.num_players == 2
    assert game.seat_names == ("Dutch", "Spanish")
    assert game.options == {"players": 2, "data": None, "last_turn": None}


@pytest.mark.parametrize("players", [1, 3, 0, -2])
def test_load_refuses_players_outside_the_range(players: int) -> None:
    with pytest.raises(OptionError, match=r"eighty_years_war is played by 2 players, not"):
        stratagem.load("eighty_years_war", players=players)


def test_load_refuses_a_non_integer_player_count() -> None:
    with pytest.raises(OptionError, match="whole number"):
        stratagem.load("eighty_years_war", players="two")  # type: ignore[arg-type]


def test_load_refuses_an_unknown_option_and_names_the_known_ones() -> None:
    with pytest.raises(OptionError) as error:
        stratagem.load("eighty_years_war", fast_mode=True)
    message = str(error.value)
    assert "fast_mode" in message and "players, data" in message


def test_load_refuses_an_unknown_game() -> None:
    with pytest.raises(
        OptionError, match=r"no game named 'chess'; available games: .*eighty_years_war"
    ):
        stratagem.load("chess")


def test_seat_index_by_name() -> None:
    game = stratagem.load("eighty_years_war")
    assert game.seat_index("spanish") == 1
    with pytest.raises(ValueError, match="not a seat"):
        game.seat_index("French")


class _Options(GameOptions):
    """Every kind of option type a game declares."""

    rounds: int | None = None
    bonus: float = 0.5
    fast: bool = False
    pair: tuple[str, str] = ("a", "b")
    terrain: Literal["standard", "open"] = "standard"
    name: str = ""


def test_option_specs_are_read_as_the_declared_types() -> None:
    specs = ["rounds=7", "bonus=1.5", "fast=yes", "pair=x, y", "terrain=open", "name=a=b"]
    assert parse_option_specs(_Options, "toy", specs) == {
        "rounds": 7,
        "bonus": 1.5,
        "fast": True,
        "pair": ("x", "y"),
        "terrain": "open",
        "name": "a=b",
    }
    assert parse_option_specs(_Options, "toy", ["rounds=none", "fast=false"]) == {
        "rounds": None,
        "fast": False,
    }


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rounds", "--option expects KEY=VALUE"),
        ("=3", "--option expects KEY=VALUE"),
        ("players=3", "--players"),
        ("speed=3", "toy has no option 'speed'; its options: data (path or none), rounds"),
        ("rounds=2.5", "option 'rounds' takes whole number or none, not '2.5'"),
        ("bonus=lots", "option 'bonus' takes number, not 'lots'"),
        ("fast=maybe", "option 'fast' takes true/false"),
        ("pair=x", "option 'pair' takes 2 text values, separated by commas"),
        ("terrain=hills", "option 'terrain' takes one of standard/open"),
    ],
)
def test_bad_option_specs_name_the_option(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=re.escape(message)):
        parse_option_specs(_Options, "toy", [spec])


def test_an_option_given_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="'fast' is given twice"):
        parse_option_specs(_Options, "toy", ["fast=1", "fast=0"])
