"""Rulebook-first audit: Introduction, How to Win and Setup (public API only)."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.core.errors import OptionError

from .helpers import Table, asked, outcome_texts
from .rulebook_play import started

ASTERISK = {
    "Charles Brandon",
    "Catherine of Aragon",
    "Henry Courtenay",
    "William Fitzalan",
    "Henry Fitzroy",
    "Thomas Grey",
    "Thomas Howard",
    "Thomas More",
    "George Talbot",
    "Cuthbert Tunstall",
    "William Warham",
    "Thomas Wolsey",
}

AT_START_TITLES = {
    "Thomas Boleyn": "Viscount Rochford",
    "Charles Brandon": "Duke of Suffolk",
    "Henry Courtenay": "Marquess of Exeter",
    "William Fitzalan": "Earl of Arundel",
    "Henry Fitzroy": "Duke of Richmond",
    "Thomas Grey": "Marquess of Dorset",
    "Thomas Howard": "Duke of Norfolk",
    "George Talbot": "Earl of Shrewsbury",
}

AT_START_OFFICES = {
    "President of the Council": "Charles Brandon",
    "Chamberlain of the Household": "William Fitzalan",
    "Lord Keeper of the Great Seal": "Thomas Grey",
    "Lord High Treasurer": "Thomas Howard",
    "Speaker of the House": "Thomas More",
    "Lord High Steward": "George Talbot",
    "Lord Privy Seal": "Cuthbert Tunstall",
    "Bishop of Rochester": "John Fisher",
    "Bishop of Winchester": "Stephen Gardiner",
    "Bishop of London": "Cuthbert Tunstall",
    "Archbishop of Canterbury": "William Warham",
    "Cardinal": "Thomas Wolsey",
    "Chancellor": "Thomas Wolsey",
}


@pytest.mark.parametrize("players", [4, 9])
def test_introduction_refuses_other_than_five_to_eight_players(players: int) -> None:
    """Introduction: the game is for five to eight players, so other counts are refused."""
    with pytest.raises(OptionError, match="5 to 8 players"):
        stratagem.load("henry_viii", players=players)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_introduction_five_to_eight_players_load(players: int) -> None:
    """Introduction: each count from five to eight gives one Faction per player."""
    table = started(players)
    assert len(table.state.view(None)["factions"]) == players


def test_setup_the_board_tracks_turn_contentment_religion() -> None:
    """Setup the Board Tracks: play starts in Turn 1 with Contentment 0 and the King's Religion
    C1."""
    view = started().state.view(None)
    assert view["turn"] == 1
    assert view["henry"]["contentment"] == 0
    assert view["henry"]["religion"] == "C1"


def test_setup_the_board_tracks_tower_is_empty() -> None:
    """Setup the Board Tracks: nobody starts arrested or imprisoned in the Tower."""
    assert started().state.view(None)["tower"] == {"arrested": [], "imprisoned": []}


def test_setup_the_board_tracks_line_holds_only_mary_at_succession_2() -> None:
    """Setup the Board Tracks: every Succession card but 2 is unused; Mary Tudor holds Succession
    2."""
    line = started().state.view(None)["line_of_succession"]
    assert len(line) == 1
    assert line[0].startswith("Succession 2: Mary Tudor")


def test_setup_the_board_tracks_only_mary_tudor_of_the_tudor_heirs_is_in_play() -> None:
    """Setup the Board Tracks: of the Tudor Heirs only Mary Tudor starts in play."""
    characters = started().state.view(None)["characters"]
    tudors = [name for name, line in characters.items() if "Tudor" in line.split("Notes:")[-1]]
    assert tudors == ["Mary Tudor"]


@pytest.mark.parametrize(("character", "title"), sorted(AT_START_TITLES.items()))
def test_at_start_characters_who_have_titles(character: str, title: str) -> None:
    """ "At Start" Characters who have Titles or Offices: each listed character starts with his
    Title."""
    assert started().state.view(None)["titles"][title] == character


@pytest.mark.parametrize(("office", "character"), sorted(AT_START_OFFICES.items()))
def test_at_start_characters_who_have_offices(office: str, character: str) -> None:
    """ "At Start" Characters who have Titles or Offices: each listed character starts in his
    Office."""
    assert started().state.view(None)["offices"][office] == character


def test_at_start_catherine_of_aragon_is_queen() -> None:
    """ "At Start" Characters who have Titles or Offices: Catherine of Aragon starts as Queen."""
    assert started().state.view(None)["henry"]["queen"] == "Catherine of Aragon"


@pytest.mark.parametrize(
    ("character", "title"),
    [
        ("Ralph Neville", "Earl of Westmoreland"),
        ("Henry Percy", "Earl of Northumberland"),
        ("Henry Clifford", "Earl of Cumberland"),
    ],
)
def test_at_start_earls_with_eight_players(character: str, title: str) -> None:
    """ "At Start" Characters who have Titles or Offices: with eight players these Earls hold their
    Titles."""
    assert started(8).state.view(None)["titles"][title] == character


@pytest.mark.parametrize("character", ["George Hastings", "Henry Pole"])
def test_at_start_barons_with_eight_players(character: str) -> None:
    """ "At Start" Characters who have Titles or Offices: George Hastings and Henry Pole start as
    Barons."""
    titles = started(8).state.view(None)["titles"]
    held = [title for title, holder in titles.items() if holder == character]
    assert len(held) == 1 and held[0].startswith("Baron")


def test_setup_the_board_tracks_vacant_offices_are_the_unheld_ones() -> None:
    """Setup the Board Tracks: Offices not on an At Start character begin vacant."""
    offices = started().state.view(None)["offices"]
    vacant = {office for office, holder in offices.items() if holder == "vacant"}
    assert vacant == set(offices) - set(AT_START_OFFICES)
    assert {"Principal Secretary", "Secretary"} <= vacant


def test_setup_the_board_tracks_unheld_titles_are_in_the_box() -> None:
    """Setup the Board Tracks: every Title not on an At Start character starts in the Titles box."""
    titles = started().state.view(None)["titles"]
    boxed = {title for title, holder in titles.items() if holder == "in the box"}
    assert boxed == set(titles) - set(AT_START_TITLES.values())


def test_deal_initial_playing_hands_asterisk_characters_are_dealt_first() -> None:
    """Deal initial playing hands: the At Start* characters are allocated before any others."""
    table = Table(5)
    names = {text.removeprefix("Deal character: ") for text in outcome_texts(table.state)}
    assert names == ASTERISK


def test_deal_initial_playing_hands_mary_tudor_goes_with_queen_katherine() -> None:
    """Deal initial playing hands: Mary Tudor joins the Faction holding Catherine of Aragon."""
    for players in (5, 8):
        table = started(players)
        assert table.seat_of("Mary Tudor") == table.seat_of("Catherine of Aragon")


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_deal_initial_playing_hands_as_evenly_as_possible(players: int) -> None:
    """Deal initial playing hands: characters are shared so no Faction has two more than another
    (Mary aside)."""
    table = started(players)
    factions = table.state.view(None)["factions"]
    counts = [f["characters"] + f["face_down_characters"] for f in factions.values()]
    counts[table.seat_of("Mary Tudor")] -= 1
    assert max(counts) - min(counts) <= 1


def test_deal_initial_playing_hands_asterisk_characters_as_evenly_as_possible() -> None:
    """Deal initial playing hands: the 12 At Start* characters are spread as evenly as possible."""
    table = started(5)
    per_seat = [0] * 5
    for name in ASTERISK:
        per_seat[table.seat_of(name)] += 1
    assert max(per_seat) - min(per_seat) <= 1


def test_deal_initial_playing_hands_missing_asterisk_compensated() -> None:
    """Deal initial playing hands: a Faction short of an asterisk character gets an extra At Start
    one."""
    table = started(5)
    face_up = dict.fromkeys(range(5), 0)
    for name in table.state.view(None)["characters"]:
        if name != "Mary Tudor":
            face_up[table.seat_of(name)] += 1
    asterisks = [0] * 5
    for name in ASTERISK:
        asterisks[table.seat_of(name)] += 1
    assert max(face_up.values()) - min(face_up.values()) <= 1
    assert all(face_up[s] >= 4 for s in range(5)) and asterisks.count(2) == 3


def test_deal_initial_playing_hands_entry_turn_characters_are_face_down() -> None:
    """Deal initial playing hands: characters with an entry Turn wait face down, out of the public
    view."""
    table = started(5)
    view = table.state.view(None)
    assert "Catherine Parr" not in view["characters"]
    assert sum(f["face_down_characters"] for f in view["factions"].values()) == 5


def test_setup_first_question_is_a_player_turn_in_turn_1() -> None:
    """Game Sequence: after setup and the Turn 1 Henry Segment the Player Rounds begin."""
    table = started(5)
    assert table.state.view(None)["stage"] == "Player Rounds"
    assert "play an Endeavour" in asked(table.state)
