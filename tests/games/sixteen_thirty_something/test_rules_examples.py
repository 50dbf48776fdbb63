"""Every worked example of the rulebook, as a named test through the public API.

Seat 0 is Tim, seat 1 Martin, seat 2 Simon (five players, as in the vote example).
"""

from __future__ import annotations

from typing import Any

from stratagem import State
from stratagem.games.sixteen_thirty_something import phases

from .helpers import (
    MARTIN,
    PRINTED_SETUP,
    SIMON,
    TIM,
    country,
    display,
    end_of_turn,
    game,
    legal_texts,
    martin_scored,
    play,
    position,
)

RED, BLUE = 0, 1

# Simon's display (Effect of Losing a Vote): England 1, England 2, Open 1, England 2 (six
# votes), France 2, and Sweden 2 and Sweden 3.
SIMON_PILES: dict[str, tuple[bool, list[str]]] = {
    "England": (False, ["England 1", "England 2", "Open 1", "England 2"]),
    "France": (False, ["France 2"]),
    "Sweden": (False, ["Sweden 2", "Sweden 3"]),
}


def englands_vote(board: dict[str, dict[str, int]] | None = None, **kwargs: Any) -> State:
    """Tim's vote in England: Tim (England 1 on display, two England 3 in hand), Martin
    (England 1 and two Open 1 on display, England 2 in hand) and Simon (his display);
    England is red and France blue. Tim has played his Special Cards."""
    board = {"England": {"faction": RED}, "France": {"faction": BLUE}, **(board or {})}
    return position(
        phase=phases.SPECIALS,
        active=TIM,
        hands={TIM: ["England 3", "England 3", "Spain 1"], MARTIN: ["England 2"], 3: ["France 3"]},
        piles={
            TIM: {"England": (False, ["England 1"])},
            MARTIN: {"England": (False, ["England 1", "Open 1", "Open 1"])},
            SIMON: SIMON_PILES,
        },
        board=board,
        **kwargs,
    )


def tim_calls_war_on_france(state: State) -> None:
    """Tim places his two England cards, calls the vote (war on France); Martin adds his
    England 2; Simon and the two others place nothing."""
    play(
        state,
        "Play no more Special Cards",
        "Vote in: England",
        "Lay: England 3",
        "Lay: England 3",
        "Done laying",
        "Issue: war on France",
        "Lay: England 2",
        "Done laying",
        "Done laying",
        "Done laying",
        "Done laying",
    )


def test_tims_vote_in_england_example() -> None:
    """Tim places England cards and then must call the vote in England; the others may add
    English cards afterwards (optional); of five players the three with English cards on
    display take part [Placing Influence Cards] [More about Influence Cards]."""
    state = englands_vote()
    play(state, "Play no more Special Cards")
    assert legal_texts(state) == ["Vote in: England", "Vote in: Spain"]
    play(state, "Vote in: England")
    assert "Lay: Spain 1" not in legal_texts(state)
    assert "Done laying" in legal_texts(state)
    play(state, "Lay: England 3", "Lay: England 3", "Done laying")
    assert display(state, TIM)["England"]["votes"] == 7
    assert legal_texts(state) == ["Issue: war on France", "Issue: change sides"]
    play(state, "Issue: war on France")
    assert state.current_player() == MARTIN
    assert state.view(None)["decision"] == "Player 2 may place cards for England before the vote"
    assert legal_texts(state) == ["Lay: England 2", "Done laying"]
    play(state, "Lay: England 2", "Done laying")
    assert display(state, MARTIN)["England"]["votes"] == 5
    assert legal_texts(state) == ["Done laying"]  # Simon has no English card in hand
    play(state, "Done laying")
    assert state.current_player() == 3
    assert legal_texts(state) == ["Done laying"]  # his France 3 cannot be placed now
    play(state, "Done laying", "Done laying")
    vote = state.view(None)["vote"]
    assert vote["voters"] == ["Player 1", "Player 2", "Player 3"]
    assert "Player 4" not in vote["voters"] and "Player 5" not in vote["voters"]
    assert legal_texts(state) == ["Vote war", "Vote peace"]


def test_adding_up_the_votes_example() -> None:
    """Tim 7 and Martin 5 vote war, Simon 6 votes peace: twelve red against six blue, so the
    war on France is carried and Simon's English pile turns to the descendant [Adding up the
    Votes] [Casting Votes] [Effect of Losing a Vote]."""
    state = englands_vote()
    tim_calls_war_on_france(state)
    play(state, "Vote war", "Vote war", "Vote peace")
    last = state.view(None)["last_vote"]
    assert last["totals"] == {"war": 12, "peace": 6}
    assert last["result"] == "war"
    assert last["votes"] == {"Player 1": "war", "Player 2": "war", "Player 3": "peace"}
    assert display(state, SIMON)["England"]["state"] == "descendant"
    assert display(state, TIM)["England"]["state"] == "ascendant"
    assert display(state, MARTIN)["England"]["state"] == "ascendant"
    assert state.is_chance_node()
    assert {a.text for a, _ in state.chance_outcomes()} == {
        f"Dice difference: {d}" for d in range(6)
    }


def test_simons_display_example() -> None:
    """Simon's English pile (England 1, England 2, Open 1, England 2) goes into the descendant
    keeping its six votes; France 2 and Sweden 5 are untouched [Effect of Losing a Vote]."""
    state = englands_vote()
    tim_calls_war_on_france(state)
    play(state, "Vote war", "Vote war", "Vote peace")
    simon = display(state, SIMON)
    assert simon["England"] == {
        "votes": 6,
        "state": "descendant",
        "cards": ["England 1", "England 2", "England 2", "Open 1"],
    }
    assert simon["France"]["votes"] == 2 and simon["France"]["state"] == "ascendant"
    assert simon["Sweden"]["votes"] == 5 and simon["Sweden"]["state"] == "ascendant"


def test_simons_display_example_already_descendant() -> None:
    """If Simon's English pile were descendant before the vote, losing it would cost him an
    English card he picks (the England 1), down to five votes [Effect of Losing a Vote]."""
    piles = {**SIMON_PILES, "England": (True, SIMON_PILES["England"][1])}
    state = englands_vote()
    doc = state.to_json()
    doc["state"]["piles"][SIMON] = [
        {"country": c, "descendant": down, "cards": cards} for c, (down, cards) in piles.items()
    ]
    state = game(5).state_from_json(doc)
    tim_calls_war_on_france(state)
    play(state, "Vote war", "Vote war", "Vote peace")
    assert state.current_player() == SIMON
    assert legal_texts(state) == [
        "Remove: England 1",
        "Remove: England 2",
        "Remove: Open 1 from England",
    ]
    play(state, "Remove: England 1")
    assert display(state, SIMON)["England"]["votes"] == 5
    assert state.view(None)["discard"] == {"England 1": 1}


def test_simons_next_turn_removal_example() -> None:
    """When Simon's next turn begins he has to take a card away, and the one descendant pile
    he can take it from is England's [1. Remove One Influence Card]."""
    piles = {**SIMON_PILES, "England": (True, SIMON_PILES["England"][1])}
    state = position(phase=phases.REMOVE_ONE, active=SIMON, piles={SIMON: piles})
    assert legal_texts(state) == [
        "Remove: England 1",
        "Remove: England 2",
        "Remove: Open 1 from England",
    ]
    play(state, "Remove: England 2")
    assert display(state, SIMON)["England"]["votes"] == 4
    assert state.is_chance_node()  # 2. Draw New Cards


def test_simon_votes_only_where_he_has_influence_example() -> None:
    """Simon's piles are England's, France's and Sweden's, so only there does he have a say;
    holding no Influence Card, those three are also the only votes he can call [Placing
    Influence Cards]."""
    state = position(phase=phases.SPECIALS, active=SIMON, piles={SIMON: SIMON_PILES})
    play(state, "Play no more Special Cards")
    assert legal_texts(state) == ["Vote in: England", "Vote in: France", "Vote in: Sweden"]


def test_england_france_war_example() -> None:
    """England (ability 1 after a Military Improvement, army 1, a Military Leader) modifies +3,
    France (ability 1, army 2) +1. England rolls 1 and 2 (difference 1): 4; France 2 and 6
    (difference 4): 5. France wins: England's Status 0 and Army 0, France's Status 4
    [Resolving a War] [Rolling the Dice] [The Spoils of War] [Military Leader]."""
    state = englands_vote(board={"England": {"faction": RED, "ability": 1, "leaders": 1}})
    assert country(state, "England")["status"] == PRINTED_SETUP["England"][0]
    tim_calls_war_on_france(state)
    play(state, "Vote war", "Vote war", "Vote peace", "Dice difference: 1", "Dice difference: 4")
    war = state.view(None)["last_war"]
    assert war["modifiers"] == {
        "England": {"Military Ability": 1, "Military Leader": 2},
        "France": {"Military Ability": 1},
    }
    assert war["totals"] == {"England": 4, "France": 5}
    assert war["winner"] == "France"
    assert country(state, "England") == {
        "status": 0,
        "army": 0,
        "ability": 1,
        "faction": "red",
        "leaders": 1,
    }
    assert country(state, "France")["status"] == 4
    assert country(state, "France")["army"] == 2
    # the war over, Tim's turn ends (hand within 13) and Martin draws his four cards
    assert state.view(None)["phase"] == "2. Draw New Cards"
    assert state.is_chance_node()


def test_resolving_a_war_tells_the_modifiers_behind_each_total() -> None:
    """The logged war line gives, for each side, the Combat Modifiers and the dice difference
    that make its total (England-France example) [Resolving a War] [Rolling the Dice]."""
    state = englands_vote(board={"England": {"faction": RED, "ability": 1, "leaders": 1}})
    tim_calls_war_on_france(state)
    play(state, "Vote war", "Vote war", "Vote peace", "Dice difference: 1", "Dice difference: 4")
    line = next(e["text"] for e in state.visible_events(SIMON) if e["text"].startswith("War:"))
    assert line.startswith(
        "War: England 4 (Military Ability +1, Military Leader +2, dice 1) against "
        "France 5 (Military Ability +1, dice 4): France wins"
    )


def test_martins_scoring_example() -> None:
    """Martin's Victory Point counters are England's, Sweden's and Spain's (Status 1, 3 and 5);
    his influence there is 5, 4 and 2, and each counter pays the lower of Status and
    influence: 1 + 3 + 2 = 6; the display the example means is not printed [Scoring Points]
    [Rulings R16]."""
    state = martin_scored()
    assert state.view(None)["victory_points"]["Player 2"] == 6
    mine = [e for e in state.visible_events(MARTIN) if e["rule"] == "Scoring Points"]
    assert mine[MARTIN]["data"]["by_country"] == {"England": 1, "Spain": 2, "Sweden": 3}
    public = [e for e in state.visible_events(TIM) if e["rule"] == "Scoring Points"]
    assert public[MARTIN]["text"] == "Player 2 scores 6 Victory Points (total 6)."
    assert "by_country" not in public[MARTIN]["data"]


def test_sweden_scoring_example() -> None:
    """Influence 6 in Sweden at Status 2 scores only 2; a second Sweden counter scores it twice
    [Scoring Points]."""
    state = end_of_turn(
        {TIM: ["Sweden", "Sweden", "Poland"]},
        {TIM: {"Sweden": (False, ["Sweden 3", "Sweden 3"])}},
        {},
    )
    assert state.view(None)["victory_points"]["Player 1"] == 4


def test_open_card_example() -> None:
    """Without an English card in hand, Simon puts an Open card on his English pile instead;
    from then on it is treated as English [Open Cards]."""
    state = position(
        phase=phases.SPECIALS,
        active=SIMON,
        hands={SIMON: ["Open 1", "France 1"]},
        piles={SIMON: {"England": (False, ["England 2"])}},
    )
    play(state, "Play no more Special Cards", "Vote in: England")
    assert legal_texts(state) == ["Lay: Open 1 on England", "Done laying"]
    play(state, "Lay: Open 1 on England")
    assert display(state, SIMON)["England"] == {
        "votes": 3,
        "state": "ascendant",
        "cards": ["England 2", "Open 1"],
    }


def test_setting_the_board_up_example() -> None:
    """England starts with Army Size 1 and Military Ability 0 (no ability counter); every
    country starts neutral, as the set-up table prints [Setting the board up] [Initial
    Set-up Table]."""
    state = game(4).new_initial_state()
    for name, (status, army, ability) in PRINTED_SETUP.items():
        assert country(state, name) == {
            "status": status,
            "army": army,
            "ability": ability,
            "faction": "neutral",
        }
    assert country(state, "German States")["status"] == 5


def test_victory_point_track_example() -> None:
    """Points beyond 99 are recorded (up to 189 on the track); the engine simply keeps the
    number [Dealing out the Player Cards]."""
    state = position(vp=[23, 0, 0, 0, 150])
    assert state.view(None)["victory_points"]["Player 1"] == 23
    assert state.view(None)["victory_points"]["Player 5"] == 150
