"""Game logs of the web table (version 2): exported with their take-backs, replayed, and
their deal checked against the committed seed; every tampering is refused by line."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import stratagem
from stratagem.core import CHANCE, JsonDict, State, StratagemError
from stratagem.sim import (
    LogError,
    check_log,
    commitment,
    commitment_preimage,
    read_header,
    replay_log,
    table_chance_rng,
    table_log_text,
    verify_deal,
)

GAME = "eighty_years_war"
SEED = 4_611_686_018_427_387_903
TABLE = "Qm3v-x_7pLkA2bC9"
SEATS = [("Dutch", "human"), ("Spanish", "random")]
Lines = list[JsonDict]


@dataclass(frozen=True)
class Entry:
    """An entry as the table stores it (``seat`` -1: chance)."""

    seq: int
    kind: str
    seat: int
    action: str


@dataclass(frozen=True)
class Played:
    entries: list[Entry]
    state: State
    undone: int
    """The ``seq`` of the take-back."""


def _standing(entries: list[Entry]) -> list[Entry]:
    stack: list[Entry] = []
    for entry in entries:
        if entry.kind == "undo":
            stack.pop()
        else:
            stack.append(entry)
    return stack


def play_like_the_table(seed: int = SEED, moves_seed: int = 3) -> Played:
    """A game played as the table plays it: chance of entry ``seq`` drawn with
    ``table_chance_rng(seed, seq)``, seats by random legal moves; the first Dutch action
    that follows a Dutch action is taken back at once and replaced."""
    game = stratagem.load(GAME)
    moves = random.Random(moves_seed)
    state = game.new_initial_state()
    entries: list[Entry] = []
    undone = -1
    while not state.is_terminal():
        seq = len(entries)
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(table_chance_rng(seed, seq)))
            entries.append(Entry(seq, "act", -1, state.history[-1].text))
            continue
        state.apply_action(moves.choice(state.legal_actions()), seat=player)
        entries.append(Entry(seq, "act", player, state.history[-1].text))
        if undone < 0 and player == 0 and len(entries) > 1 and entries[-2].seat == 0:
            undone = len(entries)
            entries.append(Entry(undone, "undo", 0, entries[-1].action))
            state = game.new_initial_state()
            for entry in _standing(entries):
                state.apply_action(entry.action, seat=None if entry.seat < 0 else entry.seat)
    assert undone > 0
    return Played(entries, state, undone)


@pytest.fixture(scope="module")
def played() -> Played:
    return play_like_the_table()


def export(played: Played, *, committed: str | None = None, result: bool = True) -> str:
    return table_log_text(
        game=GAME,
        options=played.state.game.options,
        seed=SEED,
        seats=SEATS,
        table=TABLE,
        commitment=commitment(TABLE, SEED) if committed is None else committed,
        entries=played.entries,
        result=played.state.result() if result else None,
    )


@pytest.fixture(scope="module")
def log(played: Played, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("table") / "table.jsonl"
    path.write_text(export(played), encoding="utf-8")
    return path


def _lines(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: Lines) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_commitment_is_sha256_of_the_labelled_id_and_seed() -> None:
    assert commitment_preimage("abc", 42) == "stratagem-seed:abc:42"
    assert commitment("abc", 42) == hashlib.sha256(b"stratagem-seed:abc:42").hexdigest()
    with pytest.raises(TypeError, match="a seed is an int"):
        commitment("abc", True)


def test_table_chance_rng_is_the_tables_scheme() -> None:
    assert table_chance_rng(9, 4).random() == random.Random("9/chance/4").random()


def test_export_format(played: Played, log: Path) -> None:
    lines = _lines(log)
    assert lines[0] == {
        "format": "stratagem-log",
        "version": 2,
        "game": GAME,
        "options": {"players": 2, "data": None, "last_turn": None},
        "seed": SEED,
        "seats": {"Dutch": "human", "Spanish": "random"},
        "chance": "table",
        "table": TABLE,
        "commitment": commitment(TABLE, SEED),
    }
    body = lines[1:-1]
    assert [line["seq"] for line in body] == list(range(len(played.entries)))
    undo = body[played.undone]
    withdrawn = body[played.undone - 1]
    assert undo == {
        "seq": played.undone,
        "undo": True,
        "step": withdrawn["step"],
        "player": "Dutch",
        "action": withdrawn["action"],
    }
    assert body[played.undone + 1]["step"] == withdrawn["step"]  # the step comes again
    assert body[0] == {"seq": 0, "step": 1, "player": "chance", "action": body[0]["action"]}
    assert lines[-1] == {"result": played.state.result()}


def test_round_trip_and_deal_check(played: Played, log: Path) -> None:
    state, events = replay_log(log)
    assert state.to_json() == played.state.to_json()
    assert events == played.state.events
    deal = verify_deal(log)
    draws = sum(1 for entry in played.entries if entry.seat < 0)
    assert (deal.table, deal.seed, deal.outcomes) == (TABLE, SEED, draws)
    assert deal.commitment == commitment(TABLE, SEED)
    assert f"all {draws} chance outcomes" in deal.describe()
    assert commitment(TABLE, SEED) in deal.describe()
    assert read_header(log)["commitment"] == commitment(TABLE, SEED)
    assert check_log(log).deal == deal


def _export_lines(played: Played, *, result: bool = True) -> Lines:
    return [json.loads(line) for line in export(played, result=result).splitlines()]


def test_an_unfinished_export_replays(played: Played, tmp_path: Path) -> None:
    lines = _export_lines(played, result=False)
    assert "result" not in lines[-1]
    state, _ = replay_log(_write(tmp_path / "short.jsonl", lines[: played.undone + 5]))
    assert not state.is_terminal()
    assert verify_deal(tmp_path / "short.jsonl").outcomes > 0


def test_a_log_without_commitment_is_checked_against_its_seed(
    played: Played, tmp_path: Path
) -> None:
    lines = _export_lines(played)
    lines[0]["commitment"] = None
    deal = verify_deal(_write(tmp_path / "bots.jsonl", lines))
    assert deal.commitment is None
    assert "no commitment" in deal.describe()


def test_version_1_logs_have_no_deal_check(tmp_path: Path) -> None:
    path = tmp_path / "v1.jsonl"
    header = {
        "format": "stratagem-log",
        "version": 1,
        "game": GAME,
        "options": {"players": 2, "data": None},
        "seed": 1,
        "seats": {"Dutch": "random", "Spanish": "random"},
    }
    _write(path, [header])
    assert check_log(path).deal is None
    assert read_header(path) == header
    with pytest.raises(LogError, match=r"^line 1: the log does not say how its chance was drawn"):
        verify_deal(path)


# -- tampering ------------------------------------------------------------------------------


def _body_index(lines: Lines, test: Callable[[JsonDict], bool], start: int = 1) -> int:
    return next(i for i in range(start, len(lines)) if "seq" in lines[i] and test(lines[i]))


def _other_draw(lines: Lines) -> Lines:
    """The second chance line draws another card that is still in the deck then."""
    index = _body_index(lines, lambda line: line["player"] == "chance", 2)
    game = stratagem.load(GAME)
    state = game.new_initial_state()
    for line in lines[1:index]:
        state.apply_action(line["action"])
    others = [a.text for a, _ in state.chance_outcomes() if a.text != lines[index]["action"]]
    lines[index]["action"] = others[0]
    return lines


def _set_header(**fields: object) -> Callable[[Lines], Lines]:
    def change(lines: Lines) -> Lines:
        lines[0] = {**lines[0], **fields}
        return lines

    return change


def _seed_and_commitment(lines: Lines) -> Lines:
    """Another seed, with a commitment made for it: the first draw gives it away."""
    lines[0]["seed"] = SEED - 1
    lines[0]["commitment"] = commitment(TABLE, SEED - 1)
    return lines


def _undo_chance(lines: Lines) -> Lines:
    """A take-back of the first draw (a server re-dealing a card)."""
    first = lines[1]
    undo = {"seq": 1, "undo": True, "step": 1, "player": "chance", "action": first["action"]}
    return [lines[0], first, undo]


def _misnumbered(lines: Lines) -> Lines:
    lines[5]["seq"] = 9
    return lines


def test_tampered_draw_names_its_line_and_the_expected_card(log: Path, tmp_path: Path) -> None:
    lines = _lines(log)
    changed = _other_draw(_lines(log))
    index = next(i for i, (a, b) in enumerate(zip(lines, changed, strict=True)) if a != b)
    seq = changed[index]["seq"]
    expected = lines[index]["action"]
    message = (
        f"line {index + 1} (seq {seq}, step {changed[index]['step']}): the deal does not "
        f"match the seed: the log says chance drew '{changed[index]['action']}', but seed "
        f"{SEED} draws '{expected}' at seq {seq}"
    )
    with pytest.raises(LogError, match=f"^{re.escape(message)}$"):
        replay_log(_write(tmp_path / "draw.jsonl", changed))


TAMPERING = [
    pytest.param(
        _set_header(seed=SEED + 1),
        f"line 1: the commitment '{commitment(TABLE, SEED)}' does not match table {TABLE} and "
        f"seed {SEED + 1}: SHA-256 of 'stratagem-seed:{TABLE}:{SEED + 1}' is "
        f"{commitment(TABLE, SEED + 1)}",
        id="seed",
    ),
    pytest.param(
        _set_header(commitment="0" * 64),
        f"line 1: the commitment '{'0' * 64}' does not match table {TABLE} and seed {SEED}",
        id="commitment",
    ),
    pytest.param(
        _set_header(table="another-game-id"),
        "line 1: the commitment",
        id="table id",
    ),
    pytest.param(
        _seed_and_commitment,
        "line 2 (seq 0, step 1): the deal does not match the seed",
        id="seed with its own commitment",
    ),
    pytest.param(
        _set_header(seed=None),
        'line 1: a log whose chance is "table" names its seed and its table',
        id="no seed",
    ),
    pytest.param(
        _set_header(chance="match"),
        "line 1: malformed header line (chance: Input should be 'table')",
        id="unknown chance",
    ),
    pytest.param(_set_header(version=3), "line 1: log version 3 is not supported", id="version"),
    pytest.param(
        _undo_chance,
        "line 3 (seq 1): a chance outcome cannot be taken back, but the last action standing "
        "is chance's",
        id="undo of a draw",
    ),
    pytest.param(
        _misnumbered,
        "line 6: entries are misnumbered: expected seq 4, found seq 9",
        id="misnumbered seq",
    ),
]


@pytest.mark.parametrize(("change", "message"), TAMPERING)
def test_tampered_table_log_is_refused(
    log: Path, tmp_path: Path, change: Callable[[Lines], Lines], message: str
) -> None:
    path = _write(tmp_path / "tampered.jsonl", change(_lines(log)))
    with pytest.raises(LogError) as caught:
        replay_log(path)
    assert message in str(caught.value)
    assert isinstance(caught.value, StratagemError)


def test_take_back_of_anothers_action_is_refused(played: Played, log: Path, tmp_path: Path) -> None:
    lines = _lines(log)
    number = played.undone + 2  # the header is line 1, seq 0 is line 2
    lines[number - 1]["player"] = "Spanish"
    message = rf"^line {number} \(seq {played.undone}\): the take-back withdraws Spanish's"
    with pytest.raises(LogError, match=message):
        replay_log(_write(tmp_path / "other.jsonl", lines))


def test_take_back_after_another_seat_acted_is_refused(log: Path, tmp_path: Path) -> None:
    """Spanish acts and takes it back: Dutch may no longer take back the action before."""
    lines = _lines(log)
    dutch = next(
        i
        for i in range(1, len(lines) - 2)
        if lines[i]["player"] == "Dutch"
        and lines[i + 1]["player"] == "Spanish"
        and "undo" not in lines[i] | lines[i + 1]
    )
    spanish = lines[dutch + 1]
    kept = lines[: dutch + 2]
    seq = spanish["seq"]
    undo_spanish = {**spanish, "seq": seq + 1, "undo": True}
    undo_dutch = {**lines[dutch], "seq": seq + 2, "undo": True}
    state, _ = replay_log(_write(tmp_path / "spanish.jsonl", [*kept, undo_spanish]))
    assert len(state.history) == lines[dutch]["step"]
    message = (
        f"line {dutch + 4} (seq {seq + 2}): Dutch takes back '{lines[dutch]['action']}', "
        f"but Spanish has acted since (seq {seq})"
    )
    with pytest.raises(LogError, match=f"^{re.escape(message)}$"):
        replay_log(_write(tmp_path / "late.jsonl", [*kept, undo_spanish, undo_dutch]))


def test_take_back_with_nothing_standing_is_refused(log: Path, tmp_path: Path) -> None:
    header = _lines(log)[0]
    undo = {"seq": 0, "undo": True, "step": 0, "player": "Dutch", "action": "Stop discarding"}
    with pytest.raises(LogError, match=r"^line 2 \(seq 0\): a take-back, but no action stands"):
        replay_log(_write(tmp_path / "empty.jsonl", [header, undo]))


def test_version_1_lines_in_a_version_2_log_are_refused(log: Path, tmp_path: Path) -> None:
    lines = _lines(log)
    del lines[1]["seq"]
    with pytest.raises(LogError, match=r"^line 2: malformed step line \(seq: Field required\)"):
        replay_log(_write(tmp_path / "noseq.jsonl", lines))
