"""The scenery-points battlefield (The Battle: Scenery Points; Scenery Elements; RULINGS.md
R82): the dice, the purchase one element at a time, and a random but legal placement.

Each side rolls a die (again on a tie) for its scenery points; the higher roll buys first,
then the sides alternate, one element at a time, until both have spent their points. Each
element is placed at random between the deployment zones, adjacent to another or at least 3
inches from every other; a bridge or a ford needs a river and is laid across it (the river
is then open there). A cultivated field rolls its die for what grows on it. All of it is
drawn from the option ``scenery_seed`` when the game is built: the battlefield belongs to
the game, not to a position.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from shapely import LineString, Polygon, box
from shapely.affinity import rotate

from stratagem.games.tercios.fields import cultivated_field
from stratagem.games.tercios.geometry import EPSILON
from stratagem.games.tercios.pack import Pack, plain
from stratagem.games.tercios.terrain import TerrainElement, battlefield, element

ATTEMPTS = 40
ACROSS = ("River", "Road")
ON_RIVER = ("Bridge", "Ford")
CARTOGRAPHER = 2


@dataclass(frozen=True, slots=True)
class ScenerySetup:
    """The dice, what each side bought (in order) and the elements on the table."""

    points: tuple[int, int]
    bought: tuple[tuple[str, ...], tuple[str, ...]]
    elements: tuple[TerrainElement, ...]


def table_scenery(
    pack: Pack, terrain: str, seed: int, cartographers: tuple[bool, bool] = (False, False)
) -> tuple[TerrainElement, ...]:
    """The scenery of the ``terrain`` option: the standard battlefield, an open table, or
    the scenery points drawn from ``seed`` (each side's Cartographer counted)."""
    if terrain == "scenery points":
        return scenery_points_battlefield(pack, seed, cartographers).elements
    return battlefield(pack, terrain)


def scenery_points_battlefield(
    pack: Pack, seed: int, cartographers: tuple[bool, bool] = (False, False)
) -> ScenerySetup:
    """The Battle: Scenery Points, drawn from ``seed`` (see the module docstring); a side
    with a Cartographer adds two points to its roll (Optional Traits: Cartographer; R83)."""
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
    return ScenerySetup(points, (tuple(bought[0]), tuple(bought[1])), tuple(placed))


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
                    placed[:] = [part for e in placed for part in _opened(e, shape)]
                placed.append(new)
                return kind
    return None


def _shape(pack: Pack, rng: random.Random, kind: str, placed: list[TerrainElement]) -> Polygon:
    """A random footprint of ``kind`` between the deployment zones."""
    width, depth = plain(pack.rules.scenery_size[kind])
    table_w, table_d = pack.table_size
    low = pack.constant("deployment_depth") + 1.0
    high = table_d - low
    if kind in ACROSS:
        y = rng.uniform(low + depth / 2, high - depth / 2)
        return box(0.0, y - depth / 2, table_w, y + depth / 2)
    if kind in ON_RIVER:
        river = next(e.shape for e in placed if e.kind == "River")
        minx, miny, maxx, maxy = river.bounds
        x = rng.uniform(minx + width, maxx - width)
        return box(x - width / 2, miny - 0.5, x + width / 2, maxy + 0.5)
    reach = math.hypot(width, depth) / 2
    x = rng.uniform(reach, table_w - reach)
    y = rng.uniform(low + reach, max(low + reach, high - reach))
    angle = rng.uniform(0.0, 180.0)
    if plain(pack.rules.scenery[kind].linear):
        line = LineString([(x - width / 2, y), (x + width / 2, y)])
        return rotate(line.buffer(depth / 2, cap_style="flat"), angle, origin=(x, y))
    footprint = box(x - width / 2, y - depth / 2, x + width / 2, y + depth / 2)
    return rotate(footprint, angle, origin=(x, y))


def _fits(kind: str, shape: Polygon, placed: list[TerrainElement]) -> bool:
    """Scenery Points: adjacent to another element or at least 3 inches from every other,
    overlapping none (a bridge or ford lies on the river, within the table's width)."""
    for other in placed:
        if kind in ON_RIVER and other.kind == "River":
            continue
        if other.kind in ON_RIVER and kind == "River":
            continue
        apart = other.shape.distance(shape)
        if shape.intersection(other.shape).area > EPSILON:
            return False
        if EPSILON < apart < 3.0:
            return False
    return True


def _opened(river: TerrainElement, crossing: Polygon) -> list[TerrainElement]:
    """A river cut where a bridge or ford crosses it, as its remaining stretches."""
    if river.kind != "River":
        return [river]
    left = river.shape.difference(crossing)
    parts = sorted(getattr(left, "geoms", [left]), key=lambda part: part.bounds[0])
    name = river.name.split(" (")[0]
    return [
        replace(river, name=f"{name} ({index + 1})", shape=part)
        for index, part in enumerate(parts)
        if isinstance(part, Polygon) and part.area > EPSILON
    ]


def _grown(pack: Pack, rng: random.Random, field: TerrainElement) -> TerrainElement:
    """Cultivated field: a die for what grows on it (``fields.cultivated_field``, R77)."""
    if not pack.rules.scenery[field.kind].field_roll:
        return field
    return cultivated_field(pack, field, rng.randint(1, 6))
