"""Why an action is refused, in words a seat may read (nothing hidden is named)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.tercios.scenery_choice import placement_problem, read_placing

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

WHAT_IS_AWAITED = {
    "plan": "an order card for the next unit (Order Cards)",
    "initiative": "the choice of who plays first (Initiative)",
    "activation": "a commander or a unit to activate (Activation)",
    "commander": "the activated commander's action (Activating a Commander)",
    "unit": "the activated unit's action under its order (Order Cards)",
    "charge": "the charged unit's reaction (Reactions)",
    "approach": "a reaction to the approaching enemy (Reactions)",
    "melee": 'a declaration of "Dirty war!" or not, or whether the winner advances (Combat)',
    "caracole": "whether the unit caracoles after its shot (Caracole)",
    "passed": "whether the commander passed through joins the unit or stands aside (Overlap)",
    "scenery": "a scenery element bought or placed, or a pass (Scenery Points)",
}


def why_illegal(state: TerciosState, action: Action) -> str:
    """The reason ``action`` cannot be taken now."""
    if state.outcome is not None:
        return "the battle is over"
    if action.id in (state.g.table.exact_id, state.g.table.place_id):
        problem = state._exact_problem(action)
        return problem or "this exact move is not possible now"
    top = state.frames[-1] if state.frames else {}
    placing = read_placing(action.text, state.g.table.kinds) if top.get("exact_place") else None
    if placing is not None:
        return placement_problem(state, top, placing) or "this placement is not possible now"
    if top.get("wait") in ("roll", "die"):
        return "dice are to be rolled now, not a decision taken"
    awaited = WHAT_IS_AWAITED.get(str(top.get("p")), "another decision")
    return f"the rules await {awaited}; see the legal actions"
