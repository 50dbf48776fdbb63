"""4. Playing Special Cards and The Special Cards: all seven, at most two a turn, one at a
time (a Vote card's vote resolved before the next)."""

from __future__ import annotations

from stratagem.games.sixteen_thirty_something import phases

from .helpers import MARTIN, SIMON, TIM, country, display, legal_texts, play, position, refuse

RED, BLUE = 0, 1


def specials(hand: list[str], **kwargs: object) -> object:
    return position(phase=phases.SPECIALS, active=TIM, hands={TIM: hand}, **kwargs)  # type: ignore[arg-type]


def test_military_improvement_army_and_status_cards() -> None:
    """Military Improvement +1 ability, Increase Army Size +1 army, Increase Status +1 [The
    Special Cards] [Military Improvement] [Increase Army Size] [Increase Status]."""
    state = specials(["Military Improvement", "Increase Army Size"])
    play(state, "Play: Military Improvement", "Military Improvement: England")
    assert country(state, "England")["ability"] == 1
    play(state, "Play: Increase Army Size", "Increase Army Size: Poland")
    assert country(state, "Poland")["army"] == 2
    state = specials(["Increase Status"], board={"Spain": {"status": 7}})
    play(state, "Play: Increase Status")
    assert "Increase Status: Spain" not in legal_texts(state)  # Status is at most 7 (R13)
    play(state, "Increase Status: Denmark")
    assert country(state, "Denmark")["status"] == 2


def test_at_most_two_special_cards_then_the_vote() -> None:
    """A maximum of two Special Cards: after the second, the mandatory vote begins [4. Playing
    Special Cards]."""
    state = specials(["Military Leader", "Military Leader", "Military Leader", "England 1"])
    play(state, "Play: Military Leader", "Military Leader: France")
    play(state, "Play: Military Leader", "Military Leader: France")
    assert country(state, "France")["leaders"] == 2  # leaders stack (R8)
    assert legal_texts(state) == ["Vote in: England"]
    refuse(state, "Play: Military Leader")


def test_vote_card_vote_is_resolved_before_the_next_card() -> None:
    """An extra vote, resolved at once; then a second Special Card may be played [Vote] [4.
    Playing Special Cards]."""
    state = specials(["Vote", "Unrest", "England 1"], piles={TIM: {"Spain": (False, ["Spain 2"])}})
    play(state, "Play: Vote", "Vote in: Spain", "Done laying")
    play(state, "Done laying", "Done laying", "Done laying", "Done laying", "Vote red")
    assert country(state, "Spain")["faction"] == "red"
    assert state.view(None)["phase"] == "4. Playing Special Cards"
    assert "Play: Unrest" in legal_texts(state)


def test_assassin_removes_any_card_even_own_or_descendant() -> None:
    """Any card of any pile, ascendant or descendant, even one's own [Assasin]."""
    state = specials(
        ["Assassin"],
        piles={
            TIM: {"Spain": (False, ["Spain 2"])},
            MARTIN: {"France": (True, ["France 1", "France 3"])},
        },
    )
    play(state, "Play: Assassin")
    assert legal_texts(state) == [
        "Assassinate: Spain 2 of Player 1",
        "Assassinate: France 1 of Player 2",
        "Assassinate: France 3 of Player 2",
    ]
    play(state, "Assassinate: France 3 of Player 2")
    assert display(state, MARTIN)["France"]["cards"] == ["France 1"]
    assert state.view(None)["discard"] == {"France 3": 1, "Assassin": 1}


def test_assassin_leaves_no_open_card_alone() -> None:
    """A pile left with only Open cards loses them too [Assasin] [Rulings R12]."""
    state = specials(["Assassin"], piles={SIMON: {"England": (False, ["England 2", "Open 1"])}})
    play(state, "Play: Assassin", "Assassinate: England 2 of Player 3")
    assert "England" not in display(state, SIMON)
    assert state.view(None)["discard"]["Open 1"] == 1


def test_unrest_turns_the_top_piles_descendant_and_ties_all_suffer() -> None:
    """Every player with the equal highest influence has the pile turned to the descendant, or
    loses a card if it already was; the country cannot declare war [Unrest]."""
    state = specials(
        ["Unrest"],
        piles={
            TIM: {"France": (False, ["France 1"])},
            MARTIN: {"France": (False, ["France 3"])},
            SIMON: {"France": (True, ["France 2", "France 1"])},
        },
        board={"France": {"faction": RED}, "Spain": {"faction": BLUE}},
    )
    play(state, "Play: Unrest", "Unrest: France")
    assert display(state, MARTIN)["France"]["state"] == "descendant"
    assert display(state, TIM)["France"]["state"] == "ascendant"
    assert state.current_player() == SIMON  # already descendant: a card must go
    assert legal_texts(state) == ["Remove: France 1", "Remove: France 2"]
    assert "must come from the France pile" in refuse(state, "Remove: Spain 2")
    assert "must first remove a card" in refuse(state, "Play no more Special Cards")
    play(state, "Remove: France 1")
    assert display(state, SIMON)["France"]["votes"] == 2
    assert country(state, "France")["unrest"] == 1
    assert state.current_player() == TIM


def test_unrest_and_leaders_leave_the_map_when_the_turn_ends() -> None:
    """All Unrest and Military Leader counters leave the map [7. End of Turn] [The Counters]."""
    state = position(
        phase=phases.HAND_LIMIT,
        active=4,
        hands={4: ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin"] * 4},
        board={"France": {"unrest": 1, "leaders": 2}},
        first=0,
        order=4,
    )
    play(state, "Discard: Vote")
    assert "unrest" not in country(state, "France")
    assert "leaders" not in country(state, "France")
    assert state.view(None)["first_player"] == "Player 2"
