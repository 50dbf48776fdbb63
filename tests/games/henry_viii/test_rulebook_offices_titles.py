"""Rulebook-first audit: Offices and Titles, Characters (public API only)."""

from __future__ import annotations

import random

from stratagem.games.henry_viii.state import HenryVIIIState

from .helpers import Table, asked, drive, load
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    modifiers,
    resolution,
    started,
    to_tower,
)

RELIGIOUS = {
    "Cardinal",
    "Archbishop of Canterbury",
    "Bishop of London",
    "Bishop of Winchester",
    "Bishop of Rochester",
}
COMMONERS_ONLY = {"Principal Secretary", "Secretary", "Speaker of the House"}


def offices_offered(table: Table, seat: int, card: str, name: str) -> set[str]:
    """The Offices Assume Office offers for ``name``."""
    endeavour(table, seat, card, until=lambda s: "target" in asked(s))
    answer(
        table,
        f"Target: {name}",
        until=lambda s: any(o.startswith("Office: ") for o in legal(table)),
    )
    return {o.removeprefix("Office: ") for o in legal(table)}


def titles_offered(table: Table, name: str) -> set[str]:
    """The Titles Ennoblement offers Faction 1 for ``name``."""
    endeavour(table, 0, "Ennoblement | Evidence of Heresy", until=lambda s: "target" in asked(s))
    answer(
        table, f"Target: {name}", until=lambda s: any(o.startswith("Title: ") for o in legal(table))
    )
    return {o.removeprefix("Title: ") for o in legal(table)}


def test_offices_only_men_who_are_neither_minors_nor_tudors_may_assume_office() -> None:
    """Offices: women, Tudor Heirs and minors are never offered an Office."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    endeavour(table, 0, "Assume Office | Scandal", until=lambda s: "target" in asked(s))
    offered = {o.removeprefix("Target: ") for o in legal(table)}
    for name in (
        "Anne Boleyn",
        "Jane Seymour",
        "Catherine of Aragon",
        "Mary Tudor",
        "Henry Fitzroy",
        "Frances Brandon",
    ):
        assert name not in offered
    assert {"Thomas Cromwell", "Thomas Howard"} <= offered


def test_religious_offices_only_for_a_commoner() -> None:
    """Religious Offices: a Cardinal, archbishop or bishop's Office goes only to a Commoner."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    offered = offices_offered(table, 0, "Assume Office | Scandal", "Thomas Howard")
    assert not offered & RELIGIOUS


def test_religious_offices_open_to_a_commoner() -> None:
    """Religious Offices: a Commoner may seek a religious Office."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    offered = offices_offered(table, 0, "Assume Office | Scandal", "Thomas Cromwell")
    assert "Archbishop of Canterbury" in offered


def test_list_of_offices_commoners_only_offices_refused_to_a_noble() -> None:
    """List of Offices: the Principal Secretary, Secretary and Speaker are for Commoners only."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    offered = offices_offered(table, 0, "Assume Office | Scandal", "Thomas Howard")
    assert not offered & COMMONERS_ONLY
    assert "Chancellor" in offered


def test_assume_office_adds_guile_and_subtracts_the_holders_guile() -> None:
    """A Court Card / List of Endeavours: Assume Office adds the target's Guile, less an occupant's
    Guile."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    endeavour(
        table,
        0,
        "Assume Office | Scandal",
        "Target: Thomas Cromwell",
        "Office: Speaker of the House",
        die=1,
    )
    assert modifiers(table) == {"Thomas Cromwell's Guile": 4, "holder Thomas More's Guile": -1}
    assert resolution(table)["difficulty"] == 5


def test_offices_a_character_may_hold_any_number() -> None:
    """Offices: a character can hold several Offices at once."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    endeavour(
        table, 0, "Assume Office | Scandal", "Target: Cuthbert Tunstall", "Office: Secretary", die=6
    )
    table.settle()
    offices = table.state.view(None)["offices"]
    assert [o for o, holder in offices.items() if holder == "Cuthbert Tunstall"] == [
        "Lord Privy Seal",
        "Secretary",
        "Bishop of London",
    ] or sum(1 for holder in offices.values() if holder == "Cuthbert Tunstall") == 3


def test_an_office_card_adds_one_influence() -> None:
    """An Office Card: an Office gives its holder 1 more Influence."""
    table = started(hands={0: ["Assume Office | Scandal"]})
    before = table.character("Thomas Cromwell")["influence"]
    endeavour(
        table, 0, "Assume Office | Scandal", "Target: Thomas Cromwell", "Office: Secretary", die=6
    )
    table.settle()
    assert table.character("Thomas Cromwell")["influence"] == before + 1


def office_power_played(table: Table, holder: str, office: str, target: str, die: int) -> int:
    """``holder``'s seat, once he has played ``office``'s free Endeavour on ``target`` in his
    Turn, rolled ``die`` and seen it resolved."""
    seat = table.seat_of(holder)
    table.to_player_turn(seat)
    table.state.apply_action(f"Office power: {office}")
    answer(table, target)
    table.state.apply_action(f"Die: {die}")
    table.settle()
    return seat


def test_president_of_the_council_one_arrest_warrant_each_turn() -> None:
    """List of Offices: the President of the Council plays one free Arrest Warrant each Turn, no
    more."""
    table = started()
    seat = table.seat_of("Charles Brandon")
    table.to_player_turn(seat)
    assert "Office power: President of the Council" in legal(table)
    table.state.apply_action("Office power: President of the Council")
    answer(table, "Target: Thomas More")
    table.settle()
    assert "Arrest Warrant (by the President of the Council)" in table.events()[-2]
    table.to_player_turn(seat)
    assert "Office power: President of the Council" not in legal(table)


def test_lord_keeper_one_investigation_each_turn() -> None:
    """List of Offices: the Lord Keeper of the Great Seal plays one free Investigation each Turn."""
    table = started()
    seat = office_power_played(
        table, "Thomas Grey", "Lord Keeper of the Great Seal", "Target: Thomas More", die=6
    )
    assert "under Investigation" in table.state.view(None)["characters"]["Thomas More"]
    table.to_player_turn(seat)
    assert "Office power: Lord Keeper of the Great Seal" not in legal(table)


def test_c_investigation_cards_are_removed_next_turn() -> None:
    """C. Remove all Law Suit and Investigation Cards: an Investigation lasts only to the end of the
    Turn."""
    table = started()
    office_power_played(
        table, "Thomas Grey", "Lord Keeper of the Great Seal", "Target: Thomas More", die=6
    )
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    assert "under Investigation" not in table.state.view(None)["characters"]["Thomas More"]


def test_c_law_suits_are_removed_next_turn() -> None:
    """C. Remove all Law Suit and Investigation Cards: a Law Suit ends with its Turn."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    endeavour(table, 2, "Law Suit | Bad Health", "Target faction: Faction 1", die=6)
    table.settle()
    assert table.state.view(None)["factions"]["Faction 1"]["law_suit"]
    drive(table, lambda s: s.view(None)["turn"] == 2 and "play an Endeavour" in asked(s))
    assert not table.state.view(None)["factions"]["Faction 1"]["law_suit"]


def test_chamberlain_voids_an_endeavour_once_a_turn() -> None:
    """List of Offices: the Chamberlain of the Household can void one Endeavour each Turn."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health", "Marriage | Scandal"]})
    chamberlain = table.seat_of("William Fitzalan")
    endeavour(
        table,
        0,
        "Diplomatic Mission | Bad Health",
        "Target: Thomas More",
        until_support=chamberlain,
    )
    assert "Office power: Chamberlain of the Household" in legal(table)
    table.state.apply_action("Office power: Chamberlain of the Household")
    answer(table)
    table.settle()
    assert not table.state.view(None)["abroad"]
    endeavour(
        table,
        0,
        "Marriage | Scandal",
        "Target: Anne Boleyn",
        "Target: Thomas Cromwell",
        until_support=chamberlain,
    )
    assert "Office power: Chamberlain of the Household" not in legal(table)


def test_titles_two_ranks_at_a_time() -> None:
    """Titles: a Title may raise a character by at most two ranks (a Viscount to Earl or
    Marquess)."""
    table = started(hands={0: ["Ennoblement | Evidence of Heresy"]})
    offered = titles_offered(table, "Thomas Boleyn")
    ranks = {title.split()[0] for title in offered}
    assert ranks == {"Earl", "Marquess"}


def test_titles_no_higher_title_for_a_duke() -> None:
    """Titles: a Title goes only to a man without a higher one, so a Duke is never offered one."""
    table = started(hands={0: ["Ennoblement | Evidence of Heresy"]})
    endeavour(table, 0, "Ennoblement | Evidence of Heresy", until=lambda s: "target" in asked(s))
    offered = {o.removeprefix("Target: ") for o in legal(table)}
    assert "Thomas Howard" not in offered and "Charles Brandon" not in offered


def test_titles_a_commoner_is_offered_a_viscountcy() -> None:
    """Titles: a Commoner may go straight to Viscount (and no higher)."""
    table = started(hands={0: ["Ennoblement | Evidence of Heresy"]})
    offered = titles_offered(table, "Thomas Cromwell")
    assert any(t.startswith("Viscount") for t in offered)
    assert not any(t.split()[0] in ("Duke", "Marquess", "Earl") for t in offered)


def test_titles_not_for_women_or_religious_office_holders() -> None:
    """Titles: a Title goes to a male; a holder of a religious Office cannot be given one."""
    table = started(hands={0: ["Ennoblement | Evidence of Heresy"]})
    endeavour(table, 0, "Ennoblement | Evidence of Heresy", until=lambda s: "target" in asked(s))
    offered = {o.removeprefix("Target: ") for o in legal(table)}
    for name in (
        "Anne Boleyn",
        "Jane Seymour",
        "Thomas Wolsey",
        "William Warham",
        "John Fisher",
        "Stephen Gardiner",
        "Cuthbert Tunstall",
    ):
        assert name not in offered


def test_titles_a_tudor_heir_cannot_be_given_a_title() -> None:
    """Titles: a Tudor Heir is never awarded a Title."""
    table = Table(5, hands={0: ["Ennoblement | Evidence of Heresy"]})
    table.settle("Dice: 2", "Die: 5", "Die: 6")
    endeavour(table, 0, "Ennoblement | Evidence of Heresy", until=lambda s: "target" in asked(s))
    assert not any(o.startswith("Target: Prince ") for o in legal(table))


def test_titles_only_one_title_at_a_time() -> None:
    """Titles: a newly ennobled character gives up his lesser Title."""
    table = started(hands={0: ["Ennoblement | Evidence of Heresy"]})
    endeavour(
        table,
        0,
        "Ennoblement | Evidence of Heresy",
        "Target: Thomas Boleyn",
        "Title: Earl of Wiltshire",
        die=6,
    )
    table.settle()
    titles = table.state.view(None)["titles"]
    assert titles["Earl of Wiltshire"] == "Thomas Boleyn"
    assert titles["Viscount Rochford"] != "Thomas Boleyn"


def test_persuasion_cannot_take_a_tudor_heir() -> None:
    """List of Endeavours: Persuasion cannot win over a Tudor Heir (Befriend a Tudor is needed)."""
    table = started(hands={0: ["Persuasion | Treachery", "Befriend a Tudor | Duplicity"]})
    endeavour(table, 0, "Persuasion | Treachery", until=lambda s: "target" in asked(s))
    assert "Target: Mary Tudor" not in legal(table)


def test_befriend_a_tudor_moves_the_heir_to_the_player() -> None:
    """List of Endeavours: a successful Befriend a Tudor brings the Tudor Heir into the player's
    Faction."""
    table = started(hands={0: ["Befriend a Tudor | Duplicity"]})
    endeavour(table, 0, "Befriend a Tudor | Duplicity", "Target: Mary Tudor", die=6)
    table.settle()
    assert resolution(table)["success"]
    assert table.seat_of("Mary Tudor") == 0


def test_persuasion_moves_the_character_to_the_player() -> None:
    """List of Endeavours: a successful Persuasion brings the character into the player's
    Faction."""
    table = started(hands={0: ["Persuasion | Treachery"]})
    endeavour(table, 0, "Persuasion | Treachery", "Target: Thomas More", die=6)
    table.settle()
    assert resolution(table)["success"]
    assert table.seat_of("Thomas More") == 0


def test_travel_beyond_the_realm_not_for_tudor_heirs() -> None:
    """List of Endeavours: Tudor Heirs cannot Travel Beyond the Realm."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery"]})
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", until=lambda s: "target" in asked(s))
    assert "Target: Mary Tudor" not in legal(table)
    assert "Target: Thomas More" in legal(table)


def test_travel_beyond_the_realm_no_influence_while_abroad() -> None:
    """List of Endeavours: a character Travelling Beyond the Realm counts for no Faction
    Influence."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery"]})
    seat = table.seat_of("Thomas Cromwell")
    before = table.state.view(None)["factions"][f"Faction {seat + 1}"]["influence"]
    own = table.character("Thomas Cromwell")["influence"]
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Thomas Cromwell", die=6)
    table.settle()
    assert resolution(table)["success"]
    assert table.state.view(None)["factions"][f"Faction {seat + 1}"]["influence"] == before - own


def test_diplomatic_mission_unaffected_by_arrest() -> None:
    """List of Endeavours: a character on a Diplomatic Mission is safe from Arrest and
    Persuasion."""
    table = started(
        hands={
            0: [
                "Diplomatic Mission | Bad Health",
                "Arrest Warrant | Duplicity",
                "Persuasion | Treachery",
            ]
        }
    )
    endeavour(table, 0, "Diplomatic Mission | Bad Health", "Target: Thomas More", die=6)
    table.settle()
    assert resolution(table)["success"]
    endeavour(table, 0, "Arrest Warrant | Duplicity", until=lambda s: "target" in asked(s))
    assert "Target: Thomas More" not in legal(table)


def test_b_characters_may_return_is_a_choice() -> None:
    """B. Characters may Return: a traveller's Faction decides whether he comes home."""
    table = started(hands={0: ["Travel Beyond the Realm | Treachery"]})
    endeavour(table, 0, "Travel Beyond the Realm | Treachery", "Target: Thomas Cromwell", die=6)
    table.settle()
    seat = table.seat_of("Thomas Cromwell")
    drive(table, lambda s: "bring the traveller home" in asked(s))
    assert table.state.current_player() == seat
    assert sorted(legal(table)) == ["No", "Yes"]
    table.state.apply_action("No")
    assert "Thomas Cromwell" in str(table.state.view(None)["abroad"])


def give_secretaries_to_cromwell(table: Table) -> None:
    """Thomas Cromwell (a Commoner) holds the Principal Secretary and the Secretary."""
    cromwell = table.person("Thomas Cromwell")
    offices = list(table.state.view(None)["offices"])

    def change(doc: dict[str, object]) -> None:
        holders = list(doc["office_holder"])  # type: ignore[call-overload]
        holders[offices.index("Principal Secretary")] = cromwell
        holders[offices.index("Secretary")] = cromwell
        doc["office_holder"] = holders

    table.edit(change)


def test_secretary_one_free_rack_each_turn() -> None:
    """An Office Card / List of Offices: the Secretary has one free Rack Endeavour each Turn (not
    each Round)."""
    table = started()
    give_secretaries_to_cromwell(table)
    to_tower(table, "Thomas Boleyn")
    seat = office_power_played(
        table, "Thomas Cromwell", "Secretary", "Target: Thomas Boleyn", die=1
    )
    assert resolution(table)["endeavour"] == "Rack"
    table.to_player_turn(seat)
    assert "Office power: Secretary" not in legal(table)


def test_principal_secretary_one_free_feed_men_each_turn() -> None:
    """List of Offices: the Principal Secretary has one free Fee'd Men Endeavour each Turn."""
    table = started()
    give_secretaries_to_cromwell(table)
    seat = office_power_played(
        table, "Thomas Cromwell", "Principal Secretary", "Target faction: Faction 1", die=1
    )
    assert resolution(table)["endeavour"] == "Fee'd Men"
    table.to_player_turn(seat)
    assert "Office power: Principal Secretary" not in legal(table)


def test_law_suit_also_stops_office_endeavours() -> None:
    """List of Endeavours: Law Suit: a sued Faction plays no Endeavour, its Offices' free Endeavours
    included."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    offices = list(table.state.view(None)["offices"])

    def no_chancellor(doc: dict[str, object]) -> None:
        holders = list(doc["office_holder"])  # type: ignore[call-overload]
        holders[offices.index("Chancellor")] = -1
        doc["office_holder"] = holders

    table.edit(no_chancellor)
    seat = table.seat_of("Charles Brandon")
    endeavour(table, 2, "Law Suit | Bad Health", f"Target faction: Faction {seat + 1}", die=6)
    table.settle()
    table.to_player_turn(seat)
    assert not any(o.startswith("Office power: President") for o in legal(table))


def test_speaker_of_the_house_parliamentary_petition_as_a_support() -> None:
    """List of Offices: the Speaker of the House can play one Parliamentary Petition each Turn as a
    Support."""
    table = started(hands={0: ["Trial | Captaincy", "Act of Attainder | Henry's Will"]})
    to_tower(table, "Thomas Cromwell")
    to_tower(table, "Thomas Boleyn")
    speaker = table.seat_of("Thomas More")
    endeavour(table, 0, "Trial | Captaincy", "Target: Thomas Cromwell", until_support=speaker)
    assert "Office power: Speaker of the House" in legal(table)
    table.state.apply_action("Office power: Speaker of the House")
    answer(table, "Modifier: +1", "Modifier: +1")
    table.state.apply_action("Die: 1")
    table.settle()
    endeavour(
        table, 0, "Act of Attainder | Henry's Will", "Target: Thomas Boleyn", until_support=speaker
    )
    assert "Office power: Speaker of the House" not in legal(table)


def test_nobles_the_title_passes_to_the_heir_on_death() -> None:
    """Nobles, Royals and Commoners: when Thomas Howard (Norfolk 1) dies, Henry Howard (Norfolk 2)
    inherits at once."""
    table = started()
    drive(
        table,
        lambda s: (
            s.view(None)["turn"] == 2 and asked(s) == "chance: a death roll for Thomas Howard"
        ),
    )
    table.state.apply_action("Dice: 12")
    assert "Thomas Howard" in table.state.view(None)["dead"]
    assert table.state.view(None)["titles"]["Duke of Norfolk"] == "Henry Howard"


def test_characters_influence_is_the_same_counted_for_all_at_once() -> None:
    """A character's Influence [Characters] [An Office Card] [Titles]: ``influences``,
    which the view reads, gives every character what ``influence`` gives it, along
    random games in which offices and titles change hands (two offices, a title, the
    line of succession, the Queen)."""
    game = load(5)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            assert isinstance(state, HenryVIIIState)
            every = state.influences()
            assert every == [state.influence(c) for c in range(len(every))]
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_factions_influence_is_its_members_influence_counted_at_once() -> None:
    """A faction's total Influence [Characters]: ``faction_influences``, which the view,
    the order of play and the winner read, gives each faction the sum of ``influence``
    over its face-up living characters, along random games to their end (offices, titles
    and the Queen change hands, characters go to the Tower and abroad, the line moves)."""
    game = load(5)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            assert isinstance(state, HenryVIIIState)
            totals = [
                sum(state.influence(c) for c in state.members(seat))
                for seat in range(state.players)
            ]
            assert state.faction_influences() == totals
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
