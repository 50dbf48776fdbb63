"""Monte-Carlo studies: many seeded games between fixed bots, summarised.

Game ``i`` of a study with master seed ``m`` is played with ``seed_for(m, i)``, so a study's
numbers depend only on (game, options, bots, n, m): not on the number of worker processes,
nor on the order in which the workers finish. Any single game can be replayed with
``play_match`` (or ``stratagem play --seed``) from its seed.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache
from typing import Any

from stratagem.core import Game, OptionError, load
from stratagem.sim.runner import make_bots, play_match, resolve_seats, seed_for
from stratagem.sim.stats import Outcome, Study, summarize

ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) as the study advances."""

CHUNK = 100
"""The most games a worker process plays per task."""


def simulate(
    game_name: str,
    seat_bots: Mapping[str, str],
    n: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    workers: int = 1,
) -> Study:
    """Play ``n`` games of ``game_name`` and summarise them.

    ``seat_bots`` maps seat names to bot names (seats not named play ``random``);
    ``options`` are the game's options (``players`` included). With ``workers`` > 1 the
    games are spread over that many processes; the study is the same either way. Unknown
    games, options, seats or bots raise ``OptionError`` before any game is played.
    """
    if n < 1:
        raise OptionError(f"a study needs at least 1 game, not {n}")
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    game = load(game_name, **dict(options or {}))
    names = resolve_seats(game, seat_bots)
    seeds = [seed_for(seed, index) for index in range(n)]
    if workers == 1:
        outcomes = _play_serial(game, names, seeds, progress)
    else:
        outcomes = _play_parallel(game, names, seeds, progress, workers)
    return summarize(
        game.name,
        game.options,
        seed,
        seat_names=game.seat_names,
        seat_bots=names,
        outcomes=outcomes,
    )


def _play_serial(
    game: Game, names: Sequence[str], seeds: Sequence[int], progress: ProgressCallback | None
) -> list[Outcome]:
    outcomes = []
    for done, seed in enumerate(seeds, start=1):
        outcomes.append(play_match(game, make_bots(game, names, seed), seed).outcome())
        if progress is not None:
            progress(done, len(seeds))
    return outcomes


def _play_parallel(
    game: Game,
    names: Sequence[str],
    seeds: Sequence[int],
    progress: ProgressCallback | None,
    workers: int,
) -> list[Outcome]:
    """Chunks of games on a process pool, put back in seed order."""
    options = json.dumps(game.options, sort_keys=True)
    chunks = [list(seeds[start : start + CHUNK]) for start in range(0, len(seeds), CHUNK)]
    results: list[list[Outcome]] = [[] for _ in chunks]
    done = 0
    # "spawn": the caller may run threads (a progress bar), which fork does not survive.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {
            pool.submit(_play_chunk, game.name, options, tuple(names), chunk): index
            for index, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            chunk_outcomes = future.result()
            results[futures[future]] = chunk_outcomes
            done += len(chunk_outcomes)
            if progress is not None:
                progress(done, len(seeds))
    return [outcome for chunk_outcomes in results for outcome in chunk_outcomes]


def _play_chunk(
    game_name: str, options: str, names: tuple[str, ...], seeds: Sequence[int]
) -> list[Outcome]:
    """Worker task: play the games of ``seeds`` (the game is loaded once per process)."""
    game = _cached_game(game_name, options)
    return [play_match(game, make_bots(game, names, seed), seed).outcome() for seed in seeds]


@lru_cache(maxsize=4)
def _cached_game(game_name: str, options: str) -> Game:
    return load(game_name, **json.loads(options))
