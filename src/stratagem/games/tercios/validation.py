"""Army validation [The Army]: every constraint of the points system, each violation
naming the rule it breaks.

``check_army`` returns the list of violations (empty for a valid army); the CLI's
``stratagem army check`` prints them, and the game refuses to load an invalid army.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from stratagem.games.tercios.army import ArmySpec, CommanderSpec, RegimentSpec, army_points
from stratagem.games.tercios.pack import Pack, names, plain

FAMILIES_OF_BATTALIONS = ("Tercio", "Classic", "Reformed", "Modern")


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken constraint: where in the army, what is wrong, and the rule it breaks, a
    section of the rulebook or a ruling, cited as the log cites one [The Army]."""

    where: str
    message: str
    rule: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.rule}]"


def check_army(pack: Pack, army: ArmySpec) -> list[Violation]:
    """Every violation of The Army's rules by ``army`` (empty when it is valid)
    [The Army]."""
    found: list[Violation] = []
    found += _check_size(pack, army)
    found += _check_base(pack, army)
    found += _check_commanders(pack, army)
    for index, regiment in enumerate(army.regiment):
        found += _check_regiment(pack, index, regiment)
    found += _check_units(pack, army)
    found += _check_names(army)
    return found


def _check_size(pack: Pack, army: ArmySpec) -> list[Violation]:
    """The army's points within its battle size's [Battle Sizes]."""
    sizes = pack.rules.sizes
    if army.size not in sizes:
        return [
            Violation(
                "size",
                f"{army.size!r} is not a battle size ({', '.join(sizes)})",
                "The Army: Battle Sizes",
            )
        ]
    points = army_points(pack, army)
    if points > sizes[army.size]:
        return [
            Violation(
                "army",
                f"{points} points exceed the {army.size} battle's {sizes[army.size]}",
                "The Army: Battle Sizes",
            )
        ]
    return []


def _count(army: ArmySpec) -> Counter[str]:
    counts: Counter[str] = Counter(regiment.kind for regiment in army.regiment)
    counts["elite"] = sum(unit.elite for regiment in army.regiment for unit in regiment.units)
    return counts


def _check_base(pack: Pack, army: ArmySpec) -> list[Violation]:
    """The regiments the army base requires and allows [Standard Army Base]
    [Battle Group Army Base] [Cavalry Army Base]."""
    bases = pack.rules.army_base
    rule = f"The Army: {army.base} Army Base"
    if army.base not in bases:
        return [
            Violation("base", f"{army.base!r} is not an army base ({', '.join(bases)})", "The Army")
        ]
    found: list[Violation] = []
    counts = _count(army)
    limits = {kind: plain(limit) for kind, limit in bases[army.base].items()}
    for kind in ("infantry", "cavalry", "battery", "battle_group", "elite"):
        low, high = limits.get(kind, (0, 0))
        have = counts[kind]
        if not low <= have <= high:
            found.append(
                Violation(
                    "army",
                    f"{have} {_plural(kind)}; the {army.base} base allows {low} to {high}",
                    rule,
                )
            )
    if army.base == "Cavalry":
        found += _check_cavalry_base(pack, army, counts)
    return found


def _plural(kind: str) -> str:
    return {
        "infantry": "infantry regiments",
        "cavalry": "cavalry regiments",
        "battery": "artillery batteries",
        "battle_group": "battle groups",
        "elite": "elite units",
    }[kind]


def _check_cavalry_base(pack: Pack, army: ArmySpec, counts: Counter[str]) -> list[Violation]:
    """The Cavalry Army Base's constraints [Cavalry Army Base] [Rulings R5]."""
    rule = "The Army: Cavalry Army Base"
    found: list[Violation] = []
    families = Counter(
        _family(pack, regiment) for regiment in army.regiment if regiment.kind == "cavalry"
    )
    if counts["cavalry"] >= 2 and max(families.values()) < 2:
        found.append(
            Violation("army", "the two compulsory cavalry regiments are not of one type", rule)
        )
    others = counts["infantry"] + counts["battle_group"] + counts["battery"]
    if counts["cavalry"] <= others:
        found.append(
            Violation(
                "army",
                f"{counts['cavalry']} cavalry regiments are not more than the {others} "
                "regiments of other types",
                rule,
            )
        )
    for index, regiment in enumerate(army.regiment):
        if regiment.kind != "battery":
            continue
        for unit in regiment.units:
            if "Horse team" not in unit.options:
                found.append(
                    Violation(
                        f"regiment[{index}] {regiment.name!r}",
                        "the artillery of a Cavalry army must have a Horse team",
                        rule,
                    )
                )
    return found


def _family(pack: Pack, regiment: RegimentSpec) -> str:
    kinds = [
        pack.profiles[unit.profile].family
        for unit in regiment.units
        if unit.profile in pack.profiles and pack.profiles[unit.profile].kind == "cavalry"
    ]
    return kinds[0] if kinds else ""


def _commanders(army: ArmySpec) -> list[tuple[str, CommanderSpec]]:
    found = [("commander_in_chief", army.commander_in_chief)]
    for index, regiment in enumerate(army.regiment):
        if regiment.commander is not None:
            found.append((f"regiment[{index}] {regiment.name!r} commander", regiment.commander))
    return found


def _check_commanders(pack: Pack, army: ArmySpec) -> list[Violation]:
    """One C-C of rank 2 to 5, whom no one outranks and at most one equals [Command]
    [Standard Army Base]; every regiment but artillery has a commander [The Army]; a chosen
    trait exists once per side [Optional Traits] [Rulings R8]."""
    rules = pack.rules
    command = rules.commanders
    found: list[Violation] = []
    chief = army.commander_in_chief
    if not command.cc_min_rank <= chief.rank <= command.cc_max_rank:
        found.append(
            Violation(
                "commander_in_chief",
                f"rank {chief.rank}; a Commander-in-Chief has rank "
                f"{command.cc_min_rank} to {command.cc_max_rank}",
                f"The Army: {army.base} Army Base",
            )
        )
    equals = 0
    traits_seen: Counter[str] = Counter()
    choosable = set(rules.traits.common + rules.traits.optional)
    choosable |= set(rules.traits.kingdoms + rules.traits.automatic)
    for where, commander in _commanders(army):
        is_chief = commander is chief
        if not is_chief:
            if not command.officer_min_rank <= commander.rank <= command.officer_max_rank:
                found.append(
                    Violation(
                        where,
                        f"rank {commander.rank}; a mestre de camp has rank "
                        f"{command.officer_min_rank} to {command.officer_max_rank}",
                        "The Army: Infantry Regiment",
                    )
                )
            if commander.rank > chief.rank:
                found.append(
                    Violation(
                        where,
                        f"rank {commander.rank} outranks the Commander-in-Chief ({chief.rank})",
                        "Command",
                    )
                )
            elif commander.rank == chief.rank:
                equals += 1
        row = rules.ranks.get(commander.rank)
        if row is None:
            continue
        found += _check_abilities(
            pack,
            where,
            commander=commander,
            virtues=row.virtues,
            traits=row.traits,
            choosable=choosable,
        )
        traits_seen.update(commander.traits)
    if equals > 1:
        found.append(
            Violation(
                "army",
                f"{equals} commanders have the Commander-in-Chief's rank; at most one may",
                "Command",
            )
        )
    for trait, times in sorted(traits_seen.items()):
        if times > 1:
            found.append(
                Violation(
                    "army",
                    f"the trait {trait!r} is chosen by {times} commanders; a trait exists "
                    "once per side",
                    "Command: Optional Traits",
                )
            )
    return found


def _check_abilities(
    pack: Pack,
    where: str,
    *,
    commander: CommanderSpec,
    virtues: int,
    traits: int,
    choosable: set[str],
) -> list[Violation]:
    """A commander's virtues and traits within what his rank allows [Command]
    [Common Traits] [Rulings R8]."""
    found: list[Violation] = []
    rule = "Command"
    if len(commander.virtues) > virtues:
        found.append(
            Violation(
                where,
                f"{len(commander.virtues)} virtues; rank {commander.rank} allows {virtues}",
                rule,
            )
        )
    if len(commander.traits) > traits:
        found.append(
            Violation(
                where,
                f"{len(commander.traits)} traits; rank {commander.rank} allows {traits}",
                rule,
            )
        )
    for virtue in commander.virtues:
        if virtue not in pack.rules.virtues:
            known = ", ".join(pack.rules.virtues)
            found.append(Violation(where, f"{virtue!r} is not a virtue ({known})", "Virtues"))
    if len(set(commander.virtues)) != len(commander.virtues):
        found.append(Violation(where, "the same virtue is chosen twice", "Virtues"))
    for trait in commander.traits:
        if trait not in choosable:
            found.append(Violation(where, f"{trait!r} is not a trait to choose", "Common Traits"))
    return found


def _check_regiment(pack: Pack, index: int, regiment: RegimentSpec) -> list[Violation]:
    """A regiment's units by its kind [Infantry Regiment] [Battle Group]
    [Cavalry Regiment], its forlorn hope [Forlorn Hope] [Rulings R6], a battery's one gun
    [Rulings R3]."""
    where = f"regiment[{index}] {regiment.name!r}"
    found: list[Violation] = []
    if regiment.kind == "battery":
        if regiment.commander is not None:
            found.append(Violation(where, "a battery has no commander", "Rulings R3"))
    elif regiment.commander is None:
        found.append(
            Violation(
                where,
                "a regiment must have its own commander",
                "The Army",
            )
        )
    kinds = Counter(
        pack.profiles[unit.profile].kind for unit in regiment.units if unit.profile in pack.profiles
    )
    counts = dict(kinds)
    limits = {key: plain(value) for key, value in pack.rules.regiment[regiment.kind].items()}
    if regiment.kind == "infantry":
        rule = "The Army: Infantry Regiment"
        found += _limit(where, "battalions", counts.pop("battalion", 0), limits["battalions"], rule)
        found += _limit(where, "companies", counts.pop("company", 0), limits["companies"], rule)
        hopes = counts.pop("forlorn hope", 0)
        allowed = kinds["battalion"] // 2
        if hopes > allowed:
            found.append(
                Violation(
                    where,
                    f"{hopes} forlorn hope compan{'y' if hopes == 1 else 'ies'}; "
                    f"{kinds['battalion']} battalion{'' if kinds['battalion'] == 1 else 's'} "
                    f"allow{'s' if kinds['battalion'] == 1 else ''} {allowed} (one for every two)",
                    "Adaptations: Forlorn Hope",
                )
            )
        found += _same_family(pack, where, regiment, "battalion", rule)
    elif regiment.kind == "battle_group":
        rule = "The Army: Battle Group"
        found += _limit(where, "companies", counts.pop("company", 0), limits["companies"], rule)
    elif regiment.kind == "cavalry":
        rule = "The Army: Cavalry Regiment"
        cavalry = counts.pop("cavalry", 0)
        found += _limit(where, "cavalry units", cavalry, limits["cavalry"], rule)
        shot = [u for u in regiment.units if u.profile == "Musketeer Company"]
        if len(shot) == counts.get("company", 0):
            counts.pop("company", None)
        found += _limit(where, "companies of shooters", len(shot), limits["companies"], rule)
        if len(shot) > cavalry:
            found.append(
                Violation(
                    where,
                    f"{len(shot)} companies of shooters outnumber its {cavalry} cavalry units",
                    rule + " (Constraints)",
                )
            )
        found += _same_family(pack, where, regiment, "cavalry", rule)
    else:
        rule = "Rulings R3"
        found += _limit(
            where, "artillery units", counts.pop("artillery", 0), limits["artillery"], rule
        )
    for kind in counts:
        found.append(Violation(where, f"a {regiment.kind} regiment cannot take {kind} units", rule))
    return found


def _limit(where: str, what: str, have: int, limit: tuple[int, int], rule: str) -> list[Violation]:
    low, high = limit
    if low <= have <= high:
        return []
    return [Violation(where, f"{have} {what}; it must have {low} to {high}", rule)]


def _same_family(
    pack: Pack, where: str, regiment: RegimentSpec, kind: str, rule: str
) -> list[Violation]:
    """A regiment's units of ``kind`` all of one type [Infantry Regiment]
    [Cavalry Regiment]."""
    families = {
        pack.profiles[unit.profile].family
        for unit in regiment.units
        if unit.profile in pack.profiles and pack.profiles[unit.profile].kind == kind
    }
    if len(families) <= 1:
        return []
    return [
        Violation(
            where,
            f"its {kind} units are of different types ({', '.join(sorted(families))})",
            rule,
        )
    ]


def _elite_type(pack: Pack, profile: str) -> str:
    card = pack.profiles[profile]
    if card.kind == "battalion":
        return "Battalion"
    if card.kind in ("company", "forlorn hope"):
        return "Company"
    return {"Cuirassiers": "Cuirassiers", "Heavy cavalry": "Heavy cavalry"}.get(card.family, "")


def _check_units(pack: Pack, army: ArmySpec) -> list[Violation]:
    """Each unit a card with its options [Unit Profiles], the options its nation may take
    [Choosing a Side] [Rulings R9], and the Elite unit [Standard Army Base] [Rulings R4]."""
    found: list[Violation] = []
    elite_types = pack.rules.commanders.elite_types
    for index, regiment in enumerate(army.regiment):
        for number, unit in enumerate(regiment.units):
            where = f"regiment[{index}] {regiment.name!r} unit[{number}] {unit.profile!r}"
            card = pack.profiles.get(unit.profile)
            if card is None or card.kind == "dismounted":
                found.append(
                    Violation(where, "no such unit card to recruit", "The Army: Unit Profiles")
                )
                continue
            options = {option.name: option for option in card.option}
            chosen = set(unit.options)
            if len(chosen) != len(unit.options):
                found.append(
                    Violation(where, "an option is taken twice", "The Army: Unit Profiles")
                )
            for name in unit.options:
                option = options.get(name)
                if option is None:
                    found.append(
                        Violation(
                            where,
                            f"{name!r} is not an option of the {card.name} "
                            f"({', '.join(options) or 'none'})",
                            "The Army: Unit Profiles",
                        )
                    )
                    continue
                clash = sorted(chosen & set(names(option.incompatible)))
                if clash:
                    found.append(
                        Violation(
                            where,
                            f"{name!r} is incompatible with {', '.join(map(repr, clash))}",
                            "The Army: Unit Profiles",
                        )
                    )
                if option.nations and army.nation not in option.nations:
                    found.append(
                        Violation(
                            where,
                            f"{name!r} is for {', '.join(option.nations)} armies only",
                            "The Army: Choosing a Side",
                        )
                    )
            if (unit.elite or unit.elite_discipline) and _elite_type(
                pack, unit.profile
            ) not in elite_types:
                found.append(
                    Violation(
                        where,
                        f"a {card.name} cannot be the Elite unit ({', '.join(elite_types)})",
                        "The Army: Standard Army Base",
                    )
                )
            if unit.elite_discipline and not unit.elite:
                found.append(
                    Violation(
                        where,
                        "the additional point of discipline is for the Elite unit only",
                        "The Army: Standard Army Base",
                    )
                )
    return found


def _check_names(army: ArmySpec) -> list[Violation]:
    names = Counter(unit.name for regiment in army.regiment for unit in regiment.units if unit.name)
    return [
        Violation("army", f"two units are named {name!r}", "Rulings R2")
        for name, times in sorted(names.items())
        if times > 1
    ]
