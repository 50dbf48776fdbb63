"""The routes of the analyses of finished games (``analyses``): ask for a seat's, and read
the game's. Anyone may do either once the game is over (its whole log is public then)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request

from stratagem.analysis import AnalysisError, seat_of
from stratagem.core import JsonDict
from stratagem.server.analyses import Analyses, require_finished, stored
from stratagem.server.api import REFUSALS, table_of
from stratagem.server.errors import NotFound

router = APIRouter()


def analyses_of(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    return analyses


@router.post(
    "/api/games/{game_id}/analyses/{seat}",
    status_code=202,
    responses=REFUSALS,
    summary="Analyse a finished game for one seat, in the background (once: then it is stored)",
)
async def ask_analysis(game_id: str, seat: str, request: Request) -> JsonDict:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        require_finished(table.result())
        try:
            number = seat_of(table.game, seat)
        except AnalysisError as error:
            raise NotFound(str(error)) from None
        actions = [action.text for action in table.state.history]
        record = table.record
    started = await analyses_of(request).ask(
        game_id, record.game, dict(record.options), actions, number
    )
    return {"seat": table.game.seat_names[number], "started": started}


@router.get(
    "/api/games/{game_id}/analyses",
    responses=REFUSALS,
    summary="A finished game's analyses asked for so far, by seat (running, done or failed)",
)
async def game_analyses(game_id: str, request: Request) -> list[JsonDict]:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        require_finished(table.result())
    found = await asyncio.to_thread(stored, analyses_of(request).store, game_id)
    names = list(table.game.seat_names)
    return [analysis.to_json(names) for analysis in found]
