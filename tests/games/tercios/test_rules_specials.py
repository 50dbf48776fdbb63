"""The special rules of troops (The Troops; Rules from "Kingdoms"; Armament), each driven
through the public API with forced dice."""

from __future__ import annotations

from pathlib import Path

from stratagem.games.tercios.army import shipped_armies
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, events_since, load, placed, roll, start_activation, texts

GAME = load()
CUIRASSIERS = "Cuirassiers of Flanders"


def _variant(tmp_path: Path, army: str, old: str, new: str) -> str:
    """A shipped army with one line changed, written to a file."""
    text = shipped_armies()[army].read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{army}_variant.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def test_mobility_free_reorientation_then_move_and_reorient_again() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Ready!"})
    state = placed(GAME, state, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient left")
    assert state.events[-1].rule == "The Troops: Cavalry (Mobility)"
    # The free turn starts a move: no second turn before it.
    assert f"{CUIRASSIERS}: reorient right" not in texts(state)
    apply(state, f"{CUIRASSIERS}: advance", f"{CUIRASSIERS}: reorient right")
    events = events_since(state, start)
    assert f"{CUIRASSIERS}: reorient right." in events
    assert state.f[GAME.troop_index[CUIRASSIERS]] == 90.0
    assert state.x[GAME.troop_index[CUIRASSIERS]] < 40.0  # it moved west, facing 180
    assert state.current_player() == 1  # two actions and the free turn: the activation ends


def test_mobility_turn_not_followed_by_a_move_counts_as_the_reorientation() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Ready!"})
    state = placed(GAME, state, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient left")
    apply(state, f"{CUIRASSIERS}: end activation")
    assert state.current_player() == 1


def test_heavy_cavalry_has_no_mobility(tmp_path: Path) -> None:
    army = _variant(
        tmp_path,
        "spanish_500",
        '{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }',
        '{ profile = "Heavy Cavalry", name = "Cuirassiers of Flanders" }',
    )
    game = load(armies=(army, "swedish_500"))
    state = game.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Run!"})
    state = placed(game, state, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}")
    assert f"{CUIRASSIERS}: reorient left" not in texts(state)


def test_mobility_turn_under_run() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Run!"})
    state = placed(GAME, state, {CUIRASSIERS: (40.0, 20.0, 90.0)})
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: reorient about")
    apply(state, f"{CUIRASSIERS}: advance")
    unit = GAME.troop_index[CUIRASSIERS]
    assert state.f[unit] == 270.0 and state.current_player() == 1


def _charged_after_activation(game: Tercios) -> list[str]:
    """The Spanish cuirassiers act (Resist!: nothing), then the Hakkapeliitta charge them:
    what the Spanish seat may answer."""
    state = game.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Resist!", "Hakkapeliitta": "Assault!"})
    state = placed(
        game, state, {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)}
    )
    apply(state, f"activate {CUIRASSIERS}", "activate Hakkapeliitta")
    if "Hakkapeliitta: charge Cuirassiers of Flanders" in texts(state):
        apply(state, "Hakkapeliitta: charge Cuirassiers of Flanders")
    return texts(state)


def test_cavalry_evades_a_charge_even_once_activated() -> None:
    assert _charged_after_activation(GAME) == ["react", "do not react"]


def test_heavy_cavalry_may_not_evade_a_cavalry_charge_once_activated(tmp_path: Path) -> None:
    army = _variant(
        tmp_path,
        "spanish_500",
        '{ profile = "Cuirassiers", name = "Cuirassiers of Flanders" }',
        '{ profile = "Heavy Cavalry", name = "Cuirassiers of Flanders" }',
    )
    assert _charged_after_activation(load(armies=(army, "swedish_500"))) == []


def _intercept() -> tuple[TerciosState, int]:
    """Yellow 1 (Ready!) advances within 3 inches of Idiáquez (Assault!), which intercepts."""
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": "Assault!"}, first="Swedish")
    state = placed(GAME, state, {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)})
    start = len(state.events)
    apply(state, "activate Yellow 1", "Yellow 1: advance", "react")
    roll(state, 1)  # the reaction's order test
    assert "Idiáquez charges Yellow 1." in events_since(state, start)
    return state, start


def test_interception_won_by_the_reacting_unit_ends_the_movers_activation() -> None:
    state, start = _intercept()
    roll(state, 2)  # Idiáquez: two hits
    roll(state, 1)  # Yellow 1 parries one
    roll(state, 0)  # Yellow 1: no hit
    assert "Yellow 1's activation ends." in events_since(state, start)
    assert state.current_player() == 0


def test_interception_lost_by_the_reacting_unit_lets_the_mover_go_on() -> None:
    state, start = _intercept()
    roll(state, 0)  # Idiáquez: no hit
    roll(state, 2)  # Yellow 1: two hits
    roll(state, 1)  # Idiáquez parries one
    assert "Yellow 1 wins the combat." in events_since(state, start)
    assert "Yellow 1: end activation" in texts(state)


def test_counter_charge_meets_halfway() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Assault!", "Yellow 1": "Assault!"})
    state = placed(GAME, state, {CUIRASSIERS: (30.0, 20.0, 90.0), "Yellow 1": (30.0, 30.0, 270.0)})
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    if f"{CUIRASSIERS}: charge Yellow 1" in texts(state):
        apply(state, f"{CUIRASSIERS}: charge Yellow 1")
    apply(state, "react")
    roll(state, 1)
    events = events_since(state, start)
    assert "Yellow 1 counter-charges." in events
    assert "Yellow 1 meets the charge halfway." in events
    # The gap between the bases was 30 - 1.18 - (20 + 0.79) = 8.03 inches: Yellow 1 covers
    # half of it, to the nearest quarter inch.
    assert 25.5 <= state.y[GAME.troop_index["Yellow 1"]] <= 26.25
    assert f"{CUIRASSIERS} contacts Yellow 1." in events


def test_a_lone_commander_may_act_once_his_sides_troops_are_spent() -> None:
    state = GAME.new_initial_state()
    start_activation(state, {}, default="Resist!")  # Resist! with no Dm: nothing to do
    for _ in range(8):  # four units each, in turn: the Spanish side is spent first
        unit = next(t for t in texts(state) if t.startswith("activate ") and "commander" not in t)
        apply(state, unit)
    assert state.current_player() == 0
    options = texts(state)
    assert "pass" in options
    assert "activate commander Gonzalo Fernández de Córdoba (Spanish C-C)" in options
    apply(state, "pass")
    assert "Spanish passes to the opponent." in events_since(state, 0)
    assert state.current_player() == 1
