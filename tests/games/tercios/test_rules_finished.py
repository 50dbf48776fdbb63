"""The rules an audit found wrong or missing (issue 21, Tercios finished), each through the
public API with chance forced: charge reach (Charges), hedges and walls (Shooting and
Terrain: In cover; Terrain Effects in Combat: Protected), exact moves with a facing and
under Assault! (Activation Movement; Charges), the values a view shows (Modifiers)."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stratagem
from stratagem import IllegalAction
from stratagem.cli import app
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import DATA_DIR
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, placed, plan, start_activation, texts, variant

GAME = load()


def test_charges_the_front_centre_must_reach_a_centre_a_corner_does_not_extend_the_reach() -> None:
    # Yellow 1's nearest centre is 6.26 inches from Idiáquez's front centre: beyond the
    # Tercio's Assault! Mvt (4+ = 6), though a front corner of the turned base would touch
    # Yellow 1 after about 5.1 inches.
    state = battle(
        GAME,
        {"Idiáquez": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (33.0, 27.86, 270.0)},
    )
    apply(state, "activate Idiáquez")
    assert "Idiáquez: charge Yellow 1" not in texts(state)
    assert "Idiáquez: advance towards Yellow 1" in texts(state)


def test_charges_a_centre_within_reach_is_charged_and_the_charger_stops_on_its_line() -> None:
    # Yellow 1's front centre is 5.9 inches away at an angle: within reach; the charger
    # stops at first contact, facing the way it charged, its front centre on that line.
    state = battle(
        GAME,
        {"Idiáquez": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (32.0, 27.0, 270.0)},
    )
    start = (30.0, 20.0 + state.placement(GAME.troop_index["Idiáquez"]).depth / 2)
    aim = (32.0, 27.0 - state.placement(GAME.troop_index["Yellow 1"]).depth / 2)
    assert math.dist(start, aim) < 6.0
    apply(state, "activate Idiáquez", "Idiáquez: charge Yellow 1", "do not react")
    assert "Idiáquez contacts Yellow 1." in [e.text for e in state.events]
    spot = state.placement(GAME.troop_index["Idiáquez"])
    direction = math.degrees(math.atan2(aim[1] - start[1], aim[0] - start[0]))
    assert abs(spot.facing - direction) < 0.01
    cross = (spot.front[0] - start[0]) * (aim[1] - start[1]) - (spot.front[1] - start[1]) * (
        aim[0] - start[0]
    )
    assert abs(cross) < 0.01


def test_activation_movement_a_straight_move_typed_with_its_facing_is_not_refused_by_rounding() -> (
    None
):
    # The shipped deployment puts Idiáquez's front centre at x = 21.3465; typed coordinates
    # keep 2 decimals (21.35), so the line is 0.1 degree off the typed facing 90.
    game = stratagem.load("tercios")
    state = game.new_initial_state()
    start_activation(state, {})
    apply(state, "activate Idiáquez")
    before = state.placement(game.troop_index["Idiáquez"])
    assert round(before.front[0], 4) == 21.3465 and before.facing == 90.0
    apply(state, "move Idiáquez to 21.346,13.5 facing 90")
    after = state.placement(game.troop_index["Idiáquez"])
    assert after.facing == 90.0
    assert math.dist(after.front, (21.35, 13.5)) < 1e-3


def _assault(where: dict[str, tuple[float, float, float]]) -> TerciosState:
    state = battle(GAME, {"Idiáquez": "Assault!"}, where)
    apply(state, "activate Idiáquez")
    return state


def test_charges_a_charge_typed_by_hand_goes_for_the_nearest_reachable_centre() -> None:
    state = _assault({"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (32.0, 27.0, 270.0)})
    before = state.to_json()
    refusals = {
        "move Idiáquez to 30,23": "must charge an enemy if it can \\(Yellow 1\\)",
        "move Idiáquez to 34.36,27": "always takes the shortest path: the charge on Yellow 1 "
        "goes to its front centre \\(32.00,25.82\\)",
        "move Idiáquez to 32,25.82 facing 80": "stops facing the way it charged",
    }
    for text, reason in refusals.items():
        with pytest.raises(IllegalAction, match=reason):
            state.apply_action(text)
        assert state.to_json() == before
    apply(state, "move Idiáquez to 32,25.82")
    assert [e.text for e in state.events[-1:]] == ["Idiáquez charges Yellow 1."]


def test_order_cards_assault_a_typed_move_closes_on_an_enemy_when_none_can_be_charged() -> None:
    where = {
        "Idiáquez": (30.0, 20.0, 90.0),
        "Yellow 1": (33.0, 27.86, 270.0),
        **{
            name: (60.0 + 6 * (i % 2), 30.0 + 10 * (i // 2), 270.0)
            for i, name in enumerate(
                ("Yellow 2", "Yellow musketeers", "Hakkapeliitta", "Leather guns")
            )
        },
    }
    away = _assault(where)
    with pytest.raises(IllegalAction, match="the move must end as close to an enemy as it can"):
        away.apply_action("move Idiáquez to 26,21.2")
    # Closing, but not as close as it can (R94): 1.7 inches off where 0.04 is possible.
    with pytest.raises(IllegalAction, match="as close to an enemy as it can"):
        _assault(where).apply_action("move Idiáquez to 31,25")
    closer = _assault(where)
    apply(closer, "move Idiáquez to 30.5,26.3")
    assert "Idiáquez moves to 30.5,26.3." in [e.text for e in closer.events]
    assert closer.placement(GAME.troop_index["Idiáquez"]).front == pytest.approx((30.5, 26.3))


def _verdugo_shot_behind_the_south_hedge(gap: float) -> str:
    """Yellow musketeers (Fire!) shoot Verdugo, whose front edge lies ``gap`` inches south
    of the standard battlefield's south hedge (a 0.6-inch strip, y 16.32 to 16.92); one
    hit: the resistance test's line."""
    game = load("standard")
    state = game.new_initial_state()
    start_activation(state, {"Yellow musketeers": "Fire!"}, first="Swedish")
    depth = state.placement(game.troop_index["Verdugo"]).depth
    state = placed(
        game,
        state,
        {
            "Verdugo": (47.4, 16.322 - gap - depth / 2, 90.0),
            "Yellow musketeers": (47.4, 25.0, 270.0),
        },
    )
    apply(
        state, "activate Yellow musketeers", "Yellow musketeers: shoot Verdugo", "Roll: 1 successes"
    )
    return state.events[-1].text


def test_shooting_and_terrain_in_cover_behind_a_hedge_in_contact_with_it() -> None:
    """A unit in contact with a hedge and behind it is In cover; an inch back it is not [In cover]
    [Fence, hedge]."""
    # Courage 4, In cover (+): 6 dice; an inch behind the hedge, no cover: 4.
    assert (
        _verdugo_shot_behind_the_south_hedge(0.0) == "1 hit(s); Verdugo resists with 6 dice at 4+."
    )
    assert (
        _verdugo_shot_behind_the_south_hedge(1.0) == "1 hit(s); Verdugo resists with 4 dice at 4+."
    )


def _resistance_dice_behind_a_wall(gap: float) -> int:
    """Yellow 1 charges Idiáquez, whose front edge lies ``gap`` inches south of a wall
    (y 23.7 to 24.3); one hit: the dice of Idiáquez's resistance roll."""
    chosen = load("chosen")
    state = battle(
        GAME,
        {"Yellow 1": "Assault!"},
        {"Idiáquez": (30.0, 23.7 - gap - 1.1811, 90.0), "Yellow 1": (30.0, 27.0, 270.0)},
        first="Swedish",
    )
    doc = json.loads(json.dumps(state.to_json()))
    doc["state"]["scenery"] = [{"kind": "Wall", "name": "Wall", "x": 30.0, "y": 24.0, "angle": 0.0}]
    walled = chosen.state_from_json(doc)
    assert isinstance(walled, TerciosState)
    apply(walled, "activate Yellow 1", "Yellow 1: charge Idiáquez", "do not react")
    assert "Yellow 1 contacts Idiáquez." in [e.text for e in walled.events]
    apply(walled, "Roll: 1 successes")
    return len(walled.chance_outcomes()) - 1


def test_terrain_effects_in_combat_protected_behind_a_wall_in_contact_with_it() -> None:
    """A unit behind a wall and touching it is Protected; an inch back it is not [Protected]."""
    # Courage 4, Protected (+): 6 dice; an inch behind the wall, not protected: 4.
    assert _resistance_dice_behind_a_wall(0.0) == 6
    assert _resistance_dice_behind_a_wall(1.0) == 4


def _unit_view(state: TerciosState, seat: int, name: str) -> dict[str, object]:
    return next(u for u in state.view(seat)["units"] if u["name"] == name)


def test_modifiers_the_view_shows_the_values_the_engine_rolls() -> None:
    """Modifiers the view shows the values the engine rolls [Modifiers] [Order Cards: Assault!]."""
    # Idiáquez (Tercio: Mvt 4, Melee 4, Shoot 3/2, Courage 4) with Assault! charges Yellow 1.
    state = battle(
        GAME,
        {"Idiáquez": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (32.0, 27.0, 270.0)},
    )
    own = _unit_view(state, 0, "Idiáquez")["values"]
    assert isinstance(own, dict)
    assert (own["mvt"], own["melee"]) == (6, 6)  # Assault!: Mvt+, Melee+
    hidden = _unit_view(state, 1, "Idiáquez")["values"]
    assert isinstance(hidden, dict)
    assert (hidden["mvt"], hidden["melee"]) == (4, 4)  # the enemy does not see the order
    apply(state, "activate Idiáquez", "Idiáquez: charge Yellow 1", "do not react")
    assert f"Combat round 1: Idiáquez {own['melee']} dice at 4+" in state.events[-1].text


def test_modifiers_the_view_counts_weariness_disorder_and_a_lent_virtue() -> None:
    """The view counts weariness, disorder and a lent virtue [Modifiers] [Weary (Usé)]
    [Disorder (En désordre)] [Inspiring]."""
    state = battle(
        GAME,
        {"Idiáquez": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (32.0, 27.0, 270.0)},
        dm={"Idiáquez": 5},
    )
    doc = json.loads(json.dumps(state.to_json()))
    unit = GAME.troop_index["Idiáquez"]
    doc["state"]["disorder"][unit] = True
    doc["state"]["buff"][unit] = "Drill"  # lent by Inspiring until the enemy's next activation
    worn = GAME.state_from_json(doc)
    assert isinstance(worn, TerciosState)
    values = _unit_view(worn, 0, "Idiáquez")["values"]
    assert isinstance(values, dict)
    # Weary at 5 Dm: Melee + and - cancel (4), Shoot 3- = 2 and Drill +1 (3), far 2- = 1 + 1;
    # Disorder: Courage 4- = 2.
    assert values["melee"] == 4
    assert (values["shoot"], values["shoot_far"]) == (3, 2)
    assert values["courage"] == values["courage_shot"] == values["courage_melee"] == 2


def test_army_options_dense_formation_gives_the_musketeer_company_the_dense_rule(
    tmp_path: Path,
) -> None:
    """Army options dense formation gives the musketeer company the dense rule [Companies]
    [Large (Dense)] [Rulings R96]."""
    army = variant(
        tmp_path,
        "swedish_500",
        'name = "Yellow musketeers", options = ["Brigade"]',
        'name = "Yellow musketeers", options = ["Brigade", "Dense formation"]',
    )
    game = load(armies=("spanish_500", army))
    state = battle(
        game, {"Yellow musketeers": "Resist!"}, {}, dm={"Yellow musketeers": 3}, first="Swedish"
    )
    unit = _unit_view(state, 1, "Yellow musketeers")
    assert "Dense" in unit["rules"] and "Light" not in unit["rules"]  # type: ignore[operator]
    apply(state, "activate Yellow musketeers", "Roll: 2 successes")
    # Large (Dense): one Dm per success of the Resist! test, never the last.
    assert state.events[-1].text == "Yellow musketeers regroups: 2 Dm removed."


def _charged_musketeers(tmp_path: Path, ambush: bool, x: float) -> TerciosState:
    """Idiáquez (Assault!) charges Yellow musketeers (Fire!), whose centre stands at
    ``x``, 16.62 (at x 47.4: on the south hedge, difficult ground; at 40: beside it);
    with ``ambush`` a user's pack gives the Musketeer Company the Ambush rule (no printed
    card carries it)."""
    data = tmp_path / "pack"
    shutil.copytree(DATA_DIR, data)
    profiles = data / "profiles.toml"
    text = profiles.read_text(encoding="utf-8")
    if ambush:
        old = 'rules = ["Light"]\npoints = 60'
        assert old in text
        text = text.replace(old, 'rules = ["Light", "Ambush"]\npoints = 60')
    profiles.write_text(text, encoding="utf-8")
    game = stratagem.load(
        "tercios", armies=("spanish_500", "swedish_500"), terrain="standard", data=str(data)
    )
    assert isinstance(game, Tercios)
    state = battle(
        game,
        {"Idiáquez": "Assault!", "Yellow musketeers": "Fire!"},
        {"Idiáquez": (x, 12.0, 90.0), "Yellow musketeers": (x, 16.62, 270.0)},
    )
    apply(state, "activate Idiáquez", "Idiáquez: charge Yellow musketeers")
    return state


def test_rules_from_kingdoms_ambush_evades_a_charge_on_difficult_ground(tmp_path: Path) -> None:
    assert texts(_charged_musketeers(tmp_path / "a", True, 40.0)) == ["react", "do not react"]
    assert texts(_charged_musketeers(tmp_path / "b", False, 47.4)) == ["react", "do not react"]
    ambushed = _charged_musketeers(tmp_path / "c", True, 47.4)
    assert texts(ambushed) == ["react", "evade", "do not react"]
    apply(ambushed, "evade", "Roll: 1 successes")
    assert "Yellow musketeers evades." in [e.text for e in ambushed.events]


def test_common_traits_initiative_adds_two_to_the_rank_for_the_initiative_test(
    tmp_path: Path,
) -> None:
    # Both Commanders-in-Chief are rank 2; the Spanish one takes Initiative instead of
    # Presence: a tied roll goes to Spain (4 against 2) instead of being rolled again.
    """Common traits initiative adds two to the rank for the initiative test
    [Command: Common Traits: Initiative] [Rulings R31]."""
    army = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', 'traits = ["Initiative"]')
    game = load(armies=(army, "swedish_500"))
    state = game.new_initial_state()
    plan(state, {})
    apply(state, "Die: 4", "Die: 4")
    assert texts(state) == ["Spanish plays first", "Swedish plays first"]
    assert state.current_player() == 0


def test_army_check_notes_the_rules_the_rulebook_names_without_a_text(tmp_path: Path) -> None:
    """Army check notes the rules the rulebook names without a text [Rulings R97]."""
    army = variant(
        tmp_path,
        "swedish_500",
        'rank = 1, traits = ["Coordinator"]',
        'rank = 1, traits = ["Initiative"]',
    )
    result = CliRunner().invoke(app, ["army", "check", army], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(
        line.startswith("Note: Leather guns: Regimental gun has no effect: a Light Artillery")
        for line in lines
    )
    assert any(
        line.startswith("Note: Maximilian Teuffel: Initiative has no effect: only the")
        for line in lines
    )
    assert lines[-1] == "Valid army."
