"""The levels each game offers for a seat (``bots.levels``), with the strength the lab
measured (``bots.level_ratings``): what the lobby shows beside the choice of who plays
each seat, ``GET /api/levels``."""

from __future__ import annotations

import datetime as dt
import functools

from fastapi import APIRouter
from pydantic import BaseModel, Field

from stratagem.bots import LEVELS, bot_names
from stratagem.bots.level_ratings import LevelRating, Share, ratings_of
from stratagem.core import available_games

router = APIRouter()


class Strength(BaseModel):
    """A level's score against another level, as measured."""

    opponent: str = Field(description="The level it played against.")
    players: int = Field(description="The table's size; above two it sat alone against them.")
    games: int
    even: float = Field(description="An equal's score, in per cent: its share of the seats.")
    wins: Share = Field(description="Its share of the games won, in per cent, 95% interval.")
    draws: float = Field(description="The share of games drawn, in per cent.")
    score: Share = Field(description="Its share of the points (a draw shared), 95% interval.")
    date: dt.date
    commands: list[str] = Field(description="The `stratagem tournament` runs that measured it.")
    conditions: str = Field(description="The machine and the code it was measured on.")
    words: str = Field(description="The figures in a sentence, as the lobby shows them.")

    @classmethod
    def of(cls, rating: LevelRating) -> Strength:
        return cls(
            opponent=rating.opponent,
            players=rating.players,
            games=rating.games,
            even=round(rating.even, 1),
            wins=rating.wins,
            draws=rating.draws,
            score=rating.score,
            date=rating.date,
            commands=list(rating.commands),
            conditions=rating.conditions,
            words=rating.words(),
        )


class OfferedLevel(BaseModel):
    """A level a seat may be given, weakest first; no ratings for the one the others are
    measured against."""

    name: str
    summary: str = Field(description="What a player should expect of it.")
    ratings: list[Strength]


class GameLevels(BaseModel):
    """The levels one game offers."""

    game: str
    levels: list[OfferedLevel]


@functools.cache
def offered() -> list[GameLevels]:
    """Every game that offers levels (those with a heuristic to build them on), with them."""
    found = []
    for info in available_games():
        names = bot_names(info.name)
        levels = [
            OfferedLevel(
                name=level.name,
                summary=level.summary,
                ratings=[Strength.of(rating) for rating in ratings_of(info.name, level.name)],
            )
            for level in LEVELS
            if level.name in names
        ]
        if levels:
            found.append(GameLevels(game=info.name, levels=levels))
    return found


@router.get(
    "/api/levels",
    summary="Each game's levels for a seat, weakest first, with the strength the lab measured",
)
async def levels() -> list[GameLevels]:
    return offered()
