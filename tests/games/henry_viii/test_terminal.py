"""Henry VIII at an 80-column terminal: the game's own layout of a seat's view."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from stratagem.cli.terminal import render_view
from stratagem.games.henry_viii.views import read_characters
from stratagem.render.text.henry_viii import choice_note

from .helpers import Table


def _war_in_the_window() -> Table:
    """Faction 1's War with its Captaincy played; Faction 2 to answer; Thomas Cromwell
    arrested and Thomas Cranmer Beyond the Realm."""
    table = Table(
        5,
        factions={0: ["William Fitzwilliam"], 2: ["Thomas Cromwell", "Thomas Cranmer"]},
        hands={
            0: ["War/Uprising | Fee'd Men", "Quails | Captaincy"],
            1: ["Influenza | Bad Health"],
        },
    )
    table.to_player_turn(0)
    table.act("Endeavour: War/Uprising | Fee'd Men")
    table.act("Support: Quails | Captaincy", "Captain: William Fitzwilliam", "Pass")

    def elsewhere(doc: dict[str, Any]) -> None:
        doc["where"][table.person("Thomas Cromwell")] = 3
        doc["where"][table.person("Thomas Cranmer")] = 5

    table.edit(elsewhere)
    return table


def _screen(view: dict[str, Any], *, whole: bool = True) -> list[str]:
    """The whole board (``board``), or a decision's screen."""
    console = Console(width=80, file=io.StringIO(), color_system=None, record=True)
    console.print(render_view(view, "Faction 2", whole=whole))
    return console.export_text().splitlines()


def test_the_view_reads_in_80_columns_with_every_key_fact() -> None:
    """No line is wider than 80; Henry, the line, the Tower, those abroad, the Endeavour
    with its Supports round the table, every faction's characters with their numbers and
    holdings, and the seat's own hand and face-down arrivals are all on screen."""
    table = _war_in_the_window()
    view = table.state.view(1)
    lines = _screen(view)
    assert max(len(line) for line in lines) <= 80
    screen = "\n".join(lines)
    words = " ".join(screen.replace("│", " ").split())
    henry = view["henry"]
    assert f"Religion {henry['religion']}" in words
    assert f"Queen: {henry['queen']}" in words
    assert f"dies this Turn on 2d >= {henry['death_number']}" in words
    assert view["line_of_succession"] and all(e in words for e in view["line_of_succession"])
    assert "Tower: arrested Thomas Cromwell; imprisoned none" in words
    assert "Beyond the Realm: Thomas Cranmer" in words
    assert "War/Uprising by Faction 1" in words
    assert "+ Captaincy (Faction 1): Captain William Fitzwilliam" in words
    assert (
        "Supports for War/Uprising round the table from Faction 1: Faction 2 to answer "
        "(1 pass in a row)" in words
    )
    for seat, faction in view["factions"].items():
        assert f"{seat} · Influence {faction['influence']} · " in words
    rows = [" ".join(line.split()) for line in lines]
    for entry in read_characters(view):
        row = f"{entry['name']} {entry['influence']} {entry['ability']} {entry['guile']}"
        assert any(r.startswith(f"{row} {entry['religion']}") for r in rows), entry["name"]
    assert "Duke of Norfolk" in words and "Lord High Treasurer" in words
    assert "You (Faction 2): your hand" in words
    assert "Influenza (Spy), Difficulty 3" in words and "Bad Health -1/-2" in words
    for arrival in view["you"]["face_down"]:
        assert arrival in words


def _hand_rows(view: dict[str, Any]) -> set[str]:
    """The hand table's rows as they read on screen (spaces collapsed)."""
    rows = set()
    for text in view["you"]["hand"].values():
        endeavour, _, support = str(text).partition(" | ")
        row = f"{endeavour.removeprefix('Endeavour ')} {support.removeprefix('Support ')}"
        rows.add(" ".join(row.split()))
    return rows


def test_the_layout_shows_no_other_seats_hand() -> None:
    """The layout draws the view it is given: Faction 1's cards stay off Faction 2's
    screen, where Faction 2's own are."""
    table = _war_in_the_window()
    rows = {" ".join(line.replace("│", " ").split()) for line in _screen(table.state.view(1))}
    assert _hand_rows(table.state.view(1)) <= rows
    theirs = _hand_rows(table.state.view(0))
    assert theirs and not theirs & rows


def test_a_decisions_screen_is_short_and_says_what_the_support_needs() -> None:
    """A decision's screen (``terminal_view``) in at most 16 lines of 80 columns: King
    Henry, the Tower, the Endeavour in play with its Difficulty and the Supports' running
    total, who is to answer, a line per faction and the seat's hand."""
    table = _war_in_the_window()
    view = table.state.view(1)
    lines = _screen(view, whole=False)
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 16, "\n".join(lines)
    words = " ".join(" ".join(lines).split())
    henry = view["henry"]
    assert f"Henry alive {henry['religion']}, Contentment {henry['contentment']:+d}" in words
    assert "Tower: Cromwell · Abroad: Cranmer" in words
    assert "War/Uprising by Faction 1 · Difficulty " in words
    assert "Supports +0" in words  # a Captaincy adds an Ability, not a number, here
    assert "Faction 2 to answer (1 pass in a row)" in words
    for seat, faction in view["factions"].items():
        assert f"{seat.replace('Faction ', 'F')} Inf {faction['influence']:>2} · " in words
    assert "Faction 2 to answer (1 pass in a row); Supports: Captaincy (F1): Captain" in words
    first = next(iter(view["you"]["hand"]))  # the hand, cut to two lines if long
    endeavour, _, support = first.partition(" | ")
    assert words.startswith(f"You (Faction 2): {endeavour} D", words.index("You (Faction 2)"))
    assert f"/{support} " in words


def test_targets_and_supports_are_told_at_the_prompt() -> None:
    """A target choice is followed by its faction, Ability, Guile and religion; a Support
    by its value and whether it helps or hinders (or that its player chooses)."""
    table = _war_in_the_window()
    view = table.state.view(1)
    for entry in read_characters(view):
        note = choice_note(view, f"Target: {entry['name']}")
        faction = str(entry["faction"]).replace("Faction ", "F")
        assert note == f"{faction} A{entry['ability']} G{entry['guile']} R{entry['religion']}"
    assert choice_note(view, "Support: Influenza | Bad Health") == "-1/-2: you choose"
    assert choice_note(view, "Target: Nobody At All") is None
    assert choice_note(view, "Pass") is None
    assert choice_note(view, "Modifier: +1") == "helps the War/Uprising"
    assert choice_note(view, "Modifier: -2") == "hinders the War/Uprising"
    assert choice_note({"in_play": None}, "Modifier: +1") is None
    hand = {"A | Duplicity": "Endeavour A, Difficulty 3 | Support Duplicity -1"}
    fee = {"B | Fee'd Men": "Endeavour B, Difficulty 3 | Support Fee'd Men +1"}
    assert choice_note({"you": {"hand": hand}}, "Support: A | Duplicity") == "-1: hinders"
    assert choice_note({"you": {"hand": fee}}, "Support: B | Fee'd Men") == "+1: helps"
