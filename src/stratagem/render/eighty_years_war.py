"""Eighty Years War's board, drawn from a view alone: the province track, the state of the
deck and discards, the last reveal of melds, and for a seat its own hand and melds.

Everything drawn comes from ``view(seat)`` (or ``view(None)``): the other side's hand and
melds appear only as the count of cards it holds, as the view gives them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from stratagem.core import JsonDict
from stratagem.render.svg import Svg, wrap

WIDTH = 960
SIDES = ("Dutch", "Spanish")
COLOURS = {"Dutch": "#e8892b", "Spanish": "#b8322a"}
CARD_W, CARD_H, CARD_GAP = 142, 108, 10
PER_ROW = 6


CARD_FACES = 2048
"""Card faces kept drawn (a hand is drawn again after every move, mostly unchanged)."""


def _card(svg: Svg, x: float, y: float, name: str, about: str, *, mark: str = "") -> None:
    """One card face: value in the corner, name, and its printed columns in small type."""
    svg.add(_card_face(x, y, name, about, mark), y + CARD_H)


@functools.lru_cache(maxsize=CARD_FACES)
def _card_face(x: float, y: float, name: str, about: str, mark: str) -> str:
    parts = [part.strip() for part in about.split("·")] if about else []
    value = parts[0] if parts else ""
    unusable = any("unusable" in part for part in parts)
    fill = "#e4e0d8" if unusable else "#fffdf7"
    svg = Svg(CARD_W, name)
    svg.rect(x, y, CARD_W, CARD_H, fill=fill, stroke="#5b4a2f", extra=' class="card"')
    svg.text(x + CARD_W - 8, y + 20, value, size=18, weight="bold", anchor="end")
    for row, text in enumerate(wrap(name, 13)[:3]):
        svg.text(x + 8, y + 20 + 16 * row, text, size=13, weight="bold")
    detail = " · ".join(part for part in parts[1:] if part)
    for row, text in enumerate(wrap(detail, 24)[:3]):
        svg.text(x + 8, y + 70 + 12 * row, text, size=10, fill="#555")
    if mark:
        svg.text(x + 8, y + CARD_H - 4, mark, size=10, weight="bold", fill="#a11")
    return "".join(svg.parts)


def _cards(
    svg: Svg, y: int, names: Sequence[str], about: Mapping[str, str], pending: object
) -> int:
    """A grid of cards from ``y``; returns the next free ``y``."""
    if not names:
        svg.text(24, y + 16, "no cards", size=13, fill="#777")
        return y + 28
    for index, name in enumerate(names):
        row, column = divmod(index, PER_ROW)
        x = 24 + column * (CARD_W + CARD_GAP)
        mark = "wrong stage: decide" if name == pending else ""
        _card(svg, x, y + row * (CARD_H + CARD_GAP), name, about.get(name, ""), mark=mark)
    rows = (len(names) + PER_ROW - 1) // PER_ROW
    return y + rows * (CARD_H + CARD_GAP) + 4


def _track(svg: Svg, y: int, provinces: Mapping[str, Any]) -> int:
    """The province track: one box per province, coloured by who holds it."""
    counts = [int(provinces.get(side, 0)) for side in SIDES]
    total = max(1, sum(counts))
    box = min(48.0, (WIDTH - 48) / total)
    svg.text(24, y, "Provinces", size=15, weight="bold")
    x = 24.0
    for side, count in zip(SIDES, counts, strict=True):
        for _ in range(count):
            svg.rect(x, y + 8, box - 3, 30, fill=COLOURS[side], stroke="#333", radius=3)
            x += box
    svg.text(24, y + 58, f"Dutch {counts[0]}", size=14, weight="bold", fill=COLOURS["Dutch"])
    svg.text(
        WIDTH - 24,
        y + 58,
        f"Spanish {counts[1]}",
        size=14,
        weight="bold",
        fill=COLOURS["Spanish"],
        anchor="end",
    )
    return y + 80


def _line(svg: Svg, y: int, text: str, *, size: int = 13, weight: str = "normal") -> int:
    for part in wrap(text, 118):
        svg.text(24, y, part, size=size, weight=weight)
        y += size + 6
    return y


def _reveal(svg: Svg, y: int, reveal: Mapping[str, Any]) -> int:
    """The melds shown at the last reveal and what they settled."""
    y = _line(svg, y, f"Last reveal (turn {reveal.get('turn', '?')})", size=15, weight="bold")
    melds = reveal.get("melds", {})
    for side in SIDES:
        for meld, shown in melds.get(side, {}).items():
            face_up = ", ".join(shown.get("face_up", [])) or "no card face up"
            text = (
                f"{side} {meld}: total {shown.get('total', 0)}; face up: {face_up}; "
                f"face down: {shown.get('face_down', 0)}"
            )
            y = _line(svg, y, text)
    for outcome in reveal.get("outcomes", []):
        winner = outcome.get("winner") or "nobody"
        y = _line(
            svg,
            y,
            f"{str(outcome.get('meld', '')).capitalize()} meld: Dutch {outcome.get('Dutch')} "
            f"against Spanish {outcome.get('Spanish')}; won by {winner}; "
            f"provinces changing hands: {outcome.get('provinces', 0)}",
        )
    return y + 6


def board_svg(view: JsonDict) -> str:
    """The Eighty Years War board for one seat's (or a spectator's) view."""
    svg = Svg(WIDTH, "Eighty Years War")
    heading = (
        f"Eighty Years War · turn {view.get('turn')} of {view.get('turns')} · "
        f"Stage {view.get('stage')} · {view.get('phase')}"
    )
    svg.text(24, 32, heading, size=20, weight="bold")
    to_move = view.get("to_move")
    status = f"To move: {to_move}" if to_move else "The game is over"
    svg.text(WIDTH - 24, 32, status, size=15, anchor="end", css_class="to-move")
    y = _track(svg, 64, view.get("provinces", {}))
    held = view.get("cards_held", {})
    discard = view.get("discard", {})
    y = _line(
        svg,
        y,
        f"Deck {view.get('deck')} · not yet shuffled in {view.get('not_yet_in_deck')} · "
        f"cards held: Dutch {held.get('Dutch', 0)}, Spanish {held.get('Spanish', 0)} · "
        f"face-down discards of the other side {discard.get('face_down', 0)}",
        size=14,
    )
    strategy = view.get("strategy_discards")
    if isinstance(strategy, Mapping):
        count = strategy.get("count", 0)
        cards = "card" if count == 1 else "cards"
        y = _line(svg, y, f"{strategy.get('seat')} has discarded {count} {cards} this phase")
    you = view.get("you")
    if isinstance(you, Mapping):
        seat = view.get("seat", "you")
        about: Mapping[str, str] = you.get("cards", {})
        pending = you.get("wrong_stage_card")
        y = _line(svg, y + 10, f"Your hand ({seat})", size=16, weight="bold")
        y = _cards(svg, y - 6, list(you.get("hand", [])), about, pending)
        for meld, cards in you.get("melds", {}).items():
            total = sum(_value(about.get(card, "")) for card in cards)
            y = _line(svg, y + 6, f"Your {meld} meld (value {total})", size=15, weight="bold")
            y = _cards(svg, y - 6, list(cards), about, None)
        mine_down = discard.get("yours_face_down", [])
        if mine_down:
            y = _line(svg, y + 4, "Your face-down discards: " + ", ".join(mine_down))
    reveal = view.get("last_reveal")
    if isinstance(reveal, Mapping):
        y = _reveal(svg, y + 10, reveal)
    face_up = ", ".join(discard.get("face_up", [])) or "none"
    y = _line(svg, y + 4, f"Face-up discards: {face_up}")
    removed = ", ".join(view.get("removed_from_play", [])) or "none"
    y = _line(svg, y, f"Removed from play: {removed}")
    result = view.get("result")
    if isinstance(result, Mapping):
        winners = ", ".join(result.get("winners", [])) or "nobody"
        _line(svg, y + 8, f"Winner: {winners}. {result.get('reason', '')}", size=17, weight="bold")
    return svg.document()


def _value(about: str) -> int:
    head = about.split("·", 1)[0].strip()
    return int(head) if head.lstrip("-").isdigit() else 0
