"""Rulebook-first audit: 1. Henry Segment, steps A to G (public API only)."""

from __future__ import annotations

import pytest

from stratagem import CHANCE

from .helpers import ACCIDENT_HAND, Table, asked, drive, widow_henry
from .rulebook_play import endeavour, last, legal, started

SON = ("Dice: 2", "Die: 5", "Die: 6")
"""Turn 1 Henry Segment results: an heir is born, a boy, and the Queen survives."""


def turn_events(table: Table, turn: int) -> list[str]:
    """The rules cited by events from the start of ``turn`` on."""
    rules: list[str] = []
    seen = False
    for event in table.state.events:
        if event.text == f"Turn {turn} begins.":
            seen = True
        if seen:
            rules.append(event.rule)
    return rules


def to_turn_2(table: Table, question: str) -> None:
    """Play Turn 1 out quietly until Turn 2 asks ``question``."""
    drive(table, lambda s: s.view(None)["turn"] == 2 and asked(s) == question)


def test_a_act_of_supremacy_passes_in_turn_2_with_a_queen_and_no_son() -> None:
    """A. Determine if the Act of Supremacy is passed: from Turn 2, a Queen and no living son pass
    it."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    assert table.state.view(None)["henry"]["act_of_supremacy"] is True


def test_a_act_of_supremacy_sets_contentment_and_religion() -> None:
    """A. Determine if the Act of Supremacy is passed: Contentment becomes -2 and the King's
    Religion P3."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    henry = table.state.view(None)["henry"]
    assert henry["contentment"] == -2
    assert henry["religion"] == "P3"


def test_a_act_of_supremacy_removes_the_cardinal() -> None:
    """A. Determine if the Act of Supremacy is passed: the Cardinal card leaves play."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    offices = table.state.view(None)["offices"]
    assert offices.get("Cardinal") in (None, "removed", "out of play")
    assert "Office: Cardinal" not in table.state.view(None)["characters"]["Thomas Wolsey"]


def test_a_act_of_supremacy_is_not_checked_in_turn_1() -> None:
    """A. Determine if the Act of Supremacy is passed: the check starts with Turn 2."""
    table = started()
    assert table.state.view(None)["henry"]["act_of_supremacy"] is False
    assert "A. Determine if the Act of Supremacy is passed" not in turn_events(table, 1)


def test_a_act_of_supremacy_not_passed_with_a_living_son() -> None:
    """A. Determine if the Act of Supremacy is passed: a living son keeps it from passing."""
    table = Table(5)
    table.settle(*SON)
    to_turn_2(table, "chance: Henry's death roll")
    assert table.state.view(None)["henry"]["act_of_supremacy"] is False


def test_a_act_of_supremacy_not_passed_without_a_queen() -> None:
    """A. Determine if the Act of Supremacy is passed: without a Queen it does not pass."""
    table = Table(5, hands={0: ACCIDENT_HAND})
    widow_henry(table)
    to_turn_2(table, "chance: Henry's death roll")
    assert table.state.view(None)["henry"]["act_of_supremacy"] is False


def test_a_annulment_cannot_be_played_before_the_act() -> None:
    """A. Determine if the Act of Supremacy is passed: Annulment is unplayable until the Act has
    passed."""
    table = started(hands={2: ["Annulment | Evidence of Heresy"]})
    table.to_player_turn(2)
    assert "Endeavour: Annulment | Evidence of Heresy" not in legal(table)


def test_d_henrys_death_is_not_checked_in_turn_1() -> None:
    """D. Check for Henry's Death: there is no check in Turn 1."""
    table = started()
    assert "D. Check for Henry's Death" not in turn_events(table, 1)


def test_d_henry_dies_when_2d_reaches_the_listed_number() -> None:
    """D. Check for Henry's Death: Henry dies on a 2d roll at least the Turn's listed number."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    number = table.state.view(None)["henry"]["death_number"]
    table.state.apply_action(f"Dice: {number}")
    assert table.state.view(None)["henry"]["alive"] is False


def test_d_henry_lives_when_2d_is_below_the_listed_number() -> None:
    """D. Check for Henry's Death: a 2d roll under the listed number leaves Henry alive."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    number = table.state.view(None)["henry"]["death_number"]
    table.state.apply_action(f"Dice: {number - 1}")
    assert table.state.view(None)["henry"]["alive"] is True


def test_d_the_game_finishes_at_the_end_of_the_turn_henry_dies() -> None:
    """D. Check for Henry's Death: the Turn of Henry's death is still played out, then the game
    ends."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    table.state.apply_action("Dice: 12")
    table.settle()
    assert not table.state.is_terminal()
    assert table.state.view(None)["stage"] == "Player Rounds"
    drive(table, lambda s: s.is_terminal())
    assert table.state.view(None)["turn"] == 2


def test_death_segment_none_on_the_last_turn() -> None:
    """3. Death Segment: in the Turn Henry dies no character rolls for death."""
    table = started()
    to_turn_2(table, "chance: Henry's death roll")
    table.state.apply_action("Dice: 12")
    questions: list[str] = []

    def stop(state: object) -> bool:
        questions.append(asked(table.state))
        return table.state.is_terminal()

    drive(table, stop)
    assert not [q for q in questions if q.startswith("chance: a death roll")]
    assert "3. Death Segment" not in [e.rule for e in table.state.events if "dies" in e.text]


def test_e_an_heir_is_born_when_2d_is_at_most_the_baby_value() -> None:
    """E. Check for the birth of a Tudor Heir: 2d not above the Queen's Baby Value (3) gives an
    heir."""
    table = Table(5)
    table.settle("Dice: 3", "Die: 5", "Die: 6")
    assert any("heir is born" in text for text in table.events())


def test_e_no_heir_when_2d_exceeds_the_baby_value() -> None:
    """E. Check for the birth of a Tudor Heir: 2d above the Baby Value (3) gives no heir."""
    table = Table(5)
    table.settle("Dice: 4")
    assert not any("heir is born" in text for text in table.events())
    assert len(table.state.view(None)["line_of_succession"]) == 1


@pytest.mark.parametrize(
    ("die", "kind"), [(1, "Princess"), (4, "Princess"), (5, "Prince"), (6, "Prince")]
)
def test_e_sex_of_the_heir(die: int, kind: str) -> None:
    """E. Check for the birth of a Tudor Heir: 1d of 1-4 gives a girl (Princess), 5-6 a boy
    (Prince)."""
    table = Table(5)
    table.settle("Dice: 2", f"Die: {die}", "Die: 6")
    born = [
        n
        for n, line in table.state.view(None)["characters"].items()
        if n != "Mary Tudor" and "Tudor" in line
    ]
    assert len(born) == 1 and born[0].startswith(kind + " ")


@pytest.mark.parametrize(("die", "dies"), [(1, True), (2, True), (3, False), (6, False)])
def test_e_queen_dies_in_childbirth_on_1_or_2(die: int, dies: bool) -> None:
    """E. Check for the birth of a Tudor Heir: 1d of 1-2 after a birth kills the Queen."""
    table = Table(5)
    table.settle("Dice: 2", "Die: 5", f"Die: {die}")
    view = table.state.view(None)
    assert ("Catherine of Aragon" in view["dead"]) is dies
    assert (view["henry"]["queen"] in (None, "", "none")) is dies


def test_e_the_heir_joins_the_queens_faction_with_her_religion() -> None:
    """E. Check for the birth of a Tudor Heir: the newborn belongs to the Queen's Faction and shares
    her Religion."""
    table = Table(5)
    table.settle(*SON)
    queen = table.character("Catherine of Aragon")
    prince = next(n for n in table.state.view(None)["characters"] if n.startswith("Prince "))
    heir = table.character(prince)
    assert heir["faction"] == queen["faction"]
    assert heir["religion"] == queen["religion"]


def test_e_a_newborn_is_given_a_succession_card() -> None:
    """E. Check for the birth of a Tudor Heir: the newborn is placed in the Line of Succession."""
    table = Table(5)
    table.settle(*SON)
    line = table.state.view(None)["line_of_succession"]
    assert any("Prince " in entry for entry in line)


def test_e_a_newborn_daughter_is_never_succession_1() -> None:
    """Heirs and Succession: a newborn girl is never given Succession 1."""
    table = Table(5)
    table.settle("Dice: 2", "Die: 1", "Die: 6")
    line = table.state.view(None)["line_of_succession"]
    assert not any(entry.startswith("Succession 1: Princess") for entry in line)
    assert any("Princess " in entry for entry in line)


def test_e_the_queen_cannot_produce_an_heir_in_the_tower() -> None:
    """E. Check for the birth of a Tudor Heir: no birth is rolled while the Queen is in the
    Tower."""
    hand = [
        "Arrest Warrant | Duplicity",
        "Act of Attainder | Evidence of Conspiracy",
        "Arrest Warrant | Royal Command",
    ]
    table = started(hands={0: hand})
    endeavour(
        table,
        0,
        "Arrest Warrant | Duplicity",
        "Target: Catherine of Aragon",
        "Support: Act of Attainder | Evidence of Conspiracy",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    assert "Catherine of Aragon" in table.state.view(None)["tower"]["arrested"]
    questions: list[str] = []

    def stop(state: object) -> bool:
        questions.append(asked(table.state))
        return (
            table.state.view(None)["turn"] == 2
            and asked(table.state) == "chance: Henry's Matrimonial Contentment"
        )

    drive(table, stop)
    assert "chance: the birth of an heir" not in questions[-40:]


@pytest.mark.parametrize(("die", "contentment"), [(1, -2), (3, -2), (4, -1), (5, 0), (6, 0)])
def test_f_contentment_table_without_a_male_heir(die: int, contentment: int) -> None:
    """F. Roll for Henry's Matrimonial Contentment: die -3 (no male heir in the Line) read on the
    table."""
    table = Table(5)
    table.settle("Dice: 12", f"Die: {die}")
    assert table.state.view(None)["henry"]["contentment"] == contentment


@pytest.mark.parametrize(("die", "contentment"), [(1, 1), (2, 1), (3, 2), (6, 2)])
def test_f_contentment_table_with_a_son_by_this_queen(die: int, contentment: int) -> None:
    """F. Roll for Henry's Matrimonial Contentment: a living son by this Queen adds +3 (4,5: +1; 6+:
    +2)."""
    table = Table(5)
    table.settle(*SON, f"Die: {die}")
    assert table.state.view(None)["henry"]["contentment"] == contentment


def test_f_old_contentment_is_added_for_the_same_queen() -> None:
    """F. Roll for Henry's Matrimonial Contentment: last Turn's Contentment counts again with the
    same Queen."""
    table = Table(5)
    table.settle(*SON, "Die: 3")
    assert table.state.view(None)["henry"]["contentment"] == 2
    to_turn_2(table, "chance: Henry's Matrimonial Contentment")
    table.state.apply_action("Die: 1")
    assert table.state.view(None)["henry"]["contentment"] == 2
    assert "old Contentment +2" in last(table, "F. Roll for Henry's Matrimonial Contentment").text


def test_f_henry_unmarried_has_contentment_minus_2() -> None:
    """F. Roll for Henry's Matrimonial Contentment: a single Henry's Contentment is -2, with no
    roll."""
    table = Table(5, hands={0: ACCIDENT_HAND})
    widow_henry(table)
    questions: list[str] = []

    def stop(state: object) -> bool:
        questions.append(asked(table.state))
        return table.state.view(None)["turn"] == 2 and "play an Endeavour" in asked(table.state)

    drive(table, stop)
    assert table.state.view(None)["henry"]["contentment"] == -2
    assert "chance: Henry's Matrimonial Contentment" not in questions[-40:]


def test_g_characters_due_this_turn_are_turned_over() -> None:
    """G. Turn over new Characters and assign Court Cards: a Turn 2 character joins his Faction face
    up."""
    table = started()
    seat = next(
        int(e.text.split()[1]) - 1
        for e in table.state.events
        if e.text.endswith("Catherine Parr face down (enters Turn 2).")
    )
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    assert table.seat_of("Catherine Parr") == seat


def test_g_each_faction_receives_five_court_cards() -> None:
    """G. Turn over new Characters and assign Court Cards: every Faction gets 5, the Treasurer's one
    more."""
    table = started()
    treasurer = table.seat_of("Thomas Howard")
    factions = list(table.state.view(None)["factions"].values())
    assert [f["court_cards"] for i, f in enumerate(factions) if i != treasurer] == [5, 5, 5, 5]
    assert factions[treasurer]["court_cards"] == 6


def test_g_cards_are_dealt_again_in_turn_2() -> None:
    """G. Turn over new Characters and assign Court Cards: each Turn a fresh five cards are
    dealt."""
    table = started()
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    counts = sorted(f["court_cards"] for f in table.state.view(None)["factions"].values())
    assert counts == [5, 5, 5, 5, 6]


def test_game_sequence_henry_segment_before_player_rounds() -> None:
    """Game Sequence: each Turn opens with the Henry Segment, then the Player Rounds, then the Death
    Segment."""
    table = started()
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    rules = turn_events(table, 2)
    first_round = rules.index("Determine Player Order")
    assert "D. Check for Henry's Death" in rules[:first_round]
    assert table.state.current_player() != CHANCE


def test_f_a_non_tudor_male_heir_in_the_line_spares_the_minus_3() -> None:
    """F. Roll for Henry's Matrimonial Contentment: any male heir in the Line (Tudor or not)
    avoids the -3."""
    hands = {3: ["Act of Succession | Fee'd Men", "Arrest Warrant | Royal Command"]}
    table = started(hands=hands)
    endeavour(
        table,
        3,
        "Act of Succession | Fee'd Men",
        "Target: Henry Fitzroy",
        "Succession: 1",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    to_turn_2(table, "chance: Henry's Matrimonial Contentment")
    table.state.apply_action("Die: 3")
    text = last(table, "F. Roll for Henry's Matrimonial Contentment").text
    assert "no male heir" not in text


def test_g_cards_left_over_are_discarded_before_the_deal() -> None:
    """G. Turn over new Characters and assign Court Cards: cards kept from last Turn are
    discarded first."""
    table = started(hands={1: ["Rack | New Year's Gift"], 2: ["Diplomatic Mission | Bad Health"]})
    while table.state.view(None)["round"] < 3:
        options = legal(table)
        table.state.apply_action(
            next(
                o
                for o in options
                if o.startswith("Discard") and "New Year" not in o and "Diplomatic" not in o
            )
        )
        table.settle()
    endeavour(
        table,
        2,
        "Diplomatic Mission | Bad Health",
        "Target: Thomas More",
        until=lambda s: "Support: Rack | New Year's Gift" in legal(table),
    )
    table.state.apply_action("Support: Rack | New Year's Gift")
    table.settle(until=lambda s: s.view(None)["stage"] != "Player Rounds")
    assert any(f["court_cards"] > 0 for f in table.state.view(None)["factions"].values())
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    counts = sorted(f["court_cards"] for f in table.state.view(None)["factions"].values())
    assert counts == [5, 5, 5, 5, 6]
