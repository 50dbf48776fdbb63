"""The web table under load on loopback (a measurement, never a test).

For each database (SQLite always, on a fresh temporary file; PostgreSQL too when
``--postgres URL`` or ``STRATAGEM_DATABASE_URL`` names one) and each mode, a fresh
``stratagem serve --bot-delay 0`` is started in its own process (with
``STRATAGEM_RATE_LIMITS=0`` and no cap on websockets per address) and ``--games`` games
of Eighty Years War, two people each, are played over HTTP and websockets by
``--clients`` client processes (default 2 in saturation, 1 under load), each running its
own asyncio event loop on its share of the games (every ``--clients``-th slot), all
started at one shared time. Every person listens
on its own websocket and posts on its own keep-alive HTTP/1.1 connection; a game that
ends (or reaches ``--moves``) is replaced by a new one, so the load stays constant. Only
127.0.0.1 is ever contacted.

Two modes (``--mode saturation|load|both``, default both), each ``--seconds`` long, of
which the first ``--warmup`` seconds are not counted:

- **saturation** (closed loop): each seat posts a random legal action as soon as its
  websocket says it is its turn. Reported: acknowledged moves per second over the
  measured window, and the delay from sending a move to the later of the two seats'
  websocket updates carrying its version (median, p99).
- **load** (open loop, fixed offered load): each game has a schedule of ``--rate`` moves
  per second, the games' schedules phase-shifted so that moves are spread evenly. At
  each scheduled time the seat to move posts a move; if the game is not ready (its
  previous move not yet acknowledged and shown), the tick is counted late and the move is
  sent as soon as it can be, its delay measured from the scheduled time, so coordinated
  omission does not hide slowness. Reported: offered and achieved moves per second, and
  the delay to the later of the two seats' updates (median, p90, p99, max, count), from
  the scheduled time and from the actual send. Ticks of the window still waiting when it
  ends are never sent: they are counted apart, not in the delays.

A move's version is the one its acknowledgement carries; a seat's update for it is the
first websocket message at that version or later. A seat's websocket sends its whole
state first, then RFC 6902 patches from it: only ``version``, ``to_move``, ``seat`` and
``legal`` are kept (from a whole state, or by applying a patch's operations on them with
``jsonpatch``; each message is parsed once, by orjson). Each websocket offers
permessage-deflate, as browsers do; the size of every message received in the window is
measured on the wire (its frames' compressed payloads and headers) and as text, and
their median and p99 are reported.
The processes' figures are merged: counts and moves summed over the one measured window,
delays pooled before their percentiles.

    .venv/bin/python benchmarks/bench_server.py [--mode both] [--games 50] [--seconds 60]
        [--warmup 5] [--rate 1.0] [--moves N] [--seed 0] [--clients N] [--json results.json]
        [--postgres postgresql://user:password@127.0.0.1:5432/postgres]

With PostgreSQL, a user that may create databases gets a fresh ``stratagem_bench_<hex>``
database per mode, dropped afterwards; otherwise the given database is used as it is.
The clients share the machine with the server: their CPU use (summed over the client
processes) and the server's are shown, with the load average, the command line and the
git commit (and the files of ``src/stratagem`` that differ from it); ``--json FILE``
writes every figure. The server draws each game's seed itself (a seat's person may not
choose one); ``--seed`` seeds only the clients' random choice of moves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import itertools
import json
import math
import multiprocessing
import os
import random
import secrets
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_any
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import httptools
import httpx
import jsonpatch
import orjson
import psycopg
import uvloop
from psycopg import sql
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException
from websockets.extensions.base import Extension
from websockets.frames import DATA_OPCODES, Frame
from websockets.typing import ExtensionName

GAME = "eighty_years_war"
SERVE = "from stratagem.cli import main; main()"
ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = ("127.0.0.1", "localhost", "::1")
SERVER_ENV = {"STRATAGEM_RATE_LIMITS": "0", "STRATAGEM_WS_PER_ADDRESS": "100000"}
"""Every client here is 127.0.0.1: no rate limit, and no cap on its websockets."""
START_TIMEOUT = 60.0
"""Seconds the server has to answer after it is started."""
GRACE = 10.0
"""Seconds after a mode's window for the moves in flight to be acknowledged and shown."""
CLOSE_TIMEOUT = 5.0
ERROR_PAUSE = 0.05
"""Seconds a seat waits after a refused or failed post (saturation)."""
ARRIVALS = 512
"""Versions remembered per seat with their arrival times."""
MAX_WAKES = 10_000_000
"""Upper bound on any wait loop's iterations (each is bounded in time too)."""
OPEN_ATTEMPTS = 5
HTTP_TIMEOUT = 30.0
"""Seconds one request may take, from its sending to the end of its answer."""
READ_SIZE = 1 << 16
READY_TIMEOUT = 120.0
"""Seconds the client processes have to start and open their first games."""
LEAD = 0.5
"""Seconds between the client processes' being told the start time and the start."""
FINISH_TIMEOUT = 30.0
"""Seconds after the cut-off for a client process to close its games and report."""
CLIENTS = {"saturation": 2, "load": 1}
"""Client processes by mode unless ``--clients`` says (one saturating process was the
bottleneck: 96 % of a core against the server's 67 %)."""
console = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 120)


def now() -> float:
    return time.perf_counter()


# -- figures --------------------------------------------------------------------------


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summary(seconds: list[float]) -> dict[str, float | int | None]:
    """Count, median, p90, p99 and max of delays, in milliseconds."""
    if not seconds:
        return {"count": 0, "median_ms": None, "p90_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(seconds)
    return {
        "count": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p90_ms": round(percentile(ordered, 0.90) * 1000, 1),
        "p99_ms": round(percentile(ordered, 0.99) * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux ``/proc``), or ``None``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the server and its database ------------------------------------------------------


@dataclass(frozen=True)
class Server:
    base: str
    port: int
    pid: int


@contextmanager
def serve(database_url: str) -> Iterator[Server]:
    """``stratagem serve`` on a free loopback port, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--database", database_url, "--bot-delay", "0"]
    env = {**os.environ, **SERVER_ENV}
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, process, log)
            yield Server(base, port, process.pid)
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped during the run:\n{_tail(log)}")
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


@contextmanager
def serve_many(database_url: str, processes: int) -> Iterator[list[Server]]:
    """``processes`` servers on one database, each on its own port (PostgreSQL for more
    than one: each process serves every game)."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(serve(database_url)) for _ in range(processes)]


def _tail(log: Any, lines: int = 20) -> str:
    log.seek(0)
    return "".join(log.readlines()[-lines:])


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Any) -> None:
    deadline = now() + START_TIMEOUT
    with httpx.Client(trust_env=False, timeout=2) as probe:
        for _ in range(MAX_WAKES):
            if process.poll() is not None:
                raise RuntimeError(f"the server exited at start:\n{_tail(log)}")
            if now() > deadline:
                raise RuntimeError(f"the server did not answer in time:\n{_tail(log)}")
            try:
                if probe.get(f"{base}/api/catalog").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)


def _check_loopback(url: str) -> None:
    """Refuse a PostgreSQL URL naming any host but this one (sockets are local)."""
    parts = urlsplit(url)
    hosts = [parts.hostname or "", *parse_qs(parts.query).get("host", [])]
    for host in hosts:
        if host and host not in LOOPBACK and not host.startswith("/"):
            raise SystemExit(f"{host!r}: this benchmark only contacts 127.0.0.1")


@contextmanager
def fresh_postgres(url: str) -> Iterator[tuple[str, str]]:
    """A database for one run, and a note of which: a new one when the user may create
    databases (dropped after), else the given one."""
    parts = urlsplit(url)
    plain = urlunsplit(parts._replace(scheme="postgresql"))
    with psycopg.connect(plain, autocommit=True, connect_timeout=10) as admin:
        row = admin.execute(
            "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        if not (row and row[0]):
            yield url, "the given database (its user may not create databases)"
            return
        name = f"stratagem_bench_{secrets.token_hex(4)}"
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield urlunsplit(parts._replace(path=f"/{name}")), f"fresh database {name}"
        finally:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@contextmanager
def database(kind: str, postgres: str | None) -> Iterator[tuple[str, str]]:
    """A fresh database of ``kind`` (``SQLite`` or ``PostgreSQL``) and a note of which."""
    if kind == "SQLite":
        with tempfile.TemporaryDirectory(prefix="stratagem_bench_") as folder:
            yield f"sqlite:///{folder}/bench.sqlite3", "fresh temporary file"
        return
    assert postgres is not None
    with fresh_postgres(postgres) as chosen:
        yield chosen


# -- one keep-alive HTTP connection ---------------------------------------------------


class Refused(Exception):
    """A game could not be created: the server answered with this status."""


class _Answer:
    """What httptools' parser hands over of one answer."""

    __slots__ = ("body", "complete", "keep_alive", "parser")

    def __init__(self) -> None:
        self.body: list[bytes] = []
        self.complete = False
        self.keep_alive = False
        self.parser = httptools.HttpResponseParser(self)

    def on_headers_complete(self) -> None:
        # asked here: once the answer is complete, llhttp always says no
        self.keep_alive = self.parser.should_keep_alive()

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        self.complete = True


class _Unanswered(Exception):
    """The connection ended before the first byte of an answer."""


HTTP_ERRORS = (OSError, TimeoutError, httptools.HttpParserError)
"""What a request may raise besides ``Refused``."""


class Http:
    """One seat's keep-alive HTTP/1.1 connection to the server, one request at a time:
    opened on first use and again once the server has closed it (a request the server
    closed a reused connection under, before answering a byte, is sent once more on a new
    one). The answer is parsed by httptools. Measured on this 2-CPU machine, a request
    cost the client about 1 ms of CPU through httpx, 0.45 ms through httpcore alone, and
    0.05 ms here; with one shared httpx pool of 108 connections (walked at every request
    and release) one client process was at 97 % of a core for 300 moves/s, with an httpx
    client per seat at 67 % for 520, with this at 26 % for 490-560."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.lock = asyncio.Lock()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes, token: str | None = None) -> tuple[int, bytes]:
        """Status and body of the answer to a JSON ``body`` posted to ``path``."""
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        )
        if token is not None:
            head += f"X-Seat-Token: {token}\r\n"
        request = (head + "\r\n").encode() + body
        async with self.lock, asyncio.timeout(HTTP_TIMEOUT):
            for _ in range(2):
                reused = not self._stale()
                if not reused:
                    self.close()
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                try:
                    return await self._exchange(request)
                except _Unanswered:
                    self.close()
                    if not reused:
                        raise ConnectionResetError("closed before answering") from None
                except BaseException:
                    self.close()
                    raise
        raise ConnectionResetError("closed before answering, twice")

    def _stale(self) -> bool:
        return (
            self.reader is None
            or self.writer is None
            or self.writer.is_closing()
            or self.reader.at_eof()
        )

    async def _exchange(self, request: bytes) -> tuple[int, bytes]:
        assert self.reader is not None and self.writer is not None
        self.writer.write(request)
        answer = _Answer()
        for read in range(MAX_WAKES):
            try:
                data = await self.reader.read(READ_SIZE)
            except ConnectionResetError:
                if read:
                    raise
                data = b""
            if not data:
                if read:
                    raise ConnectionResetError("closed in the middle of an answer")
                raise _Unanswered
            answer.parser.feed_data(data)
            if answer.complete:
                if not answer.keep_alive:
                    self.close()
                return answer.parser.get_status_code(), b"".join(answer.body)
        raise ConnectionResetError("an answer without end")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def aclose(self) -> None:
        writer = self.writer
        self.close()
        if writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), CLOSE_TIMEOUT)


# -- one game as its two people see it ------------------------------------------------


@dataclass
class Meter:
    """Websocket messages (and their bytes) received in the measured window."""

    start: float = math.inf
    stop: float = math.inf
    messages: int = 0
    bytes: int = 0
    sizes: list[int] = field(default_factory=list)
    """Each message's text size in bytes."""
    wire: list[int] = field(default_factory=list)
    """Each message's size on the wire in bytes (its frames, compressed, with headers)."""


KEPT = ("version", "to_move", "seat", "legal")
"""What a seat keeps of its state (a patch's operations on anything else are skipped)."""


def frame_header(length: int) -> int:
    """Bytes of an unmasked frame header (server to client) before ``length`` bytes."""
    return 2 if length < 126 else 4 if length < 1 << 16 else 10


class WireCount(Extension):
    """Counts the bytes of a connection's incoming data frames as they came (placed last
    among the extensions, so it sees each frame before permessage-deflate decodes it)."""

    name = ExtensionName("x-wire-count")

    def __init__(self) -> None:
        self.pending = 0
        self.sizes: deque[int] = deque()
        """Sizes of whole messages received, not yet taken."""

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        if frame.opcode in DATA_OPCODES:  # continuations too
            self.pending += len(frame.data) + frame_header(len(frame.data))
            if frame.fin:
                self.sizes.append(self.pending)
                self.pending = 0
        return frame

    def encode(self, frame: Frame) -> Frame:
        return frame


class Seat:
    """One person's websocket: what its latest payload says, and when each version came."""

    def __init__(self, game: Game, token: str, http: Http) -> None:
        self.game = game
        self.token = token
        self.http = http
        self.name: str | None = None
        self.version = -1
        self.to_move: str | None = ""
        self.legal: list[str] = []
        self.kept: dict[str, Any] = {}
        """What is kept of the state the websocket holds (``KEPT``)."""
        self.wire = WireCount()
        self.over = False
        self.closed = False
        self.floor = 0
        self.arrivals: deque[tuple[int, float]] = deque(maxlen=ARRIVALS)
        self.socket: ClientConnection | None = None
        self.listener: asyncio.Task[None] | None = None

    async def open(self, url: str) -> None:
        self.socket = await connect(
            url, max_size=None, proxy=None, ping_interval=None, open_timeout=30, close_timeout=2
        )
        self.socket.protocol.extensions.append(self.wire)
        await self.socket.send(orjson.dumps({"token": self.token}), text=True)
        self.listener = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        socket = self.socket
        assert socket is not None
        meter = self.game.meter
        try:
            for _ in range(MAX_WAKES):
                message = await socket.recv(decode=False)  # bytes, for orjson: no decoding
                at = now()
                wire = self.wire.sizes.popleft() if self.wire.sizes else 0
                if meter.start <= at < meter.stop:
                    meter.messages += 1
                    meter.bytes += len(message)
                    meter.sizes.append(len(message))
                    meter.wire.append(wire)
                self._receive(orjson.loads(message), at)
                self.game.notify()
        except WebSocketException:
            pass
        finally:
            self.closed = True
            self.game.notify()

    def _receive(self, payload: Any, at: float) -> None:
        if not isinstance(payload, dict) or not isinstance(payload.get("version"), int):
            return
        if payload.get("type") == "patch":
            ops = [op for op in payload["ops"] if op["path"].split("/")[1] in KEPT]
            payload = jsonpatch.apply_patch(self.kept, ops)
        else:
            payload = {key: payload[key] for key in KEPT if key in payload}
        self.kept = payload
        version: int = payload["version"]
        if version < self.version:
            return
        if version > self.version:
            self.arrivals.append((version, at))
            self.version = version
        if "seat" in payload:
            self.name = payload["seat"]
        if "to_move" in payload:
            self.to_move = payload["to_move"]
            self.over = self.to_move is None
        if isinstance(payload.get("legal"), list):
            self.legal = payload["legal"]

    def arrived(self, version: int) -> float | None:
        """When the first update at ``version`` or later came (versions only grow)."""
        found = None
        for seen, at in reversed(self.arrivals):
            if seen < version:
                break
            found = at
        return found

    def may_act(self, acknowledged: int) -> bool:
        """Whether this seat's websocket says it is its turn, at or after ``acknowledged``."""
        return (
            not self.over
            and bool(self.legal)
            and self.version >= max(acknowledged, self.floor)
            and (self.name is None or self.to_move == self.name)
        )

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            await asyncio.gather(self.listener, return_exceptions=True)
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(), CLOSE_TIMEOUT)
        await self.http.aclose()


class Game:
    """A game with two people, each on its own websocket."""

    def __init__(self, game_id: str, rng: random.Random, meter: Meter) -> None:
        self.id = game_id
        self.meter = meter
        self.rng = rng
        self.seats: list[Seat] = []
        self.acknowledged = 0
        self.moves = 0
        self.over = False
        self.trackers: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()

    @classmethod
    async def open(
        cls, address: tuple[str, int], ws_base: str, rng: random.Random, meter: Meter
    ) -> Game:
        """Create a game (the server draws its seed) and connect both seats; the first
        seat goes on with the connection that created the game."""
        http = Http(*address)
        try:
            body = orjson.dumps({"game": GAME, "seats": ["human", "human"]})
            status, content = await http.post("/api/games", body)
            if not 200 <= status < 300:
                raise Refused(f"HTTP {status}")
        except BaseException:
            await http.aclose()
            raise
        created = orjson.loads(content)
        game = cls(str(created["id"]), rng, meter)
        for entry in created["seats"]:
            token = str(entry.get("link") or "").partition("#seat=")[2]
            if token:
                game.seats.append(Seat(game, token, Http(*address) if game.seats else http))
        try:
            if len(game.seats) != 2:
                raise RuntimeError(f"game {game.id}: expected two seat links, got {created}")
            for seat in game.seats:
                await seat.open(f"{ws_base}/api/games/{game.id}/ws")
        except BaseException:
            await game.close()
            await http.aclose()  # closed already if a seat has it
            raise
        return game

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait(self, deadline: float) -> None:
        """Until a websocket message comes (or ``deadline``)."""
        changed = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), max(0.0, deadline - now()))

    def done(self, cap: int | None) -> bool:
        """Over, broken, or played ``cap`` moves: to be replaced."""
        return (
            self.over
            or any(seat.over or seat.closed for seat in self.seats)
            or (cap is not None and self.moves >= cap)
        )

    def mover(self) -> Seat | None:
        """The seat whose websocket says it may act now."""
        return next((s for s in self.seats if s.may_act(self.acknowledged)), None)

    async def wait_mover(self, deadline: float, cap: int | None) -> Seat | None:
        for _ in range(MAX_WAKES):
            if self.done(cap):
                return None
            seat = self.mover()
            if seat is not None:
                return seat
            if now() >= deadline:
                return None
            await self.wait(deadline)
        return None

    async def post(self, seat: Seat, errors: Counter[str]) -> int | None:
        """``seat`` takes a random legal action; the acknowledged version, or ``None``."""
        action = self.rng.choice(seat.legal)
        body = orjson.dumps({"action": action, "version": seat.version})
        try:
            status, content = await seat.http.post(
                f"/api/games/{self.id}/actions", body, seat.token
            )
        except HTTP_ERRORS as error:
            errors[type(error).__name__] += 1
            return None
        if status != 200:
            errors[f"HTTP {status}"] += 1
            if status == 409:
                seat.floor = seat.version + 1
            return None
        version = int(orjson.loads(content)["version"])  # the state comes on the websocket
        self.acknowledged = max(self.acknowledged, version)
        self.moves += 1
        return version

    async def shown(self, version: int, deadline: float) -> float | None:
        """When the later of the seats' updates at ``version`` (or later) came."""
        for _ in range(MAX_WAKES):
            if all(seat.version >= version for seat in self.seats):
                times = [seat.arrived(version) for seat in self.seats]
                return None if None in times else max(t for t in times if t is not None)
            if any(seat.closed for seat in self.seats) or now() >= deadline:
                return None
            await self.wait(deadline)
        return None

    async def close(self) -> None:
        for task in self.trackers:
            task.cancel()
        await asyncio.gather(*self.trackers, return_exceptions=True)
        await asyncio.gather(*(seat.close() for seat in self.seats))


# -- a run: one mode against one server -----------------------------------------------


@dataclass(frozen=True)
class Options:
    games: int
    moves: int | None
    seconds: float
    warmup: float
    rate: float
    seed: int


@dataclass
class Figures:
    """What one run saw; latencies in seconds."""

    acknowledged: int = 0
    sent: int = 0
    offered: int = 0
    late: int = 0
    missed: int = 0
    lost: int = 0
    games_replaced: int = 0
    lateness: list[float] = field(default_factory=list)
    from_send: list[float] = field(default_factory=list)
    from_schedule: list[float] = field(default_factory=list)
    acknowledgement: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


class Run:
    """One client process's games in one mode: their slots' replacements and figures."""

    def __init__(self, server: Server, options: Options, index: int, slots: list[int]) -> None:
        self.address = ("127.0.0.1", server.port)
        self.options = options
        self.index = index
        self.slots = slots
        """The global number of each of this process's slots (it spreads load schedules)."""
        self.ws_base = server.base.replace("http://", "ws://")
        self.meter = Meter()
        self.figures = Figures()
        self.serials = itertools.count()
        self.games: list[Game] = []
        self.retiring: set[asyncio.Task[None]] = set()
        self.start = self.warm = self.stop = self.cutoff = math.inf

    def rng(self) -> random.Random:
        """The random moves of the next game (the server draws the game's own seed)."""
        return random.Random(f"{self.options.seed}/{self.index}/{next(self.serials)}")

    async def open_all(self) -> None:
        """Create every slot's first game (before the clock starts)."""
        gate = asyncio.Semaphore(8)

        async def one() -> Game:
            async with gate:
                return await Game.open(self.address, self.ws_base, self.rng(), self.meter)

        self.games = list(await asyncio.gather(*(one() for _ in self.slots)))

    def begin(self, start: float) -> None:
        self.start = start
        self.warm = self.start + self.options.warmup
        self.stop = self.start + self.options.seconds
        self.cutoff = self.stop + GRACE
        self.meter.start, self.meter.stop = self.warm, self.stop

    async def replace(self, slot: int) -> Game:
        """Retire the slot's game and open a new one (several tries)."""
        old = self.games[slot]
        task = asyncio.create_task(self._retire(old))
        self.retiring.add(task)
        task.add_done_callback(self.retiring.discard)
        for _ in range(OPEN_ATTEMPTS):
            try:
                game = await Game.open(self.address, self.ws_base, self.rng(), self.meter)
            except (*HTTP_ERRORS, Refused, WebSocketException) as error:
                self.figures.errors[f"new game: {type(error).__name__}"] += 1
                await asyncio.sleep(0.2)
                continue
            self.games[slot] = game
            self.figures.games_replaced += 1
            return game
        raise RuntimeError(f"slot {self.slots[slot]}: no new game could be opened")

    async def _retire(self, game: Game) -> None:
        if game.trackers:
            await asyncio.wait(set(game.trackers), timeout=max(0.0, self.cutoff - now()))
        await game.close()

    def track(self, game: Game, version: int, sent: float, scheduled: float | None) -> None:
        """Follow one measured move until both seats have been shown its version."""
        figures = self.figures

        async def follow() -> None:
            last = await game.shown(version, self.cutoff)
            if last is None:
                figures.lost += 1
                return
            figures.from_send.append(last - sent)
            if scheduled is not None:
                figures.from_schedule.append(last - scheduled)

        task = asyncio.create_task(follow())
        game.trackers.add(task)
        task.add_done_callback(game.trackers.discard)

    async def drive(self, slots: list[asyncio.Task[None]]) -> None:
        """Wait for the slots (until the cut-off), then close every game."""
        _, pending = await asyncio.wait(slots, timeout=max(0.0, self.cutoff - now()))
        for task in pending:
            task.cancel()
        for outcome in await asyncio.gather(*slots, return_exceptions=True):
            if isinstance(outcome, Exception):
                self.figures.errors[f"slot: {type(outcome).__name__}: {outcome}"] += 1
        trackers = {task for game in self.games for task in game.trackers}
        if trackers:
            await asyncio.wait(trackers, timeout=max(0.1, self.cutoff - now()))
        if self.retiring:
            await asyncio.wait(set(self.retiring), timeout=max(0.1, self.cutoff - now()))
        await asyncio.gather(*(game.close() for game in self.games))

    def counted(self, at: float) -> bool:
        """Whether a move sent (or scheduled) ``at`` is measured."""
        return self.warm <= at < self.stop

    async def move(self, game: Game, seat: Seat, scheduled: float | None = None) -> bool:
        """``seat`` moves now; measured if sent (or ``scheduled``) in the window. Its delays
        run from ``scheduled`` when given, and from the send too."""
        sent = now()
        origin = sent if scheduled is None else scheduled
        version = await game.post(seat, self.figures.errors)
        acknowledged = now()
        if version is None:
            return False
        if self.warm <= acknowledged <= self.stop:
            self.figures.acknowledged += 1
        if self.counted(origin):
            self.figures.sent += 1
            self.figures.acknowledgement.append(acknowledged - origin)
            self.track(game, version, sent, scheduled)
        return True


async def saturation(run: Run) -> None:
    """Every seat posts as soon as its websocket says it is its turn."""
    await asyncio.sleep(max(0.0, run.start - now()))

    async def seat_loop(game: Game, seat: Seat) -> None:
        for _ in range(MAX_WAKES):
            if now() >= run.stop or game.done(run.options.moves):
                return
            if not seat.may_act(game.acknowledged):
                await game.wait(run.stop)
                continue
            if not await run.move(game, seat):
                await asyncio.sleep(ERROR_PAUSE)

    async def slot_loop(slot: int) -> None:
        for _ in range(MAX_WAKES):
            game = run.games[slot]
            await asyncio.gather(*(seat_loop(game, seat) for seat in game.seats))
            if now() >= run.stop:
                return
            await run.replace(slot)

    await run.drive([asyncio.create_task(slot_loop(slot)) for slot in range(len(run.slots))])


async def offered_load(run: Run) -> None:
    """Each game moves on its own schedule of ``rate`` moves per second."""
    period = 1 / run.options.rate
    ticks = math.ceil(run.options.seconds * run.options.rate) + 1
    cap = run.options.moves
    figures = run.figures

    async def ready_mover(slot: int) -> Seat | None:
        """The seat to move in the slot's game, replacing finished games (until stop)."""
        for _ in range(OPEN_ATTEMPTS):
            if run.games[slot].done(cap):
                await run.replace(slot)
            seat = await run.games[slot].wait_mover(run.stop, cap)
            if seat is not None or now() >= run.stop:
                return seat
        return None  # the slot's games kept failing

    async def slot_loop(slot: int) -> None:
        phase = run.slots[slot] / (run.options.games * run.options.rate)
        for tick in range(ticks):
            scheduled = run.start + phase + tick * period
            if scheduled >= run.stop:
                return
            counted = run.counted(scheduled)
            figures.offered += counted
            if now() >= run.stop:  # a backlog at the end: these ticks are never sent
                figures.late += counted
                figures.missed += counted
                continue
            if run.games[slot].done(cap):
                await run.replace(slot)
            overran = now() > scheduled
            if not overran:
                await asyncio.sleep(scheduled - now())
            game = run.games[slot]
            seat = game.mover()
            late = overran or seat is None
            if seat is None:
                seat = await ready_mover(slot)
                game = run.games[slot]
            if counted and late:
                figures.late += 1
            if seat is None:
                figures.missed += counted
                continue
            if counted and late:
                figures.lateness.append(now() - scheduled)
            await run.move(game, seat, scheduled)

    await run.drive([asyncio.create_task(slot_loop(slot)) for slot in range(len(run.slots))])


# -- the client processes -------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One client process's part of a mode: which of the slots it plays."""

    server: Server
    mode: str
    options: Options
    index: int
    slots: list[int]


@dataclass
class Share:
    """What one client process saw in the measured window."""

    figures: Figures
    messages: int
    bytes: int
    sizes: list[int]
    wire: list[int]


def client_process(pipe: Connection, part: Part) -> None:
    """One client process (spawned): its slots' games on its own event loop. It says
    ``ready`` once its first games are open, waits for the shared start time, and sends
    its ``Share`` (or ``failed`` and why)."""
    try:
        run = Run(part.server, part.options, part.index, part.slots)
        share = uvloop.run(_client(pipe, run, part.mode))
        pipe.send(("done", share))
    except BaseException:
        with contextlib.suppress(OSError):
            pipe.send(("failed", traceback.format_exc()))
    finally:
        pipe.close()


def _start_time(pipe: Connection) -> float:
    """The start, on this process's clock, from the wall-clock time the parent sends."""
    if not pipe.poll(READY_TIMEOUT):
        raise RuntimeError("no start time came")
    tag, wall = pipe.recv()
    if tag != "start":
        raise RuntimeError(f"told {tag!r} instead of a start time")
    return now() + (wall - time.time())


async def _client(pipe: Connection, run: Run, mode: str) -> Share:
    await run.open_all()
    pipe.send(("ready", None))
    run.begin(await asyncio.to_thread(_start_time, pipe))
    await (saturation(run) if mode == "saturation" else offered_load(run))
    await asyncio.sleep(max(0.0, run.stop - now()))  # alive until the CPU is read
    meter = run.meter
    return Share(run.figures, meter.messages, meter.bytes, meter.sizes, meter.wire)


class Reports:
    """What the client processes say on their pipes: a failure at once (raised), anything
    else kept until asked for."""

    def __init__(self, pipes: list[Connection]) -> None:
        self.pipes = pipes
        self.said: dict[int, tuple[str, Any]] = {}

    def listen(self, deadline: float) -> None:
        """Take what is said until ``deadline``, or until every process has spoken."""
        for _ in range(MAX_WAKES):
            waiting = [pipe for index, pipe in enumerate(self.pipes) if index not in self.said]
            if not waiting or now() >= deadline:
                return
            for pipe in wait_any(waiting, timeout=max(0.0, deadline - now())):
                assert isinstance(pipe, Connection)
                index = self.pipes.index(pipe)
                try:
                    said, value = pipe.recv()
                except EOFError:
                    raise RuntimeError(f"client process {index} ended without a word") from None
                if said == "failed":
                    raise RuntimeError(f"client process {index} failed:\n{value}")
                self.said[index] = (said, value)

    def take(self, tag: str, deadline: float) -> list[Any]:
        """Each process's ``tag`` message, in order (waiting until ``deadline``)."""
        self.listen(deadline)
        if len(self.said) < len(self.pipes):
            raise RuntimeError(f"client processes did not report {tag!r} in time")
        for index, (said, _) in self.said.items():
            if said != tag:
                raise RuntimeError(f"client process {index} said {said!r}, not {tag!r}")
        values = [self.said[index][1] for index in range(len(self.pipes))]
        self.said.clear()
        return values


def _percent(before: float | None, after: float | None, window: float) -> float | None:
    if before is None or after is None:
        return None
    return round(100 * (after - before) / window, 1)


def merged(shares: list[Share]) -> Figures:
    """The processes' figures as one: counts summed, delays pooled, errors added up."""
    total = Figures()
    for share in shares:
        for item in fields(Figures):
            mine, theirs = getattr(total, item.name), getattr(share.figures, item.name)
            if isinstance(mine, int):
                setattr(total, item.name, mine + theirs)
            elif isinstance(mine, list):
                mine.extend(theirs)
            else:
                mine.update(theirs)
    return total


def cpu_use(
    servers: list[int], clients: list[int], window: tuple[float, float], reports: Reports
) -> dict[str, Any]:
    """CPU use of the client processes and of the server processes (each kind summed, and
    each) over the measured ``window`` (``None`` where unknown)."""
    pids = [*servers, *clients]
    warm, stop = window
    reports.listen(warm)  # raises at once if a process fails
    time.sleep(max(0.0, warm - now()))
    before = [cpu_seconds(pid) for pid in pids]
    reports.listen(stop)
    time.sleep(max(0.0, stop - now()))
    after = [cpu_seconds(pid) for pid in pids]
    each = [_percent(b, a, stop - warm) for b, a in zip(before, after, strict=True)]
    serving, playing = each[: len(servers)], each[len(servers) :]
    return {
        "client_cpu_percent": _summed(playing),
        "client_cpu_percent_each": playing,
        "server_cpu_percent": _summed(serving),
        "server_cpu_percent_each": serving,
    }


def _summed(percents: list[float | None]) -> float | None:
    """The sum of ``percents``, ``None`` if one is unknown."""
    known = [x for x in percents if x is not None]
    return round(sum(known), 1) if len(known) == len(percents) else None


def measure(servers: list[Server], mode: str, options: Options, clients: int) -> dict[str, Any]:
    """One mode against ``servers`` from ``clients`` processes (client ``i`` plays all its
    games on server ``i`` modulo their number, as a balancer keeping each game on one
    process would): their merged figures."""
    count = min(max(clients, len(servers)), options.games)
    context = multiprocessing.get_context("spawn")
    pipes: list[Connection] = []
    processes: list[multiprocessing.process.BaseProcess] = []
    try:
        for index in range(count):
            mine, theirs = context.Pipe()
            slots = list(range(index, options.games, count))
            part = Part(servers[index % len(servers)], mode, options, index, slots)
            process = context.Process(
                target=client_process, args=(theirs, part), name=f"bench-client-{index}"
            )
            process.daemon = True
            process.start()
            theirs.close()
            pipes.append(mine)
            processes.append(process)
        reports = Reports(pipes)
        reports.take("ready", now() + READY_TIMEOUT)
        start, wall = now() + LEAD, time.time() + LEAD
        for pipe in pipes:
            pipe.send(("start", wall))
        warm, stop = start + options.warmup, start + options.seconds
        pids = [process.pid or 0 for process in processes]
        cpu = cpu_use([server.pid for server in servers], pids, (warm, stop), reports)
        shares: list[Share] = reports.take("done", stop + GRACE + FINISH_TIMEOUT)
    finally:
        for process in processes:
            process.join(timeout=CLOSE_TIMEOUT)
            if process.is_alive():
                process.terminate()
                process.join(timeout=CLOSE_TIMEOUT)
        for pipe in pipes:
            pipe.close()
    window = stop - warm
    figures = merged(shares)
    messages = sum(share.messages for share in shares)
    received = sum(share.bytes for share in shares)
    sizes = sorted(size for share in shares for size in share.sizes)
    wire = sorted(size for share in shares for size in share.wire)
    result: dict[str, Any] = {
        "games": options.games,
        "server_processes": len(servers),
        "client_processes": count,
        "window_s": round(window, 2),
        "warmup_s": options.warmup,
        "acknowledged_moves": figures.acknowledged,
        "achieved_moves_per_s": round(figures.acknowledged / window, 1),
        "measured_moves": figures.sent,
        "lost_updates": figures.lost,
        "games_replaced": figures.games_replaced,
        "errors": dict(figures.errors),
        "ws_messages_per_s": round(messages / window, 1),
        "ws_kib_per_message": round(received / max(1, messages) / 1024, 1),
        "ws_message_bytes": _sizes(sizes),
        "ws_wire_bytes": _sizes(wire),
        **cpu,
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
    }
    if mode == "saturation":
        result["move_to_every_update"] = summary(figures.from_send)
        result["move_to_acknowledgement"] = summary(figures.acknowledgement)
    else:
        result["rate_per_game"] = options.rate
        result["offered_moves"] = figures.offered
        result["offered_moves_per_s"] = round(figures.offered / window, 1)
        result["late_ticks"] = figures.late
        result["missed_ticks"] = figures.missed
        result["lateness"] = summary(figures.lateness)
        result["scheduled_to_every_update"] = summary(figures.from_schedule)
        result["sent_to_every_update"] = summary(figures.from_send)
        result["scheduled_to_acknowledgement"] = summary(figures.acknowledgement)
    return result


def _sizes(ordered: list[int]) -> dict[str, int | None]:
    """Median and p99 of message sizes in bytes."""
    if not ordered:
        return {"median": None, "p99": None}
    return {"median": round(statistics.median(ordered)), "p99": round(percentile(ordered, 0.99))}


# -- output ---------------------------------------------------------------------------


def _delays(figures: dict[str, Any], keys: tuple[str, ...]) -> str:
    if not figures["count"]:
        return "none"
    parts = [f"{key.removesuffix('_ms')} {figures[key]:.1f}" for key in keys]
    return f"{', '.join(parts)} ms (n={figures['count']})"


def show(name: str, mode: str, note: str, result: dict[str, Any]) -> None:
    table = Table(title=f"{name}, {mode} ({note})", show_header=False, title_justify="left")
    table.add_column("figure")
    table.add_column("value", overflow="fold")
    table.add_row("games at once", str(result["games"]))
    table.add_row("measured window", f"{result['window_s']} s after {result['warmup_s']} s")
    if mode == "saturation":
        rows = [
            ("acknowledged moves/s", f"{result['achieved_moves_per_s']}"),
            (
                "move to every seat's update",
                _delays(result["move_to_every_update"], ("median_ms", "p99_ms", "max_ms")),
            ),
            (
                "move to acknowledgement",
                _delays(result["move_to_acknowledgement"], ("median_ms", "p99_ms")),
            ),
        ]
    else:
        every = ("median_ms", "p90_ms", "p99_ms", "max_ms")
        rows = [
            (
                "offered moves/s",
                f"{result['offered_moves_per_s']} ({result['rate_per_game']}/game)",
            ),
            ("achieved moves/s", f"{result['achieved_moves_per_s']}"),
            ("late ticks", f"{result['late_ticks']} of {result['offered_moves']}"),
            ("ticks never sent", str(result["missed_ticks"])),
            ("lateness of late ticks", _delays(result["lateness"], ("median_ms", "max_ms"))),
            ("scheduled to every update", _delays(result["scheduled_to_every_update"], every)),
            ("sent to every update", _delays(result["sent_to_every_update"], every)),
        ]
    for row in rows:
        table.add_row(*row)
    table.add_row("updates never seen", str(result["lost_updates"]))
    table.add_row("games replaced", str(result["games_replaced"]))
    table.add_row(
        "websocket messages",
        f"{result['ws_messages_per_s']}/s, {result['ws_kib_per_message']} KiB each",
    )
    wire, text = result["ws_wire_bytes"], result["ws_message_bytes"]
    table.add_row(
        "websocket message size",
        f"on the wire median {wire['median']} B, p99 {wire['p99']} B "
        f"(as text: median {text['median']} B, p99 {text['p99']} B)",
    )
    table.add_row(
        "CPU (clients, servers)",
        f"{result.get('client_cpu_percent')} % over {result['client_processes']} client "
        f"processes ({' + '.join(map(str, result.get('client_cpu_percent_each') or []))}), "
        f"{result.get('server_cpu_percent')} % over {result['server_processes']} server "
        f"processes ({' + '.join(map(str, result.get('server_cpu_percent_each') or []))})",
    )
    table.add_row("errors", ", ".join(f"{k}: {v}" for k, v in result["errors"].items()) or "none")
    table.add_row("load average after", " ".join(map(str, result["loadavg_after"])))
    console.print(table)


def git_head() -> dict[str, Any]:
    """The commit measured, and whether the server's code differs from it."""
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "src/stratagem"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.split("\n")
    except (OSError, subprocess.SubprocessError):
        return {"head": None, "modified": []}
    return {"head": head, "modified": [line[3:] for line in changed if line.strip()]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--mode", choices=("saturation", "load", "both"), default="both")
    parser.add_argument("--games", type=int, default=50, help="games played at once")
    parser.add_argument(
        "--moves",
        type=int,
        default=None,
        help="moves per game before it is replaced (default: play each game to its end)",
    )
    parser.add_argument("--seconds", type=float, default=60, help="length of each mode")
    parser.add_argument("--warmup", type=float, default=5, help="seconds not counted")
    parser.add_argument("--rate", type=float, default=1.0, help="moves/s per game (load)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the random moves")
    parser.add_argument(
        "--clients",
        type=int,
        default=None,
        help="client processes sharing the games (default: 2 in saturation, 1 under load)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on one PostgreSQL database (more than 1: PostgreSQL only)",
    )
    parser.add_argument("--postgres", default=os.environ.get("STRATAGEM_DATABASE_URL"))
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    if not 0 <= args.warmup < args.seconds:
        parser.error("--warmup must be at least 0 and less than --seconds")
    if args.games < 1 or args.rate <= 0 or (args.moves is not None and args.moves < 1):
        parser.error("--games, --rate and --moves must be positive")
    if args.clients is not None and args.clients < 1:
        parser.error("--clients must be positive")
    postgres = args.postgres if args.postgres and args.postgres.startswith("postgres") else None
    if args.processes < 1 or (args.processes > 1 and not postgres):
        parser.error("--processes must be positive, and more than 1 needs --postgres")
    if postgres:
        _check_loopback(postgres)
    options = Options(args.games, args.moves, args.seconds, args.warmup, args.rate, args.seed)
    modes = ("saturation", "load") if args.mode == "both" else (args.mode,)
    kinds = ("SQLite", "PostgreSQL") if postgres else ("SQLite",)
    if args.processes > 1:  # SQLite is for one process
        kinds = ("PostgreSQL",)
    revision = git_head()
    load = [round(x, 2) for x in os.getloadavg()]
    console.print(f"command: {shlex.join(sys.orig_argv)}")
    console.print(
        f"git HEAD: {revision['head']}; modified under src/stratagem: "
        f"{', '.join(revision['modified']) or 'nothing'}"
    )
    console.print(f"machine: {os.cpu_count()} CPUs, load average {' '.join(map(str, load))}")
    report: dict[str, Any] = {
        "command": shlex.join(sys.orig_argv),
        "started_utc": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "git": revision,
        "cpus": os.cpu_count(),
        "loadavg_start": load,
        "options": {**asdict(options), "clients": args.clients},
        "runs": [],
    }
    for kind in kinds:
        for mode in modes:
            clients = args.clients or CLIENTS[mode]
            with (
                database(kind, postgres) as (url, note),
                serve_many(url, args.processes) as servers,
            ):
                console.print(
                    f"{kind}, {mode}: {options.games} games, {options.seconds} s, "
                    f"{len(servers)} server and {min(max(clients, len(servers)), options.games)} "
                    "client processes ..."
                )
                result = measure(servers, mode, options, clients)
            show(kind, mode, note, result)
            report["runs"].append({"database": kind, "mode": mode, "note": note, **result})
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
        console.print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
