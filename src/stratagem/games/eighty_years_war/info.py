"""Registry facts of Eighty Years War (kept apart so listing games imports no rules): a
card game for two players, the Dutch and the Spanish [Introduction]."""

from collections.abc import Callable

from stratagem.core import Game, GameInfo, GameOptions

INFO = GameInfo(
    name="eighty_years_war",
    title="Eighty Years War",
    min_players=2,
    max_players=2,
)

SEATS = ("Dutch", "Spanish")
DUTCH = 0
SPANISH = 1


def rules() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    """The options model and builder, imported on first use (see ``stratagem.games``)."""
    from stratagem.games.eighty_years_war.game import EightyYearsWar, EightyYearsWarOptions

    return EightyYearsWarOptions, EightyYearsWar.from_options
