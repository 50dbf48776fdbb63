"""``stratagem settings GAME [WORD]``: every key a designer may set, with its printed
value, its type and the range allowed."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from stratagem.cli.common import GameName, fail, stdout
from stratagem.core import StratagemError, load
from stratagem.sim.settings_list import setting_rows


def settings_command(
    game_name: GameName,
    word: Annotated[
        str | None,
        typer.Argument(metavar="[WORD]", help="Only the keys containing WORD (hand, victory)."),
    ] = None,
) -> None:
    """Every key `--set`, `--variant` and `--sweep` may change: the game's options and every
    value of its data pack, with the printed value, its type and the range allowed."""
    try:
        load(game_name)
        rows = setting_rows(game_name)
    except StratagemError as error:
        fail(str(error))
    if word is not None:
        rows = [row for row in rows if word.casefold() in row.key.casefold()]
    listing = Table(
        title=f"{game_name}: settings (KEY=VALUE with --set; a pack value marked * is "
        "not printed in the rulebook: see the game's RULINGS.md)"
    )
    for heading in ("Key", "Printed value", "Type", "Allowed"):
        listing.add_column(heading, overflow="fold")
    for row in rows:
        listing.add_row(row.key, row.value + (" *" if row.assumed else ""), row.type, row.allowed)
    stdout().print(listing)
