"""What a lab run is given: the ``LabRun`` object every lab command builds from its
arguments, and the arguments the lab commands share (``--set``, ``--all``, ``--mirror``,
``--workers``, ``--ray``, ``--seed``, ``--seat``).

``--ray [ADDRESS]`` takes an optional address, which Typer's options cannot: the lab
commands parse with ``RayCommand``, which writes a bare ``--ray`` as ``--ray=local``.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from typer._click.core import Context as ClickContext  # Typer's own click, which TyperCommand uses
from typer.core import TyperCommand

from stratagem.cli.common import SeatsHelp, armies, fail, load_game
from stratagem.core import Game, StratagemError
from stratagem.sim.runner import check_bot
from stratagem.sim.settings import Setting, check_option_keys, parse_settings
from stratagem.sim.settings_list import PACK, option_names, pack_keys_ending

GAMES_PER_WORKER = 500
"""Studies smaller than this run in one process by default (a pool would only slow them)."""
LOCAL_RAY = "local"
"""What a bare ``--ray`` stands for: a Ray cluster started on this machine."""


@dataclass(frozen=True)
class LabRun:
    """One run of the lab as a command hands it to its runner: the game with its options
    and settings, the lineup, how many games from which master seed, where they are played
    and where the report goes."""

    game: str
    games: int
    """Games in all (simulate), per variant (compare), per pairing (tournament) or per
    value tried (balance)."""
    seed: int
    options: Mapping[str, object] = field(default_factory=dict)
    """The game's options (``players`` included)."""
    settings: tuple[Setting, ...] = ()
    """``--set``: options and data pack values changed for every game."""
    seats: Mapping[str, str] = field(default_factory=dict)
    """The bot of each seat (seats not named play ``random``); a tournament has none."""
    workers: int = 1
    ray: str | bool = False
    """No Ray (``False``), a local cluster (``True``) or a cluster's address."""
    report: Path | None = None
    """The folder of results.json and report.html."""


SettingSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="SETTING",
        help="Change a game option or a data pack value for every game: advanced=true, "
        'pack.rules.logistics.spanish_hand=7, pack.cards."Sea Beggars".value=8 '
        "(repeatable; ';' separates several).",
    ),
]
AllBot = Annotated[
    str | None,
    typer.Option("--all", metavar="BOT", help="Seat this bot in every seat (not with --seat)."),
]
Mirror = Annotated[
    bool,
    typer.Option(
        "--mirror",
        help="Two-seat games: play each deal twice, the seats swapped, to cut the deal's luck.",
    ),
]
SameDeals = Annotated[
    bool,
    typer.Option(
        "--same-deals",
        help="Draw each game's deal from the master seed, round and lineup alone, not the "
        "bots' names: two runs that differ in one bot's spec play the same deals, game by "
        "game (a paired comparison).",
    ),
]
Seed = Annotated[int | None, typer.Option(help="Master seed (default: random).")]
Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-j",
        min=1,
        help="Local processes to play on (default: one per core for large runs).",
    ),
]
LocalWorkers = Annotated[
    int | None, typer.Option("--workers", "-j", min=1, help="Local processes to play on.")
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
LabSeatSpecs = Annotated[
    list[str] | None,
    typer.Option("--seat", "-s", metavar="SEAT=BOT", help="Which bot plays a seat (repeatable)."),
]


def master_seed(seed: int | None) -> int:
    """``--seed``, or a random master seed when it is not given."""
    return secrets.randbelow(2**31) if seed is None else seed


def worker_count(given: int | None, games: int) -> int:
    """``--workers``, or one process per core for large runs (one for small ones)."""
    if given is not None:
        return given
    return max(1, min(os.cpu_count() or 1, games // GAMES_PER_WORKER))


def is_ray_address(text: str) -> bool:
    """Whether the word after ``--ray`` is a cluster's address (``auto``, ``host:port``,
    ``ray://head:10001``, or ``local``) rather than the next argument."""
    return text in {"auto", LOCAL_RAY} or (":" in text and not text.startswith("-"))


def ray_arguments(args: Sequence[str]) -> list[str]:
    """``args`` with a bare ``--ray`` (no address after it) written ``--ray=local``."""
    out = list(args)
    for index, arg in enumerate(out):
        if arg == "--ray" and (index + 1 == len(out) or not is_ray_address(out[index + 1])):
            out[index] = f"--ray={LOCAL_RAY}"
    return out


class RayCommand(TyperCommand):
    """A lab command whose ``--ray`` takes an optional address (Typer's options cannot):
    ``--ray`` alone plays on a local cluster, ``--ray ADDRESS`` on the one at ADDRESS."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        return super().parse_args(ctx, ray_arguments(args))


class SimulateCommand(SeatsHelp, RayCommand):
    """``simulate`` and ``compare``: seat names in their help, and ``--ray`` with an
    optional address."""


def ray_target(ray: str | None) -> str | bool:
    """``run_study``'s ``ray`` for the ``--ray`` option: no Ray (``False``), a local
    cluster (``True``) or an address."""
    if ray is None:
        return False
    return True if ray == LOCAL_RAY else ray


def every_seat(
    game: Game, seat_bots: Mapping[str, str], all_bot: str | None, seats_given: bool
) -> dict[str, str]:
    """``seat_bots``, or ``all_bot`` in every seat (``--all``); ``OptionError`` if both
    ``--all`` and ``--seat`` were given."""
    if all_bot is None:
        return dict(seat_bots)
    if seats_given:
        raise StratagemError("--all seats one bot everywhere: give --all or --seat, not both")
    bot = check_bot(game, all_bot)
    return dict.fromkeys(game.seat_names, bot)


def split_settings(
    game_name: str, option_specs: Sequence[str], setting_specs: Sequence[str]
) -> tuple[list[str], list[str]]:
    """One settings syntax everywhere: an ``--option`` that names a pack value
    (``pack.rules.logistics.spanish_hand=7``) is taken as a ``--set``; an option the game
    lacks but its pack has a value of that name is refused with the pack key (any other
    unknown option is left to the options' own message, which lists them)."""
    options: list[str] = []
    settings = list(setting_specs)
    names = option_names(game_name)
    for spec in option_specs:
        key = spec.partition("=")[0].strip()
        if key.startswith(f"{PACK}."):
            settings.append(spec)
            continue
        if key and key not in names and pack_keys_ending(game_name, key):
            check_option_keys(game_name, parse_settings([spec]))
        options.append(spec)
    return options, settings


def lab_game(
    game_name: str,
    players: int | None,
    seat_specs: Sequence[str],
    *,
    option_specs: Sequence[str] | None,
    setting_specs: Sequence[str] | None,
    army: list[str] | None,
) -> tuple[Game, list[str], list[str]]:
    """A lab command's game (its ``--option`` values and ``--army``), the bot named for each
    seat (``--seat``) and its ``--set`` settings (an ``--option`` that names a pack value
    among them: ``split_settings``); exit 2 with the reason."""
    try:
        options, settings = split_settings(game_name, option_specs or [], setting_specs or [])
    except StratagemError as error:
        fail(str(error))
    game, names = load_game(
        game_name, players, seat_specs, (), option_specs=options, options=armies(army)
    )
    return game, names, settings
