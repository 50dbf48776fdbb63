"""Shared helpers for the Tercios rule tests: everything goes through the public API.

A battle is loaded with ``stratagem.load``; orders, activations and moves are applied as
action texts, and dice are forced by applying their outcome (``Die: 6``, ``Roll: 2
successes``). A position is set up by editing a ``to_json`` document (units' x, y and
facing) and loading it with ``game.state_from_json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import stratagem
from stratagem import CHANCE
from stratagem.games.tercios.army import shipped_armies
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState

SPANISH, SWEDISH = 0, 1


def load(
    terrain: str = "open", armies: tuple[str, str] = ("spanish_500", "swedish_500")
) -> Tercios:
    """Two shipped armies (the 500-point ones) on an open (or the standard) table."""
    game = stratagem.load("tercios", armies=armies, terrain=terrain)
    assert isinstance(game, Tercios)
    return game


def apply(state: TerciosState, *texts: str) -> None:
    """Apply action texts in turn, each by whoever is to act."""
    for text in texts:
        state.apply_action(text)


def deploy(state: TerciosState, hitched: Sequence[str] = ()) -> None:
    """Before the first turn: every gun with a team deploys unhitched, but those named in
    ``hitched`` [The Troops: Artillery: Horse Teams]."""
    while state.frames and state.frames[-1].get("p") == "deployment":
        gun = state.legal_actions()[0].text.removeprefix("deploy ").removesuffix(" hitched")
        state.apply_action(f"deploy {gun} {'hitched' if gun in hitched else 'unhitched'}")


def plan(state: TerciosState, orders: Mapping[str, str], default: str = "Ready!") -> None:
    """Planning (once the guns are deployed unhitched): an order for every unit
    (``default`` for those not named)."""
    deploy(state)
    while state.frames and state.frames[-1].get("p") == "plan":
        legal = state.legal_actions()
        unit = legal[0].text.split(": ")[0].removeprefix("order ")
        state.apply_action(f"order {unit}: {orders.get(unit, default)}")


def start_activation(
    state: TerciosState, orders: Mapping[str, str], first: str = "Spanish", default: str = "Ready!"
) -> None:
    """Plan, then win the initiative for ``first`` (Spanish 6, Swedish 1)."""
    plan(state, orders, default)
    winner = "Die: 6", "Die: 1"
    apply(state, *(winner if first == "Spanish" else winner[::-1]), f"{first} plays first")


def placed(
    game: Tercios,
    state: TerciosState,
    where: Mapping[str, tuple[float, float, float]],
    dm: Mapping[str, int] | None = None,
) -> TerciosState:
    """A copy of ``state`` with units moved to (x, y, facing) and given Dm."""
    doc = json.loads(json.dumps(state.to_json()))
    for label, (x, y, facing) in where.items():
        unit = game.troop_index[label]
        doc["state"]["x"][unit] = x
        doc["state"]["y"][unit] = y
        doc["state"]["f"][unit] = facing
    for label, value in (dm or {}).items():
        doc["state"]["dm"][game.troop_index[label]] = value
    loaded = game.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def battle(
    game: Tercios,
    orders: Mapping[str, str],
    where: Mapping[str, tuple[float, float, float]],
    dm: Mapping[str, int] | None = None,
    **plan_options: str,
) -> TerciosState:
    """A new battle at its first activation: ``orders`` planned (``first``, ``default`` as
    for ``start_activation``), then units placed and given Dm as for ``placed``."""
    state = game.new_initial_state()
    start_activation(state, orders, **plan_options)
    return placed(game, state, where, dm)


def with_commanders_at(
    state: TerciosState, spots: Mapping[str, tuple[float, float]]
) -> TerciosState:
    """A copy of ``state`` with unattached commanders standing at (x, y)."""
    doc = json.loads(json.dumps(state.to_json()))
    for label, (x, y) in spots.items():
        index = state.g.officer_index[label]
        doc["state"]["ox"][index], doc["state"]["oy"][index] = x, y
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def texts(state: TerciosState) -> list[str]:
    """The legal action texts."""
    return [action.text for action in state.legal_actions()]


def roll(state: TerciosState, successes: int) -> None:
    """Force the pending roll."""
    assert state.current_player() == CHANCE, state.frames[-1]
    state.apply_action(f"Roll: {successes} successes")


def last_events(state: TerciosState, count: int) -> list[str]:
    """The last event texts."""
    return [event.text for event in state.events[-count:]]


def events_since(state: TerciosState, start: int) -> Sequence[str]:
    """Event texts from index ``start``."""
    return [event.text for event in state.events[start:]]


def variant(tmp_path: Path, army: str, old: str, new: str) -> str:
    """A shipped army with one piece of text replaced, written to a file (its path)."""
    text = shipped_armies()[army].read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / f"{army}_variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def yellow_1_approaches_idiaquez(
    game: Tercios, orders: Mapping[str, str]
) -> tuple[TerciosState, int]:
    """Yellow 1 (Ready!) advances to within 3 inches of Idiáquez, which chooses to react:
    the state at its reaction test, and the index of the first event of the move."""
    state = battle(
        game,
        orders,
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)},
        first="Swedish",
    )
    start = len(state.events)
    apply(state, "activate Yellow 1", "Yellow 1: advance", "react")
    return state, start
