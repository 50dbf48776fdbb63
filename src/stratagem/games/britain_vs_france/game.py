"""The 1750 ``Game``: options (advanced and optional rules), the data pack, the actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from stratagem.core import Game, GameOptions
from stratagem.games.britain_vs_france.encoding import ActionBook
from stratagem.games.britain_vs_france.info import INFO, SEATS
from stratagem.games.britain_vs_france.pack import Book, load_book
from stratagem.games.britain_vs_france.serialize import state_from_doc
from stratagem.games.britain_vs_france.state import BritainVsFranceState
from stratagem.games.britain_vs_france.views import card_text


class BritainVsFranceOptions(GameOptions):
    """The advanced rules (each on its own) and the optional rules, agreed before the game
    [Advanced and Optional Rules] [Other Optional Rules]; all off by default, the game of
    5 turns each."""

    counter_diplomacy: bool = Field(
        default=False,
        description="Counter-Diplomacy: gold may lower the opponent's roll for a political "
        "objective you control",
    )
    powerful_friends: bool = Field(
        default=False,
        description="Powerful Friends: 1 more victory point for 3 or more political objectives",
    )
    ransoms: bool = Field(
        default=False,
        description="Ransoms: prisoners may be exchanged, or freed for gold",
    )
    regional_dominance: bool = Field(
        default=False,
        description="Regional Dominance: 1 more victory point per theater whose every colony "
        "you control",
    )
    trade_mastery: bool = Field(
        default=False,
        description="Trade Mastery: 1 more victory point for 6 or more different exports",
    )
    advanced: bool = Field(default=False, description="all five advanced rules at once")
    turns_per_player: int | None = Field(
        default=None, ge=1, le=20, description="Alternate Game Length (7 is recommended)"
    )
    expanded_conflict: bool = Field(
        default=False, description="Expanded Conflict: 4 colonies per theater at setup, not 3"
    )
    historically_accurate_colonies: bool = Field(
        default=False,
        description="Historically Accurate Colonies: control markers start on colonies each "
        "country held in 1750",
    )
    allied_leaders: bool = Field(
        default=True, description="the Spanish and Dutch leaders may be bought (Setup C)"
    )


class BritainVsFrance(Game):
    """1750: Britain vs. France, a 2-player game of the Seven Years' War in four theaters."""

    info = INFO

    def __init__(self, options: Mapping[str, Any], book: Book) -> None:
        actions = ActionBook(book)
        super().__init__(options, SEATS, actions.table)
        self.book = book
        self.codes = actions
        self.card_texts = tuple(card_text(card) for card in book.event_types)
        """Each event card type's options in words (as a hand shows them)."""
        advanced = bool(options.get("advanced"))
        self.counter_diplomacy = advanced or bool(options.get("counter_diplomacy"))
        self.powerful_friends = advanced or bool(options.get("powerful_friends"))
        self.ransoms = advanced or bool(options.get("ransoms"))
        self.regional_dominance = advanced or bool(options.get("regional_dominance"))
        self.trade_mastery = advanced or bool(options.get("trade_mastery"))
        turns = options.get("turns_per_player")
        self.turns_per_player: int = (
            book.rules.turns.turns_per_player if turns is None else int(turns)
        )
        setup = book.rules.setup
        extra_turns = self.turns_per_player - book.rules.turns.turns_per_player
        self.draw_deck_size = max(
            0, setup.draw_deck + extra_turns * book.rules.turns.draw_cards_per_extra_turn
        )
        self.per_theater = (
            setup.expanded_colonies_per_theater
            if options.get("expanded_conflict")
            else setup.colonies_per_theater
        )
        self.historical = bool(options.get("historically_accurate_colonies"))
        self.allied_leaders = bool(options.get("allied_leaders", True))

    @classmethod
    def from_options(cls, options: GameOptions) -> BritainVsFrance:
        """Build the game from validated options (the registry's builder)."""
        book = load_book(options.data)
        return cls(options.model_dump(mode="json"), book)

    def new_initial_state(self) -> BritainVsFranceState:
        return BritainVsFranceState.initial(self)

    def _state_from_doc(self, doc: Mapping[str, Any]) -> BritainVsFranceState:
        return state_from_doc(self, doc)
