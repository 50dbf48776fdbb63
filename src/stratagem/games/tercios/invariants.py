"""What must hold in every Tercios state (checked by the conformance kit)."""

from __future__ import annotations

from stratagem.core import State
from stratagem.games.tercios.geometry import inside, overlaps
from stratagem.games.tercios.movement import table_area
from stratagem.games.tercios.state import TerciosState


def invariants(state: State) -> list[str]:
    """No two bases overlap, every unit is on the table, Dm is never negative, and an
    exhausted or dead commander is never being activated."""
    assert isinstance(state, TerciosState)
    problems: list[str] = []
    g = state.g
    area = table_area(state)
    alive = [u for u in range(len(g.troops)) if state.alive[u]]
    shapes = {u: state.placement(u).polygon() for u in alive}
    for u in alive:
        label = g.troops[u].label
        if state.dm[u] < 0:
            problems.append(f"{label} has {state.dm[u]} Dm")
        if not inside(shapes[u], area):
            problems.append(f"{label} is off the table")
    for i, u in enumerate(alive):
        for v in alive[i + 1 :]:
            if overlaps(shapes[u], shapes[v]):
                problems.append(f"{g.troops[u].label} overlaps {g.troops[v].label}")
    for frame in state.frames:
        if frame.get("p") == "commander" and frame.get("wait") == "decide":
            officer = frame["o"]
            if state.exhausted[officer] or not state.o_alive[officer]:
                problems.append(f"{g.officers[officer].label} acts while exhausted or dead")
    if state.vp[0] < 0 or state.vp[1] < 0:
        problems.append("negative victory points")
    return problems
