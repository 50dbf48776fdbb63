"""A war voted for is fought at once [A Vote for War] [Resolving a War] [Rolling the Dice]
[The Spoils of War].

Each country's total is its Combat Modifiers plus the difference between two dice. The
difference is the chance outcome (``Dice difference: 0`` to ``5``, with its exact
probability), attacker first, then defender.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.sixteen_thirty_something import voting
from stratagem.games.sixteen_thirty_something.encoding import DICE, DICE_FACES
from stratagem.games.sixteen_thirty_something.pack import plain

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

DIFFERENCE_WAYS = tuple(
    sum(1 for a in range(DICE_FACES) for b in range(DICE_FACES) if abs(a - b) == d)
    for d in range(DICE_FACES)
)
"""How many of the 36 rolls of two dice give each difference [Rolling the Dice]."""


def outcomes(state: SixteenThirtySomethingState) -> list[tuple[Action, float]]:
    """The difference between two dice, 0 to 5, with its probability [Rolling the Dice]."""
    total = DICE_FACES * DICE_FACES
    return [(state.enc.get(DICE, d), ways / total) for d, ways in enumerate(DIFFERENCE_WAYS)]


def modifiers(
    state: SixteenThirtySomethingState, country: int, *, defending: bool
) -> dict[str, int]:
    """The Combat Modifiers: Military Ability (the unexplained '?' adds nothing), +2 per
    Military Leader, -1 in Unrest, and +1 for England or Sweden attacked at Status 1 or 0
    [Resolving a War] [Military Leader] [Unrest] [Defensive Modifier for England & Sweden]
    [Rulings R5] [Rulings R8] [Rulings R9]; Army Size counts only at 0, for -1 [Note on
    Army Size]."""
    combat = state.book.rules.combat
    found: dict[str, int] = {"Military Ability": state.ability[country]}
    bonus = plain(combat.ability_bonus)
    if bonus:
        found["Military Ability bonus"] = bonus
    if state.leaders[country]:
        found["Military Leader"] = combat.leader * state.leaders[country]
    if state.army[country] == 0:
        found["Army Size is zero"] = combat.army_zero
    if state.unrest[country]:
        found["Unrest"] = combat.unrest
    name = state.book.countries[country]
    water = name in combat.water_defence_countries
    if defending and water and state.status[country] <= combat.water_defence_status:
        found["Defence across water"] = combat.water_defence
    return found


def roll(state: SixteenThirtySomethingState, difference: int, _b: int, _c: int) -> None:
    """The attacker's difference, then the defender's [Rolling the Dice]."""
    country = state.vote_country if not state.dice else state.target
    state.dice = [*state.dice, difference]
    place = state.book.countries[country]
    state.log(
        f"{place} rolls two dice: a difference of {difference}.",
        "Rolling the Dice",
        {"country": place, "difference": difference},
    )
    if len(state.dice) == 2:
        _resolve(state)


def _resolve(state: SixteenThirtySomethingState) -> None:
    """Totals compared: the higher takes a Status point (none from a country at 0, none
    above 7), the loser's Army Size drops by 1 (and its Military Ability, if its army was
    already 0); a tie costs both a point of Army Size and is not fought again [Resolving a
    War] [The Spoils of War] [Rulings R6]."""
    book = state.book
    attacker, defender = state.vote_country, state.target
    mods = (modifiers(state, attacker, defending=False), modifiers(state, defender, defending=True))
    totals = [sum(mods[0].values()) + state.dice[0], sum(mods[1].values()) + state.dice[1]]
    names = (book.countries[attacker], book.countries[defender])
    record: dict[str, object] = {
        "attacker": names[0],
        "defender": names[1],
        "modifiers": {names[0]: mods[0], names[1]: mods[1]},
        "dice": {names[0]: state.dice[0], names[1]: state.dice[1]},
        "totals": {names[0]: totals[0], names[1]: totals[1]},
    }
    if totals[0] == totals[1]:
        for country in (attacker, defender):
            state.army[country] = max(0, state.army[country] - 1)
        record["winner"] = None
        text = "a tie: both lose 1 Army Size and no Status changes hands"
    else:
        winner, loser = (attacker, defender) if totals[0] > totals[1] else (defender, attacker)
        text = _spoils(state, winner, loser)
        record["winner"] = book.countries[winner]
    sides = [f"{names[i]} {totals[i]} ({_breakdown(mods[i], state.dice[i])})" for i in range(2)]
    state.log(
        f"War: {sides[0]} against {sides[1]}: {text}.",
        "The Spoils of War",
        record,
    )
    state.last_war = {**record, "turn": state.turn}
    state.bump("wars")
    voting.finish_vote(state)


def _breakdown(found: dict[str, int], difference: int) -> str:
    """The Combat Modifiers behind a total, then the dice difference (``Military Ability
    +1, Unrest -1, dice 3``) [Rolling the Dice]."""
    parts = [f"{name} {value:+d}" for name, value in found.items()]
    return ", ".join([*parts, f"dice {difference}"])


def _spoils(state: SixteenThirtySomethingState, winner: int, loser: int) -> str:
    """One Status point passes from the loser to the winner; the loser also drops a point of
    Army Size; the point is lost to the game when the winner is at 7 [The Spoils of War]."""
    book = state.book
    top = book.rules.status.max
    bottom = book.rules.status.min
    won, lost = book.countries[winner], book.countries[loser]
    parts = [f"{won} wins"]
    if state.status[loser] > bottom:
        state.status[loser] -= 1
        if state.status[winner] < top:
            state.status[winner] += 1
            parts.append(f"takes a Status point from {lost} ({won} {state.status[winner]}")
            parts[-1] += f", {lost} {state.status[loser]})"
        else:
            parts.append(
                f"{lost} loses a Status point ({state.status[loser]}) that {won}, at "
                f"{top}, cannot take"
            )
    else:
        parts.append(f"{lost} is at Status {bottom}: no Status point to take")
    army_before = state.army[loser]
    state.army[loser] = max(0, army_before - 1)
    parts.append(f"{lost}'s Army Size is {state.army[loser]}")
    if army_before == 0:
        state.ability[loser] = max(0, state.ability[loser] - 1)
        parts.append(f"with no army, its Military Ability falls to {state.ability[loser]}")
    return "; ".join(parts)
