"""Sixteen Thirty Something at the terminal, drawn from a seat's view alone for an
80x24 screen: the turn and what is being decided, a trade or vote under way, the last
war with its modifiers, a small map (one row per country: Status, Army Size, Military
Ability, faction, Leaders and Unrest, its borders from the Adjacent Countries Table as
two-letter codes, and every player's pile there), what red and blue mean, every player's
Victory Points and hand size, and the seat's own hand and Victory Point Counters.

The layout is at most 16 lines in the common case (a 4-player game; see
tests/test_text_sixteen_thirty_something.py), so that the rule, the last events, the
choices and the prompt fit 24 lines. The whole board is the SVG's
(``stratagem.render.sixteen_thirty_something``); cards in full are the prompt's ``look``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict
from stratagem.render.sixteen_thirty_something import borders

CODES = {
    "England": "EN",
    "France": "FR",
    "Spain": "SP",
    "United Provinces": "UP",
    "German States": "GS",
    "Denmark": "DK",
    "Poland": "PL",
    "Sweden": "SW",
    "Hapsburg Empire": "HE",
}
"""Each country's two-letter code on the map, for its borders."""
FACTION_STYLE = {"red": "bold red", "blue": "bold blue", "neutral": "dim"}
SIDES = {"red": "red", "blue": "blu", "neutral": "-"}
MEANING = "red, blue: factions; wars are red v blue · war/re-arm vote: red=war blue=peace"
"""What red and blue mean (A Note about Factions, Voting for War, Casting Votes)."""
SPECIAL_SHORT = {
    "Military Improvement": "MilAbility+",
    "Increase Army Size": "ArmySize+",
    "Increase Status": "Status+",
    "Military Leader": "Leader",
}
"""Special Cards' names made short for the hand line (``look`` gives them in full)."""
MODIFIER_SHORT = {"Military Ability": "MA", "Military Leader": "Leader"}


def code(country: str) -> str:
    """A country's two-letter code (its first two letters if the pack has a new one)."""
    return CODES.get(country, country[:2].upper())


def border_codes(country: str) -> list[str]:
    """The codes of the countries adjacent to ``country`` (Adjacent Countries Table)."""
    near = []
    for a, b, _printed in borders():
        if country in (a, b):
            near.append(code(b if a == country else a))
    return near


def tag(seat: str) -> str:
    """A seat's short name: ``P3`` for ``Player 3``."""
    return "P" + seat.removeprefix("Player ") if seat.startswith("Player ") else seat


def card_tag(name: str) -> str:
    """A card's short name: ``EN1`` for ``England 1``, ``Open2``, a short Special."""
    country, _, votes = name.rpartition(" ")
    if votes.isdigit() and country:
        return (code(country) if country in CODES else country) + votes
    return SPECIAL_SHORT.get(name, name)


def _heading(view: Mapping[str, Any]) -> Text:
    """The turn, the 1st player and the decision in words (the phase when none)."""
    first = view.get("first_player")
    line = Text(f"Turn {view.get('turn')}/{view.get('turns')}", "bold")
    if first:
        line.append(f", 1st {tag(str(first))}", "bold")
    line.append(": ")
    line.append(str(view.get("decision") or view.get("phase")), "bold yellow")
    return line


def _under_way(view: Mapping[str, Any]) -> list[Text]:
    """A trade, a vote or an owed card (3. Trading Cards, 5. The Vote)."""
    lines: list[Text] = []
    trade = view.get("trade")
    if trade and (trade.get("asks_for") or trade.get("offers")):
        asks = ", ".join(trade.get("asks_for", [])) or "nothing named yet"
        line = Text(f"Trade: {tag(trade['trader'])} asks for {asks}", "bold")
        offers = "; ".join(
            f"{tag(who)} {', '.join(card_tag(c) for c in offer)}"
            for who, offer in trade.get("offers", {}).items()
        )
        lines.append(line)
        if offers:
            lines.append(Text(f"  offers (types): {offers}", no_wrap=True, overflow="ellipsis"))
    vote = view.get("vote")
    if vote:
        place = vote.get("country") or "a country not yet chosen"
        how = ", Vote card" if vote.get("by_vote_card") else ""
        line = Text(f"Vote in {place} ({tag(vote['caller'])}{how})", "bold")
        if vote.get("issue"):
            line.append(f": {vote['issue']}", "")
        if "voters" in vote:
            down = " ".join(tag(s) for s in vote.get("counters_down", [])) or "none"
            line.append(f" · laid: {down}", "")
        lines.append(line)
    owed = view.get("card_owed")
    if owed:
        lines.append(Text(f"{owed['seat']} must remove a card from the {owed['country']} pile"))
    return lines


def war_line(war: Mapping[str, Any]) -> Text:
    """A war: each side's dice, every modifier and its total (Resolving a War)."""
    line = Text(f"War (turn {war.get('turn')}): ", "bold")
    sides = []
    for land in (war["attacker"], war["defender"]):
        mods = "".join(
            f"{value:+d}{MODIFIER_SHORT.get(name, name)}"
            for name, value in war.get("modifiers", {}).get(land, {}).items()
        )
        sides.append(f"{land} {war['dice'][land]}{mods}={war['totals'][land]}")
    line.append(" v ".join(sides))
    winner = war.get("winner")
    line.append(f"; {winner} won" if winner else "; a tie")
    return line


def _piles(view: Mapping[str, Any], country: str) -> str:
    parts = []
    for seat, display in view.get("displays", {}).items():
        pile = display.get(country)
        if pile:
            down = "d" if pile.get("state") == "descendant" else ""
            parts.append(f"{tag(seat).removeprefix('P')}:{pile['votes']}{down}")
    return " ".join(parts)


def country_map(view: Mapping[str, Any]) -> Table:
    """One row per country: code and name (``*`` where the seat holds a Victory Point
    Counter), Status, Army Size, Military Ability, faction with Leaders (L) and Unrest
    (U), its borders, and each player's pile (votes; d descendant)."""
    mine = set(view.get("you", {}).get("victory_point_counters", []))
    score = view.get("you", {}).get("points_if_scored_now", {}).get("total", 0)
    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column(f"*=your VPC: {score} VP" if "you" in view else "Country", no_wrap=True)
    for heading in ("St", "Ar", "MA"):
        table.add_column(heading, justify="right", no_wrap=True)
    table.add_column("Side", no_wrap=True)
    table.add_column("Borders", no_wrap=True)
    table.add_column("Piles P#:votes d=desc.")
    for name, facts in view.get("countries", {}).items():
        faction = str(facts.get("faction", "neutral"))
        marks = ""
        if facts.get("leaders"):
            marks += f" L{facts['leaders']}"
        if facts.get("unrest"):
            marks += " U"
        table.add_row(
            Text(("*" if name in mine else " ") + f"{code(name)} {name}"),
            str(facts["status"]),
            str(facts["army"]),
            str(facts["ability"]),
            Text(SIDES.get(faction, faction) + marks, FACTION_STYLE.get(faction, "")),
            " ".join(border_codes(name)),
            _piles(view, name),
        )
    return table


def _players(view: Mapping[str, Any]) -> Text:
    hands = view.get("cards_in_hand", {})
    line = Text("VP/cards: ", "bold")
    parts = []
    for seat, points in view.get("victory_points", {}).items():
        you = " (you)" if seat == view.get("seat") else ""
        parts.append(f"{tag(seat)} {points}/{hands.get(seat, 0)}{you}")
    parts.append(f"deck {view.get('deck')}")
    line.append(" · ".join(parts))
    return line


def _yours(view: Mapping[str, Any]) -> list[Text]:
    you = view.get("you")
    if you is None:
        return []
    hand = " ".join(
        card_tag(name) + (f"x{count}" if count > 1 else "")
        for name, count in you.get("hand", {}).items()
    )
    line = Text("Hand: ", "bold cyan")
    line.append(hand or "empty")
    if you.get("your_offer"):
        line.append(f" · offered: {' '.join(card_tag(c) for c in you['your_offer'])}")
    if you.get("your_vote"):
        line.append(f" · your vote: {you['your_vote']}")
    return [line]


def _result(view: Mapping[str, Any]) -> list[Text]:
    result = view.get("result")
    if not result:
        return []
    return [Text(str(result.get("reason", "The game is over.")), "bold green")]


def _layout(view: JsonDict, *, whole: bool) -> RenderableType:
    under_way = _under_way(view)
    parts: list[RenderableType] = [_heading(view), *under_way]
    war = view.get("last_war")
    if war and war.get("turn") == view.get("turn"):
        parts.append(war_line(war))
    parts.append(country_map(view))
    if whole or not under_way:
        parts.append(Text(MEANING, "dim"))
    parts.append(_players(view))
    parts.extend(_yours(view))
    parts.extend(_result(view))
    return Group(*parts)


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The seat's view for a decision's screen (``stratagem.cli.terminal`` finds it by the
    game); while a trade or vote is under way, the key of red and blue gives way to it."""
    del seat_name  # the view names its seat
    return _layout(view, whole=False)


def terminal_board(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The whole board (the prompt's ``board``), the key of red and blue always."""
    del seat_name
    return _layout(view, whole=True)
