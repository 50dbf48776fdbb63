"""A commander caught in the path of an enemy unit: his test, and the move away his player
may make when he survives it [Command: Commanders and Losses: In the wrong place].
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely import Point

from stratagem.games.tercios.command import full_move, kill_commander
from stratagem.games.tercios.commander_moves import walk
from stratagem.games.tercios.geometry import distance

if TYPE_CHECKING:
    from stratagem.core import Action
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "Command: Commanders and Losses: In the wrong place"
MOVE_AWAY = "move away"
"""The listed escape: his whole move straight away from the enemy (R112)."""
STAY = "stay"


def run_wrong_place(state: TerciosState, frame: Frame) -> None:
    """A command test; no success, killed; one success, he survives but is exhausted; two
    or more, he survives fresh; a survivor may move away from the enemy: his player chooses
    `move away`, an exact move of up to his move that takes him farther from it, or (unless
    the enemy's base covers him) `stay` [In the wrong place] [Rulings R112]."""
    officer, mover = frame["o"], frame["m"]
    g = state.g
    who = g.officers[officer]
    if frame["stage"] == "start":
        frame["stage"] = "tested"
        state.log(
            f"{who.label} is caught in the path of {g.troops[mover].label}.",
            RULE,
            {"officer": officer},
        )
        state.roll(frame, who.rank, int(g.pack.constant("command_target")))
        return
    if frame["stage"] == "escape":
        _escaped(state, frame, officer, mover)
        return
    successes = frame.pop("got")
    if successes == 0:
        state.pop(frame)
        kill_commander(state, officer, f"{who.label} is killed.", RULE)
        return
    if successes == 1:
        state.exhausted[officer] = True
    state.log(f"{who.label} escapes.", RULE, {"officer": officer, "successes": successes})
    frame["stage"] = "escape"
    frame["reach"] = full_move(state, officer)
    frame["away_from"] = mover
    state.decide(frame, who.side, _escape_options(state, officer, mover), exact_officer=officer)


def _escape_options(state: TerciosState, officer: int, mover: int) -> list[Action]:
    """His listed answers: ``move away`` when such a move exists, ``stay`` unless the
    enemy's base covers him [In the wrong place] [Rulings R112]."""
    label = state.g.officers[officer].label
    options = []
    if _away_spot(state, officer, mover) is not None:
        options.append(state.g.table.parse(f"{label}: {MOVE_AWAY}"))
    if not _covered(state, officer, mover) or not options:
        options.append(state.g.table.parse(f"{label}: {STAY}"))
    return options


def _escaped(state: TerciosState, frame: Frame, officer: int, mover: int) -> None:
    """Carry out his answer: an exact move, ``move away`` or ``stay``."""
    state.pop(frame)
    move = state.exact_of(frame)
    if move is not None:
        walk(state, move, RULE)
        return
    verb = frame.pop("choice_text")[len(state.g.officers[officer].label) + 2 :]
    frame.pop("choice", None)
    spot = _away_spot(state, officer, mover) if verb == MOVE_AWAY else None
    if spot is None:
        state.log(
            f"{state.g.officers[officer].label} stays where he is.", RULE, {"officer": officer}
        )
        return
    state.ox[officer], state.oy[officer] = spot
    state.log(
        f"{state.g.officers[officer].label} moves away to {spot[0]:g},{spot[1]:g}.",
        RULE,
        {"officer": officer, "to": list(spot)},
    )


def _covered(state: TerciosState, officer: int, mover: int) -> bool:
    """The enemy's base covers the point where he stands."""
    point = Point(state.ox[officer], state.oy[officer])
    return bool(state.placement(mover).polygon().contains(point))


def _away_spot(state: TerciosState, officer: int, mover: int) -> tuple[float, float] | None:
    """His whole move straight away from the enemy's centre (or, if that leaves the table or
    ends under its base, straight back through it), kept on the table [Rulings R112]."""
    point = (state.ox[officer], state.oy[officer])
    centre = (state.x[mover], state.y[mover])
    angle = math.atan2(point[1] - centre[1], point[0] - centre[0])
    shape = state.placement(mover).polygon()
    width, depth = state.g.pack.table_size
    step = full_move(state, officer)
    for reach in (step, -step):
        x = min(max(point[0] + math.cos(angle) * reach, 0.5), width - 0.5)
        y = min(max(point[1] + math.sin(angle) * reach, 0.5), depth - 0.5)
        if not shape.contains(Point(x, y)) and distance((x, y), centre) > 0:
            return (round(x, 2), round(y, 2))
    return None
