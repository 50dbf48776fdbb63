"""What a browser receives: built from ``view(seat)`` (or ``view(None)``), the event log as
that seat may read it, and, for the seat to move, its legal actions. Nothing else of the
state goes into a payload, so a payload can hold nothing its seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from stratagem.core import CHANCE, TERMINAL, JsonDict, State
from stratagem.render.generic import draw_board


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The public facts of a table: its id, game, title and who plays each seat."""

    id: str
    game: str
    title: str
    seats: tuple[tuple[str, str], ...]
    """(seat name, ``human`` or the bot's name) per seat."""


def to_move_text(state: State) -> str | None:
    """Who is to act, in words (``None`` once the game is over)."""
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return state.game.seat_names[player]


def build_payload(
    table: TableInfo,
    state: State,
    seat: int | None,
    *,
    version: int,
    events_start: int = 0,
    can_take_back: bool = False,
    step: int | None = None,
) -> JsonDict:
    """The message for ``seat`` (``None``: a spectator) at log ``version``.

    ``events_start`` is how many of this seat's visible events the receiver already has;
    only the rest are sent (all of them when it is 0). ``step`` marks a replay payload.
    """
    view = state.view(seat)
    events = state.visible_events(seat)
    start = min(max(events_start, 0), len(events))
    player = state.current_player()
    legal = (
        [action.text for action in state.legal_actions()]
        if seat is not None and player == seat and step is None
        else []
    )
    payload: JsonDict = {
        "type": "state",
        "table": table.id,
        "game": table.game,
        "title": table.title,
        "seats": [{"name": name, "controller": kind} for name, kind in table.seats],
        "seat": None if seat is None else state.game.seat_names[seat],
        "version": version,
        "to_move": to_move_text(state),
        "finished": player == TERMINAL,
        "view": view,
        "board_svg": draw_board(table.game, view),
        "events_start": start,
        "events_total": len(events),
        "events": events[start:],
        "legal": legal,
        "can_take_back": can_take_back,
    }
    if player == TERMINAL:
        payload["result"] = state.result()
    if step is not None:
        payload["step"] = step
        payload["steps"] = version
    return payload
