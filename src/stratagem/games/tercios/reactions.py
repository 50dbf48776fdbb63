"""What a move sets off: reactions of enemies approached within 3 inches [Reactions], and
commanders caught in the path of an enemy [In the wrong place].
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely import Point, Polygon

from stratagem.games.tercios.approach import (
    along,
    approached,
    clearly_off_path,
    may_react,
    offer_reactions,
    swept,
)
from stratagem.games.tercios.combat import reaction_dice
from stratagem.games.tercios.command import join_unit, may_command
from stratagem.games.tercios.encoding import ASSAULT, FIRE, NO_REACT, REACT, READY, RUN, TURNS
from stratagem.games.tercios.geometry import CENTRE_NAMES, Placement, bearing, distance
from stratagem.games.tercios.movement import evade, free, free_turns, reorient, table_area
from stratagem.games.tercios.scene import blockers
from stratagem.games.tercios.shooting import reaction_shot, reaction_shots
from stratagem.games.tercios.sight import charge_path

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "Reactions"
INTERCEPT_STEP = 0.5
"""Inches between the points of the mover's path an interception tries (R62)."""
TOUCH = 0.01
"""Inches within which a base touches a commander (a point)."""


def after_move(state: TerciosState, unit: int, start: Placement) -> None:
    """After a troop moves from ``start``: friendly commanders it passed through choose to
    join it or not, enemy commanders on its path must test, and enemies it came within 3
    inches of on the way may react [Movement: Overlap] [In the wrong place] [Reactions]
    [Rulings R24] [Rulings R30]."""
    g = state.g
    side = g.troops[unit].side
    spot = state.placement(unit)
    path: Polygon | None = None
    for officer in g.officers:
        index = officer.index
        if not state.o_alive[index] or state.attached[index] >= 0:
            continue
        point = (state.ox[index], state.oy[index])
        if clearly_off_path(start, spot, point, 0.0):
            continue
        if path is None:
            path = swept(start, spot)
        if path.distance(Point(point)) > TOUCH:
            continue
        procedure = "passed" if officer.side == side else "wrong_place"
        state.frames.append({"p": procedure, "o": index, "m": unit, "stage": "start"})
    offer_reactions(state, unit, start, approached(state, unit, start))


def run_passed(state: TerciosState, frame: Frame) -> None:
    """A friendly unit passed through an unattached commander: he may join it if it is one he
    may interact with [Command] [Rulings R99], or else stay
    where he is, unless its base now covers him: then he is placed an inch from it, on the
    side his player chooses [Movement: Overlap] [Rulings R30]."""
    officer, unit = frame["o"], frame["m"]
    g = state.g
    label = g.officers[officer].label
    if frame["stage"] == "start":
        if not (state.o_alive[officer] and state.alive[unit]) or state.attached[officer] >= 0:
            state.pop(frame)
            return
        frame["stage"] = "chosen"
        options = (
            [g.table.parse(f"{label}: join {g.troops[unit].label}")]
            if may_command(state, officer, unit)
            else []
        )
        sides = _sides_free(state, officer, unit)
        if sides is None:
            options.append(g.table.parse(f"{label}: stay"))
        else:
            options += [g.table.parse(f"{label}: step aside ({side})") for side in sides]
        state.decide(frame, g.officers[officer].side, options)
        return
    state.pop(frame)
    verb = frame.pop("choice_text")[len(label) + 2 :]
    frame.pop("choice", None)
    if verb.startswith("join "):
        join_unit(state, officer, unit)
    elif verb.startswith("step aside "):
        side = verb[len("step aside (") : -1]
        state.ox[officer], state.oy[officer] = _aside(state, unit, CENTRE_NAMES.index(side))
        state.log(
            f"{label} steps aside, an inch to the {side} of {g.troops[unit].label}.",
            "Movement: Overlap",
            {"officer": officer},
        )


def _aside(state: TerciosState, unit: int, side: int) -> tuple[float, float]:
    """The point an inch out from the middle of one side of the unit's base."""
    spot = state.placement(unit)
    cx, cy = spot.centres()[side]
    dx, dy = cx - spot.x, cy - spot.y
    norm = math.hypot(dx, dy)
    return (round(cx + dx / norm, 2), round(cy + dy / norm, 2))


def _sides_free(state: TerciosState, officer: int, unit: int) -> list[str] | None:
    """``None`` when the unit's base does not cover the commander; else the sides an inch
    from which he may stand (on the table, outside every base; the rear if none is)
    [Movement: Overlap]."""
    point = Point(state.ox[officer], state.oy[officer])
    if state.placement(unit).polygon().distance(point) > TOUCH:
        return None
    width, depth = state.g.pack.table_size
    bases = [state.placement(u).polygon() for u in range(len(state.g.troops)) if state.alive[u]]
    sides = []
    for side, name in enumerate(CENTRE_NAMES):
        x, y = _aside(state, unit, side)
        spot = Point(x, y)
        if 0 <= x <= width and 0 <= y <= depth and not any(b.contains(spot) for b in bases):
            sides.append(name)
    return sides or [CENTRE_NAMES[2]]


def run_approach(state: TerciosState, frame: Frame) -> None:
    """A reaction to an enemy coming within 3 inches: an order test, then the order's
    reaction (Ready!: reorient or shoot; Assault!: interception; Run!: evade; Fire!: shoot,
    or with Harasser shoot and evade) [Reactions] [Reactions: Ready!] [Reactions: Assault!]
    [Reactions: Run!] [Reactions: Fire!] [Harasser]."""
    unit, mover = frame["r"], frame["m"]
    g = state.g
    stage = frame["stage"]
    if stage == "offer":
        if not (may_react(state, unit) and state.alive[mover]):
            state.pop(frame)
            return
        frame["stage"] = "answer"
        state.decide(frame, g.troops[unit].side, [g.table.parse(REACT), g.table.parse(NO_REACT)])
        return
    if stage == "answer":
        frame.pop("choice", None)
        if frame.pop("choice_text") != REACT:
            state.pop(frame)
            return
        state.revealed[unit] = True
        state.spent[unit] = True
        dice = reaction_dice(state, unit, False, -1)
        state.log(
            f"{g.troops[unit].label} reacts to {g.troops[mover].label}: order test "
            f"with {dice} dice.",
            RULE,
            {"unit": unit, "dice": dice},
        )
        frame["stage"] = "tested"
        state.roll(frame, dice, int(g.pack.constant("order_target")))
        return
    if stage == "tested":
        if frame.pop("got") == 0:
            state.log(f"{g.troops[unit].label} fails and loses its order.", RULE, {"unit": unit})
            state.pop(frame)
            return
        _react(state, frame, unit, mover)
        return
    text = frame.pop("choice_text")
    frame.pop("choice", None)
    state.pop(frame)
    verb = text[len(g.troops[unit].label) + 2 :]
    if verb in TURNS:
        reorient(state, unit, verb)
    else:
        state.frames.append(reaction_shot(state, unit, mover, verb.split(" ")[0]))


def _react(state: TerciosState, frame: Frame, unit: int, mover: int) -> None:
    """Ready! may reorient or shoot (-) [Reactions: Ready!]; Fire! shoots (+ with light
    weapons) [Reactions: Fire!]."""
    g = state.g
    order = state.order[unit]
    if order in (READY, FIRE):
        options = (
            [g.verb_action[unit][t] for t in free_turns(state, unit)] if order == READY else []
        )
        options += reaction_shots(state, unit, mover)
        if options:
            frame["stage"] = "ready"
            state.decide(frame, g.troops[unit].side, options)
            return
    state.pop(frame)
    if order == RUN:
        evade(state, unit, mover)
    elif order == ASSAULT and _intercepted(state, frame, unit, mover):
        state.frames.append(
            {
                "p": "charge",
                "a": unit,
                "t": mover,
                "stage": "declare",
                "reaction": True,
                "intercept": True,
            }
        )
    else:
        state.log(f"{g.troops[unit].label} holds its ground.", RULE, {"unit": unit})


def _intercepted(state: TerciosState, frame: Frame, unit: int, mover: int) -> bool:
    """Where an interception meets the mover: on the path of its move, at the point
    nearest the intercepting unit's front centre that it can charge (the mover put back
    there, its base on the line of its move), trying points every half inch out from it;
    the reactions of units the mover no longer reached are dropped. Whether there is one
    [Reactions: Assault!] [Rulings R62]."""
    end = state.placement(mover)
    x, y, facing = frame["from"]
    start = Placement(x, y, facing, end.width, end.depth)
    length = distance(start.front, end.front)
    if length < 1e-6:
        return charge_path(state, unit, mover, 1) is not None
    direction = bearing(start.front, end.front)
    line = start.with_front_at(start.front, direction)
    nearest = min(max(along(start.front, end.front, state.placement(unit).front), 0.0), length)
    steps = int(length / INTERCEPT_STEP) + 1
    tried = sorted({min(length, k * INTERCEPT_STEP) for k in range(steps + 1)} | {nearest})
    others, area = blockers(state, mover), table_area(state)
    for at in sorted(tried, key=lambda t: abs(t - nearest)):
        spot = end if at >= length - 1e-6 else line.moved(at, direction)
        if spot != end and not free(spot.polygon(), others, area):
            continue
        state.place(mover, spot)
        if charge_path(state, unit, mover, 1) is not None:
            if spot != end:
                _cut_short(state, mover, at)
            return True
    state.place(mover, end)
    return False


def _cut_short(state: TerciosState, mover: int, at: float) -> None:
    """The mover, caught on its path, never reached the units beyond: their reactions to
    this move are not offered [Reactions: Assault!] [Rulings R62]."""
    state.log(
        f"{state.g.troops[mover].label} is caught on its way.",
        "Reactions: Assault!",
        {"unit": mover, "at": round(at, 2)},
    )
    for frame in list(state.frames):
        if frame.get("p") == "approach" and frame["m"] == mover and frame.get("at", 0.0) > at:
            state.pop(frame)
