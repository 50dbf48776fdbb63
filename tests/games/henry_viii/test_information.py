"""Hidden information, refusals, bad files and bad packs."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem import IllegalAction
from stratagem.core import DataPackError, StateFormatError

from .helpers import Table, asked


def _table() -> Table:
    table = Table(5, factions={0: ["Thomas Howard"]}, hands={0: ["Trial | Henry's Ear"]})
    table.to_player_turn(0)
    return table


def test_a_view_shows_only_its_own_hand_and_face_down_characters() -> None:
    """Hands and later arrivals dealt face down stay with their faction [Court Cards] [Deal
    initial playing hands]."""
    table = _table()
    state = table.state
    mine = state.view(0)
    theirs = state.view(1)
    spectator = state.view(None)
    assert "Trial | Henry's Ear" in mine["you"]["hand"]
    text = json.dumps(theirs) + json.dumps(spectator)
    for card in mine["you"]["hand"]:
        assert card not in text
    for arrival in mine["you"]["face_down"]:
        assert arrival.split(" (")[0] not in text
    assert theirs["factions"]["Faction 1"]["court_cards"] == len(mine["you"]["hand"])
    assert theirs["factions"]["Faction 1"]["face_down_characters"] == len(mine["you"]["face_down"])


_HOLDINGS = [
    "Quails | Captaincy",
    "Accident | Act of Attainder",
    "Amnesty | Act of Attainder",
    "Annulment | Evidence of Heresy",
    "Assume Office | Evidence of Heresy",
    "Quails | Revulsion",
]


def _war_with_faction_2_holding(support: str) -> Table:
    """Faction 1 about to play a War; Faction 2 holds ``support``'s card (Captaincy, which
    may join a War, or Revulsion, which may not) and four cards none of which may."""
    table = Table(
        5,
        factions={0: ["William Fitzwilliam"]},
        hands={0: ["War/Uprising | Fee'd Men"], 1: _HOLDINGS},
    )
    table.to_player_turn(0)
    if support != "Captaincy":
        book = table.game.book  # type: ignore[attr-defined]
        held = book.card_names.index("Quails | Captaincy")
        other = book.card_names.index(f"Quails | {support}")

        def swap(doc: dict[str, Any]) -> None:
            doc["hands"][1] = [other if card == held else card for card in doc["hands"][1]]
            doc["deck"] = [held if card == other else card for card in doc["deck"]]
            doc["cloc"][held], doc["cloc"][other] = doc["cloc"][other], doc["cloc"][held]

        table.edit(swap)
    return table


def test_being_offered_the_support_window_reveals_nothing_about_a_hand() -> None:
    """Every faction holding cards is offered the Supports window in turn, so two positions
    that differ only in Faction 2's hidden hand (a Support that may join the War, or none)
    look the same to every other seat at every step [The Player Turn: Playing an Endeavour]
    [Rulings R11]."""
    tables = [_war_with_faction_2_holding(s) for s in ("Captaincy", "Revulsion")]
    for table in tables:
        table.act("Endeavour: War/Uprising | Fee'd Men")
    choices = []
    while "play a Support or pass" in asked(tables[0].state):
        states = [table.state for table in tables]
        assert states[0].current_player() == states[1].current_player()
        for seat in (None, 0, 2, 3, 4):
            assert states[0].view(seat) == states[1].view(seat)
            assert states[0].visible_events(seat) == states[1].visible_events(seat)
        if states[0].current_player() == 1:
            choices.append([[a.text for a in state.legal_actions()] for state in states])
        for state in states:
            state.apply_action("Pass")
    assert choices == [[["Support: Quails | Captaincy", "Pass"], ["Pass"]]]
    assert tables[0].state.view(0) == tables[1].state.view(0)
    assert "No Captaincy is played: the War has no effect." in tables[1].events()


def test_face_down_deals_are_private_events() -> None:
    """The deal of a later arrival is seen by its faction only [Deal initial playing hands]."""
    table = _table()
    private = [e for e in table.state.visible_events(1) if "face down" in e["text"]]
    own = {e["text"] for e in table.state.visible_events(0) if "face down" in e["text"]}
    assert private and all(
        "receives a character face down" in e["text"]
        for e in private
        if e["text"].startswith("Faction 1")
    )
    assert any("enters Turn" in text for text in own)


def test_resampling_redeals_only_what_the_seat_cannot_see() -> None:
    """resample_hidden(seat) keeps the seat's view and redeals the others' hands."""
    table = _table()
    state = table.state
    rng = random.Random(3)
    changed = False
    for _ in range(5):
        other = state.resample_hidden(0, rng)
        assert other.view(0) == state.view(0)
        changed |= other.view(1)["you"]["hand"] != state.view(1)["you"]["hand"]
    assert changed


def test_a_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    table = _table()
    state = table.state
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="is not in Faction 1's hand"):
        state.apply_action("Endeavour: Plague | Henry's Ear", seat=0)
    with pytest.raises(IllegalAction, match="Faction 1's turn"):
        state.apply_action("Discard: Trial | Henry's Ear", seat=1)
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply_action("Behead the Cardinal", seat=0)
    assert json.dumps(state.to_json()) == before


def test_a_trial_with_nobody_in_the_tower_is_refused() -> None:
    """A Trial needs someone arrested: the card can only be discarded or supported [List of
    Endeavours: Trial]."""
    table = _table()
    with pytest.raises(IllegalAction, match="needs someone arrested"):
        table.state.apply_action("Endeavour: Trial | Henry's Ear", seat=0)


def test_annulment_before_the_act_of_supremacy_is_refused() -> None:
    """An Annulment is refused before the Act of Supremacy, with a clear reason [Annulment]
    [Rulings R22]."""
    table = Table(5, factions={0: ["William Warham"]}, hands={0: ["Annulment | Henry's Will"]})
    table.to_player_turn(0)
    with pytest.raises(IllegalAction, match="senior bishop"):
        table.state.apply_action("Endeavour: Annulment | Henry's Will", seat=0)


def test_a_faction_under_a_law_suit_may_only_discard() -> None:
    """No more Endeavours this Turn (Supports are still allowed); the Chancellor's faction
    cannot be sued [Law Suit] [Chancellor]."""
    table = Table(5, hands={0: ["Law Suit | Bad Health", ROYAL]})
    table.to_player_turn(0)
    table.act("Endeavour: Law Suit | Bad Health")
    targets = [a.text for a in table.state.legal_actions()]
    chancellor = table.state.view(None)["offices"]["Chancellor"]
    exempt = f"Target faction: Faction {table.seat_of(chancellor) + 1}"
    assert exempt not in targets  # the Chancellor's faction cannot be sued
    table.act(targets[0])
    sued = int(targets[0].split()[-1]) - 1
    table.act(f"Support: {ROYAL}")
    table.pass_supports()
    table.to_player_turn(sued)
    legal = [a.text for a in table.state.legal_actions()]
    assert legal and all(text.startswith("Discard") for text in legal)
    assert table.state.view(None)["factions"][f"Faction {sued + 1}"]["law_suit"]


ROYAL = "Act of Bastardy | Royal Command"


def test_royal_command_and_obstruction_cancel_each_other() -> None:
    """Played on one Endeavour they cancel each other, and the die decides [Royal Command]
    [Obstruction] [Rulings R39]."""
    table = Table(
        5,
        hands={0: ["Quails | Revulsion", ROYAL], 1: ["Act of Succession | Obstruction"]},
    )
    table.to_player_turn(0)
    table.act("Endeavour: Quails | Revulsion", "Target faction: Faction 2")
    table.act(f"Support: {ROYAL}")
    table.settle()
    while table.state.current_player() == 0:
        table.act("Pass")
    table.act("Support: Act of Succession | Obstruction")
    table.pass_supports()
    assert "Royal Command and Obstruction cancel each other." in table.events()
    assert asked(table.state) == "chance: the Endeavour's die"


def test_a_broken_state_document_is_refused() -> None:
    table = _table()
    game = table.game
    doc = json.loads(json.dumps(table.state.to_json()))
    doc["state"]["hands"][1].append(doc["state"]["hands"][0][0])
    with pytest.raises(StateFormatError, match="in two places"):
        game.state_from_json(doc)
    doc = json.loads(json.dumps(table.state.to_json()))
    doc["state"]["religion"] = 9
    with pytest.raises(StateFormatError, match="religion"):
        game.state_from_json(doc)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ({"office_holder": {0: "Henry Fitzroy"}}, "Henry Fitzroy is a minor and holds an office"),
        (
            {"spouse": {"Henry Fitzroy": "Jane Seymour", "Jane Seymour": "Henry Fitzroy"}},
            "Henry Fitzroy is a minor and married",
        ),
        ({"spouse": {"Thomas Howard": "Jane Seymour"}}, "Thomas Howard's marriage is one-sided"),
    ],
)
def test_a_state_breaking_the_court_invariants_is_refused(
    edit: dict[str, dict[Any, str]], problem: str
) -> None:
    """No minor married or holding office, and marriages have two sides: a document that breaks
    them is refused, naming the character [Minors]."""
    table = _table()
    doc = json.loads(json.dumps(table.state.to_json()))
    for field, changes in edit.items():
        for key, name in changes.items():
            index = key if isinstance(key, int) else table.person(key)
            doc["state"][field][index] = table.person(name)
    with pytest.raises(StateFormatError, match=problem):
        table.game.state_from_json(doc)


def test_a_broken_pack_names_the_file_and_the_entry(tmp_path: Path) -> None:
    """A character card with a religion off the C0 to P4 scale is refused, naming the file and
    the entry [A Character Card] [Ability, Guile and Religion]."""
    source = Path(stratagem.games.henry_viii.__file__).parent / "data"  # type: ignore[attr-defined]
    folder = tmp_path / "pack"
    shutil.copytree(source, folder)
    text = (folder / "characters.toml").read_text()
    (folder / "characters.toml").write_text(text.replace("religion = 1\n", "religion = 7\n", 1))
    with pytest.raises(DataPackError, match=r"characters.toml: character\[0\] 'Thomas Howard'"):
        stratagem.load("henry_viii", players=5, data=folder)


def test_a_view_shows_the_court_as_it_stands_after_every_decision() -> None:
    """Characters at court, in the Tower, abroad and dead, each faction's members and
    Influence, the offices and titles [Characters] [The Tower: Arrest and Imprisonment]:
    the part of a view that only moves when a character, office or title does is kept
    between decisions that move none (a Support passed), yet every view along random games
    to their end equals the view of the same position read back from its document (which
    keeps nothing)."""
    from stratagem.games.henry_viii.court_view import court_of  # noqa: PLC0415

    game = stratagem.load("henry_viii", players=5)
    kept = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            seat = state.current_player()
            fresh = game.state_from_json(state.to_json())
            assert state.brief_view(seat) == fresh.brief_view(seat)
            assert state.view(None) == fresh.view(None)
            before = court_of(state)  # type: ignore[arg-type]
            state.apply_action(rng.choice(state.legal_actions()))
            kept += court_of(state) is before  # type: ignore[arg-type]
    assert kept > 100
