"""Heuristic bots, one module per game."""
