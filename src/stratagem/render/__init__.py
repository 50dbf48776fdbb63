"""Board drawings: each game's board as an SVG string, drawn from a seat's view alone.

``stratagem.render.<game>`` holds ``board_svg(view) -> str`` for a game. Renderers read
only the JSON-safe ``view(seat)`` (or ``view(None)``) they are given, never a state, so a
drawing can show nothing its seat may not know. The web table and ``stratagem render``
both draw through ``board_svg`` here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import cast

from stratagem.core import JsonDict

BoardRenderer = Callable[[JsonDict], str]


def board_renderer(game: str) -> BoardRenderer | None:
    """The board renderer of ``game``, or ``None`` when the game has none yet."""
    name = f"{__name__}.{game}"
    if not game.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    return cast(BoardRenderer, importlib.import_module(name).board_svg)
