"""Registry facts of Sixteen Thirty Something (kept apart so listing games imports no rules)."""

from collections.abc import Callable

from stratagem.core import Game, GameInfo, GameOptions

INFO = GameInfo(
    name="sixteen_thirty_something",
    title="Sixteen Thirty Something",
    min_players=3,
    max_players=6,
)


def seat_names(players: int) -> tuple[str, ...]:
    """The seats: ``Player 1`` ... ``Player N``, in clockwise order."""
    return tuple(f"Player {number}" for number in range(1, players + 1))


def rules() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    """The options model and builder, imported on first use (see ``stratagem.games``)."""
    from stratagem.games.sixteen_thirty_something.game import (
        SixteenThirtySomething,
        SixteenThirtySomethingOptions,
    )

    return SixteenThirtySomethingOptions, SixteenThirtySomething.from_options
