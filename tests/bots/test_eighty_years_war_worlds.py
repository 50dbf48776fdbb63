"""The worlds an Eighty Years War search imagines with ``ismcts``'s ``worlds=model``: the other
side's cards dealt as the heuristic keeps them and its melds split as the heuristic splits
them, from what the searching seat sees alone (Decisions, "Eighty Years War worlds")."""

from __future__ import annotations

import random
from typing import Any, cast

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.heuristics.eighty_years_war import EightyYearsWarHeuristic
from stratagem.core import State
from stratagem.games.eighty_years_war.invariants import invariant_problems
from stratagem.games.eighty_years_war.state import EightyYearsWarState

from .helpers import heuristic_turns

DUTCH, SPANISH = 0, 1


def _doc(state: State) -> dict[str, Any]:
    return cast(dict[str, Any], state.to_json()["state"])


def _melds(state: State, side: int) -> list[list[str]]:
    return [sorted(meld) for meld in _doc(state)["melds"][side]]


def _heuristic() -> EightyYearsWarHeuristic:
    heuristic = make_bot("heuristic", stratagem.load("eighty_years_war"), random.Random(0))
    assert isinstance(heuristic, EightyYearsWarHeuristic)
    return heuristic


def test_melds_the_dutch_heuristic_built_are_the_split_it_would_make() -> None:
    """The real position is one of the worlds the Spanish cannot tell apart; there the Dutch
    melds are the heuristic's own, so splitting them again leaves them as they are."""
    heuristic = _heuristic()
    for state in heuristic_turns(seed=5, seat=SPANISH, phase="Action Phase", limit=6):
        world = cast(EightyYearsWarState, state.clone())
        heuristic.resplit(world, DUTCH)
        assert world.to_json() == state.to_json()


def test_redealt_melds_are_split_again_by_the_heuristic() -> None:
    """A redeal splits the Either cards at random; the heuristic's split of the same cards
    differs in some redealt worlds, and splitting again changes nothing more."""
    heuristic = _heuristic()
    changed = 0
    for state in heuristic_turns(seed=5, seat=SPANISH, phase="Action Phase", limit=6):
        for draw in range(5):
            world = cast(EightyYearsWarState, state.resample_hidden(SPANISH, random.Random(draw)))
            before = _melds(world, DUTCH)
            heuristic.resplit(world, DUTCH)
            after = _melds(world, DUTCH)
            assert sorted(before[0] + before[1]) == sorted(after[0] + after[1])
            assert all(after)
            changed += before != after
            again = world.clone()
            heuristic.resplit(again, DUTCH)
            assert again.to_json() == world.to_json()
    assert changed > 0


def test_the_other_side_holds_cards_of_the_stage_and_threw_away_its_least() -> None:
    """Reshaped, the world still looks the same to the searching seat and is sound; the
    other side holds only cards of the current stage (the heuristic replaces the others,
    Logistics Phase), and its face-down discards of earlier turns are the unseen cards
    least worth to it, where the plain redeal dealt them at random."""
    heuristic = _heuristic()
    checked = 0
    searches = ((DUTCH, "Action Phase"), (DUTCH, "Strategy Phase"), (SPANISH, "Action Phase"))
    for seat, phase in searches:
        other = 1 - seat
        for state in heuristic_turns(seed=6, seat=seat, phase=phase, limit=8):
            world = cast(EightyYearsWarState, state.resample_hidden(seat, random.Random(2)))
            heuristic.reshape(world, seat, random.Random(3))
            assert world.view(seat) == state.view(seat)
            assert invariant_problems(world) == []
            book, stage = world.book, world.stage()
            held = [*world.hands[other], *world.melds[other][0], *world.melds[other][1]]
            assert all(book.stage_ok[stage][card] for card in held)
            worth = book.worth[other][stage]
            down = [card for card in world.discard if world.face_down.get(card) == other]
            old = sorted(worth[card] for card in down)[: len(down) - world.turn_discards[other]]
            if old:
                assert max(old) <= min(worth[card] for card in world.deck)
                checked += 1
    assert checked > 5


def test_a_reshaped_world_depends_only_on_what_the_seat_sees() -> None:
    """Two real positions a seat cannot tell apart give the same reshaped world for
    generators seeded alike, and the same choice to a search that reshapes its worlds."""
    heuristic = _heuristic()
    game = stratagem.load("eighty_years_war")
    for seat in (DUTCH, SPANISH):
        for state in heuristic_turns(seed=8, seat=seat, phase="Action Phase", limit=2):
            other = state.resample_hidden(seat, random.Random(99))
            assert other.view(seat) == state.view(seat)
            worlds = []
            for truth in (state, other):
                world = truth.resample_hidden(seat, random.Random(1))
                heuristic.reshape(world, seat, random.Random(1))
                worlds.append(_doc(world))
            assert worlds[0] == worlds[1]
            spec = "ismcts:iterations=60,worlds=model"
            chosen = make_bot(spec, game, random.Random(4)).choose(state, seat)
            assert make_bot(spec, game, random.Random(4)).choose(other, seat) == chosen
