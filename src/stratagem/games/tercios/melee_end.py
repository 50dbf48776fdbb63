"""Consequences of Combat: the winner by Dm inflicted, disengagement, retreat, ties and
"Dirty war!", advance, pursuit, No Escape, lances and two-handed swords.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.combat import run_melee
from stratagem.games.tercios.command import has_rule, kill_commander, order_dice
from stratagem.games.tercios.damage import destroy, disorder, take_damage
from stratagem.games.tercios.encoding import DIRTY_WAR, NO_DIRTY_WAR
from stratagem.games.tercios.geometry import bearing, normalize
from stratagem.games.tercios.movement import slide, speed
from stratagem.games.tercios.shelter import protected
from stratagem.games.tercios.traits import activation_frame

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "Combat: Consequences of Combat"


def run_combat(state: TerciosState, frame: Frame) -> None:
    """A combat: the rounds (``combat.run_melee``), then the consequences."""
    if frame["stage"] in ("after", "dirty", "swords", "done"):
        consequences(state, frame)
    else:
        run_melee(state, frame)


def consequences(state: TerciosState, frame: Frame) -> None:
    """After both rounds (and any rout tests): who won, and what each side must do."""
    a, d = frame["a"], frame["d"]
    stage = frame["stage"]
    if stage == "after":
        _after(state, frame, a, d)
    elif stage == "dirty":
        text = frame.pop("choice_text")
        frame.pop("choice", None)
        if text == DIRTY_WAR:
            state.log(
                "Dirty war! Another combat round.",
                "Combat: Dirty war!",
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
        _disengage(state, a, d)
        withdraw_if_touching(state, d, a)
        state.pop(frame)
    elif stage == "done":
        state.pop(frame)
    elif stage == "swords":
        if frame.pop("got") == 0:
            disorder(state, frame["loser"], "Armament: Two-handed swords")
        state.pop(frame)


def _end_activation_of(state: TerciosState, unit: int) -> None:
    """Reactions: Assault!: an interception that the intercepting unit does not lose ends
    the intercepted unit's activation (RULINGS.md R62)."""
    for frame in state.frames:
        if frame.get("p") == "unit" and frame.get("u") == unit:
            frame["ended"] = True
    state.log(
        f"{state.g.troops[unit].label}'s activation ends.",
        "Reactions: Assault! (interception)",
        {"unit": unit},
    )


def _offer_dirty(state: TerciosState, frame: Frame, seat: int) -> None:
    table = state.g.table
    state.decide(frame, seat, [table.parse(DIRTY_WAR), table.parse(NO_DIRTY_WAR)])


def _dirty_war_possible(state: TerciosState, frame: Frame, a: int, d: int) -> bool:
    """ "Dirty war!": both units with pikes, no flank charge, the defender not fortified."""
    troops = state.g.troops
    if not ("Pikes" in troops[a].profile.weapons and "Pikes" in troops[d].profile.weapons):
        return False
    return not frame["flank"] and not protected(state, d, a)


def _after(state: TerciosState, frame: Frame, a: int, d: int) -> None:
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
        _disengage(state, a, d)
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
    if state.alive[winner] and winner == a and broken:
        slide(state, a, frame["direction"], state.g.pack.constant("advance"), state.f[a])
        state.log(f"{troops[a].label} advances.", "Combat Rounds: Advance", {"unit": a})
    withdraw_if_touching(state, a, d)
    if (
        state.alive[winner]
        and state.alive[loser]
        and "Two-handed swords" in troops[winner].profile.weapons
    ):
        frame["stage"] = "swords"
        frame["loser"] = loser
        state.roll(frame, 1, 6)
        return
    state.pop(frame)


def _commanders_effects(state: TerciosState, frame: Frame, winner: int, loser: int) -> None:
    """Kingdoms Expansion Traits: Determined (a charge against a slower or disordered enemy:
    1 more Dm to it when won, disorder when lost); Optional Traits: Fearless (a unit
    activated a second time that loses: its commander is killed)."""
    turn = activation_frame(state)
    a, d = frame["a"], frame["d"]
    if turn is not None and turn.get("determined") == a:
        slower = speed(state, d, 0) < speed(state, a, 0)
        if winner == a and (slower or frame.get("disordered")):
            take_damage(state, d, 1, "Kingdoms Expansion Traits: Determined")
        elif loser == a:
            disorder(state, a, "Kingdoms Expansion Traits: Determined")
    fearless = turn.get("fearless") if turn is not None else None
    if fearless and fearless[1] == loser and state.o_alive[fearless[0]]:
        kill_commander(
            state,
            fearless[0],
            f"{state.g.officers[fearless[0]].label} falls with his second assault.",
            "Optional Traits: Fearless",
        )


def _loser_goes(state: TerciosState, frame: Frame, winner: int, loser: int, broken: bool) -> None:
    troops = state.g.troops
    lost = troops[loser].profile
    won = troops[winner].profile
    if lost.is_artillery:
        destroy(state, loser, "The Troops: Artillery (No Escape)")
        return
    if lost.kind == "forlorn hope":
        destroy(state, loser, "Adaptations: Forlorn Hope (beaten in close combat)")
        return
    if not broken:
        _disengage(state, loser, winner)
        return
    if "Lances" in won.weapons:
        destroy(state, loser, "Armament: Lances")
        return
    if has_rule(state, winner, "Pursuit") and lost.category == "infantry":
        destroy(state, loser, "The Troops: Cavalry (Pursuit)")
        slide(state, winner, state.f[winner], speed(state, winner, 0), state.f[winner])
        return
    away = bearing((state.x[winner], state.y[winner]), (state.x[loser], state.y[loser]))
    full = slide(state, loser, away, 2 * speed(state, loser, 0), away)
    disorder(state, loser, "Consequences of Combat: Retreat")
    state.log(
        f"{troops[loser].label} retreats.", "Consequences of Combat: Retreat", {"unit": loser}
    )
    if not full:
        take_damage(state, loser, 1, "Consequences of Combat: Retreat (blocked)")


def _disengage(state: TerciosState, unit: int, enemy: int) -> None:
    """Disengagement: 3 inches straight back from the enemy (turning to face it first if
    taken in flank); a blocked unit takes 1 Dm (not with a Calm commander)."""
    if not (state.alive[unit] and state.alive[enemy]):
        return
    troops = state.g.troops
    facing = bearing((state.x[unit], state.y[unit]), (state.x[enemy], state.y[enemy]))
    own = state.f[unit]
    if abs(((facing - own) + 180) % 360 - 180) > 90:
        own = facing
    back = normalize(facing + 180)
    full = slide(state, unit, back, state.g.pack.constant("disengage"), own)
    state.log(
        f"{troops[unit].label} disengages.", "Consequences of Combat: Disengagement", {"unit": unit}
    )
    calm = any(state.attached[o.index] == unit and "Calm" in o.traits for o in state.g.officers)
    if not full and not calm:
        take_damage(state, unit, 1, "Consequences of Combat: Disengagement (blocked)")


def withdraw_if_touching(state: TerciosState, a: int, d: int) -> None:
    """Disengagement: the attacker may withdraw to leave an inch between the units."""
    if not (state.alive[a] and state.alive[d]):
        return
    if state.placement(a).polygon().distance(state.placement(d).polygon()) < 1.0:
        back = normalize(state.f[a] + 180)
        slide(state, a, back, state.g.pack.constant("min_gap_after_combat"), state.f[a])


def run_frenzy(state: TerciosState, frame: Frame) -> None:
    """Rules from "Kingdoms": Frenzied: a unit with the rule that destroyed its enemy in the
    combat takes an order test: passed, it removes 1 Dm (even its only one); failed, the
    frenzy throws it into disorder."""
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
