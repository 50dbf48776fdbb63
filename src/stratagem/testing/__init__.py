"""Test tooling every game uses: the conformance kit and golden event logs."""

from stratagem.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_conformance,
    playout_seed,
    random_playout,
)
from stratagem.testing.golden import check_golden, event_log_text

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_conformance",
    "check_golden",
    "event_log_text",
    "playout_seed",
    "random_playout",
]
