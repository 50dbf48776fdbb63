"""The Henry Segment (A to G), the line of succession and the end of the game."""

from __future__ import annotations

from typing import Any

from .helpers import Table, asked, drive


def test_the_act_of_supremacy_passes_in_turn_2() -> None:
    """From Turn 2, a Queen and no living son: the Cardinal leaves play, Contentment -2, the
    King's Religion P3 [A. Determine if the Act of Supremacy is passed]."""
    table = Table(5)
    drive(table, lambda s: asked(s) == "chance: Henry's death roll")
    view = table.state.view(None)
    assert view["turn"] == 2
    assert view["henry"]["act_of_supremacy"] is True
    assert view["henry"]["religion"] == "P3"
    assert view["offices"]["Cardinal"] == "removed"


def test_a_son_is_born_and_the_queen_dies_in_childbirth() -> None:
    """2d <= Baby Value (Catherine 3), 1d 5-6 a boy, the next Prince card, 1d 1-2 the Queen
    dies; the son takes Succession 1 ahead of his sister [E. Check for the birth of a Tudor
    Heir] [On the birth of a Tudor Heir] [Heirs and Succession]."""
    table = Table(5)
    table.settle(until=lambda s: asked(s) == "chance: the birth of an heir")
    table.state.apply_action("Dice: 3")
    table.state.apply_action("Die: 5")
    table.state.apply_action("Die: 1")
    view = table.state.view(None)
    assert view["line_of_succession"][0].startswith("Succession 1: Prince Edward")
    assert view["line_of_succession"][1].startswith("Succession 2: Mary Tudor")
    assert "Catherine of Aragon" in view["dead"]
    assert view["henry"]["queen"] is None
    assert table.seat_of("Prince Edward") == table.seat_of("Mary Tudor")


def test_a_woman_never_holds_succession_1() -> None:
    """A daughter goes after Henry's children; Succession 1 stays empty while a woman heads the
    line [Heirs and Succession] [Rulings R17]."""
    table = Table(5)
    table.settle(until=lambda s: asked(s) == "chance: the birth of an heir")
    table.state.apply_action("Dice: 2")
    table.state.apply_action("Die: 1")
    table.state.apply_action("Die: 6")
    line = table.state.view(None)["line_of_succession"]
    assert line[0].startswith("Succession 2: Mary Tudor")
    assert line[1].startswith("Succession 3: Princess Elizabeth")


def test_the_treasurer_receives_one_extra_card() -> None:
    """Five court cards each, the Lord High Treasurer's faction six [G. Turn over new
    Characters and assign Court Cards] [Lord High Treasurer] [Court Cards]."""
    table = Table(5, factions={0: ["Thomas Howard"]})
    table.settle()
    view = table.state.view(None)
    assert view["offices"]["Lord High Treasurer"] == "Thomas Howard"
    counts = [f["court_cards"] for f in view["factions"].values()]
    assert counts[0] == 6 and counts[1:] == [5, 5, 5, 5]


def test_the_game_ends_at_the_end_of_the_turn_henry_dies() -> None:
    """2d >= the Turn's number kills Henry; the Turn is played out with no Death Segment, and
    the most Influence wins [D. Check for Henry's Death] [3. Death Segment] [How to Win]."""
    table = Table(5)
    drive(table, lambda s: asked(s) == "chance: Henry's death roll")
    table.state.apply_action("Dice: 12")
    drive(table, lambda s: s.is_terminal())
    result = table.state.result()
    assert result["details"]["ended"] == "henry_died"
    assert result["details"]["turns"] == 2
    assert "There is no Death Segment on the last Turn." in table.events()
    best = max(result["scores"].values())
    assert result["winners"] == [s for s, v in result["scores"].items() if v == best]


def test_henry_dying_with_an_empty_line_of_succession_makes_everyone_lose() -> None:
    """With nobody in the Line of Succession when Henry dies, nobody wins; the result says the
    game ended with no heir [How to Win]."""
    table = Table(5)
    drive(table, lambda s: asked(s) == "chance: Henry's death roll")

    def empty_line(doc: dict[str, Any]) -> None:
        doc["line"] = []

    table.edit(empty_line)
    assert table.state.view(None)["line_of_succession"] == []
    table.state.apply_action("Dice: 12")
    drive(table, lambda s: s.is_terminal())
    result = table.state.result()
    assert result["details"]["ended"] == "no_heir"
    assert result["winners"] == []
    assert table.state.returns() == [0.0] * 5
    assert "everyone loses" in result["reason"]
