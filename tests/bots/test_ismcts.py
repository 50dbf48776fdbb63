"""The ``ismcts`` bot, for every registered game: legal, seeded, blind to hidden truth.

Budgets are tiny (a few dozen iterations, short rollouts) so that a long game costs the
suite little; strength is measured by `stratagem tournament`, never here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import stratagem
from stratagem.bots import Ismcts, bot_names, ismcts, make_bot, parse_bot_spec
from stratagem.bots.heuristics.eighty_years_war import EightyYearsWarHeuristic
from stratagem.bots.racing import Race
from stratagem.core import Action, OptionError, State

from .helpers import GAMES, decision_points, heuristic_turns, load_smallest

SPEC = "ismcts:iterations=10,max_rollout=12"
SCREENING = "ismcts:iterations=40,max_rollout=12,width=2"
"""A budget that screens every root of more than two actions (up to 20 of them)."""
REDEAL_WORLDS = "ismcts:iterations=10,max_rollout=12,worlds=redeal"
"""Each world the redeal alone (the default reshapes it by the opponent model, where the
game's heuristic does so by default)."""
MODEL_WORLDS = "ismcts:iterations=10,max_rollout=12,worlds=model"
"""Each world reshaped by the opponent model wherever the game's heuristic can."""
KEYED = "ismcts:iterations=10,max_rollout=12,chance=keyed"
"""Chance in a race's copies of a round drawn by the event (common random numbers)."""
RACE_MIN_ROUNDS = ismcts.RACE_RULES.min_rounds
PLANNED = ["ismcts:iterations=10,plans=30,worlds=redeal", "ismcts:iterations=10,plans=30"]
"""Eighty Years War's melds answered at once by the heuristic (``bots.base.Planner``)."""


def test_ismcts_plays_every_game() -> None:
    for name in GAMES:
        assert "ismcts" in bot_names(name)


def test_spec_options_are_parsed() -> None:
    assert parse_bot_spec(" ISMCTS:iterations=500, c=0.5 ") == (
        "ismcts",
        {"iterations": "500", "c": "0.5"},
    )
    game = stratagem.load("eighty_years_war")
    bot = make_bot("ismcts:seconds=0.5,rollout=random", game, random.Random(1))
    assert isinstance(bot, Ismcts)
    assert bot.options.seconds == 0.5
    assert bot.options.iterations is None
    assert bot.name == "ismcts:seconds=0.5,rollout=random"
    assert make_bot("ismcts", game, random.Random(1)).name == "ismcts"
    default = make_bot("ismcts", game, random.Random(1))
    assert isinstance(default, Ismcts)
    assert default.options.seconds == 1.0
    assert default.options.iterations is None
    assert default.options.opponents == "model"
    assert make_bot("ismcts:seconds=1", game, random.Random(1)).name == "ismcts"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations: Input should be greater than or equal to 1"),
        ("ismcts:iterations=many", "iterations: Input should be a valid integer"),
        ("ismcts:seconds=-1", "seconds: Input should be greater than 0"),
        ("ismcts:height=3", "height: Extra inputs are not permitted"),
        ("ismcts:depth=-1", "depth: Input should be greater than or equal to 0"),
        ("ismcts:rollout=smart", "rollout: Input should be 'heuristic' or 'random'"),
        ("ismcts:iterations", "options are KEY=VALUE"),
        ("ismcts:c=1,c=2", "'c' is given twice"),
        ("ismcts:epsilon=2", "epsilon: Input should be less than or equal to 1"),
        ("ismcts:opponents=all", "opponents: Input should be 'model' or 'search'"),
        ("ismcts:chance=fate", "chance: Input should be 'drawn' or 'keyed'"),
        ("random:iterations=5", "'random' takes no options"),
    ],
)
def test_bad_specs_are_refused(spec: str, message: str) -> None:
    game = stratagem.load("eighty_years_war")
    with pytest.raises(OptionError, match=message):
        make_bot(spec, game, random.Random(1))


@pytest.mark.parametrize("name", GAMES)
def test_choices_are_legal_and_leave_the_state_alone(name: str) -> None:
    game = load_smallest(name)
    bot = make_bot(SPEC, game, random.Random(3))
    for state in decision_points(game, seed=5, every=7, limit=4):
        before = state.to_json()
        seat = state.current_player()
        action = bot.choose(state, seat)
        assert action in state.legal_actions()
        assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_choice(name: str) -> None:
    game = load_smallest(name)
    for state in decision_points(game, seed=6, every=9, limit=2):
        seat = state.current_player()
        first = make_bot(SPEC, game, random.Random(8)).choose(state, seat)
        assert make_bot(SPEC, game, random.Random(8)).choose(state, seat) == first


@pytest.mark.parametrize("spec", [SPEC, SCREENING, REDEAL_WORLDS, MODEL_WORLDS, KEYED])
@pytest.mark.parametrize("name", GAMES)
def test_choice_does_not_depend_on_what_the_seat_cannot_see(name: str, spec: str) -> None:
    """Redealing everything the seat cannot see leaves a same-seeded search unchanged.

    This holds because the bot reads the real state only through ``legal_actions`` and
    ``resample_hidden``, and a game's redeal depends on ``view(seat)`` and the generator
    alone (checked first, so that a failure names the right culprit).
    """
    game = load_smallest(name)
    other_worlds = random.Random(99)
    checked = 0
    for state in decision_points(game, seed=7, every=5, limit=3):
        seat = state.current_player()
        world = state.resample_hidden(seat, other_worlds)
        assert world.view(seat) == state.view(seat)
        redeal = state.resample_hidden(seat, random.Random(1)).to_json()["state"]
        assert world.resample_hidden(seat, random.Random(1)).to_json()["state"] == redeal, (
            f"{name}: resample_hidden depends on the hidden truth, not only on the view"
        )
        truth = make_bot(spec, game, random.Random(4)).choose(state, seat)
        assert make_bot(spec, game, random.Random(4)).choose(world, seat) == truth
        checked += 1
    assert checked > 0


class _SeatOnly:
    """A state seen through the only doors a bot may use; anything else raises."""

    ALLOWED = frozenset({"game", "current_player", "legal_actions", "view", "resample_hidden"})

    def __init__(self, state: State) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the bot read state.{name}")
        return getattr(self._state, name)


@pytest.mark.parametrize("spec", [SPEC, SCREENING, REDEAL_WORLDS, MODEL_WORLDS, KEYED])
@pytest.mark.parametrize("name", GAMES)
def test_search_uses_only_the_seat_s_doors(name: str, spec: str) -> None:
    game = load_smallest(name)
    bot = make_bot(spec, game, random.Random(2))
    for state in decision_points(game, seed=9, every=11, limit=2):
        seat = state.current_player()
        guarded: Any = _SeatOnly(state)
        action: Action = bot.choose(guarded, seat)
        assert action in state.legal_actions()


def _iterations_at_a_decision(spec: str) -> int:
    game = stratagem.load("eighty_years_war")
    bot = make_bot(spec, game, random.Random(1))
    assert isinstance(bot, Ismcts)
    state = next(decision_points(game, seed=3, every=1, limit=1))
    bot.choose(state, state.current_player())
    return bot.iterations_done


def test_seconds_budget_runs_at_least_one_iteration() -> None:
    assert _iterations_at_a_decision("ismcts:seconds=0.000001,max_rollout=10") >= 1


def test_search_stops_once_no_iteration_left_can_change_the_choice() -> None:
    """Greedy (``c=0``) the leader takes every visit, so it is settled well before 200
    (the discard searched, not planned: ``plans=0``)."""
    spec = "ismcts:iterations=200,c=0,horizon=0,root=ucb,plans=0"
    assert 100 < _iterations_at_a_decision(spec) < 200


def test_horizon_needs_an_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every registered game has an evaluator now: one without is made by hiding it."""
    monkeypatch.setattr(ismcts, "make_evaluator", lambda game: None)
    with pytest.raises(OptionError, match="henry_viii has no evaluator"):
        make_bot("ismcts:horizon=1", stratagem.load("henry_viii"), random.Random(1))


def test_searched_opponents_play_legally_too() -> None:
    game = stratagem.load("eighty_years_war")
    bot = make_bot("ismcts:iterations=12,opponents=search,horizon=0", game, random.Random(5))
    for state in decision_points(game, seed=2, every=13, limit=3):
        assert bot.choose(state, state.current_player()) in state.legal_actions()


def _deepest_paths(spec: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The most tree decisions an iteration took (the root's action included), for each of
    a few of Henry VIII's decisions searched by ``spec``."""
    game = stratagem.load("henry_viii")
    bot = make_bot(spec, game, random.Random(2))
    assert isinstance(bot, Ismcts)
    taken: list[int] = []
    select = bot._select

    def spy(*args: Any) -> list[Any]:
        path = select(*args)
        taken.append(len(path))
        return path

    monkeypatch.setattr(bot, "_select", spy)
    deepest = []
    for state in decision_points(game, seed=4, every=5, limit=6):
        taken.clear()
        bot.choose(state, state.current_player())
        deepest.append(max(taken, default=0))
    return deepest


@pytest.mark.parametrize("root", ["race", "ucb"])
def test_depth_bounds_the_decisions_an_iteration_takes_in_the_tree(
    root: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Below ``depth`` tree decisions the rollout policy plays: at 0 an iteration takes the
    root's action alone, at 1 one more; without it the seat's next decisions are searched."""
    spec = f"ismcts:iterations=60,root={root},bias=1"
    unbounded = _deepest_paths(spec, monkeypatch)
    assert max(unbounded) > 2
    assert max(_deepest_paths(spec + ",depth=1", monkeypatch)) == 2
    assert max(_deepest_paths(spec + ",depth=0", monkeypatch)) == 1


def test_a_root_race_stops_when_one_action_is_left() -> None:
    """The race (the default root) settles where to meld a card long before its budget
    (the melds searched, not planned: ``plans=0``)."""
    game = stratagem.load("eighty_years_war")
    bot = make_bot("ismcts:iterations=5000,plans=0", game, random.Random(1))
    assert isinstance(bot, Ismcts)
    meld = next(
        state
        for state in decision_points(game, seed=3, every=1, limit=60)
        if state.legal_actions()[0].text.startswith("Meld")
    )
    assert bot.choose(meld, meld.current_player()) in meld.legal_actions()
    assert bot.iterations_done < 2500


def test_a_root_race_keeps_to_its_iteration_budget() -> None:
    assert _iterations_at_a_decision("ismcts:iterations=7,plans=0") <= 7


@pytest.mark.parametrize(("name", "turns"), [("britain_vs_france", 2), ("eighty_years_war", 1)])
def test_rollouts_play_one_round_before_the_evaluator_judges(
    name: str, turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By default a rollout stops once every seat has had its turn: in 1750, where the
    sides take turns of their own, that is this turn and the other side's next."""
    game = stratagem.load(name)
    bot = make_bot("ismcts:iterations=6,plans=0", game, random.Random(4))
    assert isinstance(bot, Ismcts)
    evaluator = bot.evaluator
    assert evaluator is not None
    state = next(decision_points(game, seed=5, every=3, limit=1))
    start = evaluator.horizon(state)
    judged: list[int] = []
    values = evaluator.values

    def judge(world: State) -> list[float]:
        judged.append(evaluator.horizon(world))
        return values(world)

    monkeypatch.setattr(evaluator, "values", judge)
    bot.choose(state, state.current_player())
    assert judged
    assert set(judged) == {start + turns}


@pytest.mark.parametrize(
    ("options", "cap"),
    [("iterations=4", 15), ("iterations=4,max_rollout=4", 4), ("iterations=4,max_rollout=0", None)],
)
def test_tercios_rollouts_stop_at_its_evaluator_s_cap_unless_told(
    options: str, cap: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tercios's evaluator names a rollout cap (15 actions), which ``max_rollout`` overrides
    and ``max_rollout=0`` lifts."""
    game = stratagem.load("tercios")
    bot = make_bot(f"ismcts:{options}", game, random.Random(2))
    assert isinstance(bot, Ismcts)
    assert bot.max_rollout == cap
    played: list[int] = []
    spent = bot._spent

    def counting() -> bool:
        done = spent()
        played.append(bot._played)
        return done

    monkeypatch.setattr(bot, "_spent", counting)
    state = next(decision_points(game, seed=5, every=3, limit=1))
    bot.choose(state, state.current_player())
    if cap is None:
        assert max(played) > 15
    else:  # a rollout asks once more after a walk down the tree that reached the cap
        assert cap < max(played) <= cap + 2


@pytest.mark.parametrize("name", [name for name in GAMES if name != "tercios"])
def test_the_other_games_name_no_rollout_cap(name: str) -> None:
    bot = make_bot("ismcts", stratagem.load(name), random.Random(1))
    assert isinstance(bot, Ismcts)
    assert bot.max_rollout is None


class _Reversed:
    """A heuristic that ranks the legal actions in reverse order (its choice: the last)."""

    name = "reversed"

    def rank(self, state: State, seat: int) -> list[Action]:
        return state.legal_actions()[::-1]

    def choose(self, state: State, seat: int) -> Action:
        return self.rank(state, seat)[0]


def test_a_ranking_heuristic_names_the_runners_and_a_small_budget_narrows_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race runs the ranking's best ``width``, the heuristic's choice first; when the
    iterations left after a round cannot give every runner its first ``min_rounds``, only
    as many as can have them run on (here: 4 + 14 iterations, 14 // 7 = 2 runners)."""
    races = _recorded_races(monkeypatch)
    game = stratagem.load("eighty_years_war")
    bot = make_bot("ismcts:iterations=18,width=4,plans=0", game, random.Random(2))
    assert isinstance(bot, Ismcts)
    bot.prior = _Reversed()
    state = next(
        s for s in decision_points(game, seed=3, every=1, limit=80) if len(s.legal_actions()) > 4
    )
    ranked = state.legal_actions()[::-1]
    choice = bot.choose(state, state.current_player())
    (race,) = races
    assert race.candidates == ranked[:4]
    assert race.hint == ranked[0]
    assert race.rounds == RACE_MIN_ROUNDS
    assert set(race.running) <= set(ranked[:2])
    assert choice in ranked[:2]
    assert bot.iterations_done == 18


def _recorded_races(monkeypatch: pytest.MonkeyPatch) -> list[Race]:
    """Every root race the searches below start, kept for a look afterwards."""
    races: list[Race] = []

    class Recorded(Race):
        def __post_init__(self) -> None:
            super().__post_init__()
            races.append(self)

    monkeypatch.setattr(ismcts, "Race", Recorded)
    return races


def _rewarded_by_id(bot: Ismcts, monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Root actions score their id / 1000 every time (no noise); the actions tried, in order."""
    tried: list[Action] = []

    def by_id(root: Any, seat: int, world: State, action: Action) -> float:
        tried.append(action)
        return action.id / 1000

    monkeypatch.setattr(bot, "_try", by_id)
    return tried


def _wide_meld(game: Any) -> State:
    """A decision of Eighty Years War (whose heuristic does not rank) with six actions or
    more: a discard, which the races below search (``plans=0``) rather than plan."""
    return next(
        s for s in decision_points(game, seed=3, every=1, limit=80) if len(s.legal_actions()) > 5
    )


def test_a_wide_root_is_screened_once_and_its_best_race_the_heuristic_s_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """More actions than ``width`` and a heuristic that does not rank: each action is tried
    once (the heuristic's choice first), and the race runs that choice with the best of the
    others by the screen, the screen counting as its first round and in the budget."""
    races = _recorded_races(monkeypatch)
    game = stratagem.load("eighty_years_war")
    bot = make_bot("ismcts:iterations=100,width=3,screen=true,plans=0", game, random.Random(2))
    assert isinstance(bot, Ismcts)
    tried = _rewarded_by_id(bot, monkeypatch)
    state = _wide_meld(game)
    legal = state.legal_actions()
    hint = make_bot("heuristic", game, random.Random(2)).choose(state, state.current_player())
    bot.choose(state, state.current_player())
    (race,) = races
    assert tried[: len(legal)] == [hint, *(action for action in legal if action != hint)]
    best_others = sorted((a for a in legal if a != hint), key=lambda a: a.id)[-2:]
    assert set(race.candidates) == {hint, *best_others}
    assert race.hint == hint
    assert race.rounds == RACE_MIN_ROUNDS
    assert bot.iterations_done == len(tried) == len(legal) + (RACE_MIN_ROUNDS - 1) * 3


def test_without_screen_or_budget_a_wide_root_races_others_drawn_at_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``screen=false``, or a budget too small to screen twice over, tries no action before
    the race: its first round is its own."""
    game = stratagem.load("eighty_years_war")
    state = _wide_meld(game)
    for spec in (
        "ismcts:iterations=100,width=3,screen=false,plans=0",
        "ismcts:iterations=11,width=3,plans=0",
    ):
        races = _recorded_races(monkeypatch)
        bot = make_bot(spec, game, random.Random(2))
        assert isinstance(bot, Ismcts)
        tried = _rewarded_by_id(bot, monkeypatch)
        bot.choose(state, state.current_player())
        (race,) = races
        assert len(race.candidates) == 3
        assert set(tried) <= set(race.candidates)


def test_rounds_sets_the_rounds_before_an_action_may_leave_the_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rewards without noise put every action but the best out at the first round allowed:
    after ``rounds`` rounds."""
    game = stratagem.load("eighty_years_war")
    state = _wide_meld(game)
    for rounds in (RACE_MIN_ROUNDS, 12):
        races = _recorded_races(monkeypatch)
        bot = make_bot(
            f"ismcts:iterations=500,width=3,rounds={rounds},plans=0", game, random.Random(2)
        )
        assert isinstance(bot, Ismcts)
        _rewarded_by_id(bot, monkeypatch)
        bot.choose(state, state.current_player())
        (race,) = races
        assert race.rounds == rounds
        assert race.settled()


def _responses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of worlds the Eighty Years War heuristic reads at each step it is asked
    to plan."""
    asked: list[int] = []
    respond = EightyYearsWarHeuristic.respond

    def counted(
        self: EightyYearsWarHeuristic, legal: list[Action], worlds: Iterator[State], seat: int
    ) -> Action:
        read: list[State] = []

        def reading() -> Iterator[State]:
            for world in worlds:
                read.append(world)
                yield world

        action = respond(self, legal, reading(), seat)
        asked.append(len(read))
        return action

    monkeypatch.setattr(EightyYearsWarHeuristic, "respond", counted)
    return asked


@pytest.mark.parametrize("phase", ["Strategy Phase", "Action Phase"])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_step_of_the_plan_is_answered_in_plans_worlds_not_searched(
    seat: int, phase: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The discards (Strategy Phase) and the melds (Action Phase) are planned: the search
    draws worlds as the heuristic reads them (one for a discard, which it makes by its own
    rule from the seat's view; ``plans`` for a turn's first meld, no more than the
    iterations) and the heuristic answers in them; ``plans=0`` searches them as any other
    decision."""
    game = stratagem.load("eighty_years_war")
    asked = _responses(monkeypatch)
    state = next(heuristic_turns(seed=4, seat=seat, phase=phase, limit=1))
    planned = make_bot("ismcts:iterations=40,plans=25", game, random.Random(1))
    assert isinstance(planned, Ismcts)
    assert planned.choose(state, seat) in state.legal_actions()
    read = 1 if phase == "Strategy Phase" else 25
    assert asked == [read]
    assert planned.iterations_done == read
    searched = make_bot("ismcts:iterations=40,plans=0", game, random.Random(1))
    assert isinstance(searched, Ismcts)
    assert searched.choose(state, seat) in state.legal_actions()
    assert searched.iterations_done > 0
    assert asked == [read]
    capped = make_bot("ismcts:iterations=12,plans=25", game, random.Random(1))
    assert capped.choose(state, seat) in state.legal_actions()
    assert asked == [read, min(read, 12)]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_turn_s_later_melds_follow_the_answer_of_its_first(
    seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn's melds are answered once, in ``plans`` worlds, at its first step; each later
    step reads one world only (for what the seat knows) and follows that answer."""
    game = stratagem.load("eighty_years_war")
    asked = _responses(monkeypatch)
    for state in heuristic_turns(seed=5, seat=seat, phase="Action Phase", limit=3):
        asked.clear()
        bot = make_bot("ismcts:iterations=40,plans=25", game, random.Random(3))
        while state.current_player() == seat:
            state.apply_action(bot.choose(state, seat))
        assert asked[0] == 25
        assert asked[1:] == [1] * (len(asked) - 1)
        assert len(asked) > 2


@pytest.mark.parametrize("spec", PLANNED)
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("phase", ["Strategy Phase", "Action Phase"])
def test_a_planned_step_does_not_depend_on_what_the_seat_cannot_see(
    seat: int, spec: str, phase: str
) -> None:
    """The discards and melds answered at once read only the worlds the search drew: in a
    world the seat cannot tell from the real one, a same-seeded search takes the same step,
    and it reads the real state through the seat's doors alone."""
    game = stratagem.load("eighty_years_war")
    for state in heuristic_turns(seed=6, seat=seat, phase=phase, limit=3):
        world = state.resample_hidden(seat, random.Random(99))
        assert world.view(seat) == state.view(seat)
        truth = make_bot(spec, game, random.Random(4)).choose(state, seat)
        assert make_bot(spec, game, random.Random(4)).choose(world, seat) == truth
        guarded: Any = _SeatOnly(state)
        assert make_bot(spec, game, random.Random(4)).choose(guarded, seat) == truth


def _chance_nodes(game_name: str) -> tuple[State, State]:
    """Two chance nodes of one random game that draw for different events."""
    game = load_smallest(game_name)
    rng = random.Random(2)
    state = game.new_initial_state()
    found: list[State] = []
    while len(found) < 2 and not state.is_terminal():
        if state.is_chance_node():
            if len(state.chance_outcomes()) > 1 and all(
                node.chance_event() != state.chance_event() for node in found
            ):
                found.append(state.clone())
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    assert len(found) == 2, f"{game_name}: two different chance events"
    return found[0], found[1]


def _draws(spec: str, name: str, seeds: range) -> tuple[list[bool], list[bool], set[Action]]:
    """For each round seed: whether an event drew alike in a copy that met it first and
    one that met another event before it, and whether a copy meeting it twice drew alike;
    and the outcomes drawn."""
    first, other = _chance_nodes(name)
    bot = make_bot(spec, load_smallest(name), random.Random(1))
    assert isinstance(bot, Ismcts)
    alike: list[bool] = []
    twice: list[bool] = []
    drawn: set[Action] = set()
    for seed in seeds:
        bot._seed_round(seed)
        straight = bot._chance(first.clone())
        bot._seed_round(seed)
        bot._chance(other.clone())
        alike.append(bot._chance(first.clone()) == straight)
        twice.append(bot._chance(first.clone()) == straight)
        drawn.add(straight)
    return alike, twice, drawn


@pytest.mark.parametrize("name", GAMES)
def test_keyed_chance_gives_every_copy_of_a_round_the_same_draw_for_the_same_event(
    name: str,
) -> None:
    """With ``chance=keyed`` a copy that met another event first still draws an event as
    the copy that met it first; with the default, draws follow the order they are asked
    in. Within a copy, meeting the event again is a draw of its own, and every outcome
    varies with the round."""
    alike, twice, drawn = _draws("ismcts:chance=keyed", name, range(200))
    assert all(alike)
    assert not all(twice)
    assert len(drawn) > 1
    in_order, _, _ = _draws("ismcts", name, range(200))
    assert not all(in_order)
