"""A unit's values as the rules use them [Values] [Modifiers] [Status Markers]
[Order Cards] [Virtues]: the card's value with the modifiers its state and order give, then
the virtues of its commanders and the one lent by Inspiring. The engine's dice and the views
read them here, so that a view shows what the engine rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from stratagem.games.tercios.command import order_dice
from stratagem.games.tercios.damage import weary
from stratagem.games.tercios.encoding import ASSAULT, FIRE, READY, RESIST, RUN
from stratagem.games.tercios.movement import speed
from stratagem.games.tercios.values import final_value
from stratagem.games.tercios.virtues import stamina, virtue_bonuses

if TYPE_CHECKING:
    from stratagem.core import JsonDict
    from stratagem.games.tercios.state import TerciosState

ORDER_BONUS = {READY: 0, ASSAULT: 1, RUN: 2, FIRE: 0, RESIST: 0}
"""Order Cards: the movement bonus of each order (Assault! +, Run! ++)."""


def standing(state: TerciosState, unit: int, stat: str) -> tuple[int, int]:
    """The bonuses and penalties the unit's state gives ``stat`` whatever the situation:
    Weary (-) to Melee and Shoot [Weary (Usé)], Disorder (-) to Courage [Disorder (En désordre)]."""
    if stat in ("melee", "shoot"):
        return 0, 1 if weary(state, unit) else 0
    if stat.startswith("courage"):
        return 0, 1 if state.disorder[unit] else 0
    return 0, 0


def current(
    state: TerciosState,
    unit: int,
    stat: str,
    base: int,
    *,
    bonuses: int = 0,
    penalties: int = 0,
    virtues: Mapping[str, int] | None = None,
) -> int:
    """``base`` with the unit's standing modifiers and the situation's ``bonuses`` and
    ``penalties`` (the value progression table) [Modifiers], plus the virtues adding to
    ``stat`` (``melee``, ``shoot``, ``courage_shot``, ``courage_melee``) [Virtues]
    [Dexterity] [Drill] [Sacrifice] [Will]; ``virtues`` are the unit's
    ``virtue_bonuses`` when the caller has them already."""
    up, down = standing(state, unit, stat)
    found = virtue_bonuses(state, unit) if virtues is None else virtues
    return final_value(state.g.pack, base, bonuses + up, penalties + down, found.get(stat, 0))


def shown_values(state: TerciosState, unit: int, order: int | None) -> JsonDict:
    """The values a view shows, with ``order`` when the seat may see it: Mvt with the
    order's bonus (hitched guns at their team's speed), Melee with Assault!'s charge bonus,
    Shoot (near, and far for a 4/3 unit) with Ready!'s penalty, the order test's
    Discipline dice, Courage against shooting and against combat (and without Sacrifice or
    Will), Stamina with Zeal; each with weariness, disorder and virtues (lent ones too)
    [Values]."""
    profile = state.g.troops[unit].profile
    charge = 1 if order == ASSAULT else 0
    ready = 1 if order == READY else 0
    virtues = virtue_bonuses(state, unit)
    values: JsonDict = {
        "mvt": int(speed(state, unit, ORDER_BONUS.get(order, 0) if order is not None else 0)),
        "melee": current(state, unit, "melee", profile.melee, bonuses=charge, virtues=virtues),
        "shoot": current(state, unit, "shoot", profile.shoot, penalties=ready, virtues=virtues),
        "discipline": order_dice(state, unit),
        "courage": current(state, unit, "courage", profile.courage, virtues=virtues),
        "courage_shot": current(state, unit, "courage_shot", profile.courage, virtues=virtues),
        "courage_melee": current(state, unit, "courage_melee", profile.courage, virtues=virtues),
        "stamina": stamina(state, unit),
    }
    if profile.shoot_far is not None:
        values["shoot_far"] = current(
            state, unit, "shoot", profile.shoot_far, penalties=ready, virtues=virtues
        )
    return values
