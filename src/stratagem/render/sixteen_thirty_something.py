"""The Sixteen Thirty Something board as SVG, drawn from a view alone.

From the top: who is to act and what they decide, what is under way (a trade, a vote, a
card owed) and the last vote and war; the seat's own hand and Victory Point Counters; a
drawn map of Europe (the pack's drawing data, ``data/map.toml``) with each of the nine
countries in its place, in its faction's colours, carrying a card of its Status, Army
Size, Military Ability, Military Leaders, Unrest and every player's votes there, the cards
joined by every border of the Adjacent Countries Table, with a legend; then every player's
display of Influence Cards, and the deck and discards.

Every country, card and pile carries its full details for hover and tap
(``svg.detailed``), in the rulebook's terms (The Special Cards, 5. The Vote, Resolving a
War). The board is 800 units wide and grows downwards; every text is at least 13 units,
so 12 px or more at a page 1,280 px wide. Only the view is read, so nothing its seat may
not know is drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from stratagem.core import JsonDict
from stratagem.games.sixteen_thirty_something.pack import DATA_DIR, load_book
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
from stratagem.render.maps import Box, MapFile, load_map, path_data, settle
from stratagem.render.svg import INK, Svg, detailed

WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
GAP = 8

FILL = {"red": "#f2c4c0", "blue": "#c9d7f2", "neutral": "#e6e3da"}
STROKE = {"red": "#a8322a", "blue": "#24508f", "neutral": "#7a7a7a"}
FACTION_WORDS = {"red": "Red faction", "blue": "Blue faction", "neutral": "Neutral"}
STYLES = {
    "ascendant": Look("#eef6e6", "#4f7a2a"),
    "descendant": Look("#f7ece0", "#9a5b1c"),
    "card": Look("#fffdf5", "#8a7440"),
    "plain": Look("#ecebe6", "#7a7a7a"),
}
"""Chip looks: fill, stroke and text colour."""

CARD_W = 132
"""A country's card on the map: its counters, in its faction's colours."""
PAD = 8
MAP_FILE = DATA_DIR / "map.toml"
"""The drawn map of Europe: drawing data in the game's pack, not rules."""
SEA, LAND, COAST = "#dbe8ef", "#ece6d4", "#b3a684"
BORDER = 'stroke="#8c7a52" stroke-width="3"'
"""How a border of the Adjacent Countries Table is drawn (the legend's samples too)."""
PRINTED_ROWS = ("England", "France")
"""The Adjacent Countries Table prints only these two rows: a border touching neither is
the game's reading of the map (RULINGS.md R2), since the rulebook is silent there."""

SPECIALS = {
    "Vote": "call an extra vote in one country at once, under all the usual voting rules",
    "Military Improvement": "raise one country's Military Ability by 1",
    "Increase Army Size": "raise one country's Army Size by 1",
    "Increase Status": "raise one country's Status by 1 (7 is the most)",
    "Military Leader": "put a Military Leader on one country: +2 to its combat dice total "
    "until the end of the turn",
    "Assassin": "discard one Influence Card from any pile on the table, ascendant or "
    "descendant, your own included",
    "Unrest": "put Unrest on one country until the end of the turn: the players with the "
    "most influence there turn their pile descendant (or lose a card from it if it already "
    "is); the country cannot declare war and fights at -1",
}
"""The Special Cards (The Special Cards), in words."""
SPECIALS_SHORT = {
    "Vote": "an extra vote in one country, at once",
    "Military Improvement": "+1 Military Ability to a country",
    "Increase Army Size": "+1 Army Size to a country",
    "Increase Status": "+1 Status to a country (7 at most)",
    "Military Leader": "+2 in combat to a country, this turn",
    "Assassin": "discard any one Influence Card on the table",
    "Unrest": "set back a country's top influencers; it cannot attack, -1 in combat",
}
"""The same, short enough for a card in the hand."""

DRAWN = frozenset(
    {
        "game",
        "seat",
        "turn",
        "turns",
        "phase",
        "to_move",
        "decision",
        "first_player",
        "countries",
        "displays",
        "victory_points",
        "cards_in_hand",
        "counters_held",
        "deck",
        "discard",
        "special_cards_played",
        "last_vote",
        "last_war",
        "card_owed",
        "trade",
        "vote",
        "you",
        "result",
    }
)
"""The view's keys the board draws."""
DRAWN_PRIVATE = frozenset(
    {"hand", "victory_point_counters", "points_if_scored_now", "your_offer", "your_vote"}
)
"""The keys of the seat's private part (``view["you"]``) the board draws."""
UNDRAWN: dict[str, str] = {}
"""View key -> why the board leaves it out (nothing: every key is drawn)."""


# -- the game's public facts ------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def borders() -> tuple[tuple[str, str, bool], ...]:
    """Every adjacent pair of the game's Adjacent Countries Table, and whether the
    rulebook prints it (the England and France rows) or is silent (RULINGS.md R2)."""
    book = load_book()
    names = book.countries
    pairs = []
    for a, first in enumerate(names):
        for b in range(a + 1, len(names)):
            if book.adjacent[a][b]:
                second = names[b]
                pairs.append((first, second, first in PRINTED_ROWS or second in PRINTED_ROWS))
    return tuple(pairs)


@functools.lru_cache(maxsize=16)
def neighbours(country: str) -> str:
    """A country's adjacent countries in words, the unprinted ones marked."""
    near = []
    for a, b, printed in borders():
        if country in (a, b):
            other = b if a == country else a
            near.append(other if printed else f"{other} (not printed)")
    return ", ".join(near) or "none"


@functools.lru_cache(maxsize=1)
def _kinds() -> dict[str, tuple[str, int]]:
    """Card name -> (country or "Open" or "", votes) for every Influence Card kind."""
    book = load_book()
    kinds: dict[str, tuple[str, int]] = {}
    for kind, name in enumerate(book.kind_names):
        if book.kind_special[kind] < 0:
            country = (
                book.countries[book.kind_country[kind]] if book.kind_country[kind] >= 0 else "Open"
            )
            kinds[name] = (country, book.kind_value[kind])
    return kinds


def card_short(name: str) -> str:
    """What a Player Card does, in a few words."""
    if name in SPECIALS_SHORT:
        return f"Special: {SPECIALS_SHORT[name]}."
    country, votes = _kinds().get(name, ("", 0))
    where = "any country's pile" if country == "Open" else country
    return f"{votes} vote(s) in {where}." if country else name


def card_about(name: str) -> str:
    """What a Player Card does (More about Influence Cards, Open Cards, The Special
    Cards)."""
    if name in SPECIALS:
        return f"Special Card: {SPECIALS[name]}."
    country, votes = _kinds().get(name, ("", 0))
    if country == "Open":
        return (
            f"Influence Card: {votes} vote(s) in any country, on a pile that already holds "
            "a named card of that country."
        )
    if country:
        return f"Influence Card: {votes} vote(s) in {country}."
    return name


def _card_now(name: str, view: Mapping[str, Any]) -> str:
    """Whether the seat can use its card now, and if not, when (4. Playing Special Cards,
    Placing Influence Cards)."""
    seat, phase = view.get("seat"), str(view.get("phase", ""))
    acting = view.get("to_move") == seat
    if name in SPECIALS:
        if acting and phase == "4. Playing Special Cards":
            left = 2 - int(view.get("special_cards_played", 0))
            return f"You may play it now ({left} more Special Card(s) this turn)."
        return "Not now: Special Cards are played in phase 4 of your own turn, two at most."
    country, _ = _kinds().get(name, ("", 0))
    vote = view.get("vote") or {}
    pile = view.get("displays", {}).get(seat, {}).get(country)
    if pile and pile.get("state") == "descendant":
        return f"Your {country} pile is descendant: no card can join it until it is gone."
    placing = "place Influence Cards" in phase or "placing Influence Cards" in phase
    if acting and placing and (country in ("Open", vote.get("country")) or not vote):
        return "You may place it now."
    return (
        "Placed when a vote is called in its country (by the caller before the call, by "
        "the others after it)."
    )


def country_detail(name: str, facts: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A country's counters, what they mean in war, who may attack it, and its borders
    (The Counters, Voting for War, Resolving a War)."""
    faction = str(facts.get("faction", "neutral"))
    leaders, unrest = int(facts.get("leaders", 0)), int(facts.get("unrest", 0))
    status, army, ability = facts.get("status"), facts.get("army"), facts.get("ability")
    combat = int(ability or 0) + 2 * leaders - (1 if army == 0 else 0) - (1 if unrest else 0)
    parts = [
        f"{name}: {FACTION_WORDS.get(faction, faction)}; Status {status} (0-7), Army Size "
        f"{army}, Military Ability {ability}.",
        f"Combat modifier now {combat:+d} (Military Ability, +2 a Military Leader, -1 at "
        "Army Size 0, -1 in Unrest).",
    ]
    if leaders:
        parts.append(f"Military Leaders: {leaders}, removed at the end of the turn.")
    if unrest:
        parts.append("In Unrest: it cannot declare war until the end of the turn.")
    if faction == "neutral":
        parts.append(
            "Neutral: a vote here decides whether it joins red or blue; it can neither "
            "attack nor be attacked."
        )
    elif isinstance(status, int) and status <= 1:
        parts.append(
            "At Status 1 or less, only an adjacent country of the other faction may attack it."
        )
    else:
        parts.append("Any country of the other faction may attack it.")
    if name in ("England", "Sweden"):
        parts.append("Attacked at Status 1 or 0 it gets +1 (defence across water).")
    parts.append(f"Adjacent: {neighbours(name)}.")
    parts.append(
        "Counter holders score the lower of its Status and their votes here "
        f"({_votes_here(name, view)})."
    )
    return " ".join(parts)


def _votes_here(country: str, view: Mapping[str, Any]) -> str:
    held = [
        f"{seat} {piles[country]['votes']}"
        for seat, piles in view.get("displays", {}).items()
        if country in piles
    ]
    return "votes: " + (", ".join(held) if held else "nobody has a pile")


# -- the board's parts ------------------------------------------------------------------------


def _heading(svg: Svg, view: Mapping[str, Any]) -> float:
    """Who acts now and what they decide (from ``to_move`` and ``decision``), then the
    turn, the phase and the 1st player."""
    seat, mover = view.get("seat"), view.get("to_move")
    first = view.get("first_player")
    lines = [
        Line(
            f"Turn {view.get('turn')} of {view.get('turns')}: {view.get('phase')}"
            + (f"; 1st player {first}" if first else "")
            + f"; Special Cards played this turn {view.get('special_cards_played', 0)} of 2",
            15,
        )
    ]
    if view.get("decision"):
        lines.append(Line(f"Now: {view['decision']}.", 14, fill=MUTED))
    return 8 + banner(
        svg,
        MARGIN,
        INNER,
        "Sixteen Thirty Something",
        corner=f"you are {seat}" if seat else "",
        now=whose_move(view, "The deck or the dice decide next", "{} to act (you)", "{} to act"),
        now_fill="#6b2f10" if mover == seat else INK,
        lines=lines,
    )


def _under_way(view: Mapping[str, Any]) -> list[Line]:
    """A trade, a vote or an owed card in progress (3. Trading Cards, 5. The Vote)."""
    lines: list[Line] = []
    trade = view.get("trade")
    if trade:
        asks = ", ".join(trade.get("asks_for", [])) or "nothing named yet"
        lines.append(Line(f"Trade: {trade['trader']} asks for {asks}.", 14, "bold"))
        for who, offer in trade.get("offers", {}).items():
            lines.append(Line(f"{who} offers (types only): {', '.join(offer)}", 14))
    vote = view.get("vote")
    if vote:
        how = " with a Vote card" if vote.get("by_vote_card") else ""
        place = vote.get("country") or "a country not yet chosen"
        lines.append(Line(f"Vote in {place}, called by {vote['caller']}{how}.", 14, "bold"))
        if vote.get("issue"):
            lines.append(Line(f"Issue: {vote['issue']} Counters: {vote.get('counter_sides')}.", 14))
        if "voters" in vote:
            down = ", ".join(vote.get("counters_down", [])) or "nobody yet"
            lines.append(Line(f"Voting: {', '.join(vote['voters'])}; counters laid: {down}.", 14))
    owed = view.get("card_owed")
    if owed:
        lines.append(
            Line(f"{owed['seat']} must remove a card from the {owed['country']} pile.", 14, "bold")
        )
    return lines


def _last(view: Mapping[str, Any]) -> list[Line]:
    """The last vote and the last war, once revealed (Adding up the Votes, Resolving a
    War)."""
    lines: list[Line] = []
    vote = view.get("last_vote")
    if vote:
        target = f" on {vote['target']}" if vote.get("target") else ""
        totals = ", ".join(f"{side} {n}" for side, n in vote.get("totals", {}).items())
        cast = ", ".join(f"{who} {side}" for who, side in vote.get("votes", {}).items())
        lines.append(
            Line(
                f"Last vote: {vote['country']}, {vote['issue']}{target}: {totals}; "
                f"result {vote['result']} ({cast}).",
                14,
            )
        )
    war = view.get("last_war")
    if war:
        rolls = "; ".join(
            f"{land} dice {war['dice'][land]} + "
            + (
                " + ".join(f"{k} {v}" for k, v in war["modifiers"].get(land, {}).items())
                or "nothing"
            )
            + f" = {war['totals'][land]}"
            for land in (war["attacker"], war["defender"])
        )
        winner = war.get("winner") or "nobody (a tie)"
        lines.append(
            Line(
                f"Last war (turn {war.get('turn')}): {war['attacker']} attacked "
                f"{war['defender']}: {rolls}; won by {winner}.",
                14,
            )
        )
    return lines


def _news(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The box of what is under way and what just happened."""
    lines = _under_way(view) + _last(view)
    if not lines:
        return y
    return y + panel(svg, MARGIN, y, INNER, lines, fill="#fff6d6", stroke="#c9a640") + 8


def _hand_tiles(you: Mapping[str, Any], view: Mapping[str, Any]) -> list[Tile]:
    tiles = []
    for name, count in you.get("hand", {}).items():
        title = name + (f" (x{count})" if count > 1 else "")
        detail = f"{name}: {card_about(name)} {_card_now(name, view)}"
        tiles.append(Tile(title, card_short(name), detail, name))
    return tiles


def _yours(svg: Svg, y: float, view: Mapping[str, Any], you: Mapping[str, Any]) -> float:
    """The seat's hand, its Victory Point Counters and what they would score now, its
    offer and its vote (Taking Victory Point Counters, 7. End of Turn: Scoring Points)."""
    hand = _hand_tiles(you, view)
    count = sum(you.get("hand", {}).values())
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Your hand",
        note=f"{count} cards (13 at most at the end of your turn); only you see them",
        note_below=True,
    )
    if not hand:
        svg.text(MARGIN, y + 16, "Your hand is empty.", size=14, fill=MUTED)
        y += 26
    y = grid(svg, MARGIN, y, INNER, hand, columns=4)
    scores: Mapping[str, int] = you.get("points_if_scored_now", {})
    counters = you.get("victory_point_counters", [])
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Your Victory Point Counters",
        note=f"secret; scored now they would give {scores.get('total', 0)} points",
        note_below=True,
    )
    tiles = []
    for country in dict.fromkeys(counters):
        copies = counters.count(country)
        facts = view.get("countries", {}).get(country, {})
        gained = scores.get(country, 0)
        body = f"Status {facts.get('status')}; {gained} point(s) if scored now" + (
            f" (x{copies} counters)" if copies > 1 else ""
        )
        detail = (
            f"You score the lower of {country}'s Status and your votes there, "
            "at the end of each turn" + (", twice" if copies > 1 else "") + f": {gained} now."
        )
        tiles.append(Tile(country, body, detail, country))
    y = grid(svg, MARGIN, y, INNER, tiles, columns=4)
    extra = []
    if you.get("your_offer"):
        extra.append(Line(f"Your offer: {', '.join(you['your_offer'])}", 14))
    if you.get("your_vote"):
        extra.append(
            Line(f"Your Voting Counter (hidden from the others): {you['your_vote']}", 14, "bold")
        )
    if extra:
        drawn, height = block(MARGIN, y, INNER, extra)
        svg.add(drawn, y + height)
        y += height + GAP
    return y


def europe() -> MapFile:
    """The map of Europe the board is drawn on (the pack's ``map.toml``)."""
    return load_map(MAP_FILE)


@functools.lru_cache(maxsize=1)
def _scenery() -> str:
    """The sea, the lands of no country of the game, and the frame, at the map's corner."""
    book = europe()
    others = path_data(shape for land in book.other for shape in land.shapes)
    return (
        f'<rect width="{book.width:g}" height="{book.height:g}" rx="8" fill="{SEA}"/>'
        f'<path d="{others}" fill="{LAND}" stroke="{COAST}"/>'
    )


@functools.lru_cache(maxsize=64)
def _land(name: str, faction: str) -> str:
    """A country's outline, in its faction's colours, at the map's corner."""
    shape = path_data(europe().places()[name].shapes)
    return (
        f'<path d="{shape}" fill="{FILL.get(faction, LAND)}" '
        f'stroke="{STROKE.get(faction, COAST)}" stroke-width="1.5" stroke-linejoin="round"/>'
    )


def _edge(a: Box, b: Box, via: tuple[float, float] | None, printed: bool) -> str:
    """A border of the Adjacent Countries Table, card to card (solid where printed, dashed
    where the rulebook is silent; curved along a sea route)."""
    (x1, y1), (x2, y2) = a.centre, b.centre
    path = f"M{x1:g},{y1:g} L{x2:g},{y2:g}"
    if via:
        path = f"M{x1:g},{y1:g} Q{via[0]:g},{via[1]:g} {x2:g},{y2:g}"
    dash = "" if printed else ' stroke-dasharray="7 5"'
    return f'<path d="{path}" fill="none" {BORDER}{dash}/>'


def _influence(country: str, view: Mapping[str, Any]) -> tuple[str, ...]:
    """Who holds a pile here, in lines that fit a card (broken between players only):
    each seat's votes, ▲ ascendant or ▼ descendant."""
    held = []
    for seat, piles in view.get("displays", {}).items():
        pile = piles.get(country)
        if pile:
            arrow = "▼" if pile.get("state") == "descendant" else "▲"
            held.append(f"{_short(seat)} {pile.get('votes')}{arrow}")
    lines: list[str] = []
    for entry in held:
        joined = f"{lines[-1]} · {entry}" if lines else entry
        if lines and WIDE.width(joined, 13) <= CARD_W - 2 * PAD:
            lines[-1] = joined
        else:
            lines.append(entry)
    return tuple(lines) or ("no votes here",)


def _short(seat: str) -> str:
    """``P3`` for ``Player 3`` (the map's cards are narrow); other names as they are."""
    number = seat.removeprefix("Player ")
    return f"P{number}" if number.isdigit() else seat


@functools.lru_cache(maxsize=512)
def _card(
    name: str, faction: str, counters: tuple[int, int, int, int, int], influence: tuple[str, ...]
) -> tuple[str, float]:
    """A country's card at the origin: its name on a band of its faction's colour, the
    faction, Status on its track (0-7), Army Size as pieces, Military Ability, Leaders and
    Unrest, and each player's influence there. Returns the SVG and the height."""
    status, army, ability, leaders, unrest = counters
    ink = STROKE.get(faction, INK)
    inner = CARD_W - 2 * PAD
    face = Svg(WIDTH, "")
    titles = WIDE.fit(name, inner, 14, "bold")
    band = 8 + 18 * len(titles)
    for row, line in enumerate(titles):
        face.text(PAD, 18 + 18 * row, line, size=14, weight="bold", fill="#fff")
    body = [Line(FACTION_WORDS.get(faction, faction), 13, "bold", ink)]
    drawn, top = block(PAD, band + 2, inner, body)
    y = band + 2 + top
    face.add(drawn, y)
    # Status and Army Size in words, then Status on its track and the army as pieces
    face.text(PAD, y + 13, f"Status {status}, Army {army}", size=13)
    step = 9
    for index in range(7):
        fill = ink if index < status else "#fff"
        face.rect(PAD + index * step, y + 20, step - 2, 10, fill=fill, stroke=ink, radius=1)
    left = PAD + 7 * step + 8
    for index in range(min(army, int((CARD_W - PAD - left) // 9))):
        face.rect(left + index * 9, y + 19, 7, 12, fill=ink, stroke="#333", radius=2)
    y += 34
    lines = [Line(f"Ability {ability}", 13)]
    marks = ([f"Leader x{leaders}"] if leaders else []) + (["Unrest"] if unrest else [])
    if marks:
        lines.append(Line(", ".join(marks), 13, "bold", "#803000"))
    lines += [Line(line, 13) for line in influence]
    drawn, height = block(PAD, y, inner, lines)
    face.add(drawn, y + height)
    height = y + height + 6
    shape = (
        f'<rect width="{CARD_W}" height="{height:g}" rx="6" fill="{FILL.get(faction, LAND)}" '
        f'stroke="{ink}" stroke-width="2"/>'
        f'<path d="M0,{band:g} V6 Q0,0 6,0 H{CARD_W - 6} Q{CARD_W},0 {CARD_W},6 V{band:g} Z" '
        f'fill="{ink if faction in STROKE else "#666"}"/>'
    )
    return shape + "".join(face.parts), height


def _map(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """Europe drawn as a map: each country's outline in its faction's colours, and on it
    a card of its counters and the influence there; every border of the Adjacent
    Countries Table drawn between the cards (solid where printed, dashed where the
    rulebook is silent)."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Europe",
        note="each country's card: its faction, Status (0-7), Army Size, Military Ability, "
        "Military Leaders and Unrest, then each player's votes there (P1 is Player 1; "
        "▲ ascendant pile, ▼ descendant)",
        note_below=True,
    )
    book = europe()
    places = book.places()
    countries: Mapping[str, Any] = view.get("countries", {})
    drawn = [name for name in countries if name in places]
    cards: dict[str, tuple[str, float]] = {}
    wanted: list[Box] = []
    for name in drawn:
        facts = countries[name]
        counters = tuple(
            int(facts.get(key) or 0) for key in ("status", "army", "ability", "leaders", "unrest")
        )
        cards[name] = _card(
            name, str(facts.get("faction", "neutral")), counters, _influence(name, view)
        )
        corner = places[name].card
        wanted.append(Box(corner[0], corner[1], CARD_W, cards[name][1]))
    boxes = dict(zip(drawn, settle(wanted), strict=True))
    height = max([book.height, *(box.y + box.h + 8 for box in boxes.values())])
    parts = [_scenery()]
    if height > book.height:
        parts.insert(0, f'<rect width="{book.width:g}" height="{height:g}" rx="8" fill="{SEA}"/>')
    parts += [_land(n, str(countries[n].get("faction", "neutral"))) for n in drawn]
    routes = {frozenset(r.between): r.via for r in book.route}
    parts += [
        _edge(boxes[a], boxes[b], routes.get(frozenset({a, b})), printed)
        for a, b, printed in borders()
        if a in boxes and b in boxes
    ]
    for name in drawn:
        anchor = places[name].anchor
        if anchor:
            cx, cy = boxes[name].centre
            parts.append(
                f'<path d="M{cx:g},{cy:g} L{anchor[0]:g},{anchor[1]:g}" stroke="#333" '
                f'stroke-width="1.5"/><circle cx="{anchor[0]:g}" cy="{anchor[1]:g}" r="4" '
                'fill="#333"/>'
            )
    for name in drawn:
        box = boxes[name]
        detail = country_detail(name, countries[name], view)
        parts.append(
            detailed(cards[name][0], detail, name=name, css_class="item country", at=(box.x, box.y))
        )
    svg.group(f'<g transform="translate({MARGIN} {y:g})">', parts, y + height)
    return _legend(svg, y + height + 12)


def _legend(svg: Svg, y: float) -> float:
    """What the colours and lines of the map mean (A Note about Factions, Voting for War,
    the Adjacent Countries Table)."""
    x: float = MARGIN
    for faction, words in (
        ("red", "Red faction"),
        ("blue", "Blue faction"),
        ("neutral", "Neutral: no faction yet"),
    ):
        svg.rect(x, y, 22, 16, fill=FILL[faction], stroke=STROKE[faction], radius=3)
        svg.text(x + 28, y + 13, words, size=13)
        x += 28 + WIDE.width(words, 13) + 16
    y += 24
    solid = f'<path d="M{MARGIN},{y + 9} l40,0" {BORDER}/>'
    dashed = f'<path d="M{MARGIN},{y + 33} l40,0" {BORDER} stroke-dasharray="7 5"/>'
    svg.add(solid + dashed, y + 40)
    notes = [
        ("Adjacent, as the Adjacent Countries Table prints it (its England and France rows).", y),
        (
            "Adjacent by the game's reading of the map: the rulebook's table stops after "
            "the France row, so it is silent on these (RULINGS R2).",
            y + 24,
        ),
    ]
    bottom = y
    for text, top in notes:
        drawn, height = block(MARGIN + 50, top, INNER - 50, [Line(text, 13)])
        svg.add(drawn, top + height)
        bottom = top + height
    drawn, height = block(
        MARGIN,
        bottom + 4,
        INNER,
        [
            Line(
                "A country may attack only a country of the other faction (red against blue); "
                "a country at Status 1 or 0 only from an adjacent country. A neutral country "
                "joins red or blue by a vote in it.",
                13,
            )
        ],
    )
    svg.add(drawn, bottom + 4 + height)
    return bottom + height + 14


def _pile_chip(seat: str, country: str, pile: Mapping[str, Any]) -> Chip:
    descendant = pile.get("state") == "descendant"
    cards = [c.removeprefix(f"{country} ") for c in pile.get("cards", [])]
    arrow = "▼" if descendant else "▲"
    label = f"{country} {arrow} {pile.get('votes')} votes: {', '.join(cards)}"
    state = (
        "descendant: no card may join it, and its owner removes one of its cards each turn"
        if descendant
        else "ascendant: more cards of the country may join it"
    )
    detail = (
        f"{seat}'s {country} pile: {pile.get('votes')} votes, {state}. Cards: "
        f"{', '.join(pile.get('cards', []))}. Losing a vote here turns it descendant, or costs a "
        "card if it already is."
    )
    return Chip(label, detail, country, STYLES["descendant" if descendant else "ascendant"])


def _players(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """Every player's Victory Points, hand size, counters held and display of piles."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Players",
        note="▲ ascendant pile (may grow); ▼ descendant pile (shrinks by one card each turn)",
        note_below=True,
    )
    points, hands, counters = (
        view.get("victory_points", {}),
        view.get("cards_in_hand", {}),
        view.get("counters_held", {}),
    )
    for seat, piles in view.get("displays", {}).items():
        marks = [
            m
            for m, on in (
                ("1st player", view.get("first_player") == seat),
                ("to act", view.get("to_move") == seat),
                ("you", view.get("seat") == seat),
            )
            if on
        ]
        head = f"{seat}" + (f" ({', '.join(marks)})" if marks else "")
        facts = (
            f"{points.get(seat, 0)} Victory Points; {hands.get(seat, 0)} cards in hand; "
            f"{counters.get(seat, 0)} Victory Point Counters (secret)"
        )
        drawn, height = block(
            MARGIN, y, INNER, [Line(head, 15, "bold"), Line(facts, 13, fill=MUTED)]
        )
        svg.add(drawn, y + height)
        y += height + 4
        chips = [_pile_chip(seat, country, pile) for country, pile in piles.items()]
        if not chips:
            chips = [
                Chip(
                    "no Influence Cards on display",
                    f"{seat} has no pile on the table.",
                    "",
                    STYLES["plain"],
                )
            ]
        drawn, height = flow(MARGIN + 12, y, INNER - 12, chips)
        svg.add(drawn, y + height)
        y += height + 12
    return y


def _cards(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The deck and the discard pile (2. Draw New Cards: the discard becomes the deck)."""
    y = section(
        svg,
        MARGIN,
        y,
        INNER,
        "Deck and discards",
        note=f"deck {view.get('deck')} cards, face down; the discard pile is face up",
        note_below=True,
    )
    chips = [
        Chip(
            f"{name}" + (f" x{n}" if n > 1 else ""),
            f"{name} ({n} discarded): {card_about(name)}",
            name,
            STYLES["card"],
        )
        for name, n in view.get("discard", {}).items()
    ] or [Chip("the discard pile is empty", "No card has been discarded yet.", "", STYLES["plain"])]
    drawn, height = flow(MARGIN, y, INNER, chips)
    svg.add(drawn, y + height)
    return y + height + GAP


def _result(svg: Svg, y: float, result: Mapping[str, Any]) -> float:
    """The final scores (How To Win!)."""
    scores = ", ".join(f"{seat} {n}" for seat, n in result.get("scores", {}).items())
    lines = [
        Line(str(result.get("reason", "The game is over.")), 16, "bold"),
        Line(f"Victory Points: {scores}", 14),
    ]
    box = panel(svg, MARGIN, y, INNER, lines, fill="#eef7e4", stroke="#4f7a2a", pad=16)
    return y + box + 10


def board_pieces(view: JsonDict) -> list[str]:
    """The board of a Sixteen Thirty Something view as the pieces of a standalone SVG
    document (``Svg.pieces``)."""
    svg = Svg(WIDTH, _title(view))
    y = _heading(svg, view)
    if view.get("result"):
        y = _result(svg, y, view["result"])
    y = _news(svg, y, view)
    you = view.get("you")
    if isinstance(you, Mapping):
        y = _yours(svg, y, view, you)
    y = _map(svg, y, view)
    y = _players(svg, y, view)
    _cards(svg, y, view)
    return svg.pieces()


def board_svg(view: JsonDict) -> str:
    """The board of a Sixteen Thirty Something view as a standalone SVG document."""
    return "".join(board_pieces(view))


def _title(view: Mapping[str, Any]) -> str:
    return turn_title("Sixteen Thirty Something", view)
