"""The Henry VIII board as SVG, drawn from a seat's view alone, as a court: King Henry's
board with his Matrimonial Contentment and Religion tracks, the Line of Succession as a
track with the heirs on their spaces, the Tower's cells, Beyond the Realm and the dead
holding their characters, the Endeavour in play, each faction with its characters, the
offices and the titles as boards of slots with their holders, the discard pile as cards,
and for a seat its own hand of court cards (drawn as cards with a title band) and its
face-down characters (the boards and cards are drawn by ``henry_court``).

Every changing thing drawn comes from ``view(seat)`` (or ``view(None)``): other factions'
hands appear only as their sizes and their face-down characters only as a count. What a
court card or an office does is printed on the card (Court Cards; List of Endeavours; List
of Support Cards; List of Offices), so the hover details add it from the game's shipped
pack and from the effects below, written from the rulebook.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from stratagem.core import JsonDict
from stratagem.games.henry_viii.pack import Book, load_book, val
from stratagem.games.henry_viii.views import read_characters
from stratagem.render import henry_court as court
from stratagem.render.layout import (
    PLAIN_CHIP,
    Chip,
    Font,
    Line,
    chip_rows,
    masthead,
    ruled_title,
    whose_move,
    write,
)
from stratagem.render.svg import Svg, detailed, escape

WIDTH = 800
MARGIN = 16
GAP = 12
INNER = WIDTH - 2 * MARGIN
THIRD = (INNER - 2 * GAP) / 3
FONT = Font(0.58, 0.64)
"""A character's width in ems, generously (the page draws in DejaVu Serif when Georgia is
missing), so that wrapped lines never run past the width they were wrapped for."""
FACTION_COLOURS = (
    "#8c1c13",
    "#1d3f6e",
    "#2f6b2f",
    "#7a4f01",
    "#5b2a6e",
    "#1f6b6b",
    "#6b1f45",
    "#444",
)
DRAWN = frozenset(
    {
        "game",
        "seat",
        "turn",
        "stage",
        "to_move",
        "asked",
        "henry",
        "line_of_succession",
        "tower",
        "abroad",
        "dead",
        "factions",
        "characters",
        "offices",
        "titles",
        "in_play",
        "supports_window",
        "deck",
        "discard_pile",
        "round",
        "result",
        "you",
    }
)
"""The view's keys the board draws."""
DRAWN_YOURS = frozenset({"hand", "face_down"})
"""The keys of the seat's private part (``view["you"]``) the board draws."""
UNDRAWN: dict[str, str] = {}
"""View key -> why the board leaves it out (nothing: every key is drawn; every title is a
slot of the titles board, with its holder, in the box or lost)."""

THEOLOGY = "each faction then discards a card for every step between Henry's religion and "
THEOLOGY += "that of its most influential character"
ENDEAVOURS = {
    "Accident": "a character, or King Henry, makes a death roll at once",
    "Act of Attainder": "executes an arrested or imprisoned character, and a random member "
    "of that faction defects to the player (not minors, Tudor heirs or foreign wives)",
    "Act of Bastardy": "the living children of one Queen, past or present, lose their "
    "Succession cards",
    "Act of Six Articles": f"Henry's religion moves one step Catholic; {THEOLOGY}",
    "Act of Succession": "puts an heir into the Line of Succession (Heir Credibility helps)",
    "Amnesty": "frees everyone arrested (not imprisoned) and lets travellers come home",
    "Annulment": "ends Henry's marriage so that he may marry again; only after the Act of "
    "Supremacy and only by the senior bishop, whose faction is investigated if it fails",
    "Arrest Warrant": "sends a character under Investigation, or backed by an Evidence "
    "Support, to the Tower: offices lost, Influence no longer counted",
    "Assume Office": "gives a character an office, against the holder's Guile (not women, "
    "Tudor heirs or minors)",
    "Befriend a Tudor": "moves a Tudor heir into the player's faction",
    "Bishop's Book": f"Henry's religion moves one step Protestant; {THEOLOGY}",
    "Diplomatic Mission": "sends a character abroad until a Summons to Court, out of reach "
    "and out of the Influence count; on return the faction gains or loses Ability minus 2 "
    "cards",
    "Ennoblement": "awards a title from the box, at most two ranks up (a commoner only to "
    "Viscount)",
    "Execution": "executes a character imprisoned (not merely arrested) in the Tower; an "
    "Act of Attainder may follow (not minors, Tudor heirs or foreign Queens)",
    "Fee'd Men": "the target faction loses two cards; a Spy card among them may be played "
    "against it at once",
    "Influenza": "a character, or King Henry, makes a death roll at once with 2 added",
    "Investigation": "puts a character under Investigation until arrested or the Turn ends, "
    "so that an Arrest Warrant may follow",
    "King's Book": f"Henry's religion moves one step Catholic; {THEOLOGY}",
    "Law Suit": "the target faction may play no more Endeavours this Turn, only Supports "
    "(never the Chancellor's faction)",
    "License of Release": "frees one character, arrested or imprisoned, from the Tower",
    "Marriage": "marries two characters (the less influential joins the other's faction), "
    "or a woman to Henry, who counts Guile 2; an heir may be born at once",
    "My Lord's Man": "assigns a character to a faction, which then adds his Ability minus 2 "
    "to each of its Endeavours",
    "Persuasion": "brings a character (not a Tudor heir) into the player's faction",
    "Pilgrimage of Grace": "Catholic men (religion 0 or 1) may rebel and Captains fight "
    "them as in a War; if every Captain fails, Henry falls and the faction of the senior "
    "Catholic heir wins; otherwise the rebels are arrested",
    "Plague": "every character at court makes a death roll",
    "Quails": "the target faction loses two cards at random",
    "Rack": "questions an arrested character: by the total they implicate two others, "
    "confess (+2 at Trial), implicate themselves (+1 at Trial) or say nothing",
    "Royal Progress": "everyone imprisoned (not merely arrested) in the Tower is executed; "
    "an Act of Attainder may follow",
    "Summons to Court": "brings home a character away on a Diplomatic Mission or Beyond the Realm",
    "Take Oath": "after the Act of Supremacy, a character who fails the Oath is arrested",
    "The Ten Articles": f"Henry's religion moves one step Protestant; {THEOLOGY}",
    "Travel Beyond the Realm": "sends a character abroad for safety until a Summons: out of "
    "reach, out of the Influence count, an officer's powers unused",
    "Trial": "tries a character: 10+ executed and attainted, 8+ executed, 6+ imprisoned, "
    "lower released (a Tudor heir, a minor or a foreign Queen goes no further than prison)",
    "War/Uprising": "Captaincy Supports raise Captains; a Captain who succeeds wins a title, "
    "one who fails loses a card; with no Captain it does nothing",
}
"""What each Endeavour does (List of Endeavours), in a line."""
SUPPORTS = {
    "Act of Attainder": "turns the execution into an attainder: a random member of the "
    "victim's faction defects",
    "Bad Health": "-1 or -2, or a worse death roll",
    "Captaincy": "raises a Captain, who adds his Ability",
    "Evidence of Adultery": "only on the Queen",
    "Evidence of Heresy": "only on a character not of Henry's exact religion",
    "Evidence-Parading Royal Descent": "only on an heir who is a Tudor or a noble",
    "Good Health": "a better death roll",
    "Henry's Ear": "+1 or -1, as its player chooses",
    "Henry's Will": "not by or on women, minors or Tudor heirs",
    "Lady of the Bedchamber": "also +1 on Henry's Matrimonial Contentment roll",
    "New Year's Gift": "ends the Turn at once, after two Rounds at least; a Trial in "
    "progress is dropped",
    "Obstruction": "the Endeavour fails outright and the Supports so far are lost; it and "
    "Royal Command cancel each other",
    "Parliamentary Petition": "+1, -1, +2 or -2, as its player chooses",
    "Revulsion": "also -1 on Henry's Matrimonial Contentment roll",
    "Royal Command": "the Endeavour succeeds outright and the Supports so far are lost; it "
    "and Obstruction cancel each other",
}
"""What a Support does beyond its Action Points (List of Support Cards), in a line."""
CONTENTMENT = "Henry's Matrimonial Contentment"
"""What a Supports round is for when it is Henry's Contentment roll (the view's words)."""
SUPREMACY_FIRST = frozenset({"Annulment", "Take Oath"})
"""Endeavours that wait for the Act of Supremacy."""
VACANT = frozenset({"vacant", "removed", "in the box", "lost"})
"""A slot's words for no holder (an office, a title)."""


def plural(count: object, noun: str) -> str:
    """``3 court cards``, ``1 court card``, ``2 passes``."""
    ending = "es" if noun.endswith("s") else "s"
    return f"{count} {noun}" if count == 1 else f"{count} {noun}{ending}"


@functools.lru_cache(maxsize=1)
def _book() -> Book:
    """The shipped pack: the printed halves of the court cards and the offices' powers."""
    return load_book()


class Column:
    """Lines of text written down a column of ``width`` from ``x``; ``y`` is the next
    baseline."""

    def __init__(self, svg: Svg, x: float, y: float, width: float) -> None:
        self.svg, self.x, self.y, self.width = svg, x, y, width

    def lines(
        self, text: str, *, size: int = 13, weight: str = "normal", fill: str = "#222"
    ) -> str:
        """``text`` wrapped, as SVG (not yet added), moving ``y`` down."""
        face = Svg(WIDTH, "")
        line = Line(text, size, weight, fill)
        self.y = write(face, self.x, self.y, self.width, line, font=FONT, step=size + 5)
        return "".join(face.parts)

    def write(self, text: str, **style: Any) -> None:
        """``text`` wrapped, added to the drawing."""
        self.svg.add(self.lines(text, **style), self.y)


def _heading(svg: Svg, view: Mapping[str, Any]) -> float:
    """Title, whose move, the Turn and Round, and what is being decided."""
    status = whose_move(view, "The dice are rolled")
    masthead(svg, MARGIN, INNER, "Henry VIII", status, fill="#8c1c13")
    column = Column(svg, MARGIN, 62, INNER)
    column.write(
        f"Turn {view.get('turn')} · {view.get('stage')} · Round {view.get('round')} · "
        f"court deck {view.get('deck')} cards",
        size=16,
    )
    asked = view.get("asked")
    if asked:
        column.write(asked[:1].upper() + asked[1:], size=14, fill="#444")
    return column.y


def _top(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """King Henry's board with his tracks, the marriage track, the Line of Succession as a
    track, then the Tower's cells, Beyond the Realm and the dead, each holding its
    characters."""
    y = court.king(svg, MARGIN, y, INNER, view.get("henry", {})) + GAP
    y = court.marriage(svg, MARGIN, y, INNER, view)
    y = court.succession(svg, MARGIN, y, INNER, list(view.get("line_of_succession", []))) + 4
    tower = view.get("tower", {})
    groups = (
        ("The Tower: arrested", list(tower.get("arrested", [])), "#6b4f1d"),
        ("The Tower: imprisoned", list(tower.get("imprisoned", [])), "#3d3d3d"),
        ("Beyond the Realm", list(view.get("abroad", [])), "#1f6b6b"),
        ("Dead", list(view.get("dead", [])), "#444"),
    )
    return court.places(svg, MARGIN, y, INNER, groups)


def _in_play(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The Endeavour being resolved, its Supports, and the Supports round going on."""
    play = view.get("in_play")
    window = view.get("supports_window")
    if not play and not window:
        return y
    marks = len(svg.parts)
    column = Column(svg, MARGIN + 10, y + 24, INNER - 20)
    if isinstance(play, Mapping):
        targets = ", ".join(play.get("targets", []))
        endeavour = str(play.get("endeavour"))
        head = f"In play: {endeavour} by {play.get('by')}" + (f" on {targets}" if targets else "")
        detail = f"{endeavour}: {ENDEAVOURS.get(endeavour, 'an Endeavour')}."
        svg.add(detailed(column.lines(head, size=15, weight="bold"), detail), column.y)
        for key, label in (("automatic", "automatic"), ("voided", "voided")):
            if play.get(key):
                column.write(f"{label}: {play[key]}", weight="bold", fill="#8c1c13")
        if play.get("rebels"):
            column.write("Rebels: " + ", ".join(play["rebels"]))
        for support in play.get("supports", []) or ["no Supports yet"]:
            column.write(f"Support: {support}")
    if isinstance(window, Mapping):
        column.write(_window_text(window), fill="#1d3f6e")
    svg.parts.insert(
        marks,
        f'<rect x="{MARGIN:g}" y="{y:g}" width="{INNER:g}" height="{column.y - y:g}" '
        f'rx="6" fill="#fdf0e0" stroke="#c08a3a"/>',
    )
    return column.y


def _window_text(window: Mapping[str, Any]) -> str:
    """The Supports round in words."""
    text = (
        f"Supports for {window.get('for')}: {window.get('to_answer')} to answer (round "
        f"begun by {window.get('from')}; {plural(window.get('passes_in_a_row'), 'pass')} "
        "in a row)"
    )
    if "modifier_so_far" in window:
        text += f"; modifier so far {window['modifier_so_far']:+d}"
    return text


def _character_detail(entry: Mapping[str, Any], line: str) -> str:
    """A character's full details: the view's own line for them, in full."""
    return f"{entry['name']}: {line}."


def _character(column: Column, entry: Mapping[str, Any], line: str, colour: str) -> str:
    """One character in its faction's column: name and Influence, then Ability, Guile and
    Religion, titles and offices, and notes (Characters), as SVG."""
    top = column.y
    name = str(entry["name"])
    inner = [column.lines(name, size=14, weight="bold")]
    inner.append(
        f'<text x="{column.x + column.width:g}" y="{top:g}" font-size="14" font-weight="bold" '
        f'fill="{colour}" text-anchor="end">{escape(str(entry["influence"]))}</text>'
    )
    stats = f"Ability {entry['ability']} · Guile {entry['guile']} · Rel. {entry['religion']}"
    inner.append(column.lines(stats, fill="#333"))
    ranks = [str(entry["title"])] if entry.get("title") else []
    ranks += list(entry.get("offices", []))
    if entry.get("succession"):
        ranks.append(f"Succession {entry['succession']}")
    if ranks:
        inner.append(column.lines(" · ".join(ranks), fill=colour))
    notes = _notes(entry)
    if notes:
        inner.append(column.lines(notes, fill="#666"))
    column.y += 6
    return detailed("".join(inner), _character_detail(entry, line), name=name)


def _notes(entry: Mapping[str, Any]) -> str:
    """A character's notes, place, marriage and numbers that matter, in a line."""
    notes = list(entry.get("notes", []))
    if entry.get("where", "at court") != "at court":
        notes.insert(0, str(entry["where"]))
    for key, label in (
        ("baby_value", "Baby Value"),
        ("heir_credibility", "Heir Credibility"),
        ("rack", "Rack"),
    ):
        if key in entry:
            notes.append(f"{label} {entry[key]}")
    if entry.get("married_to"):
        notes.append(f"married to {entry['married_to']}")
    return ", ".join(notes)


def _faction(
    svg: Svg, x: float, y: float, seat: str, view: Mapping[str, Any], *, colour: str
) -> float:
    """A faction's box contents: its Influence, cards and face-down count, then each of
    its characters; returns the bottom."""
    faction = view["factions"][seat]
    column = Column(svg, x + 8, y + 22, THIRD - 16)
    you = " (you)" if seat == view.get("seat") else ""
    header = column.lines(f"{seat}{you}", size=15, weight="bold", fill=colour)
    header += (
        f'<text x="{x + THIRD - 8:g}" y="{y + 22:g}" font-size="15" font-weight="bold" '
        f'fill="{colour}" text-anchor="end">{escape(str(faction.get("influence")))}</text>'
    )
    cards = faction.get("court_cards")
    down = faction.get("face_down_characters")
    summary = f"{plural(cards, 'court card')} · {down} face down"
    if faction.get("law_suit"):
        summary += " · Law Suit"
    header += column.lines(summary, fill="#444")
    detail = (
        f"{seat}: Influence {faction.get('influence')} from {faction.get('characters')} "
        f"characters counted; {cards} court cards in hand; {down} characters face down"
        + ("; under a Law Suit: no Endeavours this Turn" if faction.get("law_suit") else "")
        + "."
    )
    svg.add(detailed(header, detail, name=seat), column.y)
    column.y += 4
    lines = view.get("characters", {})
    for entry in read_characters(view):
        if entry["faction"] == seat:
            svg.add(_character(column, entry, str(lines[entry["name"]]), colour), column.y)
    return column.y


def _factions(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """Each faction in a box, three to a row, the seat's own first."""
    seats = list(view.get("factions", {}))
    mine = view.get("seat")
    order = sorted(seats, key=lambda seat: seat != mine)
    for start in range(0, len(order), 3):
        marks = len(svg.parts)
        bottom = y
        row = order[start : start + 3]
        for index, seat in enumerate(row):
            x = MARGIN + index * (THIRD + GAP)
            colour = FACTION_COLOURS[seats.index(seat) % len(FACTION_COLOURS)]
            bottom = max(bottom, _faction(svg, x, y, seat, view, colour=colour))
        boxes = [
            f'<rect x="{MARGIN + i * (THIRD + GAP):g}" y="{y:g}" width="{THIRD:g}" '
            f'height="{bottom - y:g}" rx="6" fill="#fffdf7" '
            f'stroke="{FACTION_COLOURS[seats.index(seat) % len(FACTION_COLOURS)]}" '
            f'stroke-width="{3 if seat == mine else 1}"/>'
            for i, seat in enumerate(row)
        ]
        svg.parts[marks:marks] = boxes
        y = bottom + GAP
    return y


def _section(svg: Svg, y: float, title: str) -> float:
    """A section heading under a rule from ``y``; returns the next baseline."""
    return ruled_title(svg, MARGIN, y + 30, INNER, title, font=FONT, step=22, rule=24)


def _offices(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The offices as a board of slots, each with its holder (its power on hover), then
    every title as a slot with its holder, in the box or lost."""
    y = _section(svg, y, "Offices")
    powers = {office.name: office.power for office in _book().offices}

    def office_detail(office: str, holder: str) -> str:
        return f"{office}: held by {holder}. {powers.get(office, '')}".strip()

    offices = list(view.get("offices", {}).items())
    y = court.slots(
        svg, MARGIN, y - 12, INNER, offices, detail_of=office_detail, columns=3, empty=VACANT
    )
    titles: Mapping[str, str] = view.get("titles", {})
    free = [title for title, holder in titles.items() if holder == "in the box"]
    lost = [title for title, holder in titles.items() if holder == "lost"]
    heading = f"Titles · {len(free)} in the box" + (f" · {len(lost)} lost" if lost else "")
    y = _section(svg, y - 4, heading)
    return court.slots(
        svg,
        MARGIN,
        y - 12,
        INNER,
        list(titles.items()),
        detail_of=_title_detail,
        columns=4,
        empty=VACANT,
    )


def _title_detail(title: str, holder: str) -> str:
    """A title: its holder, or how it may be won from the box (Titles)."""
    rank = title.split(maxsplit=1)[0]
    if holder == "in the box":
        return (
            f"{title}: a {rank}'s title, in the box; Ennoblement or a victorious War Captain "
            "may win it (a man rises at most two ranks at a time)."
        )
    if holder == "lost":
        return f"{title}: a {rank}'s title, lost: it returns to no one."
    return f"{title}: a {rank}'s title, held by {holder}."


def _chips(svg: Svg, y: float, names: Iterable[str], detail_of: Callable[[str], str]) -> float:
    """Named chips in rows from ``y`` (the top), each with its details on hover; returns
    the next free ``y``. A chip's name is its text up to any bracket (``Katherine Howard
    (enters Turn 4)`` is named ``Katherine Howard``)."""
    chips = [Chip(name, detail_of(name), name.split(" (", 1)[0], PLAIN_CHIP) for name in names]
    return chip_rows(svg, MARGIN, y, INNER, chips, font=FONT)


def halves(card: str) -> tuple[str, str]:
    """A court card's Endeavour and Support names (``Trial | Henry's Ear #2``: a second
    copy, ``Trial`` and ``Henry's Ear``)."""
    endeavour, _, support = card.partition(" | ")
    return endeavour, support.split(" #", 1)[0]


@functools.lru_cache(maxsize=256)
def card_detail(card: str, printed: str = "") -> str:
    """A court card's two halves in full: the Endeavour's Difficulty, marks and effect,
    and the Support's Action Points, the Endeavours it may join and its effect (A Court
    Card). ``printed`` is the view's description of a card in the seat's hand; a card in
    the discard pile is described from the shipped pack."""
    endeavour, support = halves(card)
    top, _, bottom = (printed or _printed(endeavour, support)).partition(" | ")
    extra = SUPPORTS.get(support, "")
    return (
        f"{card}. {top}: {ENDEAVOURS.get(endeavour, '')}. {bottom}"
        f"{'; ' + extra if extra else ''}; joins {_joined(support)}."
    )


def _printed(endeavour: str, support: str) -> str:
    """A court card's printed numbers, as the view words them for a hand's cards."""
    book = _book()
    entry = next((e for e in book.endeavours if e.name == endeavour), None)
    marks = ""
    difficulty = ""
    if entry is not None:
        marks = "".join(
            m for m, on in ((" (Spy)", entry.spy), (" (Assigned)", entry.assigned)) if on
        )
        difficulty = "6/8/10" if endeavour == "Trial" else str(val(entry.difficulty))
    points = next((s for s in book.supports if s.name == support), None)
    values = ""
    if points is not None:
        values = "/".join(f"{v:+d}" for v in val(points.values))
        values = "+Captain's Ability" if points.kind == "captain" else values
    return f"Endeavour {endeavour}{marks}, Difficulty {difficulty} | Support {support} {values}"


def _joined(support: str) -> str:
    """The Endeavours ``support`` may join, in words (List of Support Cards)."""
    book = _book()
    if support not in {entry.name for entry in book.supports}:
        return "no Endeavour"
    index = book.support_index(support)
    if book.support_any[index]:
        return "any Endeavour"
    return ", ".join(sorted(book.support_with[index]))


def _usable(card: str, view: Mapping[str, Any]) -> str:
    """Whether the seat may play ``card`` now, and why not, from the view alone."""
    seat = view.get("seat")
    endeavour, support = halves(card)
    faction = view.get("factions", {}).get(seat, {})
    asked = str(view.get("asked") or "")
    window = view.get("supports_window")
    if view.get("to_move") is None:
        return "The game is over."
    if isinstance(window, Mapping) and window.get("to_answer") == seat:
        return (
            f"Supports round: you may play its Support ({support}) if it joins {window.get('for')}."
        )
    if asked.startswith(f"{seat}: play an Endeavour"):
        if faction.get("law_suit"):
            return "Your faction is under a Law Suit: no Endeavour this Turn; you may discard it."
        if endeavour in SUPREMACY_FIRST and not view.get("henry", {}).get("act_of_supremacy"):
            return f"{endeavour} waits for the Act of Supremacy; you may discard it."
        return "Your turn: you may play its Endeavour, or discard it."
    return "Not now: wait for your turn or for a Supports round to reach you."


def _marks(rest: str) -> str:
    """`` (Spy), Difficulty 3`` as ``Spy · Difficulty 3``."""
    words = rest.replace("(", "").replace(")", "").replace(",", " ·").split()
    return " ".join(words).replace("Spy Assigned", "Spy · Assigned").removeprefix("· ")


def _joins(support: str, endeavour: str) -> bool:
    """Whether ``support`` may be played on ``endeavour`` (its list, List of Support
    Cards), or on Henry's Matrimonial Contentment roll (Lady of the Bedchamber, Revulsion)."""
    book = _book()
    if support not in {entry.name for entry in book.supports}:
        return False
    index = book.support_index(support)
    if endeavour == CONTENTMENT:
        return book.supports[index].contentment
    return book.support_any[index] or endeavour in book.support_with[index]


def _hand_card(card: str, printed: str, now: str) -> tuple[str, list[Line], str, str]:
    """A court card as a card (A Court Card): the Endeavour on its title band, its marks
    and Difficulty, then the Support half: its Action Points and name."""
    endeavour_half, _, support_half = printed.partition(" | ")
    endeavour, support = halves(card)
    points = support_half.removeprefix(f"Support {support}").strip()
    lines = [
        Line(_marks(endeavour_half.removeprefix(f"Endeavour {endeavour}")), 13, fill="#444"),
        Line(f"Support · {points}", 13, fill="#1d3f6e"),
        Line(support, 14, "bold"),
    ]
    return endeavour, lines, f"{card_detail(card, printed)} {now}", card


def _yours(svg: Svg, y: float, view: Mapping[str, Any], you: Mapping[str, Any]) -> float:
    """The seat's hand of court cards and its face-down characters."""
    hand: Mapping[str, str] = you.get("hand", {})
    y = _section(svg, y, f"Your hand ({view.get('seat')}) · {plural(len(hand), 'court card')}")
    y -= 10
    cards = [_hand_card(card, printed, _usable(card, view)) for card, printed in hand.items()]
    if hand:
        y = court.cards_grid(svg, MARGIN, y, INNER, cards, columns=3, gap=GAP, shape_class="card")
    else:
        column = Column(svg, MARGIN, y + 16, INNER)
        column.write("no court cards")
        y = column.y
    down = list(you.get("face_down", []))
    if down:
        y = _section(svg, y, "Your face-down characters (only you know who)")
        y = _chips(svg, y - 12, down, _face_down_detail)
    return y


def _face_down_detail(text: str) -> str:
    """One of the seat's face-down characters: its printed numbers (Characters)."""
    name = text.split(" (", 1)[0]
    person = next((p for p in _book().people if p.name == name), None)
    if person is None:
        return text
    return (
        f"{text}: Influence {person.influence}, Ability {person.ability}, Guile "
        f"{person.guile}, religion {person.religion} (0 Catholic to 4 Protestant)."
    )


def _discards(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The discard pile, face up, each card with its details."""
    pile = list(view.get("discard_pile", []))
    y = _section(svg, y, f"Discard pile · {plural(len(pile), 'court card')}")
    if not pile:
        column = Column(svg, MARGIN, y + 4, INNER)
        column.write("empty")
        return column.y
    cards = [
        (halves(card)[0], [Line(halves(card)[1], 13)], card_detail(card), card) for card in pile
    ]
    return court.cards_grid(svg, MARGIN, y - 12, INNER, cards, columns=4, gap=8)


def _result(svg: Svg, y: float, result: Mapping[str, Any]) -> float:
    """The end: who won, why, and each faction's Influence."""
    winners = " and ".join(result.get("winners", [])) or "nobody"
    y = _section(svg, y, f"Winner: {winners}")
    column = Column(svg, MARGIN, y, INNER)
    reason = str(result.get("reason", ""))
    column.write(reason[:1].upper() + reason[1:], size=15)
    scores = result.get("scores", {})
    column.write("Influence: " + ", ".join(f"{s} {v}" for s, v in scores.items()))
    return column.y


def board_pieces(view: JsonDict) -> list[str]:
    """The board of ``view`` (any seat's, or a spectator's) as the pieces of its SVG
    document (``Svg.pieces``)."""
    svg = Svg(WIDTH, "Henry VIII")
    y = _heading(svg, view)
    result = view.get("result")
    if isinstance(result, Mapping):
        y = _result(svg, y - 10, result) + 10
    y = _top(svg, y, view) + GAP
    y = _in_play(svg, y, view) + GAP
    you = view.get("you")
    if isinstance(you, Mapping):
        y = _yours(svg, y - GAP, view, you) + GAP
    y = _factions(svg, y, view)
    y = _offices(svg, y - GAP, view)
    _discards(svg, y, view)
    return svg.pieces()


def board_svg(view: JsonDict) -> str:
    """The board of ``view`` (any seat's, or a spectator's) as an SVG document."""
    return "".join(board_pieces(view))
