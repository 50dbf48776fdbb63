"""Accounts: a person's name and password hash, their signed-in sessions, the seat
links their account holds, and which account plays (or is invited to) each seat.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    """Add the accounts, their sessions and links, and the seats' account."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("name_key", sa.String(24), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("remind", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("failures_since", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_links",
        sa.Column(
            "account_id",
            sa.String(32),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
    )
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        seats.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    """Drop the accounts and the seats' account."""
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("ix_seats_account_id")
        seats.drop_column("account_id")
    op.drop_table("account_links")
    op.drop_table("sessions")
    op.drop_table("accounts")
