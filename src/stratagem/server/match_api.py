"""The waiting room's API (``matchmaking``): ``POST /api/match`` asks for a game,
``GET /api/match`` says how the request stands (and looks for a match: its window widens
as it waits), ``DELETE /api/match`` withdraws it. Signed-in accounts only; every change
carries the session's CSRF token."""

from __future__ import annotations

import random
from collections.abc import Sequence

import anyio
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from stratagem.core import OptionError, available_games
from stratagem.server.api import hub_of
from stratagem.server.auth import Session, SignedInChange
from stratagem.server.errors import Conflict, Invalid, Unauthorized
from stratagem.server.hub import Hub, StoreWith
from stratagem.server.matchmaking import PACES, Matches, Taken, choose, seating
from stratagem.server.matchmaking import Request as Asked
from stratagem.server.memory import RULES
from stratagem.server.models import RequestBody
from stratagem.server.pace import PACES as PACE_NAMES
from stratagem.server.pace import RANGES, Pace
from stratagem.server.ratings import Rating
from stratagem.server.storage import GameRecord, utc_now

router = APIRouter()
TRIES = 3
"""Times a match is looked for again after another process took one of its requests."""
_SEATS = random.SystemRandom()


class AskForGame(RequestBody):
    """What game a person asks for."""

    game: str = Field(min_length=1, max_length=64, examples=["eighty_years_war"])
    players: int | None = Field(default=None, ge=1, le=16, description="Default: the game's.")
    pace: str = Field(default="live", description=f"One of {', '.join(PACES)}.")


class MatchState(BaseModel):
    """How the signed-in account's request stands."""

    state: str = Field(description="'none', 'waiting' or 'matched'.")
    game: str | None = None
    players: int | None = None
    pace: str | None = None
    rating: int | None = Field(default=None, description="The rating it was asked with.")
    waited: float | None = Field(default=None, description="Seconds since it was asked.")
    window: int | None = Field(
        default=None, description="How many points off a rating may be to be matched now."
    )
    game_id: str | None = Field(default=None, description="The game it was matched into.")


def matches_of(request: Request) -> Matches:
    matches: Matches = request.app.state.matches
    return matches


async def _state(matches: Matches, account: str) -> MatchState:
    found = await anyio.to_thread.run_sync(matches.of, account)
    if found is None:
        return MatchState(state="none")
    now = utc_now()
    return MatchState(
        state="waiting" if found.game_id is None else "matched",
        game=found.game,
        players=found.players,
        pace=found.pace,
        rating=found.rating,
        waited=round((now - found.asked_at).total_seconds(), 1),
        window=round(found.window(now)) if found.game_id is None else None,
        game_id=found.game_id,
    )


def _taker(matches: Matches, seated: Sequence[Asked]) -> StoreWith:
    """Stores a new game of the ``seated`` requests with them taken, in one transaction."""

    async def take(record: GameRecord, tokens: dict[int, str]) -> None:
        links = {request.account: tokens[index] for index, request in enumerate(seated)}
        await anyio.to_thread.run_sync(matches.take, seated, record, links)

    return take


async def look_for_match(hub: Hub, matches: Matches, account: str) -> str | None:
    """Match ``account``'s waiting request with others near it, if enough are: the new
    game's id (``None``: not yet)."""
    for _ in range(TRIES):
        mine = await anyio.to_thread.run_sync(matches.of, account)
        if mine is None or mine.game_id is not None:
            return None if mine is None else mine.game_id
        waiting = await anyio.to_thread.run_sync(
            matches.waiting, mine.game, mine.players, mine.pace
        )
        me = next((r for r in waiting if r.account == account), None)
        group = None if me is None else choose(me, waiting, utc_now())
        if group is None:
            return None
        seated = seating(group, _SEATS)
        take = _taker(matches, seated)
        try:
            made = await hub.create(
                mine.game,
                mine.players,
                {},
                None,
                None,
                accounts={i: (r.account, r.name) for i, r in enumerate(seated)},
                rated=True,
                store_with=take,
                pace=matched_pace(mine.pace),
            )
        except Taken:
            continue  # another process matched one of them: look again
        return made.id
    return None


def matched_pace(name: str) -> Pace | None:
    """The pace of a game made by the matchmaker: the pace asked for at its usual time a
    move, a seat out of time reminded (``None``: untimed)."""
    for pace in PACE_NAMES:
        if pace == name:
            return Pace(pace, RANGES[pace][2], "remind")
    return None


@router.post("/api/match", summary="Ask for a game with players of near ratings")
async def ask(body: AskForGame, request: Request, session: SignedInChange) -> MatchState:
    names = [info.name for info in available_games()]
    if body.game not in names:
        raise Invalid(f"no game named {body.game!r}; games: {', '.join(names)}")
    if body.pace not in PACES:
        raise Invalid(f"pace {body.pace!r} is not one of {', '.join(PACES)}")
    try:
        players = RULES.get(body.game, {}, players=body.players, strict=True).num_players
    except OptionError as error:
        raise Invalid(str(error)) from None
    if players < 2:
        raise Invalid(f"{body.game} with {players} player is no game to be matched for")
    hub, matches, account = hub_of(request), matches_of(request), session.account.id
    found = await anyio.to_thread.run_sync(hub.ratings.ratings, [account], body.game)
    rating = found.get(account, Rating()).shown
    await anyio.to_thread.run_sync(matches.ask, account, body.game, players, body.pace, rating)
    await look_for_match(hub, matches, account)
    return await _state(matches, account)


@router.get("/api/match", summary="How the signed-in account's request stands")
async def status(request: Request, session: Session) -> MatchState:
    if session is None:
        raise Unauthorized("sign in first: the waiting room needs an account")
    matches = matches_of(request)
    await look_for_match(hub_of(request), matches, session.account.id)
    return await _state(matches, session.account.id)


@router.delete("/api/match", status_code=204, summary="Withdraw the waiting request")
async def cancel(request: Request, session: SignedInChange) -> Response:
    matches = matches_of(request)
    if not await anyio.to_thread.run_sync(matches.cancel, session.account.id):
        now = await _state(matches, session.account.id)
        if now.state == "matched":
            raise Conflict(f"the request was matched already: game {now.game_id}")
        raise Conflict("there is no request to withdraw")
    return Response(status_code=204)
