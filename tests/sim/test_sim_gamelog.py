"""Game logs: written line by line, replayed through the rules, tampering refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import stratagem
from stratagem.core import Action, Game, JsonDict, State, StratagemError
from stratagem.sim import GameLogWriter, LogError, make_bots, play_match, read_header, replay_log

GAME = "eighty_years_war"
SEED = 17
Lines = list[JsonDict]


@pytest.fixture(scope="module")
def game() -> Game:
    return stratagem.load(GAME)


@pytest.fixture(scope="module")
def finished(game: Game, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, State]:
    """A log of a finished random game, and the game's final state."""
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    final: list[State] = []

    with GameLogWriter(path, game, SEED, {"Dutch": "random", "Spanish": "random"}) as writer:

        def on_step(state: State, player: int, action: Action) -> None:
            writer.record(state, player, action)
            final[:] = [state]

        match = play_match(game, make_bots(game, ["random", "random"], SEED), SEED, on_step=on_step)
        writer.write_result(match.result)
    return path, final[0]


def _lines(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: Lines) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_log_format(finished: tuple[Path, State]) -> None:
    path, state = finished
    lines = _lines(path)
    assert lines[0] == {
        "format": "stratagem-log",
        "version": 1,
        "game": GAME,
        "options": {"players": 2, "data": None, "last_turn": None},
        "seed": SEED,
        "seats": {"Dutch": "random", "Spanish": "random"},
    }
    steps = lines[1:-1]
    assert [line["step"] for line in steps] == list(range(1, len(state.history) + 1))
    assert [line["action"] for line in steps] == [a.text for a in state.history]
    assert steps[0]["player"] == "chance"
    assert {line["player"] for line in steps} == {"chance", "Dutch", "Spanish"}
    assert lines[-1] == {"result": state.result()}


def test_round_trip(finished: tuple[Path, State]) -> None:
    path, original = finished
    state, events = replay_log(path)
    assert state.to_json() == original.to_json()
    assert events == original.events
    assert read_header(path)["seed"] == SEED


def test_writer_flushes_each_line(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    writer = GameLogWriter(path, game, 1, {"Dutch": "human", "Spanish": "random"})
    assert len(_lines(path)) == 1
    state = game.new_initial_state()
    action = state.chance_outcomes()[0][0]
    state.apply_action(action)
    writer.record(state, stratagem.CHANCE, action)
    assert _lines(path)[1] == {"step": 1, "player": "chance", "action": action.text}
    writer.close()


def test_unfinished_log_replays(finished: tuple[Path, State], tmp_path: Path) -> None:
    lines = _lines(finished[0])[:40]
    state, _ = replay_log(_write(tmp_path / "short.jsonl", lines))
    assert not state.is_terminal()
    assert len(state.history) == 39


def _set(index: int, **fields: object) -> Callable[[Lines], Lines]:
    def change(lines: Lines) -> Lines:
        lines[index] = {**lines[index], **fields}
        return lines

    return change


def _first_decision(lines: Lines) -> int:
    return next(i for i, line in enumerate(lines[1:], 1) if line.get("player") == "Dutch")


def _illegal_decision(lines: Lines) -> Lines:
    index = _first_decision(lines)
    lines[index]["action"] = "Meld military: Sea Beggars"
    return lines


def _repeat_a_draw(lines: Lines) -> Lines:
    lines[2]["action"] = lines[1]["action"]
    return lines


def _wrong_result(lines: Lines) -> Lines:
    winners = lines[-1]["result"]["winners"]
    lines[-1]["result"]["winners"] = ["Spanish"] if winners != ["Spanish"] else ["Dutch"]
    return lines


def _early_result(lines: Lines) -> Lines:
    return [*lines[:4], lines[-1]]


def _action_after_end(lines: Lines) -> Lines:
    last = lines[-2]
    return [*lines[:-1], {"step": last["step"] + 1, "player": "Dutch", "action": "Stop discarding"}]


def _line_after_result(lines: Lines) -> Lines:
    return [*lines, lines[-2]]


TAMPERING = [
    pytest.param(_set(0, game="chess"), "line 1: no game named 'chess'", id="unknown game"),
    pytest.param(
        _set(0, options={"players": 3}), "line 1: eighty_years_war is played by 2", id="bad option"
    ),
    pytest.param(
        _set(0, options={"colour": "red"}), "line 1: eighty_years_war: option 'colour'", id="option"
    ),
    pytest.param(_set(0, format="other"), "line 1: not a Stratagem game log", id="not a log"),
    pytest.param(_set(0, version=3), "line 1: log version 3 is not supported", id="version"),
    pytest.param(
        _set(0, version=2),
        "line 2: malformed step line (seq: Field required)",
        id="version 2 header on version 1 lines",
    ),
    pytest.param(
        _set(0, chance="table"),
        "line 1: malformed header line (chance: Extra inputs are not permitted)",
        id="version 2 field in a version 1 header",
    ),
    pytest.param(
        _set(0, seats={"Dutch": "random"}), "line 1: the seats Dutch are not", id="wrong seats"
    ),
    pytest.param(
        _set(10, step=99),
        "line 11: steps are misnumbered: expected step 10, found step 99",
        id="misnumbered",
    ),
    pytest.param(
        _set(3, step="3"),
        "line 4: malformed step line (step: Input should be a valid integer)",
        id="malformed step",
    ),
    pytest.param(
        _set(5, action="Draw: The Armada"),
        "step 5: 'Draw: The Armada' is not an action of this game",
        id="unknown action",
    ),
    pytest.param(
        _illegal_decision,
        "is not legal now: melds are made in the Action Phase",
        id="illegal decision",
    ),
    pytest.param(_repeat_a_draw, "is not a possible chance outcome now", id="impossible draw"),
    pytest.param(
        _set(1, player="Dutch"),
        "step 1: the log says Dutch acted, but it was chance's turn",
        id="wrong player",
    ),
    pytest.param(_wrong_result, "the result line says", id="wrong result"),
    pytest.param(
        _early_result,
        "line 5: the log has a result line, but the game is not over after step 3",
        id="early result",
    ),
    pytest.param(_action_after_end, "the game was already over", id="action after the end"),
    pytest.param(
        _line_after_result, "the log goes on after its result line", id="line after result"
    ),
]


@pytest.mark.parametrize(("change", "message"), TAMPERING)
def test_tampered_log_is_refused(
    finished: tuple[Path, State], tmp_path: Path, change: Callable[[Lines], Lines], message: str
) -> None:
    path = _write(tmp_path / "tampered.jsonl", change(_lines(finished[0])))
    with pytest.raises(LogError) as caught:
        replay_log(path)
    assert message in str(caught.value)
    assert isinstance(caught.value, StratagemError)


def test_illegal_decision_names_its_step(finished: tuple[Path, State], tmp_path: Path) -> None:
    lines = _lines(finished[0])
    step = lines[_first_decision(lines)]["step"]
    expected = rf"^step {step}: 'Meld military: Sea Beggars' is not legal now"
    with pytest.raises(LogError, match=expected):
        replay_log(_write(tmp_path / "t.jsonl", _illegal_decision(lines)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: the log is empty"),
        ("{not json\n", "line 1: not valid JSON"),
        ("[1, 2]\n", "line 1: expected a JSON object"),
    ],
)
def test_broken_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LogError, match=message):
        replay_log(path)


def test_bad_json_inside(finished: tuple[Path, State], tmp_path: Path) -> None:
    raw = finished[0].read_text(encoding="utf-8").splitlines()
    raw[4] = raw[4][:-3]
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(raw) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"^line 5: not valid JSON"):
        replay_log(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read"):
        replay_log(tmp_path / "nothing.jsonl")
