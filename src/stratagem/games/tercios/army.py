"""Armies [The Army]: the army file, each unit's final profile, and the points.

An army is a TOML file: a name, a nation, an army base, a battle size, a Commander-in-Chief
and regiments, each with its commander and units (a profile name and its options). This
module reads the file and builds the units; ``validation`` checks every constraint.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from stratagem.core import StratagemError
from stratagem.core.datapack import Assumed
from stratagem.games.tercios.pack import Pack, ProfileEntry, names, plain

ARMIES_DIR = Path(__file__).parent / "data" / "armies"

RegimentKind = Literal["infantry", "battle_group", "cavalry", "battery"]


class ArmyError(StratagemError, ValueError):
    """An army file that cannot be read or does not have the shape of an army."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CommanderSpec(_Model):
    """A commander as written in an army file: rank, virtues, traits [Command]."""

    name: str = Field(min_length=1)
    rank: int
    virtues: list[str] = Field(default_factory=list)
    traits: list[str] = Field(default_factory=list)


class UnitSpec(_Model):
    """A troop unit as written in an army file: its card, options and name."""

    profile: str
    name: str | None = None
    options: list[str] = Field(default_factory=list)
    elite: bool = False
    elite_discipline: bool = False


class RegimentSpec(_Model):
    """A regiment (or a battery) as written in an army file."""

    kind: RegimentKind
    name: str = Field(min_length=1)
    commander: CommanderSpec | None = None
    allied: bool = False
    units: list[UnitSpec] = Field(min_length=1)


class ArmySpec(_Model):
    """A whole army file."""

    name: str = Field(min_length=1)
    nation: str = Field(min_length=1)
    base: str
    size: str
    commander_in_chief: CommanderSpec
    regiment: list[RegimentSpec] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """A troop unit's final values after its options [Unit Profiles]."""

    name: str
    card: str
    kind: str
    family: str
    mvt: int
    mvt_hitched: int | None
    melee: int
    shoot: int
    shoot_far: int | None
    discipline: int
    courage: int
    stamina: int
    def_inf: int
    def_cav: int
    def_volley: int
    def_ball: int
    weapons: frozenset[str]
    rules: frozenset[str]
    points: int
    regiment: int
    elite: bool

    @property
    def is_cavalry(self) -> bool:
        """Cavalry [The Troops: Cavalry]; dismounted dragoons are not."""
        return self.kind == "cavalry"

    @property
    def is_artillery(self) -> bool:
        """Artillery [The Troops: Artillery]."""
        return self.kind == "artillery"

    @property
    def category(self) -> str:
        """infantry, cavalry or artillery [Types of Troops] [The Troops: Infantry]."""
        if self.kind == "cavalry":
            return "cavalry"
        if self.kind == "artillery":
            return "artillery"
        return "infantry"


def read_army_file(path: Path) -> ArmySpec:
    """An army file read and shaped; ``ArmyError`` names the file, the entry and the fault."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ArmyError(f"{path}: cannot read the army file ({error.strerror})") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ArmyError(f"{path}: not valid TOML: {error}") from None
    try:
        return ArmySpec.model_validate(raw)
    except ValidationError as error:
        lines = [
            f"{path}: {'.'.join(str(part) for part in item['loc']) or 'army'}: {item['msg']}"
            for item in error.errors()
        ]
        raise ArmyError("\n".join(lines)) from None


def shipped_armies() -> dict[str, Path]:
    """The armies shipped with the game, by file stem."""
    return {path.stem: path for path in sorted(ARMIES_DIR.glob("*.toml"))}


def army_path(name: str) -> Path:
    """A shipped army by its stem, or a path to a file; ``ArmyError`` if neither exists."""
    shipped = shipped_armies()
    if name in shipped:
        return shipped[name]
    path = Path(name)
    if path.is_file():
        return path
    raise ArmyError(
        f"no army {name!r}: give an army file or one of the shipped armies ({', '.join(shipped)})"
    )


def _split(value: str) -> tuple[int, int | None]:
    first, _, second = value.partition("/")
    return int(first), (int(second) if second else None)


def commander_points(pack: Pack, rank: int) -> int:
    """A commander's points by rank (0 when the rank is not in the table) [Command]."""
    row = pack.rules.ranks.get(rank)
    return 0 if row is None else row.points


def unit_points(pack: Pack, spec: UnitSpec) -> int:
    """A unit's points, its card plus its options [Unit Profiles] and the Elite costs
    [Standard Army Base]."""
    card = pack.profiles.get(spec.profile)
    if card is None:
        return 0
    costs = {option.name: option.cost for option in card.option}
    total = plain(card.points) + sum(costs.get(name, 0) for name in spec.options)
    if spec.elite:
        total += pack.rules.commanders.elite_cost
    if spec.elite_discipline:
        total += pack.rules.commanders.elite_discipline_cost
    return total


def army_points(pack: Pack, army: ArmySpec) -> int:
    """The points of every commander and unit of the army [The Army]."""
    total = commander_points(pack, army.commander_in_chief.rank)
    for regiment in army.regiment:
        if regiment.commander is not None:
            total += commander_points(pack, regiment.commander.rank)
        total += sum(unit_points(pack, unit) for unit in regiment.units)
    return total


def build_profile(
    pack: Pack, card: ProfileEntry, spec: UnitSpec, *, name: str, regiment: int, extra: set[str]
) -> UnitProfile:
    """A unit's final values: the card, then each option [Unit Profiles]
    [Infantry Units] [Companies] [Cavalry Units] [Dragoons (Adaptation)]
    [The Army: Unit Profiles: Artillery] [Rulings R96]."""
    values: dict[str, int | str] = {
        "mvt": plain(card.mvt),
        "melee": plain(card.melee),
        "shoot": plain(card.shoot),
        "discipline": plain(card.discipline),
        "courage": plain(card.courage),
        "stamina": plain(card.stamina),
    }
    weapons = set(names(card.weapons))
    rules = set(names(card.rules)) | extra
    chosen = set(spec.options)
    for option in card.option:
        if option.name not in chosen:
            continue
        values.update(
            {
                stat: value.value if isinstance(value, Assumed) else value
                for stat, value in option.set.items()
            }
        )
        for condition, changes in option.set_if.items():
            if condition in chosen:
                values.update(changes)
        rules |= set(names(option.add_rules))
        rules -= set(names(option.remove_rules))
        weapons -= set(names(option.remove_weapons))
        weapons |= set(names(option.add_weapons))
    discipline = int(values["discipline"])
    if spec.elite:
        rules.add("Elite")
    if spec.elite_discipline:
        discipline += 1
    mvt, hitched = _split(str(values["mvt"]))
    shoot, shoot_far = _split(str(values["shoot"]))
    return UnitProfile(
        name=name,
        card=card.name,
        kind=card.kind,
        family=card.family,
        mvt=mvt,
        mvt_hitched=hitched,
        melee=int(values["melee"]),
        shoot=shoot,
        shoot_far=shoot_far,
        discipline=discipline,
        courage=int(values["courage"]),
        stamina=int(values["stamina"]),
        def_inf=plain(card.def_inf),
        def_cav=plain(card.def_cav),
        def_volley=plain(card.def_volley),
        def_ball=plain(card.def_ball),
        weapons=frozenset(weapons),
        rules=frozenset(rules),
        points=unit_points(pack, spec),
        regiment=regiment,
        elite=spec.elite,
    )


def granted_rules(regiment: RegimentSpec, unit: UnitSpec) -> set[str]:
    """Rules a unit has from its regiment: a cavalry regiment gives its companies of
    shooters (Musketeer Companies) Commanded Shot free [Cavalry Regiment] [Rulings R7]."""
    if regiment.kind == "cavalry" and unit.profile == "Musketeer Company":
        return {"Commanded Shot"}
    return set()


def unit_names(army: ArmySpec) -> list[list[str]]:
    """Each unit's name, regiment by regiment: its own, or its card and a number."""
    counts: dict[str, int] = {}
    names: list[list[str]] = []
    for regiment in army.regiment:
        row: list[str] = []
        for unit in regiment.units:
            if unit.name is not None:
                row.append(unit.name)
                continue
            counts[unit.profile] = counts.get(unit.profile, 0) + 1
            row.append(f"{unit.profile} {counts[unit.profile]}")
        names.append(row)
    return names
