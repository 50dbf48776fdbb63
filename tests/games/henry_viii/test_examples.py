"""Every worked example of the rulebook, as a named test through the public API with
forced dice."""

from __future__ import annotations

import pytest

from stratagem.games.henry_viii.views import read_characters

from .helpers import Table, asked, drive, religion


def test_thomas_howards_death_roll() -> None:
    """The sidebar's example: Death Roll 14 in Turn 3: with the Turn added, 2d must reach 14,
    so an 11 or higher kills him [3. Death Segment]."""
    for roll, dies in (("Dice: 11", True), ("Dice: 10", False)):
        table = Table(5, factions={0: ["Thomas Howard"]})
        drive(
            table,
            lambda s: (
                s.view(None)["turn"] == 3 and asked(s) == "chance: a death roll for Thomas Howard"
            ),
        )
        table.state.apply_action(roll)
        died = any(
            text.startswith("Thomas Howard dies: 2d 11 + Turn 3 = 14 >= 14")
            for text in table.events()
        )
        assert died is dies
        assert ("Thomas Howard" in table.state.view(None)["dead"]) is dies


def _arrest_table() -> Table:
    table = Table(
        5,
        factions={0: ["Thomas More"]},
        hands={
            1: ["Arrest Warrant | Duplicity"],
            2: ["Investigation | Evidence of Heresy"],
            3: ["Fee'd Men | Henry's Ear"],
        },
    )
    table.to_player_turn(1)
    table.edit(religion(2))  # the example takes Henry's religion to be 2 for now
    return table


@pytest.mark.parametrize(("die", "arrested"), [(5, True), (4, False)])
def test_the_arrest_of_thomas_more(die: int, arrested: bool) -> None:
    """Thomas More (C0, Ability 4) is not under Investigation; Evidence of Heresy (+1, he
    differs from Henry's 2) and Henry's Ear (+1) leave -2: a 5 or 6 arrests him [Endeavour
    Examples: Arrest] [Arrest Warrant] [Evidence of Heresy] [Henry's Ear] [Resolving the
    Endeavour] [The Player Turn: Playing an Endeavour]."""
    table = _arrest_table()
    table.act("Endeavour: Arrest Warrant | Duplicity", "Target: Thomas More")
    table.settle()
    assert table.state.current_player() == 1  # supports go round from the player
    table.act("Pass", "Support: Investigation | Evidence of Heresy", "Pass")
    table.act("Support: Fee'd Men | Henry's Ear", "Modifier: +1")
    table.pass_supports()
    table.state.apply_action(f"Die: {die}")
    line = next(t for t in table.events() if t.startswith("Arrest Warrant: die"))
    assert "Thomas More's Ability -4" in line
    assert "Evidence of Heresy (Faction 3) +1" in line
    assert "Henry's Ear (Faction 4) +1" in line
    assert f"{die - 2} Action Points against 3" in line
    where = table.character("Thomas More")["where"]
    assert (where == "arrested in the Tower") is arrested
    if arrested:
        assert "Speaker of the House" not in table.character("Thomas More").get("offices", [])
        assert table.state.view(None)["offices"]["Speaker of the House"] == "vacant"


def test_arrest_without_investigation_or_evidence_fails() -> None:
    """The Warrant needs an Investigation or an Evidence support [Arrest Warrant] [Rulings
    R23]."""
    table = _arrest_table()
    table.act("Endeavour: Arrest Warrant | Duplicity", "Target: Thomas More")
    table.pass_supports()
    assert any("no Evidence is played" in text for text in table.events())
    assert table.character("Thomas More")["where"] == "at court"


def _courtenay_table() -> Table:
    table = Table(
        5,
        factions={0: ["George Talbot"], 1: ["Edward Courtenay"]},
        hands={
            0: [
                "Rack | New Year's Gift",
                "Trial | Henry's Ear",
                "My Lord's Man | Evidence-Parading Royal Descent",
            ],
            1: ["Law Suit | Parliamentary Petition"],
        },
    )
    table.to_player_turn(0)
    edward = table.person("Edward Courtenay")

    def arrested(doc: dict[str, object]) -> None:
        where = doc["where"]
        assert isinstance(where, list)
        where[edward] = 3

    table.edit(arrested)
    return table


@pytest.mark.parametrize(("die", "fate"), [(4, "executed"), (2, "imprisoned"), (6, "attainted")])
def test_edward_courtenays_trial(die: int, fate: str) -> None:
    """President +1, Heir's Credibility minus -2 = +2, Rack +1, Parading Royal Descent +1,
    Parliamentary Opposition -1: +4; a 4 makes 8: executed [Endeavours: Endeavour Examples:
    Trial] [Trial Card] [Evidence-Parading Royal Descent] [Parliamentary Petition] [Lord
    High Steward]."""
    table = _courtenay_table()
    table.act("Endeavour: Rack | New Year's Gift", "Target: Edward Courtenay")
    table.pass_supports()
    table.state.apply_action("Die: 2")
    assert "Edward Courtenay implicates himself (+1 at Trial)." in table.events()
    table.to_player_turn(0)
    table.act("Endeavour: Trial | Henry's Ear", "Target: Edward Courtenay")
    table.act("Support: My Lord's Man | Evidence-Parading Royal Descent", "Pass")
    table.act("Support: Law Suit | Parliamentary Petition", "Modifier: -1")
    table.pass_supports()
    assert "vote as Trial President" in asked(table.state)
    table.act("Modifier: +1")
    table.settle(f"Die: {die}")
    line = next(t for t in table.events() if t.startswith("Trial: die"))
    assert "Trial President +1" in line
    assert "Heir's Credibility -1 x -2 +2" in line
    assert "Rack +1" in line
    assert f"{die + 4} Action Points" in line
    events = table.events()
    if fate == "executed":
        assert "Edward Courtenay is executed." in events
    elif fate == "attainted":
        assert "Edward Courtenay is attainted and executed." in events
    else:
        assert "Edward Courtenay is imprisoned in the Tower." in events


def _war_table() -> Table:
    table = Table(
        5,
        factions={0: ["William Fitzwilliam"]},
        hands={
            0: ["War/Uprising | Fee'd Men", "Quails | Captaincy"],
            1: ["Influenza | Bad Health", "Act of Six Articles | Duplicity"],
        },
    )
    table.to_player_turn(0)
    table.act("Endeavour: War/Uprising | Fee'd Men")
    table.act("Support: Quails | Captaincy", "Captain: William Fitzwilliam", "Pass")
    table.act("Support: Influenza | Bad Health", "Modifier: -1")
    table.act("Support: Act of Six Articles | Duplicity")
    table.pass_supports()
    return table


def test_william_fitzwilliams_war() -> None:
    """Ability +3, Bad Health -1, Duplicity -1: 0; a roll of 2 makes 2 against the Difficulty
    of 2: glory, and William may be awarded a Title [War Card] [War/Uprising] [Captaincy]
    [Bad Health] [Duplicity] [Rulings R5]."""
    table = _war_table()
    table.state.apply_action("Die: 2")
    line = next(t for t in table.events() if t.startswith("War/Uprising: die 2"))
    assert "Captaincy: William Fitzwilliam's Ability +3" in line
    assert "Captaincy's Action Point cost -1" in line  # the example's total of 0 (Rulings)
    assert "2 Action Points against 2: success" in line
    legal = [a.text for a in table.state.legal_actions()]
    assert legal and all(t.startswith(("Title: Baron", "Title: Viscount")) for t in legal)
    table.act(legal[0])
    assert table.character("William Fitzwilliam")["title"] == legal[0].removeprefix("Title: ")


def test_william_fitzwilliams_war_lost() -> None:
    """A lost War disgraces him: his faction gives up one court card [War Card]
    [War/Uprising]."""
    table = _war_table()
    before = table.state.view(None)["factions"]["Faction 1"]["court_cards"]
    table.state.apply_action("Die: 1")
    table.settle()
    assert any(t.startswith("Faction 1 loses ") for t in table.events())
    assert table.state.view(None)["factions"]["Faction 1"]["court_cards"] == before - 1


def _pilgrimage_table() -> Table:
    table = Table(
        5,
        factions={0: ["Thomas Howard"]},
        hands={1: ["Pilgrimage of Grace | Evidence of Conspiracy"]},
    )
    table.to_player_turn(1)
    table.act("Endeavour: Pilgrimage of Grace | Evidence of Conspiracy")
    return table


def test_thomas_howard_and_the_pilgrimage() -> None:
    """Thomas Howard (C1, Guile 4) rolls a 5: 5 - 4 = 1 falls short of the Difficulty of 2,
    and he remains loyal [Pilgrimage of Grace Card] [Pilgrimage of Grace]."""
    table = _pilgrimage_table()
    table.settle(until=lambda s: asked(s) == "chance: the rebellion roll of Thomas Howard")
    table.state.apply_action("Die: 5")
    assert "Thomas Howard rolls 5 - Guile 4 = 1: stays loyal." in table.events()


def test_pilgrimage_rebels_defeated_go_to_the_tower() -> None:
    """With no Captaincy a nominal Captain of Ability 1 fights; the rebels, defeated, are
    arrested [The Rebellion]."""
    table = _pilgrimage_table()
    table.settle(until=lambda s: asked(s) == "chance: the rebellion roll of Henry Courtenay")
    table.state.apply_action("Die: 4")  # 4 - Guile 2 = 2: he rebels
    table.pass_supports()
    table.settle("Die: 2")
    assert any(
        t.startswith("The nominal Captain: die 2 + Ability 1 - cost 1 = 2") for t in table.events()
    )
    assert table.character("Henry Courtenay")["where"] == "arrested in the Tower"


def test_pilgrimage_rebels_win_and_the_catholic_heir_takes_the_throne() -> None:
    """With every Captaincy beaten the game stops there; the faction whose Catholic (C0 or C1)
    stands highest in the line wins: Mary Tudor (C0), with Queen Katherine [The Rebellion]
    [Rulings R1]."""
    table = _pilgrimage_table()
    table.settle(until=lambda s: asked(s) == "chance: the rebellion roll of Henry Courtenay")
    table.state.apply_action("Die: 4")
    table.pass_supports()
    table.settle("Die: 1")
    assert table.state.is_terminal()
    result = table.state.result()
    assert result["details"]["ended"] == "pilgrimage"
    assert result["winners"] == [f"Faction {table.seat_of('Mary Tudor') + 1}"]


def _contentment_table(male_heir: bool) -> Table:
    table = Table(5, factions={0: ["Henry Fitzroy"]})
    table.settle(until=lambda s: asked(s) == "chance: Henry's Matrimonial Contentment")
    if male_heir:
        fitzroy = table.person("Henry Fitzroy")

        def heir(doc: dict[str, object]) -> None:
            line = doc["line"]
            assert isinstance(line, list)
            line.insert(0, fitzroy)

        table.edit(heir)
    return table


@pytest.mark.parametrize(
    ("die", "male_heir", "expected"),
    [
        (6, True, 2),
        (5, True, 1),
        (4, True, 1),
        (3, True, 0),
        (2, True, 0),
        (1, True, -1),
        (3, False, -2),
        (6, False, 0),
    ],
)
def test_the_contentment_table(die: int, male_heir: bool, expected: int) -> None:
    """6+ +2, 4-5 +1, 2-3 0, 1 -1, below 1 -2; -3 with no male heir in the line [F. Roll for
    Henry's Matrimonial Contentment]."""
    table = _contentment_table(male_heir)
    table.state.apply_action(f"Die: {die}")
    assert table.state.view(None)["henry"]["contentment"] == expected
    line = table.events()[-1]
    assert ("no male heir -3" in line) is not male_heir


def test_religious_difference_c1_to_p3() -> None:
    """The RelD between a C1 and a P3 is 2: when The Ten Articles move Henry from 2 to P3, a
    faction led by a C1 loses 2 cards [Resolving the Endeavour] [Ability, Guile and
    Religion] [The Ten Articles]."""
    table = Table(5, factions={0: ["Thomas Howard"]}, hands={1: ["The Ten Articles | Fee'd Men"]})
    table.to_player_turn(1)
    table.edit(religion(2))
    table.act("Endeavour: The Ten Articles | Fee'd Men")
    table.pass_supports()
    table.settle("Die: 6")
    assert table.state.view(None)["henry"]["religion"] == "P3"
    top = max(
        [c for c in read_characters(table.state.view(None)) if c["faction"] == "Faction 1"],
        key=lambda c: c["influence"],
    )
    assert top["name"] == "Thomas Howard" and top["religion"] == "C1"
    losses = [t for t in table.events() if t.startswith("Faction 1 loses ")]
    assert len(losses) == 2
