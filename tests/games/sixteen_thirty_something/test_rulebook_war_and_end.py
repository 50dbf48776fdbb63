"""Rulebook-first audit of Sixteen Thirty Something: A Vote for War (Resolving a War, Rolling
the Dice, The Spoils of War and its example), 6. Repeat Play, 7. End of Turn (Scoring Points
and its example, the 1st Player Marker, counters removed, random end) and How To Win!, written
from the rulebook's text and driven through the public API."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from stratagem import CHANCE, State

from .audit_helpers import (
    BLUE,
    RED,
    TWELVE_INFLUENCE_CARDS,
    acts,
    call_vote,
    cast,
    dice,
    lone_vote_in_spain,
    offered,
    phase,
    war_voted,
)
from .helpers import COUNTRIES, country, game, legal_texts, phases, position


def _war(
    board: Mapping[str, Mapping[str, int]],
    attacker: str = "England",
    defender: str = "France",
    rolled: tuple[int, int] = (3, 3),
) -> tuple[State, list[str]]:
    """Player 1 wins a lone war vote for ``attacker`` on ``defender``; dice differences forced."""
    state = war_voted(board, attacker, defender)
    assert phase(state) == phases.WAR_DICE
    return state, dice(state, *rolled)


def _totals(state: State) -> dict[str, int]:
    return dict(state.view(None)["last_war"]["totals"])


# A Vote for War: Resolving a War


def test_a_vote_for_war_is_resolved_at_once() -> None:
    """A Vote for War: a won war vote is fought straight away, before play goes on."""
    state = war_voted({"England": {"faction": RED}, "France": {"faction": BLUE}})
    assert state.current_player() == CHANCE
    assert all(str(a).startswith("Dice difference: ") for a, _ in state.chance_outcomes())


def test_rolling_the_dice_difference_of_two_dice() -> None:
    """Rolling the Dice: a side rolls the difference of two dice: 0 to 5, 6 ways in 36 for 0."""
    state = war_voted({"England": {"faction": RED}, "France": {"faction": BLUE}})
    odds = {str(a).removeprefix("Dice difference: "): p for a, p in state.chance_outcomes()}
    expected = {"0": 6, "1": 10, "2": 8, "3": 6, "4": 4, "5": 2}
    assert odds.keys() == expected.keys()
    for value, ways in expected.items():
        assert odds[value] == pytest.approx(ways / 36)


def test_resolving_a_war_military_ability_plus_dice() -> None:
    """Resolving a War: a side's total is its Military Ability plus its dice difference."""
    state, _ = _war(
        {"England": {"faction": RED, "ability": 2}, "France": {"faction": BLUE}}, rolled=(1, 4)
    )
    assert _totals(state) == {"England": 3, "France": 5}


def test_resolving_a_war_military_leader_adds_two() -> None:
    """Resolving a War / Military Leader: a leader in the country adds 2."""
    state, _ = _war(
        {"England": {"faction": RED, "leaders": 1}, "France": {"faction": BLUE}}, rolled=(1, 1)
    )
    assert _totals(state)["England"] == 3


def test_resolving_a_war_no_army_subtracts_one() -> None:
    """Resolving a War: a country with Army Size 0 fights at -1."""
    state, _ = _war(
        {"England": {"faction": RED}, "France": {"faction": BLUE, "army": 0}}, rolled=(0, 3)
    )
    assert _totals(state)["France"] == 1 + 3 - 1


def test_resolving_a_war_unrest_subtracts_one_when_attacked() -> None:
    """Resolving a War / Unrest: a country in Unrest that is attacked fights at -1."""
    state, _ = _war(
        {"England": {"faction": RED}, "France": {"faction": BLUE, "unrest": 1}}, rolled=(0, 3)
    )
    assert _totals(state)["France"] == 1 + 3 - 1


def test_defensive_modifier_england_attacked_at_status_one() -> None:
    """Defensive Modifier for England & Sweden: England attacked at Status 1 or 0 gets +1."""
    state, _ = _war(
        {"France": {"faction": RED}, "England": {"faction": BLUE, "status": 1}},
        "France",
        "England",
        (2, 2),
    )
    assert _totals(state) == {"France": 3, "England": 3}


def test_defensive_modifier_not_above_status_one() -> None:
    """Defensive Modifier for England & Sweden: at Status 2 England gets no water bonus."""
    state, _ = _war(
        {"Spain": {"faction": RED}, "England": {"faction": BLUE, "status": 2}},
        "Spain",
        "England",
        (2, 2),
    )
    assert _totals(state)["England"] == 2


def test_defensive_modifier_not_when_england_attacks() -> None:
    """Defensive Modifier for England & Sweden: the bonus is for being attacked, not attacking."""
    state, _ = _war(
        {"England": {"faction": RED, "status": 1}, "France": {"faction": BLUE}}, rolled=(2, 2)
    )
    assert _totals(state)["England"] == 2


def test_defensive_modifier_sweden_attacked_at_status_one() -> None:
    """Defensive Modifier for England & Sweden: Sweden attacked at Status 1 or 0 gets +1."""
    attacker = None
    for name in COUNTRIES:
        if name == "Sweden":
            continue
        probe = position(
            players=3,
            phase=phases.VOTE_COUNTRY,
            piles={0: {name: (False, [f"{name} 3"])}},
            board={name: {"faction": RED}, "Sweden": {"faction": BLUE, "status": 1}},
        )
        acts(probe, f"Vote in: {name}", "Done laying")
        if "Issue: war on Sweden" in legal_texts(probe):
            attacker = name
            break
    assert attacker is not None
    state, _ = _war(
        {attacker: {"faction": RED, "ability": 0}, "Sweden": {"faction": BLUE, "status": 1}},
        attacker,
        "Sweden",
        (2, 2),
    )
    assert _totals(state)["Sweden"] == 1 + 2 + 1


def test_note_on_army_size_army_size_does_not_count_in_combat() -> None:
    """Note on Army Size: a bigger army adds nothing to the combat total."""
    state, _ = _war(
        {"England": {"faction": RED, "ability": 1, "army": 5}, "France": {"faction": BLUE}},
        rolled=(2, 2),
    )
    assert _totals(state) == {"England": 3, "France": 3}


# The Spoils of War


def test_the_spoils_of_war_status_point_and_army_loss() -> None:
    """The Spoils of War: the winner takes 1 Status from the loser, whose Army Size drops by 1."""
    _state, _ = _war(
        {"England": {"faction": RED, "ability": 3}, "France": {"faction": BLUE}}, rolled=(3, 0)
    )
    assert country(_state, "England")["status"] == 2
    assert country(_state, "France")["status"] == 2
    assert country(_state, "France")["army"] == 1
    assert country(_state, "England")["army"] == 1


def test_the_spoils_of_war_loser_at_status_zero_gives_nothing() -> None:
    """The Spoils of War: a loser at Status 0 has no Status to give; the winner gains none."""
    state, _ = _war(
        {"France": {"faction": RED}, "German States": {"faction": BLUE, "status": 0}},
        "France",
        "German States",
        (5, 0),
    )
    assert country(state, "France")["status"] == 3
    assert country(state, "German States")["status"] == 0


def test_the_spoils_of_war_winner_at_seven_still_costs_the_loser() -> None:
    """The Spoils of War: a winner at Status 7 gains nothing but the loser still loses its point."""
    state, _ = _war(
        {"France": {"faction": RED, "status": 7}, "Spain": {"faction": BLUE}},
        "France",
        "Spain",
        (5, 0),
    )
    assert country(state, "France")["status"] == 7
    assert country(state, "Spain")["status"] == 4


def test_the_spoils_of_war_a_tie_costs_both_armies_no_status() -> None:
    """The Spoils of War: a tied war costs each side 1 Army Size and moves no Status; no refight."""
    state, _ = _war(
        {"Sweden": {"faction": RED, "status": 3}, "Spain": {"faction": BLUE, "status": 3}},
        "Sweden",
        "Spain",
        (2, 2),
    )
    assert (country(state, "Sweden")["army"], country(state, "Spain")["army"]) == (0, 1)
    assert (country(state, "Sweden")["status"], country(state, "Spain")["status"]) == (3, 3)
    assert phase(state) != phases.WAR_DICE


def test_the_spoils_of_war_unarmed_loser_loses_military_ability() -> None:
    """The Spoils of War: a loser already at Army Size 0 loses a point of Military Ability."""
    state, _ = _war(
        {
            "England": {"faction": RED, "ability": 1},
            "France": {"faction": BLUE, "army": 0, "ability": 2},
        },
        rolled=(5, 0),
    )
    assert country(state, "France")["ability"] == 1
    assert country(state, "France")["army"] == 0


def test_the_spoils_of_war_example_england_against_france() -> None:
    """The Spoils of War, Example: England +3 rolls 1, France +1 rolls 4: France wins 5 to 4."""
    state, events = _war(
        {
            "England": {"faction": RED, "ability": 1, "leaders": 1, "army": 1},
            "France": {"faction": BLUE, "ability": 1, "army": 2},
        },
        rolled=(1, 4),
    )
    assert _totals(state) == {"England": 4, "France": 5}
    assert state.view(None)["last_war"]["winner"] == "France"
    assert country(state, "England")["status"] == 0
    assert country(state, "France")["status"] == 4
    assert country(state, "England")["army"] == 0
    assert any("France wins" in text for text in events)


# 6. Repeat Play


def test_repeat_play_next_player_clockwise_takes_phases_one_to_five() -> None:
    """6. Repeat Play: when a player's five phases end, the next player clockwise takes his."""
    state = position(
        players=4, phase=phases.VOTE_COUNTRY, active=2, piles={2: {"Spain": (False, ["Spain 3"])}}
    )
    call_vote(state, "Spain")
    events = cast(state, {2: "red"})
    assert events[-1] == "Player 4 takes phases 1 to 5."


# 7. End of Turn


def _end_of_turn(players: int = 3, turn: int = 1, **kw: object) -> tuple[State, list[str]]:
    """The last player (Player 3 after Players 1 and 2) ends the turn with a lone vote in Spain."""
    piles = dict(kw.pop("piles", {}))  # type: ignore[call-overload]
    piles.setdefault(2, {})
    piles[2] = {"Spain": (False, ["Spain 3"]), **piles[2]}
    state = position(
        players=players,
        phase=phases.VOTE_COUNTRY,
        active=2,
        first=0,
        order=2 if players == 3 else players - 1,
        turn=turn,
        piles=piles,
        **kw,
    )  # type: ignore[arg-type]
    call_vote(state, "Spain")
    events = cast(state, dict.fromkeys(range(players), "red"))
    return state, events


def test_scoring_points_lowest_of_status_and_influence() -> None:
    """7. End of Turn, Scoring Points: a counter scores the lower of Status and one's influence."""
    state, _ = _end_of_turn(
        piles={1: {"Sweden": (False, ["Sweden 3", "Sweden 3"]), "France": (False, ["France 1"])}},
        counters={1: ["Sweden", "France", "Poland", "Denmark"]},
    )
    assert state.view(None)["victory_points"]["Player 2"] == 2 + 1


def test_scoring_points_two_counters_score_twice() -> None:
    """7. End of Turn, Scoring Points: two counters for one country score it twice."""
    state, _ = _end_of_turn(
        piles={1: {"Sweden": (False, ["Sweden 3", "Sweden 3"])}},
        counters={1: ["Sweden", "Sweden", "Poland", "Denmark"]},
    )
    assert state.view(None)["victory_points"]["Player 2"] == 4


def test_scoring_points_no_counter_no_points() -> None:
    """7. End of Turn, Scoring Points: influence where one holds no counter scores nothing."""
    state, _ = _end_of_turn(
        piles={1: {"Sweden": (False, ["Sweden 3", "Sweden 3"])}},
        counters={1: ["Poland", "Poland", "Denmark", "Denmark"]},
    )
    assert state.view(None)["victory_points"]["Player 2"] == 0


def test_scoring_points_example_martin() -> None:
    """7. End of Turn, Scoring Points, Example: England 1, Sweden 3, Spain 2: 6 for Martin."""
    state, _ = _end_of_turn(
        piles={
            1: {
                "England": (False, ["England 3", "England 2"]),
                "Sweden": (False, ["Sweden 3", "Sweden 2"]),
                "Spain": (False, ["Spain 2"]),
            }
        },
        counters={1: ["England", "Sweden", "Spain", "Poland"]},
        board={"Sweden": {"status": 3}},
    )
    assert state.view(None)["victory_points"]["Player 2"] == 1 + 3 + 2


def test_scoring_points_kept_secret_from_the_others() -> None:
    """7. End of Turn: counters stay hidden: others see a player's total, not its countries."""
    state, _ = _end_of_turn(
        piles={1: {"Sweden": (False, ["Sweden 3"])}},
        counters={1: ["Sweden", "Poland", "Denmark", "France"]},
    )
    seen_by_player_1 = [
        e["text"] for e in state.visible_events(0) if e["text"].startswith("Player 2 scores")
    ]
    seen_by_player_2 = [
        e["text"] for e in state.visible_events(1) if e["text"].startswith("Player 2 scores")
    ]
    assert seen_by_player_1 and "Sweden" not in seen_by_player_1[0]
    assert "Sweden" in seen_by_player_2[0]


def test_passing_on_the_1st_player_marker_clockwise() -> None:
    """7. End of Turn, Passing on the 1st Player Marker: the marker moves to the next player."""
    state, events = _end_of_turn()
    assert "The 1st Player Marker passes to Player 2." in events
    assert state.view(None)["first_player"] == "Player 2"


def test_end_of_turn_leaders_and_unrest_removed() -> None:
    """7. End of Turn: every Military Leader and Unrest counter leaves the map."""
    state, _ = _end_of_turn(board={"England": {"leaders": 1}, "France": {"unrest": 1}})
    assert not country(state, "England").get("leaders")
    assert not country(state, "France").get("unrest")


def test_end_of_turn_turn_marker_moves_on() -> None:
    """7. End of Turn: the Turn Marker moves on one box."""
    state, _ = _end_of_turn(turn=3)
    assert state.view(None)["turn"] == 4


def test_checking_for_a_random_end_die_against_the_box() -> None:
    """Checking for a random end: where the box has a number, a die at or under it ends the game."""
    ends = {}
    for turn in range(1, 10):
        state, _ = _end_of_turn(turn=turn)
        if phase(state) == phases.RANDOM_END:
            odds = {str(a): p for a, p in state.chance_outcomes()}
            ends[turn] = odds["Random end: the game ends"]
            over = state.clone()
            acts(state, "Random end: the game ends")
            assert state.is_terminal()
            acts(over, "Random end: the game goes on")
            assert not over.is_terminal()
    assert ends, "no turn box carries a random-end number"
    for chance in ends.values():
        assert chance * 6 == pytest.approx(round(chance * 6))
    assert 1 not in ends


def test_checking_for_a_random_end_always_after_turn_ten() -> None:
    """Checking for a random end: the game ends after game turn 10 in any case."""
    state, _ = _end_of_turn(turn=10)
    assert state.is_terminal()
    assert state.result()["details"]["turns"] == 10


def test_how_to_win_most_victory_points() -> None:
    """How To Win!: the player with the most Victory Points wins."""
    state, _ = _end_of_turn(turn=10, vp=[5, 9, 7])
    assert state.result()["winners"] == ["Player 2"]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_how_to_win_a_draw_stays_a_draw() -> None:
    """How To Win!: equal Victory Points are a draw; there is no tie breaker."""
    state, _ = _end_of_turn(turn=10, vp=[9, 9, 7])
    assert sorted(state.result()["winners"]) == ["Player 1", "Player 2"]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_how_to_win_score_added_before_the_end() -> None:
    """7. End of Turn: the last turn's points are scored before the winner is found."""
    state, _ = _end_of_turn(
        turn=10,
        vp=[9, 9, 7],
        piles={1: {"Sweden": (False, ["Sweden 3"])}},
        counters={1: ["Sweden", "Poland", "Denmark", "France"]},
    )
    assert state.result()["winners"] == ["Player 2"]


def test_game_length_ten_turns_at_most() -> None:
    """The Turn Sequence: the game lasts at most ten turns."""
    assert game(3).new_initial_state().view(None)["turns"] == 10


def test_repeat_play_hand_limit_checked_as_play_passes() -> None:
    """6. Repeat Play: passing play on, a player over 13 cards discards down to 13."""
    hand = [*TWELVE_INFLUENCE_CARDS, "Vote", "Unrest", "Assassin"]
    state = lone_vote_in_spain(phase=phases.VOTE_COUNTRY, hands={0: hand})
    acts(state, "Discard: Vote")
    assert offered(state, "Discard: ")
    acts(state, "Discard: Unrest")
    assert state.view(None)["cards_in_hand"]["Player 1"] == 13
    assert not offered(state, "Discard: ")


def test_resolving_a_war_military_leader_helps_the_defender_too() -> None:
    """Resolving a War / Military Leader: the +2 counts in any combat, defending included."""
    state, _ = _war(
        {"England": {"faction": RED}, "France": {"faction": BLUE, "leaders": 1}}, rolled=(1, 1)
    )
    assert _totals(state)["France"] == 1 + 1 + 2


def test_the_spoils_of_war_a_tie_costs_no_military_ability() -> None:
    """The Spoils of War: a tie costs an unarmed country no Military Ability; only a loss does."""
    state, _ = _war(
        {
            "England": {"faction": RED, "ability": 1},
            "France": {"faction": BLUE, "army": 0, "ability": 1},
        },
        rolled=(1, 2),
    )
    assert "a tie" in state.events[-2].text
    assert country(state, "France")["ability"] == 1


def test_scoring_points_a_descendant_pile_scores_in_full() -> None:
    """More about Influence Cards / Scoring Points: descendant cards score their full votes."""
    state, _ = _end_of_turn(
        piles={1: {"Sweden": (True, ["Sweden 1", "Sweden 1"])}},
        counters={1: ["Sweden", "Poland", "Denmark", "France"]},
    )
    assert state.view(None)["victory_points"]["Player 2"] == 2
