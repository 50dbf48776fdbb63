"""Settings of the web table, from the environment or the ``stratagem serve`` options."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE = "sqlite:///stratagem.sqlite3"
DATABASE_ENV = "STRATAGEM_DATABASE_URL"
BOT_DELAY_ENV = "STRATAGEM_BOT_DELAY"
DEFAULT_BOT_DELAY = 0.6
"""Seconds a bot waits before it acts, so that people can follow (and take back)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Where games are stored and how fast bots play."""

    database_url: str = DEFAULT_DATABASE
    bot_delay: float = DEFAULT_BOT_DELAY

    @classmethod
    def from_env(cls) -> Settings:
        """``STRATAGEM_DATABASE_URL`` and ``STRATAGEM_BOT_DELAY``, else the defaults."""
        delay = os.environ.get(BOT_DELAY_ENV)
        return cls(
            database_url=os.environ.get(DATABASE_ENV) or DEFAULT_DATABASE,
            bot_delay=float(delay) if delay else DEFAULT_BOT_DELAY,
        )
