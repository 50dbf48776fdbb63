"""The ``stratagem`` command, driven through typer's CliRunner."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import stratagem
from stratagem.cli import app
from stratagem.cli.screen import pick_action
from stratagem.cli.terminal import plural, render_view
from stratagem.core import IllegalAction, UnknownAction, options_model
from stratagem.sim import replay_log

GAME = "eighty_years_war"
ENV = {"COLUMNS": "200"}  # no wrapping, so messages can be matched whole
# Text that only the Spanish may read: their melds, their draws and face-down discards.
SPANISH_SECRETS = re.compile(
    r"Spanish places|Spanish draws (?!a card)|Spanish discards (?!a card)[^.]*face down"
)


def invoke(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, env=ENV)


@pytest.fixture(scope="module")
def bot_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A log of a finished game between two random bots, written by ``stratagem play``."""
    path = tmp_path_factory.mktemp("cli") / "bots.jsonl"
    result = invoke("play", GAME, "--seed", "8", "--log", str(path))
    assert result.exit_code == 0, result.output
    return path


def test_games() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert GAME in result.stdout
    assert "Eighty Years War" in result.stdout
    assert "random" in result.stdout


def test_simulate_twice_prints_the_same() -> None:
    args = ("simulate", GAME, "-n", "20", "--seat", "Dutch=random", "--seed", "5")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    for text in ("Dutch", "Spanish", "Draws", "95% CI", "Turns", "master seed 5", "20 games"):
        assert text in first.stdout


def test_simulate_prints_the_games_own_questions() -> None:
    result = invoke("simulate", "henry_viii", "-n", "4", "--seed", "3")
    assert result.exit_code == 0, result.output
    table = result.stdout[result.stdout.index("│ The game's own questions") :]
    assert re.search(r"│ ended: \w+ +│ +\d │ +\d+\.\d% │ +\d+\.\d% - ", table)
    assert re.search(r"│ turns +│ +4 │ +[\d.]+ │ +[\d.]+ - [\d.]+ │", table)


def test_simulate_without_seed_prints_one() -> None:
    result = invoke("simulate", GAME, "-n", "2")
    assert result.exit_code == 0
    assert re.search(r"master seed \d+", result.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", GAME, "--seat", "Dutch"), "--seat expects SEAT=BOT"),
        (("simulate", GAME, "--seat", "=random"), "--seat expects SEAT=BOT"),
        (("simulate", GAME, "-s", "Dutch=random", "-s", "Dutch=random"), "given twice"),
        (("simulate", GAME, "--seat", "Dutch=robot"), "no bot named 'robot'"),
        (("simulate", GAME, "--seat", "Dutch=human"), "no bot named 'human'"),
        (("simulate", GAME, "--seat", "English=random"), "'English' is not a seat"),
        (("simulate", "chess"), "no game named 'chess'"),
        (("simulate", GAME, "--players", "3"), "played by 2 players"),
        (("play", GAME, "--seat", "Dutch"), "--seat expects SEAT=BOT"),
        (("play", "chess"), "no game named 'chess'"),
        (("play", GAME, "--seat", "Spanish=robot"), "no bot named 'robot'"),
        (("play", GAME, "--option", "fast"), "--option expects KEY=VALUE"),
        (("simulate", GAME, "-o", "fast=1"), "no option 'fast'; its options: data (path"),
        (("simulate", "britain_vs_france", "-o", "advanced=sure"), "'advanced' takes true/false"),
        (
            (
                "tournament",
                "britain_vs_france",
                "-b",
                "random",
                "-b",
                "heuristic",
                "-o",
                "turns_per_player=99",
            ),
            "option 'turns_per_player': Input should be less than",
        ),
        (("play", "tercios", "-o", "armies=a,b", "--army", "a"), "given both by --option"),
    ],
)
def test_user_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_games_lists_each_games_options_and_seats_at_80_columns() -> None:
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "…" not in result.stdout
    words = set(re.split(r"[\s,]+", result.stdout))
    for info in stratagem.available_games():
        assert info.name in words
        for option in options_model(info.name).model_fields:
            assert option == "players" or option in words, option
    for seats in ("Dutch, Spanish", "Faction 1, Faction 2", "Player 1, Player 2", "Britain"):
        assert seats in result.stdout


def test_games_name_shows_one_games_options_in_full() -> None:
    result = CliRunner().invoke(app, ["games", "tercios"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line.rstrip()) for line in result.stdout.splitlines()) <= 80
    assert "…" not in result.stdout
    wide = invoke("games", "tercios").stdout
    assert "one of: 15/28mm, 6/10mm" in wide  # values hold "/": joined with ", "
    assert "one of: standard, open, scenery points, chosen" in wide
    assert "Spanish, Swedish" in wide
    full = invoke("games", "britain_vs_france").stdout
    assert "turns_per_player" in full and "whole number or none" in full
    assert "Alternate Game Length" in full  # the option's own description
    assert "no game named 'chess'" in invoke("games", "chess").stderr


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_names_every_games_seats(command: str) -> None:
    flat = " ".join(invoke(command, "--help").stdout.replace("│", " ").split())
    assert "eighty_years_war: Dutch, Spanish" in flat
    assert "henry_viii: Faction 1 to Faction 8" in flat
    assert "sixteen_thirty_something: Player 1 to Player 6" in flat


def test_simulate_help_example_works() -> None:
    flat = " ".join(invoke("simulate", "--help").stdout.replace("│", " ").split())
    examples = re.search(r"e\.g\. (\S+=\S+) or (\S+=\S+) ", flat)
    assert examples is not None, flat
    seats = [arg for example in examples.groups() for arg in ("--seat", example)]
    result = invoke("simulate", GAME, "-n", "2", "--seed", "1", *seats)
    assert result.exit_code == 0, result.output


def test_a_wrong_seat_names_the_seats() -> None:
    result = invoke("play", GAME, "--seat", "Player 1=human")
    assert result.exit_code == 2
    assert "seats: Dutch, Spanish" in result.stderr


def test_plural() -> None:
    assert (plural(1, "action"), plural(2, "action")) == ("1 action", "2 actions")
    assert plural(1, "battalion") == "1 battalion"
    assert plural(3, "Action Point") == "3 Action Points"
    assert plural(0, "copy", "copies") == "0 copies"


def test_resume_goes_on_with_the_log(tmp_path: Path) -> None:
    log = tmp_path / "resumed.jsonl"
    args = ("play", GAME, "--seat", "Dutch=human", "--seed", "3", "--log", str(log))
    first = invoke(*args, input="1\n1\nq\n")
    assert "play --resume" in first.stdout
    stopped, _ = replay_log(log)
    assert not stopped.is_terminal()
    result = invoke("play", "--resume", str(log), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert f"Resumed from {log} after {len(stopped.history)} steps." in result.stdout
    assert "Dutch human, Spanish random" in result.stdout
    state, _ = replay_log(log)  # one log: the header once, every step, the result
    assert state.is_terminal()
    assert state.history[: len(stopped.history)] == stopped.history
    assert json.loads(log.read_text().splitlines()[-1])["result"] == state.result()
    assert state.result()["reason"] in result.stdout
    over = invoke("play", "--resume", str(log))
    assert over.exit_code == 2
    assert "that game is over" in over.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((GAME,), "--resume takes the game from its log; do not give GAME"),
        (("--seat", "Dutch=human"), "do not give --seat"),
    ],
)
def test_resume_takes_everything_from_the_log(
    bot_log: Path, args: tuple[str, ...], message: str
) -> None:
    result = invoke("play", *args, "--resume", str(bot_log))
    assert result.exit_code == 2
    assert message in result.stderr


def test_resume_of_a_bad_log_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    result = invoke("play", "--resume", str(bad))
    assert result.exit_code == 1
    assert "line 1: not valid JSON" in result.stderr
    assert "Traceback" not in result.output


def test_play_needs_a_game_or_resume() -> None:
    result = invoke("play")
    assert result.exit_code == 2
    assert "give a GAME" in result.stderr


def test_play_passes_game_options_to_the_game_and_its_log(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    args = ("--seed", "2", "-o", "turns_per_player=1", "-o", "ransoms=true", "--log", str(path))
    result = invoke("play", "britain_vs_france", *args)
    assert result.exit_code == 0, result.output
    options = json.loads(path.read_text().splitlines()[0])["options"]
    assert (options["turns_per_player"], options["ransoms"]) == (1, True)


def test_bad_arguments_exit_2_without_traceback() -> None:
    for args in (("simulate", GAME, "-n", "0"), ("simulate", GAME, "-n", "many"), ("nope",)):
        result = invoke(*args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("notaurl://x", "notaurl://x: the games are kept in SQLite or PostgreSQL only"),
        (
            "mysql://host/games",
            "mysql://host/games: the games are kept in SQLite or PostgreSQL only",
        ),
        ("", "'' is not a database URL (e.g. sqlite:///"),
        ("not a url", "'not a url' is not a database URL"),
        ("postgresql+asyncpg://host/games", "asyncpg://host/games: No module named 'asyncpg'"),
        (
            "sqlite:///{tmp}/no/such/games.sqlite3",
            "games.sqlite3: there is no folder {tmp}/no/such to",
        ),
    ],
)
def test_serve_with_a_bad_database_url_exits_2(tmp_path: Path, url: str, message: str) -> None:
    """A database URL that cannot name a game store is refused in one line before the
    table starts, never with SQLAlchemy's traceback."""
    result = invoke("serve", "--database", url.format(tmp=tmp_path))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: cannot open the game store: ")
    assert message.format(tmp=tmp_path) in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("STRATAGEM_SMTP_PORT", "abc", "STRATAGEM_SMTP_PORT='abc' is not a port number"),
        ("STRATAGEM_SMTP_CA_FILE", "/no/such.pem", "STRATAGEM_SMTP_CA_FILE='/no/such.pem' is not"),
    ],
)
def test_serve_with_a_bad_mail_setting_exits_2_in_one_line(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, message: str
) -> None:
    monkeypatch.setenv(variable, value)
    result = invoke("serve")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"Error: {message}")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nowhere", "--ray nowhere: expected host:port or ray://host:port"),
        ("127.0.0.1:1", "--ray 127.0.0.1:1: no Ray cluster answers there"),
    ],
)
def test_serve_with_a_ray_cluster_that_cannot_be_reached_exits_2(
    address: str, message: str
) -> None:
    """The cluster for analyses is checked before the table starts."""
    pytest.importorskip("ray")
    result = invoke("serve", "--ray", address, "--database", "sqlite://")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_log_directory_missing(tmp_path: Path) -> None:
    result = invoke("play", GAME, "--log", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert result.exit_code == 2
    assert "cannot write the game log" in result.stderr


def test_replay(bot_log: Path) -> None:
    result = invoke("replay", str(bot_log))
    assert result.exit_code == 0, result.output
    state, events = replay_log(bot_log)
    assert "[Setup]" in result.stdout
    assert "seen by Spanish only" in result.stdout  # a replay shows the whole record
    assert SPANISH_SECRETS.search(result.stdout)  # (and the pattern does find secrets)
    assert f"{len(events):>4}. " in result.stdout
    assert state.result()["reason"] in result.stdout


def test_replay_of_a_tampered_log_exits_1(bot_log: Path, tmp_path: Path) -> None:
    lines = bot_log.read_text(encoding="utf-8").splitlines()
    step = json.loads(lines[3])
    step["action"] = "Stop discarding"
    lines[3] = json.dumps(step)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("replay", str(tampered))
    assert result.exit_code == 1
    assert "step 3: 'Stop discarding' is not a possible chance outcome now" in result.stderr
    assert "Traceback" not in result.output


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = invoke("replay", str(tmp_path / "none.jsonl"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_play_with_a_person(tmp_path: Path) -> None:
    log = tmp_path / "human.jsonl"
    answers = "garbage\n99\nMeld political: Sea Beggars\n\n" + "1\n" * 400
    result = invoke(
        "play", GAME, "--seat", "Dutch=human", "--seed", "3", "--log", str(log), input=answers
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Not accepted: 'garbage' is not an action of this game" in out
    assert "Not accepted: 99 is not a choice: choose from 1 to" in out
    assert "is not legal now: " in out  # the rules' reason for an illegal text
    assert "Not accepted: type a number" in out
    assert "You (Dutch)" in out and "Hand" in out
    assert "Dutch draws " in out  # the person sees their own draws...
    assert "Spanish draws a card." in out  # ...and only the fact of the other side's
    assert not SPANISH_SECRETS.search(out)
    assert "You (Spanish)" not in out
    state, _ = replay_log(log)
    assert state.is_terminal()
    assert state.result()["reason"] in out


def test_spectators_see_only_public_events() -> None:
    result = invoke("play", GAME, "--seed", "4")
    assert result.exit_code == 0
    assert not SPANISH_SECRETS.search(result.stdout)
    assert "Dutch places" not in result.stdout
    assert "Result" in result.stdout


@pytest.mark.parametrize("answers", ["q\n", "1\nquit\n", ""])
def test_a_person_can_leave(tmp_path: Path, answers: str) -> None:
    log = tmp_path / "left.jsonl"
    result = invoke(
        "play", GAME, "--seat", "Dutch=human", "--seed", "3", "--log", str(log), input=answers
    )
    assert result.exit_code == 0, result.output
    assert "Game stopped after" in result.stdout
    state, _ = replay_log(log)
    assert not state.is_terminal()
    assert len(state.history) > 0
    assert "Traceback" not in result.output


def test_illegal_text_does_not_reveal_the_other_hand(tmp_path: Path) -> None:
    """A person probing with the text of a card in the other hand learns nothing."""
    log = tmp_path / "probe.jsonl"
    invoke("play", GAME, "--seat", "Dutch=human", "--seed", "3", "--log", str(log), input="q\n")
    state, _ = replay_log(log)
    spanish_card = state.view(1)["you"]["hand"][0]
    result = invoke(
        "play", GAME, "--seat", "Dutch=human", "--seed", "3", input=f"Discard: {spanish_card}\nq\n"
    )
    assert "Not accepted" in result.stdout
    assert "Spanish hand" not in result.stdout


def test_pick_action_by_number_text_or_part() -> None:
    game = stratagem.load(GAME)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    seat = state.current_player()
    legal = state.legal_actions()
    assert pick_action(state, seat, legal, " 1 ") == legal[0]
    assert pick_action(state, seat, legal, legal[-1].text.upper()) == legal[-1]
    assert pick_action(state, seat, legal, "stop") == game.parse_action("Stop discarding")
    with pytest.raises(ValueError, match="fits more than one action"):
        pick_action(state, seat, legal, "discard:")
    with pytest.raises(ValueError, match="not a choice"):
        pick_action(state, seat, legal, "0")


def test_views_are_printed_literally() -> None:
    console = Console(record=True, width=100)
    console.print(render_view({"note": "[bold]x[/bold]", "you": {"hand": ["[red]a"]}}, "Dutch"))
    text = console.export_text()
    assert "[bold]x[/bold]" in text
    assert "[red]a" in text
    assert "You (Dutch)" in text


def test_apply_action_takes_an_action_id() -> None:
    """An integer is an action id, as OpenSpiel users give it; a wrong one is refused by
    name, never with an AttributeError."""
    state = stratagem.load(GAME).new_initial_state()
    outcome = state.sample_chance(random.Random(1))
    assert state.action_from_id(state.action_id(outcome)) == outcome
    state.apply_action(state.action_id(outcome))
    assert state.history[-1] == outcome
    before = len(state.history)
    with pytest.raises(IllegalAction, match=r"action id 12345 is outside 0\.\."):
        state.apply_action(12345)
    with pytest.raises(UnknownAction, match="give an Action, its text or its integer id"):
        state.apply_action(1.5)  # type: ignore[arg-type]
    with pytest.raises(UnknownAction):
        state.apply_action(True)
    stop = state.action_id("Stop discarding")
    with pytest.raises(IllegalAction, match="'Stop discarding' is not a possible chance outcome"):
        state.apply_action(stop)
    assert len(state.history) == before
