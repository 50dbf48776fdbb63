"""The battlefield in geometry [Units] [Movement] [Selecting the Target], with shapely
[Rulings R12].

Distances are in inches. A base is an oriented rectangle given by its centre, its facing
(degrees, counter-clockwise from the table's long edge, the x axis) and its width and
depth; its four Centres are the middles of its sides. A test between troop bases, which
are rectangles, is first decided in plain floats or numpy (``clip``) and goes to shapely
only within ``clip.MARGIN`` of its threshold; scenery is always shapely's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from stratagem.games.tercios.clip import (
    NO,
    UNKNOWN,
    YES,
    Rectangles,
    Slide,
    Sweep,
    Verdicts,
    crossing_verdicts,
)

EPSILON = 1e-6
EDGE = 1e-3
"""How near an element's edge a point counts as on it (inches)."""
CLEAR = 0.1
"""Inches of margin of the cheap distance tests that settle only the clear cases (before a
shapely test): whatever is nearer gets the exact test."""
FRONT, RIGHT, REAR, LEFT = range(4)
Shapes = NDArray[np.object_]
"""An array of shapely shapes, for vectorised tests."""
CENTRE_NAMES = ("front", "right", "rear", "left")


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a base stands: its centre, facing and size."""

    x: float
    y: float
    facing: float
    width: float
    depth: float

    @property
    def heading(self) -> tuple[float, float]:
        """The unit vector the base faces."""
        angle = math.radians(self.facing)
        return (math.cos(angle), math.sin(angle))

    def centres(self) -> tuple[tuple[float, float], ...]:
        """The four Centres: front, right, rear, left (cached like the outline) [Units]."""
        return _centres(self)

    @property
    def front(self) -> tuple[float, float]:
        """The front centre, from which moves, sight and range are measured [Units]."""
        hx, hy = self.heading
        half_d = self.depth / 2
        return (self.x + hx * half_d, self.y + hy * half_d)

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners: front right, rear right, rear left, front left."""
        hx, hy = self.heading
        half_d, half_w = self.depth / 2, self.width / 2
        return tuple(
            (self.x + hx * d + hy * w, self.y + hy * d - hx * w)
            for d, w in ((half_d, half_w), (-half_d, half_w), (-half_d, -half_w), (half_d, -half_w))
        )

    def polygon(self) -> Polygon:
        """The base's outline (cached: the same placement is the same shape)."""
        return _outline(self)

    def with_front_at(self, front: tuple[float, float], facing: float) -> Placement:
        """The same base turned to ``facing`` with its front centre at ``front``."""
        angle = math.radians(facing)
        half = self.depth / 2
        return Placement(
            front[0] - math.cos(angle) * half,
            front[1] - math.sin(angle) * half,
            facing,
            self.width,
            self.depth,
        )

    def moved(self, distance: float, direction: float) -> Placement:
        """The base slid ``distance`` inches towards ``direction`` degrees, facing kept."""
        angle = math.radians(direction)
        return Placement(
            self.x + math.cos(angle) * distance,
            self.y + math.sin(angle) * distance,
            self.facing,
            self.width,
            self.depth,
        )


@lru_cache(maxsize=4096)
def _outline(spot: Placement) -> Polygon:
    outline: Polygon = shapely.polygons(spot.corners())
    return outline


@lru_cache(maxsize=4096)
def _centres(spot: Placement) -> tuple[tuple[float, float], ...]:
    hx, hy = spot.heading
    half_d, half_w = spot.depth / 2, spot.width / 2
    return (
        (spot.x + hx * half_d, spot.y + hy * half_d),
        (spot.x + hy * half_w, spot.y - hx * half_w),
        (spot.x - hx * half_d, spot.y - hy * half_d),
        (spot.x - hy * half_w, spot.y + hx * half_w),
    )


def normalize(angle: float) -> float:
    """An angle in degrees brought into [0, 360)."""
    return angle % 360.0


def turn_between(a: float, b: float) -> float:
    """The smallest turn, in degrees (0 to 180), from facing ``a`` to facing ``b``."""
    diff = abs(normalize(a) - normalize(b))
    return min(diff, 360.0 - diff)


def bearing(start: tuple[float, float], end: tuple[float, float]) -> float:
    """The direction from ``start`` to ``end`` in degrees."""
    return normalize(math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])))


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The straight distance between two points, in inches."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def clearly_beyond(point: tuple[float, float], spot: Placement, reach: float) -> bool:
    """Whether ``point`` is farther than ``reach`` from every point of the base at ``spot``,
    by more than ``CLEAR``: its middle is that much beyond ``reach`` plus half the base's
    diagonal. ``False`` says nothing: the exact test decides."""
    spread = math.hypot(spot.width, spot.depth) / 2
    return distance(point, (spot.x, spot.y)) > reach + spread + CLEAR


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Whether two shapes share area (bases that only touch do not overlap)."""
    return bool(a.intersects(b)) and a.intersection(b).area > EPSILON


def overlapping(shape: BaseGeometry, shapes: Shapes) -> NDArray[np.bool_]:
    """``overlaps`` of one shape against each of ``shapes``, in one vectorised pass."""
    hit = np.asarray(shapely.intersects(shape, shapes))
    found = np.flatnonzero(hit)
    if len(found):
        hit[found] = shapely.area(shapely.intersection(shape, shapes[found])) > EPSILON
    return hit


class Clearance:
    """Whether the base ``start``, slid ``reach`` inches towards ``direction``, lies
    ``inside`` ``area`` (an upright box: the table) and ``overlaps`` none of ``shapes``
    (whose troop bases are the rows of ``rects`` that are not ``nan``), at any reaches.

    Decided in numpy where rounding cannot matter (``clip.Slide``: the troop bases, and
    the boxes of the other shapes missing the base's); the rest by shapely, on the bases
    built as ``Placement.moved`` builds them."""

    __slots__ = ("area", "bounds", "boxes", "direction", "scenery", "shapes", "slide", "start")

    def __init__(
        self,
        start: Placement,
        direction: float,
        *,
        shapes: Shapes,
        rects: Rectangles,
        area: Polygon,
    ) -> None:
        angle = math.radians(direction)
        self.start, self.direction, self.shapes, self.area = start, direction, shapes, area
        self.slide = Slide(start, (math.cos(angle), math.sin(angle)), rects, EPSILON)
        self.bounds = area.bounds
        self.scenery = np.flatnonzero(np.isnan(rects[:, 0]))
        self.boxes = shapely.bounds(shapes[self.scenery]) if len(self.scenery) else None

    def free_at(self, reach: float) -> bool:
        """``free`` at one reach: in plain floats when the base is clearly on the table
        and there is no scenery to test."""
        if not len(self.scenery) and self.slide.holds(reach, self.bounds):
            verdict = self.slide.overlap(reach)
            if verdict != UNKNOWN:
                return verdict == NO
        return bool(self.free([reach])[0])

    def free(self, reaches: Sequence[float]) -> NDArray[np.bool_]:
        """For each of ``reaches``: whether the base slid that far is on the table and
        overlaps nothing."""
        along = np.asarray(reaches, dtype=float)
        held = self.slide.within(along, self.bounds)
        verdicts = self.slide.overlaps(along)
        if self.boxes is not None:
            missed = self.slide.apart(along, self.boxes)
            verdicts[:, self.scenery] = np.where(missed, NO, UNKNOWN)
        free: NDArray[np.bool_] = (held != NO) & ~(verdicts == YES).any(axis=1)
        rows = np.flatnonzero(free & ((held == UNKNOWN) | (verdicts == UNKNOWN).any(axis=1)))
        if len(rows):
            self._ask_shapely(along, rows, held, verdicts, free)
        return free

    def _ask_shapely(
        self,
        along: NDArray[np.float64],
        rows: NDArray[np.intp],
        held: Verdicts,
        verdicts: Verdicts,
        free: NDArray[np.bool_],
    ) -> None:
        """The places of ``rows`` that numpy left ``UNKNOWN``, decided by shapely (into
        ``free``)."""
        spots = [
            self.start.moved(reach, self.direction).polygon() for reach in along[rows].tolist()
        ]
        polygons = np.empty(len(rows), dtype=object)
        polygons[:] = spots
        for index in np.flatnonzero(held[rows] == UNKNOWN).tolist():
            free[rows[index]] = inside(spots[index], self.area)
        pairs, cols = np.nonzero((verdicts[rows] == UNKNOWN) & free[rows][:, None])
        if len(pairs):
            shapes = self.shapes[cols]
            hit = np.flatnonzero(shapely.intersects(polygons[pairs], shapes))
            cut = shapely.area(shapely.intersection(polygons[pairs[hit]], shapes[hit]))
            free[rows[pairs[hit[cut > EPSILON]]]] = False


def crosses(path: LineString, shape: BaseGeometry) -> bool:
    """Whether a line cuts through a shape's inside (grazing its edge does not count)."""
    if not path.intersects(shape):
        return False
    return bool(path.intersection(shape).length > EPSILON) or shape.contains(Point(path.coords[0]))


def crossed(path: LineString, shapes: Shapes) -> NDArray[np.bool_]:
    """``crosses`` of one line against each of ``shapes``, in one vectorised pass."""
    hit = np.asarray(shapely.intersects(path, shapes))
    found = np.flatnonzero(hit)
    if len(found):
        cut = shapes[found]
        x, y = path.coords[0]
        long = shapely.length(shapely.intersection(path, cut)) > EPSILON
        hit[found] = long | shapely.contains_xy(cut, x, y)
    return hit


def crossings(lines: Shapes, shapes: Shapes) -> NDArray[np.bool_]:
    """``crosses`` of each of ``lines`` (rows) against each of ``shapes`` (columns), in
    one vectorised pass."""
    hit = np.asarray(shapely.intersects(lines[:, None], shapes[None, :]))
    rows, cols = np.nonzero(hit)
    if len(rows):
        starts = shapely.get_coordinates(lines)[0::2][rows]
        cut = shapes[cols]
        long = shapely.length(shapely.intersection(lines[rows], cut)) > EPSILON
        hit[rows, cols] = long | shapely.contains_xy(cut, starts[:, 0], starts[:, 1])
    return hit


def blocked(
    lines: Shapes, shapes: Shapes, usable: NDArray[np.bool_], rects: Rectangles
) -> NDArray[np.bool_]:
    """Whether each of ``lines`` (two-point segments) ``crosses`` any of ``shapes`` that
    ``usable`` allows for its row, in vectorised passes: the troop bases among the shapes
    (the rows of ``rects`` that are not ``nan``) by ``clip.crossing_verdicts``, the pairs
    it leaves and the other shapes by shapely (a line is decided by its first shape really
    crossed)."""
    ends = shapely.get_coordinates(lines).reshape(-1, 2, 2)
    bases = np.flatnonzero(~np.isnan(rects[:, 0]))
    verdicts = np.full(usable.shape, UNKNOWN, dtype=np.int8)
    verdicts[:, bases] = crossing_verdicts(ends, rects[bases], EPSILON)
    verdicts[~usable] = NO
    found: NDArray[np.bool_] = (verdicts == YES).any(axis=1)
    hit = (verdicts == UNKNOWN) & ~found[:, None]
    rows, cols = np.nonzero(hit)
    if len(rows):
        hit[rows, cols] = shapely.intersects(lines[rows], shapes[cols])
    starts = ends[:, 0]
    rows = np.flatnonzero(hit.any(axis=1))
    while len(rows):
        cols = hit[rows].argmax(axis=1)
        cut = shapes[cols]
        long = shapely.length(shapely.intersection(lines[rows], cut)) > EPSILON
        real = long | shapely.contains_xy(cut, starts[rows, 0], starts[rows, 1])
        found[rows[real]] = True
        hit[rows, cols] = False
        rows = rows[~real]
        rows = rows[hit[rows].any(axis=1)]
    return found


def narrow_gap(path: LineString, obstacles: Shapes, gap: float) -> tuple[int, int] | None:
    """The first pair of obstacles [Obstacles] on either side of ``path`` closer
    than ``gap`` to each other while the path passes between them, or ``None``. The pair
    is the first in the obstacles' order (by the first, then the second)."""
    near = np.flatnonzero(shapely.dwithin(path, obstacles, gap))
    if len(near) < 2:
        return None
    near = near[np.asarray(shapely.distance(path, obstacles[near])) < gap]
    if len(near) < 2:
        return None
    (x0, y0), (x1, y1) = shapely.get_coordinates(path)[[0, -1]].tolist()
    points = shapely.get_coordinates(shapely.shortest_line(path, obstacles[near]))[1::2]
    sides = ((x1 - x0) * (points[:, 1] - y0) - (y1 - y0) * (points[:, 0] - x0) > 0).tolist()
    indices: list[int] = near.tolist()
    for i, first in enumerate(indices):
        for j in range(i + 1, len(indices)):
            second = indices[j]
            if (
                sides[i] != sides[j]
                and obstacles[first].distance(obstacles[second]) < gap - EPSILON
            ):
                return (first, second)
    return None


def behind_front_line(attacker_front: tuple[float, float], target: Placement) -> bool:
    """Whether a point lies behind the line extending the target's front
    [Flank Charges]."""
    fx, fy = target.front
    hx, hy = target.heading
    return (attacker_front[0] - fx) * hx + (attacker_front[1] - fy) * hy < -EPSILON


def first_contact(
    mover: Placement, direction: float, limit: float, target: Placement, steps: int = 24
) -> float | None:
    """How far ``mover`` (already turned) slides towards ``direction`` before touching
    the base at ``target``, if within ``limit``; ``None`` when it would not reach it: a
    charge stops at the first contact of the two bases [Combat: Charges].

    The distance is halved ``steps`` times: whether the shape swept by a slide meets the
    target is answered by ``clip.Sweep``, and by shapely where that is too near touching."""
    start = mover.polygon()
    goal = target.polygon()
    if start.distance(goal) > limit + EPSILON:
        return None
    if overlaps(start, goal):
        return 0.0
    sweep = Sweep(mover, direction, limit, target)

    def meets(reach: float) -> bool:
        known = sweep.touched(reach)
        if known is not None:
            return known
        swept = MultiPolygon([start, mover.moved(reach, direction).polygon()]).convex_hull
        return bool(swept.intersects(goal))

    if not meets(limit):
        return None
    low, high = 0.0, limit
    for _ in range(steps):
        middle = (low + high) / 2
        if meets(middle):
            high = middle
        else:
            low = middle
    return low


def inside(shape: BaseGeometry, area: BaseGeometry) -> bool:
    """Whether ``shape`` lies within ``area`` (allowing rounding at the edge)."""
    return bool(area.covers(shape)) or bool(shape.difference(area).area <= EPSILON)
