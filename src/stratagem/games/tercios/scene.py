"""The geometry of one position, built once and shared by every question asked of it.

Generating the legal actions asks the same geometric questions many times over one
position: where every base stands, what a unit's move may not cross, whether a line is
clear. A ``Scene`` holds one position's bases as a shapely array (so that a line is tested
against all of them in one vectorised call) and remembers the answers. It is rebuilt when a
base moves or a unit leaves the table, and keeps from the previous scene every line whose
answer the change cannot have touched: a line is only affected by bases within the 3-inch
gap of it [Obstacles], so a line whose box, widened by the gap, misses the moved
bases' boxes before and after keeps its answer.

The scenes of the last few positions are kept (``scene_of``): a search comes back to the
same positions again and again.

Only pure geometry is remembered here (bases, terrain, lines, where a straight move's
line and base meet what, the turns a base has room for); anything that depends on orders,
values or virtues (a unit's speed, what the ground does to it) is computed afresh by the
rules.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from threading import Lock
from typing import TYPE_CHECKING

import numpy as np
import shapely

from stratagem.games.tercios.clip import Rectangles, rectangles
from stratagem.games.tercios.geometry import (
    EDGE,
    EPSILON,
    Placement,
    Shapes,
    blocked,
    narrow_gap,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from stratagem.games.tercios.state import TerciosState

KEPT_LINES = 5000
"""Beyond this many remembered lines a new scene starts afresh (carrying them over would
cost more than testing the few lines asked again)."""
Box = tuple[float, float, float, float]
Key = tuple[list[float], list[float], list[float], list[bool]]
LineKey = tuple[tuple[float, float], tuple[float, float], frozenset[int]]


@dataclass(frozen=True, slots=True)
class Obstacle:
    """A troop base or an impassable scenery element, with the name a refusal gives."""

    name: str
    shape: shapely.Geometry
    unit: int | None


@dataclass(frozen=True, slots=True)
class Ground:
    """The scenery a straight path of a front centre meets [Terrain and Movement]: wholly
    on easy ground, across difficult or very difficult ground, across very difficult."""

    easy: bool
    rough: bool
    very: bool


@dataclass(frozen=True, slots=True)
class Route:
    """The geometry of a unit's straight move to a front-centre point: the movement rule the
    line itself breaks (no move, too wide a pivot, crossing a base or impassable ground, a
    narrow gap), or its length, direction and the ground it crosses [Activation Movement]
    [Obstacles]."""

    problem: str | None
    ground: Ground | None = None
    length: float = 0.0
    direction: float = 0.0


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a move's base ends, with the artillery it pushed back and whether it stopped
    short at a point of contact, or the overlap rule that refuses it [Overlap]
    [Angle Correction]."""

    problem: str | None
    spot: Placement | None
    pushed: tuple[tuple[int, Placement], ...] = ()
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class Blockers:
    """What a unit's move may not cross or end on, in a fixed order, with the shapes as an
    array for vectorised tests."""

    items: tuple[Obstacle, ...]
    shapes: NDArray[np.object_]
    rects: Rectangles
    """The troop bases among the shapes as ``clip.Rectangles`` (``nan``: scenery)."""

    def without(self, obstacle: Obstacle) -> Blockers:
        """The same blockers less one, in the same order."""
        keep = [index for index, item in enumerate(self.items) if item is not obstacle]
        return Blockers(
            tuple(self.items[index] for index in keep), self.shapes[keep], self.rects[keep]
        )


class Scene:
    """The bases and remembered geometry of one position (see the module docstring)."""

    __slots__ = (
        "alive",
        "apart",
        "bases",
        "blockers",
        "boxes",
        "gap",
        "gaps",
        "hidden",
        "key",
        "landings",
        "lines",
        "owner",
        "rects",
        "routes",
        "seen",
        "sights",
        "spots",
        "turns",
    )

    def __init__(self, state: TerciosState, previous: Scene | None) -> None:
        self.key = (list(state.x), list(state.y), list(state.f), list(state.alive))
        self.owner: tuple[object, object] = (state.g, state.terrain)
        self.gap = state.g.pack.constant("gap")
        self.alive = np.array(state.alive, dtype=bool)
        changed: list[int] = []
        if previous is None:
            self.spots = tuple(state.placement(unit) for unit in range(len(state.g.troops)))
            self.bases = _array([spot.polygon() for spot in self.spots])
            self.boxes: tuple[Box, ...] = tuple(map(tuple, shapely.bounds(self.bases).tolist()))
            self.rects = rectangles(self.spots)
            self.hidden = _array([element.shape for element in state.terrain if element.hidden])
        else:
            changed = self._moved_from(state, previous)
        self.gaps: dict[tuple[float, float], NDArray[np.float64]] = {}
        self.apart: dict[int, NDArray[np.float64]] = {}
        self.blockers: dict[tuple[int, str, frozenset[int]], Blockers] = {}
        self.lines: dict[LineKey, tuple[bool, Box]] = {}
        self.seen: dict[tuple[int, int], bool] = {}
        self.routes: dict[tuple[int, tuple[float, float]], Route] = {}
        self.landings: dict[tuple[int, tuple[float, float], float | None], Landing] = {}
        self.turns: dict[int, tuple[str, ...]] = {}
        self.sights: dict[
            tuple[int, int, tuple[tuple[float, float], ...], frozenset[int], float],
            list[tuple[float, tuple[float, float], tuple[float, float]]],
        ] = {}
        if previous is not None and len(previous.lines) <= KEPT_LINES:
            self._keep_lines(previous, changed)

    def holds(self, state: TerciosState) -> bool:
        """Whether the state's bases stand where this scene's do."""
        x, y, f, alive = self.key
        return x == state.x and y == state.y and f == state.f and alive == state.alive

    def _moved_from(self, state: TerciosState, previous: Scene) -> list[int]:
        """The bases of the previous scene, those that moved built again (the terrain is
        the same: placing scenery starts the scenes afresh); the units that moved, came or
        left."""
        x, y, f, alive = self.key
        old_x, old_y, old_f, old_alive = previous.key
        changed = []
        spots = list(previous.spots)
        bases = previous.bases.copy()
        boxes = list(previous.boxes)
        rects = previous.rects.copy()
        for unit in range(len(spots)):
            if x[unit] != old_x[unit] or y[unit] != old_y[unit] or f[unit] != old_f[unit]:
                spots[unit] = state.placement(unit)
                bases[unit] = spots[unit].polygon()
                boxes[unit] = tuple(shapely.bounds(bases[unit]).tolist())
                rects[unit] = rectangles([spots[unit]])[0]
                changed.append(unit)
            elif alive[unit] != old_alive[unit]:
                changed.append(unit)
        self.spots = tuple(spots)
        self.bases = bases
        self.boxes = tuple(boxes)
        self.rects = rects
        self.hidden = previous.hidden
        return changed

    def _keep_lines(self, previous: Scene, changed: list[int]) -> None:
        """Carry over the lines that no moved, come or removed base (``changed``) comes
        within the gap of."""
        if not changed or not previous.lines:
            self.lines = dict(previous.lines)
            return
        boxes = np.array([entry[1] for entry in previous.lines.values()])
        hit = np.zeros(len(boxes), dtype=bool)
        for unit in changed:
            for low_x, low_y, high_x, high_y in (previous.boxes[unit], self.boxes[unit]):
                hit |= (
                    (boxes[:, 0] <= high_x)
                    & (low_x <= boxes[:, 2])
                    & (boxes[:, 1] <= high_y)
                    & (low_y <= boxes[:, 3])
                )
        self.lines = {
            key: entry
            for (key, entry), met in zip(previous.lines.items(), hit.tolist(), strict=True)
            if not met
        }

    def clear_lines(self, lines: Sequence[LineKey]) -> list[bool]:
        """For each (start, end, skip) of ``lines`` [Line of sight]: the line crosses no
        troop base outside ``skip`` and no Hidden element (unless both ends are in that
        element), and passes no gap narrower than 3 inches between them. The lines not yet
        known are tested together."""
        known = self.lines
        todo = [line for line in lines if line not in known]
        if todo:
            self._test_lines(todo)
        return [known[line][0] for line in lines]

    def _test_lines(self, todo: list[LineKey]) -> None:
        ends = np.array([(start, end) for start, end, _ in todo], dtype=float)
        lines: Shapes = np.asarray(shapely.linestrings(ends))
        units = np.flatnonzero(self.alive)
        shapes = np.concatenate([self.bases[units], self.hidden])
        rects = np.concatenate([self.rects[units], rectangles([None] * len(self.hidden))])
        usable = np.ones((len(todo), len(shapes)), dtype=bool)
        column = {int(unit): col for col, unit in enumerate(units)}
        for row, (_, _, skip) in enumerate(todo):
            for unit in skip:
                if unit in column:
                    usable[row, column[unit]] = False
        if len(self.hidden):
            hidden = self.hidden[None, :]
            starts, stops = ends[:, 0, :, None], ends[:, 1, :, None]
            shared = shapely.contains_xy(hidden, starts[:, 0], starts[:, 1]) & (
                shapely.contains_xy(hidden, stops[:, 0], stops[:, 1])
            )
            usable[:, len(units) :] = ~(shared | _leaving(lines, ends[:, 0], self.hidden))
        crossing = blocked(lines, shapes, usable, rects)
        near = shapely.dwithin(lines[:, None], shapes[None, :], self.gap) & usable
        between = near.sum(axis=1) >= 2
        reach = self.gap + EPSILON
        for row, line in enumerate(todo):
            start, end, _ = line
            clear = not crossing[row] and (
                not between[row] or narrow_gap(lines[row], shapes[usable[row]], self.gap) is None
            )
            box = (
                min(start[0], end[0]) - reach,
                min(start[1], end[1]) - reach,
                max(start[0], end[0]) + reach,
                max(start[1], end[1]) + reach,
            )
            self.lines[line] = (clear, box)


def blockers(state: TerciosState, unit: int, ignore: frozenset[int] = frozenset()) -> Blockers:
    """Everything a move of ``unit`` may not cross or end on: the other troop bases (not
    commanders, not those in ``ignore``) and the scenery impassable to it, remembered for
    the position [Overlap] [Impassable]."""
    scene = scene_of(state)
    troops = state.g.troops
    profile = troops[unit].profile
    key = (unit, profile.category, ignore)
    known = scene.blockers.get(key)
    if known is None:
        items = [
            Obstacle(troops[other].label, scene.bases[other], other)
            for other in range(len(troops))
            if other != unit and other not in ignore and scene.alive[other]
        ]
        items += [
            Obstacle(f"{element.name} ({reason})", element.shape, None)
            for element in state.terrain
            if (reason := element.closed_reason(profile.category, profile.kind))
        ]
        rects = np.array(
            [scene.rects[o.unit] if o.unit is not None else _SCENERY for o in items]
        ).reshape(-1, 6)
        known = scene.blockers[key] = Blockers(
            tuple(items), _array([o.shape for o in items]), rects
        )
    return known


def base_distance(state: TerciosState, unit: int, point: tuple[float, float]) -> float:
    """How far a point (a commander) is from a unit's base, in inches; the distances from
    one point to every base are measured together and remembered for the position."""
    scene = scene_of(state)
    gaps = scene.gaps.get(point)
    if gaps is None:
        gaps = scene.gaps[point] = shapely.distance(scene.bases, shapely.points(point))
    return float(gaps[unit])


def bases_apart(state: TerciosState, unit: int, other: int) -> float:
    """How far apart two units' bases are, in inches; the distances from one base to every
    base are measured together and remembered for the position."""
    scene = scene_of(state)
    gaps = scene.apart.get(unit)
    if gaps is None:
        gaps = scene.apart[unit] = shapely.distance(scene.bases, scene.bases[unit])
    return float(gaps[other])


SCENES_KEPT = 32
"""How many recent positions' scenes ``scene_of`` keeps (of any game: a few megabytes)."""
_recent: OrderedDict[tuple[object, ...], Scene] = OrderedDict()
_recent_lock = Lock()


def scene_of(state: TerciosState) -> Scene:
    """The scene of the state's position (rebuilt only when a base moved or left).

    A search plays the same actions from the same positions again and again (each of its
    iterations replays its path down the tree), so the last ``SCENES_KEPT`` positions'
    scenes are kept, by game, terrain and where every base stands: a position met again
    finds its geometry worked out. A kept scene holds its game and terrain, so that
    neither is freed (and its ``id`` given to another) while it is kept."""
    scene = state._scene
    if scene is None or not scene.holds(state):
        key = (
            id(state.g),
            id(state.terrain),
            tuple(state.x),
            tuple(state.y),
            tuple(state.f),
            tuple(state.alive),
        )
        with _recent_lock:
            kept = _recent.get(key)
            if kept is not None:
                _recent.move_to_end(key)
        if kept is None:
            kept = Scene(state, scene)
            with _recent_lock:
                _recent[key] = kept
                if len(_recent) > SCENES_KEPT:
                    _recent.popitem(last=False)
        scene = state._scene = kept
    return scene


def _leaving(lines: Shapes, starts: NDArray[np.float64], hidden: Shapes) -> NDArray[np.bool_]:
    """For each line (rows) and Hidden element (columns): the line starts on the element's
    edge and runs outside it, as a shot out of a building measured from its edge
    [Building] [Rulings R100]; the element neither blocks it nor narrows its gap."""
    on_edge = np.asarray(
        shapely.dwithin(np.asarray(shapely.points(starts))[:, None], hidden[None, :], EDGE)
    ) & ~np.asarray(shapely.contains_xy(hidden[None, :], starts[:, 0, None], starts[:, 1, None]))
    rows, cols = np.nonzero(on_edge)
    if len(rows):
        inner = shapely.length(shapely.intersection(lines[rows], hidden[cols])) > EPSILON
        on_edge[rows[inner], cols[inner]] = False
    return on_edge


_SCENERY = np.full(6, np.nan)
"""The row of ``clip.Rectangles`` of a shape that is not a troop base."""


def _array(shapes: list[shapely.Geometry]) -> NDArray[np.object_]:
    out = np.empty(len(shapes), dtype=object)
    out[:] = shapes
    return out
