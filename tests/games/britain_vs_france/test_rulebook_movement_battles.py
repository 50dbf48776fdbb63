"""Rulebook-first audit of 1750: 5) Movement, 6) Battles (with both worked examples and
Ransoms) and 7) Place Purchases, written from the rulebook's text and driven through the
public API."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import stratagem

from .audit_helpers import (
    MOVEMENT,
    PLACE,
    at_step,
    offered,
    play,
    prisoners,
    privateer_battle,
    regulars_battle,
    rolls,
    shop,
)
from .helpers import BRITAIN, FRANCE, controller, legal_texts, position, refuse, where


def _at(
    units: Mapping[str, tuple[str, int]], phase: int = MOVEMENT, **changes: Any
) -> stratagem.State:
    return at_step(phase, units=units, **changes)


def _destinations(state: stratagem.State, label: str) -> set[str]:
    prefix = f"Move: {label} to "
    return {text.removeprefix(prefix) for text in offered(state, prefix)}


# 5) Movement


def test_movement_one_space_along_the_line_or_to_the_high_seas() -> None:
    """5) Movement: a unit goes one space: a touching colony of its theater or the High Seas."""
    state = _at({"British Regulars #1": ("Madras", BRITAIN)})
    assert _destinations(state, "British Regulars #1") == {"Pondicherry", "High Seas"}


def test_movement_not_two_spaces_nor_across_theaters() -> None:
    """5) Movement / Setup E 2.: colonies two apart, or in other theaters, are too far."""
    state = _at({"British Regulars #1": ("Madras", BRITAIN)})
    refuse(state, "Move: British Regulars #1 to Bombay")
    refuse(state, "Move: British Regulars #1 to Jamaica")


def test_movement_from_the_high_seas_to_any_colony() -> None:
    """Setup E 3. / 5) Movement: from the High Seas every colony on the table is one space away."""
    state = _at({"British Regulars #1": ("High Seas", BRITAIN)})
    colonies = {name for theater in state.view(None)["theaters"].values() for name in theater}
    assert _destinations(state, "British Regulars #1") == colonies


def test_movement_a_middle_colony_touches_both_neighbours() -> None:
    """Setup E 2.: touching colonies are adjacent, so the middle one reaches both ends."""
    state = _at({"British Regulars #1": ("Pondicherry", BRITAIN)})
    assert _destinations(state, "British Regulars #1") == {"Madras", "Bombay", "High Seas"}


def test_movement_is_optional() -> None:
    """5) Movement: moving is the side's choice; the step can end with every unit left in place."""
    state = _at({"British Regulars #1": ("Madras", BRITAIN)})
    play(state, "End movement")
    assert where(state, "British Regulars #1") == "Madras"
    assert state.view(None)["step"] != "5) Movement"


def test_movement_once_per_turn() -> None:
    """5) Movement: a unit that has moved a space this turn may not move again."""
    state = _at(
        {"British Regulars #1": ("Madras", BRITAIN), "British Regulars #2": ("Boston", BRITAIN)}
    )
    play(state, "Move: British Regulars #1 to High Seas")
    assert not _destinations(state, "British Regulars #1")
    refuse(state, "Move: British Regulars #1 to Bombay")


def test_movement_into_an_uncontrolled_colony_takes_it_and_its_export() -> None:
    """5) Movement: entering an uncontrolled colony gives its control and its export."""
    state = _at({"British Regulars #1": ("Pondicherry", BRITAIN)})
    play(state, "Move: British Regulars #1 to Bombay", "Take control of: Bombay")
    assert controller(state, "Bombay") == "Britain"
    assert state.view(None)["exports"]["Britain"].get("Spices") == 1


def test_movement_into_an_undefended_enemy_colony_takes_it() -> None:
    """5) Movement: entering an enemy colony with no enemy units there takes it and its export."""
    state = _at({"British Regulars #1": ("Jamaica", BRITAIN)})
    play(state, "Move: British Regulars #1 to Martinique", "Take control of: Martinique")
    assert controller(state, "Martinique") == "Britain"
    assert state.view(None)["exports"]["Britain"]["Sugar"] == 2
    assert "Sugar" not in state.view(None)["exports"]["France"]


def test_movement_into_a_defended_colony_does_not_take_it() -> None:
    """5) Movement: a colony with enemy units in it is not taken by moving in (a battle follows)."""
    state = _at(
        {"British Regulars #1": ("Jamaica", BRITAIN), "French Regulars #1": ("Martinique", FRANCE)}
    )
    play(state, "Move: British Regulars #1 to Martinique")
    assert controller(state, "Martinique") == "France"


def test_movement_taking_an_entered_colony_is_the_movers_choice() -> None:
    """5) Movement: taking an entered empty colony is the mover's decision, not automatic."""
    state = _at(
        {
            "British Regulars #1": ("Pondicherry", BRITAIN),
            "British Regulars #2": ("Boston", BRITAIN),
        }
    )
    play(state, "Move: British Regulars #1 to Bombay")
    assert controller(state, "Bombay") is None
    assert any("Bombay" in text for text in legal_texts(state) if not text.startswith("Move: "))


def test_movement_siege_guns_never_alone() -> None:
    """5) Movement: Siege Guns cannot move on their own."""
    state = _at(
        {"British Siege Guns": ("Boston", BRITAIN), "British Regulars #1": ("Boston", BRITAIN)}
    )
    assert not _destinations(state, "British Siege Guns")
    play(state, "Move: British Regulars #1 to Quebec")
    assert not _destinations(state, "British Siege Guns")


def test_movement_siege_guns_with_a_leader() -> None:
    """5) Movement: Siege Guns move together with a leader card, to where the leader went."""
    state = _at({"British Siege Guns": ("Boston", BRITAIN), "James Wolfe": ("Boston", BRITAIN)})
    play(state, "Move: James Wolfe to Quebec", "Take control of: Quebec")
    assert _destinations(state, "British Siege Guns") == {"Quebec"}
    play(state, "Move: British Siege Guns to Quebec")
    assert where(state, "British Siege Guns") == "Quebec"


def test_movement_ends_before_battles() -> None:
    """5) Movement: every move is made before battles start; no move is offered in a battle."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "British Regulars #2": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
        }
    )
    play(state, "Move: British Regulars #1 to Pondicherry", "End movement")
    assert state.view(None)["step"] == "6) Battles"
    assert not offered(state, "Move: ")


# 6) Battles


def test_battles_fought_wherever_both_sides_have_units_including_the_high_seas() -> None:
    """6) Battles: both sides' units on the High Seas make a battle there."""
    state = _at(
        {"British Regulars #1": ("Madras", BRITAIN), "French Regulars #1": ("High Seas", FRANCE)}
    )
    events = play(state, "Move: British Regulars #1 to High Seas")
    assert events[-2].startswith("Battle at High Seas: Britain attacks")


def test_battles_the_attacker_chooses_the_order() -> None:
    """6) Battles: with several battles, the active side picks which to fight first."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "British Regulars #2": ("Jamaica", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "French Regulars #2": ("Martinique", FRANCE),
        }
    )
    play(
        state, "Move: British Regulars #1 to Pondicherry", "Move: British Regulars #2 to Martinique"
    )
    assert state.current_player() == BRITAIN
    assert sorted(offered(state, "Fight the battle at: ")) == [
        "Fight the battle at: Martinique",
        "Fight the battle at: Pondicherry",
    ]


def _two_on_two() -> stratagem.State:
    state = _at(
        {
            "Robert Clive": ("Madras", BRITAIN),
            "British Local Allies #1": ("Madras", BRITAIN),
            "French Fortress #1": ("Pondicherry", FRANCE),
            "Armand de Vignerot du Plessis": ("Pondicherry", FRANCE),
        }
    )
    play(state, "Move: Robert Clive to Pondicherry", "Move: British Local Allies #1 to Pondicherry")
    return state


def test_battles_attacker_makes_the_pairings() -> None:
    """6) Battles: the side whose turn it is pairs its units against the defenders."""
    state = _two_on_two()
    assert state.current_player() == BRITAIN
    assert len(offered(state, "Pair: ")) == 4


def test_battles_every_defender_gets_an_attacker_first() -> None:
    """6) Battles: while possible, each defending unit must face at least one attacker."""
    state = _two_on_two()
    events = play(state, "Pair: Robert Clive against Armand de Vignerot du Plessis")
    assert "British Local Allies #1 is paired against French Fortress #1." in events


def test_battles_extra_attackers_join_as_the_attacker_decides() -> None:
    """6) Battles: attackers left over after the pairings are added where the attacker chooses."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "British Regulars #2": ("Madras", BRITAIN),
            "Robert Clive": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "Marquis de Bussy": ("Pondicherry", FRANCE),
        }
    )
    for label in ("British Regulars #1", "British Regulars #2", "Robert Clive"):
        play(state, f"Move: {label} to Pondicherry")
    play(state, "Pair: Robert Clive against Marquis de Bussy")
    assert state.current_player() == BRITAIN
    assert len(offered(state, "Join: ")) == 2
    play(state, "Join: British Regulars #2 to the pairing of Marquis de Bussy")
    pairings = state.view(None)["battle"]["pairings"]
    assert sorted(len(p["attackers"]) for p in pairings) == [1, 2]


def test_battles_extra_defenders_join_as_the_defender_decides() -> None:
    """6) Battles: defenders left without an attacker are added where the defender chooses."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "Robert Clive": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "French Fortress #1": ("Pondicherry", FRANCE),
            "Marquis de Bussy": ("Pondicherry", FRANCE),
        }
    )
    play(state, "Move: British Regulars #1 to Pondicherry", "Move: Robert Clive to Pondicherry")
    play(
        state,
        "Pair: Robert Clive against Marquis de Bussy",
        "Pair: British Regulars #1 against French Regulars #1",
    )
    assert state.current_player() == FRANCE
    assert sorted(offered(state, "Join: ")) == [
        "Join: French Fortress #1 to the pairing of French Regulars #1",
        "Join: French Fortress #1 to the pairing of Marquis de Bussy",
    ]


def test_battle_example_1_from_the_rulebook() -> None:
    """6) Battles, Example #1: Clive 3+2 beats Armand 3+1, Fortress 3+2 beats Local Allies 4."""
    state = _two_on_two()
    play(state, "Pair: Robert Clive against Armand de Vignerot du Plessis")
    events = rolls(state, [3, 3, 4, 3])
    assert events[:4] == [
        "Robert Clive rolls a 3 (modified to 5).",
        "Armand de Vignerot du Plessis rolls a 3 (modified to 4).",
        "British Local Allies #1 rolls a 4.",
        "French Fortress #1 rolls a 3 (modified to 5).",
    ]
    assert (
        "Armand de Vignerot du Plessis (France) is captured and goes to the Britain prison."
        in events
    )
    assert "British Local Allies #1 (Britain) is destroyed." in events
    assert where(state, "Armand de Vignerot du Plessis") == "prison of Britain"
    assert where(state, "British Local Allies #1") == "out"
    assert state.view(None)["battle"]["pairings"] == [
        {"attackers": ["Robert Clive"], "defenders": ["French Fortress #1"], "scores": {}}
    ]


def test_battle_example_2_from_the_rulebook() -> None:
    """6) Battles, Example #2: Local Allies 4 and German Mercenary 2 lose to Privateer 5."""
    state = privateer_battle("British German Mercenary #1")
    play(state, "Pair: British Local Allies #1 against French Privateers #1")
    assert len(state.view(None)["battle"]["pairings"][0]["attackers"]) == 2
    events = rolls(state, [4, 2, 5])
    assert (
        events[-1] == "Pairing of French Privateers #1: Britain 4, France 5: "
        "Britain must destroy a unit of this pairing."
    )
    assert state.current_player() == BRITAIN
    assert sorted(offered(state, "Destroy: ")) == [
        "Destroy: British German Mercenary #1",
        "Destroy: British Local Allies #1",
    ]
    play(state, "Destroy: British German Mercenary #1")
    assert where(state, "British German Mercenary #1") == "out"
    assert state.view(None)["battle"]["pairings"][0]["attackers"] == ["British Local Allies #1"]


def test_battles_all_dice_rolled_before_any_loss() -> None:
    """6) Battles: all pairings' dice count as rolled together; losses come after all of them."""
    state = _two_on_two()
    play(state, "Pair: Robert Clive against Armand de Vignerot du Plessis")
    events = rolls(state, [6, 1, 1])
    assert not any("destroyed" in text or "captured" in text for text in events)
    assert state.current_player() == stratagem.CHANCE


def test_battles_a_tie_destroys_nothing() -> None:
    """6) Battles: equal high scores in a pairing destroy no unit, and the battle goes on."""
    state = regulars_battle()
    events = rolls(state, [4, 4])
    assert "a tie, no unit is destroyed" in events[2]
    assert (
        where(state, "British Regulars #1") == where(state, "French Regulars #1") == "Pondicherry"
    )
    assert state.view(None)["battle"] is not None


def test_battles_no_retreat_until_one_side_is_left() -> None:
    """6) Battles: the battle goes on, with no way out, until only one side has units there."""
    state = regulars_battle()
    for _ in range(3):
        rolls(state, [2, 2])
        assert state.current_player() == stratagem.CHANCE
    events = rolls(state, [2, 3])
    assert "France wins the battle at Pondicherry." in events


def test_battles_a_score_may_go_above_six() -> None:
    """6) Battles: a modified die score may exceed 6."""
    state = _two_on_two()
    play(state, "Pair: Robert Clive against Armand de Vignerot du Plessis")
    assert rolls(state, [6]) == ["Robert Clive rolls a 6 (modified to 8)."]


def test_battles_a_score_may_fall_below_one() -> None:
    """6) Battles: a modified die score may be less than 1."""
    state = _at(
        {
            "British Local Allies #1": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
        },
        hands={BRITAIN: [], FRANCE: ["Braddock's Expedition"]},
    )
    play(state, "Move: British Local Allies #1 to Pondicherry", "Play: Braddock's Expedition")
    assert rolls(state, [1]) == ["British Local Allies #1 rolls a 1 (modified to 0)."]


def test_battles_imprisoned_leaders_cannot_be_bought_again() -> None:
    """6) Battles: a captured leader sits in the enemy prison and is not for sale to its owner."""
    state = _two_on_two()
    play(state, "Pair: Robert Clive against Armand de Vignerot du Plessis")
    rolls(state, [1, 6, 6, 1])
    assert where(state, "Robert Clive") == "prison of France"
    state = shop(state)
    assert "Buy: Robert Clive" not in legal_texts(state)
    assert "Buy: James Wolfe" in legal_texts(state)


def test_battles_a_won_colony_changes_hands_with_its_export() -> None:
    """6) Battles: wiping out the defenders at their colony takes its control and its export."""
    state = regulars_battle()
    rolls(state, [6, 1])
    play(state, "Take control of: Pondicherry")
    assert controller(state, "Pondicherry") == "Britain"
    exports = state.view(None)["exports"]
    assert exports["Britain"]["Precious Metals"] == 1
    assert "Precious Metals" not in exports["France"]


def test_battles_a_won_colony_export_the_loser_no_longer_has() -> None:
    """6) Battles: a loser with no copy of the colony's export loses none; the colony still goes."""
    state = regulars_battle(
        fields={
            "exports": [[1, 1, 0, 0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 1, 0, 0, 0, 0]],
            "supply": [7, 8, 8, 8, 8, 8, 4, 4, 1],
        }
    )
    rolls(state, [6, 1])
    play(state, "Take control of: Pondicherry")
    exports = state.view(None)["exports"]
    assert exports["France"] == {"Furs": 1, "Sugar": 1}
    assert controller(state, "Pondicherry") == "Britain"


def test_battles_a_won_colony_destroys_the_losers_non_unit_cards() -> None:
    """6) Battles: the loser's Plantations and Siege Guns at the taken colony go out of play."""
    state = regulars_battle(
        {
            "French Plantations": ("Pondicherry", FRANCE),
            "French Siege Guns": ("Pondicherry", FRANCE),
        }
    )
    rolls(state, [6, 1])
    play(state, "Take control of: Pondicherry")
    assert where(state, "French Plantations") == "out"
    assert where(state, "French Siege Guns") == "out"


def test_battles_taking_a_won_colony_is_the_winners_choice() -> None:
    """6) Battles: the three effects of winning at an enemy colony are the winner's option."""
    state = regulars_battle()
    rolls(state, [6, 1])
    assert controller(state, "Pondicherry") == "France"
    assert state.current_player() == BRITAIN


def test_ransoms_exchange_returns_both_leaders_to_their_decks() -> None:
    """Ransoms: an agreed exchange sends each released leader back to its owner's battle deck."""
    state = prisoners({"Robert Clive": BRITAIN, "Marquis de Bussy": FRANCE})
    play(state, "Offer an exchange: Robert Clive for Marquis de Bussy")
    assert state.current_player() == FRANCE
    assert sorted(legal_texts(state)) == ["Accept the ransom", "Refuse the ransom"]
    play(state, "Accept the ransom")
    assert state.view(None)["prisoners"] == {"Britain": [], "France": []}
    assert "Buy: Robert Clive" in legal_texts(state)


def test_ransoms_gold_offer_can_be_refused() -> None:
    """Ransoms: release needs agreed terms; a refused gold offer costs nothing, frees nobody."""
    state = prisoners({"Robert Clive": BRITAIN})
    play(state, "Offer a ransom: Robert Clive for 2 gold", "Refuse the ransom")
    assert state.view(None)["gold"] == {"Britain": 5, "France": 3}
    assert where(state, "Robert Clive") == "prison of France"


def test_ransoms_not_without_the_advanced_rule() -> None:
    """Ransoms: without the advanced rule no ransom is offered."""
    state = prisoners({"Robert Clive": BRITAIN}, ransoms=False)
    assert not offered(state, "Offer a")


# 7) Place Purchases


def test_place_purchases_only_at_own_colonies_or_the_high_seas() -> None:
    """7) Place Purchases / Setup F 3.: units enter at a colony one controls or at the High Seas."""
    state = _at({"British Regulars #1": ("mat", BRITAIN)}, phase=PLACE)
    spots = {
        text.removeprefix("Place: British Regulars #1 at ") for text in offered(state, "Place: ")
    }
    assert spots == {"Boston", "Jamaica", "Madras", "High Seas"}
    refuse(state, "Place: British Regulars #1 at Pondicherry")
    refuse(state, "Place: British Regulars #1 at Bombay")


def test_place_purchases_at_the_high_seas_even_with_enemies_there() -> None:
    """7) Place Purchases: the High Seas take new units even while enemy units are there."""
    state = _at(
        {"British Regulars #1": ("mat", BRITAIN), "French Regulars #1": ("High Seas", FRANCE)},
        phase=PLACE,
    )
    play(state, "Place: British Regulars #1 at High Seas")
    assert where(state, "British Regulars #1") == "High Seas"


def test_place_purchases_may_wait_on_the_mat_for_a_later_turn() -> None:
    """7) Place Purchases: a purchase may stay on the mat and be placed in a later turn's step."""
    state = _at({"British Regulars #1": ("mat", BRITAIN)}, phase=PLACE)
    play(state, "End placement")
    assert state.view(None)["purchases"]["Britain"] == ["British Regulars #1"]
    later = position(
        state, phase=PLACE, active=BRITAIN, fields={"turn": 3}, hands={BRITAIN: [], FRANCE: []}
    )
    assert "Place: British Regulars #1 at High Seas" in legal_texts(later)


def test_battles_units_already_facing_each_other_fight_without_moving() -> None:
    """6) Battles: a battle happens wherever both sides have units, even where nobody moved."""
    state = _at(
        {"British Regulars #1": ("High Seas", BRITAIN), "French Regulars #1": ("High Seas", FRANCE)}
    )
    events = play(state, "End movement")
    assert events[0].startswith("Battle at High Seas: Britain attacks with British Regulars #1")


def test_battles_card_effects_last_until_the_battle_ends() -> None:
    """6) Battles: a card played on the battle keeps working in its later rounds."""
    state = regulars_battle(hands={BRITAIN: ["Fort Necessity"], FRANCE: []})
    play(state, "Play: Fort Necessity")
    first = rolls(state, [3, 4])
    assert "a tie" in first[-3]
    assert rolls(state, [3]) == ["British Regulars #1 rolls a 3 (modified to 5)."]


def test_battles_scores_of_a_side_are_not_added_and_ties_on_the_high_score() -> None:
    """6) Battles: several units' dice are not summed; equal best scores are a tie."""
    state = privateer_battle("British Local Allies #2")
    events = rolls(state, [5, 3, 5])
    assert (
        "Pairing of French Privateers #1: Britain 5, France 5: a tie, no unit is destroyed."
        in events
    )


def test_battles_a_captured_allied_leader_is_off_sale_to_both_sides() -> None:
    """6) Battles: a destroyed allied leader goes to the captor's prison and nobody may buy it."""
    state = _at(
        {"Juan de Prado": ("Madras", BRITAIN), "French Regulars #1": ("Pondicherry", FRANCE)}
    )
    play(state, "Move: Juan de Prado to Pondicherry")
    rolls(state, [1, 6])
    assert state.view(None)["prisoners"]["France"] == ["Juan de Prado"]
    for seat in (BRITAIN, FRANCE):
        assert "Buy: Juan de Prado" not in legal_texts(shop(state, seat))


def test_ransoms_accepted_gold_goes_to_the_captor() -> None:
    """Ransoms: an accepted gold ransom pays the captor and frees the leader to its owner's deck."""
    state = prisoners({"Robert Clive": BRITAIN})
    play(state, "Offer a ransom: Robert Clive for 2 gold", "Accept the ransom")
    assert state.view(None)["gold"] == {"Britain": 3, "France": 5}
    assert "Buy: Robert Clive" in legal_texts(state)


def test_battles_siege_guns_and_plantations_are_not_units_in_a_battle() -> None:
    """6) Battles: Siege Guns and Plantations are non-unit cards: they roll no die as defenders."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "French Siege Guns": ("Pondicherry", FRANCE),
            "French Plantations": ("Pondicherry", FRANCE),
        }
    )
    events = play(state, "Move: British Regulars #1 to Pondicherry")
    assert "France defends with French Regulars #1;" in events[1] or events[1].endswith(
        "France defends with French Regulars #1."
    )


def test_movement_a_colony_holding_only_plantations_has_no_opposing_units() -> None:
    """5) Movement: a colony with only enemy Plantations has no opposing units; entry takes it."""
    state = _at(
        {"British Regulars #1": ("Madras", BRITAIN), "French Plantations": ("Pondicherry", FRANCE)}
    )
    play(state, "Move: British Regulars #1 to Pondicherry", "Take control of: Pondicherry")
    assert controller(state, "Pondicherry") == "Britain"


def test_battles_a_lone_attacker_chooses_its_opponent() -> None:
    """6) Battles: with fewer attackers than defenders, the attacker picks whom to face."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "French Fortress #1": ("Pondicherry", FRANCE),
        }
    )
    play(state, "Move: British Regulars #1 to Pondicherry")
    assert state.current_player() == BRITAIN
    assert sorted(offered(state, "Pair: ")) == [
        "Pair: British Regulars #1 against French Fortress #1",
        "Pair: British Regulars #1 against French Regulars #1",
    ]
    events = play(state, "Pair: British Regulars #1 against French Fortress #1")
    assert "French Regulars #1 joins the pairing of French Fortress #1." in events
