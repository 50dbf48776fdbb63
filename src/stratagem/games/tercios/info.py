"""Registry facts of Liber Militum: Tercios (kept apart so listing games imports no rules)."""

from collections.abc import Callable

from stratagem.core import Game, GameInfo, GameOptions

INFO = GameInfo(
    name="tercios",
    title="Liber Militum: Tercios",
    min_players=2,
    max_players=2,
)

SEATS = ("Spanish", "Swedish")
"""The two sides: the Catholic side (Spain, the Emperor, the League) and the Protestant side
(Sweden, its allies, France). Either seat may field any army [Rulings R1]."""
SPANISH = 0
SWEDISH = 1


def rules() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    """The options model and builder, imported on first use (see ``stratagem.games``)."""
    from stratagem.games.tercios.game import Tercios, TerciosOptions

    return TerciosOptions, Tercios.from_options
