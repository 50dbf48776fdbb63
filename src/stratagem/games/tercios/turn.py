"""Game Sequence: the turn (Planning phase, then the Action phase: initiative and
alternate activation), and where the commanders stand at the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.command import commander_activatable
from stratagem.games.tercios.encoding import ASSAULT, ORDERS
from stratagem.games.tercios.ending import end_of_turn, no_troops_left
from stratagem.games.tercios.unit_actions import activatable

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def deploy_commanders(state: TerciosState) -> None:
    """The Battle: each mestre de camp starts attached to his regiment's first unit; the
    Commander-in-Chief stands just behind the middle of his front line (RULINGS.md)."""
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
    """The Turn: Planning (exhausted markers removed, orders placed face down), then the
    Action phase, then the end of the turn."""
    stage = frame["stage"]
    if stage == "start":
        _planning(state)
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
        f"Turn {state.turn}: Planning phase.", "Game Sequence: Planning phase", {"turn": state.turn}
    )


def run_plan(state: TerciosState, frame: Frame) -> None:
    """Order Cards: a side places an order face down beside each of its units."""
    g = state.g
    side = frame["side"]
    units = [t.index for t in g.troops if t.side == side and state.alive[t.index]]
    if frame["stage"] == "placed":
        unit = units[frame["i"]]
        order = g.order_action[unit].index(g.table[frame.pop("choice")])
        frame.pop("choice_text")
        state.order[unit] = order
        label = g.troops[unit].label
        state.log(
            f"Order card {ORDERS[order]} placed beside {label}.",
            "Order Cards",
            {"unit": unit, "order": ORDERS[order]},
            private_to=side,
            public_text=f"{g.seat_names[side]} places an order card beside {label}.",
        )
        frame["i"] += 1
        frame["stage"] = "ask"
    if frame["i"] >= len(units):
        state.pop(frame)
        return
    unit = units[frame["i"]]
    options = list(g.order_action[unit])
    if g.troops[unit].profile.kind == "forlorn hope":
        options.pop(ASSAULT)
    frame["stage"] = "placed"
    state.decide(frame, side, options)


def run_initiative(state: TerciosState, frame: Frame) -> None:
    """Initiative: each side rolls 1D6, the higher wins; a tie goes to the higher-ranked
    Commander-in-Chief, else the dice are rolled again. The winner chooses who plays first."""
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
    if dice[0] != dice[1]:
        return 0 if dice[0] > dice[1] else 1
    ranks = [0, 0]
    for officer in state.g.officers:
        if officer.is_chief and state.o_alive[officer.index]:
            ranks[officer.side] = officer.rank
    if ranks[0] != ranks[1]:
        return 0 if ranks[0] > ranks[1] else 1
    return None


def run_activation(state: TerciosState, frame: Frame) -> None:
    """Activation: the side to act may activate a commander, then must activate a unit;
    then the other side. A side with no unit left may still activate a lone commander, then
    passes; the turn ends when neither side has a unit left to activate."""
    g = state.g
    if no_troops_left(state):
        state.pop(frame)
        return
    stage = frame["stage"]
    side = state.to_act
    if stage == "chosen":
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
        state.frames.append({"p": "unit", "u": unit, "stage": "reveal"})
        return
    if stage == "next":
        frame["commanded"] = False
        state.to_act = side = 1 - side
    units = [t.index for t in g.troops if t.side == side and activatable(state, t.index)]
    options = []
    if not frame["commanded"]:
        options += [
            g.command_action[o.index]
            for o in g.officers
            if o.side == side and commander_activatable(state, o.index)
        ]
    if not units:
        others = [t.index for t in g.troops if t.side != side and activatable(state, t.index)]
        if not others:
            state.pop(frame)
            return
        if options:
            # A lone commander may be activated, then the turn passes to the opponent.
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
