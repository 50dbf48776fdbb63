"""Rulebook-first audit: The Tower, Act of Attainder, Rack, Execution, Marriage and the
Queen (public API only)."""

from __future__ import annotations

import pytest

from .helpers import ACCIDENT_HAND, Table, asked, widow_henry
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    modifiers,
    resolution,
    started,
    to_tower,
)

TOWER_HAND = [
    "Rack | New Year's Gift",
    "Execution | Scandal",
    "Trial | Captaincy",
    "License of Release | Lady of the Bedchamber",
    "Act of Attainder | Henry's Will",
]


def tower_table() -> Table:
    """Faction 1 holds ``TOWER_HAND``; More and Mary Tudor are arrested, Fisher and
    Fitzroy (a minor) imprisoned."""
    table = started(hands={0: TOWER_HAND})
    to_tower(table, "Thomas More")
    to_tower(table, "Mary Tudor")
    to_tower(table, "John Fisher", imprisoned=True)
    to_tower(table, "Henry Fitzroy", imprisoned=True)
    return table


def targets(table: Table, card: str) -> set[str]:
    """The targets offered to Faction 1 for ``card``."""
    endeavour(table, 0, card, until=lambda s: "target" in asked(s))
    return {o.removeprefix("Target: ") for o in legal(table)}


def test_rack_only_arrested_characters_not_imprisoned_or_minors() -> None:
    """List of Endeavours: Rack: only arrested characters; imprisoned ones and minors cannot be
    Racked."""
    assert targets(tower_table(), "Rack | New Year's Gift") == {"Thomas More"}


def rack_more(die: int) -> Table:
    """Faction 1 Racks the arrested Thomas More with a die of ``die``."""
    table = tower_table()
    endeavour(table, 0, "Rack | New Year's Gift", "Target: Thomas More", die=die)
    table.settle()
    return table


def test_rack_5_implicates_two_others_of_the_same_faction() -> None:
    """List of Endeavours: Rack: 5 makes the victim name two others of his Faction, placed under
    Investigation."""
    table = rack_more(5)
    seat = table.seat_of("Thomas More")
    named = [
        n
        for n, line in table.state.view(None)["characters"].items()
        if "under Investigation" in line
    ]
    assert len(named) == 2
    assert all(table.seat_of(n) == seat and n != "Thomas More" for n in named)


@pytest.mark.parametrize(("die", "bonus"), [(4, 2), (3, 2), (2, 1)])
def test_rack_confession_counts_at_trial(die: int, bonus: int) -> None:
    """List of Endeavours: Rack: 3 (confession) gives +2 at Trial, 2 (self-implication) +1."""
    table = rack_more(die)
    endeavour(table, 0, "Trial | Captaincy", "Target: Thomas More", "Modifier: +1", die=1)
    assert modifiers(table).get("Rack") == bonus


def test_rack_1_or_less_has_no_effect() -> None:
    """List of Endeavours: Rack: 1 or less and the victim won't talk; nothing carries to the
    Trial."""
    table = rack_more(1)
    endeavour(table, 0, "Trial | Captaincy", "Target: Thomas More", "Modifier: +1", die=1)
    assert "Rack" not in modifiers(table)


def test_execution_only_imprisoned_characters_not_minors() -> None:
    """List of Endeavours: Execution: only the imprisoned (not the arrested) and never a minor."""
    assert targets(tower_table(), "Execution | Scandal") == {"John Fisher"}


def test_act_of_attainder_only_arrested_or_imprisoned_not_minors_or_tudors() -> None:
    """List of Endeavours: Act of Attainder: the arrested or imprisoned, but not minors or Tudor
    heirs."""
    assert targets(tower_table(), "Act of Attainder | Henry's Will") == {
        "Thomas More",
        "John Fisher",
    }


def test_act_of_attainder_only_modifier_is_the_targets_ability() -> None:
    """Act of Attainder: the target's Ability is subtracted and is the only modifier."""
    table = tower_table()
    endeavour(table, 0, "Act of Attainder | Henry's Will", "Target: Thomas More", die=6)
    assert modifiers(table) == {"Thomas More's Ability": -4}


def test_act_of_attainder_a_random_member_defects_to_the_player() -> None:
    """Act of Attainder: a random member of the victim's Faction deserts to the Faction playing the
    card."""
    table = tower_table()
    victim_seat = table.seat_of("Thomas More")
    endeavour(table, 0, "Act of Attainder | Henry's Will", "Target: Thomas More", die=6)
    table.settle(until=lambda s: asked(s) == "chance: the defector after an attainder")
    picks = [a.text.removeprefix("Pick: ") for a, _ in table.state.chance_outcomes()]
    assert all(table.seat_of(n) == victim_seat for n in picks)
    table.state.apply_action(f"Pick: {picks[-1]}")
    assert table.seat_of(picks[-1]) == 0
    assert "Thomas More" in table.state.view(None)["dead"]


def test_act_of_attainder_title_is_lost_forever() -> None:
    """Act of Attainder: an attainted character's Title does not pass on; it is lost for good."""
    table = started(hands={0: TOWER_HAND})
    to_tower(table, "Henry Courtenay")
    endeavour(table, 0, "Act of Attainder | Henry's Will", "Target: Henry Courtenay", die=6)
    table.settle()
    titles = table.state.view(None)["titles"]
    assert titles.get("Marquess of Exeter") not in ("in the box", "Henry Courtenay")


def test_license_of_release_frees_an_imprisoned_character() -> None:
    """List of Endeavours: License of Release frees one character, arrested or imprisoned."""
    table = tower_table()
    offered = targets(table, "License of Release | Lady of the Bedchamber")
    assert {"Thomas More", "John Fisher"} <= offered
    answer(table, "Target: John Fisher")
    table.state.apply_action("Die: 6")
    table.settle()
    assert resolution(table)["success"]
    assert "John Fisher" not in table.state.view(None)["tower"]["imprisoned"]


def test_royal_progress_executes_every_imprisoned_character() -> None:
    """List of Endeavours: Royal Progress executes all the imprisoned but not the arrested."""
    table = started(hands={0: ["Royal Progress | Treachery"]})
    to_tower(table, "Thomas More")
    to_tower(table, "John Fisher", imprisoned=True)
    to_tower(table, "William Warham", imprisoned=True)
    endeavour(table, 0, "Royal Progress | Treachery", die=6)
    table.settle()
    assert resolution(table)["success"]
    dead = table.state.view(None)["dead"]
    assert {"John Fisher", "William Warham"} <= set(dead)
    assert "Thomas More" not in dead


def test_amnesty_releases_the_arrested_only() -> None:
    """List of Endeavours: Amnesty frees every arrested (not imprisoned) character."""
    table = started(hands={1: ["Amnesty | Act of Attainder"]})
    to_tower(table, "Thomas More")
    to_tower(table, "John Fisher", imprisoned=True)
    endeavour(table, 1, "Amnesty | Act of Attainder", die=6)
    table.settle()
    assert resolution(table)["success"]
    tower = table.state.view(None)["tower"]
    assert tower["arrested"] == []
    assert tower["imprisoned"] == ["John Fisher"]


def test_the_tower_a_character_in_the_tower_loses_his_my_lords_man() -> None:
    """The Tower: Arrest and Imprisonment: a My Lord's Man sent to the Tower is lost to his
    Faction."""
    hands = {2: ["My Lord's Man | Captaincy", "Diplomatic Mission | Bad Health"]}
    table = started(hands=hands)
    endeavour(table, 2, "My Lord's Man | Captaincy", "Target: Thomas Cromwell", die=6)
    table.settle()
    to_tower(table, "Thomas Cromwell")
    endeavour(table, 2, "Diplomatic Mission | Bad Health", "Target: Thomas More", die=6)
    assert not any("Lord's Man" in k for k in modifiers(table))


def test_marriage_minors_and_religious_offices_cannot_marry() -> None:
    """List of Endeavours: Marriage: minors and holders of Religious Offices cannot marry."""
    table = started(hands={0: ["Marriage | Scandal"]})
    brides = targets(table, "Marriage | Scandal")
    assert "Frances Brandon" not in brides and "Mary Tudor" not in brides
    answer(
        table,
        "Target: Anne Boleyn",
        until=lambda s: "target" in asked(s) and "Target: Anne Boleyn" not in legal(table),
    )
    grooms = {o.removeprefix("Target: ") for o in legal(table)}
    for cleric in (
        "Thomas Wolsey",
        "William Warham",
        "John Fisher",
        "Stephen Gardiner",
        "Cuthbert Tunstall",
    ):
        assert cleric not in grooms
    assert "Henry Fitzroy" not in grooms
    assert "Thomas Cromwell" in grooms


def test_marriage_the_lesser_influence_moves_to_the_others_faction() -> None:
    """List of Endeavours: Marriage: the spouse with less Influence joins the other's Faction."""
    table = started(hands={0: ["Marriage | Scandal"]})
    assert table.seat_of("Jane Seymour") != table.seat_of("Thomas Howard")
    endeavour(
        table, 0, "Marriage | Scandal", "Target: Jane Seymour", "Target: Thomas Howard", die=6
    )
    table.settle()
    assert resolution(table)["success"]
    assert table.seat_of("Jane Seymour") == table.seat_of("Thomas Howard")


def test_marriage_henry_counts_guile_2_and_rolls_contentment_and_birth() -> None:
    """When Henry marries: Henry's Guile counts 2; Contentment and the birth of an heir are rolled
    at once."""
    table = Table(5, hands={0: [*ACCIDENT_HAND, "Marriage | Scandal"]})
    widow_henry(table)
    table.settle()
    endeavour(table, 0, "Marriage | Scandal", until=lambda s: "target" in asked(s))
    answer(
        table,
        "Target: Anne Boleyn",
        until=lambda s: "target" in asked(s) and "Target: Anne Boleyn" not in legal(table),
    )
    answer(table, "Target: King Henry")
    table.state.apply_action("Die: 6")
    assert modifiers(table) == {"Anne Boleyn's Guile less the groom's": 4 - 2}
    questions: list[str] = []
    while "play an Endeavour" not in asked(table.state):
        questions.append(asked(table.state))
        if asked(table.state).startswith("chance:"):
            table.state.apply_action(table._default())
        else:
            table.state.apply_action("Pass")
    # the order of the two rolls is printed both ways (see the report): only both are checked
    assert {"chance: Henry's Matrimonial Contentment", "chance: the birth of an heir"} <= set(
        questions
    )
    assert table.state.view(None)["henry"]["queen"] == "Anne Boleyn"


def test_loss_of_the_queen_penalty_after_an_adverse_trial() -> None:
    """Loss of the Queen: an adverse Trial costs the Queen's Faction one Office and half its hand,
    rounded up."""
    table = started(hands={0: ["Trial | Captaincy"]})
    to_tower(table, "Catherine of Aragon")
    seat = table.seat_of("Catherine of Aragon")
    name = f"Faction {seat + 1}"
    cards = table.state.view(None)["factions"][name]["court_cards"]
    offices = sum(
        1
        for holder in table.state.view(None)["offices"].values()
        if holder != "vacant" and table.seat_of(holder) == seat
    )
    endeavour(table, 0, "Trial | Captaincy", "Target: Catherine of Aragon", "Modifier: +1", die=6)
    table.settle()
    assert resolution(table)["success"]
    after = table.state.view(None)
    assert after["factions"][name]["court_cards"] == cards - (cards + 1) // 2
    held = sum(
        1
        for holder in after["offices"].values()
        if holder != "vacant" and holder in after["characters"] and table.seat_of(holder) == seat
    )
    assert held == offices - 1


def test_trial_a_foreign_queen_is_imprisoned_not_executed() -> None:
    """List of Endeavours: Trial: a foreign Queen is imprisoned instead of executed or attainted."""
    table = started(hands={0: ["Trial | Captaincy", "Arrest Warrant | Royal Command"]})
    to_tower(table, "Catherine of Aragon")
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Catherine of Aragon",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    view = table.state.view(None)
    assert "Catherine of Aragon" in view["tower"]["imprisoned"]
    assert "Catherine of Aragon" not in view["dead"]


def test_trial_the_queen_on_trial_subtracts_contentment() -> None:
    """Trial Card: when the Queen is on trial, Henry's Contentment is subtracted."""
    table = started(hands={0: ["Trial | Captaincy"]})
    table.edit(lambda doc: doc.update(contentment=-2))
    to_tower(table, "Catherine of Aragon")
    endeavour(table, 0, "Trial | Captaincy", "Target: Catherine of Aragon", "Modifier: +1", die=1)
    assert any("Contentment" in k and v == 2 for k, v in modifiers(table).items()), modifiers(table)


def test_loss_of_the_queen_penalty_applies_only_once() -> None:
    """Loss of the Queen: a second blow to the same Queen (an Attainder after her Trial) brings
    no second penalty."""
    hands = {
        0: [*ACCIDENT_HAND, "Marriage | Scandal"],
        1: ["Trial | Captaincy"],
        2: ["Act of Attainder | Henry's Will"],
    }
    table = Table(5, hands=hands)
    widow_henry(table)
    table.settle()
    endeavour(table, 0, "Marriage | Scandal", "Target: Anne Boleyn", "Target: King Henry", die=6)
    answer(table)
    table.settle()
    assert table.state.view(None)["henry"]["queen"] == "Anne Boleyn"
    to_tower(table, "Anne Boleyn")
    endeavour(table, 1, "Trial | Captaincy", "Target: Anne Boleyn", "Modifier: +1", die=6)
    table.settle()
    penalties = [
        e for e in table.state.events if e.rule == "Loss of the Queen" and "suffers" in e.text
    ]
    assert len(penalties) == 1
    endeavour(table, 2, "Act of Attainder | Henry's Will", "Target: Anne Boleyn", die=6)
    table.settle()
    assert "Anne Boleyn" in table.state.view(None)["dead"]
    penalties = [
        e for e in table.state.events if e.rule == "Loss of the Queen" and "suffers" in e.text
    ]
    assert len(penalties) == 1
