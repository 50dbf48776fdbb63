"""How ``stratagem serve`` runs the table under uvicorn so that no client can take the
process's connections or files from the others:

* **Slow and silent clients.** A connection must have sent a whole request (headers and
  body) within ``Settings.request_timeout`` seconds of opening, or of its previous
  answer; otherwise it is dropped. uvicorn alone times out only an idle kept-alive
  connection, so a client that trickles its headers a byte at a time (slowloris), or
  opens a connection and sends nothing, would hold it for ever.
* **Open files.** The soft limit on open files is raised to the hard limit at start-up,
  and uvicorn answers 503 (``limit_concurrency``) once the connections come within
  ``FILES_KEPT`` of it, so that the database, the log and the pages can still be opened:
  a full process says "try again", never "Too many open files" as a 500.
* **Proxies.** ``X-Forwarded-For`` is believed only from the addresses of
  ``Settings.trusted_proxies`` (none by default): otherwise any client could name its
  own address and escape the per-address limits.

Websockets are capped per address and in all by ``guards.WebSocketCap``. Their messages
are compressed (permessage-deflate, RFC 7692) when the browser offers it, as every browser
does, with the window of 32 KiB its server side may use (``deflating_protocol``): a patch
mostly holds the board drawn anew, which the previous message, still in the window,
holds nearly all of, so it costs a few hundred bytes and little time (uvicorn's own 4 KiB
window: about 3 KiB and nine times the time, measured on Eighty Years War). The cost is
memory: about 144 KiB of zlib state per connection (32 KiB with uvicorn's setting).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import resource
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

FILES_KEPT = 128
"""Open files kept for the process itself (database connections, the SQLite file and
its journal, threads, the log) beyond its connections."""
MOST_FILES = 1 << 20
"""The soft limit is raised no further than this (a hard limit may be ``unlimited``)."""
DEFLATE = ServerPerMessageDeflateFactory(
    server_max_window_bits=15,
    client_max_window_bits=12,
    compress_settings={"memLevel": 5, "level": 1},
)
"""permessage-deflate as the table offers it: the server compresses with a 32 KiB window
(kept from message to message) at zlib's fastest level, the browser with at most 4 KiB
(it sends little). Now that a patch holds only the board's pieces that changed, level 1
compresses a message in half the time of the default level 6 (34 against 66 us, Eighty
Years War) for about 90 bytes more on the wire at the median (about 210 B against 120)."""


YOUNG_COLLECTED_AFTER = 10_000
"""New container objects (net of those freed) after which the cyclic collector looks at
the youngest generation, in place of CPython's 700 (``settle_collector``)."""


def settle_collector() -> None:
    """Tune the cyclic garbage collector once the table is up. The objects made so far
    (modules, data packs, the application, the games' tables) stay for the process's
    life, so they are moved out of the collector's sight for good (``gc.freeze``), and
    the youngest generation is collected after ``YOUNG_COLLECTED_AFTER`` new objects:
    each move makes and keeps many small containers (payloads, logs, boards), so at
    CPython's 700 a saturated table spent about a seventh of its time collecting, and
    each full collection paused every table for about 0.1 s (DECISIONS, "The collector
    settled")."""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTED_AFTER, older, oldest)


def raise_open_files() -> int:
    """Raise the soft limit on open files toward the hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # not allowed here: the limit stays, and so does the cap below it
    return MOST_FILES if soft == resource.RLIM_INFINITY else soft


def concurrency_for(files: int) -> int:
    """Connections (and requests in progress) uvicorn takes before it answers 503."""
    return max(16, files - FILES_KEPT)


def timed_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol, dropping a connection whose request has not wholly
    arrived ``seconds`` after the connection opened or its last answer went out."""

    class Timed(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            # upgraded to a websocket, the transport has another protocol now
            if self.transport.get_protocol() is self and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

    return Timed


class DeflatingProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (websockets, sans-I/O), negotiating ``DEFLATE``."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = ServerProtocol(
            extensions=[DEFLATE],
            max_size=config.ws_max_size,
            logger=logging.getLogger("uvicorn.error"),
        )


def uvicorn_options(
    request_timeout: float, trusted_proxies: tuple[str, ...], files: int
) -> dict[str, Any]:
    """The options of ``uvicorn.run`` for these settings and a limit of ``files``."""
    return {
        "http": timed_protocol(request_timeout),
        "ws": DeflatingProtocol,
        "timeout_keep_alive": min(5.0, request_timeout),
        "limit_concurrency": concurrency_for(files),
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies) or None,
    }
