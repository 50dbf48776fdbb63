"""1750: Britain vs. France at the terminal (``stratagem.render.text.britain_vs_france``):
at every decision of seeded random games, and for both seats and a spectator at the
start, middle, end and most crowded positions, the layout fits 80 columns and a stated
height, and shows what the decision needs: gold and revenue, the hand and the secret
objective, every colony of the four theaters under a deliberate short name (nothing cut
with an ellipsis), a battle or the card being answered with its effect, and, when buying,
the price and value of every card on offer.

Heights: the layout is at most ``MOST`` lines anywhere; a whole decision screen is a rule,
the news (two or three lines), the layout, the choices and the prompt, so it fits 24
lines when the layout and the choices take at most ``FITS`` lines together. That holds at
nearly every decision where a card may be played (the most common decisions: two to four
choices); buying, moving and placing list up to 17, 55 and 42 choices, which no layout
can make fit (the choices are the terminal's, not the layout's).
"""

from __future__ import annotations

import io
import random
import re
from functools import cache

from rich.console import Console

import stratagem
from stratagem.cli.terminal import game_layout
from stratagem.core import JsonDict, State
from stratagem.render.britain_vs_france import book, card_words
from stratagem.render.text.britain_vs_france import (
    as_opponent,
    choice_note,
    short_colony,
    terminal_board,
    terminal_view,
)

GAME = stratagem.load("britain_vs_france")
WIDTH = 80
MOST = 28
"""The layout's height at most, anywhere (the tallest met: a purchase with every price)."""
FITS = 20
"""Layout plus choices at most this for the whole screen to fit 24 lines."""
SEEDS = (3, 11, 29)


def _render(state: State, seat: int | None) -> list[str]:
    console = Console(width=WIDTH, record=True, color_system=None, file=io.StringIO())
    console.print(terminal_view(state.view(seat), None))
    return console.export_text().rstrip("\n").split("\n")


Decision = tuple[State, int, list[str], JsonDict, list[str]]
"""A state, the seat deciding, its choices' texts, its view and the layout's lines."""


@cache
def _decisions() -> list[Decision]:
    """Every decision of the seeded random games, in order."""
    decisions: list[Decision] = []
    for seed in SEEDS:
        rng = random.Random(seed)
        state = GAME.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
                continue
            legal = state.legal_actions()
            seat = state.current_player()
            view = state.view(seat)
            texts = [action.text for action in legal]
            decisions.append((state.clone(), seat, texts, view, _render(state, seat)))
            state.apply_action(rng.choice(legal))
        decisions.append((state.clone(), 0, [], state.view(0), _render(state, 0)))
    return decisions


def _crowd(state: State) -> int:
    """Cards in hands and on the mats, units and colonies on the map."""
    view = state.view(None)
    lines = [line for t in view["theaters"].values() for line in t.values()]
    placed = sum(
        len(v) for key in ("purchases", "prisoners", "in_play") for v in view[key].values()
    )
    hands = sum(int(n) for n in view["hand_sizes"].values())
    return int(hands + placed + sum(line.count(", ") for line in lines))


def _positions() -> list[State]:
    """Start, middle, end and the three most crowded positions met."""
    states = [decision[0] for decision in _decisions()]
    crowded = sorted(states, key=_crowd)[-3:]
    return [states[0], states[len(states) // 2], states[-1], *crowded]


def test_every_screen_fits_80_columns_and_its_height() -> None:
    fits = windows = 0
    for _, _, choices, view, lines in _decisions():
        assert max(len(line) for line in lines) <= WIDTH
        assert len(lines) <= MOST, "\n".join(lines)
        assert not any("…" in line for line in lines)
        if view.get("window") and len(choices) <= 4:
            windows += 1
            fits += len(lines) + len(choices) <= FITS
    assert windows > 100
    assert fits >= 0.8 * windows, (fits, windows)


def test_both_seats_and_a_spectator_at_start_middle_end_and_crowded() -> None:
    for state in _positions():
        for seat in (0, 1, None):
            lines = _render(state, seat)
            assert max(len(line) for line in lines) <= WIDTH
            assert len(lines) <= MOST, "\n".join(lines)
            text = " ".join(" ".join(lines).split())
            view = state.view(seat)
            for side in ("Britain", "France"):
                assert side in text
            assert all(f" {view['gold'][s]} " in text for s in view["gold"])
            assert all(f"+{view['revenue_next'][s]}" in text for s in view["revenue_next"])
            if seat is None:
                assert "hand of" not in text and "Secret" not in text


def test_gold_revenue_hand_secret_and_every_colony_shown() -> None:
    for _, _, _, view, lines in _decisions()[::3]:
        text = " ".join(" ".join(lines).split())
        for colonies in view["theaters"].values():
            for name in colonies:
                assert short_colony(name) in text, name
                assert len(short_colony(name)) <= 18
        you = view["you"]
        for card in you["hand"]:
            assert card in text
        seat = view["seat"]
        assert f"You ({seat}): hand of {view['hand_sizes'][seat]}" in text
        if you["secret_objective"]:
            assert f"Secret objective: {you['secret_objective']}:" in text
        rows = [re.match(r"(Britain|France)\*? +(\d+) +(\+\d+) +(\d+) ", line) for line in lines]
        found = {row[1]: row.groups()[1:] for row in rows if row}
        for side in ("Britain", "France"):
            gold, revenue = view["gold"][side], view["revenue_next"][side]
            assert found[side] == (str(gold), f"+{revenue}", str(view["hand_sizes"][side]))


def test_a_card_being_answered_shows_its_effect() -> None:
    cards = {card.name: card for card in book().event_types}
    answered = 0
    for _, _, _, view, lines in _decisions():
        if not view.get("answering"):
            continue
        answered += 1
        name = str(view["answering"]).partition("'s ")[2]
        text = " ".join(" ".join(lines).split())
        words = card_words(cards[name])
        if view["seat"] != str(view["answering"]).partition("'s ")[0]:
            words = as_opponent(words)
        assert f"Answering {view['answering']}: {words}" in text
    assert answered > 5


def test_a_card_played_against_you_is_in_your_words() -> None:
    assert as_opponent("you gain 2 gold.") == "they gain 2 gold."
    assert as_opponent("the opponent lose 1 gold") == "you lose 1 gold"
    assert as_opponent("-1 to the opponent's political roll") == "-1 to your political roll"
    assert as_opponent("+1 to your battle roll") == "+1 to their battle roll"
    assert as_opponent("destroy an opponent's unit") == "destroy your unit"
    assert as_opponent("cancel the card the opponent has just played") == (
        "cancel the card you have just played"
    )


def test_a_battle_shows_where_who_and_every_pairing() -> None:
    battles = 0
    for _, _, _, view, lines in _decisions():
        battle = view.get("battle")
        if not battle:
            continue
        battles += 1
        text = " ".join(" ".join(lines).split())
        assert f"Battle at {battle['location']}, {battle['attacker']} attacking" in text
        for number, _ in enumerate(battle["pairings"], start=1):
            assert f"{number}. " in text
    assert battles > 5


def test_buying_shows_each_offered_cards_price_and_value() -> None:
    """The decision's screen heads the purchases with the gold in hand and puts each Buy
    choice's price and value after it (``choice_note``); ``board`` (``terminal_board``)
    lists every card the side may buy with its price and value."""
    b = book()
    kinds = {label: kind for kind, label in enumerate(b.battle_labels)}
    bought = 0
    for _, _seat, choices, view, lines in _decisions():
        offered = [c.removeprefix("Buy: ") for c in choices if c.startswith("Buy: ")]
        if not offered:
            continue
        bought += 1
        assert "Buy (you have" in "\n".join(lines)
        console = Console(width=80, file=io.StringIO(), record=True)
        console.print(terminal_board(view, str(view["seat"])))
        board = console.export_text().splitlines()
        for label in offered:
            kind = kinds[label]
            short = label.removeprefix("British ").removeprefix("French ")
            row = next(line for line in board if f"{b.cost[kind]}g {short} " in line)
            note = choice_note(view, f"Buy: {label}")
            assert note is not None and note.startswith(f"{b.cost[kind]}g ")
            if b.is_unit[kind]:
                assert f"{short} {b.modifier[kind]:+d}" in row
                assert f" {b.modifier[kind]:+d}" in note
            else:
                assert f"{short} no die" in row
                assert "no die" in note
        assert f"{b.rules.economy.event_price}g a historic event" in "\n".join(board)
        assert choice_note(view, "Buy a historic event") == f"{b.rules.economy.event_price}g, drawn"
    assert bought > 10


def test_the_layout_is_found_by_the_terminal() -> None:
    assert game_layout("britain_vs_france") is terminal_view
