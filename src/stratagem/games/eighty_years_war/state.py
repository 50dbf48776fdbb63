"""The Eighty Years War state machine, phase by phase [Turn Sequence].

A turn runs the Logistics Phase (fill hands, a chance node per card drawn), the Strategy
Phase (discard up to 4, draw replacements), the Action Phase (each side splits its hand
into a military and a political meld, one card at a time, hidden until both reveal) and
the End Phase (all cards in play discarded). The Dutch act first in every phase [Rulings
R5]; each side's choices stay hidden from the other until the reveal.

Cards are numbers (their place in the card list). Each card is in exactly one place, kept
in ``loc`` beside the containers, so that legality checks are O(1).
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Self

from stratagem.core import (
    CHANCE,
    TERMINAL,
    Action,
    CachedLegalState,
    Event,
    IllegalAction,
    JsonDict,
)
from stratagem.games.eighty_years_war.encoding import (
    DISCARD,
    DRAW,
    KEEP,
    MELD_MILITARY,
    MELD_POLITICAL,
    REPLACE,
    SHOW,
    STOP,
)
from stratagem.games.eighty_years_war.info import DUTCH, SEATS, SPANISH
from stratagem.games.eighty_years_war.melds import (
    MeldScore,
    event_candidates,
    provinces_won,
    score_melds,
)
from stratagem.games.eighty_years_war.pack import (
    MELD_NAMES,
    MILITARY,
    POLITICAL,
    STAGE_NAMES,
    CardBook,
)
from stratagem.games.eighty_years_war.places import (
    ACTION,
    DECK,
    DISCARD_PILE,
    HAND,
    LOGISTICS,
    MELD,
    NO_EVENT,
    OVER,
    REMOVED,
    RESERVE,
    STRATEGY_DISCARD,
    STRATEGY_DRAW,
    UNDECIDED,
)
from stratagem.games.eighty_years_war.refusals import why_illegal
from stratagem.games.eighty_years_war.views import build_view, resample

if TYPE_CHECKING:
    from stratagem.games.eighty_years_war.game import EightyYearsWar


class EightyYearsWarState(CachedLegalState):
    """One position of Eighty Years War."""

    __slots__ = (
        "_g",
        "_to_move",
        "book",
        "deck",
        "discard",
        "face_down",
        "hands",
        "last_reveal",
        "loc",
        "melds",
        "pending",
        "phase",
        "provinces",
        "removed",
        "seat",
        "shown",
        "to_draw",
        "turn",
        "turn_discards",
    )

    _g: EightyYearsWar
    book: CardBook
    turn: int
    phase: int
    seat: int
    to_draw: int
    pending: int | None
    turn_discards: list[int]
    """Cards each side has discarded in this turn's Strategy Phase (public: a count)."""
    hands: list[list[int]]
    melds: list[list[list[int]]]
    deck: list[int]
    discard: list[int]
    face_down: dict[int, int]
    removed: list[int]
    loc: list[int]
    provinces: list[int]
    last_reveal: JsonDict | None
    shown: list[int]
    """Each side's Event to show this turn [Rulings R9]: a card, ``NO_EVENT`` once it has
    said ``Reveal melds``, ``UNDECIDED`` before."""
    _to_move: int
    _legal: list[Action] | None

    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def bare(cls, game: EightyYearsWar) -> Self:
        """An empty state of ``game`` with every card in reserve (for set-up and loading)."""
        state = cls(game)
        state._g = game
        state.book = game.book
        state.turn = 1
        state.phase = LOGISTICS
        state.seat = DUTCH
        state.to_draw = 0
        state.pending = None
        state.turn_discards = [0, 0]
        state.hands = [[], []]
        state.melds = [[[], []], [[], []]]
        state.deck = []
        state.discard = []
        state.face_down = {}
        state.removed = []
        state.loc = [RESERVE] * game.book.size
        state.provinces = [0, 0]
        state.last_reveal = None
        state.shown = [UNDECIDED, UNDECIDED]
        state._to_move = DUTCH
        state._legal = None
        return state

    @classmethod
    def initial(cls, game: EightyYearsWar) -> Self:
        """Province tokens dealt, the stage II and III cards set aside [Setup] [Province Tokens]."""
        state = cls.bare(game)
        provinces = game.book.rules.provinces
        state.provinces = [provinces.dutch, provinces.spanish]
        state.log(
            f"The Dutch receive {provinces.dutch} Province Tokens and the Spanish "
            f"{provinces.spanish}, of {provinces.total}.",
            "Setup",
            {"provinces": {"Dutch": provinces.dutch, "Spanish": provinces.spanish}},
        )
        state._shuffle_in_stage(1)
        state._begin_turn()
        state._advance()
        return state

    # -- the engine contract -------------------------------------------------------------

    def current_player(self) -> int:
        return self._to_move

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._to_move != CHANCE:
            return []
        probability = 1.0 / len(self.deck)
        draw = self._g.draw_action
        return [(draw[card], probability) for card in sorted(self.deck)]

    def sample_chance(self, rng: random.Random) -> Action:
        """A card drawn from the deck, each equally likely: the deck is always shuffled
        [Deck & Cards] [Logistics Phase]."""
        if self._to_move != CHANCE:
            raise IllegalAction("this is not a chance node")
        deck = self.deck
        return self._g.draw_action[deck[int(rng.random() * len(deck))]]

    def _is_chance_outcome(self, action: Action) -> bool:
        game = self._g
        return game.kind_of[action.id] == DRAW and self.loc[game.card_of[action.id]] == DECK

    def _compute_legal(self) -> list[Action]:
        """What the seat to move may do: keep or replace a wrong-stage card [Logistics Phase],
        discard up to 4 [Strategy Phase], place its next card in either meld, the last card
        where a meld is still empty [Action Phase] [Rulings R7] [Rulings R15]."""
        seat = self._to_move
        if seat < 0:
            return []
        game = self._g
        if self.pending is not None:
            return [game.keep_action[self.pending], game.replace_action[self.pending]]
        if self.phase == STRATEGY_DISCARD:
            legal = [game.stop_action]
            if self.turn_discards[seat] < self.book.rules.strategy.max_discards:
                discard = game.discard_action
                legal.extend(discard[card] for card in self.hands[seat])
            return legal
        hand = self.hands[seat]
        if not hand:
            return self._reveal_choices(seat)
        card = hand[0]
        if len(hand) == 1:
            military, political = self.melds[seat]
            if not military and political:
                return [game.meld_action[MILITARY][card]]
            if not political and military:
                return [game.meld_action[POLITICAL][card]]
        return [game.meld_action[MILITARY][card], game.meld_action[POLITICAL][card]]

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _apply(self, action: Action) -> None:
        game = self._g
        kind = game.kind_of[action.id]
        card = game.card_of[action.id]
        self._legal = None
        if kind == DRAW:
            self._draw(card)
        elif kind == KEEP:
            self._keep(card)
        elif kind == REPLACE:
            self._replace(card)
        elif kind == DISCARD:
            self._discard(card)
        elif kind == STOP:
            self._stop_discarding()
        elif kind in (MELD_MILITARY, MELD_POLITICAL):
            self._meld(card, MILITARY if kind == MELD_MILITARY else POLITICAL)
        else:
            self._show(card if kind == SHOW else NO_EVENT)
        self._advance()

    # -- the turn ----------------------------------------------------------------------

    def stage(self) -> int:
        """The stage of the current turn, 5 turns each [Stages]."""
        return self.book.stage_of_turn(min(self.turn, self._g.last_turn))

    def _begin_turn(self) -> None:
        """A new turn starts with its Logistics Phase [Turn Sequence]."""
        book = self.book
        stage = book.stage_of_turn(self.turn)
        if stage > 1 and self.turn == book.first_turn_of(stage):
            self._shuffle_in_stage(stage)
        self.log(
            f"Turn {self.turn} (Stage {STAGE_NAMES[stage - 1]}) begins.",
            "Turn Sequence",
            {"turn": self.turn, "stage": stage},
        )
        self.phase = LOGISTICS
        self.turn_discards = [0, 0]
        self._start_filling(DUTCH)

    def _shuffle_in_stage(self, stage: int) -> None:
        """A stage's cards join the deck, shuffled, as the stage begins [Setup] [Stages]."""
        book = self.book
        entering = [card for card in range(book.size) if book.enters[card] == stage]
        for card in entering:
            self.loc[card] = DECK
        self.deck.extend(entering)
        name = STAGE_NAMES[stage - 1]
        if stage == 1:
            text = (
                f"The stage II and III cards are set aside; the deck holds {len(self.deck)} cards."
            )
        else:
            text = (
                f"Stage {name} begins: {len(entering)} stage {name} cards "
                "are shuffled into the deck."
            )
        self.log(text, "Setup", {"stage": stage, "cards": [book.names[c] for c in entering]})

    def _start_filling(self, seat: int) -> None:
        """The Dutch fill their hand to 7 cards, the Spanish to 8 [Logistics Phase]."""
        logistics = self.book.rules.logistics
        target = logistics.dutch_hand if seat == DUTCH else logistics.spanish_hand
        self.seat = seat
        self.to_draw = max(0, target - len(self.hands[seat]))

    def _advance(self) -> None:
        """Run the automatic steps until a seat or chance must act, and set who that is."""
        while True:
            phase = self.phase
            if phase in (LOGISTICS, STRATEGY_DRAW):
                if self.pending is not None:
                    self._to_move = self.seat
                    return
                if self.to_draw > 0 and self._deck_ready():
                    self._to_move = CHANCE
                    return
                self.to_draw = 0
                if phase == LOGISTICS and self.seat == DUTCH:
                    self._start_filling(SPANISH)
                elif phase == LOGISTICS or self.seat == DUTCH:
                    self.phase = STRATEGY_DISCARD
                    self.seat = SPANISH if phase == STRATEGY_DRAW else DUTCH
                else:
                    self.phase = ACTION
                    self.seat = DUTCH
            elif phase == STRATEGY_DISCARD:
                self._to_move = self.seat
                return
            elif phase == ACTION:
                if self.hands[self.seat] or self.shown[self.seat] == UNDECIDED:
                    self._to_move = self.seat
                    return
                if self.seat == DUTCH:
                    self.seat = SPANISH
                else:
                    self._reveal()
                    if self.phase == OVER:
                        self._to_move = TERMINAL
                        return
            else:
                self._to_move = TERMINAL
                return

    def _deck_ready(self) -> bool:
        """An empty deck is made again from the shuffled discard pile [Logistics Phase]
        [Rulings R13]."""
        if self.deck:
            return True
        if not self.discard:
            self.log(
                "The deck and the discard pile are both empty: no more cards can be drawn.",
                "Logistics Phase",
                {},
            )
            return False
        for card in self.discard:
            self.loc[card] = DECK
        self.deck = self.discard
        self.discard = []
        self.face_down = {}
        self.log(
            f"The deck has run out: the discard pile ({len(self.deck)} cards) is shuffled "
            "to form a new deck.",
            "Logistics Phase",
            {"cards": len(self.deck)},
        )
        return True

    def _draw_rule(self) -> str:
        return "Logistics Phase" if self.phase == LOGISTICS else "Strategy Phase"

    def _draw(self, card: int) -> None:
        """A card comes off the deck into the drawing seat's hand [Logistics Phase]."""
        seat = self.seat
        deck = self.deck
        index = deck.index(card)
        deck[index] = deck[-1]
        deck.pop()
        insort(self.hands[seat], card)
        self.loc[card] = HAND + seat
        self.to_draw -= 1
        name = self.book.names[card]
        self.events.append(
            Event(
                f"{SEATS[seat]} draws {name}.",
                self._draw_rule(),
                {"seat": SEATS[seat], "card": name},
                seat,
                f"{SEATS[seat]} draws a card.",
                {"seat": SEATS[seat]},
            )
        )
        if not self.book.stage_ok[self.stage()][card]:
            self.pending = card

    def _keep(self, card: int) -> None:
        """A wrong-stage card may be kept: replacing it is optional [Logistics Phase]
        [Rulings R4]."""
        self.pending = None
        seat = self.seat
        name = self.book.names[card]
        self.log(
            f"{SEATS[seat]} keeps {name}, a card of the wrong stage.",
            self._draw_rule(),
            {"seat": SEATS[seat], "card": name},
            private_to=seat,
        )

    def _replace(self, card: int) -> None:
        """A wrong-stage card is discarded face up and replaced by a draw [Logistics Phase]."""
        self.pending = None
        seat = self.seat
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.loc[card] = DISCARD_PILE
        self.to_draw += 1
        name = self.book.names[card]
        stage = STAGE_NAMES[self.stage() - 1]
        self.log(
            f"{SEATS[seat]} discards {name} face up (it cannot be used in Stage {stage}) "
            "and draws a replacement.",
            self._draw_rule(),
            {"seat": SEATS[seat], "card": name},
        )

    def _discard(self, card: int) -> None:
        """One of up to 4 discards, face down [Strategy Phase] [Rulings R6]."""
        seat = self.seat
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.loc[card] = DISCARD_PILE
        self.turn_discards[seat] += 1
        name = self.book.names[card]
        strategy = self.book.rules.strategy
        if strategy.discards_face_up.value:
            self.log(f"{SEATS[seat]} discards {name}.", "Strategy Phase", {"card": name})
        else:
            self.face_down[card] = seat
            self.log(
                f"{SEATS[seat]} discards {name} face down.",
                "Strategy Phase",
                {"seat": SEATS[seat], "card": name},
                private_to=seat,
                public_text=f"{SEATS[seat]} discards a card face down.",
                public_data={"seat": SEATS[seat]},
            )
        if self.turn_discards[seat] == strategy.max_discards:
            self._stop_discarding()

    def _stop_discarding(self) -> None:
        """The discards made, as many replacements are drawn [Strategy Phase]."""
        seat = self.seat
        count = self.turn_discards[seat]
        self.log(
            f"{SEATS[seat]} discards {count} card{'s' if count != 1 else ''} "
            f"and draws {count} replacement{'s' if count != 1 else ''}.",
            "Strategy Phase",
            {"seat": SEATS[seat], "discards": count},
        )
        self.phase = STRATEGY_DRAW
        self.to_draw = count

    def _meld(self, card: int, meld: int) -> None:
        """The next card of the hand goes into one of the two melds, unseen [Action Phase]
        [Rulings R7]."""
        seat = self.seat
        self.hands[seat].remove(card)
        self.melds[seat][meld].append(card)
        self.loc[card] = MELD + 2 * seat + meld
        name = self.book.names[card]
        self.events.append(
            Event(
                f"{SEATS[seat]} places {name} in the {MELD_NAMES[meld]} meld.",
                "Action Phase",
                {"seat": SEATS[seat], "card": name, "meld": MELD_NAMES[meld]},
                seat,
            )
        )

    def _reveal_choices(self, seat: int) -> list[Action]:
        """Its melds built [Action Phase] [Rulings R9], a side holding several usable Events
        chooses the one it shows face up; otherwise it just reveals. Every side is asked,
        so being asked tells the other side nothing."""
        game = self._g
        melds = self.melds[seat]
        events = event_candidates(self.book, seat, self.stage(), (melds[0], melds[1]))
        if len(events) > 1:
            return [game.show_action[card] for card in events]
        return [game.reveal_action]

    def _show(self, card: int) -> None:
        """The side's melds are ready, with the Event it will show [Action Phase]
        [Rulings R9]."""
        seat = self.seat
        self.shown[seat] = card
        if card >= 0:
            name = self.book.names[card]
            self.log(
                f"The {SEATS[seat]} will show {name} face up as this turn's Event.",
                "Action Phase",
                {"seat": SEATS[seat], "card": name},
                private_to=seat,
            )

    def _reveal(self) -> None:
        """Both sides reveal and each meld is won, tied or lost [Action Phase]; then the
        End Phase."""
        book = self.book
        stage = self.stage()
        scores = [
            score_melds(
                book, seat, stage, (self.melds[seat][0], self.melds[seat][1]), self._shown(seat)
            )
            for seat in (DUTCH, SPANISH)
        ]
        self.shown = [UNDECIDED, UNDECIDED]
        for seat in (DUTCH, SPANISH):
            self._log_reveal(seat, scores[seat])
        outcomes: list[JsonDict] = []
        for meld in (MILITARY, POLITICAL):
            outcomes.append(
                self._settle(meld, scores[DUTCH].totals[meld], scores[SPANISH].totals[meld])
            )
        for seat in (DUTCH, SPANISH):
            event = scores[seat].event
            if event is not None:
                self.log(
                    f"{book.names[event]} goes off and leaves the game.",
                    "Deck & Cards",
                    {"seat": SEATS[seat], "card": book.names[event]},
                )
        self.last_reveal = {
            "turn": self.turn,
            "melds": {
                SEATS[seat]: {
                    MELD_NAMES[meld]: {
                        "face_up": [book.names[c] for c in scores[seat].usable[meld]],
                        "face_down": len(scores[seat].unusable[meld]),
                        "total": scores[seat].totals[meld],
                    }
                    for meld in (MILITARY, POLITICAL)
                }
                for seat in (DUTCH, SPANISH)
            },
            "outcomes": outcomes,
            "events": {SEATS[seat]: self._event_name(scores[seat]) for seat in (DUTCH, SPANISH)},
        }
        self._end_phase(scores)

    def _event_name(self, score: MeldScore) -> str | None:
        return None if score.event is None else self.book.names[score.event]

    def _shown(self, seat: int) -> int | None:
        card = self.shown[seat]
        return card if card >= 0 else None

    def _log_reveal(self, seat: int, score: MeldScore) -> None:
        """The usable cards shown face up with the totals, only the number of unusable
        ones [Action Phase] [Rulings R11]."""
        names = self.book.names
        parts = []
        for meld in (MILITARY, POLITICAL):
            shown = ", ".join(f"{names[c]} {self.book.values[c]}" for c in score.usable[meld])
            hidden = len(score.unusable[meld])
            down = f"; {hidden} face down" if hidden else ""
            parts.append(
                f"{MELD_NAMES[meld]} {score.totals[meld]} ({shown or 'nothing usable'}{down})"
            )
        self.log(
            f"The {SEATS[seat]} reveal: " + ", ".join(parts) + ".",
            "Action Phase",
            {
                "seat": SEATS[seat],
                "totals": {MELD_NAMES[m]: score.totals[m] for m in (MILITARY, POLITICAL)},
            },
        )

    def _settle(self, meld: int, dutch: int, spanish: int) -> JsonDict:
        """Within 2 points a tie; 3+ higher takes 1 Province; 15+ takes 2 [Action Phase]
        [Province Tokens] [Rulings R12]."""
        margin = abs(dutch - spanish)
        won = provinces_won(self.book, margin)
        label = MELD_NAMES[meld].capitalize()
        outcome: JsonDict = {"meld": MELD_NAMES[meld], "Dutch": dutch, "Spanish": spanish}
        if won == 0:
            outcome.update(winner=None, provinces=0)
            self.log(
                f"{label} meld: Dutch {dutch}, Spanish {spanish}: within "
                f"{self.book.rules.action.tie_within} points, a tie.",
                "Action Phase",
                outcome,
            )
            return outcome
        winner = DUTCH if dutch > spanish else SPANISH
        loser = 1 - winner
        taken = min(won, self.provinces[loser])
        self.provinces[winner] += taken
        self.provinces[loser] -= taken
        outcome.update(winner=SEATS[winner], provinces=taken)
        tokens = f"take {taken} Province Token{'s' if taken != 1 else ''} from the {SEATS[loser]}"
        if not taken:
            tokens = f"but the {SEATS[loser]} have no Province Token left to take"
        self.log(
            f"{label} meld: Dutch {dutch}, Spanish {spanish}: the {SEATS[winner]} win by "
            f"{margin} and {tokens}.",
            "Action Phase",
            outcome,
        )
        return outcome

    def _end_phase(self, scores: list[MeldScore]) -> None:
        """Every card in play goes to the discard pile [End Phase]; Events that went off
        leave the game [Deck & Cards] [Rulings R10]."""
        for seat in (DUTCH, SPANISH):
            score = scores[seat]
            for meld in (MILITARY, POLITICAL):
                for card in score.usable[meld]:
                    if card == score.event:
                        self.removed.append(card)
                        self.loc[card] = REMOVED
                    else:
                        self.discard.append(card)
                        self.loc[card] = DISCARD_PILE
                for card in score.unusable[meld]:
                    self.discard.append(card)
                    self.loc[card] = DISCARD_PILE
                    self.face_down[card] = seat
                self.melds[seat][meld] = []
        self.log("Every card in play goes to the discard pile.", "End Phase", {"turn": self.turn})
        self.turn += 1
        if self.turn > self._g.last_turn:
            self.phase = OVER
            self.log(self.result()["reason"] + ".", "Victory", self.result())
        else:
            self._begin_turn()

    # -- outcome -----------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        winners = self.result()["winners"]
        if not winners:
            return [0.0, 0.0]
        return [1.0, -1.0] if winners == ["Dutch"] else [-1.0, 1.0]

    def result(self) -> JsonDict:
        """Read after the 15th turn: Dutch 8+, Spanish 11+, or 7-10 a Historical Tie
        [Victory] [Rulings R14]."""
        dutch, spanish = self.provinces
        victory = self.book.rules.victory
        scores = {"Dutch": dutch, "Spanish": spanish}
        if self.phase != OVER:
            return {"winners": [], "scores": scores, "reason": "the game is not over"}
        if dutch >= victory.dutch_victory:
            return {
                "winners": ["Dutch"],
                "scores": scores,
                "reason": f"Dutch Victory: the Dutch hold {dutch} provinces",
            }
        if spanish >= victory.spanish_victory:
            return {
                "winners": ["Spanish"],
                "scores": scores,
                "reason": f"Spanish Victory: the Spanish hold {spanish} provinces",
            }
        return {
            "winners": [],
            "scores": scores,
            "reason": f"Historical Tie: the Dutch hold {dutch} provinces and the Spanish {spanish}",
        }

    # -- information, copies -------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return build_view(self, seat)

    def resample_hidden(self, seat: int, rng: random.Random) -> EightyYearsWarState:
        return resample(self, seat, rng)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self._copy_base(other)
        other._g = self._g
        other.book = self.book
        other.turn = self.turn
        other.phase = self.phase
        other.seat = self.seat
        other.to_draw = self.to_draw
        other.pending = self.pending
        other.turn_discards = self.turn_discards.copy()
        hands = self.hands
        other.hands = [hands[0].copy(), hands[1].copy()]
        melds = self.melds
        other.melds = [
            [melds[0][0].copy(), melds[0][1].copy()],
            [melds[1][0].copy(), melds[1][1].copy()],
        ]
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.face_down = self.face_down.copy()
        other.removed = self.removed.copy()
        other.loc = self.loc.copy()
        other.provinces = self.provinces.copy()
        other.last_reveal = self.last_reveal
        other.shown = self.shown.copy()
        other._to_move = self._to_move
        other._legal = self._legal
        return other

    def _state_doc(self) -> JsonDict:
        names = self.book.names

        def named(cards: list[int]) -> list[str]:
            return [names[card] for card in cards]

        return {
            "turn": self.turn,
            "phase": self.phase,
            "seat": self.seat,
            "to_move": self._to_move,
            "to_draw": self.to_draw,
            "pending": None if self.pending is None else names[self.pending],
            "turn_discards": list(self.turn_discards),
            "provinces": list(self.provinces),
            "hands": [named(hand) for hand in self.hands],
            "melds": [[named(meld) for meld in melds] for melds in self.melds],
            "deck": named(self.deck),
            "discard": named(self.discard),
            "face_down": {names[card]: owner for card, owner in self.face_down.items()},
            "removed": named(self.removed),
            "last_reveal": self.last_reveal,
            "decided": [card != UNDECIDED for card in self.shown],
            "shown": [names[card] if card >= 0 else None for card in self.shown],
        }
