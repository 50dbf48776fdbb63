"""The simulation lab: seeded matches between bots, Monte-Carlo studies, tournaments with
ratings, local and Ray backends, statistics, reports and game logs.

>>> from stratagem.sim import simulate
>>> study = simulate("eighty_years_war", {"Dutch": "random"}, n=10, seed=1)
>>> study.games
10
"""

from stratagem.sim.backends import Batch, GameRecord, Job, ProgressCallback, run_jobs
from stratagem.sim.fairness import commitment, commitment_preimage, table_chance_rng
from stratagem.sim.gamelog import (
    CheckedLog,
    DealCheck,
    GameLogWriter,
    LogError,
    TableEntry,
    check_log,
    read_header,
    replay_log,
    table_log_text,
    verify_deal,
)
from stratagem.sim.ratings import Rating, RatingTable, SeatTerm, fit_ratings
from stratagem.sim.runner import (
    MatchResult,
    StepCallback,
    bot_rng,
    chance_rng,
    check_bot,
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
from stratagem.sim.study import StudyRun, run_study, simulate
from stratagem.sim.tournament import (
    LineupRow,
    PairingRow,
    Tournament,
    lineups,
    run_tournament,
    tournament_doc,
)

__all__ = [
    "Batch",
    "CheckedLog",
    "DealCheck",
    "FirstPlayerRow",
    "GameLogWriter",
    "GameRecord",
    "Job",
    "LineupRow",
    "LogError",
    "MatchResult",
    "Outcome",
    "PairingRow",
    "ProgressCallback",
    "Proportion",
    "Rating",
    "RatingTable",
    "SeatRow",
    "SeatTerm",
    "Spread",
    "StepCallback",
    "Study",
    "StudyRun",
    "TableEntry",
    "Tournament",
    "bot_rng",
    "chance_rng",
    "check_bot",
    "check_log",
    "commitment",
    "commitment_preimage",
    "fit_ratings",
    "lineups",
    "make_bots",
    "play_match",
    "read_header",
    "replay_log",
    "resolve_seats",
    "run_jobs",
    "run_study",
    "run_tournament",
    "seed_for",
    "simulate",
    "summarize",
    "table_chance_rng",
    "table_log_text",
    "tournament_doc",
    "verify_deal",
    "wilson_interval",
]
