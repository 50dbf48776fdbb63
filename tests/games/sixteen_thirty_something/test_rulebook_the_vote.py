"""Rulebook-first audit of Sixteen Thirty Something: 5. The Vote (Placing Influence Cards,
Voting Issues, Neutral Countries, Voting for War, Changing Sides, Re-arming, Casting Votes,
Adding up the Votes, Effect of Losing a Vote, A Tied Vote and both worked examples), written
from the rulebook's text and driven through the public API."""

from __future__ import annotations

from stratagem import CHANCE

from .audit_helpers import BLUE, RED, acts, call_vote, cast, offered, others_lay, phase, vote_in
from .helpers import COUNTRIES, country, display, legal_texts, phases, position, refuse

TIM, MARTIN, SIMON = 0, 1, 2


# Placing Influence Cards


def test_placing_influence_cards_the_vote_is_mandatory() -> None:
    """5. The Vote, Placing Influence Cards: the player must call a vote; passing is not offered."""
    state = vote_in({0: {"Spain": (False, ["Spain 3"])}})
    assert legal_texts(state) == ["Vote in: Spain"]
    assert all(text.startswith("Vote in: ") for text in legal_texts(state))


def test_placing_influence_cards_only_where_he_has_or_lays_influence() -> None:
    """5. The Vote, Placing Influence Cards: only where he has a pile or cards to lay."""
    state = vote_in({0: {"Spain": (False, ["Spain 3"])}}, hands={0: ["France 1", "Open 1", "Vote"]})
    assert sorted(legal_texts(state)) == ["Vote in: France", "Vote in: Spain"]
    assert "no influence" in refuse(state, "Vote in: Sweden")


def test_placing_influence_cards_only_of_the_voting_country() -> None:
    """5. The Vote, Placing Influence Cards: only cards of the vote's country may be laid for it."""
    state = vote_in(
        {0: {"Spain": (False, ["Spain 3"])}}, hands={0: ["Spain 1", "France 1", "Open 1"]}
    )
    acts(state, "Vote in: Spain")
    assert sorted(offered(state, "Lay: ")) == ["Lay: Open 1 on Spain", "Lay: Spain 1"]


def test_placing_influence_cards_caller_lays_before_the_call_only() -> None:
    """5. The Vote, Placing Influence Cards: the caller lays before calling, not after the call."""
    state = vote_in(
        {0: {"Spain": (False, ["Spain 3"])}}, hands={0: ["Spain 1", "Spain 2"], 1: ["Spain 1"]}
    )
    acts(state, "Vote in: Spain", "Lay: Spain 1", "Done laying")
    assert state.current_player() != TIM
    others_lay(state)
    assert phase(state) == phases.VOTE_CAST
    assert state.view(TIM)["you"]["hand"] == {"Spain 2": 1}


def test_placing_influence_cards_others_may_lay_after_the_call() -> None:
    """5. The Vote, Placing Influence Cards: after the call, others may add that country's cards."""
    state = vote_in({0: {"Spain": (False, ["Spain 3"])}}, hands={1: ["Spain 1"], 2: ["Spain 2"]})
    acts(state, "Vote in: Spain", "Done laying")
    assert state.current_player() == MARTIN
    assert sorted(legal_texts(state)) == ["Done laying", "Lay: Spain 1"]
    others_lay(state, {SIMON: ["Spain 2"]})
    assert "Spain" not in state.view(None)["displays"]["Player 2"]
    assert display(state, SIMON)["Spain"]["votes"] == 2


def test_placing_influence_cards_everyone_with_influence_votes() -> None:
    """5. The Vote, Placing Influence Cards: every displayed pile there votes; nobody abstains."""
    state = vote_in(
        {
            0: {"Spain": (False, ["Spain 3"])},
            1: {"Spain": (True, ["Spain 1"])},
            2: {"France": (False, ["France 1"])},
        }
    )
    call_vote(state, "Spain")
    voters = []
    while phase(state) == phases.VOTE_CAST:
        voters.append(state.current_player())
        assert sorted(legal_texts(state)) == ["Vote blue", "Vote red"]
        acts(state, "Vote red")
    assert sorted(voters) == [TIM, MARTIN]


def test_placing_influence_cards_no_adding_to_a_descendant_pile() -> None:
    """More about Influence Cards: no card may be added to a pile in the descendant."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}, 1: {"England": (True, ["England 3"])}},
        hands={1: ["England 1"]},
    )
    acts(state, "Vote in: England", "Done laying")
    assert state.current_player() == MARTIN
    assert legal_texts(state) == ["Done laying"]


# Neutral Countries, Changing Sides, Re-arming


def test_neutral_countries_the_vote_is_red_or_blue() -> None:
    """5. The Vote, Neutral Countries: in a neutral country the only issue is red or blue."""
    state = vote_in({0: {"Spain": (False, ["Spain 3"])}})
    events = call_vote(state, "Spain")
    assert "does Spain join red or blue?" in events[-1]
    assert sorted(legal_texts(state)) == ["Vote blue", "Vote red"]
    cast(state, {TIM: "blue"})
    assert country(state, "Spain")["faction"] == "blue"


def test_neutral_countries_a_tie_leaves_it_neutral() -> None:
    """5. The Vote, Neutral Countries: a tied vote leaves the country neutral."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3"])},
            1: {"England": (False, ["England 1", "England 2"])},
        }
    )
    call_vote(state, "England")
    cast(state, {TIM: "blue", MARTIN: "red"})
    assert country(state, "England")["faction"] == "neutral"


def test_voting_issues_an_aligned_country_offers_its_issues() -> None:
    """5. The Vote, Voting Issues: in a faction country the caller picks war or a side change."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}},
        board={"England": {"faction": RED}, "France": {"faction": BLUE}},
    )
    acts(state, "Vote in: England", "Done laying")
    assert sorted(legal_texts(state)) == ["Issue: change sides", "Issue: war on France"]


def test_changing_sides_a_won_vote_flips_the_faction() -> None:
    """5. The Vote, Changing Sides: the vote can move a country to the other faction."""
    state = vote_in({0: {"England": (False, ["England 3"])}}, board={"England": {"faction": RED}})
    call_vote(state, "England", issue="change sides")
    cast(state, {TIM: "blue"})
    assert country(state, "England")["faction"] == "blue"


def test_changing_sides_a_tie_keeps_the_old_faction() -> None:
    """5. The Vote, Changing Sides: a tie leaves the country in its original faction."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3"])},
            1: {"England": (False, ["England 1", "England 2"])},
        },
        board={"England": {"faction": RED}},
    )
    call_vote(state, "England", issue="change sides")
    cast(state, {TIM: "blue", MARTIN: "red"})
    assert country(state, "England")["faction"] == "red"


def test_re_arming_only_from_army_size_zero() -> None:
    """5. The Vote, Re-arming: re-arming is an issue only for a country whose Army Size is 0."""
    armed = vote_in({0: {"England": (False, ["England 3"])}}, board={"England": {"faction": RED}})
    acts(armed, "Vote in: England", "Done laying")
    assert "Issue: re-arm" not in legal_texts(armed)
    unarmed = vote_in(
        {0: {"England": (False, ["England 3"])}}, board={"England": {"faction": RED, "army": 0}}
    )
    acts(unarmed, "Vote in: England", "Done laying")
    assert "Issue: re-arm" in legal_texts(unarmed)


def test_re_arming_a_war_vote_raises_army_size_to_one() -> None:
    """5. The Vote, Re-arming: a war (red) majority raises the Army Size from 0 to 1."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}}, board={"England": {"faction": RED, "army": 0}}
    )
    call_vote(state, "England", issue="re-arm")
    assert sorted(legal_texts(state)) == ["Vote peace", "Vote war"]
    cast(state, {TIM: "war"})
    assert country(state, "England")["army"] == 1


def test_re_arming_a_tie_is_peace() -> None:
    """5. The Vote, Re-arming: a tied re-arm vote counts as peace: no new army."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3"])},
            1: {"England": (False, ["England 1", "England 2"])},
        },
        board={"England": {"faction": RED, "army": 0}},
    )
    call_vote(state, "England", issue="re-arm")
    cast(state, {TIM: "war", MARTIN: "peace"})
    assert country(state, "England")["army"] == 0


def test_re_arming_an_unarmed_country_cannot_go_to_war() -> None:
    """5. The Vote, Re-arming: a country with Army Size 0 cannot be voted to war."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}},
        board={"England": {"faction": RED, "army": 0}, "France": {"faction": BLUE}},
    )
    acts(state, "Vote in: England", "Done laying")
    assert not offered(state, "Issue: war")


def test_re_arming_no_limit_on_votes_in_a_country() -> None:
    """5. The Vote, Re-arming: a country may face any number of votes in one turn."""
    state = position(
        players=3,
        hands={0: ["Vote", "Vote"]},
        piles={0: {"England": (False, ["England 3"])}},
        board={"England": {"faction": RED}},
    )
    for side in ("blue", "red"):
        acts(state, "Play: Vote")
        call_vote(state, "England", issue="change sides")
        cast(state, {TIM: side})
        assert country(state, "England")["faction"] == side
    acts(state, "Vote in: England")
    assert phase(state) in (phases.VOTE_LAY, phases.VOTE_ISSUE)


# Voting for War


def _war_issues(board: dict[str, dict[str, int]], caller: str = "England") -> list[str]:
    state = vote_in({0: {caller: (False, [f"{caller} 3"])}}, board=board)
    acts(state, f"Vote in: {caller}", "Done laying")
    return sorted(text.removeprefix("Issue: war on ") for text in offered(state, "Issue: war on "))


def test_voting_for_war_only_against_the_opposing_faction() -> None:
    """5. The Vote, A Note about Factions: red attacks only blue, blue only red; never neutrals."""
    targets = _war_issues(
        {"England": {"faction": RED}, "France": {"faction": BLUE}, "Spain": {"faction": RED}}
    )
    assert targets == ["France"]


def test_voting_for_war_any_country_of_status_two_or_more() -> None:
    """5. The Vote, Voting for War: a defender at Status 2 or more may be attacked from anywhere."""
    targets = _war_issues(
        {
            "England": {"faction": RED},
            "Poland": {"faction": BLUE, "status": 2},
            "Hapsburg Empire": {"faction": BLUE, "status": 5},
        }
    )
    assert targets == ["Hapsburg Empire", "Poland"]


def test_voting_for_war_status_one_or_less_only_by_a_neighbour() -> None:
    """5. The Vote, Voting for War: a defender at Status 1 or 0 only by a neighbour."""
    board = {
        "England": {"faction": RED},
        "Denmark": {"faction": BLUE, "status": 1},
        "Sweden": {"faction": BLUE, "status": 1},
        "Poland": {"faction": BLUE, "status": 0},
    }
    assert _war_issues(board) == ["Denmark"]


def test_voting_for_war_adjacent_countries_table_for_france() -> None:
    """Adjacent Countries Table: France borders England, Spain, United Provinces, German States."""
    board = {"France": {"faction": RED}}
    for name in (other for other in COUNTRIES if other != "France"):
        board[name] = {"faction": BLUE, "status": 1}
    assert _war_issues(board, "France") == ["England", "German States", "Spain", "United Provinces"]


def test_voting_for_war_a_tie_is_peace() -> None:
    """5. The Vote, Voting for War: war needs a majority; a tie means peace."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3"])},
            1: {"England": (False, ["England 1", "England 2"])},
        },
        board={"England": {"faction": RED}, "France": {"faction": BLUE}},
    )
    call_vote(state, "England", issue="war on France")
    events = cast(state, {TIM: "war", MARTIN: "peace"})
    assert "war 3, peace 3: a tie." in " ".join(events)
    assert phase(state) != phases.WAR_DICE
    assert state.view(None)["last_war"] is None


def test_voting_for_war_the_caller_names_the_target() -> None:
    """5. The Vote, Voting for War: calling for war means declaring which country is attacked."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}},
        board={
            "England": {"faction": RED},
            "France": {"faction": BLUE},
            "Spain": {"faction": BLUE},
        },
    )
    events = call_vote(state, "England", issue="war on Spain")
    assert "does England go to war with Spain?" in events[-1]


# Casting Votes, Adding up the Votes


def test_casting_votes_secret_until_all_are_down() -> None:
    """5. The Vote, Casting Votes: each Voting Counter stays hidden from others until the reveal."""
    state = vote_in(
        {0: {"England": (False, ["England 3"])}, 1: {"England": (False, ["England 2"])}}
    )
    call_vote(state, "England")
    acts(state, "Vote blue")
    seen_by_martin = [event["text"] for event in state.visible_events(MARTIN)]
    assert seen_by_martin[-1] == "Player 1 lays down a Voting Counter."
    assert not any("votes blue" in text for text in seen_by_martin)
    assert state.view(MARTIN).get("last_vote") is None


def test_adding_up_the_votes_a_pile_votes_whole() -> None:
    """5. The Vote, Adding up the Votes: a whole pile votes one colour; the bigger total wins."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3", "England 1"])},
            1: {"England": (False, ["England 2"])},
            2: {"England": (False, ["England 1", "Open 1"])},
        }
    )
    call_vote(state, "England")
    cast(state, {TIM: "red", MARTIN: "blue", SIMON: "blue"})
    assert state.view(None)["last_vote"]["totals"] == {"red": 4, "blue": 4}
    assert country(state, "England")["faction"] == "neutral"


def test_adding_up_the_votes_example_tim_martin_simon() -> None:
    """5. The Vote, Adding up the Votes, Example: Tim 7 + Martin 5 for war beat Simon 6."""
    state = vote_in(
        {
            TIM: {"England": (False, ["England 3", "England 3", "England 1"])},
            MARTIN: {"England": (False, ["England 2", "England 1", "Open 1", "Open 1"])},
            SIMON: {
                "England": (False, ["England 1", "England 2", "Open 1", "England 2"]),
                "France": (False, ["France 2"]),
                "Sweden": (False, ["Sweden 2", "Sweden 3"]),
            },
        },
        board={"England": {"faction": RED}, "France": {"faction": BLUE}},
    )
    call_vote(state, "England", issue="war on France")
    events = cast(state, {TIM: "war", MARTIN: "war", SIMON: "peace"})
    assert "war 12, peace 6: war wins." in events[-2]
    assert state.current_player() == CHANCE
    assert display(state, SIMON)["England"]["state"] == "descendant"
    assert display(state, SIMON)["England"]["votes"] == 6


# Effect of Losing a Vote, A Tied Vote


def test_effect_of_losing_a_vote_every_loser_goes_descendant() -> None:
    """5. The Vote, Effect of Losing a Vote: all losers' piles of that country turn descendant."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3", "England 3"])},
            1: {"England": (False, ["England 2"])},
            2: {"England": (False, ["England 1"])},
        }
    )
    call_vote(state, "England")
    cast(state, {TIM: "red", MARTIN: "blue", SIMON: "blue"})
    assert display(state, MARTIN)["England"]["state"] == "descendant"
    assert display(state, SIMON)["England"]["state"] == "descendant"
    assert display(state, TIM)["England"]["state"] == "ascendant"


def test_effect_of_losing_a_vote_already_descendant_loses_a_card_of_choice() -> None:
    """5. The Vote, Effect of Losing a Vote: a loser already descendant discards a card he picks."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3", "England 2"])},
            1: {"England": (True, ["England 1", "England 2"])},
        },
        board={"England": {"faction": RED}},
    )
    call_vote(state, "England", issue="change sides")
    cast(state, {TIM: "blue", MARTIN: "red"})
    assert state.current_player() == MARTIN
    assert sorted(legal_texts(state)) == ["Remove: England 1", "Remove: England 2"]
    acts(state, "Remove: England 1")
    assert display(state, MARTIN)["England"]["cards"] == ["England 2"]
    assert state.view(None)["discard"]["England 1"] == 1


def test_effect_of_losing_a_vote_votes_unchanged_by_turning() -> None:
    """5. The Vote, Effect of Losing a Vote: a descendant card still counts its full votes."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3", "England 3"])},
            1: {"England": (False, ["England 2", "Open 1"])},
        }
    )
    call_vote(state, "England")
    cast(state, {TIM: "red", MARTIN: "blue"})
    assert display(state, MARTIN)["England"]["votes"] == 3


def test_a_tied_vote_nobody_suffers() -> None:
    """5. The Vote, A Tied Vote: after a tie nobody turns descendant or loses a card."""
    state = vote_in(
        {
            0: {"England": (False, ["England 3"])},
            1: {"England": (True, ["England 1", "England 2"])},
        },
        board={"England": {"faction": RED}},
    )
    call_vote(state, "England", issue="change sides")
    cast(state, {TIM: "blue", MARTIN: "red"})
    assert display(state, TIM)["England"]["state"] == "ascendant"
    assert display(state, MARTIN)["England"]["cards"] == ["England 1", "England 2"]


def test_effect_of_losing_a_vote_winners_keep_their_state() -> None:
    """5. The Vote, Effect of Losing a Vote: winning does not turn a descendant pile back."""
    state = vote_in(
        {0: {"England": (True, ["England 3", "England 3"])}, 1: {"England": (False, ["England 2"])}}
    )
    call_vote(state, "England")
    cast(state, {TIM: "red", MARTIN: "blue"})
    assert display(state, TIM)["England"]["state"] == "descendant"


def test_a_tied_vote_example_simons_display() -> None:
    """5. The Vote, Example Display: Simon's lost English pile turns descendant, still 6 votes."""
    state = vote_in(
        {
            TIM: {"England": (False, ["England 3", "England 3", "England 1"])},
            SIMON: {
                "England": (False, ["England 1", "England 2", "Open 1", "England 2"]),
                "France": (False, ["France 2"]),
                "Sweden": (False, ["Sweden 2", "Sweden 3"]),
            },
        },
        board={"England": {"faction": RED}, "France": {"faction": BLUE}},
    )
    call_vote(state, "England", issue="change sides")
    cast(state, {TIM: "red", SIMON: "blue"})
    simon = display(state, SIMON)
    assert simon["England"] == {
        "votes": 6,
        "state": "descendant",
        "cards": ["England 1", "England 2", "England 2", "Open 1"],
    } or (simon["England"]["votes"] == 6 and simon["England"]["state"] == "descendant")
    assert simon["Sweden"]["state"] == simon["France"]["state"] == "ascendant"


def test_more_about_influence_cards_new_pile_once_the_descendant_one_is_gone() -> None:
    """More about Influence Cards: once a descendant pile is gone, new cards start a fresh one."""
    state = position(
        players=3,
        hands={0: ["Assassin", "England 1"]},
        piles={0: {"England": (True, ["England 3"])}},
    )
    acts(
        state, "Play: Assassin", "Assassinate: England 3 of Player 1", "Play no more Special Cards"
    )
    acts(state, "Vote in: England", "Lay: England 1")
    assert display(state, TIM)["England"] == {
        "votes": 1,
        "state": "ascendant",
        "cards": ["England 1"],
    }


def test_more_about_influence_cards_one_pile_per_country() -> None:
    """More about Influence Cards: a second card of a country joins that country's single pile."""
    state = vote_in({0: {"England": (False, ["England 3"])}}, hands={0: ["England 1"]})
    acts(state, "Vote in: England", "Lay: England 1")
    assert list(display(state, TIM)) == ["England"]
    assert display(state, TIM)["England"]["votes"] == 4
