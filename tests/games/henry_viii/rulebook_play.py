"""Small drivers for the rulebook-first audit tests (public API only).

They build on ``helpers.Table``: ``endeavour`` plays one Court card as an Endeavour and
answers every question that follows from a queue of action texts (passing where a pass
is offered), stopping at the Endeavour's die, which it forces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stratagem import CHANCE, IllegalAction, State

from .helpers import Table, asked, drive


def legal(table: Table) -> list[str]:
    """The texts of the actions legal now."""
    return [action.text for action in table.state.legal_actions()]


def answer(table: Table, *answers: str, until: Callable[[State], bool] | None = None) -> None:
    """Answer decisions from ``answers`` (each used once, when legal), passing otherwise,
    until a chance node, the next Player Turn (once every answer is used) or ``until``."""
    queue = list(answers)
    state = table.state
    while state.current_player() != CHANCE and not state.is_terminal():
        if (until and until(state)) or ("play an Endeavour" in asked(state) and not queue):
            break
        options = legal(table)
        chosen = next((text for text in queue if text in options), None)
        if chosen is not None:
            queue.remove(chosen)
        elif "Pass" in options:
            chosen = "Pass"
        elif "No" in options:
            chosen = "No"
        else:
            raise AssertionError(f"no answer for {asked(state)!r}: {options}; queue {queue}")
        state.apply_action(chosen)
    assert not queue, f"answers never used: {queue} (now: {asked(state)})"


def endeavour(
    table: Table,
    seat: int,
    card: str,
    *answers: str,
    die: int | None = None,
    until_support: int | None = None,
    until: Callable[[State], bool] | None = None,
) -> None:
    """At ``seat``'s Player Turn, play ``card`` as its Endeavour, answer with ``answers``
    and force the Endeavour's die to ``die`` (if given); or stop when the seat
    ``until_support`` is asked for a Support (or when ``until`` holds)."""
    table.to_player_turn(seat)
    table.state.apply_action(f"Endeavour: {card}")
    if until_support is not None:
        until = support_asked(until_support)
    answer(table, *answers, until=until)
    if until is not None:
        return
    if die is not None:
        assert asked(table.state) == "chance: the Endeavour's die", asked(table.state)
        table.state.apply_action(f"Die: {die}")


def support_asked(seat: int) -> Callable[[State], bool]:
    """A stop condition: ``seat`` is asked for a Support."""

    def stop(state: State) -> bool:
        return state.current_player() == seat and "play a Support" in asked(state)

    return stop


def last(table: Table, rule: str) -> Any:
    """The last event citing ``rule``."""
    for event in reversed(table.state.events):
        if event.rule == rule:
            return event
    raise AssertionError(f"no event cites {rule!r}")


def resolution(table: Table) -> dict[str, Any]:
    """The data of the last Endeavour resolution (its die, modifiers and total)."""
    for event in reversed(table.state.events):
        if "difficulty" in event.data and "modifiers" in event.data:
            return dict(event.data)
    raise AssertionError("no Endeavour has been resolved")


def modifiers(table: Table) -> dict[str, int]:
    """The last resolution's modifiers, by label."""
    return {str(label): int(value) for label, value in resolution(table)["modifiers"]}


def refused(table: Table, text: str) -> str:
    """Apply ``text`` expecting a refusal; return the refusal's message."""
    try:
        table.state.apply_action(text)
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{text!r} was accepted")


def setdoc(table: Table, **fields: Any) -> None:
    """Set top-level fields of the state's document."""

    def change(doc: dict[str, Any]) -> None:
        doc.update(fields)

    table.edit(change)


def play_until(table: Table, question: str) -> None:
    """Play on quietly until the state asks ``question``."""
    drive(table, lambda state: asked(state) == question)


def started(
    players: int = 5,
    factions: Mapping[int, list[str]] | None = None,
    hands: Mapping[int, list[str]] | None = None,
) -> Table:
    """A table whose first Player Turn is awaited."""
    table = Table(players, factions=factions, hands=hands)
    table.settle()
    return table


def to_tower(table: Table, name: str, imprisoned: bool = False) -> None:
    """Put ``name`` in the Tower (arrested, or imprisoned), his Offices falling vacant, as
    an Arrest Warrant (or a Trial) would leave him."""
    index = table.person(name)

    def change(doc: dict[str, Any]) -> None:
        doc["where"][index] = 4 if imprisoned else 3
        doc["office_holder"] = [
            -1 if holder == index else holder for holder in doc["office_holder"]
        ]

    table.edit(change)
