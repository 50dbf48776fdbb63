"""Shared helpers for the Henry VIII rule tests.

Everything goes through the public API: ``stratagem.load``, ``apply_action`` with action
texts (a die is forced by applying ``Die: 4``, two dice by ``Dice: 11``, a deal by ``Deal
character: <name>``, a draw by ``Draw: <card>``), ``legal_actions``, ``chance_outcomes``,
``view`` (whose ``asked`` entry says what is being decided) and ``to_json`` /
``state_from_json`` (to set up a position the dice would take long to reach: the loader
checks its consistency).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import stratagem
from stratagem import CHANCE, State
from stratagem.core import Game
from stratagem.games.henry_viii.views import read_characters

QUIET = {
    "Henry's death roll": "Dice: 2",
    "the birth of an heir": "Dice: 12",
    "Henry's Matrimonial Contentment": "Die: 6",
    "the heir's sex": "Die: 6",
    "the Queen in childbirth": "Die: 6",
}
"""Chance results that keep a test's world still: Henry lives, no heir is born,
Contentment stays 0 (6 - 3 for no male heir = 3), and nobody dies."""


def load(players: int = 5) -> Game:
    """The game for ``players`` players."""
    return stratagem.load("henry_viii", players=players)


def asked(state: State) -> str:
    """What the state is waiting for, in the view's words."""
    return str(state.view(None)["asked"])


def outcome_texts(state: State) -> list[str]:
    """The texts of the chance outcomes now."""
    return [action.text for action, _ in state.chance_outcomes()]


class Table:
    """A game driven by a test: deals and draws follow the test's wishes, other chance
    events take quiet defaults unless forced, and decisions are made explicitly."""

    def __init__(
        self,
        players: int = 5,
        factions: Mapping[int, Sequence[str]] | None = None,
        hands: Mapping[int, Sequence[str]] | None = None,
    ) -> None:
        self.game = load(players)
        self.state = self.game.new_initial_state()
        self.factions = {seat: list(names) for seat, names in (factions or {}).items()}
        self.hands = {seat: list(names) for seat, names in (hands or {}).items()}
        self.wanted_cards = {card for names in self.hands.values() for card in names}
        self.wanted_people = {name for names in self.factions.values() for name in names}

    def seat_of(self, name: str) -> int:
        """The seat whose faction has the character named ``name`` (from the view)."""
        line = self.state.view(None)["characters"].get(name)
        if line is None:
            raise AssertionError(f"{name} is in no faction")
        return int(str(line).split(" · ")[0].split()[-1]) - 1

    def _default(self) -> str:
        state = self.state
        question = asked(state).removeprefix("chance: ")
        outcomes = outcome_texts(state)
        view = state.view(None)
        if question == "a character is dealt":
            seat = self._deal_seat(view)
            for name in self.factions.get(seat, []):
                if f"Deal character: {name}" in outcomes:
                    return f"Deal character: {name}"
            for text in outcomes:
                if text.removeprefix("Deal character: ") not in self.wanted_people:
                    return text
            return outcomes[0]
        if question == "a court card is drawn":
            seat = self._draw_seat()
            for name in self.hands.get(seat, []):
                if f"Draw: {name}" in outcomes:
                    return f"Draw: {name}"
            for text in outcomes:
                if text.removeprefix("Draw: ") not in self.wanted_cards:
                    return text
            return outcomes[0]
        if question.startswith("a death roll"):
            return "Dice: 2"
        if question in QUIET:
            return QUIET[question]
        return outcomes[0]

    def _deal_seat(self, view: Mapping[str, Any]) -> int:
        dealt = [f["characters"] + f["face_down_characters"] for f in view["factions"].values()]
        # dealing goes round the table one character at a time
        total = sum(dealt)
        return total % self.game.num_players

    def _draw_seat(self) -> int:
        last = self.state.events[-1].data
        view = self.state.view(None)
        for seat, faction in enumerate(view["factions"].values()):
            if faction["court_cards"] < self._target_size(seat):
                return seat
        return int(last.get("seat", "Faction 1").split()[-1]) - 1

    def _target_size(self, seat: int) -> int:
        return 5 + (1 if self._treasurer(seat) else 0)

    def _treasurer(self, seat: int) -> bool:
        holder = self.state.view(None)["offices"]["Lord High Treasurer"]
        return holder != "vacant" and self.seat_of(holder) == seat

    def settle(self, *forced: str, until: Callable[[State], bool] | None = None) -> None:
        """Resolve chance events (the ``forced`` results first, in order) until a seat
        must decide (or ``until`` holds)."""
        queue = list(forced)
        state = self.state
        while state.current_player() == CHANCE and not (until and until(state)):
            if queue and queue[0] in outcome_texts(state):
                state.apply_action(queue.pop(0))
            else:
                state.apply_action(self._default())
        assert not queue, f"forced results never applied: {queue} (now: {asked(state)})"

    def act(self, *texts: str) -> None:
        """Apply decisions (each settling chance first)."""
        for text in texts:
            self.settle()
            self.state.apply_action(text, seat=self.state.current_player())

    def pass_supports(self) -> None:
        """Every seat asked for a Support passes, until something else is asked."""
        self.settle()
        while "play a Support or pass" in asked(self.state):
            self.state.apply_action("Pass")

    def to_player_turn(self, seat: int | None = None) -> None:
        """Settle until a Player Turn; if ``seat`` is given, others discard until it is
        that seat's Player Turn."""
        self.settle()
        while True:
            question = asked(self.state)
            if "play an Endeavour" in question:
                if seat is None or self.state.current_player() == seat:
                    return
                legal = [a.text for a in self.state.legal_actions()]
                mine = set(self.hands.get(self.state.current_player(), []))
                discard = next(
                    (t for t in legal if t.startswith("Discard") and t[9:] not in mine),
                    next((t for t in legal if t.startswith("Discard")), "Pass"),
                )
                self.state.apply_action(discard)
            elif "play a Support" in question:
                self.state.apply_action("Pass")
            else:
                self.state.apply_action(self.state.legal_actions()[0])
            self.settle()

    def edit(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Rewrite the state's document and load it back (checked by the loader)."""
        doc = json.loads(json.dumps(self.state.to_json()))
        change(doc["state"])
        self.state = self.game.state_from_json(doc)

    def person(self, name: str) -> int:
        """A character's index in the document's lists (the pack's order)."""
        book = self.game.book  # type: ignore[attr-defined]
        return int(book.person_index(name))

    def events(self) -> list[str]:
        """The event log's texts."""
        return [event.text for event in self.state.events]

    def character(self, name: str) -> dict[str, Any]:
        """A character's entry in the public view."""
        for entry in read_characters(self.state.view(None)):
            if entry["name"] == name:
                return dict(entry)
        raise AssertionError(f"{name} is not face up in any faction")


ACCIDENT_HAND = ["Accident | Act of Attainder", "Arrest Warrant | Royal Command"]
"""What Faction 1 needs for ``widow_henry``."""


def widow_henry(table: Table) -> None:
    """Faction 1's Accident on Catherine of Aragon, forced by Royal Command, with a death
    roll of 12: Henry is a widower (Faction 1 must hold ``ACCIDENT_HAND``) [Accident]
    [Royal Command]."""
    table.to_player_turn(0)
    table.act("Endeavour: Accident | Act of Attainder")
    table.settle()
    table.act("Target: Catherine of Aragon", "Support: Arrest Warrant | Royal Command")
    table.pass_supports()
    table.settle("Dice: 12")


def drive(table: Table, stop: Callable[[State], bool]) -> None:
    """Play on with quiet defaults (every faction discards, every Support passes) until
    ``stop`` holds."""
    state = table.state
    while not stop(table.state):
        state = table.state
        if state.current_player() == CHANCE:
            state.apply_action(table._default())
            continue
        question = asked(state)
        legal = [action.text for action in state.legal_actions()]
        if "play an Endeavour" in question:
            state.apply_action(next((t for t in legal if t.startswith("Discard")), "Pass"))
        elif "Pass" in legal:
            state.apply_action("Pass")
        elif "No" in legal:
            state.apply_action("No")
        else:
            state.apply_action(legal[0])


def religion(value: int) -> Callable[[dict[str, Any]], None]:
    """A document edit setting the King's Religion (0 = C0 ... 4 = P4)."""

    def change(doc: dict[str, Any]) -> None:
        doc["religion"] = value

    return change
