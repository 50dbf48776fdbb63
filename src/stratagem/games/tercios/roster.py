"""The two armies on the table: every troop unit and commander with its fixed facts, and the
standard deployment (the scenarios are not in the text) [The Battle] [Rulings R15].
"""

from __future__ import annotations

from dataclasses import dataclass

from stratagem.core import StratagemError
from stratagem.games.tercios.army import (
    ArmySpec,
    UnitProfile,
    build_profile,
    granted_rules,
    unit_names,
)
from stratagem.games.tercios.geometry import Placement
from stratagem.games.tercios.pack import Pack


class DeploymentError(StratagemError, ValueError):
    """An army too wide or too deep for its deployment zone."""


@dataclass(frozen=True, slots=True)
class Troop:
    """A troop unit in the battle: its side, profile, base and regiment."""

    index: int
    side: int
    label: str
    profile: UnitProfile
    width: float
    depth: float
    regiment: int
    allied: bool
    twin: int = -1
    reserve: bool = False


@dataclass(frozen=True, slots=True)
class Officer:
    """A commander: his side, rank, virtues, traits and regiment (``None``: the
    Commander-in-Chief) [Command]."""

    index: int
    side: int
    label: str
    rank: int
    virtues: tuple[str, ...]
    traits: frozenset[str]
    regiment: int | None

    @property
    def is_chief(self) -> bool:
        """Whether he is the Commander-in-Chief."""
        return self.regiment is None


MOUNTED = "Dragoons"
DISMOUNTED = "Dragoons, dismounted"


def base_key(profile: UnitProfile) -> str:
    """Which base a unit stands on [Figures and Bases] [Rulings R12]."""
    if profile.kind == "artillery":
        return "artillery"
    if profile.kind == "cavalry":
        return "dense_cavalry" if "Dense" in profile.rules else "cavalry"
    if profile.kind == "battalion":
        return "pike_square" if "Square" in profile.rules else "other_infantry"
    return "company"


def build_roster(
    pack: Pack, armies: tuple[ArmySpec, ArmySpec], seats: tuple[str, str]
) -> tuple[tuple[Troop, ...], tuple[Officer, ...]]:
    """Every troop and commander of both armies, numbered side by side."""
    troops: list[Troop] = []
    officers: list[Officer] = []
    taken: dict[str, int] = {}
    officer_names: dict[str, int] = {}
    for army in armies:
        for regiment in army.regiment:
            if regiment.commander is not None:
                name = regiment.commander.name
                officer_names[name] = officer_names.get(name, 0) + 1
        for row in unit_names(army):
            for name in row:
                taken[name] = taken.get(name, 0) + 1
    for side, army in enumerate(armies):
        names = unit_names(army)
        chief = army.commander_in_chief
        officers.append(
            Officer(
                len(officers),
                side,
                f"{chief.name} ({seats[side]} C-C)",
                chief.rank,
                tuple(chief.virtues),
                frozenset(chief.traits),
                None,
            )
        )
        for regiment_index, regiment in enumerate(army.regiment):
            if regiment.commander is not None:
                spec = regiment.commander
                officers.append(
                    Officer(
                        len(officers),
                        side,
                        spec.name
                        if officer_names[spec.name] == 1
                        else f"{spec.name} ({seats[side]})",
                        spec.rank,
                        tuple(spec.virtues),
                        frozenset(spec.traits),
                        regiment_index,
                    )
                )
            for unit_index, unit in enumerate(regiment.units):
                name = names[regiment_index][unit_index]
                label = name if taken[name] == 1 else f"{name} ({seats[side]})"
                profile = build_profile(
                    pack,
                    pack.profiles[unit.profile],
                    unit,
                    name=label,
                    regiment=regiment_index,
                    extra=granted_rules(regiment, unit),
                )
                width, depth = pack.base_size(base_key(profile))
                dismounted = pack.profiles.get(DISMOUNTED) if unit.profile == MOUNTED else None
                twin = len(troops) + 1 if dismounted is not None else -1
                troops.append(
                    Troop(
                        len(troops),
                        side,
                        label,
                        profile,
                        width,
                        depth,
                        regiment_index,
                        regiment.allied,
                        twin,
                    )
                )
                if dismounted is not None:
                    on_foot = build_profile(
                        pack,
                        dismounted,
                        unit,
                        name=label,
                        regiment=regiment_index,
                        extra=granted_rules(regiment, unit),
                    )
                    troops.append(
                        Troop(
                            twin,
                            side,
                            f"{label} (dismounted)",
                            on_foot,
                            *pack.base_size(base_key(on_foot)),
                            regiment_index,
                            regiment.allied,
                            twin - 1,
                            reserve=True,
                        )
                    )
    return tuple(troops), tuple(officers)


def _rows(troops: list[Troop], usable: float, gap: float) -> list[list[Troop]]:
    rows: list[list[Troop]] = [[]]
    width = 0.0
    for troop in troops:
        needed = troop.width + (gap if rows[-1] else 0.0)
        if rows[-1] and width + needed > usable:
            rows.append([])
            width, needed = 0.0, troop.width
        rows[-1].append(troop)
        width += needed
    return rows


def deployment_order(troops: list[Troop]) -> list[Troop]:
    """Left wing horse, the battalions, the guns, right wing horse, then the companies
    [Rulings R15]."""
    horse = [t for t in troops if t.profile.kind == "cavalry"]
    regiments = sorted({t.regiment for t in horse})
    left = {r for i, r in enumerate(regiments) if i % 2 == 0}
    return (
        [t for t in horse if t.regiment in left]
        + [t for t in troops if t.profile.kind == "battalion"]
        + [t for t in troops if t.profile.kind == "artillery"]
        + [t for t in horse if t.regiment not in left]
        + [t for t in troops if t.profile.kind not in ("battalion", "artillery", "cavalry")]
    )


def standard_deployment(pack: Pack, troops: tuple[Troop, ...]) -> list[Placement]:
    """Each side in lines within its deployment zone along its own long edge, the Spanish
    seat at the south edge facing north, the Swedish seat mirrored about the centre
    [The Battle] [Rulings R15]."""
    table_w, table_d = pack.table_size
    zone = pack.constant("deployment_depth")
    gap = pack.constant("deployment_gap")
    margin = 1.0
    placed: dict[int, Placement] = {}
    for side in (0, 1):
        own = deployment_order([t for t in troops if t.side == side and not t.reserve])
        front = zone - 0.5
        for row in _rows(own, table_w - 2 * margin, gap):
            span = sum(t.width for t in row) + gap * (len(row) - 1)
            x = (table_w - span) / 2
            deepest = max(t.depth for t in row)
            if front - deepest < 0:
                raise DeploymentError(
                    f"the {('first', 'second')[side]} army does not fit in its "
                    f"{zone:g}-inch deployment zone"
                )
            for troop in row:
                spot = Placement(
                    x + troop.width / 2, front - troop.depth / 2, 90.0, troop.width, troop.depth
                )
                if side == 1:
                    spot = Placement(
                        table_w - spot.x, table_d - spot.y, 270.0, troop.width, troop.depth
                    )
                placed[troop.index] = spot
                x += troop.width + gap
            front -= deepest + 1.5
    # A dragoon unit's dismounted card waits off the table where its mounted card stands.
    return [placed[t.twin if t.reserve else t.index] for t in troops]
