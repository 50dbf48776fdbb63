"""Pairings, one die per unit, losses, rounds until one side is left, capture [6) Battles].

A pairing is stored as ``[key, attackers..., -1, defenders...]``; its key is the defender
the attacker first paired against. Each round: the attacker covers every defender it can
(one attacking unit against each, while it has units), then brings its other units into
the pairings, then the defender brings its unassigned units in. A window opens before the
dice and another after them; then in each pairing the side with the highest single score
wins and the other side destroys one of its units there (a tie destroys nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.board import (
    battle_locations,
    cards_at,
    destroy_unit,
    has_units,
    offer_colony,
    units_at,
)
from stratagem.games.britain_vs_france.cards import drop_from_battle, open_window, roll_bonus
from stratagem.games.britain_vs_france.encoding import JOIN, PAIR
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    BAT_AFTER,
    BAT_BEFORE,
    BAT_CHOOSE,
    BAT_COVER,
    BAT_DEFEND,
    BAT_DICE,
    BAT_EXTRA,
    BAT_LOSSES,
    DIE_BATTLE,
)

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

RULE = "6) Battles"


def _one_per_type(s: S, units: list[int]) -> list[int]:
    """The first of each battle card type: copies of one card are interchangeable."""
    types = s.book.units
    seen: set[int] = set()
    found = []
    for unit in units:
        if types[unit] not in seen:
            seen.add(types[unit])
            found.append(unit)
    return found


def sides(pairing: list[int]) -> tuple[list[int], list[int]]:
    """The attacking and defending units of a pairing."""
    split = pairing.index(-1)
    return pairing[1:split], pairing[split + 1 :]


def _assigned(s: S) -> set[int]:
    return {unit for pairing in s.pairs for unit in pairing[1:] if unit >= 0}


def pairing_options(s: S) -> list[tuple[int, int, int]]:
    """``(PAIR or JOIN, unit, key)`` choices of the current pairing stage [6) Battles]
    [Rulings B19]."""
    loc = s.bat_loc
    assigned = _assigned(s)
    attackers = [u for u in units_at(s, loc, s.active) if u not in assigned]
    defenders = [u for u in units_at(s, loc, 1 - s.active) if u not in assigned]
    keys = [pairing[0] for pairing in s.pairs]
    stage = s.bat_stage
    if stage == BAT_COVER:
        return [
            (PAIR, a, d) for a in _one_per_type(s, attackers) for d in _one_per_type(s, defenders)
        ]
    movers = attackers if stage == BAT_EXTRA else defenders
    return [(JOIN, unit, key) for unit in _one_per_type(s, movers) for key in keys]


def pair(s: S, kind: int, unit: int, key: int) -> None:
    """Create a pairing (``PAIR``) or bring a unit into one (``JOIN``) [6) Battles]."""
    label = s.book.unit_labels
    if kind == PAIR:
        s.pairs.append([key, unit, -1, key])
        s.log(f"{label[unit]} is paired against {label[key]}.", RULE)
        return
    pairing = next(p for p in s.pairs if p[0] == key)
    if s.uown[unit] == s.active:
        pairing.insert(pairing.index(-1), unit)
    else:
        pairing.append(unit)
    s.log(f"{label[unit]} joins the pairing of {label[key]}.", RULE)


def start_battle(s: S, location: int) -> None:
    """The battle at ``location`` begins; the active player attacks [6) Battles]."""
    s.bat_loc = location
    s.bat_mod = [0, 0]
    s.pairs = []
    s.bat_stage = BAT_COVER
    labels = s.book.unit_labels
    attack = ", ".join(labels[u] for u in units_at(s, location, s.active))
    defend = ", ".join(labels[u] for u in units_at(s, location, 1 - s.active))
    s.log(
        f"Battle at {s.book.locations[location]}: {SEATS[s.active]} attacks with {attack}; "
        f"{SEATS[1 - s.active]} defends with {defend}.",
        RULE,
        {"location": s.book.locations[location]},
    )


def battle_step(s: S) -> bool:
    """Advance the battles; True when a seat must decide (``to_move`` set)."""
    if s.bat_loc < 0:
        places = battle_locations(s)
        if not places:
            return False
        if len(places) == 1:
            start_battle(s, places[0])
            return False
        s.bat_stage = BAT_CHOOSE
        s.to_move = s.active
        return True
    stage = s.bat_stage
    if stage in (BAT_COVER, BAT_EXTRA, BAT_DEFEND):
        options = pairing_options(s)
        if not options:
            s.bat_stage += 1
        elif len(options) == 1:
            pair(s, *options[0])
        else:
            s.to_move = s.active if stage != BAT_DEFEND else 1 - s.active
            return True
        return False
    if stage == BAT_BEFORE:
        s.bat_stage = BAT_DICE
        s.sub = 0
        open_window(s, "battle_roll")
        return False
    if stage == BAT_DICE:
        if s.sub == 0:
            s.sub = 1
            s.roll_queue = [u for pairing in s.pairs for u in pairing[1:] if u >= 0]
        if s.roll_queue:
            s.die_for = DIE_BATTLE
            return False
        s.bat_stage = BAT_AFTER
        open_window(s, "battle_result")
        return False
    if stage == BAT_AFTER:
        _resolve_pairings(s)
        s.bat_stage = BAT_LOSSES
        return False
    return _losses(s)


def score(s: S, unit: int) -> int:
    """A unit's die score: its die, its card's modifier, the cards played in this battle,
    its side's non-unit cards at the location and its side's cards in play [6) Battles]
    [Rulings B20]."""
    book = s.book
    owner = s.uown[unit]
    bonus = sum(book.battle_bonus[book.units[card]] for card in cards_at(s, s.bat_loc, owner))
    return (
        s.dice[unit]
        + book.modifier[book.units[unit]]
        + s.bat_mod[owner]
        + bonus
        + roll_bonus(s, owner, "battle")
    )


def roll_die(s: S, face: int) -> None:
    """One die of the battle, for the next unit in pairing order [6) Battles] [Rulings B20]."""
    unit = s.roll_queue.pop(0)
    s.dice[unit] = face
    total = score(s, unit)
    modified = f" (modified to {total})" if total != face else ""
    s.log(
        f"{s.book.unit_labels[unit]} rolls a {face}{modified}.",
        RULE,
        {"unit": s.book.unit_labels[unit], "roll": face, "score": total},
    )


def _resolve_pairings(s: S) -> None:
    s.losses = []
    labels = s.book.unit_labels
    for index, pairing in enumerate(s.pairs):
        attackers, defenders = sides(pairing)
        if not attackers or not defenders:
            continue
        best_a = max(score(s, u) for u in attackers)
        best_d = max(score(s, u) for u in defenders)
        text = f"Pairing of {labels[pairing[0]]}: {SEATS[s.active]} {best_a}, "
        text += f"{SEATS[1 - s.active]} {best_d}"
        if best_a == best_d:
            s.log(text + ": a tie, no unit is destroyed.", RULE)
            continue
        loser = 1 - s.active if best_a > best_d else s.active
        s.log(text + f": {SEATS[loser]} must destroy a unit of this pairing.", RULE)
        s.losses.append([loser, index])


def loss_candidates(s: S) -> list[int]:
    """The units the loser of the first pending pairing may destroy [6) Battles]."""
    seat, index = s.losses[0]
    attackers, defenders = sides(s.pairs[index])
    return attackers if seat == s.active else defenders


def lose_unit(s: S, unit: int) -> None:
    """The losing side destroys ``unit``; a leader goes to the enemy's prison [6) Battles]."""
    s.losses.pop(0)
    destroy_unit(s, unit, RULE)
    drop_from_battle(s, unit)


def _losses(s: S) -> bool:
    while s.losses:
        candidates = loss_candidates(s)
        if not candidates:
            s.losses.pop(0)
        elif len(_one_per_type(s, candidates)) == 1:
            lose_unit(s, candidates[0])
        else:
            s.to_move = s.losses[0][0]
            return True
    loc = s.bat_loc
    s.dice = [0] * len(s.dice)
    s.pairs = []
    if has_units(s, loc, 0) and has_units(s, loc, 1):
        s.bat_stage = BAT_COVER
        s.log("Both sides have units left: the battle goes on with new pairings.", RULE)
        return False
    _end_battle(s, loc)
    return False


def _end_battle(s: S, loc: int) -> None:
    name = s.book.locations[loc]
    winner = next((seat for seat in (0, 1) if has_units(s, loc, seat)), None)
    s.bat_loc = -1
    s.bat_mod = [0, 0]
    s.bat_stage = BAT_CHOOSE
    if winner is None:
        s.log(f"The battle at {name} ends with no unit left on either side.", RULE)
        return
    s.log(f"{SEATS[winner]} wins the battle at {name}.", RULE, {"winner": SEATS[winner]})
    if loc < s.book.high_seas and s.control[loc] != winner:
        offer_colony(s, winner, loc, battle=True)
