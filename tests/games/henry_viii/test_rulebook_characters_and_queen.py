"""Rulebook-first audit: Characters (Minors, Heirs and Succession), the Queen and
Marriage, Annulment and How to Win (public API only)."""

from __future__ import annotations

from .helpers import ACCIDENT_HAND, Table, asked, drive, widow_henry
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    modifiers,
    resolution,
    setdoc,
    started,
)


def test_endeavours_and_the_queen_her_faction_adds_both_modifiers() -> None:
    """Endeavours and the Queen: the Queen's Faction investigating her uses the card's Contentment
    term and its own."""
    table = started(hands={2: ["Investigation | Scandal"]})
    setdoc(table, contentment=-1)
    endeavour(table, 2, "Investigation | Scandal", "Target: Catherine of Aragon", die=6)
    mods = modifiers(table)
    assert mods["the Queen: Henry's Contentment"] == -1
    assert len([k for k in mods if "Contentment" in k]) == 2


def test_act_of_succession_an_assigned_card_pushes_its_holder_down() -> None:
    """Act of Succession Card: taking a card already held moves its holder (and those below) one
    place down."""
    table = started(hands={2: ["Act of Succession | Fee'd Men"]})
    endeavour(
        table, 2, "Act of Succession | Fee'd Men", "Target: Henry Fitzroy", "Succession: 2", die=6
    )
    table.settle()
    assert resolution(table)["success"]
    line = table.state.view(None)["line_of_succession"]
    assert line[0].startswith("Succession 2: Henry Fitzroy")
    assert line[1].startswith("Succession 3: Mary Tudor")


def test_act_of_succession_a_woman_is_never_offered_succession_1() -> None:
    """Heirs and Succession: a woman can never be given Succession 1."""
    table = started(hands={2: ["Act of Succession | Fee'd Men"]})
    endeavour(
        table,
        2,
        "Act of Succession | Fee'd Men",
        "Target: Frances Brandon",
        until=lambda s: "Succession: 2" in legal(table),
    )
    assert "Succession: 1" not in legal(table)


def test_act_of_succession_a_man_may_take_succession_1() -> None:
    """Act of Succession Card: any Succession card, used or unused, may be sought for a male
    heir."""
    table = started(hands={2: ["Act of Succession | Fee'd Men"]})
    endeavour(
        table,
        2,
        "Act of Succession | Fee'd Men",
        "Target: Henry Fitzroy",
        until=lambda s: "Succession: 2" in legal(table),
    )
    assert {"Succession: 1", "Succession: 2"} <= set(legal(table))


def test_act_of_succession_credibility_is_added() -> None:
    """Heirs and Succession: an Heir's Credibility makes the Act of Succession easier or harder."""
    table = started(hands={0: ["Act of Succession | Fee'd Men"]})
    endeavour(
        table, 0, "Act of Succession | Fee'd Men", "Target: Henry Courtenay", "Succession: 3", die=6
    )
    assert sum(v for k, v in modifiers(table).items() if "Credibility" in k) == -2


def test_travel_an_officer_abroad_cannot_use_his_powers() -> None:
    """List of Endeavours: Travel Beyond the Realm: an Officer of State abroad has no special
    powers."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery"]})
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Charles Brandon", die=6)
    table.settle()
    table.to_player_turn(table.seat_of("Charles Brandon"))
    assert "Office power: President of the Council" not in legal(table)


def test_good_health_modifies_a_death_roll() -> None:
    """List of Support Cards: Good Health changes the Death roll an Accident causes."""
    table = started(hands={0: ["Accident | Act of Attainder"], 1: ["Arrest Warrant | Good Health"]})
    endeavour(
        table,
        0,
        "Accident | Act of Attainder",
        "Target: Thomas More",
        "Support: Arrest Warrant | Good Health",
        die=6,
    )
    table.settle(until=lambda s: asked(s).startswith("chance: a death roll"))
    table.state.apply_action("Dice: 12")
    data = next(e.data for e in reversed(table.state.events) if "death_roll" in e.data)
    assert data["total"] != 12 + 1


def test_annulment_only_the_senior_bishops_faction_may_play_it() -> None:
    """List of Endeavours: Annulment: after the Act, only the senior bishop may play it."""
    table = started(hands={0: ["Annulment | Evidence of Heresy"], 1: ["Annulment | Henry's Will"]})
    setdoc(table, supremacy=True)
    table.to_player_turn(1)
    assert "Endeavour: Annulment | Henry's Will" not in legal(table)
    table.state.apply_action("Discard: Annulment | Henry's Will")
    table.to_player_turn(table.seat_of("William Warham"))
    assert "Endeavour: Annulment | Evidence of Heresy" in legal(table)


def test_annulment_failure_puts_one_of_the_bishops_faction_under_investigation() -> None:
    """List of Endeavours: Annulment: if it fails, one character of the bishop's Faction is placed
    under Investigation."""
    table = started(hands={0: ["Annulment | Evidence of Heresy"]})
    setdoc(table, supremacy=True)
    endeavour(table, 0, "Annulment | Evidence of Heresy", die=1)
    table.settle(until=lambda s: asked(s) == "chance: who is implicated")
    picks = [a.text.removeprefix("Pick: ") for a, _ in table.state.chance_outcomes()]
    assert all(table.seat_of(name) == 0 for name in picks)
    table.state.apply_action(f"Pick: {picks[0]}")
    assert "under Investigation" in table.state.view(None)["characters"][picks[0]]


def test_annulment_success_frees_henry_to_remarry() -> None:
    """List of Endeavours: Annulment: the Queen card is removed and Henry may marry again."""
    table = started(
        hands={
            0: [
                "Annulment | Evidence of Heresy",
                "Arrest Warrant | Royal Command",
                "Marriage | Scandal",
            ]
        }
    )
    setdoc(table, supremacy=True)
    endeavour(table, 0, "Annulment | Evidence of Heresy", "Support: Arrest Warrant | Royal Command")
    table.settle()
    assert table.state.view(None)["henry"]["queen"] in (None, "", "none")
    assert "Catherine of Aragon" not in table.state.view(None)["dead"]
    endeavour(
        table,
        0,
        "Marriage | Scandal",
        "Target: Anne Boleyn",
        until=lambda s: "Target: King Henry" in legal(table),
    )
    assert "Target: King Henry" in legal(table)


def test_the_queen_and_marriage_no_remarriage_while_married() -> None:
    """The Queen and Marriage: while Henry has a Queen he cannot be married to another."""
    table = started(hands={0: ["Marriage | Scandal"]})
    endeavour(
        table,
        0,
        "Marriage | Scandal",
        "Target: Anne Boleyn",
        until=lambda s: "Target: Thomas Cromwell" in legal(table),
    )
    assert "Target: King Henry" not in legal(table)


def test_minors_a_tudor_heir_comes_of_age_three_turns_after_birth() -> None:
    """Minors: a Tudor Heir born in Turn 1 is a minor until the start of Turn 4."""
    table = Table(5)
    table.settle("Dice: 2", "Die: 5", "Die: 6")
    prince = next(n for n in table.state.view(None)["characters"] if n.startswith("Prince "))
    drive(table, lambda s: s.view(None)["turn"] == 3 and "play an Endeavour" in asked(s))
    assert "minor" in table.state.view(None)["characters"][prince]
    drive(table, lambda s: s.view(None)["turn"] == 4 and "play an Endeavour" in asked(s))
    assert "minor" not in table.state.view(None)["characters"][prince]


def test_how_to_win_the_faction_with_most_influence_wins() -> None:
    """How to Win: at the end of the Turn Henry dies, the Faction(s) with most Influence win."""
    table = started()
    drive(table, lambda s: s.view(None)["turn"] == 2 and asked(s) == "chance: Henry's death roll")
    table.state.apply_action("Dice: 12")
    drive(table, lambda s: s.is_terminal())
    influence = {name: f["influence"] for name, f in table.state.view(None)["factions"].items()}
    best = max(influence.values())
    winners = {
        f"Faction {seat + 1}" for seat, value in enumerate(table.state.returns()) if value > 0
    }
    assert winners == {name for name, value in influence.items() if value == best}


def test_when_henry_marries_lady_of_the_bedchamber_adds_one() -> None:
    """F. Roll for Henry's Matrimonial Contentment: each Lady of the Bedchamber played adds +1 to
    the roll."""
    table = Table(
        5,
        hands={
            0: [*ACCIDENT_HAND, "Marriage | Scandal"],
            1: ["Persuasion | Lady of the Bedchamber"],
        },
    )
    widow_henry(table)
    table.settle()
    endeavour(table, 0, "Marriage | Scandal", "Target: Anne Boleyn", "Target: King Henry", die=6)
    answer(
        table,
        "Support: Persuasion | Lady of the Bedchamber",
        until=lambda s: asked(s) == "chance: Henry's Matrimonial Contentment",
    )
    table.state.apply_action("Die: 3")
    text = next(
        e.text
        for e in reversed(table.state.events)
        if e.rule == "F. Roll for Henry's Matrimonial Contentment"
    )
    assert "die 3 cards +1 " in text


def test_my_lords_man_card_is_lost_when_he_dies() -> None:
    """My Lord's Man Card: the card is lost if its character dies."""
    hands = {
        2: ["My Lord's Man | Captaincy", "Diplomatic Mission | Bad Health"],
        0: ["Influenza | Bad Health"],
    }
    table = started(hands=hands)
    endeavour(table, 2, "My Lord's Man | Captaincy", "Target: Thomas Cromwell", die=6)
    table.settle()
    endeavour(table, 0, "Influenza | Bad Health", "Target: Thomas Cromwell", die=6)
    table.settle(until=lambda s: asked(s).startswith("chance: a death roll"))
    table.state.apply_action("Dice: 12")
    table.settle()
    assert "Thomas Cromwell" in table.state.view(None)["dead"]
    endeavour(table, 2, "Diplomatic Mission | Bad Health", "Target: Thomas More", die=6)
    assert not any("Lord's Man" in k for k in modifiers(table))


def test_how_to_win_an_empty_line_of_succession_means_everyone_loses() -> None:
    """How to Win: with nobody in the Line of Succession at the end, everyone loses."""
    table = started(hands={0: ["Act of Bastardy | Royal Command"]})
    endeavour(table, 0, "Act of Bastardy | Royal Command", "Target: Catherine of Aragon", die=6)
    table.settle()
    assert table.state.view(None)["line_of_succession"] == []
    drive(table, lambda s: s.view(None)["turn"] == 2 and asked(s) == "chance: Henry's death roll")
    table.state.apply_action("Dice: 12")
    drive(table, lambda s: s.is_terminal())
    assert table.state.view(None)["line_of_succession"] == []
    assert not any(value > 0 for value in table.state.returns())


def test_heirs_and_succession_the_line_shuffles_up_on_a_death() -> None:
    """Heirs and Succession: when an Heir in the Line dies, those below him move up one place."""
    hands = {
        3: ["Act of Succession | Fee'd Men", "Arrest Warrant | Royal Command"],
        0: ["Influenza | Bad Health"],
    }
    table = started(hands=hands)
    endeavour(
        table,
        3,
        "Act of Succession | Fee'd Men",
        "Target: Henry Fitzroy",
        "Succession: 2",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    assert table.state.view(None)["line_of_succession"][1].startswith("Succession 3: Mary Tudor")
    endeavour(table, 0, "Influenza | Bad Health", "Target: Henry Fitzroy", die=6)
    table.state.apply_action("Dice: 12")
    table.settle()
    assert "Henry Fitzroy" in table.state.view(None)["dead"]
    assert table.state.view(None)["line_of_succession"] == ["Succession 2: Mary Tudor (Faction 3)"]
