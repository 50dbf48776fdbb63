"""The worlds a Henry VIII search imagines with ``ismcts``'s ``worlds=model`` (asked for:
not the default here): the other factions dealt only hands the heuristic could hold after
what each showed this Turn, from what the searching seat sees alone (Decisions, "Henry
VIII worlds")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.heuristics.henry_viii import (
    SUPPORT_VALUE,
    HenryVIIIHeuristic,
    _would_support,
)
from stratagem.bots.heuristics.henry_viii_table import Table
from stratagem.bots.heuristics.henry_viii_worlds import (
    shown_this_turn,
    unseen_cards,
    window_passes,
)
from stratagem.games.henry_viii.invariants import invariant_problems
from stratagem.games.henry_viii.state import HenryVIIIState
from stratagem.testing.playouts import bot_choices

PLAYERS = 5


def _heuristic() -> HenryVIIIHeuristic:
    bot = make_bot("heuristic", stratagem.load("henry_viii", PLAYERS), random.Random(0))
    assert isinstance(bot, HenryVIIIHeuristic)
    return bot


def _positions(seed: int, every: int = 1) -> Iterator[HenryVIIIState]:
    """Every ``every``-th position of a five-faction game of heuristics where a faction
    has a choice."""
    game = stratagem.load("henry_viii", PLAYERS)
    choices = bot_choices(game, ["heuristic"] * PLAYERS, seed)
    for count, (state, _) in enumerate(choices):
        if count % every == 0:
            yield cast(HenryVIIIState, state)


def _reshaped(state: HenryVIIIState, seat: int, heuristic: HenryVIIIHeuristic) -> HenryVIIIState:
    world = state.resample_hidden(seat, random.Random(1))
    heuristic.reshape(world, seat, random.Random(2))
    return world


def test_a_reshaped_world_looks_the_same_to_the_seat_and_is_sound() -> None:
    """Every faction keeps its number of cards, the searching seat sees what it saw, and
    the world breaks no invariant; the other factions' hands are ones the bot allows."""
    heuristic = _heuristic()
    bound = 0
    for state in _positions(seed=3, every=7):
        seat = state.current_player()
        world = _reshaped(state, seat, heuristic)
        assert world.view(seat) == state.view(seat)
        assert invariant_problems(world) == []
        assert sorted(unseen_cards(world, seat)) == sorted(unseen_cards(state, seat))
        for other, allowed in heuristic.allowed_hands(state, seat).items():
            assert set(world.hands[other]) <= allowed
            bound += 1
    assert bound > 20


def test_after_a_discard_the_faction_holds_nothing_worth_playing() -> None:
    """A faction free of a Law Suit discards only when no Endeavour it may play is worth 2
    to the heuristic (Marriage and the Act of Succession aside): no world deals it one,
    where a plain redeal deals it one about half the time."""
    heuristic = _heuristic()
    checked = 0
    for state in (state for seed in (4, 5, 6) for state in _positions(seed)):
        seat = state.current_player()
        discarded = [
            other
            for other, made in shown_this_turn(state, seat).choices.items()
            if other != seat
            and any(kind == "discards" for kind, _ in made)
            and not state.law_suit_on(other)
        ]
        for other in discarded:
            world = _reshaped(state, seat, heuristic)
            heuristic._read(Table(world, other))
            for card in world.hands[other]:
                endeavour = world.card_endeavour(card)
                if endeavour in ("Marriage", "Act of Succession"):
                    continue
                cost = 0.3 * SUPPORT_VALUE.get(world.card_support(card), 1)
                worth = heuristic._endeavour_score(endeavour) - cost
                assert worth < 2 or not world.endeavour_playable(endeavour, other, card=card)
                checked += 1
    assert checked > 40


def test_a_faction_that_passed_a_support_it_wanted_holds_none() -> None:
    """In the open Supports window, a faction that passed while the heuristic in its place
    wanted the Endeavour to succeed or fail is dealt no card whose Support it would play."""
    heuristic = _heuristic()
    checked = 0
    for state in _positions(seed=5):
        seat = state.current_player()
        for other in window_passes(state):
            if other == seat or not state.hands[other]:
                continue
            table = Table(state, other)
            heuristic._read(table)
            stance = heuristic._stance(table)
            if stance == 0:
                continue
            world = _reshaped(state, seat, heuristic)
            for card in world.hands[other]:
                if world.support_ok(card, other):
                    assert not _would_support(world.card_support(card), stance)
            checked += 1
        if checked > 15:
            break
    assert checked > 15


def test_only_a_search_that_asks_reshapes_henry_viii_worlds() -> None:
    """The Henry VIII heuristic's worlds lost points when measured: the default search
    draws the redeal alone, ``worlds=model`` reshapes; Eighty Years War's gained and are
    the default there."""
    court = stratagem.load("henry_viii", PLAYERS)
    assert make_bot("ismcts", court, random.Random(0)).shaper is None
    assert make_bot("ismcts:worlds=model", court, random.Random(0)).shaper is not None
    eighty = stratagem.load("eighty_years_war")
    assert make_bot("ismcts", eighty, random.Random(0)).shaper is not None
    assert make_bot("ismcts:worlds=redeal", eighty, random.Random(0)).shaper is None


def test_the_hands_a_faction_showed_rule_out_cards() -> None:
    """Along a game of heuristics, what the factions show binds most of them at most
    decisions, and the real hands are almost always among those allowed (the Endeavours
    playable now stand in for those playable then, which a Turn's arrests can change)."""
    heuristic = _heuristic()
    bound = kept = 0
    for state in _positions(seed=6, every=3):
        seat = state.current_player()
        for other, allowed in heuristic.allowed_hands(state, seat).items():
            bound += 1
            kept += set(state.hands[other]) <= allowed
    assert bound > 50
    assert kept >= 0.9 * bound


def test_a_reshaped_world_depends_only_on_what_the_seat_sees() -> None:
    """Two real positions a seat cannot tell apart (the hidden cards redealt, and the
    other factions' own draws written otherwise in the log) give the same reshaped world
    for generators seeded alike, and the same choice to a search that reshapes them."""
    game = stratagem.load("henry_viii", PLAYERS)
    tried = 0
    for count, state in enumerate(_positions(seed=7)):
        if count % 40 or count == 0:
            continue
        seat = state.current_player()
        other = state.resample_hidden(seat, random.Random(99))
        other.events = [
            event
            if event.private_to in (None, seat)
            else event._replace(text="secret", data={"card": "secret"})
            for event in other.events
        ]
        assert other.view(seat) == state.view(seat)
        worlds = []
        for truth in (state, other):
            worlds.append(_reshaped(truth, seat, _heuristic()).to_json()["state"])
        assert worlds[0] == worlds[1]
        spec = "ismcts:iterations=40,worlds=model"
        chosen = make_bot(spec, game, random.Random(4)).choose(state, seat)
        assert make_bot(spec, game, random.Random(4)).choose(other, seat) == chosen
        tried += 1
        if tried == 4:
            break
    assert tried == 4


def test_a_faction_holds_no_support_it_passed_on_in_a_closed_window() -> None:
    """A window closes only when every faction holding a card has passed after its last
    Support: in a game of heuristics no real hand holds a Support its faction would have
    played in a window closed this Turn (where its stance did not hang on who led), and no
    world deals one."""
    heuristic = _heuristic()
    checked = 0
    for state in _positions(seed=8, every=2):
        seat = state.current_player()
        windows = shown_this_turn(state, seat).windows
        world = _reshaped(state, seat, heuristic)
        for other in range(PLAYERS):
            if other == seat:
                continue
            heuristic._read(Table(state, other))
            for window in windows:
                stance = heuristic._stance_on(window.endeavour, window.by, window.targets, None)
                if not stance:
                    continue
                for hand in (state.hands[other], world.hands[other]):
                    for card in hand:
                        assert not heuristic._passed_on(state, card, window, stance)
                        checked += 1
    assert checked > 200
