"""The table friends use, through the API: open seats taken from the lobby's list, the
creator's link (a new link for a lost seat, an absent seat handed to a bot), resigning,
rematches, the chat, the boards revealed at the end, and replay of a running game's past.
Each new endpoint refuses bad input with its reason and changes nothing."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from fastapi.testclient import TestClient

from stratagem.core import JsonDict, game_info
from stratagem.server import replay as replay_module
from stratagem.server.app import create_app
from stratagem.server.settings import Settings
from stratagem.server.storage import standing
from stratagem.sim.gamelog import replay_log

from .helpers import act, create, settled, state, token_of, tokens

EYW = "eighty_years_war"


def creator_of(created: dict[str, object]) -> str:
    link = str(created["creator_link"])
    return link.split("#creator=", 1)[1]


def seat_header(token: str | None) -> dict[str, str]:
    return {"X-Seat-Token": token} if token else {}


def saved(client: TestClient, game_id: str, folder: Path) -> Path:
    """The finished game's log, as ``stratagem replay`` checks it, in a file."""
    answer = client.get(f"/api/games/{game_id}/log")
    assert answer.status_code == 200, answer.text
    path = folder / f"{game_id}.jsonl"
    path.write_text(answer.text, encoding="utf-8")
    return path


def play_out(client: TestClient, game_id: str, secret: dict[str, str], seed: int = 1) -> JsonDict:
    """Every person moves at random until the game is over; its final payload."""
    rng = random.Random(seed)
    while True:
        payload = settled(client, game_id)
        if payload["finished"]:
            return payload
        mover = secret[payload["to_move"]]
        mine = state(client, game_id, mover)
        answer = act(client, game_id, mover, rng.choice(mine["legal"]), version=mine["version"])
        assert answer.status_code in (200, 409), answer.text


# -- open seats -------------------------------------------------------------------------


def test_an_open_seat_is_listed_taken_once_and_starts_the_game(client: TestClient) -> None:
    created = create(client, EYW, ["human", "open"], public=True)
    game_id, secret = created["id"], tokens(created)
    assert [seat["link"] for seat in created["seats"]][1] is None
    waiting = state(client, game_id, secret["Dutch"])
    assert waiting["open_seats"] == ["Spanish"] and waiting["version"] == 0
    refused = act(client, game_id, secret["Dutch"], "Stop discarding")
    assert refused.status_code == 409
    assert "open: Spanish" in refused.json()["detail"]
    (listed,) = [game for game in client.get("/api/open").json() if game["id"] == game_id]
    assert [(s["name"], s["controller"]) for s in listed["seats"]] == [
        ("Dutch", "human"),
        ("Spanish", "open"),
    ]
    assert listed["seats"][0]["since"] and listed["seats"][1]["since"] is None
    joined = client.post(f"/api/games/{game_id}/seats/1/join")
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == "Spanish"
    spanish = token_of(joined.json()["link"])
    again = client.post(f"/api/games/{game_id}/seats/1/join")
    assert again.status_code == 409
    assert again.json()["detail"] == "seat Spanish is not open: a person plays it"
    assert game_id not in {game["id"] for game in client.get("/api/open").json()}
    started = settled(client, game_id, spanish)
    assert started["open_seats"] == [] and started["version"] > 1  # chance dealt
    assert started["seat"] == "Spanish"


def test_a_private_game_is_not_listed_and_joining_refuses_bad_seats(client: TestClient) -> None:
    created = create(client, EYW, ["open", "random"])
    game_id = created["id"]
    assert game_id not in {game["id"] for game in client.get("/api/open").json()}
    bot_seat = client.post(f"/api/games/{game_id}/seats/1/join")
    assert bot_seat.status_code == 409
    assert bot_seat.json()["detail"] == "seat Spanish is not open: the random bot plays it"
    missing = client.post(f"/api/games/{game_id}/seats/7/join")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "this game has seats 0 (Dutch), 1 (Spanish), not 7"
    assert client.post("/api/games/nosuchgame/seats/0/join").status_code == 404
    assert state(client, game_id)["version"] == 0  # the bot waits for the person


def test_a_seed_is_refused_when_a_seat_is_open(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": EYW, "seats": ["open", "random"], "seed": 4})
    assert answer.status_code == 422
    assert "a person plays seat Dutch" in answer.json()["detail"]


# -- the creator's link -----------------------------------------------------------------


def test_the_creator_gives_a_lost_seat_a_new_link_and_the_old_one_ends(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "human"])
    game_id, secret, creator = created["id"], tokens(created), creator_of(created)
    path = f"/api/games/{game_id}/seats/0/link"
    assert client.post(path).status_code == 403
    wrong = client.post(path, headers={"X-Creator-Token": secret["Dutch"]})
    assert wrong.status_code == 403
    assert wrong.json()["detail"] == "only the game's creator (with the creator's link) may do this"
    fresh = client.post(path, headers={"X-Creator-Token": creator})
    assert fresh.status_code == 200, fresh.text
    new = token_of(fresh.json()["link"])
    assert (
        client.get(f"/api/games/{game_id}", headers=seat_header(secret["Dutch"])).status_code == 403
    )
    assert state(client, game_id, new)["seat"] == "Dutch"


def test_the_creator_hands_an_absent_seat_to_a_bot_only_after_its_time(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "human"], hand_over_after=60)
    game_id, secret, creator = created["id"], tokens(created), creator_of(created)
    now = settled(client, game_id, secret["Dutch"])
    absent = now["to_move"]
    index = ["Dutch", "Spanish"].index(absent)
    path = f"/api/games/{game_id}/seats/{index}/bot"
    early = client.post(path, headers={"X-Creator-Token": creator})
    assert early.status_code == 409
    assert "it may be handed to a bot after 60 s" in early.json()["detail"]
    other = 1 - index
    not_to_move = client.post(
        f"/api/games/{game_id}/seats/{other}/bot", headers={"X-Creator-Token": creator}
    )
    assert not_to_move.status_code == 409
    assert "is not to move" in not_to_move.json()["detail"]
    later = time.time() + 61
    with mock.patch("stratagem.server.table.time.time", return_value=later):
        handed = client.post(path, headers={"X-Creator-Token": creator})
    assert handed.status_code == 204, handed.text
    moved_on = settled(client, game_id, secret[["Dutch", "Spanish"][other]])
    controllers = {seat["name"]: seat["controller"] for seat in moved_on["seats"]}
    assert controllers[absent] == "heuristic"
    assert moved_on["version"] > now["version"] + 1  # the bot played the seat
    refused = act(client, game_id, secret[absent], "Stop discarding")
    assert refused.status_code == 409


# -- resigning --------------------------------------------------------------------------


def test_resigning_a_two_seat_game_gives_the_other_side_the_win(
    client: TestClient, tmp_path: Path
) -> None:
    created = create(client, EYW, ["human", "human"])
    game_id, secret = created["id"], tokens(created)
    settled(client, game_id)
    assert client.post(f"/api/games/{game_id}/resign").status_code == 403  # a spectator
    answer = client.post(f"/api/games/{game_id}/resign", headers=seat_header(secret["Spanish"]))
    assert answer.status_code == 200, answer.text
    over = state(client, game_id, secret["Spanish"])
    assert answer.json() == {"version": over["version"]}
    assert over["finished"] and over["to_move"] is None and over["legal"] == []
    board = "".join(over["board"])
    assert "Your move" not in board and "To move" not in board  # nobody moves, on the board
    assert "The game is over" in board and over["view"]["to_move"] is None
    assert over["result"] == {
        "winners": ["Dutch"],
        "scores": {},
        "reason": "Spanish resigned; Dutch wins",
    }
    assert {board["seat"] for board in over["revealed"]} == {"Dutch", "Spanish"}
    again = client.post(f"/api/games/{game_id}/resign", headers=seat_header(secret["Dutch"]))
    assert again.status_code == 409
    final, _ = replay_log(saved(client, game_id, tmp_path))
    assert not final.is_terminal()  # the rules did not end it: the resignation did


def test_resigning_a_game_of_more_seats_hands_the_seat_to_a_bot(
    client: TestClient, tmp_path: Path
) -> None:
    created = create(client, "sixteen_thirty_something", ["human", "human", "random"], players=3)
    game_id, secret = created["id"], tokens(created)
    first = settled(client, game_id)
    quitter = "Player 1"
    answer = client.post(f"/api/games/{game_id}/resign", headers=seat_header(secret[quitter]))
    assert answer.status_code == 200, answer.text
    payload = state(client, game_id, secret[quitter])  # it watches on as a spectator
    assert payload["seat"] is None
    assert not payload["finished"]
    controllers = {seat["name"]: seat["controller"] for seat in payload["seats"]}
    assert controllers[quitter] == "heuristic"
    assert answer.json()["version"] >= first["version"] + 1
    end = play_out(client, game_id, {"Player 2": secret["Player 2"]}, seed=5)
    assert end["finished"]
    final, _ = replay_log(saved(client, game_id, tmp_path))
    assert final.is_terminal()


# -- rematch ----------------------------------------------------------------------------


def test_a_rematch_keeps_the_seats_secrets_and_is_made_once(client: TestClient) -> None:
    created = create(client, EYW, ["human", "random"], hand_over_after=120)
    game_id, secret = created["id"], tokens(created)
    early = client.post(f"/api/games/{game_id}/rematch", headers=seat_header(secret["Dutch"]))
    assert early.status_code == 409
    assert early.json()["detail"] == "a rematch can be made once the game is over"
    client.post(f"/api/games/{game_id}/resign", headers=seat_header(secret["Dutch"]))
    made = client.post(f"/api/games/{game_id}/rematch", headers=seat_header(secret["Dutch"]))
    assert made.status_code == 201, made.text
    new_id = made.json()["id"]
    assert state(client, game_id)["rematch"] == new_id
    fresh = state(client, new_id, secret["Dutch"])  # the same secret opens the new seat
    assert fresh["seat"] == "Dutch" and not fresh["finished"]
    assert [seat["controller"] for seat in fresh["seats"]] == ["human", "random"]
    assert fresh["commitment"] != state(client, game_id)["commitment"]
    twice = client.post(f"/api/games/{game_id}/rematch", headers=seat_header(secret["Dutch"]))
    assert twice.status_code == 409
    assert twice.json()["detail"] == f"this game has a rematch already: /games/{new_id}"
    creator = creator_of(created)
    by_creator = client.post(f"/api/games/{new_id}/rematch", headers={"X-Creator-Token": creator})
    assert by_creator.status_code == 409  # the rematch is not over yet
    summary = client.get(f"/api/games/{game_id}/summary").json()
    assert summary["finished"] and summary["rematch"] == new_id


def test_a_rematch_with_the_sides_swapped_seats_each_at_the_other_side(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "random"])
    game_id, secret = created["id"], tokens(created)
    client.post(f"/api/games/{game_id}/resign", headers=seat_header(secret["Dutch"]))
    path = f"/api/games/{game_id}/rematch"
    wrong = client.post(path, json={"sides": "shuffled"}, headers=seat_header(secret["Dutch"]))
    assert wrong.status_code == 422  # and nothing was made
    assert state(client, game_id)["rematch"] is None
    made = client.post(path, json={"sides": "swapped"}, headers=seat_header(secret["Dutch"]))
    assert made.status_code == 201, made.text
    fresh = state(client, made.json()["id"], secret["Dutch"])  # the same secret, the other side
    assert fresh["seat"] == "Spanish"
    assert [seat["controller"] for seat in fresh["seats"]] == ["random", "human"]


# -- chat -------------------------------------------------------------------------------


def test_seats_and_spectators_chat_and_every_connection_hears_it(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"])
    game_id, secret = created["id"], tokens(created)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": secret["Dutch"]})
        assert socket.receive_json()["type"] == "state"
        said = client.post(
            f"/api/games/{game_id}/chat",
            json={"text": "  good   luck <b>all</b> "},
            headers=seat_header(secret["Spanish"]),
        )
        assert said.status_code == 204, said.text
        heard = socket.receive_json()
        while heard["type"] != "chat":
            heard = socket.receive_json()
        (line,) = heard["lines"]
        assert (line["seat"], line["spectator"], line["text"]) == (
            "Spanish",
            False,
            "good luck <b>all</b>",
        )
        client.post(f"/api/games/{game_id}/chat", json={"text": "hello from the rail"})
        heard = socket.receive_json()
        while heard["type"] != "chat":
            heard = socket.receive_json()
        assert heard["start"] == 1
        assert heard["lines"][0]["spectator"] and heard["lines"][0]["seat"] is None
    with client.websocket_connect(f"/api/games/{game_id}/ws") as late:
        late.send_json({"token": None})
        kinds = [late.receive_json(), late.receive_json()]
        chat = next(message for message in kinds if message["type"] == "chat")
        assert [line["n"] for line in chat["lines"]] == [0, 1]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ('{"text": ""}', "text: String should have at least 1 character"),
        ('{"text": "' + "x" * 501 + '"}', "text: String should have at most 500 characters"),
        ('{"text": "   "}', "a chat line needs some text"),
        ('{"text": "\\ud800"}', "the text holds a lone surrogate (U+D800 at character 0)"),
        ('{"text": 5}', "text: Input should be a valid string"),
        ('{"words": "hi"}', "text: Field required"),
    ],
)
def test_a_bad_chat_line_is_refused_with_its_reason(
    client: TestClient, body: str, reason: str
) -> None:
    game_id = create(client, EYW, ["human", "human"])["id"]
    answer = client.post(
        f"/api/games/{game_id}/chat",
        content=body.encode(),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 422
    assert reason in answer.json()["detail"]
    assert client.post("/api/games/nosuchgame/chat", json={"text": "hi"}).status_code == 404


def test_chat_lines_are_rate_limited(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 't.sqlite3'}",
        bot_delay=0,
        rate_limits=True,
        rate_chat="2/minute",
    )
    with TestClient(create_app(settings)) as limited:
        game_id = create(limited, EYW, ["human", "human"])["id"]
        path = f"/api/games/{game_id}/chat"
        assert [limited.post(path, json={"text": "hi"}).status_code for _ in range(2)] == [204] * 2
        third = limited.post(path, json={"text": "hi"})
        assert third.status_code == 429
        assert int(third.headers["Retry-After"]) >= 1
        assert "chat lines and changes at the table" in third.json()["detail"]


# -- the end and the past ---------------------------------------------------------------


def test_the_end_reveals_every_seats_hand_once(client: TestClient, tmp_path: Path) -> None:
    created = create(client, EYW, ["human", "random"], seed=2)
    game_id, secret = created["id"], tokens(created)
    end = play_out(client, game_id, secret)
    truth, _ = replay_log(saved(client, game_id, tmp_path))
    assert [board["seat"] for board in end["revealed"]] == ["Dutch", "Spanish"]
    for seat, hand in enumerate(end["revealed"]):
        view = truth.view(seat)
        secrets = {**view["you"], "discard face_down": view["discard"]["yours_face_down"]}
        assert hand == {"seat": hand["seat"], "secrets": secrets}
    spectator = state(client, game_id)
    assert spectator["revealed"] == end["revealed"]


@pytest.fixture
def running(client: TestClient) -> Iterator[tuple[str, str]]:
    created = create(client, EYW, ["human", "random"], seed=8)
    game_id, token = created["id"], tokens(created)["Dutch"]
    rng = random.Random(3)
    for _ in range(40):
        payload = settled(client, game_id, token)
        if payload["finished"]:
            break
        act(client, game_id, token, rng.choice(payload["legal"]), version=payload["version"])
    yield game_id, token


def test_replay_steps_from_snapshots_are_the_states_replayed_from_the_start(
    client: TestClient, running: tuple[str, str]
) -> None:
    game_id, token = running
    table = client.app.state.hub.tables[game_id]  # type: ignore[attr-defined]
    steps = len(standing(table.entries))
    assert steps > 2 * replay_module.SNAPSHOT_EVERY
    for step in [steps, 0, steps // 2, replay_module.SNAPSHOT_EVERY, steps - 1, 1]:
        answer = client.get(f"/api/games/{game_id}/replay/{step}", headers=seat_header(token))
        assert answer.status_code == 200, answer.text
        past = answer.json()
        expected = replay_module.replay(table.game, table.entries, step)
        assert past["view"] == expected.view(0)
        assert past["live"] is (not table.finished)
    assert set(table.snapshots.kept) >= {replay_module.SNAPSHOT_EVERY}
    beyond = client.get(f"/api/games/{game_id}/replay/{steps + 1}")
    assert beyond.status_code == 404


def test_replay_chapters_are_where_each_turn_and_phase_begins(
    client: TestClient, running: tuple[str, str]
) -> None:
    game_id, _token = running
    table = client.app.state.hub.tables[game_id]  # type: ignore[attr-defined]
    steps = len(standing(table.entries))
    answer = client.get(f"/api/games/{game_id}/chapters")  # public: no token
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found[0] == {"step": 0, "turn": 1, "phase": "Logistics Phase"}
    marks = [chapter["step"] for chapter in found]
    assert marks == sorted(set(marks)) and marks[-1] <= steps
    for chapter in found:  # each begins where its turn and phase do, and not earlier
        view = replay_module.replay(table.game, table.entries, chapter["step"]).view(None)
        assert (view["turn"], view["phase"]) == (chapter["turn"], chapter["phase"])
        if chapter["step"]:
            before = replay_module.replay(table.game, table.entries, chapter["step"] - 1)
            earlier = before.view(None)
            assert (earlier["turn"], earlier["phase"]) != (chapter["turn"], chapter["phase"])
    phases = {chapter["phase"] for chapter in found}
    assert {"Logistics Phase", "Strategy Phase", "Action Phase"} <= phases


def test_a_summary_says_whose_turn_it_is(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"])
    game_id = created["id"]
    now = settled(client, game_id)
    summary = client.get(f"/api/games/{game_id}/summary").json()
    assert summary["to_move"] == now["to_move"] and summary["version"] == now["version"]
    assert summary["title"] == game_info(EYW).title
    assert not summary["finished"] and summary["result"] is None


def test_a_summary_names_the_seats_says_since_when_and_refuses_an_ended_link(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "random"])
    game_id, secret, creator = created["id"], tokens(created), creator_of(created)
    before = time.time()
    settled(client, game_id)
    path = f"/api/games/{game_id}/summary"
    summary = client.get(path, headers=seat_header(secret["Dutch"])).json()
    assert summary["seats"] == [
        {"name": "Dutch", "controller": "human", "player": None},
        {"name": "Spanish", "controller": "random", "player": None},
    ]
    assert before - 1 <= summary["waiting_since"] <= time.time() + 1
    fresh = client.post(f"/api/games/{game_id}/seats/0/link", headers={"X-Creator-Token": creator})
    assert fresh.status_code == 200, fresh.text
    ended = client.get(path, headers=seat_header(secret["Dutch"]))
    assert ended.status_code == 403  # the lobby's "Your games" says the link was replaced
    assert client.get(path, headers=seat_header(token_of(fresh.json()["link"]))).status_code == 200
    assert client.get(path).status_code == 200  # no token: anybody may look


def test_a_seats_link_speaks_and_resigns_only_in_its_own_game(client: TestClient) -> None:
    mine = create(client, EYW, ["human", "human"])
    theirs = create(client, EYW, ["human", "human"])
    token = tokens(mine)["Dutch"]
    elsewhere = f"/api/games/{theirs['id']}"
    said = client.post(f"{elsewhere}/chat", json={"text": "hi"}, headers=seat_header(token))
    assert said.status_code == 403
    assert said.json()["detail"] == f"this link's token matches no seat of game {theirs['id']}"
    resigned = client.post(f"{elsewhere}/resign", headers=seat_header(token))
    assert resigned.status_code == 403
    assert not state(client, theirs["id"])["finished"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert store.chat(theirs["id"]) == []  # no line was stored
    rematch = client.post(f"{elsewhere}/rematch", headers={"X-Creator-Token": creator_of(mine)})
    assert rematch.status_code == 403
