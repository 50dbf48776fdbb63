"""Commanders' traits (Command: Common, Optional, Kingdoms and Automatic Kingdoms Traits),
each driven through the public API with forced dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem import IllegalAction
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.state import TerciosState
from stratagem.games.tercios.values import progressed

from .helpers import (
    apply,
    battle,
    events_since,
    load,
    placed,
    roll,
    texts,
    variant,
    with_commanders_at,
    yellow_1_approaches_idiaquez,
)

GAME = load()
PACK = load_pack()
CUIRASSIERS = "Cuirassiers of Flanders"
IBARRA = 'commander = { name = "Francisco de Ibarra", rank = 1, traits = ["Authoritarian"] }'
TEUFFEL = 'commander = { name = "Maximilian Teuffel", rank = 1, traits = ["Coordinator"] }'
COLOMA = 'commander = { name = "Carlos Coloma", rank = 0 }'
STALHANDSKE = 'commander = { name = "Torsten Stålhandske", rank = 0 }'


def _games(spanish: str = "spanish_500", swedish: str = "swedish_500") -> Tercios:
    return load(armies=(spanish, swedish))


def stratagem_load(spanish: str) -> Tercios:
    """The Spanish army given against swedish_500 on the standard battlefield."""
    return load(terrain="standard", armies=(spanish, "swedish_500"))


def _with_trait(tmp_path: Path, army: str, old: str, trait: str) -> str:
    name = old.split('"')[1]
    return variant(
        tmp_path, army, old, f'commander = {{ name = "{name}", rank = 1, traits = ["{trait}"] }}'
    )


def test_selfless_commander_lets_his_unit_reroll_a_failed_rout_test_and_dies(
    tmp_path: Path,
) -> None:
    game = _games(swedish=_with_trait(tmp_path, "swedish_500", TEUFFEL, "Selfless"))
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
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


def _mercenary_rout(tmp_path: Path, trait: str, where: float) -> TerciosState:
    """Idiáquez's volley takes Yellow 1 (mercenaries, 4 Dm) beyond its Stamina; Teuffel
    (with ``trait``) stands ``where`` inches behind it."""
    army = Path(_with_trait(tmp_path, "swedish_500", TEUFFEL, trait))
    yellow = '{ profile = "Modern Battalion", name = "Yellow 1"'
    army.write_text(army.read_text().replace(yellow, f'{yellow}, options = ["Mercenaries"]'))
    game = _games(swedish=str(army))
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 29.54, 270.0)},
        dm={"Yellow 1": 4},
    )
    doc = state.to_json()
    teuffel = game.officer_index["Maximilian Teuffel"]
    doc["state"]["attached"][teuffel] = -1
    doc["state"]["ox"][teuffel], doc["state"]["oy"][teuffel] = 30.0, 30.8 + where
    loaded = game.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    apply(loaded, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(loaded, 2)
    roll(loaded, 0)  # 6 Dm against Stamina 4: two rout points
    return loaded


def test_mercenaries_break_without_a_rout_test_unless_a_wealthy_commander_pays_them(
    tmp_path: Path,
) -> None:
    """Mercenaries break without a rout test unless a wealthy commander pays them [Wealthy]
    [Shooting: Rout Test]."""
    yellow_1 = GAME.troop_index["Yellow 1"]
    unpaid = _mercenary_rout(tmp_path, "Wealthy", 7.0)  # beyond his 6-inch radius
    assert "Yellow 1, mercenaries with no paymaster near, breaks without a rout test." in [
        e.text for e in unpaid.events[-4:]
    ]
    assert not unpaid.alive[yellow_1]
    assert not _mercenary_rout(tmp_path, "Prepared", 5.0).alive[yellow_1]
    paid = _mercenary_rout(tmp_path, "Wealthy", 5.0)
    dice = progressed(PACK, 4, 0, 1)  # Discipline 4 (-)
    assert paid.events[-2].text == (
        f"Yellow 1, mercenaries, is paid to stand: rout test with Discipline (-), {dice} dice."
    )
    assert paid.frames[-1]["dice"] == dice
    roll(paid, 2)
    assert paid.alive[yellow_1]


def test_brave_commander_makes_his_unit_impetuous(tmp_path: Path) -> None:
    """Brave commander makes his unit impetuous, with no command test [Brave] [Impetuous]
    [Automatic Kingdoms Traits]."""
    game = _games(_with_trait(tmp_path, "spanish_500", COLOMA, "Brave"))
    state = battle(
        game,
        {CUIRASSIERS: "Fire!"},
        {CUIRASSIERS: (40.0, 24.0, 90.0), "Yellow 1": (40.0, 30.0, 270.0)},
    )
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}")
    assert f"{CUIRASSIERS} is impetuous: it tests its order or charges." in events_since(
        state, start
    )


def _reaction_dice(game: Tercios) -> str:
    """Yellow 1 advances within 3 inches of Idiáquez, which reacts: the test's dice."""
    state, start = yellow_1_approaches_idiaquez(game, {"Idiáquez": "Assault!"})
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
    state = battle(
        game,
        {CUIRASSIERS: "Resist!", "Hakkapeliitta": "Assault!"},
        {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)},
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
    state = battle(
        game,
        {CUIRASSIERS: "Assault!", "Yellow musketeers": "Resist!"},
        {
            CUIRASSIERS: (40.0, 20.0, 90.0),
            "Yellow musketeers": (40.0, 27.0, 270.0),
            "Yellow 1": (40.0, 34.0, 270.0),
        },
        first="Swedish",
    )
    apply(state, "activate Yellow musketeers", f"activate {CUIRASSIERS}")
    if f"{CUIRASSIERS}: charge Yellow musketeers" in texts(state):
        apply(state, f"{CUIRASSIERS}: charge Yellow musketeers")
    return texts(state)


def test_prepared_commander_gives_light_units_in_his_radius_evasion(tmp_path: Path) -> None:
    assert _charge_activated_musketeers(GAME) == []  # no reaction: the dice are rolled
    game = _games(swedish=_with_trait(tmp_path, "swedish_500", TEUFFEL, "Prepared"))
    assert _charge_activated_musketeers(game) == ["react", "do not react"]


CHIEF = "Gonzalo Fernández de Córdoba (Spanish C-C)"
NEAR_CHIEF = {"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (38.0, 20.0, 90.0)}


def _chief_with(tmp_path: Path, trait: str, orders: dict[str, str], **kw: str) -> TerciosState:
    """The Spanish C-C with ``trait`` instead of Presence, standing just behind Idiáquez and
    Verdugo (within his 6-inch radius and sight), at the start of the activations."""
    army = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', f'traits = ["{trait}"]')
    game = load(armies=(army, "swedish_500"))
    state = battle(
        game, orders, {**NEAR_CHIEF, "Yellow 1": (30.0, 29.0, 270.0)}, default="Resist!", **kw
    )
    return with_commanders_at(state, {CHIEF: (31.0, 17.0)})


def _command(state: TerciosState, action: str, successes: int) -> None:
    """Activate the C-C for ``action``; the command test; he stays where he is (Fast)."""
    apply(state, f"activate commander {CHIEF}", f"{CHIEF}: {action}")
    roll(state, successes)
    if f"{CHIEF}: stay" in texts(state):
        apply(state, f"{CHIEF}: stay")


def test_alert_reorients_a_unit_at_once(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Alert", {})
    _command(state, "alert Idiáquez (reorient left)", 2)
    assert state.f[state.g.troop_index["Idiáquez"]] == 180.0
    assert state.events[-1].rule == "Command: Optional Traits: Alert"
    assert "activate Idiáquez" in texts(state)  # it does not count as its activation


def test_bold_changes_a_face_down_order_in_secret(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Bold", {"Idiáquez": "Resist!"})
    _command(state, "bold Idiáquez (Run!)", 1)
    assert state.order[state.g.troop_index["Idiáquez"]] == 2  # Run!
    event = next(e for e in reversed(state.events) if e.rule == "Command: Optional Traits: Bold")
    assert event.private_to == 0 and "Run!" not in str(event.public_text)
    assert state.exhausted[state.g.officer_index[CHIEF]]  # one success only


def test_erudite_keeps_an_enemy_unit_from_activating_next(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Erudite", {})
    state = placed(state.g, state, {"Yellow 2": (50.0, 17.0, 180.0)})  # in his sight
    _command(state, "erudite Yellow 2", 2)
    apply(state, "activate Idiáquez")
    assert state.current_player() == 1
    options = texts(state)
    assert "activate Yellow 2" not in options and "activate Yellow 1" in options
    apply(state, "activate Yellow 1", "activate Verdugo")
    assert "activate Yellow 2" in texts(state)  # only for the next activation


def test_coordinator_activates_two_of_his_units_one_after_the_other(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Coordinator", {})
    _command(state, "coordinate", 2)
    assert texts(state) == ["activate Idiáquez", "activate Verdugo"]
    apply(state, "activate Idiáquez")
    # Resist! without Dm: Idiáquez does nothing; Verdugo follows at once (a single option).
    assert state.current_player() == 1
    assert state.spent[state.g.troop_index["Verdugo"]]


def test_energetic_unit_activates_next_and_may_reorient_at_its_end(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Energetic", {})
    _command(state, "energetic Verdugo", 2)
    # Verdugo must be the next: the single option is taken, then its end-of-activation turn.
    assert "Verdugo: reorient right" in texts(state)
    apply(state, "Verdugo: reorient right")
    assert state.events[-1].rule == "Command: Kingdoms Expansion Traits: Energetic"
    assert state.f[state.g.troop_index["Verdugo"]] == 0.0


def test_cautious_order_beside_an_activated_unit_serves_only_a_reaction(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Cautious", {"Yellow 1": "Ready!"})
    apply(state, "activate Idiáquez", "activate Yellow 2")
    _command(state, "cautious Idiáquez (Fire!)", 2)
    assert "activate Idiáquez" not in texts(state)
    apply(state, "activate Verdugo", "activate Yellow 1", "Yellow 1: advance")
    assert texts(state) == ["react", "do not react"]  # Idiáquez may react with Fire!


def _with_disorder(state: TerciosState, label: str) -> TerciosState:
    doc = state.to_json()
    doc["state"]["disorder"][state.g.troop_index[label]] = True
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    return loaded


def _determined_charge(tmp_path: Path, disordered: bool, dice: list[int]) -> TerciosState:
    """Idiáquez, named by a Determined C-C, activates next and charges Yellow 1."""
    state = _chief_with(tmp_path, "Determined", {"Idiáquez": "Assault!"})
    state = placed(state.g, state, {"Yellow 1": (30.0, 27.0, 270.0)})
    if disordered:
        state = _with_disorder(state, "Yellow 1")
    _command(state, "determined Idiáquez", 2)
    # Idiáquez was the only unit allowed: it charges its only reachable enemy.
    apply(state, "Idiáquez: charge Yellow 1", "do not react")
    for successes in dice:
        roll(state, successes)
    return state


def test_determined_unit_wins_with_one_more_dm_or_loses_in_disorder(tmp_path: Path) -> None:
    won = _determined_charge(tmp_path, True, [2, 1, 0])  # Yellow 1 (in disorder) loses
    assert won.dm[won.g.troop_index["Yellow 1"]] == 2  # the hit not parried, and 1 more
    lost = _determined_charge(tmp_path, False, [0, 2, 1])  # Idiáquez loses
    assert lost.disorder[lost.g.troop_index["Idiáquez"]]
    assert "Command: Kingdoms Expansion Traits: Determined" in [e.rule for e in lost.events]


def test_fearless_commander_leads_a_second_assault_and_dies_if_it_is_lost(
    tmp_path: Path,
) -> None:
    state = _chief_with(tmp_path, "Fearless", {})
    state = placed(state.g, state, {"Yellow 1": (30.0, 27.0, 270.0)})
    apply(state, "activate Idiáquez", "activate Yellow 2")  # Resist!: both do nothing
    _command(state, "fearless Idiáquez", 2)
    assert state.attached[state.g.officer_index[CHIEF]] == state.g.troop_index["Idiáquez"]
    apply(state, "Idiáquez: charge Yellow 1", "do not react")
    roll(state, 0)
    roll(state, 2)
    roll(state, 1)  # Idiáquez loses 0 to 1
    assert f"{CHIEF} falls with his second assault." in events_since(state, 0)
    assert state.vp[1] == 2 and state.alive[state.g.troop_index["Idiáquez"]]


def test_enthusiastic_unit_crosses_a_wood_as_light_infantry(tmp_path: Path) -> None:
    """Enthusiastic unit crosses a wood as light infantry [Enthusiastic] [Very difficult]
    [Light]."""
    army = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', 'traits = ["Enthusiastic"]')
    game = stratagem_load(army)
    wood = next(e for e in game.terrain if e.ground == "very difficult")
    x, low = wood.shape.centroid.x, wood.shape.bounds[1]

    def advance(enthusiastic: bool) -> bool:
        state = battle(
            game, {"Idiáquez": "Ready!"}, {"Idiáquez": (x, low - 2.5, 90.0)}, default="Resist!"
        )
        loaded = with_commanders_at(state, {CHIEF: (x + 1.0, low - 5.5)})
        if enthusiastic:
            _command(loaded, "enthusiastic Idiáquez", 2)
        else:
            apply(loaded, "activate Idiáquez")
        apply(loaded, "Idiáquez: advance")
        return loaded.disorder[game.troop_index["Idiáquez"]]

    assert advance(False)  # a very difficult wood disorders a formed battalion
    assert not advance(True)


def test_indefatigable_moves_a_dm_between_units_of_a_regiment(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Indefatigable", {})
    state = placed(state.g, state, {}, dm={"Idiáquez": 2})
    _command(state, "indefatigable Idiáquez to Verdugo", 2)
    assert [state.dm[state.g.troop_index[u]] for u in ("Idiáquez", "Verdugo")] == [1, 1]


def test_experienced_company_reinforces_a_battalion(tmp_path: Path) -> None:
    army = variant(tmp_path, "swedish_500", 'traits = ["Reputation"]', 'traits = ["Experienced"]')
    game = load(armies=("spanish_500", army))
    spots = {"Yellow 1": (30.0, 30.0, 270.0), "Yellow musketeers": (36.0, 30.0, 270.0)}
    state = battle(game, {}, spots, {"Yellow 1": 3}, first="Swedish", default="Resist!")
    loaded = with_commanders_at(state, {"Gustav Horn (Swedish C-C)": (33.0, 33.0)})
    apply(loaded, "activate commander Gustav Horn (Swedish C-C)")
    apply(loaded, "Gustav Horn (Swedish C-C): experienced Yellow musketeers to Yellow 1")
    roll(loaded, 1)
    assert not loaded.alive[game.troop_index["Yellow musketeers"]]
    assert loaded.dm[game.troop_index["Yellow 1"]] == 1 and loaded.vp == [1, 0]


def test_expert_inspires_a_whole_brigade(tmp_path: Path) -> None:
    winckel = "Hans Georg aus dem Winckel"
    army = variant(tmp_path, "swedish_1000", 'traits = ["Energetic"]', 'traits = ["Expert"]')
    game = load(armies=("spanish_1000", army))
    spots = {
        "Blue 1": (30.0, 30.0, 270.0),
        "Blue musketeers": (24.0, 34.0, 270.0),
        "Blue commanded shot": (36.0, 34.0, 270.0),
    }
    state = battle(game, {}, spots, first="Swedish", default="Resist!")
    apply(state, f"activate commander {winckel}", f"{winckel}: inspire Blue musketeers (Loyalty)")
    roll(state, 1)
    buffs = [state.buff[game.troop_index[u]] for u in ("Blue musketeers", "Blue commanded shot")]
    assert buffs == ["Loyalty", "Loyalty"]


def test_cold_blood_cancels_an_enemy_action_on_a_unit_near_him(tmp_path: Path) -> None:
    """An Erudite action on a unit near a Cold Blood commander is cancelled by his test
    [Cold Blood] [Kingdoms Expansion Traits]."""
    swedish = variant(tmp_path, "swedish_500", 'traits = ["Reputation"]', 'traits = ["Cold Blood"]')
    spanish = variant(tmp_path, "spanish_500", 'traits = ["Presence"]', 'traits = ["Erudite"]')
    game = load(armies=(spanish, swedish))
    state = battle(game, {}, {**NEAR_CHIEF, "Yellow 2": (50.0, 17.0, 180.0)}, default="Resist!")
    spots = {CHIEF: (31.0, 17.0), "Gustav Horn (Swedish C-C)": (50.0, 22.0)}
    loaded = with_commanders_at(state, spots)
    apply(loaded, f"activate commander {CHIEF}", f"{CHIEF}: erudite Yellow 2")
    roll(loaded, 2)  # the Erudite test succeeds
    roll(loaded, 1)  # Gustav Horn's Cold Blood test: one 6
    events = events_since(loaded, 0)
    assert "Gustav Horn (Swedish C-C) cancels the enemy's action." in events
    assert loaded.exhausted[game.officer_index["Gustav Horn (Swedish C-C)"]]
    if f"{CHIEF}: stay" in texts(loaded):
        apply(loaded, f"{CHIEF}: stay")
    apply(loaded, "activate Idiáquez")
    assert "activate Yellow 2" in texts(loaded)


def test_accomplice_lets_an_exhausted_commander_move_nine_inches(tmp_path: Path) -> None:
    state = _chief_with(tmp_path, "Accomplice", {})
    # Carlos Coloma may join only a unit of his own regiment (Command; RULINGS R99): his
    # cuirassiers stand where Verdugo stood, 8 inches from him (more than his own 6).
    cuirassiers, verdugo = (39.0, 19.5, 90.0), (60.0, 40.0, 90.0)
    state = placed(state.g, state, {"Cuirassiers of Flanders": cuirassiers, "Verdugo": verdugo})
    doc = state.to_json()
    coloma = state.g.officer_index["Carlos Coloma"]
    doc["state"]["attached"][coloma] = -1
    doc["state"]["exhausted"][coloma] = True
    doc["state"]["ox"][coloma], doc["state"]["oy"][coloma] = 47.0, 14.0  # 8.2" from Verdugo
    loaded = state.g.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    apply(loaded, f"activate commander {CHIEF}", f"{CHIEF}: accomplice Carlos Coloma")
    roll(loaded, 2)
    assert "Carlos Coloma: join Cuirassiers of Flanders" in texts(loaded)
    joined = loaded.clone()
    apply(joined, "Carlos Coloma: join Cuirassiers of Flanders")
    assert joined.attached[coloma] == joined.g.troop_index["Cuirassiers of Flanders"]
    # or an exact move of at most 9 inches (RULINGS.md R76, R81)
    with pytest.raises(IllegalAction, match=r"the move is 9\.10 inches; Carlos Coloma may move 9"):
        loaded.apply_action("move Carlos Coloma to 47,4.9")
    loaded.apply_action("move Carlos Coloma to 47,5")
    assert (loaded.ox[coloma], loaded.oy[coloma]) == (47.0, 5.0)
    assert loaded.events[-1].rule == "Command: Kingdoms Expansion Traits: Accomplice"


def test_fast_gives_a_fresh_commander_his_whole_move_again_after_his_command_action(
    tmp_path: Path,
) -> None:
    state = _chief_with(tmp_path, "Bold", {})
    chief = state.g.officer_index[CHIEF]
    apply(state, f"activate commander {CHIEF}", f"move {CHIEF} to 31,16")
    apply(state, f"{CHIEF}: bold Idiáquez (Run!)")
    exhausted = state.clone()
    roll(exhausted, 1)  # one success: exhausted, so no second move
    assert f"{CHIEF}: stay" not in texts(exhausted)
    with pytest.raises(IllegalAction, match="may not move now"):
        exhausted.apply_action(f"move {CHIEF} to 37,16")
    roll(state, 2)
    assert texts(state) == [f"{CHIEF}: join Idiáquez", f"{CHIEF}: join Verdugo", f"{CHIEF}: stay"]
    with pytest.raises(IllegalAction, match=r"the move is 6\.50 inches; .* may move 6"):
        state.apply_action(f"move {CHIEF} to 37.5,16")
    state.apply_action(f"move {CHIEF} to 37,16")
    assert (state.ox[chief], state.oy[chief]) == (37.0, 16.0)
    assert state.events[-1].rule == "Command: Common Traits: Fast"
    assert f"{CHIEF}: stay" not in texts(state)  # his activation is over
