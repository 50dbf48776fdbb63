"""The simulation lab: seeded matches between bots, Monte-Carlo studies, statistics and game
logs.

>>> from stratagem.sim import simulate
>>> study = simulate("eighty_years_war", {"Dutch": "random"}, n=10, seed=1)
>>> study.games
10
"""

from stratagem.sim.gamelog import GameLogWriter, LogError, read_header, replay_log
from stratagem.sim.runner import (
    MatchResult,
    StepCallback,
    bot_rng,
    chance_rng,
    make_bots,
    play_match,
    resolve_seats,
    seed_for,
)
from stratagem.sim.stats import (
    FirstPlayerRow,
    Outcome,
    Proportion,
    SeatRow,
    Spread,
    Study,
    summarize,
    wilson_interval,
)
from stratagem.sim.study import ProgressCallback, simulate

__all__ = [
    "FirstPlayerRow",
    "GameLogWriter",
    "LogError",
    "MatchResult",
    "Outcome",
    "ProgressCallback",
    "Proportion",
    "SeatRow",
    "Spread",
    "StepCallback",
    "Study",
    "bot_rng",
    "chance_rng",
    "make_bots",
    "play_match",
    "read_header",
    "replay_log",
    "resolve_seats",
    "seed_for",
    "simulate",
    "summarize",
    "wilson_interval",
]
