"""Settings a designer can find: ``stratagem settings GAME``, "did you mean", and values
the pack cannot hold refused with the reason before any game is played."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner, Result

from stratagem import cli
from stratagem.sim.settings import SettingError, make_setup, parse_settings
from stratagem.sim.settings_list import setting_rows

GAME = "eighty_years_war"
ENV = {"COLUMNS": "200"}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.app, list(args), env=ENV)


def refusal(*settings: str) -> str:
    with pytest.raises(SettingError) as caught:
        make_setup(GAME, {}, parse_settings(list(settings)))
    return str(caught.value)


def test_settings_lists_each_key_with_its_printed_value_type_and_range() -> None:
    rows = {row.key: row for row in setting_rows(GAME)}
    hand = rows["pack.rules.logistics.spanish_hand"]
    assert (hand.value, hand.type, hand.allowed) == ("8", "int", "> 0")
    assert rows['pack.cards."Sea Beggars".use'].allowed == 'one of "D", "S", "B"'
    assert rows["pack.rules.strategy.discards_face_up"].assumed
    assert "players" in rows and "pack.sections" not in " ".join(rows)
    result = invoke("settings", GAME, "hand")
    assert result.exit_code == 0, result.output
    assert "pack.rules.logistics.spanish_hand" in result.stdout
    assert "pack.rules.victory" not in result.stdout


def test_a_pack_field_without_pack_is_answered_with_its_whole_key() -> None:
    message = refusal("spanish_hand=7")
    assert "no option 'spanish_hand' (did you mean pack.rules.logistics.spanish_hand=7?)" in (
        message
    )


def test_a_mistyped_card_name_gets_did_you_mean_not_the_whole_deck() -> None:
    message = refusal('pack.cards."Sea Begars".value=8')
    assert "(did you mean 'Sea Beggars'" in message
    assert "William of Orange" not in message


def test_victory_a_threshold_beyond_the_provinces_is_refused() -> None:
    """VICTORY: 17 provinces (PROVINCE TOKENS) can never make 20."""
    message = refusal("pack.rules.victory.dutch_victory=20")
    assert "victory -> dutch_victory = 20: there are only 17 provinces" in message


def test_logistics_phase_hands_beyond_the_deck_are_refused() -> None:
    message = refusal("pack.rules.logistics.dutch_hand=60", "pack.rules.logistics.spanish_hand=60")
    assert "hands of 60 and 60 need 120 cards; the deck has 100" in message


def test_one_settings_syntax_an_option_naming_a_pack_value_is_a_setting() -> None:
    result = invoke(
        "simulate", GAME, "-n", "1", "--seed", "1", "-o", "pack.rules.logistics.spanish_hand=7"
    )
    assert result.exit_code == 0, result.output
    assert "settings pack.rules.logistics.spanish_hand=7" in result.stdout
    wrong = invoke("simulate", GAME, "-n", "1", "-o", "spanish_hand=7")
    assert wrong.exit_code == 2
    assert "did you mean pack.rules.logistics.spanish_hand=7?" in wrong.output
