"""Eighty Years War rulebook: SETUP, PROVINCE TOKENS, STAGES, TURN SEQUENCE, DECK & CARDS
(the shared deck) and END PHASE (the Stage and Turn recorded); Rulings R1 and R2."""

from __future__ import annotations

import random
from functools import cache

import pytest

import stratagem
from stratagem import OptionError, State

from .helpers import (
    CARDS,
    GAME,
    chance_names,
    names_where,
    phase,
    play_randomly,
    position,
    reveal,
    stage_of_turn,
    turn,
)

STAGE_ONE = set(names_where(lambda card: card.entry_stage == 1))
STAGE_TWO_CARDS = set(names_where(lambda card: card.stage in ("II", "II+")))
STAGE_THREE_CARDS = set(names_where(lambda card: card.stage == "III"))


class Record:
    """What a seeded random game showed at every step (through the public API)."""

    def __init__(self, seed: int) -> None:
        self.state = GAME.new_initial_state()
        self.chance: list[tuple[int, set[str]]] = []  # (turn, outcomes) at each chance node
        self.stages: dict[int, set[str]] = {}  # turn -> stage names seen in the view
        self.phases: list[tuple[int, str]] = []  # (turn, phase) each time it changes
        self.not_yet: dict[int, set[int]] = {}  # turn -> "not_yet_in_deck" counts seen
        rng = random.Random(seed)

        def watch(state: State) -> bool:
            view = state.view(None)
            if view["phase"] != "Game over":
                self.stages.setdefault(view["turn"], set()).add(view["stage"])
                self.not_yet.setdefault(view["turn"], set()).add(view["not_yet_in_deck"])
                if not self.phases or self.phases[-1] != (view["turn"], view["phase"]):
                    self.phases.append((view["turn"], view["phase"]))
            if state.is_chance_node():
                self.chance.append((view["turn"], set(chance_names(state))))
            return False

        play_randomly(self.state, rng, until=watch)


@cache
def record(seed: int) -> Record:
    return Record(seed)


@pytest.mark.parametrize("players", [1, 3])
def test_introduction_card_game_for_2_players(players: int) -> None:
    """[Introduction] Exactly 2 players, the Dutch and the Spanish; no other count."""
    info = next(g for g in stratagem.available_games() if g.name == "eighty_years_war")
    assert (info.min_players, info.max_players) == (2, 2)
    assert GAME.num_players == 2
    assert GAME.seat_names == ("Dutch", "Spanish")
    with pytest.raises(OptionError):
        stratagem.load("eighty_years_war", players=players)


def test_setup_dutch_receive_7_and_spanish_10_of_17_province_tokens() -> None:
    """SETUP / PROVINCE TOKENS: 17 tokens; the Dutch receive 7 PT, the Spanish 10 PT."""
    state = GAME.new_initial_state()
    assert state.view(None)["provinces"] == {"Dutch": 7, "Spanish": 10}
    assert state.view(0)["provinces"] == {"Dutch": 7, "Spanish": 10}
    setup = [event for event in state.events if event.rule == "Setup"]
    assert any(event.data.get("provinces") == {"Dutch": 7, "Spanish": 10} for event in setup)
    assert any("17" in event.text for event in setup)


def test_setup_stage_ii_and_iii_cards_removed_deck_of_80() -> None:
    """[Setup] The later Stages' cards are set aside at the start (Rulings R1, R2): the deck
    starts with the 80 cards marked A, I and I+; the 20 marked II, II+ and III are out."""
    state = GAME.new_initial_state()
    deck = set(chance_names(state))
    assert len(deck) == 80
    assert deck == STAGE_ONE
    assert deck.isdisjoint(STAGE_TWO_CARDS | STAGE_THREE_CARDS)
    view = state.view(None)
    assert view["deck"] == 80
    assert view["not_yet_in_deck"] == 20
    assert view["stage"] == "I"
    assert view["turn"] == 1


def test_setup_i_plus_cards_start_in_the_deck() -> None:
    """SETUP with Rulings R2: I+ cards (usable in Stage I) are not stage II cards."""
    deck = set(chance_names(GAME.new_initial_state()))
    assert {"William of Orange", "King Phillip II"} <= deck
    assert {"Calvinist Iconoclasm", "Duke of Alba", "Council of Blood"} <= deck


def test_card_list_one_copy_of_each_of_100_cards() -> None:
    """[Eighty Years War Card List] [Rulings R1] 100 distinct cards, one copy each."""
    assert len(CARDS) == 100
    assert len({card.name for card in CARDS}) == 100
    everything = position(turn=11, phase="logistics", to_draw=7)
    assert sorted(chance_names(everything)) == sorted(card.name for card in CARDS)


def test_deck_is_shared_and_each_card_equally_likely() -> None:
    """[Deck & Cards] Both sides draw from one deck; a draw is one card of it, uniformly."""
    state = GAME.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 80
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    assert all(probability == pytest.approx(1 / 80) for _, probability in outcomes)
    # The Spanish draw from the same deck the Dutch drew from.
    dutch = sorted(STAGE_ONE)[:7]
    for card in dutch:
        state.apply_action(f"Draw: {card}")
    assert state.is_chance_node()
    assert set(chance_names(state)) == STAGE_ONE - set(dutch)


def test_turn_sequence_logistics_strategy_action_end_each_turn() -> None:
    """[Turn Sequence] A turn runs through 4 phases, Logistics, Strategy, Action, End, in order."""
    rec = record(1)
    by_turn: dict[int, list[str]] = {}
    for number, name in rec.phases:
        by_turn.setdefault(number, []).append(name)
    assert sorted(by_turn) == list(range(1, 16))
    for number in range(1, 16):
        assert by_turn[number] == ["Logistics Phase", "Strategy Phase", "Action Phase"], number
    ends = [event for event in rec.state.events if event.rule == "End Phase"]
    assert len(ends) == 15


def test_stages_three_stages_of_five_turns_named_in_view() -> None:
    """[Stages] Stage I is turns 1-5, Stage II turns 6-10, Stage III turns 11-15; END PHASE:
    the Stage and Turn are recorded (the view shows both)."""
    rec = record(2)
    assert sorted(rec.stages) == list(range(1, 16))
    for number, seen in rec.stages.items():
        assert seen == {("I", "II", "III")[stage_of_turn(number) - 1]}, number


def test_stage_ii_begins_turn_6_shuffling_in_exactly_the_ii_and_ii_plus_cards() -> None:
    """[Setup] When Stage II starts, its cards are shuffled into the deck
    (Rulings R2: the 14 cards marked II and II+), and not before turn 6."""
    rec = record(3)
    for number, outcomes in rec.chance:
        if number <= 5:
            assert outcomes.isdisjoint(STAGE_TWO_CARDS | STAGE_THREE_CARDS), number
    first_of_six = next(outcomes for number, outcomes in rec.chance if number == 6)
    assert first_of_six >= STAGE_TWO_CARDS
    assert first_of_six.isdisjoint(STAGE_THREE_CARDS)
    entering = [e for e in rec.state.events if e.rule == "Setup" and e.data.get("stage") == 2]
    assert len(entering) == 1
    assert sorted(entering[0].data["cards"]) == sorted(STAGE_TWO_CARDS)
    assert len(STAGE_TWO_CARDS) == 14
    assert rec.not_yet[5] == {20}
    assert rec.not_yet[6] == {6}


def test_stage_iii_begins_turn_11_shuffling_in_exactly_the_iii_cards() -> None:
    """[Setup] When Stage III starts, its cards are shuffled into the deck
    (the 6 cards marked III), and not before turn 11."""
    rec = record(4)
    for number, outcomes in rec.chance:
        if number <= 10:
            assert outcomes.isdisjoint(STAGE_THREE_CARDS), number
    first_of_eleven = next(outcomes for number, outcomes in rec.chance if number == 11)
    assert first_of_eleven >= STAGE_THREE_CARDS
    entering = [e for e in rec.state.events if e.rule == "Setup" and e.data.get("stage") == 3]
    assert len(entering) == 1
    assert sorted(entering[0].data["cards"]) == sorted(STAGE_THREE_CARDS)
    assert len(STAGE_THREE_CARDS) == 6
    assert rec.not_yet[10] == {6}
    assert rec.not_yet[11] == {0}


@pytest.mark.parametrize(
    ("last_turn", "added"),
    [
        (1, set()),
        (4, set()),
        (5, STAGE_TWO_CARDS),
        (7, set()),
        (10, STAGE_THREE_CARDS),
        (12, set()),
    ],
)
def test_stage_cards_join_the_deck_only_at_the_beginning_of_their_stage(
    last_turn: int, added: set[str]
) -> None:
    """[Setup] The stage cards are shuffled in at the beginning of stages II and III only;
    every other turn starts with the deck as the previous turn left it."""
    state = reveal(
        dutch_military=["Sea Beggars"], spanish_military=["Spanish Armies"], turn=last_turn
    )
    assert turn(state) == last_turn + 1
    assert phase(state) == "Logistics Phase"
    stage = stage_of_turn(last_turn)
    before = {card.name for card in CARDS if card.entry_stage <= stage}
    before -= {"Sea Beggars", "Spanish Armies", "Imperial Authority", "Great Merchant Cities"}
    deck = set(chance_names(state))
    assert deck == before | added
    assert state.view(None)["deck"] == len(before) + len(added)
    assert state.view(None)["stage"] == ("I", "II", "III")[stage_of_turn(last_turn + 1) - 1]


def test_stage_cards_shuffled_in_before_the_first_draw_of_the_stage() -> None:
    """[Setup] The shuffle is at the *beginning* of the stage, so after the End Phase of
    turn 5 and before anyone draws in turn 6."""
    rec = record(5)
    rules = [(event.rule, event.data) for event in rec.state.events]
    shuffle = next(
        i for i, (rule, data) in enumerate(rules) if rule == "Setup" and data.get("stage") == 2
    )
    end_of_five = [
        i for i, (rule, data) in enumerate(rules) if rule == "End Phase" and data["turn"] == 5
    ]
    assert end_of_five and end_of_five[0] < shuffle
    first_draw_after = next(
        i
        for i, event in enumerate(rec.state.events)
        if i > end_of_five[0] and "draws" in event.text
    )
    assert shuffle < first_draw_after
