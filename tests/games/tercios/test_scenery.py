"""The scenery-points battlefield (The Battle: Scenery Points; RULINGS.md R82), through the
game option ``terrain = "scenery points"`` and its ``scenery_seed``."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.scenery import scenery_points_battlefield
from stratagem.games.tercios.terrain import check_scenery

from .playout import play_checked

PACK = load_pack()
SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_side_spends_its_die_one_element_at_a_time(seed: int) -> None:
    """Each side spends its die one element at a time [Scenery Points]."""
    setup = scenery_points_battlefield(PACK, seed)
    first, second = setup.points
    assert first != second and {first, second} <= set(range(1, 7))
    costs = PACK.rules.scenery_costs
    for side in (0, 1):
        assert sum(costs[kind] for kind in setup.bought[side]) == setup.points[side]
    assert sorted(e.kind for e in setup.elements if e.kind != "River") == sorted(
        kind for kinds in setup.bought for kind in kinds if kind != "River"
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_elements_lie_between_the_deployment_zones_adjacent_or_three_inches_apart(
    seed: int,
) -> None:
    """Elements lie between the deployment zones adjacent or three inches apart [Scenery Points]."""
    elements = scenery_points_battlefield(PACK, seed).elements
    assert check_scenery(PACK, elements, 12, 3.0) == []
    width, depth = PACK.table_size
    zone = PACK.constant("deployment_depth")
    for element in elements:
        minx, miny, maxx, maxy = element.shape.bounds
        assert minx >= -1e-6 and maxx <= width + 1e-6
        assert zone < miny and maxy < depth - zone
    rivers = [e for e in elements if e.kind == "River"]
    crossings = [e for e in elements if e.kind in ("Bridge", "Ford")]
    assert not crossings or rivers
    for crossing in crossings:
        assert all(crossing.shape.intersection(r.shape).area < 1e-6 for r in rivers)


def test_a_cultivated_field_rolls_what_grows_on_it() -> None:
    """A cultivated field rolls what grows on it [Cultivated field]."""
    fields = [
        e
        for seed in range(60)
        for e in scenery_points_battlefield(PACK, seed).elements
        if e.kind == "Cultivated field"
    ]
    grown = {(f.ground, f.hidden, f.cover) for f in fields}
    assert grown <= {
        ("difficult", False, False),
        ("difficult", False, True),
        ("very difficult", True, True),
    }
    assert len(grown) >= 2


def test_the_seed_draws_the_battlefield_and_a_battle_is_fought_on_it() -> None:
    def load(seed: int) -> Tercios:
        game = stratagem.load(
            "tercios",
            armies=("spanish_500", "swedish_500"),
            terrain="scenery points",
            scenery_seed=seed,
        )
        assert isinstance(game, Tercios)
        return game

    game = load(5)
    assert [e.to_json() for e in game.terrain] == [e.to_json() for e in load(5).terrain]
    assert [e.name for e in game.terrain] != [e.name for e in load(1).terrain]
    state = game.new_initial_state()
    assert [t["name"] for t in state.view(0)["terrain"]] == [e.name for e in game.terrain]
    assert play_checked(state, 2, 300) > 100


def test_a_ford_is_laid_across_a_river_which_is_open_there() -> None:
    """A ford is laid across a river which is open there [Ford] [Scenery Elements]."""
    elements = {e.name: e for e in scenery_points_battlefield(PACK, 60).elements}
    ford, west, east = elements["Ford 1"], elements["River 1 (1)"], elements["River 1 (2)"]
    assert ford.ground == "difficult" and west.ground == east.ground == "impassable"
    assert ford.shape.touches(west.shape) and ford.shape.touches(east.shape)
    _, south, _, north = ford.shape.bounds
    assert south < west.shape.bounds[1] and north > west.shape.bounds[3]


def test_a_cartographer_adds_two_points_to_his_sides_roll() -> None:
    """[Cartographer] [Rulings R83]: seed 1 rolls 2 and 5; with a Spanish
    cartographer the Spanish side has 4 points to spend, the Swedish still 5."""
    assert scenery_points_battlefield(PACK, 1).points == (2, 5)
    helped = scenery_points_battlefield(PACK, 1, (True, False))
    assert helped.points == (4, 5)
    costs = PACK.rules.scenery_costs
    assert sum(costs[kind] for kind in helped.bought[0]) == 4
