"""Rules each checked under its own section's name, so that ``stratagem rules tercios`` finds
a test for it: weapons and ground in combat, artillery, command, virtues, the variable end,
scenery and movement. Every test goes through the public API with the dice forced."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem import IllegalAction
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import DATA_DIR
from stratagem.games.tercios.state import TerciosState

from .helpers import (
    apply,
    battle,
    events_since,
    load,
    roll,
    texts,
    variant,
    yellow_1_approaches_idiaquez,
)

GAME = load()
CUIRASSIERS = "Cuirassiers of Flanders"
CHIEF = "Gonzalo Fernández de Córdoba (Spanish C-C)"
Where = dict[str, tuple[float, float, float]]


def _edited(state: TerciosState, change: Callable[[dict[str, Any]], None]) -> TerciosState:
    """A copy of ``state`` whose saved fields ``change`` has edited."""
    doc = json.loads(json.dumps(state.to_json()))
    change(doc["state"])
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def _spanish(tmp_path: Path, *swaps: tuple[str, str]) -> Tercios:
    """The Spanish 500-point army with pieces of its text replaced, against swedish_500."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = Path(variant(tmp_path, "spanish_500", *swaps[0]))
    text = path.read_text(encoding="utf-8")
    for old, new in swaps[1:]:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return load(armies=(str(path), "swedish_500"))


def _charge(
    game: Tercios,
    attacker: str,
    target: str,
    where: Where,
    *,
    disordered: tuple[str, ...] = (),
    first: str = "Spanish",
) -> tuple[TerciosState, int]:
    """``attacker`` (Assault!) charges ``target``, which does not react: the state at the
    first combat roll, and the index of the activation's first event."""
    state = battle(game, {attacker: "Assault!"}, where, first=first)
    if disordered:
        state = _edited(
            state,
            lambda doc: [
                doc["disorder"].__setitem__(game.troop_index[u], True) for u in disordered
            ],
        )
    start = len(state.events)
    apply(state, f"activate {attacker}", f"{attacker}: charge {target}", "do not react")
    return state, start


def _round_one(state: TerciosState, start: int) -> str:
    return next(t for t in events_since(state, start) if t.startswith("Combat round 1"))


FRONT = {CUIRASSIERS: (40.0, 24.0, 90.0), "Yellow 1": (40.0, 30.0, 270.0)}


def test_pikes_give_melee_plus_against_cavalry_unless_in_disorder() -> None:
    """Yellow 1 (Melee 3, pikes) strikes charging cuirassiers with 4 dice, with 3 once in
    disorder [Pikes] [Combat roll]."""
    steady = _round_one(*_charge(GAME, CUIRASSIERS, "Yellow 1", FRONT))
    assert steady.endswith("Yellow 1 4 dice at 4+.")
    shaken = _round_one(*_charge(GAME, CUIRASSIERS, "Yellow 1", FRONT, disordered=("Yellow 1",)))
    assert shaken.endswith("Yellow 1 3 dice at 4+.")


def test_halberds_give_melee_plus_against_an_enemy_in_disorder() -> None:
    """Verdugo (Melee 4, halberds) charging: 6 dice (Assault! +), 8 against a disordered
    enemy (++) [Halberds] [Order Cards: Assault!]."""
    where = {"Verdugo": (40.0, 24.0, 90.0), "Yellow 1": (40.0, 30.0, 270.0)}
    steady = _round_one(*_charge(GAME, "Verdugo", "Yellow 1", where))
    assert steady.startswith("Combat round 1: Verdugo 6 dice")
    shaken = _round_one(*_charge(GAME, "Verdugo", "Yellow 1", where, disordered=("Yellow 1",)))
    assert shaken.startswith("Combat round 1: Verdugo 8 dice")


def test_height_gives_melee_plus_to_a_unit_wholly_on_the_hill() -> None:
    """Yellow 1 stands with all its centres on the standard table's central hill; Idiáquez
    ends its charge with only its front centre on it: Yellow 1 strikes with 4 dice instead
    of 3 (the same places on an open table) [Height]."""
    where = {"Idiáquez": (35.43, 14.82, 90.0), "Yellow 1": (35.43, 20.0, 270.0)}
    flat = _round_one(*_charge(GAME, "Idiáquez", "Yellow 1", where))
    assert flat.endswith("Yellow 1 3 dice at 4+.")
    hill = _round_one(*_charge(load("standard"), "Idiáquez", "Yellow 1", where))
    assert hill.endswith("Yellow 1 4 dice at 4+.")


GUNS = {"Hakkapeliitta": (40.0, 30.0, 270.0), "Light guns": (40.0, 24.0, 90.0)}


def test_crew_defence_artillery_strikes_cavalry_as_infantry_would() -> None:
    """The gun crews strike the Hakkapeliitta at its defence against infantry (4), not
    against cavalry (3) [Crew Defence] [Defence]."""
    state, start = _charge(GAME, "Hakkapeliitta", "Light guns", GUNS, first="Swedish")
    assert _round_one(state, start) == (
        "Combat round 1: Hakkapeliitta 6 dice at 3+, Light guns 2 dice at 4+."
    )


def test_no_escape_artillery_that_loses_a_combat_is_destroyed() -> None:
    """The guns parry one of two hits (no retreat), lose by 1 Dm to 0, and are destroyed all
    the same [No Escape] [Consequences of Combat]."""
    state, start = _charge(GAME, "Hakkapeliitta", "Light guns", GUNS, first="Swedish")
    roll(state, 2)
    roll(state, 1)
    roll(state, 0)
    assert events_since(state, start)[-2:] == [
        "Hakkapeliitta wins the combat.",
        "Light guns is destroyed.",
    ]
    assert state.events[-1].rule == "The Troops: Artillery: No Escape"
    assert state.vp == [0, 1]


CAVALRY_CLASH = {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)}


def _broken_hakkapeliitta(game: Tercios) -> tuple[TerciosState, int]:
    """The cuirassiers charge the Hakkapeliitta: two hits, none parried, none struck back."""
    state, start = _charge(game, CUIRASSIERS, "Hakkapeliitta", CAVALRY_CLASH)
    roll(state, 2)
    roll(state, 0)
    roll(state, 0)
    return state, start


def test_retreat_a_loser_that_parried_nothing_retreats_in_disorder() -> None:
    """Broken, the Hakkapeliitta fall into disorder and retreat away from the winner, which
    advances [Retreat] [Advance] [Resistance roll]."""
    state, start = _broken_hakkapeliitta(GAME)
    apply(state, f"{CUIRASSIERS}: consolidate")  # the Advance is the winner's choice
    events = events_since(state, start)
    assert "Hakkapeliitta falls into disorder." in events
    assert "Hakkapeliitta retreats." in events
    assert events[-1] == f"{CUIRASSIERS} advances."
    unit = GAME.troop_index["Hakkapeliitta"]
    assert state.alive[unit] and state.disorder[unit] and state.y[unit] > 26.0


def test_lances_destroy_a_unit_forced_to_retreat(tmp_path: Path) -> None:
    """With lances (a Cuirassiers option) the same cuirassiers destroy the Hakkapeliitta
    instead [Lances] [Cavalry Units]."""
    game = _spanish(
        tmp_path,
        (
            f'name = "{CUIRASSIERS}" }}',
            f'name = "{CUIRASSIERS}", options = ["Lances"] }}',
        ),
    )
    state, start = _broken_hakkapeliitta(game)
    events = events_since(state, start)
    assert "Hakkapeliitta is destroyed." in events and "Hakkapeliitta retreats." not in events
    assert "Armament: Shock Weapons: Lances" in [e.rule for e in state.events[start:]]


def test_two_handed_swords_put_the_beaten_unit_to_a_six_or_disorder(tmp_path: Path) -> None:
    """Idiáquez, a Classic Battalion with two-handed swords, beats Yellow 1 (which parried
    a hit): Yellow 1 rolls one die needing a 6, and falls into disorder on a miss
    [Two-handed swords]."""
    game = _spanish(
        tmp_path,
        (
            '{ profile = "Tercio", name = "Idiáquez", options = ["Swordsmen"] }',
            '{ profile = "Classic Battalion", name = "Idiáquez", options = ["Two-handed swords"] }',
        ),
        (
            '{ profile = "Tercio", name = "Verdugo", options = ["Halberds"] }',
            '{ profile = "Classic Battalion", name = "Verdugo" }',
        ),
    )
    where = {"Idiáquez": (40.0, 20.0, 90.0), "Yellow 1": (40.0, 26.0, 270.0)}
    state, _ = _charge(game, "Idiáquez", "Yellow 1", where)
    roll(state, 2)
    roll(state, 1)
    roll(state, 0)
    assert [(outcome.text, p) for outcome, p in state.chance_outcomes()] == [
        ("Roll: 0 successes", pytest.approx(5 / 6)),
        ("Roll: 1 successes", pytest.approx(1 / 6)),
    ]
    unit = game.troop_index["Yellow 1"]
    assert not state.disorder[unit]
    roll(state, 0)
    assert state.disorder[unit]
    assert state.events[-1].rule == "Armament: Shock Weapons: Two-handed swords"


def _turn_ends(turn: int, vp: list[int]) -> TerciosState:
    """The last unit of turn ``turn`` acts with the victory points at ``vp``."""
    state = battle(GAME, {"Light guns": "Resist!"}, {})
    last = GAME.troop_index["Light guns"]

    def change(doc: dict[str, Any]) -> None:
        doc["turn"], doc["vp"] = turn, vp
        doc["spent"] = [index != last for index in range(len(doc["spent"]))]

    state = _edited(state, change)
    apply(state, "activate Light guns")
    return state


@pytest.mark.parametrize(
    ("turn", "vp", "level"),
    [(5, [5, 0], "decisive"), (6, [0, 3], "clear"), (7, [1, 0], "narrow"), (8, [0, 0], "draw")],
)
def test_duration_the_battle_ends_on_the_lead_each_turn_requires(
    turn: int, vp: list[int], level: str
) -> None:
    """After turn 5 a lead of 5 ends the battle, after turn 6 one of 3, after turn 7 one of
    1; turn 8 ends it whatever the points [Duration]."""
    state = _turn_ends(turn, vp)
    assert state.is_terminal()
    assert state.result()["details"]["victory"] == level
    assert state.events[-1].rule == "The Battle: Duration"


def test_duration_a_lead_of_four_after_turn_five_plays_on() -> None:
    """A lead of 4 after turn 5 is not enough: turn 6 begins [Duration]."""
    state = _turn_ends(5, [4, 0])
    assert not state.is_terminal()
    assert state.events[-1].text == "Turn 6: Planning phase."


def _order_test_dice(game: Tercios, chief_from_base: float) -> str:
    """Idiáquez (1 Dm, Fire!) without its mestre de camp, the C-C ``chief_from_base`` inches
    beside its base: its order test."""
    state = battle(
        game, {"Idiáquez": "Fire!"}, {"Idiáquez": (30.0, 20.0, 90.0)}, dm={"Idiáquez": 1}
    )

    def change(doc: dict[str, Any]) -> None:
        doc["attached"][1] = -1
        doc["ox"][1], doc["oy"][1] = 60.0, 5.0
        doc["ox"][0], doc["oy"][0] = 32.37 + chief_from_base, 20.0

    state = _edited(state, change)
    start = len(state.events)
    apply(state, "activate Idiáquez")
    return events_since(state, start)[-1]


def test_presence_widens_the_command_radius_to_nine_inches(tmp_path: Path) -> None:
    """The C-C with Presence commands Idiáquez 7.5 inches away (Discipline 5: 5 dice), not
    9.5 (5-: 3 dice); without Presence, not at 7.5 either [Presence] [Testing Orders]."""
    assert _order_test_dice(GAME, 7.5) == "Idiáquez tests its order with 5 dice."
    assert _order_test_dice(GAME, 9.5) == "Idiáquez tests its order with 3 dice."
    plain = _spanish(tmp_path, ('traits = ["Presence"]', 'traits = ["Cartographer"]'))
    assert _order_test_dice(plain, 7.5) == "Idiáquez tests its order with 3 dice."


def test_integral_command_artillery_is_always_under_command() -> None:
    """Far from every commander, the guns (Discipline 4) test with 4 dice; the cuirassiers
    (Discipline 3) so placed, with 2 [Integral Command] [Testing Orders]."""
    guns = battle(
        GAME, {"Light guns": "Fire!"}, {"Light guns": (60.0, 25.0, 90.0)}, dm={"Light guns": 1}
    )
    start = len(guns.events)
    apply(guns, "activate Light guns")
    assert events_since(guns, start)[-1] == "Light guns tests its order with 4 dice."
    horse = battle(
        GAME, {CUIRASSIERS: "Fire!"}, {CUIRASSIERS: (60.0, 25.0, 90.0)}, dm={CUIRASSIERS: 1}
    )
    horse = _edited(
        horse, lambda doc: (doc["attached"].__setitem__(2, -1), doc["ox"].__setitem__(2, 5.0))
    )
    start = len(horse.events)
    apply(horse, f"activate {CUIRASSIERS}")
    assert events_since(horse, start)[-1] == f"{CUIRASSIERS} tests its order with 2 dice."


VIRTUES = [
    ("Dedication", "mvt"),
    ("Dexterity", "melee"),
    ("Drill", "shoot"),
    ("Loyalty", "discipline"),
    ("Zeal", "stamina"),
    ("Sacrifice", "courage_shot"),
    ("Will", "courage_melee"),
]


@pytest.mark.parametrize(("virtue", "value"), VIRTUES)
def test_virtues_add_one_to_the_value_of_the_unit_the_commander_joins(
    tmp_path: Path, virtue: str, value: str
) -> None:
    """A C-C with the virtue attached to Idiáquez adds 1 to the value it names, as the
    engine uses it and the view shows it [Virtues] [Dedication] [Dexterity] [Drill]
    [Loyalty] [Zeal] [Sacrifice] [Will] [Attached Commander]."""
    game = _spanish(tmp_path, ('virtues = ["Loyalty"]', f'virtues = ["{virtue}"]'))
    state = battle(game, {}, {"Idiáquez": (30.0, 20.0, 90.0)})

    def values(of: TerciosState) -> dict[str, int]:
        unit = next(u for u in of.view(0)["units"] if u["name"] == "Idiáquez")
        return dict(unit["values"])

    before = values(state)
    joined = _edited(state, lambda doc: doc["attached"].__setitem__(0, 0))
    after = values(joined)
    assert after[value] == before[value] + 1
    named = {value, "shoot_far"} if value == "shoot" else {value}  # Drill adds to both shots
    assert {k: v for k, v in after.items() if k not in named} == {
        k: v for k, v in before.items() if k not in named
    }


def test_loyalty_an_attached_virtue_adds_a_die_to_the_order_test() -> None:
    """Idiáquez (Discipline 5, 1 Dm) tests with 6 dice once the Loyal C-C joins it
    [Loyalty] [Testing Orders]."""
    state = battle(
        GAME, {"Idiáquez": "Fire!"}, {"Idiáquez": (30.0, 20.0, 90.0)}, dm={"Idiáquez": 1}
    )
    state = _edited(state, lambda doc: doc["attached"].__setitem__(0, 0))
    start = len(state.events)
    apply(state, "activate Idiáquez")
    assert events_since(state, start)[-1] == "Idiáquez tests its order with 6 dice."


def test_square_is_never_taken_in_flank(tmp_path: Path) -> None:
    """Charged from behind, Idiáquez is taken in the flank; as a square of pikemen it is not
    [Square] [Flank Charges]."""
    square = _spanish(
        tmp_path,
        ('options = ["Swordsmen"]', 'options = ["Swordsmen", "Square of pikemen"]'),
    )
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Hakkapeliitta": (30.0, 14.0, 90.0)}
    for game, told in ((GAME, "Hakkapeliitta charges Idiáquez in the flank."), (square, None)):
        state = battle(game, {"Hakkapeliitta": "Assault!"}, where, first="Swedish")
        start = len(state.events)
        apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez")
        events = events_since(state, start)
        assert (told or "Hakkapeliitta charges Idiáquez.") in events


def test_extended_arc_of_fire_shoots_from_a_side_centre(tmp_path: Path) -> None:
    """Yellow 1 stands behind Idiáquez's right flank: unseen from its front centre, seen from
    its right centre by a square with Extended Arc of Fire [Extended Arc of Fire]."""
    square = _spanish(
        tmp_path,
        ('options = ["Swordsmen"]', 'options = ["Swordsmen", "Square of pikemen"]'),
    )
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (38.0, 16.0, 180.0)}
    plain = battle(GAME, {"Idiáquez": "Fire!"}, where)
    apply(plain, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow 1" not in texts(plain)
    arc = battle(square, {"Idiáquez": "Fire!"}, where)
    apply(arc, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow 1" in texts(arc)


def test_horse_teams_a_hitched_gun_moves_at_its_teams_speed(tmp_path: Path) -> None:
    """Light guns (Mvt 2/6) with a horse team: 5.7 inches is refused unhitched, allowed once
    hitched with Ready!'s first action [Horse Teams] [Order Cards: Ready!]."""
    game = _spanish(tmp_path, ('options = ["Veteran"]', 'options = ["Veteran", "Horse team"]'))
    state = battle(game, {"Light guns": "Ready!"}, {"Light guns": (40.0, 20.0, 90.0)})
    apply(state, "activate Light guns")
    with pytest.raises(IllegalAction, match="this unit may move 2 now"):
        state.apply_action("move Light guns to 40,26.5")
    apply(state, "Light guns: hitch", "move Light guns to 40,26.5")
    assert state.events[-1].text == "Light guns moves to 40.0,26.5."
    assert state.hitched[game.troop_index["Light guns"]]


def test_joining_a_troop_attaches_and_exhausts_the_commander() -> None:
    """The C-C joins Idiáquez: attached, exhausted, and not offered again this turn
    [Joining a troop] [Exhausted Commander] [Activating a Commander]."""
    state = battle(GAME, {}, {})
    apply(state, f"activate commander {CHIEF}", f"{CHIEF}: join Idiáquez")
    assert state.events[-1].text == f"{CHIEF} joins Idiáquez and is exhausted."
    assert state.attached[0] == GAME.troop_index["Idiáquez"] and state.exhausted[0]
    assert f"activate commander {CHIEF}" not in texts(state)
    assert "activate Idiáquez" in texts(state)


def test_inspiring_lends_a_virtue_to_a_unit_in_the_radius() -> None:
    """Two successes on the command test: Verdugo has Loyalty (Discipline dice 5 + 1) and
    the C-C is not exhausted [Inspiring] [Command Actions] (guns are never inspired:
    Integral Command, RULINGS R110)."""
    state = battle(GAME, {}, {})
    apply(state, f"activate commander {CHIEF}", f"{CHIEF}: inspire Verdugo (Loyalty)")
    roll(state, 2)
    assert state.buff[GAME.troop_index["Verdugo"]] == "Loyalty"
    assert not state.exhausted[0]
    verdugo = next(u for u in state.view(0)["units"] if u["name"] == "Verdugo")
    assert verdugo["values"]["discipline"] == 6


def test_command_actions_one_success_exhausts_the_commander() -> None:
    """One success: the action is carried out, but the commander is exhausted
    [Command Actions]."""
    state = battle(GAME, {}, {})
    apply(state, f"activate commander {CHIEF}", f"{CHIEF}: inspire Verdugo (Loyalty)")
    roll(state, 1)
    assert state.buff[GAME.troop_index["Verdugo"]] == "Loyalty"
    assert state.exhausted[0]


def test_authoritarian_the_next_unit_needs_no_order_test() -> None:
    """Francisco de Ibarra leaves Idiáquez and succeeds with Authoritarian: Idiáquez, with
    1 Dm, then acts without an order test [Authoritarian] [Coward]."""
    state = battle(GAME, {"Idiáquez": "Fire!"}, {}, dm={"Idiáquez": 1})
    apply(state, "activate commander Francisco de Ibarra")
    assert "Francisco de Ibarra leaves Idiáquez." in events_since(state, 0)
    apply(state, "Francisco de Ibarra: authoritarian")  # no move first (Coward: he may)
    roll(state, 1)
    start = len(state.events)
    apply(state, "activate Idiáquez")
    events = events_since(state, start)
    assert "Idiáquez reveals Fire!" in events
    assert not any("tests its order" in text for text in events)


def test_useless_a_commander_with_no_unit_left_leaves_the_field() -> None:
    """The Hakkapeliitta, Stålhandske's only unit, are shot and broken while he stands far
    off: he leaves the field, and the enemy scores only the unit [Useless]
    [Commanders and Losses]."""
    state = battle(
        GAME,
        {"Light guns": "Fire!"},
        {"Light guns": (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 30.0, 270.0)},
        dm={"Hakkapeliitta": 3},
    )
    officer = GAME.officer_index["Torsten Stålhandske"]

    def change(doc: dict[str, Any]) -> None:
        doc["attached"][officer] = -1
        doc["ox"][officer], doc["oy"][officer] = 10.0, 44.0

    state = _edited(state, change)
    apply(state, "activate Light guns", "Light guns: shoot Hakkapeliitta")
    roll(state, 1)
    roll(state, 0)
    roll(state, 0)
    assert (
        state.events[-1].text
        == "Torsten Stålhandske has no unit left to command and leaves the field."
    )
    assert state.events[-1].rule == "Command: Commanders and Losses: Useless"
    assert not state.o_alive[officer] and state.vp == [1, 0]


def _on_scenery(orders: dict[str, str], where: Where, element: dict[str, Any]) -> TerciosState:
    """A battle at its first activation with one scenery element placed."""
    state = battle(GAME, orders, where)
    doc = json.loads(json.dumps(state.to_json()))
    doc["state"]["scenery"] = [element]
    loaded = load("chosen").state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


FARM = {"kind": "Large building", "name": "Farm", "x": 30.0, "y": 22.0, "angle": 0.0}


def test_building_is_closed_to_cavalry_and_entered_by_infantry() -> None:
    """The cuirassiers may not enter a farm; Idiáquez may, slowed as on difficult ground
    [Building] [Impassable] [Difficult]."""
    horse = _on_scenery({CUIRASSIERS: "Ready!"}, {CUIRASSIERS: (30.0, 18.0, 90.0)}, FARM)
    apply(horse, f"activate {CUIRASSIERS}")
    with pytest.raises(IllegalAction, match="crosses Farm"):
        horse.apply_action(f"move {CUIRASSIERS} to 30,21.5")
    foot = _on_scenery({"Idiáquez": "Ready!"}, {"Idiáquez": (30.0, 18.0, 90.0)}, FARM)
    apply(foot, "activate Idiáquez")
    with pytest.raises(IllegalAction, match="this unit may move 2 now"):
        foot.apply_action("move Idiáquez to 30,21.5")
    apply(foot, "move Idiáquez to 30,21")
    assert foot.events[-1].text == "Idiáquez moves to 30.0,21.0."


def test_easy_a_move_along_a_road_has_mvt_plus() -> None:
    """Idiáquez (Mvt 4) moves 6 inches along a road; on open ground that is refused [Easy]
    [Terrain and Movement]."""
    where = {"Idiáquez": (20.0, 20.0, 0.0)}
    road = {"kind": "Road", "name": "Road", "x": 35.0, "y": 20.0, "angle": 0.0}
    on_road = _on_scenery({"Idiáquez": "Ready!"}, where, road)
    apply(on_road, "activate Idiáquez", "move Idiáquez to 27.18,20")
    assert on_road.events[-1].text == "Idiáquez moves to 27.2,20.0."
    open_ground = battle(GAME, {"Idiáquez": "Ready!"}, where)
    apply(open_ground, "activate Idiáquez")
    with pytest.raises(IllegalAction, match="this unit may move 4 now"):
        open_ground.apply_action("move Idiáquez to 27.18,20")


@pytest.mark.parametrize("kind", ["Rocks", "Small lake"])
def test_impassable_ground_may_not_be_crossed(kind: str) -> None:
    """A move whose line crosses rocks or a lake is refused, naming it [Impassable]."""
    element = {"kind": kind, "name": kind, "x": 30.0, "y": 20.0, "angle": 0.0}
    state = _on_scenery({"Idiáquez": "Ready!"}, {"Idiáquez": (30.0, 15.0, 90.0)}, element)
    apply(state, "activate Idiáquez")
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"crosses {kind} \\(impassable\\)"):
        state.apply_action("move Idiáquez to 30,19.5")
    assert state.to_json() == before


def test_reactions_ready_an_approached_unit_may_reorient_or_shoot() -> None:
    """Yellow 1 comes within 3 inches of Idiáquez (Ready!), which passes its reaction test:
    it may reorient or shoot, nothing else [Reactions] [Reactions: Ready!]."""
    state, _ = yellow_1_approaches_idiaquez(GAME, {"Idiáquez": "Ready!"})
    roll(state, 1)
    assert texts(state) == [
        "Idiáquez: reorient left",
        "Idiáquez: reorient right",
        "Idiáquez: reorient about",
        "Idiáquez: shoot Yellow 1",
    ]


def test_order_cards_run_moves_twice_as_far_and_neither_shoots_nor_charges() -> None:
    """Under Run! Idiáquez (Mvt 4) is offered no shot nor charge at Yellow 1 in reach, and
    moves 7.8 inches (Mvt ++: 8) [Order Cards: Run!]."""
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 32.0, 270.0)}
    state = battle(GAME, {"Idiáquez": "Run!"}, where)
    apply(state, "activate Idiáquez")
    assert not [t for t in texts(state) if "shoot" in t or "charge" in t]
    apply(state, "move Idiáquez to 30,29")
    assert "Idiáquez moves to 30.0,29.0." in events_since(state, 0)


def _chief_walks(game: Tercios) -> TerciosState:
    """The C-C is activated and asked to walk 8 inches north."""
    state = battle(game, {}, {})
    apply(state, f"activate commander {CHIEF}")
    state.apply_action(f"move {CHIEF} to {state.ox[0]},{state.oy[0] + 8}")
    return state


def test_impetus_a_commander_moves_nine_inches(tmp_path: Path) -> None:
    """A commander's move is 6 inches, 9 with Impetus: 8 inches is refused without it
    [Impetus] [Activating a Commander]."""
    with pytest.raises(IllegalAction, match="may move 6"):
        _chief_walks(GAME)
    game = _spanish(tmp_path, ('traits = ["Presence"]', 'traits = ["Impetus"]'))
    state = _chief_walks(game)
    assert any(e.text.startswith(f"{CHIEF} moves to") for e in state.events)


def test_comrade_in_arms_removes_another_commanders_exhausted_marker_on_a_six(
    tmp_path: Path,
) -> None:
    """Ibarra, with Comrade-in-arms, tests for the exhausted C-C: one die at 6+, and the
    marker comes off [Comrade-in-arms]."""
    game = _spanish(tmp_path, ('traits = ["Authoritarian"]', 'traits = ["Comrade-in-arms"]'))
    state = battle(game, {}, {"Idiáquez": (30.0, 20.0, 90.0)})

    def change(doc: dict[str, Any]) -> None:
        doc["exhausted"][0] = True
        doc["ox"][0], doc["oy"][0] = 33.0, 17.0

    state = _edited(state, change)
    apply(state, "activate commander Francisco de Ibarra")
    # He leaves Idiáquez and may move first (Coward); he acts where he is set down.
    apply(state, f"Francisco de Ibarra: comrade-in-arms {CHIEF}")
    assert [(o.text, p) for o, p in state.chance_outcomes()] == [
        ("Roll: 0 successes", pytest.approx(5 / 6)),
        ("Roll: 1 successes", pytest.approx(1 / 6)),
    ]
    roll(state, 1)
    assert not state.exhausted[0]


def _courage_in_flank(game: Tercios) -> int:
    """Hakkapeliitta charge Idiáquez (the C-C attached) from behind and score two hits: the
    dice of Idiáquez's resistance roll."""
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Hakkapeliitta": (30.0, 14.0, 90.0)}
    state = battle(game, {"Hakkapeliitta": "Assault!"}, where, first="Swedish")
    state = _edited(state, lambda doc: doc["attached"].__setitem__(0, 0))
    apply(state, "activate Hakkapeliitta", "Hakkapeliitta: charge Idiáquez", "do not react")
    roll(state, 2)
    return int(state.frames[-1]["dice"])


def test_gallant_a_unit_taken_in_flank_keeps_its_courage(tmp_path: Path) -> None:
    """Taken in flank, Idiáquez resists with Courage 4- (2 dice); with a Gallant commander
    attached, with 4 [Gallant] [Flank Charges]."""
    assert _courage_in_flank(GAME) == 2
    gallant = _spanish(tmp_path, ('traits = ["Presence"]', 'traits = ["Gallant"]'))
    assert _courage_in_flank(gallant) == 4


def _weary_values(game: Tercios) -> dict[str, int]:
    state = battle(game, {}, {"Idiáquez": (30.0, 20.0, 90.0)}, dm={"Idiáquez": 5})
    state = _edited(state, lambda doc: doc["attached"].__setitem__(0, 0))
    unit = next(u for u in state.view(0)["units"] if u["name"] == "Idiáquez")
    return dict(unit["values"])


def test_phlegmatic_an_attached_unit_suffers_nothing_from_weariness(tmp_path: Path) -> None:
    """Weary (5 Dm, Stamina 5), Idiáquez has Melee 4- = 2; with a Phlegmatic commander
    attached, 4 [Phlegmatic] [Weary (Usé)]."""
    assert _weary_values(GAME)["melee"] == 2
    calm = _spanish(tmp_path, ('traits = ["Presence"]', 'traits = ["Phlegmatic"]'))
    assert _weary_values(calm)["melee"] == 4


def test_status_markers_adaptation_weary_from_the_first_dm() -> None:
    """With one Dm Idiáquez keeps Melee 4; with the adaptation option it is weary at
    once: 2 [Components: Status Markers: Adaptation] [Status Markers]."""
    for option, melee in ((False, 4), (True, 2)):
        game = stratagem.load(
            "tercios", armies=("spanish_500", "swedish_500"), weary_at_first_dm=option
        )
        assert isinstance(game, Tercios)
        state = battle(game, {}, {}, dm={"Idiáquez": 1})
        unit = next(u for u in state.view(0)["units"] if u["name"] == "Idiáquez")
        assert unit["values"]["melee"] == melee


def test_in_the_wrong_place_a_commander_in_an_enemys_path_may_be_killed() -> None:
    """Yellow 1 moves over the C-C: he takes a command test (rank 2) and, with no success,
    is killed; the Swedish score 2 [In the wrong place]."""
    state = battle(GAME, {}, {"Yellow 1": (30.0, 30.0, 270.0)}, first="Swedish")
    state = _edited(
        state, lambda doc: (doc["ox"].__setitem__(0, 30.0), doc["oy"].__setitem__(0, 27.0))
    )
    apply(state, "activate Yellow 1", "move Yellow 1 to 30,25.5")
    assert state.events[-1].text == f"{CHIEF} is caught in the path of Yellow 1."
    roll(state, 0)
    assert state.events[-1].text == f"{CHIEF} is killed."
    assert not state.o_alive[0] and state.vp == [0, 2]


def _allied_cuirassiers_test(tmp_path: Path, trait: str) -> str:
    """The cavalry regiment allied, the cuirassiers (1 Dm) away from their own commander
    but beside the C-C (with ``trait``): their order test."""
    game = _spanish(
        tmp_path,
        ('kind = "cavalry"', 'kind = "cavalry"\nallied = true'),
        ('traits = ["Presence"]', f'traits = ["{trait}"]'),
    )
    state = battle(
        game, {CUIRASSIERS: "Fire!"}, {CUIRASSIERS: (30.0, 20.0, 90.0)}, dm={CUIRASSIERS: 1}
    )

    def change(doc: dict[str, Any]) -> None:
        doc["attached"][2] = -1
        doc["ox"][2], doc["oy"][2] = 65.0, 3.0
        doc["ox"][0], doc["oy"][0] = 33.0, 19.0

    state = _edited(state, change)
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    return events_since(state, start)[-1]


def test_allies_the_commander_in_chief_does_not_command_them_unless_a_diplomat(
    tmp_path: Path,
) -> None:
    """Allied cuirassiers (Discipline 3) beside the C-C test with 3- = 2 dice; beside a
    Diplomat C-C, with 3 [Allies] [Diplomat]."""
    assert _allied_cuirassiers_test(tmp_path / "a", "Presence").endswith("with 2 dice.")
    assert _allied_cuirassiers_test(tmp_path / "b", "Diplomat").endswith("with 3 dice.")


def test_planning_phase_the_next_turn_clears_exhausted_markers_and_asks_for_orders() -> None:
    """When no unit is left to act the turn ends; the next begins with its Planning phase:
    the exhausted markers come off and each side places its orders
    [Planning phase] [Game Sequence: The Turn] [Action phase]."""
    state = battle(GAME, {"Light guns": "Resist!"}, {})
    last = GAME.troop_index["Light guns"]

    def change(doc: dict[str, Any]) -> None:
        doc["exhausted"][0] = True
        doc["spent"] = [index != last for index in range(len(doc["spent"]))]

    state = _edited(state, change)
    apply(state, "activate Light guns")
    assert state.events[-1].text == "Turn 2: Planning phase."
    assert not any(state.exhausted)
    assert texts(state) and all(t.startswith("order ") for t in texts(state))


def test_heavy_lances_give_melee_plus_in_a_counter_charge(tmp_path: Path) -> None:
    """No printed card carries heavy lances, so a user's pack arms the Cuirassiers with them:
    counter-charging the Hakkapeliitta they strike with Melee 4 ++ (Assault! and heavy
    lances) = 8 dice instead of 6 [Heavy lances] [Reactions: Assault!]."""
    data = tmp_path / "pack"
    shutil.copytree(DATA_DIR, data)
    profiles = data / "profiles.toml"
    text = profiles.read_text(encoding="utf-8")
    card = text.index('name = "Cuirassiers"')
    armed = text.index("weapons = ", card)
    line_end = text.index("\n", armed)
    text = text[:armed] + 'weapons = ["Pistols", "Heavy lances"]' + text[line_end:]
    profiles.write_text(text, encoding="utf-8")
    lancers = stratagem.load("tercios", armies=("spanish_500", "swedish_500"), data=str(data))
    assert isinstance(lancers, Tercios)
    where = {CUIRASSIERS: (30.0, 20.0, 90.0), "Hakkapeliitta": (30.0, 30.0, 270.0)}
    for game, dice in ((GAME, 6), (lancers, 8)):
        orders = {"Hakkapeliitta": "Assault!", CUIRASSIERS: "Assault!"}
        state = battle(game, orders, where, first="Swedish")
        start = len(state.events)
        apply(state, "activate Hakkapeliitta", f"Hakkapeliitta: charge {CUIRASSIERS}", "react")
        roll(state, 1)
        assert f"{CUIRASSIERS} counter-charges." in events_since(state, start)
        assert _round_one(state, start).endswith(f"{CUIRASSIERS} {dice} dice at 3+.")


def test_skirmishers_ignore_very_difficult_ground(tmp_path: Path) -> None:
    """The Yellow musketeers (Mvt 5, Light) enter the east copse: as Light infantry the wood
    is difficult (Mvt 3, 4.5 inches refused); as Skirmishers they go 4.5 inches, not
    disordered [Skirmishers] [Light] [Very difficult]."""
    skirmishers = variant(
        tmp_path, "swedish_500", 'options = ["Brigade"]', 'options = ["Brigade", "Skirmishers"]'
    )
    where = {"Yellow musketeers": (57.43, 14.0, 90.0)}
    light = battle(load("standard"), {"Yellow musketeers": "Ready!"}, where, first="Swedish")
    apply(light, "activate Yellow musketeers")
    with pytest.raises(IllegalAction, match="this unit may move 3 now"):
        light.apply_action("move Yellow musketeers to 57.43,19.29")
    game = load("standard", armies=("spanish_500", skirmishers))
    loose = battle(game, {"Yellow musketeers": "Ready!"}, where, first="Swedish")
    apply(loose, "activate Yellow musketeers", "move Yellow musketeers to 57.43,19.29")
    assert loose.events[-1].text == "Yellow musketeers moves to 57.4,19.3."
    assert not loose.disorder[game.troop_index["Yellow musketeers"]]


def _blocked_disengagement(tmp_path: Path, trait: str) -> TerciosState:
    """Yellow 1 beats Idiáquez (the C-C with ``trait`` attached), which parried a hit and
    must disengage with Verdugo right behind it."""
    game = _spanish(tmp_path, ('traits = ["Presence"]', f'traits = ["{trait}"]'))
    where = {
        "Idiáquez": (30.0, 20.0, 90.0),
        "Verdugo": (30.0, 17.5, 90.0),
        "Yellow 1": (30.0, 26.0, 270.0),
    }
    state = battle(game, {"Yellow 1": "Assault!"}, where, first="Swedish")
    state = _edited(state, lambda doc: doc["attached"].__setitem__(0, 0))
    apply(state, "activate Yellow 1", "Yellow 1: charge Idiáquez", "do not react")
    apply(state, "do not react")  # Verdugo: the charger stops 2.5 inches from its front centre
    roll(state, 2)
    roll(state, 1)
    roll(state, 0)
    assert "Idiáquez disengages." in [e.text for e in state.events]
    return state


def test_calm_a_unit_that_cannot_disengage_takes_no_extra_dm(tmp_path: Path) -> None:
    """Blocked by Verdugo, Idiáquez takes 1 more Dm (2 in all); with a Calm commander
    attached it keeps the 1 of the combat [Calm] [Disengagement]."""
    assert _blocked_disengagement(tmp_path / "a", "Presence").dm[0] == 2
    assert _blocked_disengagement(tmp_path / "b", "Calm").dm[0] == 1


def test_reputation_a_commander_commands_units_beyond_his_regiment(tmp_path: Path) -> None:
    """Teuffel (Yellow Brigade) stands by the Hakkapeliitta (1 Dm), their own commander and
    the C-C far off: they test with Discipline 3- = 2 dice; if Teuffel has Reputation,
    with 3 [Reputation] [Testing Orders]."""

    def order_test(game: Tercios) -> str:
        where = {"Hakkapeliitta": (30.0, 30.0, 270.0)}
        state = battle(
            game, {"Hakkapeliitta": "Fire!"}, where, dm={"Hakkapeliitta": 1}, first="Swedish"
        )

        def change(doc: dict[str, Any]) -> None:
            for officer, spot in ((5, (65.0, 44.0)), (4, (33.0, 31.0)), (3, (5.0, 44.0))):
                doc["attached"][officer] = -1
                doc["ox"][officer], doc["oy"][officer] = spot

        state = _edited(state, change)
        start = len(state.events)
        apply(state, "activate Hakkapeliitta")
        return events_since(state, start)[-1]

    assert order_test(GAME) == "Hakkapeliitta tests its order with 2 dice."
    path = Path(
        variant(tmp_path, "swedish_500", 'traits = ["Reputation"]', 'traits = ["Presence"]')
    )
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'traits = ["Coordinator"]', 'traits = ["Reputation"]'
        ),
        encoding="utf-8",
    )
    famous = load(armies=("spanish_500", str(path)))
    assert order_test(famous) == "Hakkapeliitta tests its order with 3 dice."


def test_crossbow_reaches_twelve_inches_where_the_arquebus_reaches_eight(tmp_path: Path) -> None:
    """Arcabuceros 1 (Fire!) with Yellow 1 10 inches off: no shot with arquebuses (8
    inches), a shot with crossbows (12) [Crossbow] [Range] [Arquebus]."""
    where = {"Arcabuceros 1": (40.0, 20.0, 90.0), "Yellow 1": (40.0, 31.97, 270.0)}

    def targets(game: Tercios) -> list[str]:
        state = battle(game, {"Arcabuceros 1": "Fire!"}, where)
        apply(state, "activate Arcabuceros 1")
        return texts(state)

    arquebus = load(armies=("spanish_1000", "swedish_500"))
    assert "Arcabuceros 1: shoot Yellow 1" not in targets(arquebus)
    crossbows = variant(
        tmp_path,
        "spanish_1000",
        'name = "Arcabuceros 1" }',
        'name = "Arcabuceros 1", options = ["Crossbows"] }',
    )
    assert "Arcabuceros 1: shoot Yellow 1" in targets(load(armies=(crossbows, "swedish_500")))


def test_commander_figures_an_unattached_commander_is_never_a_target() -> None:
    """Gustav Horn stands alone 3 inches before Idiáquez: Ready! offers no shot at him, and
    Assault! no charge; only troop units are targets [Commander Figures]."""
    horn = GAME.officer_index["Gustav Horn (Swedish C-C)"]
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)}
    for order in ("Ready!", "Assault!"):
        state = battle(GAME, {"Idiáquez": order}, where)
        state = _edited(
            state,
            lambda doc: (doc["ox"].__setitem__(horn, 30.0), doc["oy"].__setitem__(horn, 24.0)),
        )
        apply(state, "activate Idiáquez")
        offered = texts(state)
        assert any("Yellow 1" in text for text in offered)
        assert not any("Gustav Horn" in text for text in offered)


def test_dragoon_a_unit_with_the_rule_shoots_only_under_fire(tmp_path: Path) -> None:
    """No printed card carries the Dragoon rule (and the mounted dragoons have Shoot 0), so
    a user's pack gives the mounted card Shoot 3 and the rule: it is offered no shot under
    Ready!, a shot under Fire! [Dragoon]."""
    data = tmp_path / "pack"
    shutil.copytree(DATA_DIR, data)
    profiles = data / "profiles.toml"
    text = profiles.read_text(encoding="utf-8")
    card = text.index('name = "Dragoons"\n')
    printed = 'shoot = "0"'
    unarmed = text.index(printed, card)
    text = text[:unarmed] + 'shoot = "3"' + text[unarmed + len(printed) :]
    printed = 'rules = ["Light", "Evasion", "Mobility"]'
    ruled = text.index(printed, card)
    text = text[:ruled] + printed[:-1] + ', "Dragoon"]' + text[ruled + len(printed) :]
    profiles.write_text(text, encoding="utf-8")
    army = variant(
        tmp_path,
        "spanish_500",
        f'{{ profile = "Cuirassiers", name = "{CUIRASSIERS}" }}',
        '{ profile = "Dragoons", name = "Dragones" }',
    )
    game = stratagem.load("tercios", armies=(army, "swedish_500"), data=str(data))
    assert isinstance(game, Tercios)
    where = {"Dragones": (30.0, 22.0, 90.0), "Yellow 1": (30.0, 30.0, 270.0)}
    for order, offered in (("Ready!", False), ("Fire!", True)):
        state = battle(game, {"Dragones": order}, where)
        apply(state, "activate Dragones")
        assert ("Dragones: shoot Yellow 1" in texts(state)) is offered
