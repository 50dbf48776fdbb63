"""Three ``stratagem serve`` processes on one PostgreSQL database, one of them killed -9
in the middle of play.

Seven games are created on process A: four of Eighty Years War between two people, two
of a person against the random bot and one between two random bots. Every person posts
its moves to one process and listens on a websocket on another (the pairs rotate over
the games), and every game has a spectator on a third process, so every move accepted by
one process must reach the others through the database. People pick random legal
actions from the payloads their websockets push, all at once (asyncio), at most
``MOVES`` moves per game and ``PLAY_TIME`` seconds in all; bots wait ``BOT_DELAY``
seconds before each move, so the bots' game runs for several seconds and is driven by A
(which holds its lease) when A is killed. Clients of A then move over to the survivors:
websockets reconnect, posts that failed are posted again.

Checked: (a) every acknowledged move is in the stored log, at the place its
acknowledgement gave, and no move is stored that was not acknowledged unless its
acknowledgement was lost with A; (b) every websocket's versions strictly increase, the
event deltas it received rebuild the log its seat reads in a full GET, and every
websocket still open at the end shows the final version; (c) the games whose lease A
held when it died (the bots' game always) go on: chance and bots act after the kill and
the bots' game ends; (d) no request is answered 500 and no survivor logs a traceback.
The time from posting a move to one process to its update on a websocket of another is
measured (its median is printed) and must be under a second.

Budget: the run takes about 20 to 40 s on a loaded two-core machine (three servers
starting side by side, then at most ``PLAY_TIME`` seconds of play and a few seconds of
checks); every loop is bounded in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonpatch
import psycopg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from stratagem.core import JsonDict
from stratagem.server.storage import CHANCE_SEAT, MIGRATE_LOCK, Entry, Store, make_engine

from .conftest import POSTGRES_ENV
from .helpers import whole
from .live import Live, servers

GAME = "eighty_years_war"
BOT_DELAY = 0.02
MOVES = 60
"""Moves people make in one game, at most (the bots' game plays to its end)."""
PLAY_TIME = 25.0
"""Seconds of play, at most."""
KILL_AT_MOVES = 150
"""People's moves acknowledged (all games) before A is killed..."""
KILL_AT_TIME = 4.0
"""...or seconds of play, whichever comes first."""
SETTLE_TIME = 20.0
"""Seconds for the games to settle and every websocket to catch up after play."""
TIMEOUT = 10.0
"""Seconds one HTTP request or websocket opening may take."""
STALL = 4.0
"""Seconds a person waits for its websocket before it looks with a GET (and says so)."""
MAX_LATENCY = 1.0
"""Seconds from posting a move to one process to its update on another's websocket."""


@dataclass
class Watch:
    """One websocket connection, as received: versions, arrival times, the rebuilt log."""

    process: int
    versions: list[int] = field(default_factory=list)
    arrivals: list[float] = field(default_factory=list)
    events: list[JsonDict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    latest: JsonDict | None = None
    open: bool = True
    open_at_end: bool = False
    """Still open when the play and its checks ended."""

    def take(self, payload: JsonDict) -> None:
        if payload.get("type") == "patch":  # applied to the state this socket holds, as a page does
            if self.latest is None or payload["from"] != self.latest["version"]:
                self.errors.append(
                    f"a patch from {payload['from']} to a socket at "
                    f"{None if self.latest is None else self.latest['version']}"
                )
                return
            payload = jsonpatch.apply_patch(self.latest, payload["ops"])
        if payload.get("type") != "state":
            self.errors.append(json.dumps(payload))
            return
        self.versions.append(payload["version"])
        self.arrivals.append(time.perf_counter())
        start = payload["events_start"]
        if start > len(self.events):
            self.errors.append(f"events from {start}, but only {len(self.events)} were had")
        self.events = self.events[:start] + payload["events"]
        if len(self.events) != payload["events_total"]:
            self.errors.append(f"{len(self.events)} events rebuilt, {payload['events_total']} sent")
        self.latest = payload

    def arrival(self, version: int) -> float | None:
        arrivals = zip(self.versions, self.arrivals, strict=True)
        return next((at for seen, at in arrivals if seen >= version), None)


class Cluster:
    """The servers, which of them are alive, and a tally of every HTTP answer."""

    def __init__(self, lives: list[Live], client: httpx.AsyncClient) -> None:
        self.lives = lives
        self.client = client
        self.statuses: Counter[int | str] = Counter()
        self.problems: list[str] = []

    def pick(self, index: int) -> int:
        """``index`` if it is alive, else the next live process."""
        for step in range(len(self.lives)):
            candidate = (index + step) % len(self.lives)
            if self.lives[candidate].alive:
                return candidate
        raise AssertionError("no server is alive")

    async def request(
        self, method: str, index: int, path: str, token: str | None = None, **kwargs: Any
    ) -> httpx.Response | None:
        """One request to process ``index`` (or the next live one); ``None`` if it failed
        on the way (the process died under it)."""
        live = self.lives[self.pick(index)]
        headers = {"X-Seat-Token": token} if token else {}
        try:
            response = await self.client.request(
                method, f"{live.base}{path}", headers=headers, **kwargs
            )
        except httpx.TransportError as error:
            self.statuses[type(error).__name__] += 1
            return None
        self.statuses[response.status_code] += 1
        if response.status_code >= 500 and response.status_code != 503:
            self.problems.append(f"{method} {path}: {response.status_code} {response.text}")
        return response


class Listener:
    """A seat's or a spectator's websocket, reconnected to a survivor when its process
    dies; every connection is kept as a ``Watch``."""

    def __init__(self, cluster: Cluster, game_id: str, token: str | None, process: int):
        self.cluster = cluster
        self.game_id = game_id
        self.token = token
        self.process = process
        self.watches: list[Watch] = []
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.stopping = False

    @property
    def latest(self) -> JsonDict | None:
        for watch in reversed(self.watches):
            if watch.latest is not None:
                return watch.latest
        return None

    @property
    def watch(self) -> Watch | None:
        return self.watches[-1] if self.watches else None

    async def start(self) -> None:
        opened = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self._run(opened))
        await asyncio.wait_for(opened, TIMEOUT)

    async def _run(self, opened: asyncio.Future[None]) -> None:
        deadline = time.monotonic() + PLAY_TIME + SETTLE_TIME + 30
        while not self.stopping and time.monotonic() < deadline:
            index = self.cluster.pick(self.process)
            watch = Watch(index)
            url = f"{self.cluster.lives[index].ws}/api/games/{self.game_id}/ws"
            socket: ClientConnection | None = None
            try:
                socket = await connect(
                    url, max_size=None, proxy=None, open_timeout=TIMEOUT, close_timeout=2
                )
                await socket.send(json.dumps({"token": self.token}))
                self.watches.append(watch)
                if not opened.done():
                    opened.set_result(None)
                async for message in socket:
                    watch.take(json.loads(message))
                    self.changed.set()
            except (OSError, WebSocketException, TimeoutError):
                pass
            finally:
                watch.open = False
                if socket is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(socket.close(), 2)
            if not self.stopping:
                await asyncio.sleep(0.1)

    async def wait(self, timeout: float) -> bool:
        """Until a message comes (``True``) or ``timeout`` seconds pass."""
        self.changed.clear()
        try:
            await asyncio.wait_for(self.changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def stop(self) -> None:
        for watch in self.watches:
            watch.open_at_end = watch.open
        self.stopping = True
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


@dataclass
class Acked:
    """A move a process acknowledged."""

    seat: int
    seq: int
    action: str
    sent: float
    posted_to: int
    watch: Watch | None


@dataclass
class Person:
    """One human seat: posts to one process, listens on another."""

    game: Table
    seat: int
    token: str
    post_to: int
    listener: Listener
    lost: int = 0
    """Posts whose answer never came (their process died): they may or may not be in."""
    stalls: int = 0


@dataclass
class Table:
    """One game as the test plays it."""

    id: str
    kind: str
    seats: list[str]
    people: list[Person] = field(default_factory=list)
    spectators: list[Listener] = field(default_factory=list)
    acked: list[Acked] = field(default_factory=list)
    final: JsonDict | None = None

    @property
    def listeners(self) -> list[Listener]:
        return [person.listener for person in self.people] + self.spectators


async def play(person: Person, cluster: Cluster, rng: random.Random, stop: float) -> None:
    """Random legal moves from what the websocket shows, until the game ends, its move
    budget is spent or time is up."""
    table, listener = person.game, person.listener
    floor = 0
    while time.monotonic() < stop and len(table.acked) < MOVES:
        payload = listener.latest
        if payload is not None and payload["finished"]:
            return
        if payload is None or not payload["legal"] or payload["version"] < floor:
            if not await listener.wait(STALL) and time.monotonic() < stop - STALL:
                person.stalls += await stalled(person, cluster, payload)
            continue
        action = rng.choice(payload["legal"])
        version = payload["version"]
        sent = time.perf_counter()
        posted_to = cluster.pick(person.post_to)
        response = await cluster.request(
            "POST",
            posted_to,
            f"/api/games/{table.id}/actions",
            person.token,
            json={"action": action, "version": version},
        )
        if response is None:
            person.lost += 1
            await asyncio.sleep(0.05)
        elif response.status_code == 200:
            acked = response.json()["version"]
            table.acked.append(
                Acked(person.seat, acked - 1, action, sent, posted_to, listener.watch)
            )
            floor = acked
        elif response.status_code == 409:
            floor = version + 1  # the move was in after all (its answer was lost)
        else:
            await asyncio.sleep(0.2)


async def stalled(person: Person, cluster: Cluster, seen: JsonDict | None) -> int:
    """The websocket said nothing for a while: 1 if the game did move on without it."""
    response = await cluster.request(
        "GET", person.post_to, f"/api/games/{person.game.id}", person.token
    )
    if response is None or response.status_code != 200:
        return 0
    now = response.json()
    return int(seen is None or now["version"] > seen["version"])


def lease_holders(admin: psycopg.Connection[Any], pid: int, game_ids: list[str]) -> set[str]:
    """The games whose lease (an advisory lock) process ``pid`` holds."""
    ports = local_ports(pid)
    held = set()
    for game_id in game_ids:
        row = admin.execute(
            "SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE l.locktype = 'advisory' AND l.granted "
            "AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(%s, 0)",
            (game_id,),
        ).fetchone()
        if row is not None and row[0] in ports:
            held.add(game_id)
    return held


def local_ports(pid: int) -> set[int]:
    """The local TCP ports of process ``pid``'s sockets (Linux ``/proc``)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    ports = set()
    for name in ("tcp", "tcp6"):
        with contextlib.suppress(OSError), open(f"/proc/{pid}/net/{name}") as table:
            for line in table.readlines()[1:]:
                fields = line.split()
                if fields[9] in inodes:
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def create(cluster: Cluster, seats: list[str]) -> tuple[str, dict[int, str]]:
    response = await cluster.request("POST", 0, "/api/games", json={"game": GAME, "seats": seats})
    assert response is not None and response.status_code == 201, response
    body = response.json()
    tokens = {
        index: seat["link"].split("#seat=")[1]
        for index, seat in enumerate(body["seats"])
        if seat["link"]
    }
    return str(body["id"]), tokens


async def settle(cluster: Cluster, table: Table, deadline: float) -> JsonDict:
    """The game once chance and bots have done (a person to move, or over), seen by a
    spectator of a live process."""
    while True:
        response = await cluster.request("GET", 1, f"/api/games/{table.id}")
        assert response is not None and response.status_code == 200, response
        payload: JsonDict = response.json()
        kinds = {seat["name"]: seat["controller"] for seat in payload["seats"]}
        to_move = payload["to_move"]
        if payload["finished"] or (to_move != "chance" and kinds[to_move] == "human"):
            return payload
        assert time.monotonic() < deadline, f"game {table.id} ({table.kind}) did not settle"
        await asyncio.sleep(0.05)


async def caught_up(table: Table, version: int, deadline: float) -> None:
    """Every websocket still open shows ``version``."""
    for listener in table.listeners:
        while True:
            watch = listener.watch
            shown = watch.versions[-1] if watch is not None and watch.versions else -1
            if watch is not None and watch.open and shown >= version:
                break
            assert time.monotonic() < deadline, (
                f"game {table.id} ({table.kind}): a websocket on process "
                f"{watch.process if watch else '?'} stopped at "
                f"{watch.versions[-1] if watch and watch.versions else None}, not {version}"
            )
            await listener.wait(0.2)


async def open_tables(cluster: Cluster) -> list[Table]:
    """The games, created on process 0 (A), with their people and spectators spread over
    the processes: in game ``g`` seat ``s`` posts to ``g + s`` and listens on ``g + s + 1``
    and the spectator listens on ``g + 2`` (all modulo 3)."""
    kinds = [("people", ["human", "human"])] * 4 + [("person-bot", ["human", "random"])] * 2
    kinds.append(("bots", ["random", "random"]))
    tables = []
    count = len(cluster.lives)
    for number, (kind, seats) in enumerate(kinds):
        game_id, tokens = await create(cluster, seats)
        table = Table(game_id, kind, seats)
        for seat, token in tokens.items():
            listener = Listener(cluster, game_id, token, (number + seat + 1) % count)
            table.people.append(Person(table, seat, token, (number + seat) % count, listener))
        table.spectators.append(Listener(cluster, game_id, None, (number + 2) % count))
        if kind == "bots":
            table.spectators.append(Listener(cluster, game_id, None, (number + 1) % count))
        tables.append(table)
    await asyncio.gather(*(listener.start() for t in tables for listener in t.listeners))
    return tables


def stored(database_url: str, game_id: str) -> list[Entry]:
    store = Store(make_engine(database_url))
    try:
        return store.entries(game_id)
    finally:
        store.close()


async def killer(
    cluster: Cluster,
    tables: list[Table],
    admin: psycopg.Connection[Any],
    database_url: str,
    start: float,
) -> tuple[set[str], dict[str, int]]:
    """Kill A (-9) once enough moves are made or time has passed: the games whose lease
    it held then, and every game's stored log length just after."""
    while (
        sum(len(table.acked) for table in tables) < KILL_AT_MOVES
        and time.monotonic() < start + KILL_AT_TIME
    ):
        await asyncio.sleep(0.05)
    victim = cluster.lives[0]
    ids = [table.id for table in tables]
    held = await asyncio.to_thread(lease_holders, admin, victim.process.pid, ids)
    victim.kill()
    lengths = {
        game_id: len(await asyncio.to_thread(stored, database_url, game_id)) for game_id in ids
    }
    return held, lengths


@dataclass
class Outcome:
    """What a run left to check."""

    tables: list[Table]
    cluster: Cluster
    held: set[str]
    """The games whose lease A held when it was killed."""
    at_kill: dict[str, int]
    """Every game's stored log length just after the kill."""
    finals: dict[str, JsonDict]
    """Each person's full GET at the end, by token."""


async def run(lives: list[Live], database_url: str, admin: psycopg.Connection[Any]) -> Outcome:
    """Play, kill A midway, play on, let every game settle and every websocket catch up."""
    rng = random.Random(11)
    limits = httpx.Limits(max_connections=100, max_keepalive_connections=50)
    async with httpx.AsyncClient(timeout=TIMEOUT, trust_env=False, limits=limits) as client:
        cluster = Cluster(lives, client)
        began = time.monotonic()
        tables = await open_tables(cluster)
        start = time.monotonic()
        players = [
            asyncio.create_task(
                play(person, cluster, random.Random(rng.random()), start + PLAY_TIME)
            )
            for table in tables
            for person in table.people
        ]
        held, at_kill = await killer(cluster, tables, admin, database_url, start)
        killed = time.monotonic() - start
        await asyncio.gather(*players)
        played = time.monotonic() - start
        deadline = time.monotonic() + SETTLE_TIME
        for table in tables:
            table.final = await settle(cluster, table, deadline)
            await caught_up(table, table.final["version"], deadline)
        finals = {}
        for table in tables:
            for person in table.people:
                path = f"/api/games/{table.id}"
                response = await cluster.request("GET", person.post_to, path, person.token)
                assert response is not None and response.status_code == 200
                finals[person.token] = response.json()
        await asyncio.gather(*(listener.stop() for t in tables for listener in t.listeners))
        settled = time.monotonic() - start - played
    summary = ", ".join(
        f"{t.kind} {at_kill[t.id]}->{t.final['version'] if t.final else None}" for t in tables
    )
    print(
        f"\nset up in {start - began:.1f} s, A killed after {killed:.1f} s, played "
        f"{played:.1f} s, settled in {settled:.1f} s; logs at the kill -> end: {summary}\n"
        f"HTTP answers: {dict(cluster.statuses)}; A held the leases of {len(held)} games"
    )
    return Outcome(tables, cluster, held, at_kill, finals)


def check_answers(outcome: Outcome) -> None:
    """(d) no 500, and no traceback in the survivors' logs."""
    assert not outcome.cluster.problems, outcome.cluster.problems
    for live in outcome.cluster.lives[1:]:
        assert live.alive
        _, errors = live.output()
        assert "Traceback" not in errors, errors[-3000:]


def check_stored(outcome: Outcome, logs: dict[str, list[Entry]]) -> None:
    """(a) every acknowledged move is stored once, where its acknowledgement said; a
    person's move stored unacknowledged is one whose answer was lost with A."""
    for table in outcome.tables:
        entries = logs[table.id]
        assert table.final is not None
        assert len(entries) == table.final["version"]
        seqs = {acked.seq for acked in table.acked}
        assert len(seqs) == len(table.acked)
        for acked in table.acked:
            entry = entries[acked.seq]
            assert (entry.kind, entry.seat) == ("act", acked.seat), (table.id, acked, entry)
            assert entry.action.casefold() == acked.action.casefold(), (table.id, acked, entry)
        people = {person.seat for person in table.people}
        unacknowledged = [e for e in entries if e.seat in people and e.seq not in seqs]
        assert len(unacknowledged) <= sum(person.lost for person in table.people)


def check_websockets(outcome: Outcome) -> None:
    """(b) every websocket: versions strictly increase, the deltas rebuild its seat's log
    (a prefix of it, for one closed by the kill), the ones open at the end show the final
    version; no person's websocket fell silent while its game moved on."""
    for table in outcome.tables:
        assert table.final is not None
        for listener in table.listeners:
            final = outcome.finals[listener.token] if listener.token else table.final
            for watch in listener.watches:
                assert not watch.errors, watch.errors
                assert watch.versions, f"game {table.id}: a websocket received nothing"
                pairs = zip(watch.versions, watch.versions[1:], strict=False)
                assert all(a < b for a, b in pairs), watch.versions
                assert watch.events == final["events"][: len(watch.events)]
                if watch.open_at_end:
                    assert watch.versions[-1] == final["version"]
                    assert watch.events == final["events"]
            assert listener.watches[-1].open_at_end
        assert not [p.stalls for p in table.people if p.stalls], "a websocket fell silent"


def check_went_on(outcome: Outcome, logs: dict[str, list[Entry]]) -> None:
    """(c) the games A drove when it died go on (the bots' game to its end), and chance
    and bots act after the kill in every game."""
    bots = next(table for table in outcome.tables if table.kind == "bots")
    assert bots.id in outcome.held, "A did not hold the lease of the bots' game when it died"
    assert bots.final is not None and bots.final["finished"], "the bots' game did not end"
    for table in outcome.tables:
        later = logs[table.id][outcome.at_kill[table.id] :]
        people = {person.seat for person in table.people}
        after = [e for e in later if e.seat == CHANCE_SEAT or e.seat not in people]
        assert after, f"game {table.id} ({table.kind}): neither chance nor a bot after the kill"


def check_latency(outcome: Outcome) -> None:
    """A move posted to one process reaches the seat's websocket on another at once."""
    delays = []
    for table in outcome.tables:
        for acked in table.acked:
            watch = acked.watch
            if watch is None or watch.process == acked.posted_to:
                continue
            arrived = watch.arrival(acked.seq + 1)
            if arrived is not None:
                delays.append(arrived - acked.sent)
    assert len(delays) >= 20, len(delays)
    median = statistics.median(delays)
    print(
        f"post to one process -> websocket of another: median {median * 1000:.0f} ms, "
        f"max {max(delays) * 1000:.0f} ms over {len(delays)} moves"
    )
    assert median < MAX_LATENCY


def test_three_processes_one_killed(postgres_url: str) -> None:
    admin_url = os.environ[POSTGRES_ENV]
    with (
        psycopg.connect(admin_url, autocommit=True) as admin,
        servers(postgres_url, 3, BOT_DELAY) as lives,
    ):
        outcome = asyncio.run(run(lives, postgres_url, admin))
        check_answers(outcome)
    logs = {table.id: stored(postgres_url, table.id) for table in outcome.tables}
    check_stored(outcome, logs)
    check_websockets(outcome)
    check_went_on(outcome, logs)
    check_latency(outcome)


def test_processes_started_side_by_side_migrate_one_at_a_time(postgres_url: str) -> None:
    """Several processes opening a fresh database at once: each waits for the one
    migrating it (two creating the same tables at once would fail), then finds it done."""
    with psycopg.connect(postgres_url, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (MIGRATE_LOCK,))
        with ThreadPoolExecutor(3) as pool:
            opening = [pool.submit(Store.open, postgres_url) for _ in range(3)]
            time.sleep(0.5)
            assert not any(future.done() for future in opening)  # they wait their turn
            holder.execute("SELECT pg_advisory_unlock(%s)", (MIGRATE_LOCK,))
            for future in opening:
                future.result(timeout=TIMEOUT).close()


async def _next_of(socket: ClientConnection, kind: str, check: Any) -> JsonDict:
    """The next message of ``kind`` on ``socket`` for which ``check`` holds (a patch is
    given as the whole state it makes: ``whole``)."""
    while True:
        message = whole(socket, json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT)))
        if message["type"] == kind and check(message):
            return message


def test_changes_at_the_table_and_chat_reach_every_process(postgres_url: str) -> None:
    """A seat taken, a chat line and a resignation, each posted to one process, reach a
    websocket on the other (the seat's change through the log, the chat line through its
    own announcement)."""

    async def scenario(one: Live, other: Live) -> None:
        async with httpx.AsyncClient(timeout=TIMEOUT) as client:
            body = {"game": GAME, "seats": ["human", "open"], "public": True}
            created = (await client.post(f"{one.base}/api/games", json=body)).json()
            game_id = created["id"]
            dutch = created["seats"][0]["link"].split("#seat=", 1)[1]
            url = f"{other.ws}/api/games/{game_id}/ws"
            async with connect(url, proxy=None, open_timeout=TIMEOUT) as socket:
                await socket.send(json.dumps({"token": None}))
                first = await _next_of(socket, "state", lambda m: True)
                assert first["open_seats"] == ["Spanish"]
                joined = await client.post(f"{one.base}/api/games/{game_id}/seats/1/join")
                assert joined.status_code == 200, joined.text
                await _next_of(socket, "state", lambda m: m["open_seats"] == [])
                said = await client.post(
                    f"{one.base}/api/games/{game_id}/chat",
                    json={"text": "across the cluster"},
                    headers={"X-Seat-Token": dutch},
                )
                assert said.status_code == 204, said.text
                chat = await _next_of(socket, "chat", lambda m: True)
                assert [(line["seat"], line["text"]) for line in chat["lines"]] == [
                    ("Dutch", "across the cluster")
                ]
                resigned = await client.post(
                    f"{other.base}/api/games/{game_id}/resign", headers={"X-Seat-Token": dutch}
                )
                assert resigned.status_code == 200, resigned.text
            seen = (await client.get(f"{one.base}/api/games/{game_id}")).json()
            deadline = time.monotonic() + TIMEOUT
            while not seen["finished"] and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
                seen = (await client.get(f"{one.base}/api/games/{game_id}")).json()
            assert seen["result"]["winners"] == ["Spanish"]

    with servers(postgres_url, 2, BOT_DELAY) as (one, other):
        asyncio.run(scenario(one, other))
