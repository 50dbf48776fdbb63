"""Why an action is refused, in words (the ``IllegalAction`` message).

Only called on the error path. It tells the seat that asked what it is being asked now
and what it may do, naming no card in another faction's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, Action
from stratagem.games.henry_viii.encoding import DISCARD, ENDEAVOUR, POWER, SUPPORT

if TYPE_CHECKING:
    from stratagem.games.henry_viii.state import HenryVIIIState


def why_illegal(state: HenryVIIIState, action: Action) -> str:
    """Why ``action`` is refused now."""
    game = state._g
    kind = game.kind_of[action.id]
    arg = game.arg_of[action.id]
    node = state.node
    if node is None:
        return "the game is over"
    if node[0] == CHANCE:
        return f"chance is to act ({node[1].split('_', 1)[-1].replace('_', ' ')})"
    seat = node[0]
    who = state.seat_name(seat)
    question = node[1]
    if kind in (ENDEAVOUR, SUPPORT, DISCARD) and state.cloc[arg] != seat:
        return f"{state.book.card_names[arg]} is not in {who}'s hand"
    if question == "player":
        if kind == ENDEAVOUR and state.law_suit_on(seat):
            return (
                f"{who} is embroiled in a Law Suit and may play no Endeavour this Turn (Law Suit)"
            )
        if kind == ENDEAVOUR:
            name = state.card_endeavour(arg)
            return f"{name} has no possible target now ({_why_no_target(name)})"
        if kind == POWER:
            office = state.book.office_names[arg]
            return (
                f"{who} cannot use the power of the {office} now "
                "(not held at court, used this Turn, or no target)"
            )
        return (
            f"it is {who}'s Player Turn: play an Endeavour, use an office's power "
            "or discard a court card"
        )
    if question == "support":
        if kind == SUPPORT:
            support = state.card_support(arg)
            return f"{support} cannot support this Endeavour (see the card's list of Endeavours)"
        return f"{who} may play a Support that suits this Endeavour, or pass"
    if question == "target":
        name = state.play["name"] if state.play else "the Endeavour"
        return f"that is not a possible target of {name}"
    return f"{who} must answer: {question.replace('_', ' ')}"


def _why_no_target(name: str) -> str:
    reasons = {
        "Annulment": (
            "only the faction of the senior bishop may play it, after the Act of "
            "Supremacy, with Henry married"
        ),
        "Take Oath": "only after the Act of Supremacy",
        "Trial": "a Trial needs someone arrested in the Tower",
        "Execution": "an Execution needs someone imprisoned who may be executed",
        "Rack": "the Rack needs someone arrested",
        "Summons to Court": "nobody is abroad",
        "Act of Bastardy": "no Queen has children in the line",
    }
    return reasons.get(name, "see its restrictions in the List of Endeavours")
