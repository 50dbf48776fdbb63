"""Registry facts of Henry VIII (kept apart so listing games imports no rules)."""

from collections.abc import Callable

from stratagem.core import Game, GameInfo, GameOptions

INFO = GameInfo(
    name="henry_viii",
    title="Henry VIII: Intrigue in the Tudor Court",
    min_players=5,
    max_players=8,
)


def seat_names(players: int) -> tuple[str, ...]:
    """The seats: "Faction 1" ... "Faction N", clockwise."""
    return tuple(f"Faction {number}" for number in range(1, players + 1))


def rules() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    """The options model and builder, imported on first use (see ``stratagem.games``)."""
    from stratagem.games.henry_viii.game import HenryVIII, HenryVIIIOptions

    return HenryVIIIOptions, HenryVIII.from_options
