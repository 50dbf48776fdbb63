"""Every registered game under OpenSpiel: registered, and OpenSpiel's MCTSBot plays it out."""

from __future__ import annotations

import pytest

import stratagem

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from stratagem.interop import openspiel  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]


class _TerminalOnly(mcts.Evaluator):  # type: ignore[misc]
    """Values 0 until the end, uniform priors: a tiny budget for a whole game."""

    def __init__(self, players: int) -> None:
        self.players = players

    def evaluate(self, state: object) -> np.ndarray:
        return np.zeros(self.players)

    def prior(self, state: object) -> list[tuple[int, float]]:
        legal = state.legal_actions()  # type: ignore[attr-defined]
        return [(action, 1.0 / len(legal)) for action in legal]


def test_register_names_every_game() -> None:
    names = openspiel.register()
    assert names == [openspiel.short_name(name) for name in GAMES]
    assert openspiel.register() == names  # twice is harmless
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_plays_a_full_game(name: str) -> None:
    openspiel.register()
    game = pyspiel.load_game(openspiel.short_name(name))
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, 1.4, 3, _TerminalOnly(game.num_players()), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert returns == list(state.state.returns())


def test_actions_are_the_game_s_ids_and_texts() -> None:
    openspiel.register()
    game = pyspiel.load_game("stratagem_eighty_years_war")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    action = outcomes[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == (
        state.state.action_from_id(action).text
    )
    copy = state.clone()
    copy.apply_action(action)
    assert len(state.history()) == 0 and copy.history() == [action]
