"""Games say whether chance or a bot is to act (``driver``), so that any process can find
the games whose chance and bot player must be (re)started.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    """Add ``games.driver``; an unfinished game may need its driver until it is loaded."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("driver", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.execute(sa.text("UPDATE games SET driver = NOT finished"))
    op.create_index("ix_games_driver", "games", ["driver"])


def downgrade() -> None:
    """Drop ``games.driver``."""
    op.drop_index("ix_games_driver", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("driver")
