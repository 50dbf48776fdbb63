"""Starting the Game, the Turn Sequence, 1. Remove, 2. Draw, 3. Trading Cards, 6. Repeat
Play, 7. End of Turn and How To Win!"""

from __future__ import annotations

import random

import pytest

from stratagem import State
from stratagem.games.sixteen_thirty_something import phases

from .helpers import (
    COUNTERS_EACH,
    MARTIN,
    SIMON,
    TIM,
    display,
    game,
    legal_texts,
    play,
    play_randomly,
    position,
    refuse,
)


def deal_to_opening(players: int) -> State:
    """Counters and the deal by chance (seeded), up to the first opening placement."""
    state = game(players).new_initial_state()
    rng = random.Random(players)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_counters_by_player_count_and_thirteen_cards_dealt(players: int) -> None:
    """4 counters each with 3-4 players, 3 with 5-6; 13 cards each [Taking Victory Point
    Counters] [Dealing out the Player Cards]."""
    state = deal_to_opening(players)
    view = state.view(0)
    assert set(view["counters_held"].values()) == {COUNTERS_EACH[players]}
    assert set(view["cards_in_hand"].values()) == {13}
    assert view["deck"] == 110 - 13 * players
    assert len(view["you"]["victory_point_counters"]) == COUNTERS_EACH[players]


def test_counter_draws_follow_the_bag() -> None:
    """Two counters per country: the chance of a country is its share of the bag [Taking
    Victory Point Counters]."""
    state = game(3).new_initial_state()
    odds = {a.text: p for a, p in state.chance_outcomes()}
    assert len(odds) == 9
    assert all(p == pytest.approx(2 / 18) for p in odds.values())
    state.apply_action("Counter: Spain")
    state.apply_action("Counter: Spain")
    assert "Counter: Spain" not in {a.text for a, _ in state.chance_outcomes()}


def test_opening_places_three_influence_cards() -> None:
    """Three Influence Cards face up, in piles by country [Dealing out the Player Cards]."""
    state = position(
        players=3,
        phase=phases.OPENING,
        active=0,
        to_move=0,
        first=-1,
        hands={0: ["Open 1", "Spain 2", "Spain 3", "Vote", "France 1"]},
        to_lay=3,
    )
    assert legal_texts(state) == ["Lay: France 1", "Lay: Spain 2", "Lay: Spain 3"]
    play(state, "Lay: Spain 2")
    assert "Lay: Open 1 on Spain" in legal_texts(state)
    play(state, "Lay: Open 1 on Spain", "Lay: Spain 3")
    assert display(state, 0) == {
        "Spain": {"votes": 6, "state": "ascendant", "cards": ["Spain 2", "Spain 3", "Open 1"]}
    }
    assert state.is_chance_node()  # the others have no card to place: Who goes first?


def test_first_player_is_chosen_by_chance_and_the_marker_moves() -> None:
    """Each player is equally likely to go first; the marker passes clockwise [Who goes first?]
    [Passing on the 1st Player Marker] [Rulings R15]."""
    state = deal_to_opening(4)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert [(a.text, p) for a, p in outcomes] == [
        (f"First player: Player {s}", 0.25) for s in (1, 2, 3, 4)
    ]
    state.apply_action("First player: Player 3")
    assert state.view(None)["first_player"] == "Player 3"
    assert state.view(None)["to_move"] in ("chance", "Player 3")


def test_remove_one_open_card_rule() -> None:
    """Never the last named card beside an Open card [1. Remove One Influence Card]."""
    state = position(
        phase=phases.REMOVE_ONE,
        piles={TIM: {"England": (True, ["England 2", "Open 1"]), "Spain": (False, ["Spain 1"])}},
    )
    assert legal_texts(state) == ["Remove: Open 1 from England"]
    assert "last named card" in refuse(state, "Remove: England 2")


def test_draw_four_and_the_deck_is_remade_from_the_discard_pile() -> None:
    """Four cards; an exhausted deck is the shuffled discard pile [2. Draw New Cards]."""
    state = position(phase=phases.REMOVE_ONE, hands={TIM: []}, to_draw=0)
    assert state.is_chance_node() or state.current_player() == TIM
    doc = state.to_json()
    deck = doc["state"]["deck"]
    doc["state"]["discard"] = deck
    doc["state"]["deck"] = {"Vote": 2}
    doc["state"]["discard"]["Vote"] -= 2
    doc["state"]["phase"] = phases.DRAWING
    doc["state"]["to_draw"] = 4
    doc["state"]["to_move"] = -1
    state = game(5).state_from_json(doc)
    play(state, "Draw: Vote", "Draw: Vote")
    assert state.is_chance_node()
    assert state.view(None)["deck"] == 108
    assert any("discard pile" in e["text"] for e in state.visible_events(None))
    play(state, "Draw: Spain 1", "Draw: Spain 1")
    assert state.view(TIM)["you"]["hand"] == {"Spain 1": 2, "Vote": 2}


def test_trading_one_deal_with_one_player() -> None:
    """Ask, offer, the others offer, one deal; types are public, values known to the traders
    only [3. Trading Cards] [Rulings R10]."""
    state = position(
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3", "Vote"], MARTIN: ["France 1", "France 3"], SIMON: ["Unrest"]},
    )
    play(
        state,
        "Propose a trade",
        "Ask for: France",
        "Done asking",
        "Offer: Spain 3",
        "Done offering",
    )
    assert legal_texts(state) == ["Make an offer", "Make no offer"]
    play(state, "Make an offer", "Offer: France 3", "Done offering")
    play(state, "Make an offer", "Offer: Unrest", "Make no offer", "Make no offer")
    trade = state.view(3)["trade"]
    assert trade == {
        "trader": "Player 1",
        "asks_for": ["France"],
        "offers": {"Player 1": ["Spain"], "Player 2": ["France"], "Player 3": ["Unrest"]},
        "stated_values": {},
        "revisions": 0,
    }
    assert legal_texts(state) == [
        "Accept the offer of Player 2",
        "Accept the offer of Player 3",
        "Decline every offer",
        "Change what is asked for and offered",
    ]
    play(state, "Accept the offer of Player 2")
    assert state.view(TIM)["you"]["hand"] == {"France 3": 1, "Vote": 1}
    assert state.view(MARTIN)["you"]["hand"] == {"France 1": 1, "Spain 3": 1}
    assert state.view(None)["phase"] == "4. Playing Special Cards"
    public = state.visible_events(SIMON)[-1]["text"]
    assert public == "Player 1 trades a Spain card to Player 2 for a France card."


def test_trading_cards_only_an_offer_made_can_be_accepted() -> None:
    """The phasing player accepts an offer made to him or declines; when every other player
    makes no offer, nobody can be handed cards for nothing: the trader may only change his
    request or decline, and with no change left trading ends by itself [3. Trading Cards]
    [Rulings R10]."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3", "Vote"], MARTIN: ["France 1"], SIMON: ["Unrest"]},
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    play(state, "Done offering", "Make no offer", "Make no offer")
    assert legal_texts(state) == ["Decline every offer", "Change what is asked for and offered"]
    assert "Accept the offer of Player 2" in refuse(state, "Accept the offer of Player 2")
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3", "Vote"], MARTIN: ["France 1"], SIMON: ["Unrest"]},
        revisions=2,
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    play(state, "Done offering", "Make no offer", "Make no offer")
    assert state.view(None)["phase"] == "4. Playing Special Cards"
    assert state.view(MARTIN)["you"]["hand"] == {"France 1": 1}
    assert state.view(TIM)["you"]["hand"] == {"Spain 3": 1, "Vote": 1}
    assert state.visible_events(SIMON)[-1]["text"] == (
        "Nobody makes an offer: Player 1 makes no trade."
    )
    assert "Accept the offer of Player 2" in refuse(state, "Accept the offer of Player 2")


def test_trading_cards_only_those_who_offered_are_partners() -> None:
    """With one offer made, only that player can be accepted [3. Trading Cards] [Rulings R10]."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3"], MARTIN: ["France 1"], SIMON: ["Unrest"]},
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    play(state, "Make no offer", "Make an offer", "Offer: Unrest")
    assert legal_texts(state) == [
        "Accept the offer of Player 3",
        "Decline every offer",
        "Change what is asked for and offered",
    ]


def test_trading_cards_a_trade_is_told_once_to_each_seat() -> None:
    """Each seat reads the deal once; the traders learn the values they received, the others
    only the types [3. Trading Cards]."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3"], MARTIN: ["France 1"], SIMON: ["Unrest"]},
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    play(state, "Make an offer", "Offer: France 1", "Make no offer")
    start = len(state.events)
    play(state, "Accept the offer of Player 2")
    told = {seat: [e["text"] for e in state.visible_events(seat, start)] for seat in range(3)}
    assert told[TIM] == ["Player 1 trades Spain 3 to Player 2 for France 1."]
    assert told[MARTIN] == [
        "Player 1 trades a Spain card to Player 2 for a France card.",
        "Player 2 receives Spain 3 from Player 1.",
    ]
    assert told[SIMON] == ["Player 1 trades a Spain card to Player 2 for a France card."]


def test_no_trade_and_offers_limited_to_three() -> None:
    """Trading is optional; a trader asks for at least one type and offers up to three cards
    [3. Trading Cards] [Rulings R10]."""
    state = position(phase=phases.TRADE_ASK, hands={TIM: ["Spain 1"] * 3 + ["Vote"]})
    assert legal_texts(state) == ["Propose a trade", "No trade"]
    play(state, "Propose a trade")
    assert "Done asking" not in legal_texts(state)
    play(state, "Ask for: Open", "Ask for: Open", "Ask for: Vote")
    assert state.view(None)["phase"] == "3. Trading Cards: the phasing player's offer"
    play(state, "Offer: Spain 1", "Offer: Spain 1", "Offer: Vote")
    assert state.view(None)["phase"] == "3. Trading Cards: the other players' offers"


def test_hand_limit_of_thirteen() -> None:
    """The phasing player discards down to 13 at the end of its phases [6. Repeat Play]
    [Rulings R17]."""
    hand = ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin"] * 5
    state = position(phase=phases.HAND_LIMIT, hands={TIM: hand})
    assert legal_texts(state) == ["Discard: Vote", "Discard: Assassin", "Discard: Unrest"]
    play(state, "Discard: Vote")
    assert state.current_player() == TIM
    play(state, "Discard: Vote")
    assert state.view(None)["cards_in_hand"]["Player 1"] == 13
    assert state.view(None)["phase"] == "1. Remove One Influence Card" or state.is_chance_node()


def test_random_end_and_ten_turn_limit() -> None:
    """After turn 9, 1-3 on a die ends the game; the game always ends after turn 10, and a draw
    stays a draw [Checking for a random end to the game] [How To Win!] [Rulings R7]."""
    last = {"phase": phases.HAND_LIMIT, "active": 4, "first": 0, "order": 4}
    hand = {4: ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin"] * 4}
    state = position(turn=9, hands=hand, **last)  # type: ignore[arg-type]
    play(state, "Discard: Vote")
    assert [(a.text, p) for a, p in state.chance_outcomes()] == [
        ("Random end: the game ends", 0.5),
        ("Random end: the game goes on", 0.5),
    ]
    play(state, "Random end: the game ends")
    assert state.is_terminal()
    assert state.result()["details"]["ended_by"] == "random end"
    state = position(turn=10, hands=hand, vp=[5, 9, 9, 0, 1], **last)  # type: ignore[arg-type]
    play(state, "Discard: Vote")
    assert state.is_terminal()
    result = state.result()
    assert result["details"]["ended_by"] == "turn limit"
    assert result["winners"] == ["Player 2", "Player 3"]  # a draw stays a draw
    assert state.returns() == [0.0, 0.5, 0.5, 0.0, 0.0]
    assert result["reason"].startswith("a draw")


def test_a_whole_game_ends_with_a_result() -> None:
    state = game(5).new_initial_state()
    play_randomly(state, random.Random(5))
    result = state.result()
    assert state.is_terminal() and result["winners"]
    assert max(result["scores"].values()) == result["scores"][result["winners"][0]]
    assert 7 <= result["details"]["turns"] <= 10


def test_the_turn_sequence_runs_each_players_phases_clockwise() -> None:
    """A turn opens with the 1st player, and each player in turn, clockwise, runs phases 1
    to 5; then the next turn opens with the next 1st player [The Turn Sequence] [6. Repeat
    Play] [Passing on the 1st Player Marker]."""
    state = deal_to_opening(4)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    state.apply_action("First player: Player 3")
    rng = random.Random(16)
    while state.view(None)["turn"] == 1:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    told = [e["text"] for e in state.visible_events(None) if e["rule"] == "The Turn Sequence"]
    assert told == [
        "Turn 1 begins; Player 3 is the 1st player.",
        "Player 3 takes phases 1 to 5.",
        "Player 4 takes phases 1 to 5.",
        "Player 1 takes phases 1 to 5.",
        "Player 2 takes phases 1 to 5.",
        "Turn 2 begins; Player 4 is the 1st player.",
        "Player 4 takes phases 1 to 5.",
    ]
