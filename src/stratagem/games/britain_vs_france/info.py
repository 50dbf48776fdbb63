"""Registry facts of 1750: Britain vs. France (kept apart so listing games imports no rules).

Two seats, Britain and France; who takes which is the players' choice as they sit down
(``--seat`` or the web table) [Determining Sides]."""

from collections.abc import Callable

from stratagem.core import Game, GameInfo, GameOptions

INFO = GameInfo(
    name="britain_vs_france",
    title="1750: Britain vs. France",
    min_players=2,
    max_players=2,
)

SEATS = ("Britain", "France")
BRITAIN = 0
FRANCE = 1


def rules() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    """The options model and builder, imported on first use (see ``stratagem.games``)."""
    from stratagem.games.britain_vs_france.game import BritainVsFrance, BritainVsFranceOptions

    return BritainVsFranceOptions, BritainVsFrance.from_options
