"""Who is at the table in every process: a row per game, seat and process while that
process holds a connection seeing as the seat, renewed by its heartbeat.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    """Add the table of presences."""
    op.create_table(
        "presence",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_presence_seen_at", "presence", ["seen_at"])


def downgrade() -> None:
    """Drop the table of presences."""
    op.drop_index("ix_presence_seen_at", "presence")
    op.drop_table("presence")
