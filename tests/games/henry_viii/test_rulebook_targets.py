"""Rulebook-first audit: who may be the target of an Endeavour (Important: You Can Play
an Endeavour on Any Faction, and each card's own limits) (public API only)."""

from __future__ import annotations

import pytest

from .helpers import Table, asked
from .rulebook_play import endeavour, legal, setdoc, started, to_tower


def targets(table: Table, seat: int, card: str) -> set[str]:
    """The characters offered as targets of ``card`` at ``seat``'s Player Turn."""
    endeavour(table, seat, card, until=lambda s: "target" in asked(s))
    return {o.removeprefix("Target: ") for o in legal(table) if o.startswith("Target: ")}


@pytest.mark.parametrize("card", ["Act of Attainder | Henry's Will", "Rack | New Year's Gift"])
def test_foreign_wives_cannot_be_attainted_or_racked(card: str) -> None:
    """List of Endeavours: a foreign wife (Catherine of Aragon) can be neither attainted nor
    Racked."""
    table = started(hands={0: [card]})
    to_tower(table, "Catherine of Aragon")
    to_tower(table, "Thomas Cromwell")
    assert targets(table, 0, card) == {"Thomas Cromwell"}


def test_foreign_queens_cannot_be_executed() -> None:
    """List of Endeavours: Execution: a foreign Queen cannot be executed."""
    table = started(hands={0: ["Execution | Scandal"]})
    to_tower(table, "Catherine of Aragon", imprisoned=True)
    to_tower(table, "Thomas Cromwell", imprisoned=True)
    assert targets(table, 0, "Execution | Scandal") == {"Thomas Cromwell"}


@pytest.mark.parametrize(
    "card", ["Assume Office | Scandal", "Persuasion | Treachery", "Arrest Warrant | Duplicity"]
)
def test_travel_beyond_the_realm_unaffected_by_arrest_office_persuasion(card: str) -> None:
    """List of Endeavours: Travel Beyond the Realm: the traveller is out of reach of Arrest, Assume
    Office and Persuasion."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery", card]})
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Thomas More", die=6)
    table.settle()
    assert "Thomas More" in str(table.state.view(None)["abroad"])
    assert "Thomas More" not in targets(table, 0, card)


def test_minors_can_be_arrested() -> None:
    """Minors: a minor can be arrested and sent to the Tower."""
    table = started(hands={0: ["Arrest Warrant | Duplicity"]})
    assert {"Henry Fitzroy", "Mary Tudor"} <= targets(table, 0, "Arrest Warrant | Duplicity")


def test_accident_and_influenza_any_character() -> None:
    """Important: You Can Play an Endeavour on Any Faction: an Accident may befall any character in
    play."""
    table = started(hands={0: ["Accident | Act of Attainder"]})
    names = set(table.state.view(None)["characters"])
    assert names <= targets(table, 0, "Accident | Act of Attainder")


def test_take_oath_a_minor_may_be_asked_the_oath() -> None:
    """List of Endeavours: Take Oath prints no limit on its target, and a minor can be arrested, so
    a minor may be asked."""
    table = started(hands={0: ["Take Oath | Captaincy"]})
    setdoc(table, supremacy=True)
    assert "Henry Fitzroy" in targets(table, 0, "Take Oath | Captaincy")


def test_travel_beyond_the_realm_only_tudor_heirs_barred() -> None:
    """List of Endeavours: Travel Beyond the Realm bars Tudor Heirs only, so the Queen may
    travel."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery"]})
    assert "Catherine of Aragon" in targets(table, 0, "Travel Beyond the Realm | Treachery")


def test_diplomatic_mission_a_male_minor_may_be_sent() -> None:
    """List of Endeavours: Diplomatic Mission prints no limit on its target, so a male minor may be
    sent."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    assert "Henry Fitzroy" in targets(table, 0, "Diplomatic Mission | Bad Health")
