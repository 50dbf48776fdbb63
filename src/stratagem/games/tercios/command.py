"""Command: virtues, the command radius, activating a commander, command actions, and the
ways to lose a commander [Command].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely import Point

from stratagem.games.tercios.pack import plain
from stratagem.games.tercios.scene import base_distance, bases_apart
from stratagem.games.tercios.sight import clear_line
from stratagem.games.tercios.values import final_value
from stratagem.games.tercios.virtues import (
    attached_traits,
    has_rule,
    in_radius,
    radius,
    radius_trait,
    stamina,
    virtue_bonus,
)

__all__ = [
    "attached_traits",
    "has_rule",
    "in_radius",
    "radius",
    "radius_trait",
    "stamina",
    "virtue_bonus",
]

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def commander_move(state: TerciosState, officer: int) -> float:
    """A commander's move: 6 inches, 9 with Impetus [Activating a Commander] [Impetus];
    none left once he has made an exact move in his activation [Rulings R81]; less the
    inch from his unit's edge to where he was set down on leaving it [Coward]
    [Rulings R113]."""
    used = 0.0
    for frame in state.frames:
        if frame.get("o") == officer:
            if frame.get("moved"):
                return 0.0
            used += frame.get("left", 0.0)
    return max(0.0, full_move(state, officer) - used)


def full_move(state: TerciosState, officer: int) -> float:
    """A commander's whole move: 6 inches, 9 with Impetus [Impetus]."""
    key = "impetus_move" if "Impetus" in state.g.officers[officer].traits else "commander_move"
    return state.g.pack.constant(key)


def may_command(state: TerciosState, officer: int, unit: int) -> bool:
    """Whether the commander may interact with the unit: the C-C with every unit [Command]
    but allied ones, the one exception of the Allies rule (lifted by Diplomat) [Allies]
    [Diplomat]; other commanders with their own regiment, allied or not (any unit with
    Reputation [Reputation]) [Rulings R99]."""
    who = state.g.officers[officer]
    troop = state.g.troops[unit]
    if who.side != troop.side or not state.o_alive[officer]:
        return False
    if who.is_chief:
        return not troop.allied or "Diplomat" in who.traits
    return who.regiment == troop.regiment or "Reputation" in who.traits


def officer_point(state: TerciosState, officer: int) -> tuple[float, float]:
    """Where a commander stands: a point, measured from wherever he is [Commander Figures]
    [Rulings R13]; an attached one is in the middle of his unit [Joining a troop]."""
    unit = state.attached[officer]
    if unit >= 0:
        return (state.x[unit], state.y[unit])
    return (state.ox[officer], state.oy[officer])


def under_command(state: TerciosState, unit: int) -> bool:
    """Attached to, or within the radius and sight of, a commander who may command it
    [Testing Orders]; an attached commander's radius runs from his unit [Attached Commander];
    artillery and companies within 6 inches of it have Integral Command [Integral Command]
    [Rulings R23]."""
    troops = state.g.troops
    troop = troops[unit]
    if troop.profile.is_artillery:
        return True
    integral = state.g.pack.constant("command_radius")
    if troop.profile.kind in ("company", "forlorn hope"):
        for other, gun in enumerate(troops):
            if (
                gun.side == troop.side
                and gun.profile.is_artillery
                and state.alive[other]
                and bases_apart(state, other, unit) <= integral
            ):
                return True
    for officer in state.g.officers:
        index = officer.index
        if not may_command(state, index, unit):
            continue
        host = state.attached[index]
        if host == unit:
            return True
        reach = radius(state, index)
        if host >= 0:
            if bases_apart(state, host, unit) <= reach:
                return True
            continue
        point = (state.ox[index], state.oy[index])
        if base_distance(state, unit, point) <= reach and sees_unit(state, point, unit):
            return True
    return False


def order_dice(state: TerciosState, unit: int) -> int:
    """An order test's dice: Discipline, less (-) without command [Testing Orders] (Elite
    units never are [Elite]), plus Loyalty [Loyalty]."""
    troop = state.g.troops[unit]
    penalty = 0
    if not under_command(state, unit) and not has_rule(state, unit, "Elite"):
        penalty = 1
    return final_value(
        state.g.pack, troop.profile.discipline, 0, penalty, virtue_bonus(state, unit, "discipline")
    )


def sees_unit(state: TerciosState, point: tuple[float, float], unit: int) -> bool:
    """A clear line from ``point`` to a centre of the unit [Command Actions] [Line of sight]."""
    return any(
        clear_line(state, point, centre, {unit}) for centre in state.placement(unit).centres()
    )


def join_unit(state: TerciosState, officer: int, unit: int) -> None:
    """He moves into contact, is attached and exhausted [Joining a troop]."""
    state.attached[officer] = unit
    state.exhausted[officer] = True
    state.joined[officer] = True
    state.log(
        f"{state.g.officers[officer].label} joins {state.g.troops[unit].label} and is exhausted.",
        "Command: Commanders and Losses: Joining a troop",
        {"officer": officer, "unit": unit},
    )


def lose_commanders(state: TerciosState, unit: int) -> None:
    """A commander attached to a destroyed unit is killed [Like a Hero]; one with no unit
    left to command is removed [Useless]; and the flight test [Leaving a Troop]
    [Commanders and Losses]."""
    g = state.g
    _flight_tests(state, unit)
    for officer in g.officers:
        index = officer.index
        if not state.o_alive[index]:
            continue
        if state.attached[index] == unit:
            kill_commander(
                state,
                index,
                f"{officer.label} dies with {g.troops[unit].label}, like a hero.",
                "Command: Commanders and Losses: Like a Hero",
            )
            continue
        if not any(
            state.alive[other] and may_command(state, index, other)
            for other in range(len(g.troops))
        ):
            state.o_alive[index] = False
            state.log(
                f"{officer.label} has no unit left to command and leaves the field.",
                "Command: Commanders and Losses: Useless",
                {"officer": index},
            )


def kill_commander(state: TerciosState, officer: int, text: str, rule: str) -> None:
    """A commander killed (or fled) leaves the field and the enemy scores him
    [Commanders and Losses] [Rulings R32]."""
    who = state.g.officers[officer]
    host = state.attached[officer]
    if host >= 0:
        state.ox[officer], state.oy[officer] = state.x[host], state.y[host]
    state.o_alive[officer] = False
    state.attached[officer] = -1
    points = officer_points(state, officer)
    state.vp[1 - who.side] += points
    state.log(text, rule, {"officer": officer, "vp": points})


def _flight_tests(state: TerciosState, unit: int) -> None:
    """A friendly unit destroyed within 6 inches of an unattached commander with no other
    friendly unit within 6 inches: he tests, and flees if the test fails
    [Leaving a Troop]."""
    g = state.g
    side = g.troops[unit].side
    reach = g.pack.constant("command_radius")
    shape = state.placement(unit).polygon()
    for officer in g.officers:
        index = officer.index
        if officer.side != side or not state.o_alive[index] or state.attached[index] >= 0:
            continue
        point = Point(state.ox[index], state.oy[index])
        if shape.distance(point) > reach:
            continue
        if any(
            state.alive[other]
            and troop.side == side
            and state.placement(other).polygon().distance(point) <= reach
            for other, troop in enumerate(g.troops)
        ):
            continue
        state.frames.append({"p": "flight", "o": index, "stage": "start"})


def run_flight(state: TerciosState, frame: Frame) -> None:
    """The flight test: a command test; with no success the commander flees the field
    [Leaving a Troop]."""
    officer = frame["o"]
    who = state.g.officers[officer]
    if frame["stage"] == "start":
        frame["stage"] = "tested"
        state.log(
            f"{who.label} is left alone near a destroyed unit: flight test.",
            "Command: Leaving a Troop",
            {"officer": officer},
        )
        state.roll(frame, who.rank, int(state.g.pack.constant("command_target")))
        return
    state.pop(frame)
    if frame.pop("got") > 0 or not state.o_alive[officer]:
        return
    kill_commander(state, officer, f"{who.label} takes flight.", "Command: Leaving a Troop")


def officer_points(state: TerciosState, officer: int) -> int:
    """Victory points for a commander killed [Commanders and Losses] [Rulings R32]."""
    key = "commander_in_chief" if state.g.officers[officer].is_chief else "commander"
    return int(plain(state.g.pack.rules.victory_points[key]))
