"""Eighty Years War's board, drawn from a view alone: the province track, the deck and
discards, the last reveal of melds, and for a seat its own hand, melds and face-down
discards.

Everything that changes comes from ``view(seat)`` (or ``view(None)``): the other side's
hand and melds appear only as the count of cards it holds, as the view gives them. The
printed card list (value, Use, Meld, Stage, Leader or Event: EIGHTY YEARS WAR CARD LIST)
is public, so the details of a face-up card are read from the game's shipped card list.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stratagem.core import JsonDict
from stratagem.games.eighty_years_war.pack import load_card_book
from stratagem.render.layout import (
    CHIPS_DRAWN,
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
from stratagem.render.parts import place
from stratagem.render.svg import Svg, detailed

WIDTH = 800
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
SIDES = ("Dutch", "Spanish")
COLOURS = {"Dutch": "#c96a12", "Spanish": "#a82a22"}
SIDE_STRIPES = {"D": COLOURS["Dutch"], "S": COLOURS["Spanish"], "B": "#7d7462"}
"""The band along a card's top: who may use it (Use column)."""
CARD_W, CARD_H, CARD_GAP = 142, 160, 10
PER_ROW = 5
FONT = Font(0.56, 0.63)
"""A character's width in ems, generously (the page draws in DejaVu Serif when Georgia is
missing), so that wrapped lines never run past the width they were wrapped for."""

CARD_FACES = 2048
"""Card faces kept drawn (a hand is drawn again after every move, mostly unchanged)."""

DRAWN = frozenset(
    {
        "game",
        "seat",
        "turn",
        "turns",
        "stage",
        "phase",
        "to_move",
        "provinces",
        "cards_held",
        "deck",
        "not_yet_in_deck",
        "discard",
        "removed_from_play",
        "last_reveal",
        "discarded_this_turn",
        "strategy_discards",
        "result",
        "you",
    }
)
"""The view's keys the board draws."""
DRAWN_YOURS = frozenset({"hand", "melds", "wrong_stage_card", "cards", "last_reveal_face_down"})
"""The keys of the seat's private part (``view["you"]``) the board draws."""
UNUSABLE = "unusable by you now"
PENDING = "keep or replace?"
"""The mark on the card of the wrong Stage its holder must keep or replace (Rulings R4)."""
"""The view's words for a card of the seat that counts nothing for it now."""
UNDRAWN: dict[str, str] = {}
"""View key -> why the board leaves it out (nothing: every key is drawn)."""

PHASE_HINTS = {
    "Logistics Phase": "Hands are filled: the Dutch to 7 cards, the Spanish to 8; a card "
    "of the wrong Stage may be swapped for a fresh one.",
    "Strategy Phase": "Each side may throw away up to 4 cards face down and draw as many.",
    "Action Phase": "Each side splits its whole hand into a Military and a Political Meld; "
    "both are shown together.",
    "End Phase": "The cards played are discarded.",
}
"""What happens in each phase (TURN SEQUENCE), in a line."""
USE = {"D": "Dutch only", "S": "Spanish only", "B": "both sides"}
MELD = {"M": "military meld", "P": "political meld", "E": "either meld"}
STAGE = {
    "I": "Stage I",
    "II": "Stage II",
    "III": "Stage III",
    "I+": "Stages I-II",
    "II+": "Stages II-III",
    "A": "all stages",
}
NOTES = {
    "Leader": "Leader: a meld counts one Leader only",
    "Event": "Event: one a turn counts, and it leaves the game once it adds its value",
}
"""The card list's columns in words (CARD LIST NOTATION)."""


@functools.lru_cache(maxsize=1)
def _printed() -> dict[str, str]:
    """Each card's printed columns in words, by name (the public card list)."""
    book = load_card_book()
    notes = {"L": "Leader", "V": "Event", None: ""}
    return {
        entry.name: " · ".join(
            part
            for part in (
                str(entry.value),
                USE[entry.use],
                MELD[entry.meld],
                STAGE[entry.stage],
                notes[entry.notes],
            )
            if part
        )
        for entry in book.entries
    }


def _about(name: str, yours: Mapping[str, str]) -> str:
    """A card's columns in words: the view's own words for the seat's cards, the card
    list's for any other card."""
    return yours.get(name) or _printed().get(name, "")


@functools.lru_cache(maxsize=CHIPS_DRAWN)
def card_detail(name: str, about: str, *, seat: object, stage: object, own: bool) -> str:
    """A card's full details for hover and tap: value, Use, Meld, Stage, what a Leader or
    an Event does, and, for the seat's own cards, whether it can use it now and why not
    (ACTION PHASE: a card of the other side or of another Stage counts 0)."""
    parts = [part.strip() for part in about.split("·") if part.strip()]
    if not parts:
        return name
    words = [f"{name}: value {parts[0]}"]
    words.extend(NOTES.get(part, part) for part in parts[1:] if part != UNUSABLE)
    if own and UNUSABLE in parts:
        side_only = next((part for part in parts if part.endswith(" only")), "")
        if side_only and not side_only.startswith(str(seat)):
            side = side_only.removesuffix(" only")
            words.append(f"you cannot use it: only the {side} may, so it counts 0 for you")
        else:
            words.append(f"you cannot use it in Stage {stage}, so it counts 0 for you")
    elif own:
        words.append("you can use it now")
    return "; ".join(words) + "."


def _text_lines(
    svg: Svg,
    y: float,
    text: str,
    *,
    size: int = 14,
    weight: str = "normal",
    fill: str = "#222",
    x: float = MARGIN,
    width: float = INNER,
) -> float:
    """``text`` wrapped to ``width`` from baseline ``y``; returns the next baseline."""
    return write(svg, x, y, width, Line(text, size, weight, fill), font=FONT, step=size + 6)


def _card(svg: Svg, x: float, y: float, name: str, *, about: str, detail: str, mark: str) -> None:
    """One card face (its details on hover and tap), drawn at the origin and moved to
    ``(x, y)`` by a group whose opening is a piece of the board apart (``Svg.pieces``):
    a card that only moves (the hand shrank before it) keeps its piece unchanged."""
    face = _card_face(name, about=about, detail=detail, mark=mark)
    svg.group(f'<g transform="translate({x:g} {y:g})">', [face], y + CARD_H)


@functools.lru_cache(maxsize=CARD_FACES)
def _card_face(name: str, *, about: str, detail: str, mark: str) -> str:
    """A card, its top left corner at the origin: its value large, its name, its Use,
    Meld and Stage, Leader or Event, and a red note when it counts nothing for the seat
    now."""
    parts = [part.strip() for part in about.split("·") if part.strip()]
    value = parts[0] if parts else ""
    unusable = UNUSABLE in parts or bool(mark and mark != PENDING)
    face = Svg(CARD_W, name)
    fill = "#e6e1d6" if unusable else "#fffdf7"
    face.rect(0, 0, CARD_W, CARD_H, fill=fill, stroke="#5b4a2f", extra=' class="card"')
    side = next((code for code, words in USE.items() if words in parts), "B")
    face.rect(0, 0, CARD_W, 6, fill=SIDE_STRIPES[side], stroke="none", radius=3)
    face.text(10, 28, value, size=22, weight="bold", fill="#5b4a2f")
    kind = next((part for part in parts if part in NOTES), "")
    if kind:
        face.text(CARD_W - 8, 26, kind, size=12, weight="bold", fill="#7a4f01", anchor="end")
    row = 48
    for line in FONT.fit(name, CARD_W - 16, 14, "bold")[:3]:
        face.text(8, row, line, size=14, weight="bold")
        row += 17
    details = parts[1:4]
    note = mark or ("counts 0 for you" if unusable else "")
    row = CARD_H - 10 - 15 * (len(details) - (0 if note else 1))
    for line in details:
        face.text(8, row, line, size=12, fill="#555")
        row += 15
    if note:
        face.text(8, row, note, size=12, weight="bold", fill="#a11")
    return detailed("".join(face.parts), detail, name=name)


def fits(about: str, meld: str) -> bool:
    """Whether a card whose columns are ``about`` may count in the ``meld`` meld."""
    return "either meld" in about or f"{meld} meld" in about


def _cards(
    svg: Svg,
    y: float,
    names: Sequence[str],
    view: Mapping[str, Any],
    *,
    pending: object = None,
    meld: str = "",
) -> float:
    """A grid of the seat's cards from ``y`` (the top), in ``meld`` if given; returns the
    next free ``y``."""
    you = view.get("you", {})
    yours: Mapping[str, str] = you.get("cards", {}) if isinstance(you, Mapping) else {}
    if not names:
        return _text_lines(svg, y + 16, "no cards", size=13, fill="#777") - 4
    for index, name in enumerate(names):
        row, column = divmod(index, PER_ROW)
        about = _about(name, yours)
        detail = card_detail(
            name, about, seat=view.get("seat"), stage=view.get("stage"), own=name in yours
        )
        mark = PENDING if name == pending else ""
        if meld and not fits(about, meld):
            mark = "wrong meld: counts 0"
            detail = detail.removesuffix(".") + f"; it counts 0 in the {meld} meld."
        x = MARGIN + column * (CARD_W + CARD_GAP)
        _card(svg, x, y + row * (CARD_H + CARD_GAP), name, about=about, detail=detail, mark=mark)
    rows = (len(names) + PER_ROW - 1) // PER_ROW
    return y + rows * (CARD_H + CARD_GAP)


def _hand(
    svg: Svg, y: float, view: Mapping[str, Any], hand: Sequence[str], pending: object
) -> float:
    """The seat's hand as cards (a part: ``view`` is the slice ``_seen`` keeps of these
    cards; a hand that did not change is not drawn again when a meld did)."""
    return _cards(svg, y, hand, view, pending=pending)


def _meld(svg: Svg, y: float, view: Mapping[str, Any], names: Sequence[str], meld: str) -> float:
    """One of the seat's melds as cards (a part, as ``_hand``)."""
    return _cards(svg, y, names, view, meld=meld)


def _chip_rows(svg: Svg, y: float, view: Mapping[str, Any], names: Sequence[str]) -> float:
    """Cards as chips (a part: ``view`` is the slice ``_seen`` keeps of these cards)."""
    return _chips(svg, y, names, view)


def _chips(svg: Svg, y: float, names: Iterable[str], view: Mapping[str, Any]) -> float:
    """Cards as named chips, laid out in rows from ``y`` (the top); returns the next free
    ``y``. Each chip shows the card's details on hover and tap."""
    you = view.get("you", {})
    yours: Mapping[str, str] = you.get("cards", {}) if isinstance(you, Mapping) else {}
    chips = []
    for name in names:
        about = _about(name, yours)
        value = about.split("·", 1)[0].strip()
        detail = card_detail(
            name, about, seat=view.get("seat"), stage=view.get("stage"), own=name in yours
        )
        chips.append(Chip(f"{name} ({value})" if value else name, detail, name, PLAIN_CHIP))
    return chip_rows(svg, MARGIN, y, INNER, chips, font=FONT)


HEADED = ("seat", "to_move", "turn", "turns", "stage", "phase")
"""The view's keys the heading reads."""
COUNTED = (
    "deck",
    "not_yet_in_deck",
    "cards_held",
    "discarded_this_turn",
    "strategy_discards",
)
"""The view's keys the counts read (with the number of the other side's face-down
discards)."""


def _heading(svg: Svg, top: float, view: Mapping[str, Any]) -> float:
    """The title, the turn, Stage and phase, whose move it is, and what the phase does
    (a part, drawn at the board's top: ``view`` holds the ``HEADED`` keys)."""
    colour = COLOURS.get(str(view.get("to_move")), "#222")
    status = whose_move(view, "Cards are being dealt")
    masthead(svg, MARGIN, INNER, "Eighty Years War", status, fill=colour)
    y = _text_lines(
        svg,
        top + 62,
        f"Turn {view.get('turn')} of {view.get('turns')} · Stage {view.get('stage')} · "
        f"{view.get('phase')}",
        size=16,
    )
    hint = PHASE_HINTS.get(str(view.get("phase")))
    if hint:
        y = _text_lines(svg, y, hint, size=13, fill="#555")
    return y


def _track(svg: Svg, y: float, provinces: Mapping[str, Any]) -> float:
    """The 17 province tokens, coloured by their holder, and the victory marks (VICTORY;
    a part)."""
    counts = [int(provinces.get(side, 0)) for side in SIDES]
    total = max(1, sum(counts))
    box = INNER / total
    x = float(MARGIN)
    for side, count in zip(SIDES, counts, strict=True):
        for _ in range(count):
            svg.rect(x, y, box - 4, 30, fill=COLOURS[side], stroke="#333", radius=3)
            x += box
    y += 52
    svg.text(MARGIN, y, f"Dutch {counts[0]}", size=16, weight="bold", fill=COLOURS["Dutch"])
    svg.text(
        WIDTH - MARGIN,
        y,
        f"Spanish {counts[1]}",
        size=16,
        weight="bold",
        fill=COLOURS["Spanish"],
        anchor="end",
    )
    svg.text(WIDTH / 2, y, "provinces", size=13, fill="#555", anchor="middle")
    note = (
        "After turn 15: the Dutch win with 8+, the Spanish with 11+; 7 to 10 is a Historical Tie."
    )
    return _text_lines(svg, y + 22, note, size=13, fill="#555")


def _counts(svg: Svg, y: float, view: Mapping[str, Any]) -> float:
    """The deck, the cards held and discarded, as numbers (a part: ``view`` is the slice
    ``_counted`` keeps)."""
    held = view.get("cards_held", {})
    discard = view.get("discard", {})
    thrown = view.get("discarded_this_turn", {})
    y = _text_lines(
        svg,
        y,
        f"Deck {view.get('deck')} cards · not yet shuffled in {view.get('not_yet_in_deck')} · "
        f"cards held: Dutch {held.get('Dutch', 0)}, Spanish {held.get('Spanish', 0)}",
    )
    y = _text_lines(
        svg,
        y,
        f"Discarded this turn: Dutch {thrown.get('Dutch', 0)}, Spanish "
        f"{thrown.get('Spanish', 0)} · face-down discards of the other side: "
        f"{discard.get('face_down', 0)}",
    )
    strategy = view.get("strategy_discards")
    if isinstance(strategy, Mapping):
        count = strategy.get("count", 0)
        cards = "card" if count == 1 else "cards"
        y = _text_lines(
            svg, y, f"{strategy.get('seat')} has discarded {count} {cards} this phase (at most 4)"
        )
    return y


def _section(svg: Svg, y: float, title: str) -> float:
    """A section's heading from baseline ``y`` under a rule; returns the top of what
    follows (13 units above the next baseline)."""
    return ruled_title(svg, MARGIN, y, INNER, title, font=FONT, step=23, rule=22) - 13


def _yours(
    svg: Svg, y: float, view: Mapping[str, Any], you: Mapping[str, Any], mine_down: list[str]
) -> float:
    """The seat's hand, melds, the card it must decide on, and its face-down discards
    (a part: ``view`` is the slice ``_seen`` keeps)."""
    seat = view.get("seat", "you")
    hand = list(you.get("hand", []))
    pending = you.get("wrong_stage_card")
    y = _section(svg, y + 30, f"Your hand ({seat}) · {len(hand)} cards")
    if pending:
        y = (
            _text_lines(
                svg,
                y + 12,
                f"{pending} cannot be used in this Stage: keep it, or replace it with a "
                "fresh card.",
                weight="bold",
                fill="#a11",
            )
            - 8
        )
    y = place(svg, y, _hand, _seen(view, hand), hand, pending)
    cards: Mapping[str, str] = you.get("cards", {})
    melds: Mapping[str, Sequence[str]] = you.get("melds", {})
    if not any(melds.values()):
        y = _text_lines(svg, y + 14, "Your melds: none made yet.", size=14, fill="#555")
    for meld, names in melds.items():
        if not names:
            continue
        counted = sum(_value(cards.get(name, ""), meld) for name in names)
        y = _section(svg, y + 34, f"Your {meld} meld · its usable cards add up to {counted}")
        y = place(svg, y, _meld, _seen(view, names), list(names), meld)
    if mine_down:
        y = _section(svg, y + 34, "Your face-down discards (the other side cannot see them)")
        y = place(svg, y, _chip_rows, _seen(view, mine_down), mine_down)
    why: Mapping[str, str] = you.get("last_reveal_face_down", {})
    if why:
        y = _section(svg, y + 34, "Why your cards went face down at the last reveal")
        by_reason: dict[str, list[str]] = {}
        for card, reason in why.items():
            by_reason.setdefault(reason, []).append(card)
        for reason, names in by_reason.items():
            y = _text_lines(svg, y + 14, f"{reason}: {', '.join(names)}", size=14) - 6
    return y


def _reveal(svg: Svg, y: float, view: Mapping[str, Any], reveal: Mapping[str, Any]) -> float:
    """The melds shown at the last reveal and what each meld settled (ACTION PHASE; a
    part: ``view`` is the slice ``_seen`` keeps)."""
    y = _section(svg, y + 34, f"Last reveal (turn {reveal.get('turn', '?')})")
    melds = reveal.get("melds", {})
    for outcome in reveal.get("outcomes", []):
        meld = str(outcome.get("meld", ""))
        winner = outcome.get("winner")
        moved = int(outcome.get("provinces", 0))
        settled = (
            f"won by the {winner}: {moved} province{'s' if moved != 1 else ''} changed hands"
            if winner
            else "no winner (within 2 points)"
        )
        y = _text_lines(
            svg,
            y + 14,
            f"{meld.capitalize()} meld: Dutch {outcome.get('Dutch')} against Spanish "
            f"{outcome.get('Spanish')}, {settled}",
            size=15,
            weight="bold",
        )
        for side in SIDES:
            shown = melds.get(side, {}).get(meld, {})
            down = int(shown.get("face_down", 0))
            face_up = shown.get("face_up", [])
            y = _text_lines(
                svg,
                y,
                f"{side}: total {shown.get('total', 0)} from {len(face_up)} card(s) face up "
                f"and {down} face down (counting nothing)",
                fill=COLOURS[side],
            )
            if face_up:
                y = _chips(svg, y - 12, face_up, view) + 16
    return y


def _piles(
    svg: Svg, y: float, view: Mapping[str, Any], face_up: list[str], removed: list[str]
) -> float:
    """The face-up discards and the Events removed from play (a part: ``view`` is the
    slice ``_seen`` keeps)."""
    y = _section(svg, y + 34, f"Face-up discards · {len(face_up)}")
    y = _chips(svg, y, face_up, view) if face_up else _text_lines(svg, y + 14, "none") - 8
    y = _section(svg, y + 34, f"Events removed from play · {len(removed)}")
    return _chips(svg, y, removed, view) if removed else _text_lines(svg, y + 14, "none") - 8


def _result(svg: Svg, y: float, result: Mapping[str, Any]) -> float:
    """The end of the game: who won and why."""
    winners = " and ".join(result.get("winners", [])) or "nobody"
    y = _section(svg, y + 34, f"Winner: {winners}")
    return _text_lines(svg, y + 14, str(result.get("reason", "")), size=15) + 12


def board_pieces(view: JsonDict) -> list[str]:
    """The Eighty Years War board for one seat's (or a spectator's) view, as the pieces
    of its SVG document (``Svg.pieces``)."""
    svg = Svg(WIDTH, "Eighty Years War")
    y = place(svg, 0, _heading, {key: view[key] for key in HEADED if key in view})
    result = view.get("result")
    if isinstance(result, Mapping):
        y = _result(svg, y - 24, result)
    y = place(svg, y + 2, _track, view.get("provinces", {}))
    y = place(svg, y + 4, _counts, _counted(view))
    discard = view.get("discard", {})
    you = view.get("you")
    if isinstance(you, Mapping):
        mine_down = discard.get("yours_face_down", [])
        y = place(svg, y, _yours, _seen(view, None), you, mine_down)
    reveal = view.get("last_reveal")
    if isinstance(reveal, Mapping):
        shown = [
            name
            for side in reveal.get("melds", {}).values()
            for meld in side.values()
            for name in meld.get("face_up", [])
        ]
        y = place(svg, y, _reveal, _seen(view, shown), reveal)
    face_up, removed = discard.get("face_up", []), view.get("removed_from_play", [])
    place(svg, y, _piles, _seen(view, [*face_up, *removed]), face_up, removed)
    return svg.pieces()


def board_svg(view: JsonDict) -> str:
    """The Eighty Years War board for one seat's (or a spectator's) view."""
    return "".join(board_pieces(view))


def _counted(view: Mapping[str, Any]) -> JsonDict:
    """What the counts read of the view: the ``COUNTED`` keys and how many face-down
    discards of the other side there are."""
    counted: JsonDict = {key: view[key] for key in COUNTED if key in view}
    counted["discard"] = {"face_down": view.get("discard", {}).get("face_down", 0)}
    return counted


def _seen(view: Mapping[str, Any], names: Sequence[str] | None) -> JsonDict:
    """What a card's chip or face reads of the view besides the card: the seat, the
    Stage and the seat's own cards among ``names`` (all of them for ``None``). A part of
    the board is kept drawn by this slice, so it holds no more than the part needs."""
    you = view.get("you")
    cards: Mapping[str, str] = you.get("cards", {}) if isinstance(you, Mapping) else {}
    if names is not None:
        cards = {name: cards[name] for name in names if name in cards}
    return {"seat": view.get("seat"), "stage": view.get("stage"), "you": {"cards": cards}}


def _value(about: str, meld: str) -> int:
    """What a card of the seat adds to its ``meld`` meld: its value, or 0 when it is
    unusable there (before the one-Leader and one-Event limits, ACTION PHASE)."""
    if UNUSABLE in about or not fits(about, meld):
        return 0
    head = about.split("·", 1)[0].strip()
    return int(head) if head.lstrip("-").isdigit() else 0
