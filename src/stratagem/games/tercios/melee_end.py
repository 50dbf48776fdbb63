"""The consequences of a combat: the winner by Dm inflicted, disengagement, retreat, ties
and "Dirty war!", advance, pursuit, No Escape, lances and two-handed swords
[Consequences of Combat].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.combat import run_melee
from stratagem.games.tercios.command import has_rule, kill_commander, order_dice
from stratagem.games.tercios.damage import destroy, disorder, take_damage
from stratagem.games.tercios.encoding import (
    AFTER_COMBAT,
    DIRTY_WAR,
    NO_DIRTY_WAR,
    TURN_ANGLES,
    WITHDRAW,
)
from stratagem.games.tercios.geometry import bearing, normalize
from stratagem.games.tercios.movement import slide, speed
from stratagem.games.tercios.shelter import protected
from stratagem.games.tercios.traits import activation_frame

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "Combat: Consequences of Combat"


def run_combat(state: TerciosState, frame: Frame) -> None:
    """A combat: the rounds (``combat.run_melee``), then the consequences [Combat]."""
    if frame["stage"] in ("after", "dirty", "advance", "withdraw", "swords", "done"):
        consequences(state, frame)
    else:
        run_melee(state, frame)


def consequences(state: TerciosState, frame: Frame) -> None:
    """After both rounds (and any rout tests): the winner is the side that inflicted more
    Dm, and what each side must do [Consequences of Combat] [Tie]; a further round when
    "Dirty war!" is declared ["Dirty war!"]; the attacker may withdraw to leave an inch
    [Disengagement]; the loser of a winner with two-handed swords tests against disorder
    [Two-handed swords]."""
    a, d = frame["a"], frame["d"]
    stage = frame["stage"]
    if stage == "after":
        _after(state, frame, a, d)
    elif stage == "withdraw":
        _withdrawn(state, frame)
    elif stage == "dirty":
        text = frame.pop("choice_text")
        frame.pop("choice", None)
        if text == DIRTY_WAR:
            state.log(
                "Dirty war! Another combat round.",
                'Combat: Consequences of Combat: "Dirty war!"',
                {"attacker": a, "defender": d},
            )
            frame["round"] += 1
            frame["counter"] = False
            frame["stage"] = "start"
            return
        asked = frame.setdefault("asked", 1)
        if asked == 1 and state.alive[d]:
            frame["asked"] = 2
            frame["stage"] = "dirty"
            _offer_dirty(state, frame, state.g.troops[d].side)
            return
        if frame.get("intercept"):
            _end_activation_of(state, d)
        _disengage(state, frame, a, d)
        state.pop(frame)
    elif stage == "advance":
        _advance(state, frame)
    elif stage == "done":
        state.pop(frame)
    elif stage == "swords":
        if frame.pop("got") == 0:
            disorder(state, frame["loser"], "Armament: Shock Weapons: Two-handed swords")
        state.pop(frame)


def _end_activation_of(state: TerciosState, unit: int) -> None:
    """An interception that the intercepting unit does not lose ends the intercepted
    unit's activation [Reactions: Assault!] [Rulings R62]."""
    for frame in state.frames:
        if frame.get("p") == "unit" and frame.get("u") == unit:
            frame["ended"] = True
    state.log(
        f"{state.g.troops[unit].label}'s activation ends.",
        "Reactions: Assault!",
        {"unit": unit},
    )


def _offer_dirty(state: TerciosState, frame: Frame, seat: int) -> None:
    """Ask ``seat`` whether it declares "Dirty war!" ["Dirty war!"]."""
    table = state.g.table
    state.decide(frame, seat, [table.parse(DIRTY_WAR), table.parse(NO_DIRTY_WAR)])


def _dirty_war_possible(state: TerciosState, frame: Frame, a: int, d: int) -> bool:
    """Another round may be declared when both units have pikes, the charge was not a
    flank charge and the defender is not fortified ["Dirty war!"]
    [Pikes]."""
    troops = state.g.troops
    if not ("Pikes" in troops[a].profile.weapons and "Pikes" in troops[d].profile.weapons):
        return False
    return not frame["flank"] and not protected(state, d, a)


def _after(state: TerciosState, frame: Frame, a: int, d: int) -> None:
    """A tie makes the attacker disengage [Tie]; else the winner is named, the loser goes
    [Consequences of Combat], the attacker that broke its enemy may advance 3 inches along
    its charge [Advance] and two-handed swords test the loser [Two-handed swords]."""
    troops = state.g.troops
    to_d, to_a = frame["dm_to_d"], frame["dm_to_a"]
    if to_d == to_a:
        state.log("The combat is a tie.", RULE, {"attacker": a, "defender": d})
        if state.alive[a] and state.alive[d] and _dirty_war_possible(state, frame, a, d):
            frame["stage"] = "dirty"
            frame["asked"] = 1
            _offer_dirty(state, frame, troops[a].side)
            return
        if frame.get("intercept"):
            _end_activation_of(state, d)
        _disengage(state, frame, a, d)
        state.pop(frame)
        return
    winner, loser = (a, d) if to_d > to_a else (d, a)
    if frame.get("intercept") and loser != a:
        _end_activation_of(state, d)
    broken = frame["broken_d"] if loser == d else frame["broken_a"]
    state.log(f"{troops[winner].label} wins the combat.", RULE, {"winner": winner, "loser": loser})
    frame["stage"] = "done"
    _commanders_effects(state, frame, winner, loser)
    if state.alive[loser]:
        _loser_goes(state, frame, winner, loser, broken)
    frame["winner"], frame["loser"] = winner, loser
    if state.alive[winner] and winner == a and broken:
        frame["stage"] = "advance"
        verbs = state.g.verb_action[a]
        state.decide(frame, troops[a].side, [verbs[verb] for verb in AFTER_COMBAT])
        return
    _after_advance(state, frame)


def _advance(state: TerciosState, frame: Frame) -> None:
    """The attacker that broke its enemy may consolidate by advancing 3 inches along its
    charge, or stay [Combat: Combat Rounds: Advance] [Rulings R26]."""
    a = frame["a"]
    verb = frame.pop("choice_text")[len(state.g.troops[a].label) + 2 :]
    frame.pop("choice", None)
    if verb == AFTER_COMBAT[0] and state.alive[a]:
        slide(state, a, frame["direction"], state.g.pack.constant("advance"), state.f[a])
        state.log(
            f"{state.g.troops[a].label} advances.", "Combat: Combat Rounds: Advance", {"unit": a}
        )
    else:
        state.log(
            f"{state.g.troops[a].label} holds its position.",
            "Combat: Combat Rounds: Advance",
            {"unit": a},
        )
    _after_advance(state, frame)


def _after_advance(state: TerciosState, frame: Frame) -> None:
    """When the bases are still less than an inch apart, the attacker's side chooses whether
    it withdraws to leave the inch [Disengagement] [Rulings R111]; then the swords' test."""
    unit, enemy = frame["a"], frame["d"]
    if not (state.alive[unit] and state.alive[enemy]) or _apart(state, unit, enemy) >= 1.0:
        _after_withdrawal(state, frame)
        return
    frame["stage"] = "withdraw"
    frame["w"] = unit
    verbs = state.g.verb_action[unit]
    state.decide(frame, state.g.troops[unit].side, [verbs[verb] for verb in WITHDRAW])


def _withdrawn(state: TerciosState, frame: Frame) -> None:
    """The chosen withdrawal: an inch straight back, keeping its facing (less if blocked)
    [Disengagement] [Rulings R111]."""
    unit = frame.pop("w")
    verb = frame.pop("choice_text")[len(state.g.troops[unit].label) + 2 :]
    frame.pop("choice", None)
    if verb == WITHDRAW[0]:
        back = normalize(state.f[unit] + 180)
        slide(state, unit, back, state.g.pack.constant("min_gap_after_combat"), state.f[unit])
        state.log(
            f"{state.g.troops[unit].label} withdraws to leave an inch.",
            "Combat: Consequences of Combat: Disengagement",
            {"unit": unit},
        )
    _after_withdrawal(state, frame)


def _after_withdrawal(state: TerciosState, frame: Frame) -> None:
    """The loser of a winner with two-handed swords tests against disorder
    [Two-handed swords]; else the combat is over."""
    frame["stage"] = "done"
    winner, loser = frame["winner"], frame["loser"]
    if (
        state.alive[winner]
        and state.alive[loser]
        and "Two-handed swords" in state.g.troops[winner].profile.weapons
    ):
        frame["stage"] = "swords"
        state.roll(frame, 1, 6)
        return
    state.pop(frame)


def _apart(state: TerciosState, unit: int, enemy: int) -> float:
    """Inches between the two bases."""
    return float(state.placement(unit).polygon().distance(state.placement(enemy).polygon()))


def _commanders_effects(state: TerciosState, frame: Frame, winner: int, loser: int) -> None:
    """Determined: a charge against a slower or disordered enemy gives it 1 more Dm when
    won and disorders the charger when lost [Determined]; Fearless: a unit activated a
    second time that loses costs its commander his life [Fearless]."""
    turn = activation_frame(state)
    a, d = frame["a"], frame["d"]
    if turn is not None and turn.get("determined") == a:
        slower = speed(state, d, 0) < speed(state, a, 0)
        if winner == a and (slower or frame.get("disordered")):
            take_damage(state, d, 1, "Command: Kingdoms Expansion Traits: Determined")
        elif loser == a:
            disorder(state, a, "Command: Kingdoms Expansion Traits: Determined")
    fearless = turn.get("fearless") if turn is not None else None
    if fearless and fearless[1] == loser and state.o_alive[fearless[0]]:
        kill_commander(
            state,
            fearless[0],
            f"{state.g.officers[fearless[0]].label} falls with his second assault.",
            "Command: Optional Traits: Fearless",
        )


def _loser_goes(state: TerciosState, frame: Frame, winner: int, loser: int, broken: bool) -> None:
    """Beaten artillery is destroyed [No Escape], so is a forlorn hope [Forlorn Hope]; a
    loser that parried a hit disengages [Disengagement]; one that parried none is destroyed
    by lances [Lances] or, if infantry, by cavalry that then pursues [Pursuit], else it
    retreats twice its move in disorder, with 1 Dm if blocked [Retreat]."""
    troops = state.g.troops
    lost = troops[loser].profile
    won = troops[winner].profile
    if lost.is_artillery:
        destroy(state, loser, "The Troops: Artillery: No Escape")
        return
    if lost.kind == "forlorn hope":
        destroy(state, loser, "Adaptations: Forlorn Hope")
        return
    if not broken:
        _disengage(state, frame, loser, winner)
        return
    if "Lances" in won.weapons:
        destroy(state, loser, "Armament: Shock Weapons: Lances")
        return
    if has_rule(state, winner, "Pursuit") and lost.category == "infantry":
        destroy(state, loser, "The Troops: Cavalry: Pursuit")
        slide(state, winner, state.f[winner], speed(state, winner, 0), state.f[winner])
        state.log(
            f"{troops[winner].label} pursues.", "The Troops: Cavalry: Pursuit", {"unit": winner}
        )
        return
    away = bearing((state.x[winner], state.y[winner]), (state.x[loser], state.y[loser]))
    full = slide(state, loser, away, 2 * speed(state, loser, 0), away)
    disorder(state, loser, "Combat: Consequences of Combat: Retreat")
    state.log(
        f"{troops[loser].label} retreats.",
        "Combat: Consequences of Combat: Retreat",
        {"unit": loser},
    )
    if not full:
        take_damage(state, loser, 1, "Combat: Consequences of Combat: Retreat")


def _disengage(state: TerciosState, frame: Frame, unit: int, enemy: int) -> None:
    """3 inches straight back from the enemy; a unit charged in the flank first turns
    towards it (its front brought to the centre of its base nearest the enemy), as does
    one whose enemy stands behind its front; a blocked unit takes 1 Dm [Disengagement],
    not with a Calm commander [Calm] [Rulings R26]."""
    if not (state.alive[unit] and state.alive[enemy]):
        return
    troops = state.g.troops
    facing = bearing((state.x[unit], state.y[unit]), (state.x[enemy], state.y[enemy]))
    own = state.f[unit]
    if frame["flank"] and unit == frame["d"]:
        own = min(
            (normalize(own + angle) for angle in (0.0, *TURN_ANGLES)),
            key=lambda turned: abs(((facing - turned) + 180) % 360 - 180),
        )
    elif abs(((facing - own) + 180) % 360 - 180) > 90:
        own = facing
    back = normalize(facing + 180)
    full = slide(state, unit, back, state.g.pack.constant("disengage"), own)
    state.log(
        f"{troops[unit].label} disengages.",
        "Combat: Consequences of Combat: Disengagement",
        {"unit": unit},
    )
    calm = any(state.attached[o.index] == unit and "Calm" in o.traits for o in state.g.officers)
    if not full and not calm:
        take_damage(state, unit, 1, "Combat: Consequences of Combat: Disengagement")


def run_frenzy(state: TerciosState, frame: Frame) -> None:
    """A unit with the rule that destroyed its enemy in the combat takes an order test:
    passed, it removes 1 Dm (even its only one); failed, the frenzy throws it into
    disorder [Frenzied]."""
    a, d = frame["a"], frame["d"]
    rule = 'Rules from "Kingdoms": Frenzied'
    if frame["stage"] == "start":
        frenzied = [
            unit
            for unit, enemy in ((a, d), (d, a))
            if state.alive[unit] and not state.alive[enemy] and has_rule(state, unit, "Frenzied")
        ]
        if not frenzied:
            state.pop(frame)
            return
        frame["u"] = frenzied[0]
        frame["stage"] = "tested"
        state.log(
            f"{state.g.troops[frenzied[0]].label} destroyed its enemy: frenzy test.",
            rule,
            {"unit": frenzied[0]},
        )
        state.roll(
            frame, order_dice(state, frenzied[0]), int(state.g.pack.constant("order_target"))
        )
        return
    unit = frame["u"]
    state.pop(frame)
    if frame.pop("got") == 0:
        disorder(state, unit, rule)
    elif state.dm[unit] > 0:
        state.dm[unit] -= 1
        state.log(f"{state.g.troops[unit].label} removes 1 Dm.", rule, {"unit": unit})
