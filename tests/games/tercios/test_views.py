"""Hidden information: order cards lie face down (Order Cards); views, events, resampling."""

from __future__ import annotations

import json
import random

from .helpers import SPANISH, SWEDISH, apply, load, plan, start_activation

GAME = load()


def _unit(view: dict, name: str) -> dict:  # type: ignore[type-arg]
    return next(u for u in view["units"] if u["name"] == name)


def test_face_down_orders_are_seen_only_by_their_side() -> None:
    """Face down orders are seen only by their side [Order Cards]."""
    state = GAME.new_initial_state()
    plan(state, {"Idiáquez": "Assault!"})
    own = _unit(state.view(SPANISH), "Idiáquez")
    enemy = _unit(state.view(SWEDISH), "Idiáquez")
    spectator = _unit(state.view(None), "Idiáquez")
    assert own["order"] == "Assault!" and own["order_placed"]
    assert enemy["order"] is None and enemy["order_placed"]
    assert spectator["order"] is None
    assert "Assault!" not in json.dumps(state.visible_events(SWEDISH))
    assert "Assault!" in json.dumps(state.visible_events(SPANISH))


def test_a_revealed_order_is_seen_by_both() -> None:
    """A revealed order is seen by both [Order Cards]."""
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": "Run!"})
    apply(state, "activate Idiáquez")
    assert _unit(state.view(SWEDISH), "Idiáquez")["order"] == "Run!"


def test_resample_redraws_only_what_the_seat_cannot_see() -> None:
    state = GAME.new_initial_state()
    plan(state, {}, default="Fire!")
    rng = random.Random(3)
    changed = False
    for _ in range(20):
        other = state.resample_hidden(SPANISH, rng)
        assert other.view(SPANISH) == state.view(SPANISH)
        swedish = [u for u, t in enumerate(GAME.troops) if t.side == SWEDISH]
        spanish = [u for u, t in enumerate(GAME.troops) if t.side == SPANISH]
        assert [other.order[u] for u in spanish] == [state.order[u] for u in spanish]
        changed |= [other.order[u] for u in swedish] != [state.order[u] for u in swedish]
    assert changed


def test_json_round_trip_mid_battle() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {})
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()


def test_view_shows_geometry_and_markers() -> None:
    view = GAME.new_initial_state().view(None)
    unit = _unit(view, "Idiáquez")
    assert len(unit["corners"]) == 4 and unit["facing"] == 90.0
    assert {"dm", "disorder", "weary", "front"} <= set(unit)
    assert any(c["chief"] for c in view["commanders"])
