"""5. The Vote: the mandatory vote, who may call it, the issues and their ties."""

from __future__ import annotations

from stratagem.games.sixteen_thirty_something import phases

from .helpers import MARTIN, TIM, country, display, legal_texts, play, position, refuse

RED, BLUE = 0, 1


def test_neutral_country_votes_red_or_blue_and_a_tie_leaves_it_neutral() -> None:
    """A neutral country's vote is red or blue; a tie leaves it neutral and harms nobody
    [Neutral Countries] [A Tied Vote]."""
    state = position(
        phase=phases.SPECIALS,
        piles={
            TIM: {"Spain": (False, ["Spain 2"])},
            MARTIN: {"Spain": (False, ["Spain 1", "Spain 1"])},
        },
    )
    play(state, "Play no more Special Cards", "Vote in: Spain", "Done laying")
    assert state.current_player() == MARTIN  # a neutral country's issue is set
    play(state, *["Done laying"] * 4)
    assert legal_texts(state) == ["Vote red", "Vote blue"]
    play(state, "Vote red", "Vote blue")
    assert country(state, "Spain")["faction"] == "neutral"
    assert display(state, TIM)["Spain"]["state"] == "ascendant"
    assert display(state, MARTIN)["Spain"]["state"] == "ascendant"


def test_changing_sides_tie_keeps_the_faction() -> None:
    """A tie keeps the country in its faction; a majority moves it and the loser's pile turns
    descendant [Changing Sides] [A Tied Vote]."""
    state = position(
        phase=phases.SPECIALS,
        piles={TIM: {"Spain": (False, ["Spain 2"])}, MARTIN: {"Spain": (False, ["Spain 2"])}},
        board={"Spain": {"faction": RED}},
    )
    play(
        state, "Play no more Special Cards", "Vote in: Spain", "Done laying", "Issue: change sides"
    )
    play(state, *["Done laying"] * 4, "Vote blue", "Vote red")
    assert country(state, "Spain")["faction"] == "red"
    state = position(
        phase=phases.SPECIALS,
        piles={TIM: {"Spain": (False, ["Spain 3"])}, MARTIN: {"Spain": (False, ["Spain 2"])}},
        board={"Spain": {"faction": RED}},
    )
    play(
        state, "Play no more Special Cards", "Vote in: Spain", "Done laying", "Issue: change sides"
    )
    play(state, *["Done laying"] * 4, "Vote blue", "Vote red")
    assert country(state, "Spain")["faction"] == "blue"
    assert display(state, MARTIN)["Spain"]["state"] == "descendant"


def test_the_caller_must_place_a_card_where_it_has_no_pile() -> None:
    """The phasing player's vote must be in a country where it holds a pile or lays cards now:
    without a pile, it must place one before calling [Placing Influence Cards]."""
    state = position(phase=phases.SPECIALS, hands={TIM: ["Poland 1", "Open 1"]})
    play(state, "Play no more Special Cards")
    assert legal_texts(state) == ["Vote in: Poland"]
    play(state, "Vote in: Poland")
    assert legal_texts(state) == ["Lay: Poland 1"]
    assert "place a card" in refuse(state, "Done laying")
    assert "Open card" in refuse(state, "Lay: Open 1 on Poland")


def test_a_descendant_pile_votes_but_cannot_grow() -> None:
    """A descendant pile still gives its votes but no card can be added to it [More about
    Influence Cards]."""
    state = position(
        phase=phases.SPECIALS,
        hands={TIM: ["Spain 3"]},
        piles={TIM: {"Spain": (True, ["Spain 1"])}},
    )
    play(state, "Play no more Special Cards", "Vote in: Spain")
    assert legal_texts(state) == ["Done laying"]
    assert "descendant" in refuse(state, "Lay: Spain 3")


def test_no_vote_can_be_called_without_influence() -> None:
    """With no pile and no Influence Card, the mandatory vote is skipped [5. The Vote] [Rulings
    R13]."""
    state = position(phase=phases.SPECIALS, hands={TIM: ["Vote", "Open 1"]})
    assert legal_texts(state) == ["Play no more Special Cards"]  # the Vote card cannot act
    play(state, "Play no more Special Cards")
    assert state.view(None)["phase"] == "2. Draw New Cards"
    texts = [e["text"] for e in state.visible_events(None)]
    assert any("no vote can be called" in text for text in texts)


def test_bluffing_the_issue_is_plain_to_all_and_only_the_final_vote_counts() -> None:
    """The caller's issue is told to every seat alike; whatever anyone says, the counters
    laid decide: here the caller votes against the colour it might have urged [Bluffing]
    [Neutral Countries] [Casting Votes]."""
    state = position(
        phase=phases.SPECIALS,
        piles={
            TIM: {"Spain": (False, ["Spain 2"])},
            MARTIN: {"Spain": (False, ["Spain 1"])},
        },
    )
    play(state, "Play no more Special Cards", "Vote in: Spain", "Done laying")
    calls = {
        seat: [e["text"] for e in state.visible_events(seat) if e["rule"] == "Neutral Countries"]
        for seat in range(5)
    }
    assert calls[TIM] == ["Player 1 calls a vote in Spain: does Spain join red or blue?"]
    assert all(seen == calls[TIM] for seen in calls.values())
    play(state, *["Done laying"] * 4, "Vote blue", "Vote blue")
    assert country(state, "Spain")["faction"] == "blue"
