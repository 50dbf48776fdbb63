"""Rules named after their sections: set-up, the order of play, the Queen, offices, titles
and the Support cards, each driven through the public API with chance forced."""

from __future__ import annotations

import pytest

import stratagem
from stratagem import OptionError

from .helpers import ACCIDENT_HAND, Table, asked, drive, load, widow_henry

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
    hands = {0: ACCIDENT_HAND}
    table = Table(
        5,
        factions={1: ["Anne Boleyn"]},
        hands={**hands, 1: ["Marriage | Scandal", ROYAL]},
    )
    widow_henry(table)
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


def _offices_offered(table: Table, name: str) -> list[str]:
    """The offices an Assume Office may give ``name`` (the card in Faction 1's hand)."""
    table.act("Endeavour: Assume Office | Parliamentary Petition", f"Target: {name}")
    table.settle()
    return [a.text.removeprefix("Office: ") for a in table.state.legal_actions()]


def test_offices_for_men_and_religious_offices_for_commoners() -> None:
    """An office goes only to a man, never to a woman; a religious office only to a commoner:
    Thomas Cromwell may become a bishop, the Duke of Norfolk may not [Offices] [Women]
    [Religious Offices]."""
    table = Table(5, hands={0: ["Assume Office | Parliamentary Petition"]})
    table.to_player_turn(0)
    table.act("Endeavour: Assume Office | Parliamentary Petition")
    table.settle()
    targets = [a.text.removeprefix("Target: ") for a in table.state.legal_actions()]
    women = ("Catherine of Aragon", "Anne Boleyn", "Jane Seymour", "Mary Tudor")
    assert "Thomas Cromwell" in targets and not set(women) & set(targets)
    table.act("Target: Thomas Cromwell")
    assert "Bishop of Rochester" in [
        a.text.removeprefix("Office: ") for a in table.state.legal_actions()
    ]
    table = Table(5, hands={0: ["Assume Office | Parliamentary Petition"]})
    table.to_player_turn(0)
    offered = _offices_offered(table, "Thomas Howard")
    assert "Lord High Steward" in offered
    assert not any(office.startswith(("Bishop", "Archbishop", "Cardinal")) for office in offered)


def test_list_of_support_cards_add_their_values() -> None:
    """Evidence of Conspiracy (on any character) and the Fee'd Men Support each add +1 to
    an Arrest Warrant; Scandal takes 1 from an Assume Office [List of Support Cards]
    [Evidence of Conspiracy] [List of Support Cards: Fee'd Men] [Scandal]."""
    table = Table(
        5,
        hands={
            0: ["Arrest Warrant | Duplicity"],
            1: ["Act of Attainder | Evidence of Conspiracy"],
            2: ["Act of Succession | Fee'd Men"],
        },
    )
    table.to_player_turn(0)
    table.act("Endeavour: Arrest Warrant | Duplicity", "Target: Thomas Wolsey")
    _window_options(table, 1)
    table.act("Support: Act of Attainder | Evidence of Conspiracy")
    _window_options(table, 2)
    table.act("Support: Act of Succession | Fee'd Men")
    table.pass_supports()
    table.settle("Die: 1")
    line = next(t for t in table.events() if t.startswith("Arrest Warrant: die 1"))
    assert "Evidence of Conspiracy (Faction 2) +1" in line
    assert "Fee'd Men (Faction 3) +1" in line
    table = Table(
        5,
        factions={0: ["Thomas Cromwell"]},
        hands={0: ["Assume Office | Parliamentary Petition"], 1: ["Investigation | Scandal"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Assume Office | Parliamentary Petition", "Target: Thomas Cromwell")
    table.act("Office: Secretary")
    _window_options(table, 1)
    table.act("Support: Investigation | Scandal")
    table.pass_supports()
    table.settle("Die: 1")
    line = next(t for t in table.events() if t.startswith("Assume Office: die 1"))
    assert "Scandal (Faction 2) -1" in line


def test_good_health_lowers_an_immediate_death_roll() -> None:
    """Good Health takes 1 from the Death Roll an Accident calls for: Thomas Howard (Death
    Roll 14) rolling 12 in Turn 1 makes 12, not 13 [Good Health] [Accident] [Rulings R13]."""
    table = Table(
        5,
        hands={0: ["Accident | Act of Attainder", ROYAL], 1: ["Bishop's Book | Good Health"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Accident | Act of Attainder", "Target: Thomas Howard")
    table.act(f"Support: {ROYAL}", "Pass")
    table.act("Support: Bishop's Book | Good Health")
    table.pass_supports()
    table.settle("Dice: 12")
    assert "Thomas Howard survives: 12 < 14." in table.events()


def test_act_of_attainder_support_attaints_at_an_execution() -> None:
    """An Act of Attainder played with an Execution attaints the prisoner: a frightened
    member of his faction defects to the faction that played it [List of Support Cards: Act
    of Attainder] [Act of Attainder (or Attainder Trial Result)] [Execution]."""
    table = Table(
        5,
        factions={2: ["Thomas Cromwell", "Thomas Cranmer"]},
        hands={0: ["Execution | Duplicity", ROYAL], 1: ["Accident | Act of Attainder"]},
    )
    table.to_player_turn(0)
    index = table.person("Thomas Cromwell")

    def imprison(doc: dict[str, object]) -> None:
        doc["where"][index] = 4  # type: ignore[index]

    table.edit(imprison)
    table.act("Endeavour: Execution | Duplicity", "Target: Thomas Cromwell")
    table.act(f"Support: {ROYAL}", "Pass")
    table.act("Support: Accident | Act of Attainder")
    table.pass_supports()
    table.settle()
    assert "Thomas Cromwell is attainted and executed." in table.events()
    defected = [t for t in table.events() if t.endswith("gets the jitters and defects.")]
    assert len(defected) == 1
    name = defected[0].removesuffix(" gets the jitters and defects.")
    assert table.seat_of(name) == 1


def _influence(table: Table, name: str) -> int:
    """A character's Influence, from the public view."""
    line = str(table.state.view(None)["characters"][name])
    return int(line.split("Influence ")[1].split(" ", maxsplit=1)[0])


def _legal(table: Table) -> list[str]:
    return [action.text for action in table.state.legal_actions()]


def test_b_characters_may_return() -> None:
    """A character Beyond the Realm may come home at the start of the next Turn, as his
    faction chooses [B. Characters may Return]."""
    table = Table(5, factions={0: ["Thomas Cromwell"]})
    table.to_player_turn(0)
    index = table.person("Thomas Cromwell")

    def abroad(doc: dict[str, object]) -> None:
        doc["where"][index] = 5  # type: ignore[index]

    table.edit(abroad)
    drive(table, lambda s: _legal(table) == ["Yes", "No"])
    assert table.state.view(None)["turn"] == 2
    assert table.state.current_player() == 0
    table.act("Yes")
    returned = [e for e in table.state.events if e.text == "Thomas Cromwell returns to court."]
    assert [e.rule for e in returned] == ["B. Characters may Return"]


def test_c_remove_all_law_suit_and_investigation_cards() -> None:
    """A Law Suit and an Investigation last until the next Turn's Henry Segment [C. Remove all
    Law Suit and Investigation Cards]."""
    table = Table(5, hands={0: ["Law Suit | Bad Health", ROYAL]})
    table.to_player_turn(0)
    table.act("Endeavour: Law Suit | Bad Health", "Target faction: Faction 3")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.settle()
    assert table.state.view(None)["factions"]["Faction 3"]["law_suit"]
    drive(table, lambda s: asked(s) == "chance: Henry's death roll")
    assert table.state.view(None)["turn"] == 2
    assert not table.state.view(None)["factions"]["Faction 3"]["law_suit"]


def test_game_sequence_1_henry_segment_2_player_rounds_3_death_segment() -> None:
    """A Turn runs the Henry Segment, the Player Rounds and the Death Segment, in that
    order [Game Sequence] [1. Henry Segment] [2. Player Rounds] [3. Death Segment]."""
    table = Table(5)
    stages: list[str] = []

    def watch(state: object) -> bool:
        stage = str(table.state.view(None)["stage"])
        if not stages or stages[-1] != stage:
            stages.append(stage)
        return bool(table.state.view(None)["turn"] == 2 and stage == "Player Rounds")

    drive(table, watch)
    assert stages == [
        "Setup",
        "Henry Segment",
        "Player Rounds",
        "Death Segment",
        "Henry Segment",
        "Player Rounds",
    ]


def test_conducting_a_round_and_completing_the_rounds() -> None:
    """Each faction in player order plays once a Round; the Rounds go on until no faction
    has an Endeavour to play (the Treasurer's sixth card makes a sixth Round; factions
    whose offices' free Endeavours are left pass them up) [Conducting a Round] [Completing
    the Rounds] [The Player Turn: Playing an Endeavour]."""
    table = Table(5, factions={0: ["Thomas Howard"]})
    drive(table, lambda s: str(s.view(None)["stage"]) == "Death Segment")
    events = table.state.events
    order = next(e for e in events if e.rule == "Determine Player Order").data["order"]
    turns = [e.data["seat"] for e in events if e.rule == "The Player Turn: Playing an Endeavour"]
    assert turns == order * 5 + ["Faction 1"]
    assert events[-1].text == "No faction has an Endeavour left to play: the Rounds end."


def test_the_tower_arrest_and_imprisonment() -> None:
    """One arrested is sent to the Tower: his offices fall vacant and he counts no
    Influence for his faction [The Tower: Arrest and Imprisonment] [Arrest Warrant]."""
    table = Table(
        5, factions={1: ["Thomas Howard"]}, hands={0: ["Arrest Warrant | Duplicity", ROYAL]}
    )
    table.to_player_turn(0)
    before = table.state.view(None)["factions"]["Faction 2"]["influence"]
    howard = _influence(table, "Thomas Howard")
    table.act("Endeavour: Arrest Warrant | Duplicity", "Target: Thomas Howard")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.settle()
    view = table.state.view(None)
    assert "Thomas Howard" in view["tower"]["arrested"]
    assert view["offices"]["Lord High Treasurer"] == "vacant"
    assert view["factions"]["Faction 2"]["influence"] == before - howard


def test_an_office_card_gives_one_influence() -> None:
    """An office adds 1 to its holder's Influence [An Office Card] [Assume Office]."""
    table = Table(
        5,
        factions={0: ["Thomas Cromwell"]},
        hands={0: ["Assume Office | Parliamentary Petition", ROYAL]},
    )
    table.to_player_turn(0)
    before = _influence(table, "Thomas Cromwell")
    table.act("Endeavour: Assume Office | Parliamentary Petition", "Target: Thomas Cromwell")
    table.act("Office: Secretary", f"Support: {ROYAL}")
    table.pass_supports()
    table.settle()
    assert table.state.view(None)["offices"]["Secretary"] == "Thomas Cromwell"
    assert _influence(table, "Thomas Cromwell") == before + 1


def test_my_lords_man_card_adds_his_ability_less_two() -> None:
    """A My Lord's Man puts his Ability minus 2 on each Endeavour his faction plays: Thomas
    Howard, Ability 4, adds +2 [My Lord's Man Card] [My Lord's Man] [Assigned Cards]."""
    table = Table(
        5,
        factions={0: ["Thomas Howard"]},
        hands={0: ["My Lord's Man | Captaincy", ROYAL, "Quails | Revulsion"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: My Lord's Man | Captaincy", "Target: Thomas Howard")
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.to_player_turn(0)
    table.act("Endeavour: Quails | Revulsion", "Target faction: Faction 3")
    table.pass_supports()
    table.settle("Die: 1")
    line = next(t for t in table.events() if t.startswith("Quails: die 1"))
    assert "My Lord's Man Thomas Howard +2" in line


def test_important_you_can_play_an_endeavour_on_any_faction() -> None:
    """An Endeavour may be played on a character of any faction, the player's own included
    [Important: You Can Play an Endeavour on Any Faction]."""
    table = Table(
        5,
        factions={0: ["Thomas Howard"], 1: ["Charles Brandon"]},
        hands={0: ["Diplomatic Mission | Bad Health"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Diplomatic Mission | Bad Health")
    table.settle()
    targets = _legal(table)
    assert "Target: Thomas Howard" in targets and "Target: Charles Brandon" in targets


@pytest.mark.parametrize(
    ("office", "endeavour"), [("Principal Secretary", "Fee'd Men"), ("Secretary", "Rack")]
)
def test_principal_secretary_and_secretary_free_endeavours(office: str, endeavour: str) -> None:
    """The Principal Secretary may play one Fee'd Men a Turn, the Secretary one Rack (on
    someone arrested), without a card [Principal Secretary] [Secretary] [Rulings R32]."""
    table = Table(5, factions={0: ["Thomas Cromwell"]})
    table.to_player_turn(0)
    cromwell = table.person("Thomas Cromwell")
    courtenay = table.person("Henry Courtenay")
    book = table.game.book  # type: ignore[attr-defined]

    def appoint(doc: dict[str, object]) -> None:
        doc["office_holder"][book.office_index(office)] = cromwell  # type: ignore[index]
        doc["where"][courtenay] = 3  # type: ignore[index]

    table.edit(appoint)
    assert f"Office power: {office}" in _legal(table)
    table.act(f"Office power: {office}")
    table.act(_legal(table)[0])
    assert any(
        t.startswith(f"Faction 1 plays {endeavour} (by the {office})") for t in table.events()
    )


def test_new_years_gift_only_after_two_rounds_and_it_ends_the_turn() -> None:
    """New Year's Gift may be played only once two Rounds are over; it ends the Turn at once,
    aborting the Endeavour in play [New Year's Gift] [Rulings R39]."""
    gift = "Rack | New Year's Gift"
    quails = ["Quails | Revulsion", "Quails | Captaincy", "Plague | Henry's Ear"]
    table = Table(5, hands={0: quails, 1: [gift]})
    for round_number in (1, 2, 3):
        table.to_player_turn(0)
        card = quails[round_number - 1]
        table.act(f"Endeavour: {card}")
        table.settle()
        if _legal(table)[0].startswith("Target faction"):
            table.act("Target faction: Faction 3")
        options = _window_options(table, 1)
        assert (f"Support: {gift}" in options) is (round_number == 3)
        if round_number < 3:
            table.pass_supports()
    table.act(f"Support: {gift}")
    table.settle()
    assert "New Year's Gift: the Turn ends at once." in table.events()
    assert not any(t.startswith("Plague: die") for t in table.events())
    assert table.state.view(None)["turn"] == 2


@pytest.mark.parametrize(
    ("card", "told"),
    [("Ennoblement | Lady of the Bedchamber", "cards +1"), ("Quails | Revulsion", "cards -1")],
)
def test_lady_of_the_bedchamber_and_revulsion_move_the_contentment_roll(
    card: str, told: str
) -> None:
    """When Henry marries his Contentment is rolled at once; a Lady of the Bedchamber played
    then adds 1 to the roll, a Revulsion takes 1 [Lady of the Bedchamber] [Revulsion] [F.
    Roll for Henry's Matrimonial Contentment]."""
    hands = {0: ACCIDENT_HAND}
    table = Table(
        5,
        factions={1: ["Anne Boleyn"]},
        hands={**hands, 1: ["Marriage | Scandal", ROYAL], 3: [card]},
    )
    widow_henry(table)
    table.to_player_turn(1)
    table.act("Endeavour: Marriage | Scandal", "Target: Anne Boleyn", "Target: King Henry")
    table.act(f"Support: {ROYAL}")
    table.settle()
    while not table.state.view(None)["henry"]["queen"]:
        table.act("Pass")
        table.settle()
    options = _window_options(table, 3)
    assert f"Support: {card}" in options
    table.act(f"Support: {card}")
    table.pass_supports()
    table.state.apply_action("Die: 4")
    line = next(
        t for t in table.events() if t.startswith("Henry's Matrimonial Contentment with Anne")
    )
    assert told in line


def test_the_queen_and_marriage_henry_cannot_remarry_while_married() -> None:
    """While Henry has a Queen no Marriage may be aimed at him; only her death or an
    Annulment frees him [The Queen and Marriage] [Marriage]."""
    table = Table(5, factions={0: ["Anne Boleyn"]}, hands={0: ["Marriage | Scandal"]})
    table.to_player_turn(0)
    table.act("Endeavour: Marriage | Scandal", "Target: Anne Boleyn")
    table.settle()
    grooms = _legal(table)
    assert grooms and "Target: King Henry" not in grooms


def test_endeavours_and_the_queen_an_arrest_is_modified_by_contentment() -> None:
    """An Arrest Warrant on the Queen takes Henry's Contentment away: a content Henry (+2)
    makes her harder to arrest [Endeavours and the Queen] [Arrest Warrant]."""
    table = Table(
        5,
        factions={1: ["Catherine of Aragon"]},
        hands={0: ["Arrest Warrant | Duplicity"], 2: ["Act of Attainder | Evidence of Conspiracy"]},
    )
    table.to_player_turn(0)

    def content(doc: dict[str, object]) -> None:
        doc["contentment"] = 2

    table.edit(content)
    table.act("Endeavour: Arrest Warrant | Duplicity", "Target: Catherine of Aragon")
    _window_options(table, 2)
    table.act("Support: Act of Attainder | Evidence of Conspiracy")
    table.pass_supports()
    table.settle("Die: 6")
    line = next(t for t in table.events() if t.startswith("Arrest Warrant: die 6"))
    assert "the Queen: minus Contentment -2" in line


def test_a_court_card_is_an_endeavour_or_a_support_not_both() -> None:
    """A court card is played as an Endeavour or as a Support, never both, and once played
    it goes to the discard pile [A Court Card] [Court Cards]."""
    card = "Quails | Revulsion"
    table = Table(5, hands={0: [card, "Plague | Henry's Ear"]})
    table.to_player_turn(0)
    assert f"Endeavour: {card}" in _legal(table)
    table.act(f"Endeavour: {card}", "Target faction: Faction 3")
    table.settle()
    assert table.state.current_player() == 0
    assert f"Support: {card}" not in _legal(table)
    table.pass_supports()
    table.settle()
    assert card in table.state.view(None)["discard_pile"]


def test_annulment_card_needs_a_protestant_bishop_and_an_unhappy_henry() -> None:
    """The senior bishop's religion counts (a Catholic C0 takes 2) and Henry's Contentment is
    taken away (-2 adds 2), so an Annulment comes from a Protestant bishop and a displeased
    Henry [Annulment Card] [Annulment] [Rulings R22]."""
    table = Table(
        5, factions={0: ["William Warham"]}, hands={0: ["Annulment | Evidence of Heresy"]}
    )
    table.to_player_turn(0)

    def unhappy(doc: dict[str, object]) -> None:
        doc["supremacy"] = True
        doc["contentment"] = -2

    table.edit(unhappy)
    table.act("Endeavour: Annulment | Evidence of Heresy")
    table.pass_supports()
    table.settle("Die: 6")
    line = next(t for t in table.events() if t.startswith("Annulment: die 6"))
    assert "William Warham's religion -2" in line
    assert "the Queen: minus Contentment +2" in line


def test_take_oath_card_a_refusal_sends_to_the_tower() -> None:
    """A character who will not swear the Oath of Supremacy goes under arrest [Take Oath Card]
    [Take Oath]."""
    table = Table(
        5,
        factions={1: ["Thomas More"]},
        hands={0: ["Take Oath | Revulsion", "Act of Succession | Obstruction"]},
    )
    table.to_player_turn(0)

    def supremacy(doc: dict[str, object]) -> None:
        doc["supremacy"] = True

    table.edit(supremacy)
    table.act("Endeavour: Take Oath | Revulsion", "Target: Thomas More")
    table.act("Support: Act of Succession | Obstruction")
    table.pass_supports()
    table.settle()
    assert "Thomas More refuses the Oath." in table.events()
    assert "Thomas More" in table.state.view(None)["tower"]["arrested"]
