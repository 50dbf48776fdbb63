"""Voting for War, Resolving a War, Rolling the Dice, The Spoils of War."""

from __future__ import annotations

from typing import Any

from stratagem import State
from stratagem.games.sixteen_thirty_something import phases

from .helpers import TIM, country, legal_texts, play, position, refuse

RED, BLUE = 0, 1


def war(attacker: str, defender: str, board: dict[str, dict[str, int]] | None = None) -> State:
    """Tim alone has influence in ``attacker`` (red) and calls the vote; ``defender`` is
    blue. Returns the state at the vote's issue."""
    board = {attacker: {"faction": RED}, defender: {"faction": BLUE}, **(board or {})}
    state = position(
        phase=phases.SPECIALS,
        active=TIM,
        piles={TIM: {attacker: (False, [f"{attacker} 2"])}},
        board=board,
    )
    play(state, "Play no more Special Cards", f"Vote in: {attacker}", "Done laying")
    return state


def fight(state: State, defender: str, attack: int, defend: int) -> dict[str, Any]:
    play(state, f"Issue: war on {defender}", *["Done laying"] * 4, "Vote war")
    play(state, f"Dice difference: {attack}", f"Dice difference: {defend}")
    return dict(state.view(None)["last_war"])


def test_dice_difference_probabilities() -> None:
    """A war voted for is fought at once: the next step is the dice, the difference of two
    dice, 0 to 5, with its exact odds [A Vote for War] [Rolling the Dice]."""
    state = war("France", "Spain")
    play(state, "Issue: war on Spain", *["Done laying"] * 4, "Vote war")
    odds = {a.text: p for a, p in state.chance_outcomes()}
    assert odds == {f"Dice difference: {d}": w / 36 for d, w in enumerate((6, 10, 8, 6, 4, 2))}


def test_winner_takes_a_status_point_and_loser_loses_army() -> None:
    """The higher total takes a Status point from the loser, whose Army Size drops by one [The
    Spoils of War]."""
    state = war("France", "Spain")
    result = fight(state, "Spain", 5, 0)
    assert result["winner"] == "France"
    assert result["totals"] == {"France": 6, "Spain": 1}
    assert (country(state, "France")["status"], country(state, "Spain")["status"]) == (4, 4)
    assert country(state, "Spain")["army"] == 1
    assert country(state, "France")["army"] == 2


def test_no_status_point_from_a_country_at_zero_and_none_above_seven() -> None:
    """A loser at 0 gives nothing; a winner at 7 gains nothing, the loser still loses its point
    [The Spoils of War]."""
    state = war("France", "Spain", {"Spain": {"faction": BLUE, "status": 7}})
    fight(state, "Spain", 0, 5)
    assert country(state, "Spain")["status"] == 7
    assert country(state, "France")["status"] == 2
    state = war("France", "England", {"England": {"faction": BLUE, "status": 0}})
    fight(state, "England", 5, 0)
    assert country(state, "England")["status"] == 0
    assert country(state, "France")["status"] == 3


def test_tie_costs_both_an_army_point() -> None:
    """A tied war costs both an Army Size point and no Status [The Spoils of War]."""
    state = war("France", "Spain")
    result = fight(state, "Spain", 2, 2)
    assert result["winner"] is None
    assert country(state, "France")["army"] == 1 and country(state, "Spain")["army"] == 1
    assert country(state, "France")["status"] == 3 and country(state, "Spain")["status"] == 5


def test_army_zero_defender_modifier_and_ability_loss() -> None:
    """Army Size zero gives -1; a country at Army 0 that loses loses a point of Military
    Ability, the Army Size read before the war [Resolving a War] [Note on Army Size] [The
    Spoils of War] [Rulings R6]."""
    state = war("France", "Spain", {"Spain": {"faction": BLUE, "army": 0}})
    result = fight(state, "Spain", 0, 0)
    assert result["modifiers"]["Spain"] == {"Military Ability": 1, "Army Size is zero": -1}
    assert country(state, "Spain")["ability"] == 0
    assert country(state, "Spain")["army"] == 0


def test_unrest_defender_and_water_defence() -> None:
    """Unrest gives -1; England or Sweden attacked at Status 1 or 0 gets +1 [Unrest] [Defensive
    Modifier for England & Sweden]."""
    state = war("France", "England", {"England": {"faction": BLUE, "unrest": 1}})
    result = fight(state, "England", 0, 0)
    assert result["modifiers"]["England"] == {
        "Military Ability": 0,
        "Unrest": -1,
        "Defence across water": 1,
    }


def test_who_may_be_attacked() -> None:
    """Only the opposing faction; Status 1 or less only from an adjacent country (Sweden is not
    adjacent to France, England is) [Voting for War] [A Note about Factions] [A Note about
    Status] [Adjacent Countries Table]."""
    board = {
        "Sweden": {"faction": BLUE, "status": 1},
        "England": {"faction": BLUE},
        "Denmark": {"faction": RED},
        "Spain": {"faction": -1},
    }
    state = war("France", "Sweden", board)
    assert legal_texts(state) == ["Issue: war on England", "Issue: change sides"]
    assert "not adjacent" in refuse(state, "Issue: war on Sweden")
    assert "opposing faction" in refuse(state, "Issue: war on Spain")
    assert "opposing faction" in refuse(state, "Issue: war on Denmark")


def test_no_war_without_an_army_or_in_unrest_and_re_arming() -> None:
    """Army Size 0 cannot attack but may re-arm (red = re-arm); Unrest stops a war [Voting for
    War] [Re-arming] [Voting Issues]."""
    state = war("France", "Spain", {"France": {"faction": RED, "army": 0}})
    assert legal_texts(state) == ["Issue: change sides", "Issue: re-arm"]
    assert "Army Size of 0" in refuse(state, "Issue: war on Spain")
    play(state, "Issue: re-arm", *["Done laying"] * 4, "Vote war")
    assert country(state, "France")["army"] == 1
    state = war("France", "Spain", {"France": {"faction": RED, "unrest": 1}})
    assert "Unrest" in refuse(state, "Issue: war on Spain")
    assert "only to a country whose Army Size is 0" in refuse(state, "Issue: re-arm")
