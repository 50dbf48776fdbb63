"""Registry facts of Eighty Years War (kept apart so listing games imports no rules)."""

from stratagem.core import GameInfo

INFO = GameInfo(
    name="eighty_years_war",
    title="Eighty Years War",
    min_players=2,
    max_players=2,
)

SEATS = ("Dutch", "Spanish")
DUTCH = 0
SPANISH = 1
