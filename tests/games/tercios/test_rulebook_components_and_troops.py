"""Rulebook-first audit: the chapters Components (Figures and Bases, Values, Modifiers, Status
Markers) and The Troops (unit profiles, Cavalry and Artillery rules)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import stratagem
from stratagem.bots import make_bot
from stratagem.games.tercios.game import Tercios

from .helpers import SPANISH, SWEDISH, apply, battle, load, roll, start_activation, texts
from .rulebook import dice_rolled, edited, unit

CM = 1 / 2.54


def both_1500() -> Tercios:
    return load(armies=("spanish_1500", "swedish_1500"))


def test_figures_and_bases_sizes_in_centimetres() -> None:
    """Figures and Bases: infantry 12x6 cm, pike square 12x12, cavalry and companies 8x4, artillery
    4x4."""
    state = battle(both_1500(), {}, {})
    expected = {
        "Villalba": (12, 6),
        "Velandia": (12, 12),
        "Coraceros de Alsacia": (8, 4),
        "Mangas viejas": (8, 4),
        "Light guns": (4, 4),
    }
    for name, (width, depth) in expected.items():
        assert unit(state, name)["width"] == pytest.approx(width * CM, abs=0.001), name
        assert unit(state, name)["depth"] == pytest.approx(depth * CM, abs=0.001), name


def test_other_components_the_table_is_120_by_180_cm() -> None:
    """Other Components: the standard table is 120 cm by 180 cm."""
    table = load().new_initial_state().view(None)["table"]
    assert table["width"] == pytest.approx(180 * CM, abs=0.001)
    assert table["depth"] == pytest.approx(120 * CM, abs=0.001)


def test_unit_profiles_tercio() -> None:
    """Unit Profiles: a Tercio has Mvt 4, Melee 4, Shoot 3/2, Discipline 5, Courage 4, Stamina 5,
    and is Dense."""
    tercio = unit(battle(load(), {}, {}), "Verdugo")
    values = tercio["values"]
    assert (values["mvt"], values["melee"], values["shoot"], values["shoot_far"]) == (4, 4, 3, 2)
    assert (values["discipline"], values["courage"], values["stamina"]) == (5, 4, 5)
    assert "Dense" in tercio["rules"] and "Pikes" in tercio["weapons"]


def _values(troop: dict[str, Any], *names: str) -> tuple[int, ...]:
    """The printed values ``names`` of a unit's public view, in that order."""
    return tuple(troop["values"][name] for name in names)


def test_unit_profiles_musketeer_company() -> None:
    """Unit Profiles: a Musketeer Company has Mvt 5, Melee 2, Shoot 3, Courage 3, Stamina 2,
    muskets, Light."""
    company = unit(battle(load(), {}, {}), "Yellow musketeers")
    assert _values(company, "mvt", "melee", "shoot", "courage", "stamina") == (5, 2, 3, 3, 2)
    assert "Light" in company["rules"] and "Muskets" in company["weapons"]


def test_unit_profiles_arquebusiers_on_horseback() -> None:
    """Unit Profiles: Arquebusiers on horseback have Mvt 8, Melee 3, Shoot 3, Discipline 3, Courage
    3, Stamina 3, Caracole."""
    state = battle(both_1500(), {}, {"Arcabuceros 1": (10.0, 10.0, 90.0)})
    riders = unit(state, "Arcabuceros 1")
    assert _values(riders, "mvt", "melee", "shoot", "courage", "stamina") == (8, 3, 3, 3, 3)
    assert "Caracole" in riders["rules"] and "Arquebus" in riders["weapons"]


def test_tercio_options_viejo_and_square() -> None:
    """Tercio options: Viejo gives Courage and Melee 5; the square of pikemen gives Square and
    Extended Arc of Fire."""
    state = battle(both_1500(), {}, {})
    villalba, velandia = unit(state, "Villalba"), unit(state, "Velandia")
    assert villalba["values"]["melee"] == villalba["values"]["courage"] == 5
    assert {"Square", "Extended Arc of Fire"} <= set(velandia["rules"])


def test_modifiers_one_bonus_adds_half_rounded_down() -> None:
    """Modifiers: Value+ adds half the base value, rounded down (Mvt 5 with Assault! becomes 7)."""

    def charge_offered(gap: float) -> bool:
        # The musketeers' front centre ``gap`` inches from Idiáquez's (at y=21.181).
        state = battle(
            load(),
            {"Yellow musketeers": "Assault!"},
            {
                "Yellow musketeers": (30.0, 21.181 + gap + 0.787, 270.0),
                "Idiáquez": (30.0, 20.0, 90.0),
            },
            first="Swedish",
        )
        apply(state, "activate Yellow musketeers")
        return "Yellow musketeers: charge Idiáquez" in texts(state)

    assert charge_offered(6.9)
    assert not charge_offered(7.3)


def test_modifiers_two_bonuses_double_the_value() -> None:
    """Modifiers: Value++ doubles the value (Run!: Mvt 5 becomes 10)."""
    state = battle(
        load(),
        {"Yellow musketeers": "Run!"},
        {"Yellow musketeers": (30.0, 30.0, 270.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow musketeers")
    far = state.clone()
    with pytest.raises(stratagem.IllegalAction):
        far.apply_action("move Yellow musketeers to 30.0,19.1")  # 10.11 inches
    apply(state, "move Yellow musketeers to 30.0,19.3")  # 9.91 inches


def test_modifiers_two_bonuses_double_seven_to_fourteen() -> None:
    """Modifiers: Value++ doubles any value (the Cuirassiers' Mvt 7 under Run! becomes 14)."""
    state = battle(
        load(), {"Cuirassiers of Flanders": "Run!"}, {"Cuirassiers of Flanders": (10.0, 10.0, 90.0)}
    )
    apply(state, "activate Cuirassiers of Flanders")
    start = 10.787
    far = state.clone()
    with pytest.raises(stratagem.IllegalAction):
        far.apply_action(f"move Cuirassiers of Flanders to 10.0,{start + 14.2:.1f}")
    apply(state, f"move Cuirassiers of Flanders to 10.0,{start + 13.9:.1f}")


def test_modifiers_two_penalties_bring_the_value_to_1() -> None:
    """Modifiers: Value-- brings the value to 1 (Courage
    4 in disorder and charged in the flank: 1)."""
    state = battle(
        load(),
        {"Hakkapeliitta": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 20.0, 180.0)},
        first="Swedish",
    )
    state = edited(state, disorder={"Idiáquez": True})
    apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez", "do not react")
    roll(state, 3)
    assert dice_rolled(state) == 1


def test_modifiers_a_bonus_and_a_penalty_cancel() -> None:
    """Modifiers: one bonus cancels one penalty (pikes + against cavalry and flank -: Melee 4 stays
    4)."""
    state = battle(
        load(),
        {"Hakkapeliitta": "Assault!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 20.0, 180.0)},
        first="Swedish",
    )
    apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez", "do not react")
    assert state.events[-1].text.endswith("Idiáquez 4 dice at 4+.")


def test_status_markers_disorder_lowers_courage() -> None:
    """Status Markers: Disorder: a disordered unit has Courage- (4 becomes 2)."""
    state = edited(battle(load(), {}, {}), disorder={"Idiáquez": True})
    assert unit(state, "Idiáquez")["values"]["courage"] == 2


def test_status_markers_weary_at_dm_equal_to_stamina() -> None:
    """Status Markers: Weary: a unit is Weary once its Dm reach its Stamina, not before."""
    state = battle(load(), {}, {}, dm={"Idiáquez": 4, "Verdugo": 5})
    assert not unit(state, "Idiáquez")["weary"]
    assert unit(state, "Verdugo")["weary"]
    assert unit(state, "Verdugo")["values"]["melee"] == 2
    assert unit(state, "Verdugo")["values"]["shoot"] == 2


def test_status_markers_adaptation_weary_from_the_first_dm() -> None:
    """Status Markers: Adaptation: with the option, a unit is Weary from its first Dm."""
    game = stratagem.load(
        "tercios", armies=("spanish_500", "swedish_500"), terrain="open", weary_at_first_dm=True
    )
    assert isinstance(game, Tercios)
    state = battle(game, {}, {}, dm={"Idiáquez": 1})
    assert unit(state, "Idiáquez")["weary"]
    assert unit(state, "Idiáquez")["values"]["melee"] == 2


def test_impetuous_a_fresh_unit_without_assault_tests_or_charges() -> None:
    """Impetuous: a fresh Impetuous unit with another order that could charge tests its order;
    failing, it charges."""
    game = load(armies=("french_500", "imperial_1000"))
    state = battle(
        game,
        {"Pappenheim cuirassiers": "Ready!"},
        {
            "Pappenheim cuirassiers": (30.0, 30.0, 270.0),
            "Picardie 1": (30.0, 30.0 - 0.787 - 5.0 - 1.181, 90.0),
        },
        first="Swedish",
    )
    apply(state, "activate Pappenheim cuirassiers")
    assert dice_rolled(state) == 3
    failed = state.clone()
    roll(failed, 0)
    assert texts(failed) == ["Pappenheim cuirassiers: charge Picardie 1"]
    roll(state, 1)
    assert "Pappenheim cuirassiers: advance" in texts(state)


def test_impetuous_no_test_for_a_unit_with_dm() -> None:
    """Impetuous: the test applies only at 0 Dm; with Dm the unit takes its ordinary order test."""
    game = load(armies=("french_500", "imperial_1000"))
    state = battle(
        game,
        {"Pappenheim cuirassiers": "Ready!"},
        {
            "Pappenheim cuirassiers": (30.0, 30.0, 270.0),
            "Picardie 1": (30.0, 30.0 - 0.787 - 5.0 - 1.181, 90.0),
        },
        dm={"Pappenheim cuirassiers": 1},
        first="Swedish",
    )
    start = len(state.events)
    apply(state, "activate Pappenheim cuirassiers")
    roll(state, 0)
    assert not any("impetuous" in event.text for event in state.events[start:])
    assert "Pappenheim cuirassiers: charge Picardie 1" not in texts(state)


def test_heavy_cavalry_loses_mobility() -> None:
    """Heavy Cavalry: heavy cavalry lose Mobility: under Ready! a reorientation counts as one of the
    two actions."""
    game = load(armies=("french_500", "imperial_1000"))
    state = battle(game, {"Gendarmes": "Ready!"}, {"Gendarmes": (30.0, 20.0, 90.0)})
    apply(state, "activate Gendarmes", "Gendarmes: reorient left", "Gendarmes: advance")
    assert state.current_player() == 1


def test_crew_defence_artillery_fights_as_infantry() -> None:
    """Crew Defence: in close combat artillery counts as infantry: its blows hit on the enemy's
    defence against infantry (4)."""
    state = battle(
        both_1500(),
        {"Arcabuceros 1": "Assault!"},
        {
            "Arcabuceros 1": (30.0, 20.0, 90.0),
            "Regimental guns": (30.0, 20.787 + 4.0 + 0.787, 270.0),
        },
    )
    apply(state, "activate Arcabuceros 1", "Arcabuceros 1: charge Regimental guns", "do not react")
    assert state.events[-1].text.endswith("Regimental guns 2 dice at 4+.")


def test_extended_arc_of_fire_shoots_from_a_side_centre() -> None:
    """Extended Arc of Fire: a unit with it may draw its line of fire from a side centre."""
    game = both_1500()
    square = battle(
        game,
        {"Velandia": "Fire!"},
        {"Velandia": (30.0, 20.0, 90.0), "Swedish 1": (40.0, 14.0, 180.0)},
    )
    plain = battle(
        game,
        {"Villalba": "Fire!"},
        {"Villalba": (30.0, 20.0, 90.0), "Swedish 1": (40.0, 14.0, 180.0)},
    )
    for state, name in ((square, "Velandia"), (plain, "Villalba")):
        if f"activate {name}" in texts(state):
            apply(state, f"activate {name}")
    assert "Velandia: shoot Swedish 1" in texts(square)
    assert "Villalba: shoot Swedish 1" not in texts(plain)


def test_horse_teams_each_side_deploys_its_guns_hitched_or_unhitched() -> None:
    """Horse Teams: before the first turn each side chooses, gun by gun, how its guns with a
    team deploy; the choice is public (the team is on the table), survives resampling,
    and a hitched gun starts with its team's Mvt [Rulings R115]."""
    game = load()
    state = game.new_initial_state()
    assert state.current_player() == SPANISH
    assert texts(state) == ["deploy Light guns hitched", "deploy Light guns unhitched"]
    bot = make_bot("heuristic", game, random.Random(0))
    assert bot.choose(state, SPANISH).text == "deploy Light guns unhitched"
    apply(state, "deploy Light guns hitched")
    assert state.current_player() == SWEDISH
    assert texts(state) == ["deploy Leather guns hitched", "deploy Leather guns unhitched"]
    apply(state, "deploy Leather guns unhitched")
    logged = [(e.rule, e.text) for e in state.events]
    assert ("The Troops: Artillery: Horse Teams", "Light guns deploys hitched.") in logged
    for seat in (SPANISH, SWEDISH, None):
        shown = {u["name"]: u["hitched"] for u in state.view(seat)["units"]}
        assert shown["Light guns"] is True and shown["Leather guns"] is False
    again = state.resample_hidden(SWEDISH, random.Random(1))
    assert {u["name"]: u["hitched"] for u in again.view(SWEDISH)["units"]}["Light guns"]
    start_activation(state, {"Light guns": "Fire!"})
    assert state.view(SPANISH)["units"][game.troop_index["Light guns"]]["values"]["mvt"] == 6
