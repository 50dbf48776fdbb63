"""The 1750: Britain vs. France board as SVG, drawn from a seat's view alone.

From the top: who is to act (and in whose turn, at which step), what is happening now (a
battle, a political objective attempt, a card being answered, a ransom offered), the
seat's own hand and secret objective, both sides' treasuries and holdings, a world map
(the pack's drawing data, ``data/map.toml``) with the four theaters, each colony marked
in line order in its controller's colour (Setup E2: neighbours in a line are adjacent),
and the High Seas with their units as pieces; then each theater's colonies in line order,
numbered as on the map, their units as pieces in their side's colour; the political
objectives mat, and the decks and discards.

Every card, unit, colony and objective carries its full details for hover and tap
(``svg.detailed``): what it does comes from the game's data pack, the same public card
texts the rules play by (RULINGS.md: the rulebook prints almost no card text, so the pack
holds them, each unprinted value marked as assumed). The board is 800 units wide and grows
downwards; every text is at least 13 units, so 12 px or more at a page 1,280 px wide.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from stratagem.core import JsonDict
from stratagem.games.britain_vs_france.effects import EXPORTS, STEP_WINDOWS, THEATERS, Effect
from stratagem.games.britain_vs_france.pack import DATA_DIR, Book, EventCard, load_book
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.render.layout import (
    MUTED,
    WIDE,
    Chip,
    Line,
    Look,
    Tile,
    banner,
    block,
    flow,
    grid,
    panel,
    section,
    turn_title,
    whose_move,
)
from stratagem.render.maps import MapFile, load_map, path_data, spaced
from stratagem.render.svg import INK, Svg, detailed

WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
GAP = 8
SIDES = ("Britain", "France")
COLOUR = {"Britain": "#a8322a", "France": "#24508f", None: "#6f6f6f"}
PALE = {"Britain": "#f7e0dc", "France": "#dde6f5", None: "#ecebe6"}
SIDE_LOOK = {side: Look(PALE[side], COLOUR[side], COLOUR[side] if side else INK) for side in COLOUR}
"""A chip's colours: in its side's colours, or grey and black for nobody's."""
PIECE_LOOK = {side: Look(COLOUR[side], "#222", "#fff") for side in SIDES}
"""A unit's piece: solid in its side's colour, lettered in white."""
MAP_FILE = DATA_DIR / "map.toml"
"""The drawn world map: drawing data in the game's pack, not rules."""
SEA, LAND, COAST = "#dbe8ef", "#ece6d4", "#b3a684"
LABEL_W = 150
"""A theater's label on the map wraps to this width (it must stay clear of the High Seas)."""

DRAWN = frozenset(
    {
        "game",
        "seat",
        "turn",
        "turns",
        "active",
        "step",
        "to_move",
        "window",
        "theaters",
        "control",
        "high_seas",
        "gold",
        "exports",
        "revenue_next",
        "political_objectives",
        "prisoners",
        "purchases",
        "in_play",
        "discard",
        "hand_sizes",
        "draw_deck",
        "purchase_deck",
        "unused_colonies",
        "battle",
        "political_attempt",
        "points_now_without_secret_objectives",
        "answering",
        "ransom_offer",
        "you",
        "result",
    }
)
"""The view's keys the board draws."""
DRAWN_PRIVATE = frozenset({"hand", "cards", "secret_objective", "prisoners_taken", "points_now"})
"""The keys of the seat's private part (``view["you"]``) the board draws."""
UNDRAWN: dict[str, str] = {}
"""View key -> why the board leaves it out (nothing: every key is drawn)."""

WINDOW_WORDS = {
    "turn_start": "the start of the turn",
    "leader_actions": "Leader Actions",
    "colony_roll": "a colony roll",
    "political_roll": "a political objective roll",
    "purchases": "Purchases",
    "movement": "Movement",
    "battle_roll": "a battle, before the dice",
    "battle_result": "a battle, after the dice",
    "place_purchases": "Place Purchases",
    "revenue": "Collect Revenue",
    "turn_end": "the end of the turn",
    "response": "the answer to a card just played",
}
"""The moments cards may be played (RULINGS.md, Response windows), in words."""


# -- the game's public texts ------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def book() -> Book:
    """The shipped data pack: the card, colony and objective texts the rules play by."""
    return load_book()


@functools.lru_cache(maxsize=1)
def _battle_types() -> dict[str, int]:
    return {label: kind for kind, label in enumerate(book().battle_labels)}


@functools.lru_cache(maxsize=1)
def _event_types() -> dict[str, int]:
    return {card.name: kind for kind, card in enumerate(book().event_types)}


def _unit_kind(label: str) -> int | None:
    """A battle card's type from its label (``British Regulars #2``)."""
    base = label.rsplit(" #", 1)[0] if " #" in label else label
    return _battle_types().get(base)


@functools.lru_cache(maxsize=256)
def unit_text(label: str) -> str:
    """What a battle deck card is and does (4) Purchases, 5) Movement, 6) Battles)."""
    kind = _unit_kind(label)
    if kind is None:
        return label
    b = book()
    card = b.battle_types[kind]
    parts = [f"{label}: {card.deck} battle deck card, costs {b.cost[kind]} gold."]
    if b.is_unit[kind]:
        parts.append(f"A unit: rolls one die in battle, {b.modifier[kind]:+d} to its roll.")
    else:
        parts.append("Not a unit: it rolls no die, and is destroyed if its colony falls.")
    if b.is_leader[kind]:
        parts.append("A leader: when destroyed it goes to the opponent's prison.")
    moves = {
        "yes": "moves one space a turn",
        "no": "never moves",
        "with_leader": "moves only with a leader",
    }
    parts.append(f"It {moves[b.moves[kind]]}.")
    if b.placement[kind] == "open_colony":
        parts.append("May also be placed at a colony nobody controls.")
    if b.battle_bonus[kind]:
        parts.append(
            f"Gives +{b.battle_bonus[kind]} to its side's units in a battle at its colony."
        )
    if b.income[kind]:
        parts.append(f"Gives {b.income[kind]} more gold at Collect Revenue.")
    if b.raid[kind]:
        raid = "; ".join(effect_words(effect) for effect in b.raid[kind])
        parts.append(f"Moved to an opponent's colony: {raid}.")
    return " ".join(parts)


@functools.lru_cache(maxsize=256)
def event_text(name: str) -> str:
    """A historic event's (or starting card's) options and timing, in words."""
    kind = _event_types().get(name)
    return f"{name}: " + (card_words(book().event_types[kind]) if kind is not None else "")


@functools.lru_cache(maxsize=64)
def colony_text(name: str) -> str:
    """A colony's fixed facts: theater, export, historical owner, its die roll."""
    b = book()
    if name not in b.colony_names:
        return name
    index = b.colony_names.index(name)
    colony = b.colonies[index]
    export = b.colony_export[index]
    text = (
        f"{name} ({colony.theater}), historically {colony.historical}'s; produces "
        f"{EXPORTS[export]}. Its controller scores 1 victory point at the end."
    )
    roll = b.colony_roll[index]
    if roll is not None:
        leader = "with a leader of yours here, " if roll.needs_leader else ""
        effects = "; ".join(effect_words(effect) for effect in roll.effects)
        text += f" Colony roll, once a turn: {leader}{roll.target}+ on a die gives: {effects}."
    return text


@functools.lru_cache(maxsize=16)
def objective_text(label: str) -> str:
    """A political objective's difficulty and benefits (3) Political Objective Attempt)."""
    b = book()
    base = label.rsplit(" #", 1)[0]
    kinds = [k for k, o in enumerate(b.political_types) if o.name == base]
    if not kinds:
        return label
    kind = kinds[0]
    exports = ", ".join(EXPORTS[e] for e in b.po_exports[kind]) or "no export"
    units = ", ".join(f"{n} {card}" for card, n in b.po_units[kind]) or "no unit"
    whom = {0: "Britain", 1: "France", 2: "whichever side holds it"}[b.po_units_for[kind]]
    return (
        f"{label}: difficulty {b.difficulty[kind]} (a die plus modifiers must reach it; a 1 "
        f"always fails). Gives {exports}, and {units} for {whom}. Its holder's marker can be "
        "taken by a successful attempt of the other side."
    )


@functools.lru_cache(maxsize=16)
def secret_text(name: str) -> str:
    """A secret objective's scoring, in words (Setup I: scored once)."""
    for secret in book().secrets:
        if secret.name == name:
            scores = "; ".join(effect_words(effect) for effect in secret.effects)
            return f"{name}: {scores}. Scored once, at the end of the game."
    return name


PLACES = {
    "own_colony": "at a colony you control",
    "open_colony": "at a colony you or nobody controls",
    "high_seas": "on the High Seas",
    "battle": "into the battle being fought",
    "here": "at this colony",
}
COUNTS = {
    "colonies": "colonies controlled",
    "theaters": "theaters where you control a colony",
    "prisoners": "prisoners held",
    "objectives": "political objectives held",
    "export_kinds": "different exports",
    "exports": "export cards",
    "gold": "gold in the treasury",
    "high_seas_units": "units on the High Seas",
}
"""Words for the effect vocabulary's places and end-of-game counts (RULINGS.md)."""


def _whose(who: str) -> str:
    return "you" if who == "self" else "the opponent"


def _condition(condition: Mapping[str, Any]) -> str:
    kind = condition["kind"]
    if kind == "always":
        return ""
    if kind == "colonies_in_theater":
        return f" if you control {condition['at_least']}+ colonies in {condition['theater']}"
    return f" if you have {condition['at_least']}+ {COUNTS.get(kind, kind)}"


EFFECT_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "modify_roll": lambda d: (
        f"{d['amount']:+d} to {'your' if d['target'] == 'self' else 'the opponent' + chr(39) + 's'}"
        f" {d['roll']} roll"
    ),
    "gold": lambda d: (
        f"{_whose(d['who'])} {'gain' if d['amount'] > 0 else 'lose'} {abs(d['amount'])} gold"
    ),
    "export": lambda d: (
        f"{_whose(d['who'])} {'gain' if d['amount'] > 0 else 'lose'} "
        f"{abs(d['amount'])} {d['export']}"
    ),
    "place_unit": lambda d: f"a free {d['card']} {PLACES.get(d['where'], d['where'])}",
    "destroy_unit": lambda d: (
        "destroy an opponent's unit "
        + ("in the battle" if d["where"] == "battle" else "anywhere")
        + (" (a leader too)" if d["leaders"] else " (not a leader)")
    ),
    "capture_leader": lambda d: (
        "put an opponent's leader "
        + ("in the battle" if d["where"] == "battle" else "anywhere")
        + " into your prison"
    ),
    "take_control": lambda d: (
        "take control of a colony nobody controls and the opponent has no unit at"
    ),
    "remove_control": lambda d: "remove the opponent's control of a colony where they have no unit",
    "draw_events": lambda d: f"draw {d['count']} historic event(s) from the purchase deck",
    "destroy_card": lambda d: (
        "destroy an opponent's "
        + {"event": "event in play", "non_unit": "non-unit battle card", "any": "card in play"}[
            d["kind"]
        ]
    ),
    "cancel": lambda d: "cancel the card the opponent has just played",
    "move_unit": lambda d: "move one of your units one space",
    "add_colony": lambda d: f"add an unused {d['theater']} colony at an end of its line",
    "income": lambda d: f"{d['amount']} more gold at each Collect Revenue",
    "roll_bonus": lambda d: f"{d['amount']:+d} to each of your {d['roll']} rolls",
    "score": lambda d: f"{d['points']} victory point(s) at the end{_condition(d['condition'])}",
}
"""Each effect primitive in words (RULINGS.md, The effect vocabulary)."""


def effect_words(effect: Effect) -> str:
    """One effect of a card, colony roll or objective, in words."""
    data = effect.model_dump()
    return EFFECT_WORDS[data["op"]](data)


def card_words(card: EventCard) -> str:
    """What a historic event (or starting card) does: each option, "OR" between them."""
    options = []
    for option in card.option:
        effects = "; ".join(effect_words(effect) for effect in option.effects)
        options.append(f"{option.label}: {effects}" if option.label else effects)
    return " OR ".join(options) + (". Stays in play" if card.stays_in_play else "") + "."


# -- the board's parts ------------------------------------------------------------------------


def _possessive(side: object) -> str:
    return f"{side}'s"


def _heading(svg: Svg, view: Mapping[str, Any]) -> float:
    """Who acts now (never contradicting ``to_move``), then the turn and step."""
    seat, mover, active = view.get("seat"), view.get("to_move"), view.get("active")
    step = str(view.get("step", ""))
    if step.startswith("Setup"):
        where = f"Setting up: {step}"
    else:
        turn = f"Turn {view.get('turn')} of {view.get('turns')}"
        where = f"{turn}, {_possessive(active)} turn: {step}"
        if mover not in (None, "chance", active):
            where += f" ({mover} answers)"
    lines = [Line(where, 15)]
    window = view.get("window")
    if window:
        lines.append(
            Line(f"Cards may be played now: {WINDOW_WORDS.get(window, window)}.", 14, fill=MUTED)
        )
    return 6 + banner(
        svg,
        MARGIN,
        INNER,
        "1750: Britain vs. France",
        corner=f"you play {seat}" if seat else "",
        corner_fill=COLOUR.get(seat, INK),
        now=whose_move(view, "The dice or the deck decide next", "{} to act (you)", "{} to act"),
        now_fill=INK if mover in (None, "chance") else COLOUR.get(mover, INK),
        lines=lines,
    )


def _now(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """What is under way: a battle, an attempt, a card being answered, a ransom offer."""
    lines: list[Line] = []
    if view.get("answering"):
        lines.append(Line(f"Answering {view['answering']}: it may be cancelled now.", 14, "bold"))
    if view.get("ransom_offer"):
        lines.append(Line(f"Ransom offered: {view['ransom_offer']}.", 14, "bold"))
    attempt = view.get("political_attempt")
    if attempt:
        lines.append(
            Line(
                f"{_possessive(view.get('active'))} attempt at {attempt['objective']}: "
                f"difficulty {attempt['difficulty']}; gold boost +{attempt['gold boost']}, "
                f"cards {attempt['card modifiers']:+d}, "
                f"counter-diplomacy -{attempt['counter-diplomacy']}.",
                14,
            )
        )
    battle = view.get("battle")
    if battle:
        lines.extend(_battle_lines(battle))
    if not lines:
        return y
    return y + panel(svg, MARGIN, y, INNER, lines, fill="#fff6d6", stroke="#c9a640") + 10


def _battle_lines(battle: Mapping[str, Any]) -> list[Line]:
    """A battle under way (6) Battles): where, who attacks, the stage, every pairing."""
    mods = ", ".join(f"{side} {n:+d}" for side, n in battle.get("card modifiers", {}).items())
    lines = [
        Line(
            f"Battle at {battle['location']}: {battle['attacker']} attacks; {battle['stage']}. "
            f"Card modifiers: {mods}.",
            14,
            "bold",
        )
    ]
    for number, pairing in enumerate(battle.get("pairings", []), start=1):
        scores = pairing.get("scores", {})

        def named(units: Iterable[str], scores: Mapping[str, int] = scores) -> str:
            return ", ".join(f"{u} ({scores[u]})" if u in scores else u for u in units)

        lines.append(
            Line(
                f"Pairing {number}: {named(pairing['attackers'])} "
                f"against {named(pairing['defenders'])}",
                14,
            )
        )
    return lines


def _card_timing(name: str, view: Mapping[str, Any]) -> str:
    """Whether the seat's card fits the moment (RULINGS.md, Response windows)."""
    kind = _event_types().get(name)
    window, seat = view.get("window"), view.get("seat")
    if kind is None:
        return ""
    if not window:
        return "No window for cards is open at this moment."
    mine = view.get("active") == seat
    for option in book().event_types[kind].option:
        turn_ok = option.during == "any" or (option.during == "own_turn") == mine
        if window in option.windows and turn_ok:
            if view.get("to_move") == seat:
                return "It fits this moment: you may play it now, if its effect has a target."
            return "It fits this moment, once your answer is asked."
    return f"Not now: the open moment is {WINDOW_WORDS.get(window, window)}."


def _when(name: str) -> str:
    kind = _event_types().get(name)
    if kind is None:
        return ""
    moments: list[str] = []
    for option in book().event_types[kind].option:
        if set(option.windows) == set(STEP_WINDOWS):
            moments.append("the start of any step")
        else:
            moments.extend(WINDOW_WORDS.get(w, w) for w in option.windows)
    return "Played at: " + ", ".join(dict.fromkeys(moments)) + "."


def _hand(you: Mapping[str, Any], view: Mapping[str, Any]) -> list[Tile]:
    """The seat's cards (Setup H: the hand is secret), each with what it does: the pack's
    words, or the view's own text for a card the shipped pack does not know."""
    texts: Mapping[str, str] = you.get("cards", {})
    tiles = []
    for entry in you.get("hand", []):
        name, _, copies = entry.partition(" x")
        known = name in _event_types()
        body = (
            card_words(book().event_types[_event_types()[name]]) if known else texts.get(name, "")
        )
        title = name + (f" (x{copies})" if copies else "")
        detail = f"{name}: {body} {_when(name)} {_card_timing(name, view)}".strip()
        tiles.append(Tile(title, body, detail, name))
    return tiles


def _yours(svg: Svg, y: float, view: Mapping[str, Any], you: Mapping[str, Any]) -> float:
    """The seat's hand, secret objective and points (Setup H and I)."""
    note = (
        f"points now {you.get('points_now')} with your secret objective; "
        f"prisoners taken {you.get('prisoners_taken')}"
    )
    y = section(svg, MARGIN, y, INNER, "Your hand", note=note)
    tiles = _hand(you, view)
    if not tiles:
        svg.text(MARGIN, y + 16, "Your hand is empty.", size=14, fill=MUTED)
        y += 26
    y = grid(svg, MARGIN, y, INNER, tiles, columns=3)
    secret = you.get("secret_objective")
    if secret:
        about = secret_text(secret)
        tile = Tile(f"Your secret objective: {secret}", about, about, secret)
        y = grid(svg, MARGIN, y, INNER, [tile], columns=1)
    return y


def _unit_chips(labels: Iterable[str], side: str) -> list[Chip]:
    """Units as pieces in their side's colour."""
    return [Chip(label, unit_text(label), label, PIECE_LOOK[side]) for label in labels]


def _event_chips(names: Iterable[str], side: str | None = None) -> list[Chip]:
    return [Chip(name, event_text(name), name, SIDE_LOOK[side]) for name in names]


def _side_column(
    x: float, y: float, width: float, side: str, view: Mapping[str, Any]
) -> tuple[str, float]:
    """One side's treasury, holdings, prisoners, purchases and cards in play."""
    exports: Mapping[str, int] = view["exports"][side]
    colonies = view["control"][side]
    mark = " (you)" if view.get("seat") == side else ""
    points = view["points_now_without_secret_objectives"][side]
    lines = [
        Line(side + mark, 17, "bold", COLOUR[side]),
        Line(
            f"Gold {view['gold'][side]}, next revenue {view['revenue_next'][side]}; "
            f"{view['hand_sizes'][side]} cards in hand",
            14,
        ),
        Line(f"Points now {points} (no secret objective counted)", 14),
        Line(f"Colonies ({len(colonies)}): " + ("; ".join(colonies) or "none"), 14),
        Line("Exports: " + (", ".join(f"{k} {n}" for k, n in exports.items()) or "none"), 14),
    ]
    parts, height = block(x, y, width, lines)
    out = [parts]
    top = y + height
    groups = (
        (
            "Prisoners held",
            _unit_chips(view["prisoners"][side], "Britain" if side == "France" else "France"),
        ),
        ("Purchases to place", _unit_chips(view["purchases"][side], side)),
        ("Events in play", _event_chips(view["in_play"][side], side)),
    )
    for title, chips in groups:
        drawn, h = block(
            x, top + 2, width, [Line(f"{title}:" + ("" if chips else " none"), 14, fill=MUTED)]
        )
        out.append(drawn)
        top += h + 4
        drawn, h = flow(x, top, width, chips)
        out.append(drawn)
        top += h + (4 if chips else 0)
    return "".join(out), top - y


def _sides(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """Both sides, side by side."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Treasuries and holdings",
        note="a set of 3 different exports gives 1 gold at Collect Revenue",
    )
    width = (INNER - 2 * GAP) / 2
    bottom = y
    for column, side in enumerate(SIDES):
        x = MARGIN + column * (width + 2 * GAP)
        drawn, height = _side_column(x + 8, y + 6, width - 16, side, view)
        svg.rect(x, y, width, height + 16, fill=PALE[side], stroke=COLOUR[side], radius=6)
        svg.add(drawn, y + height)
        bottom = max(bottom, y + height + 16)
    return bottom + GAP


def _colony(
    where: tuple[float, float, float], name: str, line: str, neighbours: str, number: int
) -> tuple[str, str, float]:
    """A colony card at ``where`` (x, y, width): name, export, control marker, and its
    units as chips. Returns the card, the chips (drawn over it, outside its group, so that
    each keeps its own details) and the height."""
    x, y, w = where
    entry = read_colony_line(line)
    control = entry["control"]
    lines = [
        Line(name, 15, "bold"),
        Line(f"Export: {entry['export']}", 13, fill="#6b4f1d"),
        Line("Controlled by " + (control or "nobody"), 13, "bold", COLOUR[control]),
    ]
    text, height = block(x + 8, y + 4, w - 44, lines)
    units = [c for side in SIDES for c in _unit_chips(entry["units"].get(side, []), side)]
    chips, chips_height = flow(x + 8, y + height + 10, w - 16, units)
    total = height + 14 + (chips_height + 6 if units else 0)
    here = "; ".join(
        f"{side}: {', '.join(entry['units'][side])}" for side in SIDES if entry["units"].get(side)
    )
    detail = (
        f"{colony_text(name)} Now controlled by {control or 'nobody'}. "
        f"Adjacent: {neighbours or 'no colony'}, and the High Seas. "
        + (f"Units here: {here}." if here else "No units here.")
    )
    face = Svg(WIDTH, "")
    face.rect(x, y, w, total, fill="#fffdf5", stroke=COLOUR[control], radius=6)
    face.add(_marker(x + w - 20, y + 18, number, control), y)
    return detailed("".join(face.parts) + text, detail, name=name), chips, total


def _pips(x: float, y: float, units: Sequence[tuple[str, str]]) -> str:
    """A colony's units as small pieces in their side's colours, in a row under its
    marker at (``x``, ``y``)."""
    left = x - 4 * len(units) + 1
    return "".join(
        f'<rect x="{left + 8 * index:g}" y="{y + 14:g}" width="6" height="6" '
        f'fill="{COLOUR[side]}" stroke="#222" stroke-width="0.5"/>'
        for index, (side, _) in enumerate(units)
    )


def _marker(x: float, y: float, number: int, control: str | None) -> str:
    """A colony's control marker, numbered with its place in its theater's line."""
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="11" fill="{COLOUR[control]}" stroke="#222"/>'
        f'<text x="{x:g}" y="{y + 4.5:g}" font-size="13" font-weight="bold" fill="#fff" '
        f'text-anchor="middle">{number}</text>'
    )


def _theater(svg: Svg, y: float, theater: str, colonies: Mapping[str, str]) -> float:
    """A theater's colonies, in line order (numbered as on the map), four to a row at
    most, each joined to the next."""
    y = section(
        svg, MARGIN, y, INNER, theater, note="colonies in line order: neighbours are adjacent"
    )
    names = list(colonies)
    columns = max(1, min(4, len(names)))
    width = (INNER - GAP * (columns - 1)) / columns
    for start in range(0, len(names), columns):
        row: list[tuple[str, str, float]] = []
        for column, name in enumerate(names[start : start + columns]):
            index = start + column
            near = [names[i] for i in (index - 1, index + 1) if 0 <= i < len(names)]
            row.append(
                _colony(
                    (MARGIN + column * (width + GAP), y, width),
                    name,
                    colonies[name],
                    " and ".join(near),
                    index + 1,
                )
            )
        tallest = max(height for _, _, height in row)
        for column in range(1, len(row)):
            left = MARGIN + column * (width + GAP)
            svg.add(
                f'<path d="M{left - GAP:g},{y + 18:g} h{GAP:g}" stroke="#6b4f1d" '
                'stroke-width="3"/>',
                y,
            )
        for card, chips, height in row:
            svg.add(card + chips, y + height)
        y += tallest + GAP
    return y


def world() -> MapFile:
    """The world map the board draws (the pack's ``map.toml``)."""
    return load_map(MAP_FILE)


@functools.lru_cache(maxsize=1)
def _scenery() -> str:
    """The oceans, the lands and the inland seas, at the map's corner."""
    book = world()
    lands = path_data(shape for land in book.other for shape in land.shapes)
    seas = path_data(shape for sea in book.sea for shape in sea.shapes)
    return (
        f'<path d="{lands}" fill="{LAND}" stroke="{COAST}" stroke-linejoin="round"/>'
        f'<path d="{seas}" fill="{SEA}" stroke="{COAST}"/>'
    )


def _label(x: float, y: float, theater: str, colonies: Mapping[str, str]) -> str:
    """A theater's name on the map, how many of its colonies each side controls, and how
    many nobody does."""
    held = [read_colony_line(line)["control"] for line in colonies.values()]
    sides = ", ".join(f"{side} {held.count(side)}" for side in SIDES if side in held)
    rows = [row for row in (sides, f"open {held.count(None)}" if None in held else "") if row]
    lines = [Line(theater, 14, "bold")] + [Line(row, 13) for row in rows or ["no colony yet"]]
    text, height = block(x + 6, y + 2, LABEL_W, lines)
    width = max(WIDE.width(line.text, line.size, line.weight) for line in lines) + 12
    box = (
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height + 8:g}" rx="5" '
        'fill="#fffdf5" fill-opacity="0.9" stroke="#6b4f1d"/>'
    )
    return box + text


def _world(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The world map: the four theaters, each colony marked in line order along its
    coast in its controller's colour (Setup E2), and the High Seas with its units as
    pieces (Setup E3)."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "The world",
        note="colonies numbered in line order; the High Seas are one space from every colony",
        note_below=True,
    )
    book = world()
    parts = [_scenery()]
    regions = book.regions()
    for theater in THEATERS:
        colonies: Mapping[str, str] = view["theaters"].get(theater, {})
        region = regions.get(theater)
        if region is None:
            continue
        marks = spaced(region.line, len(colonies))
        if len(marks) > 1:
            chain = " L".join(f"{px:g},{py:g}" for px, py in marks)
            parts.append(f'<path d="M{chain}" fill="none" stroke="#6b4f1d" stroke-width="2"/>')
        for number, ((px, py), (name, line)) in enumerate(
            zip(marks, colonies.items(), strict=True), start=1
        ):
            entry = read_colony_line(line)
            control = entry["control"]
            units = [(side, unit) for side in SIDES for unit in entry["units"].get(side, [])]
            here = "; ".join(f"{unit} ({side})" for side, unit in units) or "no units"
            detail = f"{number}. {name} ({theater}): controlled by {control or 'nobody'}; {here}."
            parts.append(detailed(_marker(px, py, number, control) + _pips(px, py, units), detail))
        parts.append(_label(region.label[0], region.label[1], theater, colonies))
    height = book.height
    seas = book.frame("High Seas")
    units = view["high_seas"]
    chips = [c for side in SIDES for c in _unit_chips(units.get(side, []), side)]
    (bx, by), bw = seas.corner, seas.width
    title, top = block(bx + 8, by + 4, bw - 16, [Line("High Seas", 14, "bold")])
    if chips:
        drawn, tall = flow(bx + 8, by + top + 8, bw - 16, chips)
    else:
        drawn, tall = block(
            bx + 8, by + top + 6, bw - 16, [Line("No units at sea.", 13, fill=MUTED)]
        )
    box_h = top + tall + 16
    parts.append(
        f'<rect x="{bx:g}" y="{by:g}" width="{bw:g}" height="{box_h:g}" rx="6" '
        f'fill="#e3eef7" fill-opacity="0.92" stroke="#3b6e96" stroke-width="2"/>' + title + drawn
    )
    height = max(height, by + box_h + 8)
    frame = (
        f'<rect width="{book.width:g}" height="{height:g}" rx="8" fill="{SEA}" stroke="#9fb6c3"/>'
    )
    svg.group(f'<g transform="translate({MARGIN} {y:g})">', [frame, *parts], y + height)
    return y + height + GAP + 4


def _objectives(svg: Svg, y: float, held: Mapping[str, Any]) -> float:
    """The political objectives mat: every objective, in its holder's colour."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Political objectives",
        note=f"{held.get('open')} not yet taken; one attempt a turn, at step 3",
    )
    owner = {label: side for side in SIDES for label in held.get(side, [])}
    chips = [
        Chip(
            label + (f" ({owner[label]})" if label in owner else ""),
            objective_text(label) + f" Held by {owner.get(label, 'nobody')}.",
            label,
            SIDE_LOOK[owner.get(label)],
        )
        for label in book().political_labels
    ]
    drawn, height = flow(MARGIN, y, INNER, chips)
    svg.add(drawn, y + height)
    return y + height + GAP


def _decks(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The decks, the unused colonies and the discard pile."""
    y = section(svg, MARGIN, y, INNER, "Decks and discards")
    drawn, height = block(
        MARGIN,
        y,
        INNER,
        [
            Line(
                f"Draw deck (face down) {view['draw_deck']}; historic events for purchase "
                f"{view['purchase_deck']}; unused colonies {view['unused_colonies']}.",
                14,
            ),
            Line("Discard pile:" + ("" if view["discard"] else " empty"), 14, fill=MUTED),
        ],
    )
    svg.add(drawn, y + height)
    y += height + 4
    chips, h = flow(MARGIN, y, INNER, _event_chips(view["discard"]))
    svg.add(chips, y + h)
    return y + h + GAP


def _result(svg: Svg, y: float, result: Mapping[str, Any]) -> float:
    """The final score and how it was decided (Ending the Game)."""
    lines = [Line(str(result.get("reason", "The game is over.")), 16, "bold")]
    for side, parts in result.get("breakdown", {}).items():
        lines.append(
            Line(
                f"{side}: " + ", ".join(f"{k} {n}" for k, n in parts.items()),
                14,
                fill=COLOUR.get(side, INK),
            )
        )
    box = panel(svg, MARGIN, y, INNER, lines, fill="#eef7e4", stroke="#4f7a2a", pad=16)
    return y + box + 10


def board_pieces(view: JsonDict) -> list[str]:
    """The board, from ``view(seat)`` or ``view(None)``, as the pieces of its SVG
    document (``Svg.pieces``)."""
    svg = Svg(WIDTH, _title(view))
    y = _heading(svg, view)
    if view.get("result"):
        y = _result(svg, y, view["result"])
    y = _now(svg, y, view)
    you = view.get("you")
    if isinstance(you, Mapping):
        y = _yours(svg, y, view, you)
    y = _sides(svg, y, view)
    y = _world(svg, y, view)
    for theater in THEATERS:
        if theater in view["theaters"]:
            y = _theater(svg, y, theater, view["theaters"][theater])
    y = _objectives(svg, y, view["political_objectives"])
    _decks(svg, y, view)
    return svg.pieces()


def board_svg(view: JsonDict) -> str:
    """The board as an SVG document (a string), from ``view(seat)`` or ``view(None)``."""
    return "".join(board_pieces(view))


def _title(view: Mapping[str, Any]) -> str:
    return turn_title("1750: Britain vs. France", view)
