"""Every game Stratagem knows, registered with a lazy factory (rules load on first use)."""

from __future__ import annotations

from collections.abc import Callable

from stratagem.core import Game, GameOptions, register
from stratagem.games.eighty_years_war.info import INFO as _EIGHTY_YEARS_WAR


def _eighty_years_war() -> tuple[type[GameOptions], Callable[[GameOptions], Game]]:
    from stratagem.games.eighty_years_war.game import EightyYearsWar, EightyYearsWarOptions

    return EightyYearsWarOptions, EightyYearsWar.from_options


register(_EIGHTY_YEARS_WAR, _eighty_years_war)
