"""What commanders give their units without a command test: the +1 of a virtue
[Virtues], and the special rules that units have from their category or from a
commander's automatic trait [The Troops: Cavalry] [Automatic Kingdoms Traits].
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from stratagem.games.tercios.scene import base_distance, bases_apart

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

CAVALRY_RULES = ("Mobility", "Evasion", "Pursuit")


NO_VIRTUES: Mapping[str, int] = MappingProxyType({})
"""The bonuses of a unit with no commander attached and no virtue lent."""


def virtue_bonuses(state: TerciosState, unit: int) -> Mapping[str, int]:
    """For each value a virtue adds to, +1 for each virtue of a commander attached to the
    unit [Virtues] and for a virtue lent by Inspiring [Inspiring]: every value at once."""
    lent = state.buff[unit]
    if not lent and unit not in state.attached:
        return NO_VIRTUES  # most units: no commander, nothing lent
    virtues = state.g.pack.rules.virtues
    found: dict[str, int] = {}
    for officer in state.g.officers:
        if state.attached[officer.index] == unit and state.o_alive[officer.index]:
            for virtue in officer.virtues:
                stat = virtues.get(virtue)
                if stat is not None:
                    found[stat] = found.get(stat, 0) + 1
    stat = virtues.get(lent) if lent else None
    if stat is not None:
        found[stat] = found.get(stat, 0) + 1
    return found


def virtue_bonus(state: TerciosState, unit: int, stat: str) -> int:
    """+1 for each virtue of a commander attached to the unit that adds to ``stat``
    [Virtues], and for a virtue lent by Inspiring [Inspiring]."""
    return virtue_bonuses(state, unit).get(stat, 0)


def stamina(state: TerciosState, unit: int) -> int:
    """Stamina with the Zeal virtue [Zeal]."""
    return state.g.troops[unit].profile.stamina + virtue_bonus(state, unit, "stamina")


def radius(state: TerciosState, officer: int) -> float:
    """The command radius: 6 inches [Testing Orders], 9 with Presence [Presence]."""
    key = "presence_radius" if "Presence" in state.g.officers[officer].traits else "command_radius"
    return state.g.pack.constant(key)


def attached_traits(state: TerciosState, unit: int) -> frozenset[str]:
    """The traits of the living commanders attached to a unit [Automatic Kingdoms Traits]."""
    found: set[str] = set()
    if unit not in state.attached:
        return frozenset()
    for officer in state.g.officers:
        if state.attached[officer.index] == unit and state.o_alive[officer.index]:
            found |= officer.traits
    return frozenset(found)


def in_radius(state: TerciosState, officer: int, unit: int) -> bool:
    """A unit within a living commander's command radius (from his unit when attached)
    [Attached Commander]."""
    if not state.o_alive[officer]:
        return False
    host = state.attached[officer]
    if host >= 0:
        return host == unit or bases_apart(state, host, unit) <= radius(state, officer)
    point = (state.ox[officer], state.oy[officer])
    return base_distance(state, unit, point) <= radius(state, officer)


def radius_trait(state: TerciosState, unit: int, trait: str) -> bool:
    """A commander of the unit's side with ``trait`` has the unit within his radius
    [Automatic Kingdoms Traits]."""
    side = state.g.troops[unit].side
    return any(
        o.side == side and trait in o.traits and in_radius(state, o.index, unit)
        for o in state.g.officers
    )


def has_rule(state: TerciosState, unit: int, rule: str) -> bool:
    """A unit's special rule: from its card; every cavalry unit's Mobility, Evasion and
    Pursuit [The Troops: Cavalry], Heavy Cavalry losing Mobility [Heavy Cavalry]; or given
    by a commander's automatic trait (attached: Brave gives Impetuous and Elite [Brave],
    Passionate gives Frenzied [Passionate]; Prepared gives Evasion to Light units in his
    radius [Prepared]), or for its activation by Enthusiastic (Light, or Skirmishers if it
    was Light) [Enthusiastic] [Rulings R60] [Rulings R66]."""
    profile = state.g.troops[unit].profile
    if rule in profile.rules:
        return True
    if profile.is_cavalry and rule in CAVALRY_RULES:
        return not (rule == "Mobility" and "Heavy Cavalry" in profile.rules)
    if rule in ("Light", "Skirmishers"):
        enthusiastic = _enthusiastic(state, unit)
        return enthusiastic and (rule == "Light" or "Light" in profile.rules)
    if rule in ("Impetuous", "Elite"):
        return "Brave" in attached_traits(state, unit)
    if rule == "Frenzied":
        return "Passionate" in attached_traits(state, unit)
    return rule == "Evasion" and "Light" in profile.rules and radius_trait(state, unit, "Prepared")


def _enthusiastic(state: TerciosState, unit: int) -> bool:
    """The unit Enthusiastic named is being activated [Enthusiastic]."""
    for frame in state.frames:
        if frame["p"] == "activation":
            return frame.get("enthusiastic") == unit and frame.get("last") == unit
    return False
