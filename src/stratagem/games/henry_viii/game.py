"""The Henry VIII ``Game``: options, the data pack and the action encoding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from stratagem.core import ActionTable, Game, GameOptions
from stratagem.games.henry_viii.base import InfluenceTable
from stratagem.games.henry_viii.encoding import (
    DICE,
    DIE,
    HENRY,
    MODIFIER,
    MODIFIERS,
    NO,
    PASS,
    YES,
    action_texts,
)
from stratagem.games.henry_viii.info import INFO, seat_names
from stratagem.games.henry_viii.pack import Book, load_book
from stratagem.games.henry_viii.serialize import state_from_doc
from stratagem.games.henry_viii.state import HenryVIIIState


class HenryVIIIOptions(GameOptions):
    """Henry VIII takes the common options: ``players`` 5 to 8 [Introduction], ``data``;
    and the short variant's ``last_turn`` (not the printed rules: RULINGS.md R44)."""

    last_turn: int | None = Field(
        default=None,
        ge=1,
        description="short variant, not the printed rules: Henry dies in Segment D of this "
        "Turn, which is the last (blank: the rules)",
    )


class HenryVIII(Game):
    """Henry VIII: Intrigue in the Tudor Court: factions at court, 1525 to Henry's death."""

    info = INFO

    def __init__(self, options: Mapping[str, Any], book: Book) -> None:
        players = int(options["players"])
        seats = seat_names(players)
        texts, kinds, args = action_texts(book, seats)
        super().__init__(options, seats, ActionTable(texts))
        self.book = book
        self.influence = InfluenceTable(book)
        """What adds to a character's Influence, read from the pack once."""
        self.person_names: tuple[str, ...] = tuple(person.name for person in book.people)
        """Each character's name, by index (the views name them all the time)."""
        last = options.get("last_turn")
        self.last_turn: int | None = None if last is None else int(last)
        """The short variant's last Turn (``None``: Henry's death as the rules have it)."""
        self.kind_of: tuple[int, ...] = tuple(kinds)
        self.arg_of: tuple[int, ...] = tuple(args)
        self.first: dict[int, int] = {}
        """The id of the first action of each kind (ids of a kind are consecutive)."""
        for action_id, kind in enumerate(kinds):
            self.first.setdefault(kind, action_id)

    def aid(self, kind: int, arg: int) -> int:
        """The id of the action of ``kind`` naming entity ``arg`` (or value, for dice)."""
        base = self.first[kind]
        if kind == DIE:
            return base + arg - 1
        if kind == DICE:
            return base + arg - 2
        if kind == MODIFIER:
            return base + MODIFIERS.index(arg)
        if kind in (HENRY, PASS, YES, NO):
            return base
        return base + arg

    def uniform(self, kind: int, args: Sequence[int]) -> list[tuple[int, float]]:
        """``(aid(kind, arg), 1 / len(args))`` for each of ``args``, in order: chance
        outcomes of one kind, all equally likely."""
        if not args:
            return []
        probability = 1 / len(args)
        if kind in (DIE, DICE, MODIFIER, HENRY, PASS, YES, NO):
            return [(self.aid(kind, arg), probability) for arg in args]
        base = self.first[kind]
        return [(base + arg, probability) for arg in args]

    @classmethod
    def from_options(cls, options: GameOptions) -> HenryVIII:
        """Build the game from validated options (the registry's builder)."""
        book = load_book(options.data)
        return cls(options.model_dump(mode="json"), book)

    def new_initial_state(self) -> HenryVIIIState:
        return HenryVIIIState.initial(self)

    def _state_from_doc(self, doc: Mapping[str, Any]) -> HenryVIIIState:
        return state_from_doc(self, doc)
