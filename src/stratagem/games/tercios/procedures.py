"""The procedures a frame can name (see ``state``), each in the module of its rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from stratagem.games.tercios.combat import run_charge
from stratagem.games.tercios.command import run_flight
from stratagem.games.tercios.command_actions import (
    run_accomplice,
    run_cold_blood,
    run_commander,
)
from stratagem.games.tercios.damage import run_rout
from stratagem.games.tercios.deployment import run_deployment
from stratagem.games.tercios.melee_end import run_combat, run_frenzy
from stratagem.games.tercios.reactions import run_approach, run_passed
from stratagem.games.tercios.scenery_choice import run_scenery
from stratagem.games.tercios.shooting import run_shot
from stratagem.games.tercios.turn import run_activation, run_initiative, run_plan, run_turn
from stratagem.games.tercios.unit_actions import run_caracole, run_unit
from stratagem.games.tercios.wrong_place import run_wrong_place

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

PROCEDURES: dict[str, Callable[[TerciosState, Frame], None]] = {
    "turn": run_turn,
    "plan": run_plan,
    "initiative": run_initiative,
    "activation": run_activation,
    "commander": run_commander,
    "cold_blood": run_cold_blood,
    "accomplice": run_accomplice,
    "unit": run_unit,
    "shot": run_shot,
    "rout": run_rout,
    "charge": run_charge,
    "melee": run_combat,
    "frenzy": run_frenzy,
    "approach": run_approach,
    "wrong_place": run_wrong_place,
    "passed": run_passed,
    "caracole": run_caracole,
    "flight": run_flight,
    "scenery": run_scenery,
    "deployment": run_deployment,
}
