"""Eighty Years War rulebook: EIGHTY YEARS WAR CARD LIST read with CARD LIST NOTATION: every
printed card, alone in a meld, is worth its printed value exactly when its Use (D/S/B),
Meld (M/P/E) and Stage (I/II/III/I+/II+/A) allow it, and a usable Event (V) goes off."""

from __future__ import annotations

import pytest

from .helpers import CARDS, DUTCH, MELDS, SEATS, SPANISH, Card, last_meld, reveal

FIRST_TURN_OF_STAGE = {1: 1, 2: 6, 3: 11}


@pytest.mark.parametrize("card", CARDS, ids=[card.name for card in CARDS])
def test_card_list_value_use_meld_and_stage_of(card: Card) -> None:
    """[Eighty Years War Card List] [Card List Notation] The card is worth its printed
    value for the side(s) of its Use column, in the meld(s) of its Meld column, in the
    stage(s) of its Stage column, and 0 otherwise (unusable cards have zero value
    [Action Phase]). It is tried in every stage from the one it enters the deck in [Setup]
    [Rulings R2] [Rulings R3], by both sides, in both melds."""
    for stage in range(card.entry_stage, 4):
        turn = FIRST_TURN_OF_STAGE[stage]
        for seat in (DUTCH, SPANISH):
            for meld in MELDS:
                key = f"{SEATS[seat].lower()}_{meld}"
                state = reveal(**{key: [card.name]}, turn=turn)
                shown = last_meld(state, seat, meld)
                expected = card.worth(seat, meld, stage)
                where = f"{card.name} for the {SEATS[seat]} in a {meld} meld in stage {stage}"
                assert shown["total"] == expected, where
                assert (shown["face_up"] == [card.name]) == (expected > 0), where
                removed = state.view(None)["removed_from_play"]
                assert (removed == [card.name]) == (card.event and expected > 0), where
