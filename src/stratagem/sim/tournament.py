"""Tournaments: every pairing of bots, in every seat, with win rates and ratings.

For bots A and B of an N-seat game, the *lineups* of the pairing are A in one seat and B
in all others, for each seat, and the same with A and B swapped (two lineups for a
two-seat game: A-B and B-A). ``n`` games are played per pairing, spread evenly over its
lineups (rounded up, so every lineup gets the same number). Game ``i`` of the tournament
is played with ``seed_for(master seed, i)``, on any backend, exactly as a study's games.

A bot *wins* a game when one of its seats is among the winners (a shared win counts for
each bot in it); a game without winners is a draw. A bot's *score* in a game is its share
of the win: the fraction of the winning seats that are its own, or of all seats in a draw
(a two-seat draw is half a point each). Over a pairing's lineups, taken alike, two equal
bots score 50% each in any game: that is the even result a margin is judged against.

A tournament may name one bot that plays *alone*: its pairings then play only the lineups
where it sits alone, one bot against a table of the other. In a game of many seats this
is the usual test of a new bot against a field, and far cheaper when that bot is the slow
one (a 5-seat pairing otherwise seats the slow bot four times in half its games). The
even result is then that bot's share of the seats, 1/N, and the report says so. Such a
tournament has no ratings in a game of more than two seats: the ratings rank a game's bots
by the mean return of their seats, which favours the side with more seats; the symmetric
lineups cancel that out, one bot always alone does not.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from stratagem.core import Game, JsonDict, OptionError, load
from stratagem.sim.backends import GameRecord, Job, ProgressCallback, run_jobs
from stratagem.sim.ratings import Rating, rate
from stratagem.sim.runner import check_bot, seed_for
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
    records: tuple[GameRecord, ...]
    interrupted: bool


def tournament_doc(tournament: Tournament) -> JsonDict:
    """The tournament as JSON-safe data: its parameters, then every finished game (each
    with its seed and lineup, so runs can be pooled or a game replayed)."""
    return {
        "game": tournament.game,
        "options": tournament.options,
        "seed": tournament.seed,
        "bots": list(tournament.bots),
        "alone": tournament.alone,
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


def schedule(
    bots: Sequence[str], players: int, n: int, seed: int, alone: str | None = None
) -> list[Job]:
    """Every game of the tournament, pairing by pairing, taking the pairing's lineups in
    turn (so that the games finished before an interruption are spread over the seats)."""
    jobs: list[Job] = []
    for first, second in combinations(bots, 2):
        arrangements = lineups(first, second, players, alone)
        each = math.ceil(n / len(arrangements))
        for _ in range(each):
            for lineup in arrangements:
                index = len(jobs)
                jobs.append(Job(index, seed_for(seed, index), lineup))
    return jobs


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
) -> Tournament:
    """Play ``n`` games for every pairing of ``bots`` (specs) and rate the bots; with
    ``alone`` (one of them), that bot's pairings seat it only alone against the other."""
    if n < 1:
        raise OptionError(f"a tournament needs at least 1 game per pairing, not {n}")
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    game = load(game_name, **dict(options or {}))
    names = _check_bots(game, bots, alone)
    lone = names[0] if alone is not None else None
    jobs = schedule(names, game.num_players, n, seed, lone)
    batch = run_jobs(game, jobs, workers=workers, ray=ray, progress=progress)
    ratings = (
        []
        if lone is not None and game.num_players > 2
        else rate((record.bots, record.returns) for record in batch.records)
    )
    return Tournament(
        game=game.name,
        options=dict(game.options),
        seed=seed,
        bots=names,
        alone=lone,
        planned=len(jobs),
        seat_names=tuple(game.seat_names),
        pairings=pairing_rows(names, game.num_players, batch.records, lone),
        lineups=lineup_rows(names, game.num_players, batch.records, lone),
        ratings=tuple(ratings),
        records=batch.records,
        interrupted=batch.interrupted,
    )
