"""The web table: play any game in the browser, with friends or bots (``stratagem serve``).

FastAPI serves the lobby, the game pages, a JSON API and a websocket per game; games are
stored as a creation record plus an append-only action log (SQLAlchemy: SQLite by default,
PostgreSQL by URL) and rebuilt by replay.
"""

from stratagem.server.app import create_app
from stratagem.server.settings import Settings

__all__ = ["Settings", "create_app"]
