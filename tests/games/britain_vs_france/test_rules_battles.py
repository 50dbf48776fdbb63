"""6) Battles: the rulebook's two battle examples, pairings, losses and capture."""

from __future__ import annotations

from stratagem.games.britain_vs_france import places

from .helpers import (
    BRITAIN,
    FRANCE,
    controller,
    force,
    legal_texts,
    position,
    set_up,
    st,
    texts_since,
    where,
)

CLIVE = "Robert Clive"
ARMAND = "Armand de Vignerot du Plessis"


def battle_at(location: str, units: dict[str, tuple[str, int]]) -> tuple[object, int]:
    """Britain ends its movement with ``units`` placed; the battle starts. Hands are empty,
    so no response window opens."""
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        units={label: (location, owner) for label, (location, owner) in units.items()},
        hands={BRITAIN: [], FRANCE: []},
    )
    start = len(state.events)
    state.apply_action("End movement")
    return state, start


def test_battle_example_1() -> None:
    """[6) Battles] Example #1: Clive and Local Allies against Armand and a Fortress."""
    state, start = battle_at(
        "Quebec",
        {
            CLIVE: ("Quebec", BRITAIN),
            "British Local Allies #1": ("Quebec", BRITAIN),
            "French Fortress #1": ("Quebec", FRANCE),
            ARMAND: ("Quebec", FRANCE),
        },
    )
    assert state.current_player() == BRITAIN  # the attacker determines pairings
    assert sorted(legal_texts(state)) == sorted(
        [
            f"Pair: {CLIVE} against {ARMAND}",
            f"Pair: {CLIVE} against French Fortress #1",
            f"Pair: British Local Allies #1 against {ARMAND}",
            "Pair: British Local Allies #1 against French Fortress #1",
        ]
    )
    state.apply_action(f"Pair: {CLIVE} against {ARMAND}")
    # The Local Allies against the Fortress is the only pairing left: made automatically.
    assert state.is_chance_node()
    force(state, "Roll: 3", "Roll: 3", "Roll: 4", "Roll: 3")
    log = texts_since(state, start)
    assert f"{CLIVE} rolls a 3 (modified to 5)." in log
    assert f"{ARMAND} rolls a 3 (modified to 4)." in log
    assert "British Local Allies #1 rolls a 4." in log
    assert "French Fortress #1 rolls a 3 (modified to 5)." in log
    assert where(state, ARMAND) == "prison of Britain"
    assert where(state, "British Local Allies #1") == "out"
    # Clive and the Fortress are left: they pair off (automatically) and roll again.
    assert st(state)["pairs"] and state.is_chance_node()
    force(state, "Roll: 6", "Roll: 1")
    assert where(state, "French Fortress #1") == "out"
    state.apply_action("Take control of: Quebec")
    assert controller(state, "Quebec") == "Britain"
    assert state.view(None)["exports"]["Britain"].get("Furs") == 1
    assert "Furs" not in state.view(None)["exports"]["France"]


def test_battle_example_2() -> None:
    """[6) Battles] Example #2: Local Allies and a German Mercenary against a Privateer."""
    state, _ = battle_at(
        "Martinique",
        {
            "British Local Allies #1": ("Martinique", BRITAIN),
            "British German Mercenary #1": ("Martinique", BRITAIN),
            "French Privateers #1": ("Martinique", FRANCE),
        },
    )
    state.apply_action("Pair: British Local Allies #1 against French Privateers #1")
    # The Mercenary is brought into the only pairing: both British units roll in it.
    assert st(state)["pairs"] == [
        [
            st(state)["pairs"][0][0],
            *st(state)["pairs"][0][1:3],
            -1,
            st(state)["pairs"][0][0],
        ]
    ]
    force(state, "Roll: 4", "Roll: 2", "Roll: 5")
    assert state.current_player() == BRITAIN  # the loser chooses its loss
    assert sorted(legal_texts(state)) == [
        "Destroy: British German Mercenary #1",
        "Destroy: British Local Allies #1",
    ]
    state.apply_action("Destroy: British German Mercenary #1")
    assert where(state, "British German Mercenary #1") == "out"
    assert where(state, "British Local Allies #1") == "Martinique"
    assert state.is_chance_node()  # each side still has a unit: they roll again


def test_a_tie_destroys_nothing_and_the_battle_goes_on() -> None:
    """[6) Battles] A tied high score destroys nothing; the battle goes on."""
    state, _ = battle_at(
        "Quebec",
        {"British Regulars #1": ("Quebec", BRITAIN), "French Regulars #1": ("Quebec", FRANCE)},
    )
    force(state, "Roll: 4", "Roll: 4")
    assert where(state, "British Regulars #1") == "Quebec"
    assert where(state, "French Regulars #1") == "Quebec"
    assert state.is_chance_node()


def test_fewer_attackers_than_defenders_and_the_defender_adds_its_units() -> None:
    """[6) Battles] [Rulings B19] The defender brings its unassigned units into the
    pairings."""
    state, _ = battle_at(
        "Quebec",
        {
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
            "French Fortress #1": ("Quebec", FRANCE),
        },
    )
    assert state.current_player() == BRITAIN
    state.apply_action("Pair: British Regulars #1 against French Fortress #1")
    # The uncovered French Regulars join the only pairing: automatically.
    attackers_and_defenders = st(state)["pairs"][0]
    assert attackers_and_defenders.count(-1) == 1 and len(attackers_and_defenders) == 5


def test_capture_destroys_the_losers_non_unit_cards_and_moves_the_export() -> None:
    """[6) Battles] [Rulings B21] The winner at a colony takes control and the
    export; the loser's non-unit cards there are destroyed."""
    state, _ = battle_at(
        "Quebec",
        {
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Local Allies #1": ("Quebec", FRANCE),
            "French Plantations": ("Quebec", FRANCE),
        },
    )
    force(state, "Roll: 6", "Roll: 1")
    state.apply_action("Take control of: Quebec")
    assert where(state, "French Plantations") == "out"
    view = state.view(None)
    assert controller(state, "Quebec") == "Britain"
    assert view["exports"]["Britain"]["Furs"] == 1


def test_capture_takes_no_export_the_loser_no_longer_holds() -> None:
    """[6) Battles] [Rulings B21] An export the loser no longer holds is not taken."""
    state = set_up()
    doc_fields = {"exports": [st(state)["exports"][0], [0] * 9]}
    supply = list(st(state)["supply"])
    for export, count in enumerate(st(state)["exports"][1]):
        supply[export] += count
    doc_fields["supply"] = supply
    state = position(
        state,
        phase=places.MOVEMENT,
        units={
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Local Allies #1": ("Quebec", FRANCE),
        },
        hands={BRITAIN: [], FRANCE: []},
        fields=doc_fields,
    )
    state.apply_action("End movement")
    force(state, "Roll: 6", "Roll: 1")
    state.apply_action("Take control of: Quebec")
    view = state.view(None)
    assert controller(state, "Quebec") == "Britain"
    assert "Furs" not in view["exports"]["Britain"]


def test_a_battle_at_the_high_seas_changes_no_control() -> None:
    """[6) Battles] A battle at the High Seas takes no colony."""
    state, _ = battle_at(
        "High Seas",
        {
            "British Regulars #1": ("High Seas", BRITAIN),
            "French Regulars #1": ("High Seas", FRANCE),
        },
    )
    before = st(state)["control"]
    force(state, "Roll: 6", "Roll: 1")
    assert where(state, "French Regulars #1") == "out"
    assert st(state)["control"] == before


def test_the_attacker_chooses_the_order_of_battles() -> None:
    """[6) Battles] [Rulings B18] The attacker fights its battles in the order it
    chooses."""
    state, _ = battle_at(
        "Quebec",
        {
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
            "British Regulars #2": ("High Seas", BRITAIN),
            "French Regulars #2": ("High Seas", FRANCE),
        },
    )
    assert sorted(legal_texts(state)) == [
        "Fight the battle at: High Seas",
        "Fight the battle at: Quebec",
    ]


def test_siege_guns_add_to_their_sides_scores() -> None:
    """[6) Battles] A non-unit card's modifier adds to its side's die scores."""
    state, start = battle_at(
        "Quebec",
        {
            "British Regulars #1": ("Quebec", BRITAIN),
            "British Siege Guns": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
        },
    )
    force(state, "Roll: 3", "Roll: 3")  # 3 + 1 (Regulars) + 1 (Siege Guns) beats 3 + 1
    assert "British Regulars #1 rolls a 3 (modified to 5)." in texts_since(state, start)
    assert where(state, "French Regulars #1") == "out"
