"""What a browser receives: built from ``view(seat)`` (or ``view(None)``), the event log as
that seat may read it, and, for the seat to move, its legal actions. Nothing else of the
state goes into a payload, so a payload can hold nothing its seat may not know.

A ``Sight`` is everything one seat may know at one version: it is computed once per
(version, seat) and every payload of that seat at that version is cut from it. Payloads
are serialized once and the same text goes to every connection that needs it.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import orjson

from stratagem.core import CHANCE, TERMINAL, JsonDict, State
from stratagem.render.generic import draw_pieces

Board = tuple[str, ...]
"""A board's SVG document in the pieces that join into it (``Svg.pieces``): a payload
carries them apart, so that a patch replaces only the pieces that changed and leaves the
rest (most of a board, most moves) unsent and undiffed."""

PIECE_OVERHEAD = 56
"""Bytes a ``str`` of ASCII costs besides its characters (``sys.getsizeof("")`` is 49,
and a pointer to it in the board's tuple)."""
BOARD_BUDGET = 32 * 2**20
"""Bytes of boards kept drawn (``Boards``): a Tercios board and its view are ~93 KB, so
about 350 of them; ``STRATAGEM_BOARD_CACHE_BYTES`` sets it."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The public facts of a table: its id, game, title and who plays each seat."""

    id: str
    game: str
    title: str
    seats: tuple[tuple[str, str, str | None], ...]
    """(seat name, ``human`` or the bot's name, the name of the account bound to the seat
    or ``None``) per seat."""
    commitment: str = ""
    """SHA-256 of the game id and its chance seed, shown from the start (see ``fairness``)."""


@dataclass(frozen=True, slots=True)
class Sight:
    """What one seat (``None``: a spectator) may know of one state."""

    seat: str | None
    view: JsonDict
    board: Board
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


class Boards:
    """Boards kept drawn, by game and view (a view that did not change is not drawn
    again): least recently used first out, at most ``budget`` bytes of drawings and view
    texts in all. Each board remembers the tables that showed it; when a table unloads
    (``release``), the boards only it showed go. Safe from several threads (replays
    draw on the workers)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._kept: OrderedDict[tuple[str, str], Board] = OrderedDict()
        self._users: dict[tuple[str, str], set[str]] = {}
        self._shown: dict[str, set[tuple[str, str]]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def board(self, game: str, view: JsonDict, table: str) -> Board:
        """The board of ``view``, drawn once while kept; ``table`` shows it."""
        key = (game, dumps(view))
        with self._lock:
            board = self._kept.get(key)
            if board is not None:
                self._kept.move_to_end(key)
                self._use(key, table)
                return board
        board = tuple(draw_pieces(game, view))
        size = _bytes(key, board)
        with self._lock:
            if key not in self._kept and size <= self.budget:
                self._kept[key] = board
                self.size += size
                self._use(key, table)
                self._shrink(self.budget)
        return board

    def tables_showing(self, board: Sequence[str]) -> set[str]:
        """The tables that showed the kept ``board`` (none once it is not kept)."""
        wanted = tuple(board)
        with self._lock:
            return {
                table
                for key, kept in self._kept.items()
                if kept == wanted
                for table in self._users.get(key, ())
            }

    def _use(self, key: tuple[str, str], table: str) -> None:
        self._users.setdefault(key, set()).add(table)
        self._shown.setdefault(table, set()).add(key)

    def _drop(self, key: tuple[str, str]) -> None:
        board = self._kept.pop(key)
        self.size -= _bytes(key, board)
        for table in self._users.pop(key, ()):
            shown = self._shown.get(table)
            if shown is not None:
                shown.discard(key)
                if not shown:
                    del self._shown[table]

    def _shrink(self, budget: int) -> None:
        while self.size > budget and self._kept:
            self._drop(next(iter(self._kept)))

    def resize(self, budget: int) -> None:
        """Keep at most ``budget`` bytes from now on."""
        if budget < 0:
            raise ValueError(f"the board cache's budget must be 0 bytes or more, not {budget}")
        with self._lock:
            self.budget = budget
            self._shrink(budget)

    def release(self, table: str) -> None:
        """``table`` was unloaded: forget the boards no other table shows."""
        with self._lock:
            for key in self._shown.pop(table, set()):
                users = self._users.get(key)
                if users is None:
                    continue
                users.discard(table)
                if not users:
                    self._drop(key)


def _bytes(key: tuple[str, str], board: Board) -> int:
    """What a kept board costs, about: its pieces' characters and an object's overhead
    for each (a piece placed unchanged on several boards is counted on each), and its
    view's text."""
    return sum(map(len, board)) + PIECE_OVERHEAD * (len(board) + 1) + sys.getsizeof(key[1])


BOARDS = Boards(BOARD_BUDGET)
"""The process's boards (its budget is ``Settings.board_cache_bytes``)."""


def sight_of(
    game: str,
    state: State,
    seat: int | None,
    *,
    table: str,
    playing: bool = True,
    over: bool = False,
) -> Sight:
    """What ``seat`` may know of ``state`` at ``table``; ``playing=False`` (a replay)
    offers no actions; ``over``: the table ended the game where its rules had not (a side
    resigned), so nobody is to move, on the board either."""
    view = state.view(seat)
    if over:
        playing = False
        if view.get("to_move") is not None:
            view = {**view, "to_move": None}
    player = state.current_player()
    legal = (
        tuple(action.text for action in state.legal_actions())
        if playing and seat is not None and player == seat
        else ()
    )
    return Sight(
        seat=None if seat is None else state.game.seat_names[seat],
        view=view,
        board=BOARDS.board(game, view, table),
        to_move=to_move_text(state),
        finished=player == TERMINAL,
        legal=legal,
        result=state.result() if player == TERMINAL else None,
    )


def _seat(name: str, controller: str, player: str | None) -> JsonDict:
    """A seat as every payload lists it: who plays it, and their account's name if any."""
    if player is None:
        return {"name": name, "controller": controller}
    return {"name": name, "controller": controller, "player": player}


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
        "seats": [_seat(name, kind, player) for name, kind, player in table.seats],
        "seat": sight.seat,
        "version": version,
        "to_move": sight.to_move,
        "finished": sight.finished,
        "view": sight.view,
        "board": sight.board,
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


def revealed_hands(state: State) -> list[JsonDict]:
    """Each seat's own secrets in ``state``, once, for every seat that has any: what a
    finished game shows to all, since nothing is secret once it is over. A seat's secrets
    are what only its view holds: its ``you`` part (hand, melds...) and any ``yours_...``
    entry of a part of the view (Eighty Years War's ``discard.yours_face_down``, kept as
    ``discard face_down``). The boards themselves are not repeated: all else on them is
    what everyone sees."""
    hands = []
    for seat, name in enumerate(state.game.seat_names):
        view = state.view(seat)
        own = view.get("you")
        secrets: JsonDict = dict(own) if isinstance(own, dict) else {}
        for part, value in view.items():
            if isinstance(value, dict):
                for key, held in value.items():
                    if key.startswith("yours_"):
                        secrets[f"{part} {key.removeprefix('yours_')}"] = held
        if secrets:
            hands.append({"seat": name, "secrets": secrets})
    return hands
