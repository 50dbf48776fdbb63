"""The special rules of troops (The Troops; Rules from "Kingdoms"; Armament), each driven
through the public API with forced dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely import Point

from stratagem import IllegalAction
from stratagem.games.tercios.fields import FieldRollError, cultivated_field
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.state import TerciosState
from stratagem.games.tercios.terrain import element

from .helpers import (
    apply,
    battle,
    events_since,
    load,
    roll,
    start_activation,
    texts,
    variant,
    yellow_1_approaches_idiaquez,
)

GAME = load()
CUIRASSIERS = "Cuirassiers of Flanders"
HEAVY = (
    '{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }',
    '{ profile = "Heavy Cavalry", name = "Cuirassiers of Flanders" }',
)


def _spanish(tmp_path: Path, old: str, new: str, army: str = "spanish_500") -> Tercios:
    """A Spanish army with one piece of text replaced, against swedish_500."""
    return load(armies=(variant(tmp_path, army, old, new), "swedish_500"))


def test_mobility_free_reorientation_then_move_and_reorient_again() -> None:
    """Mobility free reorientation then move and reorient again [Mobility]."""
    state = battle(GAME, {CUIRASSIERS: "Ready!"}, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient left")
    assert state.events[-1].rule == "The Troops: Cavalry: Mobility"
    # The free turn starts a move: no second turn before it.
    assert f"{CUIRASSIERS}: reorient right" not in texts(state)
    apply(state, f"{CUIRASSIERS}: advance", f"{CUIRASSIERS}: reorient right")
    events = events_since(state, start)
    assert f"{CUIRASSIERS}: reorient right." in events
    assert state.f[GAME.troop_index[CUIRASSIERS]] == 90.0
    assert state.x[GAME.troop_index[CUIRASSIERS]] < 40.0  # it moved west, facing 180
    assert state.current_player() == 1  # two actions and the free turn: the activation ends


def test_mobility_turn_not_followed_by_a_move_counts_as_the_reorientation() -> None:
    state = battle(GAME, {CUIRASSIERS: "Ready!"}, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient left")
    apply(state, f"{CUIRASSIERS}: end activation")
    assert state.current_player() == 1


def test_heavy_cavalry_has_no_mobility(tmp_path: Path) -> None:
    """Heavy cavalry has no mobility [Heavy Cavalry]."""
    game = _spanish(tmp_path, *HEAVY)
    state = battle(game, {CUIRASSIERS: "Run!"}, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}")
    assert f"{CUIRASSIERS}: reorient left" not in texts(state)


def test_mobility_turn_under_run() -> None:
    state = battle(GAME, {CUIRASSIERS: "Run!"}, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient about")
    apply(state, f"{CUIRASSIERS}: advance")
    unit = GAME.troop_index[CUIRASSIERS]
    assert state.f[unit] == 270.0 and state.current_player() == 1


def _charged_after_activation(game: Tercios) -> list[str]:
    """The Spanish cuirassiers act (Resist!: nothing), then the Hakkapeliitta charge them:
    what the Spanish seat may answer."""
    state = battle(
        game,
        {CUIRASSIERS: "Resist!", "Hakkapeliitta": "Assault!"},
        {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)},
    )
    apply(state, f"activate {CUIRASSIERS}", "activate Hakkapeliitta")
    if "Hakkapeliitta: charge Cuirassiers of Flanders" in texts(state):
        apply(state, "Hakkapeliitta: charge Cuirassiers of Flanders")
    return texts(state)


def test_cavalry_evades_a_charge_even_once_activated() -> None:
    """Cavalry evades a charge even once activated [Evasion]."""
    assert _charged_after_activation(GAME) == ["react", "do not react"]


def test_heavy_cavalry_may_not_evade_a_cavalry_charge_once_activated(tmp_path: Path) -> None:
    """Heavy cavalry may not evade a cavalry charge once activated [Heavy Cavalry] [Evasion]."""
    assert _charged_after_activation(_spanish(tmp_path, *HEAVY)) == []


def _intercept() -> tuple[TerciosState, int]:
    """Yellow 1 (Ready!) advances within 3 inches of Idiáquez (Assault!), which intercepts."""
    state, start = yellow_1_approaches_idiaquez(GAME, {"Idiáquez": "Assault!"})
    roll(state, 1)  # the reaction's order test
    assert "Idiáquez charges Yellow 1." in events_since(state, start)
    return state, start


def test_interception_won_by_the_reacting_unit_ends_the_movers_activation() -> None:
    """An interception charge the reacting unit wins ends the mover's activation
    [Reactions: Assault!]."""
    state, start = _intercept()
    roll(state, 2)  # Idiáquez: two hits
    roll(state, 1)  # Yellow 1 parries one
    roll(state, 0)  # Yellow 1: no hit
    assert "Yellow 1's activation ends." in events_since(state, start)
    assert state.current_player() == 0


def test_interception_lost_by_the_reacting_unit_lets_the_mover_go_on() -> None:
    """Interception lost by the reacting unit lets the mover go on [Reactions: Assault!]."""
    state, start = _intercept()
    roll(state, 0)  # Idiáquez: no hit
    roll(state, 2)  # Yellow 1: two hits
    roll(state, 1)  # Idiáquez parries one
    assert "Yellow 1 wins the combat." in events_since(state, start)
    assert "Yellow 1: end activation" in texts(state)


def test_counter_charge_meets_halfway() -> None:
    """A counter-charge brings the two units into contact halfway [Reactions: Assault!]."""
    state = battle(
        GAME,
        {CUIRASSIERS: "Assault!", "Yellow 1": "Assault!"},
        {CUIRASSIERS: (30.0, 20.0, 90.0), "Yellow 1": (30.0, 30.0, 270.0)},
    )
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    if f"{CUIRASSIERS}: charge Yellow 1" in texts(state):
        apply(state, f"{CUIRASSIERS}: charge Yellow 1")
    apply(state, "react")
    roll(state, 1)
    events = events_since(state, start)
    assert "Yellow 1 counter-charges." in events
    assert "Yellow 1 meets the charge halfway." in events
    # The gap between the bases was 30 - 1.18 - (20 + 0.79) = 8.03 inches: Yellow 1 covers
    # half of it, to the nearest quarter inch.
    assert 25.5 <= state.y[GAME.troop_index["Yellow 1"]] <= 26.25
    assert f"{CUIRASSIERS} contacts Yellow 1." in events


def test_a_lone_commander_may_act_once_his_sides_troops_are_spent() -> None:
    """A lone commander may act once his sides troops are spent [Game Sequence: Activation]."""
    state = GAME.new_initial_state()
    start_activation(state, {}, default="Resist!")  # Resist! with no Dm: nothing to do
    for _ in range(8):  # four units each, in turn: the Spanish side is spent first
        unit = next(t for t in texts(state) if t.startswith("activate ") and "commander" not in t)
        apply(state, unit)
    assert state.current_player() == 0
    options = texts(state)
    assert "pass" in options
    assert "activate commander Gonzalo Fernández de Córdoba (Spanish C-C)" in options
    apply(state, "pass")
    assert "Spanish passes to the opponent." in events_since(state, 0)
    assert state.current_player() == 1


def _pursuit(game: Tercios, frenzy: int) -> list[str]:
    """The cuirassiers (1 Dm) break the Yellow musketeers, which are destroyed in pursuit."""
    state = battle(
        game,
        {CUIRASSIERS: "Assault!"},
        {CUIRASSIERS: (30.0, 24.0, 90.0), "Yellow musketeers": (30.0, 29.0, 270.0)},
        dm={CUIRASSIERS: 1},
    )
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    roll(state, 1)  # the order test (1 Dm)
    if f"{CUIRASSIERS}: charge Yellow musketeers" in texts(state):
        apply(state, f"{CUIRASSIERS}: charge Yellow musketeers")
    apply(state, "do not react")
    roll(state, 3)
    roll(state, 0)  # nothing parried: broken
    roll(state, 0)
    roll(state, 1)  # the musketeers' rout test holds; Pursuit destroys them
    apply(state, f"{CUIRASSIERS}: consolidate")  # the Advance is the winner's choice
    roll(state, frenzy)  # the frenzy test
    unit = game.troop_index[CUIRASSIERS]
    return [*events_since(state, start), f"dm {state.dm[unit]} disorder {state.disorder[unit]}"]


def test_frenzied_unit_that_destroys_its_enemy_removes_a_dm_or_falls_into_disorder(
    tmp_path: Path,
) -> None:
    """Frenzied unit that destroys its enemy removes a dm or falls into disorder [Frenzied]
    [Passionate]."""
    # Passionate (an automatic trait) gives the unit the Frenzied rule.
    game = _spanish(
        tmp_path,
        'commander = { name = "Carlos Coloma", rank = 0 }',
        'commander = { name = "Carlos Coloma", rank = 1, traits = ["Passionate"] }',
    )
    passed = _pursuit(game, 1)
    assert "Yellow musketeers is destroyed." in passed
    assert f"{CUIRASSIERS} destroyed its enemy: frenzy test." in passed
    assert passed[-1] == "dm 0 disorder False"
    assert _pursuit(game, 0)[-1] == "dm 1 disorder True"


def _gun_fires(tmp_path: Path, faces: list[int]) -> tuple[list[str], int]:
    game = _spanish(tmp_path, 'options = ["Veteran"] }', 'options = ["Veteran", "Leather guns"] }')
    state = battle(
        game,
        {"Light guns": "Fire!"},
        {"Light guns": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 30.0, 270.0)},
    )
    start = len(state.events)
    apply(state, "activate Light guns")
    if "Light guns: shoot Yellow 1" in texts(state):
        apply(state, "Light guns: shoot Yellow 1")
    apply(state, *(f"Die: {face}" for face in faces))
    return list(events_since(state, start)), state.dm[game.troop_index["Light guns"]]


def test_experimental_gun_suffers_a_dm_for_each_one_rolled(tmp_path: Path) -> None:
    """Experimental gun suffers a dm for each one rolled [Experimental] [Cannons]."""
    events, dm = _gun_fires(tmp_path, [1])
    assert "Light guns rolls 1 one(s): the gun suffers." in events
    assert "No hit." in events and dm == 1
    events, dm = _gun_fires(tmp_path, [5])  # a hit at Yellow 1's Ball defence 4, no 1
    assert "1 hit(s); Yellow 1 resists with 4 dice at 6+." in events and dm == 0


def test_harasser_fires_in_reaction_then_evades(tmp_path: Path) -> None:
    """Harasser fires in reaction then evades [Harasser] [Reactions: Fire!]."""
    game = _spanish(
        tmp_path,
        '{ profile = "Musketeer Company", name = "Mangas de Idiáquez" },',
        '{ profile = "Forlorn Hope", name = "Enfants perdus" },',
        "spanish_1000",
    )
    state = battle(
        game,
        {"Enfants perdus": "Fire!"},
        {"Enfants perdus": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 28.5, 270.0)},
        first="Swedish",
    )
    start = len(state.events)
    apply(state, "activate Yellow 1", "Yellow 1: advance", "react")
    roll(state, 1)
    assert texts(state) == ["Enfants perdus: shoot Yellow 1", "Enfants perdus: harass Yellow 1"]
    apply(state, "Enfants perdus: harass Yellow 1")
    roll(state, 0)
    events = events_since(state, start)
    # Harassing, the shot has no Fire! reaction bonus: Shoot 2 stays 2 (3 with it).
    assert "Enfants perdus shoots at Yellow 1: 2 dice at 4+." in events
    assert state.events[-1].text == "Enfants perdus evades."
    assert state.events[-1].rule == 'Rules from "Kingdoms": Harasser'
    assert state.y[game.troop_index["Enfants perdus"]] < 20.0


def test_a_unit_that_cannot_carry_out_its_order_advances_one_inch() -> None:
    """A unit that cannot carry out its order advances one inch [Adaptation of the rule]
    [Order Cards: Assault!]."""
    # Idiáquez faces its own edge: no enemy in sight. Verdugo has nobody within range.
    where = {"Idiáquez": (20.0, 20.0, 270.0), "Verdugo": (66.0, 5.0, 0.0)}
    state = battle(GAME, {"Idiáquez": "Assault!", "Verdugo": "Fire!"}, where)
    start = len(state.events)
    apply(state, "activate Idiáquez")
    assert events_since(state, start)[-2:] == [
        "Idiáquez cannot carry out its order: it advances one inch.",
        "Idiáquez moves to 20.0,17.8.",
    ]
    apply(state, "activate Yellow 1", "Yellow 1: end activation", "activate Verdugo")
    assert "Verdugo moves to 68.2,5.0." in events_since(state, start)


SHOOTERS_OVER = {
    "Zaporozhians": (
        '{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }',
        '{ profile = "Cossacks", name = "Zaporozhians" }',
    ),
    "Mortar": (
        '{ profile = "Light Artillery", name = "Light guns", options = ["Veteran"] }',
        '{ profile = "Field Artillery", name = "Mortar", options = ["Mortar"] }',
    ),
}


def _targets_over_a_friend(tmp_path: Path, shooter: str, friend_y: float) -> list[str]:
    old, new = SHOOTERS_OVER[shooter]
    game = _spanish(tmp_path, old, new)
    state = battle(
        game,
        {shooter: "Fire!"},
        {
            shooter: (30.0, 14.0, 90.0),
            "Idiáquez": (30.0, friend_y, 90.0),
            "Yellow 1": (30.0, 25.0, 270.0),
        },
    )
    apply(state, f"activate {shooter}")
    return texts(state)


@pytest.mark.parametrize("shooter", sorted(SHOOTERS_OVER))
def test_bows_and_mortars_shoot_over_friends_nearer_them_than_the_target(
    tmp_path: Path, shooter: str
) -> None:
    """Bows and mortars shoot over friends nearer them than the target [Bow]."""
    # Idiáquez's front centre is 3.9 inches from the archers and 6.3 from the target.
    assert f"{shooter}: shoot Yellow 1" in _targets_over_a_friend(tmp_path, shooter, 17.5)
    # Nearer the target (2.3 against 7.9 inches), it blocks the shot.
    assert f"{shooter}: shoot Yellow 1" not in _targets_over_a_friend(tmp_path, shooter, 21.5)


def test_brigade_units_share_one_order_and_act_together() -> None:
    """Brigade units share one order and act together [Brigade]."""
    game = load(armies=("spanish_1000", "swedish_1000"))
    state = game.new_initial_state()
    start_activation(
        state,
        {"Blue musketeers": "Ready!", "Blue commanded shot": "with its brigade"},
        first="Swedish",
    )
    shot = game.troop_index["Blue commanded shot"]
    assert state.order[shot] == 0  # Ready!, the order of Blue musketeers
    public = [e.public_text for e in state.events if e.rule == "The Troops: Infantry: Brigade"]
    assert public == [
        "Blue commanded shot will act with its brigade, on the order of Blue musketeers."
    ]
    apply(state, "activate Blue musketeers", "Blue musketeers: end activation")
    # The brigade mate acts at once, in the same activation.
    assert state.current_player() == 1
    apply(state, "Blue commanded shot: end activation")
    assert state.current_player() == 0 and state.spent[shot]


def test_a_unit_not_quite_past_friendly_artillery_pushes_it_back() -> None:
    """A unit passing through friendly artillery without the move to clear it pushes it back
    [Overlap]."""
    state = battle(
        GAME,
        {"Idiáquez": "Run!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Light guns": (30.0, 24.0, 90.0)},
    )
    start = len(state.events)
    # Idiáquez (2.36 inches deep) ends with its rear 24.14 inches up the table; the gun's
    # front edge was at 24.79: it goes back 0.75 inch (steps of a quarter, at most one).
    apply(state, "activate Idiáquez", "move Idiáquez to 30,26.5")
    assert "Light guns is pushed back by Idiáquez." in events_since(state, start)
    assert state.y[GAME.troop_index["Light guns"]] == 23.25


def test_artillery_is_not_pushed_more_than_an_inch() -> None:
    """Artillery is not pushed more than an inch [Overlap]."""
    state = battle(
        GAME,
        {"Idiáquez": "Run!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Light guns": (30.0, 24.0, 90.0)},
    )
    apply(state, "activate Idiáquez")
    with pytest.raises(IllegalAction, match="would end overlapping Light guns"):
        apply(state, "move Idiáquez to 30,26")  # the gun would have to go back 1.15 inches


@pytest.mark.parametrize(
    ("face", "ground", "hidden", "cover"),
    [
        (1, "difficult", False, False),
        (2, "difficult", False, False),
        (3, "difficult", False, True),
        (4, "difficult", False, True),
        (5, "difficult", False, True),
        (6, "very difficult", True, True),
    ],
)
def test_cultivated_field_d6(face: int, ground: str, hidden: bool, cover: bool) -> None:
    """Cultivated field d6 [Cultivated field]."""
    pack = load_pack()
    field = element(pack, "Cultivated field", "Wheat", Point(30.0, 20.0).buffer(5.0))
    drawn = cultivated_field(pack, field, face)
    assert (drawn.ground, drawn.hidden, drawn.cover) == (ground, hidden, cover)


def test_cultivated_field_refuses_a_bad_die_or_another_element() -> None:
    pack = load_pack()
    field = element(pack, "Cultivated field", "Wheat", Point(30.0, 20.0).buffer(5.0))
    with pytest.raises(FieldRollError, match="a die shows 1 to 6, not 7"):
        cultivated_field(pack, field, 7)
    wood = element(pack, "Forest", "Wood", Point(30.0, 20.0).buffer(5.0))
    with pytest.raises(FieldRollError, match="Wood \\(Forest\\) is not drawn with a die"):
        cultivated_field(pack, wood, 3)


def test_cavalry_may_evade_a_charge_whatever_its_order() -> None:
    """Cavalry may evade a charge whatever its order [Evasion] [Reactions: Run!]."""
    where = {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)}
    orders = {CUIRASSIERS: "Fire!", "Hakkapeliitta": "Assault!"}
    state = battle(GAME, orders, where, first="Swedish")
    apply(state, "activate Hakkapeliitta")
    if "Hakkapeliitta: charge Cuirassiers of Flanders" in texts(state):
        apply(state, "Hakkapeliitta: charge Cuirassiers of Flanders")
    assert texts(state) == ["react", "evade", "do not react"]
    apply(state, "evade")
    roll(state, 1)
    assert f"{CUIRASSIERS} evades." in events_since(state, 0)
    assert state.y[GAME.troop_index[CUIRASSIERS]] < 20.0


def test_dragoons_dismount_with_their_dm_order_and_commander(tmp_path: Path) -> None:
    """Dragoons dismount with their dm order and commander [Dragoons (Adaptation)]
    [Order Card Reference]."""
    game = _spanish(
        tmp_path,
        '{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }',
        '{ profile = "Dragoons", name = "Dragones" }',
    )
    where = {"Dragones": (30.0, 22.0, 90.0), "Yellow 1": (30.0, 30.0, 270.0)}
    state = battle(game, {"Dragones": "Ready!"}, where, {"Dragones": 1})
    apply(state, "activate Dragones")
    roll(state, 1)  # the order test (1 Dm)
    assert "Dragones: shoot Yellow 1" not in texts(state)  # mounted: Shoot 0
    apply(state, "Dragones: dismount")
    mounted, on_foot = game.troop_index["Dragones"], game.troop_index["Dragones (dismounted)"]
    assert not state.alive[mounted] and state.alive[on_foot]
    assert (state.x[on_foot], state.y[on_foot], state.dm[on_foot]) == (30.0, 22.0, 1)
    assert state.attached[game.officer_index["Carlos Coloma"]] == on_foot
    # The second action of Ready!, on foot: the muskets fire (Shoot 3, Ready! -).
    apply(state, "Dragones (dismounted): shoot Yellow 1")
    assert "Dragones (dismounted) shoots at Yellow 1: 2 dice at 4+." in events_since(state, 0)


def _tatars(tmp_path: Path) -> Tercios:
    """spanish_500 with two Tatars (Horde, RULINGS.md R72) for its cuirassiers."""
    army = variant(
        tmp_path,
        "spanish_500",
        'units = [{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }]',
        'units = [{ profile = "Tatars", name = "Tatars 1" }, '
        '{ profile = "Tatars", name = "Tatars 2" }]',
    )
    return load(armies=(army, "swedish_500"))


def test_horde_units_of_a_regiment_may_activate_back_to_back(
    tmp_path: Path,
) -> None:
    """Two Horde units of one regiment may take their activations back to back [Horde]."""
    state = battle(_tatars(tmp_path), {"Tatars 1": "Resist!", "Tatars 2": "Fire!"}, {})
    apply(state, "activate Tatars 1")
    assert texts(state) == ["activate Tatars 2", "pass"]  # whatever its order
    declined = state.clone()
    apply(declined, "pass")
    assert declined.current_player() == 1
    start = len(state.events)
    apply(state, "activate Tatars 2")
    events = events_since(state, start)
    assert events[:2] == ["Tatars 2 is activated with Tatars 1.", "Tatars 2 reveals Fire!"]
    assert state.current_player() == 1  # a pair: the turn passes to the enemy
