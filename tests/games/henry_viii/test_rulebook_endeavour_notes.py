"""Rulebook-first audit: Endeavour Examples and Notes on Some Endeavours (public API only)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import Table, asked
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    modifiers,
    resolution,
    started,
    to_tower,
)

WAR_HANDS = {
    0: ["War/Uprising | Fee'd Men", "My Lord's Man | Captaincy"],
    1: ["Diplomatic Mission | Bad Health", "Arrest Warrant | Duplicity"],
}


def war_of_william_fitzwilliam(die: int) -> Table:
    """The War example: Faction 1's War with William Fitzwilliam as Captain; Faction 2
    answers with Bad Health (-1) and Duplicity."""
    table = started(hands=WAR_HANDS)
    endeavour(
        table,
        0,
        "War/Uprising | Fee'd Men",
        "Support: My Lord's Man | Captaincy",
        "Captain: William Fitzwilliam",
        "Support: Diplomatic Mission | Bad Health",
        "Modifier: -1",
        "Support: Arrest Warrant | Duplicity",
        die=die,
    )
    return table


def test_war_card_example_action_points_total_zero() -> None:
    """War Card: in the example William's Ability, Bad Health and Duplicity leave the Captain on 0
    against Difficulty 2."""
    table = war_of_william_fitzwilliam(2)
    mods = modifiers(table)
    assert mods["Captaincy: William Fitzwilliam's Ability"] == 3
    assert mods["Bad Health (Faction 2)"] == -1
    assert mods["Duplicity (Faction 2)"] == -1
    assert sum(mods.values()) == 0
    assert resolution(table)["difficulty"] == 2


def test_war_card_example_a_roll_of_2_wins_a_title() -> None:
    """War Card: rolling a 2 in the example wins, and the victorious Captain is awarded a Title."""
    table = war_of_william_fitzwilliam(2)
    table.settle()
    assert resolution(table)["success"]
    assert "Title" in asked(table.state)
    choice = next(o for o in legal(table) if o.startswith("Title: "))
    table.state.apply_action(choice)
    assert table.character("William Fitzwilliam").get("title") == choice.removeprefix("Title: ")


def test_war_card_a_defeated_captains_faction_loses_a_court_card() -> None:
    """War Card: if the Captain loses, his Faction loses one Court card."""
    table = war_of_william_fitzwilliam(1)
    seat = table.seat_of("William Fitzwilliam")
    before = table.state.view(None)["factions"][f"Faction {seat + 1}"]["court_cards"]
    table.settle()
    assert not resolution(table)["success"]
    assert table.state.view(None)["factions"][f"Faction {seat + 1}"]["court_cards"] == before - 1


def test_war_card_without_captaincy_has_no_effect() -> None:
    """List of Endeavours: a War with no Captaincy played has no effect at all."""
    table = started(hands={0: ["War/Uprising | Fee'd Men"]})
    before = {n: dict(table.character(n)) for n in table.state.view(None)["characters"]}
    endeavour(table, 0, "War/Uprising | Fee'd Men")
    table.settle()
    after = {n: dict(table.character(n)) for n in table.state.view(None)["characters"]}
    assert before == after


def courtenay_trial(die: int) -> Table:
    """The Trial example: Faction 4 (George Talbot, Lord High Steward) tries Edward
    Courtenay, who implicated himself on the Rack, with Parading Royal Descent; Edward's
    Faction answers with a Parliamentary Petition at -1; Talbot votes to convict."""
    table = started(
        hands={
            3: ["Trial | Captaincy", "Rack | Evidence-Parading Royal Descent"],
            0: ["Law Suit | Parliamentary Petition"],
        }
    )
    index = table.person("Edward Courtenay")

    def change(doc: dict[str, Any]) -> None:
        doc["where"][index] = 3  # arrested (as a successful Arrest Warrant leaves him)
        doc["rack"][index] = 1  # implicated himself on the Rack
        doc["turn"] = 5

    table.edit(change)
    assert table.seat_of("George Talbot") == 3
    endeavour(
        table,
        3,
        "Trial | Captaincy",
        "Target: Edward Courtenay",
        until=lambda s: "Support" in asked(s),
    )
    answer(
        table,
        "Support: Rack | Evidence-Parading Royal Descent",
        until=lambda s: s.current_player() == 0 and "Support" in asked(s),
    )
    answer(
        table, "Support: Law Suit | Parliamentary Petition", until=lambda s: "modifier" in asked(s)
    )
    table.state.apply_action("Modifier: -1")
    answer(table, until=lambda s: "Trial President" in asked(s))
    table.state.apply_action("Modifier: +1")
    answer(table)
    table.state.apply_action(f"Die: {die}")
    return table


def test_endeavour_examples_trial_of_edward_courtenay_modifiers() -> None:
    """Endeavour Examples: Trial: President +1, Credibility -(-2), Rack +1, Parading +1, Opposition
    -1 make +4."""
    table = courtenay_trial(4)
    mods = modifiers(table)
    assert mods["Trial President"] == 1
    assert mods["Rack"] == 1
    assert sum(mods.values()) == 4


def test_endeavour_examples_trial_of_edward_courtenay_roll_4_executes() -> None:
    """Endeavour Examples: Trial: a 4 with +4 makes 8, and Edward Courtenay is executed."""
    table = courtenay_trial(4)
    table.settle()
    assert resolution(table)["total"] == 8
    assert "Edward Courtenay" in table.state.view(None)["dead"]


def more_before_the_president() -> Table:
    """Thomas More (a commoner), arrested and put on Trial by Faction 1, waiting for the Trial
    President's modifier."""
    table = started(
        hands={
            0: ["Arrest Warrant | Duplicity", "Trial | Captaincy"],
            1: ["Investigation | Evidence of Heresy"],
        }
    )
    table.edit(lambda doc: doc.update(religion=2))
    endeavour(
        table,
        0,
        "Arrest Warrant | Duplicity",
        "Target: Thomas More",
        "Support: Investigation | Evidence of Heresy",
        die=6,
    )
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Thomas More",
        until=lambda s: "Trial President" in asked(s),
    )
    return table


def more_on_trial(die: int, vote: str = "+1") -> Table:
    """Thomas More (a commoner), arrested, tried by Faction 1 with the President's ``vote``."""
    table = more_before_the_president()
    table.state.apply_action(f"Modifier: {vote}")
    answer(table)
    table.state.apply_action(f"Die: {die}")
    table.settle()
    return table


@pytest.mark.parametrize(
    ("die", "outcome"),
    [(4, "released"), (5, "imprisoned"), (6, "imprisoned"), (2, "released")],
)
def test_trial_card_below_six_is_not_guilty_six_imprisons(die: int, outcome: str) -> None:
    """List of Endeavours: Trial: 5 or less acquits and releases; 6 or 7 imprisons (President +1
    here)."""
    table = more_on_trial(die)
    tower = table.state.view(None)["tower"]
    total = resolution(table)["total"]
    assert total == die + 1
    if outcome == "released":
        assert "Thomas More" not in tower["arrested"] + tower["imprisoned"]
        assert "Thomas More" not in table.state.view(None)["dead"]
    else:
        assert tower["imprisoned"] == ["Thomas More"]


def test_trial_card_no_modifiers_needs_a_6() -> None:
    """Trial Card: with no modifiers only a 6 convicts (a 5 acquits)."""
    table = more_on_trial(5, vote="-1")
    assert resolution(table)["total"] == 4
    table2 = more_on_trial(6, vote="-1")
    assert resolution(table2)["total"] == 5
    assert "Thomas More" not in table2.state.view(None)["tower"]["imprisoned"]


def test_trial_card_president_for_a_commoner_is_the_lord_privy_seal() -> None:
    """Nobles, Royals and Commoners: the Lord Privy Seal presides at a Commoner's Trial."""
    table = more_before_the_president()
    assert table.state.current_player() == table.seat_of("Cuthbert Tunstall")


def test_trial_card_president_for_a_noble_is_the_lord_high_steward() -> None:
    """Nobles, Royals and Commoners: the Lord High Steward presides at a Noble's Trial."""
    table = started(
        hands={
            0: ["Arrest Warrant | Duplicity", "Trial | Captaincy"],
            1: ["Act of Attainder | Evidence of Conspiracy"],
        }
    )
    endeavour(
        table,
        0,
        "Arrest Warrant | Duplicity",
        "Target: Henry Courtenay",
        "Support: Act of Attainder | Evidence of Conspiracy",
        die=6,
    )
    table.settle()
    assert "Henry Courtenay" in table.state.view(None)["tower"]["arrested"]
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Henry Courtenay",
        until=lambda s: "Trial President" in asked(s),
    )
    assert table.state.current_player() == table.seat_of("George Talbot")


def test_trial_card_president_may_vote_either_way() -> None:
    """Trial Card: the Trial President adds +1 or -1 at his discretion."""
    table = more_before_the_president()
    assert sorted(legal(table)) == ["Modifier: +1", "Modifier: -1"]


def pilgrimage(rolls: dict[str, int], captain_die: int) -> Table:
    """Faction 1's Pilgrimage of Grace with no Captaincy anywhere: each Catholic male
    rolls (1 unless ``rolls`` says otherwise), then the nominal Captain rolls."""
    table = started(hands={0: ["Pilgrimage of Grace | Evidence of Conspiracy"]})
    endeavour(table, 0, "Pilgrimage of Grace | Evidence of Conspiracy")
    state = table.state
    while asked(state).startswith("chance: the rebellion roll of "):
        name = asked(state).removeprefix("chance: the rebellion roll of ")
        state.apply_action(f"Die: {rolls.get(name, 1)}")
    answer(table)
    assert asked(state) == "chance: the nominal Captain's roll", asked(state)
    state.apply_action(f"Die: {captain_die}")
    return table


def test_pilgrimage_of_grace_only_catholic_males_roll() -> None:
    """Pilgrimage of Grace Card: every Catholic (C0 or C1) male rolls to rebel, and nobody else."""
    table = started(hands={0: ["Pilgrimage of Grace | Evidence of Conspiracy"]})
    endeavour(table, 0, "Pilgrimage of Grace | Evidence of Conspiracy")
    rolled = set()
    while asked(table.state).startswith("chance: the rebellion roll of "):
        rolled.add(asked(table.state).removeprefix("chance: the rebellion roll of "))
        table.state.apply_action("Die: 1")
    expected = {
        name
        for name, line in table.state.view(None)["characters"].items()
        if ("Religion C0" in line or "Religion C1" in line) and "woman" not in line
    }
    assert rolled == expected


def test_pilgrimage_of_grace_example_thomas_howard_stays_loyal() -> None:
    """Pilgrimage of Grace Card: Howard (C1, Guile 4) rolling 5 makes 1 against 2 and stays
    loyal."""
    table = pilgrimage({"Thomas Howard": 5, "Thomas More": 6}, captain_die=6)
    texts = [e.text for e in table.state.events if e.text.startswith("Thomas Howard rolls")]
    assert texts == ["Thomas Howard rolls 5 - Guile 4 = 1: stays loyal."]


def test_pilgrimage_of_grace_a_rebel_joins_at_two_or_more() -> None:
    """Pilgrimage of Grace Card: a roll less Guile reaching the Difficulty of 2 makes a rebel."""
    table = pilgrimage({"Thomas More": 3}, captain_die=6)
    assert any(
        e.text.startswith("Thomas More rolls 3 - Guile 1 = 2: joins") for e in table.state.events
    )


def test_the_rebellion_defeated_rebels_are_arrested() -> None:
    """The Rebellion: when the rebels are beaten, every rebel is arrested in the Tower."""
    table = pilgrimage({"Thomas More": 6, "Henry Courtenay": 6}, captain_die=6)
    table.settle()
    assert sorted(table.state.view(None)["tower"]["arrested"]) == ["Henry Courtenay", "Thomas More"]


def test_the_rebellion_loyal_men_stay_free() -> None:
    """The Rebellion: Catholics who stayed loyal are not arrested."""
    table = pilgrimage({"Thomas More": 6}, captain_die=6)
    table.settle()
    assert "Thomas Howard" not in table.state.view(None)["tower"]["arrested"]


def test_the_rebellion_nominal_captain_has_ability_1() -> None:
    """The Rebellion: with no Captaincy played, a nominal Captain of Ability 1 fights the rebels."""
    table = pilgrimage({"Thomas More": 6}, captain_die=6)
    text = next(e.text for e in table.state.events if e.text.startswith("The nominal Captain"))
    assert "Ability 1" in text


def test_the_rebellion_rebels_win_and_the_game_ends_immediately() -> None:
    """The Rebellion: if every Captain is beaten the game ends at once with Henry's overthrow."""
    table = pilgrimage({"Thomas More": 6}, captain_die=1)
    table.settle()
    assert table.state.is_terminal()
    assert table.state.view(None)["turn"] == 1


def test_the_rebellion_the_senior_catholic_in_the_line_wins() -> None:
    """The Rebellion: if the rebels win, the Faction of the senior Catholic in the Line wins the
    game."""
    hands = {
        3: ["Act of Succession | Fee'd Men", "Arrest Warrant | Royal Command"],
        0: ["Pilgrimage of Grace | Evidence of Conspiracy"],
    }
    table = started(hands=hands)
    endeavour(
        table,
        3,
        "Act of Succession | Fee'd Men",
        "Target: Henry Courtenay",
        "Succession: 1",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    line = table.state.view(None)["line_of_succession"]
    assert line[0].startswith("Succession 1: Henry Courtenay")  # C1, so Catholic on either list
    endeavour(table, 0, "Pilgrimage of Grace | Evidence of Conspiracy")
    while asked(table.state).startswith("chance: the rebellion roll of "):
        name = asked(table.state).removeprefix("chance: the rebellion roll of ")
        table.state.apply_action(f"Die: {6 if name == 'Thomas More' else 1}")
    answer(table)
    table.state.apply_action("Die: 1")
    table.settle()
    assert table.state.is_terminal()
    winners = [seat for seat, value in enumerate(table.state.returns()) if value > 0]
    assert winners == [table.seat_of("Henry Courtenay")]


def test_trial_president_for_the_queen_is_the_lord_high_steward() -> None:
    """Nobles, Royals and Commoners: the Lord High Steward presides when a Royal (the Queen) is
    tried."""

    table = started(hands={0: ["Trial | Captaincy"]})
    to_tower(table, "Catherine of Aragon")
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Catherine of Aragon",
        until=lambda s: "Trial President" in asked(s),
    )
    assert table.state.current_player() == table.seat_of("George Talbot")
