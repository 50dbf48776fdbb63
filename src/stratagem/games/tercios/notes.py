"""What an army file chooses that the rules will not use (``stratagem army check``): the
rules the rulebook names without saying what they do, and the Initiative trait on a
commander who is not the Commander-in-Chief [Rulings R97] [Rulings R31].
"""

from __future__ import annotations

from stratagem.games.tercios.army import ArmySpec, build_profile, granted_rules, unit_names
from stratagem.games.tercios.pack import Pack


def army_notes(pack: Pack, army: ArmySpec) -> list[str]:
    """One line for each unit rule and each trait of the army that has no effect
    [Rulings R97] [Rulings R31]."""
    unapplied = pack.rules.unapplied_rules
    notes: list[str] = []
    for index, (regiment, names) in enumerate(zip(army.regiment, unit_names(army), strict=True)):
        for unit, name in zip(regiment.units, names, strict=True):
            card = pack.profiles.get(unit.profile)
            if card is None:
                continue
            profile = build_profile(
                pack, card, unit, name=name, regiment=index, extra=granted_rules(regiment, unit)
            )
            notes += [
                f"{name}: {rule} has no effect: {unapplied[rule]} (RULINGS.md R97)"
                for rule in sorted(profile.rules & unapplied.keys())
            ]
        commander = regiment.commander
        if commander is not None and "Initiative" in commander.traits:
            notes.append(
                f"{commander.name}: Initiative has no effect: only the Commander-in-Chief's "
                "rank enters the initiative test (RULINGS.md R31)"
            )
    return notes
