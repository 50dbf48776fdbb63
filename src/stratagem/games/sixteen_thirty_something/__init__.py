"""Sixteen Thirty Something: influence, votes and wars in the Europe of the Thirty Years
War, for 3 to 6 players.

Rulebook: sixteen_thirty_something.txt. Interpretations and assumed values: RULINGS.md.
"""
