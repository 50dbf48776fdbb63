"""What a browser receives: built from ``view(seat)`` (or ``view(None)``), the event log as
that seat may read it, and, for the seat to move, its legal actions. Nothing else of the
state goes into a payload, so a payload can hold nothing its seat may not know.

A ``Sight`` is everything one seat may know at one version: it is computed once per
(version, seat) and every payload of that seat at that version is cut from it. Payloads
are serialized once and the same text goes to every connection that needs it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import orjson

from stratagem.core import CHANCE, TERMINAL, JsonDict, State
from stratagem.render.generic import draw_board

BOARD_CACHE = 4096
"""Boards kept drawn, by game and view (a view that did not change is not drawn again)."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The public facts of a table: its id, game, title and who plays each seat."""

    id: str
    game: str
    title: str
    seats: tuple[tuple[str, str], ...]
    """(seat name, ``human`` or the bot's name) per seat."""
    commitment: str = ""
    """SHA-256 of the game id and its chance seed, shown from the start (see ``fairness``)."""


@dataclass(frozen=True, slots=True)
class Sight:
    """What one seat (``None``: a spectator) may know of one state."""

    seat: str | None
    view: JsonDict
    board_svg: str
    to_move: str | None
    finished: bool
    legal: tuple[str, ...]
    result: JsonDict | None


def to_move_text(state: State) -> str | None:
    """Who is to act, in words (``None`` once the game is over)."""
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return state.game.seat_names[player]


def dumps(value: object) -> str:
    """The JSON text sent for ``value`` (compact, unicode kept; orjson, several times
    faster than ``json`` on a 12 KiB payload)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class _View:
    """A view as the board cache's key: equal views (by their JSON text) share a board."""

    __slots__ = ("text", "view")

    def __init__(self, view: JsonDict) -> None:
        self.view = view
        self.text = dumps(view)

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _View) and other.text == self.text


@functools.lru_cache(maxsize=BOARD_CACHE)
def _board(game: str, view: _View) -> str:
    return draw_board(game, view.view)


def sight_of(game: str, state: State, seat: int | None, *, playing: bool = True) -> Sight:
    """What ``seat`` may know of ``state``; ``playing=False`` (a replay) offers no actions."""
    view = state.view(seat)
    player = state.current_player()
    legal = (
        tuple(action.text for action in state.legal_actions())
        if playing and seat is not None and player == seat
        else ()
    )
    return Sight(
        seat=None if seat is None else state.game.seat_names[seat],
        view=view,
        board_svg=_board(game, _View(view)),
        to_move=to_move_text(state),
        finished=player == TERMINAL,
        legal=legal,
        result=state.result() if player == TERMINAL else None,
    )


def build_payload(
    table: TableInfo,
    sight: Sight,
    events: list[JsonDict],
    *,
    version: int,
    events_start: int = 0,
    can_take_back: bool = False,
    step: int | None = None,
    seed: int | None = None,
) -> JsonDict:
    """The message for one seat at log ``version``, from its ``sight`` and its readable
    log ``events``.

    ``events_start`` is how many of those events the receiver already has; only the rest
    are sent (all of them when it is 0). ``step`` marks a replay payload. ``seed`` is the
    chance seed, given only once the game is over (checked against the commitment).
    """
    start = min(max(events_start, 0), len(events))
    payload: JsonDict = {
        "type": "state",
        "table": table.id,
        "game": table.game,
        "title": table.title,
        "seats": [{"name": name, "controller": kind} for name, kind in table.seats],
        "seat": sight.seat,
        "version": version,
        "to_move": sight.to_move,
        "finished": sight.finished,
        "view": sight.view,
        "board_svg": sight.board_svg,
        "events_start": start,
        "events_total": len(events),
        "events": events[start:],
        "legal": list(sight.legal),
        "can_take_back": can_take_back,
        "commitment": table.commitment,
    }
    if sight.result is not None:
        payload["result"] = sight.result
    if seed is not None:
        payload["seed"] = seed
    if step is not None:
        payload["step"] = step
        payload["steps"] = version
    return payload


def revealed_boards(game: str, state: State) -> list[JsonDict]:
    """Every seat's board drawn from its own view of ``state``: what a finished game
    shows to all, since nothing is secret once it is over."""
    return [
        {"seat": name, "board_svg": _board(game, _View(state.view(seat)))}
        for seat, name in enumerate(state.game.seat_names)
    ]
