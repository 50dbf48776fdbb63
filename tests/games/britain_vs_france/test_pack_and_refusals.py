"""Data packs (a user's own pack with a new card built from the vocabulary; broken packs
refused with file, entry and reason), bad input refused without change, and hidden
information kept hidden."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import stratagem
from stratagem.core import DataPackError, StateFormatError, UnknownAction
from stratagem.games.britain_vs_france import places
from stratagem.games.britain_vs_france.pack import DATA_DIR, load_book

from .helpers import BRITAIN, FRANCE, GAME, doc_of, position, refuse, set_up, snapshot, st

ROYAL_ENGINEERS = """
[[event]]
name = "Royal Engineers"
copies = 1
stays_in_play = true
assumed = true
reason = "A card of the user's own, to show a pack can add one."
[[event.option]]
windows = ["turn_start"]
during = "own_turn"
effects = [{ op = "roll_bonus", roll = "battle", amount = 2 }]
"""


def own_pack(tmp_path: Path, extra: str = ROYAL_ENGINEERS) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(DATA_DIR, folder)
    events = folder / "events.toml"
    text = events.read_text(encoding="utf-8")
    head, tail = text.split("[[starting]]", 1)
    events.write_text(head + extra + "\n[[starting]]" + tail, encoding="utf-8")
    rules = folder / "rules.toml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("events = 69", "events = 70"), encoding="utf-8"
    )
    return folder


def test_a_custom_pack_adds_a_card_built_from_the_vocabulary(tmp_path: Path) -> None:
    game = stratagem.load("britain_vs_france", data=own_pack(tmp_path))
    state = position(
        set_up(game),
        phase=places.DRAW,
        hands={BRITAIN: ["Royal Engineers"], FRANCE: []},
        fields={"to_move": -1, "draws": [BRITAIN], "draw_from_deck": 1},
        game=game,
    )
    state.apply_action("Draw historic event: Lagos")
    assert [a.text for a in state.legal_actions()] == [
        "Play: Royal Engineers",
        "Pass",
        "Pass for the rest of this turn",
    ]
    state.apply_action("Play: Royal Engineers")
    assert state.view(None)["in_play"]["Britain"] == ["Royal Engineers"]
    battle = position(
        state,
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
        },
        game=game,
    )
    battle.apply_action("End movement")
    battle.apply_action("Roll: 1")
    assert battle.events[-1].text == "British Regulars #1 rolls a 1 (modified to 4)."


def test_a_broken_pack_names_file_entry_and_reason(tmp_path: Path) -> None:
    bad = """
[[event]]
name = "Broken"
assumed = true
reason = "A card with an effect the vocabulary does not have."
[[event.option]]
windows = ["turn_start"]
effects = [{ op = "summon_dragon" }]
"""
    with pytest.raises(DataPackError) as caught:
        load_book(own_pack(tmp_path, bad))
    assert "events.toml" in str(caught.value) and "'Broken'" in str(caught.value)


def test_a_pack_whose_counts_do_not_match_the_components(tmp_path: Path) -> None:
    """[Contents] A pack whose card counts differ from the components is refused."""
    folder = own_pack(tmp_path)
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace("events = 70", "events = 69"))
    with pytest.raises(DataPackError, match="70 historic events, not 69"):
        load_book(folder)


def test_an_assumed_value_without_its_flag_is_refused(tmp_path: Path) -> None:
    folder = own_pack(tmp_path)
    rules = folder / "rules.toml"
    text = rules.read_text().replace(
        "ransom_max = { value = 3, assumed = true,", "ransom_max = { value = 3,"
    )
    assert text != rules.read_text()
    rules.write_text(text)
    with pytest.raises(DataPackError, match=r"rules\.toml"):
        load_book(folder)


def test_bad_options_are_refused() -> None:
    with pytest.raises(stratagem.OptionError):
        stratagem.load("britain_vs_france", turns_per_player=0)
    with pytest.raises(stratagem.OptionError):
        stratagem.load("britain_vs_france", house_rules=True)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = set_up(first_draw=None)
    with pytest.raises(UnknownAction):
        state.apply_action("Fire the broadsides")
    assert "not a possible chance outcome" in refuse(state, "Draw colony: Boston")
    assert "chance" in refuse(state, "Pass")
    state.apply_action("Draw historic event: Lagos")
    legal = [a.text for a in state.legal_actions()]
    assert state.current_player() == BRITAIN
    assert "Play: Lagos" not in legal
    message = refuse(state, "Play: Lagos")
    assert "cannot be played now" in message
    assert "not France's" in refuse(state, legal[0], seat=FRANCE)
    assert "holds no Quebec" in refuse(state, "Play: Quebec")


def test_bad_state_documents_are_refused() -> None:
    state = set_up()
    doc = doc_of(state)
    doc["state"]["gold"] = [-1, 3]
    with pytest.raises(StateFormatError, match="negative"):
        GAME.state_from_json(doc)
    doc = doc_of(state)
    doc["state"]["uloc"] = doc["state"]["uloc"][:-1]
    with pytest.raises(StateFormatError, match="uloc"):
        GAME.state_from_json(doc)
    doc = doc_of(state)
    doc["state"]["control"][0] = "Britain"
    with pytest.raises(StateFormatError):
        GAME.state_from_json(doc)
    doc = doc_of(state)
    doc["state"]["supply"][0] += 1
    with pytest.raises(StateFormatError, match="export cards"):
        GAME.state_from_json(doc)


def test_views_hide_the_other_hand_the_secret_objective_and_the_decks() -> None:
    state = set_up()
    britain = json.dumps(state.view(BRITAIN))
    spectator = json.dumps(state.view(None))
    for hidden in ("Braddock's Expedition", "Quiberon Bay", "Manila", "Sugar Islands"):
        assert hidden not in britain and hidden not in spectator
    assert "Masters of Bengal" in britain and "Masters of Bengal" not in spectator
    seen = json.dumps(state.visible_events(BRITAIN))
    assert "Sugar Islands" not in seen and "Manila" not in seen
    assert "France draws a historic event" in seen
    assert "Martinique" in json.dumps(state.view(BRITAIN)["you"])


def test_resampling_keeps_the_view_and_redeals_the_unseen() -> None:
    state = set_up()
    hands = set()
    for seed in range(20):
        world = state.resample_hidden(BRITAIN, random.Random(seed))
        assert world.view(BRITAIN) == state.view(BRITAIN)
        hands.add(tuple(world.view(FRANCE)["you"]["hand"]))
    assert len(hands) > 1
    before = snapshot(state)
    state.resample_hidden(FRANCE, random.Random(1))
    assert snapshot(state) == before
    assert st(state)["secret"] != [-1, -1]


def test_refusals_name_what_is_wrong() -> None:
    state = position(
        set_up(), phase=places.PURCHASES, hands={BRITAIN: [], FRANCE: []}, fields={"gold": [1, 3]}
    )
    assert "is not in Britain's battle deck" in refuse(state, "Buy: French Fortress")
    assert "costs 3 gold and Britain has 1" in refuse(state, "Buy: Robert Clive")
    battle = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "British Regulars #1": ("Quebec", BRITAIN),
            "British Regulars #2": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
            "French Fortress #1": ("Quebec", FRANCE),
        },
    )
    battle.apply_action("End movement")
    message = refuse(battle, "Destroy: British Regulars #1")
    assert "the battle at Quebec (the attacker covers every defender)" in message
    moving = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={"British Regulars #1": ("Boston", BRITAIN)},
    )
    assert "not one space away" in refuse(moving, "Move: British Regulars #1 to Montreal")
