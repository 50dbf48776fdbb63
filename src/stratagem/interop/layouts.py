"""Each game's observation layout (see ``stratagem.interop.layout``): its slices, in order.

Vocabularies come from the loaded game itself: its seats, and the names its action table
spells out (``Draw: <card>`` gives the cards, ``Control: <colony>`` the colonies), so a
layout follows a user's own data pack. Words that only the views use (phases, steps,
decision windows) are the engines' own tuples of them (1750 and Sixteen Thirty Something)
or listed here, exactly as the views spell them. Every slice reads
what ``view(seat)`` shows and nothing else, so a tensor holds exactly what the seat may
know; ``Layout.unread`` names the view keys left out, each with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, get_args
from weakref import WeakKeyDictionary

from stratagem.core import Game
from stratagem.games.britain_vs_france.effects import EXPORTS, Window
from stratagem.games.britain_vs_france.places import PHASE_NAMES as BVF_PHASE_NAMES
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.games.sixteen_thirty_something.phases import PHASE_NAMES as STS_PHASE_NAMES
from stratagem.interop.layout import (
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


def _common(game: Game, whose: str = "to_move") -> list[Slice]:
    """Whose view it is and whose decision it is (every game)."""
    seats = _seats(game)
    return [
        Slice("seat", OneOf(seats)),
        Slice(whose, OneOf((*seats, CHANCE_WORD))),
        Slice("turn", Number()),
    ]


# -- Eighty Years War --------------------------------------------------------------------

EYW_PHASES = ("Strategy Phase", "Action Phase", "Logistics Phase", "Game over")
MELDS = ("military", "political")


def eighty_years_war(game: Game) -> Layout:
    """Provinces, hands, melds and discards of the Eighty Years War."""
    seats, cards = _seats(game), after(game, "Draw: ")
    revealed = Record({"face_up": Counts(cards), "face_down": Number(), "total": Number()})
    outcome = Record(
        {"meld": OneOf(MELDS), **{seat: Number() for seat in seats}}
        | {"winner": OneOf(seats), "provinces": Number()}
    )
    return Layout(
        [
            *_common(game),
            Slice("turns", Number()),
            Slice("stage", OneOf(("I", "II", "III"))),
            Slice("phase", OneOf(EYW_PHASES)),
            Slice("provinces", Each(seats, Number())),
            Slice("cards_held", Each(seats, Number())),
            Slice("deck", Number()),
            Slice("not_yet_in_deck", Number()),
            Slice("discard.face_up", Counts(cards)),
            Slice("discard.face_down", Number()),
            Slice("discard.yours_face_down", Counts(cards)),
            Slice("removed_from_play", Counts(cards)),
            Slice("discarded_this_turn", Each(seats, Number())),
            Slice("strategy_discards", Record({"seat": OneOf(seats), "count": Number()})),
            Slice("last_reveal.turn", Number(nullable=True)),
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
    per_seat = Each(seats, Number())
    colony = Record({"control": OneOf(seats), "units": Each(seats, Counts(units))})
    return Layout(
        [
            *_common(game),
            Slice("turns", Number()),
            Slice("active", OneOf(seats)),
            Slice("step", OneOf(BVF_STEPS)),
            Slice("window", OneOf(BVF_WINDOWS)),
            Slice(
                "answering",
                OneOf(tuple(f"{seat}'s {card}" for seat in seats for card in cards)),
            ),
            Slice("theaters", Parsed(_colonies_by_name, Each(colonies, colony))),
            Slice("high_seas", Each(seats, Counts(units))),
            Slice("gold", per_seat),
            Slice("exports", Each(seats, Counts(tuple(EXPORTS)))),
            Slice("revenue_next", per_seat),
            Slice(
                "political_objectives",
                Record({**{seat: Counts(objectives) for seat in seats}, "open": Number()}),
            ),
            Slice("prisoners", Each(seats, Counts(units))),
            Slice("purchases", Each(seats, Counts(units))),
            Slice("in_play", Each(seats, Counts(cards))),
            Slice("discard", Counts(cards)),
            Slice("hand_sizes", per_seat),
            Slice("draw_deck", Number()),
            Slice("purchase_deck", Number()),
            Slice("unused_colonies", Number()),
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
                                    "attackers": Counts(units),
                                    "defenders": Counts(units),
                                    "scores": Each(units, Number(nullable=True)),
                                }
                            ),
                        ),
                        "card modifiers": per_seat,
                    }
                ),
            ),
            Slice(
                "political_attempt",
                Record(
                    {
                        "objective": OneOf(objectives),
                        "difficulty": Number(),
                        "gold boost": Number(),
                        "card modifiers": Number(),
                        "counter-diplomacy": Number(),
                    }
                ),
            ),
            Slice(
                "ransom_offer",
                Parsed(
                    _ransom,
                    Record({"unit": OneOf(units), "gold": Number(), "exchange": OneOf(units)}),
                ),
            ),
            Slice("new_colony", OneOf(colonies)),
            Slice("taking", OneOf(colonies)),
            Slice("points_now_without_secret_objectives", per_seat),
            Slice("you.hand", Counts(cards)),
            Slice("you.secret_objective", OneOf(after(game, "Draw secret objective: "))),
            Slice("you.prisoners_taken", Number()),
            Slice("you.points_now", Number()),
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
    return Layout(
        [
            *_common(game),
            Slice("round", Number()),
            Slice("stage", OneOf(HENRY_STAGES)),
            Slice(
                "henry",
                Record(
                    {
                        "alive": Number(),
                        "religion": OneOf(RELIGIONS),
                        "contentment": Number(),
                        "queen": OneOf(people),
                        "act_of_supremacy": Number(),
                        "death_number": Number(),
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
                            "influence": Number(),
                            "court_cards": Number(),
                            "face_down_characters": Number(),
                            "law_suit": Number(),
                            "characters": Number(),
                        }
                    ),
                ),
            ),
            Slice("offices", Each(offices, holder)),
            Slice("titles", Each(titles, holder)),
            Slice("deck", Number()),
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
                                        "value": Number(nullable=True),
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
                    {"from": OneOf(seats), "to_answer": OneOf(seats), "passes_in_a_row": Number()}
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
    per_seat = Each(seats, Number())
    display = Record(
        {"votes": Number(), "state": OneOf(("ascendant", "descendant")), "cards": Counts(cards)}
    )
    return Layout(
        [
            *_common(game),
            Slice("turns", Number()),
            Slice("phase", OneOf(STS_PHASES)),
            Slice("first_player", OneOf(seats)),
            Slice(
                "countries",
                Each(
                    countries,
                    Record(
                        {
                            "status": Number(),
                            "army": Number(),
                            "ability": Number(),
                            "faction": OneOf(FACTIONS),
                            "leaders": Number(),
                            "unrest": Number(),
                        }
                    ),
                ),
            ),
            Slice("displays", Each(seats, Each(countries, display))),
            Slice("victory_points", per_seat),
            Slice("cards_in_hand", per_seat),
            Slice("counters_held", per_seat),
            Slice("deck", Number()),
            Slice("discard", Counts(cards)),
            Slice("special_cards_played", Number()),
            Slice("card_owed", Record({"seat": OneOf(seats), "country": OneOf(countries)})),
            Slice(
                "trade",
                Record(
                    {
                        "trader": OneOf(seats),
                        "asks_for": Counts(kinds),
                        "offers": Each(seats, Counts(words((*kinds, *cards)))),
                        "stated_values": Each(seats, Counts(cards)),
                        "revisions": Number(),
                    }
                ),
            ),
            Slice(
                "vote",
                Record(
                    {"caller": OneOf(seats), "by_vote_card": Number(), "country": OneOf(countries)}
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
                        "totals": Each(VOTES, Number()),
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
                        "modifiers": Each(countries, Each(WAR_MODIFIERS, Number())),
                        "dice": Each(countries, Number()),
                        "totals": Each(countries, Number()),
                        "winner": OneOf(countries),
                        "turn": Number(),
                    }
                ),
            ),
            Slice("you.hand", Counts(cards)),
            Slice("you.victory_point_counters", Counts(countries)),
            Slice("you.your_offer", Counts(cards)),
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


def tercios(game: Game) -> Layout:
    """Every unit's and commander's place and state in Tercios."""
    seats = _seats(game)
    start = game.new_initial_state().view(None)
    units = words(str(unit["name"]) for unit in start["units"])
    commanders = words(str(commander["name"]) for commander in start["commanders"])
    orders = words(text.rpartition(": ")[2] for text in after(game, "order "))
    unit = Record(
        {
            "side": OneOf(seats),
            "x": Number(),
            "y": Number(),
            "facing": Number(),
            "alive": Number(),
            "dm": Number(),
            "stamina": Number(),
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
            "x": Number(),
            "y": Number(),
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
            Slice("turn", Number()),
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
            Slice("victory_points", Each(seats, Number())),
            Slice(
                "scenery_purchase",
                Record({"points_left": Each(seats, Number()), "buying": OneOf(seats)}),
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
    return cached


_BUILT: WeakKeyDictionary[Game, Layout] = WeakKeyDictionary()
