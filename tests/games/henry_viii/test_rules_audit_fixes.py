"""The rulebook-first audit's departures, fixed: Endeavours aimed at the player's own
faction, and the targets Take Oath, Travel Beyond the Realm and Diplomatic Mission print
no limit on (public API only)."""

from __future__ import annotations

import random
from typing import Any

from stratagem.bots.base import make_bot

from .helpers import Table, asked
from .rulebook_play import endeavour, legal, started

DISCARD_PILE = -2
"""The discard pile's place in the state document's ``cloc``."""


def _targets(table: Table, seat: int, card: str) -> set[str]:
    """The characters offered as targets of ``card`` at ``seat``'s Player Turn."""
    endeavour(table, seat, card, until=lambda s: "target" in asked(s))
    return {o.removeprefix("Target: ") for o in legal(table) if o.startswith("Target: ")}


def _only_seat_holds_cards(table: Table, seat: int) -> None:
    """At ``seat``'s Player Turn, every other faction's hand goes to the discard pile."""
    table.to_player_turn(seat)

    def change(doc: dict[str, Any]) -> None:
        for other, hand in enumerate(doc["hands"]):
            if other == seat:
                continue
            for card in hand:
                doc["cloc"][card] = DISCARD_PILE
                doc["discard"].append(card)
            doc["hands"][other] = []

    table.edit(change)


def test_important_any_faction_law_suit_binds_the_players_own_faction() -> None:
    """Important: You Can Play an Endeavour on Any Faction: a Law Suit aimed at the player's
    own faction, won, embroils that faction."""
    table = started(hands={2: ["Law Suit | Bad Health"]})
    endeavour(table, 2, "Law Suit | Bad Health", "Target faction: Faction 3", die=6)
    table.settle()
    assert any("Faction 3 is embroiled in a Law Suit" in text for text in table.events())


def test_important_any_faction_quails_on_the_only_faction_holding_cards() -> None:
    """Important: You Can Play an Endeavour on Any Faction: with no other faction holding
    cards, Quails may still be played, on the player's own faction."""
    table = started(hands={0: ["Quails | Revulsion"]})
    _only_seat_holds_cards(table, 0)
    assert "Endeavour: Quails | Revulsion" in legal(table)
    table.state.apply_action("Endeavour: Quails | Revulsion")
    assert [o for o in legal(table) if o.startswith("Target faction: ")] == [
        "Target faction: Faction 1"
    ]


def test_diplomatic_mission_a_woman_and_a_tudor_heir_may_be_sent() -> None:
    """List of Endeavours: Diplomatic Mission prints no limit on its target, so a woman (the
    Queen) and a Tudor Heir (Mary Tudor) may be sent."""
    table = started(hands={0: ["Diplomatic Mission | Bad Health"]})
    assert {"Catherine of Aragon", "Mary Tudor"} <= _targets(
        table, 0, "Diplomatic Mission | Bad Health"
    )


def test_take_oath_a_minor_who_refuses_is_arrested() -> None:
    """Take Oath / Minors: a minor asked the Oath who refuses it is arrested (a minor can be
    arrested)."""
    table = started(hands={0: ["Take Oath | Captaincy"]})

    def supremacy(doc: dict[str, Any]) -> None:
        doc["supremacy"] = True

    table.edit(supremacy)
    endeavour(table, 0, "Take Oath | Captaincy", "Target: Henry Fitzroy", die=1)
    table.settle()
    assert "Henry Fitzroy" in str(table.state.view(None)["tower"])


def test_diplomatic_mission_the_bot_keeps_its_queen_at_court() -> None:
    """Diplomatic Mission: the Queen may now be sent, but the heuristic bot sends another
    of its own (a Queen abroad bears Henry no heir and counts no Influence), even one
    worth less than she is."""
    table = Table(
        5,
        factions={0: ["Catherine of Aragon", "Anne Boleyn"]},
        hands={0: ["Diplomatic Mission | Bad Health"]},
    )
    endeavour(table, 0, "Diplomatic Mission | Bad Health", until=lambda s: "target" in asked(s))
    kept = {table.person("Catherine of Aragon"), table.person("Anne Boleyn")}

    def only_the_two_women(doc: dict[str, Any]) -> None:
        doc["owner"] = [
            1 if seat == 0 and c not in kept else seat for c, seat in enumerate(doc["owner"])
        ]

    table.edit(only_the_two_women)
    assert "Target: Catherine of Aragon" in legal(table)
    assert (
        table.character("Catherine of Aragon")["influence"]
        > table.character("Anne Boleyn")["influence"]
    )
    bot = make_bot("heuristic", table.game, random.Random(0))
    state = table.state
    assert bot.choose(state, state.current_player()).text == "Target: Anne Boleyn"
