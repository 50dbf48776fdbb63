"""The Henry VIII state: the rules' mixins put together, with set-up, copies, the
serialized document and the outcome.

A Turn runs the Henry Segment (A to G), the Player Rounds (each faction in player order
plays one Endeavour or discards, Supports go round the table until all pass, the
Endeavour is resolved) and the Death Segment. Characters and cards are numbers (their
order in the pack).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Self

from stratagem.core import JsonDict
from stratagem.games.henry_viii.base import copy_play
from stratagem.games.henry_viii.henry import AT_START, LATER, STAR, HenrySegment
from stratagem.games.henry_viii.places import DECK, OUT, VACANT
from stratagem.games.henry_viii.refusals import why_illegal
from stratagem.games.henry_viii.views import build_view, resample

if TYPE_CHECKING:
    from stratagem.core import Action
    from stratagem.games.henry_viii.game import HenryVIII

LIST_FIELDS = (
    "where",
    "owner",
    "spouse",
    "mother",
    "born",
    "religion_of",
    "bastard",
    "investigated",
    "former_queen",
    "rack",
    "office_holder",
    "title_holder",
    "line",
    "cloc",
    "deck",
    "discard",
    "law_suit",
    "powers_used",
    "order",
    "winner_seats",
)
SCALAR_FIELDS = (
    "turn",
    "stage",
    "religion",
    "contentment",
    "queen",
    "last_queen",
    "first_vacant",
    "supremacy",
    "henry_dead",
    "over",
    "end",
    "penalized",
    "pos",
    "rounds_done",
    "deal_seat",
)
ENDINGS = {
    "Henry died": "henry_died",
    "no heir": "no_heir",
    "Pilgrimage of Grace": "pilgrimage",
    "": "not_over",
}
"""``result()["details"]["ended"]``: how the game ended, one word for each ending (How
to Win): Henry's death with an heir in the line, his death with the line empty (everyone
loses), or the Pilgrimage of Grace's overthrow."""
NESTED_FIELDS = ("hands", "tasks", "node", "play", "window")
DOC_FIELDS = SCALAR_FIELDS + LIST_FIELDS + NESTED_FIELDS
"""Every field of the serialized document (``_state_doc``)."""


class HenryVIIIState(HenrySegment):
    """One position of Henry VIII."""

    __slots__ = ()

    @classmethod
    def bare(cls, game: HenryVIII) -> Self:
        """An empty state: nobody dealt, every card in the deck, every office and title in
        its box, the tracks at their start [Place cards onto the Board] [Setup the Board
        Tracks]."""
        state = cls(game)
        book = game.book
        people = len(book.people)
        state._g = game
        state.book = book
        state.players = game.num_players
        state.turn = 1
        state.stage = "Setup"
        state.religion = book.rules.start.religion
        state.contentment = book.rules.start.contentment
        state.queen = -1
        state.last_queen = -1
        state.supremacy = False
        state.henry_dead = False
        state.over = False
        state.end = ""
        state.winner_seats = []
        state.where = [OUT] * people
        state.owner = [-1] * people
        state.spouse = [-1] * people
        state.mother = [-1] * people
        state.born = [0] * people
        state.religion_of = [person.religion for person in book.people]
        state.bastard = [False] * people
        state.investigated = [False] * people
        state.former_queen = [False] * people
        state.rack = [0] * people
        state.office_holder = [VACANT] * len(book.offices)
        state.title_holder = [VACANT] * len(book.title_names)
        state.line = []
        state.first_vacant = False
        state.cloc = [DECK] * len(book.card_names)
        state.hands = [[] for _ in range(game.num_players)]
        state.deck = list(range(len(book.card_names)))
        state.discard = []
        state.law_suit = [False] * game.num_players
        state.powers_used = [False] * len(book.offices)
        state.penalized = -1
        state.order = list(range(game.num_players))
        state.pos = 0
        state.rounds_done = 0
        state.deal_seat = 0
        state.tasks = []
        state.node = None
        state.play = None
        state.window = None
        state._legal = None
        state._drawn = None
        state._court = None
        return state

    @classmethod
    def initial(cls, game: HenryVIII) -> Self:
        """The tracks set, the characters for this many players dealt, their titles and
        offices given, then Turn 1 begins [Setup the Board Tracks] [Deal initial playing
        hands]."""
        state = cls.bare(game)
        state._log(
            f"Setup for {game.num_players} players: Turn 1, Contentment 0, the King's Religion C1.",
            "Setup the Board Tracks",
            {"players": game.num_players},
        )
        state.push(["deal", STAR], ["deal", AT_START], ["deal", LATER], ["setup_cards"], ["turn"])
        state._advance()
        return state

    # -- outcome ---------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if not self.over or not self.winner_seats:
            return [0.0] * self.players
        share = 1.0 / len(self.winner_seats)
        return [share if seat in self.winner_seats else 0.0 for seat in range(self.players)]

    def result(self) -> JsonDict:
        """The greatest Influence once the Turn of Henry's death closes; nobody if the line
        is empty; the Pilgrimage of Grace's own end [How to Win] [The Rebellion] [Rulings R37]."""
        scores = {self.seat_name(s): score for s, score in enumerate(self.faction_influences())}
        details: JsonDict = {
            "ended": ENDINGS[self.end],
            "turns": self.turn,
            "act_of_supremacy": self.supremacy,
            "tudor_heirs_born": sum(
                1 for c, p in enumerate(self.book.people) if p.born_card and self.where[c] != OUT
            ),
        }
        winners = [self.seat_name(s) for s in self.winner_seats]
        if not self.over:
            reason = "the game is not over"
        elif self.end == "no heir":
            reason = "Henry died with the Line of Succession empty: everyone loses"
        elif self.end == "Pilgrimage of Grace":
            reason = (
                f"the Pilgrimage of Grace overthrew Henry: {winners[0]} holds the senior "
                "Catholic heir"
                if winners
                else "the Pilgrimage of Grace overthrew Henry with no Catholic heir: everyone loses"
            )
        else:
            reason = f"Henry died in Turn {self.turn}: {', '.join(winners)} with the most Influence"
        return {"winners": winners, "scores": scores, "reason": reason, "details": details}

    # -- information, copies -----------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return build_view(self, seat)

    def brief_view(self, seat: int | None) -> JsonDict:
        """The view without each character's line (restated by factions, offices and
        titles) and the hand's card texts (the hand's names stay)."""
        return build_view(self, seat, brief=True)

    def resample_hidden(self, seat: int, rng: random.Random) -> HenryVIIIState:
        return resample(self, seat, rng)

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self._copy_base(other)
        other._g = self._g
        other.book = self.book
        other.players = self.players
        for name in SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in LIST_FIELDS:
            setattr(other, name, getattr(self, name).copy())
        other.hands = [hand.copy() for hand in self.hands]
        other.tasks = self.tasks.copy()
        other.node = self.node
        other.play = copy_play(self.play)
        other.window = None if self.window is None else dict(self.window)
        other._legal = self._legal
        other._drawn = None
        other._court = self._court
        return other

    def _state_doc(self) -> JsonDict:
        doc: dict[str, Any] = {name: getattr(self, name) for name in SCALAR_FIELDS}
        for name in LIST_FIELDS:
            doc[name] = list(getattr(self, name))
        doc["hands"] = [list(hand) for hand in self.hands]
        doc["tasks"] = [list(task) for task in self.tasks]
        doc["node"] = None if self.node is None else list(self.node)
        doc["play"] = copy_play(self.play)
        doc["window"] = None if self.window is None else dict(self.window)
        return doc
