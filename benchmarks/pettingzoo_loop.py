"""The loop ``bench_interop`` times: random legal actions from the action mask, over whole
games from ``reset(seed=...)``. It imports only what every version of the environment has
(``stratagem.interop.pettingzoo.env``), so that ``bench_interop --tree`` can run it on
another commit's source tree:

    PYTHONPATH=<tree>/src python benchmarks/pettingzoo_loop.py GAME SECONDS
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

MakeEnv = Callable[[str], Any]


def run(
    make: MakeEnv, name: str, seconds: float, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, int, float]:
    """(games, steps, elapsed) of random play for about ``seconds`` of ``clock`` (wall
    time unless told): a step is one ``env.last()`` and one ``env.step()`` with a random
    legal action."""
    table = make(name)
    rng = random.Random(0)
    games = steps = 0
    start = clock()
    while clock() - start < seconds:
        table.reset(seed=games)
        for _agent in table.agent_iter():
            observation, _reward, done, truncated, _info = table.last()
            if done or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return games, steps, clock() - start


if __name__ == "__main__":
    from stratagem.interop.pettingzoo import env

    print(json.dumps(run(env, sys.argv[1], float(sys.argv[2]))))
