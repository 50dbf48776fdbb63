"""Ratings: each finished game between accounts is graded once, its players' ratings
updated by their places (the rulebook's result; a seat that gave up below the rest), on
SQLite and PostgreSQL, with one process or two."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from unittest import mock

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stratagem.core import CHANCE, TERMINAL
from stratagem.server.account_store import AccountStore
from stratagem.server.hub import Hub
from stratagem.server.memory import RULES
from stratagem.server.rating_store import GameResultRow
from stratagem.server.ratings import BASE, Rating, given_up, placing
from stratagem.server.seating import TableChange
from stratagem.server.storage import Entry, Store
from stratagem.server.table import Table

from .test_faults import two_processes

GAME = "eighty_years_war"
SEED = 0
"""The server's secret draw of chance, forced: each game below plays out the same way."""
WAIT_LOOKS = 400


def accounts(store: Store, *names: str) -> list[tuple[str, str]]:
    """New accounts (id, name); no password is needed here."""
    made = AccountStore(store)
    return [(made.sign_up(name, "no password").id, name) for name in names]


async def play_out(table: Table) -> None:
    """Every person's seat takes its first legal action until the game is over."""
    while not table.finished:
        player = table.state.current_player()
        if player in (CHANCE, TERMINAL) or player in table.bots:
            await asyncio.sleep(0.001)
            continue
        await table.act(player, table.state.legal_actions()[0].text)


async def graded(hub: Hub, game_id: str) -> None:
    """Until ``game_id`` is graded."""
    for _ in range(WAIT_LOOKS):
        if await asyncio.to_thread(hub.ratings.graded, game_id):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id} was never graded")


async def new_game(
    hub: Hub,
    players: Sequence[tuple[str, str]],
    *,
    game: str = GAME,
    count: int | None = None,
    rated: bool = True,
    controllers: list[str] | None = None,
) -> Table:
    """A game whose seats, in order, are bound to ``players`` (a bot's seat to none)."""
    seats = controllers or ["human"] * len(players)
    bound = dict(enumerate(players))
    with mock.patch("stratagem.server.fairness.new_seed", return_value=SEED):
        made = await hub.create(game, count, {}, seats, None, accounts=bound, rated=rated)
    return await hub.table(made.id)


def ratings_of(hub: Hub, game: str, *players: tuple[str, str]) -> list[Rating]:
    found = hub.ratings.ratings([account for account, _ in players], game)
    return [found[account] for account, _ in players]


def test_a_two_player_game_between_accounts_rates_the_winner_up_and_the_loser_down(
    store: Store,
) -> None:
    ann, bob = accounts(store, "ann", "bob")

    async def scenario() -> tuple[list[Rating], list[str]]:
        hub = Hub(store)
        try:
            table = await new_game(hub, [ann, bob])
            await play_out(table)
            await graded(hub, table.record.id)
            result = table.result()
            assert result is not None
            return ratings_of(hub, GAME, ann, bob), list(result["winners"])
        finally:
            await hub.close()

    (dutch, spanish), winners = asyncio.run(scenario())
    assert dutch.games == spanish.games == 1
    assert len(winners) == 1  # a rulebook victory, not a Historical Tie
    winner, loser = (dutch, spanish) if winners == ["Dutch"] else (spanish, dutch)
    assert loser.shown < BASE < winner.shown
    assert winner.sigma == loser.sigma < Rating().sigma


def test_a_multi_player_game_rates_the_winner_above_the_others_tied(store: Store) -> None:
    players = accounts(store, "ann", "bob", "cy")
    game = "sixteen_thirty_something"

    async def scenario() -> tuple[list[Rating], list[str]]:
        hub = Hub(store)
        try:
            table = await new_game(hub, players, game=game, count=3)
            await play_out(table)
            await graded(hub, table.record.id)
            result = table.result()
            assert result is not None
            return ratings_of(hub, game, *players), list(result["winners"])
        finally:
            await hub.close()

    after, winners = asyncio.run(scenario())
    names = ["Player 1", "Player 2", "Player 3"]
    won = [rating for name, rating in zip(names, after, strict=True) if name in winners]
    lost = [rating for name, rating in zip(names, after, strict=True) if name not in winners]
    assert len(won) == 1 and len(lost) == 2  # one winner
    assert won[0].shown > BASE > lost[0].shown
    assert lost[0] == lost[1]  # the others are tied: the rulebook names no order among them


def test_a_resignation_is_a_loss_for_the_seat_that_resigned_and_its_profile_says_so(
    store: Store,
) -> None:
    ann, bob = accounts(store, "ann", "bob")

    async def scenario() -> None:
        hub = Hub(store)
        try:
            table = await new_game(hub, [ann, bob])
            await table.lifecycle.resign(1)  # bob, the Spanish, gives up at once
            await graded(hub, table.record.id)
            loser, winner = ratings_of(hub, GAME, bob, ann)
            assert loser.shown < BASE < winner.shown
            profile = hub.ratings.profile("bob")
            assert profile is not None
            (played,) = profile.games
            assert (played.how, played.won, played.rank) == ("resigned", False, 2)
            assert "Spanish" in played.reason and "resigned" in played.reason
            seats = {seat.seat: (seat.player, seat.how) for seat in played.seats}
            assert seats == {"Dutch": ("ann", "forfeit"), "Spanish": ("bob", "resigned")}
        finally:
            await hub.close()

    asyncio.run(scenario())


def test_in_a_multi_player_game_a_seat_that_resigned_is_ranked_below_all_the_others(
    store: Store,
) -> None:
    players = accounts(store, "ann", "bob", "cy")
    game = "sixteen_thirty_something"

    async def scenario() -> None:
        hub = Hub(store)
        try:
            table = await new_game(hub, players, game=game, count=3)
            while table.state.current_player() == CHANCE:
                await asyncio.sleep(0.01)
            await table.lifecycle.resign(1)  # Player 2, the winner otherwise, gives up
            await play_out(table)  # the heuristic bot plays Player 2's seat on
            await graded(hub, table.record.id)
            profile = hub.ratings.profile("bob")
            assert profile is not None
            (played,) = profile.games
            assert (played.how, played.won) == ("resigned", False)
            assert played.rank > max(seat.rank for seat in played.seats if seat.player != "bob")
            after = ratings_of(hub, game, *players)
            assert after[1].shown == min(rating.shown for rating in after) < BASE
        finally:
            await hub.close()

    asyncio.run(scenario())


def test_a_game_its_creator_left_unrated_changes_no_rating_but_is_on_the_profile(
    store: Store,
) -> None:
    ann, bob = accounts(store, "ann", "bob")

    async def scenario() -> None:
        hub = Hub(store)
        try:
            table = await new_game(hub, [ann, bob], rated=False)
            await table.lifecycle.resign(0)
            await graded(hub, table.record.id)
            assert ratings_of(hub, GAME, ann, bob) == [Rating(), Rating()]
            profile = hub.ratings.profile("ann")
            assert profile is not None and not profile.ratings
            assert [(g.rated, g.how) for g in profile.games] == [(False, "resigned")]
        finally:
            await hub.close()

    asyncio.run(scenario())


def test_a_game_with_a_bot_from_the_start_is_unrated(store: Store) -> None:
    (ann,) = accounts(store, "ann")

    async def scenario() -> None:
        hub = Hub(store)
        try:
            made = await hub.create(
                GAME, None, {}, ["human", "random"], None, accounts={0: ann}, rated=True
            )
            table = await hub.table(made.id)
            await table.lifecycle.resign(0)
            await graded(hub, table.record.id)
            assert ratings_of(hub, GAME, ann) == [Rating()]
            profile = hub.ratings.profile("ann")
            assert profile is not None
            assert [(g.rated, g.seats[1].controller) for g in profile.games] == [(False, "random")]
        finally:
            await hub.close()

    asyncio.run(scenario())


def test_each_game_is_rated_exactly_once_with_two_processes(database_url: str) -> None:
    """Both processes grade the finished game at once, and sweep for missed ones: one
    grading counts, and the ratings moved by one game."""
    setup = Store.open(database_url)
    ann, bob = accounts(setup, "ann", "bob")
    setup.close()

    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            table = await new_game(here, [ann, bob])
            table.on_finished = None  # its process "dies" before it grades the game
            await table.lifecycle.resign(0)
            done = await asyncio.gather(
                *(
                    asyncio.to_thread(hub.ratings.grade, table.record.id)
                    for hub in (here, there, here, there)
                ),
                here.grade_missed(),
                there.grade_missed(),
            )
            assert sum(done) == 1
            first, second = ratings_of(there, GAME, ann, bob)
            assert first.games == second.games == 1
            with Session(there.store.engine) as session:
                assert session.scalar(select(func.count()).select_from(GameResultRow)) == 1

    asyncio.run(scenario())


def test_the_sweep_rates_a_finished_game_its_process_did_not(store: Store) -> None:
    ann, bob = accounts(store, "ann", "bob")

    async def scenario() -> None:
        hub = Hub(store)
        try:
            table = await new_game(hub, [ann, bob])
            table.on_finished = None  # killed between storing the end and grading it
            await table.lifecycle.resign(0)
            assert not hub.ratings.graded(table.record.id)
            later = Hub(store)  # the process started again: its first sweep looks
            try:
                await later.sweep()
                assert later.ratings.graded(table.record.id)
                assert [r.games for r in ratings_of(later, GAME, ann, bob)] == [1, 1]
            finally:
                await later.close()
        finally:
            await hub.close()

    asyncio.run(scenario())


def test_a_loss_on_time_and_an_abandoned_seat_are_losses_said_so() -> None:
    """The pace's loss on time (a ``table`` entry read by its ``what``) and a seat handed
    to a bot for keeping the others waiting place the seat last, and say how; a seat only
    reminded that its time ran out gave nothing up."""
    game = RULES.get("sixteen_thirty_something", {}, players=3)
    state = game.new_initial_state()
    entries = [
        TableChange("handed to a bot", 0, "heuristic").entry(0),
        TableChange("out of time", 1, consequence="remind").entry(1),
        TableChange("out of time", 2, "heuristic", consequence="lose").entry(2),
        Entry(3, "table", 2, json.dumps({"what": "resigned"})),  # the first way counts
    ]
    outcome = placing(game.seat_names, state, entries)
    assert [(p.rank, p.how, p.won) for p in outcome.placings] == [
        (2, "abandoned", False),
        (1, "forfeit", True),
        (2, "time", False),
    ]
    assert outcome.reason == "Player 1 abandoned (handed to a bot); Player 3 lost on time"
    to_the_bot = TableChange("out of time", 1, "heuristic", consequence="bot").entry(0)
    assert given_up([to_the_bot]) == {1: "abandoned"}  # the game's chosen consequence


def test_two_games_of_one_account_graded_at_once_by_two_processes_both_count(
    database_url: str,
) -> None:
    """ann's two games end together and are graded at the same moment by two processes
    (her first rating row made by both, then updated by both): neither update is lost."""
    setup = Store.open(database_url)
    ann, bob, cyd = accounts(setup, "ann", "bob", "cyd")
    setup.close()

    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            tables = [await new_game(here, [ann, bob]), await new_game(there, [ann, cyd])]
            for table in tables:
                table.on_finished = None  # graded below, both at once
                await table.lifecycle.resign(1)  # bob and cyd resign: ann wins both
            done = await asyncio.gather(
                asyncio.to_thread(here.ratings.grade, tables[0].record.id),
                asyncio.to_thread(there.ratings.grade, tables[1].record.id),
            )
            assert done == [True, True]
            (twice,) = ratings_of(here, GAME, ann)
            bobs, cyds = ratings_of(here, GAME, bob, cyd)
            assert twice.games == 2 and bobs.games == cyds.games == 1
            once = 2 * Rating().mu - bobs.mu  # a winner's mean after one such game
            assert twice.mu > once + 1

    asyncio.run(scenario())
