"""The Tercios data pack: ``profiles.toml`` [Unit Profiles] and ``rules.toml``.

Both files are validated with pydantic when the game loads. A value the rulebook does not
print is an ``Assumed`` entry; ``plain`` unwraps it, so the rules never see the difference
while the pack (and ``RULINGS.md``) always does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import Field, field_validator

from stratagem.core.datapack import Assumed, PackModel, load_pack_file, pack_dir

DATA_DIR = Path(__file__).parent / "data"
T = TypeVar("T")

Kind = Literal["battalion", "company", "forlorn hope", "cavalry", "artillery", "dismounted"]
Ground = Literal["open", "easy", "difficult", "very difficult", "impassable"]
STATS = ("mvt", "melee", "shoot", "discipline", "courage", "stamina")


Names = list[str | Assumed[str]] | Assumed[list[str]]
"""A list of names (weapons, rules, kinds): each printed or assumed, or the whole list
assumed (an unprinted list, possibly empty)."""


def plain(value: T | Assumed[T]) -> T:
    """The value of a pack entry, printed or assumed."""
    return value.value if isinstance(value, Assumed) else value


def names(entries: Names) -> list[str]:
    """The names of a list of the pack, printed or assumed."""
    if isinstance(entries, Assumed):
        return list(entries.value)
    return [plain(entry) for entry in entries]


class OptionEntry(PackModel):
    """One option of a unit card: its cost and what it changes."""

    name: str = Field(min_length=1)
    cost: int
    set: dict[str, int | str | Assumed[int | str]] = Field(default_factory=dict)
    set_if: dict[str, dict[str, int | str]] = Field(default_factory=dict)
    add_rules: Names = Field(default_factory=list)
    remove_rules: Names = Field(default_factory=list)
    add_weapons: Names = Field(default_factory=list)
    remove_weapons: Names = Field(default_factory=list)
    incompatible: Names = Field(default_factory=list)
    nations: list[str] = Field(default_factory=list)

    @field_validator("set")
    @classmethod
    def _known_stats(
        cls, values: dict[str, int | str | Assumed[int | str]]
    ) -> dict[str, int | str | Assumed[int | str]]:
        for key in values:
            if key not in STATS:
                raise ValueError(f"{key!r} is not a value of a unit ({', '.join(STATS)})")
        return values


class ProfileEntry(PackModel):
    """One unit card."""

    name: str = Field(min_length=1)
    kind: Kind
    family: str
    mvt: str | Assumed[str]
    melee: int | Assumed[int]
    shoot: str | Assumed[str]
    discipline: int | Assumed[int]
    courage: int | Assumed[int]
    stamina: int | Assumed[int]
    def_inf: int | Assumed[int]
    def_cav: int | Assumed[int]
    def_volley: int | Assumed[int]
    def_ball: int | Assumed[int]
    weapons: Names
    rules: Names
    points: int | Assumed[int]
    option: list[OptionEntry] = Field(default_factory=list)


class ProfilesFile(PackModel):
    """``profiles.toml``."""

    profile: list[ProfileEntry] = Field(min_length=1)


class RankRow(PackModel):
    virtues: int = Field(ge=0)
    traits: int = Field(ge=0)
    points: int = Field(gt=0)


class SceneryEntry(PackModel):
    """One scenery element of The Battle [Scenery Elements] [Scenery Points]."""

    ground: Ground | Assumed[Ground]
    with_road: Ground | Assumed[Ground] | None = None
    hidden: bool | Assumed[bool] = False
    cover: bool | Assumed[bool] = False
    protected: bool | Assumed[bool] = False
    height: bool | Assumed[bool] = False
    linear: bool = False
    closed_to: Names = Field(default_factory=list)
    holds: Names = Field(default_factory=list)
    field_roll: list[str] = Field(default_factory=list)


class DurationRow(PackModel):
    lead: int = Field(ge=0)
    level: str


class CommandersEntry(PackModel):
    cc_min_rank: int
    cc_max_rank: int
    officer_min_rank: int
    officer_max_rank: int
    elite_cost: int
    elite_discipline_cost: int
    elite_types: list[str]


class TraitsEntry(PackModel):
    common: list[str]
    optional: list[str]
    kingdoms: list[str]
    automatic: list[str]
    for_all: list[str]


MinMax = tuple[int, int]


class RulesFile(PackModel):
    """``rules.toml``."""

    table: dict[str, float | Assumed[float]]
    scales: dict[str, float | Assumed[float]]
    bases: dict[str, tuple[float, float] | Assumed[tuple[float, float]]]
    progression: dict[str, list[int]]
    ranges: dict[str, int]
    constants: dict[str, float | Assumed[float]]
    sizes: dict[str, int]
    ranks: dict[int, RankRow]
    commanders: CommandersEntry
    army_base: dict[str, dict[str, MinMax | Assumed[MinMax]]]
    regiment: dict[str, dict[str, MinMax | Assumed[MinMax]]]
    virtues: dict[str, str]
    traits: TraitsEntry
    duration: dict[int, DurationRow]
    victory_points: dict[str, int | Assumed[int]]
    scenery_costs: dict[str, int]
    scenery_size: dict[str, list[float] | Assumed[list[float]]]
    scenery: dict[str, SceneryEntry]
    unapplied_rules: dict[str, str]


@dataclass(frozen=True, slots=True)
class Pack:
    """The loaded pack: profiles by name and the rules' numbers."""

    profiles: dict[str, ProfileEntry]
    rules: RulesFile

    def constant(self, name: str) -> float:
        """A number of ``[constants]``, printed or assumed."""
        return float(plain(self.rules.constants[name]))

    def base_size(self, name: str) -> tuple[float, float]:
        """A base's width and depth in inches [Figures and Bases]."""
        width, depth = plain(self.rules.bases[name])
        cm = self.cm_per_inch
        return (width / cm, depth / cm)

    @property
    def cm_per_inch(self) -> float:
        """The centimetres of an inch (of the scale's inches) [Rulings R80]."""
        return float(plain(self.rules.table["cm_per_inch"]))

    @property
    def table_size(self) -> tuple[float, float]:
        """The table's width and depth in inches [Other Components] [The Table]."""
        table = self.rules.table
        cm = self.cm_per_inch
        return (plain(table["width_cm"]) / cm, plain(table["depth_cm"]) / cm)

    def at_scale(self, scale: str) -> Pack:
        """The pack for figures of ``scale`` [Figures and Bases] [Rulings R80]: the bases'
        centimetres and the centimetres of an inch both shrink by the scale's factor, so the
        rules keep measuring in (scale) inches while the real table holds more of them."""
        factor = float(plain(self.rules.scales[scale]))
        if factor == 1.0:
            return self
        table: dict[str, float | Assumed[float]] = dict(self.rules.table)
        table["cm_per_inch"] = self.cm_per_inch * factor
        bases: dict[str, tuple[float, float] | Assumed[tuple[float, float]]] = {
            name: (plain(size)[0] * factor, plain(size)[1] * factor)
            for name, size in self.rules.bases.items()
        }
        return Pack(self.profiles, self.rules.model_copy(update={"table": table, "bases": bases}))


def load_pack(data: Path | None = None) -> Pack:
    """Read and validate the pack (the shipped one, or a user's ``data`` folder)."""
    if data is None:
        return _shipped_pack()
    return _read_pack(pack_dir(DATA_DIR, data))


@cache
def _shipped_pack() -> Pack:
    return _read_pack(DATA_DIR)


def _read_pack(folder: Path) -> Pack:
    profiles = load_pack_file(folder / "profiles.toml", ProfilesFile)
    rules = load_pack_file(folder / "rules.toml", RulesFile)
    by_name: dict[str, ProfileEntry] = {}
    for entry in profiles.profile:
        by_name[entry.name] = entry
    return Pack(by_name, rules)
