"""The battlefield in geometry (Units; Movement; Shooting: Selecting the Target), with shapely.

Distances are in inches. A base is an oriented rectangle given by its centre, its facing
(degrees, counter-clockwise from the table's long edge, the x axis) and its width and
depth; its four Centres are the middles of its sides. Every shape test is shapely's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from shapely import LineString, MultiPolygon, Point, Polygon, shortest_line
from shapely.geometry.base import BaseGeometry

EPSILON = 1e-6
FRONT, RIGHT, REAR, LEFT = range(4)
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
        """The four Centres (Units): front, right, rear, left."""
        hx, hy = self.heading
        half_d, half_w = self.depth / 2, self.width / 2
        return (
            (self.x + hx * half_d, self.y + hy * half_d),
            (self.x + hy * half_w, self.y - hx * half_w),
            (self.x - hx * half_d, self.y - hy * half_d),
            (self.x - hy * half_w, self.y + hx * half_w),
        )

    @property
    def front(self) -> tuple[float, float]:
        """The front centre, from which moves, sight and range are measured."""
        return self.centres()[FRONT]

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
    return Polygon(spot.corners())


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


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Whether two shapes share area (bases that only touch do not overlap)."""
    return bool(a.intersects(b)) and a.intersection(b).area > EPSILON


def crosses(path: LineString, shape: BaseGeometry) -> bool:
    """Whether a line cuts through a shape's inside (grazing its edge does not count)."""
    if not path.intersects(shape):
        return False
    return bool(path.intersection(shape).length > EPSILON) or shape.contains(Point(path.coords[0]))


def narrow_gap(
    path: LineString, obstacles: Sequence[BaseGeometry], gap: float
) -> tuple[int, int] | None:
    """Movement: Obstacles: the first pair of obstacles on either side of ``path`` closer
    than ``gap`` to each other while the path passes between them, or ``None``."""
    (x0, y0), (x1, y1) = path.coords[0], path.coords[-1]
    near: list[tuple[int, int]] = []
    for index, shape in enumerate(obstacles):
        if path.distance(shape) >= gap:
            continue
        point = Point(shortest_line(path, shape).coords[-1])
        side = (x1 - x0) * (point.y - y0) - (y1 - y0) * (point.x - x0)
        near.append((index, 1 if side > 0 else -1))
    for i, (a, side_a) in enumerate(near):
        for b, side_b in near[i + 1 :]:
            if side_a != side_b and obstacles[a].distance(obstacles[b]) < gap - EPSILON:
                return (a, b)
    return None


def behind_front_line(attacker_front: tuple[float, float], target: Placement) -> bool:
    """Flank Charges: whether a point lies behind the line extending the target's front."""
    fx, fy = target.front
    hx, hy = target.heading
    return (attacker_front[0] - fx) * hx + (attacker_front[1] - fy) * hy < -EPSILON


def first_contact(
    mover: Placement, direction: float, limit: float, target: BaseGeometry, steps: int = 24
) -> float | None:
    """How far ``mover`` (already turned) slides towards ``direction`` before touching
    ``target``, if within ``limit``; ``None`` when it would not reach it."""
    start = mover.polygon()
    if overlaps(start, target):
        return 0.0

    def swept(reach: float) -> BaseGeometry:
        return MultiPolygon([start, mover.moved(reach, direction).polygon()]).convex_hull

    if not swept(limit).intersects(target):
        return None
    low, high = 0.0, limit
    for _ in range(steps):
        middle = (low + high) / 2
        if swept(middle).intersects(target):
            high = middle
        else:
            low = middle
    return low


def inside(shape: BaseGeometry, area: BaseGeometry) -> bool:
    """Whether ``shape`` lies within ``area`` (allowing rounding at the edge)."""
    return bool(shape.difference(area).area <= EPSILON)
