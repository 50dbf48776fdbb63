"""Setup A to I and the steps of the turn: draw, colony rolls, political objectives,
purchases, movement, placing purchases and revenue."""

from __future__ import annotations

import stratagem
from stratagem.games.britain_vs_france import places
from stratagem.games.britain_vs_france.scoring import export_sets

from .helpers import (
    BRITAIN,
    FRANCE,
    GAME,
    controller,
    force,
    legal_texts,
    objective,
    position,
    refuse,
    set_up,
    st,
    texts_since,
    unit,
    where,
)


def test_setup_a_to_i() -> None:
    """[Setup: A)] [Setup: E)] [Setup: F)] [Setup: G)] [Setup: H)] [Setup: I)] Gold, hands,
    secret objective, draw deck, control and exports as set-up leaves them; who placed the
    first marker moves second [Starting the Game]."""
    state = set_up(first_draw=None)
    view = state.view(BRITAIN)
    assert view["gold"] == {"Britain": 3, "France": 3}
    assert view["hand_sizes"] == {"Britain": 5, "France": 5}
    assert sorted(view["you"]["hand"]) == sorted(
        ["Crown Treasury", "Fort Necessity", "Havana", "Lagos", "Royal Diplomacy"]
    )
    assert view["you"]["secret_objective"] == "Masters of Bengal"
    assert view["draw_deck"] == 10
    assert len(view["control"]["Britain"]) == 3 and len(view["control"]["France"]) == 3
    assert view["exports"]["France"] == {"Furs": 1, "Sugar": 1, "Precious Metals": 1}
    # France placed the first marker, so Britain (second to take control) moves first.
    assert view["active"] == "Britain" and state.is_chance_node()
    assert view["step"] == "1) Draw from Historic Events Draw Deck"


def test_setup_e_1_colonies_are_drawn_for_their_own_theater() -> None:
    """[Setup: E): 1.] [Rulings B8] Colonies go to their own theater: the draws for North
    America offer only its 12 colonies, then those for the Caribbean only its 6, and the
    colonies drawn stand in North America's line in the order drawn."""
    state = GAME.new_initial_state()
    offered = [str(action) for action, _ in state.chance_outcomes()]
    assert len(offered) == 12
    assert "Draw colony: Boston" in offered and "Draw colony: Jamaica" not in offered
    force(state, "Draw colony: Boston", "Draw colony: Quebec", "Draw colony: Montreal")
    offered = [str(action) for action, _ in state.chance_outcomes()]
    assert sorted(offered) == sorted(
        f"Draw colony: {name}"
        for name in ("Barbados", "Jamaica", "St. Kitts", "Guadeloupe", "Martinique", "St. Domingue")
    )
    theaters = state.view(None)["theaters"]
    assert list(theaters["North America"]) == ["Boston", "Quebec", "Montreal"]
    assert theaters["Caribbean"] == {}


def test_draw_from_historic_events_draw_deck_one_card_the_other_side_does_not_see() -> None:
    """[1) Draw from Historic Events Draw Deck] The active player's step 1 takes one card
    from the start-of-turn draw deck into its hand; the other side learns only that a card
    was drawn."""
    state = set_up(first_draw=None)
    assert state.view(BRITAIN)["step"] == "1) Draw from Historic Events Draw Deck"
    start = len(state.events)
    state.apply_action("Draw historic event: Martinique")
    view = state.view(BRITAIN)
    assert view["draw_deck"] == 9
    assert view["hand_sizes"] == {"Britain": 6, "France": 5}
    assert "Martinique" in view["you"]["hand"]
    assert [event["text"] for event in state.visible_events(FRANCE, start)] == [
        "Britain draws a historic event from the start-of-turn draw deck."
    ]
    assert [event["text"] for event in state.visible_events(BRITAIN, start)] == [
        "Britain draws Martinique from the start-of-turn draw deck."
    ]


def test_the_roll_off_winner_may_place_first_instead() -> None:
    """[Setup: F)] The roll-off's winner may place the first control marker; the
    players then alternate and a colony is taken only once."""
    state = GAME.new_initial_state()
    for theater in ("Boston", "Quebec", "Montreal"), ("Jamaica", "Martinique", "Barbados"):
        force(state, *(f"Draw colony: {name}" for name in theater))
    force(state, *(f"Draw colony: {n}" for n in ("Anamabou", "Gorée", "Dixcove")))
    force(state, *(f"Draw colony: {n}" for n in ("Madras", "Pondicherry", "Bombay")))
    force(state, "Roll-off: France wins", "Place the first control marker")
    assert state.current_player() == FRANCE
    state.apply_action("Control: Quebec")
    assert state.current_player() == BRITAIN
    refuse(state, "Control: Quebec")


def test_revenue_counts_sets_of_three_different_exports() -> None:
    """[8) Collect Revenue] 3 gold and 1 more per set of three different exports."""
    assert export_sets([2, 2, 2, 0, 0, 0, 0, 0, 0], 3) == 2
    assert export_sets([3, 1, 1, 0, 0, 0, 0, 0, 0], 3) == 1
    assert export_sets([5, 0, 0, 0, 0, 0, 0, 0, 0], 3) == 0
    assert export_sets([1] * 9, 3) == 3
    assert export_sets([4, 4, 1, 1, 0, 0, 0, 0, 0], 3) == 2
    state = position(
        set_up(),
        phase=places.PLACE,
        hands={BRITAIN: [], FRANCE: []},
        fields={
            "gold": [0, 0],
            "exports": [[2, 2, 2, 1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 1, 1, 0, 0, 0]],
            "supply": [6, 7, 6, 7, 9, 7, 4, 4, 1],
        },
    )
    state.apply_action("End placement")
    assert state.view(None)["gold"]["Britain"] == 3 + 2


def test_colony_rolls_once_per_colony_each_turn() -> None:
    """[2) Leader Actions / Colony Rules] A colony's roll is made once each turn."""
    state = position(set_up(), phase=places.LEADER, hands={BRITAIN: [], FRANCE: []})
    assert legal_texts(state) == ["Colony roll: Jamaica", "End leader actions"]
    start = len(state.events)
    state.apply_action("Colony roll: Jamaica")
    force(state, "Roll: 5")
    assert "France gains" not in " ".join(texts_since(state, start))
    assert state.view(None)["gold"]["Britain"] == 4
    # No other colony may roll (Boston needs a leader): the step ends by itself.
    assert state.view(None)["step"] == "3) Political Objective Attempt"


def test_a_colony_roll_that_needs_a_leader() -> None:
    """[2) Leader Actions / Colony Rules] A roll that needs a leader is offered only
    with one of the player's leaders at the colony."""
    state = position(
        set_up(),
        phase=places.LEADER,
        hands={BRITAIN: [], FRANCE: []},
        units={"Robert Clive": ("Boston", BRITAIN)},
    )
    assert "Colony roll: Boston" in legal_texts(state)
    state.apply_action("Colony roll: Boston")
    force(state, "Roll: 5")
    assert state.is_chance_node()  # Boston's benefit: a historic event drawn
    state.apply_action("Draw historic event: Havana")
    assert "Havana" in state.view(BRITAIN)["you"]["hand"]


def attempt_position(**fields: object) -> object:
    base = {"po_stage": places.PO_SELECT, "gold": [3, 3]}
    base.update(fields)
    return position(
        set_up(), phase=places.POLITICAL, sub=0, hands={BRITAIN: [], FRANCE: []}, fields=base
    )


def test_political_objective_attempt_with_gold() -> None:
    """[3) Political Objective Attempt] Gold spent before the roll adds to the score."""
    state = attempt_position()
    state.apply_action("Attempt: Spanish Expeditionary Forces #1")
    assert legal_texts(state) == [f"Boost the roll with {g} gold" for g in (0, 1, 2)]
    state.apply_action("Boost the roll with 2 gold")
    force(state, "Roll: 3")  # 3 + 2 meets the difficulty of 5
    view = state.view(None)
    assert objective(state, "Spanish Expeditionary Forces #1") == "Britain"
    assert view["exports"]["Britain"]["Precious Metals"] == 1
    assert view["high_seas"]["Britain"] == ["British Regulars #1"]
    assert view["step"] == "4) Purchases" and view["gold"]["Britain"] == 1


def test_a_natural_1_always_fails() -> None:
    """[3) Political Objective Attempt] A die of 1 fails whatever the modifiers."""
    state = position(
        set_up(),
        phase=places.POLITICAL,
        sub=0,
        hands={BRITAIN: ["Louisbourg"], FRANCE: []},
        fields={"po_stage": places.PO_SELECT, "gold": [3, 3]},
    )
    state.apply_action("Attempt: British Forces Released from Europe #1")
    state.apply_action("Boost the roll with 2 gold")
    assert legal_texts(state) == [
        "Play: Louisbourg",
        "Pass",
        "Pass for the rest of this turn",
    ]  # before the roll
    state.apply_action("Play: Louisbourg")  # no card left to play: the window closes
    start = len(state.events)
    force(state, "Roll: 1")  # 1 + 2 + 1 = 4 would meet 4, but a 1 always fails
    assert any("a natural 1 always fails" in text for text in texts_since(state, start))
    assert objective(state, "British Forces Released from Europe #1") is None


def test_taking_the_opponents_objective_takes_its_exports_and_units() -> None:
    """[3) Political Objective Attempt] Winning the opponent's objective moves its
    exports and removes its units from the board."""
    state = set_up()
    fields = {
        "po_stage": places.PO_SELECT,
        "gold": [3, 3],
        "po_control": [-1] * 8 + [FRANCE, -1],
    }
    exports = st(state)["exports"]
    supply = st(state)["supply"]
    exports[FRANCE][5] += 1  # the objective's Precious Metals
    supply[5] -= 1
    granted = [-1] * len(st(state)["granted"])
    granted[unit("French Regulars #1")] = 8
    fields.update(exports=exports, supply=supply, granted=granted)
    state = position(
        state,
        phase=places.POLITICAL,
        sub=0,
        hands={BRITAIN: [], FRANCE: []},
        units={"French Regulars #1": ("High Seas", FRANCE)},
        fields=fields,
    )
    state.apply_action("Attempt: Spanish Expeditionary Forces #1")
    state.apply_action("Boost the roll with 0 gold")
    force(state, "Roll: 6")
    view = state.view(None)
    assert objective(state, "Spanish Expeditionary Forces #1") == "Britain"
    assert view["exports"]["France"].get("Precious Metals") == 1  # Pondicherry's stays
    assert view["exports"]["Britain"]["Precious Metals"] == 1
    assert where(state, "French Regulars #1") == "supply"
    assert view["high_seas"]["Britain"] == ["British Regulars #1"]


def test_counter_diplomacy_spends_the_defenders_gold() -> None:
    """[Counter-Diplomacy] The defender's gold lowers the attempt's score."""
    game = stratagem.load("britain_vs_france", counter_diplomacy=True)
    state = position(
        set_up(game),
        phase=places.POLITICAL,
        sub=0,
        hands={BRITAIN: [], FRANCE: []},
        fields={"po_stage": places.PO_SELECT, "gold": [3, 3], "po_control": [FRANCE] + [-1] * 9},
        game=game,
    )
    state.apply_action("Attempt: British Forces Released from Europe #1")
    state.apply_action("Boost the roll with 1 gold")
    assert state.current_player() == FRANCE
    assert legal_texts(state) == [f"Counter-diplomacy with {g} gold" for g in (0, 1, 2)]
    state.apply_action("Counter-diplomacy with 2 gold")
    force(state, "Roll: 4")  # 4 + 1 - 2 = 3 < 4
    view = state.view(None)
    assert objective(state, "British Forces Released from Europe #1") == "France"
    assert view["gold"]["France"] == 1


def test_purchases_and_unspent_gold_is_lost() -> None:
    """[4) Purchases: A)] [4) Purchases: B)] [4) Purchases] Cards bought at their cost;
    gold not spent is lost."""
    state = position(
        set_up(), phase=places.PURCHASES, hands={BRITAIN: [], FRANCE: []}, fields={"gold": [5, 3]}
    )
    state.apply_action("Buy: Robert Clive")
    assert where(state, "Robert Clive") == "mat"
    message = refuse(state, "Buy: Louis-Joseph de Montcalm")
    assert "not legal" in message
    state.apply_action("Buy a historic event")
    state.apply_action("Draw historic event: Havana")
    assert "Havana" in state.view(BRITAIN)["you"]["hand"]
    assert state.view(None)["gold"]["Britain"] == 1
    state.apply_action("End purchases")
    assert state.view(None)["gold"]["Britain"] == 0


def test_allied_leaders_can_be_bought_by_either_side_unless_left_out() -> None:
    """[Setup: C)] [Rulings B9] The Spanish and Dutch leaders are for sale to both
    sides unless the players leave them out."""
    state = position(set_up(), phase=places.PURCHASES, hands={BRITAIN: [], FRANCE: []})
    assert "Buy: Juan de Prado" in legal_texts(state)
    game = stratagem.load("britain_vs_france", allied_leaders=False)
    state = position(
        set_up(game), phase=places.PURCHASES, hands={BRITAIN: [], FRANCE: []}, game=game
    )
    assert "Buy: Juan de Prado" not in legal_texts(state)


def test_movement_one_space_and_taking_an_empty_colony() -> None:
    """[5) Movement] [Setup: E): 2.] [Setup: E): 3.] [Setup: F): 2.] One space a turn:
    to the colony touching it in its line or to the High Seas; a colony with no opposing
    unit is taken, with its export."""
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={"British Regulars #1": ("Boston", BRITAIN)},
    )
    moves = [t for t in legal_texts(state) if t.startswith("Move")]
    assert moves == [
        "Move: British Regulars #1 to Quebec",
        "Move: British Regulars #1 to High Seas",
    ]
    state.apply_action("Move: British Regulars #1 to Quebec")
    state.apply_action("Take control of: Quebec")
    view = state.view(None)
    assert controller(state, "Quebec") == "Britain"
    assert view["exports"]["Britain"]["Furs"] == 1 and "Furs" not in view["exports"]["France"]
    refuse(state, "Move: British Regulars #1 to Montreal")  # one space per turn


def test_siege_guns_move_only_with_a_leader_and_a_fortress_never() -> None:
    """[5) Movement] Siege Guns move only together with a leader."""
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "Robert Clive": ("Boston", BRITAIN),
            "British Siege Guns": ("Boston", BRITAIN),
        },
    )
    assert not any("Siege Guns" in t for t in legal_texts(state))
    state.apply_action("Move: Robert Clive to High Seas")
    assert legal_texts(state) == [
        "Move: British Siege Guns to High Seas",
        "End movement",
    ]
    french = position(
        set_up(),
        phase=places.MOVEMENT,
        active=FRANCE,
        hands={BRITAIN: [], FRANCE: []},
        units={"French Fortress #1": ("Quebec", FRANCE)},
    )
    assert legal_texts(french) == ["End movement"]


def test_privateers_raid_an_opponents_colony() -> None:
    """[5) Movement] [Rulings B17] Privateers' raid works only once moved to an
    opponent's colony."""
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        active=FRANCE,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "French Privateers #1": ("High Seas", FRANCE),
            "British Regulars #1": ("Jamaica", BRITAIN),
        },
        fields={"gold": [2, 0]},
    )
    state.apply_action("Move: French Privateers #1 to Jamaica")
    assert state.view(None)["gold"]["Britain"] == 1
    assert controller(state, "Jamaica") == "Britain"


def test_placing_purchases() -> None:
    """[7) Place Purchases] [Setup: F): 3.] Purchases enter play at a colony the
    player controls or the High Seas."""
    state = position(
        set_up(),
        phase=places.PLACE,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "British Regulars #1": ("mat", BRITAIN),
            "British Local Allies #1": ("mat", BRITAIN),
            "British Plantations": ("mat", BRITAIN),
        },
    )
    texts = legal_texts(state)
    assert "Place: British Regulars #1 at High Seas" in texts
    assert "Place: British Regulars #1 at Quebec" not in texts
    assert "Place: British Local Allies #1 at Montreal" in texts  # nobody controls it
    assert "Place: British Plantations at High Seas" not in texts
    assert "Place: British Plantations at Boston" in texts
    state.apply_action("Place: British Plantations at Boston")
    # 3 gold, 1 set (Fish, Sugar, Silk) and 1 from the Plantations
    assert state.view(None)["revenue_next"]["Britain"] == 3 + 1 + 1
