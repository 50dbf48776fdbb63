"""The waiting room: a signed-in person asks for a game (which game, how many players, at
what pace) and is matched with others asking the same whose ratings are near.

Each account has at most one request (asking again replaces it). Ratings are near when
every two of a group are within the *window* of both: ``WINDOW`` points at first, widening
by ``WIDENING`` points a minute as a request waits (so a person with nobody near is
matched with someone further off in the end). A request is looked at whenever its person
asks how it stands (the lobby does every few seconds), so its window widens as it waits.

A group found is made a rated game, its seats given to the group's accounts at random,
each bound to its account, which holds the seat's link. The requests are taken in the
transaction that stores the game: an update that takes only requests still waiting, all
of them or none, so two processes matching at once never put one request in two games
(the loser's game is not stored, and its requests are looked at again).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import DateTime, ForeignKey, Integer, String, delete, insert, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from stratagem.server.account_store import AccountLinkRow, AccountRow
from stratagem.server.pace import PACES as TIMED
from stratagem.server.storage import (
    Base,
    GameRecord,
    StorageError,
    Store,
    _insert_game,
    as_utc,
    db_call,
    utc_now,
)
from stratagem.server.tokens import token_hash

PACES = (*TIMED, "untimed")
"""The paces a request may ask for (``match_api.matched_pace``: the game's)."""
WINDOW = 100
"""Points two ratings may be apart to be matched at once."""
WIDENING = 100
"""Points a request's window widens by for each minute it waits."""


class MatchRow(Base):
    """An account's request for a game (``game_id``: the game it was matched into)."""

    __tablename__ = "match_requests"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    pace: Mapped[str] = mapped_column(String(16))
    rating: Mapped[int] = mapped_column(Integer)
    asked_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)


@dataclass(frozen=True, slots=True)
class Request:
    """A request as read: whose (id and name), for what, the rating it was made with."""

    account: str
    name: str
    game: str
    players: int
    pace: str
    rating: int
    asked_at: dt.datetime
    game_id: str | None = None

    def window(self, now: dt.datetime) -> float:
        """How far off a rating may be to be matched with this request now."""
        waited = max(0.0, (now - self.asked_at).total_seconds())
        return WINDOW + WIDENING * waited / 60


class Taken(StorageError):
    """A request of the group was taken by another match first: nothing was stored."""


def near(group: Sequence[Request], other: Request, now: dt.datetime) -> bool:
    """Whether ``other``'s rating is within the window of each member and theirs of it."""
    return all(
        abs(other.rating - member.rating) <= min(other.window(now), member.window(now))
        for member in group
    )


def choose(first: Request, waiting: Sequence[Request], now: dt.datetime) -> list[Request] | None:
    """A group of ``first.players`` requests for ``first``'s game and pace, ``first``
    among them, every two near each other; the nearest ratings to ``first`` are tried
    first (``None``: not enough are near yet)."""
    group = [first]
    others = sorted(
        (r for r in waiting if r.account != first.account and r.game_id is None),
        key=lambda r: (abs(r.rating - first.rating), r.asked_at),
    )
    for other in others:
        if near(group, other, now):
            group.append(other)
            if len(group) == first.players:
                return group
    return None


def _request(row: MatchRow, name: str | None) -> Request:
    return Request(
        row.account_id,
        name or "",
        row.game,
        row.players,
        row.pace,
        row.rating,
        as_utc(row.asked_at) or row.asked_at,
        row.game_id,
    )


class Matches:
    """The requests of a table's database; every method is one short transaction."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    @db_call
    def ask(self, account: str, game: str, players: int, pace: str, rating: int) -> None:
        """The account's request, replacing any earlier one (matched or not)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(MatchRow).where(MatchRow.account_id == account))
            session.execute(
                insert(MatchRow).values(
                    account_id=account,
                    game=game,
                    players=players,
                    pace=pace,
                    rating=rating,
                    asked_at=utc_now(),
                    game_id=None,
                )
            )

    @db_call
    def cancel(self, account: str) -> bool:
        """Withdraw the account's waiting request; whether there was one."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                delete(MatchRow).where(MatchRow.account_id == account, MatchRow.game_id.is_(None))
            )
            return bool(getattr(done, "rowcount", 0))

    @db_call
    def of(self, account: str) -> Request | None:
        """The account's request, if it has one."""
        with Session(self.engine) as session:
            row = session.get(MatchRow, account)
            return None if row is None else _request(row, None)

    @db_call
    def waiting(self, game: str, players: int, pace: str) -> list[Request]:
        """The requests waiting for the same game, size and pace, oldest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(MatchRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == MatchRow.account_id)
                .where(
                    MatchRow.game == game,
                    MatchRow.players == players,
                    MatchRow.pace == pace,
                    MatchRow.game_id.is_(None),
                    AccountRow.deleted_at.is_(None),
                )
                .order_by(MatchRow.asked_at)
            ).all()
            return [_request(row, name) for row, name in rows]

    @db_call
    def take(self, group: Sequence[Request], record: GameRecord, links: dict[str, str]) -> None:
        """Store the game ``record`` made of ``group``'s requests, take the requests, and
        give each account its seat's link (``links``: account -> token), in one
        transaction; ``Taken`` (nothing stored) if any request is no longer waiting."""
        accounts = [request.account for request in group]
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(MatchRow)
                .where(MatchRow.account_id.in_(accounts), MatchRow.game_id.is_(None))
                .values(game_id=record.id)
            )
            if taken.rowcount != len(accounts):  # the transaction is rolled back
                raise Taken("another match took one of these requests first")
            _insert_game(connection, record)
            connection.execute(
                insert(AccountLinkRow),
                [
                    {"account_id": account, "token_hash": token_hash(token), "token": token}
                    for account, token in links.items()
                ],
            )


def seating(group: Sequence[Request], rng: random.Random) -> list[Request]:
    """The group in the order of the seats they get: at random."""
    seated = list(group)
    rng.shuffle(seated)
    return seated
