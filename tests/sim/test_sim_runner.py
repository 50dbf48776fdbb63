"""The match runner: reproducible matches, derived seeds, seat resolution."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.bots import bot_names
from stratagem.core import CHANCE, Action, Game, OptionError, State
from stratagem.sim import MatchResult, make_bots, play_match, resolve_seats, seed_for

GAME = "eighty_years_war"
CHEAP = {"ismcts": "ismcts:iterations=1,max_rollout=1", "hard": "hard:iterations=1,max_rollout=1"}
"""Bots with a budget, at one small enough for a test."""


@pytest.fixture(scope="module")
def game() -> Game:
    return stratagem.load(GAME)


def _match(game: Game, seed: int, names: tuple[str, ...] = ("random", "random")) -> MatchResult:
    return play_match(game, make_bots(game, names, seed), seed)


def test_same_seed_same_match(game: Game) -> None:
    first, second = _match(game, 11), _match(game, 11)
    assert first == second
    assert first.history == second.history


def test_different_seeds_differ(game: Game) -> None:
    assert _match(game, 11).history != _match(game, 12).history


def test_seed_for_is_deterministic_and_spread() -> None:
    assert seed_for(1, 0) == seed_for(1, 0) == 6278911005717071848
    seeds = {seed_for(master, index) for master in range(3) for index in range(100)}
    assert len(seeds) == 300
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_match_result_fields(game: Game) -> None:
    match = _match(game, 3)
    assert match.game == GAME
    assert match.seed == 3
    assert match.bots == ("random", "random")
    assert match.options == game.options
    assert match.length == len(match.history)
    assert 0 < match.decisions < match.length
    assert match.turns == 15
    assert match.first_player == 0  # the Dutch act first (Rulings R5)
    assert [game.seat_names[s] for s in match.winners] == match.result["winners"]
    if match.winners:
        assert match.returns[match.winners[0]] == 1.0
    else:
        assert match.returns == (0.0, 0.0)
    outcome = match.outcome()
    assert (outcome.length, outcome.turns, outcome.winners) == (match.length, 15, match.winners)


def test_replaying_the_history_gives_the_same_game(game: Game) -> None:
    match = _match(game, 5)
    state = game.new_initial_state()
    for text in match.history:
        state.apply_action(text)
    assert state.is_terminal()
    assert state.result() == match.result


def test_on_step_sees_every_action(game: Game) -> None:
    seen: list[tuple[int, str]] = []

    def on_step(state: State, player: int, action: Action) -> None:
        assert state.history[-1] == action
        seen.append((player, action.text))

    match = play_match(game, make_bots(game, ["random", "random"], 8), 8, on_step=on_step)
    assert [text for _, text in seen] == list(match.history)
    assert sum(1 for player, _ in seen if player != CHANCE) == match.decisions


def test_chance_does_not_depend_on_the_bots(game: Game) -> None:
    """Each bot has its own generator: the deals before the first decision are the same."""
    names = [CHEAP.get(name, name) for name in bot_names(GAME)]
    matches = [_match(game, 21, (name, "random")) for name in names]
    history = matches[0].history
    first_decision = next(i for i, text in enumerate(history) if not text.startswith("Draw: "))
    for match in matches:
        assert match.history[:first_decision] == matches[0].history[:first_decision]


@pytest.mark.parametrize("bot", bot_names(GAME))
def test_every_registered_bot_plays_a_match(game: Game, bot: str) -> None:
    bot = CHEAP.get(bot, bot)
    match = _match(game, 2, (bot, bot))
    assert match.bots == (bot, bot)
    assert match.turns == 15
    assert match == _match(game, 2, (bot, bot))


def test_play_match_needs_one_bot_per_seat(game: Game) -> None:
    with pytest.raises(ValueError, match="2 seats"):
        play_match(game, make_bots(game, ["random"], 1), 1)


def test_resolve_seats(game: Game) -> None:
    assert resolve_seats(game, {}) == ["random", "random"]
    assert resolve_seats(game, {"spanish": "RANDOM"}) == ["random", "random"]
    assert resolve_seats(game, {"Dutch": "human"}, extra=("human",)) == ["human", "random"]


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ({"English": "random"}, "'English' is not a seat"),
        ({"Dutch": "robot"}, "no bot named 'robot'"),
        ({"Dutch": "human"}, "no bot named 'human'"),
        ({"Dutch": "random", "dutch": "random"}, "given twice"),
    ],
)
def test_resolve_seats_refuses(game: Game, seats: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        resolve_seats(game, seats)
