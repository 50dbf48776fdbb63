"""Lines of sight, ranges and charge paths (Shooting: Selecting the Target; Charges;
Flank Charges; Terrain: Hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely import LineString, Point

from stratagem.games.tercios.geometry import (
    Placement,
    bearing,
    behind_front_line,
    crosses,
    distance,
    first_contact,
    narrow_gap,
    overlaps,
    turn_between,
)
from stratagem.games.tercios.movement import ground_effects, obstacles, speed

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState


def _same_hidden_element(
    state: TerciosState, a: tuple[float, float], b: tuple[float, float]
) -> set[str]:
    """Hidden elements that hold both points (Shooting and Terrain: same element)."""
    return {
        e.name
        for e in state.g.terrain
        if e.hidden and e.shape.contains(Point(a)) and e.shape.contains(Point(b))
    }


def clear_line(
    state: TerciosState, start: tuple[float, float], end: tuple[float, float], skip: set[int]
) -> bool:
    """Selecting the Target: a line that crosses no troop base (commanders are ignored) and
    no terrain hiding what lies beyond, and passes no gap narrower than 3 inches."""
    line = LineString([start, end])
    shapes = []
    for other in range(len(state.g.troops)):
        if other in skip or not state.alive[other]:
            continue
        shape = state.placement(other).polygon()
        if crosses(line, shape):
            return False
        shapes.append(shape)
    shared = _same_hidden_element(state, start, end)
    for element in state.g.terrain:
        if not element.hidden or element.name in shared:
            continue
        if crosses(line, element.shape):
            return False
        shapes.append(element.shape)
    return narrow_gap(line, shapes, state.g.pack.constant("gap")) is None


def visible_centres(
    state: TerciosState,
    viewer: int,
    target: int,
    origins: list[tuple[float, float]],
    over: frozenset[int] = frozenset(),
) -> list[tuple[float, tuple[float, float], tuple[float, float]]]:
    """Each (distance, origin, centre) from which ``viewer`` sees a centre of ``target``,
    nearest first; the viewer's own base blocks lines behind it; the units in ``over`` do
    not (shooting over them: Bow, Mortar)."""
    found = []
    skip = {target, *over}
    own = state.placement(viewer).polygon()
    for origin in origins:
        for centre in state.placement(target).centres():
            line = LineString([origin, centre])
            if crosses(line, own):
                continue
            if clear_line(state, origin, centre, skip | {viewer}):
                found.append((distance(origin, centre), origin, centre))
    return sorted(found)


def sees(state: TerciosState, viewer: int, target: int) -> bool:
    """Whether a unit sees any centre of another from its front centre."""
    return bool(visible_centres(state, viewer, target, [state.placement(viewer).front]))


def enemies(state: TerciosState, unit: int) -> list[int]:
    """The enemy troop units still on the table."""
    side = state.g.troops[unit].side
    return [
        other
        for other, troop in enumerate(state.g.troops)
        if troop.side != side and state.alive[other]
    ]


@dataclass(frozen=True, slots=True)
class ChargePath:
    """A reachable charge: the direction, the distance to contact and the flank flag."""

    direction: float
    reach: float
    flank: bool
    spot: Placement


def charge_path(state: TerciosState, unit: int, target: int, bonuses: int) -> ChargePath | None:
    """Charges: the shortest path from the front centre to a centre of the target that the
    charge's move reaches, the bases stopping at first contact; ``None`` if none does."""
    start = state.placement(unit)
    target_spot = state.placement(target)
    target_shape = target_spot.polygon()
    blockers = [o for o in obstacles(state, unit) if o.unit != target]
    gap = state.g.pack.constant("gap")
    flank = behind_front_line(start.front, target_spot) and not _never_flanked(state, target)
    centres = sorted(target_spot.centres(), key=lambda c: distance(start.front, c))
    for centre in centres:
        direction = bearing(start.front, centre)
        if turn_between(start.facing, direction) > state.g.pack.constant("max_pivot") + 1e-6:
            continue
        path = LineString([start.front, centre])
        if any(crosses(path, o.shape) for o in blockers):
            continue
        if narrow_gap(path, [o.shape for o in blockers], gap) is not None:
            continue
        bonus, penalty, _ = ground_effects(state, unit, path)
        allowed = speed(state, unit, bonuses + bonus, penalty)
        turned = start.with_front_at(start.front, direction)
        reach = first_contact(turned, direction, allowed, target_shape)
        if reach is None:
            continue
        spot = turned.moved(reach, direction)
        if any(overlaps(spot.polygon(), o.shape) for o in blockers):
            continue
        return ChargePath(direction, reach, flank, spot)
    return None


def _never_flanked(state: TerciosState, target: int) -> bool:
    """Square, and units in a building, are never taken in flank (Flank Charges; Building)."""
    if "Square" in state.g.troops[target].profile.rules:
        return True
    centre = Point(state.x[target], state.y[target])
    return any(e.protected and e.hidden and e.shape.contains(centre) for e in state.g.terrain)
