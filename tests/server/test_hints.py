"""Hints: the seat to act asks for the ``normal`` bot's suggestion; every seat sees that it
asked, none sees the suggestion, and the suggestion depends only on what the seat sees."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

import stratagem
from stratagem.core import State
from stratagem.server.hints import hint_job

from .helpers import act, create, settled, signed_up, token_of, tokens

GAME = "eighty_years_war"


def ask(client: TestClient, game_id: str, token: str | None) -> object:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/games/{game_id}/hint", headers=headers)


def test_a_seat_asks_for_a_hint_and_every_seat_sees_that_it_asked(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=8)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    assert before["to_move"] == "Dutch"
    answer = ask(client, game_id, secret["Dutch"])
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["level"] == "normal"
    assert hint["action"] in before["legal"]
    spanish = settled(client, game_id, secret["Spanish"])
    spectator = settled(client, game_id)
    for payload in (spanish, spectator):
        line = payload["table_log"][-1]
        assert line["text"] == "Dutch asked for a hint"
        assert line["what"] == "hint"
        assert hint["action"] not in str(payload["table_log"])
    after = settled(client, game_id, secret["Dutch"])
    assert after["legal"] == before["legal"]  # asking changes nothing in the game
    assert act(client, game_id, secret["Dutch"], hint["action"]).status_code == 200


def test_a_hint_is_only_for_the_seat_to_act(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=8)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Spanish"])
    refused = ask(client, game_id, secret["Spanish"])
    assert refused.status_code == 409
    assert "your own decision" in refused.json()["detail"]  # type: ignore[attr-defined]
    assert ask(client, game_id, None).status_code == 403
    after = settled(client, game_id, secret["Spanish"])
    assert after["version"] == before["version"]  # nothing noted
    assert after["table_log"] == before["table_log"]


def test_a_game_that_may_be_rated_gives_no_hints_and_every_page_knows_it(
    client: TestClient,
) -> None:
    """Hints are for unrated games only: ann and bob, each signed in, play a rated game
    (no hint, for either), an unrated one, and a rated one against a bot (which no rating
    can come of: hints)."""
    ann, bob = signed_up(client, "ann"), signed_up(client, "bob")
    cases = [(["me", "@bob"], True, True), (["me", "@bob"], False, False)]
    cases.append((["me", "normal"], True, False))
    for seats, rated, may_be_rated in cases:
        made = ann.change("/api/games", json={"game": GAME, "seats": seats, "rated": rated})
        assert made.status_code == 201, made.text
        game_id = made.json()["id"]
        links = {0: token_of(made.json()["seats"][0]["link"])}
        if seats[1] == "@bob":
            joined = bob.change(f"/api/games/{game_id}/seats/1/join")
            assert joined.status_code == 200, joined.text
            links[1] = token_of(joined.json()["link"])
        spectator = settled(client, game_id)
        assert spectator["rated"] is may_be_rated
        to_move = [seat["name"] for seat in spectator["seats"]].index(spectator["to_move"])
        assert to_move in links  # settled: a person is to act
        payload = settled(client, game_id, links[to_move])
        assert payload["rated"] is may_be_rated
        answer = ask(client, game_id, links[to_move])
        if may_be_rated:
            assert answer.status_code == 409
            assert "not offered in rated games" in answer.json()["detail"]  # type: ignore[attr-defined]
            assert settled(client, game_id)["version"] == spectator["version"]  # nothing noted
        else:
            assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]


def _a_decision(seed: int) -> State:
    """Random legal play until a seat decides, some way into the game."""
    rng = random.Random(seed)
    state = stratagem.load(GAME).new_initial_state()
    while len(state.history) < 30 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_hint_depends_only_on_what_the_seat_sees() -> None:
    game = stratagem.load(GAME)
    state = _a_decision(3)
    seat = state.current_player()
    other = state.resample_hidden(seat, random.Random(99))  # a world the seat cannot tell apart
    assert other.view(seat) == state.view(seat)
    hint = hint_job(game, state, seat, "seed/hint/1")()
    assert hint == hint_job(game, other, seat, "seed/hint/1")()
    assert hint in [action.text for action in state.legal_actions()]


def test_asking_for_a_hint_does_not_stop_a_take_back(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=8)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    discard = next(action for action in before["legal"] if action.startswith("Discard"))
    assert act(client, game_id, secret["Dutch"], discard).status_code == 200
    assert ask(client, game_id, secret["Dutch"]).status_code == 200  # still the Dutch to act
    undone = client.post(
        f"/api/games/{game_id}/takeback", headers={"X-Seat-Token": secret["Dutch"]}
    )
    assert undone.status_code == 200, undone.text
    assert settled(client, game_id, secret["Dutch"])["legal"] == before["legal"]
