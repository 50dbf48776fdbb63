"""Assault! by hand [Order Cards: Assault!] [Combat: Charges] [Rulings R94]: a person may
type the move of a unit with Assault!. A move to a centre of an enemy it can charge
declares the charge on that enemy by that path; any other move, allowed only when no enemy
can be charged, must end as close to an enemy in sight as the unit can come.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely import Point
from shapely.ops import nearest_points

from stratagem.games.tercios.encoding import ASSAULT, ExactMove
from stratagem.games.tercios.geometry import (
    CENTRE_NAMES,
    bearing,
    distance,
    normalize,
    turn_between,
)
from stratagem.games.tercios.movement import Move, move_problem, move_towards, speed
from stratagem.games.tercios.scene import base_distance
from stratagem.games.tercios.sight import ChargePath, charge_path, enemies, seen_among
from stratagem.games.tercios.unit_values import ORDER_BONUS

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

ON_CENTRE = 0.05
"""Inches within which a typed destination is a target's centre (coordinates keep 2
decimals)."""
ASSAULT_BONUS = ORDER_BONUS[ASSAULT]
CLOSE_ENOUGH = 0.5
"""Inches a typed closing move may end farther from the enemy than the nearest approach
the engine finds (its search is not exact) [Rulings R94]."""
FAN = tuple(float(step) for step in range(-90, 91, 15))
"""Directions (degrees either side of the line to the enemy's centre) the search tries."""
SEARCH_STEPS = 6


def charges(state: TerciosState, unit: int) -> dict[int, ChargePath]:
    """Each enemy the unit sees and can charge, with its charge path [Combat: Charges]."""
    found = {}
    for enemy in seen_among(state, unit, enemies(state, unit)):
        path = charge_path(state, unit, enemy, ASSAULT_BONUS)
        if path is not None:
            found[enemy] = path
    return found


def aimed_centre(state: TerciosState, unit: int, point: tuple[float, float]) -> int | None:
    """The enemy one of whose centres ``point`` is, if any."""
    for enemy in enemies(state, unit):
        if any(distance(point, c) <= ON_CENTRE for c in state.placement(enemy).centres()):
            return enemy
    return None


def assault_move_problem(state: TerciosState, unit: int, move: ExactMove) -> str | None:
    """Why a typed move of a unit with Assault! is refused (the rule it breaks), or
    ``None``: a charge must go for the nearest centre its front centre can reach (the
    shortest path) and stops facing the way it charged; a move that is no charge is
    allowed only when no enemy can be charged, and must end as close to an enemy in sight
    as the unit can come
    [Combat: Charges] [Order Cards: Assault!] [Rulings R94]."""
    point = (move.x, move.y)
    possible = charges(state, unit)
    troops = state.g.troops
    target = aimed_centre(state, unit, point)
    if target is not None:
        name = troops[target].label
        path = possible.get(target)
        if path is None:
            return f"Combat: Charges: {name} cannot be charged now"
        if distance(point, path.centre) > ON_CENTRE:
            which = CENTRE_NAMES[state.placement(target).centres().index(path.centre)]
            x, y = path.centre
            return (
                f"Combat: Charges: a charge always takes the shortest path: the charge on {name} "
                f"goes to its {which} centre ({x:.2f},{y:.2f})"
            )
        if move.facing is not None:
            return "Combat: Charges: the charger stops facing the way it charged"
        return None
    if possible:
        names = ", ".join(troops[e].label for e in possible)
        return (
            f"Combat: Charges: a unit with Assault! must charge an enemy if it can "
            f"({names}); type the centre it charges"
        )
    problem, checked = move_problem(state, unit, point, move.facing, ASSAULT_BONUS)
    if problem is not None or checked is None:
        return problem
    if not _as_close_as_possible(state, unit, checked):
        return (
            "Order Cards: Assault!: with no charge possible the move must end as close to an "
            f"enemy as it can (within {CLOSE_ENOUGH:g} inch of the nearest it can come)"
        )
    return None


def towards(state: TerciosState, unit: int, enemy: int, bonus: int) -> Move | None:
    """A move straight at an enemy's centre, stopping an inch short of it (the bots'
    ``advance towards ENEMY``) [Rulings R20]."""
    front = state.placement(unit).front
    centre = (state.x[enemy], state.y[enemy])
    gap = base_distance(state, enemy, front)
    return move_towards(state, unit, bearing(front, centre), bonus, limit=gap - 1.0)


def closest_approach(state: TerciosState, unit: int, enemy: int, bonus: int) -> Move | None:
    """The legal move that brings the front centre nearest the enemy's base, as far as a
    search finds it: straight at its nearest point, the bots' ``advance towards``, straight
    at each of its centres, and fanned out every 15 degrees around its centre (within the
    90-degree pivot), each the longest legal move in that direction (to 1/64 of the move);
    the search stops at a move no other could beat (the gap less the longest move)
    [Order Cards: Assault!] [Rulings R94]."""
    front = state.placement(unit).front
    longest = _longest_reach(state, unit, bonus)
    floor = max(0.0, base_distance(state, enemy, front) - longest) + 0.01
    candidates = _approaches(state, unit, enemy, bonus, longest)
    reach = max(longest, speed(state, unit, bonus))
    nearest = _nearest_along(state, front, enemy, [d for d, _ in candidates], reach)
    best: Move | None = None
    best_gap = math.inf
    for (_, candidate), bound in zip(candidates, nearest, strict=True):
        if bound >= best_gap:
            continue  # no move that way comes nearer than the best found
        move = candidate()
        if move is None:
            continue
        gap = base_distance(state, enemy, move.spot.front)
        if gap < best_gap:
            best, best_gap = move, gap
        if best_gap <= floor:
            break
    return best


ROUNDING = 0.01
"""Inches a candidate's front centre may lie off its direction's exact line (its point's
coordinates are rounded to 2 decimals: at most 0.005 each way), with a margin."""


def _nearest_along(
    state: TerciosState,
    front: tuple[float, float],
    enemy: int,
    directions: list[float],
    reach: float,
) -> list[float]:
    """For each direction, the least gap to the enemy's base that any candidate that way
    could leave: the distance from the base to the line ``reach`` long that way (no
    candidate goes farther), less ``ROUNDING`` (every candidate stops on that line, within
    its rounding). A bound only: it lets the search skip a direction, never choose another
    move."""
    angles = np.radians(np.array(directions, dtype=float))
    ends = np.empty((len(directions), 2, 2))
    ends[:, 0] = front
    ends[:, 1, 0] = front[0] + np.cos(angles) * reach
    ends[:, 1, 1] = front[1] + np.sin(angles) * reach
    lines = shapely.linestrings(ends)
    gaps = np.asarray(shapely.distance(lines, state.placement(enemy).polygon()))
    return [gap - ROUNDING for gap in gaps.tolist()]


def may_close_on(state: TerciosState, unit: int, enemy: int, bonus: int) -> bool:
    """Whether ``closest_approach`` finds a move at all: any of its candidates is one, so
    the first found settles it [Order Cards: Assault!] [Rulings R94]."""
    candidates = _approaches(state, unit, enemy, bonus, _longest_reach(state, unit, bonus))
    return any(candidate() is not None for _, candidate in candidates)


def _longest_reach(state: TerciosState, unit: int, bonus: int) -> float:
    """The longest move the unit could make with ``bonus``: the ground gives at most one +
    (easy ground) [Terrain and Movement]."""
    easy = any(element.ground == "easy" for element in state.terrain)
    return speed(state, unit, bonus + (1 if easy else 0))


Candidate = tuple[float, Callable[[], Move | None]]
"""A candidate move of ``closest_approach``: the direction it goes (its front centre stops
on the line that way, no farther than the longest move), and how to work it out."""


def _approaches(
    state: TerciosState, unit: int, enemy: int, bonus: int, longest: float
) -> list[Candidate]:
    """The candidate moves of ``closest_approach``, the likeliest best first: each the
    longest move that way (``_longest``), and second the bots' ``advance towards``."""
    start = state.placement(unit)
    front = start.front
    target = state.placement(enemy)
    nearest = nearest_points(target.polygon(), Point(front))[0]
    middle = bearing(front, (target.x, target.y))
    aims = [(nearest.x, nearest.y), *target.centres()]
    directions = [bearing(front, aim) for aim in aims if distance(front, aim) > 1e-6]
    directions += [normalize(middle + step) for step in FAN]
    pivot = state.g.pack.constant("max_pivot")
    plain = speed(state, unit, bonus)
    candidates: list[Candidate] = []
    for index, direction in enumerate(directions):
        if index == 1:
            candidates.append((middle, partial(towards, state, unit, enemy, bonus)))
        if turn_between(start.facing, direction) <= pivot + 1e-6:
            reach = (longest, plain)
            way = partial(_longest, state, unit, front=front, direction=direction, reach=reach)
            candidates.append((direction, partial(way, bonus=bonus)))
    return candidates


def _longest(
    state: TerciosState,
    unit: int,
    *,
    front: tuple[float, float],
    direction: float,
    reach: tuple[float, float],
    bonus: int,
) -> Move | None:
    """The longest legal move towards ``direction``: the most the ground could allow, else
    the move on open ground, else halving the interval below it six times."""

    def tried(length: float) -> Move | None:
        angle = math.radians(direction)
        point = (
            round(front[0] + math.cos(angle) * length, 2),
            round(front[1] + math.sin(angle) * length, 2),
        )
        return move_problem(state, unit, point, None, bonus)[1]

    most, plain = reach
    best = tried(most) or (tried(plain) if plain < most else None)
    if best is not None:
        return best
    low, high = 0.0, plain
    for _ in range(SEARCH_STEPS):
        middle = (low + high) / 2
        move = tried(middle)
        if move is None:
            high = middle
        else:
            best, low = move, middle
    return best


def _as_close_as_possible(state: TerciosState, unit: int, move: Move) -> bool:
    """The closing move ends within ``CLOSE_ENOUGH`` of the nearest the unit could come to
    some enemy it sees (front centre to base) [Order Cards: Assault!] [Rulings R94]."""
    after = move.spot.front
    for enemy in seen_among(state, unit, enemies(state, unit)):
        best = closest_approach(state, unit, enemy, ASSAULT_BONUS)
        if best is None:
            continue
        if base_distance(state, enemy, after) <= (
            base_distance(state, enemy, best.spot.front) + CLOSE_ENOUGH
        ):
            return True
    return False
