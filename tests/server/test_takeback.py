"""Take-back: a seat's own last action, until new information comes out, never after."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

import stratagem
from stratagem.core import State
from stratagem.server.takeback import reveals

from .helpers import act, create, settled, state, tokens

GAME = "eighty_years_war"


def take_back(client: TestClient, game_id: str, token: str) -> object:
    return client.post(f"/api/games/{game_id}/takeback", headers={"X-Seat-Token": token})


def test_a_discard_is_taken_back_and_the_seat_sees_what_it_saw(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=8)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    assert not before["can_take_back"]
    discard = next(action for action in before["legal"] if action.startswith("Discard"))
    assert act(client, game_id, secret["Dutch"], discard).status_code == 200
    after = state(client, game_id, secret["Dutch"])
    assert after["can_take_back"]
    spanish = take_back(client, game_id, secret["Spanish"])
    assert spanish.status_code == 409
    assert "not yours" in spanish.json()["detail"]
    undone = take_back(client, game_id, secret["Dutch"])
    assert undone.status_code == 200, undone.text
    restored = state(client, game_id, secret["Dutch"])
    assert undone.json() == {"version": restored["version"]}
    assert restored["version"] == after["version"] + 1
    assert restored["view"] == before["view"]
    assert restored["legal"] == before["legal"]
    assert [event["text"] for event in restored["events"]] == [
        event["text"] for event in before["events"]
    ]


def test_no_take_back_after_chance_or_another_seat(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=9)
    game_id, secret = created["id"], tokens(created)
    payload = settled(client, game_id, secret["Dutch"])
    discard = next(action for action in payload["legal"] if action.startswith("Discard"))
    assert act(client, game_id, secret["Dutch"], discard).status_code == 200
    # stopping after a discard draws a replacement: chance acts, the Spanish are to move
    assert act(client, game_id, secret["Dutch"], "Stop discarding").status_code == 200
    assert settled(client, game_id, secret["Dutch"])["to_move"] == "Spanish"
    refused = take_back(client, game_id, secret["Dutch"])
    assert refused.status_code == 409
    assert "the last action was chance's" in refused.json()["detail"]
    spanish = settled(client, game_id, secret["Spanish"])
    assert act(client, game_id, secret["Spanish"], spanish["legal"][0]).status_code == 200
    assert take_back(client, game_id, secret["Spanish"]).status_code == 200
    # the Spanish took their action back, but the Dutch have seen it: still refused
    again = take_back(client, game_id, secret["Dutch"])
    assert again.status_code == 409


def _play_until_the_reveal(seed: int) -> tuple[State, int]:
    """Random legal play up to the last decision before the melds are revealed (the
    side's choice of what it shows, Rulings R9), and whose decision it is."""
    rng = random.Random(seed)
    state = stratagem.load(GAME).new_initial_state()
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        player = state.current_player()
        after = state.clone()
        after.apply_action(state.legal_actions()[0])
        if after.view(player)["last_reveal"] != state.view(player)["last_reveal"]:
            return state, player
        state.apply_action(rng.choice(state.legal_actions()))


def test_an_action_that_reveals_cannot_be_taken_back() -> None:
    state, player = _play_until_the_reveal(21)
    revealing = state.legal_actions()[0].text
    assert reveals(state, revealing, player, random.Random(1))


def test_a_meld_that_reveals_nothing_can_be_taken_back() -> None:
    rng = random.Random(5)
    state = stratagem.load(GAME).new_initial_state()
    while not (state.view(0)["phase"] == "Action Phase" and state.current_player() == 0):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert not reveals(state, state.legal_actions()[0].text, 0, random.Random(1))


def test_no_take_back_once_another_seat_has_acted_even_if_it_took_back(
    client: TestClient,
) -> None:
    created = create(client, GAME, ["human", "human"], seed=12)
    game_id, secret = created["id"], tokens(created)
    settled(client, game_id, secret["Dutch"])
    assert act(client, game_id, secret["Dutch"], "Stop discarding").status_code == 200
    stopped = state(client, game_id, secret["Dutch"])
    assert stopped["to_move"] == "Spanish"
    assert stopped["can_take_back"]
    spanish = settled(client, game_id, secret["Spanish"])
    assert act(client, game_id, secret["Spanish"], spanish["legal"][0]).status_code == 200
    assert take_back(client, game_id, secret["Spanish"]).status_code == 200
    refused = take_back(client, game_id, secret["Dutch"])
    assert refused.status_code == 409
    assert "Spanish has acted since your action 'Stop discarding'" in refused.json()["detail"]
