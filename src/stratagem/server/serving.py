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
does: uvicorn's own settings (a 4 KiB window, zlib's memory level 5: about 32 KiB per
connection) keep the cost per connection small; a patch is small, and the board drawn
anew in it compresses well on its own.
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

FILES_KEPT = 128
"""Open files kept for the process itself (database connections, the SQLite file and
its journal, threads, the log) beyond its connections."""
MOST_FILES = 1 << 20
"""The soft limit is raised no further than this (a hard limit may be ``unlimited``)."""


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


def uvicorn_options(
    request_timeout: float, trusted_proxies: tuple[str, ...], files: int
) -> dict[str, Any]:
    """The options of ``uvicorn.run`` for these settings and a limit of ``files``."""
    return {
        "http": timed_protocol(request_timeout),
        "ws_per_message_deflate": True,
        "timeout_keep_alive": min(5.0, request_timeout),
        "limit_concurrency": concurrency_for(files),
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies) or None,
    }
