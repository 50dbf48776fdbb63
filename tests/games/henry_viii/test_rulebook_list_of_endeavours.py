"""Rulebook-first audit: List of Endeavours (the cards' own rules) and 3. Death Segment
(public API only)."""

from __future__ import annotations

import pytest

from .helpers import Table, asked, drive
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    resolution,
    started,
    to_tower,
)


def faction_cards(table: Table, seat: int) -> int:
    """How many Court cards Faction ``seat + 1`` holds."""
    return int(table.state.view(None)["factions"][f"Faction {seat + 1}"]["court_cards"])


def death_data(table: Table) -> dict[str, int]:
    """The data of the last death roll event."""
    for event in reversed(table.state.events):
        if "death_roll" in event.data:
            return dict(event.data)
    raise AssertionError("no death roll")


def test_death_segment_example_thomas_howard_turn_3_dies_on_11() -> None:
    """3. Death Segment: Howard (Death Roll 14) in Turn 3 dies on 2d of 11, since 11 + 3 reaches
    14."""
    table = started()
    table.edit(lambda doc: doc.update(turn=3))
    drive(table, lambda s: asked(s) == "chance: a death roll for Thomas Howard")
    table.state.apply_action("Dice: 11")
    assert "Thomas Howard" in table.state.view(None)["dead"]
    assert death_data(table) == {
        "character": "Thomas Howard",
        "roll": 11,
        "total": 14,
        "death_roll": 14,
    }


def test_death_segment_example_thomas_howard_turn_3_lives_on_10() -> None:
    """3. Death Segment: Howard in Turn 3 survives a 2d of 10 (10 + 3 is under 14)."""
    table = started()
    table.edit(lambda doc: doc.update(turn=3))
    drive(table, lambda s: asked(s) == "chance: a death roll for Thomas Howard")
    table.state.apply_action("Dice: 10")
    assert "Thomas Howard" not in table.state.view(None)["dead"]


def test_death_segment_every_character_rolls() -> None:
    """3. Death Segment: each character in play rolls for death at the end of the Turn."""
    table = started()
    names = set(table.state.view(None)["characters"])
    rolled: set[str] = set()

    def stop(state: object) -> bool:
        question = asked(table.state)
        if question.startswith("chance: a death roll for "):
            rolled.add(question.removeprefix("chance: a death roll for "))
        return bool(table.state.view(None)["turn"] == 2)

    drive(table, stop)
    assert rolled == names


def test_accident_rolls_the_usual_death_roll_at_once() -> None:
    """List of Endeavours: Accident: the victim makes an immediate usual Death roll (2d + Turn)."""
    table = started(hands={0: ["Accident | Act of Attainder"]})
    endeavour(table, 0, "Accident | Act of Attainder", "Target: Thomas More", die=6)
    assert asked(table.state) == "chance: a death roll for Thomas More"
    table.state.apply_action("Dice: 12")
    assert death_data(table)["total"] == 12 + 1


def test_accident_may_nominate_king_henry() -> None:
    """List of Endeavours: Accident may be aimed at King Henry himself."""
    table = started(hands={0: ["Accident | Act of Attainder"]})
    endeavour(table, 0, "Accident | Act of Attainder", until=lambda s: "target" in asked(s))
    assert "Target: King Henry" in legal(table)


def test_influenza_adds_two_to_the_death_roll() -> None:
    """List of Endeavours: Influenza: an immediate Death roll with 2 added."""
    table = started(hands={0: ["Influenza | Bad Health"]})
    endeavour(table, 0, "Influenza | Bad Health", "Target: Thomas More", die=6)
    table.state.apply_action("Dice: 10")
    assert death_data(table)["total"] == 10 + 1 + 2


def test_influenza_may_nominate_king_henry() -> None:
    """List of Endeavours: Influenza may strike King Henry."""
    table = started(hands={0: ["Influenza | Bad Health"]})
    endeavour(table, 0, "Influenza | Bad Health", until=lambda s: "target" in asked(s))
    assert "Target: King Henry" in legal(table)


def test_plague_every_character_but_those_abroad_rolls() -> None:
    """List of Endeavours: Plague: every character rolls for death, except those Travelling or on a
    Mission."""
    table = started(hands={0: ["Plague | Henry's Ear", "Diplomatic Mission | Bad Health"]})
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    table.settle()
    endeavour(table, 0, "Plague | Henry's Ear", die=6)
    rolled = set()
    while asked(table.state).startswith("chance: a death roll for "):
        rolled.add(asked(table.state).removeprefix("chance: a death roll for "))
        table.state.apply_action("Dice: 2")
    assert rolled == set(table.state.view(None)["characters"]) - {"Thomas Cromwell"}


def test_quails_two_cards_lost_at_random() -> None:
    """List of Endeavours: Quails: the Faction it is played on loses two cards chosen at random."""
    table = started(hands={0: ["Quails | Revulsion"]})
    before = faction_cards(table, 1)
    endeavour(table, 0, "Quails | Revulsion", "Target faction: Faction 2", die=6)
    assert asked(table.state) == "chance: a court card is lost at random"
    table.settle()
    assert faction_cards(table, 1) == before - 2


def test_important_any_faction_quails_on_own_faction() -> None:
    """Important: You Can Play an Endeavour on Any Faction: a Faction may aim a Quails at itself."""
    table = started(hands={0: ["Quails | Revulsion"]})
    endeavour(table, 0, "Quails | Revulsion", until=lambda s: "target" in asked(s))
    assert "Target faction: Faction 1" in legal(table)


@pytest.mark.parametrize(
    ("card", "religion"),
    [
        ("Act of Six Articles | Duplicity", "C0"),
        ("King's Book | Henry's Ear", "C0"),
        ("The Ten Articles | Fee'd Men", "2"),
        ("Bishop's Book | Good Health", "2"),
    ],
)
def test_theology_cards_move_the_kings_religion_one_step(card: str, religion: str) -> None:
    """List of Endeavours: Six Articles and King's Book move Henry 1 Catholic; Ten Articles and
    Bishop's Book 1 Protestant."""
    table = started(hands={0: [card]})
    endeavour(table, 0, card, die=6)
    table.settle()
    assert resolution(table)["success"]
    assert table.state.view(None)["henry"]["religion"] == religion


def test_theology_cards_cost_a_card_per_point_of_difference() -> None:
    """List of Endeavours: after a theology card each Faction loses a card per point between Henry
    and its most influential character."""
    table = started(hands={0: ["Act of Six Articles | Duplicity"]})
    brandon_seat = table.seat_of("Charles Brandon")
    before = faction_cards(table, brandon_seat)
    endeavour(table, 0, "Act of Six Articles | Duplicity", die=6)
    table.settle()
    # Charles Brandon (Religion 2) leads his Faction; Henry is now C0: two cards lost
    assert faction_cards(table, brandon_seat) == before - 2


def test_act_of_bastardy_removes_the_childrens_succession_cards() -> None:
    """List of Endeavours: Act of Bastardy: the chosen Queen's living children lose their Succession
    cards."""
    table = started(hands={0: ["Act of Bastardy | Royal Command"]})
    endeavour(table, 0, "Act of Bastardy | Royal Command", "Target: Catherine of Aragon", die=6)
    table.settle()
    assert resolution(table)["success"]
    assert not any("Mary Tudor" in entry for entry in table.state.view(None)["line_of_succession"])


def test_take_oath_only_after_the_act_of_supremacy() -> None:
    """List of Endeavours: Take Oath is playable only once the Act of Supremacy has passed."""
    table = started(hands={0: ["Take Oath | Captaincy"]})
    table.to_player_turn(0)
    assert "Endeavour: Take Oath | Captaincy" not in legal(table)


def test_summons_to_court_returns_a_diplomat_with_cards_for_ability_less_two() -> None:
    """List of Endeavours: Summons to Court ends a Diplomatic Mission; his Faction gets Ability
    minus 2 cards."""
    hands = {0: ["Diplomatic Mission | Bad Health", "Summons to Court | Evidence of Conspiracy"]}
    table = started(hands=hands)
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    table.settle()
    seat = table.seat_of("Thomas Cromwell")
    table.to_player_turn(0)
    before = faction_cards(table, seat)
    endeavour(
        table, 0, "Summons to Court | Evidence of Conspiracy", "Target: Thomas Cromwell", die=6
    )
    table.settle()
    assert not table.state.view(None)["abroad"]
    assert faction_cards(table, seat) == before + (4 - 2)


def test_diplomatic_mission_no_voluntary_return() -> None:
    """List of Endeavours: a Diplomatic Mission has no voluntary return; B. offers no return for
    him."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    table.settle()
    questions: list[str] = []

    def stop(state: object) -> bool:
        questions.append(asked(table.state))
        return table.state.view(None)["turn"] == 2 and "play an Endeavour" in asked(table.state)

    drive(table, stop)
    assert not any("bring the traveller home" in q for q in questions)
    assert table.state.view(None)["abroad"]


def test_new_years_gift_needs_two_rounds_played() -> None:
    """List of Support Cards: New Year's Gift needs at least two Rounds played in the Turn."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"], 1: ["Rack | New Year's Gift"]})
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas More", until_support=1)
    assert "Support: Rack | New Year's Gift" not in legal(table)


def test_fee_d_men_two_cards_lost() -> None:
    """List of Endeavours: Fee'd Men: the Faction it is played on loses two cards."""
    table = started(hands={0: ["Fee'd Men | Henry's Ear"]})
    table.to_player_turn(0)
    before = faction_cards(table, 1)
    endeavour(table, 0, "Fee'd Men | Henry's Ear", "Target faction: Faction 2", die=6)
    while "play an Endeavour" not in asked(table.state):
        if asked(table.state).startswith("chance:"):
            table.state.apply_action(table._default())
        else:
            answer(table, "No")
    assert faction_cards(table, 1) == before - 2


def test_important_any_faction_feed_men_on_own_faction() -> None:
    """Important: You Can Play an Endeavour on Any Faction: a Faction may aim Fee'd Men at
    itself."""
    table = started(hands={0: ["Fee'd Men | Henry's Ear"]})
    endeavour(table, 0, "Fee'd Men | Henry's Ear", until=lambda s: "target" in asked(s))
    assert "Target faction: Faction 1" in legal(table)


def test_summons_to_court_brings_back_a_traveller() -> None:
    """List of Endeavours: Summons to Court also ends a Travel Beyond the Realm."""
    hands = {
        0: ["Travel Beyond the Realm | Treachery", "Summons to Court | Evidence of Conspiracy"]
    }
    table = started(hands=hands)
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Thomas More", die=6)
    table.settle()
    assert "Thomas More" in str(table.state.view(None)["abroad"])
    endeavour(table, 0, "Summons to Court | Evidence of Conspiracy", "Target: Thomas More", die=6)
    table.settle()
    assert not table.state.view(None)["abroad"]


def test_diplomatic_mission_no_influence_while_away() -> None:
    """List of Endeavours: a character on a Diplomatic Mission counts for no Faction Influence."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    seat = table.seat_of("Thomas Cromwell")
    before = table.state.view(None)["factions"][f"Faction {seat + 1}"]["influence"]
    own = table.character("Thomas Cromwell")["influence"]
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Cromwell", die=6)
    table.settle()
    assert table.state.view(None)["factions"][f"Faction {seat + 1}"]["influence"] == before - own


def test_death_segment_the_tower_and_the_abroad_roll_too() -> None:
    """3. Death Segment: characters in the Tower or abroad also roll for death."""
    hands = {0: ["Travel Beyond the Realm | Treachery", "Diplomatic Mission | Bad Health"]}
    table = started(hands=hands)
    to_tower(table, "Thomas More")
    to_tower(table, "John Fisher", imprisoned=True)
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Thomas Cromwell", die=6)
    table.settle()
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas Boleyn", die=6)
    table.settle()
    rolled: set[str] = set()

    def stop(state: object) -> bool:
        question = asked(table.state)
        if question.startswith("chance: a death roll for "):
            rolled.add(question.removeprefix("chance: a death roll for "))
        return bool(table.state.view(None)["turn"] == 2)

    drive(table, stop)
    assert {"Thomas More", "John Fisher", "Thomas Cromwell", "Thomas Boleyn"} <= rolled
