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

Version 2 is a game exported from the web table (``table_log_text``), its whole log with
its take-backs, so that its deal can be checked::

    {"format": "stratagem-log", "version": 2, "game": "eighty_years_war",
     "options": {"players": 2, "data": null}, "seed": 8123...,
     "seats": {"Dutch": "human", "Spanish": "heuristic"},
     "chance": "table", "table": "Qm3v...", "commitment": "5f0c...(64 hex digits)"}
    {"seq": 0, "step": 1, "player": "chance", "action": "Draw: Sea Beggars"}
    ...
    {"seq": 40, "step": 31, "player": "Dutch", "action": "Play: Sea Beggars"}
    {"seq": 41, "undo": true, "step": 31, "player": "Dutch", "action": "Play: Sea Beggars"}
    {"seq": 42, "step": 31, "player": "Dutch", "action": "Stop discarding"}
    ...
    {"result": {...}}

Every line after the header but the result carries ``seq``, the entry's number in the
table's log (from 0, take-backs included). An ``undo`` line is a take-back: ``player``
withdraws its own last standing action, ``step`` and ``action`` name it; nothing but that
seat's own entries may lie between the action and its take-back, and chance outcomes are
never withdrawn. ``step`` is the action's place among the actions still standing, so a
step number comes again after a take-back. The header's new fields are optional:

* ``chance``: how chance was drawn; ``"table"`` means the outcome of entry ``seq`` is
  ``state.sample_chance(random.Random(f"{seed}/chance/{seq}"))``
  (``stratagem.sim.fairness.table_chance_rng``), and is checked as the log is replayed;
  absent or ``null``: not checked.
* ``table``: the web table's game id.
* ``commitment``: the SHA-256 shown to every seat when the game was created
  (``stratagem.sim.fairness.commitment``: of ``stratagem-seed:<table>:<seed>``); checked
  against ``table`` and ``seed``.

Version 1 logs (``GameLogWriter`` still writes them) are read as before; their chance is
not checked.

``replay_log`` applies every action again through the rules and refuses, with a
``LogError`` naming the line or step and the reason, any log that the rules or the log's
own header contradict, and any chance outcome that the committed seed does not draw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Literal, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from stratagem.core import (
    CHANCE,
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
from stratagem.sim.fairness import commitment, commitment_preimage, table_chance_rng

M = TypeVar("M", bound="_Line")

FORMAT = "stratagem-log"
VERSION = 1
"""The version ``GameLogWriter`` writes (a played match: no ``seq``, no take-backs)."""
TABLE_VERSION = 2
"""The version of a game exported from the web table (``table_log_text``)."""
VERSIONS = (VERSION, TABLE_VERSION)
"""Every version this Stratagem reads."""
TABLE_CHANCE = "table"
"""The header's ``chance`` for outcomes drawn per log entry (``table_chance_rng``)."""
CHANCE_PLAYER = "chance"


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


class _TableHeader(_Header):
    chance: Literal["table"] | None = None
    table: str | None = None
    commitment: str | None = None


class _Step(_Line):
    step: int
    player: str
    action: str


class _TableStep(_Step):
    seq: int


class _Undo(_TableStep):
    undo: Literal[True]


class _TableChange(_Line):
    seq: int
    player: str
    table: dict[str, Any]


class _Result(_Line):
    result: dict[str, Any]


def resignation_result(seat_names: Sequence[str], resigned: int) -> JsonDict:
    """The result of a two-seat game one side resigned: the other side wins."""
    winner = seat_names[1 - resigned]
    return {
        "winners": [winner],
        "scores": {},
        "reason": f"{seat_names[resigned]} resigned; {winner} wins",
    }


def timeout_result(seat_names: Sequence[str], late: int) -> JsonDict:
    """The result of a two-seat game one side lost on time: the other side wins."""
    winner = seat_names[1 - late]
    return {
        "winners": [winner],
        "scores": {},
        "reason": f"{seat_names[late]} ran out of time; {winner} wins",
    }


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

    @classmethod
    def appending(cls, path: str | Path) -> GameLogWriter:
        """A writer that goes on with an existing log (its header written already): a
        game resumed from it (``stratagem play --resume``)."""
        writer = cls.__new__(cls)
        writer.path = Path(path)
        writer._file = writer.path.open("a", encoding="utf-8")
        return writer

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


# -- exporting a table's game ---------------------------------------------------------------


class TableEntry(Protocol):
    """One entry of a web table's log, as the server stores it (``storage.Entry``)."""

    @property
    def seq(self) -> int:
        """The entry's number in the log, from 0, take-backs included."""

    @property
    def kind(self) -> str:
        """``act`` (an action) or ``undo`` (a take-back of the last standing action)."""

    @property
    def seat(self) -> int:
        """The seat that acted or took back; negative for chance."""

    @property
    def action(self) -> str:
        """The action's canonical text (for ``undo``: the text of the action withdrawn)."""


def table_log_text(
    *,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    seats: Sequence[tuple[str, str]],
    table: str,
    commitment: str | None,
    entries: Iterable[TableEntry],
    result: JsonDict | None,
) -> str:
    """The text of a version 2 log of a web table's game (one JSON object per line).

    ``seats`` are (seat name, controller) in seat order; ``entries`` the table's whole
    log in order, take-backs included; ``result`` the game's result (``None``: no result
    line). The seed is written out, so export a game with a secret seed only once it is
    over. Raises ``ValueError`` for entries that are misnumbered, name no seat, or take
    back when no action stands.
    """
    header = {
        "format": FORMAT,
        "version": TABLE_VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "seats": dict(seats),
        "chance": TABLE_CHANCE,
        "table": table,
        "commitment": commitment,
    }
    names = [name for name, _ in seats]
    lines = [_dump(header)]
    standing = 0
    for expected, entry in enumerate(entries):
        if entry.seq != expected:
            raise ValueError(f"entry {expected} of the log is numbered {entry.seq}")
        if entry.seat >= len(names):
            raise ValueError(f"entry {entry.seq}: there is no seat {entry.seat}")
        player = CHANCE_PLAYER if entry.seat < 0 else names[entry.seat]
        line: JsonDict = {"seq": entry.seq}
        if entry.kind == "undo":
            if standing == 0:
                raise ValueError(f"entry {entry.seq}: a take-back, but no action stands")
            line |= {"undo": True, "step": standing}
            standing -= 1
        elif entry.kind == "act":
            standing += 1
            line["step"] = standing
        elif entry.kind == "table":
            lines.append(_dump(line | {"player": player, "table": json.loads(entry.action)}))
            continue
        else:
            raise ValueError(f"entry {entry.seq}: unknown kind {entry.kind!r}")
        lines.append(_dump(line | {"player": player, "action": entry.action}))
    if result is not None:
        lines.append(_dump({"result": result}))
    return "".join(text + "\n" for text in lines)


# -- replaying and checking -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealCheck:
    """A log's deal, checked: every chance outcome is the one its seed draws."""

    table: str
    seed: int
    commitment: str | None
    """The commitment the seed was checked against (``None``: the log carries none)."""
    outcomes: int
    """How many chance outcomes were checked."""

    def describe(self) -> str:
        """One sentence saying what was checked."""
        drawn = (
            f"Deal checked: all {self.outcomes} chance outcomes of table {self.table} are "
            f"those seed {self.seed} draws"
        )
        if self.commitment is None:
            return f"{drawn}; the log carries no commitment (the seed was not secret)."
        return (
            f"{drawn}, and the seed is the one committed to at the start "
            f"(SHA-256 of {commitment_preimage(self.table, self.seed)!r} = {self.commitment})."
        )


@dataclass(frozen=True, slots=True)
class CheckedLog:
    """A log replayed through the rules: its final state, events, header and deal."""

    state: State
    events: list[Event]
    header: JsonDict
    deal: DealCheck | None
    """The deal check, or ``None`` when the log names no chance scheme (version 1)."""


def replay_log(path: str | Path) -> tuple[State, list[Event]]:
    """Rebuild the game of a log by applying every action through the rules.

    Returns the final state and its full event log. Raises ``LogError`` for a log that
    cannot be read, is malformed, names an unknown game or bad options, numbers its steps
    (or entries) wrongly, holds an unknown or illegal action or a wrong ``player``, a
    take-back the table would refuse, a chance outcome its seed does not draw or a
    commitment its seed does not match, continues after the end, or ends with a result
    that the replay does not give.
    """
    checked = check_log(path)
    return checked.state, checked.events


def verify_deal(path: str | Path) -> DealCheck:
    """Replay a log (as ``replay_log``) and return its deal check; a log that names no
    chance scheme (every version 1 log) is refused, since its deal cannot be checked."""
    checked = check_log(path)
    if checked.deal is None:
        raise LogError(
            "line 1: the log does not say how its chance was drawn "
            f'(no "chance": "{TABLE_CHANCE}"), so its deal cannot be checked'
        )
    return checked.deal


def check_log(path: str | Path) -> CheckedLog:
    """Replay a log as ``replay_log`` does, and say what was checked of its deal."""
    lines = _read_lines(Path(path))
    if not lines:
        raise LogError("line 1: the log is empty")
    header = _parse_header(_parse_json(1, lines[0]))
    replay = _Replay(_load_game(header), header)
    for number, text in enumerate(lines[1:], start=2):
        replay.line(number, _parse_json(number, text))
    state = replay.state
    deal = replay.deal_check()
    return CheckedLog(state, list(state.events), _header_doc(header), deal)


def read_header(path: str | Path) -> JsonDict:
    """The header of a log (line 1), checked: format, version, game, options, seed, seats
    (and, in version 2, chance, table and commitment)."""
    lines = _read_lines(Path(path))
    if not lines:
        raise LogError("line 1: the log is empty")
    return _header_doc(_parse_header(_parse_json(1, lines[0])))


def _header_doc(header: _Header) -> JsonDict:
    return header.model_dump(exclude_unset=True)


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
        kind = {"tableheader": "header", "tablestep": "step"}.get(kind, kind)
        raise LogError(f"line {number}: malformed {kind} line ({problems})") from None


def _parse_header(doc: JsonDict) -> _Header:
    if doc.get("format") != FORMAT:
        found = doc.get("format")
        raise LogError(f"line 1: not a Stratagem game log (format {found!r}, not {FORMAT!r})")
    version = doc.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        readable = " and ".join(str(known) for known in VERSIONS)
        raise LogError(
            f"line 1: log version {version!r} is not supported "
            f"(this Stratagem reads versions {readable})"
        )
    if version == VERSION:
        return _validate(_Header, 1, doc)
    header = _validate(_TableHeader, 1, doc)
    _check_commitment(header)
    return header


def _check_commitment(header: _TableHeader) -> None:
    if header.chance == TABLE_CHANCE and (header.seed is None or header.table is None):
        raise LogError(
            f'line 1: a log whose chance is "{TABLE_CHANCE}" names its seed and its table'
        )
    if header.commitment is None:
        return
    if header.seed is None or header.table is None:
        raise LogError("line 1: a commitment can be checked only with the seed and the table")
    expected = commitment(header.table, header.seed)
    if header.commitment != expected:
        preimage = commitment_preimage(header.table, header.seed)
        raise LogError(
            f"line 1: the commitment {header.commitment!r} does not match table "
            f"{header.table} and seed {header.seed}: SHA-256 of {preimage!r} is {expected}"
        )


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


@dataclass(frozen=True, slots=True)
class _Standing:
    """An action still standing: where it is in the log and who took it."""

    number: int
    seq: int
    player: str
    action: str


@dataclass(slots=True)
class _Replay:
    """A log being replayed line by line."""

    game: Game
    header: _Header
    state: State = field(init=False)
    result_line: int | None = None
    players: list[str] = field(default_factory=list)
    """Who made each entry, by ``seq`` (version 2)."""
    standing: list[_Standing] = field(default_factory=list)
    outcomes: int = 0
    resigned: str | None = None
    """The seat whose resignation (or loss on time) ended a two-seat game."""
    on_time: bool = False
    """Whether that seat lost on time rather than resigned."""

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state()

    @property
    def deal(self) -> tuple[str, int] | None:
        """The table and seed every chance outcome is checked against, if the log says."""
        header = self.header
        if not isinstance(header, _TableHeader) or header.chance != TABLE_CHANCE:
            return None
        if header.table is None or header.seed is None:  # refused with the header
            return None
        return header.table, header.seed

    def line(self, number: int, doc: JsonDict) -> None:
        if self.result_line is not None:
            raise LogError(
                f"line {number}: the log goes on after its result line (line {self.result_line})"
            )
        if "result" in doc:
            ended = (self.resigned, self.on_time) if self.resigned is not None else None
            _check_result(number, self.state, _validate(_Result, number, doc), ended)
            self.result_line = number
        elif self.resigned is not None and "table" not in doc:
            how = "ran out of time" if self.on_time else "resigned"
            raise LogError(f"line {number}: {self.resigned} {how}; no move can follow")
        elif "table" in doc and self.header.version != VERSION:
            self._table(number, _validate(_TableChange, number, doc))
        elif self.header.version == VERSION:
            _apply_step(number, self.state, _validate(_Step, number, doc))
        elif "undo" in doc:
            self._undo(number, _validate(_Undo, number, doc))
        else:
            self._act(number, _validate(_TableStep, number, doc))

    def _check_seq(self, number: int, line: _TableStep | _TableChange) -> None:
        expected = len(self.players)
        if line.seq != expected:
            raise LogError(
                f"line {number}: entries are misnumbered: expected seq {expected}, "
                f"found seq {line.seq}"
            )

    def _act(self, number: int, line: _TableStep) -> None:
        self._check_seq(number, line)
        where = f"line {number} (seq {line.seq}, step {line.step})"
        deal = self.deal
        if deal is not None and self.state.current_player() == CHANCE:
            self._check_draw(where, line, deal[1])
        _apply_step(number, self.state, line, where)
        self.players.append(line.player)
        self.standing.append(_Standing(number, line.seq, line.player, line.action))

    def _table(self, number: int, line: _TableChange) -> None:
        """A change at the table (a seat taken, resigned, handed to a bot, a rematch): no
        move; a resignation ends a two-seat game."""
        self._check_seq(number, line)
        if line.player not in self.game.seat_names:
            raise LogError(f"line {number} (seq {line.seq}): there is no seat {line.player!r}")
        self.players.append("")  # nobody's move: a take-back may reach over it
        if self.game.num_players != 2 or line.table.get("controller") is not None:
            return
        if line.table.get("what") == "resigned":
            self.resigned = line.player
        elif line.table.get("what") == "out of time" and line.table.get("consequence") == "lose":
            self.resigned, self.on_time = line.player, True

    def _check_draw(self, where: str, line: _TableStep, seed: int) -> None:
        if line.step != len(self.state.history) + 1 or line.player != CHANCE_PLAYER:
            return  # _apply_step names the fault
        drawn = self.state.sample_chance(table_chance_rng(seed, line.seq)).text
        if line.action != drawn:
            raise LogError(
                f"{where}: the deal does not match the seed: the log says chance drew "
                f"{line.action!r}, but seed {seed} draws {drawn!r} at seq {line.seq}"
            )
        self.outcomes += 1

    def _undo(self, number: int, line: _Undo) -> None:
        self._check_seq(number, line)
        where = f"line {number} (seq {line.seq})"
        if not self.standing:
            raise LogError(f"{where}: a take-back, but no action stands to be taken back")
        last = self.standing[-1]
        if line.step != len(self.standing):
            raise LogError(
                f"{where}: the take-back names step {line.step}, but the last action "
                f"standing is step {len(self.standing)} (line {last.number})"
            )
        if last.player == CHANCE_PLAYER:
            raise LogError(
                f"{where}: a chance outcome cannot be taken back, but the last action "
                f"standing is chance's {last.action!r} (line {last.number})"
            )
        if (line.player, line.action) != (last.player, last.action):
            raise LogError(
                f"{where}: the take-back withdraws {line.player}'s {line.action!r}, but the "
                f"last action standing is {last.player}'s {last.action!r} (line {last.number})"
            )
        for seq in range(last.seq + 1, len(self.players)):
            if self.players[seq] not in (line.player, ""):
                raise LogError(
                    f"{where}: {line.player} takes back {line.action!r}, but "
                    f"{self.players[seq]} has acted since (seq {seq})"
                )
        self.players.append(line.player)
        self.standing.pop()
        self.state = self._rebuild()

    def _rebuild(self) -> State:
        state = self.game.new_initial_state()
        for entry in self.standing:
            seat = None if entry.player == CHANCE_PLAYER else self.game.seat_index(entry.player)
            state.apply_action(entry.action, seat=seat)
        return state

    def deal_check(self) -> DealCheck | None:
        deal = self.deal
        if deal is None or not isinstance(self.header, _TableHeader):
            return None
        table, seed = deal
        return DealCheck(table, seed, self.header.commitment, self.outcomes)


def _apply_step(number: int, state: State, line: _Step, where: str | None = None) -> None:
    at = f"step {line.step}" if where is None else where
    expected = len(state.history) + 1
    if line.step != expected:
        raise LogError(
            f"line {number}: steps are misnumbered: expected step {expected}, "
            f"found step {line.step}"
        )
    game = state.game
    player = state.current_player()
    if player == TERMINAL:
        raise LogError(f"{at}: the game was already over; nothing can follow ({line.action!r})")
    to_move = game.player_name(player)
    if line.player != to_move:
        raise LogError(f"{at}: the log says {line.player} acted, but it was {to_move}'s turn")
    try:
        state.apply_action(line.action, seat=player if player >= 0 else None)
    except IllegalAction as error:
        raise LogError(f"{at}: {error}") from None


def _check_result(number: int, state: State, line: _Result, ended: tuple[str, bool] | None) -> None:
    """``ended``: the seat whose resignation (``False``) or loss on time (``True``)
    ended the two-seat game, if one did."""
    if ended is not None:
        names = state.game.seat_names
        seat, on_time = ended
        expected = (timeout_result if on_time else resignation_result)(names, names.index(seat))
        how = "ran out of time" if on_time else "resigned"
        if line.result != expected:
            raise LogError(
                f"line {number}: the result line says {_dump(line.result)}, but {seat} "
                f"{how}: {_dump(expected)}"
            )
        return
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
