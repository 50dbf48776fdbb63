"""The Henry VIII heuristic's reading of the court (``bots.heuristics.henry_viii_table``)
says what ``view(seat)`` says, for every seat, along a seeded random game."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots.heuristics.henry_viii_table import Table
from stratagem.core import CHANCE, TERMINAL
from stratagem.games.henry_viii.state import HenryVIIIState
from stratagem.games.henry_viii.views import read_characters

QUESTIONS = {
    "player": "play an Endeavour",
    "support": "play a Support",
    "target": "choose the Endeavour's target",
    "captain": "choose a Captain",
    "president": "vote as Trial President",
}
NOTES = ("Queen", "woman", "heir")


def test_the_court_the_heuristic_reads_is_the_one_the_view_shows() -> None:
    """Factions' Influence, every face-up character (How to Win: Influence), whether Henry
    has a Queen, the question asked, the Endeavour in play and the offices equal each
    seat's view."""
    game = stratagem.load("henry_viii")
    rng = random.Random(4)
    state = game.new_initial_state()
    decisions = 0
    asked = set()
    while state.current_player() != TERMINAL and decisions < 150:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        assert isinstance(state, HenryVIIIState)
        for seat in range(game.num_players):
            view = state.view(seat)
            table = Table(state, seat)
            assert table.me == view["seat"]
            assert table.influence == {
                name: faction["influence"] for name, faction in view["factions"].items()
            }
            assert table.henry_free == (view["henry"]["queen"] is None)
            people = read_characters(view)
            assert list(table.people) == [entry["name"] for entry in people]
            for entry in people:
                read = table.people[entry["name"]]
                for key in ("faction", "influence", "ability", "guile", "baby_value"):
                    assert read.get(key) == entry.get(key), (entry["name"], key)
                shown = [note for note in entry.get("notes", []) if note in NOTES]
                assert read["notes"] == shown
            assert table.offices() == view["offices"]
            play = view["in_play"]
            assert table.in_play() == (
                None if play is None else {key: play[key] for key in ("endeavour", "by", "targets")}
            )
        question = table.question
        assert question is not None
        if question in QUESTIONS:
            asked.add(question)
        for kind, words in QUESTIONS.items():
            assert (words in view["asked"]) == (question == kind), (question, view["asked"])
        decisions += 1
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    assert decisions == 150
    assert {"player", "support", "target"} <= asked
