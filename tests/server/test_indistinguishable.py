"""Nothing leaked, proved by indistinguishability: what a seat receives from the table
must not depend on what it cannot see.

For every game, at positions of a seeded random game, and for every seat (and a
spectator), the same requests are made of tables holding

* the real game: its state and its log, and
* worlds the seat cannot tell from it: the state redrawn by ``resample_hidden(seat)``
  (the state before the seat's last action redrawn too, for the take-back check), and a
  log in which every action that was not the seat's own is replaced by a random text.

Every answer (the state, the websocket's first message, a take-back, actions legal,
illegal, out of turn or naming other seats' cards, replay steps) must be the
same byte for byte in every world, once the game's id is taken out. A legal action is
compared only when it reveals nothing (otherwise the seat rightly learns something);
so is the patch the seat's websocket is sent for it (the stream of changes).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from unittest import mock

import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import CHANCE, TERMINAL, State, game_info
from stratagem.server import replay as replay_module
from stratagem.server.hub import Hub
from stratagem.server.storage import CHANCE_SEAT, Entry, GameRecord, SeatRecord
from stratagem.server.table import Table
from stratagem.server.takeback import reveals
from stratagem.server.tokens import new_game_id, new_token, token_hash

GAMES = [info.name for info in stratagem.available_games()]
WORLDS = 2
"""Redrawn worlds compared with the real one, per position and seat."""
POSITIONS = 5
"""Positions of each game checked (spread over its first ``MAX_STEPS`` actions)."""
MAX_STEPS = 600
MAX_SECONDS = 12.0
"""Seconds of checking per game (bounded so that the suite stays short)."""
SEED = 11


@dataclass(frozen=True)
class Position:
    """The state after ``entries``, and the state before the last standing one."""

    entries: list[Entry]
    state: State
    before: State


def positions(name: str, players: int) -> Iterator[Position]:
    """Positions of a seeded random game where a seat (not chance) is to act, and its end."""
    rng = random.Random(SEED)
    state = stratagem.load(name, players=players).new_initial_state()
    entries: list[Entry] = []
    before = state.clone()
    found: list[Position] = []
    while not state.is_terminal() and len(entries) < MAX_STEPS:
        player = state.current_player()
        if player >= 0 and entries:
            found.append(Position(list(entries), state.clone(), before.clone()))
        before = state.clone()
        if player == CHANCE:
            action = state.sample_chance(rng)
            state.apply_action(action)
        else:
            action = rng.choice(state.legal_actions())
            state.apply_action(action, seat=player)
        entries.append(
            Entry(len(entries), "act", CHANCE_SEAT if player == CHANCE else player, action.text)
        )
    picks = sorted(set(random.Random(SEED).sample(range(len(found)), min(POSITIONS, len(found)))))
    yield from (found[index] for index in picks)
    if state.is_terminal():
        yield Position(list(entries), state.clone(), before.clone())


class Worlds:
    """Tables holding the real game or a redrawn world, made directly in the hub."""

    def __init__(
        self,
        client: TestClient,
        name: str,
        players: int,
        accounts: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.client = client
        self.accounts = dict(enumerate(accounts))
        """The account (id, name) bound to each seat, if any (``test_leaks_accounts``)."""
        self.hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        self.game = stratagem.load(name, players=players)
        self.tokens = [new_token() for _ in range(players)]
        self.creator = new_token()
        self.ids: list[str] = []

    def table(
        self, entries: list[Entry], state: State, before: State, open_seat: int | None = None
    ) -> str:
        """A new table whose log is ``entries`` and whose state is ``state`` (with
        ``open_seat`` waiting for a person)."""
        record = GameRecord(
            id=new_game_id(),
            game=self.game.name,
            options=dict(self.game.options),
            seed=SEED,
            seats=tuple(
                SeatRecord(index, seat, "open", None)
                if index == open_seat
                else SeatRecord(
                    index,
                    seat,
                    "human",
                    token_hash(self.tokens[index]),
                    None,
                    *self.accounts.get(index, (None, None)),
                )
                for index, seat in enumerate(self.game.seat_names)
            ),
            creator_hash=token_hash(self.creator),
        )
        made = Table(
            self.hub.store,
            record,
            bot_delay=0.0,
            cluster=self.hub.cluster,
            writer=self.hub.writer,
            workers=self.hub.workers.bots,
            owner=record.id,
            presence=self.hub.presence,
        )
        made.entries, made.state = list(entries), state.clone()
        made._before = (entries[-1].seq if entries else -1, before.clone())
        made._stale = False
        made._changed()
        self.hub.tables[record.id] = made  # before it is stored, or the hub would load it
        self.hub.store.create_game(record)
        self.ids.append(record.id)
        return record.id

    def real(self, position: Position, open_seat: int | None = None) -> str:
        return self.table(position.entries, position.state, position.before, open_seat)

    def redrawn(
        self, position: Position, seat: int, rng: random.Random, open_seat: int | None = None
    ) -> str:
        """A world ``seat`` cannot tell from the real one."""
        entries = [
            entry
            if entry.seat == seat
            else Entry(entry.seq, entry.kind, entry.seat, f"unseen {rng.random()}")
            for entry in position.entries
        ]
        return self.table(
            entries,
            position.state.resample_hidden(seat, rng),
            position.before.resample_hidden(seat, rng),
            open_seat,
        )


PUBLISHED = ("commitment", "waiting_since", "revealed")
"""Taken out of every answer: the game's commitment (of its id), when its log last grew (a
time), and the boards of every seat, which a finished game shows to all on purpose
(``test_the_end_reveals_every_seats_own_board`` checks them)."""


def normal(game_id: str, status: int, body: str) -> str:
    """An answer with the game's own id, commitment and times taken out."""
    text = body.replace(game_id, "<game>")
    try:
        value = json.loads(text)
    except ValueError:
        return f"{status} {text}"
    if isinstance(value, dict):
        for key in PUBLISHED:
            value.pop(key, None)
        if isinstance(value.get("ops"), list):  # a patch: its changes to them too
            value["ops"] = [op for op in value["ops"] if op["path"].split("/")[1] not in PUBLISHED]
    return f"{status} {json.dumps(value, sort_keys=True)}"


def ask(client: TestClient, game_id: str, token: str | None, request: str) -> str:
    """One request of a seat (``token``) or spectator (``None``), normalised."""
    headers = {"X-Seat-Token": token} if token else {}
    base = f"/api/games/{game_id}"
    if request == "state":
        response = client.get(base, headers=headers)
    elif request == "takeback":
        response = client.post(f"{base}/takeback", headers=headers)
    elif request == "log":
        response = client.get(f"{base}/log", headers=headers)
    elif request.startswith("replay "):
        response = client.get(f"{base}/replay/{request[7:]}", headers=headers)
    elif request == "websocket":
        with client.websocket_connect(f"{base}/ws") as socket:
            socket.send_json({"token": token})
            return normal(game_id, 101, socket.receive_text())
    elif request.startswith("websocket act "):
        return patched(client, game_id, token, request.removeprefix("websocket act "))
    else:
        action = request.removeprefix("act ")
        response = client.post(f"{base}/actions", json={"action": action}, headers=headers)
    return normal(game_id, response.status_code, response.text)


def patched(client: TestClient, game_id: str, token: str | None, action: str) -> str:
    """The seat's websocket around its own ``action``: the whole state it is sent first,
    the action's answer, then the patch it is sent for it (chance and bots are held back,
    so the patch is the action's alone), each normalised."""
    base = f"/api/games/{game_id}"
    headers = {"X-Seat-Token": token} if token else {}
    with mock.patch.object(Table, "kick"), client.websocket_connect(f"{base}/ws") as socket:
        socket.send_json({"token": token})
        first = socket.receive_text()
        response = client.post(f"{base}/actions", json={"action": action}, headers=headers)
        patch = socket.receive_text()
    assert response.status_code == 200, response.text
    assert json.loads(patch)["type"] == "patch"
    texts = [(101, first), (response.status_code, response.text), (101, patch)]
    return "\n".join(normal(game_id, status, text) for status, text in texts)


def illegal_texts(position: Position, seat: int | None, pool: list[str]) -> list[str]:
    """Action texts ``seat`` may not take now: garbage, the mover's own choices when it
    is someone else's turn, and texts naming things of other seats (cards, units)."""
    state = position.state
    own = set()
    if seat is not None and state.current_player() == seat:
        own = {action.text for action in state.legal_actions()}
    texts = ["no such action", "Draw: \u00e9"]
    if state.current_player() >= 0 and state.current_player() != seat:
        texts += [action.text for action in state.legal_actions()[:3]]
    texts += random.Random(len(position.entries)).sample(pool, min(6, len(pool)))
    return [text for text in dict.fromkeys(texts) if text not in own]


def compare(
    worlds: Worlds,
    position: Position,
    seat: int | None,
    batches: list[list[str]],
    *,
    drawn_for: int,
    rng: random.Random,
) -> int:
    """Make each batch of requests as ``seat`` of the real table and of redrawn ones (a
    fresh table for each batch, as its last request may change it); how many answers
    were compared."""
    token = None if seat is None else worlds.tokens[seat]
    client = worlds.client
    compared = 0
    for batch in batches:
        real_id = worlds.real(position)
        real = [ask(client, real_id, token, request) for request in batch]
        for _ in range(WORLDS):
            world_id = worlds.redrawn(position, drawn_for, rng)
            for request, expected in zip(batch, real, strict=True):
                answer = ask(client, world_id, token, request)
                assert answer == expected, (
                    f"{worlds.game.name}, after {len(position.entries)} entries, "
                    f"{'a spectator' if seat is None else worlds.game.seat_names[seat]} "
                    f"asking {request!r} can tell worlds apart:\nreal:  {expected[:600]}\n"
                    f"world: {answer[:600]}"
                )
                compared += 1
    return compared


@pytest.mark.parametrize("name", GAMES)
def test_what_a_seat_receives_is_the_same_in_every_world_it_cannot_tell_apart(
    client: TestClient, name: str
) -> None:
    players = game_info(name).min_players
    worlds = Worlds(client, name, players)
    all_positions = list(positions(name, players))
    pool = sorted(
        {
            entry.action
            for position in all_positions
            for entry in position.entries
            if entry.seat >= 0
        }
    )
    rng = random.Random(SEED)
    compared = streams = 0
    deadline = time.monotonic() + MAX_SECONDS
    for position in all_positions:
        state = position.state
        finished = state.current_player() == TERMINAL
        for seat in [*range(players), None]:
            drawn_for = seat if seat is not None else rng.randrange(players)
            looks = ["state", "websocket"]
            looks += [f"act {text}" for text in illegal_texts(position, seat, pool)]
            if not finished:  # once over, the log and the seed are published on purpose
                looks += ["log", "replay 0"]
            batches = [looks, ["takeback"]]
            if seat is not None and state.current_player() == seat:
                action = rng.choice(state.legal_actions()).text
                if not reveals(state, action, seat, random.Random(1)):
                    batches += [[f"act {action}"], [f"websocket act {action}"]]
                    streams += 1
            compared += compare(worlds, position, seat, batches, drawn_for=drawn_for, rng=rng)
            compared += _compare_replay(worlds, position, seat, drawn_for, rng)
        if time.monotonic() > deadline:
            break
    assert compared > 100
    assert streams > 0  # a patch was compared


def _compare_replay(
    worlds: Worlds, position: Position, seat: int | None, drawn_for: int, rng: random.Random
) -> int:
    """Replay steps (of a running game: its past as the seat saw it; of a finished one),
    as ``seat`` sees them, are the same when every replayed state is a world the seat
    cannot tell from the real one."""
    token = None if seat is None else worlds.tokens[seat]
    game_id = worlds.real(position)
    steps = len(position.entries)
    compared = 0
    for step in sorted({1, steps // 2, steps}):
        real = ask(worlds.client, game_id, token, f"replay {step}")
        world_state = replay_module.replay(worlds.game, position.entries, step).resample_hidden(
            drawn_for, rng
        )
        with mock.patch.object(replay_module, "replay", return_value=world_state):
            world = ask(worlds.client, game_id, token, f"replay {step}")
        assert world == real, f"{worlds.game.name} replay step {step} tells worlds apart"
        compared += 2
    return compared
