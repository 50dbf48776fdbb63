"""Ending the Game: victory points, the advanced rules, the tiebreakers, ``details``;
and the optional rules (Alternate Game Length, Expanded Conflict, Historically Accurate
Colonies)."""

from __future__ import annotations

import random
from typing import Any

import stratagem
from stratagem.core import Game, State, options_model
from stratagem.games.britain_vs_france import places

from .helpers import (
    BRITAIN,
    FRANCE,
    GAME,
    colony,
    force,
    legal_texts,
    position,
    set_up,
    st,
    unit,
)


def last_turn(game: Game = GAME, **fields: Any) -> State:
    """France ends the 10th player turn (hands empty, so no window opens)."""
    state = position(
        set_up(game),
        phase=places.PLACE,
        active=FRANCE,
        hands={BRITAIN: [], FRANCE: []},
        fields={"turn": 2 * game.turns_per_player, **fields},  # type: ignore[attr-defined]
        game=game,
    )
    state.apply_action("End placement")
    assert state.is_terminal()
    return state


def test_equal_on_points_and_every_tiebreaker_is_a_draw() -> None:
    """[Ending the Game] [Rulings B26] [Setup: F): 1.] Three colonies each, 1 point each:
    equal on points and on every tiebreaker is a draw."""
    state = last_turn()
    result = state.result()
    assert result["scores"] == {"Britain": 3, "France": 3}
    assert result["winners"] == [] and state.returns() == [0.0, 0.0]
    assert result["details"]["decided by"] == "a draw"
    assert result["details"]["Britain colonies in India"] == 1


def test_first_tiebreaker_prisoners() -> None:
    """[Ending the Game] Equal points: the most prisoners wins."""
    uloc = st(set_up())["uloc"]
    uown = st(set_up())["uown"]
    uloc[unit("Armand de Vignerot du Plessis")] = places.prison(BRITAIN)
    uown[unit("Armand de Vignerot du Plessis")] = FRANCE
    state = last_turn(uloc=uloc, uown=uown)
    assert state.result()["winners"] == ["Britain"]
    assert state.result()["details"]["decided by"] == "prisoners (first tiebreaker)"
    assert state.returns() == [1.0, -1.0]


def test_second_and_third_tiebreakers() -> None:
    """[Ending the Game] Then the most political objectives, then the most exports."""
    state = last_turn(po_control=[-1] * 9 + [FRANCE])
    assert state.result()["winners"] == ["France"]
    assert "political objectives" in state.result()["reason"]
    exports = st(set_up())["exports"]
    supply = st(set_up())["supply"]
    exports[BRITAIN][0] += 1
    supply[0] -= 1
    state = last_turn(exports=exports, supply=supply)
    assert state.result()["details"]["decided by"] == "export cards (third tiebreaker)"


def test_secret_objective_points() -> None:
    """[Setup: I)] [Ending the Game] [Rulings B27] The secret objective scores at the
    end."""
    control = st(set_up())["control"]
    control[colony("Bombay")] = BRITAIN  # Masters of Bengal: 2 colonies in India
    state = last_turn(control=control)
    assert state.result()["scores"] == {"Britain": 4 + 2, "France": 3}
    assert state.result()["breakdown"]["Britain"]["secret objective"] == 2


def test_advanced_rules_add_their_points() -> None:
    """[Regional Dominance] [Trade Mastery] [Powerful Friends] Each advanced rule in
    use adds its point."""
    game = stratagem.load("britain_vs_france", advanced=True)
    base = set_up(game)
    control = st(base)["control"]
    control[GAME.book.locations.index("Martinique")] = BRITAIN  # type: ignore[attr-defined]
    control[GAME.book.locations.index("Barbados")] = BRITAIN  # type: ignore[attr-defined]
    exports = [[1, 1, 1, 1, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]
    supply = [7, 8, 8, 7, 9, 7, 4, 4, 1]
    state = last_turn(
        game,
        control=control,
        exports=exports,
        supply=supply,
        po_control=[BRITAIN, BRITAIN, BRITAIN] + [-1] * 7,
    )
    lines = state.result()["breakdown"]["Britain"]
    assert lines["Regional Dominance"] == 1  # the whole Caribbean
    assert lines["Trade Mastery"] == 1  # 6 kinds of export
    assert lines["Powerful Friends"] == 1  # 3 political objectives
    assert lines["secret objective"] == 0
    plain = last_turn(control=control, exports=exports, supply=supply)
    assert "Regional Dominance" not in plain.result()["breakdown"]["Britain"]


def test_advanced_and_optional_rules_only_those_the_players_chose() -> None:
    """[Advanced and Optional Rules] [Other Optional Rules] Every advanced and optional
    rule is off unless chosen before the game; each advanced rule can be chosen on its own,
    or all five at once."""
    defaults = options_model("britain_vs_france")(players=2)
    chosen = defaults.model_dump()
    assert chosen["turns_per_player"] is None  # the game's own 5 turns each:
    assert GAME.new_initial_state().events[0].text.endswith(" 5 turns each.")
    for name in (
        "advanced",
        "counter_diplomacy",
        "powerful_friends",
        "ransoms",
        "regional_dominance",
        "trade_mastery",
        "expanded_conflict",
        "historically_accurate_colonies",
    ):
        assert chosen[name] is False, name
    scored = ["cards in play", "colonies", "secret objective"]
    assert sorted(last_turn().result()["breakdown"]["Britain"]) == scored
    one = stratagem.load("britain_vs_france", trade_mastery=True)
    assert sorted(last_turn(one).result()["breakdown"]["Britain"]) == ["Trade Mastery", *scored]
    every = stratagem.load("britain_vs_france", advanced=True)
    assert sorted(last_turn(every).result()["breakdown"]["Britain"]) == [
        "Powerful Friends",
        "Regional Dominance",
        "Trade Mastery",
        *scored,
    ]


def test_ransoms_release_a_prisoner_for_gold() -> None:
    game = stratagem.load("britain_vs_france", ransoms=True)
    state = position(
        set_up(game),
        phase=places.PURCHASES,
        hands={BRITAIN: [], FRANCE: []},
        units={"Robert Clive": ("prison", BRITAIN)},
        fields={"gold": [3, 0]},
        game=game,
    )
    assert "Offer a ransom: Robert Clive for 3 gold" in legal_texts(state)
    state.apply_action("Offer a ransom: Robert Clive for 2 gold")
    assert state.current_player() == FRANCE
    state.apply_action("Accept the ransom")
    assert state.view(None)["gold"] == {"Britain": 1, "France": 2}
    assert "Buy: Robert Clive" not in legal_texts(state)  # 3 gold: too dear now
    assert not any(t.startswith("Offer a ransom") for t in legal_texts(state))


def test_ransoms_exchange_prisoners() -> None:
    game = stratagem.load("britain_vs_france", ransoms=True)
    state = position(
        set_up(game),
        phase=places.PURCHASES,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "Robert Clive": ("prison", BRITAIN),
            "Marquis de Bussy": ("prison", FRANCE),
        },
        fields={"gold": [0, 0]},
        game=game,
    )
    offer = "Offer an exchange: Robert Clive for Marquis de Bussy"
    assert legal_texts(state) == [offer, "End purchases"]
    state.apply_action(offer)
    state.apply_action("Refuse the ransom")
    assert state.view(None)["prisoners"]["France"] == ["Robert Clive"]
    assert legal_texts(state) == ["End purchases"]  # one offer a turn


def test_alternate_game_length() -> None:
    """[Alternate Game Length] [Winning the Game] More turns each, 2 more draw-deck
    cards for each extra turn."""
    game = stratagem.load("britain_vs_france", turns_per_player=7)
    state = game.new_initial_state()
    assert state.view(None)["draw_deck"] == 14
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.view(None)["turn"] == 14 == state.view(None)["turns"]


def test_expanded_conflict_places_four_colonies_per_theater() -> None:
    """[Expanded Conflict] [Setup: E): 2.] Four colonies a theater."""
    game = stratagem.load("britain_vs_france", expanded_conflict=True)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.view(None)["step"] == "Setup E: Place colonies":
        state.apply_action(state.sample_chance(rng))
    assert [len(line) for line in state.view(None)["theaters"].values()] == [4, 4, 4, 4]


def test_historically_accurate_colonies() -> None:
    """[Historically Accurate Colonies] Markers only on a side's own historical
    colonies, and each theater holds one colony of each side."""
    game = stratagem.load("britain_vs_france", historically_accurate_colonies=True)
    state = game.new_initial_state()
    force(state, "Draw colony: Boston", "Draw colony: Halifax")
    outcomes = {action.text for action, _ in state.chance_outcomes()}
    assert outcomes == {
        f"Draw colony: {name}"
        for name in (
            "Lake Champlain / Lake George area",
            "Louisbourg",
            "Louisiana",
            "Montreal",
            "Ohio River Valley",
            "Quebec",
        )
    }
    force(state, "Draw colony: Quebec")
    for line in (
        ("Jamaica", "Martinique", "Barbados"),
        ("Anamabou", "Gorée", "Dixcove"),
        ("Madras", "Pondicherry", "Bombay"),
    ):
        force(state, *(f"Draw colony: {name}" for name in line))
    force(state, "Roll-off: Britain wins", "Take the first game turn")
    assert state.current_player() == FRANCE
    assert sorted(legal_texts(state)) == [
        "Control: Gorée",
        "Control: Martinique",
        "Control: Pondicherry",
        "Control: Quebec",
    ]
