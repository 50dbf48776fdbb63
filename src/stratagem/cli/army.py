"""``stratagem army check``: Liber Militum: Tercios's army files at the command line.

An army file that breaks The Army's rules prints every violation with the rule it breaks
and exits 1; an unreadable file exits 2; a valid army prints its points. Either way a note
names each rule or trait it chose that the engine does not apply, and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stratagem.core import StratagemError
from stratagem.games.tercios.army import army_points, read_army_file
from stratagem.games.tercios.notes import army_notes
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.validation import check_army

INVALID = 1
UNREADABLE = 2

army_app = typer.Typer(
    name="army",
    help="Liber Militum: Tercios armies: check an army file.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@army_app.command("check")
def check(
    path: Annotated[Path, typer.Argument(metavar="FILE.toml", help="An army file.")],
) -> None:
    """Validate an army file: print its points, or every violation with its rule."""
    console = Console(highlight=False)
    try:
        pack = load_pack()
        army = read_army_file(path)
    except StratagemError as error:
        Console(stderr=True, highlight=False).print(Text(f"Error: {error}", style="red"))
        raise typer.Exit(UNREADABLE) from None
    points = army_points(pack, army)
    size = pack.rules.sizes.get(army.size)
    violations = check_army(pack, army)
    header = f"{army.name} ({army.nation}, {army.base} base): {points} points"
    if size is not None:
        header += f" of {size} ({army.size})"
    console.print(Text(header, style="bold"))
    for note in army_notes(pack, army):
        console.print(Text(f"Note: {note}.", style="yellow"))
    if not violations:
        console.print(Text("Valid army.", style="green"))
        return
    for violation in violations:
        console.print(Text(f"- {violation}", style="red"))
    console.print(Text(f"{len(violations)} violation(s).", style="red"))
    raise typer.Exit(INVALID)
