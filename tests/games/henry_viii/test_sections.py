"""Rules named after their sections: set-up, the order of play, the Queen, offices, titles
and the Support cards, each driven through the public API with chance forced."""

from __future__ import annotations

import pytest

import stratagem
from stratagem import OptionError

from .helpers import Table, asked, load

ROYAL = "Act of Bastardy | Royal Command"


def _offices_of(table: Table, seat: int) -> list[str]:
    """The offices held by the characters of ``seat``'s faction (from the public view)."""
    offices = table.state.view(None)["offices"]
    return sorted(
        office
        for office, holder in offices.items()
        if holder not in ("vacant", "removed") and table.seat_of(str(holder)) == seat
    )


def test_introduction_five_to_eight_players() -> None:
    """The game is for five to eight players: four or nine is refused with a clear error
    [Introduction]."""
    for players in (4, 9):
        with pytest.raises(OptionError, match="5"):
            stratagem.load("henry_viii", players=players)
    assert len(load(8).seat_names) == 8


def test_setup_the_board_tracks() -> None:
    """Turn 1, Contentment 0, the King's Religion C1, nobody in the Tower, Mary Tudor alone
    in the Line of Succession, on Succession 2 [Setup the Board Tracks] [Place cards onto
    the Board]."""
    table = Table(5)
    table.settle()
    view = table.state.view(None)
    assert view["turn"] == 1
    assert (view["henry"]["contentment"], view["henry"]["religion"]) == (0, "C1")
    assert view["tower"] == {"arrested": [], "imprisoned": []}
    assert [entry.split(" (")[0] for entry in view["line_of_succession"]] == [
        "Succession 2: Mary Tudor"
    ]


def test_at_start_characters_who_have_titles_or_offices() -> None:
    """The 'At Start' characters begin with their printed titles and offices; the others
    wait in the box, and Catherine of Aragon is Queen ["At Start" Characters who have
    Titles or Offices] [Deal initial playing hands]."""
    table = Table(5)
    table.settle()
    view = table.state.view(None)
    offices = view["offices"]
    assert offices["Chancellor"] == "Thomas Wolsey"
    assert offices["Cardinal"] == "Thomas Wolsey"
    assert offices["President of the Council"] == "Charles Brandon"
    assert offices["Lord High Treasurer"] == "Thomas Howard"
    assert offices["Lord Privy Seal"] == "Cuthbert Tunstall"
    assert offices["Lord High Steward"] == "George Talbot"
    assert offices["Chamberlain of the Household"] == "William Fitzalan"
    assert offices["Speaker of the House"] == "Thomas More"
    assert offices["Archbishop of Canterbury"] == "William Warham"
    assert offices["Secretary"] == "vacant" and offices["Principal Secretary"] == "vacant"
    titles = view["titles"]
    assert titles["Duke of Norfolk"] == "Thomas Howard"
    assert titles["Duke of Richmond"] == "Henry Fitzroy"
    assert titles["Marquess of Exeter"] == "Henry Courtenay"
    assert view["henry"]["queen"] == "Catherine of Aragon"
    assert table.seat_of("Mary Tudor") == table.seat_of("Catherine of Aragon")


def test_determine_player_order() -> None:
    """The Queen's faction plays first, then the others clockwise [Determine Player Order]."""
    table = Table(5, factions={2: ["Catherine of Aragon"]})
    table.settle()
    order = next(e for e in table.state.events if e.rule == "Determine Player Order")
    assert order.data["order"] == ["Faction 3", "Faction 4", "Faction 5", "Faction 1", "Faction 2"]
    assert table.state.current_player() == 2


def test_loss_of_the_queen() -> None:
    """An adverse Trial of the Queen costs her faction one office, drawn at random, and half
    its court cards, rounded up; a foreign Queen is imprisoned, not executed [Loss of the
    Queen] [Trial Card] [Rulings R28]."""
    table = Table(
        5,
        factions={1: ["Catherine of Aragon", "Charles Brandon"]},
        hands={0: ["Trial | Henry's Ear", ROYAL]},
    )
    table.to_player_turn(0)
    queen = table.person("Catherine of Aragon")

    def arrest(doc: dict[str, object]) -> None:
        doc["where"][queen] = 3  # type: ignore[index]

    table.edit(arrest)
    before_cards = table.state.view(None)["factions"]["Faction 2"]["court_cards"]
    before_offices = _offices_of(table, 1)
    table.act("Endeavour: Trial | Henry's Ear", "Target: Catherine of Aragon")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.settle()
    half = (before_cards + 1) // 2
    assert (
        f"Faction 2 suffers the Loss of the Queen: one office and {half} court cards."
        in table.events()
    )
    assert "Catherine of Aragon is imprisoned in the Tower." in table.events()
    assert table.state.view(None)["factions"]["Faction 2"]["court_cards"] == before_cards - half
    after_offices = _offices_of(table, 1)
    assert len(after_offices) == len(before_offices) - 1
    assert set(after_offices) < set(before_offices)


def test_during_the_marriage_the_queens_faction_adds_the_contentment() -> None:
    """The faction with the Queen adds Henry's Contentment to its Endeavours' Action Points,
    and no other faction does [During the marriage] [Resolving the Endeavour]."""
    table = Table(5, factions={0: ["Catherine of Aragon"]}, hands={0: ["Quails | Revulsion"]})
    table.to_player_turn(0)

    def unhappy(doc: dict[str, object]) -> None:
        doc["contentment"] = -2

    table.edit(unhappy)
    table.act("Endeavour: Quails | Revulsion", "Target faction: Faction 2")
    table.pass_supports()
    table.settle("Die: 6")
    line = next(t for t in table.events() if t.startswith("Quails: die 6"))
    assert "the Queen: Henry's Contentment -2" in line


def test_when_henry_marries_contentment_then_birth() -> None:
    """A widower marries at once on a successful Marriage: his Contentment is rolled first,
    then the birth of an heir [When Henry marries] [Marriage] [Rulings R4]."""
    hands = {0: ["Accident | Act of Attainder", "Arrest Warrant | Royal Command"]}
    table = Table(
        5,
        factions={1: ["Anne Boleyn"]},
        hands={**hands, 1: ["Marriage | Scandal", ROYAL]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Accident | Act of Attainder")
    table.settle()
    table.act("Target: Catherine of Aragon", "Support: Arrest Warrant | Royal Command")
    table.pass_supports()
    table.settle("Dice: 12")
    table.to_player_turn(1)
    table.act("Endeavour: Marriage | Scandal", "Target: Anne Boleyn", "Target: King Henry")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    assert asked(table.state) == "chance: Henry's Matrimonial Contentment"
    table.state.apply_action("Die: 4")
    assert asked(table.state) == "chance: the birth of an heir"
    assert "King Henry marries Anne Boleyn: she is Queen." in table.events()


def _window_options(table: Table, seat: int) -> list[str]:
    """Pass round the Supports window until ``seat`` is asked; its options."""
    table.settle()
    while table.state.current_player() != seat:
        table.act("Pass")
    return [action.text for action in table.state.legal_actions()]


@pytest.mark.parametrize(
    ("target", "offered"), [("Catherine of Aragon", True), ("Thomas Wolsey", False)]
)
def test_evidence_of_adultery_only_on_the_queen(target: str, offered: bool) -> None:
    """Evidence of Adultery joins an Arrest Warrant on the Queen, and on nobody else
    [Evidence of Adultery]."""
    table = Table(
        5, hands={0: ["Arrest Warrant | Duplicity"], 1: ["Investigation | Evidence of Adultery"]}
    )
    table.to_player_turn(0)
    table.act("Endeavour: Arrest Warrant | Duplicity", f"Target: {target}")
    options = _window_options(table, 1)
    assert ("Support: Investigation | Evidence of Adultery" in options) is offered


@pytest.mark.parametrize(
    ("heir", "offered"), [("Henry Courtenay", True), ("Frances Brandon", False)]
)
def test_henrys_will_not_for_women_minors_or_tudor_heirs(heir: str, offered: bool) -> None:
    """Henry's Will joins an Act of Succession for a grown man, never for a woman, a minor
    or a Tudor Heir: not for Frances Brandon, a girl and a minor [Henry's Will]."""
    table = Table(
        5,
        hands={0: ["Act of Succession | Obstruction"], 1: ["Annulment | Henry's Will"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Act of Succession | Obstruction", f"Target: {heir}")
    table.settle()
    table.act(table.state.legal_actions()[0].text)  # the Succession card
    options = _window_options(table, 1)
    assert ("Support: Annulment | Henry's Will" in options) is offered


def test_spy_cards_and_feed_men() -> None:
    """Fee'd Men cost the victim two cards; a Spy card among them may be played at once, as
    a normal Endeavour, against the faction that lost it [Spy Cards and Fee'd Men] [List of
    Endeavours: Fee'd Men]."""
    table = Table(5, hands={0: ["Fee'd Men | Henry's Ear", ROYAL], 1: ["Quails | Revulsion"]})
    table.to_player_turn(0)
    table.act("Endeavour: Fee'd Men | Henry's Ear", "Target faction: Faction 2")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.settle(
        "Lose: Quails | Revulsion", until=lambda s: "Yes" in [a.text for a in s.legal_actions()]
    )
    assert "Faction 2 loses Quails | Revulsion." in table.events()
    assert table.state.current_player() == 0
    table.act("Yes")
    table.settle()
    assert [a.text for a in table.state.legal_actions()] == ["Target faction: Faction 2"]
    table.act("Target faction: Faction 2")
    assert "Faction 1 plays Quails on Faction 2." in table.events()


def test_chamberlain_of_the_household_voids_an_endeavour() -> None:
    """The Chamberlain may void the play of one Endeavour a Turn: it has no effect and no
    die is rolled [Chamberlain of the Household]."""
    table = Table(5, factions={1: ["William Fitzalan"]}, hands={0: ["Quails | Revulsion"]})
    table.to_player_turn(0)
    table.act("Endeavour: Quails | Revulsion", "Target faction: Faction 3")
    options = _window_options(table, 1)
    assert "Office power: Chamberlain of the Household" in options
    table.act("Office power: Chamberlain of the Household")
    table.settle()
    assert "The Chamberlain of the Household voids the play of Quails." in table.events()
    assert not any(text.startswith(("Quails: die", "Henry demands")) for text in table.events())


def test_speaker_of_the_house_brings_a_parliamentary_petition() -> None:
    """The Speaker may play one Parliamentary Petition a Turn without a card, at the value
    he chooses [Speaker of the House] [Parliamentary Petition]."""
    table = Table(5, factions={1: ["Thomas More"]}, hands={0: ["Act of Six Articles | Duplicity"]})
    table.to_player_turn(0)
    table.act("Endeavour: Act of Six Articles | Duplicity")
    options = _window_options(table, 1)
    assert "Office power: Speaker of the House" in options
    table.act("Office power: Speaker of the House", "Modifier: -2")
    table.pass_supports()
    table.settle("Die: 6")
    line = next(t for t in table.events() if t.startswith("Act of Six Articles: die 6"))
    assert "Parliamentary Petition (Faction 2) -2" in line


@pytest.mark.parametrize(
    ("office", "endeavour"),
    [
        ("President of the Council", "Arrest Warrant"),
        ("Lord Keeper of the Great Seal", "Investigation"),
    ],
)
def test_list_of_offices_free_endeavours(office: str, endeavour: str) -> None:
    """The President of the Council may play one Arrest Warrant a Turn, the Lord Keeper one
    Investigation, without a card [List of Offices] [President of the Council] [Lord Keeper
    of the Great Seal] [Rulings R32]."""
    holder = {"President of the Council": "Charles Brandon"}.get(office, "Thomas Grey")
    table = Table(5, factions={0: [holder]})
    table.to_player_turn(0)
    assert f"Office power: {office}" in [a.text for a in table.state.legal_actions()]
    table.act(f"Office power: {office}")
    table.act(table.state.legal_actions()[0].text)
    assert any(
        t.startswith(f"Faction 1 plays {endeavour} (by the {office})") for t in table.events()
    )


@pytest.mark.parametrize(
    ("accused", "president"),
    [("Thomas Cromwell", "Cuthbert Tunstall"), ("Henry Courtenay", "George Talbot")],
)
def test_nobles_royals_and_commoners_at_trial(accused: str, president: str) -> None:
    """A commoner's Trial is presided by the Lord Privy Seal, a noble's by the Lord High
    Steward, who votes +1 or -1 [Nobles, Royals and Commoners] [Lord Privy Seal] [Lord High
    Steward] [Trial Card]."""
    table = Table(5, hands={0: ["Trial | Henry's Ear"]})
    table.to_player_turn(0)
    index = table.person(accused)

    def arrest(doc: dict[str, object]) -> None:
        doc["where"][index] = 3  # type: ignore[index]

    table.edit(arrest)
    table.act("Endeavour: Trial | Henry's Ear", f"Target: {accused}")
    table.pass_supports()
    table.settle()
    assert table.state.current_player() == table.seat_of(president)
    assert [a.text for a in table.state.legal_actions()] == ["Modifier: +1", "Modifier: -1"]
