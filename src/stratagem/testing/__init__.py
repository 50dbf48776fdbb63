"""Test tooling every game uses: the conformance kit, golden event logs and the playouts
that the bot and property tests share."""

from stratagem.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_conformance,
    playout_seed,
    random_playout,
)
from stratagem.testing.golden import check_golden, event_log_text
from stratagem.testing.playouts import (
    check_blind_choices,
    check_replay_and_json,
    follow_choices,
    play_bots,
)

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_blind_choices",
    "check_conformance",
    "check_golden",
    "check_replay_and_json",
    "event_log_text",
    "follow_choices",
    "play_bots",
    "playout_seed",
    "random_playout",
]
