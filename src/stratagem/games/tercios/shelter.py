"""What the scenery shelters a unit from [In cover] [Protected] [Scenery Elements].

An area element (a wood, a field, a building) shelters a unit whose centre stands in it. A
linear element (a hedge, a fence, a wall: 0.6-inch strips) shelters a unit in contact with
it (touching or overlapping its strip) and behind it as the enemy sees it: the strip cuts the
line from the enemy to the unit's centre [Rulings R95].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely import LineString, Point

from stratagem.games.tercios.movement import CONTACT
from stratagem.games.tercios.terrain import TerrainElement

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState


def sheltered(
    state: TerciosState, unit: int, enemy: tuple[float, float], elements: list[TerrainElement]
) -> bool:
    """Whether one of ``elements`` shelters ``unit`` from an enemy at ``enemy``: an area
    element when its centre stands in it, a hedge or wall when in contact with it and
    behind it [Fence, hedge] [Rulings R95]."""
    centre = (state.x[unit], state.y[unit])
    base = state.placement(unit).polygon()
    for element in elements:
        if not element.linear:
            if element.shape.contains(Point(centre)):
                return True
        elif base.distance(element.shape) <= CONTACT and (
            LineString([enemy, centre]).intersects(element.shape)
        ):
            return True
    return False


def in_cover(state: TerciosState, unit: int, shooter: int) -> bool:
    """In cover against a shot from ``shooter``'s front centre [In cover]."""
    cover = [e for e in state.terrain if e.cover]
    return bool(cover) and sheltered(state, unit, state.placement(shooter).front, cover)


def protected(state: TerciosState, unit: int, attacker: int) -> bool:
    """A fortified position (a building, a town), or behind a wall in contact with it,
    against ``attacker`` (its centre) [Protected] [Building]."""
    walls = [e for e in state.terrain if e.protected]
    return bool(walls) and sheltered(state, unit, (state.x[attacker], state.y[attacker]), walls)
