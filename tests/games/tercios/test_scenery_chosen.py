"""The players buy and place the scenery (The Battle: Scenery Points; Scenery Elements;
RULINGS.md R90-R93), option ``terrain = "chosen"``: forced dice, through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem import CHANCE, IllegalAction
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.invariants import invariants
from stratagem.games.tercios.scene import scene_of
from stratagem.games.tercios.scenery_choice import ADD_TWO, TAKE_ONE
from stratagem.games.tercios.state import TerciosState
from stratagem.testing import check_conformance

from .helpers import SPANISH, SWEDISH, apply, events_since, start_activation, texts, variant

SMALL = ("spanish_500", "swedish_500")
LISTED_COLUMNS = ("11.81", "23.62", "35.43", "47.24", "59.06")


def chosen(armies: tuple[str, str] = SMALL, duration: int | None = None) -> Tercios:
    game = stratagem.load("tercios", armies=armies, terrain="chosen", duration=duration)
    assert isinstance(game, Tercios)
    return game


def names(state: TerciosState) -> list[str]:
    return [element.name for element in state.terrain]


def test_the_dice_then_the_sides_buy_one_element_at_a_time_within_their_points() -> None:
    """[Scenery Points]: a tie is rolled again; the higher roll (Spanish 5) buys first, then
    the sides alternate until their points are spent; a bridge needs a river first."""
    state = chosen().new_initial_state()
    assert state.current_player() == CHANCE and state.terrain == ()
    apply(state, "Die: 3", "Die: 3")
    assert state.current_player() == CHANCE
    apply(state, "Die: 5", "Die: 2")
    assert state.current_player() == SPANISH
    offered = texts(state)
    assert "buy River" in offered and "buy Town" in offered and "pass" in offered
    assert "buy Bridge" not in offered and "buy Ford" not in offered
    apply(state, "buy River")
    purchase = {
        "points_left": {"Spanish": 2, "Swedish": 2},
        "buying": "Spanish",
        "to_place": "River",
    }
    assert (
        state.view(SWEDISH)["scenery_purchase"] == purchase == state.view(None)["scenery_purchase"]
    )
    assert texts(state) == [
        "place River at 35.43,14.25",
        "place River at 35.43,23.62",
        "place River at 35.43,32.99",
    ]
    apply(state, "place River at 35.43,23.62")
    assert state.current_player() == SWEDISH
    offered = texts(state)
    assert "buy Bridge" in offered and "buy Ford" in offered
    assert "buy River" not in offered and "buy Town" not in offered
    apply(state, "buy Bridge")
    assert texts(state) == [f"place Bridge across River 1 at {x}" for x in LISTED_COLUMNS]
    apply(state, "place Bridge across River 1 at 11.81")
    apply(state, "buy Small hill", "place Small hill at 59.06,16")
    assert sorted(names(state)) == ["Bridge 1", "River 1 (1)", "River 1 (2)", "Small hill 1"]
    assert state.current_player() == SWEDISH
    assert texts(state)[-1] == "pass"
    assert all(
        text.removeprefix("buy ")
        in (
            "Road",
            "Hedge",
            "Bridge",
            "Ford",
            "Small hill",
            "Small copse",
            "Cultivated field",
            "Small building",
            "pass",
        )
        for text in texts(state)
    )
    apply(state, "buy Hedge", "place Hedge at 23.62,33.94")
    assert names(state)[-1] == "Hedge 1"
    log = [e.text for e in state.events]
    assert "Scenery points: 3 each, a tie; the dice are rolled again." in log
    assert "Scenery points: Spanish 5, Swedish 2; Spanish buys first." in log
    assert "Spanish buys a River." in log and "Swedish buys a Bridge." in log
    assert "Swedish places Hedge 1 at 23.62,33.94." in log
    start = len(state.events)
    apply(state, "pass")
    assert events_since(state, start)[:2] == [
        "Spanish buys no more scenery.",
        "The scenery is placed.",
    ]
    assert state.frames[-1]["p"] == "deployment"  # then the guns deploy (Rulings R115)


def bought(kind: str) -> TerciosState:
    """Spanish to place a ``kind`` just bought (Spanish 6 points: a large hill; Swedish
    1: a small copse; then Spanish buys ``kind``)."""
    state = chosen().new_initial_state()
    apply(state, "Die: 6", "Die: 1", "buy Large hill", "place Large hill at 35.43,23.62")
    apply(state, "buy Small copse", "place Small copse at 11.81,18.31", f"buy {kind}")
    return state


@pytest.mark.parametrize(
    ("placement", "rule"),
    [
        (
            "place Small hill at 40,24",
            "Scenery Points: the Small hill would overlap Large hill 1",
        ),
        (
            "place Small hill at 35.43,23.62",
            "Scenery Points: the Small hill would overlap Large hill 1",
        ),
        (
            "place Small hill at 47.03,23.62",
            "Scenery Points: the Small hill would be 1.6 inches from Large hill 1: an element "
            "must touch another or stand 3 inches or more from each",
        ),
        (
            "place Small hill at 35.43,8",
            "The Battle: Scenery Points (RULINGS.md R92): the Small hill must lie on the table "
            "between the deployment zones",
        ),
        (
            "place Small hill at 68,24",
            "The Battle: Scenery Points (RULINGS.md R92): the Small hill must lie on the table",
        ),
        (
            "place Rocks at 60,24",
            "The Battle: Scenery Points: the element bought is a Small hill; place it, not a Rocks",
        ),
    ],
)
def test_a_placement_breaking_a_rule_is_refused_naming_it(placement: str, rule: str) -> None:
    """A placement breaking a rule is refused naming it [Scenery Points]."""
    state = bought("Small hill")
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(placement)
    assert rule in str(refused.value)
    assert state.to_json() == before


def test_a_bridge_off_the_river_is_refused_and_one_across_it_cuts_the_river() -> None:
    """[Bridge]: only on a river; the river is open there."""
    state = chosen().new_initial_state()
    apply(state, "Die: 6", "Die: 2", "buy River", "place River at 40,30")
    apply(state, "buy Ford", "place Ford across River 1 at 23.62", "buy Bridge")
    with pytest.raises(IllegalAction, match="may only be placed across a river; there is none"):
        state.apply_action("place Bridge at 50,20")
    apply(state, "place Bridge at 50.5,30.2")
    shapes = {e.name: e for e in state.terrain}
    assert set(shapes) == {"River 1 (1)", "River 1 (2)", "River 1 (3)", "Ford 1", "Bridge 1"}
    assert shapes["Bridge 1"].shape.bounds[0] == pytest.approx(49.0)
    assert shapes["Ford 1"].ground == "difficult"
    assert shapes["Ford 1"].shape.bounds[1] < 28.75 and shapes["Ford 1"].shape.bounds[3] > 31.25


def test_an_exact_placement_turned_is_public_and_saved() -> None:
    """Any legal spot may be given exactly, turned; both sides see the element, and a
    saved game reads back the same table."""
    state = bought("Hedge")
    apply(state, "place Hedge at 60,30 angle 45")
    hedge = state.terrain[-1]
    assert hedge.name == "Hedge 1" and hedge.shape.centroid.x == pytest.approx(60.0)
    assert hedge.shape.bounds[2] - hedge.shape.bounds[0] > 5.0
    assert state.view(SWEDISH)["terrain"] == state.view(SPANISH)["terrain"]
    assert state.view(SWEDISH)["terrain"][-1]["name"] == "Hedge 1"
    again = state.game.state_from_json(state.to_json())
    assert isinstance(again, TerciosState)
    assert [e.to_json() for e in again.terrain] == [e.to_json() for e in state.terrain]


def test_a_cultivated_field_rolls_its_die_for_what_grows() -> None:
    """[Cultivated field]: a 6 is very difficult, Hidden and In cover."""
    state = bought("Cultivated field")
    apply(state, "place Cultivated field at 59.06,23.62")
    assert state.current_player() == CHANCE
    apply(state, "Die: 6")
    field = state.terrain[-1]
    assert (field.ground, field.hidden, field.cover) == ("very difficult", True, True)
    assert state.current_player() == SPANISH  # the Swedish point is spent


def test_a_cartographer_adds_two_to_his_sides_roll(tmp_path: Path) -> None:
    """[Cartographer] [Rulings R83]: seeing the dice, the Spanish choose to add two:
    Spanish 2 + 2 beats Swedish 3; the Swedish, without one, are not asked."""
    spanish = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', 'traits = ["Cartographer"]')
    state = chosen((spanish, "swedish_500")).new_initial_state()
    apply(state, "Die: 2", "Die: 3")
    assert state.current_player() == SPANISH
    assert sorted(texts(state)) == sorted([ADD_TWO, TAKE_ONE])
    apply(state, ADD_TWO)
    assert state.events[-1].text == "Scenery points: Spanish 4, Swedish 3; Spanish buys first."


def test_a_cartographer_may_take_one_from_the_enemys_roll(tmp_path: Path) -> None:
    """[Cartographer] [Rulings R83]: the other choice, one point off the enemy:
    Spanish 3 against Swedish 4 - 1 is a tie, and both dice are rolled again (and the
    Cartographer chooses again on the new dice)."""
    spanish = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', 'traits = ["Cartographer"]')
    state = chosen((spanish, "swedish_500")).new_initial_state()
    apply(state, "Die: 3", "Die: 4", TAKE_ONE)
    assert state.events[-1].text == "Scenery points: 3 each, a tie; the dice are rolled again."
    assert state.current_player() == CHANCE
    apply(state, "Die: 6", "Die: 4", TAKE_ONE)
    assert state.events[-1].text == "Scenery points: Spanish 6, Swedish 3; Spanish buys first."


def test_a_complete_set_up_then_the_battle_is_fought_on_it() -> None:
    """Both sides spend their points, then the first turn starts on that table: both
    sides see it, and the scene that lines of sight are tested against holds the wood
    (Hidden)."""
    state = chosen().new_initial_state()
    apply(state, "Die: 2", "Die: 1", "buy Large forest", "place Large forest at 35.43,18.31")
    apply(state, "buy Small hill", "place Small hill at 59.06,28.93")
    assert state.frames[-1]["p"] == "deployment"
    assert "scenery_purchase" not in state.view(SPANISH)
    assert names(state) == ["Large forest 1", "Small hill 1"]
    assert [e["name"] for e in state.view(SWEDISH)["terrain"]] == names(state)
    assert len(scene_of(state).hidden) == 1
    start_activation(state, {}, first="Spanish")
    assert state.current_player() == SPANISH
    assert any(text.startswith("activate ") for text in texts(state))


def test_conformance_a_few_battles_with_chosen_scenery() -> None:
    report = check_conformance(
        chosen(duration=1), games=3, seed=9, invariants=invariants, deep_every=40
    )
    assert report.games == 3 and report.decisions > 0
