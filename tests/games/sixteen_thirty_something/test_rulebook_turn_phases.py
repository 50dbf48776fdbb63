"""Rulebook-first audit of Sixteen Thirty Something: The Turn Sequence and phases 1 to 4
(Remove One Influence Card, Draw New Cards, Trading Cards, Playing Special Cards and The
Special Cards), written from the rulebook's text and driven through the public API."""

from __future__ import annotations

import json
from typing import Any

from stratagem import CHANCE, State

from .audit_helpers import (
    TWELVE_INFLUENCE_CARDS,
    acts,
    call_vote,
    cast,
    done,
    lone_vote_in_spain,
    offered,
    phase,
)
from .helpers import Piles, copies, country, display, legal_texts, phases, position, refuse


def _next_players_turn(piles: Piles, **changes: Any) -> State:
    """Player 1 ends phase 5 with a lone vote in Spain, so Player 2's phases begin."""
    return lone_vote_in_spain(piles, **changes)


# 1. Remove One Influence Card


def test_remove_one_influence_card_from_a_descendant_pile_of_choice() -> None:
    """1. Remove One Influence Card: the player picks one card of a descendant pile to discard."""
    state = _next_players_turn(
        {1: {"France": (True, ["France 1", "France 2"]), "Sweden": (False, ["Sweden 1"])}}
    )
    assert state.current_player() == 1
    assert sorted(legal_texts(state)) == ["Remove: France 1", "Remove: France 2"]
    acts(state, "Remove: France 2")
    assert display(state, 1)["France"]["cards"] == ["France 1"]
    assert state.view(None)["discard"].get("France 2") == 1


def test_remove_one_influence_card_only_one() -> None:
    """1. Remove One Influence Card: exactly one card goes, even with several descendant piles."""
    state = _next_players_turn(
        {1: {"France": (True, ["France 1"]), "Sweden": (True, ["Sweden 1"])}}
    )
    acts(state, "Remove: France 1")
    assert state.current_player() == CHANCE
    assert display(state, 1)["Sweden"]["cards"] == ["Sweden 1"]


def test_remove_one_influence_card_not_needed_without_descendant_piles() -> None:
    """1. Remove One Influence Card: with no descendant pile nothing goes; the draw follows."""
    state = _next_players_turn({1: {"Sweden": (False, ["Sweden 1"])}})
    assert state.current_player() == CHANCE
    assert phase(state) == phases.DRAWING
    assert display(state, 1)["Sweden"]["cards"] == ["Sweden 1"]


def test_remove_one_influence_card_open_card_never_left_last() -> None:
    """1. Remove One Influence Card: an Open card goes before the pile's last named card."""
    state = _next_players_turn({1: {"England": (True, ["England 2", "Open 1"])}})
    assert legal_texts(state) == ["Remove: Open 1 from England"]
    refuse(state, "Remove: England 2")


# 2. Draw New Cards


def test_draw_new_cards_four() -> None:
    """2. Draw New Cards: the player draws four cards from the deck."""
    state = _next_players_turn({})
    deck = state.view(None)["deck"]
    for _ in range(4):
        assert state.current_player() == CHANCE
        acts(state, str(state.chance_outcomes()[0][0]))
    assert state.view(None)["cards_in_hand"]["Player 2"] == 4
    assert state.view(None)["deck"] == deck - 4
    assert phase(state) == phases.TRADE_ASK


def test_draw_new_cards_hand_limit_thirteen_at_the_end_of_the_turn() -> None:
    """2. Draw New Cards / 6. Repeat Play: a hand over 13 must be cut to 13 when the phases end."""
    state = lone_vote_in_spain(hands={0: [*TWELVE_INFLUENCE_CARDS, "Vote", "Unrest"]})
    assert state.current_player() == 0
    assert len(offered(state, "Discard: ")) == 14
    acts(state, "Discard: Unrest")
    assert state.view(None)["cards_in_hand"]["Player 1"] == 13
    assert state.current_player() != 0


def test_draw_new_cards_may_exceed_thirteen_during_the_turn() -> None:
    """2. Draw New Cards: drawing may take a hand past 13 for the rest of the player's phases."""
    state = _next_players_turn({}, hands={1: list(TWELVE_INFLUENCE_CARDS)})
    for _ in range(4):
        acts(state, str(state.chance_outcomes()[0][0]))
    assert state.view(None)["cards_in_hand"]["Player 2"] == 16
    assert "No trade" in legal_texts(state)


def test_draw_new_cards_discard_pile_reshuffled_when_the_deck_runs_out() -> None:
    """2. Draw New Cards: an exhausted deck is replaced by the shuffled discard pile."""
    discard = dict(copies(3))
    discard["Vote"] -= 2
    discard["Spain 3"] -= 1
    state = _next_players_turn({}, discard=discard)
    assert state.view(None)["deck"] == 2
    acts(state, "Draw: Vote")
    events = acts(state, "Draw: Vote")
    assert any("shuffled into a new deck" in text for text in events)
    assert state.view(None)["deck"] > 100
    acts(state, str(state.chance_outcomes()[0][0]), str(state.chance_outcomes()[0][0]))
    assert state.view(None)["cards_in_hand"]["Player 2"] == 4


# 3. Trading Cards


def _trading(hands: dict[int, list[str]]) -> State:
    return position(players=3, phase=phases.TRADE_ASK, hands=hands)


def test_trading_cards_is_optional() -> None:
    """3. Trading Cards: the player may decline to trade at all."""
    state = _trading({0: ["Vote"], 1: ["Unrest"]})
    assert sorted(legal_texts(state)) == ["No trade", "Propose a trade"]
    acts(state, "No trade")
    assert phase(state) == phases.SPECIALS


def test_trading_cards_up_to_three_given() -> None:
    """3. Trading Cards: the trader puts at most three cards of his hand into the trade."""
    state = _trading({0: ["Vote", "Unrest", "Assassin", "Military Leader"], 1: ["England 1"]})
    acts(state, "Propose a trade", "Ask for: England", "Done asking")
    acts(state, "Offer: Vote", "Offer: Unrest", "Offer: Assassin")
    assert not offered(state, "Offer: Military Leader")
    assert state.current_player() != 0


def test_trading_cards_any_hand_card_not_displayed_ones() -> None:
    """3. Trading Cards / More about Influence Cards: Specials trade; displayed cards never do."""
    state = position(
        players=3,
        phase=phases.TRADE_ASK,
        hands={0: ["Vote", "France 1"], 1: ["England 1"]},
        piles={0: {"Spain": (False, ["Spain 3"])}},
    )
    acts(state, "Propose a trade", "Ask for: England", "Done asking")
    assert sorted(offered(state, "Offer: ")) == ["Offer: France 1", "Offer: Vote"]


def test_trading_cards_one_trade_with_one_player() -> None:
    """3. Trading Cards: the trader accepts one player's offer at most, then trading is over."""
    state = _trading({0: ["Vote"], 1: ["England 1"], 2: ["England 2"]})
    acts(state, "Propose a trade", "Ask for: England", "Done asking", "Offer: Vote")
    done(state, "Done offering")
    while phase(state) == phases.TRADE_REPLY:
        seat = state.current_player()
        acts(state, "Make an offer", f"Offer: England {seat}")
        done(state, "Done offering")
    assert sorted(offered(state, "Accept")) == [
        "Accept the offer of Player 2",
        "Accept the offer of Player 3",
    ]
    acts(state, "Accept the offer of Player 3")
    assert state.view(0)["you"]["hand"] == {"England 2": 1}
    assert state.view(1)["you"]["hand"] == {"England 1": 1}
    assert state.view(2)["you"]["hand"] == {"Vote": 1}
    assert phase(state) == phases.SPECIALS


def test_trading_cards_uneven_numbers_allowed() -> None:
    """3. Trading Cards: a deal need not be card for card; one card may buy three."""
    state = _trading({0: ["Vote"], 1: ["England 1", "England 2", "France 1"]})
    acts(state, "Propose a trade", "Ask for: England", "Done asking", "Offer: Vote")
    done(state, "Done offering")
    acts(state, "Make an offer", "Offer: England 1", "Offer: England 2", "Offer: France 1")
    while phase(state) == phases.TRADE_REPLY:
        acts(state, "Make no offer")
    acts(state, "Accept the offer of Player 2")
    assert state.view(0)["you"]["hand"] == {"England 1": 1, "England 2": 1, "France 1": 1}


def test_trading_cards_the_trader_may_decline_every_offer() -> None:
    """3. Trading Cards: the trader is free to turn every offer down; no card changes hands."""
    state = _trading({0: ["Vote"], 1: ["England 1"]})
    acts(state, "Propose a trade", "Ask for: England", "Done asking", "Offer: Vote")
    done(state, "Done offering")
    acts(state, "Make an offer", "Offer: England 1")
    done(state, "Done offering")
    while phase(state) == phases.TRADE_REPLY:
        acts(state, "Make no offer")
    acts(state, "Decline every offer")
    assert state.view(0)["you"]["hand"] == {"Vote": 1}
    assert phase(state) == phases.SPECIALS


def test_trading_cards_hands_stay_hidden_until_offered() -> None:
    """3. Trading Cards: a hand stays secret; only the cards put into an offer are shown."""
    state = _trading({0: ["Vote", "Unrest"], 1: ["England 1"]})
    assert "Unrest" not in json.dumps(state.view(1))
    acts(state, "Propose a trade", "Ask for: England", "Done asking", "Offer: Vote")
    done(state, "Done offering")
    seen = json.dumps(state.view(1)) + json.dumps(state.visible_events(1))
    assert "Vote" in seen
    assert "Unrest" not in seen


# 4. Playing Special Cards


def test_playing_special_cards_optional() -> None:
    """4. Playing Special Cards: the player need not play any Special Card."""
    state = position(players=3, hands={0: ["Unrest", "Spain 1"]})
    acts(state, "Play no more Special Cards")
    assert phase(state) == phases.VOTE_COUNTRY
    assert state.view(0)["you"]["hand"]["Unrest"] == 1


def test_playing_special_cards_at_most_two() -> None:
    """4. Playing Special Cards: no more than two Special Cards in a player's phase 4."""
    state = position(
        players=3,
        hands={0: ["Military Improvement", "Increase Army Size", "Increase Status", "Spain 1"]},
    )
    acts(state, "Play: Military Improvement", "Military Improvement: Spain")
    acts(state, "Play: Increase Army Size", "Increase Army Size: Spain")
    assert not offered(state, "Play: ")
    assert phase(state) == phases.VOTE_COUNTRY


def test_playing_special_cards_one_at_a_time() -> None:
    """4. Playing Special Cards: a card's effect is settled before a second card may be played."""
    state = position(players=3, hands={0: ["Military Improvement", "Increase Army Size"]})
    acts(state, "Play: Military Improvement")
    assert not offered(state, "Play: ")
    refuse(state, "Play: Increase Army Size")


def test_playing_special_cards_influence_cards_are_not_special() -> None:
    """4. Playing Special Cards: only Special Cards are offered for play in this phase."""
    state = position(players=3, hands={0: ["Unrest", "Spain 1", "Open 1"]})
    assert sorted(offered(state, "Play: ")) == ["Play: Unrest"]


def test_the_special_cards_vote_calls_an_extra_vote_at_once() -> None:
    """The Special Cards, Vote: an immediate vote in one country, on top of the mandatory one."""
    state = position(
        players=3,
        hands={0: ["Vote"]},
        piles={0: {"Spain": (False, ["Spain 3"]), "France": (False, ["France 3"])}},
    )
    acts(state, "Play: Vote")
    assert offered(state, "Vote in: ")
    call_vote(state, "France")
    cast(state, {0: "blue"})
    assert country(state, "France")["faction"] == "blue"
    assert phase(state) == phases.SPECIALS
    acts(state, "Play no more Special Cards")
    assert phase(state) == phases.VOTE_COUNTRY


def test_the_special_cards_up_to_three_votes_in_a_turn() -> None:
    """The Special Cards, Vote: two Vote cards and the mandatory vote make three votes a turn."""
    state = position(
        players=3, hands={0: ["Vote", "Vote"]}, piles={0: {"Spain": (False, ["Spain 3"])}}
    )
    acts(state, "Play: Vote")
    call_vote(state, "Spain")
    cast(state, {0: "red"})
    acts(state, "Play: Vote")
    call_vote(state, "Spain", issue="change sides")
    cast(state, {0: "blue"})
    assert country(state, "Spain")["faction"] == "blue"
    call_vote(state, "Spain", issue="change sides")
    assert phase(state) == phases.VOTE_CAST
    assert state.to_json()["state"]["tally"]["votes"] == 2


def test_the_special_cards_military_improvement() -> None:
    """The Special Cards, Military Improvement: the chosen country's Military Ability rises by 1."""
    state = position(players=3, hands={0: ["Military Improvement"]})
    acts(state, "Play: Military Improvement", "Military Improvement: England")
    assert country(state, "England")["ability"] == 1


def test_the_special_cards_increase_army_size() -> None:
    """The Special Cards, Increase Army Size: the chosen country's Army Size goes up by one."""
    state = position(players=3, hands={0: ["Increase Army Size"]})
    acts(state, "Play: Increase Army Size", "Increase Army Size: Spain")
    assert country(state, "Spain")["army"] == 3


def test_the_special_cards_increase_status() -> None:
    """The Special Cards, Increase Status: the chosen country's Status goes up by one."""
    state = position(players=3, hands={0: ["Increase Status"]})
    acts(state, "Play: Increase Status", "Increase Status: Sweden")
    assert country(state, "Sweden")["status"] == 3


def test_the_special_cards_military_leader_any_country() -> None:
    """The Special Cards, Military Leader: a leader goes on one country of the player's choice."""
    state = position(players=3, hands={0: ["Military Leader"]})
    acts(state, "Play: Military Leader")
    assert len(offered(state, "Military Leader: ")) == 9
    acts(state, "Military Leader: Denmark")
    assert country(state, "Denmark").get("leaders") == 1


def test_the_special_cards_assassin_any_pile_own_included_either_state() -> None:
    """The Special Cards, Assassin: any card of any pile, own or descendant, is discarded."""
    state = position(
        players=3,
        hands={0: ["Assassin"]},
        piles={0: {"Spain": (False, ["Spain 3"])}, 1: {"France": (True, ["France 1", "France 2"])}},
    )
    acts(state, "Play: Assassin")
    assert sorted(offered(state, "Assassinate: ")) == [
        "Assassinate: France 1 of Player 2",
        "Assassinate: France 2 of Player 2",
        "Assassinate: Spain 3 of Player 1",
    ]
    acts(state, "Assassinate: France 2 of Player 2")
    assert display(state, 1)["France"]["cards"] == ["France 1"]
    assert state.view(None)["discard"]["France 2"] == 1


def test_the_special_cards_unrest_top_influence_goes_descendant() -> None:
    """The Special Cards, Unrest: the most influential pile there turns descendant at once."""
    state = position(
        players=3,
        hands={0: ["Unrest"]},
        piles={
            1: {"England": (False, ["England 3", "England 1"])},
            2: {"England": (False, ["England 3"])},
        },
    )
    acts(state, "Play: Unrest", "Unrest: England")
    assert display(state, 1)["England"]["state"] == "descendant"
    assert display(state, 2)["England"]["state"] == "ascendant"
    assert country(state, "England").get("unrest") == 1


def test_the_special_cards_unrest_already_descendant_loses_a_card() -> None:
    """The Special Cards, Unrest: a top pile already descendant loses one card instead."""
    state = position(
        players=3,
        hands={0: ["Unrest"]},
        piles={
            1: {"England": (True, ["England 3", "England 1"])},
            2: {"England": (False, ["England 2"])},
        },
    )
    acts(state, "Play: Unrest", "Unrest: England")
    while state.current_player() == 1 and offered(state, "Discard") + offered(state, "Remove"):
        acts(state, legal_texts(state)[0])
    assert len(display(state, 1)["England"]["cards"]) == 1


def test_the_special_cards_unrest_ties_all_suffer() -> None:
    """The Special Cards, Unrest: players tied for the most influence all suffer the effect."""
    state = position(
        players=3,
        hands={0: ["Unrest"]},
        piles={
            1: {"England": (False, ["England 3"])},
            2: {"England": (False, ["England 2", "England 1"])},
        },
    )
    acts(state, "Play: Unrest", "Unrest: England")
    assert display(state, 1)["England"]["state"] == "descendant"
    assert display(state, 2)["England"]["state"] == "descendant"


def test_the_special_cards_unrest_stops_the_country_declaring_war() -> None:
    """The Special Cards, Unrest: a country in Unrest may not be voted into attacking."""
    state = position(
        players=3,
        hands={0: ["Unrest"]},
        piles={0: {"England": (False, ["England 3"])}},
        board={"England": {"faction": 0}, "France": {"faction": 1}},
    )
    acts(
        state,
        "Play: Unrest",
        "Unrest: England",
        "Play no more Special Cards",
        "Vote in: England",
        "Done laying",
    )
    assert not offered(state, "Issue: war")
    assert "Issue: change sides" in legal_texts(state)
