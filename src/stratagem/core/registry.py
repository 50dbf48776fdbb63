"""The game registry: ``available_games`` and ``load``.

Games register themselves with a lazy factory, so that listing games imports no rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stratagem.core.errors import OptionError
from stratagem.core.game import Game, GameInfo
from stratagem.core.options import GameOptions, validate_options


@dataclass(frozen=True, slots=True)
class _Entry:
    info: GameInfo
    factory: Callable[[], tuple[type[GameOptions], Callable[[GameOptions], Game]]]


_REGISTRY: dict[str, _Entry] = {}


def register(
    info: GameInfo,
    factory: Callable[[], tuple[type[GameOptions], Callable[[GameOptions], Game]]],
) -> None:
    """Add a game. ``factory`` returns (its options model, a builder from options)."""
    if info.name in _REGISTRY:
        raise ValueError(f"game {info.name!r} is registered twice")
    _REGISTRY[info.name] = _Entry(info, factory)


def available_games() -> list[GameInfo]:
    """Every registered game, by name."""
    return [entry.info for _, entry in sorted(_REGISTRY.items())]


def game_info(name: str) -> GameInfo:
    """The registry entry of one game."""
    entry = _REGISTRY.get(name)
    if entry is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise OptionError(f"no game named {name!r}; available games: {known}")
    return entry.info


def options_model(name: str) -> type[GameOptions]:
    """The options model of one game (imports its rules)."""
    game_info(name)
    model, _ = _REGISTRY[name].factory()
    return model


def load(
    name: str, /, players: int | None = None, *, strict: bool = False, **options: object
) -> Game:
    """Build a game with validated options; anything out of range raises ``OptionError``.

    ``strict`` refuses any conversion (``"2"`` for a number, ``"yes"`` for true/false): the
    options are taken as JSON gives them, for callers that pass on somebody else's JSON (the
    web table); see ``validate_options``. ``name`` is positional-only so that an option
    called ``name`` is refused as unknown, not taken for the game's name.
    """
    info = game_info(name)
    if players is None:
        players = info.min_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(f"{name}: option 'players' must be a whole number, got {players!r}")
    if not info.min_players <= players <= info.max_players:
        allowed = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        raise OptionError(f"{name} is played by {allowed} players, not {players}")
    model, build = _REGISTRY[name].factory()
    validated = validate_options(model, name, {"players": players, **options}, strict=strict)
    return build(validated)
