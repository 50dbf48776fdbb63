"""Shared helpers for the Sixteen Thirty Something rule tests (``test_rules_*.py``).

Everything goes through the public API: ``stratagem.load``, ``apply_action`` with the text
of the action (a chance outcome, a card drawn or a dice difference, is forced by applying
it), ``legal_actions``, ``view``, ``visible_events``, ``to_json`` and
``game.state_from_json``. A position in the middle of a game is built as a ``to_json``
document and loaded; the loader checks it (110 cards, piles, counters) before play.

The worked examples use the rulebook's names: seat 0 is Tim, 1 Martin, 2 Simon.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pytest

import stratagem
from stratagem import Game, IllegalAction, State
from stratagem.games.sixteen_thirty_something import phases

NAME = "sixteen_thirty_something"
TIM, MARTIN, SIMON = 0, 1, 2

# The Initial Set-up Table, as printed (Status, Army Size, Military Ability).
PRINTED_SETUP = {
    "Spain": (5, 2, 1),
    "England": (1, 1, 0),
    "France": (3, 2, 1),
    "Denmark": (1, 1, 0),
    "United Provinces": (2, 1, 1),
    "Sweden": (2, 1, 1),
}
PRINTED_ADJACENT = {
    "England": {"France", "Spain", "United Provinces", "Denmark"},
    "France": {"England", "Spain", "United Provinces", "German States"},
}
COUNTRIES = (
    "England",
    "France",
    "Spain",
    "United Provinces",
    "German States",
    "Denmark",
    "Poland",
    "Sweden",
    "Hapsburg Empire",
)
COUNTERS_EACH = {3: 4, 4: 4, 5: 3, 6: 3}

Piles = Mapping[int, Mapping[str, tuple[bool, Sequence[str]]]]


@cache
def game(players: int = 5) -> Game:
    """The game for ``players`` (loaded once)."""
    return stratagem.load(NAME, players=players)


def copies(players: int = 5) -> dict[str, int]:
    """How many cards of each kind the deck holds (the pack's assumed make-up, R4)."""
    book = game(players).book  # type: ignore[attr-defined]
    return dict(zip(book.kind_names, book.copies, strict=True))


def _counters(players: int, given: Mapping[int, Sequence[str]]) -> list[list[str]]:
    """Every player's counters: those given, the others filled from what is left."""
    left = Counter(dict.fromkeys(COUNTRIES, 2))
    for held in given.values():
        left.subtract(held)
    result = []
    for seat in range(players):
        held = list(given.get(seat, []))
        for country in COUNTRIES:
            while len(held) < COUNTERS_EACH[players] and left[country] > 0 and seat not in given:
                held.append(country)
                left[country] -= 1
        result.append(sorted(held, key=COUNTRIES.index))
    return result


def position(
    *,
    players: int = 5,
    phase: int = phases.SPECIALS,
    active: int = TIM,
    to_move: int | None = None,
    step_seat: int = 0,
    turn: int = 1,
    hands: Mapping[int, Sequence[str]] | None = None,
    piles: Piles | None = None,
    board: Mapping[str, Mapping[str, int]] | None = None,
    counters: Mapping[int, Sequence[str]] | None = None,
    vp: Sequence[int] | None = None,
    discard: Mapping[str, int] | None = None,
    **fields: Any,
) -> State:
    """A position built as a ``to_json`` document and loaded with ``state_from_json``.

    ``active`` is the phasing player (made the 1st player of the turn); the deck holds
    every card not placed elsewhere. ``board`` overrides country fields (``status``,
    ``army``, ``ability``, ``faction`` -1/0/1, ``leaders``, ``unrest``).
    """
    hands = hands or {}
    piles = piles or {}
    the_game = game(players)
    doc = the_game.new_initial_state().to_json()
    doc["history"] = []
    doc["events"] = []
    state = doc["state"]
    used: Counter[str] = Counter(discard or {})
    for names in hands.values():
        used.update(names)
    for seat_piles in piles.values():
        for _, cards in seat_piles.values():
            used.update(cards)
    deck = {name: n - used[name] for name, n in copies(players).items() if n - used[name]}
    held = _counters(players, counters or {})
    state.update(
        turn=turn,
        first=active,
        order=0,
        phase=phase,
        step_seat=step_seat,
        to_move=active if to_move is None else to_move,
        to_draw=0,
        to_lay=0,
        hands=[dict(Counter(hands.get(seat, []))) for seat in range(players)],
        deck=deck,
        discard=dict(discard or {}),
        piles=[
            [
                {"country": country, "descendant": down, "cards": list(cards)}
                for country, (down, cards) in piles.get(seat, {}).items()
            ]
            for seat in range(players)
        ],
        counters=held,
        bag=dict(Counter(dict.fromkeys(COUNTRIES, 2)) - Counter(c for h in held for c in h)),
        vp=list(vp or [0] * players),
    )
    for name, values in (board or {}).items():
        state["countries"][name].update(values)
    state.update(fields)
    return the_game.state_from_json(doc)


def end_of_turn(
    counters: Mapping[int, Sequence[str]], piles: Piles, board: Mapping[str, Mapping[str, int]]
) -> State:
    """The last player of turn 1 (of five) discards down to 13, which ends the turn and
    scores it (7. End of Turn)."""
    last = 4
    state = position(
        phase=phases.HAND_LIMIT,
        active=last,
        hands={last: ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin"] * 4},
        counters=counters,
        piles=piles,
        board=board,
        first=0,
        order=4,
    )
    play(state, "Discard: Vote")
    return state


def martin_scored() -> State:
    """Martin's scoring example [Scoring Points], played to the end of turn 1: counters
    England, Sweden and Spain at Status 1, 3 and 5, influence 5, 4 and 2 on display (the
    display the example means is not printed [Rulings R16])."""
    return end_of_turn(
        {MARTIN: ["England", "Spain", "Sweden"]},
        {
            MARTIN: {
                "England": (False, ["England 2", "England 3"]),
                "Sweden": (False, ["Sweden 1", "Sweden 3"]),
                "Spain": (False, ["Spain 2"]),
            }
        },
        {"Sweden": {"status": 3}},
    )


# -- reading and acting ------------------------------------------------------------------------


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def legal_texts(state: State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def country(state: State, name: str) -> dict[str, Any]:
    return dict(state.view(None)["countries"][name])


def display(state: State, seat: int) -> dict[str, Any]:
    return dict(state.view(None)["displays"][f"Player {seat + 1}"])


def play(state: State, *actions: str) -> None:
    """Apply the actions in order, each by the seat (or chance) to move."""
    for action in actions:
        state.apply_action(action)


def refuse(state: State, action: str, *, seat: int | None = None) -> str:
    """Apply ``action``, expect ``IllegalAction``, check nothing changed; the message."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(action, seat=seat)
    assert snapshot(state) == before, f"{action!r} was refused but changed the state"
    message = str(caught.value)
    assert message
    return message


def play_randomly(state: State, rng: random.Random, steps: int = 10**6) -> None:
    """Random legal play (and random chance) for ``steps`` steps or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
