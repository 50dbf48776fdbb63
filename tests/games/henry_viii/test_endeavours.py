"""Each Endeavour of the List of Endeavours, succeeding and failing.

Faction 1 plays the Endeavour on its first possible target; success is forced with a
Royal Command and failure with an Obstruction (each: 'Endeavour succeeds/fails
automatically'), so that the effect, not the dice, is under test. War/Uprising and the
Pilgrimage of Grace, which Royal Command cannot join, are tested by their worked examples.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .helpers import ACCIDENT_HAND, Table, asked, widow_henry

ROYAL_COMMAND = "Act of Bastardy | Royal Command"
OBSTRUCTION = "Act of Succession | Obstruction"

Edit = Callable[[Table], Callable[[dict[str, Any]], None]]


def place(name: str, where: int) -> Edit:
    """An edit putting a character somewhere (3 arrested, 4 imprisoned, 5 abroad)."""

    def edit(table: Table) -> Callable[[dict[str, Any]], None]:
        c = table.person(name)

        def change(doc: dict[str, Any]) -> None:
            doc["where"][c] = where

        return change

    return edit


def supremacy(table: Table) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["supremacy"] = True

    return change


CASES: list[tuple[str, dict[int, list[str]], Edit | None, str, str]] = [
    ("Accident | Act of Attainder", {}, None, "survives", "nobody is hurt"),
    (
        "Act of Attainder | Evidence of Conspiracy",
        {},
        place("Thomas Cromwell", 3),
        "Thomas Cromwell is attainted and executed.",
        "Parliament refuses to attaint",
    ),
    ("Act of Six Articles | Duplicity", {}, None, "religion is now C0", "unmoved"),
    ("Act of Succession | Fee'd Men", {}, None, "takes Succession", "is not named in the line"),
    (
        "Amnesty | Act of Attainder",
        {},
        place("Thomas Cromwell", 3),
        "Thomas Cromwell is released",
        "no amnesty",
    ),
    (
        "Annulment | Evidence of Heresy",
        {0: ["William Warham"]},
        supremacy,
        "is annulled",
        "the marriage stands",
    ),
    ("Arrest Warrant | Duplicity", {}, None, "is arrested", "Arrest Warrant fails"),
    ("Assume Office | Scandal", {}, None, "takes the office of", "does not get the office"),
    (
        "Befriend a Tudor | Duplicity",
        {1: ["Catherine of Aragon"]},
        None,
        "Mary Tudor leaves Faction 2 for Faction 1",
        "Mary Tudor stays",
    ),
    ("Bishop's Book | Good Health", {}, None, "religion is now 2", "unmoved"),
    (
        "Diplomatic Mission | Bad Health",
        {},
        None,
        "leaves on a Diplomatic Mission",
        "stays at court",
    ),
    ("Ennoblement | Evidence of Heresy", {}, None, " becomes ", "is not ennobled"),
    (
        "Execution | Duplicity",
        {},
        place("Thomas Cromwell", 4),
        "Thomas Cromwell is executed.",
        "does not go ahead",
    ),
    ("Fee'd Men | Henry's Ear", {}, None, "Fee'd Men spy on", "the servants are loyal"),
    ("Influenza | Bad Health", {}, None, "survives", "the fever passes"),
    ("Investigation | Scandal", {}, None, "is placed under Investigation", "nothing is found"),
    ("King's Book | Henry's Ear", {}, None, "religion is now C0", "unmoved"),
    ("Law Suit | Bad Health", {}, None, "is embroiled in a Law Suit", "wins the case"),
    (
        "License of Release | Lady of the Bedchamber",
        {},
        place("Thomas Cromwell", 4),
        "Thomas Cromwell is released",
        "stays in the Tower",
    ),
    ("Marriage | Scandal", {}, None, " marries ", "does not marry"),
    ("My Lord's Man | Captaincy", {}, None, "becomes My Lord's Man", "is nobody's man"),
    ("Persuasion | Treachery", {}, None, " leaves Faction ", "is not persuaded"),
    ("Plague | Henry's Ear", {}, None, "survives", "spares London"),
    ("Quails | Revulsion", {}, None, "Henry demands gifts", "Henry is content"),
    (
        "Rack | Evidence-Parading Royal Descent",
        {},
        place("Thomas Cromwell", 3),
        "Thomas Cromwell confesses",
        "won't talk",
    ),
    (
        "Royal Progress | Treachery",
        {},
        place("Thomas Cromwell", 4),
        "Thomas Cromwell is executed.",
        "Henry stays in London",
    ),
    (
        "Summons to Court | Evidence of Conspiracy",
        {},
        place("Thomas Cromwell", 5),
        "Thomas Cromwell returns to court",
        "stays abroad",
    ),
    ("Take Oath | Revulsion", {}, supremacy, "takes the Oath of Supremacy", "refuses the Oath"),
    ("The Ten Articles | Fee'd Men", {}, None, "religion is now 2", "unmoved"),
    ("Travel Beyond the Realm | Treachery", {}, None, "travels Beyond the Realm", "stays at court"),
    (
        "Trial | Henry's Ear",
        {},
        place("Thomas Cromwell", 3),
        "Thomas Cromwell is executed.",
        "Thomas Cromwell is found Not Guilty",
    ),
]


def _play(card: str, factions: dict[int, list[str]], edit: Edit | None, forcing: str) -> Table:
    table = Table(5, factions=factions, hands={0: [card, forcing]})
    table.to_player_turn(0)
    if edit is not None:
        table.edit(edit(table))
    table.act(f"Endeavour: {card}")
    table.settle()
    while "choose the Endeavour's target" in asked(table.state):
        table.act(table.state.legal_actions()[0].text)
        table.settle()
    table.act(f"Support: {forcing}")
    table.pass_supports()
    table.settle()
    return table


@pytest.mark.parametrize(("card", "factions", "edit", "success", "failure"), CASES)
def test_endeavour_succeeds(
    card: str, factions: dict[int, list[str]], edit: Edit | None, success: str, failure: str
) -> None:
    """Forced by a Royal Command, each Endeavour of the list succeeds and does what its card
    says [List of Endeavours] [Royal Command] [Accident] [List of Endeavours: Act of
    Attainder] [Act of Six Articles] [Act of Succession] [Amnesty] [Annulment] [Arrest
    Warrant] [Assume Office] [Befriend a Tudor] [Bishop's Book] [Diplomatic Mission]
    [Ennoblement] [Execution] [List of Endeavours: Fee'd Men] [Influenza] [Investigation]
    [King's Book] [Law Suit] [License of Release] [Marriage] [My Lord's Man] [Persuasion]
    [Plague] [Quails] [Rack] [Royal Progress] [Summons to Court] [Take Oath] [The Ten
    Articles] [Travel Beyond the Realm] [List of Endeavours: Trial]."""
    table = _play(card, factions, edit, ROYAL_COMMAND)
    assert f"{card.split(' | ', maxsplit=1)[0]} succeeds automatically." in table.events()
    assert any(success in text for text in table.events()), table.events()[-6:]


@pytest.mark.parametrize(("card", "factions", "edit", "success", "failure"), CASES)
def test_endeavour_fails(
    card: str, factions: dict[int, list[str]], edit: Edit | None, success: str, failure: str
) -> None:
    """Forced by an Obstruction, each Endeavour fails, and only its failure's consequences
    follow [Obstruction] [Accident] [List of Endeavours: Act of Attainder] [Act of Six
    Articles] [Act of Succession] [Amnesty] [Annulment] [Arrest Warrant] [Assume Office]
    [Befriend a Tudor] [Bishop's Book] [Diplomatic Mission] [Ennoblement] [Execution] [List
    of Endeavours: Fee'd Men] [Influenza] [Investigation] [King's Book] [Law Suit] [License
    of Release] [Marriage] [My Lord's Man] [Persuasion] [Plague] [Quails] [Rack] [Royal
    Progress] [Summons to Court] [Take Oath] [The Ten Articles] [Travel Beyond the Realm]
    [List of Endeavours: Trial]."""
    table = _play(card, factions, edit, OBSTRUCTION)
    assert any(failure in text for text in table.events()), table.events()[-6:]
    assert not any(success in text for text in table.events()[-4:])


def test_act_of_succession_gives_the_succession_card_chosen() -> None:
    """The heir takes the card chosen, Succession 1 included, and whoever held it moves one
    down; the choices are the cards that exist [Act of Succession Card] [Heirs and
    Succession]."""
    table = Table(5, factions={0: ["Henry Fitzroy"]}, hands={0: ["Act of Succession | Fee'd Men"]})
    table.to_player_turn(0)
    table.act("Endeavour: Act of Succession | Fee'd Men", "Target: Henry Fitzroy")
    choices = [action.text for action in table.state.legal_actions()]
    assert choices == ["Succession: 1", "Succession: 2", "Succession: 3"]
    table.act("Succession: 1")
    table.pass_supports()
    table.settle("Die: 6")
    assert "Henry Fitzroy takes Succession 1." in table.events()
    line = table.state.view(None)["line_of_succession"]
    assert [entry.split(" (")[0] for entry in line] == [
        "Succession 1: Henry Fitzroy",
        "Succession 2: Mary Tudor",
    ]


def test_act_of_succession_card_on_an_assigned_card_moves_its_holder_down() -> None:
    """Taking a card already assigned gives that card; its holder moves one down. Mary Tudor
    holds Succession 2 (Succession 1 empty): Henry Fitzroy taking Succession 2 holds 2, Mary
    3 [Act of Succession Card] [Rulings R17]."""
    table = Table(5, factions={0: ["Henry Fitzroy"]}, hands={0: ["Act of Succession | Fee'd Men"]})
    table.to_player_turn(0)
    table.act("Endeavour: Act of Succession | Fee'd Men", "Target: Henry Fitzroy")
    table.act("Succession: 2")
    table.pass_supports()
    table.settle("Die: 6")
    assert "Henry Fitzroy takes Succession 2." in table.events()
    line = table.state.view(None)["line_of_succession"]
    assert [entry.split(" (")[0] for entry in line] == [
        "Succession 2: Henry Fitzroy",
        "Succession 3: Mary Tudor",
    ]


def test_act_of_bastardy_may_name_a_dead_previous_queen() -> None:
    """The Act strikes the surviving children of one Queen, present or past; a Queen who died
    a Queen (an Accident, forced by Royal Command and a death roll) is a previous Queen, so
    her daughter Mary Tudor can be bastardised [Act of Bastardy] [Rulings R41]."""
    hands = {0: ACCIDENT_HAND}
    table = Table(5, hands={**hands, 1: ["Act of Bastardy | Royal Command"]})
    widow_henry(table)
    assert "Henry is a widower." in table.events()
    table.to_player_turn(1)
    table.act("Endeavour: Act of Bastardy | Royal Command")
    table.settle()
    targets = [action.text for action in table.state.legal_actions()]
    assert "Target: Catherine of Aragon" in targets


def test_law_suit_a_chancellor_beyond_the_realm_shields_nobody() -> None:
    """An Officer of State abroad cannot use his powers, so the faction of a Chancellor Beyond
    the Realm can be sued [Law Suit] [Chancellor] [Travel Beyond the Realm] [Rulings R31]."""
    table = Table(5, hands={0: ["Law Suit | Bad Health"]})
    table.to_player_turn(0)
    chancellor = str(table.state.view(None)["offices"]["Chancellor"])
    faction = table.seat_of(chancellor)
    assert faction != 0, "the deal must give the Chancellor to another faction"
    table.edit(place(chancellor, 5)(table))
    table.act("Endeavour: Law Suit | Bad Health")
    targets = [action.text for action in table.state.legal_actions()]
    assert f"Target faction: Faction {faction + 1}" in targets
