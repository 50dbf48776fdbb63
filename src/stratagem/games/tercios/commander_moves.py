"""A commander's move with exact parameters [Activating a Commander] [Rulings R81].

A person moves an activated, unattached commander with ``move <commander> to X,Y``; the
move is checked against the commander's movement rules and refused with the rule it breaks.
He then carries out a command action from where he stands, without moving again. The
moves that Fast and Accomplice give after a command action are made the same way, up to
the frame's ``reach`` [Rulings R68] [Rulings R76].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import shapely
import shapely.ops
from shapely import LineString, Point

from stratagem.games.tercios.command import commander_move, full_move
from stratagem.games.tercios.geometry import EPSILON, crossed, distance
from stratagem.games.tercios.movement import table_area
from stratagem.games.tercios.scene import scene_of

if TYPE_CHECKING:
    from stratagem.games.tercios.encoding import ExactMove
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "Command: Activating a Commander"


def officer_move_problem(state: TerciosState, frame: Frame, move: ExactMove) -> str | None:
    """Why the commander's exact move is refused now (the rule it breaks), or ``None``:
    only the activated commander, unattached, before his command action (or the commander
    that Fast or Accomplice lets move after it); at most his move (6 inches, 9 with
    Impetus; the frame's ``reach`` for Fast and Accomplice); never across impassable
    ground, which he must go around, nor through an enemy base (he may pass through
    friendly units, or out of the enemy base that caught him); ending on the table and
    overlapping no base; a commander escaping the enemy that caught him, farther from it;
    a commander leaving his unit measures his move from its edge [Activating a Commander]
    [Impetus] [Fast] [Accomplice] [In the wrong place] [Coward] [Rulings R113]."""
    g = state.g
    allowed = frame.get("exact_officer", -1)
    who = g.officers[move.unit]
    if allowed != move.unit:
        return f"{RULE}: {who.label} may not move now (only an activated commander may)"
    if move.facing is not None:
        return f"{RULE}: a commander has no front (Commander figures); give no facing"
    start = (state.ox[move.unit], state.oy[move.unit])
    end = (move.x, move.y)
    if distance(start, end) < EPSILON:
        return f"{RULE}: the destination is where {who.label} already stands"
    reach = frame.get("reach")
    if reach is None:
        reach = commander_move(state, move.unit)
    left = frame.get("from_unit")
    if left is not None and frame.get("stage") == "chosen" and not frame.get("moved"):  # Coward
        edge, _ = shapely.ops.nearest_points(state.placement(left).polygon().exterior, Point(end))
        start, reach = (edge.x, edge.y), full_move(state, move.unit)
    length = distance(start, end)
    if length > reach + EPSILON:
        return f"{RULE}: the move is {length:.2f} inches; {who.label} may move {reach:g}"
    if not table_area(state).covers(shapely.points(end)):
        return f"{RULE}: {who.label} would leave the table"
    path = LineString([start, end])
    for element in state.terrain:
        if element.ground == "impassable" and path.intersects(element.shape):
            return (
                f"{RULE}: the line of the move crosses {element.name}, impassable: a "
                "commander must go around it"
            )
    scene = scene_of(state)
    caught_by = frame.get("away_from", -1)  # he gets out of the base that caught him
    enemy = [
        unit
        for unit, troop in enumerate(g.troops)
        if scene.alive[unit] and troop.side != who.side and unit != caught_by
    ]
    crossing = np.flatnonzero(crossed(path, scene.bases[enemy]))
    if len(crossing):
        label = g.troops[enemy[crossing[0]]].label
        return (
            f"{RULE}: the line of the move crosses {label}; a commander may pass through "
            "friendly units only"
        )
    inside = np.flatnonzero(scene.alive & shapely.contains_xy(scene.bases, *end))
    if len(inside):
        label = g.troops[int(inside[0])].label
        return f"{RULE}: {who.label} would end overlapping {label}"
    return _not_away(state, frame, move)


def _not_away(state: TerciosState, frame: Frame, move: ExactMove) -> str | None:
    """A commander escaping an enemy that caught him must end farther from its base than he
    stood [In the wrong place] [Rulings R112]."""
    enemy = frame.get("away_from")
    if enemy is None:
        return None
    shape = state.placement(enemy).polygon()
    before = shape.distance(shapely.Point(state.ox[move.unit], state.oy[move.unit]))
    if shape.distance(shapely.Point(move.x, move.y)) > before + EPSILON:
        return None
    label = state.g.troops[enemy].label
    return (
        "Command: Commanders and Losses: In the wrong place: the move must take "
        f"{state.g.officers[move.unit].label} away from {label}"
    )


def walk(state: TerciosState, move: ExactMove, rule: str = RULE) -> None:
    """Carry out a commander's exact move already found legal [Activating a Commander]."""
    officer = move.unit
    state.ox[officer], state.oy[officer] = move.x, move.y
    state.log(
        f"{state.g.officers[officer].label} moves to {move.x:g},{move.y:g}.",
        rule,
        {"officer": officer, "to": [move.x, move.y]},
    )
