"""Henry VIII at the terminal, drawn from a seat's view alone for an 80-column screen:
what is being decided, King Henry, the Line of Succession, the Tower and those abroad,
the Endeavour in play with the Supports going round the table, each faction's characters
(one row each) and the seat's own hand and face-down arrivals."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.views import read_characters
from stratagem.render.henry_viii import _book

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


def terminal_board(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The whole board (the prompt's ``board``): King Henry, the Endeavour in play, every
    faction's characters with their holdings, and the seat's hand."""
    asked = view.get("asked")
    parts: list[RenderableType | None] = [
        _fact("Now", str(asked)) if asked else None,
        _king(view),
        _endeavour(view),
        _court(view),
        _yours(view, seat_name),
    ]
    return Group(*(part for part in parts if part is not None))


# -- a decision's screen: about a dozen lines -------------------------------------------------

WIDTH = 80
HAND_LINES = 2
"""Lines the hand may take on a decision's screen (``board`` shows it whole)."""
SIGNED = re.compile(r" ([+-]\d+)$")
"""A Support's value at the end of its words (``Duplicity (Faction 3) -1``)."""


def _cut(text: str, width: int = WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _surname(name: str) -> str:
    return name.rsplit(" ", 1)[-1] if " " in name else name


def _difficulty(endeavour: str) -> int | None:
    book = _book()
    index = book.endeavour_of_name.get(endeavour)
    return None if index is None else int(val(book.endeavours[index].difficulty))


def _supports_total(play: Mapping[str, Any]) -> int:
    """The Supports' values played so far (Captaincies add no number here)."""
    total = 0
    for support in play["supports"]:
        found = SIGNED.search(str(support))
        total += int(found.group(1)) if found else 0
    return total


def _play_lines(view: JsonDict) -> list[Text]:
    """The Endeavour in play: by whom, on whom, its Difficulty and the Supports' running
    total; then the Supports played and who is to answer in the window going round."""
    play = view.get("in_play")
    window = view.get("supports_window")
    lines: list[Text] = []
    turn = ""
    if window:
        passes = window["passes_in_a_row"]
        so_far = f", so far {window['modifier_so_far']:+d}" if "modifier_so_far" in window else ""
        turn = f"{window['to_answer']} to answer ({passes} pass{_s(passes, 'es')} in a row{so_far})"
    if play:
        on = f" on {', '.join(play['targets'])}" if play["targets"] else ""
        line = f"{play['endeavour']} by {play['by']}{on}"
        need = _difficulty(str(play["endeavour"]))
        if need is not None:
            line += f" · Difficulty {need}, Supports {_supports_total(play):+d}"
        if play.get("automatic"):
            line += f" · automatic {play['automatic']}"
        if play.get("voided"):
            line += " · voided by the Chamberlain"
        lines.append(Text(_cut(line), style="bold magenta"))
        supports = "; ".join(str(s).replace("(Faction ", "(F") for s in play["supports"])
        if supports or turn:
            told = f"  {turn + '; ' if turn else ''}Supports: {supports or 'none yet'}"
            lines.append(Text(_cut(told)))
    elif window:
        lines.append(Text(_cut(f"Supports for {window['for']}: {turn}"), style="cyan"))
    return lines


def _king_lines(view: JsonDict) -> list[Text]:
    henry = view["henry"]
    alive = "alive" if henry["alive"] else "dead"
    head = (
        f"Turn {view['turn']} · {view['stage']} · round {view['round']} · Henry {alive} "
        f"{henry['religion']}, Contentment {henry['contentment']:+d}, "
        f"dies 2d>={henry['death_number']}"
    )
    line = view["line_of_succession"] or ["empty"]
    queen = henry["queen"] or NONE
    second = f"Queen {queen} · Supremacy {'passed' if henry['act_of_supremacy'] else 'not'}"
    second += " · Line: " + ", ".join(
        str(entry).split(": ", 1)[-1].replace("Faction ", "F") for entry in line
    )
    away = [
        ("Tower", [*view["tower"]["arrested"], *view["tower"]["imprisoned"]]),
        ("Abroad", list(view["abroad"])),
        ("Dead", list(view["dead"])),
    ]
    third = " · ".join(f"{name}: {', '.join(map(_surname, who))}" for name, who in away if who)
    lines = [Text(_cut(head), style="bold yellow"), Text(_cut(second))]
    if third:
        lines.append(Text(_cut(third), style="dim"))
    return lines


def _faction_lines(view: JsonDict) -> list[Text]:
    """One line per faction: Influence, court cards, face-down characters and its
    characters' surnames with Influence (the seat's own in cyan)."""
    characters = read_characters(view)
    lines: list[Text] = []
    for seat, faction in view["factions"].items():
        own = seat == view.get("seat")
        people = sorted(
            (c for c in characters if c["faction"] == seat), key=lambda c: -int(c["influence"])
        )
        head = (
            f"{'*' if own else ' '}{str(seat).replace('Faction ', 'F')} "
            f"Inf {faction['influence']:>2} · {faction['court_cards']} "
            f"card{_s(faction['court_cards'])}"
            + (
                f" · {faction['face_down_characters']} down"
                if faction["face_down_characters"]
                else ""
            )
            + (" · Law Suit" if faction["law_suit"] else "")
            + ": "
        )
        names = ", ".join(f"{_surname(c['name'])} {c['influence']}" for c in people)
        lines.append(Text(_cut(head + names), style="cyan" if own else ""))
    return lines


def _hand_lines(view: JsonDict, seat_name: str | None) -> list[Text]:
    you = view.get("you")
    if you is None:
        return []
    cards = [
        str(text)
        .replace("Endeavour ", "")
        .replace("Support ", "")
        .replace(", Difficulty ", " D")
        .replace(" | ", "/")
        for text in you["hand"].values()
    ]
    title = f"You ({seat_name or view.get('seat')}): "
    lines = textwrap.wrap(title + ("; ".join(cards) or "no court cards"), WIDTH)
    if len(lines) > HAND_LINES:
        lines = [*lines[: HAND_LINES - 1], _cut(lines[HAND_LINES - 1] + " …")]
    text = Text("\n".join(lines))
    text.stylize("bold cyan", 0, len(title))
    return [text]


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """A decision's screen, in about a dozen lines: the question, King Henry and the Line
    of Succession, the Endeavour in play, a line per faction and the seat's hand (D for
    Difficulty). ``board`` shows every character in full, ``look NAME`` one of them."""
    asked = view.get("asked")
    parts: list[RenderableType] = []
    if asked:
        parts.append(Text(_cut(f"Now: {asked}"), style="bold"))
    parts.extend(_king_lines(view))
    parts.extend(_play_lines(view))
    parts.extend(_faction_lines(view))
    parts.extend(_hand_lines(view, seat_name))
    return Group(*parts)


def choice_note(view: JsonDict, text: str) -> str | None:
    """After a target: its faction, Ability, Guile and religion (``F2 A4 G1 C0``); after a
    Support: whether it helps or hinders the Endeavour in play, by how much; after a
    Support's modifier, which of the two it does."""
    kind, _, name = text.partition(": ")
    if kind == "Target":
        for entry in read_characters(view):
            if entry["name"] == name:
                faction = str(entry["faction"]).replace("Faction ", "F")
                return f"{faction} A{entry['ability']} G{entry['guile']} R{entry['religion']}"
        return None
    if kind == "Modifier":
        play = view.get("in_play")
        sign = name.strip()[:1]
        if not play or sign not in "+-":
            return None
        return f"{'helps' if sign == '+' else 'hinders'} the {play['endeavour']}"
    if kind == "Support":
        support = name.partition(" | ")[2]
        words = view.get("you", {}).get("hand", {}).get(name, "")
        value = str(words).rpartition(f"Support {support} ")[2]
        if not value:
            return None
        if value.startswith("+") and "/" not in value:
            return f"{value}: helps"
        if value.startswith("-") and "/" not in value:
            return f"{value}: hinders"
        return f"{value}: you choose"
    return None
