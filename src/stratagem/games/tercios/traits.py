"""The command actions of the optional and Kingdoms traits (Command: Optional Traits;
Kingdoms Expansion Traits), and what they leave for the rest of the turn.

What a trait changes about who activates next (Erudite, Coordinator, Energetic, Cautious)
is kept on the turn's activation frame, so that it lasts until it is used and goes with the
turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.encoding import ORDERS
from stratagem.games.tercios.movement import reorient

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def activation_frame(state: TerciosState) -> Frame:
    """The frame of the turn's alternate activations (it holds the traits' effects)."""
    return next(frame for frame in reversed(state.frames) if frame["p"] == "activation")


def trait_effect(state: TerciosState, officer: int, verb: str, target: int | None) -> None:
    """A trait's command action that succeeded."""
    g = state.g
    who = g.officers[officer]
    name = "" if target is None else g.troops[target].label
    turn = activation_frame(state)
    if verb.startswith("alert ") and target is not None:
        reorient(state, target, verb[verb.rindex(" (") + 2 : -1], "Optional Traits: Alert")
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
            "Optional Traits: " + ("Cautious" if cautious else "Bold"),
            {"officer": officer, "unit": target, "order": ORDERS[order]},
            private_to=who.side,
            public_text=f"{who.label} gives {name} a new order card face down.",
        )
    elif verb.startswith("energetic ") and target is not None:
        turn["next_unit"] = target
        turn["energetic"] = target
        state.log(
            f"{name} must be the next to activate, and may reorient at its end.",
            "Kingdoms Expansion Traits: Energetic",
            {"officer": officer, "unit": target},
        )
    elif verb.startswith("erudite ") and target is not None:
        turn["erudite"] = target
        state.log(
            f"{name} may not be the next of its side to activate.",
            "Optional Traits: Erudite",
            {"officer": officer, "unit": target},
        )
    elif verb == "coordinate":
        turn["coordinated"] = officer
        turn["coordinated_left"] = 2
        state.log(
            f"{who.label} coordinates: two of his units act one after the other.",
            "Optional Traits: Coordinator",
            {"officer": officer},
        )
