"""Values and modifiers [Modifiers] [Virtues].

A value with bonuses (+) and penalties (-) is read from the value progression table: each
bonus cancels one penalty, one net bonus is ``+``, two or more ``++``, one net penalty ``-``,
two or more ``--``. Virtues add their point after that (the virtue example: Courage 3 with a
bonus and a virtue is 5).
"""

from __future__ import annotations

from stratagem.games.tercios.pack import Pack


def progressed(pack: Pack, base: int, bonuses: int, penalties: int) -> int:
    """``base`` after ``bonuses`` and ``penalties``, by the progression table for values 1
    to 6 and its formulas beyond (half again rounded down, double, half rounded up, 1)
    [Modifiers]. A value of 0 stays 0 [Rulings R28]."""
    if base <= 0:
        return 0
    net = bonuses - penalties
    table = pack.rules.progression
    if net == 0:
        return base
    if base <= len(table["plus"]):
        row = (
            table["plus"]
            if net == 1
            else table["plus_plus"]
            if net >= 2
            else table["minus"]
            if net == -1
            else table["minus_minus"]
        )
        return row[base - 1]
    if net == 1:
        return base + base // 2
    if net >= 2:
        return 2 * base
    if net == -1:
        return (base + 1) // 2
    return 1


def final_value(pack: Pack, base: int, bonuses: int, penalties: int, virtue: int = 0) -> int:
    """The progressed value plus the virtues' points, added after the modifiers [Virtues]."""
    value = progressed(pack, base, bonuses, penalties)
    return value + virtue if value > 0 else 0
