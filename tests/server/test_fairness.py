"""Fair chance: secret seeds, their commitments, refused seed choices, and a table's game
exported with its take-backs and checked by ``stratagem replay`` against its seed."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import stratagem
from stratagem.cli import app
from stratagem.core import CHANCE, JsonDict, State
from stratagem.server import fairness, seating
from stratagem.server.errors import Invalid
from stratagem.server.fairness import (
    check_seed_choice,
    commitment,
    game_seed,
    new_seed,
    table_log_lines,
)
from stratagem.server.storage import CHANCE_SEAT, Entry, GameRecord, SeatRecord, Store, standing
from stratagem.sim import LogError, replay_log, table_chance_rng, verify_deal

from .helpers import create, settled

GAME = "eighty_years_war"
GAME_ID = "Zt8yQ1w_Xc-4hJ2k"


# -- seeds and commitments ------------------------------------------------------------------


def test_new_seeds_are_63_bit_and_differ() -> None:
    seeds = [new_seed() for _ in range(64)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert max(seeds) >= 2**56  # 64 draws all below 2**56: probability 2**-448


def test_commitment_is_deterministic_and_binds_id_and_seed() -> None:
    digest = commitment(GAME_ID, 12345)
    assert digest == commitment(GAME_ID, 12345)
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert digest == hashlib.sha256(f"stratagem-seed:{GAME_ID}:12345".encode()).hexdigest()
    assert commitment(GAME_ID, 12346) != digest
    assert commitment("Zt8yQ1w_Xc-4hJ2K", 12345) != digest
    # the id and the seed cannot trade digits: "a:1" + "23" is not "a:12" + "3"
    assert commitment("a:1", 23) != commitment("a:12", 3)


def test_chance_rng_is_the_scheme_of_stored_games() -> None:
    for seed, seq in ((0, 0), (2**63 - 1, 17), (98765, 640)):
        assert (
            table_chance_rng(seed, seq).random() == random.Random(f"{seed}/chance/{seq}").random()
        )
    state = stratagem.load(GAME).new_initial_state()
    drawn = state.sample_chance(table_chance_rng(5, 0))
    assert drawn == state.sample_chance(random.Random("5/chance/0"))


def test_a_chosen_seed_is_refused_when_a_person_is_seated() -> None:
    with pytest.raises(Invalid) as caught:
        check_seed_choice(42, ["random", "human"], ["Dutch", "Spanish"])
    message = str(caught.value)
    assert message.startswith("a seed can be chosen only for a game of bots alone")
    assert "a person plays seat Spanish" in message
    assert "would know every draw in advance" in message
    assert caught.value.status == 422
    with pytest.raises(Invalid, match="a person plays seats 0, 1"):
        check_seed_choice(0, ["human", "human"])
    with pytest.raises(Invalid):
        game_seed(7, ["human", "heuristic"])


def test_no_seed_or_bots_alone_are_accepted() -> None:
    check_seed_choice(None, ["human", "human"])
    check_seed_choice(42, ["random", "heuristic"])
    assert game_seed(42, ["random", "random"]) == 42
    assert game_seed(None, ["human", "random"]) != game_seed(None, ["human", "random"])


def test_the_people_controllers_are_the_tables() -> None:
    assert fairness.PEOPLE == (seating.HUMAN, seating.OPEN)


# -- a table's game, exported and checked ---------------------------------------------------


def _rebuild(entries: list[Entry]) -> State:
    state = stratagem.load(GAME).new_initial_state()
    for entry in standing(entries):
        state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
    return state


def play_like_the_server(seed: int) -> tuple[list[Entry], State, int]:
    """A game with the table's entries: chance of entry ``seq`` from ``table_chance_rng(seed,
    seq)``, random legal moves, and one take-back of Dutch's own action (made when Dutch
    acts twice in a row). Returns the entries, the final state and the take-back's seq."""
    moves = random.Random(seed)
    state = stratagem.load(GAME).new_initial_state()
    entries: list[Entry] = []
    undo = -1
    while not state.is_terminal():
        seq = len(entries)
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(table_chance_rng(seed, seq)))
            entries.append(Entry(seq, "act", CHANCE_SEAT, state.history[-1].text))
            continue
        state.apply_action(moves.choice(state.legal_actions()), seat=player)
        entries.append(Entry(seq, "act", player, state.history[-1].text))
        if undo < 0 and player == 0 and entries[-2].seat == 0:
            undo = seq + 1
            entries.append(Entry(undo, "undo", 0, standing(entries)[-1].action))
            state = _rebuild(entries)
    return entries, state, undo


SEED = 7_318_502_216_846_349_201
"""A 63-bit seed, like those the server draws."""


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameRecord, State, int]:
    entries, state, undo = play_like_the_server(SEED)
    assert undo > 0
    record = GameRecord(
        id=GAME_ID,
        game=GAME,
        options=dict(state.game.options),
        seed=SEED,
        seats=(SeatRecord(0, "Dutch", "human", "0" * 64), SeatRecord(1, "Spanish", "random", None)),
    )
    path = tmp_path_factory.mktemp("fair") / "table.jsonl"
    path.write_text(table_log_lines(record, entries, state.result()), encoding="utf-8")
    return path, record, state, undo


def _lines(path: Path) -> list[JsonDict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[JsonDict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_export_replays_and_its_deal_checks(
    exported: tuple[Path, GameRecord, State, int],
) -> None:
    path, record, original, undo = exported
    lines = _lines(path)
    assert lines[0]["chance"] == "table"
    assert lines[0]["table"] == GAME_ID
    assert lines[0]["seed"] == SEED
    assert lines[0]["commitment"] == commitment(GAME_ID, SEED)
    assert lines[0]["seats"] == {"Dutch": "human", "Spanish": "random"}
    assert lines[undo + 1]["undo"] is True
    assert lines[undo + 1]["player"] == "Dutch"
    state, events = replay_log(path)
    assert state.to_json() == original.to_json()
    assert events == original.events
    deal = verify_deal(path)
    assert (deal.table, deal.seed, deal.commitment) == (record.id, SEED, commitment(GAME_ID, SEED))
    assert deal.outcomes == sum(1 for line in lines[1:-1] if line["player"] == "chance")


def test_the_commitment_shown_is_the_one_written(
    exported: tuple[Path, GameRecord, State, int], tmp_path: Path
) -> None:
    path, record, state, _ = exported
    entries = [
        Entry(line["seq"], "undo" if line.get("undo") else "act", -1, line["action"])
        for line in _lines(path)[1:3]
    ]
    text = table_log_lines(record, entries, state.result(), committed="f" * 64)
    assert json.loads(text.splitlines()[0])["commitment"] == "f" * 64
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(text.splitlines()[:-1]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=f"^line 1: the commitment '{'f' * 64}' does not match"):
        replay_log(short)


def _first_chance(lines: list[JsonDict], start: int = 1) -> int:
    return next(i for i in range(start, len(lines)) if lines[i].get("player") == "chance")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", SEED ^ 1, f"line 1: the commitment '{commitment(GAME_ID, SEED)}' does not match"),
        ("commitment", commitment(GAME_ID, SEED ^ 1), "line 1: the commitment"),
        ("table", "another-game-id", "line 1: the commitment"),
    ],
)
def test_a_tampered_header_is_refused(
    exported: tuple[Path, GameRecord, State, int],
    tmp_path: Path,
    field: str,
    value: object,
    message: str,
) -> None:
    lines = _lines(exported[0])
    lines[0][field] = value
    with pytest.raises(LogError) as caught:
        replay_log(_write(tmp_path / "header.jsonl", lines))
    assert str(caught.value).startswith(message)


def test_another_seed_with_its_own_commitment_fails_at_the_first_draw(
    exported: tuple[Path, GameRecord, State, int], tmp_path: Path
) -> None:
    lines = _lines(exported[0])
    lines[0] |= {"seed": SEED ^ 1, "commitment": commitment(GAME_ID, SEED ^ 1)}
    first = _first_chance(lines)
    with pytest.raises(LogError, match=rf"^line {first + 1} \(seq 0, step 1\): the deal does not"):
        replay_log(_write(tmp_path / "reseeded.jsonl", lines))


# -- stratagem replay -----------------------------------------------------------------------


def _replay(path: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["replay", str(path)], env={"COLUMNS": "300"})
    return result.exit_code, result.stdout, result.stderr


def test_stratagem_replay_prints_the_deal_check(
    exported: tuple[Path, GameRecord, State, int],
) -> None:
    path, _, state, _ = exported
    code, out, _ = _replay(path)
    assert code == 0, out
    draws = sum(1 for line in _lines(path)[1:-1] if line["player"] == "chance")
    assert f"Eighty Years War, table {GAME_ID}, seed {SEED}: Dutch human, Spanish random" in out
    assert state.result()["reason"] in out
    assert (
        f"Deal checked: all {draws} chance outcomes of table {GAME_ID} are those seed {SEED} "
        "draws, and the seed is the one committed to at the start (SHA-256 of "
        f"'stratagem-seed:{GAME_ID}:{SEED}' = {commitment(GAME_ID, SEED)})." in out
    )


def test_stratagem_replay_of_a_forged_deal_exits_1(
    exported: tuple[Path, GameRecord, State, int], tmp_path: Path
) -> None:
    lines = _lines(exported[0])
    lines[0]["seed"] = SEED ^ 1
    code, out, err = _replay(_write(tmp_path / "forged.jsonl", lines))
    assert code == 1
    assert "line 1: the commitment" in err
    assert "Deal checked" not in out
    assert "Traceback" not in err


# -- the server's own draws -----------------------------------------------------------------


def test_a_game_played_by_the_server_checks(
    client: TestClient, sqlite_file: str, tmp_path: Path
) -> None:
    """Bots alone, with a chosen seed: the table's stored log, exported, checks."""
    created = create(client, GAME, ["random", "random"], seed=2024)
    game_id = created["id"]
    assert settled(client, game_id)["finished"]
    store = Store.open(sqlite_file)
    try:
        record = store.game(game_id)
        entries = store.entries(game_id)
    finally:
        store.close()
    assert record is not None
    state = _rebuild(entries)
    assert state.is_terminal()
    path = tmp_path / "server.jsonl"
    path.write_text(table_log_lines(record, entries, state.result()), encoding="utf-8")
    deal = verify_deal(path)
    assert (deal.table, deal.seed) == (game_id, 2024)
    assert deal.outcomes == sum(1 for entry in entries if entry.seat == CHANCE_SEAT) > 0
