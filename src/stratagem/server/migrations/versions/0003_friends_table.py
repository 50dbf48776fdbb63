"""The table friends use: public games with open seats, the creator's link, the time after
which the creator may hand an absent seat to a bot, rematches, and each game's chat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    """Add the games' new columns, when each seat was last filled, and the chat table."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("hand_over_after", sa.Integer(), nullable=False, server_default="600")
        )
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    op.create_index("ix_games_public", "games", ["public"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("since", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "chat",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the chat and the new columns."""
    op.drop_table("chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("since")
    op.drop_index("ix_games_public", "games")
    with op.batch_alter_table("games") as batch:
        for column in ("rematch", "hand_over_after", "creator_hash", "public"):
            batch.drop_column(column)
