"""Eighty Years War: a 2-player card game of the Dutch Revolt, 1568-1648.

Rulebook: eighty_years_war.txt. Interpretations and assumed values: RULINGS.md.
"""
