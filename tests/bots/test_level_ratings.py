"""The levels' measured strength (``bots.level_ratings``): one file, checked at load, that
docs/LEVELS.md's table is made from, with a rating of every level but the measure in every
game that offers levels."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.bots import bot_names
from stratagem.bots.level_ratings import (
    TABLE_END,
    TABLE_START,
    doc_with_table,
    load_ratings,
    ratings,
    ratings_of,
)
from stratagem.bots.levels import level_names
from stratagem.core import DataPackError

DOC = Path(__file__).parents[2] / "docs" / "LEVELS.md"
MEASURE = "normal"
"""The level every other is measured against."""

GOOD = """
[[rating]]
game = "tercios"
level = "hard"
opponent = "normal"
players = 2
games = 100
wins = { share = 62.0, low = 52.2, high = 70.9 }
draws = 3.0
score = { share = 63.5, low = 53.7, high = 72.3 }
date = 2026-12-03
commands = ["stratagem tournament tercios --bot heuristic --bot ismcts -n 100"]
conditions = "a quiet machine"
"""


def test_the_levels_doc_prints_the_ratings_file() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert doc_with_table(doc, ratings()) == doc, (
        "docs/LEVELS.md's table differs from src/stratagem/bots/level_ratings.toml: "
        "run `python benchmarks/level_table.py`"
    )
    assert "| Liber Militum: Tercios | `hard` | `normal` | 2 | 120 | 50.0% |" in doc
    assert "67.5% (58.7-75.2) | 2026-12-06 |" in doc


def test_the_doc_table_is_made_again_from_the_file() -> None:
    stale = f"# Levels\n\n{TABLE_START}\n\n| an old table |\n\n{TABLE_END}\n\nAfter.\n"
    made = doc_with_table(stale, ratings())
    assert "| an old table |" not in made
    assert made.startswith(f"# Levels\n\n{TABLE_START}\n\n| game | level | against |")
    assert made.endswith(f"\n\n{TABLE_END}\n\nAfter.\n")
    assert doc_with_table(made, ratings()) == made
    with pytest.raises(ValueError, match=r"no .*level ratings"):
        doc_with_table("# Levels\n", ratings())


@pytest.mark.parametrize("game", [info.name for info in stratagem.available_games()])
def test_every_level_but_the_measure_is_rated_in_every_game(game: str) -> None:
    offered = [name for name in level_names() if name in bot_names(game)]
    for name in offered:
        rated = ratings_of(game, name)
        if name == MEASURE:
            assert rated == []
        else:
            assert [entry.opponent for entry in rated] == [MEASURE], (game, name)


def test_a_rating_reads_as_the_lobby_shows_it() -> None:
    (tercios,) = ratings_of("tercios", "hard")
    assert tercios.words() == "67.5% (58.7-75.2) of the points against normal, 120 games"
    (henry,) = ratings_of("henry_viii", "easy")
    assert henry.words() == (
        "11.9% (6.9-19.7) of the points alone against normal at 5 players (even 20.0%), 100 games"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('game = "tercios"', 'game = "chess"'), r"rating\[0\] -> game: .*no game 'chess'"),
        (('level = "hard"', 'level = "expert"'), r"rating\[0\] -> level: .*no level 'expert'"),
        (('level = "hard"', 'level = "normal"'), "'normal' is measured against itself"),
        (("players = 2", "players = 3"), "tercios is played by 2 to 2, not 3"),
        (("low = 53.7", "low = 64.0"), r"score: .*the interval 64.0-72.3 does not hold 63.5"),
        (("games = 100", "games = 0"), r"games: Input should be greater than 0"),
        (("draws = 3.0", "draws = 3.0\nwinner = 1"), r"winner: Extra inputs are not permitted"),
        (('commands = ["stratagem', 'commands = [" ", "stratagem'), "a command is blank"),
        (("[[rating]]", "[[rating]"), "not valid TOML"),
    ],
)
def test_a_broken_ratings_file_is_refused_naming_the_entry(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = tmp_path / "level_ratings.toml"
    path.write_text(GOOD.replace(*change), encoding="utf-8")
    with pytest.raises(DataPackError, match=message):
        load_ratings(path)


def test_a_measure_rated_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "level_ratings.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert [entry.score.share for entry in load_ratings(path)] == [63.5]
    path.write_text(GOOD + GOOD, encoding="utf-8")
    twice = "tercios: hard against normal at 2 players is rated twice"
    with pytest.raises(DataPackError, match=twice):
        load_ratings(path)
