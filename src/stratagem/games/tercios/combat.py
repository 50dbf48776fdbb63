"""Combat: charges and their reactions, combat rounds, and the consequences [Combat]
[Reactions] [The Troops: Cavalry] [Terrain Effects in Combat].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely import Point

from stratagem.games.tercios.approach import approached, may_react, offer_reactions
from stratagem.games.tercios.assault import closest_approach
from stratagem.games.tercios.command import attached_traits, has_rule, radius_trait, under_command
from stratagem.games.tercios.damage import disorder, take_damage
from stratagem.games.tercios.encoding import (
    ASSAULT,
    EVADE,
    FIRE,
    NO_REACT,
    REACT,
    READY,
    RESIST,
    RUN,
    TURNS,
)
from stratagem.games.tercios.geometry import Placement, bearing, turn_between
from stratagem.games.tercios.movement import (
    evade,
    free_turns,
    reorient,
    slide,
)
from stratagem.games.tercios.shelter import protected
from stratagem.games.tercios.shooting import reaction_shot, reaction_shots
from stratagem.games.tercios.sight import charge_path
from stratagem.games.tercios.unit_values import current
from stratagem.games.tercios.values import final_value
from stratagem.games.tercios.virtues import virtue_bonus

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

CHARGE = "Combat: Charges"
TOUCHING = 0.05
"""Inches within which two bases are still in contact."""


def reaction_dice(
    state: TerciosState, unit: int, flank: bool, against: int, evading: bool = False
) -> int:
    """A reaction's order test: Discipline, less without command (not for Elite units)
    [Reactions] [Elite] or against a flank charge [Flank Charges], more for a unit with
    Evasion charged by infantry [Evasion] or within an Imperturbable commander's radius
    [Imperturbable], less when evading a charger whose attached commander is Aggressive
    [Aggressive]."""
    troop = state.g.troops[unit]
    penalties = 0 if under_command(state, unit) or has_rule(state, unit, "Elite") else 1
    penalties += 1 if flank else 0
    bonuses = 1 if radius_trait(state, unit, "Imperturbable") else 0
    if against >= 0 and has_rule(state, unit, "Evasion"):
        bonuses += 1 if state.g.troops[against].profile.category == "infantry" else 0
    if against >= 0 and evading and "Aggressive" in attached_traits(state, against):
        penalties += 1
    return final_value(
        state.g.pack,
        troop.profile.discipline,
        bonuses,
        penalties,
        virtue_bonus(state, unit, "discipline"),
    )


def may_evade(state: TerciosState, unit: int, attacker: int) -> bool:
    """A unit with Evasion may react to a charge by evading even once activated [Evasion];
    Heavy Cavalry only against an infantry charge, or with Run! [Heavy Cavalry]; so may a
    unit with Ambush standing on difficult or very difficult ground [Ambush] [Rulings R72]."""
    if not state.alive[unit]:
        return False
    if has_rule(state, unit, "Ambush") and _on_difficult_ground(state, unit):
        return True
    if not has_rule(state, unit, "Evasion"):
        return False
    infantry = state.g.troops[attacker].profile.category == "infantry"
    return infantry or "Heavy Cavalry" not in state.g.troops[unit].profile.rules


def _on_difficult_ground(state: TerciosState, unit: int) -> bool:
    """The unit's centre stands on difficult or very difficult ground (for its category)
    [Ambush]."""
    centre = Point(state.x[unit], state.y[unit])
    category = state.g.troops[unit].profile.category
    return any(
        e.ground_for(category) in ("difficult", "very difficult") and e.shape.contains(centre)
        for e in state.terrain
    )


def run_charge(state: TerciosState, frame: Frame) -> None:
    """A charge: declared, the target may react, then the charger moves into contact and
    they fight [Combat: Charges] [Order Cards: Assault!]."""
    attacker, target = frame["a"], frame["t"]
    g = state.g
    stage = frame["stage"]
    if stage == "declare":
        path = charge_path(state, attacker, target, 1)
        frame["flank"] = bool(path and path.flank)
        state.marks.append({"kind": "charge", "from": attacker, "to": target})
        state.log(
            f"{g.troops[attacker].label} charges {g.troops[target].label}"
            + (" in the flank." if frame["flank"] else "."),
            CHARGE,
            {"attacker": attacker, "target": target, "flank": frame["flank"]},
        )
        frame["stage"] = "offer"
        evasion = may_evade(state, target, attacker)
        if not frame.get("reaction") and (may_react(state, target) or evasion):
            answers = [REACT, NO_REACT]
            if evasion and may_react(state, target) and state.order[target] != RUN:
                answers.insert(1, EVADE)  # Evasion: whatever its order
            state.decide(frame, g.troops[target].side, [g.table.parse(a) for a in answers])
        else:
            frame["choice_text"] = NO_REACT
        return
    if stage == "offer":
        answer = frame.pop("choice_text")
        if answer in (REACT, EVADE):
            frame.pop("choice", None)
            state.revealed[target] = True
            frame["evade_only"] = answer == EVADE or not may_react(state, target)
            evading = frame["evade_only"] or state.order[target] == RUN
            state.spent[target] = True
            dice = reaction_dice(state, target, frame["flank"], attacker, evading)
            state.log(
                f"{g.troops[target].label} reacts: order test with {dice} dice.",
                "Reactions",
                {"unit": target, "dice": dice},
            )
            frame["stage"] = "reacted"
            state.roll(frame, dice, int(g.pack.constant("order_target")))
            return
        frame.pop("choice", None)
        frame["stage"] = "move"
        return
    if stage == "reacted":
        _reacted(state, frame, attacker, target, frame.pop("got"))
        return
    if stage == "ready":
        verb = frame.pop("choice_text")[len(g.troops[target].label) + 2 :]
        frame.pop("choice", None)
        frame["stage"] = "move"
        if verb in TURNS:
            reorient(state, target, verb)
        else:
            state.frames.append(reaction_shot(state, target, attacker, verb.split(" ")[0]))
        return
    _charge_move(state, frame, attacker, target)


def _reacted(state: TerciosState, frame: Frame, attacker: int, target: int, got: int) -> None:
    """The charged unit's reaction by its order: evade (Run!), counter-charge (Assault!),
    brace (Resist!), reorient or shoot (Ready!), shoot (Fire!) [Reactions]."""
    g = state.g
    frame["stage"] = "move"
    if got == 0:
        state.log(
            f"{g.troops[target].label} fails its reaction and loses its order.",
            "Reactions",
            {"unit": target},
        )
        return
    order = RUN if frame.pop("evade_only") else state.order[target]
    if order == RUN:
        evade(state, target, attacker)
    elif order == RESIST:
        frame["resist"] = True
        state.log(
            f"{g.troops[target].label} braces (Courage +).", "Reactions: Resist!", {"unit": target}
        )
    elif order == ASSAULT:
        frame["counter"] = True
        state.log(
            f"{g.troops[target].label} counter-charges.", "Reactions: Assault!", {"unit": target}
        )
    elif order in (READY, FIRE):
        turns = free_turns(state, target) if order == READY else []
        options = [g.verb_action[target][t] for t in turns] + reaction_shots(
            state, target, attacker
        )
        if options:
            frame["stage"] = "ready"
            state.decide(frame, g.troops[target].side, options)


def _charge_move(state: TerciosState, frame: Frame, attacker: int, target: int) -> None:
    """The charger moves into contact by its charge path, or as close as it can when the
    target is out of reach after its reaction [Combat: Charges] [Rulings R25]; the other
    unactivated enemies it comes within 3 inches of on the way may react before the combat
    [Reactions] [Rulings R24]."""
    g = state.g
    state.pop(frame)
    if not (state.alive[attacker] and state.alive[target]):
        return
    if frame.get("counter"):
        _meet_halfway(state, target, attacker)
    start = state.placement(attacker)
    path = charge_path(state, attacker, target, 1)
    if path is None:
        move = closest_approach(state, attacker, target, 1)
        if move is not None:
            state.place(attacker, move.spot)
        state.log(
            f"{g.troops[attacker].label} cannot reach {g.troops[target].label} and "
            "closes as near as it can.",
            CHARGE,
            {"unit": attacker},
        )
        _bystanders(state, frame, attacker, start)
        return
    state.place(attacker, path.spot)
    state.log(
        f"{g.troops[attacker].label} contacts {g.troops[target].label}.",
        CHARGE,
        {"attacker": attacker, "target": target},
    )
    state.frames.append({"p": "frenzy", "a": attacker, "d": target, "stage": "start"})
    state.frames.append(
        {
            "p": "melee",
            "a": attacker,
            "d": target,
            "round": 1,
            "stage": "start",
            "flank": frame["flank"],
            "counter": bool(frame.get("counter")),
            "intercept": bool(frame.get("intercept")),
            "disordered": state.disorder[target],
            "resist": bool(frame.get("resist")),
            "direction": path.direction,
        }
    )
    _bystanders(state, frame, attacker, start)


def _bystanders(state: TerciosState, frame: Frame, attacker: int, start: Placement) -> None:
    """The unactivated enemies other than the charged unit that the charge move brought
    within 3 inches of their front centre may react, before the combat; a charge made in
    reaction sets off none [Reactions] [Rulings R24]."""
    if frame.get("reaction") or state.placement(attacker) == start:
        return
    reached = approached(state, attacker, start, exclude=frame["t"])
    offer_reactions(state, attacker, start, reached)


def _meet_halfway(state: TerciosState, unit: int, charger: int) -> None:
    """A counter-charge meets the charger halfway: the counter-charging unit turns towards
    the charger (at most the 90-degree pivot) and covers half the gap between them; the
    charger then closes the rest [Reactions: Assault!] [Rulings R61]."""
    start = state.placement(unit)
    aim = (state.x[charger], state.y[charger])
    direction = bearing(start.front, aim)
    if turn_between(start.facing, direction) > state.g.pack.constant("max_pivot") + 1e-6:
        return
    gap = state.placement(charger).polygon().distance(start.polygon())
    slide(state, unit, direction, gap / 2, direction)
    state.log(
        f"{state.g.troops[unit].label} meets the charge halfway.",
        "Reactions: Assault!",
        {"unit": unit},
    )


def _defence(state: TerciosState, unit: int, against: int) -> int:
    """The defence value that matches the attacker's type [Defence]; artillery crews fight as
    infantry [Crew Defence]."""
    profile = state.g.troops[unit].profile
    return profile.def_cav if state.g.troops[against].profile.is_cavalry else profile.def_inf


def _higher(state: TerciosState, unit: int, other: int) -> bool:
    """All the unit's centres on a height element that the enemy is not wholly on
    [Height]."""
    for element in state.terrain:
        if not element.height:
            continue
        mine = all(element.shape.contains(Point(c)) for c in state.placement(unit).centres())
        theirs = all(element.shape.contains(Point(c)) for c in state.placement(other).centres())
        if mine and not theirs:
            return True
    return False


def melee_dice(state: TerciosState, frame: Frame, unit: int, enemy: int, charging: bool) -> int:
    """The combat roll's dice [Combat roll]: Melee with Assault! (+, first round)
    [Order Cards: Assault!], Pikes against cavalry [Pikes], Halberds against disorder
    [Halberds], Height [Height], Swordsmen in "Dirty war!" rounds [Swordsmen], heavy lances
    in a counter-charge [Heavy lances], flank (-) [Flank Charges], weariness (-) [Weary (Usé)],
    plus Dexterity [Dexterity]."""
    troop = state.g.troops[unit]
    weapons = troop.profile.weapons
    first = frame["round"] == 1
    bonuses = penalties = 0
    if first and charging:
        bonuses += 1
    if "Pikes" in weapons and state.g.troops[enemy].profile.is_cavalry:
        bonuses += 0 if state.disorder[unit] else 1
    if "Halberds" in weapons and state.disorder[enemy]:
        bonuses += 1
    if _higher(state, unit, enemy):
        bonuses += 1
    if "Swordsmen" in weapons and not first:
        bonuses += 1
    if "Heavy lances" in weapons and frame["counter"]:
        bonuses += 1
    if unit == frame["d"] and frame["flank"]:
        penalties += 1
    return current(state, unit, "melee", troop.profile.melee, bonuses=bonuses, penalties=penalties)


def courage_dice(state: TerciosState, frame: Frame, unit: int) -> int:
    """The resistance roll's dice [Resistance roll]: Courage, less in disorder
    [Disorder (En désordre)] or taken in flank [Flank Charges] (unless Gallant [Gallant]),
    more braced by a Resist! reaction [Reactions: Resist!] or fortified [Protected], plus
    Will [Will]."""
    bonuses = penalties = 0
    defender = unit == frame["d"]
    if defender and frame["flank"] and not _attached_trait(state, unit, "Gallant"):
        penalties += 1
    if defender and frame["resist"] and frame["round"] == 1:
        bonuses += 1
    fortified = "Fortified" in state.g.troops[unit].profile.rules
    if defender and (fortified or protected(state, unit, frame["a"])):
        bonuses += 1
    return current(
        state,
        unit,
        "courage_melee",
        state.g.troops[unit].profile.courage,
        bonuses=bonuses,
        penalties=penalties,
    )


def _attached_trait(state: TerciosState, unit: int, trait: str) -> bool:
    return any(state.attached[o.index] == unit and trait in o.traits for o in state.g.officers)


def run_melee(state: TerciosState, frame: Frame) -> None:
    """The attacker's round, the defender's resistance, the defender's round, the
    attacker's resistance (all on the values before the combat), then the consequences
    [Combat] [Combat: Combat Rounds]."""
    a, d = frame["a"], frame["d"]
    g = state.g
    stage = frame["stage"]
    need = int(g.pack.constant("melee_resist_target"))
    if stage == "start" and frame["round"] == 1 and not _still_engaged(state, a, d):
        state.pop(frame)
        for below in reversed(state.frames):
            if below.get("p") == "frenzy" and below["a"] == a and below["d"] == d:
                state.pop(below)
                break
        state.log(
            f"{g.troops[a].label} and {g.troops[d].label} are no longer in contact: no combat.",
            CHARGE,
            {"attacker": a, "defender": d},
        )
        return
    if stage == "start":
        counter = frame["counter"]
        frame["dice_a"] = melee_dice(state, frame, a, d, True)
        frame["dice_d"] = melee_dice(state, frame, d, a, counter)
        frame["courage_a"] = courage_dice(state, frame, a)
        frame["courage_d"] = courage_dice(state, frame, d)
        state.log(
            f"Combat round {frame['round']}: {g.troops[a].label} {frame['dice_a']} dice at "
            f"{_defence(state, d, a)}+, {g.troops[d].label} {frame['dice_d']} dice at "
            f"{_defence(state, a, d)}+.",
            "Combat: Combat Rounds",
            {"attacker": a, "defender": d, "round": frame["round"]},
        )
        frame["stage"] = "a_hits"
        state.roll(frame, frame["dice_a"], _defence(state, d, a))
    elif stage == "a_hits":
        frame["hits_a"] = frame.pop("got")
        frame["stage"] = "d_saves"
        state.roll(frame, frame["courage_d"] if frame["hits_a"] else 0, need)
    elif stage == "d_saves":
        frame["saves_d"] = frame.pop("got")
        frame["stage"] = "d_hits"
        state.roll(frame, frame["dice_d"], _defence(state, a, d))
    elif stage == "d_hits":
        frame["hits_d"] = frame.pop("got")
        frame["stage"] = "a_saves"
        state.roll(frame, frame["courage_a"] if frame["hits_d"] else 0, need)
    else:
        frame["saves_a"] = frame.pop("got")
        _resolve_round(state, frame, a, d)


def _still_engaged(state: TerciosState, a: int, d: int) -> bool:
    """Both units stand, the charger's activation goes on and their bases still touch: a
    bystander's reaction to the charge move (a shot, an interception) may have undone the
    contact before the combat [Reactions] [Rulings R24]."""
    if not (state.alive[a] and state.alive[d]):
        return False
    if any(f.get("p") == "unit" and f.get("u") == a and f.get("ended") for f in state.frames):
        return False
    gap = state.placement(a).polygon().distance(state.placement(d).polygon())
    return bool(gap <= TOUCHING)


def _resolve_round(state: TerciosState, frame: Frame, a: int, d: int) -> None:
    """Hits not parried become Dm on both sides together; a unit that parried no hit is
    disordered [Combat Rounds] [Resistance roll]."""
    to_d = max(0, frame["hits_a"] - frame["saves_d"])
    to_a = max(0, frame["hits_d"] - frame["saves_a"])
    frame["dm_to_d"], frame["dm_to_a"] = to_d, to_a
    frame["broken_d"] = frame["hits_a"] > 0 and frame["saves_d"] == 0
    frame["broken_a"] = frame["hits_d"] > 0 and frame["saves_a"] == 0
    frame["stage"] = "after"
    rule = "Combat: Combat Rounds: Resistance roll"
    if frame["broken_d"]:
        disorder(state, d, rule)
    if frame["broken_a"]:
        disorder(state, a, rule)
    take_damage(state, d, to_d, "Combat: Consequences of Combat")
    take_damage(state, a, to_a, "Combat: Consequences of Combat")
