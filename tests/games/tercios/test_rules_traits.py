"""Commanders' traits (Command: Common, Optional, Kingdoms and Automatic Kingdoms Traits),
each driven through the public API with forced dice."""

from __future__ import annotations

from pathlib import Path

from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.values import progressed

from .helpers import apply, events_since, load, placed, roll, start_activation, texts, variant

GAME = load()
PACK = load_pack()
CUIRASSIERS = "Cuirassiers of Flanders"
IBARRA = 'commander = { name = "Francisco de Ibarra", rank = 1, traits = ["Authoritarian"] }'
TEUFFEL = 'commander = { name = "Maximilian Teuffel", rank = 1, traits = ["Coordinator"] }'
COLOMA = 'commander = { name = "Carlos Coloma", rank = 0 }'
STALHANDSKE = 'commander = { name = "Torsten Stålhandske", rank = 0 }'


def _games(spanish: str = "spanish_500", swedish: str = "swedish_500") -> Tercios:
    return load(armies=(spanish, swedish))


def _with_trait(tmp_path: Path, army: str, old: str, trait: str) -> str:
    name = old.split('"')[1]
    return variant(
        tmp_path, army, old, f'commander = {{ name = "{name}", rank = 1, traits = ["{trait}"] }}'
    )


def test_selfless_commander_lets_his_unit_reroll_a_failed_rout_test_and_dies(
    tmp_path: Path,
) -> None:
    game = _games(swedish=_with_trait(tmp_path, "swedish_500", TEUFFEL, "Selfless"))
    state = game.new_initial_state()
    start_activation(state, {"Idiáquez": "Fire!"})
    state = placed(
        game,
        state,
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.54, 270.0)},
        dm={"Yellow 1": 4},
    )
    start = len(state.events)
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(state, 2)
    roll(state, 0)  # 6 Dm against Stamina 4: two rout points
    roll(state, 1)  # one 6: failed
    roll(state, 2)  # the second roll holds
    events = events_since(state, start)
    assert "Yellow 1 rolls its rout test again for Maximilian Teuffel." in events
    assert "Maximilian Teuffel gives his life to rally the unit." in events
    assert state.alive[game.troop_index["Yellow 1"]] and state.vp == [1, 0]


def test_brave_commander_makes_his_unit_impetuous(tmp_path: Path) -> None:
    game = _games(_with_trait(tmp_path, "spanish_500", COLOMA, "Brave"))
    state = game.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Fire!"})
    state = placed(game, state, {CUIRASSIERS: (40.0, 24.0, 90.0), "Yellow 1": (40.0, 30.0, 270.0)})
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    assert f"{CUIRASSIERS} is impetuous: it tests its order or charges." in events_since(
        state, start
    )


def _reaction_dice(game: Tercios) -> str:
    """Yellow 1 advances within 3 inches of Idiáquez, which reacts: the test's dice."""
    state = game.new_initial_state()
    start_activation(state, {"Idiáquez": "Assault!"}, first="Swedish")
    state = placed(game, state, {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.0, 270.0)})
    start = len(state.events)
    apply(state, "activate Yellow 1", "Yellow 1: advance", "react")
    return next(e for e in events_since(state, start) if "order test with" in e)


def test_imperturbable_commander_gives_discipline_plus_for_reaction_tests(
    tmp_path: Path,
) -> None:
    assert _reaction_dice(GAME) == "Idiáquez reacts to Yellow 1: order test with 5 dice."
    game = _games(_with_trait(tmp_path, "spanish_500", IBARRA, "Imperturbable"))
    dice = progressed(PACK, 5, 1, 0)
    assert _reaction_dice(game) == f"Idiáquez reacts to Yellow 1: order test with {dice} dice."


def _evasion_test(game: Tercios) -> str:
    """The Hakkapeliitta charge the (activated) cuirassiers, which evade: the test's dice."""
    state = game.new_initial_state()
    start_activation(state, {CUIRASSIERS: "Resist!", "Hakkapeliitta": "Assault!"})
    state = placed(
        game, state, {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)}
    )
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}", "activate Hakkapeliitta")
    if "Hakkapeliitta: charge Cuirassiers of Flanders" in texts(state):
        apply(state, "Hakkapeliitta: charge Cuirassiers of Flanders")
    apply(state, "react")
    return next(e for e in events_since(state, start) if "order test with" in e)


def test_aggressive_commander_hampers_the_evasion_of_the_unit_his_unit_charges(
    tmp_path: Path,
) -> None:
    assert _evasion_test(GAME) == f"{CUIRASSIERS} reacts: order test with 3 dice."
    game = _games(swedish=_with_trait(tmp_path, "swedish_500", STALHANDSKE, "Aggressive"))
    dice = progressed(PACK, 3, 0, 1)
    assert _evasion_test(game) == f"{CUIRASSIERS} reacts: order test with {dice} dice."


def _charge_activated_musketeers(game: Tercios) -> list[str]:
    state = game.new_initial_state()
    start_activation(
        state, {CUIRASSIERS: "Assault!", "Yellow musketeers": "Resist!"}, first="Swedish"
    )
    state = placed(
        game,
        state,
        {
            CUIRASSIERS: (40.0, 20.0, 90.0),
            "Yellow musketeers": (40.0, 27.0, 270.0),
            "Yellow 1": (40.0, 34.0, 270.0),
        },
    )
    apply(state, "activate Yellow musketeers", f"activate {CUIRASSIERS}")
    if f"{CUIRASSIERS}: charge Yellow musketeers" in texts(state):
        apply(state, f"{CUIRASSIERS}: charge Yellow musketeers")
    return texts(state)


def test_prepared_commander_gives_light_units_in_his_radius_evasion(tmp_path: Path) -> None:
    assert _charge_activated_musketeers(GAME) == []  # no reaction: the dice are rolled
    game = _games(swedish=_with_trait(tmp_path, "swedish_500", TEUFFEL, "Prepared"))
    assert _charge_activated_musketeers(game) == ["react", "do not react"]
