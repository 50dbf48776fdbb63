"""Board drawings: each game's board as an SVG string, drawn from a seat's view alone.

``stratagem.render.<game>`` holds ``board_svg(view) -> str`` for a game, and
``board_pieces(view) -> list[str]``, the same document in the pieces that join into it
(the web table sends a board so: an update replaces only the pieces that changed). Renderers read
only the JSON-safe ``view(seat)`` (or ``view(None)``) they are given, never a state, so a
drawing can show nothing its seat may not know. The web table and ``stratagem render``
both draw through ``board_svg`` here.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable
from typing import cast

from stratagem.core import JsonDict

BoardRenderer = Callable[[JsonDict], str]
PiecesRenderer = Callable[[JsonDict], list[str]]
RENDERERS_KEPT = 64
"""Games whose renderer is remembered (there are five; a name asked for that is none
takes a place too)."""


def game_hook(package: str, game: str, attribute: str) -> object | None:
    """``attribute`` of the module ``<package>.<game>``, or ``None`` when ``game`` has no
    such module or the module has no such attribute (a helper module such as ``svg``)."""
    name = f"{package}.{game}"
    if not game.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    return cast(object | None, getattr(importlib.import_module(name), attribute, None))


def board_renderer(game: str) -> BoardRenderer | None:
    """The board renderer of ``game``, or ``None`` when the game has none yet."""
    return cast(BoardRenderer | None, game_hook(__name__, game, "board_svg"))


@functools.lru_cache(maxsize=RENDERERS_KEPT)
def pieces_renderer(game: str) -> PiecesRenderer | None:
    """The renderer of ``game``'s board in pieces, or ``None`` when the game has none yet
    (looked up once: the web table draws with it after every move)."""
    return cast(PiecesRenderer | None, game_hook(__name__, game, "board_pieces"))
