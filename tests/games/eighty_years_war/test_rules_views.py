"""Eighty Years War: what each side may see (ARCHITECTURE "Hidden information is real";
rulebook ACTION PHASE: a side never learns how many cards the other's Melds hold, both sides
reveal at the same moment, unusable cards stay face down; Rulings R4, R6, R11 and "What a
side may see"), and ``resample_hidden``."""

from __future__ import annotations

import random

import pytest

from stratagem import IllegalAction, State

from .helpers import (
    BY_NAME,
    DUTCH,
    DUTCH_HAND,
    GAME,
    SPANISH,
    SPANISH_HAND,
    card_names_in,
    deal,
    doc_state,
    draw,
    hand,
    position,
    reveal,
    skip_strategy,
    snapshot,
    start_of_turn,
)


def dealt() -> tuple[State, int]:
    """Turn 1 after the Logistics Phase, and the index of the first event of turn 1."""
    state = GAME.new_initial_state()
    start = len(state.events)
    deal(state, DUTCH_HAND, SPANISH_HAND)
    return state, start


def test_views_the_other_side_hand_is_hidden_but_its_size_is_public() -> None:
    """What a side may see: the other side's hand is hidden; how many cards it holds is
    public. Draw events name the card only to the drawer."""
    state, start = dealt()
    spanish_view = state.view(SPANISH)
    assert spanish_view["cards_held"] == {"Dutch": 7, "Spanish": 8}
    assert card_names_in(spanish_view) == set(SPANISH_HAND)
    assert card_names_in(state.visible_events(SPANISH, start)) == set(SPANISH_HAND)
    assert card_names_in(state.view(DUTCH)) == set(DUTCH_HAND)
    assert card_names_in(state.view(None)) == set()
    assert "you" not in state.view(None)
    public = [entry["text"] for entry in state.visible_events(SPANISH, start)]
    assert public.count("Dutch draws a card.") == 7
    assert sum("Dutch draws" in entry["text"] for entry in state.visible_events(DUTCH)) == 7


def test_views_deck_order_and_contents_hidden() -> None:
    """What a side may see: only the size of the deck."""
    state = GAME.new_initial_state()
    for seat in (DUTCH, SPANISH, None):
        view = state.view(seat)
        assert view["deck"] == 80
        assert card_names_in(view) == set()


def test_views_melds_and_their_sizes_hidden_until_the_reveal() -> None:
    """[Action Phase] How many cards each Meld holds is hidden from the other side: while the Dutch
    place their cards, nothing in the Spanish (or a spectator's) view or log changes."""
    state, _ = dealt()
    skip_strategy(state)
    start = len(state.events)
    spanish_before = state.view(SPANISH)
    public_before = state.view(None)
    for index, card in enumerate(DUTCH_HAND):
        state.apply_action(f"Meld {('military', 'political')[index % 2]}: {card}")
        if index < len(DUTCH_HAND) - 1:
            assert state.view(SPANISH) == spanish_before
            assert state.view(None) == public_before
    assert state.visible_events(SPANISH, start) == []
    assert state.visible_events(None, start) == []
    assert card_names_in(state.view(SPANISH)).isdisjoint(DUTCH_HAND)
    own = state.view(DUTCH)["you"]["melds"]
    assert sorted(own["military"] + own["political"]) == sorted(DUTCH_HAND)


def test_views_reveal_shows_usable_cards_and_only_the_count_of_unusable_ones() -> None:
    """[Action Phase] At the reveal, counting cards face up, the rest face down (R11): the
    other side sees the usable cards by name and the unusable ones only as a count, then
    and afterwards in the discard pile."""
    state = position(
        turn=1,
        hands=(
            ["Sea Beggars", "Bribery", "Rebel Unity", "Heresy"],
            ["Pivotal Area", "Counter Reformation"],
        ),
    )
    start = len(state.events)
    state.apply_action("Meld military: Sea Beggars")
    state.apply_action("Meld military: Rebel Unity")
    state.apply_action("Meld political: Bribery")
    state.apply_action("Meld political: Heresy")
    state.apply_action("Reveal melds")
    state.apply_action("Meld military: Pivotal Area")
    state.apply_action("Meld political: Counter Reformation")
    state.apply_action("Reveal melds")
    spanish_sees = card_names_in(state.view(SPANISH)) | card_names_in(
        state.visible_events(SPANISH, start)
    )
    assert "Sea Beggars" in spanish_sees
    assert spanish_sees.isdisjoint({"Rebel Unity", "Bribery", "Heresy"})
    reveal_view = state.view(SPANISH)["last_reveal"]["melds"]["Dutch"]
    assert reveal_view["military"]["face_down"] == 1
    assert reveal_view["political"]["face_down"] == 2
    assert state.view(SPANISH)["discard"]["face_down"] == 3
    assert sorted(state.view(DUTCH)["discard"]["yours_face_down"]) == [
        "Bribery",
        "Heresy",
        "Rebel Unity",
    ]


def test_views_wrong_stage_decision_public_but_not_the_card() -> None:
    """Rulings "What a side may see": a side sees that the other is deciding on a
    wrong-stage card, not which card; a kept card stays secret."""
    state = start_of_turn(6)
    start = len(state.events)
    draw(state, "Duke of Alba")
    spanish = state.view(SPANISH)
    assert spanish["to_move"] == "Dutch"
    assert spanish["you"]["wrong_stage_card"] is None
    assert "Duke of Alba" not in card_names_in(spanish)
    assert state.view(DUTCH)["you"]["wrong_stage_card"] == "Duke of Alba"
    state.apply_action("Keep: Duke of Alba")
    assert "Duke of Alba" not in card_names_in(state.visible_events(SPANISH, start))
    assert "Duke of Alba" not in card_names_in(state.view(SPANISH))


def test_views_never_show_the_other_side_hidden_cards_in_a_whole_game() -> None:
    """Hidden information: at every step of a whole game, neither a side's view nor the
    new entries of its log name a card in the other side's hand, melds or face-down
    discards (last_reveal, a record of what was shown, is left aside)."""
    state = GAME.new_initial_state()
    rng = random.Random(7)
    seen = [len(state.events), len(state.events)]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        truth = doc_state(state)
        for seat in (DUTCH, SPANISH):
            other = 1 - seat
            hidden = set(truth["hands"][other]) | set(truth["melds"][other][0])
            hidden |= set(truth["melds"][other][1])
            hidden |= {card for card, owner in truth["face_down"].items() if owner == other}
            view = state.view(seat)
            view.pop("last_reveal")
            leaked = card_names_in(view) & hidden
            assert not leaked, f"step {steps}: {leaked} in the {seat} view"
            new = state.visible_events(seat, seen[seat])
            leaked = card_names_in(new) & hidden
            assert not leaked, f"step {steps}: {leaked} in the {seat} log: {new}"
            seen[seat] = len(state.events)
    assert steps > 500


@pytest.mark.parametrize("verb", ["Discard", "Meld military"])
def test_views_refusal_messages_do_not_reveal_where_a_hidden_card_is(verb: str) -> None:
    """Hidden information: refusing a card that is not in one's hand must not tell whether
    it is in the other side's hand or in the deck (Strategy and Action Phases)."""
    state, _ = dealt()
    if verb.startswith("Meld"):
        skip_strategy(state)
    messages = []
    for card in ("Bribery", "Sea Battle"):  # in the Spanish hand; in the deck
        with pytest.raises(IllegalAction) as caught:
            state.apply_action(f"{verb}: {card}")
        messages.append(str(caught.value).replace(card, "<card>"))
    assert messages[0] == messages[1], messages
    assert "Spanish hand" not in messages[0]


def test_views_resample_hidden_is_consistent_with_the_view() -> None:
    """ARCHITECTURE ``resample_hidden``: a clone equally consistent with ``view(seat)``:
    the seat's view is unchanged, its own cards are unchanged, the unseen cards are dealt
    again, and the clone is a sound state that can be played on."""
    state = GAME.new_initial_state()
    rng = random.Random(21)
    checked = 0
    changed = 0
    step = 0
    while not state.is_terminal():
        step += 1
        if step % 23 == 0:
            for seat in (DUTCH, SPANISH):
                other = 1 - seat
                for seed in range(3):
                    clone = state.resample_hidden(seat, random.Random(seed))
                    assert clone.view(seat) == state.view(seat)
                    assert hand(clone, seat) == hand(state, seat)
                    assert clone.current_player() == state.current_player()
                    GAME.state_from_json(clone.to_json())
                    if doc_state(clone)["hands"][other] != doc_state(state)["hands"][other]:
                        changed += 1
                    checked += 1
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100
    assert changed > checked // 3


def test_views_resample_hidden_does_not_read_the_secret_size_of_the_other_side_melds() -> None:
    """[Action Phase] The size of a side's Melds is secret, so two positions that differ only
    in how the Dutch split the same cards look the same to the Spanish, and a same-seeded
    redeal for the Spanish is the same in both (it used to keep the true meld sizes)."""
    worlds = []
    for split in (2, 5):
        state, _ = dealt()
        skip_strategy(state)
        for index, card in enumerate(DUTCH_HAND):
            state.apply_action(f"Meld {'military' if index < split else 'political'}: {card}")
        state.apply_action(state.legal_actions()[0])  # reveal (or show an Event, R9)
        assert state.current_player() == SPANISH
        worlds.append(state)
    first, second = worlds
    assert first.view(SPANISH) == second.view(SPANISH)
    assert doc_state(first)["melds"] != doc_state(second)["melds"]
    for seed in range(5):
        redeal = first.resample_hidden(SPANISH, random.Random(seed))
        again = second.resample_hidden(SPANISH, random.Random(seed))
        assert redeal.to_json()["state"] == again.to_json()["state"]
        melds = doc_state(redeal)["melds"][DUTCH]
        assert all(melds) and sum(map(len, melds)) == len(DUTCH_HAND)


def test_views_resample_hidden_puts_a_one_meld_card_where_it_counts() -> None:
    """Rulings, "Eighty Years War redeal": the Dutch cards dealt into their secret melds go
    where they count for the Dutch (a Military-only card to the Military Meld)."""
    state, _ = dealt()
    skip_strategy(state)
    for card in DUTCH_HAND:
        state.apply_action(
            f"Meld military: {card}" if card != DUTCH_HAND[0] else f"Meld political: {card}"
        )
    book = GAME.book
    military_ok, political_ok = book.meld_ok
    index = {name: card for card, name in enumerate(book.names)}
    placed = 0
    for seed in range(20):
        melds = doc_state(state.resample_hidden(SPANISH, random.Random(seed)))["melds"][DUTCH]
        for meld, names in enumerate(melds):
            for name in names:
                card = index[name]
                if book.usable_by[DUTCH][card] and military_ok[card] != political_ok[card]:
                    placed += 1
                    assert (military_ok if meld == 0 else political_ok)[card] or len(names) == 1
    assert placed > 0


def test_views_resample_hidden_keeps_the_other_side_deciding_on_a_wrong_stage_card() -> None:
    """Rulings "What a side may see" / R4: while the Dutch decide on a wrong-stage card, a
    resampled world for the Spanish has them decide on some wrong-stage card."""
    state = start_of_turn(6)
    draw(state, "Sea Beggars", "Duke of Alba")
    for seed in range(10):
        clone = state.resample_hidden(SPANISH, random.Random(seed))
        assert clone.view(SPANISH) == state.view(SPANISH)
        texts = [action.text for action in clone.legal_actions()]
        assert len(texts) == 2
        assert texts[0].startswith("Keep: ")
        card = texts[0].removeprefix("Keep: ")
        assert card in {"Calvinist Iconoclasm", "Duke of Alba", "Council of Blood"}
        clone.apply_action(texts[1])
        assert clone.is_chance_node()


def test_views_resample_hidden_deals_the_other_side_a_hand_it_would_have_kept() -> None:
    """Decisions, "Eighty Years War redeal": once the Dutch have discarded 2 cards face down
    and drawn 2 [Strategy Phase], a redeal for the Spanish deals them a hand as a player
    keeps one: the 2 face-down cards are worth less to the Dutch than a fresh card is on
    average, at most 2 cards of their hand (the fresh ones) are, and their hands are worth
    more than hands dealt uniformly from the same cards."""
    state = GAME.new_initial_state()
    deal(state, DUTCH_HAND, SPANISH_HAND)
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Discard: Rebel Unity")
    state.apply_action("Stop discarding")
    draw(state, "Sea Battle", "William of Orange")
    assert state.current_player() == SPANISH
    assert state.view(SPANISH)["discarded_this_turn"] == {"Dutch": 2, "Spanish": 0}

    def worth(name: str) -> int:
        card = BY_NAME[name]
        return card.value if card.usable_by(DUTCH) and card.in_stage(1) else 0

    truth = doc_state(state)
    pool = [*truth["hands"][DUTCH], *truth["deck"], *truth["face_down"]]
    fresh = sum(map(worth, pool)) / len(pool)
    held = []
    for seed in range(40):
        world = doc_state(state.resample_hidden(SPANISH, random.Random(seed)))
        down = [name for name, owner in world["face_down"].items() if owner == DUTCH]
        assert len(down) == 2
        assert all(worth(name) < fresh for name in down)
        assert sum(worth(name) < fresh for name in world["hands"][DUTCH]) <= 2
        held.append(sum(map(worth, world["hands"][DUTCH])))
    uniform = len(DUTCH_HAND) * fresh
    assert sum(held) / len(held) > 1.2 * uniform


def test_views_to_json_round_trip_keeps_hidden_information() -> None:
    """ARCHITECTURE: ``to_json``/``state_from_json`` is a full round trip, hidden
    information included: the loaded state plays on exactly like the original."""
    state, _ = dealt()
    loaded = GAME.state_from_json(state.to_json())
    assert snapshot(loaded) == snapshot(state)
    for seat in (DUTCH, SPANISH, None):
        assert loaded.view(seat) == state.view(seat)
    for game_state in (state, loaded):
        game_state.apply_action("Discard: Sea Beggars")
        game_state.apply_action("Stop discarding")
        game_state.apply_action("Draw: Sea Battle")
    assert snapshot(loaded) == snapshot(state)


def test_views_reveal_names_only_the_usable_cards_in_the_log() -> None:
    """ACTION PHASE reveal: the log of the reveal, read by the other side, lists the usable
    cards and the totals; unusable cards are not named."""
    state = reveal(
        dutch_military=["Sea Beggars", "Pivotal Area"], spanish_military=["Spanish Armies"]
    )
    reveals = [e for e in state.visible_events(SPANISH) if e["text"].startswith("The Dutch")]
    assert len(reveals) == 1
    assert card_names_in(reveals[0]) == {"Sea Beggars"}
    assert reveals[0]["rule"] == "Action Phase"
