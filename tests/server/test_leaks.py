"""Nothing leaked: every payload of every game, searched for what its seat may not know.

For each registered game (at its smallest player count, every seat a person), a game is
played through the API with random legal moves, every seat and a spectator listening on
websockets. Every payload received (websocket messages, answers to moves, state reads and
replay steps) is checked against the true state at its version, rebuilt from the stored
log:

* it holds exactly ``view(seat)``, the seat's redacted events, its legal actions only when
  it is to move, the board drawn from that view, and public facts of the table;
* no hidden value appears anywhere in it: every text of the full state (``to_json``) and
  every private event of another seat that the seat's view, its log and the public view
  do not already show is searched for in the whole payload.
"""

from __future__ import annotations

import bisect
import functools
import html
import itertools
import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import JsonDict, game_info
from stratagem.render.generic import draw_board
from stratagem.server.storage import Store, make_engine

from .helpers import act, create, settled, state, token_of, whole

GAMES = [info.name for info in stratagem.available_games()]
MAX_MOVES = 250
"""Moves by people per game; a longer game is checked up to there."""
MAX_SECONDS = 8.0
"""Seconds of play per game (bounded so that the suite stays short)."""
MIN_LENGTH = 4
KEYS = {
    "type",
    "table",
    "game",
    "title",
    "seats",
    "seat",
    "version",
    "to_move",
    "finished",
    "view",
    "board",
    "events_start",
    "events_total",
    "events",
    "legal",
    "can_take_back",
    "result",
    "step",
    "steps",
    "commitment",
    "seed",
    "moves",
    "open_seats",
    "rematch",
    "hand_over_after",
    "waiting_since",
    "live",
    "revealed",
    "table_log",
    "resigned",
    "rated",  # whether the game counts for ratings: the creator's choice and the seats' accounts
}


def strings(value: Any) -> Iterator[str]:
    """Every string value (not the keys) in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def normal(value: Any) -> Any:
    """A value as it comes back from JSON."""
    return json.loads(json.dumps(value))


@functools.cache
def _word(value: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(value) + r"(?!\w)")


def _found(text: str, secret: str, longer: list[str]) -> bool:
    """Whether ``secret`` occurs in ``text`` as a word, not only inside a longer value
    (a card called "Reformation" is not shown by "Counter Reformation")."""
    if secret not in text:
        return False
    for other in longer:
        text = text.replace(other, " ")
    return _word(secret).search(text) is not None


class Truth:
    """The true states of one game by version, rebuilt from its stored log."""

    def __init__(self, store: Store, game_id: str, name: str, players: int) -> None:
        self.game = stratagem.load(name, players=players)
        entries = store.entries(game_id)
        assert all(entry.kind == "act" for entry in entries)
        state = self.game.new_initial_state()
        self.states = [state.clone()]
        for entry in entries:
            state.apply_action(entry.action, seat=None if entry.seat < 0 else entry.seat)
            self.states.append(state.clone())
        # what anybody may read: the seat names and the public boards of the game, whose
        # words (a rule's wording on hover: "player", "activate") are no secret even when
        # the same word is a value of the hidden state
        last = len(self.states) - 1
        self.static = " ".join(
            [
                *(draw_board(name, self.states[at].view(None)) for at in range(0, last + 1, 40)),
                draw_board(name, self.states[last].view(None)),
                *self.game.seat_names,
            ]
        )
        self.values = [
            {text for text in strings(past.to_json()["state"]) if _worth(text)}
            for past in self.states
        ]
        universe = set().union(*self.values)
        universe |= {event.text for event in state.events if event.private_to is not None}
        self.longer = {
            text: [other for other in universe if text in other and other != text]
            for text in universe
        }
        self.first_seen: dict[int | None, dict[str, int]] = {}
        self.logs: dict[int | None, tuple[list[int], list[JsonDict]]] = {}
        self.boards: dict[tuple[int, int | None], str] = {}
        self.secrets: dict[tuple[int, int | None], list[str]] = {}
        self.searched = 0

    def seen_in_log(self, seat: int | None) -> dict[str, int]:
        """For each value, the index of the first event of the seat's log that shows it."""
        if seat not in self.first_seen:
            texts = [
                json.dumps(event.redact(seat), ensure_ascii=False)
                for event in self.states[-1].events
            ]
            starts = list(itertools.accumulate((len(text) + 1 for text in texts), initial=0))
            joined = "\n".join(texts)
            first: dict[str, int] = {}
            for value, longer in self.longer.items():
                at = joined.find(value)
                while at >= 0:
                    index = bisect.bisect_right(starts, at) - 1
                    if _found(texts[index], value, longer):
                        first[value] = index
                        break
                    at = joined.find(value, starts[index + 1])
            self.first_seen[seat] = first
        return self.first_seen[seat]

    def board(self, version: int, seat: int | None, view: JsonDict) -> str:
        """The board drawn from the true view (drawn once per version and seat)."""
        key = (version, seat)
        if key not in self.boards:
            self.boards[key] = draw_board(self.game.name, view)
        return self.boards[key]

    def log(self, seat: int | None, raw_count: int) -> list[JsonDict]:
        """The seat's redacted log when the state had ``raw_count`` events (a prefix of the
        final log: this game has no take-backs)."""
        if seat not in self.logs:
            indices: list[int] = []
            entries: list[JsonDict] = []
            for index, event in enumerate(self.states[-1].events):
                redacted = event.redact(seat)
                if redacted is not None:
                    indices.append(index)
                    entries.append(normal(redacted))
            self.logs[seat] = (indices, entries)
        indices, entries = self.logs[seat]
        return entries[: bisect.bisect_left(indices, raw_count)]

    def secret(self, version: int, seat: int | None) -> list[str]:
        """What ``seat`` may not know at ``version``: values of the full state and other
        seats' private events that its view, its log and the public view do not show."""
        key = (version, seat)
        if key not in self.secrets:
            truth = self.states[version]
            known = " ".join(
                [
                    json.dumps(truth.view(seat), ensure_ascii=False),
                    json.dumps(truth.view(None), ensure_ascii=False),
                    " ".join(action.text for action in truth.legal_actions()),
                    self.static,
                ]
            )
            in_log = self.seen_in_log(seat)
            count = len(truth.events)
            candidates = set(self.values[version]) | {
                event.text
                for event in truth.events
                if event.private_to is not None and event.private_to != seat
            }
            self.secrets[key] = sorted(
                value
                for value in candidates
                if in_log.get(value, count) >= count
                and not _found(known, value, self.longer[value])
            )
        return self.secrets[key]

    def check(self, seat: int | None, payload: JsonDict) -> None:
        """``payload`` for ``seat`` holds what it may know, and nothing else."""
        assert set(payload) <= KEYS, set(payload) - KEYS
        step = payload.get("step")
        version = payload["version"] if step is None else step
        truth = self.states[version]
        view = normal(truth.view(seat))
        assert payload["seat"] == (None if seat is None else self.game.seat_names[seat])
        assert payload["view"] == view
        events = self.log(seat, len(truth.events))
        assert payload["events_total"] == len(events)
        assert payload["events"] == events[payload["events_start"] :]
        mine = seat is not None and truth.current_player() == seat and step is None
        assert payload["legal"] == ([a.text for a in truth.legal_actions()] if mine else [])
        assert "".join(payload["board"]) == self.board(version, seat, view)
        if "revealed" in payload:  # once the game is over, every seat's board is open to all
            assert truth.is_terminal() or step is not None, "boards revealed too early"
            payload = {key: value for key, value in payload.items() if key != "revealed"}
        text = json.dumps(payload, ensure_ascii=False) + html.unescape("".join(payload["board"]))
        secret = self.secret(version, seat)
        for value in secret:
            leaked = _found(text, value, self.longer[value])
            assert not leaked, f"{value!r} reached {payload['seat'] or 'a spectator'}"
        self.searched += len(secret)


def _worth(text: str) -> bool:
    """Whether a value is worth searching for (not a number, not a tiny word)."""
    return len(text) >= MIN_LENGTH and not text.isdigit()


def drain(socket: Any, version: int, into: list[JsonDict]) -> None:
    """Read a socket's messages until one at ``version`` arrives; a patch is kept as the
    whole payload it makes, which is checked like any other."""
    while not into or into[-1]["version"] < version:
        into.append(whole(socket, socket.receive_json()))


@pytest.mark.parametrize("name", GAMES)
def test_no_payload_holds_what_its_seat_may_not_know(
    client: TestClient, sqlite_file: str, name: str
) -> None:
    players = game_info(name).min_players
    created = create(client, name, ["human"] * players, players=players, seed=17)
    game_id = created["id"]
    secret = [token_of(seat["link"]) for seat in created["seats"]]
    truth_seats = list(stratagem.load(name, players=players).seat_names)
    seats: list[int | None] = [*range(players), None]
    received: dict[int | None, list[JsonDict]] = {seat: [] for seat in seats}
    answered: list[tuple[int | None, JsonDict]] = []
    rng = random.Random(5)
    deadline = time.monotonic() + MAX_SECONDS
    path = f"/api/games/{game_id}/ws"
    sockets = [client.websocket_connect(path) for _ in seats]
    try:
        for seat, socket in zip(seats, sockets, strict=True):
            socket.__enter__()
            socket.send_json({"token": None if seat is None else secret[seat]})
        for moves in range(MAX_MOVES + 1):
            public = settled(client, game_id)
            for seat, socket in zip(seats, sockets, strict=True):
                drain(socket, public["version"], received[seat])
            if public["finished"] or moves == MAX_MOVES or time.monotonic() > deadline:
                break
            mover = truth_seats.index(public["to_move"])
            mine = received[mover][-1]
            if moves % 25 == 0:
                mine = state(client, game_id, secret[mover])
                answered += [(None, public), (mover, mine)]
            action = rng.choice(mine["legal"])
            response = act(client, game_id, secret[mover], action, version=mine["version"])
            assert response.status_code == 200, response.text
            assert response.json() == {"version": mine["version"] + 1}
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)
    if public["finished"]:
        steps = public["version"]
        for seat in seats:
            headers = {} if seat is None else {"X-Seat-Token": secret[seat]}
            for step in sorted({0, steps // 3, steps // 2, steps}):
                reply = client.get(f"/api/games/{game_id}/replay/{step}", headers=headers)
                assert reply.status_code == 200, reply.text
                answered.append((seat, reply.json()))
    store = Store(make_engine(sqlite_file))
    try:
        truth = Truth(store, game_id, name, players)
    finally:
        store.close()
    for seat, messages in received.items():
        assert messages
        for message in messages:
            truth.check(seat, message)
    for seat, payload in answered:
        truth.check(seat, payload)
    if name == "eighty_years_war":
        assert truth.searched > 10_000  # the other side's hand, the deck, private draws
