"""Segments and moves against troop bases without shapely, deciding only the cases beyond
rounding [Line of sight] [Obstacles] [Combat: Charges].

A troop base is a rectangle: in its own axes (along its facing and across it) it is
``|u| <= half depth`` and ``|v| <= half width``, so the part of a segment inside it is a
parametric clip (Liang-Barsky). The clip is worked out for the rectangle grown and shrunk
by ``MARGIN`` inches and compared with its threshold with ``MARGIN`` to spare: a pair the
two agree on is decided (shapely's exact test, on the polygon built from the same
corners, would say the same); the rest are ``UNKNOWN`` and left to shapely. The
decisions are therefore exactly those of ``geometry.crosses``.

A base sliding straight towards another (``Sweep``) meets it over an interval of the
distance slid, found on the four sides' directions of the two rectangles (separating
axes); a slide is decided only where it is more than ``MARGIN`` inches from touching.
A move stopped at contact [Overlap] slides its base back along its line against every
base at once (``Slide``): the intervals are worked out for the bases grown and shrunk,
which tells where they cannot touch and where they surely share more than
``geometry.EPSILON`` square inches.
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
threshold, for an answer to count as decided (rounding is below 1e-12 inch on the table)."""
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


def crossing_verdicts(ends: NDArray[np.float64], rects: Rectangles, least: float) -> Verdicts:
    """``geometry.crosses`` of each segment (``ends``: rows of (start, end)) against each
    rectangle, where rounding cannot change it: the segment runs more than ``least``
    inches (``geometry.EPSILON``) inside the base shrunk by ``MARGIN`` or starts inside it
    (``YES``), or runs less than that inside the base grown by ``MARGIN`` and starts
    outside it (``NO``).

    The segment is clipped to the four sides (Liang-Barsky) in each base's axes (its
    facing, then across it: the columns of ``axes``), for both sizes at once. A segment
    parallel to a side lies wholly on its inner or outer side (infinite bounds), or
    exactly on its line, which leaves the pair ``UNKNOWN`` (``nan``)."""
    count = len(rects)
    heading = rects[:, 2:4]
    axes = np.concatenate([heading, np.stack([heading[:, 1], -heading[:, 0]], axis=1)]).T
    offsets = np.einsum("ij,ji->i", np.concatenate([rects[:, :2], rects[:, :2]]), axes)
    halves = np.concatenate([rects[:, 4], rects[:, 5]])
    starts = ends[:, 0]
    steps = ends[:, 1] - starts
    at = starts @ axes - offsets
    sizes = np.stack([halves + MARGIN, halves - MARGIN])[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        inverse = 1.0 / (steps @ axes)
        first = (-sizes - at) * inverse
        second = (sizes - at) * inverse
        enter = np.minimum(first, second)
        leave = np.maximum(first, second)
        low = np.maximum(np.maximum(enter[..., :count], enter[..., count:]), 0.0)
        high = np.minimum(np.minimum(leave[..., :count], leave[..., count:]), 1.0)
        inside = (high - low) * np.hypot(steps[:, 0], steps[:, 1])[:, None]
    offset = np.abs(at)
    start_in = offset < sizes[1]
    start_out = offset > sizes[0]
    verdicts = np.full(inside.shape[1:], UNKNOWN, dtype=np.int8)
    verdicts[(inside[0] < least - MARGIN) & (start_out[:, :count] | start_out[:, count:])] = NO
    verdicts[(inside[1] > least + MARGIN) | (start_in[:, :count] & start_in[:, count:])] = YES
    return verdicts


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


class Slide:
    """A base slid straight from ``start`` towards the unit vector ``step``, to any
    reaches (inches): whether it overlaps each base of ``fixed`` (rows of ``Rectangles``;
    ``nan``: a shape that is not a base, ``UNKNOWN``), lies in a box (the table) or
    misses other boxes, decided where rounding cannot change it [Overlap], the rest
    ``UNKNOWN`` (left to shapely).

    Every place has the start's axes and sizes, so the separations along the four side
    directions of two bases are linear in the distance slid: the slide meets a base over
    an interval of reaches, worked out once for the two grown by ``MARGIN`` (outside it,
    they do not even touch) and for the two shrunk by ``pull``, ``MARGIN`` more than the
    radius of a disc of ``2 * least`` square inches (inside it, a point lies that deep in
    both, and with it that disc: they share more than ``least``)."""

    __slots__ = (
        "_intervals",
        "along",
        "depth",
        "enter",
        "leave",
        "origin",
        "pull",
        "solid",
        "step",
        "width",
    )

    def __init__(
        self, start: Placement, step: tuple[float, float], fixed: Rectangles, least: float
    ) -> None:
        self.along = start.heading
        self.origin = (start.x, start.y)
        self.depth, self.width = start.depth / 2, start.width / 2
        self.step = step
        self.pull = math.sqrt(2 * least / math.pi) + MARGIN
        (hx, hy), (sx, sy) = self.along, step
        ux, uy = fixed[:, 2], fixed[:, 3]
        px, py = fixed[:, 0] - start.x, fixed[:, 1] - start.y
        uu, uv = hx * ux + hy * uy, hx * uy - hy * ux
        cos, sin = np.abs(uu), np.abs(uv)
        # On the start's two axes, then the other base's: the centres' separation at the
        # start and its change per inch slid.
        apart = np.stack(
            [px * hx + py * hy, px * hy - py * hx, px * ux + py * uy, px * uy - py * ux]
        )
        rate = np.stack(
            [
                np.full_like(px, sx * hx + sy * hy),
                np.full_like(px, sx * hy - sy * hx),
                sx * ux + sy * uy,
                sx * uy - sy * ux,
            ]
        )
        # The half sizes grown (first) and shrunk (second), and the half shadows added.
        change = np.array([MARGIN, -self.pull])[:, None]
        da, wa = self.depth + change, self.width + change
        db, wb = fixed[:, 4] + change, fixed[:, 5] + change
        shadows = np.stack(
            [
                da + db * cos + wb * sin,
                wa + db * sin + wb * cos,
                db + da * cos + wa * sin,
                wb + da * sin + wa * cos,
            ],
            axis=1,
        )
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            first = (apart - shadows) / rate
            second = (apart + shadows) / rate
            self.enter = np.minimum(first, second).max(axis=1)
            self.leave = np.maximum(first, second).min(axis=1)
        self.solid = (da[1] > 0) & (wa[1] > 0) & (db[1] > 0) & (wb[1] > 0)
        self._intervals: list[tuple[float, float, float, float, bool]] | None = None

    def overlaps(self, reaches: NDArray[np.float64]) -> Verdicts:
        """``geometry.overlaps`` of the base slid to each of ``reaches`` (rows) with each
        base of ``fixed`` (columns): ``NO`` outside the grown interval, ``YES`` inside the
        shrunk one, ``UNKNOWN`` between (touching, grazing) and for ``nan`` rows."""
        at = reaches[:, None]
        verdicts = np.full((len(reaches), self.enter.shape[1]), UNKNOWN, dtype=np.int8)
        verdicts[(at < self.enter[0]) | (at > self.leave[0])] = NO
        verdicts[(at >= self.enter[1]) & (at <= self.leave[1]) & self.solid] = YES
        return verdicts

    def overlap(self, reach: float) -> int:
        """``overlaps`` at one reach, against all the bases at once, in plain floats:
        ``YES`` if it overlaps one, ``NO`` if none, else ``UNKNOWN``."""
        verdict = NO
        for enter, leave, deep_enter, deep_leave, solid in self.intervals():
            if deep_enter <= reach <= deep_leave and solid:
                return YES
            if not (reach < enter or reach > leave):
                verdict = UNKNOWN
        return verdict

    def intervals(self) -> list[tuple[float, float, float, float, bool]]:
        """Per base: the reaches where the grown bases meet, where the shrunk ones do,
        and whether the shrunk ones are bases at all."""
        known = self._intervals
        if known is None:
            (enter, deep_enter), (leave, deep_leave) = self.enter.tolist(), self.leave.tolist()
            known = self._intervals = list(
                zip(enter, leave, deep_enter, deep_leave, self.solid.tolist(), strict=True)
            )
        return known

    def holds(self, reach: float, bounds: tuple[float, ...]) -> bool:
        """Whether the base slid to ``reach``, grown by ``MARGIN``, lies in the box
        ``bounds`` (``within``'s ``YES``), in plain floats."""
        x = self.origin[0] + reach * self.step[0]
        y = self.origin[1] + reach * self.step[1]
        reach_x, reach_y = self._reach(MARGIN)
        low_x, low_y, high_x, high_y = bounds
        return (
            x - reach_x >= low_x
            and x + reach_x <= high_x
            and y - reach_y >= low_y
            and y + reach_y <= high_y
        )

    def within(self, reaches: NDArray[np.float64], bounds: tuple[float, ...]) -> Verdicts:
        """``geometry.inside`` of the base slid to each of ``reaches`` in the box
        ``bounds`` (the table: min x, min y, max x, max y): ``YES`` where the base grown by
        ``MARGIN`` lies in the box, ``NO`` where a corner pulled inwards by ``pull`` lies
        as far beyond one of its sides (a disc of ``2 * least`` square inches of the base
        is off it), ``UNKNOWN`` otherwise."""
        (hx, hy), (x, y) = self.along, self._centres(reaches)
        reach_x, reach_y = self._reach(MARGIN)
        low_x, low_y, high_x, high_y = bounds
        held = (x - reach_x >= low_x) & (x + reach_x <= high_x)
        held &= (y - reach_y >= low_y) & (y + reach_y <= high_y)
        verdicts = np.where(held, YES, UNKNOWN).astype(np.int8)
        pull = self.pull
        if held.all() or self.depth <= pull or self.width <= pull:
            return verdicts
        d, w = (self.depth - pull) * _SIGNS[:, 0], (self.width - pull) * _SIGNS[:, 1]
        px, py = x[:, None] + (hx * d + hy * w), y[:, None] + (hy * d - hx * w)
        off = (px <= low_x - pull) | (px >= high_x + pull)
        off |= (py <= low_y - pull) | (py >= high_y + pull)
        verdicts[off.any(axis=1)] = NO
        return verdicts

    def apart(self, reaches: NDArray[np.float64], boxes: NDArray[np.float64]) -> NDArray[np.bool_]:
        """For the base slid to each of ``reaches`` (rows) and each box (columns: min x,
        min y, max x, max y): the base grown by ``MARGIN`` misses the box (so it does not
        meet what the box holds)."""
        x, y = self._centres(reaches)
        x, y = x[:, None], y[:, None]
        reach_x, reach_y = self._reach(MARGIN)
        missed: NDArray[np.bool_] = (x + reach_x < boxes[:, 0]) | (y + reach_y < boxes[:, 1])
        missed |= (x - reach_x > boxes[:, 2]) | (y - reach_y > boxes[:, 3])
        return missed

    def _centres(
        self, reaches: NDArray[np.float64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        return self.origin[0] + reaches * self.step[0], self.origin[1] + reaches * self.step[1]

    def _reach(self, grown: float) -> tuple[float, float]:
        """Half the base's extent along x and along y, its half sizes grown by ``grown``."""
        (hx, hy), depth, width = self.along, self.depth + grown, self.width + grown
        return depth * abs(hx) + width * abs(hy), depth * abs(hy) + width * abs(hx)


_SIGNS = np.array([(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)])
"""The four corners of a base, as the signs of its half depth and half width."""
