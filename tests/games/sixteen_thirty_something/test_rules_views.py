"""Hidden information (ARCHITECTURE "Hidden information is real"; Taking Victory Point
Counters: counters kept face down; Casting Votes: in secret; Trading Cards: vague about
values): views, events and ``resample_hidden``."""

from __future__ import annotations

import json
import random

from stratagem.games.sixteen_thirty_something import phases

from .helpers import MARTIN, SIMON, TIM, game, play, play_randomly, position


def test_other_hands_and_counters_are_hidden() -> None:
    state = game(4).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    doc = state.to_json()["state"]
    for seat in range(4):
        view = state.view(seat)
        assert view["you"]["hand"] == doc["hands"][seat]
        assert view["you"]["victory_point_counters"] == doc["counters"][seat]
        assert view["cards_in_hand"] == {f"Player {s + 1}": 13 for s in range(4)}
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert json.dumps(doc["hands"][other]) not in text
        events = state.visible_events(seat)
        mine = [e for e in events if "Counter of" in e["text"]]
        assert len(mine) == 4 and all(e["data"]["seat"] == f"Player {seat + 1}" for e in mine)
        assert sum("draws a Victory Point Counter" in e["text"] for e in events) == 12
    assert "you" not in state.view(None)
    assert not any("Counter of" in e["text"] for e in state.visible_events(None))


def test_votes_are_secret_until_revealed() -> None:
    """Voting Counters are laid in secret and revealed together [Casting Votes]."""
    state = position(
        phase=phases.VOTE_CAST,
        active=TIM,
        to_move=MARTIN,
        step_seat=MARTIN,
        piles={
            TIM: {"Spain": (False, ["Spain 2"])},
            MARTIN: {"Spain": (False, ["Spain 3"])},
            SIMON: {"Spain": (False, ["Spain 1"])},
        },
        vote={
            "by_card": False,
            "country": "Spain",
            "issue": 0,
            "target": None,
            "voters": [TIM, MARTIN, SIMON],
            "votes": [0, -1, -1, -1, -1],
            "winner": -1,
        },
    )
    assert state.view(TIM)["you"]["your_vote"] == "red"
    assert "your_vote" not in state.view(MARTIN)["you"]
    assert state.view(MARTIN)["vote"]["counters_down"] == ["Player 1"]
    play(state, "Vote blue")
    seen = [e["text"] for e in state.visible_events(SIMON)]
    assert seen == ["Player 2 lays down a Voting Counter."]
    assert state.view(TIM)["vote"]["counters_down"] == ["Player 1", "Player 2"]
    assert "your_vote" not in state.view(SIMON)["you"]
    assert '"Player 2": "blue"' not in json.dumps(state.view(SIMON))
    play(state, "Vote blue")
    assert state.view(None)["last_vote"]["votes"] == {
        "Player 1": "red",
        "Player 2": "blue",
        "Player 3": "blue",
    }


def test_offered_values_are_hidden_from_others() -> None:
    state = position(phase=phases.TRADE_ASK, hands={TIM: ["Spain 3", "Spain 1"]})
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    assert state.view(TIM)["you"]["your_offer"] == ["Spain 3"]
    for seat in (None, MARTIN, SIMON):
        view = state.view(seat)
        assert view["trade"]["offers"] == {"Player 1": ["Spain"]}
        assert "Spain 3" not in json.dumps(view)
        assert "Spain 3" not in json.dumps(state.visible_events(seat))


def test_resample_keeps_the_view_and_redeals_the_rest() -> None:
    """resample_hidden: a world consistent with the seat's view; others' hands and
    counters, the deck and uncast votes are redealt."""
    state = game(5).new_initial_state()
    rng = random.Random(11)
    play_randomly(state, rng, steps=900)
    changed = 0
    for trial in range(10):
        world = state.resample_hidden(MARTIN, random.Random(trial))
        assert world.view(MARTIN) == state.view(MARTIN)
        assert world.current_player() == state.current_player()
        truth, other = state.to_json()["state"], world.to_json()["state"]
        assert other["hands"][MARTIN] == truth["hands"][MARTIN]
        assert other["counters"][MARTIN] == truth["counters"][MARTIN]
        changed += other["hands"] != truth["hands"] or other["counters"] != truth["counters"]
    assert changed >= 8


def test_refusals_tell_nothing_hidden() -> None:
    """A refusal speaks of the asking seat's own hand and public facts only."""
    state = position(
        phase=phases.HAND_LIMIT,
        hands={TIM: ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin"] * 4, MARTIN: ["Spain 3"]},
    )
    message = ""
    try:
        state.apply_action("Discard: Spain 3", seat=TIM)
    except ValueError as error:
        message = str(error)
    assert "no Spain 3 in your hand" in message
    assert "Player 2" not in message


def test_resampled_worlds_leave_the_mover_a_choice() -> None:
    """A world dealt for another seat keeps what the mover's decision needs (the cards on
    offer, a card to place for its vote or opening): it always has a legal action."""
    state = game(3).new_initial_state()
    rng = random.Random(21)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        mover = state.current_player()
        for seat in range(3):
            if seat != mover:
                assert state.resample_hidden(seat, rng).legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
