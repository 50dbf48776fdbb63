"""Rules as printed: departures an outside audit found, each tested through the public API
with chance forced, named after the section whose words it follows."""

from __future__ import annotations

from typing import Any

from .helpers import Table, asked, drive


def test_at_start_characters_seven_players_deal_every_titled_character() -> None:
    """Only a five- or six-player game may leave out an 'At Start' character with a title
    or office: with seven, Henry Clifford is dealt as Earl of Cumberland and George
    Hastings with his Barony ["At Start" Characters who have Titles or Offices]."""
    table = Table(7)
    table.settle()
    assert "Title: Earl of Cumberland" in table.state.view(None)["characters"]["Henry Clifford"]
    assert "Title: Baron Hastings" in table.state.view(None)["characters"]["George Hastings"]


ROYAL = "Act of Bastardy | Royal Command"


def test_nobles_royals_and_commoners_heir_with_a_barony_inherits_the_dukedom() -> None:
    """When the Noble with '1' dies, the Noble with '2' inherits at once, and any inferior
    title of his is lost: Henry Howard, a Baron, becomes Duke of Norfolk [Nobles, Royals
    and Commoners] [Ennoblement]."""
    table = Table(5, factions={1: ["Thomas Howard"]}, hands={0: ["Influenza | Bad Health", ROYAL]})
    table.to_player_turn(0)
    henry = table.person("Henry Howard")
    barony = table.game.book.title_names.index("Baron Cromwell")  # type: ignore[attr-defined]

    def change(doc: dict[str, Any]) -> None:
        doc["where"][henry] = 2
        doc["title_holder"][barony] = henry

    table.edit(change)
    assert "Title: Baron Cromwell" in table.state.view(None)["characters"]["Henry Howard"]
    table.act("Endeavour: Influenza | Bad Health", "Target: Thomas Howard", f"Support: {ROYAL}")
    table.pass_supports()
    table.settle("Dice: 12")
    characters = table.state.view(None)["characters"]
    assert "Thomas Howard" not in characters
    assert "Title: Duke of Norfolk" in characters["Henry Howard"]
    assert "Baron Cromwell" not in characters["Henry Howard"]
    assert table.state.view(None)["titles"]["Baron Cromwell"] == "in the box"


def test_ennoblement_a_commoner_is_offered_only_a_viscountcy() -> None:
    """Only a Viscountcy may be awarded to a commoner: Thomas Cromwell is offered the
    Viscountcies in the box and no Barony [Ennoblement] [Titles]."""
    table = Table(5, hands={0: ["Ennoblement | Evidence of Heresy"]})
    table.to_player_turn(0)
    table.act("Endeavour: Ennoblement | Evidence of Heresy", "Target: Thomas Cromwell")
    titles = [action.text for action in table.state.legal_actions()]
    assert titles == ["Title: Viscount Beauchamp", "Title: Viscount Lisle"]


def test_check_for_the_birth_of_a_tudor_heir_daughter_follows_her_elder_sister() -> None:
    """A newborn princess takes her place after Henry's children already in the line: with
    Henry Fitzroy on Succession 1 and Mary Tudor on 2, she takes 3 and Mary keeps 2 [E.
    Check for the birth of a Tudor Heir] [Heirs and Succession]."""
    table = Table(5)
    table.to_player_turn()
    fitzroy, mary = table.person("Henry Fitzroy"), table.person("Mary Tudor")

    def change(doc: dict[str, Any]) -> None:
        doc["line"] = [fitzroy, mary]
        doc["first_vacant"] = False

    table.edit(change)
    drive(table, lambda state: asked(state) == "chance: the birth of an heir")
    table.settle("Dice: 2", "Die: 1", "Die: 6")
    line = [entry.split(" (")[0] for entry in table.state.view(None)["line_of_succession"]]
    assert line[:2] == ["Succession 1: Henry Fitzroy", "Succession 2: Mary Tudor"]
    assert line[2].startswith("Succession 3: Princess")
