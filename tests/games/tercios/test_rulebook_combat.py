"""Rulebook-first audit: the chapter Combat (Charges, Flank Charges, Combat Rounds,
Consequences of Combat, "Dirty war!") and the Shock Weapons it leans on."""

from __future__ import annotations

from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts
from .rulebook import (
    INF_HALF,
    TERCIO_FRONT,
    dice_rolled,
    edited,
    rules_cited,
    unit,
    verdugo_charges_blocked_yellow_1,
)

CAV_HALF = 0.787  # half the depth of a cavalry or gun base (4 cm)


def hakkapeliitta_charges_idiaquez(
    orders: dict[str, str] | None = None, **where_extra: tuple[float, float, float]
) -> TerciosState:
    """Hakkapeliitta (Assault!) 6 inches in front of Idiáquez, charging it; no reaction."""
    game = load()
    where = {
        "Idiáquez": (30.0, 20.0, 90.0),
        "Hakkapeliitta": (30.0, TERCIO_FRONT + 6.0 + CAV_HALF, 270.0),
    }
    where.update(where_extra)
    state = battle(game, {"Hakkapeliitta": "Assault!", **(orders or {})}, where, first="Swedish")
    apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez", "do not react")
    return state


def charge_of(
    attacker: str,
    target: str,
    orders: dict[str, str] | None = None,
    dm: dict[str, int] | None = None,
    react: bool = False,
) -> TerciosState:
    """``attacker`` (a Spanish Tercio, Assault!) charges ``target`` 5 inches ahead of it, at
    the left of the table, clear of every other unit."""
    game = load()
    state = battle(
        game,
        {attacker: "Assault!", **(orders or {})},
        {attacker: (10.0, 20.0, 90.0), target: (10.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0)},
        dm=dm,
    )
    apply(state, f"activate {attacker}", f"{attacker}: charge {target}")
    if not react:
        apply(state, "do not react")
    return state


def test_combat_rounds_attacker_rolls_melee_with_the_assault_bonus() -> None:
    """Combat Rounds / Assault!: the charger rolls its Melee with the Assault! bonus (Tercio 4
    becomes 6)."""
    state = charge_of("Verdugo", "Yellow 1")
    assert state.events[-1].text == "Combat round 1: Verdugo 6 dice at 4+, Yellow 1 3 dice at 4+."


def test_combat_rounds_hits_on_the_defence_against_infantry() -> None:
    """Combat Rounds: an infantry attacker hits on the target's defence against infantry (a Tercio:
    4)."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: charge Verdugo", "do not react")
    assert "Yellow 1 " in state.events[-1].text and "dice at 4+, Verdugo" in state.events[-1].text


def test_combat_rounds_hits_on_the_defence_against_cavalry() -> None:
    """Combat Rounds: a cavalry attacker hits on
    the target's defence against cavalry (a Tercio: 5)."""
    state = hakkapeliitta_charges_idiaquez()
    assert "Hakkapeliitta 6 dice at 5+" in state.events[-1].text


def test_pikes_bonus_against_cavalry() -> None:
    """Pikes: a pike unit not in disorder has Melee+ against cavalry (Tercio 4 becomes 6)."""
    state = hakkapeliitta_charges_idiaquez()
    assert state.events[-1].text.endswith("Idiáquez 6 dice at 4+.")


def test_pikes_bonus_lost_in_disorder() -> None:
    """Pikes: in disorder the pike bonus against cavalry is lost (Tercio 4 stays 4)."""
    game = load()
    state = battle(
        game,
        {"Hakkapeliitta": "Assault!"},
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Hakkapeliitta": (30.0, TERCIO_FRONT + 6.0 + CAV_HALF, 270.0),
        },
        first="Swedish",
    )
    state = edited(state, disorder={"Idiáquez": True})
    apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez", "do not react")
    assert state.events[-1].text.endswith("Idiáquez 4 dice at 4+.")


def test_combat_rounds_resistance_rolls_courage_at_5() -> None:
    """Combat Rounds: the struck unit rolls its Courage in dice, each 5+ saving a hit."""
    state = charge_of("Verdugo", "Yellow 1")
    roll(state, 3)
    assert dice_rolled(state) == unit(state, "Yellow 1")["values"]["courage_melee"] == 4
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert abs(probabilities["Roll: 4 successes"] - (1 / 3) ** 4) < 1e-9


def _fight(
    state: TerciosState, attack: int, defend_saves: int, riposte: int, attack_saves: int
) -> None:
    """Force a combat round: the attacker's hits, the defender's saves, the defender's hits,
    the attacker's saves (a resistance roll is skipped when there was no hit to resist)."""
    for successes, needed in (
        (attack, True),
        (defend_saves, attack > 0),
        (riposte, True),
        (attack_saves, riposte > 0),
    ):
        if needed:
            roll(state, successes)


def test_consequences_of_combat_more_dm_wins_and_the_loser_disengages_3_inches() -> None:
    """Consequences of Combat / Disengagement: the side that dealt more Dm wins; the loser moves
    back 3 inches."""
    state = charge_of("Verdugo", "Yellow 1")
    before = unit(state, "Yellow 1")["y"]
    _fight(state, 3, 1, 2, 1)  # Yellow 1 takes 2 Dm, Verdugo 1
    assert "Verdugo wins the combat." in [e.text for e in state.events]
    assert abs(unit(state, "Yellow 1")["y"] - before - 3.0) < 0.01
    assert unit(state, "Yellow 1")["facing"] == 270.0  # backwards, still facing the enemy


def test_consequences_of_combat_defender_can_win() -> None:
    """Consequences of Combat: the defender wins when it dealt more Dm, and the attacker falls back
    3 inches."""
    state = charge_of("Verdugo", "Yellow 1")
    before = unit(state, "Verdugo")["y"]
    _fight(state, 1, 1, 3, 1)  # Yellow 1 takes 0 Dm, Verdugo 2
    assert "Yellow 1 wins the combat." in [e.text for e in state.events]
    assert abs(before - unit(state, "Verdugo")["y"] - 3.0) < 0.01


def test_tie_the_attacker_disengages() -> None:
    """Tie: with equal Dm (and no "Dirty war!") the attacker falls back 3 inches."""
    state = hakkapeliitta_charges_idiaquez()
    before = unit(state, "Hakkapeliitta")["y"]
    _fight(state, 2, 1, 2, 1)
    assert "The combat is a tie." in [e.text for e in state.events]
    assert abs(unit(state, "Hakkapeliitta")["y"] - before - 3.0) < 0.01
    assert unit(state, "Idiáquez")["y"] == 20.0


def test_retreat_no_save_and_lost_moves_double_speed_in_disorder() -> None:
    """Retreat: a loser that saved no hit falls back twice its movement, back to the enemy, in
    Disorder."""
    state = charge_of("Verdugo", "Yellow 1")
    before = unit(state, "Yellow 1")["y"]
    _fight(state, 2, 0, 1, 1)  # Yellow 1: 2 Dm, no save; Verdugo: 0 Dm
    yellow = unit(state, "Yellow 1")
    assert yellow["disorder"]
    assert abs(yellow["y"] - before - 2 * yellow["values"]["mvt"]) < 0.01
    assert yellow["facing"] == 90.0  # its back to the enemy


def test_combat_rounds_no_save_means_disorder_even_when_winning() -> None:
    """Combat Rounds: a unit that saves none of
    its hits falls into Disorder, whatever the result."""
    state = charge_of("Verdugo", "Yellow 1")
    _fight(state, 3, 1, 1, 0)  # Yellow 1 takes 2 Dm; Verdugo saves nothing of its 1 but wins
    verdugo = unit(state, "Verdugo")
    assert "Verdugo wins the combat." in [e.text for e in state.events]
    assert verdugo["dm"] == 1
    assert verdugo["disorder"]


def test_pursuit_cavalry_destroys_retreating_infantry() -> None:
    """Pursuit / Retreat: infantry that must retreat from cavalry it lost to is destroyed."""
    game = load()
    state = battle(
        game,
        {"Cuirassiers of Flanders": "Assault!"},
        {
            "Cuirassiers of Flanders": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, 20.787 + 5.0 + INF_HALF, 270.0),
        },
    )
    apply(
        state,
        "activate Cuirassiers of Flanders",
        "Cuirassiers of Flanders: charge Yellow 1",
        "do not react",
    )
    _fight(state, 2, 0, 0, 0)
    assert not unit(state, "Yellow 1")["alive"]


def test_no_escape_artillery_losing_a_combat_is_destroyed() -> None:
    """No Escape: an artillery unit that loses a close combat is destroyed outright."""
    game = load()
    state = battle(
        game,
        {"Verdugo": "Assault!"},
        {
            "Verdugo": (30.0, 20.0, 90.0),
            "Leather guns": (30.0, TERCIO_FRONT + 4.0 + CAV_HALF, 270.0),
        },
    )
    apply(state, "activate Verdugo", "Verdugo: charge Leather guns", "do not react")
    _fight(state, 1, 0, 0, 0)  # one Dm: within the guns' Stamina of 1, but the combat is lost
    assert unit(state, "Leather guns")["dm"] <= 1
    assert not unit(state, "Leather guns")["alive"]


def test_combat_rounds_are_simultaneous_a_broken_unit_still_strikes() -> None:
    """Combat Rounds: a unit that suffers past its limit in the attacker's round still rolls its own
    round."""
    state = charge_of("Verdugo", "Yellow 1", dm={"Yellow 1": 3})
    roll(state, 3)
    roll(state, 0)
    # Yellow 1 has 6 Dm on Stamina 4, yet its own round comes next, on its initial values: 3 dice.
    assert dice_rolled(state) == 3


def test_flank_charges_lower_melee_and_courage() -> None:
    """Flank Charges: a unit charged from outside its front arc has Melee- and Courage-."""
    state = hakkapeliitta_charges_idiaquez(Hakkapeliitta=(40.0, 20.0, 180.0))
    assert "in the flank" in state.events[-3].text
    # Melee 4 with pikes + and flank - cancelling: 4 dice.
    assert state.events[-1].text.endswith("Idiáquez 4 dice at 4+.")
    roll(state, 2)
    assert dice_rolled(state) == 2  # Courage 4-


def test_flank_charges_square_is_never_taken_in_flank() -> None:
    """Flank Charges / Square: a unit with Square is never charged in the flank."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(
        game,
        {"Hakkapeliitta 1": "Assault!"},
        {"Velandia": (30.0, 20.0, 90.0), "Hakkapeliitta 1": (40.0, 20.0, 180.0)},
        first="Swedish",
    )
    apply(state, "activate Hakkapeliitta 1", "Hakkapeliitta 1: charge Velandia", "do not react")
    assert not any("in the flank" in e.text for e in state.events[-4:])
    # Velandia: Melee 5 with pikes + (7), no flank penalty.
    assert state.events[-1].text.endswith("Velandia 7 dice at 4+.")


def test_flank_charges_disengagement_turns_to_face_the_enemy() -> None:
    """Disengagement: a unit charged in the flank first turns towards its enemy, then falls back."""
    state = hakkapeliitta_charges_idiaquez(Hakkapeliitta=(40.0, 20.0, 180.0))
    _fight(state, 3, 1, 0, 0)  # Idiáquez takes 2 Dm and saved one: it disengages
    idiaquez = unit(state, "Idiáquez")
    assert idiaquez["x"] < 30.0  # it fell back, away from the enemy
    assert idiaquez["facing"] == 0.0  # facing Hakkapeliitta, which stands to its right


def test_dirty_war_offered_on_a_tie_between_pike_units() -> None:
    """ "Dirty war!": after a tie between two pike units a player may order another combat round."""
    state = charge_of("Verdugo", "Yellow 1")
    _fight(state, 2, 1, 2, 1)
    assert set(texts(state)) == {"declare dirty war!", "no dirty war"}


def test_dirty_war_either_player_may_declare_it() -> None:
    """ "Dirty war!": the choice belongs to either player: if one declines, the other is asked."""
    state = charge_of("Verdugo", "Yellow 1")
    _fight(state, 2, 1, 2, 1)
    first = state.current_player()
    apply(state, "no dirty war")
    assert state.current_player() == 1 - first
    assert "declare dirty war!" in texts(state)


def test_dirty_war_round_has_no_charge_bonus() -> None:
    """ "Dirty war!": the extra round drops the charge's bonuses (Verdugo back to Melee 4)."""
    state = charge_of("Verdugo", "Yellow 1")
    _fight(state, 2, 1, 2, 1)
    apply(state, "declare dirty war!")
    assert state.events[-1].text == "Combat round 2: Verdugo 4 dice at 4+, Yellow 1 3 dice at 4+."


def test_swordsmen_bonus_in_dirty_war_rounds() -> None:
    """Swordsmen: in the extra "Dirty war!" rounds a unit with swordsmen has Melee+ (Idiáquez 4
    becomes 6)."""
    state = charge_of("Idiáquez", "Yellow 1")
    _fight(state, 2, 1, 2, 1)
    apply(state, "declare dirty war!")
    assert state.events[-1].text.startswith("Combat round 2: Idiáquez 6 dice")


def test_dirty_war_not_after_a_flank_charge() -> None:
    """ "Dirty war!": not allowed when the charge was a flank charge."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (39.0, 20.0, 180.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: charge Verdugo", "do not react")
    assert "in the flank" in " ".join(e.text for e in state.events[-4:])
    _fight(state, 2, 1, 2, 1)
    assert "declare dirty war!" not in texts(state)


def test_dirty_war_not_without_pikes_on_both_sides() -> None:
    """ "Dirty war!": a tie between a pike unit and cavalry is not a "Dirty war!"."""
    state = hakkapeliitta_charges_idiaquez()
    _fight(state, 2, 1, 2, 1)
    assert "declare dirty war!" not in texts(state)


def test_halberds_bonus_against_a_disordered_enemy() -> None:
    """Halberds: a unit with halberds has Melee+ against an enemy in disorder."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0)},
        first="Swedish",
    )
    state = edited(state, disorder={"Yellow 1": True})
    apply(state, "activate Yellow 1", "Yellow 1: charge Verdugo", "do not react")
    assert state.events[-1].text.endswith("Verdugo 6 dice at 4+.")


def test_weary_unit_fights_with_a_penalty() -> None:
    """Weary: a unit with Dm equal to its Stamina has Melee- (Verdugo 4 with Assault! becomes 4)."""
    game = load()
    state = battle(
        game,
        {"Verdugo": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0)},
        dm={"Verdugo": 5},
    )
    apply(state, "activate Verdugo")
    roll(state, 1)  # a unit with Dm tests its order
    apply(state, "Verdugo: charge Yellow 1", "do not react")
    # Weary - and Assault! + cancel: 4 dice.
    assert state.events[-1].text.startswith("Combat round 1: Verdugo 4 dice")


def test_charges_declaring_offers_the_target_a_reaction() -> None:
    """Charges / Reactions: declaring a charge lets the charged unit try a reaction, or not."""
    state = charge_of("Verdugo", "Yellow 1", react=True)
    assert state.current_player() == 1
    assert set(texts(state)) == {"react", "do not react"}


def test_charges_assault_must_charge_when_it_can() -> None:
    """Charges: a unit under Assault! that can reach an enemy must charge: it is offered only
    charges."""
    game = load()
    state = battle(
        game,
        {"Verdugo": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0)},
    )
    apply(state, "activate Verdugo")
    assert texts(state) and all(": charge " in text for text in texts(state))


def test_charges_reach_limited_by_the_assault_movement() -> None:
    """Charges: the target's centre must be within the
    Assault! movement (Tercio Mvt 4+ = 6 inches)."""
    game = load()
    near = battle(
        game,
        {"Verdugo": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.9 + INF_HALF, 270.0)},
    )
    far = battle(
        game,
        {"Verdugo": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 6.3 + INF_HALF, 270.0)},
    )
    apply(near, "activate Verdugo")
    apply(far, "activate Verdugo")
    assert "Verdugo: charge Yellow 1" in texts(near)
    assert "Verdugo: charge Yellow 1" not in texts(far)


def test_charges_stop_at_contact_without_alignment() -> None:
    """Charges: the charger stops as soon as the bases touch, in the direction of its charge."""
    state = charge_of("Verdugo", "Yellow 1")
    verdugo, yellow = unit(state, "Verdugo"), unit(state, "Yellow 1")
    assert abs(verdugo["front"][1] - yellow["front"][1]) < 0.01
    assert verdugo["facing"] == 90.0


def test_combat_events_cite_the_combat_chapter() -> None:
    """Combat: every step of a fight is logged under a Combat section."""
    state = charge_of("Verdugo", "Yellow 1")
    start = len(state.events)
    _fight(state, 3, 1, 2, 1)
    assert all(rule.startswith(("Combat", "Movement")) for rule in rules_cited(state, start))


def _blocked_fight(attack: int, defend_saves: int, riposte: int, attack_saves: int) -> TerciosState:
    """Verdugo charges Yellow 1, which has Yellow 2 half an inch behind it."""
    state = verdugo_charges_blocked_yellow_1()
    _fight(state, attack, defend_saves, riposte, attack_saves)
    return state


def test_disengagement_blocked_costs_one_more_dm() -> None:
    """Disengagement: a unit that cannot complete its 3-inch move back takes one additional Dm."""
    state = _blocked_fight(3, 1, 2, 1)  # Yellow 1 loses with 2 Dm and disengages into Yellow 2
    assert unit(state, "Yellow 1")["dm"] == 3


def test_retreat_blocked_costs_one_more_dm() -> None:
    """Retreat: a unit that cannot complete its retreat takes one additional Dm."""
    state = _blocked_fight(
        2, 0, 1, 1
    )  # Yellow 1 loses with 2 Dm and no save: it retreats into Yellow 2
    yellow = unit(state, "Yellow 1")
    assert yellow["dm"] == 3
    assert yellow["disorder"]


def test_disengagement_the_attacker_may_withdraw_to_leave_an_inch() -> None:
    """Disengagement: when the loser could not get clear, the attacker may (a choice) fall back to
    leave 1 inch."""
    state = _blocked_fight(3, 1, 2, 1)
    assert state.current_player() == 0
    assert any("withdraw" in text for text in texts(state))
