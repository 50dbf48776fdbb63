"""Assault! by hand [Order Cards: Assault!] [Combat: Charges] [Rulings R94]: a person may
type the move of a unit with Assault!. A move to a centre of an enemy it can charge
declares the charge on that enemy by that path; any other move closes on an enemy in sight
when no enemy can be charged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.encoding import ASSAULT, ExactMove
from stratagem.games.tercios.geometry import CENTRE_NAMES, distance
from stratagem.games.tercios.movement import Move, move_problem
from stratagem.games.tercios.scene import base_distance
from stratagem.games.tercios.sight import ChargePath, charge_path, enemies, seen_among
from stratagem.games.tercios.unit_values import ORDER_BONUS

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

ON_CENTRE = 0.05
"""Inches within which a typed destination is a target's centre (coordinates keep 2
decimals)."""
ASSAULT_BONUS = ORDER_BONUS[ASSAULT]


def charges(state: TerciosState, unit: int) -> dict[int, ChargePath]:
    """Each enemy the unit sees and can charge, with its charge path [Combat: Charges]."""
    found = {}
    for enemy in seen_among(state, unit, enemies(state, unit)):
        path = charge_path(state, unit, enemy, ASSAULT_BONUS)
        if path is not None:
            found[enemy] = path
    return found


def aimed_centre(state: TerciosState, unit: int, point: tuple[float, float]) -> int | None:
    """The enemy one of whose centres ``point`` is, if any."""
    for enemy in enemies(state, unit):
        if any(distance(point, c) <= ON_CENTRE for c in state.placement(enemy).centres()):
            return enemy
    return None


def assault_move_problem(state: TerciosState, unit: int, move: ExactMove) -> str | None:
    """Why a typed move of a unit with Assault! is refused (the rule it breaks), or
    ``None``: a charge must go for the nearest centre its front centre can reach (the
    shortest path) and stops facing the way it charged; a move that is no charge is
    allowed only when no enemy can be charged, and must end nearer an enemy in sight
    [Combat: Charges] [Order Cards: Assault!] [Rulings R94]."""
    point = (move.x, move.y)
    possible = charges(state, unit)
    troops = state.g.troops
    target = aimed_centre(state, unit, point)
    if target is not None:
        name = troops[target].label
        path = possible.get(target)
        if path is None:
            return f"Combat: Charges: {name} cannot be charged now"
        if distance(point, path.centre) > ON_CENTRE:
            which = CENTRE_NAMES[state.placement(target).centres().index(path.centre)]
            x, y = path.centre
            return (
                f"Combat: Charges: a charge always takes the shortest path: the charge on {name} "
                f"goes to its {which} centre ({x:.2f},{y:.2f})"
            )
        if move.facing is not None:
            return "Combat: Charges: the charger stops facing the way it charged"
        return None
    if possible:
        names = ", ".join(troops[e].label for e in possible)
        return (
            f"Combat: Charges: a unit with Assault! must charge an enemy if it can "
            f"({names}); type the centre it charges"
        )
    problem, checked = move_problem(state, unit, point, move.facing, ASSAULT_BONUS)
    if problem is not None or checked is None:
        return problem
    if not _closes(state, unit, checked):
        return "Order Cards: Assault!: with no charge possible the move must close on an enemy"
    return None


def _closes(state: TerciosState, unit: int, move: Move) -> bool:
    """The move ends nearer (front centre to base) to an enemy the unit sees."""
    before = state.placement(unit).front
    after = move.spot.front
    return any(
        base_distance(state, enemy, after) < base_distance(state, enemy, before) - 1e-6
        for enemy in seen_among(state, unit, enemies(state, unit))
    )
