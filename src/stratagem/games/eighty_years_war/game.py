"""The Eighty Years War ``Game``: options, the data pack and the action encoding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from stratagem.core import Action, ActionTable, Game, GameOptions
from stratagem.games.eighty_years_war.encoding import (
    DISCARD,
    DRAW,
    KEEP,
    MELD_MILITARY,
    MELD_POLITICAL,
    PREFIXES,
    REPLACE,
    REVEAL,
    REVEAL_TEXT,
    SHOW,
    STOP,
    STOP_TEXT,
)
from stratagem.games.eighty_years_war.info import INFO, SEATS
from stratagem.games.eighty_years_war.pack import CardBook, load_card_book
from stratagem.games.eighty_years_war.serialize import state_from_doc
from stratagem.games.eighty_years_war.state import EightyYearsWarState


class EightyYearsWarOptions(GameOptions):
    """Eighty Years War takes the common options (``players`` = 2, ``data``) and the short
    variant's ``last_turn`` (not the printed rules: RULINGS.md R16)."""

    last_turn: int | None = Field(
        default=None,
        ge=1,
        description="short variant, not the printed rules: the game ends after this turn "
        "(if before the pack's last), victory read as after the 15th (blank: the rules)",
    )


class EightyYearsWar(Game):
    """Eighty Years War: a 2-player card game of the Dutch Revolt, 1568-1648."""

    info = INFO

    def __init__(self, options: Mapping[str, Any], book: CardBook) -> None:
        texts: list[str] = []
        kinds: list[int] = []
        cards: list[int] = []
        for kind in (DRAW, KEEP, REPLACE, DISCARD):
            for card, name in enumerate(book.names):
                texts.append(f"{PREFIXES[kind]}: {name}")
                kinds.append(kind)
                cards.append(card)
        texts.append(STOP_TEXT)
        kinds.append(STOP)
        cards.append(-1)
        for kind in (MELD_MILITARY, MELD_POLITICAL):
            for card, name in enumerate(book.names):
                texts.append(f"{PREFIXES[kind]}: {name}")
                kinds.append(kind)
                cards.append(card)
        for card, name in enumerate(book.names):
            texts.append(f"{PREFIXES[SHOW]}: {name}")
            kinds.append(SHOW)
            cards.append(card)
        texts.append(REVEAL_TEXT)
        kinds.append(REVEAL)
        cards.append(-1)
        super().__init__(options, SEATS, ActionTable(texts))
        self.book = book
        last = options.get("last_turn")
        turns = book.rules.victory.turns
        self.last_turn: int = turns if last is None else min(turns, int(last))
        """The turn after which the game ends: the pack's, or the short variant's."""
        self.kind_of: tuple[int, ...] = tuple(kinds)
        self.card_of: tuple[int, ...] = tuple(cards)
        size = book.size
        table = self.actions.all
        self.draw_action: tuple[Action, ...] = tuple(table[0:size])
        self.keep_action: tuple[Action, ...] = tuple(table[size : 2 * size])
        self.replace_action: tuple[Action, ...] = tuple(table[2 * size : 3 * size])
        self.discard_action: tuple[Action, ...] = tuple(table[3 * size : 4 * size])
        self.stop_action: Action = table[4 * size]
        self.meld_action: tuple[tuple[Action, ...], tuple[Action, ...]] = (
            tuple(table[4 * size + 1 : 5 * size + 1]),
            tuple(table[5 * size + 1 : 6 * size + 1]),
        )
        self.show_action: tuple[Action, ...] = tuple(table[6 * size + 1 : 7 * size + 1])
        self.reveal_action: Action = table[7 * size + 1]
        self.card_index: dict[str, int] = {name: card for card, name in enumerate(book.names)}

    @classmethod
    def from_options(cls, options: GameOptions) -> EightyYearsWar:
        """Build the game from validated options (the registry's builder)."""
        book = load_card_book(options.data)
        return cls(options.model_dump(mode="json"), book)

    def new_initial_state(self) -> EightyYearsWarState:
        return EightyYearsWarState.initial(self)

    def _state_from_doc(self, doc: Mapping[str, Any]) -> EightyYearsWarState:
        return state_from_doc(self, doc)
