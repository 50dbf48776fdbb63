"""1750: Britain vs. France at the terminal, drawn from a seat's view alone for an
80-column screen: whose turn and step, what is under way (a battle with its pairings, a
political objective attempt, a card being answered with what it does, a ransom offer),
both sides' gold, revenue, hands, points and exports, the four theaters side by side
(one line a colony: controller, name, units there), the seat's hand (each card's effect
when cards may be played now) and secret objective, and, when buying, the side's battle
cards with their prices and values.

Card, unit and objective words come from the SVG board's readers of the game's data pack
(``stratagem.render.britain_vs_france``), so the terminal and the board say the same.
The full detail stays behind the prompt's ``board`` and ``look`` commands.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict
from stratagem.games.britain_vs_france.effects import THEATERS
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.render.britain_vs_france import (
    COLOUR,
    SIDES,
    WINDOW_WORDS,
    book,
    card_words,
    event_text,
    secret_text,
)

WINDOWS = {
    **WINDOW_WORDS,
    "turn_start": "turn start",
    "colony_roll": "colony roll",
    "political_roll": "political roll",
    "battle_roll": "battle, before dice",
    "battle_result": "battle, after dice",
    "turn_end": "turn end",
    "response": "answer the card",
}
"""The moments cards may be played, in a few words (the board's ``WINDOW_WORDS``
shortened)."""
MARK = {"Britain": "B", "France": "F", None: "-"}
"""A colony's controller in one letter (``-``: nobody)."""
SHORT_COLONY = {"Ohio River Valley": "Ohio Valley", "Annapolis Royal": "Annapolis"}
SHORT_THEATER = {"North America": "N. America"}
SHORT_EXPORT = {"Precious Metals": "Metals"}
SCORED_ONCE = ". Scored once, at the end of the game."
VP_AT_END = " victory point(s) at the end"
ADJECTIVE = {"Britain": "British ", "France": "French "}


def _s(count: int, plural: str = "s") -> str:
    return "" if count == 1 else plural


def _fact(name: str, value: str | Text, style: str = "bold") -> Text:
    """``Name: value`` with the name in bold."""
    text = Text(f"{name}: ", style=style)
    text.append(value)
    return text


def short_colony(name: str) -> str:
    """A colony's name, deliberately shortened to its first part: ``Lake Champlain / Lake
    George area`` is ``Lake Champlain``, ``St. Louis, Senegal`` is ``St. Louis``."""
    short = name.partition(" / ")[0].partition(", ")[0]
    return SHORT_COLONY.get(short, short)


def _side_style(side: object) -> str:
    return f"bold {COLOUR[side]}" if side in SIDES else "bold"


def short_step(step: str) -> str:
    """A step's name to its first words: ``1) Draw from Historic Events Draw Deck`` is
    ``1) Draw``, ``2) Leader Actions / Colony Rules`` is ``2) Leader Actions``."""
    return step.partition(" from ")[0].partition(" / ")[0]


def _heading(view: Mapping[str, Any]) -> Text:
    """Turn, whose turn and step, who answers, and the open card window (the seat is
    marked "(you)" among the sides)."""
    step = short_step(str(view.get("step", "")))
    if step.startswith("Setup"):
        text = Text(f"1750 · {step}", style="bold")
    else:
        text = Text(f"Turn {view.get('turn')}/{view.get('turns')}, ", style="bold")
        text.append(f"{view.get('active')}'s", style=_side_style(view.get("active")))
        text.append(f" · {step}", style="bold")
    mover = view.get("to_move")
    if mover not in (None, "chance", view.get("active")):
        text.append(f" · {mover} answers")
    window = view.get("window")
    if window:
        text.append(f" · cards: {WINDOWS.get(window, window)}", style="cyan")
    return text


SWAP = {
    "the opponent has": "you have",
    "the opponent's": "your",
    "an opponent's": "your",
    "the opponent": "you",
    "your": "their",
    "you": "they",
}
"""A card's words as its player's opponent reads them (the pack says "you" for whoever
plays the card)."""
_SWAP = re.compile(r"\b(" + "|".join(re.escape(words) for words in SWAP) + r")\b")


def as_opponent(words: str) -> str:
    """``you gain 2 gold`` -> ``they gain 2 gold``; ``the opponent lose 1 gold`` -> ``you
    lose 1 gold``: a card played against the seat, in the seat's words."""
    return _SWAP.sub(lambda match: SWAP[match.group(1)], words)


def _answering(answering: str, seat: object) -> Text:
    """The card being answered (``Britain's Royal Diplomacy``) with what it does, in the
    answering seat's words."""
    side, _, name = answering.partition("'s ")
    text = Text("Answering ", style="bold yellow")
    text.append(f"{side}'s ", style=_side_style(side))
    words = event_text(name) if name else answering
    text.append(as_opponent(words) if seat not in (None, side) else words)
    return text


def _unit(label: str) -> str:
    """A unit's label without its side's adjective (the pairing line says whose)."""
    for adjective in ADJECTIVE.values():
        label = label.removeprefix(adjective)
    return label


def _battle(battle: Mapping[str, Any]) -> list[Text]:
    """A battle: where, who attacks, the stage, the card modifiers and every pairing
    (attackers first, each unit's score once rolled)."""
    mods = " ".join(f"{MARK[side]} {n:+d}" for side, n in battle.get("card modifiers", {}).items())
    lines = [
        Text(
            f"Battle at {battle['location']}, {battle['attacker']} attacking "
            f"({battle['stage']}); cards {mods}",
            style="bold yellow",
        )
    ]
    for number, pairing in enumerate(battle.get("pairings", []), start=1):
        scores: Mapping[str, int] = pairing.get("scores", {})

        def named(units: Sequence[str], scores: Mapping[str, int] = scores) -> str:
            return (
                ", ".join(_unit(u) + (f" ({scores[u]})" if u in scores else "") for u in units)
                or "-"
            )

        lines.append(
            Text(f"  {number}. {named(pairing['attackers'])} vs {named(pairing['defenders'])}")
        )
    return lines


def _now(view: Mapping[str, Any]) -> list[Text]:
    """What is under way: a card answered, a ransom, an attempt, a battle."""
    lines: list[Text] = []
    if view.get("answering"):
        lines.append(_answering(str(view["answering"]), view.get("seat")))
    if view.get("ransom_offer"):
        lines.append(_fact("Ransom offered", str(view["ransom_offer"]), "bold yellow"))
    attempt = view.get("political_attempt")
    if attempt:
        lines.append(
            Text(
                f"{view.get('active')}'s attempt at {attempt['objective']}: difficulty "
                f"{attempt['difficulty']}, gold +{attempt['gold boost']}, cards "
                f"{attempt['card modifiers']:+d}, counter -{attempt['counter-diplomacy']}",
                style="bold yellow",
            )
        )
    battle = view.get("battle")
    if battle:
        lines.extend(_battle(battle))
    return lines


def _counted(names: Sequence[str]) -> str:
    """Names in first-seen order, a repeated one once with its count (``Sugar x2``)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" x{n}" if n > 1 else "") for name, n in counts.items())


def _holdings(view: Mapping[str, Any], side: str) -> str:
    """A side's exports (a count only when more than one), then its cards off the map:
    events in play by name, purchases to place and prisoners held by number."""
    exports: Mapping[str, int] = view["exports"][side]
    words = ", ".join(
        SHORT_EXPORT.get(k, k) + (f" {n}" if n > 1 else "") for k, n in exports.items()
    )
    parts = [words or "no exports"]
    in_play = view.get("in_play", {}).get(side, [])
    if in_play:
        parts.append(f"in play: {_counted(in_play)}")
    placing = len(view.get("purchases", {}).get(side, []))
    if placing:
        parts.append(f"{placing} to place")
    held = len(view.get("prisoners", {}).get(side, []))
    if held:
        parts.append(f"{held} held")
    return "; ".join(parts)


def _sides(view: Mapping[str, Any]) -> Table:
    """One row a side: gold, next revenue, hand size, points (without the secret
    objectives), political objectives held, units on the High Seas, exports and cards."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold dim")
    table.add_column("*=you", no_wrap=True)
    for heading in ("Gold", "Rev", "Hand", "Pts", "Obj", "Sea"):
        table.add_column(heading, justify="right", no_wrap=True)
    table.add_column("Exports; in play; to place; held", ratio=1)
    objectives = view.get("political_objectives", {})
    for side in SIDES:
        you = "*" if view.get("seat") == side else ""
        table.add_row(
            Text(side + you, style=_side_style(side)),
            str(view["gold"][side]),
            f"+{view['revenue_next'][side]}",
            str(view["hand_sizes"][side]),
            str(view["points_now_without_secret_objectives"][side]),
            str(len(objectives.get(side, []))),
            str(len(view.get("high_seas", {}).get(side, []))),
            _holdings(view, side),
        )
    return table


def _colony_cell(name: str, line: str) -> Text:
    entry = read_colony_line(line)
    control = entry["control"]
    text = Text(MARK[control], style=_side_style(control))
    text.append(f" {short_colony(name)}")
    counts = [(side, len(entry["units"].get(side, []))) for side in SIDES]
    for side, count in counts:
        if count:
            text.append(f" {count}{MARK[side]}", style=COLOUR[side])
    return text


def _theaters(view: Mapping[str, Any]) -> Table:
    """The four theaters side by side, each colony on a line in line order (neighbours
    in a column are adjacent)."""
    theaters: Mapping[str, Mapping[str, str]] = view["theaters"]
    names = [t for t in THEATERS if t in theaters]
    table = Table(box=None, pad_edge=False, padding=(0, 1), expand=True, header_style="bold dim")
    for theater in names:
        table.add_column(SHORT_THEATER.get(theater, theater), ratio=1, overflow="fold")
    columns = [
        [_colony_cell(name, line) for name, line in theaters[theater].items()] for theater in names
    ]
    for row in range(max((len(c) for c in columns), default=0)):
        table.add_row(*(c[row] if row < len(c) else Text() for c in columns))
    return table


def _key(view: Mapping[str, Any]) -> Text:
    """The key to the theaters, with the objectives left and the draw deck."""
    open_ = view.get("political_objectives", {}).get("open", 0)
    return Text(
        f"B/F/-: colony controlled by Britain, France, nobody; 2B: 2 British units there · "
        f"{open_} objectives open · draw deck {view.get('draw_deck')}",
        style="dim",
    )


def _may_play(view: Mapping[str, Any]) -> bool:
    return bool(view.get("window")) and view.get("to_move") == view.get("seat")


def _fits(name: str, view: Mapping[str, Any]) -> bool:
    """Whether a historic event has an option for the open window in this turn (RULINGS.md,
    Response windows); a card the pack does not know is taken to fit."""
    cards = {card.name: card for card in book().event_types}
    card = cards.get(name)
    if card is None:
        return True
    mine = view.get("active") == view.get("seat")
    return any(
        view.get("window") in option.windows
        and (option.during == "any" or (option.during == "own_turn") == mine)
        for option in card.option
    )


def _card_effect(name: str, texts: Mapping[str, str]) -> str:
    cards = {card.name: card for card in book().event_types}
    card = cards.get(name)
    return card_words(card) if card is not None else texts.get(name, "")


def _yours(view: Mapping[str, Any], you: Mapping[str, Any], seat_name: str | None) -> list[Text]:
    """The hand and the secret objective: when a card may be played now, each card that
    fits the moment with what it does, the others by name."""
    hand: list[str] = list(you.get("hand", []))
    texts: Mapping[str, str] = you.get("cards", {})
    lines: list[Text] = []
    cards = sum(int(entry.partition(" x")[2] or 1) for entry in hand)
    title = f"You ({seat_name or view.get('seat') or 'your seat'}): hand of {cards}"
    playable = (
        [entry for entry in hand if _fits(entry.partition(" x")[0], view)]
        if _may_play(view)
        else []
    )
    if not hand:
        lines.append(_fact(title, "empty"))
    elif playable:
        lines.append(Text(f"{title}, playable now:", style="bold"))
        for entry in playable:
            line = Text(f"  {entry}: ", style="cyan")
            line.append(_card_effect(entry.partition(" x")[0], texts))
            lines.append(line)
        rest = [entry for entry in hand if entry not in playable]
        if rest:
            lines.append(_fact("  Not now", ", ".join(rest), "dim"))
    else:
        lines.append(_fact(title, ", ".join(hand)))
    secret = you.get("secret_objective")
    if secret:
        words = secret_text(str(secret)).removesuffix(SCORED_ONCE)
        lines.append(_fact("Secret objective", words.replace(VP_AT_END, " VP")))
    return lines


def _unit_values(kind: int) -> str:
    """A battle card's value in a few words (4) Purchases, 6) Battles): its die modifier
    and L for a leader, or what a card that rolls no die does."""
    b = book()
    if b.is_unit[kind]:
        parts = [f"{b.modifier[kind]:+d}" + (" L" if b.is_leader[kind] else "")]
    else:
        parts = ["no die"]
    if b.battle_bonus[kind]:
        parts.append(f"+{b.battle_bonus[kind]} all")
    if b.income[kind]:
        parts.append(f"+{b.income[kind]} gold")
    if b.moves[kind] == "no":
        parts.append("fixed")
    elif b.moves[kind] == "with_leader":
        parts.append("w/ leader")
    return ", ".join(parts)


def _buying(view: Mapping[str, Any]) -> bool:
    """Whether the seat is buying (4) Purchases, its own turn, no card being answered)."""
    seat = view.get("seat")
    return (
        str(view.get("step", "")).startswith("4)")
        and view.get("to_move") == seat == view.get("active")
        and not view.get("window")
        and not view.get("answering")
    )


BUY_KEY = "+N to the unit's die, L leader, all: to its side"


def _buy_heading(view: Mapping[str, Any]) -> Text:
    gold = view["gold"][view.get("seat")]
    return Text.assemble((f"Buy (you have {gold} gold): ", "bold"), (BUY_KEY, "dim"))


def _prices(view: Mapping[str, Any]) -> Table | None:
    """When the seat is buying: its side's battle cards, price and value, two to a row."""
    seat = view.get("seat")
    if not _buying(view):
        return None
    b = book()
    entries = [
        Text.assemble(
            (f"{b.cost[kind]}g ", "bold"),
            b.battle_labels[kind].removeprefix(ADJECTIVE.get(str(seat), "")),
            (f" {_unit_values(kind)}", "dim"),
        )
        for kind, card in enumerate(b.battle_types)
        if card.deck == seat or card.deck not in SIDES
    ]
    entries.append(
        Text.assemble((f"{b.rules.economy.event_price}g ", "bold"), "a historic event (drawn)")
    )
    table = Table(
        title=f"Buy (you have {view['gold'][seat]} gold): {BUY_KEY}",
        title_justify="left",
        title_style="bold",
        box=None,
        show_header=False,
        pad_edge=False,
        padding=(0, 1),
        expand=True,
    )
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    half = (len(entries) + 1) // 2
    for row in range(half):
        right = entries[half + row] if half + row < len(entries) else Text()
        table.add_row(entries[row], right)
    return table


def choice_note(view: JsonDict, text: str) -> str | None:
    """A Buy choice's price and value (``3g +2 L``) or the event's price, at the prompt."""
    b = book()
    if text == "Buy a historic event":
        return f"{b.rules.economy.event_price}g, drawn"
    label = text.removeprefix("Buy: ")
    if label == text or label not in b.battle_labels:
        return None
    kind = b.battle_labels.index(label)
    return f"{b.cost[kind]}g {_unit_values(kind)}"


def _result(result: Mapping[str, Any]) -> list[Text]:
    lines = [Text(str(result.get("reason", "The game is over.")), style="bold green")]
    for side, parts in result.get("breakdown", {}).items():
        detail = ", ".join(f"{k} {n}" for k, n in parts.items())
        lines.append(_fact(str(side), detail, _side_style(side)))
    return lines


def _layout(view: JsonDict, seat_name: str | None, *, whole: bool) -> RenderableType:
    parts: list[RenderableType] = [_heading(view)]
    if view.get("result"):
        parts.extend(_result(view["result"]))
    parts.extend(_now(view))
    parts.append(_sides(view))
    parts.append(_theaters(view))
    you = view.get("you")
    buying = _buying(view)
    if not buying and not (isinstance(you, Mapping) and _may_play(view)):
        parts.append(_key(view))
    if isinstance(you, Mapping):
        parts.extend(_yours(view, you, seat_name))
    prices = _prices(view) if whole else None
    if prices is not None:
        parts.append(prices)
    elif buying:
        parts.append(_buy_heading(view))
    return Group(*parts)


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The seat's view for a decision's screen (``stratagem.cli.terminal`` finds it by the
    game); when buying, the prices and values follow each Buy choice (``choice_note``)."""
    return _layout(view, seat_name, whole=False)


def terminal_board(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The whole board (the prompt's ``board``): with the price list when buying."""
    return _layout(view, seat_name, whole=True)
