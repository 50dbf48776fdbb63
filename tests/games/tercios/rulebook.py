"""Helpers for the rulebook-first audit tests (tests/games/tercios/test_rulebook_*.py).

Everything goes through the public API, as in ``helpers``: a unit's printed state is read
from ``view(None)``, a position is edited through ``to_json`` / ``state_from_json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from stratagem import CHANCE
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load

TERCIO_FRONT = 21.181  # the front of a Tercio facing 90 with its centre at y=20
INF_HALF = 1.181  # half the depth of a battalion (6 cm)


def unit(state: TerciosState, name: str) -> dict[str, Any]:
    """The public view of one troop unit."""
    units: list[dict[str, Any]] = state.view(None)["units"]
    return next(entry for entry in units if entry["name"] == name)


def commander(state: TerciosState, name: str) -> dict[str, Any]:
    """The public view of one commander (by the start of his name)."""
    officers: list[dict[str, Any]] = state.view(None)["commanders"]
    return next(entry for entry in officers if entry["name"].startswith(name))


def edited(state: TerciosState, **fields: Mapping[str, Any]) -> TerciosState:
    """A copy of ``state`` with per-unit state fields set (e.g. ``disorder={"Idiáquez": True}``)."""
    return _fields_set(state, state.g.troop_index, fields)


def officers_edited(state: TerciosState, **fields: Mapping[str, Any]) -> TerciosState:
    """A copy of ``state`` with per-commander state fields set (``exhausted``, ``attached``...)."""
    return _fields_set(state, state.g.officer_index, fields)


def _fields_set(
    state: TerciosState, index: Mapping[str, int], fields: Mapping[str, Mapping[str, Any]]
) -> TerciosState:
    """A copy of ``state`` with the listed per-piece state fields set, pieces found by ``index``."""
    doc = json.loads(json.dumps(state.to_json()))
    for field, values in fields.items():
        for label, value in values.items():
            doc["state"][field][index[label]] = value
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def detached(
    state: TerciosState, *names: str, at: tuple[float, float] = (2.0, 2.0)
) -> TerciosState:
    """A copy of ``state`` with the named commanders unattached and standing far off."""
    doc = json.loads(json.dumps(state.to_json()))
    for name in names:
        index = state.g.officer_index[name]
        doc["state"]["attached"][index] = -1
        doc["state"]["ox"][index], doc["state"]["oy"][index] = at
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def outcomes(state: TerciosState) -> list[str]:
    """The texts of the chance outcomes at a chance node."""
    assert state.current_player() == CHANCE
    return [action.text for action, _ in state.chance_outcomes()]


def dice_rolled(state: TerciosState) -> int:
    """How many dice the pending ``Roll`` rolls (its highest count of successes)."""
    return max(int(text.split()[1]) for text in outcomes(state) if text.startswith("Roll:"))


def rules_cited(state: TerciosState, start: int) -> list[str]:
    """The sections cited by the events from index ``start``."""
    return [event.rule for event in state.events[start:]]


def verdugo_charges_blocked_yellow_1() -> TerciosState:
    """Verdugo (Assault!) charges Yellow 1, which has Yellow 2 half an inch behind it; neither
    Yellow battalion reacts (Reactions: Yellow 2 is the bystander the charge comes near). The
    combat's first roll is next."""
    yellow_1_y = TERCIO_FRONT + 5.0 + INF_HALF
    state = battle(
        load(),
        {"Verdugo": "Assault!"},
        {
            "Verdugo": (10.0, 20.0, 90.0),
            "Yellow 1": (10.0, yellow_1_y, 270.0),
            "Yellow 2": (10.0, yellow_1_y + INF_HALF + 0.5 + INF_HALF, 270.0),
        },
    )
    apply(state, "activate Verdugo", "Verdugo: charge Yellow 1", "do not react", "do not react")
    return state
