"""The scenery-points battlefield [Scenery Points] [Scenery Elements] [Rulings R82]: the
dice, the purchase one element at a time, and a random but legal placement.

Each side rolls a die (again on a tie) for its scenery points; the higher roll buys first,
then the sides take turns, each buying a single element, until both have spent their points.
Each element is placed at random between the deployment zones, touching another or 3 inches
or more from every other; a bridge or a ford needs a river and is laid across it (the river
is then open there). A cultivated field rolls its die for what grows on it. All of it is
drawn from the option ``scenery_seed`` when the game is built: the battlefield belongs to
the game, not to a position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from shapely import LineString, Point, Polygon, box
from shapely.affinity import rotate

from stratagem.core.datapack import Assumed
from stratagem.games.tercios.fields import cultivated_field
from stratagem.games.tercios.geometry import EPSILON
from stratagem.games.tercios.pack import Pack, plain
from stratagem.games.tercios.terrain import TerrainElement, battlefield, element

ATTEMPTS = 40
ACROSS = ("River", "Road")
ON_RIVER = ("Bridge", "Ford")
CARTOGRAPHER = 2
NORTHWARD = 90.0
"""The turn of a road laid south to north, between the deployment zones (over a bridge
[Bridge]) [Rulings R82]."""


@dataclass(frozen=True, slots=True)
class ScenerySetup:
    """The dice, what each side bought (in order) and the elements on the table."""

    points: tuple[int, int]
    bought: tuple[tuple[str, ...], tuple[str, ...]]
    elements: tuple[TerrainElement, ...]


def table_scenery(
    pack: Pack, terrain: str, seed: int, cartographers: tuple[bool, bool] = (False, False)
) -> tuple[TerrainElement, ...]:
    """The scenery of the ``terrain`` option [Rulings R14]: the standard battlefield, an
    open table, or the scenery points drawn from ``seed`` (each side's Cartographer
    counted)."""
    if terrain == "scenery points":
        return scenery_points_battlefield(pack, seed, cartographers).elements
    return battlefield(pack, terrain)


def scenery_points_battlefield(
    pack: Pack, seed: int, cartographers: tuple[bool, bool] = (False, False)
) -> ScenerySetup:
    """The scenery points battlefield, drawn from ``seed`` (see the module docstring)
    [Scenery Points]; a side with a Cartographer adds two points to its roll
    [Cartographer] [Rulings R83]."""
    rng = random.Random(seed)
    points = (0, 0)
    while points[0] == points[1]:
        rolled = (rng.randint(1, 6), rng.randint(1, 6))
        points = (
            rolled[0] + CARTOGRAPHER * cartographers[0],
            rolled[1] + CARTOGRAPHER * cartographers[1],
        )
    left = list(points)
    bought: tuple[list[str], list[str]] = ([], [])
    placed: list[TerrainElement] = []
    side = 0 if points[0] > points[1] else 1
    while any(left):
        if left[side]:
            kind = _buy(pack, rng, left[side], placed)
            if kind is None:
                left[side] = 0
            else:
                left[side] -= pack.rules.scenery_costs[kind]
                bought[side].append(kind)
        side = 1 - side
    return ScenerySetup(points, (tuple(bought[0]), tuple(bought[1])), paved(pack, placed))


def _buy(pack: Pack, rng: random.Random, budget: int, placed: list[TerrainElement]) -> str | None:
    """One element bought and placed (the river opened under a bridge or ford); ``None``
    when nothing affordable fits anywhere."""
    river = any(e.kind == "River" for e in placed)
    kinds = [
        kind
        for kind, cost in pack.rules.scenery_costs.items()
        if cost <= budget and (kind not in ON_RIVER or river)
    ]
    rng.shuffle(kinds)
    for kind in kinds:
        for _ in range(ATTEMPTS):
            shape = _shape(pack, rng, kind, placed)
            if _fits(kind, shape, placed):
                name = f"{kind} {1 + sum(e.kind == kind for e in placed)}"
                new = _grown(pack, rng, element(pack, kind, name, shape))
                if kind in ON_RIVER:
                    placed[:] = opened(placed, shape)
                placed.append(new)
                return kind
    return None


def _shape(pack: Pack, rng: random.Random, kind: str, placed: list[TerrainElement]) -> Polygon:
    """A random footprint of ``kind`` between the deployment zones."""
    width, depth = plain(pack.rules.scenery_size[kind])
    table_w = pack.table_size[0]
    low, high = between_zones(pack)
    if kind in ON_RIVER:
        river = next(e.shape for e in placed if e.kind == "River")
        minx, _, maxx, _ = river.bounds
        x = rng.uniform(minx + width, maxx - width)
        return _crossing(pack, kind, x, river)
    bridges = [e.shape for e in placed if e.kind == "Bridge"] if kind == "Road" else []
    if bridges and rng.random() < 0.5:  # over a bridge [Bridge]
        minx, _, maxx, _ = rng.choice(bridges).bounds
        return footprint(pack, kind, (minx + maxx) / 2, (low + high) / 2, NORTHWARD)
    if kind in ACROSS:
        return footprint(pack, kind, 0.0, rng.uniform(low + depth / 2, high - depth / 2), 0.0)
    reach = math.hypot(width, depth) / 2
    x = rng.uniform(reach, table_w - reach)
    y = rng.uniform(low + reach, max(low + reach, high - reach))
    angle = rng.uniform(0.0, 180.0)
    return footprint(pack, kind, x, y, angle)


def between_zones(pack: Pack) -> tuple[float, float]:
    """The band between the two deployment zones (an inch clear of each) where scenery
    goes [Rulings R82]."""
    low = pack.constant("deployment_depth") + 1.0
    return low, pack.table_size[1] - low


def footprint(pack: Pack, kind: str, x: float, y: float, angle: float) -> Polygon:
    """The footprint of ``kind`` centred on ``x, y`` and turned by ``angle`` degrees; a
    river or a road crosses the table from west to east through ``y``, or a road turned
    northward runs from south to north between the deployment zones through ``x`` (so
    that it can pass over a bridge) (not for a bridge or a ford, which ``_crossing`` lays
    on its river) [Rulings R82]."""
    width, depth = plain(pack.rules.scenery_size[kind])
    if kind == "Road" and angle == NORTHWARD:
        low, high = between_zones(pack)
        return box(x - depth / 2, low, x + depth / 2, high)
    if kind in ACROSS:
        return box(0.0, y - depth / 2, pack.table_size[0], y + depth / 2)
    if plain(pack.rules.scenery[kind].linear):
        line = LineString([(x - width / 2, y), (x + width / 2, y)])
        return rotate(line.buffer(depth / 2, cap_style="flat"), angle, origin=(x, y))
    return rotate(box(x - width / 2, y - depth / 2, x + width / 2, y + depth / 2), angle, (x, y))


def _crossing(pack: Pack, kind: str, x: float, river: Polygon) -> Polygon:
    """A bridge or a ford centred on ``x``, across the whole river [Bridge] [Ford]."""
    width = plain(pack.rules.scenery_size[kind])[0]
    _, miny, _, maxy = river.bounds
    return box(x - width / 2, miny - 0.5, x + width / 2, maxy + 0.5)


def crossing_at(
    pack: Pack, kind: str, x: float, y: float, placed: Sequence[TerrainElement]
) -> Polygon | None:
    """A bridge or a ford at ``x, y``, across the stretch of river there (``None`` when
    no river lies at that point)."""
    spot = Point(x, y)
    river = next((e.shape for e in placed if e.kind == "River" and e.shape.covers(spot)), None)
    return None if river is None else _crossing(pack, kind, x, river)


def fit_problem(kind: str, shape: Polygon, placed: Sequence[TerrainElement]) -> str | None:
    """Why ``shape`` may not be placed: it overlaps another element, or is neither
    touching it nor 3 inches or more from it [Scenery Points] (a bridge or ford lies on
    its river [Bridge] [Ford]; a road passing over a bridge lies on it and meets its
    river there [Bridge] [Rulings R93]); ``None`` when it fits."""
    bridges = [
        other.shape
        for other in placed
        if kind == "Road" and other.kind == "Bridge" and passes_over(shape, other.shape)
    ]
    crossed = {id(bridge) for bridge in bridges}
    for other in placed:
        if kind in ON_RIVER and other.kind == "River":
            continue
        if other.kind in ON_RIVER and kind == "River":
            continue
        if id(other.shape) in crossed:
            continue
        if shape.intersection(other.shape).area > EPSILON:
            return f"Scenery Points: the {kind} would overlap {other.name}"
        if other.kind == "River" and any(other.shape.distance(b) <= EPSILON for b in bridges):
            continue
        apart = other.shape.distance(shape)
        if EPSILON < apart < 3.0:
            return (
                f"Scenery Points: the {kind} would be {apart:.1f} inches from {other.name}: "
                "an element must touch another or stand 3 inches or more from each"
            )
    return None


def passes_over(road: Polygon, bridge: Polygon) -> bool:
    """The road runs across the whole bridge, from one bank to the other [Bridge]."""
    part = road.intersection(bridge)
    if part.is_empty:
        return False
    _, low, _, high = part.bounds
    _, bank, _, other_bank = bridge.bounds
    return bool(low <= bank + EPSILON and high >= other_bank - EPSILON)


def paved(pack: Pack, placed: Sequence[TerrainElement]) -> tuple[TerrainElement, ...]:
    """The elements, each bridge that a road passes over taking the ground the pack gives
    it then (easy) [Bridge]."""
    roads = [e.shape for e in placed if e.kind == "Road"]
    out = []
    for item in placed:
        paving = pack.rules.scenery[item.kind].with_road
        if paving is not None and any(passes_over(road, item.shape) for road in roads):
            ground = paving.value if isinstance(paving, Assumed) else paving
            out.append(replace(item, ground=ground))
        else:
            out.append(item)
    return tuple(out)


def _fits(kind: str, shape: Polygon, placed: list[TerrainElement]) -> bool:
    return fit_problem(kind, shape, placed) is None


def opened(placed: Sequence[TerrainElement], crossing: Polygon) -> list[TerrainElement]:
    """The elements with every river cut where a bridge or ford crosses it, each river's
    stretches named in order from west to east."""
    out: list[TerrainElement] = []
    for river in placed:
        if river.kind != "River":
            out.append(river)
            continue
        left = river.shape.difference(crossing)
        out += [
            replace(river, shape=part)
            for part in getattr(left, "geoms", [left])
            if isinstance(part, Polygon) and part.area > EPSILON
        ]
    stretches: dict[str, list[int]] = {}
    for index, item in enumerate(out):
        if item.kind == "River":
            stretches.setdefault(item.name.split(" (")[0], []).append(index)
    for name, indices in stretches.items():
        if len(indices) > 1:
            ordered = sorted(indices, key=lambda index: out[index].shape.bounds[0])
            for number, index in enumerate(ordered):
                out[index] = replace(out[index], name=f"{name} ({number + 1})")
    return out


def _grown(pack: Pack, rng: random.Random, field: TerrainElement) -> TerrainElement:
    """A die for what grows on it (``fields.cultivated_field``) [Cultivated field]
    [Rulings R77]."""
    if not pack.rules.scenery[field.kind].field_roll:
        return field
    return cultivated_field(pack, field, rng.randint(1, 6))
