"""Eighty Years War rulebook: ACTION PHASE (two melds, every card used, at least one card
each, hidden until the simultaneous reveal, usability, one Leader per meld, one Event per
turn, winning a meld by 3+ or 15+) and DECK & CARDS (Events go off and leave the game);
Rulings R3, R7, R8, R9, R10, R11 and R12."""

from __future__ import annotations

import pytest

from stratagem import State

from .helpers import (
    DUTCH,
    DUTCH_HAND,
    GAME,
    SPANISH,
    SPANISH_HAND,
    deal,
    hand,
    last_meld,
    legal_texts,
    outcome,
    phase,
    place,
    position,
    provinces,
    refuse,
    reveal,
    skip_strategy,
)


def action_start() -> State:
    """Turn 1, Action Phase, hands dealt by forced draws, nobody discarded."""
    state = GAME.new_initial_state()
    deal(state, DUTCH_HAND, SPANISH_HAND)
    skip_strategy(state)
    return state


# -- making melds ------------------------------------------------------------------------


def test_action_phase_each_player_makes_a_military_and_a_political_meld() -> None:
    """[Action Phase] Every player builds two Melds, one Military and one Political.
    Rulings R5: the Dutch first."""
    state = action_start()
    assert phase(state) == "Action Phase"
    assert state.current_player() == DUTCH
    assert legal_texts(state) == [
        "Meld military: Great Merchant Cities",
        "Meld political: Great Merchant Cities",
    ]


def test_action_phase_cards_are_placed_in_card_list_order() -> None:
    """[Rulings R7] A side places its cards one by one, always the one first in the card
    list; another card is refused with that reason."""
    state = action_start()
    hands_seen = []
    while state.current_player() == DUTCH and hand(state, DUTCH):
        current = hand(state, DUTCH)
        hands_seen.append(current[0])
        if len(current) > 1:
            message = refuse(state, f"Meld military: {current[1]}")
            assert "order" in message
        state.apply_action(legal_texts(state)[0])
    assert hands_seen == DUTCH_HAND


def test_action_phase_all_cards_in_hand_must_be_used() -> None:
    """[Action Phase] A side's whole hand goes into its two Melds: no action ends
    a side's melding before its hand is empty, and the reveal shows all 7 and 8 cards."""
    state = action_start()
    for seat, size in ((DUTCH, 7), (SPANISH, 8)):
        for left in range(size, 0, -1):
            assert state.current_player() == seat
            assert len(hand(state, seat)) == left
            assert all(text.startswith("Meld ") for text in legal_texts(state))
            state.apply_action(legal_texts(state)[-1])
        assert legal_texts(state) == ["Reveal melds"]  # no Event to choose: just reveal
        state.apply_action("Reveal melds")
    assert phase(state) == "Logistics Phase"
    for seat, size in ((DUTCH, 7), (SPANISH, 8)):
        shown = [last_meld(state, seat, meld) for meld in ("military", "political")]
        assert sum(len(m["face_up"]) + m["face_down"] for m in shown) == size


@pytest.mark.parametrize("first", ["military", "political"])
def test_action_phase_each_meld_must_contain_at_least_one_card(first: str) -> None:
    """[Action Phase] Neither Meld may be left empty (Rulings R7: the last card is
    forced into an empty meld, the other meld is refused with the reason)."""
    other = "political" if first == "military" else "military"
    state = action_start()
    for card in DUTCH_HAND[:-1]:
        state.apply_action(f"Meld {first}: {card}")
    last = DUTCH_HAND[-1]
    assert legal_texts(state) == [f"Meld {other}: {last}"]
    message = refuse(state, f"Meld {first}: {last}")
    assert "last card" in message
    state.apply_action(f"Meld {other}: {last}")
    assert state.view(DUTCH)["you"]["melds"][other] == [last]


def test_action_phase_last_card_free_once_both_melds_have_cards() -> None:
    """[Rulings R7] The last card is forced only when one meld is still empty."""
    state = action_start()
    state.apply_action(f"Meld political: {DUTCH_HAND[0]}")
    for card in DUTCH_HAND[1:-1]:
        state.apply_action(f"Meld military: {card}")
    last = DUTCH_HAND[-1]
    assert legal_texts(state) == [f"Meld military: {last}", f"Meld political: {last}"]


def test_action_phase_every_split_of_the_hand_reachable_exactly_once() -> None:
    """[Rulings R7] Every split of the hand into two non-empty melds is reachable and has
    exactly one sequence: 2**7 - 2 = 126 for the Dutch hand of 7."""
    splits: list[frozenset[str]] = []

    def explore(state: State) -> None:
        if state.current_player() != DUTCH:
            splits.append(frozenset(state.view(DUTCH)["you"]["melds"]["military"]))
            return
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            explore(child)

    explore(action_start())
    assert len(splits) == 126
    assert len(set(splits)) == 126
    assert frozenset() not in splits
    assert frozenset(DUTCH_HAND) not in splits


def test_action_phase_dutch_meld_first_then_spanish_then_both_reveal() -> None:
    """[Action Phase] The two sides show their Melds at the same moment: nothing is revealed
    until the second side has placed its last card. Rulings R5: the Dutch place first."""
    state = action_start()
    place(state, DUTCH, ["Sea Beggars", "Privateers"])
    assert state.current_player() == SPANISH
    assert state.view(None)["last_reveal"] is None
    place(state, SPANISH, ["Spanish Armies", "Military Might", "Spanish Empire"])
    reveal_view = state.view(None)["last_reveal"]
    assert reveal_view is not None
    assert set(reveal_view["melds"]) == {"Dutch", "Spanish"}


# -- adding up ---------------------------------------------------------------------------


def test_action_phase_totals_are_the_sum_of_usable_values() -> None:
    """[Action Phase] A Meld's total is the sum of the values of its cards."""
    state = action_start()
    place(state, DUTCH, ["Sea Beggars", "Privateers", "Guerilla Campaign"])
    place(state, SPANISH, ["Spanish Armies", "Military Might", "Spanish Empire"])
    assert last_meld(state, DUTCH, "military")["total"] == 6 + 4 + 3
    # Great Merchant Cities 4 + Maritime Provinces 5 + Spontaneous Revolt 7 + Rebel Unity 6
    assert last_meld(state, DUTCH, "political")["total"] == 22
    assert last_meld(state, SPANISH, "military")["total"] == 4 + 5 + 7
    # Imperial Authority 4 + Southern Aristocracy 5 + Bribery 5 + Habsburg 7 + Devout 4
    assert last_meld(state, SPANISH, "political")["total"] == 25


def test_action_phase_usable_cards_face_up_unusable_face_down() -> None:
    """[Action Phase] At the reveal, cards that count are shown face up and the rest stay
    face down (R11)."""
    state = reveal(
        dutch_military=["Sea Beggars", "Spanish Armies", "Rebel Unity"],
        dutch_political=["Reformation"],
        spanish_military=["Pivotal Area"],
        spanish_political=["Heresy", "Sea Battle"],
    )
    dutch = last_meld(state, DUTCH, "military")
    assert dutch == {"face_up": ["Sea Beggars"], "face_down": 2, "total": 6}
    spanish = last_meld(state, SPANISH, "political")
    assert spanish == {"face_up": ["Heresy"], "face_down": 1, "total": 4}


@pytest.mark.parametrize(
    ("seat", "card", "value"),
    [
        (DUTCH, "Sea Beggars", 6),  # D
        (SPANISH, "Sea Beggars", 0),
        (SPANISH, "Pivotal Area", 7),  # S
        (DUTCH, "Pivotal Area", 0),
        (DUTCH, "Siege Warfare", 5),  # B
        (SPANISH, "Siege Warfare", 5),
    ],
)
def test_action_phase_cards_of_the_other_side_are_unusable(
    seat: int, card: str, value: int
) -> None:
    """CARD LIST NOTATION D/S/B; ACTION PHASE: a card meant only for the other side is
    unusable in a Meld and counts zero."""
    melds = {"dutch_military" if seat == DUTCH else "spanish_military": [card]}
    state = reveal(**melds)
    shown = last_meld(state, seat, "military")
    assert shown["total"] == value
    assert (card in shown["face_up"]) == (value > 0)


@pytest.mark.parametrize(
    ("meld", "card", "value"),
    [
        ("military", "Sea Beggars", 6),  # M
        ("political", "Sea Beggars", 0),
        ("political", "Rebel Unity", 6),  # P
        ("military", "Rebel Unity", 0),
        ("military", "Spontaneous Revolt", 7),  # E
        ("political", "Spontaneous Revolt", 7),
    ],
)
def test_action_phase_military_political_either_cards(meld: str, card: str, value: int) -> None:
    """[Card List Notation] M = Military Melds only, P = Political only, E = Either."""
    state = reveal(**{f"dutch_{meld}": [card]})
    assert last_meld(state, DUTCH, meld)["total"] == value


@pytest.mark.parametrize(
    ("turn", "seat", "card", "value"),
    [
        (1, SPANISH, "Duke of Alba", 7),  # I in Stage I
        (6, SPANISH, "Duke of Alba", 0),  # I in Stage II
        (6, SPANISH, "King Phillip II", 9),  # I+ in Stage II
        (11, SPANISH, "King Phillip II", 0),  # I+ in Stage III
        (6, SPANISH, "Don Juan of Austria", 6),  # II in Stage II
        (11, SPANISH, "Don Juan of Austria", 0),  # II in Stage III
        (11, DUTCH, "Standing Army", 6),  # II+ in Stage III
        (11, DUTCH, "Frederick Henry", 7),  # III in Stage III
    ],
)
def test_action_phase_cards_of_the_wrong_stage_are_unusable(
    turn: int, seat: int, card: str, value: int
) -> None:
    """[Stages] Some cards are limited to particular Stages (CARD LIST NOTATION
    I, II, III, I+, II+); Rulings R3: an expired card stays in the game but is unusable."""
    key = "dutch_military" if seat == DUTCH else "spanish_military"
    state = reveal(**{key: [card]}, turn=turn)
    assert last_meld(state, seat, "military")["total"] == value


def test_action_phase_kept_wrong_stage_card_is_unusable_in_the_meld() -> None:
    """Rulings R3/R4: a wrong-stage card kept at the draw is worth 0 in the meld."""
    state = position(turn=6, phase="logistics", to_draw=7)
    dutch = ["Calvinist Iconoclasm", "Sea Beggars", "Sea Battle", "Flood Terrain"]
    dutch += ["Rebel Unity", "Reformation", "Mutinies"]
    for card in dutch:
        state.apply_action(f"Draw: {card}")
        if card == "Calvinist Iconoclasm":
            state.apply_action("Keep: Calvinist Iconoclasm")
    for card in SPANISH_HAND:
        state.apply_action(f"Draw: {card}")
    skip_strategy(state)
    place(state, DUTCH, ["Sea Beggars", "Sea Battle", "Flood Terrain", "Mutinies"])
    place(state, SPANISH, ["Spanish Armies"])
    political = last_meld(state, DUTCH, "political")
    assert political["face_up"] == ["Rebel Unity", "Reformation"]
    assert political["face_down"] == 1
    assert political["total"] == 11


# -- Leaders -----------------------------------------------------------------------------


def test_action_phase_one_leader_per_meld_the_highest_counts() -> None:
    """[Action Phase] One Leader per Meld; any further Leader in it is unusable.
    Rulings R8: the highest counts."""
    state = reveal(spanish_military=["Duke of Alba", "King Phillip II", "Spanish Armies"])
    shown = last_meld(state, SPANISH, "military")
    assert shown["face_up"] == ["King Phillip II", "Spanish Armies"]
    assert shown["face_down"] == 1
    assert shown["total"] == 9 + 4


def test_action_phase_one_leader_in_each_meld_both_count() -> None:
    """[Action Phase] The Leader limit is per meld: one in each meld both count."""
    state = reveal(spanish_military=["King Phillip II"], spanish_political=["Duke of Alba"])
    assert last_meld(state, SPANISH, "military")["total"] == 9
    assert last_meld(state, SPANISH, "political")["total"] == 7


def test_action_phase_equal_leaders_the_earlier_in_the_card_list_counts() -> None:
    """[Rulings R8] On equal values the Leader earlier in the card list counts (King Phillip
    II, 9, before the Duke of Parma, 9)."""
    state = reveal(spanish_military=["Duke of Parma", "King Phillip II"], turn=6)
    shown = last_meld(state, SPANISH, "military")
    assert shown["face_up"] == ["King Phillip II"]
    assert shown["face_down"] == 1
    assert shown["total"] == 9


@pytest.mark.parametrize(
    ("turn", "blocked", "leader", "value"),
    [
        (1, "King Phillip II", "Able General", 6),  # the other side's Leader
        (1, "William of Orange", "Able General", 6),  # a political Leader in a military meld
        (11, "Maurice of Nassau", "Frederick Henry", 9),  # both usable: highest
        (11, "William of Orange", "Able General", 6),  # an I+ Leader in Stage III
    ],
)
def test_action_phase_leader_unusable_for_another_reason_does_not_use_up_the_meld_leader(
    turn: int, blocked: str, leader: str, value: int
) -> None:
    """[Rulings R8] A Leader unusable for side, meld type or stage does not use up the
    meld's Leader."""
    state = reveal(dutch_military=[blocked, leader], turn=turn)
    shown = last_meld(state, DUTCH, "military")
    assert shown["total"] == value
    assert len(shown["face_up"]) == 1
    assert shown["face_down"] == 1


# -- Events ------------------------------------------------------------------------------


def test_action_phase_one_event_per_turn_the_side_chooses_which() -> None:
    """[Action Phase] One Event card per turn, the extras unusable. Rulings R9: with several
    usable Events across its melds, the side chooses the one it shows, before the reveal."""
    state = position(
        turn=6, hands=(("Spanish Armada Fiasco", "Sea Beggars", "Union of Utrecht"), ())
    )
    state.apply_action("Meld military: Sea Beggars")
    state.apply_action("Meld political: Union of Utrecht")
    state.apply_action("Meld military: Spanish Armada Fiasco")
    assert legal_texts(state) == [
        "Show event: Union of Utrecht",
        "Show event: Spanish Armada Fiasco",
    ]
    assert "choose the one shown" in refuse(state, "Reveal melds")
    state = reveal(
        dutch_military=["Spanish Armada Fiasco", "Sea Beggars"],
        dutch_political=["Union of Utrecht"],
        turn=6,
        shows=("Union of Utrecht", None),
    )
    assert last_meld(state, DUTCH, "political") == {
        "face_up": ["Union of Utrecht"],
        "face_down": 0,
        "total": 8,
    }
    assert last_meld(state, DUTCH, "military") == {
        "face_up": ["Sea Beggars"],
        "face_down": 1,
        "total": 6,
    }
    assert state.view(None)["removed_from_play"] == ["Union of Utrecht"]


def test_action_phase_one_event_per_turn_within_one_meld() -> None:
    """[Action Phase] Two Events in the same meld: only one is usable."""
    state = reveal(
        dutch_political=["Pacification of Ghent", "Union of Utrecht"],
        turn=6,
        shows=("Union of Utrecht", None),
    )
    shown = last_meld(state, DUTCH, "political")
    assert shown["face_up"] == ["Union of Utrecht"]
    assert shown["total"] == 8


def test_action_phase_the_event_shown_may_be_the_lower_one() -> None:
    """[Rulings R9] The side may show a lower Event (Act of Abjuration, 2, over Spanish
    Armada Fiasco); the one shown goes off, the other is unusable and discarded."""
    state = reveal(
        dutch_military=["Act of Abjuration", "Spanish Armada Fiasco"],
        turn=6,
        shows=("Act of Abjuration", None),
    )
    assert last_meld(state, DUTCH, "military")["face_up"] == ["Act of Abjuration"]
    assert state.view(None)["removed_from_play"] == ["Act of Abjuration"]
    assert "Spanish Armada Fiasco" in state.view(DUTCH)["discard"]["yours_face_down"]


@pytest.mark.parametrize(
    ("shows", "military", "political", "held"),
    [
        # the highest Event (the old automatic pick): military 13-17 lost, political 4-3 tied
        ("Spanish Armada Fiasco", 13, 4, (6, 11)),
        # the lower Event swings the political meld (6-3, won); military is lost anyway
        ("Act of Abjuration", 6, 6, (7, 10)),
    ],
)
def test_action_phase_a_lower_event_shown_can_swing_a_meld(
    shows: str, military: int, political: int, held: tuple[int, int]
) -> None:
    """[Rulings R9] Why the side chooses (and the highest Event is not always best): here
    showing the lower Act of Abjuration keeps a Province that the Spanish Armada Fiasco
    loses."""
    state = reveal(
        dutch_military=["Spanish Armada Fiasco", "Sea Beggars"],
        dutch_political=["Act of Abjuration", "Diplomacy"],
        spanish_military=["Spanish Armies", "Spanish Empire", "Able General"],
        spanish_political=["Political Rivals"],
        turn=6,
        provinces=(7, 10),
        shows=(shows, None),
    )
    assert last_meld(state, DUTCH, "military")["total"] == military
    assert last_meld(state, DUTCH, "political")["total"] == political
    assert provinces(state) == held


def test_action_phase_every_side_is_asked_to_reveal_so_asking_tells_nothing() -> None:
    """Rulings R9 and R11: each side, its melds built, is asked before the reveal whether
    or not it has an Event to choose, so the other side sees the same thing either way."""
    worlds = [
        position(turn=6, hands=(cards, ("Spanish Armies", "Political Rivals")))
        for cards in (
            ("Spanish Armada Fiasco", "Act of Abjuration"),
            ("Spanish Armada Fiasco", "Diplomacy"),
        )
    ]
    for state in worlds:
        state.apply_action(legal_texts(state)[0])
        state.apply_action(legal_texts(state)[-1])
    assert [legal_texts(state)[0] for state in worlds] == [
        "Show event: Spanish Armada Fiasco",
        "Reveal melds",
    ]
    assert worlds[0].current_player() == worlds[1].current_player() == DUTCH
    assert worlds[0].view(SPANISH) == worlds[1].view(SPANISH)
    assert worlds[0].visible_events(SPANISH) == worlds[1].visible_events(SPANISH)
    worlds[0].apply_action("Show event: Spanish Armada Fiasco")
    worlds[1].apply_action("Reveal melds")
    assert worlds[0].current_player() == worlds[1].current_player() == SPANISH
    assert worlds[0].view(SPANISH) == worlds[1].view(SPANISH)
    assert worlds[0].visible_events(SPANISH) == worlds[1].visible_events(SPANISH)


def test_action_phase_each_side_has_its_own_event_per_turn() -> None:
    """[Action Phase] The limit of one Event a turn applies to each player separately."""
    state = reveal(
        dutch_political=["Union of Utrecht"], spanish_political=["Union of Arras"], turn=6
    )
    assert last_meld(state, DUTCH, "political")["total"] == 8
    assert last_meld(state, SPANISH, "political")["total"] == 8
    assert sorted(state.view(None)["removed_from_play"]) == ["Union of Arras", "Union of Utrecht"]


@pytest.mark.parametrize(
    ("turn", "military", "political", "counted", "total"),
    [
        # the other side's Event (Union of Arras, S 8) does not block the Dutch Event
        (6, ["Pacification of Ghent"], ["Union of Arras"], "Pacification of Ghent", 5),
        # a political Event in a military meld does not block
        (
            6,
            ["Union of Utrecht", "Spanish Armada Fiasco"],
            ["Rebel Unity"],
            "Spanish Armada Fiasco",
            7,
        ),
        # a Stage I Event in Stage II does not block
        (6, ["Pacification of Ghent"], ["Council of Blood"], "Pacification of Ghent", 5),
    ],
)
def test_action_phase_event_unusable_for_another_reason_does_not_count_toward_the_limit(
    turn: int, military: list[str], political: list[str], counted: str, total: int
) -> None:
    """[Rulings R9] An Event unusable for another reason does not count toward the limit,
    and does not go off."""
    state = reveal(dutch_military=military, dutch_political=political, turn=turn)
    shown = last_meld(state, DUTCH, "military")
    assert counted in shown["face_up"]
    assert shown["total"] == total
    assert state.view(None)["removed_from_play"] == [counted]


def test_deck_and_cards_event_that_goes_off_is_removed_from_play() -> None:
    """[Deck & Cards] An Event whose value counts has "gone off" and leaves the game
    [Rulings R10]: not in the discard pile; logged under Deck & Cards."""
    state = reveal(dutch_political=["Council of Blood"])
    assert last_meld(state, DUTCH, "political")["total"] == 5
    view = state.view(SPANISH)
    assert view["removed_from_play"] == ["Council of Blood"]
    assert "Council of Blood" not in view["discard"]["face_up"]
    assert "Council of Blood" not in state.view(DUTCH)["discard"]["yours_face_down"]
    gone = [e for e in state.events if "Council of Blood" in e.text and "leaves the game" in e.text]
    assert len(gone) == 1
    assert gone[0].rule == "Deck & Cards"


def test_action_phase_unusable_events_are_discarded_normally() -> None:
    """[Rulings R9] The extra Events are unusable and go to the discard pile (face down,
    R11) instead of leaving the game."""
    state = reveal(
        dutch_military=["Spanish Armada Fiasco"],
        dutch_political=["Union of Utrecht"],
        turn=6,
        shows=("Union of Utrecht", None),
    )
    assert state.view(None)["removed_from_play"] == ["Union of Utrecht"]
    assert "Spanish Armada Fiasco" in state.view(DUTCH)["discard"]["yours_face_down"]


def test_action_phase_event_of_the_other_side_does_not_go_off() -> None:
    """[Deck & Cards] An Event goes off only when its value actually counts in the Meld."""
    state = reveal(dutch_political=["Union of Arras"], turn=6)
    assert state.view(None)["removed_from_play"] == []
    assert "Union of Arras" in state.view(DUTCH)["discard"]["yours_face_down"]


# -- winning melds -----------------------------------------------------------------------

DUTCH_28 = ["Sea Battle", "Spontaneous Revolt", "Strategic Diversions", "Sea Beggars"]
SPANISH_28 = ["Pivotal Area", "Spanish Empire", "Habsburg Dynasty", "North Eastern Theatre"]
DUTCH_27_P = ["William of Orange", "Rebel Unity", "Reformation", "Foreign Rule"]
DUTCH_27_P += ["De Facto Independence"]

MARGINS = [
    # (meld, Dutch cards, Spanish cards, Dutch total, Spanish total, winner, tokens)
    ("military", ["Sea Beggars"], ["Holy Roman Empire"], 6, 6, None, 0),
    ("military", ["Sea Battle"], ["Holy Roman Empire"], 7, 6, None, 0),
    ("military", ["Sea Battle"], ["Mercenaries"], 7, 5, None, 0),
    ("military", ["Sea Battle"], ["Spanish Armies"], 7, 4, "Dutch", 1),
    ("military", DUTCH_28, ["Pivotal Area", "Habsburg Dynasty"], 28, 14, "Dutch", 1),
    ("military", DUTCH_28, ["Pivotal Area", "Holy Roman Empire"], 28, 13, "Dutch", 2),
    ("military", DUTCH_28, ["Pivotal Area", "Military Might"], 28, 12, "Dutch", 2),
    ("military", ["Rivers & Marshes"], ["Pivotal Area"], 5, 7, None, 0),
    ("military", ["Flood Terrain"], ["Pivotal Area"], 4, 7, "Spanish", 1),
    ("military", ["Sea Battle", "Spontaneous Revolt"], SPANISH_28, 14, 28, "Spanish", 1),
    ("military", ["Sea Battle", "Sea Beggars"], SPANISH_28, 13, 28, "Spanish", 2),
    ("political", ["Rebel Unity"], ["Heresy"], 6, 4, None, 0),
    ("political", ["Rebel Unity"], ["Political Rivals"], 6, 3, "Dutch", 1),
    (
        "political",
        DUTCH_27_P,
        ["Heresy", "Devout Catholicism", "Southern Aristocracy"],
        27,
        13,
        "Dutch",
        1,
    ),
    (
        "political",
        DUTCH_27_P,
        ["Heresy", "Devout Catholicism", "Imperial Authority"],
        27,
        12,
        "Dutch",
        2,
    ),
    (
        "political",
        ["Rebel Unity", "Political Rivals", "Foreign Rule"],
        ["King Phillip II", "Southern Aristocracy", "Bribery", "Counter Reformation", "Heresy"],
        13,
        28,
        "Spanish",
        2,
    ),
]


@pytest.mark.parametrize("case", MARGINS, ids=[f"{m[0]}-{m[3]}-{m[4]}" for m in MARGINS])
def test_action_phase_within_2_tie_3_plus_one_province_15_plus_two(
    case: tuple[str, list[str], list[str], int, int, str | None, int],
) -> None:
    """[Action Phase] A Meld won by 2 points or fewer is a tie; a lead of 3+ wins one
    Province Token from the loser, a lead of 15+ wins two (boundaries 2, 3, 14 and 15 on
    both sides)."""
    meld, dutch, spanish, dutch_total, spanish_total, winner, tokens = case
    state = reveal(**{f"dutch_{meld}": dutch, f"spanish_{meld}": spanish})
    result = outcome(state, meld)
    assert (result["Dutch"], result["Spanish"]) == (dutch_total, spanish_total)
    assert result["winner"] == winner
    assert result["provinces"] == tokens
    shift = tokens if winner == "Dutch" else -tokens
    assert provinces(state) == (7 + shift, 10 - shift)
    other = "political" if meld == "military" else "military"
    assert outcome(state, other)["winner"] is None


def test_action_phase_both_melds_are_settled() -> None:
    """[Action Phase] Each meld is won or tied on its own; a side can win one and lose the
    other."""
    state = reveal(
        dutch_military=["Sea Battle"],
        spanish_military=["Spanish Armies"],
        dutch_political=["Rebel Unity", "Political Rivals", "Foreign Rule"],
        spanish_political=[
            "King Phillip II",
            "Southern Aristocracy",
            "Bribery",
            "Counter Reformation",
            "Heresy",
        ],
    )
    assert outcome(state, "military")["winner"] == "Dutch"
    assert outcome(state, "political")["winner"] == "Spanish"
    assert provinces(state) == (7 + 1 - 2, 10 - 1 + 2)
    texts = [e for e in state.events if e.rule == "Action Phase" and "meld:" in e.text]
    assert len(texts) == 2


def test_action_phase_a_side_never_loses_more_provinces_than_it_holds() -> None:
    """ACTION PHASE with Rulings R12: the winner takes 1 or 2 tokens from the loser,
    never more than the loser holds: provinces never go below 0."""
    state = reveal(
        dutch_military=["Sea Battle", "Sea Beggars"],
        spanish_military=SPANISH_28,
        dutch_political=["Rebel Unity"],
        spanish_political=["Heresy", "Bribery"],
        provinces=(1, 16),
    )
    assert outcome(state, "military")["provinces"] == 1
    assert outcome(state, "political")["winner"] == "Spanish"
    assert outcome(state, "political")["provinces"] == 0
    assert provinces(state) == (0, 17)


def test_action_phase_winner_takes_tokens_from_the_opponent_total_stays_17() -> None:
    """[Province Tokens] 17 tokens; a won meld moves tokens from loser to winner."""
    state = reveal(
        dutch_military=DUTCH_28,
        spanish_military=["Pivotal Area"],
        dutch_political=DUTCH_27_P,
        spanish_political=["Heresy"],
    )
    assert provinces(state) == (11, 6)
    assert sum(provinces(state)) == 17
