"""Rulebook-first audit: 2. Player Rounds and Court Cards (public API only)."""

from __future__ import annotations

import pytest

from .helpers import ACCIDENT_HAND, Table, asked, drive, widow_henry
from .rulebook_play import (
    answer,
    endeavour,
    last,
    legal,
    modifiers,
    resolution,
    setdoc,
    started,
)

MORE_HANDS = {
    0: ["Arrest Warrant | Duplicity"],
    1: ["Investigation | Evidence of Heresy"],
    3: ["Marriage | Henry's Ear"],
}


def arrest_more(die: int) -> Table:
    """The Arrest example: Faction 1's Arrest Warrant on Thomas More, helped by Evidence of
    Heresy (Faction 2) and Henry's Ear at +1 (Faction 4), with Henry at Religion 2."""
    table = started(hands=MORE_HANDS)
    setdoc(table, religion=2)
    endeavour(
        table,
        0,
        "Arrest Warrant | Duplicity",
        "Target: Thomas More",
        "Support: Investigation | Evidence of Heresy",
        "Support: Marriage | Henry's Ear",
        "Modifier: +1",
        die=die,
    )
    return table


def test_determine_player_order_queens_faction_first_then_clockwise() -> None:
    """Determine Player Order: the Queen's Faction starts, the others follow clockwise."""
    table = started()
    queen = table.seat_of("Catherine of Aragon")
    expected = ", ".join(f"Faction {(queen + k) % 5 + 1}" for k in range(5))
    assert last(table, "Determine Player Order").text == f"Player order: {expected}."


def test_determine_player_order_without_a_queen_least_influence_starts() -> None:
    """Determine Player Order: with no Queen, the Faction with least Influence plays first."""
    table = Table(5, hands={0: ACCIDENT_HAND})
    widow_henry(table)
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    factions = table.state.view(None)["factions"]
    first = last(table, "Determine Player Order").text.removeprefix("Player order: ").split(", ")[0]
    assert factions[first]["influence"] == min(f["influence"] for f in factions.values())


def test_the_player_turn_must_play_an_endeavour_or_discard() -> None:
    """The Player Turn: Playing an Endeavour: a Faction cannot pass its Player Turn; it plays or
    discards."""
    table = started()
    options = legal(table)
    assert "Pass" not in options
    assert all(o.split(":")[0] in ("Endeavour", "Discard", "Office power") for o in options)


def test_the_player_turn_a_discard_ends_the_player_turn() -> None:
    """The Player Turn: Playing an Endeavour: discarding a Court card is the Faction's whole Player
    Turn."""
    table = started()
    seat = table.state.current_player()
    before = table.state.view(None)["factions"][f"Faction {seat + 1}"]["court_cards"]
    table.state.apply_action(next(o for o in legal(table) if o.startswith("Discard")))
    table.settle()
    assert table.state.current_player() != seat
    assert table.state.view(None)["factions"][f"Faction {seat + 1}"]["court_cards"] == before - 1


def test_a_court_card_used_as_endeavour_is_not_also_a_support() -> None:
    """A Court Card: a card played as an Endeavour cannot also give its Support half."""
    table = started(hands={0: ["Arrest Warrant | Royal Command"]})
    table.to_player_turn(0)
    table.state.apply_action("Endeavour: Arrest Warrant | Royal Command")
    table.state.apply_action("Target: Thomas More")
    assert "Support: Arrest Warrant | Royal Command" not in legal(table)


def test_support_window_goes_round_until_everyone_passes() -> None:
    """The Player Turn: Playing an Endeavour: after a Support, the others are asked again before
    resolving."""
    table = started(hands=MORE_HANDS)
    setdoc(table, religion=2)
    table.to_player_turn(0)
    table.state.apply_action("Endeavour: Arrest Warrant | Duplicity")
    table.state.apply_action("Target: Thomas More")
    asked_seats: list[int] = []
    state = table.state
    while "Support" in asked(state) or "modifier" in asked(state):
        asked_seats.append(state.current_player())
        options = legal(table)
        if "Support: Marriage | Henry's Ear" in options:
            state.apply_action("Support: Marriage | Henry's Ear")
        elif "Modifier: +1" in options:
            state.apply_action("Modifier: +1")
        else:
            state.apply_action("Pass")
    # Faction 4 played, so Factions 5, 1, 2 and 3 are asked again after it
    after = asked_seats[asked_seats.index(3) :]
    assert {4, 0, 1, 2} <= set(after)


def test_support_is_offered_to_every_faction() -> None:
    """Court Cards: every other Faction may play a Support card to aid or hinder the Endeavour."""
    table = started(hands=MORE_HANDS)
    table.to_player_turn(0)
    table.state.apply_action("Endeavour: Arrest Warrant | Duplicity")
    table.state.apply_action("Target: Thomas More")
    seats = set()
    while "play a Support" in asked(table.state):
        seats.add(table.state.current_player())
        table.state.apply_action("Pass")
    assert seats == {0, 1, 2, 3, 4}


def test_support_only_with_the_endeavours_listed_evidence_of_heresy_not_with_accident() -> None:
    """Resolving the Endeavour: Evidence of Heresy goes only with an Arrest Warrant or a Trial."""
    table = started(
        hands={0: ["Accident | Act of Attainder"], 1: ["Investigation | Evidence of Heresy"]}
    )
    endeavour(table, 0, "Accident | Act of Attainder", "Target: Thomas More", until_support=1)
    assert "Support: Investigation | Evidence of Heresy" not in legal(table)


def test_evidence_of_heresy_not_on_a_character_of_henrys_religion() -> None:
    """List of Support Cards: Evidence of Heresy is unplayable on a character of exactly Henry's
    religion."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Investigation | Evidence of Heresy"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", "Target: Thomas Howard", until_support=1)
    assert (
        table.character("Thomas Howard")["religion"] == table.state.view(None)["henry"]["religion"]
    )
    assert "Support: Investigation | Evidence of Heresy" not in legal(table)


def test_evidence_of_heresy_on_a_character_of_another_religion() -> None:
    """List of Support Cards: Evidence of Heresy is playable on a character whose religion differs
    from Henry's."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Investigation | Evidence of Heresy"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", "Target: Thomas More", until_support=1)
    assert "Support: Investigation | Evidence of Heresy" in legal(table)


@pytest.mark.parametrize(
    ("target", "offered"), [("Catherine of Aragon", True), ("Thomas More", False)]
)
def test_evidence_of_adultery_only_on_the_queen(target: str, offered: bool) -> None:
    """List of Support Cards: Evidence of Adultery may be played only on the Queen."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Investigation | Evidence of Adultery"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", f"Target: {target}", until_support=1)
    assert ("Support: Investigation | Evidence of Adultery" in legal(table)) is offered


def test_endeavour_examples_arrest_of_thomas_more_modifiers() -> None:
    """Endeavour Examples: Arrest: More's Ability -4, Evidence +1 and Henry's Ear +1 leave -2 Action
    Points."""
    table = arrest_more(5)
    mods = modifiers(table)
    assert mods["Thomas More's Ability"] == -4
    assert sum(mods.values()) == -2
    assert resolution(table)["difficulty"] == 3


@pytest.mark.parametrize(("die", "arrested"), [(4, False), (5, True), (6, True)])
def test_endeavour_examples_arrest_needs_a_5_or_6(die: int, arrested: bool) -> None:
    """Endeavour Examples: Arrest: on -2 Action Points against Difficulty 3 only a 5 or 6 arrests
    More."""
    table = arrest_more(die)
    table.settle()
    assert ("Thomas More" in table.state.view(None)["tower"]["arrested"]) is arrested
    assert resolution(table)["success"] is arrested


def test_arrest_warrant_without_investigation_or_evidence_fails() -> None:
    """List of Endeavours: an Arrest Warrant needs an Investigation already on the target or
    Evidence played."""
    table = started(hands={0: ["Arrest Warrant | Duplicity"]})
    endeavour(table, 0, "Arrest Warrant | Duplicity", "Target: Thomas More")
    table.settle()
    assert "Thomas More" not in table.state.view(None)["tower"]["arrested"]


def test_arrest_warrant_loses_office_and_influence() -> None:
    """List of Endeavours: an arrested character loses his Offices and counts for no Influence."""
    table = arrest_more(6)
    table.settle()
    assert table.state.view(None)["offices"]["Speaker of the House"] == "vacant"
    assert table.character("Thomas More")["influence"] == 0


def test_resolving_the_endeavour_queens_faction_adds_contentment() -> None:
    """Resolving the Endeavour: the Queen's Faction adds Henry's Contentment to its Action
    Points."""
    table = started(hands={2: ["Diplomatic Mission | Bad Health"]})
    setdoc(table, contentment=-1)
    endeavour(table, 2, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    assert modifiers(table)["the Queen: Henry's Contentment"] == -1


def test_resolving_the_endeavour_other_factions_do_not_add_contentment() -> None:
    """During the marriage: only the Faction controlling the Queen adds the Contentment."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    setdoc(table, contentment=-1)
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    assert not any("Contentment" in label for label in modifiers(table))


def test_my_lords_man_adds_ability_less_two_to_his_factions_endeavours() -> None:
    """My Lord's Man Card: the Faction with a My Lord's Man adds his Ability minus 2 to each
    Endeavour."""
    cards = ["My Lord's Man | Captaincy", "Diplomatic Mission | Bad Health"]
    table = started(hands={2: cards})
    endeavour(table, 2, "My Lord's Man | Captaincy", "Target: Thomas Cromwell", die=6)
    assert resolution(table)["success"]
    endeavour(table, 2, "Diplomatic Mission | Bad Health", "Target: Thomas More", die=6)
    lords_man = [v for k, v in modifiers(table).items() if "Lord's Man" in k]
    assert lords_man == [4 - 2]


def test_my_lords_man_helps_only_his_own_faction() -> None:
    """My Lord's Man Card: a My Lord's Man does not count for other Factions' Endeavours."""
    table = started(
        hands={2: ["My Lord's Man | Captaincy"], 3: ["Diplomatic Mission | Bad Health"]}
    )
    endeavour(table, 2, "My Lord's Man | Captaincy", "Target: Thomas Cromwell", die=6)
    endeavour(table, 3, "Diplomatic Mission | Bad Health", "Target: Thomas More", die=6)
    assert not any("Lord's Man" in k for k in modifiers(table))


def test_supports_played_are_lost() -> None:
    """Resolving the Endeavour: Support cards played go to the discard pile, whatever the result."""
    table = arrest_more(1)
    table.settle()
    pile = table.state.view(None)["discard_pile"]
    assert "Investigation | Evidence of Heresy" in pile
    assert "Marriage | Henry's Ear" in pile


def test_henrys_ear_is_plus_or_minus_one_as_its_player_chooses() -> None:
    """Resolving the Endeavour: Henry's Ear counts +1 or -1, as the player of the card decides."""
    table = started(hands=MORE_HANDS)
    table.to_player_turn(0)
    table.state.apply_action("Endeavour: Arrest Warrant | Duplicity")
    table.state.apply_action("Target: Thomas More")
    answer(table, "Support: Marriage | Henry's Ear", until=lambda s: "modifier" in asked(s))
    assert sorted(legal(table)) == ["Modifier: +1", "Modifier: -1"]


def test_completing_the_rounds_end_when_no_faction_has_cards() -> None:
    """Completing the Rounds: the Rounds stop once no Faction has an Endeavour left to play."""
    table = started()
    drive(table, lambda s: s.view(None)["stage"] != "Player Rounds")
    assert all(f["court_cards"] == 0 for f in table.state.view(None)["factions"].values())
    assert "Completing the Rounds" in [e.rule for e in table.state.events]


def test_law_suit_stops_endeavours_for_the_turn() -> None:
    """List of Endeavours: a Faction under a Law Suit plays no more Endeavours this Turn (it may
    discard)."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    endeavour(table, 2, "Law Suit | Bad Health", "Target faction: Faction 1", die=6)
    table.to_player_turn(0)
    assert legal(table) and all(o.startswith("Discard") for o in legal(table))


def test_law_suit_faction_may_still_play_supports() -> None:
    """List of Endeavours: a Faction under a Law Suit may still play Support cards."""
    table = started(
        hands={
            2: ["Law Suit | Bad Health", "Diplomatic Mission | Parliamentary Petition"],
            0: ["Quails | Revulsion"],
        }
    )
    endeavour(table, 2, "Law Suit | Bad Health", "Target faction: Faction 1", die=6)
    endeavour(
        table,
        2,
        "Diplomatic Mission | Parliamentary Petition",
        "Target: Thomas Cromwell",
        until_support=0,
    )
    assert any(o.startswith("Support:") for o in legal(table))


def test_law_suit_cannot_be_played_on_the_chancellors_faction() -> None:
    """List of Offices: the Chancellor's Faction cannot be the subject of a Law Suit."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    chancellor = table.seat_of("Thomas Wolsey")
    endeavour(table, 2, "Law Suit | Bad Health", until=lambda s: "target" in asked(s))
    assert f"Target faction: Faction {chancellor + 1}" not in legal(table)
    assert legal(table)


def test_important_any_faction_law_suit_on_own_faction() -> None:
    """Important: You Can Play an Endeavour on Any Faction: a Faction may aim an Endeavour at
    itself, Law Suit included."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    endeavour(table, 2, "Law Suit | Bad Health", until=lambda s: "target" in asked(s))
    assert "Target faction: Faction 3" in legal(table)


def test_important_any_faction_endeavour_on_any_character() -> None:
    """Important: You Can Play an Endeavour on Any Faction: a character of any Faction can be the
    target."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    endeavour(table, 0, "Diplomatic Mission | Bad Health", until=lambda s: "target" in asked(s))
    targets = {o.removeprefix("Target: ") for o in legal(table)}
    seats = {table.seat_of(name) for name in targets}
    assert seats == {0, 1, 2, 3, 4}


def test_royal_command_succeeds_automatically() -> None:
    """List of Support Cards: Royal Command makes the Endeavour succeed with no roll."""
    table = started(
        hands={0: ["Diplomatic Mission | Bad Health", "Arrest Warrant | Royal Command"]}
    )
    endeavour(
        table,
        0,
        "Diplomatic Mission | Bad Health",
        "Target: Thomas More",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    assert "Thomas More" in table.state.view(None)["abroad"] or any(
        "Diplomatic Mission" in a for a in table.state.view(None)["abroad"]
    )


def test_obstruction_fails_automatically() -> None:
    """List of Support Cards: Obstruction makes the Endeavour fail with no roll."""
    table = started(
        hands={0: ["Diplomatic Mission | Bad Health"], 1: ["Act of Succession | Obstruction"]}
    )
    endeavour(
        table,
        0,
        "Diplomatic Mission | Bad Health",
        "Target: Thomas More",
        "Support: Act of Succession | Obstruction",
    )
    table.settle()
    assert not table.state.view(None)["abroad"]


def test_obstruction_and_royal_command_cancel() -> None:
    """List of Support Cards: Obstruction and Royal Command cancel each other, so the die
    decides."""
    table = started(
        hands={
            0: ["Diplomatic Mission | Bad Health", "Arrest Warrant | Royal Command"],
            1: ["Act of Succession | Obstruction"],
        }
    )
    endeavour(
        table,
        0,
        "Diplomatic Mission | Bad Health",
        "Target: Thomas More",
        "Support: Arrest Warrant | Royal Command",
        "Support: Act of Succession | Obstruction",
    )
    assert asked(table.state) == "chance: the Endeavour's die"


def test_parading_royal_descent_only_on_an_heir() -> None:
    """List of Support Cards: Evidence-Parading Royal Descent is playable only on a Tudor or
    Noble Heir."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Rack | Evidence-Parading Royal Descent"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", "Target: Thomas More", until_support=1)
    assert "Support: Rack | Evidence-Parading Royal Descent" not in legal(table)


def test_parading_royal_descent_on_a_noble_heir() -> None:
    """List of Support Cards: Evidence-Parading Royal Descent may be played on a Noble Heir
    (Henry Courtenay)."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Rack | Evidence-Parading Royal Descent"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", "Target: Henry Courtenay", until_support=1)
    assert "Support: Rack | Evidence-Parading Royal Descent" in legal(table)


@pytest.mark.parametrize("target", ["Thomas More", "Catherine of Aragon", "Thomas Howard"])
def test_evidence_of_conspiracy_on_any_character(target: str) -> None:
    """List of Support Cards: Evidence of Conspiracy may be played on any character."""
    table = started(
        hands={0: ["Arrest Warrant | Duplicity"], 1: ["Act of Attainder | Evidence of Conspiracy"]}
    )
    endeavour(table, 0, "Arrest Warrant | Duplicity", f"Target: {target}", until_support=1)
    assert "Support: Act of Attainder | Evidence of Conspiracy" in legal(table)
