"""The ``stratagem`` command: list games, play at the terminal, replay a log, run a study
or a tournament.

Thin: it parses arguments, calls ``stratagem.sim`` and draws with ``stratagem.terminal``.
User errors (unknown game, seat or bot, a bad ``--seat``) exit with code 2 and a message;
a log the rules refuse exits with code 1. Nothing the user types produces a traceback.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, NoReturn, Union, get_args, get_origin

import typer
from pydantic_core import PydanticUndefined
from rich.console import Console
from rich.text import Text
from typer._click.core import Context as ClickContext  # Typer's own click
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand

from stratagem.bots import Bot, bot_names, make_bot
from stratagem.core import (
    CHANCE,
    Action,
    Game,
    JsonDict,
    State,
    StratagemError,
    available_games,
    load,
    options_model,
    parse_option_specs,
)
from stratagem.core.options import describe_type
from stratagem.core.registry import game_info
from stratagem.lab_cli import (
    AllBot,
    Mirror,
    RayCommand,
    SettingSpecs,
    balance_command,
    compare_command,
    ray_target,
    settings_command,
    simulate_and_report,
    split_settings,
    tournament_and_report,
)
from stratagem.render import board_renderer
from stratagem.sim import (
    GameLogWriter,
    LogError,
    bot_rng,
    chance_rng,
    check_log,
    play_match,
    read_header,
    replay_log,
    resolve_seats,
)
from stratagem.sim.gamelog import VERSION as LOG_VERSION
from stratagem.terminal import (
    GameListing,
    HumanPlayer,
    OptionListing,
    QuitGame,
    Screen,
    SteadyBot,
    board_path,
    plural,
    render_events,
    render_game,
    render_games,
    render_result,
)

HUMAN = "human"
USER_ERROR = 2
BAD_LOG = 1
GAMES_PER_WORKER = 500
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
WS_MAX_SIZE = 64 * 1024
"""The largest websocket message the table takes (a browser only ever sends its token)."""
"""Studies smaller than this run in one process by default (a pool would only slow them)."""

app = typer.Typer(
    name="stratagem",
    help="Referee, opponents and simulation lab for historical board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
BotSeatSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        "-s",
        metavar="SEAT=BOT",
        help="Which bot plays a seat, e.g. Dutch=heuristic or Spanish=random (repeatable; "
        "seats not given are played by random; seat names are listed below).",
    ),
]
GameName = Annotated[str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")]
OptionalGame = Annotated[
    str | None,
    typer.Argument(metavar="GAME", help="A game: see `stratagem games` (not with --resume)."),
]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the fewest).")
]
OptionSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option, e.g. turns_per_player=7 or advanced=true (repeatable; "
        "`stratagem games` lists each game's options).",
    ),
]
Armies = Annotated[
    list[str] | None,
    typer.Option(
        "--army",
        metavar="ARMY",
        help="Tercios: each seat's army in seat order, a shipped army or a file (give it twice).",
    ),
]


def _armies(army: list[str] | None) -> dict[str, object]:
    """The game option ``armies`` that ``--army`` gives (none if not given)."""
    return {"armies": tuple(army)} if army else {}


def _stdout() -> Console:
    return Console(highlight=False)


def _stderr() -> Console:
    return Console(stderr=True, highlight=False)


def _fail(message: str, code: int = USER_ERROR) -> NoReturn:
    _stderr().print(Text(f"Error: {message}", style="red"), soft_wrap=True)
    raise typer.Exit(code)


def parse_seat_specs(specs: Sequence[str]) -> dict[str, str]:
    """``["Dutch=human", ...]`` as ``{"Dutch": "human", ...}``; ``ValueError`` if malformed."""
    seats: dict[str, str] = {}
    for spec in specs:
        seat, sep, bot = spec.partition("=")
        if not sep or not seat.strip() or not bot.strip():
            raise ValueError(f"--seat expects SEAT=BOT (e.g. Dutch=random), not {spec!r}")
        if seat.strip() in seats:
            raise ValueError(f"seat {seat.strip()} is given twice")
        seats[seat.strip()] = bot.strip()
    return seats


def _load(
    game_name: str,
    players: int | None,
    specs: Sequence[str],
    extra: Sequence[str],
    *,
    option_specs: Sequence[str] | None = None,
    options: dict[str, object] | None = None,
) -> tuple[Game, list[str]]:
    """The game (``--option`` values, then ``options``) and the bot name of each seat, or
    exit 2 with the reason."""
    try:
        seat_bots = parse_seat_specs(specs)
        given = parse_option_specs(options_model(game_name), game_name, option_specs or [])
        for key in given.keys() & (options or {}).keys():
            raise ValueError(f"option {key!r} is given both by --option and by its own flag")
        chosen: dict[str, Any] = {**given, **(options or {})}  # checked by load
        game = load(game_name, players=players, **chosen)
        return game, resolve_seats(game, seat_bots, extra=extra)
    except (StratagemError, ValueError) as error:
        _fail(str(error))


def _takes(annotation: object) -> str:
    """What an option takes, in words; allowed values joined with ", " (they hold "/")."""
    args = get_args(annotation)
    origin = get_origin(annotation)
    if origin is Literal:
        return "one of: " + ", ".join(str(arg) for arg in args)
    if origin in (Union, UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        return " or ".join(_takes(arg) for arg in rest) + " or none"
    return describe_type(annotation)


def _default(value: object) -> str:
    if value is PydanticUndefined:
        return "(required)"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ", ".join(str(item) for item in value)
    return str(value)


def _listing(name: str) -> GameListing:
    """One game as ``stratagem games`` shows it (loads the game at its most players)."""
    info = game_info(name)
    model = options_model(name)
    options = [
        OptionListing(
            key, _takes(field.annotation), _default(field.default), field.description or ""
        )
        for key, field in model.model_fields.items()
        if key != "players"
    ]
    seats = load(name, players=info.max_players).seat_names
    return GameListing(info, bot_names(name), seats, options)


@app.command()
def games(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game, to show its options in full.")
    ] = None,
) -> None:
    """List the games: players, seat names, bots and options (one game's in full)."""
    try:
        if game_name is not None:
            _stdout().print(render_game(_listing(game_name)))
            return
        _stdout().print(render_games(_listing(info.name) for info in available_games()))
    except StratagemError as error:
        _fail(str(error))


def _seat_list() -> str:
    """Every game's seat names, for the help of ``play`` and ``simulate``."""
    lines = []
    for info in available_games():
        seats = load(info.name, players=info.max_players).seat_names
        if info.min_players == info.max_players:
            lines.append(f"{info.name}: {', '.join(seats)}")
        else:
            lines.append(f"{info.name}: {seats[0]} to {seats[-1]} (as many as players)")
    return "Seats: " + "; ".join(lines) + "."


class _SeatsHelp(TyperCommand):
    """A command whose help ends with every game's seat names (games are loaded only
    when the help is asked for)."""

    def format_help(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        self.epilog = _seat_list()
        super().format_help(ctx, formatter)


class _SimulateCommand(_SeatsHelp, RayCommand):
    """``simulate``: seat names in its help, and ``--ray`` with an optional address."""


@app.command(cls=_SeatsHelp)
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
    console = _stdout()
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
            _fail(f"--resume takes the game from its log; do not give {', '.join(given)}")
        state, names, seed, writer = _resume(resume)
        game = state.game
        log = resume
    else:
        if game_name is None:
            _fail("give a GAME (see `stratagem games`) or --resume LOG")
        game, names = _load(
            game_name, players, seat or [], (HUMAN,), option_specs=option, options=_armies(army)
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
        _fail(f"{path}: {error}", BAD_LOG)
    if header["version"] != LOG_VERSION:
        _fail(f"{path}: only a log written by `stratagem play --log` can be resumed")
    if state.is_terminal():
        _fail(f"{path}: that game is over; replay it with `stratagem replay {path}`")
    game = state.game
    try:
        names = resolve_seats(game, header["seats"], extra=(HUMAN,))
    except StratagemError as error:
        _fail(f"{path}: {error}")
    seed = header["seed"] if isinstance(header["seed"], int) else secrets.randbelow(2**31)
    try:
        writer = GameLogWriter.appending(path)
    except OSError as error:
        _fail(f"cannot write the game log {path}: {error.strerror}")
    return state, names, seed, writer


def _open_log(
    path: Path | None, game: Game, seed: int, names: Sequence[str]
) -> GameLogWriter | None:
    if path is None:
        return None
    try:
        return GameLogWriter(path, game, seed, dict(zip(game.seat_names, names, strict=True)))
    except OSError as error:
        _fail(f"cannot write the game log {path}: {error.strerror}")


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


@app.command()
def replay(
    path: Annotated[
        Path, typer.Argument(metavar="LOG", exists=True, dir_okay=False, help="A game log.")
    ],
) -> None:
    """Replay a game log through the rules and print every event and the result; a web
    table's game is also checked against its committed seed (every chance outcome)."""
    try:
        checked = check_log(path)
    except LogError as error:
        _fail(f"{path}: {error}", BAD_LOG)
    state, events, header = checked.state, checked.events, checked.header
    game = state.game
    console = _stdout()
    seats = ", ".join(f"{seat} {bot}" for seat, bot in header["seats"].items())
    table = f", table {header['table']}" if header.get("table") else ""
    title = f"{game.info.title}{table}, seed {header['seed']}: {seats}"
    console.print(Text(title, style="bold"))
    entries = [
        {
            "text": event.text,
            "rule": event.rule
            if event.private_to is None
            else f"{event.rule}; seen by {game.player_name(event.private_to)} only",
        }
        for event in events
    ]
    console.print(render_events(entries, numbered_from=1))
    if state.is_terminal():
        console.print(render_result(state.result()))
    else:
        console.print(
            Text(f"The log ends after step {len(state.history)}: the game was not finished.")
        )
    if checked.deal is not None:
        console.print(Text(checked.deal.describe(), style="bold"))
    else:
        console.print(
            Text(
                "Deal not checked: the log does not say how its chance was drawn "
                "(only games exported from the web table do).",
                style="dim",
            )
        )


# -- the simulation lab (simulate, tournament) -------------------------------------------

Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-j",
        min=1,
        help="Local processes to play on (default: one per core for large runs).",
    ),
]
UseRay = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help=(
            "Play on Ray: a local cluster, or the one at ADDRESS (auto, host:port, "
            "ray://head:10001); needs the extra `ray`."
        ),
    ),
]
Seed = Annotated[int | None, typer.Option(help="Master seed (default: random).")]


def _workers(workers: int | None, games: int) -> int:
    if workers is not None:
        return workers
    return max(1, min(os.cpu_count() or 1, games // GAMES_PER_WORKER))


@app.command("simulate", cls=_SimulateCommand)
def simulate_command(
    game_name: GameName,
    *,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games.")] = 1000,
    seat: BotSeatSpecs = None,
    seed: Seed = None,
    players: Players = None,
    option: OptionSpecs = None,
    army: Armies = None,
    workers: Workers = None,
    ray: UseRay = None,
    report: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            file_okay=False,
            help="Write results.json and report.html (plots) into DIR.",
        ),
    ] = None,
    setting: SettingSpecs = None,
    all_bot: AllBot = None,
) -> None:
    """Play many games between bots and report win rates and game lengths."""
    try:
        option, setting = split_settings(game_name, option or [], setting or [])
    except StratagemError as error:
        _fail(str(error))
    game, names = _load(
        game_name, players, seat or [], (), option_specs=option, options=_armies(army)
    )
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        simulate_and_report(
            _stdout(),
            _stderr(),
            game.name,
            dict(zip(game.seat_names, names, strict=True)),
            n,
            seed=seed,
            options=game.options,
            workers=_workers(workers, n),
            ray=ray_target(ray),
            report=report,
            settings=setting or [],
            all_bot=all_bot,
            seats_given=bool(seat),
        )
    except StratagemError as error:
        _fail(str(error))


@app.command("tournament", cls=RayCommand)
def tournament_command(
    game_name: GameName,
    *,
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            metavar="BOT",
            help="A bot (repeat, at least two): random, heuristic, ismcts:iterations=500 ...",
        ),
    ],
    n: Annotated[
        int, typer.Option("-n", "--games", min=1, help="Games per pairing of bots.")
    ] = 100,
    seed: Seed = None,
    players: Players = None,
    option: OptionSpecs = None,
    army: Armies = None,
    workers: Workers = None,
    ray: UseRay = None,
    alone: Annotated[
        str | None,
        typer.Option(
            metavar="BOT",
            help="Seat this bot (one of the --bot) only alone against the other bot: one "
            "bot against a table, the cheap test of a slow bot in a game of many seats.",
        ),
    ] = None,
    results: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            dir_okay=False,
            help="Write every game's record (seed, lineup, winners, returns) to FILE as JSON.",
        ),
    ] = None,
    mirror: Mirror = False,
    setting: SettingSpecs = None,
) -> None:
    """Play every pairing of bots in every seat; print win rates and ratings."""
    game, _ = _load(game_name, players, [], (), option_specs=option, options=_armies(army))
    if seed is None:
        seed = secrets.randbelow(2**31)
    pairings = len(set(bot)) * (len(set(bot)) - 1) // 2
    try:
        tournament_and_report(
            _stdout(),
            _stderr(),
            game.name,
            bot,
            n,
            seed=seed,
            options=game.options,
            workers=_workers(workers, n * max(1, pairings)),
            ray=ray_target(ray),
            alone=alone,
            results=results,
            mirror=mirror,
            settings=setting or [],
        )
    except StratagemError as error:
        _fail(str(error))


app.command("compare", cls=_SimulateCommand)(compare_command)
app.command("settings")(settings_command)
app.command("balance")(balance_command)


# -- Liber Militum: Tercios (army files and board drawings) ------------------------------
from stratagem.cli_rules import rules  # noqa: E402
from stratagem.cli_tercios import army_app, render  # noqa: E402

app.add_typer(army_app, name="army")
app.command("render")(render)
app.command("rules")(rules)  # every rule by its rulebook section (stratagem.cli_rules)


@app.command()
def serve(
    *,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the game store (default: $STRATAGEM_DATABASE_URL, "
            "else the SQLite file stratagem.sqlite3 here)."
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(min=0, help="Seconds a bot waits before it acts.")
    ] = None,
    access_log: Annotated[
        bool, typer.Option(help="Log every HTTP request (off: a line a move costs time).")
    ] = False,
) -> None:
    """Start the web table: play any game in the browser, with friends or bots."""
    _serve(host, port, database, bot_delay, access_log=access_log)


def _serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float | None,
    *,
    access_log: bool = False,
) -> None:
    import uvicorn  # noqa: PLC0415  (the web table loads only when asked for)

    from stratagem.server import Settings, create_app  # noqa: PLC0415
    from stratagem.server.serving import raise_open_files, uvicorn_options  # noqa: PLC0415
    from stratagem.server.storage import open_error  # noqa: PLC0415

    settings = Settings.from_env()
    if database is not None:
        settings = Settings(database_url=database, bot_delay=settings.bot_delay)
    if bot_delay is not None:
        settings = Settings(database_url=settings.database_url, bot_delay=bot_delay)
    problem = open_error(settings.database_url)
    if problem is not None:
        _fail(f"cannot open the game store: {problem}")
    # the table's own warnings (a database away, a game set aside) with their time and level
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    logging.getLogger("alembic").setLevel(logging.WARNING)  # migrations say nothing if fine

    def ready() -> None:
        _stdout().print(Text(f"The Stratagem table is at http://{host}:{port}/", style="bold"))

    files = raise_open_files()
    uvicorn.run(
        create_app(settings, on_ready=ready),
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        ws_max_size=WS_MAX_SIZE,
        **uvicorn_options(settings.request_timeout, settings.trusted_proxies, files),
    )


def main() -> None:
    """Entry point of the ``stratagem`` command."""
    app()
