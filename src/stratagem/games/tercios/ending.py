"""The variable end with decisive, clear and narrow victories, a fixed duration when the
players choose one [Duration], and victory points [Rulings R32] [Rulings R33].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

RULE = "The Battle: Duration"


def no_troops_left(state: TerciosState) -> bool:
    """A side without a troop unit on the table has lost the battle at once [Duration]
    [Rulings R33]."""
    for side in (0, 1):
        if not any(state.alive[t.index] for t in state.g.troops if t.side == side):
            _finish(
                state,
                1 - side,
                "annihilation",
                f"{state.g.seat_names[side]} has no troop left on the field",
            )
            return True
    return False


def _level(state: TerciosState, lead: int) -> str | None:
    """The victory level a lead gives at the end of this turn, if the battle ends
    [Duration]."""
    duration = state.g.pack.rules.duration
    if state.g.duration is not None:
        if state.turn < state.g.duration:
            return None
        for turn in sorted(duration):
            if turn < max(duration) and lead >= duration[turn].lead:
                return duration[turn].level
        return duration[max(duration)].level
    row = duration.get(state.turn)
    if row is None or lead < row.lead:
        return None
    return row.level


def end_of_turn(state: TerciosState) -> None:
    """At the end of turns 5, 6 and 7 a lead of 5, 3 or 1 victory points ends the battle
    (decisive, clear, narrow victory); the 8th turn ends it whatever happens [Duration]."""
    lead = abs(state.vp[0] - state.vp[1])
    level = _level(state, lead)
    state.log(
        f"End of turn {state.turn}: victory points {state.g.seat_names[0]} {state.vp[0]}, "
        f"{state.g.seat_names[1]} {state.vp[1]}.",
        RULE,
        {"turn": state.turn, "vp": list(state.vp)},
    )
    if level is None:
        state.turn += 1
        return
    if lead == 0:
        _finish(state, None, "draw", "the victory points are equal")
        return
    leader = 0 if state.vp[0] > state.vp[1] else 1
    _finish(state, leader, level, f"a lead of {lead} victory points")


def _finish(state: TerciosState, winner: int | None, level: str, why: str) -> None:
    """The battle ends: the victory level and each side's units lost [Duration]
    [Rulings R33]."""
    g = state.g
    seats = g.seat_names
    # A dragoon unit has two cards, one on the table: it is lost when neither is.
    lost = [
        sum(
            1
            for t in g.troops
            if t.side == side
            and not t.reserve
            and not state.alive[t.index]
            and not (t.twin >= 0 and state.alive[t.twin])
        )
        for side in (0, 1)
    ]
    if winner is None:
        reason = f"Draw after turn {state.turn}: {why}."
    else:
        reason = f"{seats[winner]} wins a {level} victory after turn {state.turn}: {why}."
    state.outcome = {
        "winners": [] if winner is None else [seats[winner]],
        "scores": {seats[0]: state.vp[0], seats[1]: state.vp[1]},
        "reason": reason,
        "details": {
            "victory": level,
            "turns": state.turn,
            "lead": abs(state.vp[0] - state.vp[1]),
            f"units_lost_{seats[0]}": lost[0],
            f"units_lost_{seats[1]}": lost[1],
        },
    }
    state.log(reason, RULE, {"winner": None if winner is None else seats[winner], "level": level})
