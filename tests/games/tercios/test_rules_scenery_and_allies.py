"""Scenery (Building, Bridge, roads; Hidden and In cover) and Allies [Rules from "Kingdoms"]:
each test drives the public API with its dice forced (see ``helpers``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem import IllegalAction
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState

from .helpers import (
    apply,
    battle,
    events_since,
    load,
    placed,
    start_activation,
    texts,
    variant,
    with_commanders_at,
)

CHIEF = "Gonzalo Fernández de Córdoba (Spanish C-C)"
CUIRASSIERS = "Cuirassiers of Flanders"


def _allied(tmp_path: Path, kind: str) -> Tercios:
    """The Spanish 500-point army with its regiment of ``kind`` allied."""
    old = f'kind = "{kind}"'
    return load(
        armies=(variant(tmp_path, "spanish_500", old, f"{old}\nallied = true"), "swedish_500")
    )


def test_allies_an_allied_unit_tests_its_order_under_its_own_colonel(tmp_path: Path) -> None:
    """The Tercio regiment allied: Idiáquez (Discipline 5, 1 Dm) with its own mestre de camp
    attached is under command and tests with 5 dice; only the C-C may not interact with
    allies [Allies] [Testing Orders]."""
    game = _allied(tmp_path, "infantry")
    state = battle(game, {}, {"Idiáquez": (30.0, 20.0, 90.0)}, dm={"Idiáquez": 1})
    assert state.attached[game.officer_index["Francisco de Ibarra"]] == 0
    start = len(state.events)
    apply(state, "activate Idiáquez")
    assert events_since(state, start)[-1] == "Idiáquez tests its order with 5 dice."


def test_allies_the_commander_in_chief_may_neither_join_nor_inspire_an_allied_unit(
    tmp_path: Path,
) -> None:
    """The cavalry regiment allied: the C-C beside the allied cuirassiers and Idiáquez is
    offered to join (and inspire) Idiáquez, neither of them for the cuirassiers [Allies]
    [Joining a troop] [Inspiring]."""
    game = _allied(tmp_path, "cavalry")
    state = battle(game, {}, {"Idiáquez": (30.0, 20.0, 90.0), CUIRASSIERS: (40.0, 20.0, 90.0)})
    state = with_commanders_at(state, {CHIEF: (35.0, 18.0)})
    apply(state, f"activate commander {CHIEF}")
    offered = texts(state)
    assert f"{CHIEF}: join Idiáquez" in offered
    assert f"{CHIEF}: inspire Idiáquez (Loyalty)" in offered
    assert not any(CUIRASSIERS in text for text in offered)


def _small_building_battle(first: str, order: str = "Fire!") -> tuple[Tercios, TerciosState]:
    """The Spanish buy one small building, placed at (30, 24) (3 by 3 inches: x 28.5 to
    31.5, y 22.5 to 25.5); the battle then starts with ``first`` to act, Yellow
    musketeers (a company) under ``order``."""
    game = stratagem.load("tercios", armies=("spanish_500", "swedish_500"), terrain="chosen")
    assert isinstance(game, Tercios)
    state = game.new_initial_state()
    apply(state, "Die: 6", "Die: 1", "buy Small building", "place Small building at 30,24")
    apply(state, "pass", "pass")
    start_activation(state, {"Yellow musketeers": order}, first=first)
    return game, state


def test_building_a_small_building_holds_only_a_company() -> None:
    """A Tercio may not move into the small building (refused, naming the rule); a company
    may [Building]."""
    game, state = _small_building_battle("Spanish")
    tercio = placed(game, state, {"Idiáquez": (30.0, 21.0, 90.0)})
    apply(tercio, "activate Idiáquez")
    before = tercio.to_json()
    with pytest.raises(IllegalAction, match="a small building holds only a company"):
        tercio.apply_action("move Idiáquez to 30,23.5")
    assert tercio.to_json() == before
    game, state = _small_building_battle("Swedish", "Ready!")
    company = placed(game, state, {"Yellow musketeers": (30.0, 27.5, 270.0)})
    apply(company, "activate Yellow musketeers", "move Yellow musketeers to 30,24")
    assert company.y[game.troop_index["Yellow musketeers"]] == pytest.approx(24.79, abs=0.01)


def test_building_shots_out_of_a_building_are_measured_from_its_edge() -> None:
    """Yellow musketeers (muskets, 12 inches) in the small building, Fire!: Idiáquez's
    front centre is 11.5 inches from the building's south edge (12.7 from the musketeers'
    front centre): the Hidden building does not stop the shot, which is measured from its
    edge, so the unit shoots instead of walking out an inch [Building] [Hidden] [Range]
    [Order Cards: Fire!]."""
    game, state = _small_building_battle("Swedish")
    shooters = placed(
        game,
        state,
        {"Yellow musketeers": (30.0, 24.5, 270.0), "Idiáquez": (30.0, 9.82, 90.0)},
    )
    start = len(shooters.events)
    apply(shooters, "activate Yellow musketeers")
    assert events_since(shooters, start) == ["Yellow musketeers reveals Fire!"]
    assert "Yellow musketeers: shoot Idiáquez" in texts(shooters)


def test_bridge_a_road_passes_over_the_bridge_and_makes_it_easy() -> None:
    """A river across the middle, a bridge at 23.62: a road may be laid south to north
    over the bridge (a listed placement), not over the river where there is no bridge;
    the bridge it passes over is easy terrain [Bridge] [Scenery Points] [Easy]."""
    game = stratagem.load("tercios", armies=("spanish_500", "swedish_500"), terrain="chosen")
    state = game.new_initial_state()
    apply(state, "Die: 6", "Die: 1", "buy River", "place River at 35.43,23.62")
    apply(state, "buy Bridge", "place Bridge across River 1 at 23.62", "buy Road")
    assert "place Road at 23.62,23.62 angle 90" in texts(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="the Road would overlap River 1"):
        state.apply_action("place Road at 35.43,23.62 angle 90")
    assert state.to_json() == before
    bridge = next(e for e in state.terrain if e.kind == "Bridge")
    assert bridge.ground == "open"
    apply(state, "place Road at 23.62,23.62 angle 90")
    terrain = {e.kind: e for e in state.terrain}
    road, bridge = terrain["Road"], terrain["Bridge"]
    assert (
        road.shape.bounds[1]
        < bridge.shape.bounds[1]
        < bridge.shape.bounds[3]
        < road.shape.bounds[3]
    )
    assert (road.ground, bridge.ground) == ("easy", "easy")


def test_hidden_a_unit_in_a_building_sees_out_of_it_from_its_edge() -> None:
    """Yellow musketeers in the small building, Assault!: they see Idiáquez from the
    building's edge, so they close on it rather than seeing no enemy and walking out an
    inch [Hidden] [Building] [Order Cards: Assault!]."""
    game, state = _small_building_battle("Swedish", "Assault!")
    inside = placed(
        game, state, {"Yellow musketeers": (30.0, 24.5, 270.0), "Idiáquez": (30.0, 17.0, 90.0)}
    )
    start = len(inside.events)
    apply(inside, "activate Yellow musketeers")
    assert events_since(inside, start) == ["Yellow musketeers reveals Assault!"]
    assert "Yellow musketeers: advance towards Idiáquez" in texts(inside)


def test_bridge_the_scenery_points_table_may_lay_a_road_over_a_bridge() -> None:
    """The scenery points drawn from seed 721 buy a river, a bridge and a road: the road
    runs south to north over the bridge, which is then easy [Bridge] [Scenery Points]
    [Rulings R82]."""
    game = stratagem.load(
        "tercios",
        armies=("spanish_500", "swedish_500"),
        terrain="scenery points",
        scenery_seed=721,
    )
    terrain = {e.kind: e for e in game.new_initial_state().terrain}
    road, bridge = terrain["Road"].shape.bounds, terrain["Bridge"].shape.bounds
    assert road[0] >= bridge[0] and road[2] <= bridge[2]
    assert road[1] < bridge[1] and road[3] > bridge[3]
    assert terrain["Bridge"].ground == "easy"
