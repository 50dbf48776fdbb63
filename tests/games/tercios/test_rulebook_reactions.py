"""Rulebook-first audit: the chapter Reactions, and the cavalry's Evasion."""

from __future__ import annotations

import pytest

from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts, yellow_1_approaches_idiaquez
from .rulebook import dice_rolled, edited, unit

TERCIO_FRONT = 21.181  # a Tercio facing 90 at y=20
INF_HALF = 1.181


def approach_to(distance: float, orders: dict[str, str]) -> TerciosState:
    """Yellow 1 (Ready!) steps straight at Idiáquez's front, ending ``distance`` inches from it."""
    game = load()
    state = battle(
        game,
        orders,
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", f"move Yellow 1 to 30.0,{TERCIO_FRONT + distance:.1f}")
    return state


def yellow_1_charges_idiaquez(
    orders: dict[str, str], where: dict[str, tuple[float, float, float]] | None = None
) -> TerciosState:
    """Yellow 1 (Assault!) declares a charge on Idiáquez, 5 inches ahead; the reaction is asked."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Assault!", **orders},
        where
        or {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0),
        },
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: charge Idiáquez")
    return state


def test_reactions_an_enemy_within_3_inches_of_the_front_allows_one() -> None:
    """Reactions: an enemy ending within 3 inches of a unit's front centre lets that unit react."""
    state = approach_to(2.8, {"Idiáquez": "Fire!"})
    assert state.current_player() == 0
    assert set(texts(state)) == {"react", "do not react"}


def test_reactions_an_enemy_beyond_3_inches_allows_none() -> None:
    """Reactions: an enemy that stays more than 3
    inches from the front centre allows no reaction."""
    state = approach_to(3.3, {"Idiáquez": "Fire!"})
    assert "react" not in texts(state)
    assert state.current_player() == 1


def test_reactions_are_never_mandatory_and_keep_the_order() -> None:
    """Reactions: a player may decline; the unit keeps its order and is activated later."""
    state = approach_to(2.8, {"Idiáquez": "Fire!"})
    apply(state, "do not react", "Yellow 1: end activation")
    assert "activate Idiáquez" in texts(state)
    apply(state, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow 1" in texts(state)


def test_reactions_a_fresh_unit_still_tests_its_order() -> None:
    """Reactions: a reaction always needs an order test, even for a unit without Dm (Discipline 5: 5
    dice)."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Fire!"})
    assert unit(state, "Idiáquez")["dm"] == 0
    assert dice_rolled(state) == 5
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 0 successes"] == pytest.approx((2 / 3) ** 5)


def test_reactions_failed_test_loses_the_order() -> None:
    """Reactions: a failed reaction test loses the order: the unit can no longer be activated this
    turn."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Fire!"})
    roll(state, 0)
    apply(state, "Yellow 1: end activation")
    assert "activate Idiáquez" not in texts(state)
    assert unit(state, "Idiáquez")["activated"]


def test_reactions_only_a_unit_not_yet_activated_may_react() -> None:
    """Reactions: an infantry unit already activated this turn is not offered a reaction."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)},
        first="Swedish",
    )
    state = edited(state, spent={"Idiáquez": True}, revealed={"Idiáquez": True})
    apply(state, "activate Yellow 1", f"move Yellow 1 to 30.0,{TERCIO_FRONT + 2.8:.1f}")
    assert "react" not in texts(state)


def test_reactions_ready_reorient_or_shoot() -> None:
    """Reactions: Ready!: the reacting unit either reorients or shoots, one of the two."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Ready!"})
    roll(state, 1)
    options = set(texts(state))
    assert "Idiáquez: shoot Yellow 1" in options
    assert {
        "Idiáquez: reorient left",
        "Idiáquez: reorient right",
        "Idiáquez: reorient about",
    } <= options
    assert not any("advance" in text for text in options)


def test_reactions_ready_shot_is_reduced() -> None:
    """Reactions: Ready!: the reaction shot has Shoot- (3 becomes 2)."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Ready!"})
    roll(state, 1)
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 2


def test_reactions_ready_reorienting_ends_the_reaction() -> None:
    """Reactions: Ready!: after reorienting the unit may not also shoot (reorient OR shoot)."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Ready!"})
    roll(state, 1)
    apply(state, "Idiáquez: reorient about")
    assert not any(text.startswith("Idiáquez:") for text in texts(state))


def test_reactions_fire_volley_has_a_bonus_with_light_weapons() -> None:
    """Reactions: Fire!: a reaction volley of light weapons has Shoot+ (3 becomes 4)."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Fire!"})
    roll(state, 1)
    assert dice_rolled(state) == 4


def test_reactions_run_evades_turning_about_at_least_its_movement() -> None:
    """Reactions: Run!: the unit turns about and moves away by at least its Mvt (4 inches)."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Run!"})
    roll(state, 1)
    idiaquez = unit(state, "Idiáquez")
    assert idiaquez["facing"] == 270.0
    assert 20.0 - idiaquez["y"] >= 4.0 - 0.01
    assert 20.0 - idiaquez["y"] <= 8.0 + 0.01  # at most Mvt++


def test_reactions_resist_gives_courage_bonus_against_the_charge() -> None:
    """Reactions: Resist!: against the charge that follows the unit resists with Courage+ (4 becomes
    6)."""
    state = yellow_1_charges_idiaquez({"Idiáquez": "Resist!"})
    apply(state, "react")
    roll(state, 1)
    roll(state, 3)  # Yellow 1's hits
    assert dice_rolled(state) == 6


def test_reactions_assault_counter_charge_meets_halfway() -> None:
    """Reactions: Assault!: against a charge the unit counter-charges; the two meet halfway."""
    state = yellow_1_charges_idiaquez({"Idiáquez": "Assault!"})
    apply(state, "react")
    roll(state, 1)
    idiaquez, yellow = unit(state, "Idiáquez"), unit(state, "Yellow 1")
    assert idiaquez["front"][1] == pytest.approx(TERCIO_FRONT + 2.5, abs=0.05)
    assert yellow["front"][1] == pytest.approx(TERCIO_FRONT + 2.5, abs=0.05)


def test_reactions_assault_counter_charge_both_have_the_assault_bonus() -> None:
    """Reactions: Assault!: in a counter-charge both units have the Assault! bonus (Melee+)."""
    state = yellow_1_charges_idiaquez({"Idiáquez": "Assault!"})
    apply(state, "react")
    roll(state, 1)
    assert state.events[-1].text == "Combat round 1: Yellow 1 4 dice at 4+, Idiáquez 6 dice at 4+."


def test_flank_charges_lower_discipline_for_the_reaction_test() -> None:
    """Flank Charges: a unit charged in the flank
    tests its reaction with Discipline- (5 becomes 3)."""
    state = yellow_1_charges_idiaquez(
        {"Idiáquez": "Fire!"}, {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (39.0, 20.0, 180.0)}
    )
    apply(state, "react")
    assert dice_rolled(state) == 3


def cuirassiers_facing_yellow_1(order: str, activated: bool) -> TerciosState:
    """The Swedes to act: Yellow 1 (Assault!) 5 inches in front of the Cuirassiers of Flanders
    (``order``; ``activated``: already spent and revealed)."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Assault!", "Cuirassiers of Flanders": order},
        {
            "Cuirassiers of Flanders": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, 20.787 + 5.0 + INF_HALF, 270.0),
        },
        first="Swedish",
    )
    if activated:
        state = edited(
            state,
            spent={"Cuirassiers of Flanders": True},
            revealed={"Cuirassiers of Flanders": True},
        )
    return state


def test_evasion_cavalry_may_react_even_after_activation() -> None:
    """Evasion: cavalry may try to evade a charge whatever its order and even once activated."""
    state = cuirassiers_facing_yellow_1("Fire!", activated=True)
    apply(state, "activate Yellow 1", "Yellow 1: charge Cuirassiers of Flanders")
    assert "react" in texts(state)


def test_evasion_discipline_bonus_against_an_infantry_charge() -> None:
    """Evasion: against an infantry charge the evasion test has Discipline+ (Cuirassiers 3 becomes
    4)."""
    state = cuirassiers_facing_yellow_1("Fire!", activated=False)
    apply(state, "activate Yellow 1", "Yellow 1: charge Cuirassiers of Flanders", "react")
    assert dice_rolled(state) == 4


def cuirassiers_charged(order: str, activated: bool, answer: str = "react") -> TerciosState:
    """Yellow 1 (Assault!) charges the Cuirassiers of Flanders (``order``), which answer
    (``react`` or ``evade``) and pass their test."""
    state = cuirassiers_facing_yellow_1(order, activated)
    apply(state, "activate Yellow 1", "Yellow 1: charge Cuirassiers of Flanders", answer)
    roll(state, 1)
    return state


def test_evasion_the_cavalry_moves_away_from_the_charger() -> None:
    """Evasion: an activated cavalry unit's successful evasion turns it about and takes it away, as
    Run! would."""
    state = cuirassiers_charged("Fire!", activated=True)
    cavalry = unit(state, "Cuirassiers of Flanders")
    assert cavalry["facing"] == 270.0
    assert 20.0 - cavalry["y"] >= 7.0 - 0.01  # at least its Mvt of 7
    assert "Yellow 1 contacts Cuirassiers of Flanders." not in [e.text for e in state.events]


def test_evasion_whatever_the_order_before_activation() -> None:
    """Evasion: a cavalry unit not yet activated may choose to evade a charge whatever its order."""
    state = cuirassiers_facing_yellow_1("Fire!", activated=False)
    apply(state, "activate Yellow 1", "Yellow 1: charge Cuirassiers of Flanders")
    assert set(texts(state)) == {"react", "evade", "do not react"}
    state = cuirassiers_charged("Fire!", activated=False, answer="evade")
    assert unit(state, "Cuirassiers of Flanders")["y"] <= 20.0 - 7.0 + 0.01


def test_heavy_cavalry_no_evasion_from_a_cavalry_charge() -> None:
    """Heavy Cavalry: heavy cavalry may evade only an infantry charge (unless under Run!)."""
    game = load(armies=("french_500", "imperial_1000"))
    by_cavalry = battle(
        game,
        {"Pappenheim cuirassiers": "Assault!", "Gendarmes": "Fire!"},
        {
            "Gendarmes": (30.0, 20.0, 90.0),
            "Pappenheim cuirassiers": (30.0, 20.787 + 4.0 + 0.787, 270.0),
        },
        first="Swedish",
    )
    apply(by_cavalry, "activate Pappenheim cuirassiers", "Pappenheim cuirassiers: charge Gendarmes")
    by_infantry = battle(
        game,
        {"Tilly 1": "Assault!", "Gendarmes": "Fire!"},
        {"Gendarmes": (30.0, 20.0, 90.0), "Tilly 1": (30.0, 20.787 + 4.0 + INF_HALF, 270.0)},
        first="Swedish",
    )
    apply(by_infantry, "activate Tilly 1", "Tilly 1: charge Gendarmes")
    assert "evade" not in texts(by_cavalry)
    assert "evade" in texts(by_infantry)


def test_reactions_ready_against_a_charge_offers_every_reorientation() -> None:
    """Reactions: Ready!: a unit reacting to a charge may reorient towards any other centre, or
    shoot."""
    state = yellow_1_charges_idiaquez({"Idiáquez": "Ready!"})
    apply(state, "react")
    roll(state, 1)
    assert {
        "Idiáquez: reorient left",
        "Idiáquez: reorient right",
        "Idiáquez: reorient about",
    } <= set(texts(state))


def test_reactions_ready_the_player_chooses_the_reorientation() -> None:
    """Reactions: Ready!: the reorientation (and whether to make it) is the reacting player's
    choice."""
    state = cuirassiers_charged("Ready!", activated=False)
    assert state.current_player() == 0
    assert any(text.startswith("Cuirassiers of Flanders: reorient") for text in texts(state))


def test_reactions_assault_interception_lost_lets_the_enemy_go_on() -> None:
    """Reactions: Assault!: if the intercepting unit loses the combat, the enemy may continue its
    activation."""
    state, _ = yellow_1_approaches_idiaquez(load(), {"Idiáquez": "Assault!"})
    roll(state, 1)  # the reaction test passes: Idiáquez intercepts
    for successes in (1, 0, 3, 1):  # Idiáquez deals 1 Dm and takes 2
        roll(state, successes)
    assert "Yellow 1 wins the combat." in [event.text for event in state.events]
    assert state.current_player() == 1
    assert "Yellow 1: end activation" in texts(state)


def test_reactions_fire_artillery_reaction_has_no_bonus() -> None:
    """Reactions: Fire!: the reaction bonus is for light weapons only: a gun reacts with its plain
    Shoot (1)."""
    game = load()
    state = battle(
        game,
        {"Leather guns": "Fire!", "Idiáquez": "Ready!"},
        {
            "Leather guns": (30.0, 30.0, 270.0),
            "Idiáquez": (30.0, 30.0 - 0.787 - 6.0 - INF_HALF, 90.0),
        },
    )
    apply(state, "activate Idiáquez", "move Idiáquez to 30.0,26.8", "react")
    roll(state, 1)
    assert dice_rolled(state) == 1
