"""The paired race at the root of ``ismcts`` (``bots.racing``), on rewards given by hand."""

from __future__ import annotations

import random

from stratagem.bots.racing import Race, RaceRules
from stratagem.core import Action

A, B, C, D = (Action(id=index, text=text) for index, text in enumerate(("a", "b", "c", "d")))
RULES = RaceRules()


def _noisy(race: Race, rng: random.Random, means: dict[Action, float]) -> list[float]:
    """One paired round for the running actions: a shared luck term (the world's) plus
    each action's own small noise."""
    luck = rng.uniform(-0.3, 0.3)
    return [
        min(1.0, max(0.0, means[action] + luck + rng.uniform(-0.02, 0.02)))
        for action in race.running
    ]


def test_an_action_surely_worse_than_the_leader_leaves_the_race() -> None:
    race = Race([A, B, C], hint=None, rules=RULES)
    rng = random.Random(1)
    while not race.settled() and race.rounds < 200:
        race.add_round(_noisy(race, rng, {A: 0.5, B: 0.6, C: 0.3}))
        race.prune()
    assert race.settled()
    assert race.running == [B]
    assert race.choice() == B
    assert race.rounds < 60  # the shared luck cancels out of the paired differences


def test_the_luck_of_the_world_does_not_hide_a_small_edge_from_a_paired_race() -> None:
    """A 0.03 edge under luck ten times larger is found, because both actions share it."""
    race = Race([A, B], hint=A, rules=RULES)
    rng = random.Random(2)
    while not race.settled() and race.rounds < 500:
        race.add_round(_noisy(race, rng, {A: 0.45, B: 0.48}))
        race.prune()
    assert race.running == [B]
    assert race.choice() == B


def test_actions_surely_as_good_as_each_other_keep_the_heuristic_s_choice() -> None:
    race = Race([A, B, C], hint=C, rules=RULES)
    for _ in range(RULES.min_rounds):
        race.add_round([0.5, 0.5, 0.5])
        race.prune()
    assert race.settled()
    assert race.choice() == C


def test_nobody_leaves_before_the_first_rounds() -> None:
    race = Race([A, B], hint=None, rules=RULES)
    for _ in range(RULES.min_rounds - 1):
        race.add_round([1.0, 0.0])
        race.prune()
    assert race.running == [A, B]
    race.add_round([1.0, 0.0])
    race.prune()
    assert race.running == [A]


def test_the_heuristic_s_choice_stands_unless_the_leader_beats_it_by_a_standard_error() -> None:
    race = Race([A, B], hint=A, rules=RULES)
    for rewards in ([0.5, 0.9], [0.5, 0.1], [0.5, 0.6]):  # B leads by 0.033, error 0.23
        race.add_round(rewards)
    assert race.leader() == B
    assert race.choice() == A
    clear = Race([A, B], hint=A, rules=RULES)
    for rewards in ([0.5, 0.7], [0.5, 0.6], [0.5, 0.65]):
        clear.add_round(rewards)
    assert clear.choice() == B


def test_before_any_round_the_choice_is_the_heuristic_s() -> None:
    assert Race([A, B, C], hint=B, rules=RULES).choice() == B
    assert Race([A, B, C], hint=None, rules=RULES).choice() == A


def test_a_race_too_big_for_its_budget_keeps_the_heuristic_s_choice_and_the_first_others() -> None:
    race = Race([A, B, C, D], hint=C, rules=RULES)
    race.add_round([0.9, 0.1, 0.2, 0.8])
    race.narrow(2)
    assert race.running == [A, C]
    race.add_round([0.4, 0.6])
    assert race.rounds == 2
    assert race.mean(C) == 0.4  # the sums of those kept run on
    race.narrow(1)
    assert race.running == [C]
    assert race.settled()


def test_a_race_fits_its_candidates_to_the_iterations_left() -> None:
    """After one round, 4 candidates need 7 more rounds each (28 iterations): with 28 left
    all run on; with 15 left, 15 // 7 = 2 do; with 5 left, still 2 (the floor); once the
    first rounds are done nobody is put out for want of budget."""
    race = Race([A, B, C, D], hint=D, rules=RULES)
    race.add_round([0.5, 0.5, 0.5, 0.5])
    race.fit(28)
    assert race.running == [A, B, C, D]
    race.fit(15)
    assert race.running == [A, D]
    race.fit(5)
    assert race.running == [A, D]
    wide = Race([A, B, C, D], hint=None, rules=RULES)
    for _ in range(RULES.min_rounds):
        wide.add_round([0.5, 0.6, 0.7, 0.8])
    wide.fit(0)
    assert wide.running == [A, B, C, D]
