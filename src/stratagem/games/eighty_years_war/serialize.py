"""``state_from_json`` for Eighty Years War: the inverse of ``EightyYearsWarState._state_doc``.

A loaded document is checked against the invariants; a document that cannot be a state of
this game (a card in two places, provinces that do not add up) raises ``StateFormatError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from stratagem.core import StateFormatError
from stratagem.games.eighty_years_war.invariants import invariant_problems
from stratagem.games.eighty_years_war.places import (
    DECK,
    DISCARD_PILE,
    HAND,
    MELD,
    NO_EVENT,
    OVER,
    REMOVED,
    UNDECIDED,
)
from stratagem.games.eighty_years_war.state import EightyYearsWarState

if TYPE_CHECKING:
    from stratagem.games.eighty_years_war.game import EightyYearsWar

SeatIndex = int


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turn: int = Field(ge=1)
    phase: int = Field(ge=0, le=OVER)
    seat: SeatIndex = Field(ge=0, le=1)
    to_move: int
    to_draw: int = Field(ge=0)
    pending: str | None
    turn_discards: tuple[int, int]
    provinces: tuple[int, int]
    hands: tuple[list[str], list[str]]
    melds: tuple[tuple[list[str], list[str]], tuple[list[str], list[str]]]
    deck: list[str]
    discard: list[str]
    face_down: dict[str, SeatIndex]
    removed: list[str]
    last_reveal: dict[str, Any] | None
    decided: tuple[bool, bool] = (False, False)
    shown: tuple[str | None, str | None] = (None, None)


def state_from_doc(game: EightyYearsWar, raw: Mapping[str, Any]) -> EightyYearsWarState:
    """Inverse of ``state_doc``; raises ``StateFormatError`` on anything inconsistent."""
    try:
        doc = _Doc.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StateFormatError(f"eighty_years_war state: {where}: {first['msg']}") from None
    index = game.card_index

    def cards(names: list[str], where: str) -> list[int]:
        unknown = [name for name in names if name not in index]
        if unknown:
            raise StateFormatError(f"eighty_years_war state: {where}: unknown card {unknown[0]!r}")
        return [index[name] for name in names]

    state = EightyYearsWarState.bare(game)
    state.turn = doc.turn
    state.phase = doc.phase
    state.seat = doc.seat
    state._to_move = doc.to_move
    state.to_draw = doc.to_draw
    state.pending = None if doc.pending is None else cards([doc.pending], "pending")[0]
    state.turn_discards = list(doc.turn_discards)
    state.provinces = list(doc.provinces)
    state.hands = [cards(doc.hands[seat], f"hands.{seat}") for seat in (0, 1)]
    state.melds = [
        [cards(doc.melds[seat][meld], f"melds.{seat}.{meld}") for meld in (0, 1)] for seat in (0, 1)
    ]
    state.deck = cards(doc.deck, "deck")
    state.discard = cards(doc.discard, "discard")
    state.face_down = dict(
        zip(cards(list(doc.face_down), "face_down"), doc.face_down.values(), strict=True)
    )
    state.removed = cards(doc.removed, "removed")
    state.last_reveal = doc.last_reveal
    for seat in (0, 1):
        name = doc.shown[seat]
        chosen = NO_EVENT if name is None else cards([name], f"shown.{seat}")[0]
        state.shown[seat] = chosen if doc.decided[seat] else UNDECIDED
    for place, group in (
        (DECK, state.deck),
        (DISCARD_PILE, state.discard),
        (REMOVED, state.removed),
    ):
        for card in group:
            state.loc[card] = place
    for seat in (0, 1):
        for card in state.hands[seat]:
            state.loc[card] = HAND + seat
        for meld in (0, 1):
            for card in state.melds[seat][meld]:
                state.loc[card] = MELD + 2 * seat + meld
    problems = invariant_problems(state)
    if problems:
        raise StateFormatError("eighty_years_war state is inconsistent: " + "; ".join(problems))
    return state
