"""Movement [Movement] [Activation Movement] [Obstacles] [Angle Correction] [Overlap]
[Terrain and Movement].

``move_problem`` checks a move of a troop unit to an exact front-centre position against
every movement rule and says which one it breaks; the discretised moves offered to bots
and the involuntary moves (disengagement, retreat, evasion, pursuit) are built on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely import LineString, Polygon, box

from stratagem.games.tercios.encoding import TURN_ANGLES, TURNS
from stratagem.games.tercios.geometry import (
    Clearance,
    Placement,
    bearing,
    crossed,
    distance,
    inside,
    narrow_gap,
    normalize,
    overlapping,
    overlaps,
    turn_between,
)
from stratagem.games.tercios.scene import (
    Blockers,
    Ground,
    Landing,
    Obstacle,
    Route,
    blockers,
    scene_of,
)
from stratagem.games.tercios.values import final_value
from stratagem.games.tercios.virtues import has_rule, virtue_bonus

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

FRACTIONS = (1.0, 0.5)
CONTACT = 0.01
FACING_TOLERANCE = 0.5
"""Degrees within which a typed facing is the direction of the move itself (R18): typed
coordinates keep 2 decimals, so the line to them may differ from a round facing a little."""


@dataclass(frozen=True, slots=True)
class Move:
    """A checked move: where the unit ends, whether the ground disorders it, the artillery
    it pushed back and whether it stopped short at a point of contact (R114)."""

    spot: Placement
    disorder: bool
    pushed: tuple[tuple[int, Placement], ...] = ()
    stopped: bool = False


def table_area(state: TerciosState) -> Polygon:
    """The table [The Battle: The Table]."""
    return _table(*state.g.pack.table_size)


@cache
def _table(width: float, depth: float) -> Polygon:
    area = box(0.0, 0.0, width, depth)
    shapely.prepare(area)
    return area


def obstacles(
    state: TerciosState, unit: int, ignore: frozenset[int] = frozenset()
) -> list[Obstacle]:
    """Everything a move of ``unit`` may not cross or end on: the other troop bases (not
    commanders) and the scenery impassable to it [Overlap] [Impassable]."""
    return list(blockers(state, unit, ignore).items)


def ground_effects(state: TerciosState, unit: int, path: LineString) -> tuple[int, int, bool]:
    """The bonuses, penalties and disorder that the ground crossed by the front centre
    gives [Terrain and Movement] (see ``_ground_for``)."""
    return _ground_for(state, unit, _ground(state, path))


def _ground(state: TerciosState, path: LineString) -> Ground:
    """The scenery ``path`` meets: wholly on one easy element (within 0.01 inch), across a
    difficult or very difficult element, across a very difficult one [Terrain and Movement]."""
    easy = [e.shape for e in state.terrain if e.ground == "easy"]
    on_easy = bool(easy) and any(inside(path.buffer(0.01), shape) for shape in easy)
    rough = very = False
    for element in state.terrain:
        if element.ground not in ("difficult", "very difficult"):
            continue
        if not path.intersects(element.shape):
            continue
        rough = True
        very = very or element.ground == "very difficult"
    return Ground(on_easy, rough, very)


def _ground_for(state: TerciosState, unit: int, ground: Ground) -> tuple[int, int, bool]:
    """The bonuses, penalties and disorder the ground gives this unit [Terrain and
    Movement]: Mvt (-) on difficult ground [Difficult], Mvt (-) and disorder on very
    difficult ground [Very difficult] (as difficult for Light units [Light]; neither for
    Skirmishers [Skirmishers]), Mvt (+) wholly on easy ground [Easy] [Rulings R16]."""
    if not (ground.easy or ground.rough):
        return 0, 0, False  # open ground: nothing to give, whatever the unit
    bonus = 1 if ground.easy else 0
    if has_rule(state, unit, "Skirmishers"):
        return bonus, 0, False
    light = has_rule(state, unit, "Light")
    return bonus, 1 if ground.rough else 0, ground.very and not light


def speed(state: TerciosState, unit: int, bonuses: int, penalties: int = 0) -> float:
    """Mvt after modifiers [Values] [Modifiers] (a hitched gun at its team's speed
    [Horse Teams]), plus the Dedication virtue [Dedication]."""
    profile = state.g.troops[unit].profile
    base = profile.mvt_hitched if state.hitched[unit] and profile.mvt_hitched else profile.mvt
    return float(
        final_value(state.g.pack, base, bonuses, penalties, virtue_bonus(state, unit, "mvt"))
    )


def move_problem(
    state: TerciosState,
    unit: int,
    front: tuple[float, float],
    facing: float | None,
    bonuses: int,
    *,
    stopping: bool = True,
) -> tuple[str | None, Move | None]:
    """A move of ``unit`` whose front centre goes to ``front``: a straight line crossing no
    unit or impassable ground, a pivot of at most 90 degrees, within the unit's move
    [Activation Movement], passing no gap under 3 inches [Obstacles]; the broken rule in
    words, or the checked move [Rulings R18]. With ``stopping=False`` a move that would
    stop short at a point of contact (or be refused there) is neither worked out nor
    remembered: it is ``(STOPPED, None)`` (for callers that take no such move)."""
    scene = scene_of(state)
    route = scene.routes.get((unit, front))
    if route is None:
        route = scene.routes[(unit, front)] = _route(state, unit, scene.spots[unit], front)
    if route.problem is not None or route.ground is None:
        return route.problem, None
    bonus, penalty, disorder = _ground_for(state, unit, route.ground)
    allowed = speed(state, unit, bonuses + bonus, penalty)
    if route.length > allowed + 1e-6:
        return (
            f"Activation Movement: the move is {route.length:.2f} inches; this unit may move "
            f"{allowed:g} now",
            None,
        )
    landing = scene.landings.get((unit, front, facing))
    if landing is None:
        landing = _final_spot(
            state,
            unit,
            start=scene.spots[unit],
            front=front,
            direction=route.direction,
            facing=facing,
            stopping=stopping,
        )
        if landing is not _UNSTOPPED:
            scene.landings[(unit, front, facing)] = landing
    if landing is _UNSTOPPED:
        return STOPPED, None
    if landing.problem is not None or landing.spot is None:
        return landing.problem, None
    return None, Move(landing.spot, disorder, landing.pushed, landing.stopped)


def _route(state: TerciosState, unit: int, start: Placement, front: tuple[float, float]) -> Route:
    """The straight line of the front centre: somewhere else, after a pivot of at most 90
    degrees [Activation Movement], crossing no unit (but friendly artillery) or impassable
    ground [Overlap] [Impassable], passing no gap under 3 inches [Obstacles]; else its
    length, direction and the ground it crosses [Terrain and Movement] (pure geometry,
    remembered by the scene)."""
    origin = start.front
    length = distance(origin, front)
    if length < 1e-6:
        return Route("Activation Movement: the destination is where the unit already stands")
    direction = bearing(origin, front)
    pivot = turn_between(start.facing, direction)
    max_pivot = state.g.pack.constant("max_pivot")
    if pivot > max_pivot + 1e-6:
        return Route(
            f"Activation Movement: the pivot towards the destination would be {pivot:.0f} "
            f"degrees; it may not exceed {max_pivot:g}"
        )
    path: LineString = shapely.linestrings([origin, front])  # the class's constructor is slower
    found = blockers(state, unit)
    for index in np.flatnonzero(crossed(path, found.shapes)):
        obstacle = found.items[index]
        if obstacle.unit is None or not _may_pass(state, unit, obstacle.unit):
            return Route(f"Activation Movement: the line of the move crosses {obstacle.name}")
    gap = state.g.pack.constant("gap")
    pair = narrow_gap(path, found.shapes, gap)
    if pair is not None:
        first, second = found.items[pair[0]].name, found.items[pair[1]].name
        return Route(
            f"Movement: Obstacles: the move passes between {first} and {second}, less "
            f"than {gap:g} inches apart"
        )
    return Route(None, _ground(state, path), length, direction)


def _may_pass(state: TerciosState, unit: int, other: int) -> bool:
    """Friendly artillery may be passed through [Overlap] [Rulings R18]."""
    troops = state.g.troops
    return troops[other].profile.is_artillery and troops[other].side == troops[unit].side


def _final_spot(
    state: TerciosState,
    unit: int,
    *,
    start: Placement,
    front: tuple[float, float],
    direction: float,
    facing: float | None,
    stopping: bool = True,
) -> Landing:
    """Where the base ends: facing the way it moved [Activation Movement], overlapping
    nothing [Overlap], or turned at most 45 degrees to clear what it would overlap
    [Angle Correction] [Rulings R18] (pure geometry, remembered by the scene); without
    ``stopping``, ``_UNSTOPPED`` where it would stop short at a point of contact."""
    found = blockers(state, unit)
    if facing is not None and turn_between(facing, direction) <= FACING_TOLERANCE:
        direction, facing = facing, None
    straight = start.with_front_at(front, direction)
    clash = _clash(state, straight.polygon(), found)
    if facing is None:
        pushed = _push_back(state, unit, straight, found, direction) if clash else None
        if pushed:
            return Landing(None, straight, pushed)
        if clash is not None and not stopping:
            return _UNSTOPPED
        if clash is not None:
            return _stopped_at_contact(state, unit, start, straight, found=found, clash=clash)
        return Landing(None, straight)
    correction = turn_between(facing, direction)
    limit = state.g.pack.constant("max_correction")
    if clash is None:
        return Landing(
            f"Activation Movement: the unit ends facing the direction it moved "
            f"({direction:.1f} degrees); a different facing is only an Angle Correction "
            "when the move would end overlapping",
            None,
        )
    if correction > limit + 1e-6:
        return Landing(
            f"Angle Correction: {correction:.0f} degrees exceeds the {limit:g}-degree limit",
            None,
        )
    corrected = start.with_front_at(front, facing)
    if _clash(state, corrected.polygon(), found) is not None:
        return _stopped_at_contact(state, unit, start, straight, found=found, clash=clash)
    return Landing(None, corrected)


STOPPED = "Movement: the move would stop short at a point of contact"
"""``move_problem``'s answer, with ``stopping=False``, for a move that would stop short."""
_UNSTOPPED = Landing(STOPPED, None)
"""The landing of such a move, neither worked out nor remembered."""

CONTACT_STEP = 0.05
"""Inches between the points of its line a move stopped at contact tries, going back."""


def _stopped_at_contact(
    state: TerciosState,
    unit: int,
    start: Placement,
    straight: Placement,
    *,
    found: Blockers,
    clash: str,
) -> Landing:
    """A move whose overlap no correction clears stops back at the point of contact: the
    farthest point of its line where the base, facing the way it moved, overlaps nothing
    (to a hundredth of an inch) [Angle Correction] [Rulings R114]. Refused when it is the
    table's edge that the base would cross, or friendly artillery it passes through but
    cannot push back far enough [Overlap] [Rulings R73]."""
    refusal = Landing(
        f"Overlap: the unit would end overlapping {clash}; a facing within "
        f"{state.g.pack.constant('max_correction'):g} degrees may correct it "
        "(Angle Correction), or move less far",
        None,
    )
    shape = straight.polygon()
    hits = [found.items[i] for i in np.flatnonzero(overlapping(shape, found.shapes))]
    if not inside(shape, table_area(state)) or any(
        o.unit is not None and _may_pass(state, unit, o.unit) for o in hits
    ):
        return refusal
    direction = straight.facing
    pivoted = start.with_front_at(start.front, direction)
    length = distance(start.front, straight.front)
    clearance = Clearance(
        pivoted,
        direction,
        shapes=found.shapes,
        rects=found.rects,
        area=table_area(state),
    )

    blocked, free_at = _walk_back(clearance, length)
    if free_at <= 0.0:
        if not clearance.free_at(0.0):
            return refusal
        free_at = 0.0
    while blocked - free_at > 0.01:
        middle = (free_at + blocked) / 2
        free_at, blocked = (middle, blocked) if clearance.free_at(middle) else (free_at, middle)
    return Landing(None, pivoted.moved(free_at, direction), stopped=True)


WALK_CHUNK = 24
"""Points of the line a move stopped at contact tests together, going back."""


def _walk_back(clearance: Clearance, length: float) -> tuple[float, float]:
    """Going back from ``length`` along the line by ``CONTACT_STEP``, the first point where
    the base overlaps nothing and stays on the table, and the point tested before it (a
    point at or below 0 when none is): the points are tested ``WALK_CHUNK`` at a time."""
    blocked = length
    while True:
        reaches: list[float] = []
        at = blocked
        while len(reaches) < WALK_CHUNK:
            at -= CONTACT_STEP
            reaches.append(at)
            if at <= 0.0:
                break
        tested = [reach for reach in reaches if reach > 0.0]
        free = clearance.free(tested) if tested else np.zeros(0, dtype=bool)
        first = np.flatnonzero(free)
        if len(first):
            index = int(first[0])
            return (reaches[index - 1] if index else blocked), reaches[index]
        if reaches[-1] <= 0.0:
            return (reaches[-2] if len(reaches) > 1 else blocked), reaches[-1]
        blocked = reaches[-1]


def _push_back(
    state: TerciosState,
    unit: int,
    spot: Placement,
    blockers: Blockers,
    direction: float,
) -> tuple[tuple[int, Placement], ...]:
    """A unit without the move left to get past the friendly artillery it passes through
    shoves it back behind itself, one inch at most; nothing if that does not clear every base
    it would overlap [Overlap] [Rulings R73]."""
    shape = spot.polygon()
    area = table_area(state)
    if not inside(shape, area):
        return ()
    hits = [blockers.items[i] for i in np.flatnonzero(overlapping(shape, blockers.shapes))]
    if not all(o.unit is not None and _may_pass(state, unit, o.unit) for o in hits):
        return ()
    limit = state.g.pack.constant("artillery_push")
    pushed = []
    for hit in hits:
        assert hit.unit is not None
        others = blockers.without(hit)
        gun = state.placement(hit.unit)
        steps = [limit * k / 4 for k in range(1, 5)]
        spots = (gun.moved(step, normalize(direction + 180.0)) for step in steps)
        cleared = next(
            (
                g
                for g in spots
                if free(g.polygon(), others, area) and not overlaps(g.polygon(), shape)
            ),
            None,
        )
        if cleared is None:
            return ()
        pushed.append((hit.unit, cleared))
    return tuple(pushed)


def _clash(state: TerciosState, shape: Polygon, blockers: Blockers) -> str | None:
    if not inside(shape, table_area(state)):
        return "the table's edge"
    hit = np.flatnonzero(overlapping(shape, blockers.shapes))
    return blockers.items[hit[0]].name if len(hit) else None


def move_towards(
    state: TerciosState, unit: int, direction: float, bonuses: int, limit: float | None = None
) -> Move | None:
    """The longest of a few set fractions of its move that ``unit`` can make straight
    towards ``direction`` and end where it aims, not stopped short at a contact (a
    discretised move for bots) [Rulings R20] [Rulings R114]."""
    start = state.placement(unit)
    full = speed(state, unit, bonuses)
    if limit is not None:
        full = min(full, limit)
    for fraction in FRACTIONS:
        reach = full * fraction
        if reach < 0.25:
            return None
        front = _ahead(start, direction, reach)
        _, move = move_problem(state, unit, front, None, bonuses, stopping=False)
        if move is not None and not move.stopped:
            return move
    return None


def _ahead(start: Placement, direction: float, reach: float) -> tuple[float, float]:
    fx, fy = start.front
    angle = math.radians(direction)
    return (round(fx + math.cos(angle) * reach, 2), round(fy + math.sin(angle) * reach, 2))


def slide(state: TerciosState, unit: int, direction: float, length: float, facing: float) -> bool:
    """An involuntary move (disengagement, retreat, evasion, pursuit, advance): the base,
    turned to ``facing``, slides up to ``length`` inches and stops short of anything in its
    way. Whether it went the whole way [Movement] [Rulings R27]."""
    start = state.placement(unit)
    turned = Placement(start.x, start.y, facing, start.width, start.depth)
    found = blockers(state, unit)
    area = table_area(state)
    steps = max(1, int(length / 0.25))
    best = turned if free(turned.polygon(), found, area) else None
    # A base in contact (an enemy after a combat) only blocks a move that would overlap it:
    # the front centre's line may start on its edge (RULINGS.md R74).
    apart = found.shapes[np.asarray(shapely.distance(found.shapes, turned.polygon())) > CONTACT]
    for step in range(1, steps + 1):
        reach = length * step / steps
        spot = turned.moved(reach, direction)
        path = LineString([turned.front, spot.front])
        if not free(spot.polygon(), found, area) or crossed(path, apart).any():
            break
        best = spot
    else:
        if best is not None:
            state.place(unit, best)
        return True
    if best is not None:
        state.place(unit, best)
    return False


def free(shape: Polygon, blockers: Blockers, area: Polygon) -> bool:
    return inside(shape, area) and not overlapping(shape, blockers.shapes).any()


def reorient(
    state: TerciosState, unit: int, verb: str, rule: str = "Movement: Reorientation"
) -> None:
    """The front centre brought to a side or the rear centre [Reorientation]."""
    state.f[unit] = round(normalize(state.f[unit] + TURN_ANGLES[TURNS.index(verb)]), 4)
    state.log(
        f"{state.g.troops[unit].label}: {verb}.",
        rule,
        {"unit": unit, "facing": state.f[unit]},
    )


def free_turns(state: TerciosState, unit: int) -> list[str]:
    """The turns after which the base overlaps nothing and stays on the table
    [Reorientation] (pure geometry, remembered by the scene)."""
    scene = scene_of(state)
    known = scene.turns.get(unit)
    if known is None:
        known = scene.turns[unit] = _free_turns(state, unit)
    return list(known)


def _free_turns(state: TerciosState, unit: int) -> tuple[str, ...]:
    """The turns with room for the base [Reorientation] (what ``free_turns`` remembers)."""
    spot = state.placement(unit)
    others = blockers(state, unit)
    area = table_area(state)
    found = []
    for verb, angle in zip(TURNS, TURN_ANGLES, strict=True):
        turned = Placement(spot.x, spot.y, normalize(spot.facing + angle), spot.width, spot.depth)
        if free(turned.polygon(), others, area):
            found.append(verb)
    return tuple(found)


def evade(state: TerciosState, unit: int, away_from: int, rule: str = "Reactions: Run!") -> None:
    """Turn about and move directly away by Mvt++ [Reactions: Run!] [Evasion]."""
    direction = bearing((state.x[away_from], state.y[away_from]), (state.x[unit], state.y[unit]))
    length = speed(state, unit, 2)
    slide(state, unit, direction, length, direction)
    state.log(f"{state.g.troops[unit].label} evades.", rule, {"unit": unit})
