"""The Sixteen Thirty Something state machine.

Set-up (Taking Victory Point Counters, Dealing out the Player Cards, Who goes first?) is
followed by up to ten turns. In each turn every player, from the 1st player clockwise,
runs phases 1 to 5 (remove a descendant card, draw 4, trade, play up to two Special
Cards, call the mandatory vote) and the hand limit (6. Repeat Play); then 7. End of Turn
scores, passes the 1st Player Marker, clears Unrest and Military Leaders and checks for a
random end [The Turn Sequence]. Each rule lives in the module of its concern (``flow``, ``trading``,
``specials``, ``voting``, ``war``); this class holds the fields, the engine contract and
the dispatch.

Cards are counted by kind: a hand, the deck and the discard pile are lists of counts
indexed by card kind, so legality checks and clones are cheap.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

from stratagem.core import CHANCE, Action, IllegalAction, JsonDict, State
from stratagem.games.sixteen_thirty_something import flow, specials, trading, voting, war
from stratagem.games.sixteen_thirty_something.deduction import Scorings
from stratagem.games.sixteen_thirty_something.document import state_doc
from stratagem.games.sixteen_thirty_something.encoding import (
    ACCEPT,
    ASK,
    ASSASSINATE,
    ASSASSINATE_OPEN,
    CALL,
    CAST,
    COUNTER,
    DECLINE,
    DICE,
    DISCARD,
    DONE_ASKING,
    DONE_LAYING,
    DONE_OFFERING,
    DRAW,
    END_ROLL,
    FIRST,
    ISSUE_CHANGE,
    ISSUE_REARM,
    ISSUE_WAR,
    LAY,
    LAY_OPEN,
    MAKE_OFFER,
    NO_OFFER,
    NO_SPECIAL,
    NO_TRADE,
    OFFER,
    OFFER_STATED,
    PLAY,
    PROPOSE,
    REMOVE,
    REMOVE_OPEN,
    REVISE,
    TARGET,
    Encoding,
)
from stratagem.games.sixteen_thirty_something.influence import Pile
from stratagem.games.sixteen_thirty_something.pack import Book
from stratagem.games.sixteen_thirty_something.phases import COUNTERS, DEAL, DRAWING, NEUTRAL
from stratagem.games.sixteen_thirty_something.refusals import why_illegal
from stratagem.games.sixteen_thirty_something.views import build_view, resample

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.game import SixteenThirtySomething

Handler = Callable[["SixteenThirtySomethingState", int, int, int], None]

_HANDLERS: dict[int, Handler] = {
    COUNTER: flow.draw_counter,
    DRAW: flow.draw_card,
    FIRST: flow.first_player,
    END_ROLL: flow.random_end,
    LAY: flow.lay_named,
    LAY_OPEN: flow.lay_open,
    DONE_LAYING: voting.done_laying,
    REMOVE: flow.remove_named,
    REMOVE_OPEN: flow.remove_open,
    DISCARD: flow.discard,
    ASK: trading.ask,
    DONE_ASKING: trading.done_asking,
    NO_TRADE: trading.no_trade,
    PROPOSE: trading.propose,
    MAKE_OFFER: trading.make_offer,
    NO_OFFER: trading.no_offer,
    OFFER: trading.offer,
    OFFER_STATED: trading.offer_stated,
    REVISE: trading.revise,
    DONE_OFFERING: trading.done_offering,
    ACCEPT: trading.accept,
    DECLINE: trading.decline,
    PLAY: specials.play,
    NO_SPECIAL: specials.no_more,
    TARGET: specials.target,
    ASSASSINATE: specials.assassinate,
    ASSASSINATE_OPEN: specials.assassinate_open,
    CALL: voting.call,
    ISSUE_WAR: voting.issue_war,
    ISSUE_CHANGE: voting.issue_change,
    ISSUE_REARM: voting.issue_rearm,
    CAST: voting.cast,
    DICE: war.roll,
}


class SixteenThirtySomethingState(State):
    """One position of Sixteen Thirty Something."""

    __slots__ = (
        "_legal",
        "_to_move",
        "ability",
        "army",
        "asks",
        "bag",
        "book",
        "committed",
        "counters",
        "deck",
        "deck_size",
        "dice",
        "discard",
        "enc",
        "ended_by",
        "faction",
        "first",
        "hands",
        "issue",
        "last_vote",
        "last_war",
        "leaders",
        "n",
        "offers",
        "order",
        "phase",
        "piles",
        "points_by_country",
        "removals",
        "revisions",
        "scorings",
        "special",
        "specials_played",
        "stated",
        "status",
        "step_seat",
        "tally",
        "target",
        "to_draw",
        "to_lay",
        "turn",
        "unrest",
        "vote_by_card",
        "vote_country",
        "voters",
        "votes",
        "vp",
        "winner",
    )

    book: Book
    enc: Encoding
    n: int
    turn: int
    first: int
    order: int
    phase: int
    step_seat: int
    to_draw: int
    to_lay: int
    hands: list[list[int]]
    deck: list[int]
    deck_size: int
    discard: list[int]
    piles: list[list[Pile | None]]
    status: list[int]
    army: list[int]
    ability: list[int]
    faction: list[int]
    leaders: list[int]
    unrest: list[int]
    counters: list[list[int]]
    bag: list[int]
    vp: list[int]
    specials_played: int
    special: int
    asks: list[int]
    committed: bool
    offers: list[list[int]]
    stated: list[list[int]]
    """Parallel to ``offers``: 1 where the offerer stated the card's value."""
    revisions: int
    """How many times the phasing player has changed its request in this trade."""
    vote_by_card: bool
    vote_country: int
    issue: int
    target: int
    voters: list[int]
    votes: list[int]
    winner: int
    dice: list[int]
    removals: list[tuple[int, int]]
    last_vote: JsonDict | None
    last_war: JsonDict | None
    ended_by: str | None
    points_by_country: list[int]
    scorings: Scorings
    """Every scoring so far as the table saw it (public: ``deduction``)."""
    tally: dict[str, int]
    _to_move: int
    _legal: list[Action] | None
    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def bare(cls, game: SixteenThirtySomething) -> Self:
        """The board as the Initial Set-up Table leaves it, every card in the deck, two
        Victory Point Counters a country in the bag [Initial Set-up Table] [The Player
        Cards] [The Counters]."""
        state = cls(game)
        book = game.book
        countries = len(book.countries)
        n = game.num_players
        state.book = book
        state.enc = game.enc
        state.n = n
        state.turn = 1
        state.first = -1
        state.order = 0
        state.phase = COUNTERS
        state.step_seat = 0
        state.to_draw = 0
        state.to_lay = 0
        state.hands = [[0] * len(book.kind_names) for _ in range(n)]
        state.deck = list(book.copies)
        state.deck_size = book.total
        state.discard = [0] * len(book.kind_names)
        state.piles = [[None] * countries for _ in range(n)]
        state.status = list(book.start_status)
        state.army = list(book.start_army)
        state.ability = list(book.start_ability)
        state.faction = [NEUTRAL] * countries
        state.leaders = [0] * countries
        state.unrest = [0] * countries
        state.counters = [[] for _ in range(n)]
        state.bag = [book.rules.counters.per_country] * countries
        state.vp = [0] * n
        state.specials_played = 0
        state.special = -1
        state.asks, state.committed, state.revisions = [], False, 0
        state.offers, state.stated = [[] for _ in range(n)], [[] for _ in range(n)]
        state.vote_by_card = False
        state.vote_country = -1
        state.issue = -1
        state.target = -1
        state.voters = []
        state.votes = [-1] * n
        state.winner = -1
        state.dice = []
        state.removals = []
        state.last_vote = None
        state.last_war = None
        state.ended_by = None
        state.points_by_country = [0] * countries
        state.scorings = Scorings()
        state.tally = {"votes": 0, "wars": 0, "trades": 0, "specials": 0}
        state._to_move = CHANCE
        state._legal = None
        return state

    @classmethod
    def initial(cls, game: SixteenThirtySomething) -> Self:
        """The board set up, then the counters are drawn [Setting the board up] [Taking
        Victory Point Counters]."""
        state = cls.bare(game)
        flow.set_up(state)
        state._advance()
        return state

    @property
    def last_turn(self) -> int:
        """The turn the game ends after at the latest: the pack's, or the short
        variant's (RULINGS R35)."""
        game: SixteenThirtySomething = self.game  # type: ignore[assignment]
        return game.last_turn

    # -- the engine contract -------------------------------------------------------------

    @property
    def active(self) -> int:
        """The phasing player: the one running phases 1 to 5 now."""
        return (self.first + self.order) % self.n

    def current_player(self) -> int:
        return self._to_move

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = flow.legal(self)
        return legal.copy()

    def _is_legal(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = flow.legal(self)
        return action in legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._to_move != CHANCE:
            return []
        return flow.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        """A chance outcome with its probability; a card is drawn by its place in the deck."""
        if self._to_move != CHANCE:
            raise IllegalAction("this is not a chance node")
        if self.phase in (DEAL, DRAWING):
            pick = int(rng.random() * self.deck_size)
            for kind, count in enumerate(self.deck):
                if pick < count:
                    return self.enc.get(DRAW, kind)
                pick -= count
        return super().sample_chance(rng)

    def _is_chance_outcome(self, action: Action) -> bool:
        if self.phase in (DEAL, DRAWING):
            enc = self.enc
            return enc.kind[action.id] == DRAW and self.deck[enc.a[action.id]] > 0
        return any(outcome == action for outcome, _ in flow.chance_outcomes(self))

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _apply(self, action: Action) -> None:
        enc = self.enc
        index = action.id
        self._legal = None
        _HANDLERS[enc.kind[index]](self, enc.a[index], enc.b[index], enc.c[index])
        self._advance()

    def _advance(self) -> None:
        """Run the automatic steps until a seat or chance must act."""
        self._to_move = flow.settle(self)

    # -- outcome -----------------------------------------------------------------------

    def returns(self) -> list[float]:
        winners = flow.winners(self)
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.n)]

    def result(self) -> JsonDict:
        return flow.result(self)

    # -- information, copies -------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return build_view(self, seat)

    def brief_view(self, seat: int | None) -> JsonDict:
        """The view without the decision in words (restated by the phase, trade and vote)
        and the points if scored now (worked out from the displays and counters)."""
        return build_view(self, seat, brief=True)

    def resample_hidden(self, seat: int, rng: random.Random) -> SixteenThirtySomethingState:
        return resample(self, seat, rng)

    def clone(self) -> Self:
        """A copy; lists that are only ever replaced, never changed in place (the bag,
        counters, offers, asks, voters, dice, owed cards, tallies), are shared."""
        other = object.__new__(type(self))
        self._copy_base(other)
        other.book, other.enc, other.n = self.book, self.enc, self.n
        other.turn = self.turn
        other.first = self.first
        other.order = self.order
        other.phase = self.phase
        other.step_seat = self.step_seat
        other.to_draw = self.to_draw
        other.to_lay = self.to_lay
        other.hands = list(map(list.copy, self.hands))
        other.deck = self.deck.copy()
        other.deck_size = self.deck_size
        other.discard = self.discard.copy()
        other.piles = list(map(list.copy, self.piles))
        other.status = self.status.copy()
        other.army = self.army.copy()
        other.ability = self.ability.copy()
        other.faction = self.faction.copy()
        other.leaders = self.leaders.copy()
        other.unrest = self.unrest.copy()
        other.counters = self.counters.copy()
        other.bag = self.bag
        other.vp = self.vp.copy()
        other.specials_played = self.specials_played
        other.special = self.special
        other.asks = self.asks
        other.committed = self.committed
        other.offers = self.offers.copy()
        other.stated = self.stated.copy()
        other.revisions = self.revisions
        other.vote_by_card = self.vote_by_card
        other.vote_country = self.vote_country
        other.issue = self.issue
        other.target = self.target
        other.voters = self.voters
        other.votes = self.votes.copy()
        other.winner = self.winner
        other.dice = self.dice
        other.removals = self.removals
        other.last_vote = self.last_vote
        other.last_war = self.last_war
        other.ended_by = self.ended_by
        other.points_by_country = self.points_by_country
        other.scorings = self.scorings
        other.tally = self.tally
        other._to_move = self._to_move
        other._legal = self._legal
        return other

    def _state_doc(self) -> JsonDict:
        return state_doc(self)

    def bump(self, key: str) -> None:
        """Count one more of something in ``result()["details"]`` (votes, wars, ...)."""
        self.tally = {**self.tally, key: self.tally[key] + 1}

    def seat_name(self, seat: int) -> str:
        return self.game.seat_names[seat]
