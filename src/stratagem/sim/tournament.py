"""Tournaments: every pairing of bots, in every seat, with win rates and ratings.

For bots A and B of an N-seat game, the *lineups* of the pairing are A in one seat and B
in all others, for each seat, and the same with A and B swapped (two lineups for a
two-seat game: A-B and B-A). ``n`` games are played per pairing, spread evenly over its
lineups (rounded up, so every lineup gets the same number). A game's seed comes from the
master seed, the pairing's two bots (in sorted order), the round and the lineup
(``pairing_seed``): never from its place in the schedule, so a pairing keeps its seeds,
and its results, when bots are added. With ``mirror`` every lineup of a round is played on
the same seed: in a two-seat game each deal is played twice with the seats swapped, which
takes the deal's luck out of the comparison of the bots. With ``same_deals`` a game's seed
leaves the bots' names out: two tournaments on one master seed that differ only in one
bot's spec (the same ``n``, lineups and ``alone``) then play the same deals in the same
seats, game by game, so that the two specs can be compared pair by pair.

A bot *wins* a game when one of its seats is among the winners (a shared win counts for
each bot in it); a game without winners is a draw. A bot's *score* in a game is its share
of the win: the fraction of the winning seats that are its own, or of all seats in a draw
(a two-seat draw is half a point each). Over a pairing's lineups, taken alike, two equal
bots score 50% each in any game: that is the even result a margin is judged against.

A tournament may name one bot that plays *alone*: its pairings then play only the lineups
where it sits alone, one bot against a table of the other. In a game of many seats this
is the usual test of a new bot against a field, and far cheaper when that bot is the slow
one (a 5-seat pairing otherwise seats the slow bot four times in half its games). The
even result is then that bot's share of the seats, 1/N, and the report says so.

Ratings are one batch fit over all the games with a seat term (``ratings.fit_ratings``):
the same whatever order the games come in; a bot holding more seats of a game has more
chances to win it in the model, so the lineups of one bot alone are rated fairly too.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from stratagem.core import Game, JsonDict, OptionError
from stratagem.sim.backends import GameRecord, Job, ProgressCallback, run_jobs
from stratagem.sim.provenance import provenance
from stratagem.sim.ratings import Rating, SeatTerm, fit_ratings
from stratagem.sim.runner import check_bot
from stratagem.sim.settings import Setting, make_setup, plain_options
from stratagem.sim.stats import Proportion, Score


@dataclass(frozen=True, slots=True)
class PairingRow:
    """The games between two bots, in all their lineups."""

    first: str
    second: str
    games: int
    first_wins: Proportion
    second_wins: Proportion
    draws: Proportion
    first_score: Score
    """The first bot's points (share of the win): above ``even`` it did better."""
    even: float
    """The first bot's score were the two bots equal: its mean share of the seats over the
    pairing's lineups (1/2 over all lineups, 1/N when it plays alone)."""


@dataclass(frozen=True, slots=True)
class LineupRow:
    """The games of one lineup: the bot that sits alone, where, and how it fared."""

    lineup: tuple[str, ...]
    seat: int
    """The seat of the bot that sits alone (the first seat of a two-seat game)."""
    games: int
    wins: Proportion
    """Games that bot won."""
    draws: Proportion


@dataclass(frozen=True, slots=True)
class Tournament:
    """A finished (or interrupted) tournament."""

    game: str
    options: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    alone: str | None
    """The bot that plays only alone against the others, if one was named."""
    planned: int
    seat_names: tuple[str, ...]
    pairings: tuple[PairingRow, ...]
    lineups: tuple[LineupRow, ...]
    ratings: tuple[Rating, ...]
    seat_terms: tuple[SeatTerm, ...]
    records: tuple[GameRecord, ...]
    interrupted: bool
    mirror: bool = False
    settings: tuple[Setting, ...] = ()
    same_deals: bool = False


def tournament_doc(tournament: Tournament) -> JsonDict:
    """The tournament as JSON-safe data: its parameters, then every finished game (each
    with its seed and lineup, so runs can be pooled or a game replayed)."""
    return {
        "provenance": provenance(),
        "game": tournament.game,
        "options": tournament.options,
        "settings": [s.text for s in tournament.settings],
        "seed": tournament.seed,
        "bots": list(tournament.bots),
        "alone": tournament.alone,
        "mirror": tournament.mirror,
        "same_deals": tournament.same_deals,
        "seat_names": list(tournament.seat_names),
        "planned": tournament.planned,
        "finished": len(tournament.records),
        "interrupted": tournament.interrupted,
        "games": [record.to_json() for record in tournament.records],
    }


def lineups(
    first: str, second: str, players: int, alone: str | None = None
) -> list[tuple[str, ...]]:
    """Each bot alone in each seat against the other in the rest (no lineup twice); only
    the lineups where ``alone`` sits alone when that bot is one of the two."""
    found: list[tuple[str, ...]] = []
    for lone, rest in ((first, second), (second, first)):
        if alone in (first, second) and lone != alone:
            continue
        for seat in range(players):
            lineup = tuple(lone if index == seat else rest for index in range(players))
            if lineup not in found:
                found.append(lineup)
    return found


def pairing_seed(seed: int, first: str, second: str, round_: int, lineup: int | None) -> int:
    """The seed of a pairing's game: from the master seed, the two bots (sorted; both
    ``""`` for the same deals whatever the bots), the round and the lineup (``None``: the
    round's seed, shared by its lineups when mirrored)."""
    low, high = sorted((first, second))
    tail = "" if lineup is None else f"/{lineup}"
    return random.Random(f"{seed}/{low}/{high}/{round_}{tail}").getrandbits(63)


def schedule(
    bots: Sequence[str],
    players: int,
    n: int,
    seed: int,
    alone: str | None = None,
    *,
    mirror: bool = False,
    same_deals: bool = False,
) -> list[Job]:
    """Every game of the tournament, pairing by pairing, taking the pairing's lineups in
    turn (so that the games finished before an interruption are spread over the seats);
    with ``same_deals`` the seeds leave the bots' names out."""
    jobs: list[Job] = []
    for first, second in combinations(bots, 2):
        arrangements = lineups(first, second, players, alone)
        each = math.ceil(n / len(arrangements))
        named = ("", "") if same_deals else (first, second)
        for round_ in range(each):
            for number, lineup in enumerate(arrangements):
                game_seed = pairing_seed(seed, *named, round_, None if mirror else number)
                jobs.append(Job(len(jobs), game_seed, lineup))
    return jobs


def planned_games(game: Game, bots: Sequence[str], n: int, alone: str | None = None) -> int:
    """How many games ``run_tournament`` plans (the games ``schedule`` makes, without
    drawing their seeds): each pairing's rounds times its lineups. The bots are checked
    as the tournament checks them."""
    names = _check_bots(game, bots, alone)
    lone = names[0] if alone is not None else None
    total = 0
    for first, second in combinations(names, 2):
        arrangements = len(lineups(first, second, game.num_players, lone))
        total += math.ceil(n / arrangements) * arrangements
    return total


def pairing_rows(
    bots: Sequence[str],
    players: int,
    records: Sequence[GameRecord],
    alone: str | None = None,
) -> tuple[PairingRow, ...]:
    """Win rates of each pairing over the games played."""
    rows = []
    for first, second in combinations(bots, 2):
        games = [r for r in records if set(r.bots) == {first, second}]
        arrangements = lineups(first, second, players, alone)
        even = sum(lineup.count(first) for lineup in arrangements) / (players * len(arrangements))
        total = len(games)

        def wins(bot: str, games: list[GameRecord] = games) -> int:
            return sum(1 for r in games if any(r.bots[seat] == bot for seat in r.winners))

        draws = sum(1 for r in games if not r.winners)
        rows.append(
            PairingRow(
                first,
                second,
                total,
                Proportion(wins(first), total),
                Proportion(wins(second), total),
                Proportion(draws, total),
                Score(tuple(_points(first, r) for r in games)),
                even,
            )
        )
    return tuple(rows)


def _points(bot: str, record: GameRecord) -> float:
    """``bot``'s share of the win in ``record`` (of all seats in a draw)."""
    seats = record.winners or tuple(range(len(record.bots)))
    return sum(1 for seat in seats if record.bots[seat] == bot) / len(seats)


def lineup_rows(
    bots: Sequence[str],
    players: int,
    records: Sequence[GameRecord],
    alone: str | None = None,
) -> tuple[LineupRow, ...]:
    """How the lone bot of each lineup fared, lineup by lineup, in schedule order."""
    rows = []
    for first, second in combinations(bots, 2):
        for lineup in lineups(first, second, players, alone):
            seat = next(s for s, bot in enumerate(lineup) if lineup.count(bot) == 1)
            games = [r for r in records if r.bots == lineup]
            total = len(games)
            won = sum(1 for r in games if seat in r.winners)
            draws = sum(1 for r in games if not r.winners)
            rows.append(
                LineupRow(lineup, seat, total, Proportion(won, total), Proportion(draws, total))
            )
    return tuple(rows)


def _check_bots(game: Game, bots: Sequence[str], alone: str | None) -> tuple[str, ...]:
    """The bots, checked and without repeats; the one that plays alone first, so that it
    is bot A of its pairings."""
    names = tuple(dict.fromkeys(check_bot(game, bot) for bot in bots))
    if len(names) < 2:
        raise OptionError("a tournament needs at least two different bots (--bot A --bot B)")
    if alone is None:
        return names
    lone = check_bot(game, alone)
    if lone not in names:
        raise OptionError(
            f"the bot to play alone, {lone!r}, is not one of the tournament's bots "
            f"({', '.join(names)}): give it with --bot too"
        )
    return (lone, *(name for name in names if name != lone))


def run_tournament(
    game_name: str,
    bots: Sequence[str],
    n: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    workers: int = 1,
    ray: str | bool = False,
    alone: str | None = None,
    mirror: bool = False,
    settings: Sequence[Setting] = (),
    same_deals: bool = False,
) -> Tournament:
    """Play ``n`` games for every pairing of ``bots`` (specs) and rate the bots; with
    ``alone`` (one of them), that bot's pairings seat it only alone against the other;
    with ``mirror`` the lineups of a round share their deal (two-seat games only); with
    ``same_deals`` a game's deal does not depend on the bots' names."""
    if n < 1:
        raise OptionError(f"a tournament needs at least 1 game per pairing, not {n}")
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    setup = make_setup(game_name, options or {}, settings)
    game = setup.load()
    if mirror and game.num_players != 2:
        raise OptionError(
            f"--mirror swaps the seats of a two-seat game; {game.name} has {game.num_players}"
        )
    names = _check_bots(game, bots, alone)
    lone = names[0] if alone is not None else None
    jobs = schedule(names, game.num_players, n, seed, lone, mirror=mirror, same_deals=same_deals)
    batch = run_jobs(setup, jobs, workers=workers, ray=ray, progress=progress)
    table = fit_ratings(batch.records, seed=seed)
    return Tournament(
        game=game.name,
        options=plain_options(game, setup),
        seed=seed,
        bots=names,
        alone=lone,
        planned=len(jobs),
        seat_names=tuple(game.seat_names),
        pairings=pairing_rows(names, game.num_players, batch.records, lone),
        lineups=lineup_rows(names, game.num_players, batch.records, lone),
        ratings=table.ratings,
        seat_terms=table.seats,
        records=batch.records,
        interrupted=batch.interrupted,
        mirror=mirror,
        settings=tuple(settings),
        same_deals=same_deals,
    )
