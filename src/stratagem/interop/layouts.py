"""Each game's observation layout (see ``stratagem.interop.layout``): its slices, in order.

Vocabularies come from the loaded game itself: its seats, and the names its action table
spells out (``Draw: <card>`` gives the cards, ``Control: <colony>`` the colonies), so a
layout follows a user's own data pack. Words that only the views use (phases, steps,
decision windows) are the engines' own tuples of them (1750 and Sixteen Thirty Something)
or listed here, exactly as the views spell them. Every slice reads
what ``view(seat)`` shows and nothing else, so a tensor holds exactly what the seat may
know; ``Layout.unread`` names the view keys left out, each with the reason.

Numbers are divided by their most (``stratagem.interop.layout.Number``): a printed
total where the pack has one (the deck, the provinces, the turns, the table's size, the
status track), read from the loaded game so that a variant's pack scales its own; a
bound the rules set otherwise (a die's 6, a hand's limit); and numbers that grow
without a printed most (victory points, gold, influence, meld totals) are ``soft``
around a typical size. ``TYPICAL`` lists those sizes: they are decided here, not in
any rulebook, and change only how the numbers are scaled, never what a seat sees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, cast, get_args
from weakref import WeakKeyDictionary

from stratagem.core import Game
from stratagem.core.datapack import Assumed
from stratagem.games.britain_vs_france.effects import EXPORTS, Window
from stratagem.games.britain_vs_france.places import PHASE_NAMES as BVF_PHASE_NAMES
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.games.sixteen_thirty_something.pack import LEADER as STS_LEADER
from stratagem.games.sixteen_thirty_something.pack import UNREST as STS_UNREST
from stratagem.games.sixteen_thirty_something.phases import PHASE_NAMES as STS_PHASE_NAMES
from stratagem.interop.compiled import compile_layout
from stratagem.interop.layout import (
    Angle,
    Counts,
    Each,
    Layout,
    LayoutError,
    Number,
    OneOf,
    Parsed,
    Record,
    Rows,
    Slice,
    words,
)

CHANCE_WORD = "chance"
"""``to_move`` at a chance node, in every game's view."""

GAME_WORDS = {
    "game": "the game's name: the same in every view",
    "result": "the outcome, once the game is over: the returns carry it",
}


def after(game: Game, prefix: str) -> tuple[str, ...]:
    """The words following ``prefix`` in the game's action texts, in id order."""
    return words(
        action.text[len(prefix) :] for action in game.actions.all if action.text.startswith(prefix)
    )


def _seats(game: Game) -> tuple[str, ...]:
    return game.seat_names


def _common(game: Game, turns: float) -> list[Slice]:
    """Whose view it is, whose decision it is and the turn, of ``turns`` (every game)."""
    seats = _seats(game)
    return [
        Slice("seat", OneOf(seats)),
        Slice("to_move", OneOf((*seats, CHANCE_WORD))),
        Slice("turn", Number(turns)),
    ]


TYPICAL = {
    "meld": 20,
    "victory points": 20,
    "gold": 10,
    "influence": 20,
    "votes": 8,
    "strength": 4,
    "war total": 8,
    "modifier": 2,
    "pieces": 6,
    "units": 4,
    "objectives": 10,
    "rounds": 8,
    "scenery points": 10,
    "damage": 4,
}
"""Typical sizes of the numbers with no printed most (module docstring)."""


def soft(kind: str, *, signed: bool = False) -> Number:
    """A number with no printed most, around its typical size."""
    return Number(TYPICAL[kind], signed=signed, soft=True)


def _value(entry: Any) -> Any:
    """A pack entry's value, printed or assumed."""
    return entry.value if isinstance(entry, Assumed) else entry


def _pack(game: Game) -> Any:
    """The loaded game's data pack (its ``book``)."""
    return cast(Any, game).book


# -- Eighty Years War --------------------------------------------------------------------

EYW_PHASES = ("Strategy Phase", "Action Phase", "Logistics Phase", "Game over")
MELDS = ("military", "political")


def eighty_years_war(game: Game) -> Layout:
    """Provinces, hands, melds and discards of the Eighty Years War."""
    seats, cards = _seats(game), after(game, "Draw: ")
    rules = _pack(game).rules
    turns, deck, provinces = rules.victory.turns, _pack(game).size, rules.provinces.total
    hand = max(rules.logistics.dutch_hand, rules.logistics.spanish_hand)
    revealed = Record({"face_up": Counts(cards), "face_down": Number(hand), "total": soft("meld")})
    outcome = Record(
        {"meld": OneOf(MELDS), **{seat: soft("meld") for seat in seats}}
        | {"winner": OneOf(seats), "provinces": Number(provinces)}
    )
    return Layout(
        [
            *_common(game, turns),
            Slice("turns", Number(turns)),
            Slice("stage", OneOf(("I", "II", "III"))),
            Slice("phase", OneOf(EYW_PHASES)),
            Slice("provinces", Each(seats, Number(provinces))),
            Slice("cards_held", Each(seats, Number(deck))),
            Slice("deck", Number(deck)),
            Slice("not_yet_in_deck", Number(deck)),
            Slice("discard.face_up", Counts(cards)),
            Slice("discard.face_down", Number(deck)),
            Slice("discard.yours_face_down", Counts(cards)),
            Slice("removed_from_play", Counts(cards)),
            Slice("discarded_this_turn", Each(seats, Number(deck))),
            Slice(
                "strategy_discards",
                Record({"seat": OneOf(seats), "count": Number(rules.strategy.max_discards)}),
            ),
            Slice("last_reveal.turn", Number(turns, nullable=True)),
            Slice("last_reveal.melds", Each(seats, Record(dict.fromkeys(MELDS, revealed)))),
            Slice("last_reveal.outcomes", Rows(len(MELDS), outcome)),
            Slice("you.hand", Counts(cards)),
            Slice("you.melds", Record(dict.fromkeys(MELDS, Counts(cards)))),
            Slice("you.wrong_stage_card", OneOf(cards)),
        ],
        GAME_WORDS
        | {
            "you.cards": "each hand card's data-pack description, fixed by the card you.hand names",
            "you.last_reveal_face_down": "why each of your cards scored 0 at the last reveal: "
            "the rules' reading of last_reveal and your melds",
        },
    )


# -- 1750: Britain vs. France ------------------------------------------------------------

BVF_STEPS = tuple(dict.fromkeys(BVF_PHASE_NAMES))
"""1750's steps, as its engine names them (each once)."""
BVF_WINDOWS = get_args(Window)
"""1750's card windows, as its engine names them."""
BVF_PAIRINGS = 16
"""Pairings of one battle the layout has rows for (one per defending unit)."""
BVF_BATTLE_STAGES = (
    "the attacker covers every defender",
    "the defender adds its other units",
    "the attacker adds its other units",
    "rolling the dice",
    "after the dice",
    "losses",
)


def _colonies_by_name(theaters: object) -> dict[str, Any]:
    """``theaters`` (theater -> colony -> text) as colony -> its read line."""
    if not isinstance(theaters, Mapping):
        raise TypeError("theaters is not a mapping")
    return {
        colony: read_colony_line(text)
        for colonies in theaters.values()
        for colony, text in colonies.items()
    }


def _ransom(offer: object) -> dict[str, object]:
    """``"<unit> for <n> gold"`` or ``"<unit> for <unit>"`` as its parts."""
    if not isinstance(offer, str):
        raise TypeError("the ransom offer is not a text")
    unit, _, price = offer.partition(" for ")
    gold, _, unit_word = price.partition(" ")
    if unit_word == "gold" and gold.isdigit():
        return {"unit": unit, "gold": int(gold)}
    return {"unit": unit, "exchange": price}


def britain_vs_france(game: Game) -> Layout:
    """Colonies, units, gold, cards and objectives of 1750: Britain vs. France."""
    seats = _seats(game)
    colonies, units = after(game, "Control: "), after(game, "Destroy: ")
    cards, objectives = after(game, "Target card: "), after(game, "Attempt: ")
    book = _pack(game)
    turns = 2 * cast(Any, game).turns_per_player
    events = len(book.events)
    pieces = max(Counter(book.units).values())
    gold, points = Each(seats, soft("gold")), Each(seats, soft("victory points"))
    colony = Record({"control": OneOf(seats), "units": Each(seats, Counts(units, pieces))})
    exports = max(book.rules.components.exports.values())
    return Layout(
        [
            *_common(game, turns),
            Slice("turns", Number(turns)),
            Slice("active", OneOf(seats)),
            Slice("step", OneOf(BVF_STEPS)),
            Slice("window", OneOf(BVF_WINDOWS)),
            Slice(
                "answering",
                OneOf(tuple(f"{seat}'s {card}" for seat in seats for card in cards)),
            ),
            Slice("theaters", Parsed(_colonies_by_name, Each(colonies, colony))),
            Slice("high_seas", Each(seats, Counts(units, pieces))),
            Slice("gold", gold),
            Slice("exports", Each(seats, Counts(tuple(EXPORTS), exports))),
            Slice("revenue_next", gold),
            Slice(
                "political_objectives",
                Record(
                    {
                        **{seat: Counts(objectives) for seat in seats},
                        "open": Number(book.rules.components.political_objectives),
                    }
                ),
            ),
            Slice("prisoners", Each(seats, Counts(units, pieces))),
            Slice("purchases", Each(seats, Counts(units, pieces))),
            Slice("in_play", Each(seats, Counts(cards, events))),
            Slice("discard", Counts(cards, events)),
            Slice("hand_sizes", Each(seats, Number(events))),
            Slice("draw_deck", Number(events)),
            Slice("purchase_deck", Number(events)),
            Slice("unused_colonies", Number(book.rules.components.colonies)),
            Slice(
                "battle",
                Record(
                    {
                        "location": OneOf((*colonies, "High Seas")),
                        "attacker": OneOf(seats),
                        "stage": OneOf(BVF_BATTLE_STAGES),
                        "pairings": Rows(
                            BVF_PAIRINGS,
                            Record(
                                {
                                    "attackers": Counts(units, pieces),
                                    "defenders": Counts(units, pieces),
                                    "scores": Each(units, Number(12, nullable=True)),
                                }
                            ),
                        ),
                        "card modifiers": Each(seats, soft("modifier", signed=True)),
                    }
                ),
            ),
            Slice(
                "political_attempt",
                Record(
                    {
                        "objective": OneOf(objectives),
                        "difficulty": Number(12),
                        "gold boost": Number(book.rules.economy.boost_max),
                        "card modifiers": soft("modifier", signed=True),
                        "counter-diplomacy": Number(book.rules.economy.counter_max),
                    }
                ),
            ),
            Slice(
                "ransom_offer",
                Parsed(
                    _ransom,
                    Record(
                        {
                            "unit": OneOf(units),
                            "gold": Number(_value(book.rules.economy.ransom_max)),
                            "exchange": OneOf(units),
                        }
                    ),
                ),
            ),
            Slice("new_colony", OneOf(colonies)),
            Slice("taking", OneOf(colonies)),
            Slice("points_now_without_secret_objectives", points),
            Slice("you.hand", Counts(cards, events)),
            Slice("you.secret_objective", OneOf(after(game, "Draw secret objective: "))),
            Slice("you.prisoners_taken", soft("units")),
            Slice("you.points_now", soft("victory points")),
        ],
        GAME_WORDS
        | {
            "control": "restates each colony's control in theaters",
            "you.cards": "each hand card's rules text, fixed by the card you.hand names",
        },
    )


def _names(hand: object) -> list[str]:
    """The cards of a hand given as card -> its description."""
    if not isinstance(hand, Mapping):
        raise TypeError("the hand is not a mapping")
    return list(hand)


def _support(text: object) -> dict[str, object]:
    """``"<support> (<faction>) +1"`` or ``"<support> (<faction>): Captain <name>"``."""
    if not isinstance(text, str):
        raise TypeError("a Support is not a text")
    head, _, rest = text.rpartition(")")
    support, _, faction = head.rpartition(" (")
    rest = rest.strip()
    if rest.startswith(": Captain "):
        return {"support": support, "by": faction, "captain": rest[len(": Captain ") :]}
    return {"support": support, "by": faction, "value": int(rest)}


# -- Henry VIII ---------------------------------------------------------------------------

HENRY_TARGETS = 4
"""Targets of one Endeavour the layout has rows for."""
HENRY_SUPPORTS = 16
"""Supports played on one Endeavour the layout has rows for."""
HENRY_STAGES = ("Setup", "Henry Segment", "Player Rounds", "Death Segment", "Game over")
RELIGIONS = ("C0", "C1", "2", "P3", "P4")


def henry_viii(game: Game) -> Layout:
    """Henry, the court, the factions and your hand of Henry VIII."""
    seats = _seats(game)
    people = words((*after(game, "Deal character: "), *after(game, "Pick: ")))
    cards = after(game, "Draw: ")
    offices, titles = after(game, "Office: "), after(game, "Title: ")
    endeavours = words(card.split(" | ")[0] for card in cards)
    supports = words(card.split(" | ")[1] for card in cards)
    successions = (f"Succession {place}" for place in after(game, "Succession: "))
    targets = words((*people, "King Henry", *seats, *offices, *titles, *successions))
    holder = OneOf((*people, "vacant", "removed", "in the box", "lost"))
    rules = _pack(game).rules
    turns = len(_value(rules.turns.henry_death))
    return Layout(
        [
            *_common(game, turns),
            Slice("round", soft("rounds")),
            Slice("stage", OneOf(HENRY_STAGES)),
            Slice(
                "henry",
                Record(
                    {
                        "alive": Number(),
                        "religion": OneOf(RELIGIONS),
                        "contentment": soft("modifier", signed=True),
                        "queen": OneOf(people),
                        "act_of_supremacy": Number(),
                        "death_number": soft("war total"),
                    }
                ),
            ),
            Slice("tower", Record({"arrested": Counts(people), "imprisoned": Counts(people)})),
            Slice("abroad", Counts(people)),
            Slice("dead", Counts(people)),
            Slice(
                "factions",
                Each(
                    seats,
                    Record(
                        {
                            "influence": soft("influence"),
                            "court_cards": soft("pieces"),
                            "face_down_characters": soft("pieces"),
                            "law_suit": soft("modifier"),
                            "characters": soft("pieces"),
                        }
                    ),
                ),
            ),
            Slice("offices", Each(offices, holder)),
            Slice("titles", Each(titles, holder)),
            Slice("deck", Number(len(cards))),
            Slice("discard_pile", Counts(cards)),
            Slice(
                "in_play",
                Record(
                    {
                        "endeavour": OneOf(endeavours),
                        "by": OneOf(seats),
                        "targets": Rows(HENRY_TARGETS, OneOf(targets)),
                        "supports": Rows(
                            HENRY_SUPPORTS,
                            Parsed(
                                _support,
                                Record(
                                    {
                                        "support": OneOf(supports),
                                        "by": OneOf(seats),
                                        "value": soft("modifier", signed=True),
                                        "captain": OneOf(people),
                                    }
                                ),
                            ),
                        ),
                        "automatic": OneOf(("success", "failure")),
                        "voided": Number(),
                        "rebels": Counts(people),
                    }
                ),
            ),
            Slice(
                "supports_window",
                Record(
                    {
                        "from": OneOf(seats),
                        "to_answer": OneOf(seats),
                        "passes_in_a_row": Number(len(seats)),
                    }
                ),
            ),
            Slice("you.hand", Parsed(_names, Counts(cards))),
        ],
        GAME_WORDS
        | {
            "asked": "the decision in words: to_move, stage and in_play say it",
            "characters": "each character's data-pack line (faction, influence, titles, "
            "offices), restated by factions, offices and titles",
            "line_of_succession": "each heir's place, in words",
            "you.face_down": "your face-down characters with the turn each enters",
        },
    )


# -- Sixteen Thirty Something ------------------------------------------------------------

STS_PHASES = STS_PHASE_NAMES
"""Sixteen Thirty Something's phases and steps, as its engine names them."""
FACTIONS = ("neutral", "red", "blue")
ISSUES = ("align", "change sides", "re-arm", "war")
VOTES = ("red", "blue", "war", "peace")
WAR_MODIFIERS = (
    "Military Ability",
    "Military Ability bonus",
    "Military Leader",
    "Army Size is zero",
    "Unrest",
    "Defence across water",
)


def _card_kind(card: str) -> str:
    """A card's type: its country for an Influence Card (``England 2``), else its name."""
    kind, _, number = card.rpartition(" ")
    return kind if number.isdigit() else card


def sixteen_thirty_something(game: Game) -> Layout:
    """Countries, displays, points and your hand of Sixteen Thirty Something."""
    seats = _seats(game)
    countries, cards = after(game, "Counter: "), after(game, "Draw: ")
    kinds = words(_card_kind(card) for card in cards)
    book = _pack(game)
    rules = book.rules
    turns, copies, total = rules.turns.max, max(book.copies), book.total
    trade = max(rules.trade.max_cards, _value(rules.trade.partner_max_cards))
    counters = rules.counters.per_country
    leader_cards, unrest_cards = (
        sum(c for c, kind in zip(book.copies, book.kind_special, strict=True) if kind == special)
        for special in (STS_LEADER, STS_UNREST)
    )
    display = Record(
        {
            "votes": soft("votes"),
            "state": OneOf(("ascendant", "descendant")),
            "cards": Counts(cards, copies),
        }
    )
    return Layout(
        [
            *_common(game, turns),
            Slice("turns", Number(turns)),
            Slice("phase", OneOf(STS_PHASES)),
            Slice("first_player", OneOf(seats)),
            Slice(
                "countries",
                Each(
                    countries,
                    Record(
                        {
                            "status": Number(rules.status.max),
                            "army": soft("strength"),
                            "ability": soft("strength"),
                            "faction": OneOf(FACTIONS),
                            # every copy of the card may land on one country in a turn
                            "leaders": Number(leader_cards),
                            "unrest": Number(unrest_cards),
                        }
                    ),
                ),
            ),
            Slice("displays", Each(seats, Each(countries, display))),
            Slice("victory_points", Each(seats, soft("victory points"))),
            Slice("cards_in_hand", Each(seats, Number(total))),
            Slice("counters_held", Each(seats, Number(counters * len(countries)))),
            Slice("deck", Number(total)),
            Slice("discard", Counts(cards, copies)),
            Slice("special_cards_played", Number(rules.specials.per_turn)),
            Slice("card_owed", Record({"seat": OneOf(seats), "country": OneOf(countries)})),
            Slice(
                "trade",
                Record(
                    {
                        "trader": OneOf(seats),
                        "asks_for": Counts(kinds, _value(rules.trade.max_asks)),
                        "offers": Each(seats, Counts(words((*kinds, *cards)), trade)),
                        "stated_values": Each(seats, Counts(cards, trade)),
                        "revisions": Number(_value(rules.trade.max_revisions)),
                    }
                ),
            ),
            Slice(
                "vote",
                Record(
                    {
                        "caller": OneOf(seats),
                        "by_vote_card": Number(),
                        "country": OneOf(countries),
                    }
                ),
            ),
            Slice(
                "last_vote",
                Record(
                    {
                        "country": OneOf(countries),
                        "issue": OneOf(ISSUES),
                        "target": OneOf(countries),
                        "votes": Each(seats, OneOf(VOTES)),
                        "totals": Each(VOTES, soft("votes")),
                        "result": OneOf(("red", "blue", "tie", "war", "peace")),
                    }
                ),
            ),
            Slice(
                "last_war",
                Record(
                    {
                        "attacker": OneOf(countries),
                        "defender": OneOf(countries),
                        "modifiers": Each(
                            countries, Each(WAR_MODIFIERS, soft("modifier", signed=True))
                        ),
                        "dice": Each(countries, Number(6)),
                        "totals": Each(countries, soft("war total", signed=True)),
                        "winner": OneOf(countries),
                        "turn": Number(turns),
                    }
                ),
            ),
            Slice("you.hand", Counts(cards, copies)),
            Slice("you.victory_point_counters", Counts(countries, counters)),
            Slice("you.your_offer", Counts(cards, trade)),
            Slice("you.your_vote", OneOf(VOTES)),
        ],
        GAME_WORDS
        | {
            "decision": "the decision in words: to_move, phase, trade and vote say it",
            "you.points_if_scored_now": "worked out from countries, displays and your counters",
        },
    )


# -- Tercios -----------------------------------------------------------------------------

TERCIOS_WAITING = (
    "scenery",
    "deployment",
    "initiative",
    "plan",
    "activation",
    "unit",
    "commander",
    "approach",
    "charge",
    "caracole",
    "passed",
    "shot",
    "melee",
    "rout",
    "wrong_place",
)
MARKS = ("charge", "shot")
MARK_ROWS = 8
"""Marks (charges and shots of the moment) the layout has rows for."""
TERCIOS_TURNS = 8
"""The most turns of a Tercios battle (the longest fixed duration, and the variable end's
last turn)."""


def tercios(game: Game) -> Layout:
    """Every unit's and commander's place and state in Tercios."""
    seats = _seats(game)
    start = game.new_initial_state().view(None)
    units = words(str(unit["name"]) for unit in start["units"])
    commanders = words(str(commander["name"]) for commander in start["commanders"])
    orders = words(text.rpartition(": ")[2] for text in after(game, "order "))
    width, depth = float(start["table"]["width"]), float(start["table"]["depth"])
    stamina = max(int(unit["values"]["stamina"]) for unit in start["units"])
    unit = Record(
        {
            "side": OneOf(seats),
            "x": Number(width, signed=True),
            "y": Number(depth, signed=True),
            "facing": Angle(),
            "alive": Number(),
            "dm": soft("damage"),
            "stamina": Number(stamina, signed=True),
            "weary": Number(),
            "disorder": Number(),
            "hitched": Number(),
            "order_placed": Number(),
            "order": OneOf(orders),
            "activated": Number(),
        }
    )
    commander = Record(
        {
            "side": OneOf(seats),
            "x": Number(width, signed=True),
            "y": Number(depth, signed=True),
            "attached_to": OneOf(units),
            "exhausted": Number(),
            "alive": Number(),
        }
    )
    return Layout(
        [
            Slice("seat", OneOf(seats)),
            Slice("to_act", OneOf((*seats, CHANCE_WORD))),
            Slice("deciding", OneOf(seats)),
            Slice("turn", Number(TERCIOS_TURNS)),
            Slice("waiting_for", OneOf(TERCIOS_WAITING)),
            Slice("acting", Record({"unit": OneOf(units), "commander": OneOf(commanders)})),
            Slice("units", Rows(len(units), unit)),
            Slice("commanders", Rows(len(commanders), commander)),
            Slice(
                "marks",
                Rows(
                    MARK_ROWS,
                    Record({"kind": OneOf(MARKS), "from": OneOf(units), "to": OneOf(units)}),
                ),
            ),
            Slice("victory_points", Each(seats, soft("victory points"))),
            Slice(
                "scenery_purchase",
                Record(
                    {"points_left": Each(seats, soft("scenery points")), "buying": OneOf(seats)}
                ),
            ),
        ],
        GAME_WORDS
        | {
            "table": "the table's size: fixed by the options",
            "armies": "the armies' names: fixed by the options",
            "scenery_purchase.to_place": "the kind of scenery element being placed",
            "terrain": "the terrain pieces: fixed by the options (with terrain=chosen the "
            "pieces the players place are not in this layout)",
        },
    )


LAYOUTS: dict[str, Callable[[Game], Layout]] = {
    "britain_vs_france": britain_vs_france,
    "eighty_years_war": eighty_years_war,
    "henry_viii": henry_viii,
    "sixteen_thirty_something": sixteen_thirty_something,
    "tercios": tercios,
}


def layout_of(game: Game) -> Layout:
    """The observation layout of a loaded game (built once per game object)."""
    cached = _BUILT.get(game)
    if cached is None:
        builder = LAYOUTS.get(game.name)
        if builder is None:
            raise LayoutError(f"{game.name} has no observation layout")
        cached = _BUILT[game] = builder(game)
        cached.fast = compile_layout(cached)
    return cached


_BUILT: WeakKeyDictionary[Game, Layout] = WeakKeyDictionary()
