"""Rulebook-first audit of 1750: steps 1) to 4) of a turn and the Historic Event Cards
Overview, written from the rulebook's text and driven through the public API."""

from __future__ import annotations

import json

import pytest

import stratagem

from .audit_helpers import (
    LEADER_ACTIONS,
    MOVEMENT,
    POLITICAL,
    PURCHASES,
    at_step,
    control,
    offered,
    play,
    rolls,
)
from .helpers import (
    BRITAIN,
    FRANCE,
    GAME,
    empty_hands,
    legal_texts,
    objective,
    position,
    refuse,
    set_up,
    where,
)

SPANISH = "Spanish Expeditionary Forces #1"
FRANCE_HOLDS_SPANISH = [-1, -1, -1, -1, -1, -1, -1, -1, FRANCE, -1]
"""The raw ``po_control``: France holds the Spanish Expeditionary Forces, nobody the rest."""


# 1) Draw from Historic Events Draw Deck


def test_draw_step_one_card_from_the_draw_deck() -> None:
    """1) Draw from Historic Events Draw Deck: the active side takes exactly one card from it."""
    state = set_up(first_draw=None)
    first = str(state.chance_outcomes()[0][0])
    assert first.startswith("Draw historic event: ")
    play(state, "Draw historic event: Minorca")
    assert state.view(None)["draw_deck"] == 9
    assert state.view(None)["hand_sizes"]["Britain"] == 6
    assert "Minorca" in state.view(BRITAIN)["you"]["hand"]


def test_draw_step_the_card_is_not_shown_to_the_opponent() -> None:
    """1) Draw from Historic Events Draw Deck: the drawn card stays hidden from the opponent."""
    state = set_up(first_draw="Minorca")
    assert "Minorca" not in json.dumps(state.view(FRANCE))
    assert "Minorca" not in json.dumps(state.visible_events(FRANCE))


def test_draw_step_play_now_or_keep() -> None:
    """1) Draw from Historic Events Draw Deck: the drawer may play the card at once or keep it."""
    state = set_up(first_draw="Minorca")
    texts = legal_texts(state)
    assert "Play: Minorca: gain 1 gold" in texts
    assert "Pass" in texts
    play(state, "Pass")
    assert "Minorca" in state.view(BRITAIN)["you"]["hand"]


# Historic Event Cards Overview


def test_historic_event_cards_overview_played_in_the_opponents_turn() -> None:
    """Historic Event Cards Overview: a card may be played during the other side's turn."""
    state = set_up(first_draw="Havana")
    play(state, "Pass")
    assert state.current_player() == FRANCE
    assert state.view(None)["active"] == "Britain"
    assert "Play: Manila" in legal_texts(state)
    gold = state.view(None)["gold"]["France"]
    play(state, "Play: Manila", "Pass")
    assert state.view(None)["gold"]["France"] == gold + 1


def test_historic_event_cards_overview_active_player_is_asked_first() -> None:
    """Historic Event Cards Overview: when both may play, the side whose turn it is goes first."""
    state = set_up(first_draw="Havana")
    assert state.current_player() == BRITAIN
    assert offered(state, "Play: ") and offered(state, "Pass")


def test_historic_event_cards_overview_no_hand_limit() -> None:
    """Historic Event Cards Overview: a hand may grow without limit."""
    state = position(set_up(), phase=PURCHASES, fields={"gold": [12, 3]})
    cards = (
        "Minorca",
        "Louisbourg",
        "Ticonderoga",
        "Quebec",
        "Guadeloupe",
        "Wandiwash",
        "Montreal",
        "Sabotage",
        "Native Guides",
        "War Chest",
        "New Settlement",
        "Lagos",
    )
    for name in cards:
        play(state, "Buy a historic event", f"Draw historic event: {name}")
    assert state.view(None)["hand_sizes"]["Britain"] == 6 + len(cards)


def test_historic_event_cards_overview_modifiers_are_cumulative() -> None:
    """Historic Event Cards Overview: two copies of one card both count; their bonuses add up."""
    state = at_step(
        MOVEMENT,
        units={
            "British Regulars #1": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
        },
        hands={BRITAIN: ["Fort Necessity", "Fort Necessity"], FRANCE: []},
    )
    play(state, "Move: British Regulars #1 to Pondicherry", "Play: Fort Necessity")
    events = play(state, "Play: Fort Necessity")
    assert events[-1] == "Britain's dice in this battle: +2 in all."
    assert state.current_player() == stratagem.CHANCE
    events = rolls(state, [3])
    assert events == ["British Regulars #1 rolls a 3 (modified to 6)."]


def test_historic_event_cards_overview_played_cards_go_to_the_discard_pile() -> None:
    """Historic Event Cards Overview: a played card that does not stay in play is discarded."""
    state = set_up(first_draw="Minorca")
    assert "Minorca" not in state.view(None)["discard"]
    play(state, "Play: Minorca: gain 1 gold", "Pass")
    assert "Minorca" in state.view(None)["discard"]
    assert "Minorca" not in state.view(BRITAIN)["you"]["hand"]


def test_historic_event_cards_overview_a_card_that_remains_in_play() -> None:
    """Historic Event Cards Overview: a card that says it stays in play is not discarded."""
    state = at_step(POLITICAL, hands={BRITAIN: ["Treaty of Paris"], FRANCE: []})
    play(state, "Skip the political objective attempt", "Play: Treaty of Paris")
    assert state.view(None)["in_play"]["Britain"] == ["Treaty of Paris"]
    assert "Treaty of Paris" not in state.view(None)["discard"]


def test_historic_event_cards_overview_only_cards_in_play_can_be_destroyed() -> None:
    """Historic Event Cards Overview: a card chosen for destruction must already be in play."""
    state = at_step(POLITICAL, hands={BRITAIN: ["Treaty of Paris", "Lagos"], FRANCE: ["Sabotage"]})
    play(state, "Skip the political objective attempt", "Play: Treaty of Paris", "Pass", "Pass")
    play(state, "Play: Sabotage")
    while not offered(state, "Target card: "):
        play(state, "Pass")
    assert offered(state, "Target card: ") == ["Target card: Treaty of Paris"]
    play(state, "Target card: Treaty of Paris")
    assert state.view(None)["in_play"]["Britain"] == []


def test_historic_event_cards_overview_a_starting_card_cancels() -> None:
    """Historic Event Cards Overview: the opponent's cancelling starting card stops a card."""
    state = at_step(POLITICAL, hands={BRITAIN: ["Treaty of Paris"], FRANCE: ["Bourbon Diplomacy"]})
    play(state, "Skip the political objective attempt", "Play: Treaty of Paris")
    events = play(state, "Play: Bourbon Diplomacy")
    assert "France cancels Britain's Treaty of Paris." in events
    assert state.view(None)["in_play"]["Britain"] == []


def test_historic_event_cards_overview_or_card_one_option_only() -> None:
    """Historic Event Cards Overview: an OR card offers each option; using one spends the card."""
    state = set_up(first_draw="Minorca")
    assert offered(state, "Play: Minorca") == [
        "Play: Minorca: gain 1 gold",
        "Play: Minorca: opponent loses 1 gold",
    ]
    play(state, "Play: Minorca: opponent loses 1 gold", "Pass")
    assert state.view(None)["gold"] == {"Britain": 3, "France": 2}
    assert "Minorca" not in state.view(BRITAIN)["you"]["hand"]
    assert not offered(state, "Play: Minorca")


# 2) Leader Actions / Colony Rules


def test_leader_actions_colony_roll_benefit_is_immediate() -> None:
    """2) Leader Actions / Colony Rules: a successful colony roll pays out at once."""
    state = at_step(LEADER_ACTIONS)
    events = play(state, "Colony roll: Jamaica")
    assert "succeeds on 5 or more" in events[0]
    while state.current_player() >= 0:
        play(state, "Pass")
    gold = state.view(None)["gold"]["Britain"]
    events = rolls(state, [6])
    assert state.view(None)["gold"]["Britain"] == gold + 1
    assert state.view(None)["step"] == "3) Political Objective Attempt"


def test_leader_actions_colony_roll_once_per_colony_each_turn() -> None:
    """2) Leader Actions / Colony Rules: a colony's die is rolled at most once a turn."""
    held = control(("Boston", "Jamaica", "Madras", "Martinique"), ("Quebec", "Pondicherry"))
    state = at_step(LEADER_ACTIONS, fields={"control": held})
    assert "Colony roll: Jamaica" in legal_texts(state)
    assert "Colony roll: Martinique" in legal_texts(state)
    play(state, "Colony roll: Jamaica")
    while state.current_player() >= 0:
        play(state, "Pass")
    rolls(state, [2])
    assert "Colony roll: Jamaica" not in legal_texts(state)
    assert "Colony roll: Martinique" in legal_texts(state)


# 3) Political Objective Attempt


def _attempt(gold: tuple[int, int] = (5, 3), **options: bool) -> stratagem.State:
    return at_step(POLITICAL, options, fields={"gold": list(gold)})


def test_political_objective_attempt_is_optional() -> None:
    """3) Political Objective Attempt: the side may attempt one objective or none."""
    state = _attempt()
    assert "Skip the political objective attempt" in legal_texts(state)
    assert len(offered(state, "Attempt: ")) == 10


def test_political_objective_attempt_only_one_per_turn() -> None:
    """3) Political Objective Attempt: after one attempt, no second attempt is offered that turn."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold", "Roll: 2")
    assert not offered(state, "Attempt: ")
    assert state.view(None)["step"] == "4) Purchases"


def test_political_objective_attempt_objective_chosen_before_the_die() -> None:
    """3) Political Objective Attempt: the objective is named before any die is rolled."""
    state = _attempt()
    assert state.current_player() == BRITAIN
    events = play(state, f"Attempt: {SPANISH}")
    assert events == [f"Britain attempts {SPANISH} (difficulty 5)."]


def test_political_objective_attempt_score_equal_to_difficulty_succeeds() -> None:
    """3) Political Objective Attempt: a score equal to the difficulty achieves the objective."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    events = rolls(state, [5])
    assert "success" in events[0]
    assert objective(state, SPANISH) == "Britain"


def test_political_objective_attempt_score_below_difficulty_fails() -> None:
    """3) Political Objective Attempt: a score below the difficulty fails and changes nothing."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    exports = state.view(None)["exports"]
    events = rolls(state, [4])
    assert "failure" in events[0]
    assert objective(state, SPANISH) is None
    assert state.view(None)["exports"] == exports


def test_political_objective_attempt_gold_adds_one_or_two() -> None:
    """3) Political Objective Attempt: 1 gold buys +1 and 2 gold buy +2, paid before the roll."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}")
    assert offered(state, "Boost the roll with ") == [
        "Boost the roll with 0 gold",
        "Boost the roll with 1 gold",
        "Boost the roll with 2 gold",
    ]
    play(state, "Boost the roll with 2 gold")
    assert state.view(None)["gold"]["Britain"] == 3
    assert state.current_player() == stratagem.CHANCE
    events = rolls(state, [3])
    assert "score 5 against 5: success" in events[0]


def test_political_objective_attempt_gold_boost_needs_the_gold() -> None:
    """3) Political Objective Attempt: a side cannot spend gold it does not have on the roll."""
    state = _attempt(gold=(1, 3))
    play(state, f"Attempt: {SPANISH}")
    assert "Boost the roll with 2 gold" not in legal_texts(state)
    refuse(state, "Boost the roll with 2 gold")


def test_political_objective_attempt_a_natural_one_fails_even_when_boosted() -> None:
    """3) Political Objective Attempt: a die showing 1 always fails, whatever the modifiers."""
    state = at_step(POLITICAL, fields={"gold": [5, 3]}, hands={BRITAIN: ["Louisbourg"], FRANCE: []})
    play(state, "Attempt: British Forces Released from Europe #1")
    while state.current_player() >= 0:
        texts = legal_texts(state)
        pick = (
            [t for t in texts if t.startswith("Play: Louisbourg")]
            or [t for t in texts if t == "Boost the roll with 2 gold"]
            or [t for t in texts if t.startswith("Pass")]
        )
        play(state, pick[0])
    events = rolls(state, [1])
    assert "failure" in " ".join(events)
    assert objective(state, "British Forces Released from Europe #1") is None


def test_political_objective_attempt_success_places_marker_exports_and_units() -> None:
    """3) Political Objective Attempt: success gives the marker, exports and units at once."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    events = rolls(state, [6])
    assert objective(state, SPANISH) == "Britain"
    assert state.view(None)["exports"]["Britain"].get("Precious Metals") == 1
    assert "British Regulars #1 is brought into play at the High Seas." in events
    assert state.view(None)["high_seas"]["Britain"] == ["British Regulars #1"]


def test_political_objective_attempt_taking_the_opponents_objective() -> None:
    """3) Political Objective Attempt: winning a held objective flips it with exports and units."""
    state = _attempt()
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold", "Roll: 6")
    state = position(
        state,
        phase=POLITICAL,
        active=FRANCE,
        fields={"gold": [3, 3]},
        hands={BRITAIN: [], FRANCE: []},
    )
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    events = rolls(state, [5])
    assert objective(state, SPANISH) == "France"
    exports = state.view(None)["exports"]
    assert "Precious Metals" not in exports["Britain"]
    assert exports["France"]["Precious Metals"] == 2
    assert "British Regulars #1 leaves the board." in events
    assert where(state, "British Regulars #1") != "High Seas"


def test_counter_diplomacy_defender_pays_to_lower_the_score() -> None:
    """Counter-Diplomacy: the holder may pay 1 or 2 gold for -1 or -2 after the attacker boosts."""
    state = at_step(
        POLITICAL,
        {"counter_diplomacy": True},
        fields={"gold": [3, 3], "po_control": FRANCE_HOLDS_SPANISH},
    )
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 1 gold")
    assert state.current_player() == FRANCE
    assert offered(state, "Counter-diplomacy with ") == [
        "Counter-diplomacy with 0 gold",
        "Counter-diplomacy with 1 gold",
        "Counter-diplomacy with 2 gold",
    ]
    play(state, "Counter-diplomacy with 2 gold")
    assert state.view(None)["gold"] == {"Britain": 2, "France": 1}
    assert state.current_player() == stratagem.CHANCE
    events = rolls(state, [6])
    assert "score 5 against 5: success" in events[0]


def test_counter_diplomacy_only_for_an_objective_the_defender_holds() -> None:
    """Counter-Diplomacy: an attempt on an open objective gives the opponent no counter."""
    state = _attempt(counter_diplomacy=True)
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 1 gold")
    assert state.current_player() == stratagem.CHANCE


def test_counter_diplomacy_not_without_the_advanced_rule() -> None:
    """Counter-Diplomacy: without the advanced rule the holder is not asked to pay."""
    state = at_step(POLITICAL, fields={"gold": [3, 3], "po_control": FRANCE_HOLDS_SPANISH})
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 1 gold")
    assert state.current_player() == stratagem.CHANCE


# 4) Purchases


def _purchases(gold: int = 10) -> stratagem.State:
    return at_step(PURCHASES, fields={"gold": [gold, 3]})


def test_purchases_a_any_number_of_battle_deck_cards() -> None:
    """4) Purchases A): several battle deck cards may be bought in one step, each for its cost."""
    state = _purchases(10)
    events = play(
        state, "Buy: British Regulars", "Buy: British Regulars", "Buy: British Local Allies"
    )
    assert all(" buys " in text for text in events)
    assert len(state.view(None)["purchases"]["Britain"]) == 3
    spent = 10 - state.view(None)["gold"]["Britain"]
    assert spent == sum(int(text.split(" for ")[1].split()[0]) for text in events)


def test_purchases_a_cannot_buy_what_the_treasury_cannot_pay() -> None:
    """4) Purchases A): a card costing more than the gold left cannot be bought."""
    state = _purchases(1)
    message = refuse(state, "Buy: Robert Clive")
    assert "costs" in message


def test_purchases_a_bought_units_wait_on_the_mat_until_placement() -> None:
    """4) Purchases A): a bought battle card sits in Purchases and cannot move this turn."""
    state = _purchases(10)
    play(state, "Buy: British Regulars")
    bought = state.view(None)["purchases"]["Britain"][0]
    assert where(state, bought) == "mat"
    play(state, "End purchases")
    assert not any(bought in text for text in offered(state, "Move: "))


def test_purchases_b_historic_event_for_one_gold_into_the_hand() -> None:
    """4) Purchases B): a historic event costs 1 gold and goes straight into the buyer's hand."""
    state = _purchases(3)
    deck = state.view(None)["purchase_deck"]
    play(state, "Buy a historic event", "Draw historic event: Minorca")
    assert state.view(None)["gold"]["Britain"] == 2
    assert state.view(BRITAIN)["you"]["hand"] == ["Minorca"]
    assert state.view(None)["purchase_deck"] == deck - 1
    assert "Minorca" not in json.dumps(state.visible_events(FRANCE))


def test_purchases_unspent_gold_is_lost() -> None:
    """4) Purchases: gold not spent by the end of the step is gone."""
    state = _purchases(5)
    play(state, "Buy: British Regulars")
    left = state.view(None)["gold"]["Britain"]
    events = play(state, "End purchases")
    assert f"Britain's {left} unspent gold is lost." in events
    assert state.view(None)["gold"]["Britain"] == 0


@pytest.mark.parametrize("seat", [BRITAIN, FRANCE])
def test_purchases_a_each_side_buys_its_own_battle_deck(seat: int) -> None:
    """4) Purchases A): a side buys only its own battle deck cards (and allied leaders)."""
    state = position(empty_hands(set_up()), phase=PURCHASES, active=seat, fields={"gold": [9, 9]})
    own, other = ("British", "French") if seat == BRITAIN else ("French", "British")
    buys = offered(state, "Buy: ")
    assert any(text.startswith(f"Buy: {own} ") for text in buys)
    assert not any(text.startswith(f"Buy: {other} ") for text in buys)


def test_setup_c_allied_leaders_can_be_left_out() -> None:
    """Setup C: the players may agree that the Spanish and Dutch leaders are not for sale."""
    game = stratagem.load("britain_vs_france", allied_leaders=False)
    state = position(set_up(game), phase=PURCHASES, game=game, fields={"gold": [9, 9]})
    assert "Buy: Juan de Prado" not in legal_texts(state)
    assert "Buy: Juan de Prado" in legal_texts(
        position(set_up(GAME), phase=PURCHASES, fields={"gold": [9, 9]})
    )


def test_political_objective_attempt_cards_add_to_or_subtract_from_the_score() -> None:
    """3) Political Objective Attempt: each side's cards raise or lower the score before the die."""
    state = at_step(
        POLITICAL,
        fields={"gold": [5, 3]},
        hands={BRITAIN: ["Louisbourg"], FRANCE: ["Diplomatic Courier"]},
    )
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 0 gold", "Play: Louisbourg", "Pass")
    assert "The political objective roll: -1 from cards." in play(state, "Play: Diplomatic Courier")
    assert state.current_player() == stratagem.CHANCE
    assert "score 4 against 5: failure" in rolls(state, [4])[0]


def test_counter_diplomacy_comes_after_the_attackers_cards() -> None:
    """Counter-Diplomacy: the holder pays only after the attacker's gold and cards are all in."""
    state = at_step(
        POLITICAL,
        {"counter_diplomacy": True},
        fields={"gold": [5, 3], "po_control": FRANCE_HOLDS_SPANISH},
        hands={BRITAIN: ["Louisbourg"], FRANCE: []},
    )
    play(state, f"Attempt: {SPANISH}", "Boost the roll with 1 gold")
    assert not offered(state, "Counter-diplomacy")
    assert "Play: Louisbourg" in legal_texts(state)
    play(state, "Play: Louisbourg")
    while not offered(state, "Counter-diplomacy"):
        play(state, "Pass")
    assert state.current_player() == FRANCE


def test_leader_actions_some_colony_rolls_need_a_leader_there() -> None:
    """2) Leader Actions / Colony Rules: a roll that needs a leader is offered only with one."""
    without = at_step(LEADER_ACTIONS)
    assert "Colony roll: Boston" not in legal_texts(without)
    with_leader = at_step(LEADER_ACTIONS, units={"James Wolfe": ("Boston", BRITAIN)})
    assert "Colony roll: Boston" in legal_texts(with_leader)


def test_leader_actions_colony_rolls_are_optional() -> None:
    """2) Leader Actions / Colony Rules: rolling for a colony is allowed, not required."""
    state = at_step(LEADER_ACTIONS)
    play(state, "End leader actions")
    assert state.view(None)["step"] == "3) Political Objective Attempt"


def test_counter_diplomacy_only_with_gold_in_the_treasury() -> None:
    """Counter-Diplomacy: the holder spends its own gold, so it is asked only if it has some."""
    advanced = {"counter_diplomacy": True}
    one = at_step(POLITICAL, advanced, fields={"gold": [3, 1], "po_control": FRANCE_HOLDS_SPANISH})
    play(one, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    assert offered(one, "Counter-diplomacy") == [
        "Counter-diplomacy with 0 gold",
        "Counter-diplomacy with 1 gold",
    ]
    broke = at_step(
        POLITICAL, advanced, fields={"gold": [3, 0], "po_control": FRANCE_HOLDS_SPANISH}
    )
    play(broke, f"Attempt: {SPANISH}", "Boost the roll with 0 gold")
    assert broke.current_player() == stratagem.CHANCE
