"""Ratings as stored: each account's rating per game, and each finished game's placings.

A finished game with at least one seat bound to an account is *graded* once: its row in
``game_results`` (keyed by the game's id) is written in the same transaction as its
seats' placings and, if it is rated, their new ratings. A second grading of the same game,
by this process or another, finds the row and changes nothing: each game counts exactly
once. The process that stores a game's finishing entry grades it at once
(``Hub.graded``); the supervisor's sweep grades any finished game left ungraded (its
process killed in between, the database away at the time).

Two games sharing an account may be graded at the same moment by two processes: the
accounts' rating rows are read for update (PostgreSQL) after the game's row is written
(on SQLite that write takes the database's write lock first), so neither update is lost.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    and_,
    exists,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from stratagem.server.account_store import AccountRow
from stratagem.server.memory import RULES
from stratagem.server.ratings import Outcome, Rating, placing, rated_accounts, updated
from stratagem.server.replay import replay
from stratagem.server.storage import (
    DELETED_PLAYER,
    Base,
    GameRecord,
    GameRow,
    SeatRecord,
    SeatRow,
    Store,
    as_utc,
    db_call,
    utc_now,
)

TRIES = 3
"""Times a grading is tried when another one created the same new rating row first."""
GAMES_SHOWN = 50
"""Finished games a profile lists (the newest)."""
HISTORY_SHOWN = 200
"""Points of a game's rating history a profile gives (the newest)."""


class RatingRow(Base):
    """An account's rating in one game."""

    __tablename__ = "player_ratings"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class GameResultRow(Base):
    """A graded game: written once, with its seats' placings and new ratings."""

    __tablename__ = "game_results"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64))
    rated: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)


class SeatResultRow(Base):
    """How a graded game placed one seat, and its account's rating before and after."""

    __tablename__ = "seat_results"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_results.game_id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    rank: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    how: Mapped[str] = mapped_column(String(16))
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_after: Mapped[float | None] = mapped_column(Float, nullable=True)


@dataclass(frozen=True, slots=True)
class Opponent:
    """A seat of a game as a profile lists it."""

    seat: str
    player: str | None
    """Its account's name (``DELETED_PLAYER`` once deleted), or none: a guest or a bot."""
    controller: str
    rank: int
    how: str


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game of a profile's account."""

    id: str
    game: str
    at: dt.datetime
    seat: str
    rank: int
    won: bool
    how: str
    reason: str
    rated: bool
    before: float | None
    after: float | None
    seats: tuple[Opponent, ...]


@dataclass(frozen=True, slots=True)
class Profile:
    """A live account's public record."""

    name: str
    since: dt.datetime | None
    ratings: dict[str, Rating]
    history: dict[str, list[tuple[dt.datetime, str, float]]]
    """Per game, the rating's mean after each rated game (its time and id), oldest first."""
    games: list[PlayedGame]


class RatingStore:
    """Grades finished games and reads ratings (every method one short transaction)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -- grading ----------------------------------------------------------------------------

    def grade(self, game_id: str) -> bool:
        """Grade a finished game if nobody has yet; whether this call did."""
        record = self.store.game(game_id)
        if record is None or not any(seat.account for seat in record.seats):
            return False
        if self.graded(game_id):
            return False
        game = RULES.get(record.game, record.options)
        entries = self.store.entries(game_id)
        outcome = placing(game.seat_names, replay(game, entries), entries)
        accounts = rated_accounts(record)
        for _ in range(TRIES):
            try:
                self._write(record.game, game_id, outcome, accounts, record.seats)
            except IntegrityError:
                # graded meanwhile by another process, or another grading made one of
                # these accounts' first rating row: nothing was written; look again
                if self.graded(game_id):
                    return False
                continue
            return True
        return False

    @db_call
    def graded(self, game_id: str) -> bool:
        """Whether the game has been graded."""
        with Session(self.engine) as session:
            return session.get(GameResultRow, game_id) is not None

    @db_call
    def _write(
        self,
        game: str,
        game_id: str,
        outcome: Outcome,
        accounts: list[str] | None,
        seats: Sequence[SeatRecord],
    ) -> None:
        """Write the grading in one transaction (``IntegrityError``: nothing written). The
        game's row comes first: on SQLite it takes the write lock before anything is
        read; on PostgreSQL a second grading of the same game waits for it, then fails."""
        now = utc_now()
        with Session(self.engine) as session, session.begin():
            session.execute(
                insert(GameResultRow).values(
                    game_id=game_id,
                    game=game,
                    rated=accounts is not None,
                    reason=outcome.reason,
                    at=now,
                )
            )
            before: list[Rating] = []
            after: list[Rating] = []
            if accounts is not None:
                rows = {
                    row.account_id: row
                    for row in session.scalars(
                        select(RatingRow)
                        .where(RatingRow.game == game, RatingRow.account_id.in_(accounts))
                        .with_for_update()
                    )
                }
                before = [
                    Rating(rows[a].mu, rows[a].sigma, rows[a].games) if a in rows else Rating()
                    for a in accounts
                ]
                after = updated(before, [p.rank for p in outcome.placings])
                for account, rating in zip(accounts, after, strict=True):
                    values = {
                        "mu": rating.mu,
                        "sigma": rating.sigma,
                        "games": rating.games,
                        "updated_at": now,
                    }
                    if account in rows:
                        session.execute(
                            update(RatingRow)
                            .where(RatingRow.account_id == account, RatingRow.game == game)
                            .values(**values)
                        )
                    else:
                        session.execute(
                            insert(RatingRow).values(account_id=account, game=game, **values)
                        )
            bound = {seat.seat: seat.account for seat in seats}
            session.execute(
                insert(SeatResultRow),
                [
                    {
                        "game_id": game_id,
                        "seat": p.seat,
                        "account_id": bound.get(p.seat),
                        "rank": p.rank,
                        "won": p.won,
                        "how": p.how,
                        "mu_before": before[p.seat].mu if before else None,
                        "sigma_before": before[p.seat].sigma if before else None,
                        "mu_after": after[p.seat].mu if before else None,
                        "sigma_after": after[p.seat].sigma if before else None,
                    }
                    for p in outcome.placings
                ],
            )

    @db_call
    def ungraded(self) -> list[str]:
        """Finished games with a seat bound to an account that nobody has graded."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(GameRow.id).where(
                        GameRow.finished.is_(True),
                        exists().where(
                            and_(SeatRow.game_id == GameRow.id, SeatRow.account_id.is_not(None))
                        ),
                        ~exists().where(GameResultRow.game_id == GameRow.id),
                    )
                )
            )

    # -- reading ------------------------------------------------------------------------------

    @db_call
    def ratings(self, accounts: Sequence[str], game: str) -> dict[str, Rating]:
        """The ratings of ``accounts`` in ``game`` (a new rating for one that has none)."""
        wanted = set(accounts)
        with Session(self.engine) as session:
            found = {
                row.account_id: Rating(row.mu, row.sigma, row.games)
                for row in session.scalars(
                    select(RatingRow).where(
                        RatingRow.game == game, RatingRow.account_id.in_(wanted)
                    )
                )
            }
        return {account: found.get(account, Rating()) for account in wanted}

    @db_call
    def seated(self, records: Sequence[GameRecord]) -> dict[tuple[str, str], int]:
        """The shown rating of each account seated in ``records``, by (game, account)."""
        wanted = {(r.game, s.account) for r in records for s in r.seats if s.account}
        if not wanted:
            return {}
        with Session(self.engine) as session:
            rows = session.scalars(
                select(RatingRow).where(
                    RatingRow.account_id.in_({account for _, account in wanted}),
                    RatingRow.game.in_({game for game, _ in wanted}),
                )
            ).all()
        found = {(row.game, row.account_id): Rating(row.mu, row.sigma).shown for row in rows}
        return {key: found.get(key, Rating().shown) for key in wanted}

    @db_call
    def leaderboard(self, game: str, most: int) -> list[tuple[str, Rating]]:
        """The live accounts rated in ``game``, the highest first (at most ``most``)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountRow.name, RatingRow)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, AccountRow.deleted_at.is_(None))
                .order_by(RatingRow.mu.desc())
                .limit(most)
            ).all()
        return [
            (name or DELETED_PLAYER, Rating(row.mu, row.sigma, row.games)) for name, row in rows
        ]

    @db_call
    def profile(self, name: str) -> Profile | None:
        """The public record of the live account called ``name`` (any case)."""
        with Session(self.engine) as session:
            account = session.scalar(
                select(AccountRow).where(
                    AccountRow.name_key == name.casefold(), AccountRow.deleted_at.is_(None)
                )
            )
            if account is None or account.name is None:
                return None
            ratings = {
                row.game: Rating(row.mu, row.sigma, row.games)
                for row in session.scalars(
                    select(RatingRow).where(RatingRow.account_id == account.id)
                )
            }
            history: dict[str, list[tuple[dt.datetime, str, float]]] = {}
            points = session.execute(
                select(GameResultRow.game, GameResultRow.at, GameResultRow.game_id, SeatResultRow)
                .join(SeatResultRow, SeatResultRow.game_id == GameResultRow.game_id)
                .where(SeatResultRow.account_id == account.id, GameResultRow.rated.is_(True))
                .order_by(GameResultRow.at.desc())
                .limit(HISTORY_SHOWN)
            ).all()
            for game, at, game_id, seat in reversed(points):
                if seat.mu_after is not None:
                    history.setdefault(game, []).append((as_utc(at) or at, game_id, seat.mu_after))
            games = self._games(session, account.id)
        return Profile(account.name, as_utc(account.created_at), ratings, history, games)

    @staticmethod
    def _games(session: Session, account_id: str) -> list[PlayedGame]:
        mine = session.execute(
            select(GameResultRow, SeatResultRow)
            .join(SeatResultRow, SeatResultRow.game_id == GameResultRow.game_id)
            .where(SeatResultRow.account_id == account_id)
            .order_by(GameResultRow.at.desc())
            .limit(GAMES_SHOWN)
        ).all()
        ids = [result.game_id for result, _ in mine]
        placed: dict[tuple[str, int], SeatResultRow] = {
            (row.game_id, row.seat): row
            for row in session.scalars(select(SeatResultRow).where(SeatResultRow.game_id.in_(ids)))
        }
        seats: dict[str, list[SeatRow]] = {game_id: [] for game_id in ids}
        for seat in session.scalars(
            select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)
        ):
            seats[seat.game_id].append(seat)
        names = {
            row.id: row.name or DELETED_PLAYER
            for row in session.scalars(
                select(AccountRow).where(
                    AccountRow.id.in_(
                        {s.account_id for held in seats.values() for s in held if s.account_id}
                    )
                )
            )
        }
        played = []
        for result, own in mine:
            held = seats[result.game_id]
            seat_name = next((s.name for s in held if s.seat == own.seat), str(own.seat))
            played.append(
                PlayedGame(
                    id=result.game_id,
                    game=result.game,
                    at=as_utc(result.at) or result.at,
                    seat=seat_name,
                    rank=own.rank,
                    won=own.won,
                    how=own.how,
                    reason=result.reason,
                    rated=result.rated,
                    before=own.mu_before,
                    after=own.mu_after,
                    seats=tuple(
                        Opponent(
                            s.name,
                            None
                            if s.account_id is None
                            else names.get(s.account_id, DELETED_PLAYER),
                            s.controller,
                            placed[(s.game_id, s.seat)].rank,
                            placed[(s.game_id, s.seat)].how,
                        )
                        for s in held
                        if (s.game_id, s.seat) in placed
                    ),
                )
            )
        return played
