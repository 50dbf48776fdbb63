"""Pace and clocks: a timed game's pace, time per move and what a seat out of time gets,
its clock (the person to act, since when, the deadline still to enforce), and the turn
reminders sent.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"

COLUMNS = (
    ("pace", sa.String(8)),
    ("per_move", sa.Integer()),
    ("on_timeout", sa.String(8)),
    ("turn_seat", sa.Integer()),
    ("turn_since", sa.DateTime(timezone=True)),
    ("turn_due", sa.DateTime(timezone=True)),
    ("turn_prior", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    """Add the games' pace and clock columns and the table of reminders."""
    for name, kind in COLUMNS:
        op.add_column("games", sa.Column(name, kind, nullable=True))
    op.create_index("ix_games_turn_due", "games", ["turn_due"])
    op.create_table(
        "reminders",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("turn", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the reminders and the games' pace and clock columns."""
    op.drop_table("reminders")
    op.drop_index("ix_games_turn_due", "games")
    with op.batch_alter_table("games") as batch:
        for name, _kind in reversed(COLUMNS):
            batch.drop_column(name)
