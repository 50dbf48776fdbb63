"""The turn (Planning phase, then the Action phase: initiative and alternate activation),
and where the commanders stand at the start [Game Sequence] [Game Sequence: The Turn].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.command import has_rule
from stratagem.games.tercios.command_actions import (
    allowed_orders,
    commander_activatable,
    in_sight_and_radius,
)
from stratagem.games.tercios.encoding import BRIGADE_ORDER, ORDERS, TURNS
from stratagem.games.tercios.ending import end_of_turn, no_troops_left
from stratagem.games.tercios.movement import free_turns, reorient
from stratagem.games.tercios.unit_actions import activatable

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def deploy_commanders(state: TerciosState) -> None:
    """Each mestre de camp starts attached to his regiment's first unit; the
    Commander-in-Chief stands just behind the middle of his front line (the scenarios are
    not in the text) [The Battle] [Rulings R15]."""
    g = state.g
    for officer in g.officers:
        own = [t for t in g.troops if t.side == officer.side]
        if officer.regiment is not None:
            first = next(t for t in own if t.regiment == officer.regiment)
            state.attached[officer.index] = first.index
            state.ox[officer.index], state.oy[officer.index] = (
                state.x[first.index],
                state.y[first.index],
            )
            continue
        line = sorted(own, key=lambda t: state.x[t.index])
        middle = line[len(line) // 2]
        spot = state.placement(middle.index)
        rear = spot.centres()[2]
        hx, hy = spot.heading
        state.ox[officer.index] = round(rear[0] - 1.0 * hx, 2)
        state.oy[officer.index] = round(rear[1] - 1.0 * hy, 2)


def run_turn(state: TerciosState, frame: Frame) -> None:
    """Planning (exhausted markers removed, orders placed face down), then the Action
    phase (initiative, then alternate activations), then the end of the turn
    [Game Sequence: The Turn] [Action phase]."""
    stage = frame["stage"]
    if stage == "start":
        _planning(state)
        frame["brigade"] = [-1] * len(state.g.troops)
        frame["stage"] = "initiative"
        state.frames.append({"p": "plan", "side": 1, "i": 0, "stage": "ask"})
        state.frames.append({"p": "plan", "side": 0, "i": 0, "stage": "ask"})
    elif stage == "initiative":
        frame["stage"] = "activate"
        state.frames.append({"p": "initiative", "stage": "roll0"})
    elif stage == "activate":
        frame["stage"] = "end"
        state.frames.append({"p": "activation", "stage": "choose", "commanded": False})
    else:
        frame["stage"] = "start"
        end_of_turn(state)


def _planning(state: TerciosState) -> None:
    """The exhausted markers come off the commanders and every order card is taken back
    [Planning phase]."""
    g = state.g
    for index in range(len(g.officers)):
        state.exhausted[index] = False
        state.joined[index] = False
    for unit in range(len(g.troops)):
        state.order[unit] = -1
        state.revealed[unit] = False
        state.spent[unit] = not state.alive[unit]
    state.marks = []
    state.log(
        f"Turn {state.turn}: Planning phase.",
        "Game Sequence: The Turn: Planning phase",
        {"turn": state.turn},
    )


def run_plan(state: TerciosState, frame: Frame) -> None:
    """A side places an order face down beside each of its units [Order Cards]
    [Planning phase]."""
    g = state.g
    side = frame["side"]
    units = [t.index for t in g.troops if t.side == side and state.alive[t.index]]
    if frame["stage"] == "placed":
        unit = units[frame["i"]]
        label = g.troops[unit].label
        action = g.table[frame.pop("choice")]
        if frame.pop("choice_text").endswith(BRIGADE_ORDER):
            leader = _brigade_leader(state, unit)
            assert leader is not None
            _links(state)[unit] = leader
            order = state.order[leader]
            public = f"{label} will act with its brigade, on the order of {g.troops[leader].label}."
            text = f"{label} will act with its brigade: {ORDERS[order]}."
            rule = "The Troops: Infantry: Brigade"
        else:
            order = g.order_action[unit].index(action)
            public = f"{g.seat_names[side]} places an order card beside {label}."
            text = f"Order card {ORDERS[order]} placed beside {label}."
            rule = "Order Cards"
        state.order[unit] = order
        state.log(
            text,
            rule,
            {"unit": unit, "order": ORDERS[order]},
            private_to=side,
            public_text=public,
        )
        frame["i"] += 1
        frame["stage"] = "ask"
    if frame["i"] >= len(units):
        state.pop(frame)
        return
    unit = units[frame["i"]]
    options = [g.order_action[unit][o] for o in allowed_orders(state, unit)]
    if _brigade_leader(state, unit) is not None:
        options.append(g.table.parse(f"order {g.troops[unit].label}: {BRIGADE_ORDER}"))
    frame["stage"] = "placed"
    state.decide(frame, side, options)


def _links(state: TerciosState) -> list[int]:
    """For each unit, the brigade unit whose order it shares this turn (-1: its own)
    [Brigade]."""
    turn = next(frame for frame in state.frames if frame["p"] == "turn")
    links: list[int] = turn.setdefault("brigade", [-1] * len(state.g.troops))
    return links


def _brigade_leader(state: TerciosState, unit: int) -> int | None:
    """The first unit of the same regiment with the rule whose own order is already placed
    this turn, if the unit has the rule (its order may then be that one) [Brigade]
    [Rulings R71]."""
    if not has_rule(state, unit, "Brigade"):
        return None
    troop = state.g.troops[unit]
    links = _links(state)
    for other in range(unit):
        mate = state.g.troops[other]
        if (
            mate.side == troop.side
            and mate.regiment == troop.regiment
            and state.alive[other]
            and state.order[other] >= 0
            and links[other] < 0
            and has_rule(state, other, "Brigade")
        ):
            return other
    return None


def brigade_mates(state: TerciosState, unit: int) -> list[int]:
    """The other units acting on the same order as ``unit`` that may still be activated
    (they act with it, one after the other, in the same activation) [Brigade]."""
    links = _links(state)
    leader = links[unit] if links[unit] >= 0 else unit
    return [
        other
        for other in range(len(state.g.troops))
        if other != unit
        and (other == leader or links[other] == leader)
        and activatable(state, other)
    ]


def run_initiative(state: TerciosState, frame: Frame) -> None:
    """Each side rolls 1D6, the higher wins; a tie goes to the higher-ranked
    Commander-in-Chief, else the dice are rolled again. The winner chooses who plays first
    [Game Sequence] [Game Sequence: Initiative] [Rulings R31]."""
    g = state.g
    stage = frame["stage"]
    if stage == "roll0":
        frame["stage"] = "roll1"
        state.die(frame)
    elif stage == "roll1":
        frame["first_die"] = frame.pop("got")
        frame["stage"] = "compare"
        state.die(frame)
    elif stage == "compare":
        dice = (frame.pop("first_die"), frame.pop("got"))
        winner = _initiative_winner(state, dice)
        state.log(
            f"Initiative: {g.seat_names[0]} {dice[0]}, {g.seat_names[1]} {dice[1]}.",
            "Game Sequence: Initiative",
            {"dice": list(dice)},
        )
        if winner is None:
            frame["stage"] = "roll0"
            return
        frame["winner"] = winner
        frame["stage"] = "chosen"
        state.decide(frame, winner, list(g.first_action))
    else:
        first = g.first_action.index(g.table[frame.pop("choice")])
        frame.pop("choice_text")
        state.first = state.to_act = first
        state.log(
            f"{g.seat_names[frame['winner']]} wins the initiative; "
            f"{g.seat_names[first]} plays first.",
            "Game Sequence: Initiative",
            {"first": g.seat_names[first]},
        )
        state.pop(frame)


def _initiative_winner(state: TerciosState, dice: tuple[int, int]) -> int | None:
    """The higher die; on a tie the higher-ranked living Commander-in-Chief
    [Game Sequence], his rank counting 2 more with the Initiative trait
    [Command: Common Traits: Initiative] [Rulings R31]."""
    if dice[0] != dice[1]:
        return 0 if dice[0] > dice[1] else 1
    ranks = [0, 0]
    bonus = int(state.g.pack.constant("initiative_trait"))
    for officer in state.g.officers:
        if officer.is_chief and state.o_alive[officer.index]:
            ranks[officer.side] = officer.rank + (bonus if "Initiative" in officer.traits else 0)
    if ranks[0] != ranks[1]:
        return 0 if ranks[0] > ranks[1] else 1
    return None


def run_activation(state: TerciosState, frame: Frame) -> None:
    """The side to act may activate a commander, then must activate a unit; then the other
    side. A side with no unit left may still activate a lone commander, then passes; the
    turn ends when neither side has a unit left to activate [Game Sequence: Activation]
    [Rulings R63]."""
    g = state.g
    if no_troops_left(state):
        state.pop(frame)
        return
    stage = frame["stage"]
    side = state.to_act
    if stage == "chosen":
        _chosen(state, frame, side)
        return
    if stage == "energetic":
        verb = frame.pop("choice_text")[len(g.troops[frame["last"]].label) + 2 :]
        frame.pop("choice")
        if verb in TURNS:
            reorient(state, frame["last"], verb, "Command: Kingdoms Expansion Traits: Energetic")
        frame["stage"] = "next"
        return
    if stage == "horde":
        _horde_chosen(state, frame, side)
        return
    if stage == "next":
        if _energetic_turn(state, frame) or _horde_turn(state, frame, side):
            return
        if frame.get("coordinated_left") and _candidates(state, frame, side):
            frame["commanded"] = True
        else:
            frame.pop("coordinated", None)
            frame.pop("coordinated_left", None)
            frame["commanded"] = False
            state.to_act = side = 1 - side
    units = _candidates(state, frame, side)
    options = []
    if not frame["commanded"]:
        options += [
            g.command_action[o.index]
            for o in g.officers
            if o.side == side and commander_activatable(state, o.index)
        ]
    if not units:
        others = _candidates(state, frame, 1 - side)
        if not others:
            state.pop(frame)
            return
        if options:
            # With no troops left to act, a commander on his own may act; then the opponent plays.
            frame["stage"] = "chosen"
            state.decide(frame, side, [*options, g.pass_action])
            return
        state.to_act = 1 - side
        frame["commanded"] = False
        frame["stage"] = "choose"
        return
    options += [g.activate_action[u] for u in units]
    frame["stage"] = "chosen"
    state.decide(frame, side, options)


def _activated(state: TerciosState, frame: Frame, unit: int) -> None:
    """A unit is activated: the traits' effects on its side's next activation are used up."""
    frame["last"] = unit
    side = state.g.troops[unit].side
    for key in ("erudite", "next_unit"):
        if key in frame and state.g.troops[frame[key]].side == side:
            del frame[key]
    if frame.get("coordinated_left"):
        frame["coordinated_left"] -= 1


def _candidates(state: TerciosState, frame: Frame, side: int) -> list[int]:
    """The units ``side`` may activate now: face down, not kept for a reaction only
    (Cautious), two of a Coordinator's units one after the other, the unit an Energetic,
    Determined or Enthusiastic commander named first, and not the unit an enemy Erudite
    commander named unless it is the last [Cautious] [Coordinator] [Energetic] [Determined]
    [Enthusiastic] [Erudite]."""
    g = state.g
    kept = frame.get("cautious", [])
    units = [
        t.index
        for t in g.troops
        if t.side == side and activatable(state, t.index) and t.index not in kept
    ]
    officer = frame.get("coordinated")
    if officer is not None and g.officers[officer].side == side:
        coordinated = [u for u in in_sight_and_radius(state, officer) if u in units]
        if frame.get("coordinated_left") and coordinated:
            units = coordinated
    forced = frame.get("next_unit")
    if forced in units:
        return [forced]
    barred = frame.get("erudite")
    if barred in units and len(units) > 1:
        units.remove(barred)
    return units


def _energetic_turn(state: TerciosState, frame: Frame) -> bool:
    """The named unit may turn to a new facing once its activation is over
    [Energetic]."""
    last = frame.get("last", -1)
    if frame.get("energetic") != last:
        return False
    del frame["energetic"]
    if not state.alive[last]:
        return False
    verbs = state.g.verb_action[last]
    frame["stage"] = "energetic"
    options = [verbs[t] for t in free_turns(state, last)]
    state.decide(frame, state.g.troops[last].side, [*options, verbs["end activation"]])
    return True


def _horde_turn(state: TerciosState, frame: Frame, side: int) -> bool:
    """After a unit with the rule, its side may activate at once another unit of the same
    regiment with the rule, whatever its order; the units act in pairs, so the second of a
    pair brings no third [Horde] [Rulings R72]."""
    last = frame.get("last", -1)
    if frame.pop("horde_second", False) or last < 0 or frame.get("coordinated_left"):
        return False
    troops = state.g.troops
    if troops[last].side != side or not has_rule(state, last, "Horde"):
        return False
    mates = [
        unit
        for unit in _candidates(state, frame, side)
        if troops[unit].regiment == troops[last].regiment and has_rule(state, unit, "Horde")
    ]
    if not mates:
        return False
    frame["stage"] = "horde"
    g = state.g
    state.decide(frame, side, [*(g.activate_action[u] for u in mates), g.pass_action])
    return True


def _horde_chosen(state: TerciosState, frame: Frame, side: int) -> None:
    """The side activates the horde's second unit, or passes the turn to the opponent
    [Horde]."""
    g = state.g
    action = g.table[frame["choice"]]
    if action != g.pass_action:
        unit = g.activate_action.index(action)
        frame["horde_second"] = True
        state.log(
            f"{g.troops[unit].label} is activated with {g.troops[frame['last']].label}.",
            'Rules from "Kingdoms": Horde',
            {"unit": unit, "with": frame["last"]},
        )
    _chosen(state, frame, side)


def _chosen(state: TerciosState, frame: Frame, side: int) -> None:
    """The side's choice: pass (a lone commander's side), a commander, or a unit
    [Game Sequence: Activation]."""
    g = state.g
    action = g.table[frame.pop("choice")]
    frame.pop("choice_text")
    if action == g.pass_action:
        state.log(
            f"{g.seat_names[side]} passes to the opponent.",
            "Game Sequence: Activation",
            {"side": side},
        )
        state.to_act = 1 - side
        frame["commanded"] = False
        frame["stage"] = "choose"
        return
    if action in g.command_action:
        frame["commanded"] = True
        frame["stage"] = "choose"
        state.frames.append(
            {"p": "commander", "o": g.command_action.index(action), "stage": "start"}
        )
        return
    unit = g.activate_action.index(action)
    state.marks = []
    frame["stage"] = "next"
    _activated(state, frame, unit)
    for mate in reversed(brigade_mates(state, unit)):
        state.frames.append({"p": "unit", "u": mate, "stage": "reveal", "brigade": True})
    state.frames.append({"p": "unit", "u": unit, "stage": "reveal"})
