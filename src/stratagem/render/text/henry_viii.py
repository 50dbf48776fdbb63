"""Henry VIII at the terminal, drawn from a seat's view alone for an 80-column screen:
what is being decided, King Henry, the Line of Succession, the Tower and those abroad,
the Endeavour in play with the Supports going round the table, each faction's characters
(one row each) and the seat's own hand and face-down arrivals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict
from stratagem.games.henry_viii.views import read_characters

NONE = "none"


def _s(count: int, plural: str = "s") -> str:
    return "" if count == 1 else plural


def _names(values: Sequence[Any]) -> str:
    return ", ".join(str(value) for value in values) or NONE


def _fact(name: str, value: str) -> Text:
    """``Name: value`` with the name in bold."""
    text = Text(f"{name}: ", style="bold")
    text.append(value)
    return text


def _king(view: JsonDict) -> Panel:
    henry = view["henry"]
    alive = "alive" if henry["alive"] else "dead"
    supremacy = "passed" if henry["act_of_supremacy"] else "not passed"
    line = view["line_of_succession"] or ["empty: were Henry to die now, everyone loses"]
    lines = [
        Text(
            f"King Henry {alive} · Religion {henry['religion']} · Contentment "
            f"{henry['contentment']:+d} · dies this Turn on 2d >= {henry['death_number']}"
        ),
        _fact("Queen", f"{henry['queen'] or NONE} · Act of Supremacy {supremacy}"),
        _fact("Line of Succession", "; ".join(line)),
        _fact(
            "Tower",
            f"arrested {_names(view['tower']['arrested'])}; "
            f"imprisoned {_names(view['tower']['imprisoned'])}",
        ),
        _fact("Beyond the Realm", _names(view["abroad"])),
        _fact("Dead", _names(view["dead"])),
    ]
    title = f"Turn {view['turn']} · {view['stage']} · round {view['round']}"
    return Panel(Group(*lines), title=title, title_align="left", border_style="yellow")


def _endeavour(view: JsonDict) -> RenderableType | None:
    play = view.get("in_play")
    window = view.get("supports_window")
    if not play and not window:
        return None
    lines: list[Text] = []
    if play:
        on = f" on {', '.join(play['targets'])}" if play["targets"] else ""
        lines.append(Text(f"{play['endeavour']} by {play['by']}{on}", style="bold"))
        lines.extend(Text(f"  + {support}") for support in play["supports"])
        if play.get("automatic"):
            lines.append(Text(f"  Automatic {play['automatic']}"))
        if play.get("voided"):
            lines.append(Text("  Voided by the Chamberlain"))
        if play.get("rebels"):
            lines.append(_fact("  Rebels", _names(play["rebels"])))
    if window:
        passes = window["passes_in_a_row"]
        so_far = (
            f", modifier so far {window['modifier_so_far']:+d}"
            if "modifier_so_far" in window
            else ""
        )
        lines.append(
            Text(
                f"Supports for {window['for']} round the table from {window['from']}: "
                f"{window['to_answer']} to answer ({passes} pass{_s(passes, 'es')} "
                f"in a row{so_far})",
                style="cyan",
            )
        )
    return Panel(Group(*lines), title="In play", title_align="left", border_style="magenta")


def _holds(entry: JsonDict) -> str:
    """A character's holdings and state, in words."""
    parts: list[str] = []
    if entry.get("title"):
        parts.append(str(entry["title"]))
    parts.extend(str(office) for office in entry.get("offices", []))
    if entry.get("succession"):
        parts.append(f"Succession {entry['succession']}")
    if entry["where"] != "at court":
        parts.append(str(entry["where"]))
    parts.extend(str(note) for note in entry.get("notes", []))
    if entry.get("married_to"):
        parts.append(f"married to {entry['married_to']}")
    if "baby_value" in entry:
        parts.append(f"Baby Value {entry['baby_value']}")
    if "heir_credibility" in entry:
        parts.append(f"Heir Credibility {entry['heir_credibility']}")
    if entry.get("rack"):
        parts.append(f"Rack {entry['rack']}")
    return "; ".join(parts)


def _faction(view: JsonDict, seat: str, characters: list[JsonDict]) -> Table:
    faction = view["factions"][seat]
    cards = faction["court_cards"]
    heading = (
        f"{seat} · Influence {faction['influence']} · {cards} court card{_s(cards)}"
        f" · {faction['face_down_characters']} face down"
        + (" · Law Suit" if faction["law_suit"] else "")
    )
    own = seat == view.get("seat")
    table = Table(
        title=heading,
        title_justify="left",
        title_style="bold cyan" if own else "bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        pad_edge=False,
        expand=True,
    )
    table.add_column("Character", style="bold", ratio=3)
    for heading_ in ("Inf", "Abl", "Gle", "Rel"):
        table.add_column(heading_, justify="right", no_wrap=True)
    table.add_column("Holds", ratio=5)
    for entry in characters:
        table.add_row(
            entry["name"],
            str(entry["influence"]),
            str(entry["ability"]),
            str(entry["guile"]),
            str(entry["religion"]),
            _holds(entry),
        )
    return table


def _court(view: JsonDict) -> Group:
    characters = read_characters(view)
    tables: list[RenderableType] = []
    for seat in view["factions"]:
        tables.append(Text())
        tables.append(_faction(view, seat, [c for c in characters if c["faction"] == seat]))
    tables.append(Text())
    vacant = [name for name, holder in view["offices"].items() if holder == "vacant"]
    boxed = [name for name, holder in view["titles"].items() if holder == "in the box"]
    pile = view["discard_pile"]
    tables.extend(
        [
            _fact("Vacant offices", _names(vacant)),
            _fact("Titles in the box", _names(boxed)),
            _fact(
                "Court cards",
                f"deck {view['deck']}; discard pile {len(pile)}"
                + (f", last {pile[-1]}" if pile else ""),
            ),
        ]
    )
    return Group(*tables)


def _yours(view: JsonDict, seat_name: str | None) -> Panel | None:
    you = view.get("you")
    if you is None:
        return None
    hand = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True)
    hand.add_column("Endeavour", ratio=1)
    hand.add_column("Support", ratio=1)
    for text in you["hand"].values():
        endeavour, _, support = str(text).partition(" | ")
        hand.add_row(endeavour.removeprefix("Endeavour "), support.removeprefix("Support "))
    parts: list[RenderableType] = [hand if you["hand"] else Text("No court cards in hand.")]
    parts.append(_fact("Face down", _names(you["face_down"])))
    title = f"You ({seat_name or view.get('seat') or 'your seat'}): your hand"
    return Panel(Group(*parts), title=title, title_align="left", border_style="cyan")


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The seat's view for the terminal (``stratagem.terminal`` finds it by the game)."""
    asked = view.get("asked")
    parts: list[RenderableType | None] = [
        _fact("Now", str(asked)) if asked else None,
        _king(view),
        _endeavour(view),
        _court(view),
        _yours(view, seat_name),
    ]
    return Group(*(part for part in parts if part is not None))
