"""Segments and moves against troop bases without shapely, deciding only the cases beyond
rounding [Line of sight] [Obstacles] [Combat: Charges].

A troop base is a rectangle: in its own axes (along its facing and across it) it is
``|u| <= half depth`` and ``|v| <= half width``, so the part of a segment inside it is a
parametric clip (Liang-Barsky), and its distance from a segment is worked out from its
corners and the segment's ends. Each answer is given for the rectangle grown and shrunk by
``MARGIN`` inches and compared with its threshold with ``MARGIN`` to spare: a pair the
two agree on is decided (shapely's exact tests, on the polygon built from the same
corners, would say the same); the rest are ``UNKNOWN`` and left to shapely. The
decisions are therefore exactly those of ``geometry.crosses`` and ``shapely.dwithin``.

A base sliding straight towards another (``Sweep``) meets it over an interval of the
distance slid, found on the four sides' directions of the two rectangles (separating
axes); a slide is decided only where it is more than ``MARGIN`` inches from touching.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from stratagem.games.tercios.geometry import Placement

MARGIN = 1e-9
"""Inches by which a base is grown and shrunk, and a length or distance must clear its
threshold, for an answer to count as decided (rounding is below 1e-12 on the table)."""
NO, YES, UNKNOWN = 0, 1, 2
Rectangles = NDArray[np.float64]
"""One row per shape: centre x, centre y, heading x, heading y, half depth, half width;
``nan`` for a shape that is not a troop base (left to shapely)."""
Verdicts = NDArray[np.int8]
"""``NO``, ``YES`` or ``UNKNOWN`` for each segment (rows) and shape (columns)."""


def rectangles(spots: Sequence[Placement | None]) -> Rectangles:
    """The rows of ``Rectangles`` for bases standing at ``spots`` (``None``: not a base)."""
    rows = np.full((len(spots), 6), np.nan)
    for row, spot in enumerate(spots):
        if spot is not None:
            hx, hy = spot.heading
            rows[row] = (spot.x, spot.y, hx, hy, spot.depth / 2, spot.width / 2)
    return rows


def _local(ends: NDArray[np.float64], rects: Rectangles) -> tuple[NDArray[np.float64], ...]:
    """The segments' starts and directions in each rectangle's axes: u0, v0, du, dv
    (segments as rows, rectangles as columns)."""
    cx, cy, hx, hy = (rects[None, :, k] for k in range(4))
    sx, sy = ends[:, 0, 0, None] - cx, ends[:, 0, 1, None] - cy
    dx, dy = (ends[:, 1, 0] - ends[:, 0, 0])[:, None], (ends[:, 1, 1] - ends[:, 0, 1])[:, None]
    return sx * hx + sy * hy, sx * hy - sy * hx, dx * hx + dy * hy, dx * hy - dy * hx


def _clipped(
    local: tuple[NDArray[np.float64], ...], half_u: NDArray[np.float64], half_v: NDArray[np.float64]
) -> NDArray[np.float64]:
    """The fraction of each segment (``local``: u0, v0, du, dv) lying in ``|u| <= half_u``,
    ``|v| <= half_v`` (0 when it misses)."""
    u0, v0, du, dv = local
    low = np.zeros(u0.shape)
    high = np.ones(u0.shape)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for start, step, half in ((u0, du, half_u), (v0, dv, half_v)):
            first, second = (-half - start) / step, (half - start) / step
            still = step == 0
            inside = np.abs(start) <= half
            enter = np.where(still, np.where(inside, -np.inf, np.inf), np.minimum(first, second))
            leave = np.where(still, np.where(inside, np.inf, -np.inf), np.maximum(first, second))
            low = np.maximum(low, enter)
            high = np.minimum(high, leave)
    return np.maximum(high - low, 0.0)


def crossing_verdicts(ends: NDArray[np.float64], rects: Rectangles, least: float) -> Verdicts:
    """``geometry.crosses`` of each segment (``ends``: rows of (start, end)) against each
    rectangle, where rounding cannot change it: the segment runs more than ``least``
    inches (``geometry.EPSILON``) inside the base or starts inside it (``YES``), or runs
    less than that inside it and starts outside it (``NO``)."""
    local = _local(ends, rects)
    u0, v0 = local[0], local[1]
    half_u, half_v = rects[None, :, 4], rects[None, :, 5]
    length = np.hypot(ends[:, 1, 0] - ends[:, 0, 0], ends[:, 1, 1] - ends[:, 0, 1])[:, None]
    outer = _clipped(local, half_u + MARGIN, half_v + MARGIN) * length
    inner = _clipped(local, half_u - MARGIN, half_v - MARGIN) * length
    start_in = (np.abs(u0) < half_u - MARGIN) & (np.abs(v0) < half_v - MARGIN)
    start_out = (np.abs(u0) > half_u + MARGIN) | (np.abs(v0) > half_v + MARGIN)
    verdicts = np.full(u0.shape, UNKNOWN, dtype=np.int8)
    verdicts[(outer < least - MARGIN) & start_out] = NO
    verdicts[(inner > least + MARGIN) | start_in] = YES
    return verdicts


def near_verdicts(ends: NDArray[np.float64], rects: Rectangles, gap: float) -> Verdicts:
    """``shapely.dwithin(segment, base, gap)`` of each segment against each rectangle,
    where rounding cannot change it (the distance clears ``gap`` by ``MARGIN``)."""
    local = _local(ends, rects)
    u0, v0, du, dv = local
    half_u, half_v = rects[None, :, 4], rects[None, :, 5]
    meets = _clipped(local, half_u, half_v) > 0
    apart = np.minimum(_outside(u0, v0, half_u, half_v), _outside(u0 + du, v0 + dv, half_u, half_v))
    squared = du * du + dv * dv
    for su in (-1.0, 1.0):
        for sv in (-1.0, 1.0):
            pu, pv = su * half_u - u0, sv * half_v - v0
            with np.errstate(divide="ignore", invalid="ignore"):
                t = np.where(squared > 0, np.clip((pu * du + pv * dv) / squared, 0.0, 1.0), 0.0)
            apart = np.minimum(apart, np.hypot(pu - t * du, pv - t * dv))
    apart = np.where(meets, 0.0, apart)
    verdicts = np.full(u0.shape, UNKNOWN, dtype=np.int8)
    verdicts[apart < gap - MARGIN] = YES
    verdicts[apart > gap + MARGIN] = NO
    return verdicts


def _outside(
    u: NDArray[np.float64],
    v: NDArray[np.float64],
    half_u: NDArray[np.float64],
    half_v: NDArray[np.float64],
) -> NDArray[np.float64]:
    """How far each point is from the rectangle (0 inside)."""
    return np.hypot(np.maximum(np.abs(u) - half_u, 0.0), np.maximum(np.abs(v) - half_v, 0.0))


class Sweep:
    """Whether ``mover``, slid towards ``direction`` degrees (any distance up to ``limit``
    inches), has touched ``target`` (two bases): the swept shape of ``geometry.first_contact``
    meets the target. ``touched`` answers ``None`` within rounding of touching."""

    __slots__ = ("enter", "exit", "never", "spread", "unsure")

    def __init__(self, mover: Placement, direction: float, limit: float, target: Placement):
        step = (math.cos(math.radians(direction)), math.sin(math.radians(direction)))
        self.enter, self.exit = -math.inf, math.inf
        self.never = self.unsure = False
        slowest = math.inf
        for spot in (mover, target):
            hx, hy = spot.heading
            for axis in ((hx, hy), (hy, -hx)):
                apart = (mover.x - target.x) * axis[0] + (mover.y - target.y) * axis[1]
                reach = _half_span(mover, axis) + _half_span(target, axis)
                rate = step[0] * axis[0] + step[1] * axis[1]
                if abs(rate) * limit <= MARGIN:
                    near = max(abs(apart), abs(apart + rate * limit))
                    far = min(abs(apart), abs(apart + rate * limit))
                    self.never |= far > reach + MARGIN
                    self.unsure |= near >= reach - MARGIN
                    continue
                first, second = (-reach - apart) / rate, (reach - apart) / rate
                self.enter = max(self.enter, min(first, second))
                self.exit = min(self.exit, max(first, second))
                slowest = min(slowest, abs(rate))
        self.spread = MARGIN / slowest if slowest < math.inf else 0.0
        self.never |= self.exit < -self.spread or self.enter - self.exit > 2 * self.spread
        self.unsure &= not self.never

    def touched(self, reach: float) -> bool | None:
        """Whether the slide has met the target by ``reach`` inches (``None``: too near
        touching to say)."""
        if self.never:
            return False
        if self.unsure:
            return None
        soonest = max(0.0, self.enter + self.spread)
        if reach >= soonest and soonest <= self.exit - self.spread:
            return True
        if reach < self.enter - self.spread:
            return False
        return None


def _half_span(spot: Placement, axis: tuple[float, float]) -> float:
    """Half the length of a base's shadow on a unit ``axis``."""
    hx, hy = spot.heading
    along = abs(hx * axis[0] + hy * axis[1])
    across = abs(hy * axis[0] - hx * axis[1])
    return spot.depth / 2 * along + spot.width / 2 * across
