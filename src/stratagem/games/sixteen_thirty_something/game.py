"""The Sixteen Thirty Something ``Game``: options, the data pack and the action encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from stratagem.core import Game, GameOptions
from stratagem.games.sixteen_thirty_something.encoding import build_encoding
from stratagem.games.sixteen_thirty_something.influence import Pile
from stratagem.games.sixteen_thirty_something.info import INFO, seat_names
from stratagem.games.sixteen_thirty_something.pack import Book, load_book
from stratagem.games.sixteen_thirty_something.serialize import state_from_doc
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.games.sixteen_thirty_something.views import PileShown


class SixteenThirtySomethingOptions(GameOptions):
    """Sixteen Thirty Something takes the common options: ``players`` 3 to 6
    [Introduction], ``data``; and the short variant's ``last_turn`` (not the printed
    rules: RULINGS.md R35)."""

    last_turn: int | None = Field(
        default=None,
        ge=1,
        description="short variant, not the printed rules: the game ends after this turn "
        "(if before the Turn Track's last), scored as at the turn limit (blank: the rules)",
    )


class SixteenThirtySomething(Game):
    """Sixteen Thirty Something: influence, votes and wars, for 3 to 6 players."""

    info = INFO

    def __init__(self, options: Mapping[str, Any], book: Book) -> None:
        seats = seat_names(int(options["players"]))
        self.enc = build_encoding(book, seats)
        super().__init__(options, seats, self.enc.table)
        self.book = book
        book.counters_each(self.num_players)
        last = options.get("last_turn")
        turns = book.rules.turns.max
        self.last_turn: int = turns if last is None else min(turns, int(last))
        """The turn after which the game ends at the latest (random ends aside)."""
        self.shown_piles: dict[Pile, PileShown] = {}
        """What a view shows of each pile seen so far (``views.pile_shown``)."""

    @classmethod
    def from_options(cls, options: GameOptions) -> SixteenThirtySomething:
        """Build the game from validated options (the registry's builder)."""
        return cls(options.model_dump(mode="json"), load_book(options.data))

    def new_initial_state(self) -> SixteenThirtySomethingState:
        return SixteenThirtySomethingState.initial(self)

    def _state_from_doc(self, doc: Mapping[str, Any]) -> SixteenThirtySomethingState:
        return state_from_doc(self, doc)
