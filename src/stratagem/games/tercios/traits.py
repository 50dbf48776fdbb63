"""The command actions of the optional and Kingdoms traits, and what they leave for the
rest of the turn [Optional Traits] [Kingdoms Expansion Traits].

What a trait changes about who activates next (Erudite, Coordinator, Energetic, Cautious)
is kept on the turn's activation frame, so that it lasts until it is used and goes with the
turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.command import join_unit
from stratagem.games.tercios.damage import destroy, take_damage
from stratagem.games.tercios.encoding import ASSAULT, ORDERS
from stratagem.games.tercios.movement import reorient

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def activation_frame(state: TerciosState) -> Frame | None:
    """The frame of the turn's alternate activations (it holds the traits' effects)."""
    return next((frame for frame in reversed(state.frames) if frame["p"] == "activation"), None)


NEXT = {
    "energetic": "it may reorient once its activation ends.",
    "determined": "against a slower or disordered enemy it wins with 1 Dm more, or loses in "
    "disorder.",
    "enthusiastic": "it is Light during its activation (Skirmishers if it was Light).",
}


def trait_effect(state: TerciosState, officer: int, verb: str, target: int | None) -> None:
    """A trait's command action that succeeded: Alert reorients a unit [Alert]; Bold
    changes a face-down order [Bold]; Cautious gives an activated unit an order for a
    reaction only [Cautious]; Erudite, Coordinator, Determined, Energetic and Enthusiastic
    name the unit that must activate next [Erudite] [Coordinator] [Determined] [Energetic]
    [Enthusiastic]; Fearless, Indefatigable and Experienced below [Rulings R68]."""
    g = state.g
    who = g.officers[officer]
    name = "" if target is None else g.troops[target].label
    turn = activation_frame(state)
    assert turn is not None, "a commander acts only during the activations"
    if verb.startswith("alert ") and target is not None:
        reorient(state, target, verb[verb.rindex(" (") + 2 : -1], "Command: Optional Traits: Alert")
    elif verb.startswith(("bold ", "cautious ")) and target is not None:
        order = ORDERS.index(verb[verb.rindex(" (") + 2 : -1])
        state.order[target] = order
        cautious = verb.startswith("cautious ")
        if cautious:
            state.spent[target] = False
            state.revealed[target] = False
            turn.setdefault("cautious", []).append(target)
        state.log(
            f"{who.label} gives {name} the order {ORDERS[order]}"
            + (" (for a reaction only)." if cautious else "."),
            "Command: Optional Traits: " + ("Cautious" if cautious else "Bold"),
            {"officer": officer, "unit": target, "order": ORDERS[order]},
            private_to=who.side,
            public_text=f"{who.label} gives {name} a new order card face down.",
        )
    elif verb.split(" ", maxsplit=1)[0] in NEXT and target is not None:
        trait = verb.split(" ", maxsplit=1)[0]
        turn["next_unit"] = target
        turn[trait] = target
        state.log(
            f"{name} is the next unit to activate: {NEXT[trait]}",
            f"Command: Kingdoms Expansion Traits: {trait.capitalize()}",
            {"officer": officer, "unit": target},
        )
    elif verb.startswith("fearless ") and target is not None:
        _fearless(state, officer, target, turn)
    elif verb.startswith(("indefatigable ", "experienced ")):
        _pair_effect(state, officer, verb)
    elif verb.startswith("erudite ") and target is not None:
        turn["erudite"] = target
        state.log(
            f"{name} may not be the next of its side to activate.",
            "Command: Optional Traits: Erudite",
            {"officer": officer, "unit": target},
        )
    elif verb == "coordinate":
        turn["coordinated"] = officer
        turn["coordinated_left"] = 2
        state.log(
            f"{who.label} coordinates: two of his units act one after the other.",
            "Command: Optional Traits: Coordinator",
            {"officer": officer},
        )


def _fearless(state: TerciosState, officer: int, unit: int, turn: Frame) -> None:
    """He joins the unit and it assaults at once, its order discarded; this is the side's
    activation. Should the unit have acted earlier in the turn and then lose the combat,
    he dies (``melee_end``) [Fearless]."""
    join_unit(state, officer, unit)
    if state.spent[unit]:
        turn["fearless"] = [officer, unit]
    state.order[unit] = ASSAULT
    state.revealed[unit] = True
    state.spent[unit] = True
    turn["stage"] = "next"
    turn["last"] = unit
    state.log(
        f"{state.g.troops[unit].label} assaults with {state.g.officers[officer].label}.",
        "Command: Optional Traits: Fearless",
        {"officer": officer, "unit": unit},
    )
    state.frames.append({"p": "unit", "u": unit, "stage": "act"})


def _pair_effect(state: TerciosState, officer: int, verb: str) -> None:
    """One Dm moves from the first unit to the second [Indefatigable]; or the company
    leaves the table to reinforce the battalion (it counts as destroyed for the victory
    points), which removes 2 Dm, down to 0 if need be [Experienced]."""
    g = state.g
    trait, rest = verb.split(" ", 1)
    first, second = (g.troop_index[name] for name in rest.split(" to "))
    if trait == "indefatigable":
        state.dm[first] -= 1
        state.log(
            f"{g.troops[first].label} passes 1 Dm to {g.troops[second].label}.",
            "Command: Kingdoms Expansion Traits: Indefatigable",
            {"officer": officer, "from": first, "to": second},
        )
        take_damage(state, second, 1, "Command: Kingdoms Expansion Traits: Indefatigable")
        return
    destroy(state, first, "Command: Kingdoms Expansion Traits: Experienced")
    removed = min(2, state.dm[second])
    state.dm[second] -= removed
    state.log(
        f"{g.troops[second].label} is reinforced: {removed} Dm removed.",
        "Command: Kingdoms Expansion Traits: Experienced",
        {"officer": officer, "unit": second, "removed": removed},
    )
