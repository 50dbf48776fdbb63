"""Each game's ``heuristic`` bot (and, optionally, ``EVALUATOR``), in a module named after it."""

import math


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z (the heuristics' and evaluators' outcome models)."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
