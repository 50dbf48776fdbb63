"""Monte-Carlo studies: many seeded games between fixed bots, summarised.

Game ``i`` of a study with master seed ``m`` is played with ``seed_for(m, i)``, so a study's
numbers depend only on (game, options, bots, n, m): not on the backend (one process, a
process pool, Ray), nor on the order in which the workers finish. Any single game can be
replayed with ``play_match`` (or ``stratagem play --seed``) from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stratagem.core import OptionError
from stratagem.sim.backends import GameRecord, Job, ProgressCallback, run_jobs
from stratagem.sim.runner import resolve_seats, seed_for
from stratagem.sim.settings import Setting, make_setup, plain_options
from stratagem.sim.stats import Study, summarize


@dataclass(frozen=True, slots=True)
class StudyRun:
    """A study with every game's record; ``interrupted`` if Ctrl-C cut it short."""

    study: Study
    records: tuple[GameRecord, ...]
    seat_names: tuple[str, ...]
    planned: int
    interrupted: bool
    settings: tuple[Setting, ...] = ()


def run_study(
    game_name: str,
    seat_bots: Mapping[str, str],
    n: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    workers: int = 1,
    ray: str | bool = False,
    settings: Sequence[Setting] = (),
) -> StudyRun:
    """Play ``n`` games of ``game_name`` and keep every game's record.

    ``seat_bots`` maps seat names to bot specs (seats not named play ``random``);
    ``options`` are the game's options (``players`` included). ``workers`` > 1 spreads the
    games over that many local processes; ``ray`` (``True`` or an address) plays them on
    Ray instead. ``settings`` change game options or data pack values (``settings.py``).
    The result is the same on every backend. Unknown games, options, seats or bots, and
    settings the game or its pack refuses, raise ``OptionError`` before any game is played.
    """
    if n < 1:
        raise OptionError(f"a study needs at least 1 game, not {n}")
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    setup = make_setup(game_name, options or {}, settings)
    game = setup.load()
    names = tuple(resolve_seats(game, seat_bots))
    jobs = [Job(index, seed_for(seed, index), names) for index in range(n)]
    batch = run_jobs(setup, jobs, workers=workers, ray=ray, progress=progress)
    study = summarize(
        game.name,
        plain_options(game, setup),
        seed,
        seat_names=game.seat_names,
        seat_bots=names,
        outcomes=[record.outcome() for record in batch.records],
    )
    return StudyRun(study, batch.records, game.seat_names, n, batch.interrupted, tuple(settings))


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
    """Play ``n`` games of ``game_name`` and summarise them (see ``run_study``)."""
    return run_study(
        game_name, seat_bots, n, seed, options=options, progress=progress, workers=workers
    ).study
