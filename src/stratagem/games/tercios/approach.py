"""Who an enemy's move gives a reaction to: the unactivated units whose front centre it
comes within 3 inches of at any point of its path [Reactions] [Rulings R24].
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from shapely import MultiPolygon, Point, Polygon

from stratagem.games.tercios.geometry import CLEAR, Placement, bearing, distance

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState


def may_react(state: TerciosState, unit: int) -> bool:
    """A unit may react while it is not yet activated, its order card still face down
    [Reactions]."""
    return state.alive[unit] and state.order[unit] >= 0 and not state.spent[unit]


def swept(start: Placement, end: Placement) -> Polygon:
    """Every point the moving base covers on its way: the convex hull of the base where it
    started, turned towards its destination (the pivot on the front centre), and where it
    ends; exact for the straight slide, the pivot's arc taken by its chord [Rulings R24]."""
    direction = (
        bearing(start.front, end.front) if distance(start.front, end.front) else start.facing
    )
    turned = start.with_front_at(start.front, direction)
    straight = turned.moved(distance(start.front, end.front), direction)
    shapes = [start.polygon(), turned.polygon(), straight.polygon(), end.polygon()]
    return cast(Polygon, MultiPolygon(shapes).convex_hull)


def approached(
    state: TerciosState, unit: int, start: Placement, exclude: int = -1
) -> list[tuple[float, int]]:
    """The unactivated enemies that the move of ``unit`` from ``start`` to where it stands
    brings within 3 inches of their front centre at some point of its path, first reached
    first, each with how far along the line of the move its front centre lies: one already
    that near when the move began is not approached again unless the move ends that near
    [Reactions] [Rulings R24]."""
    g = state.g
    side = g.troops[unit].side
    end = state.placement(unit)
    reach = g.pack.constant("reaction_distance")
    path: Polygon | None = None
    near: list[tuple[float, int]] = []
    for other, troop in enumerate(g.troops):
        if troop.side == side or other == exclude or not may_react(state, other):
            continue
        front = state.placement(other).front
        if clearly_off_path(start, end, front, reach):
            continue
        reached = along(start.front, end.front, front)
        point = Point(front)
        if end.polygon().distance(point) > reach:
            if start.polygon().distance(point) <= reach:
                continue  # already that near before the move, and left
            if path is None:
                path = swept(start, end)
            if path.distance(point) > reach:
                continue
        near.append((reached, other))
    return sorted(near)


def along(a: tuple[float, float], b: tuple[float, float], point: tuple[float, float]) -> float:
    """How far along the line from ``a`` to ``b`` the point lies (its projection)."""
    length = distance(a, b)
    if length < 1e-9:
        return 0.0
    return ((point[0] - a[0]) * (b[0] - a[0]) + (point[1] - a[1]) * (b[1] - a[1])) / length


def clearly_off_path(
    start: Placement, end: Placement, point: tuple[float, float], reach: float
) -> bool:
    """Whether ``point`` is clearly farther than ``reach`` from the whole path (a cheap test
    before the shapely one: every point of the base lies within the distance from its front
    centre to a rear corner of the front centre's line) [Rulings R24]."""
    first, last = start.front, end.front
    length = distance(first, last)
    t = min(max(along(first, last, point), 0.0), length)
    if length < 1e-9:
        closest = first
    else:
        ratio = t / length
        closest = (
            first[0] + (last[0] - first[0]) * ratio,
            first[1] + (last[1] - first[1]) * ratio,
        )
    spread = math.hypot(max(start.width, end.width) / 2, max(start.depth, end.depth))
    return distance(point, closest) > reach + spread + CLEAR


def offer_reactions(
    state: TerciosState, unit: int, start: Placement, reached: list[tuple[float, int]]
) -> None:
    """Each approached enemy is asked in turn, the first reached first; the frame keeps
    where the move began and how far along it the enemy lies (for an interception)
    [Reactions] [Reactions: Assault!]."""
    for along, other in reversed(reached):
        state.frames.append(
            {
                "p": "approach",
                "r": other,
                "m": unit,
                "stage": "offer",
                "from": [start.x, start.y, start.facing],
                "at": round(along, 3),
            }
        )
