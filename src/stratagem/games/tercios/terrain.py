"""Terrain [Terrain and Movement] [Shooting and Terrain] [Scenery Elements].

A scenery element is a shapely shape with its kind's effects from the pack. The standard
battlefield [Rulings R14] is point-symmetric so neither side is
favoured; the scenery-points purchase is checked by ``check_scenery``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from shapely import LineString, Point, Polygon

from stratagem.core import JsonDict
from stratagem.core.datapack import Assumed
from stratagem.games.tercios.pack import Pack, names, plain


@dataclass(frozen=True, slots=True)
class TerrainElement:
    """One scenery element on the table and what it does."""

    name: str
    kind: str
    shape: Polygon
    ground: str
    hidden: bool
    cover: bool
    protected: bool
    height: bool
    closed_to: frozenset[str]
    linear: bool = False
    holds: frozenset[str] = frozenset()

    @property
    def building(self) -> bool:
        """A building (or a town): closed to the units that cannot enter one [Building]."""
        return bool(self.closed_to)

    def ground_for(self, category: str, kind: str | None = None) -> str:
        """The element's ground for a unit of ``category`` (and ``kind``): buildings are
        impassable to cavalry and artillery, and a small building to any unit but a
        company [Building] [Impassable]."""
        return "impassable" if self.closed_reason(category, kind) else self.ground

    def closed_reason(self, category: str, kind: str | None = None) -> str | None:
        """Why a unit of ``category`` and ``kind`` may not enter the element, or ``None``
        [Impassable] [Building]."""
        if self.ground == "impassable":
            return "impassable"
        if category in self.closed_to:
            return f"Building: {category} cannot enter a building"
        if self.holds and kind is not None and kind not in self.holds:
            return f"Building: a {self.kind.lower()} holds only a company"
        return None

    def to_json(self) -> JsonDict:
        """The element as the views and the renderer see it."""
        return {
            "name": self.name,
            "kind": self.kind,
            "ground": self.ground,
            "hidden": self.hidden,
            "cover": self.cover,
            "protected": self.protected,
            "height": self.height,
            "outline": [list(point) for point in _outline(self.shape)],
        }


@lru_cache(maxsize=256)
def _outline(shape: Polygon) -> tuple[tuple[float, float], ...]:
    """An element's outline rounded for the views (built once: every view of every position
    shows the same scenery)."""
    return tuple((round(x, 2), round(y, 2)) for x, y in shape.exterior.coords)


def element(pack: Pack, kind: str, name: str, shape: Polygon) -> TerrainElement:
    """A scenery element of a kind listed in the pack, with its kind's ground, Hidden, In
    cover, Protected and Height [Scenery Elements] [Bridge] [Building] [Fence, hedge]
    [Ford] [Forest, wood] [Rulings R82]."""
    entry = pack.rules.scenery[kind]
    return TerrainElement(
        name=name,
        kind=kind,
        shape=shape,
        ground=entry.ground.value if isinstance(entry.ground, Assumed) else entry.ground,
        hidden=plain(entry.hidden),
        cover=plain(entry.cover),
        protected=plain(entry.protected),
        height=plain(entry.height),
        closed_to=frozenset(names(entry.closed_to)),
        linear=entry.linear,
        holds=frozenset(names(entry.holds)),
    )


def standard_battlefield(pack: Pack) -> tuple[TerrainElement, ...]:
    """The standard battlefield: two copses on the flanks, a hill in the centre and a hedge
    before each side's right, point-symmetric about the table's centre [Rulings R14]."""
    width, depth = pack.table_size
    cx, cy = width / 2, depth / 2
    copse = 4.0
    return (
        element(pack, "Small copse", "West copse", Point(cx - 22, cy + 2).buffer(copse)),
        element(pack, "Small copse", "East copse", Point(cx + 22, cy - 2).buffer(copse)),
        element(pack, "Small hill", "Central hill", Point(cx, cy).buffer(5.0)),
        element(
            pack,
            "Hedge",
            "South hedge",
            LineString([(cx + 8, cy - 7), (cx + 16, cy - 7)]).buffer(0.3, cap_style="flat"),
        ),
        element(
            pack,
            "Hedge",
            "North hedge",
            LineString([(cx - 16, cy + 7), (cx - 8, cy + 7)]).buffer(0.3, cap_style="flat"),
        ),
    )


def battlefield(pack: Pack, name: str) -> tuple[TerrainElement, ...]:
    """The battlefield named by the ``terrain`` option [Rulings R14]: ``standard`` or ``open`` (the
    scenery-points battlefield is ``scenery.scenery_points_battlefield``)."""
    return standard_battlefield(pack) if name == "standard" else ()


def check_scenery(
    pack: Pack, elements: Sequence[TerrainElement], points: int, gap: float
) -> list[str]:
    """The elements cost at most ``points``, and each touches another or keeps ``gap``
    inches or more from every other [Scenery Points]."""
    problems: list[str] = []
    costs = pack.rules.scenery_costs
    unknown = [e.kind for e in elements if e.kind not in costs]
    problems += [f"{kind!r} has no scenery cost" for kind in unknown]
    spent = sum(costs.get(e.kind, 0) for e in elements)
    if spent > points:
        problems.append(f"the scenery costs {spent} points; {points} are allowed")
    for i, first in enumerate(elements):
        for second in elements[i + 1 :]:
            apart = first.shape.distance(second.shape)
            if 1e-6 < apart < gap:
                problems.append(
                    f"{first.name} and {second.name} are {apart:.1f} inches apart: "
                    f"adjacent or at least {gap:g} inches"
                )
    return problems
