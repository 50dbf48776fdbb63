"""Game logs: a game as JSON lines, written as it is played and checked when replayed.

Format (version 1), one JSON object per line::

    {"format": "stratagem-log", "version": 1, "game": "eighty_years_war",
     "options": {"players": 2, "data": null}, "seed": 42,
     "seats": {"Dutch": "human", "Spanish": "random"}}
    {"step": 1, "player": "chance", "action": "Draw: Sea Beggars"}
    {"step": 2, "player": "Dutch", "action": "Stop discarding"}
    ...
    {"result": {"winners": ["Dutch"], "scores": {...}, "reason": "..."}}

Steps are numbered from 1, so step ``N`` is on line ``N + 1``. ``player`` is the seat name,
or ``chance``. The result line is written only when the game ended; a log without one is
an unfinished game (a player left, or the program stopped), which still replays. The
writer flushes every line, so a crash loses nothing already written.

``replay_log`` applies every action again through the rules and refuses, with a
``LogError`` naming the line or step and the reason, any log that the rules or the log's
own header contradict.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from stratagem.core import (
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalAction,
    JsonDict,
    State,
    StratagemError,
    load,
)

M = TypeVar("M", bound="_Line")

FORMAT = "stratagem-log"
VERSION = 1


class LogError(StratagemError, ValueError):
    """A game log that cannot be read or that the rules refuse; the message says where."""


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Header(_Line):
    format: Literal["stratagem-log"]
    version: int
    game: str
    options: dict[str, Any]
    seed: int | None
    seats: dict[str, str]


class _Step(_Line):
    step: int
    player: str
    action: str


class _Result(_Line):
    result: dict[str, Any]


def _dump(doc: JsonDict) -> str:
    return json.dumps(doc, ensure_ascii=False)


class GameLogWriter:
    """Writes a game log line by line; use ``record`` as a runner's ``on_step``.

    The file is created (or emptied) when the writer is made, and the header is written
    at once.
    """

    def __init__(
        self, path: str | Path, game: Game, seed: int | None, seats: Mapping[str, str]
    ) -> None:
        header = {
            "format": FORMAT,
            "version": VERSION,
            "game": game.name,
            "options": game.options,
            "seed": seed,
            "seats": dict(seats),
        }
        text = _dump(header)  # fails before the file is touched if options are not JSON
        self.path = Path(path)
        self._file: IO[str] = self.path.open("w", encoding="utf-8")
        self._write_text(text)

    def record(self, state: State, player: int, action: Action) -> None:
        """Append the action just applied to ``state`` by ``player`` (a seat or chance)."""
        step = {
            "step": len(state.history),
            "player": state.game.player_name(player),
            "action": action.text,
        }
        self._write_text(_dump(step))

    def write_result(self, result: JsonDict) -> None:
        """Append the result line of a finished game."""
        self._write_text(_dump({"result": result}))

    def close(self) -> None:
        """Close the file (everything is already on it)."""
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def _write_text(self, text: str) -> None:
        self._file.write(text + "\n")
        self._file.flush()


def replay_log(path: str | Path) -> tuple[State, list[Event]]:
    """Rebuild the game of a log by applying every action through the rules.

    Returns the final state and its full event log. Raises ``LogError`` for a log that
    cannot be read, is malformed, names an unknown game or bad options, numbers its steps
    wrongly, holds an unknown or illegal action or a wrong ``player``, continues after the
    end, or ends with a result that the replay does not give.
    """
    lines = _read_lines(Path(path))
    if not lines:
        raise LogError("line 1: the log is empty")
    header = _parse_header(_parse_json(1, lines[0]))
    state = _load_game(header).new_initial_state()
    result_line: int | None = None
    for number, text in enumerate(lines[1:], start=2):
        doc = _parse_json(number, text)
        if result_line is not None:
            raise LogError(
                f"line {number}: the log goes on after its result line (line {result_line})"
            )
        if "result" in doc:
            _check_result(number, state, _validate(_Result, number, doc))
            result_line = number
        else:
            _apply_step(number, state, _validate(_Step, number, doc))
    return state, list(state.events)


def read_header(path: str | Path) -> JsonDict:
    """The header of a log (line 1), checked: format, version, game, options, seed, seats."""
    lines = _read_lines(Path(path))
    if not lines:
        raise LogError("line 1: the log is empty")
    return _parse_header(_parse_json(1, lines[0])).model_dump()


def _read_lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise LogError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise LogError(f"{path} is not UTF-8 text: {error.reason}") from None
    return text.splitlines()


def _parse_json(number: int, text: str) -> JsonDict:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        reason = f"{error.msg}, column {error.colno}"
        raise LogError(f"line {number}: not valid JSON ({reason})") from None
    if not isinstance(doc, dict):
        raise LogError(f"line {number}: expected a JSON object, found {type(doc).__name__}")
    return doc


def _validate(model: type[M], number: int, doc: JsonDict) -> M:
    try:
        return model.model_validate(doc)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'line'}: {item['msg']}"
            for item in error.errors()
        )
        kind = model.__name__.lstrip("_").lower()
        raise LogError(f"line {number}: malformed {kind} line ({problems})") from None


def _parse_header(doc: JsonDict) -> _Header:
    if doc.get("format") != FORMAT:
        found = doc.get("format")
        raise LogError(f"line 1: not a Stratagem game log (format {found!r}, not {FORMAT!r})")
    if doc.get("version") != VERSION:
        raise LogError(
            f"line 1: log version {doc.get('version')!r} is not supported "
            f"(this Stratagem reads version {VERSION})"
        )
    return _validate(_Header, 1, doc)


def _load_game(header: _Header) -> Game:
    try:
        game = load(header.game, **header.options)
    except StratagemError as error:
        raise LogError(f"line 1: {error}") from None
    except TypeError as error:  # an option named like a parameter of load, e.g. "name"
        raise LogError(f"line 1: bad options: {error}") from None
    if sorted(header.seats) != sorted(game.seat_names):
        raise LogError(
            f"line 1: the seats {', '.join(header.seats) or '(none)'} are not the seats of "
            f"{game.name} ({', '.join(game.seat_names)})"
        )
    return game


def _apply_step(number: int, state: State, line: _Step) -> None:
    expected = len(state.history) + 1
    if line.step != expected:
        raise LogError(
            f"line {number}: steps are misnumbered: expected step {expected}, "
            f"found step {line.step}"
        )
    game = state.game
    player = state.current_player()
    if player == TERMINAL:
        raise LogError(
            f"step {line.step}: the game was already over; nothing can follow ({line.action!r})"
        )
    to_move = game.player_name(player)
    if line.player != to_move:
        raise LogError(
            f"step {line.step}: the log says {line.player} acted, but it was {to_move}'s turn"
        )
    try:
        state.apply_action(line.action, seat=player if player >= 0 else None)
    except IllegalAction as error:
        raise LogError(f"step {line.step}: {error}") from None


def _check_result(number: int, state: State, line: _Result) -> None:
    if not state.is_terminal():
        raise LogError(
            f"line {number}: the log has a result line, but the game is not over after "
            f"step {len(state.history)}"
        )
    replayed = json.loads(_dump(state.result()))
    if line.result != replayed:
        raise LogError(
            f"line {number}: the result line says {_dump(line.result)}, but the replay gives "
            f"{_dump(replayed)}"
        )
