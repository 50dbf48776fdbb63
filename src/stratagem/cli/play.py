"""``stratagem play``: a game at the terminal against bots (or bots watched), written to a
game log if asked, and an unfinished log's game resumed where it stopped.

A log the rules refuse exits with code 1; a log that cannot go on, and any other user
error, with code 2.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from stratagem.bots import Bot, make_bot
from stratagem.cli.common import (
    BAD_LOG,
    Armies,
    OptionSpecs,
    Players,
    armies,
    fail,
    load_game,
    stdout,
)
from stratagem.cli.screen import HumanPlayer, QuitGame, Screen, SteadyBot, board_path
from stratagem.cli.terminal import plural, render_result
from stratagem.core import CHANCE, Action, Game, JsonDict, State, StratagemError
from stratagem.render import board_renderer
from stratagem.sim import (
    GameLogWriter,
    LogError,
    bot_rng,
    chance_rng,
    play_match,
    read_header,
    replay_log,
    resolve_seats,
)
from stratagem.sim.gamelog import VERSION as LOG_VERSION

HUMAN = "human"

SeatSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        "-s",
        metavar="SEAT=BOT",
        help="Who plays a seat, e.g. Dutch=human or Spanish=heuristic (repeatable; "
        "seats not given are played by random; seat names are listed below).",
    ),
]
OptionalGame = Annotated[
    str | None,
    typer.Argument(metavar="GAME", help="A game: see `stratagem games` (not with --resume)."),
]


def play(
    game_name: OptionalGame = None,
    *,
    seat: SeatSpecs = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of chance and bots (default: random).")
    ] = None,
    log: Annotated[Path | None, typer.Option(help="Write the game log (JSON lines) here.")] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="LOG",
            exists=True,
            dir_okay=False,
            help="Continue the unfinished game of this --log (its game, seats, options and "
            "seed), appending to it.",
        ),
    ] = None,
    players: Players = None,
    option: OptionSpecs = None,
    army: Armies = None,
) -> None:
    """Play a game at the terminal against bots (or watch bots play). At a prompt, ? lists
    the commands (look, board, log)."""
    console = stdout()
    writer: GameLogWriter | None
    if resume is not None:
        given = [
            flag
            for flag, value in (
                ("GAME", game_name),
                ("--seat", seat),
                ("--seed", seed),
                ("--log", log),
                ("--players", players),
                ("--option", option),
                ("--army", army),
            )
            if value
        ]
        if given:
            fail(f"--resume takes the game from its log; do not give {', '.join(given)}")
        state, names, seed, writer = _resume(resume)
        game = state.game
        log = resume
    else:
        if game_name is None:
            fail("give a GAME (see `stratagem games`) or --resume LOG")
        game, names = load_game(
            game_name, players, seat or [], (HUMAN,), option_specs=option, options=armies(army)
        )
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = game.new_initial_state()
        writer = _open_log(log, game, seed, names)
    humans = [index for index, name in enumerate(names) if name == HUMAN]
    screen = Screen(console, game.seat_names, humans)
    bots: list[Bot] = [
        HumanPlayer(screen) if name == HUMAN else _steady_bot(name, game, seed, index)
        for index, name in enumerate(names)
    ]
    seats = ", ".join(f"{name} {bot}" for name, bot in zip(game.seat_names, names, strict=True))
    console.print(Text(f"{game.info.title}, seed {seed}: {seats}", style="bold"))
    if log is not None and humans and board_renderer(game.name) is not None:
        screen.board_file = board_path(log)
        console.print(
            Text(
                f"Board: {screen.board_file} (open it in a browser: it is drawn again at "
                "each of your decisions)",
                style="dim",
            )
        )
    if state.history:
        console.print(Text(f"Resumed from {resume} after {plural(len(state.history), 'step')}."))
        screen.catch_up(state)
    try:
        result = _play(state, bots, seed, screen, writer)
    finally:
        if writer is not None:
            writer.close()
    if result is None:
        played = len(screen.state.history) if screen.state is not None else len(state.history)
        console.print(Text(f"Game stopped after {plural(played, 'action')}.", style="yellow"))
    else:
        screen.finish()
        console.print(render_result(result))
    if log is not None:
        console.print(
            Text(
                f"Game log: {log} (replay it with `stratagem replay {log}`"
                + (
                    f", continue it with `stratagem play --resume {log}`)"
                    if result is None
                    else ")"
                )
            )
        )


def _steady_bot(name: str, game: Game, seed: int, seat: int) -> Bot:
    """The bot of ``seat``, its generator seeded at each decision from the seed, the seat
    and the actions so far: a resumed game's bots go on as they would have."""
    rng = bot_rng(seed, seat)
    return SteadyBot(make_bot(name, game, rng), rng, seed, seat)


def _resume(path: Path) -> tuple[State, list[str], int, GameLogWriter]:
    """The state of an unfinished ``play --log`` game, its seats' bots, its seed and a
    writer appending to it; exit 1 for a log the rules refuse, 2 for one that cannot go on."""
    try:
        header = read_header(path)
        state, _ = replay_log(path)
    except LogError as error:
        fail(f"{path}: {error}", BAD_LOG)
    if header["version"] != LOG_VERSION:
        fail(f"{path}: only a log written by `stratagem play --log` can be resumed")
    if state.is_terminal():
        fail(f"{path}: that game is over; replay it with `stratagem replay {path}`")
    game = state.game
    try:
        names = resolve_seats(game, header["seats"], extra=(HUMAN,))
    except StratagemError as error:
        fail(f"{path}: {error}")
    seed = header["seed"] if isinstance(header["seed"], int) else secrets.randbelow(2**31)
    try:
        writer = GameLogWriter.appending(path)
    except OSError as error:
        fail(f"cannot write the game log {path}: {error.strerror}")
    return state, names, seed, writer


def _open_log(
    path: Path | None, game: Game, seed: int, names: Sequence[str]
) -> GameLogWriter | None:
    if path is None:
        return None
    try:
        return GameLogWriter(path, game, seed, dict(zip(game.seat_names, names, strict=True)))
    except OSError as error:
        fail(f"cannot write the game log {path}: {error.strerror}")


def _play(
    state: State, bots: Sequence[Bot], seed: int, screen: Screen, writer: GameLogWriter | None
) -> JsonDict | None:
    """Play ``state`` to its end and return its result, or ``None`` if the person left (the
    log keeps what was played).

    Chance is drawn from ``chance_rng(seed)`` as ``play_match`` draws it; a resumed game
    first draws again every chance outcome already played, so that it goes on with the
    outcomes the game would have had if it had not stopped.
    """

    def on_step(state: State, player: int, action: Action) -> None:
        screen.observe(state, player, action)
        if writer is not None:
            writer.record(state, player, action)

    try:
        if not state.history:
            match = play_match(state.game, bots, seed, on_step=on_step)
            result = match.result
        else:
            _go_on(state, bots, _chance_after(state, seed), on_step)
            result = state.result()
    except (QuitGame, KeyboardInterrupt):
        return None
    if writer is not None:
        writer.write_result(result)
    return result


def _chance_after(state: State, seed: int) -> random.Random:
    """``chance_rng(seed)`` having drawn once for every chance node ``state`` went through."""
    rng = chance_rng(seed)
    again = state.game.new_initial_state()
    for action in state.history:
        if again.is_chance_node():
            again.sample_chance(rng)
        again.apply_action(action)
    return rng


def _go_on(
    state: State,
    bots: Sequence[Bot],
    rng: random.Random,
    on_step: Callable[[State, int, Action], None],
) -> None:
    """Play ``state`` to its end as ``play_match`` plays a new game."""
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
            state.apply_action(action)
        else:
            action = bots[player].choose(state, player)
            state.apply_action(action, seat=player)
        on_step(state, player, action)
