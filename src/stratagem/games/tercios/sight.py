"""Lines of sight, ranges and charge paths [Selecting the Target] [Combat: Charges]
[Flank Charges] [Hidden].
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely
from shapely import LineString, Point

from stratagem.games.tercios.geometry import (
    CLEAR,
    EDGE,
    EPSILON,
    Placement,
    bearing,
    behind_front_line,
    crossed,
    crossings,
    distance,
    first_contact,
    narrow_gap,
    overlapping,
    turn_between,
)
from stratagem.games.tercios.movement import ground_effects, speed
from stratagem.games.tercios.scene import blockers, scene_of

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState
    from stratagem.games.tercios.terrain import TerrainElement


def clear_line(
    state: TerciosState, start: tuple[float, float], end: tuple[float, float], skip: set[int]
) -> bool:
    """A line that crosses no troop base (commanders are ignored) [Line of sight] and no
    terrain hiding what lies beyond (unless both ends stand in the same Hidden element)
    [Hidden] [Rulings R17], and passes no gap narrower than 3 inches."""
    return scene_of(state).clear_lines([(start, end, frozenset(skip))])[0]


def visible_centres(
    state: TerciosState,
    viewer: int,
    target: int,
    origins: list[tuple[float, float]],
    *,
    over: frozenset[int] = frozenset(),
    within: float = math.inf,
    from_edge: bool = False,
) -> list[tuple[float, tuple[float, float], tuple[float, float]]]:
    """Each (distance, origin, centre) from which ``viewer`` sees a centre of ``target``
    ``within`` inches of it, nearest first [Range]; the viewer's own base blocks lines
    behind it, unless they start on the edge of the building it occupies (``from_edge``)
    [Building]; the units in ``over`` do not (shooting over them) [Bow] [Rulings R70]."""
    scene = scene_of(state)
    key = (viewer, target, tuple(origins), over, within)
    known = scene.sights.get(key)
    if known is None:
        _look(state, viewer, [target], origins, over=over, within=within, own=not from_edge)
        known = scene.sights[key]
    return known


def foresee(
    state: TerciosState,
    viewer: int,
    targets: list[int],
    origins: list[tuple[float, float]],
    *,
    over: frozenset[int],
    within: float,
) -> None:
    """Work out together what ``viewer`` sees of each of ``targets`` not yet known, for
    ``visible_centres`` to find (one batch of lines instead of one per target)."""
    scene = scene_of(state)
    key_origins = tuple(origins)
    todo = [t for t in targets if (viewer, t, key_origins, over, within) not in scene.sights]
    if todo:
        _look(state, viewer, todo, origins, over=over, within=within)


def sees(state: TerciosState, viewer: int, target: int) -> bool:
    """Whether a unit sees any centre of another from its front centre [Line of sight]."""
    return seen_among(state, viewer, [target]) == [target]


def building_of(state: TerciosState, unit: int) -> TerrainElement | None:
    """The building the unit occupies (its centre stands in it) [Building] [Rulings R95]."""
    centre = Point(state.x[unit], state.y[unit])
    return next((e for e in state.terrain if e.building and e.shape.contains(centre)), None)


def edge_origins(
    state: TerciosState, building: TerrainElement, target: int
) -> list[tuple[float, float]]:
    """Where lines out of a building towards ``target`` start, on its edge [Building]
    [Rulings R100]: the point of the edge nearest each centre of the target (a hair
    outside, so that rounding keeps it off the building) and the building's corners."""
    edge = building.shape.exterior
    origins: list[tuple[float, float]] = []
    for centre in state.placement(target).centres():
        near = edge.interpolate(edge.project(Point(centre)))
        gap = distance((near.x, near.y), centre)
        if gap > EPSILON:
            nudge = EDGE / 10 / gap
            origins.append(
                (near.x + (centre[0] - near.x) * nudge, near.y + (centre[1] - near.y) * nudge)
            )
    return origins + [(x, y) for x, y in edge.coords[:-1]]


def seen_among(state: TerciosState, viewer: int, targets: list[int]) -> list[int]:
    """The units of ``targets`` that ``viewer`` sees (any centre from its front centre)
    [Line of sight], or from the edge of the building it occupies [Building]
    [Rulings R100],
    in the same order. Their nearest centres are tried together first, then the three
    other centres of those not yet seen, all together (one batch of lines rather than
    three)."""
    scene = scene_of(state)
    building = building_of(state, viewer)
    if building is not None:
        for target in targets:
            if (viewer, target) not in scene.seen:
                origins = edge_origins(state, building, target)
                lines = visible_centres(state, viewer, target, origins, from_edge=True)
                scene.seen[(viewer, target)] = bool(lines)
        return [t for t in targets if scene.seen[(viewer, t)]]
    front = scene.spots[viewer].front
    seen = scene.seen
    todo = [t for t in targets if (viewer, t) not in seen]
    ranked = {t: sorted(scene.spots[t].centres(), key=lambda c: distance(front, c)) for t in todo}
    for ranks in ((0,), (1, 2, 3)):
        if not todo:
            break
        rows = [(t, front, ranked[t][rank]) for rank in ranks for t in todo]
        found = _clear_from(state, viewer, rows)
        for index, target in enumerate(todo):
            if any(found[index :: len(todo)]):
                seen[(viewer, target)] = True
        todo = [target for target in todo if (viewer, target) not in seen]
    for target in todo:
        seen[(viewer, target)] = False
    return [t for t in targets if seen[(viewer, t)]]


def _clear_from(
    state: TerciosState,
    viewer: int,
    rows: list[tuple[int, tuple[float, float], tuple[float, float]]],
    over: frozenset[int] = frozenset(),
    own: bool = True,
) -> list[bool]:
    """For each (target, origin, centre): the line is clear (``clear_line``, the target and
    the units in ``over`` aside) and does not cross the viewer's own base (if ``own``)."""
    scene = scene_of(state)
    clear = scene.clear_lines(
        [(origin, centre, frozenset((target, viewer, *over))) for target, origin, centre in rows]
    )
    kept = [row for row, ok in enumerate(clear) if ok] if own else []
    if kept:
        lines = shapely.linestrings([(rows[row][1], rows[row][2]) for row in kept])
        behind = crossings(lines, scene.bases[viewer : viewer + 1])[:, 0]
        for row, crossing in zip(kept, behind, strict=True):
            clear[row] = not crossing
    return clear


def _look(
    state: TerciosState,
    viewer: int,
    targets: list[int],
    origins: list[tuple[float, float]],
    *,
    over: frozenset[int],
    within: float,
    own: bool = True,
) -> None:
    """Remember what ``viewer`` sees of each target from ``origins`` (``visible_centres``);
    ``own``: the viewer's base blocks the lines crossing it."""
    scene = scene_of(state)
    wanted = [
        (target, gap, origin, centre)
        for target in targets
        for origin in origins
        for centre in scene.spots[target].centres()
        if (gap := distance(origin, centre)) <= within
    ]
    clear = _clear_from(state, viewer, [(t, o, c) for t, _, o, c in wanted], over, own)
    key_origins = tuple(origins)
    for target in targets:
        scene.sights[(viewer, target, key_origins, over, within)] = sorted(
            (gap, origin, centre)
            for (unit, gap, origin, centre), ok in zip(wanted, clear, strict=True)
            if unit == target and ok
        )


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
    """A reachable charge: the direction, the distance to contact, the flank flag, where
    the charger ends and the target centre it goes for."""

    direction: float
    reach: float
    flank: bool
    spot: Placement
    centre: tuple[float, float]


def charge_path(state: TerciosState, unit: int, target: int, bonuses: int) -> ChargePath | None:
    """The shortest path from the front centre to a centre of the target that the front
    centre reaches within the charge's move, the bases stopping at first contact along it;
    ``None`` if none does [Combat: Charges] [Rulings R25]."""
    start = state.placement(unit)
    target_spot = state.placement(target)
    others = blockers(state, unit, frozenset((target,)))
    gap = state.g.pack.constant("gap")
    flank = behind_front_line(start.front, target_spot) and not _never_flanked(state, target)
    centres = sorted(target_spot.centres(), key=lambda c: distance(start.front, c))
    # The most the ground can make of the move (it gives at most one bonus and one
    # penalty): a centre clearly beyond it is out of reach whatever ground the path crosses.
    longest = max(speed(state, unit, bonuses + b, p) for b in (0, 1) for p in (0, 1)) + CLEAR
    for centre in centres:
        if distance(start.front, centre) > longest:
            break  # this centre and the farther ones
        direction = bearing(start.front, centre)
        if turn_between(start.facing, direction) > state.g.pack.constant("max_pivot") + 1e-6:
            continue
        path = LineString([start.front, centre])
        bonus, penalty, _ = ground_effects(state, unit, path)
        allowed = speed(state, unit, bonuses + bonus, penalty)
        # The front centre itself must be able to reach the centre: a corner of the turned
        # base touching sooner stops the charge there but never lengthens its reach.
        if path.length > allowed + EPSILON:
            continue
        if crossed(path, others.shapes).any():
            continue
        if narrow_gap(path, others.shapes, gap) is not None:
            continue
        turned = start.with_front_at(start.front, direction)
        reach = first_contact(turned, direction, allowed, target_spot)
        if reach is None:
            continue
        spot = turned.moved(reach, direction)
        if overlapping(spot.polygon(), others.shapes).any():
            continue
        return ChargePath(direction, reach, flank, spot, centre)
    return None


def _never_flanked(state: TerciosState, target: int) -> bool:
    """Square, and units in a building, are never taken in flank [Flank Charges] [Square]
    [Building]."""
    if "Square" in state.g.troops[target].profile.rules:
        return True
    centre = Point(state.x[target], state.y[target])
    return any(e.protected and e.hidden and e.shape.contains(centre) for e in state.terrain)
