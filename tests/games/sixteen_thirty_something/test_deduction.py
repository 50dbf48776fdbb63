"""What the public scorings tell of the secret Victory Point Counters, and the worlds
``resample_hidden`` deals from them [Scoring Points] [Rulings R20].

A player's counters are secret, but its score at each end of turn is public, and so is all
it was made of (each country's Status, each player's influence on display). A seat's
redealt worlds hold only counters that would have scored what every player scored, with
the chances the uniform draw from the bag gives them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from stratagem import State
from stratagem.games.sixteen_thirty_something import deduction
from stratagem.games.sixteen_thirty_something.deduction import Deals, Holding, Scoring, Scorings

from .helpers import COUNTRIES, MARTIN, SIMON, TIM, game, martin_scored, play_randomly

# -- the deals, against a brute-force count of every way the bag could have been drawn --


def _exact(left: list[int], sizes: list[int], fits: list[set[Holding]]) -> dict[tuple, float]:
    """Each deal's chance given the fits, by listing every order of the physical counters
    left (one name per counter), dealt ``sizes`` to the players, the rest to the bag."""
    counters = [(country, copy) for country, n in enumerate(left) for copy in range(n)]
    counts: Counter[tuple[Holding, ...]] = Counter()
    for order in itertools.permutations(counters):
        deal, start = [], 0
        for size in sizes:
            held = [0] * len(left)
            for country, _ in order[start : start + size]:
                held[country] += 1
            deal.append(tuple(held))
            start += size
        if all(holding in fit for holding, fit in zip(deal, fits, strict=True)):
            counts[tuple(deal)] += 1
    total = sum(counts.values())
    return {deal: n / total for deal, n in counts.items()}


LEFT = [2, 2, 1, 2]
"""Four countries: two counters of three of them, one of the third, unseen."""
SPACE = deduction.holdings(4, 2, 2)
FITS = [
    [h for h in SPACE if h[0] + 2 * h[1] in (1, 2)],  # scored 1 or 2 with values (1, 2, 0, 0)
    [h for h in SPACE if h[3] >= 1],  # scored with a country only the fourth reaches
]


def test_deals_are_drawn_with_the_chances_of_the_uniform_draw() -> None:
    """Every deal that fits is drawn, and as often as a uniform draw from the bag gives it
    once the fits are known (40,000 draws, within a point)."""
    deals = Deals(LEFT, FITS)
    rng = random.Random(5)
    draws = 40_000
    seen = Counter(deals.draw(rng) for _ in range(draws))
    exact = _exact(LEFT, [2, 2], [set(fit) for fit in FITS])
    assert seen.keys() == exact.keys()
    for deal, chance in exact.items():
        assert seen[deal] / draws == pytest.approx(chance, abs=0.01)


def test_the_same_generator_draws_the_same_deal() -> None:
    first = [Deals(LEFT, FITS).draw(random.Random(seed)) for seed in range(20)]
    again = [Deals(LEFT, FITS).draw(random.Random(seed)) for seed in range(20)]
    assert first == again


def test_a_record_no_deal_fits_is_named_broken() -> None:
    nothing = [[h for h in SPACE if h[2] == 2], FITS[1]]  # two of the country with one left
    with pytest.raises(ValueError, match="no deal of the counters fits the scorings"):
        Deals(LEFT, nothing).draw(random.Random(1))


def test_a_record_keeps_what_each_player_could_hold_as_scorings_come() -> None:
    """Each scoring rules out more: a record's fits are its parent's that fit the new one,
    the same as checking every scoring afresh."""
    values = (1, 2, 0, 0)
    first = Scorings().then(Scoring((2,), (values,)))
    second = first.then(Scoring((0,), ((0, 0, 0, 3),)))
    fresh = Scorings(second.entries)
    assert first.fits(0, SPACE) == [h for h in SPACE if h[0] + 2 * h[1] == 2]
    assert second.fits(0, SPACE) == fresh.fits(0, SPACE)
    assert all(h[3] == 0 and h[0] + 2 * h[1] == 2 for h in second.fits(0, SPACE))
    assert Scorings().fits(0, SPACE) == list(SPACE)


# -- the game: Martin's scoring example, and worlds over whole games ----------------------


def _holding(names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=COUNTRIES.index))


def _martins(world: State) -> tuple[str, ...]:
    return _holding(world.to_json()["state"]["counters"][MARTIN])


def test_tims_worlds_give_martin_only_counters_that_score_his_six_points() -> None:
    """England scores 1 a counter, Sweden 3, Spain 2, every other country 0 for Martin: his
    three counters are England, Sweden and Spain, or Sweden twice and a country where he
    has no influence; Tim's worlds hold both kinds and nothing else."""
    state = martin_scored()
    assert state.view(TIM)["victory_points"]["Player 2"] == 6
    scores = {"England": 1, "Sweden": 3, "Spain": 2}
    seen = Counter()
    for trial in range(300):
        world = state.resample_hidden(TIM, random.Random(trial))
        held = world.to_json()["state"]["counters"][MARTIN]
        assert sum(scores.get(country, 0) for country in held) == 6
        seen["England, Spain, Sweden" if "England" in held else "Sweden twice"] += 1
    assert seen.keys() == {"England, Spain, Sweden", "Sweden twice"}


def test_martin_knows_his_own_counters_and_simon_cannot_tell_them() -> None:
    """Martin's own worlds keep his counters; Simon's, like Tim's, deal them again."""
    state = martin_scored()
    truth = state.to_json()["state"]["counters"][MARTIN]
    mine = {
        _holding(
            state.resample_hidden(MARTIN, random.Random(t)).to_json()["state"]["counters"][MARTIN]
        )
        for t in range(20)
    }
    assert mine == {_holding(truth)}
    simons = {
        _holding(
            state.resample_hidden(SIMON, random.Random(t)).to_json()["state"]["counters"][MARTIN]
        )
        for t in range(100)
    }
    assert len(simons) > 1


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_world_over_a_game_fits_every_scoring(players: int) -> None:
    """Over a random game, at every turn: each world redealt for a seat gives every other
    player counters that would have scored what it scored, the seat's own are kept, and
    the counters in play are two of each country."""
    state = game(players).new_initial_state()
    rng = random.Random(players)
    last, checked = 0, 0
    while not state.is_terminal():
        turn = state.view(None)["turn"]
        if turn != last:
            last = turn
            record = state.to_json()["state"]["scorings"]
            for seat in range(players):
                world = state.resample_hidden(seat, random.Random(turn * 10 + seat)).to_json()
                held = world["state"]["counters"]
                assert held[seat] == state.to_json()["state"]["counters"][seat]
                for scoring in record:
                    for other, counters in enumerate(held):
                        values = scoring["values"][other]
                        assert sum(values.get(c, 0) for c in counters) == scoring["points"][other]
                in_play = Counter(c for counters in held for c in counters)
                in_play.update(world["state"]["bag"])
                assert set(in_play.values()) == {2}
                checked += 1
        play_randomly(state, rng, steps=1)
    assert checked > players  # worlds were checked after scorings


def test_the_record_survives_a_round_trip_and_a_broken_one_is_refused() -> None:
    state = martin_scored()
    doc = state.to_json()
    scorings = doc["state"]["scorings"]
    assert scorings[-1]["points"][MARTIN] == 6
    assert scorings[-1]["values"][MARTIN] == {"England": 1, "Spain": 2, "Sweden": 3}
    again = game(5).state_from_json(doc)
    assert again.to_json() == doc
    doc["state"]["scorings"][-1]["points"][MARTIN] = 7
    with pytest.raises(ValueError, match="Player 2's counters would not have scored its 7"):
        game(5).state_from_json(doc)
    doc["state"]["scorings"][-1]["points"] = [0]
    with pytest.raises(ValueError, match=r"scorings\.0: one entry per player"):
        game(5).state_from_json(doc)
