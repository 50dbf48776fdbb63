"""Monte-Carlo studies: reproducible from the master seed, on one process or several."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.core import OptionError
from stratagem.sim import backends, make_bots, play_match, seed_for, simulate, summarize

GAME = "eighty_years_war"
SEATS = {"Dutch": "random", "Spanish": "random"}


def test_same_master_seed_same_study() -> None:
    first = simulate(GAME, SEATS, 12, seed=4)
    assert first == simulate(GAME, SEATS, 12, seed=4)
    assert first != simulate(GAME, SEATS, 12, seed=5)


def test_study_is_made_of_the_seeded_matches() -> None:
    """Game i of a study is ``play_match`` with ``seed_for(master, i)``, so it can be replayed."""
    game = stratagem.load(GAME)
    outcomes = []
    for index in range(6):
        seed = seed_for(9, index)
        outcomes.append(
            play_match(game, make_bots(game, ["random", "random"], seed), seed).outcome()
        )
    expected = summarize(
        GAME,
        game.options,
        9,
        seat_names=game.seat_names,
        seat_bots=["random", "random"],
        outcomes=outcomes,
    )
    assert simulate(GAME, {}, 6, seed=9) == expected


def test_study_summary() -> None:
    result = simulate(GAME, {"dutch": "random"}, 10, seed=1)
    assert result.games == 10
    assert result.game == GAME
    assert [(row.seat, row.bot) for row in result.seats] == [
        ("Dutch", "random"),
        ("Spanish", "random"),
    ]
    assert sum(row.wins.count for row in result.seats) + result.draws.count == 10
    assert result.turns is not None and result.turns.median == 15.0
    assert [row.seat for row in result.first_player] == ["Dutch"]


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate(GAME, SEATS, 5, seed=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 5) for done in range(1, 6)]


def test_workers_give_the_same_study(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "CHUNK", 3)  # several chunks, finishing in any order
    calls: list[int] = []
    parallel = simulate(
        GAME, SEATS, 10, seed=3, workers=2, progress=lambda done, _: calls.append(done)
    )
    assert parallel == simulate(GAME, SEATS, 10, seed=3)
    assert calls[-1] == 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess", SEATS, 5), "no game named 'chess'"),
        ((GAME, {"English": "random"}, 5), "'English' is not a seat"),
        ((GAME, {"Dutch": "robot"}, 5), "no bot named 'robot'"),
        ((GAME, SEATS, 0), "at least 1 game"),
    ],
)
def test_bad_studies_are_refused(args: tuple[str, dict[str, str], int], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        simulate(*args, seed=1)


def test_bad_worker_count() -> None:
    with pytest.raises(OptionError, match="workers"):
        simulate(GAME, SEATS, 1, seed=1, workers=0)
