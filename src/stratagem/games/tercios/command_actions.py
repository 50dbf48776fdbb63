"""Activating a commander: his move, joining and leaving a unit, and the command actions
(Inspiring, Authoritarian, Comrade-in-arms and the actions of the optional and Kingdoms
traits), with the command test and exhaustion [Activating a Commander] [Command Actions].
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from shapely import Point

from stratagem.core import Action
from stratagem.games.tercios.command import (
    commander_move,
    full_move,
    has_rule,
    in_radius,
    join_unit,
    may_command,
    officer_point,
    radius,
    sees_unit,
)
from stratagem.games.tercios.commander_moves import walk
from stratagem.games.tercios.encoding import ASSAULT, ORDERS
from stratagem.games.tercios.geometry import distance
from stratagem.games.tercios.movement import free_turns
from stratagem.games.tercios.scene import base_distance
from stratagem.games.tercios.sight import charge_path, clear_line, enemies, sees
from stratagem.games.tercios.traits import trait_effect

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def _approach(
    state: TerciosState, officer: int, unit: int, within: float, move: float | None = None
) -> tuple[float, float] | None:
    """Where the commander stops to be within ``within`` of the unit, if his move (or
    ``move`` inches) allows [Activating a Commander]."""
    point = (state.ox[officer], state.oy[officer])
    gap = base_distance(state, unit, point)
    if gap <= within:
        return point
    step = gap - within + 0.05
    if step > (commander_move(state, officer) if move is None else move):
        return None
    centre = (state.x[unit], state.y[unit])
    angle = math.atan2(centre[1] - point[1], centre[0] - point[0])
    return (
        round(point[0] + math.cos(angle) * step, 2),
        round(point[1] + math.sin(angle) * step, 2),
    )


def _integral(state: TerciosState, unit: int) -> bool:
    """Artillery, which no command action, friendly or enemy, affects [Integral Command]
    [Rulings R110]."""
    return state.g.troops[unit].profile.is_artillery


def _commanded_units(state: TerciosState, officer: int) -> list[tuple[int, tuple[float, float]]]:
    """His living units but artillery [Integral Command] he can bring within his radius and
    sight with his move, each with where he would stop [Command Actions]."""
    reach = radius(state, officer)
    found = []
    for unit in range(len(state.g.troops)):
        if not state.alive[unit] or not may_command(state, officer, unit) or _integral(state, unit):
            continue
        spot = _approach(state, officer, unit, reach)
        if spot is not None and sees_unit(state, spot, unit):
            found.append((unit, spot))
    return found


UNIT_TRAITS = frozenset(
    {"Alert", "Bold", "Cautious", "Energetic", "Determined", "Enthusiastic", "Fearless"}
)
NEXT_TRAITS = ("Energetic", "Determined", "Enthusiastic")
REINFORCING = ("Musketeer Company", "Pikemen Company")


def _trait_options(state: TerciosState, officer: int) -> list[str]:
    """The command actions of his optional and Kingdoms traits, as verbs
    [Optional Traits] [Kingdoms Expansion Traits] [Rulings R68]."""
    who = state.g.officers[officer]
    traits = who.traits
    troops = state.g.troops
    verbs: list[str] = []
    if not traits & UNIT_TRAITS:
        units: list[int] = []
    else:
        units = [unit for unit, _ in _commanded_units(state, officer)]
    waiting = [u for u in units if face_down(state, u)]
    if "Alert" in traits:
        verbs += [f"alert {troops[u].label} ({t})" for u in units for t in free_turns(state, u)]
    if "Bold" in traits:
        verbs += [
            f"bold {troops[u].label} ({ORDERS[o]})"
            for u in waiting
            for o in allowed_orders(state, u)
            if o != state.order[u]
        ]
    if "Cautious" in traits:
        spent = [u for u in units if state.spent[u]]
        verbs += [
            f"cautious {troops[u].label} ({ORDERS[o]})"
            for u in spent
            for o in allowed_orders(state, u)
        ]
    for trait in NEXT_TRAITS:
        if trait in traits:
            verbs += [f"{trait.lower()} {troops[u].label}" for u in waiting]
    if "Fearless" in traits and state.attached[officer] < 0:
        verbs += [f"fearless {troops[u].label}" for u in units if _may_charge(state, officer, u)]
    if "Accomplice" in traits:
        verbs += _accomplices(state, officer)
    if traits & {"Indefatigable", "Experienced"}:
        verbs += _pair_options(state, officer)
    if "Coordinator" in traits and len(in_sight_and_radius(state, officer)) >= 2:
        verbs.append("coordinate")
    if "Erudite" in traits:
        point = officer_point(state, officer)
        verbs += [
            f"erudite {troop.label}"
            for enemy, troop in enumerate(troops)
            if troop.side != who.side
            and face_down(state, enemy)
            and not _integral(state, enemy)
            and sees_unit(state, point, enemy)
        ]
    return verbs


def _may_charge(state: TerciosState, officer: int, unit: int) -> bool:
    """He can reach the unit to join it, and it can charge an enemy it sees [Fearless]."""
    if _approach(state, officer, unit, 0.0) is None:
        return False
    return any(
        sees(state, unit, enemy) and charge_path(state, unit, enemy, 1) is not None
        for enemy in enemies(state, unit)
    )


def _pair_options(state: TerciosState, officer: int) -> list[str]:
    """Indefatigable (one Dm moved between two units of the same type and regiment)
    [Indefatigable] and Experienced (a company of pikemen or musketeers with at most 1 Dm
    reinforcing a battalion) [Experienced]: both units within his radius and at most 6
    inches apart."""
    g = state.g
    who = g.officers[officer]
    mine = [
        u
        for u in range(len(g.troops))
        if state.alive[u] and may_command(state, officer, u) and in_radius(state, officer, u)
    ]
    reach = g.pack.constant("command_radius")
    verbs = []
    for a in mine:
        for b in mine:
            first, second = g.troops[a], g.troops[b]
            if (
                a == b
                or state.placement(a).polygon().distance(state.placement(b).polygon()) > reach
            ):
                continue
            if (
                "Indefatigable" in who.traits
                and state.dm[a] > 0
                and first.regiment == second.regiment
                and first.profile.kind == second.profile.kind
            ):
                verbs.append(f"indefatigable {first.label} to {second.label}")
            if (
                "Experienced" in who.traits
                and first.profile.card in REINFORCING
                and state.dm[a] <= 1
                and second.profile.kind == "battalion"
                and state.dm[b] > 0
                and not any(state.attached[o.index] == a for o in g.officers)
            ):
                verbs.append(f"experienced {first.label} to {second.label}")
    return verbs


def allowed_orders(state: TerciosState, unit: int) -> list[int]:
    """The orders a unit may be given [Order Cards]; Forlorn Hope companies never Assault!
    [Companies]."""
    forlorn = state.g.troops[unit].profile.kind == "forlorn hope"
    return [o for o in range(len(ORDERS)) if not (forlorn and o == ASSAULT)]


def face_down(state: TerciosState, unit: int) -> bool:
    """A living unit whose order card is still face down (not activated, order not lost)
    [Order Cards]."""
    return state.alive[unit] and state.order[unit] >= 0 and not state.spent[unit]


def in_sight_and_radius(state: TerciosState, officer: int) -> list[int]:
    """His units with their card face down within his radius and sight where he stands
    [Command Actions]."""
    point = officer_point(state, officer)
    return [
        unit
        for unit in range(len(state.g.troops))
        if face_down(state, unit)
        and may_command(state, officer, unit)
        and not _integral(state, unit)
        and in_radius(state, officer, unit)
        and (state.attached[officer] == unit or sees_unit(state, point, unit))
    ]


def commander_options(state: TerciosState, officer: int, acted: bool) -> list[Action]:
    """What an activated commander may do: join a unit [Joining a troop], leave his unit
    [Coward], or a command action [Command Actions] (Inspiring [Inspiring], Authoritarian
    [Authoritarian], Comrade-in-arms [Comrade-in-arms], and his traits' actions)
    [Rulings R29]."""
    g = state.g
    who = g.officers[officer]
    table = g.table
    label = who.label
    options: list[Action] = []
    host = state.attached[officer]
    if host >= 0:
        if not acted and not state.joined[officer] and not state.spent[host]:
            options.append(table.parse(f"{label}: leave his unit"))
        return options
    if not acted:
        options += _join_options(state, officer)
    for unit, _ in _commanded_units(state, officer) if who.virtues else []:
        options += [
            table.parse(f"{label}: inspire {g.troops[unit].label} ({v})") for v in who.virtues
        ]
    options += [table.parse(f"{label}: {verb}") for verb in _trait_options(state, officer)]
    if "Authoritarian" in who.traits:
        options.append(table.parse(f"{label}: authoritarian"))
    if "Comrade-in-arms" in who.traits:
        reach = radius(state, officer)
        for other in g.officers:
            if (
                other.side == who.side
                and other.index != officer
                and state.exhausted[other.index]
                and state.o_alive[other.index]
                and distance(officer_point(state, officer), officer_point(state, other.index))
                <= reach
            ):
                options.append(table.parse(f"{label}: comrade-in-arms {other.label}"))
    return options


def run_commander(state: TerciosState, frame: Frame) -> None:
    """He moves, then carries out a command action (or joins a unit)
    [Activating a Commander]; an exhausted commander is not activated again this turn
    [Exhausted Commander]."""
    officer = frame["o"]
    stage = frame["stage"]
    who = state.g.officers[officer]
    if stage == "start":
        frame["stage"] = "chosen"
        options = commander_options(state, officer, False)
        walker = officer if state.attached[officer] < 0 else None
        state.decide(frame, who.side, options, exact_officer=walker)
        return
    if stage == "again":
        _moved_again(state, frame, officer)
        return
    if stage == "chosen":
        move = state.exact_of(frame)
        if move is None:
            _chosen(state, frame, officer, frame.pop("choice_text"))
            return
        frame.pop("choice_text")
        walk(state, move)
        frame["moved"] = True
        options = commander_options(state, officer, "from_unit" in frame)
        if not options:
            state.pop(frame)
            return
        state.decide(frame, who.side, options)
        return
    if stage == "tested":
        successes = frame.pop("got")
        guard = _cold_blood_guard(state, officer, frame["action"]) if successes else None
        if guard is not None:
            frame["stage"] = "cold"
            frame["successes"] = successes
            state.frames.append({"p": "cold_blood", "o": guard, "stage": "start"})
            return
        _tested(state, frame, officer, successes)
    elif stage == "cold":
        _tested(state, frame, officer, frame.pop("successes"), frame.pop("cancelled", False))


def _cold_blood_guard(state: TerciosState, officer: int, verb: str) -> int | None:
    """An enemy commander with Cold Blood, not exhausted, whose unit within 6 inches of
    him the action affects (Erudite is the one command action aimed at the enemy)
    [Cold Blood] [Rulings R75]."""
    target = _target(state, verb)
    if target is None or state.g.troops[target].side == state.g.officers[officer].side:
        return None
    reach = state.g.pack.constant("command_radius")
    shape = state.placement(target).polygon()
    for guard in state.g.officers:
        index = guard.index
        if (
            "Cold Blood" in guard.traits
            and state.o_alive[index]
            and not state.exhausted[index]
            and may_command(state, index, target)
            and shape.distance(Point(officer_point(state, index))) <= reach
        ):
            return index
    return None


def run_cold_blood(state: TerciosState, frame: Frame) -> None:
    """A command test with one success per 6; one cancels the enemy's action, fewer than
    two exhaust him [Cold Blood]."""
    officer = frame["o"]
    who = state.g.officers[officer]
    rule = "Command: Kingdoms Expansion Traits: Cold Blood"
    if frame["stage"] == "start":
        frame["stage"] = "tested"
        state.log(f"{who.label} keeps a cold head: command test at 6.", rule, {"officer": officer})
        state.roll(frame, who.rank, int(state.g.pack.constant("rout_target")))
        return
    successes = frame.pop("got")
    state.pop(frame)
    if successes >= 1:
        state.frames[-1]["cancelled"] = True  # the enemy's commander frame, just below
        state.log(f"{who.label} cancels the enemy's action.", rule, {"officer": officer})
    if successes <= 1:
        state.exhausted[officer] = True
        state.log(f"{who.label} is exhausted.", rule, {"officer": officer})


def _chosen(state: TerciosState, frame: Frame, officer: int, text: str) -> None:
    """What he chose: join a unit [Joining a troop], leave his unit, set down an inch
    behind it, then move from its edge if his player wishes and act [Coward]
    [Rulings R113], or declare a command action and take the command test (rank dice)
    [Command Actions]."""
    who = state.g.officers[officer]
    verb = text[len(who.label) + 2 :]
    rule = "Command: Activating a Commander"
    if verb.startswith("join "):
        join_unit(state, officer, state.g.troop_index[verb[5:]])
        state.pop(frame)
        return
    if verb == "leave his unit":
        host = state.attached[officer]
        base = state.placement(host)
        rear = base.centres()[2]
        hx, hy = base.heading
        state.attached[officer] = -1
        state.ox[officer], state.oy[officer] = round(rear[0] - hx, 2), round(rear[1] - hy, 2)
        state.log(
            f"{who.label} leaves {state.g.troops[host].label}.",
            "Command: Leaving a Troop",
            {"officer": officer},
        )
        frame["stage"] = "chosen"
        frame["left"] = 1.0  # inches from the unit's edge to where he stands (R113)
        frame["from_unit"] = host
        options = commander_options(state, officer, True) or [
            state.g.table.parse(f"{who.label}: no command action")
        ]
        state.decide(frame, who.side, options, exact_officer=officer)
        return
    if verb == "no command action":
        state.pop(frame)
        return
    frame["action"] = verb
    need = state.g.pack.constant("command_target")
    target = _target(state, verb)
    if target is not None and state.g.troops[target].side == who.side:
        spot = _approach(state, officer, target, radius(state, officer))
        if spot is not None:
            state.ox[officer], state.oy[officer] = spot
    if verb.startswith("comrade-in-arms "):
        need = state.g.pack.constant("rout_target")
    secret = verb.startswith(("bold ", "cautious "))
    state.log(
        f"{who.label}: {verb} (command test, rank {who.rank}).",
        rule,
        {"officer": officer, "action": verb},
        private_to=who.side if secret else None,
        public_text=f"{who.label}: {verb[: verb.rindex(' (')]} (command test, rank {who.rank})."
        if secret
        else None,
    )
    frame["stage"] = "tested"
    state.roll(frame, who.rank, int(need))


def _tested(
    state: TerciosState, frame: Frame, officer: int, successes: int, cancelled: bool = False
) -> None:
    """The command test's outcome: at least one success carries out the action (unless
    Cold Blood cancelled it), fewer than two exhaust him [Command Actions]; Inspiring,
    Authoritarian and Comrade-in-arms act here [Inspiring] [Authoritarian]
    [Comrade-in-arms], the traits' actions in ``traits`` [Rulings R29]."""
    who = state.g.officers[officer]
    verb = frame.pop("action")
    rule = "Command: Command Actions"
    if cancelled:
        state.log(
            f"{who.label}: {verb} is cancelled.",
            "Command: Kingdoms Expansion Traits: Cold Blood",
            {"officer": officer},
        )
    elif successes >= 1:
        if verb.startswith("inspire "):
            name = verb[8 : verb.rindex(" (")]
            virtue = verb[verb.rindex(" (") + 2 : -1]
            for unit in _inspired(state, officer, state.g.troop_index[name]):
                state.buff[unit] = virtue
            state.log(
                f"{who.label} inspires {name}: {virtue} until the enemy's next activation.",
                "Command: Common Traits: Inspiring",
                {"officer": officer, "virtue": virtue},
            )
        elif verb == "authoritarian":
            state.authoritarian[who.side] = True
            state.log(
                f"{who.label}: the next unit activated needs no order test.",
                "Command: Optional Traits: Authoritarian",
                {"officer": officer},
            )
        elif verb.startswith("comrade-in-arms "):
            other = state.g.officer_index[verb[16:]]
            state.exhausted[other] = False
            state.log(
                f"{who.label} rouses {verb[16:]}: no longer exhausted.",
                "Command: Optional Traits: Comrade-in-arms",
                {"officer": officer},
            )
        else:
            trait_effect(state, officer, verb, _target(state, verb))
    else:
        state.log(
            f"{who.label}'s command test fails: the action is cancelled.",
            rule,
            {"officer": officer, "successes": successes},
        )
    if successes <= 1:
        state.exhausted[officer] = True
        state.log(f"{who.label} is exhausted.", rule, {"officer": officer})
    if verb.startswith("accomplice ") and successes >= 1 and not cancelled:
        # Accomplice: the other commander may move up to 9 inches, even exhausted (R76).
        other = state.g.officer_index[verb[len("accomplice ") :]]
        state.pop(frame)
        state.frames.append({"p": "accomplice", "o": other, "stage": "start"})
        return
    if successes < 2 or state.exhausted[officer] or state.attached[officer] >= 0:
        state.pop(frame)
        return
    # Fast: once a command test succeeds and leaves him fresh he may move again, his
    # whole move even after an exact move (RULINGS.md R68).
    _offer_move(state, frame, officer, full_move(state, officer))


def _offer_move(state: TerciosState, frame: Frame, officer: int, reach: float) -> None:
    """The commander may move up to ``reach`` inches: join a unit within it, an exact move
    (``move <commander> to X,Y``), or stay [Fast] [Accomplice] [Rulings R68] [Rulings R76]."""
    label = state.g.officers[officer].label
    frame["stage"] = "again"
    frame["reach"] = reach
    joins = _join_options(state, officer, reach)
    stay = state.g.table.parse(f"{label}: stay")
    state.decide(frame, state.g.officers[officer].side, [*joins, stay], exact_officer=officer)


def _moved_again(state: TerciosState, frame: Frame, officer: int) -> None:
    """The move Fast or Accomplice gave: an exact move, joining a unit, or staying [Fast]
    [Accomplice]."""
    state.pop(frame)
    move = state.exact_of(frame)
    if move is not None:
        trait = "Command: Common Traits: Fast" if frame["p"] == "commander" else ACCOMPLICE
        walk(state, move, trait)
        return
    verb = frame["choice_text"][len(state.g.officers[officer].label) + 2 :]
    if verb.startswith("join "):
        join_unit(state, officer, state.g.troop_index[verb[5:]])


def _inspired(state: TerciosState, officer: int, unit: int) -> list[int]:
    """Inspiring lends the virtue to one unit [Inspiring]; an Expert commander lends it to
    the whole brigade of that unit (its regiment's units with the Brigade rule) [Expert]."""
    troops = state.g.troops
    if "Expert" not in state.g.officers[officer].traits or not has_rule(state, unit, "Brigade"):
        return [unit]
    return [
        other
        for other, troop in enumerate(troops)
        if troop.side == troops[unit].side
        and troop.regiment == troops[unit].regiment
        and state.alive[other]
        and has_rule(state, other, "Brigade")
    ]


def _joinable(state: TerciosState, officer: int, move: float | None = None) -> Iterator[int]:
    """The units he may interact with [Command] [Allies] that he can reach with his move
    (or ``move`` inches) to join, found one by one (``commander_activatable`` needs only
    the first) [Rulings R99]."""
    if state.attached[officer] >= 0:
        return
    reach = commander_move(state, officer) if move is None else move  # once, not per unit
    for unit in range(len(state.g.troops)):
        if (
            state.alive[unit]
            and may_command(state, officer, unit)
            and _approach(state, officer, unit, 0.0, reach) is not None
        ):
            yield unit


def _join_options(state: TerciosState, officer: int, move: float | None = None) -> list[Action]:
    """Joining each unit he can reach with his move (or ``move`` inches)
    [Joining a troop]."""
    g = state.g
    label = g.officers[officer].label
    return [
        g.table.parse(f"{label}: join {g.troops[unit].label}")
        for unit in _joinable(state, officer, move)
    ]


ACCOMPLICE = "Command: Kingdoms Expansion Traits: Accomplice"


def run_accomplice(state: TerciosState, frame: Frame) -> None:
    """The other commander may move up to 9 inches, even exhausted: to join a unit, an
    exact move, or stay [Accomplice] [Rulings R76]."""
    officer = frame["o"]
    if frame["stage"] == "start":
        _offer_move(state, frame, officer, state.g.pack.constant("impetus_move"))
        return
    _moved_again(state, frame, officer)


def _accomplices(state: TerciosState, officer: int) -> list[str]:
    """The other unattached commanders of his side in his sight [Accomplice]."""
    g = state.g
    point = officer_point(state, officer)
    return [
        f"accomplice {other.label}"
        for other in g.officers
        if other.side == g.officers[officer].side
        and other.index != officer
        and state.o_alive[other.index]
        and state.attached[other.index] < 0
        and clear_line(state, point, officer_point(state, other.index), set())
    ]


def _target(state: TerciosState, verb: str) -> int | None:
    """The unit a command action names (``inspire NAME (virtue)``, ``erudite NAME``...)."""
    prefixes = ("inspire ", "alert ", "bold ", "cautious ", "erudite ", "fearless ")
    for prefix in prefixes + tuple(f"{trait.lower()} " for trait in NEXT_TRAITS):
        if verb.startswith(prefix):
            name = verb[len(prefix) :]
            if name not in state.g.troop_index:  # ``NAME (virtue)``; a NAME may end in "(Side)"
                name = name[: name.rindex(" (")]
            return state.g.troop_index[name]
    return None


def commander_activatable(state: TerciosState, officer: int) -> bool:
    """A commander may be activated: alive, not exhausted, with something to do
    [Activating a Commander] [Exhausted Commander]."""
    if not state.o_alive[officer] or state.exhausted[officer]:
        return False
    # A unit to join is already something to do (and the cheapest to find).
    joinable = next(_joinable(state, officer), None) is not None
    return joinable or bool(commander_options(state, officer, False))
