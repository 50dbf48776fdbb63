"""Eighty Years War at the terminal, drawn from a seat's view alone for an 80x24 screen.

Two lines of table (turn, stage and phase with the province track; deck, discards, cards
to come and the other side's hand), then the seat's cards once, one row each: printed
value, side, meld, stage, Leader or Event, where the card is (hand or a meld) and what it
counts there, with the reason when it counts 0 (a card of the other side, of the wrong
meld or stage, a second Leader in a meld, a second Event). Under the cards, the two melds'
running totals while a split is being built, or else the last reveal: each meld's totals,
the winner and the Province Tokens taken, and why cards were face down.

The scoring mirrors ``stratagem.games.eighty_years_war.melds.score_melds`` but reads
only the view: each card's printed columns come from ``view["you"]["cards"]`` (whose keys
are in card-list order, which breaks ties between Leaders or Events of equal value).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict
from stratagem.render.text import LinePlan

MELDS = ("military", "political")
SHORT_MELD = {"military": "Mil", "political": "Pol"}
WIDTH = 80
TRACK_WIDTH = 17
"""Cells of the province track (one per Province Token of the standard game)."""
FACE_DOWN_WHY = "Face down = 0: the other side's card, wrong meld or stage, 2nd Leader, 2nd Event"
"""Why a card of the last reveal was face down; which cards were is not in the view."""


def _s(count: int) -> str:
    return "" if count == 1 else "s"


@dataclass(frozen=True, slots=True)
class Card:
    """A card's printed columns, read back from ``describe_card``'s words."""

    name: str
    order: int
    value: int
    use: str
    """``Dutch only``, ``Spanish only`` or ``both sides``."""
    meld: str
    """``military meld``, ``political meld`` or ``either meld``."""
    stage: str
    leader: bool
    event: bool
    usable_now: bool
    """The seat's side and this stage allow it (its meld aside)."""

    @property
    def side(self) -> str:
        return {"Dutch only": "Dutch", "Spanish only": "Spain"}.get(self.use, "both")

    @property
    def meld_short(self) -> str:
        return {"military meld": "mil", "political meld": "pol"}.get(self.meld, "either")

    @property
    def stage_short(self) -> str:
        words = self.stage.removeprefix("Stages ").removeprefix("Stage ")
        return "all" if words == "all stages" else words

    def fits(self, meld: str) -> bool:
        return self.meld in ("either meld", f"{meld} meld")


def read_cards(view: JsonDict) -> dict[str, Card]:
    """The seat's cards (hand and melds) by name, in card-list order."""
    cards: dict[str, Card] = {}
    for order, (name, words) in enumerate(view.get("you", {}).get("cards", {}).items()):
        parts = str(words).split(" · ")
        notes = parts[4:]
        cards[name] = Card(
            name=name,
            order=order,
            value=int(parts[0]),
            use=parts[1],
            meld=parts[2],
            stage=parts[3],
            leader="Leader" in notes,
            event="Event" in notes,
            usable_now="unusable by you now" not in notes,
        )
    return cards


def _best(cards: list[Card]) -> Card:
    """The highest value; on equal values the earlier in the card list (Rulings R8, R9)."""
    return min(cards, key=lambda card: (-card.value, card.order))


def _own_reason(card: Card, seat: str, meld: str) -> str | None:
    """Why ``card`` would score 0 in ``meld`` on its own, or ``None`` if it counts."""
    if card.use not in ("both sides", f"{seat} only"):
        return "other side"
    if not card.usable_now:
        return f"stage {card.stage_short}"
    if not card.fits(meld):
        return f"{card.meld.removesuffix(' meld')} card"
    return None


def score(view: JsonDict, cards: dict[str, Card]) -> dict[str, tuple[int, dict[str, str]]]:
    """Each meld's total and, for each card in it, what it counts (``+4``) or why it is 0."""
    seat = str(view.get("seat"))
    melds = view["you"]["melds"]
    usable: dict[str, list[Card]] = {}
    notes: dict[str, dict[str, str]] = {}
    for meld in MELDS:
        usable[meld] = []
        notes[meld] = {}
        for name in melds[meld]:
            card = cards[name]
            reason = _own_reason(card, seat, meld)
            if reason is None:
                usable[meld].append(card)
            else:
                notes[meld][name] = f"0: {reason}"
        leaders = [card for card in usable[meld] if card.leader]
        if len(leaders) > 1:
            keep = _best(leaders)
            for card in leaders:
                if card is not keep:
                    usable[meld].remove(card)
                    notes[meld][card.name] = "0: 2nd Leader"
    events = [card for meld in MELDS for card in usable[meld] if card.event]
    if events:
        keep = _best(events)
        for meld in MELDS:
            for card in [c for c in usable[meld] if c.event and c is not keep]:
                usable[meld].remove(card)
                notes[meld][card.name] = "0: 2nd Event"
    result: dict[str, tuple[int, dict[str, str]]] = {}
    for meld in MELDS:
        for card in usable[meld]:
            notes[meld][card.name] = f"+{card.value}"
        result[meld] = (sum(card.value for card in usable[meld]), notes[meld])
    return result


def _hand_note(card: Card, seat: str, counted: list[Card]) -> str:
    """Where a card in hand would count, and what would make it 0."""
    if card.use not in ("both sides", f"{seat} only"):
        return "0: other side"
    if not card.usable_now:
        return f"0: stage {card.stage_short}"
    if card.event and any(other.event and _best([other, card]) is other for other in counted):
        return "0: 2nd Event"
    return {"mil": "military only", "pol": "political only"}.get(card.meld_short, "either")


def _header(view: JsonDict) -> Text:
    """Turn, stage and phase, and the province track in the same line: a cell per token."""
    line = Text(
        f"Turn {view['turn']}/{view['turns']} · Stage {view['stage']} · {view['phase']} · ",
        style="bold",
    )
    dutch = int(view["provinces"]["Dutch"])
    spanish = int(view["provinces"]["Spanish"])
    total = dutch + spanish
    width = max(TRACK_WIDTH, total)
    cells = round(width * dutch / total) if total else 0
    line.append(f"Dutch {dutch} ")
    line.append("█" * cells, style="orange1")
    line.append("░" * (width - cells), style="red")
    line.append(f" {spanish} Spanish")
    return line


def _result(view: JsonDict) -> Text | None:
    result = view.get("result")
    return Text(str(result["reason"]), style="bold") if result else None


def _counts(view: JsonDict) -> Text:
    """Deck, discard pile, cards out of play or still to come, and the other side's hand."""
    discard = view["discard"]
    up = len(discard["face_up"])
    down = int(discard["face_down"]) + len(discard["yours_face_down"])
    held = view["cards_held"]
    parts = [f"Deck {view['deck']}", f"discards {up} up {down} down"]
    removed = len(view["removed_from_play"])
    if removed:
        parts.append(f"{removed} removed")
    if view["not_yet_in_deck"]:
        parts.append(f"{view['not_yet_in_deck']} to come")
    discarded = view.get("discarded_this_turn", {})
    for name in held:
        if name != view.get("seat"):
            parts.append(f"{name} hold {held[name]}")
            swapped = f" ({discarded[name]} swapped)" if discarded.get(name) else ""
            if len(" · ".join(parts) + swapped) <= WIDTH:
                parts[-1] += swapped
    return Text(" · ".join(parts), style="dim")


def _cards_table(view: JsonDict, cards: dict[str, Card], seat_name: str | None) -> Table | None:
    you = view.get("you")
    if you is None:
        return None
    seat = str(view.get("seat"))
    scored = score(view, cards)
    counted = [
        cards[name]
        for meld in MELDS
        for name, note in scored[meld][1].items()
        if note.startswith("+")
    ]
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold")
    table.add_column(f"You ({seat_name or seat}), H=Hand", style="bold", no_wrap=True)
    table.add_column("Val", justify="right", no_wrap=True)
    table.add_column("Side", no_wrap=True)
    table.add_column("Meld", no_wrap=True)
    table.add_column("Stage", no_wrap=True)
    table.add_column("Note", no_wrap=True)
    table.add_column("In", no_wrap=True)
    table.add_column("Counts", no_wrap=True)
    wrong = you.get("wrong_stage_card")
    rows: list[tuple[Card, str, str]] = []
    for meld in MELDS:
        for name in you["melds"][meld]:
            rows.append((cards[name], SHORT_MELD[meld], scored[meld][1][name]))
    placed = len(rows)
    for name in you["hand"]:
        note = _hand_note(cards[name], seat, counted)
        if name == wrong:
            note = "wrong stage: keep?"
        rows.append((cards[name], f"H{len(rows) - placed + 1}", note))
    for card, where, note in rows:
        zero = note.startswith("0") or "; 0" in note
        table.add_row(
            card.name,
            str(card.value),
            card.side,
            card.meld_short,
            card.stage_short,
            "Leader" if card.leader else "Event" if card.event else "",
            where,
            Text(note, style="red" if zero else "green" if note.startswith("+") else ""),
        )
    return table


def _split(view: JsonDict, cards: dict[str, Card]) -> Text | None:
    """The running totals while the melds are being built."""
    you = view.get("you")
    if you is None or not any(you["melds"][meld] for meld in MELDS):
        return None
    scored = score(view, cards)
    line = Text("So far: ", style="bold")
    zero = 0
    for meld in MELDS:
        total, notes = scored[meld]
        count = len(you["melds"][meld])
        zero += sum(1 for note in notes.values() if note.startswith("0"))
        line.append(f"{meld.capitalize()} {total}", style="bold green")
        line.append(f" ({count} card{_s(count)}) · ")
    if zero:
        line.append(f"{zero} at 0 · ", style="red")
    line.append(f"{len(you['hand'])} to place")
    return line


def _reveal(view: JsonDict) -> list[Text]:
    """The last reveal, a line per meld, and why cards were face down."""
    reveal = view.get("last_reveal")
    if not reveal:
        return []
    lines: list[Text] = []
    seat = view.get("seat")
    downs = 0
    for outcome in reveal["outcomes"]:
        meld = str(outcome["meld"])
        line = Text(f"Turn {reveal['turn']} {meld}: ", style="bold")
        for index, side in enumerate(("Dutch", "Spanish")):
            shown = reveal["melds"][side][meld]
            down = int(shown["face_down"])
            downs += down
            line.append(f"{side} {shown['total']}", style="cyan" if side == seat else "")
            if down:
                line.append(f" ({down} down)")
            if index == 0:
                line.append(" v ")
        winner = outcome.get("winner")
        if winner is None:
            line.append(": tie")
        else:
            taken = int(outcome["provinces"])
            line.append(f": {winner} +{taken} province{_s(taken)}", style="bold")
        lines.append(line)
    mine = (view.get("you") or {}).get("last_reveal_face_down") or {}
    if mine:
        lines.append(_why_down(mine))
    elif downs:
        lines.append(Text(FACE_DOWN_WHY, style="dim"))
    return lines


SHORT_WHY = (
    ("the other side's card", "other side"),
    ("a military card", "wrong meld"),
    ("a political card", "wrong meld"),
    ("not usable in Stage", "stage"),
    ("a second Leader", "2nd Leader"),
    ("a second Event", "2nd Event"),
)
WHY_LINES = 2


def short_why(why: str) -> str:
    """``a military card in the political meld`` as ``wrong meld``, and so on."""
    for start, short in SHORT_WHY:
        if why.startswith(start):
            return short + why.removeprefix(start) if short == "stage" else short
    return why


def _why_down(mine: dict[str, str]) -> Text:
    """Why each of the seat's own cards went face down at the last reveal, grouped by
    reason, in at most two lines (``look CARD`` gives a card's reason in full)."""
    groups: dict[str, list[str]] = {}
    for name, why in mine.items():
        groups.setdefault(short_why(why), []).append(name)
    words = "Your face down: " + " · ".join(
        f"{why}: {', '.join(names)}" for why, names in groups.items()
    )
    lines = textwrap.wrap(words, WIDTH)
    if len(lines) > WHY_LINES:
        lines = [*lines[: WHY_LINES - 1], lines[WHY_LINES - 1][: WIDTH - 2] + " …"]
    line = Text("\n".join(lines), style="dim")
    line.stylize("bold", 0, len("Your face down:"))
    return line


def with_split(view: JsonDict, military: list[str], political: list[str]) -> JsonDict:
    """``view`` as it would be with these cards of the hand added to the two melds.

    For a one-line meld at the prompt (``military: Sea Beggars, Rivers & Marshes``): the
    terminal can draw the split it would make with ``terminal_view`` (running totals and
    each card's count) before any card is placed, and so undo it freely until it is final.
    Names not in the hand raise ``ValueError``.
    """
    you = view["you"]
    hand = list(you["hand"])
    for name in [*military, *political]:
        if name not in hand:
            raise ValueError(f"{name} is not in your hand")
        hand.remove(name)
    melds = {
        "military": [*you["melds"]["military"], *military],
        "political": [*you["melds"]["political"], *political],
    }
    return {**view, "you": {**you, "hand": hand, "melds": melds}}


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """A seat's view in about a dozen lines of 80 columns."""
    cards = read_cards(view)
    parts: list[RenderableType] = [_header(view), _counts(view)]
    result = _result(view)
    if result is not None:
        parts.append(result)
    table = _cards_table(view, cards, seat_name)
    if table is not None:
        parts.append(table)
    split = _split(view, cards)
    if split is not None:
        parts.append(split)
    else:
        parts.extend(_reveal(view))
    return Group(*parts)


MELD_LINE = re.compile(r"\s*(military|political|mil|pol)\s*:\s*(.*)", re.IGNORECASE)
"""A one-line split: ``military: Sea Beggars, 3`` (names or hand numbers, by commas)."""
ACTION_PHASE = "Action Phase"


def _named(hand: list[str], words: str) -> list[str]:
    """The hand's cards ``words`` names: by commas, each a hand number (``H3`` is 3),
    a whole name or the one name holding it (any case)."""
    named: list[str] = []
    for word in filter(None, (part.strip() for part in words.split(","))):
        if word.isdigit():
            number = int(word)
            if not 1 <= number <= len(hand):
                raise ValueError(f"{number} is not a card in your hand (1 to {len(hand)})")
            card = hand[number - 1]
        else:
            exact = [name for name in hand if name.lower() == word.lower()]
            fits = exact or [name for name in hand if word.lower() in name.lower()]
            if len(fits) != 1:
                what = "fits more than one card" if fits else "is not a card in your hand"
                raise ValueError(f"{word!r} {what}: {', '.join(fits or hand)}")
            card = fits[0]
        if card not in named:
            named.append(card)
    return named


def plan_line(view: JsonDict, answer: str) -> LinePlan | None:
    """``military: Sea Beggars, Rivers & Marshes`` (or ``political: ...``): those cards to
    that meld, the rest of the hand to the other, as the Action Phase's placements one by
    one in the order the rules ask for them (the hand's order). ``None`` for another
    answer; ``ValueError`` when it is not the seat's split or leaves a meld empty (ACTION
    PHASE: each meld holds a card)."""
    found = MELD_LINE.fullmatch(answer)
    if found is None:
        return None
    you = view.get("you")
    if you is None or view.get("phase") != ACTION_PHASE or view.get("to_move") != view["seat"]:
        raise ValueError("a meld line (military: CARD, CARD) is for your Action Phase split")
    hand = list(you["hand"])
    named = _named(hand, found.group(2))
    rest = [name for name in hand if name not in named]
    into_military = found.group(1).lower().startswith("mil")
    military, political = (named, rest) if into_military else (rest, named)
    melds = you["melds"]
    if not (melds["military"] or military) or not (melds["political"] or political):
        raise ValueError("each meld must hold a card: name some cards, not all of them")
    actions = tuple(
        f"Meld {'military' if name in military else 'political'}: {name}" for name in hand
    )
    preview = with_split(view, military, political)
    totals = score(preview, read_cards(preview))
    summary = " · ".join(
        f"{meld} {totals[meld][0]} ({len(preview['you']['melds'][meld])})" for meld in MELDS
    )
    return LinePlan(actions, preview, f"split {summary}")
