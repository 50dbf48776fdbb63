"""Shooting: selecting the target, the shooting dice, the resistance test and Dm
[Shooting] [Shooting and Terrain].
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.tercios.damage import disorder, take_damage
from stratagem.games.tercios.encoding import FIRE
from stratagem.games.tercios.geometry import clearly_beyond, distance
from stratagem.games.tercios.movement import evade
from stratagem.games.tercios.shelter import in_cover
from stratagem.games.tercios.sight import (
    building_of,
    edge_origins,
    enemies,
    foresee,
    visible_centres,
)
from stratagem.games.tercios.unit_values import current

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState
    from stratagem.games.tercios.terrain import TerrainElement

GUNS = ("Light gun", "Medium gun", "Heavy gun")
LIGHT_WEAPONS = ("Pistols", "Arquebus", "Muskets", "Crossbow", "Arquebus/Musket")
MIXED_NEAR = 8
MIXED_FAR = 12


def weapon_range(state: TerciosState, unit: int) -> float:
    """The longest reach of the unit's shooting weapons (0 if it has none)
    [Range] [Arquebus] [Crossbow] [Bow] [Cannons]."""
    ranges = state.g.pack.rules.ranges
    best = 0.0
    for weapon in state.g.troops[unit].profile.weapons:
        if weapon == "Arquebus/Musket":
            best = max(best, float(MIXED_FAR))
        elif weapon in ranges:
            best = max(best, float(ranges[weapon]))
    return best


def is_gun(state: TerciosState, unit: int) -> bool:
    """Artillery fire (against the Ball defence, resisted on a 6) [Cannons]
    [Shooting Dice]."""
    return any(w in GUNS for w in state.g.troops[unit].profile.weapons)


def may_shoot(state: TerciosState, unit: int, mode: str) -> bool:
    """Whether the unit can shoot in ``mode`` (ready, fire, react ready, react fire): it has
    Shoot and a weapon, cannons and dragoons only with Fire!, bows never in reaction, and
    hitched guns not at all [Cannons] [Dragoon] [Bow] [Horse Teams]; a unit shooting
    under Fire! stays in place [Order Cards: Fire!]."""
    profile = state.g.troops[unit].profile
    if profile.shoot <= 0 or weapon_range(state, unit) <= 0 or state.hitched[unit]:
        return False
    fire = mode in ("fire", "react fire", "harass")
    if not fire and (is_gun(state, unit) or "Dragoon" in profile.rules):
        return False
    return not ("Bow" in profile.weapons and mode.startswith("react"))


def _origins(state: TerciosState, unit: int) -> list[tuple[float, float]]:
    """The front centre [Range], and the side centres with Extended Arc of Fire
    [Extended Arc of Fire]."""
    centres = state.placement(unit).centres()
    if "Extended Arc of Fire" in state.g.troops[unit].profile.rules:
        return [centres[0], centres[1], centres[3]]
    return [centres[0]]


def fired_over(state: TerciosState, unit: int, target: int) -> frozenset[int]:
    """The friendly units a shot may pass over, those whose front centre is nearer the
    shooters than the target [Bow] [Rulings R70]."""
    profile = state.g.troops[unit].profile
    if "Bow" not in profile.weapons and "Mortar" not in profile.rules:
        return frozenset()
    side = state.g.troops[unit].side
    shooter = state.placement(unit).front
    aim = (state.x[target], state.y[target])
    return frozenset(
        other
        for other, troop in enumerate(state.g.troops)
        if troop.side == side
        and other != unit
        and state.alive[other]
        and distance(state.placement(other).front, shooter)
        < distance(state.placement(other).front, aim)
    )


def target_range(
    state: TerciosState, unit: int, target: int, within: float = math.inf
) -> float | None:
    """The range to the nearest visible centre of the target (``within`` inches), or
    ``None`` if unseen [Range]."""
    return _ranges(state, unit, [target], within)[0]


def _ranges(
    state: TerciosState, unit: int, targets: list[int], within: float
) -> list[float | None]:
    """``target_range`` of each of ``targets``: the lines to the targets not clearly out of
    range are tested together (one batch per set of units shot over); from a building,
    target by target (``_range_out_of``)."""
    building = building_of(state, unit)
    if building is not None:
        return [_range_out_of(state, unit, building, target, within) for target in targets]
    origins = _origins(state, unit)
    over = {
        target: fired_over(state, unit, target)
        for target in targets
        if not _beyond(state, origins, target, within)
    }
    batches: dict[frozenset[int], list[int]] = {}
    for target, skipped in over.items():
        batches.setdefault(skipped, []).append(target)
    for skipped, batch in batches.items():
        foresee(state, unit, batch, origins, over=skipped, within=within)
    ranges: list[float | None] = []
    for target in targets:
        seen = (
            visible_centres(state, unit, target, origins, over=over[target], within=within)
            if target in over
            else []
        )
        ranges.append(seen[0][0] if seen else None)
    return ranges


def _range_out_of(
    state: TerciosState, unit: int, building: TerrainElement, target: int, within: float
) -> float | None:
    """Shots out of a building are measured from any point of its edge [Building]
    [Rulings R100]: the range is the shortest clear line from its edge (``edge_origins``);
    the Hidden building does not block a line leaving it."""
    seen = visible_centres(
        state,
        unit,
        target,
        edge_origins(state, building, target),
        over=fired_over(state, unit, target),
        within=within,
        from_edge=True,
    )
    return seen[0][0] if seen else None


def _beyond(
    state: TerciosState, origins: list[tuple[float, float]], target: int, within: float
) -> bool:
    """Every centre of the target clearly farther than ``within`` from every origin (its
    centres lie within half its diagonal of its middle): no line needs testing."""
    spot = state.placement(target)
    return all(clearly_beyond(origin, spot, within) for origin in origins)


def shot_targets(state: TerciosState, unit: int, mode: str) -> list[int]:
    """Every enemy the unit may shoot at now in ``mode`` (line of sight and range); the
    shooters choose among them [Shooting] [Selecting the Target]."""
    if not may_shoot(state, unit, mode):
        return []
    reach = weapon_range(state, unit)
    targets = enemies(state, unit)
    ranges = _ranges(state, unit, targets, reach + 1e-6)
    return [enemy for enemy, gap in zip(targets, ranges, strict=True) if gap is not None]


def shoot_dice(state: TerciosState, unit: int, target: int, mode: str) -> int:
    """The shooting dice: Shoot [Shooting Dice] (the musket value beyond 8 inches for a 4/3
    unit [Arquebus/Musket]), with Ready! (-) [Order Cards: Ready!], a Fire! reaction with
    light weapons (+) [Reactions: Fire!], weariness (-) [Weary (Usé)], and Drill [Drill]."""
    profile = state.g.troops[unit].profile
    base = profile.shoot
    gap = target_range(state, unit, target) or 0.0
    if profile.shoot_far is not None and gap > MIXED_NEAR:
        base = profile.shoot_far
    bonuses = penalties = 0
    if mode in ("ready", "react ready"):
        penalties += 1
    if mode == "react fire" and any(w in LIGHT_WEAPONS for w in profile.weapons):
        bonuses += 1
    return current(state, unit, "shoot", base, bonuses=bonuses, penalties=penalties)


def _after_shot(state: TerciosState, frame: Frame) -> None:
    """A unit with Caracole may withdraw after its shot (never in reaction) [Caracole]
    [Rulings R37]; a harassing unit evades after its reaction shot as with Run!
    [Harasser]."""
    shooter = frame["s"]
    if "Caracole" in state.g.troops[shooter].profile.rules and frame["mode"] in ("fire", "ready"):
        state.frames.append({"p": "caracole", "u": shooter, "stage": "start"})
    if frame["mode"] == "harass" and state.alive[shooter] and state.alive[frame["t"]]:
        evade(state, shooter, frame["t"], 'Rules from "Kingdoms": Harasser')


def reaction_shots(state: TerciosState, unit: int, target: int) -> list[Action]:
    """A shot in reaction at ``target`` if the unit may (Ready! (-) [Reactions: Ready!],
    Fire! (+ with light weapons) [Reactions: Fire!]); a Harasser with Fire! may instead
    harass: shoot without the bonus, then evade [Harasser] [Rulings R67]."""
    g = state.g
    fire = state.order[unit] == FIRE
    if target not in shot_targets(state, unit, "react fire" if fire else "react ready"):
        return []
    options = [g.target_action[unit][("shoot", target)]]
    if fire and "Harasser" in g.troops[unit].profile.rules:
        options.append(g.target_action[unit][("harass", target)])
    return options


def reaction_shot(state: TerciosState, unit: int, target: int, verb: str) -> Frame:
    """The shot frame for a reaction chosen by its verb (``shoot`` or ``harass``)
    [Reactions: Fire!] [Harasser]."""
    if verb == "harass":
        mode = "harass"
    else:
        mode = "react fire" if state.order[unit] == FIRE else "react ready"
    return {"p": "shot", "s": unit, "t": target, "mode": mode, "stage": "start"}


def _experimental_die(state: TerciosState, frame: Frame, defence: int) -> None:
    """The gun's dice are rolled one by one; each 1 gives the gun 1 Dm once the shot is
    rolled [Experimental] [Rulings R65]."""
    face = frame.pop("got")
    frame["hit_dice"] += face >= defence
    frame["ones"] += face == 1
    frame["left"] -= 1
    if frame["left"] > 0:
        state.die(frame)
        return
    frame["stage"] = "hits"
    frame["got"] = frame.pop("hit_dice")
    del frame["left"]
    ones = frame.pop("ones")
    if ones:
        state.log(
            f"{state.g.troops[frame['s']].label} rolls {ones} one(s): the gun suffers.",
            "The Troops: Artillery: Experimental",
            {"unit": frame["s"], "ones": ones},
        )
        take_damage(state, frame["s"], ones, "The Troops: Artillery: Experimental")


def run_shot(state: TerciosState, frame: Frame) -> None:
    """The shooting dice against the target's Volley or Ball defence [Shooting Dice]
    [Defence], then the target's resistance test (4+, 6 against artillery), with Courage
    (+) In cover [In cover] and Sacrifice [Sacrifice] [Resistance test]; hits not
    cancelled are Dm [Shooting: Shooting Dice: Damage (Dm)]."""
    shooter, target = frame["s"], frame["t"]
    troops = state.g.troops
    stage = frame["stage"]
    gun = is_gun(state, shooter)
    defence = troops[target].profile.def_ball if gun else troops[target].profile.def_volley
    if stage == "start":
        if not (state.alive[shooter] and state.alive[target]):
            state.pop(frame)
            return
        dice = shoot_dice(state, shooter, target, frame["mode"])
        state.marks.append({"kind": "shot", "from": shooter, "to": target})
        state.log(
            f"{troops[shooter].label} shoots at {troops[target].label}: {dice} dice at {defence}+.",
            "Shooting: Shooting Dice",
            {"shooter": shooter, "target": target, "dice": dice},
        )
        frame["stage"] = "hits"
        if dice > 0 and "Experimental" in troops[shooter].profile.rules:
            frame.update(stage="die", left=dice, hit_dice=0, ones=0)
            state.die(frame)
            return
        state.roll(frame, dice, defence)
        return
    if stage == "die":
        _experimental_die(state, frame, defence)
        return
    if stage == "hits":
        hits = frame.pop("got")
        if hits == 0:
            state.log("No hit.", "Shooting: Shooting Dice", {"hits": 0})
            state.pop(frame)
            _after_shot(state, frame)
            return
        frame["hits"] = hits
        cover = 1 if in_cover(state, target, shooter) else 0
        courage = current(
            state, target, "courage_shot", troops[target].profile.courage, bonuses=cover
        )
        need = state.g.pack.constant("ball_resist_target" if gun else "shot_resist_target")
        state.log(
            f"{hits} hit(s); {troops[target].label} resists with {courage} dice at {int(need)}+.",
            "Shooting: Shooting Dice: Resistance test",
            {"hits": hits, "dice": courage},
        )
        frame["stage"] = "saves"
        state.roll(frame, courage, int(need))
        return
    saves = frame.pop("got")
    hits = frame.pop("hits")
    state.pop(frame)
    _after_shot(state, frame)
    if saves == 0:
        disorder(state, target, "Shooting: Shooting Dice: Resistance test")
    take_damage(state, target, max(0, hits - saves), "Shooting: Shooting Dice: Damage (Dm)")
