"""Helpers for the 1750 tests: forced set-ups, positions built as ``to_json`` documents,
and readers of the public API."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

import stratagem
from stratagem.core import Game, IllegalAction, State
from stratagem.games.britain_vs_france import places
from stratagem.games.britain_vs_france.game import BritainVsFrance

GAME = stratagem.load("britain_vs_france")
assert isinstance(GAME, BritainVsFrance)
BOOK = GAME.book
BRITAIN, FRANCE = 0, 1

# One set-up used by most tests: the first three colonies of each theater in pack order
# for North America would all be British, so the lines are chosen by hand.
LINES = (
    ("Boston", "Quebec", "Montreal"),
    ("Jamaica", "Martinique", "Barbados"),
    ("Anamabou", "Gorée", "Dixcove"),
    ("Madras", "Pondicherry", "Bombay"),
)
# France places first (Britain won the roll-off and takes the first turn).
CONTROL = ("Quebec", "Boston", "Martinique", "Jamaica", "Pondicherry", "Madras")
HANDS = (
    ("Fort Necessity", "Lagos", "Havana"),
    ("Braddock's Expedition", "Quiberon Bay", "Manila"),
)
SECRETS = ("Masters of Bengal", "Sugar Islands")


def force(state: State, *texts: str) -> None:
    """Apply chance outcomes or decisions by their texts, in order."""
    for text in texts:
        state.apply_action(text)


def set_up(
    game: Game = GAME,
    *,
    lines: Sequence[Sequence[str]] = LINES,
    control: Sequence[str] = CONTROL,
    hands: Sequence[Sequence[str]] = HANDS,
    secrets: Sequence[str] = SECRETS,
    first_draw: str | None = "Martinique",
) -> State:
    """Setup A to I with every chance outcome forced; Britain takes the first turn. With
    ``first_draw``, Britain's step-1 card is drawn too."""
    state = game.new_initial_state()
    for line in lines:
        force(state, *(f"Draw colony: {name}" for name in line))
    force(state, "Roll-off: Britain wins", "Take the first game turn")
    force(state, *(f"Control: {name}" for name in control))
    for hand in hands:
        force(state, *(f"Draw historic event: {name}" for name in hand))
    force(state, *(f"Draw secret objective: {name}" for name in secrets))
    if first_draw is not None:
        force(state, f"Draw historic event: {first_draw}")
    return state


def unit(label: str) -> int:
    return BOOK.unit_labels.index(label)


def colony(name: str) -> int:
    return BOOK.locations.index(name)


def event_type(name: str) -> int:
    return next(i for i, card in enumerate(BOOK.event_types) if card.name == name)


def doc_of(state: State) -> dict[str, Any]:
    doc = json.loads(json.dumps(state.to_json()))
    doc["history"] = []
    doc["events"] = []
    return doc


def position(
    state: State,
    *,
    phase: int,
    active: int = BRITAIN,
    sub: int = 1,
    units: Mapping[str, tuple[str, int]] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    fields: Mapping[str, Any] | None = None,
    game: Game = GAME,
) -> State:
    """``state`` changed: ``active`` to act in ``phase`` (its window already past), units
    placed (``{label: (location, owner)}``; the location may be "mat", or "prison": the
    enemy's), hands replaced by exactly the named cards (starting cards included), and raw
    ``fields`` set; loaded back through ``state_from_json``."""
    doc = doc_of(state)
    st = doc["state"]
    st.update(phase=phase, active=active, sub=sub, to_move=active, window=-1, draws=[])
    st.update(fields or {})
    book = game.book  # type: ignore[attr-defined]
    for label, (where, owner) in (units or {}).items():
        index = book.unit_labels.index(label)
        if where == "mat":
            st["uloc"][index] = places.mat(owner)
        elif where == "prison":
            st["uloc"][index] = places.prison(1 - owner)
        else:
            st["uloc"][index] = book.locations.index(where)
        st["uown"][index] = owner
    for seat, names in (hands or {}).items():
        for card, place in enumerate(st["eloc"]):
            if place == places.hand(seat):
                historic = card < book.historic_events
                st["eloc"][card] = places.POOL if historic else places.DISCARD
        for name in names:
            kind = next(i for i, c in enumerate(book.event_types) if c.name == name)
            card = next(
                c
                for c, place in enumerate(st["eloc"])
                if book.events[c] == kind and place in (places.POOL, places.DISCARD)
            )
            st["eloc"][card] = places.hand(seat)
    return game.state_from_json(doc)


def empty_hands(state: State) -> State:
    """Both hands emptied of historic events and starting cards (no window will open)."""
    doc = doc_of(state)
    st = doc["state"]
    for card, place in enumerate(st["eloc"]):
        if place in (places.hand(0), places.hand(1)):
            st["eloc"][card] = places.DISCARD
    return GAME.state_from_json(doc)


def legal_texts(state: State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refuse(state: State, action: str, *, seat: int | None = None) -> str:
    """Apply ``action``, expect ``IllegalAction``, check nothing changed; the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(action, seat=seat)
    assert snapshot(state) == before, f"{action!r} was refused but changed the state"
    assert str(caught.value)
    return str(caught.value)


def controller(state: State, colony_name: str) -> str | None:
    """Who controls a colony, read from the public view."""
    control = state.view(None)["control"]
    return next((side for side, names in control.items() if colony_name in names), None)


def objective(state: State, label: str) -> str | None:
    """Who controls a political objective, read from the public view."""
    held = state.view(None)["political_objectives"]
    return next((side for side in ("Britain", "France") if label in held[side]), None)


def texts_since(state: State, start: int) -> list[str]:
    return [event.text for event in state.events[start:]]


def st(state: State) -> dict[str, Any]:
    """The game-specific fields of ``to_json`` (read-only inspection)."""
    return dict(state.to_json()["state"])


def where(state: State, label: str) -> str:
    """A battle card's place in words: a location, ``mat``, ``prison of X``, ``supply``,
    ``out``."""
    place = st(state)["uloc"][unit(label)]
    if place >= 0:
        return BOOK.locations[place]
    names = {
        places.SUPPLY: "supply",
        places.OUT: "out",
        places.mat(0): "mat",
        places.mat(1): "mat",
        places.prison(0): "prison of Britain",
        places.prison(1): "prison of France",
    }
    return names[place]
