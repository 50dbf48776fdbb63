"""Levels (``easy``, ``normal``, ``hard``): offered by name for every game, played through the
registry, blind to what the seat cannot see, and each stronger than the one below.

Strength is measured by the lab (``docs/LEVELS.md``); here only a short seeded match of the
fastest game, and the ``hard`` search on budgets small enough for a test.
"""

from __future__ import annotations

import random

import pytest

import stratagem
from stratagem.bots import Ismcts, bot_names, make_bot
from stratagem.bots.mistakes import Erring
from stratagem.core import OptionError
from stratagem.testing import play_bots

from .helpers import GAMES, decision_points, load_smallest

SMALL_HARD = "hard:iterations=2,max_rollout=6"
"""The ``hard`` search on a test's budget."""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_offers_its_levels_by_name_weakest_first(name: str) -> None:
    assert bot_names(name)[:3] == ["easy", "normal", "hard"]


def test_a_level_plays_its_bot_and_takes_options_over_its_own() -> None:
    game = stratagem.load("eighty_years_war")
    easy = make_bot("easy", game, random.Random(1))
    assert isinstance(easy, Erring)
    assert easy.chance == 0.25
    assert make_bot("NORMAL", game, random.Random(1)).name == "normal"
    hard = make_bot("hard", game, random.Random(1))
    assert isinstance(hard, Ismcts)
    assert hard.options.seconds == 1.0
    budget = make_bot("hard:iterations=50", game, random.Random(1))
    assert isinstance(budget, Ismcts)
    assert budget.options.iterations == 50
    assert budget.name == "hard:iterations=50"
    gentler = make_bot("easy:mistakes=0.5", game, random.Random(1))
    assert isinstance(gentler, Erring)
    assert gentler.chance == 0.5


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard:height=3", "level 'hard' .*height: Extra inputs are not permitted"),
        ("easy:mistakes=2", "level 'easy' .*mistakes: 2 is outside 0 to 1"),
        ("easy:mistakes=often", "mistakes: 'often' is not a number"),
        ("normal:depth=3", "depth: not an option"),
        ("heuristic:mistakes=-0.1", "mistakes: -0.1 is outside 0 to 1"),
    ],
)
def test_bad_level_options_are_refused(spec: str, message: str) -> None:
    game = stratagem.load("eighty_years_war")
    with pytest.raises(OptionError, match=message):
        make_bot(spec, game, random.Random(1))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_each_level_plays_a_whole_game(name: str, level: str) -> None:
    game = load_smallest(name)
    returns = play_bots(game, [level] * game.num_players, 3)
    assert len(returns) == game.num_players


def test_hard_plays_a_whole_game_of_the_fastest_game() -> None:
    game = stratagem.load("eighty_years_war")
    returns = play_bots(game, [SMALL_HARD, "easy"], 4)
    assert len(returns) == 2


@pytest.mark.parametrize("name", GAMES)
def test_hard_chooses_legally_at_every_game_s_decisions(name: str) -> None:
    game = load_smallest(name)
    for state in decision_points(game, seed=12, every=9, limit=3):
        seat = state.current_player()
        assert make_bot(SMALL_HARD, game, random.Random(5)).choose(state, seat) in (
            state.legal_actions()
        )


@pytest.mark.parametrize("name", GAMES)
def test_easy_chooses_only_from_what_its_seat_sees(name: str) -> None:
    """Redealing what the seat cannot see leaves a same-seeded ``easy`` bot's choice, its
    mistakes included, unchanged."""
    game = load_smallest(name)
    other_worlds = random.Random(31)
    checked = 0
    for state in decision_points(game, seed=13, every=3, limit=12):
        seat = state.current_player()
        world = state.resample_hidden(seat, other_worlds)
        for seed in range(4):
            truth = make_bot("easy:mistakes=0.5", game, random.Random(seed)).choose(state, seat)
            seen = make_bot("easy:mistakes=0.5", game, random.Random(seed)).choose(world, seat)
            assert seen == truth
            checked += 1
    assert checked > 0


def test_easy_makes_mistakes_and_normal_beats_it() -> None:
    """A short seeded match of the fastest game, each level in each seat: ``normal`` wins
    at least 18 of 20 (over 40 such games it won all 40)."""
    game = stratagem.load("eighty_years_war")
    normal_first = [play_bots(game, ("normal", "easy"), seed)[0] for seed in range(10)]
    normal_second = [play_bots(game, ("easy", "normal"), seed)[1] for seed in range(10)]
    assert sum(r > 0 for r in normal_first + normal_second) >= 18
