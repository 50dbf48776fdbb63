"""Research interfaces: a PettingZoo AEC environment and OpenSpiel registration for every
registered game, built on the core API only (``stratagem[rl]``)."""
