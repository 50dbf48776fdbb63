"""Activating a troop unit: revealing its order, the order test, and what each order lets it
do [Order Cards] [Testing Orders] [Movement] [Reorientation].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.tercios.approach import may_react
from stratagem.games.tercios.assault import (
    aimed_centre,
    assault_move_problem,
    closest_approach,
    may_close_on,
    towards,
)
from stratagem.games.tercios.command import has_rule, order_dice
from stratagem.games.tercios.commander_moves import officer_move_problem
from stratagem.games.tercios.damage import disorder
from stratagem.games.tercios.encoding import (
    ASSAULT,
    CARACOLE,
    FIRE,
    MOVE_ANGLES,
    MOVES,
    ORDERS,
    READY,
    RESIST,
    RUN,
    TURNS,
    WITHDRAW,
    ExactMove,
)
from stratagem.games.tercios.geometry import Placement, distance, normalize
from stratagem.games.tercios.movement import (
    Move,
    free,
    free_turns,
    move_problem,
    move_towards,
    reorient,
    slide,
    speed,
    table_area,
)
from stratagem.games.tercios.reactions import after_move
from stratagem.games.tercios.scene import blockers
from stratagem.games.tercios.shooting import shot_targets
from stratagem.games.tercios.sight import charge_path, enemies, seen_among
from stratagem.games.tercios.unit_values import ORDER_BONUS

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

NEAREST_TARGETS = 3


def _discrete_move(state: TerciosState, unit: int, bonus: int, verb: str) -> Move | None:
    """One of the moves offered to bots, by its verb."""
    if verb in MOVES:
        angle = MOVE_ANGLES[MOVES.index(verb)]
        return move_towards(state, unit, normalize(state.f[unit] + angle), bonus)
    enemy = state.g.troop_index[verb[len("advance towards ") :]]
    return towards(state, unit, enemy, bonus)


def _discrete_moves(state: TerciosState, unit: int, bonus: int) -> list[str]:
    """The moves offered to bots: ahead, 45 degrees left or right, towards a near enemy
    [Rulings R20]."""
    front = state.placement(unit).front
    near = sorted(enemies(state, unit), key=lambda e: distance(front, (state.x[e], state.y[e])))
    verbs = [*MOVES]
    verbs += [f"advance towards {state.g.troops[e].label}" for e in near[:NEAREST_TARGETS]]
    return [verb for verb in verbs if _discrete_move(state, unit, bonus, verb) is not None]


def _move_actions(state: TerciosState, unit: int, bonus: int) -> list[Action]:
    """The discretised moves as actions, with the order's Mvt bonus [Rulings R20]."""
    g = state.g
    table = g.table
    return [
        table.parse(f"{g.troops[unit].label}: {verb}")
        for verb in _discrete_moves(state, unit, bonus)
    ]


def _ready_options(state: TerciosState, frame: Frame, unit: int) -> tuple[list[Action], bool]:
    """Ready!'s actions not yet taken: move, reorient, shoot, reorganise [Order Cards: Ready!]
    (a Square that reoriented may not move [Square]), hitch or unhitch [Horse Teams],
    dismount or remount [Order Card Reference] [Dragoons (Adaptation)]."""
    g = state.g
    done = frame.setdefault("done", [])
    verbs = g.verb_action[unit]
    profile = g.troops[unit].profile
    options: list[Action] = []
    may_move = "move" not in done and not ("Square" in profile.rules and "reorient" in done)
    if profile.mvt == 0 and not state.hitched[unit]:
        may_move = False
    if may_move:
        options += _move_actions(state, unit, 0)
    turned = bool(done) and done[-1] == "mobility"
    if not turned and ("reorient" not in done or (may_move and _mobility_turn(state, frame, unit))):
        options += [verbs[t] for t in free_turns(state, unit)]
    if "shoot" not in done:
        options += [g.target_action[unit][("shoot", e)] for e in shot_targets(state, unit, "ready")]
    if "reorganise" not in done and state.disorder[unit]:
        options.append(verbs["reorganise"])
    if "team" not in done and "Horse Teams" in profile.rules:
        options.append(verbs["unhitch" if state.hitched[unit] else "hitch"])
    twin = g.troops[unit].twin
    if "mount" not in done and twin >= 0 and _may_swap(state, unit, twin):
        options.append(verbs["remount" if g.troops[unit].reserve else "dismount"])
    options.append(verbs["end activation"])
    return options, may_move


def _mobility_turn(state: TerciosState, frame: Frame, unit: int) -> bool:
    """With Ready! or Run!, the unit may reorient for free before it moves (not an
    action), so before the unit has moved and only once [Mobility] [Rulings R60]."""
    done = frame.get("done", [])
    return (
        state.order[unit] in (READY, RUN)
        and "move" not in done
        and "mobility" not in done
        and has_rule(state, unit, "Mobility")
    )


def _impetuous(state: TerciosState, unit: int) -> bool:
    """A fresh unit without Assault! that could charge an enemy must test [Impetuous]
    [Rulings R36]."""
    if not has_rule(state, unit, "Impetuous"):
        return False
    if state.dm[unit] > 0 or state.order[unit] == ASSAULT:
        return False
    return any(
        charge_path(state, unit, enemy, 1) is not None
        for enemy in seen_among(state, unit, enemies(state, unit))
    )


def run_caracole(state: TerciosState, frame: Frame) -> None:
    """After its shot the unit may take a Discipline test; passed, it may withdraw its move
    straight back, keeping its facing [Caracole] [Rulings R37]."""
    unit = frame["u"]
    g = state.g
    stage = frame["stage"]
    if not state.alive[unit]:
        state.pop(frame)
        return
    if stage == "start":
        frame["stage"] = "asked"
        state.decide(frame, g.troops[unit].side, [g.verb_action[unit][v] for v in CARACOLE])
        return
    if stage == "asked":
        frame.pop("choice", None)
        if frame.pop("choice_text").endswith(CARACOLE[1]):
            state.pop(frame)
            return
        frame["stage"] = "tested"
        state.log(
            f"{g.troops[unit].label} tries to caracole.",
            "The Troops: Cavalry: Caracole",
            {"unit": unit},
        )
        state.roll(frame, order_dice(state, unit), int(g.pack.constant("order_target")))
        return
    if stage == "tested":
        if frame.pop("got") == 0:
            state.pop(frame)
            return
        frame["stage"] = "withdraw"
        state.decide(frame, g.troops[unit].side, [g.verb_action[unit][v] for v in WITHDRAW])
        return
    state.pop(frame)
    frame.pop("choice", None)
    if frame.pop("choice_text").endswith(WITHDRAW[1]):
        return
    start = state.placement(unit)
    slide(state, unit, normalize(state.f[unit] + 180), speed(state, unit, 0), state.f[unit])
    state.log(
        f"{g.troops[unit].label} caracoles back.",
        "The Troops: Cavalry: Caracole",
        {"unit": unit},
    )
    after_move(state, unit, start)


def _authoritarian(state: TerciosState, unit: int) -> bool:
    """Whether Authoritarian waives this unit's order test: the unit activated after the
    action spends it, but no command action affects a gun [Authoritarian]
    [Integral Command] [Rulings R110]."""
    troop = state.g.troops[unit]
    waived = state.authoritarian[troop.side]
    state.authoritarian[troop.side] = False
    return waived and not troop.profile.is_artillery


def run_unit(state: TerciosState, frame: Frame) -> None:
    """Reveal the order card [Order Cards], test it if the unit has Dm [Testing Orders]
    (Authoritarian waives the test, but not for artillery [Integral Command]), then carry it
    out [Game Sequence: Activation]."""
    unit = frame["u"]
    g = state.g
    troop = g.troops[unit]
    stage = frame["stage"]
    if not state.alive[unit] or frame.get("ended"):
        state.pop(frame)
        return
    if stage == "reveal" and frame.get("brigade") and not activatable(state, unit):
        state.pop(frame)  # a brigade mate whose card was spent meanwhile (a reaction)
        return
    if stage == "reveal":
        state.revealed[unit] = True
        state.spent[unit] = True
        for other, buffed in enumerate(g.troops):
            if buffed.side != troop.side:
                state.buff[other] = ""
        order = state.order[unit]
        state.log(
            f"{troop.label} reveals {ORDERS[order]}",
            "Order Cards",
            {"unit": unit, "order": ORDERS[order]},
        )
        frame["stage"] = "tested"
        if _impetuous(state, unit):
            frame["stage"] = "impetuous"
            state.log(
                f"{troop.label} is impetuous: it tests its order or charges.",
                "The Troops: Cavalry: Impetuous",
                {"unit": unit},
            )
            state.roll(frame, order_dice(state, unit), int(g.pack.constant("order_target")))
        elif _authoritarian(state, unit) or state.dm[unit] == 0:
            frame["got"] = 1
        else:
            dice = order_dice(state, unit)
            state.log(
                f"{troop.label} tests its order with {dice} dice.",
                "Order Cards: Testing Orders",
                {"unit": unit, "dice": dice},
            )
            state.roll(frame, dice, int(g.pack.constant("order_target")))
        return
    if stage == "impetuous":
        frame["stage"] = "tested"
        if frame.pop("got") == 0:
            state.order[unit] = ASSAULT
            state.log(
                f"{troop.label} charges impetuously, ignoring its order.",
                "The Troops: Cavalry: Impetuous",
                {"unit": unit},
            )
        frame["got"] = 1
        return
    if stage == "tested":
        successes = frame.pop("got")
        if successes == 0:
            state.log(
                f"{troop.label} fails its order test and loses its order.",
                "Order Cards: Testing Orders",
                {"unit": unit},
            )
            state.pop(frame)
            return
        frame["successes"] = successes
        frame["stage"] = "act"
        return
    if stage == "act":
        _act(state, frame, unit)
    elif stage == "finish":
        state.pop(frame)
    else:
        _chosen(state, frame, unit)


def _act(state: TerciosState, frame: Frame, unit: int) -> None:
    """What the order lets the unit do: Resist! [Order Cards: Resist!], Fire! (a shot, the
    unit staying in place) [Order Cards: Fire!], Run! (moves with Mvt ++, no shot nor
    charge) [Order Cards: Run!], Assault! [Order Cards: Assault!], Ready!
    [Order Cards: Ready!]."""
    g = state.g
    order = state.order[unit]
    verbs = g.verb_action[unit]
    frame["stage"] = "chosen"
    if order == RESIST:
        _resist(state, frame, unit)
        state.pop(frame)
    elif order == FIRE:
        options = [g.target_action[unit][("shoot", e)] for e in shot_targets(state, unit, "fire")]
        if not options:
            _inch_forward(state, unit)
            state.pop(frame)
            return
        state.decide(frame, g.troops[unit].side, [*options, verbs["end activation"]])
    elif order == RUN:
        exact = unit if g.troops[unit].profile.mvt > 0 or state.hitched[unit] else None
        options = _move_actions(state, unit, 2)
        if exact is not None and _mobility_turn(state, frame, unit):
            options += [verbs[t] for t in free_turns(state, unit)]
        state.decide(frame, g.troops[unit].side, [*options, verbs["end activation"]], exact)
    elif order == ASSAULT:
        _assault(state, frame, unit)
    else:
        options, may_move = _ready_options(state, frame, unit)
        state.decide(frame, g.troops[unit].side, options, unit if may_move else None)


def _assault(state: TerciosState, frame: Frame, unit: int) -> None:
    """Charge a reachable enemy if one can be; else close on a seen one [Order Cards: Assault!];
    if none is in sight (or none can be closed on), advance one inch
    [Adaptation of the rule] [Rulings R69]."""
    g = state.g
    seen = seen_among(state, unit, enemies(state, unit))
    if not seen:
        state.log(
            f"{g.troops[unit].label} sees no enemy.",
            "Order Cards: Assault!",
            {"unit": unit},
        )
        _inch_forward(state, unit)
        state.pop(frame)
        return
    charges = [e for e in seen if charge_path(state, unit, e, 1) is not None]
    if charges:
        options = [g.target_action[unit][("charge", e)] for e in charges]
    else:
        options = [
            g.target_action[unit][("advance towards", e)]
            for e in seen
            if towards(state, unit, e, 1) is not None or may_close_on(state, unit, e, 1)
        ]
    if not options:
        _inch_forward(state, unit)
        state.pop(frame)
        return
    movable = g.troops[unit].profile.mvt > 0 or state.hitched[unit]
    state.decide(frame, g.troops[unit].side, options, unit if movable else None)


def _inch_forward(state: TerciosState, unit: int) -> None:
    """A unit unable to do what its order says still moves one inch straight ahead
    (if that move breaks no movement rule) [Adaptation of the rule] [Rulings R69]."""
    spot = state.placement(unit)
    hx, hy = spot.heading
    front = (round(spot.front[0] + hx, 2), round(spot.front[1] + hy, 2))
    problem, move = move_problem(state, unit, front, None, ORDER_BONUS[state.order[unit]])
    if move is None:
        state.log(
            f"{state.g.troops[unit].label} cannot carry out its order and cannot advance.",
            "Order Cards: Adaptation of the rule",
            {"unit": unit, "refused": problem},
        )
        return
    state.log(
        f"{state.g.troops[unit].label} cannot carry out its order: it advances one inch.",
        "Order Cards: Adaptation of the rule",
        {"unit": unit},
    )
    _do_move(state, unit, move)


def _resist(state: TerciosState, frame: Frame, unit: int) -> None:
    """One Dm removed from the second onwards [Order Cards: Resist!]; Large (Dense) one per
    success but never the last [Large (Dense)]; Elite one per success down to 0 [Elite]
    [Rulings R22]."""
    successes = frame.pop("successes", 1)
    dm = state.dm[unit]
    if has_rule(state, unit, "Elite"):
        removed = min(dm, successes)
    elif "Dense" in state.g.troops[unit].profile.rules:
        removed = min(dm - 1, successes) if dm > 1 else 0
    else:
        removed = 1 if dm >= 2 else 0
    state.dm[unit] = dm - removed
    state.log(
        f"{state.g.troops[unit].label} regroups: {removed} Dm removed.",
        "Order Cards: Resist!",
        {"unit": unit, "removed": removed},
    )


def _chosen(state: TerciosState, frame: Frame, unit: int) -> None:
    """Carry out the action chosen; Ready! may not take the same action twice
    [Order Cards: Ready!]."""
    g = state.g
    label = g.troops[unit].label
    exact = state.exact_of(frame)
    text = frame.pop("choice_text")
    frame.pop("choice", None)
    order = state.order[unit]
    done: list[str] = frame.setdefault("done", [])
    if exact is not None and order == ASSAULT:
        done.append(_assault_by_hand(state, unit, exact))
    elif exact is not None:
        _do_move(state, unit, exact_move(state, unit, exact, ORDER_BONUS[order]))
        done.append("move")
    else:
        verb = text[len(label) + 2 :]
        kind = _perform(state, frame, unit, verb)
        if kind is None:
            state.pop(frame)
            return
        if kind != "move" and done[-1:] == ["mobility"]:
            done[-1] = "reorient"  # Mobility's turn is free only at the start of a move
        done.append(kind)
    actions = [kind for kind in done if kind != "mobility"]
    if done[-1] != "mobility" and (order != READY or len(actions) >= 2):
        frame["stage"] = "finish"
    else:
        frame["stage"] = "act"


def _perform(state: TerciosState, frame: Frame, unit: int, verb: str) -> str | None:
    """Carry out one chosen action; its kind (for Ready!'s two different actions)
    [Order Cards: Ready!]."""
    g = state.g
    order = state.order[unit]
    if verb == "end activation":
        return None
    if verb in TURNS:
        if _mobility_turn(state, frame, unit):
            reorient(state, unit, verb, "The Troops: Cavalry: Mobility")
            return "mobility"
        reorient(state, unit, verb)
        return "reorient"
    if verb == "reorganise":
        state.disorder[unit] = False
        state.log(f"{g.troops[unit].label} reorganises.", "Order Cards: Ready!", {"unit": unit})
        return "reorganise"
    if verb in ("dismount", "remount"):
        frame["u"] = _swap(state, unit, verb)
        return "mount"
    if verb in ("hitch", "unhitch"):
        state.hitched[unit] = verb == "hitch"
        state.log(
            f"{g.troops[unit].label}: {verb}.", "The Troops: Artillery: Horse Teams", {"unit": unit}
        )
        return "team"
    if verb.startswith("shoot "):
        target = g.troop_index[verb[6:]]
        mode = "fire" if order == FIRE else "ready"
        state.frames.append({"p": "shot", "s": unit, "t": target, "mode": mode, "stage": "start"})
        return "shoot"
    if verb.startswith("charge "):
        target = g.troop_index[verb[7:]]
        state.frames.append({"p": "charge", "a": unit, "t": target, "stage": "declare"})
        return "charge"
    if order == ASSAULT:  # the closing move: as close to the enemy as it can come
        move = closest_approach(state, unit, g.troop_index[verb[16:]], ORDER_BONUS[order])
    else:
        move = _discrete_move(state, unit, ORDER_BONUS[order], verb)
    assert move is not None, verb
    _do_move(state, unit, move)
    return "move"


def _may_swap(state: TerciosState, unit: int, twin: int) -> bool:
    """Dismounting or remounting: the other card's base, where this one stands, overlaps
    nothing else (both cards stand on bases of the same size in the pack)
    [Dragoons (Adaptation)] [Rulings R79]."""
    spot = state.placement(unit)
    other = Placement(
        spot.x, spot.y, spot.facing, state.g.troops[twin].width, state.g.troops[twin].depth
    )
    return free(other.polygon(), blockers(state, unit), table_area(state))


def _swap(state: TerciosState, unit: int, verb: str) -> int:
    """Dismounting or remounting under Ready! [Order Card Reference]: the dragoon unit's
    other card takes its place with its Dm, disorder, order and commanders
    [Dragoons (Adaptation)] [Rulings R79]."""
    twin = state.g.troops[unit].twin
    state.x[twin], state.y[twin], state.f[twin] = state.x[unit], state.y[unit], state.f[unit]
    state.dm[twin], state.order[twin] = state.dm[unit], state.order[unit]
    state.disorder[twin], state.buff[twin] = state.disorder[unit], state.buff[unit]
    state.revealed[twin] = state.spent[twin] = True
    state.alive[twin], state.alive[unit] = True, False
    for officer in state.g.officers:
        if state.attached[officer.index] == unit:
            state.attached[officer.index] = twin
    state.log(
        f"{state.g.troops[unit].label}: {verb}.",
        "The Army: Unit Profiles: Dragoons (Adaptation)",
        {"unit": unit, "now": twin},
    )
    return twin


def _assault_by_hand(state: TerciosState, unit: int, move: ExactMove) -> str:
    """Assault! typed by a person: the charge on the enemy whose centre the move goes to,
    or the closing move; the kind of action it was [Order Cards: Assault!] [Rulings R94]."""
    target = aimed_centre(state, unit, (move.x, move.y))
    if target is not None:
        state.frames.append({"p": "charge", "a": unit, "t": target, "stage": "declare"})
        return "charge"
    _do_move(state, unit, exact_move(state, unit, move, ORDER_BONUS[ASSAULT]))
    return "move"


def exact_move(state: TerciosState, unit: int, move: ExactMove, bonus: int) -> Move:
    """The checked move of an exact move already found legal [Activation Movement]
    [Rulings R18]."""
    problem, checked = move_problem(state, unit, (move.x, move.y), move.facing, bonus)
    assert problem is None and checked is not None, problem
    return checked


def _do_move(state: TerciosState, unit: int, move: Move) -> None:
    """Place the unit [Activation Movement], the artillery it pushed back [Overlap], and
    disorder it after very difficult ground [Very difficult]."""
    for gun, spot in move.pushed:
        state.place(gun, spot)
        state.log(
            f"{state.g.troops[gun].label} is pushed back by {state.g.troops[unit].label}.",
            "Movement: Overlap",
            {"unit": gun},
        )
    start = state.placement(unit)
    state.place(unit, move.spot)
    front = state.placement(unit).front
    state.log(
        f"{state.g.troops[unit].label} moves to {front[0]:.1f},{front[1]:.1f}.",
        "Movement: Activation Movement",
        {"unit": unit, "to": [front[0], front[1]]},
    )
    if move.disorder:
        disorder(state, unit, "Terrain and Movement: Very difficult")
    after_move(state, unit, start)


def exact_move_problem(state: TerciosState, frame: Frame, move: ExactMove) -> str | None:
    """Why an exact move is refused now (the rule it breaks), or ``None`` [Rulings R18]."""
    if move.officer:
        return officer_move_problem(state, frame, move)
    allowed = frame.get("exact", -1)
    if allowed < 0:
        return "no unit may make a move now"
    if allowed != move.unit:
        return f"only {state.g.troops[allowed].label} may move now"
    if state.order[move.unit] == ASSAULT:
        return assault_move_problem(state, move.unit, move)
    problem, _ = move_problem(
        state, move.unit, (move.x, move.y), move.facing, ORDER_BONUS[state.order[move.unit]]
    )
    return problem


def activatable(state: TerciosState, unit: int) -> bool:
    """A unit may still be activated this turn (its card face down, its order not lost)
    [Game Sequence: Activation]."""
    return may_react(state, unit)
