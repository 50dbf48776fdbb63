"""The rate limits' counts shared by every process on one database: per key (the limit's
name and a client address) and window, the attempts counted and when the window ends.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    """Add the table of counts."""
    op.create_table(
        "rate_hits",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("slot", sa.BigInteger(), primary_key=True),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("ends", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_hits_ends", "rate_hits", ["ends"])


def downgrade() -> None:
    """Drop the table of counts."""
    op.drop_index("ix_rate_hits_ends", "rate_hits")
    op.drop_table("rate_hits")
