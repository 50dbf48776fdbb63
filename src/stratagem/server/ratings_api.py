"""The leaderboards and players' profiles: ``GET /api/leaderboard/{game}`` and
``GET /api/players/{name}``, and their pages (``/leaderboard/{game}``, ``/players/{name}``,
drawn by ``static/ratings.js``).

Both say only what every seat of a finished game is shown at its end (who sat where, the
result, how it ended for each seat); nothing of a game still being played, and nothing
of the accounts but their public names. A deleted account has no profile; its name in
others' games is "deleted player".
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from stratagem.core import available_games, game_info
from stratagem.server.api import hub_of
from stratagem.server.bot_ratings import bot_ratings
from stratagem.server.errors import NotFound
from stratagem.server.rating_store import PlayedGame
from stratagem.server.ratings import HOW_WORDS, Rating, shown

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
LISTED = 100
"""Players a leaderboard lists at most."""


class Standing(BaseModel):
    """A line of a leaderboard: a player, or one of the bots' levels."""

    rank: int
    name: str
    rating: int
    provisional: bool = Field(description="Too few games yet for the rating to be settled.")
    games: int | None = Field(description="Rated games played (none for a bot).")
    bot: bool
    measured: str | None = Field(default=None, description="How the lab measured a bot's level.")
    commands: list[str] = Field(default_factory=list, description="The lab's commands.")


class Leaderboard(BaseModel):
    """One game's players and bots, the highest rated first, and the other games' boards."""

    game: str
    title: str
    standings: list[Standing]
    games: dict[str, str] = Field(description="Every game's name and title (their boards).")


class GameRatingOut(BaseModel):
    """A player's rating in one game."""

    game: str
    title: str
    rating: int
    provisional: bool
    games: int


class HistoryPoint(BaseModel):
    """The rating after one rated game."""

    at: str
    game_id: str
    rating: int


class SeatOut(BaseModel):
    """A seat of a finished game, as a profile shows it."""

    seat: str
    player: str | None = Field(description="Its account's name; none for a guest or a bot.")
    controller: str = Field(description="Who played it at the end: 'human' or a bot's name.")
    rank: int
    how: str


class PlayedOut(BaseModel):
    """A finished game of the player's."""

    id: str
    game: str
    title: str
    at: str
    seat: str
    result: str = Field(description="'won', 'drawn' or 'lost'.")
    rank: int
    how: str = Field(
        description="'result', 'forfeit' (the others gave up), 'resigned', 'time' or 'abandoned'."
    )
    how_words: str
    reason: str = Field(description="The game's result in words.")
    rated: bool
    rating_before: int | None
    rating_after: int | None
    seats: list[SeatOut]


class PlayerProfile(BaseModel):
    """A player's public record."""

    name: str
    since: str | None
    ratings: list[GameRatingOut]
    history: dict[str, list[HistoryPoint]]
    games: list[PlayedOut]


def _iso(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(dt.UTC).isoformat(timespec="seconds")


def _game_named(game: str) -> str:
    """The title of ``game``; 404 if there is none."""
    names = [info.name for info in available_games()]
    if game not in names:
        raise NotFound(f"no game named {game!r}; games: {', '.join(names)}")
    return game_info(game).title


def _titles() -> dict[str, str]:
    return {info.name: info.title for info in available_games()}


def _played(played: PlayedGame, titles: dict[str, str]) -> PlayedOut:
    drawn = all(seat.rank == 1 for seat in played.seats)
    return PlayedOut(
        id=played.id,
        game=played.game,
        title=titles.get(played.game, played.game),
        at=_iso(played.at) or "",
        seat=played.seat,
        result="won" if played.won else "drawn" if drawn else "lost",
        rank=played.rank,
        how=played.how,
        how_words=HOW_WORDS.get(played.how, played.how),
        reason=played.reason,
        rated=played.rated,
        rating_before=None if played.before is None else shown(played.before),
        rating_after=None if played.after is None else shown(played.after),
        seats=[
            SeatOut(seat=s.seat, player=s.player, controller=s.controller, rank=s.rank, how=s.how)
            for s in played.seats
        ],
    )


@router.get("/api/leaderboard/{game}", summary="A game's players and bots by rating")
async def leaderboard(game: str, request: Request) -> Leaderboard:
    title = _game_named(game)
    people = await anyio.to_thread.run_sync(hub_of(request).ratings.leaderboard, game, LISTED)
    lines: list[tuple[int, bool, Standing]] = []
    for name, rating in people:
        lines.append((rating.shown, rating.provisional, _person(name, rating)))
    for bot in bot_ratings(game):
        standing = Standing(
            rank=0,
            name=f"bot: {bot.level}",
            rating=bot.rating,
            provisional=False,
            games=None,
            bot=True,
            measured=bot.measured,
            commands=list(bot.commands),
        )
        lines.append((bot.rating, False, standing))
    lines.sort(key=lambda line: (line[1], -line[0]))  # settled ratings first
    standings = [
        line.model_copy(update={"rank": index + 1}) for index, (_, _, line) in enumerate(lines)
    ]
    return Leaderboard(game=game, title=title, standings=standings, games=_titles())


def _person(name: str, rating: Rating) -> Standing:
    return Standing(
        rank=0,
        name=name,
        rating=rating.shown,
        provisional=rating.provisional,
        games=rating.games,
        bot=False,
    )


@router.get(
    "/api/players/{name}",
    summary="A player's ratings, rating history and finished games",
    responses={404: {"description": "No player of that name (or the account was deleted)."}},
)
async def player(name: str, request: Request) -> PlayerProfile:
    found = await anyio.to_thread.run_sync(hub_of(request).ratings.profile, name[:64])
    if found is None:
        raise NotFound(f"no player is called {name[:64]!r}")
    titles = _titles()
    return PlayerProfile(
        name=found.name,
        since=_iso(found.since),
        ratings=[
            GameRatingOut(
                game=game,
                title=titles.get(game, game),
                rating=rating.shown,
                provisional=rating.provisional,
                games=rating.games,
            )
            for game, rating in sorted(found.ratings.items())
        ],
        history={
            game: [
                HistoryPoint(at=_iso(at) or "", game_id=game_id, rating=shown(mu))
                for at, game_id, mu in points
            ]
            for game, points in found.history.items()
        },
        games=[_played(played, titles) for played in found.games],
    )


async def leaderboard_page(request: Request, game: str) -> HTMLResponse:
    """A game's leaderboard (its script reads ``/api/leaderboard/{game}``)."""
    title = _game_named(game)
    context = {"kind": "leaderboard", "key": game, "title": f"{title}: leaderboard"}
    return templates.TemplateResponse(request, "ratings.html", context)


async def profile_page(request: Request, name: str) -> HTMLResponse:
    """A player's profile (its script reads ``/api/players/{name}``); 404 for a name
    no live account has."""
    if await anyio.to_thread.run_sync(hub_of(request).ratings.profile, name[:64]) is None:
        raise NotFound(f"no player is called {name[:64]!r}")
    context = {"kind": "profile", "key": name[:64], "title": name[:64]}
    return templates.TemplateResponse(request, "ratings.html", context)


PAGES = (("/leaderboard/{game}", leaderboard_page), ("/players/{name}", profile_page))
