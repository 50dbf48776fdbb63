"""Rulebook-first audit: the chapter Order Cards (the five orders, Testing Orders) and the
troop rules that change them (Large (Dense), Square, Mobility)."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, deploy, load, roll, texts
from .rulebook import dice_rolled, edited, officers_edited, unit

TERCIO_FRONT = 21.181
INF_HALF = 1.181


def activated(
    orders: dict[str, str],
    unit_name: str,
    dm: dict[str, int] | None = None,
    where: dict[str, tuple[float, float, float]] | None = None,
    first: str = "Spanish",
) -> TerciosState:
    game = load()
    state = battle(game, orders, where or {}, dm=dm, first=first)
    apply(state, f"activate {unit_name}")
    return state


def test_order_cards_ready_offers_move_reorient_and_shoot() -> None:
    """Order Cards: Ready!: the unit chooses among moving, reorienting and shooting."""
    state = activated(
        {"Idiáquez": "Ready!"},
        "Idiáquez",
        where={
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, TERCIO_FRONT + 6.0 + INF_HALF, 270.0),
        },
    )
    options = texts(state)
    assert "Idiáquez: advance" in options
    assert "Idiáquez: reorient left" in options
    assert "Idiáquez: shoot Yellow 1" in options


def test_order_cards_ready_reorganise_removes_disorder() -> None:
    """Order Cards: Ready!: reorganising removes the Disorder marker."""
    game = load()
    state = battle(game, {"Idiáquez": "Ready!"}, {"Idiáquez": (30.0, 20.0, 90.0)})
    state = edited(state, disorder={"Idiáquez": True})
    apply(state, "activate Idiáquez", "Idiáquez: reorganise")
    assert not unit(state, "Idiáquez")["disorder"]


def test_order_cards_ready_not_the_same_action_twice() -> None:
    """Order Cards: Ready!: two different actions: after a move no second move is offered."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 90.0)})
    apply(state, "Idiáquez: advance")
    assert not any("advance" in text for text in texts(state))
    assert "Idiáquez: reorient left" in texts(state)


def test_order_cards_ready_two_actions_at_most() -> None:
    """Order Cards: Ready!: after two actions the activation is over."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 90.0)})
    apply(state, "Idiáquez: reorient left", "Idiáquez: advance")
    assert not any(text.startswith("Idiáquez:") for text in texts(state))
    assert state.current_player() == 1


def test_order_cards_ready_reorient_then_move() -> None:
    """Order Cards: Ready!: a unit may reorient and then move (two different actions)."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 90.0)})
    apply(state, "Idiáquez: reorient about")
    assert "Idiáquez: advance" in texts(state)


def test_square_after_reorienting_may_not_move() -> None:
    """Square: a Square unit that reorients under Ready! may not then move as its second action."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(game, {"Velandia": "Ready!"}, {"Velandia": (30.0, 20.0, 90.0)})
    apply(state, "activate Velandia", "Velandia: reorient left")
    assert not any("advance" in text for text in texts(state))


def test_order_cards_assault_moves_with_a_bonus() -> None:
    """Order Cards: Assault!: the charge uses Mvt+ (Tercio 4 becomes 6)."""
    game = load()
    state = battle(
        game,
        {"Verdugo": "Assault!"},
        {"Verdugo": (30.0, 20.0, 90.0), "Yellow 1": (30.0, TERCIO_FRONT + 5.8 + INF_HALF, 270.0)},
    )
    apply(state, "activate Verdugo")
    assert "Verdugo: charge Yellow 1" in texts(state)


def test_order_cards_assault_no_enemy_in_sight_does_not_charge() -> None:
    """Order Cards: Assault!: with no enemy in sight at activation the unit charges no one."""
    state = activated({"Idiáquez": "Assault!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 270.0)})
    assert not any("charge" in event.text for event in state.events[-4:])
    assert unit(state, "Idiáquez")["activated"]


def test_order_cards_run_moves_with_a_double_bonus() -> None:
    """Order Cards: Run!: the unit moves with Mvt++ (Tercio 4 becomes 8), no further."""
    game = load()
    base = battle(game, {"Idiáquez": "Run!"}, {"Idiáquez": (30.0, 20.0, 90.0)})
    apply(base, "activate Idiáquez")
    far = base.clone()
    with pytest.raises(stratagem.IllegalAction):
        far.apply_action(f"move Idiáquez to 30.0,{TERCIO_FRONT + 8.2:.1f}")
    apply(base, f"move Idiáquez to 30.0,{TERCIO_FRONT + 7.9:.1f}")
    assert unit(base, "Idiáquez")["front"][1] == pytest.approx(TERCIO_FRONT + 7.9, abs=0.06)


def test_order_cards_run_may_neither_shoot_nor_charge() -> None:
    """Order Cards: Run!: no shot and no charge are offered."""
    state = activated(
        {"Idiáquez": "Run!"},
        "Idiáquez",
        where={
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0),
        },
    )
    assert not any(("shoot" in text or "charge" in text) for text in texts(state))


def test_order_cards_fire_has_the_full_volley() -> None:
    """Order Cards: Fire!: the volley is at full strength (Shoot 3, where Ready! would give 2)."""
    state = activated(
        {"Idiáquez": "Fire!"},
        "Idiáquez",
        where={
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, TERCIO_FRONT + 5.0 + INF_HALF, 270.0),
        },
    )
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 3


def test_order_cards_resist_removes_one_dm() -> None:
    """Order Cards: Resist!: a passed test removes one Dm (a unit without the Dense rule)."""
    state = activated({"Yellow 1": "Resist!"}, "Yellow 1", dm={"Yellow 1": 3}, first="Swedish")
    roll(state, 3)
    assert unit(state, "Yellow 1")["dm"] == 2


def test_order_cards_resist_with_a_single_dm_has_no_effect() -> None:
    """Order Cards: Resist!: a unit with only one Dm keeps it and stays where it is."""
    state = activated({"Yellow 1": "Resist!"}, "Yellow 1", dm={"Yellow 1": 1}, first="Swedish")
    before = unit(state, "Yellow 1")["front"]
    if state.current_player() == stratagem.CHANCE:
        roll(state, 2)
    assert unit(state, "Yellow 1")["dm"] == 1
    assert unit(state, "Yellow 1")["front"] == before


def test_order_cards_resist_failed_test_removes_nothing() -> None:
    """Order Cards / Testing Orders: a failed Resist! test removes no Dm and loses the order."""
    state = activated({"Yellow 1": "Resist!"}, "Yellow 1", dm={"Yellow 1": 3}, first="Swedish")
    roll(state, 0)
    assert unit(state, "Yellow 1")["dm"] == 3
    assert "activate Yellow 1" not in texts(state)


def test_large_dense_resist_removes_a_dm_per_success() -> None:
    """Large (Dense): a Dense unit's Resist! removes one Dm for each 5+ rolled."""
    state = activated({"Idiáquez": "Resist!"}, "Idiáquez", dm={"Idiáquez": 4})
    roll(state, 3)
    assert unit(state, "Idiáquez")["dm"] == 1


def test_large_dense_resist_never_removes_the_last_dm() -> None:
    """Large (Dense): the Dense Resist! may not take the unit back to 0 Dm."""
    state = activated({"Idiáquez": "Resist!"}, "Idiáquez", dm={"Idiáquez": 2})
    roll(state, 3)
    assert unit(state, "Idiáquez")["dm"] == 1


def test_testing_orders_a_fresh_unit_carries_out_its_order_without_a_test() -> None:
    """Testing Orders: a unit with no Dm needs no test: no dice are rolled at activation."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 90.0)})
    assert state.current_player() == 0
    assert "Idiáquez: advance" in texts(state)


def test_testing_orders_a_unit_with_dm_tests_its_discipline_at_5() -> None:
    """Testing Orders: a unit with Dm rolls its Discipline in dice and needs one 5+."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", dm={"Idiáquez": 1})
    assert dice_rolled(state) == 5
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 0 successes"] == pytest.approx((2 / 3) ** 5)


def test_testing_orders_failure_loses_the_order() -> None:
    """Testing Orders: a failed test loses the order; the unit can no longer be activated."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", dm={"Idiáquez": 1})
    roll(state, 0)
    assert state.current_player() == 1
    assert unit(state, "Idiáquez")["activated"]
    assert unit(state, "Idiáquez")["front"] == [32.108, 11.5]


def test_testing_orders_one_success_is_enough() -> None:
    """Testing Orders: a single 5+ passes the test and the order is carried out."""
    state = activated({"Idiáquez": "Ready!"}, "Idiáquez", dm={"Idiáquez": 1})
    roll(state, 1)
    assert "Idiáquez: advance" in texts(state)


def test_testing_orders_outside_the_command_radius_lowers_discipline() -> None:
    """Testing Orders: a unit outside its commanders' 6-inch radius tests with Discipline- (4
    becomes 2)."""
    state = activated(
        {"Yellow 2": "Ready!"},
        "Yellow 2",
        dm={"Yellow 2": 1},
        where={"Yellow 2": (10.0, 30.0, 270.0)},
        first="Swedish",
    )
    assert dice_rolled(state) == 2


def _dice_for_yellow_2_with_horn_at(y: float) -> int:
    """The dice Yellow 2 (Ready!, Discipline 4, at (10, 30)) tests its order with when Gustav
    Horn stands at (10, ``y``)."""
    state = battle(
        load(),
        {"Yellow 2": "Ready!"},
        {"Yellow 2": (10.0, 30.0, 270.0)},
        dm={"Yellow 2": 1},
        first="Swedish",
    )
    state = officers_edited(
        state, ox={"Gustav Horn (Swedish C-C)": 10.0}, oy={"Gustav Horn (Swedish C-C)": y}
    )
    apply(state, "activate Yellow 2")
    return dice_rolled(state)


def test_testing_orders_inside_the_command_radius_no_penalty() -> None:
    """Testing Orders: a unit within 6 inches of a commander with sight of it tests its full
    Discipline."""
    assert _dice_for_yellow_2_with_horn_at(34.0) == 4


def test_testing_orders_command_radius_is_6_inches() -> None:
    """Testing Orders: the command radius is 6 inches: a commander 7 inches off does not count."""
    # The unit's rear edge is at y=31.181; the commander stands 7 inches behind it.
    assert _dice_for_yellow_2_with_horn_at(38.3) == 2


def test_testing_orders_an_attached_commander_keeps_full_discipline() -> None:
    """Testing Orders: a unit with its commander attached tests without the penalty."""
    state = activated(
        {"Yellow 1": "Ready!"},
        "Yellow 1",
        dm={"Yellow 1": 1},
        where={"Yellow 1": (10.0, 30.0, 270.0)},
        first="Swedish",
    )
    assert dice_rolled(state) == 4


def test_order_cards_orders_are_face_down_to_the_opponent() -> None:
    """Order Cards: an order placed is hidden from the opponent until the unit is activated."""
    game = load()
    state = battle(game, {"Idiáquez": "Assault!"}, {})
    swedish_view = next(u for u in state.view(1)["units"] if u["name"] == "Idiáquez")
    spanish_view = next(u for u in state.view(0)["units"] if u["name"] == "Idiáquez")
    assert swedish_view["order"] is None and swedish_view["order_placed"]
    assert spanish_view["order"] == "Assault!"


def test_order_cards_activation_reveals_the_order() -> None:
    """Order Cards: activating a unit reveals its card to both players."""
    state = activated({"Idiáquez": "Run!"}, "Idiáquez")
    swedish_view = next(u for u in state.view(1)["units"] if u["name"] == "Idiáquez")
    assert swedish_view["order"] == "Run!"


def test_order_cards_each_unit_gets_one_of_the_five_orders() -> None:
    """Order Cards: in Planning each unit is given one of Ready!, Assault!, Run!, Fire!, Resist!."""
    state = load().new_initial_state()
    deploy(state)
    orders = {text.split(": ", 1)[1] for text in texts(state)}
    assert orders == {"Ready!", "Assault!", "Run!", "Fire!", "Resist!"}


def test_mobility_cavalry_reorients_freely_before_moving() -> None:
    """Mobility: cavalry under Ready! may reorient, move and reorient again (the first turn is
    free)."""
    state = activated(
        {"Cuirassiers of Flanders": "Ready!"},
        "Cuirassiers of Flanders",
        where={"Cuirassiers of Flanders": (30.0, 20.0, 90.0)},
    )
    apply(state, "Cuirassiers of Flanders: reorient left", "Cuirassiers of Flanders: advance")
    assert any(text.startswith("Cuirassiers of Flanders: reorient") for text in texts(state))


def test_mobility_run_cavalry_may_reorient_before_moving() -> None:
    """Mobility: cavalry under Run! may make a free reorientation at the start of its move."""
    state = activated(
        {"Cuirassiers of Flanders": "Run!"},
        "Cuirassiers of Flanders",
        where={"Cuirassiers of Flanders": (30.0, 20.0, 90.0)},
    )
    assert any(text.startswith("Cuirassiers of Flanders: reorient") for text in texts(state))


def test_mobility_infantry_run_may_not_reorient() -> None:
    """Order Cards: Run! (without Mobility): an infantry unit under Run! is offered no
    reorientation."""
    state = activated({"Idiáquez": "Run!"}, "Idiáquez", where={"Idiáquez": (30.0, 20.0, 90.0)})
    assert not any("reorient" in text for text in texts(state))
