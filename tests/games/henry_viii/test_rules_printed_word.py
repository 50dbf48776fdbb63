"""Rules as printed: departures an outside audit found, each tested through the public API
with chance forced, named after the section whose words it follows."""

from __future__ import annotations

from .helpers import Table


def test_at_start_characters_seven_players_deal_every_titled_character() -> None:
    """Only a five- or six-player game may leave out an 'At Start' character with a title
    or office: with seven, Henry Clifford is dealt as Earl of Cumberland and George
    Hastings with his Barony ["At Start" Characters who have Titles or Offices]."""
    table = Table(7)
    table.settle()
    assert "Title: Earl of Cumberland" in table.state.view(None)["characters"]["Henry Clifford"]
    assert "Title: Baron Hastings" in table.state.view(None)["characters"]["George Hastings"]
