"""Command: Virtues: the +1 a commander's virtue adds to his unit's values."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState


def virtue_bonus(state: TerciosState, unit: int, stat: str) -> int:
    """Virtues: +1 for each virtue of a commander attached to the unit that adds to
    ``stat``, and for a virtue lent by Inspiring."""
    virtues = state.g.pack.rules.virtues
    total = 0
    for officer in state.g.officers:
        if state.attached[officer.index] == unit and state.o_alive[officer.index]:
            total += sum(1 for v in officer.virtues if virtues.get(v) == stat)
    if state.buff[unit] and virtues.get(state.buff[unit]) == stat:
        total += 1
    return total


def stamina(state: TerciosState, unit: int) -> int:
    """Stamina with the Zeal virtue."""
    return state.g.troops[unit].profile.stamina + virtue_bonus(state, unit, "stamina")
