"""3. Trading Cards as printed: the trader may change what he is after and what he offers
after hearing the offers, and an offerer may state a card's value instead of staying
vague."""

from __future__ import annotations

from stratagem.games.sixteen_thirty_something import phases

from .helpers import MARTIN, SIMON, TIM, legal_texts, play, position, refuse

REVISE = "Change what is asked for and offered"


def trade_heard() -> object:
    """Tim asks for France and offers Spain 3; Martin offers France 1, Simon Unrest."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3", "Vote"], MARTIN: ["France 1"], SIMON: ["Unrest"]},
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking", "Offer: Spain 3")
    play(state, "Done offering", "Make an offer", "Offer: France 1", "Make an offer")
    play(state, "Offer: Unrest")
    return state


def test_trading_cards_the_trader_may_change_his_request_after_hearing_the_offers() -> None:
    """[3. Trading Cards] [Rulings R10] Having heard the offers, Tim asks for something
    else and offers something else; the offers are made again and he takes Simon's."""
    state = trade_heard()
    assert REVISE in legal_texts(state)
    play(state, REVISE)
    trade = state.view(MARTIN)["trade"]
    assert trade["asks_for"] == [] and trade["offers"] == {} and trade["revisions"] == 1
    play(state, "Ask for: Unrest", "Done asking", "Offer: Vote", "Done offering")
    play(state, "Make no offer", "Make an offer", "Offer: Unrest")
    assert legal_texts(state)[:2] == ["Accept the offer of Player 3", "Decline every offer"]
    play(state, "Accept the offer of Player 3")
    assert state.view(TIM)["you"]["hand"] == {"Spain 3": 1, "Unrest": 1}
    assert state.view(SIMON)["you"]["hand"] == {"Vote": 1}
    assert state.view(MARTIN)["you"]["hand"] == {"France 1": 1}


def test_trading_cards_changes_of_request_are_bounded() -> None:
    """[3. Trading Cards] [Rulings R10] A trade allows two changes of request, so that
    every trade, and the game, ends."""
    state = trade_heard()
    for _ in range(2):
        play(state, REVISE, "Ask for: France", "Done asking", "Offer: Spain 3")
        play(state, "Done offering", "Make an offer", "Offer: France 1", "Make no offer")
    assert REVISE not in legal_texts(state)
    assert REVISE in refuse(state, REVISE)


def test_trading_cards_an_offerer_may_state_a_value_or_stay_vague() -> None:
    """[3. Trading Cards] [Rulings R10] Vagueness about values is allowed, not required:
    Martin states his France card's value, which every seat then reads; Tim's offer stays
    vague, so the others see only its type."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={TIM: ["Spain 3", "Vote"], MARTIN: ["France 3"], SIMON: ["Unrest"]},
    )
    play(state, "Propose a trade", "Ask for: France", "Done asking")
    stating = [text for text in legal_texts(state) if "stating its value" in text]
    assert stating == ["Offer, stating its value: Spain 3"]  # the Vote card has no value
    play(state, "Offer: Spain 3", "Done offering", "Make an offer")
    assert "Offer, stating its value: France 3" in legal_texts(state)
    start = len(state.events)
    play(state, "Offer, stating its value: France 3")
    told = [event["text"] for event in state.visible_events(SIMON, start)]
    assert told == ["Player 2 offers France 3, stating its value."]
    trade = state.view(SIMON)["trade"]
    assert trade["stated_values"] == {"Player 2": ["France 3"]}
    assert trade["offers"] == {"Player 1": ["Spain"], "Player 2": ["France"]}
