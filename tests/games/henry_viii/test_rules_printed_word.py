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


TRAVEL, MISSION = 5, 6
"""Places in the state's document: Beyond the Realm, on a Diplomatic Mission."""


def _abroad(table: Table, name: str, where: int = TRAVEL) -> None:
    c = table.person(name)

    def change(doc: dict[str, Any]) -> None:
        doc["where"][c] = where

    table.edit(change)


def _targets(table: Table) -> list[str]:
    return [action.text.removeprefix("Target: ") for action in table.state.legal_actions()]


def test_accident_a_character_abroad_may_be_nominated() -> None:
    """An Accident may strike any character, wherever he is: only the Plague spares those
    abroad [Accident] [Plague] [Travel Beyond the Realm]."""
    table = Table(5, hands={0: ["Accident | Act of Attainder"]})
    table.to_player_turn(0)
    _abroad(table, "Thomas Cromwell")
    _abroad(table, "Thomas More", MISSION)
    table.act("Endeavour: Accident | Act of Attainder")
    assert {"Thomas Cromwell", "Thomas More"} <= set(_targets(table))


def test_travel_beyond_the_realm_spares_only_the_printed_endeavours() -> None:
    """Those Beyond the Realm are unaffected by Arrest, Attainder, Assume Office,
    Persuasion and Trial, and by nothing else: a Persuasion cannot reach Thomas Cromwell
    abroad, an Investigation can [Travel Beyond the Realm]."""
    table = Table(5, hands={0: ["Persuasion | Treachery", "Investigation | Scandal"]})
    table.to_player_turn(0)
    _abroad(table, "Thomas Cromwell")
    table.act("Endeavour: Persuasion | Treachery")
    assert "Thomas Cromwell" not in _targets(table)
    assert "Thomas More" in _targets(table)
    table = Table(5, hands={0: ["Persuasion | Treachery", "Investigation | Scandal"]})
    table.to_player_turn(0)
    _abroad(table, "Thomas Cromwell")
    table.act("Endeavour: Investigation | Scandal")
    assert "Thomas Cromwell" in _targets(table)


def test_amnesty_a_traveller_may_stay_beyond_the_realm() -> None:
    """With an Amnesty a traveller may return, his faction choosing: Thomas Cromwell's
    faction keeps him abroad [Amnesty] [B. Characters may Return]."""
    table = Table(
        5, factions={2: ["Thomas Cromwell"]}, hands={0: ["Amnesty | Act of Attainder", ROYAL]}
    )
    table.to_player_turn(0)
    _abroad(table, "Thomas Cromwell")
    table.act("Endeavour: Amnesty | Act of Attainder", f"Support: {ROYAL}")
    table.pass_supports()
    table.settle()
    assert asked(table.state) == "Faction 3: bring the traveller home from Beyond the Realm?"
    table.act("No")
    assert table.state.view(None)["abroad"] == ["Thomas Cromwell"]
    assert "Thomas Cromwell returns to court." not in table.events()


def test_diplomatic_mission_an_officer_keeps_his_powers() -> None:
    """Only Travel Beyond the Realm takes away an Officer of State's special powers: the
    Lord Keeper on a Diplomatic Mission still gives his faction its Investigation
    [Diplomatic Mission] [Travel Beyond the Realm] [Lord Keeper of the Great Seal]."""
    table = Table(5, factions={0: ["Thomas Grey"]})
    table.to_player_turn(0)
    _abroad(table, "Thomas Grey", MISSION)
    legal = [action.text for action in table.state.legal_actions()]
    assert "Office power: Lord Keeper of the Great Seal" in legal


def test_completing_the_rounds_an_office_power_is_an_endeavour_to_play() -> None:
    """Rounds end only when no one has an Endeavour to play: the Lord Keeper's faction,
    out of court cards, still plays its Investigation, or passes it up [Completing the
    Rounds] [Lord Keeper of the Great Seal]."""
    table = Table(5, factions={0: ["Thomas Grey"]})

    def out_of_cards(state: Any) -> bool:
        legal = [action.text for action in state.legal_actions()]
        stage = str(state.view(None)["stage"])
        offered = "Office power: Lord Keeper of the Great Seal" in legal
        return stage != "Player Rounds" or (offered and not any("Discard" in t for t in legal))

    table.to_player_turn()
    drive(table, out_of_cards)
    assert table.state.view(None)["stage"] == "Player Rounds"
    assert table.state.view(None)["factions"]["Faction 1"]["court_cards"] == 0
    assert sorted(a.text for a in table.state.legal_actions()) == [
        "Office power: Lord Keeper of the Great Seal",
        "Pass",
    ]
    table.act("Office power: Lord Keeper of the Great Seal", "Target: Thomas Cromwell")
    table.pass_supports()
    assert any("plays Investigation (by the Lord Keeper" in text for text in table.events())


def test_war_card_each_faction_may_play_a_captaincy() -> None:
    """Players may play Captaincy cards, and each successful Captain receives a Title:
    Faction 1 sends William Fitzwilliam, Faction 2 Thomas Cromwell, and each fights and
    wins his own battle [War/Uprising] [War Card] [Captaincy]."""
    table = Table(
        5,
        factions={0: ["William Fitzwilliam"], 1: ["Thomas Cromwell"]},
        hands={0: ["War/Uprising | Fee'd Men", "Quails | Captaincy"], 1: ["Trial | Captaincy"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: War/Uprising | Fee'd Men", "Support: Quails | Captaincy")
    table.act("Captain: William Fitzwilliam", "Pass")
    assert "Support: Trial | Captaincy" in [a.text for a in table.state.legal_actions()]
    table.act("Support: Trial | Captaincy", "Captain: Thomas Cromwell")
    table.pass_supports()
    table.settle("Die: 6")
    table.act("Title: Viscount Beauchamp")
    table.settle("Die: 6")
    table.act("Title: Viscount Lisle")
    table.settle()
    events = table.events()
    assert "William Fitzwilliam wins glory in the War." in events
    assert "Thomas Cromwell wins glory in the War." in events
    characters = table.state.view(None)["characters"]
    assert "Title: Viscount Lisle" in characters["Thomas Cromwell"]
