"""Games played over days (issue 34, items 3 and 4): a pace chosen at creation, clocks
kept by the server in the database across restarts and processes, the consequence of a
seat's running out of time applied once, the clock shown alike to every seat, and turn
reminders by e-mail to a real SMTP server when the seat's page is closed."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import random
import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from email.policy import default
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import text

from stratagem.core import TERMINAL
from stratagem.server import Settings, create_app
from stratagem.server.auth import CSRF_HEADER
from stratagem.server.mail import MailSettings
from stratagem.server.pace import Pace, Turn
from stratagem.server.seating import change_of
from stratagem.server.storage import Store
from stratagem.server.table import Table
from stratagem.server.takeback import reveals
from stratagem.sim import check_log

from .helpers import (
    PASSWORD,
    WAIT,
    Browser,
    act,
    create,
    settled,
    signed_up,
    state,
    token_of,
    tokens,
)
from .live import free_port, servers
from .test_faults import idle, two_processes
from .test_indistinguishable import Worlds, positions

GAME = "eighty_years_war"
PUBLIC = "http://table.example"
"""The table's public address in the tests' mails (``STRATAGEM_PUBLIC_URL``)."""
DAYS = dt.timedelta(days=4)
"""How far back a slow game's clock is moved: more than its 3 days a move."""


class Inbox:
    """A real SMTP server on 127.0.0.1 (aiosmtpd), keeping every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.port = free_port()

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(message_from_bytes(envelope.content, policy=default))
        return "250 Message accepted for delivery"

    def to(self, address: str, subject: str = "") -> list[Message]:
        """The messages to ``address`` whose subject starts with ``subject``."""
        return [
            m for m in self.messages if m["To"] == address and str(m["Subject"]).startswith(subject)
        ]

    def wait_for(self, address: str, count: int, subject: str = "") -> list[Message]:
        """The messages to ``address`` once there are ``count`` of them."""
        deadline = time.monotonic() + WAIT
        while len(self.to(address, subject)) < count:
            assert time.monotonic() < deadline, f"no mail to {address}: {self.messages}"
            time.sleep(0.05)
        return self.to(address, subject)

    def env(self) -> dict[str, str]:
        """The environment of a server that sends its reminders here."""
        return {
            "STRATAGEM_SMTP_HOST": "127.0.0.1",
            "STRATAGEM_SMTP_PORT": str(self.port),
            "STRATAGEM_SMTP_FROM": "table@table.example",
            "STRATAGEM_PUBLIC_URL": PUBLIC,
        }


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


@pytest.fixture
def mailing(database_url: str, inbox: Inbox) -> Iterator[TestClient]:
    """The table on a fresh database, sending its reminders to ``inbox``."""
    mail = MailSettings(host="127.0.0.1", port=inbox.port, public_url=PUBLIC)
    settings = Settings(database_url=database_url, bot_delay=0, rate_limits=False, mail=mail)
    with TestClient(create_app(settings)) as running:
        yield running


def person(client: TestClient, name: str, email: str) -> Browser:
    """A signed-in person at the table who asked for turn reminders at ``email``."""
    browser = signed_up(client, name, email)
    answer = browser.change("/api/account/reminders", json={"email": email, "remind": True})
    assert answer.status_code == 200, answer.text
    return browser


def reminders_done(client: TestClient) -> None:
    """Until the table has no reminder being looked into or sent."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    deadline = time.monotonic() + WAIT
    while hub.reminders.busy:
        assert time.monotonic() < deadline, "a reminder is never done"
        time.sleep(0.02)


def play_turn(client: TestClient, game_id: str, token: str) -> None:
    """The seat of ``token`` acts (its first legal action each time) until another seat
    is to act."""
    payload = settled(client, game_id, token)
    seat = payload["seat"]
    while not payload["finished"] and payload["to_move"] == seat:
        answer = act(client, game_id, token, payload["legal"][0], version=payload["version"])
        assert answer.status_code == 200, answer.text
        payload = settled(client, game_id, token)


def test_a_turn_reminder_reaches_a_seat_whose_page_is_closed_once_a_turn_and_none_when_open(
    mailing: TestClient, inbox: Inbox
) -> None:
    alice = person(mailing, "Alice", "alice@example.org")
    bobby = person(mailing, "Bobby", "bobby@example.org")
    answer = alice.change("/api/games", json={"game": GAME, "seats": ["me", "@Bobby"]})
    assert answer.status_code == 201, answer.text
    game_id, dutch = answer.json()["id"], token_of(answer.json()["seats"][0]["link"])
    joined = bobby.change(f"/api/games/{game_id}/seats/1/join")
    assert joined.status_code == 200, joined.text
    spanish = token_of(joined.json()["link"])
    # the game starts, chance deals, the Dutch are to act and Alice has no page open
    (mail,) = inbox.wait_for("alice@example.org", 1)
    assert mail["Subject"] == "Your turn: Eighty Years War (Dutch)"
    body = mail.get_content()  # type: ignore[attr-defined]
    assert f"{PUBLIC}/games/{game_id}\r\n" in body
    assert "#seat=" not in body and dutch not in body  # the seat's secret stays off e-mail
    # Bobby keeps the game's page open as the Spanish: Alice's whole turn (chance deals
    # within it) reminds nobody
    with mailing.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": spanish})
        assert socket.receive_json()["seat"] == "Spanish"
        play_turn(mailing, game_id, dutch)
        reminders_done(mailing)
    assert state(mailing, game_id)["to_move"] == "Spanish"
    assert inbox.to("bobby@example.org") == [] and len(inbox.to("alice@example.org")) == 1
    # Bobby's page closed: his turn over, Alice is reminded of her new turn, once
    play_turn(mailing, game_id, spanish)
    inbox.wait_for("alice@example.org", 2)
    play_turn(mailing, game_id, dutch)  # and now Bobby, whose page is closed, is reminded
    (mail,) = inbox.wait_for("bobby@example.org", 1)
    assert mail["Subject"] == "Your turn: Eighty Years War (Spanish)"
    reminders_done(mailing)
    assert len(inbox.to("alice@example.org")) == 2 and len(inbox.to("bobby@example.org")) == 1
    with mailing.app.state.hub.store.engine.connect() as connection:  # type: ignore[attr-defined]
        noted = connection.execute(text("SELECT count(*) FROM reminders")).scalar()
    assert noted == 3


def test_an_smtp_server_away_fails_no_move_and_is_logged(
    sqlite_file: str, caplog: pytest.LogCaptureFixture
) -> None:
    mail = MailSettings(host="127.0.0.1", port=free_port(), public_url=PUBLIC)  # nobody there
    settings = Settings(database_url=sqlite_file, bot_delay=0, rate_limits=False, mail=mail)
    with TestClient(create_app(settings)) as running:
        alice = person(running, "Alice", "alice@example.org")
        answer = alice.change("/api/games", json={"game": GAME, "seats": ["me", "human"]})
        assert answer.status_code == 201, answer.text
        game_id, links = answer.json()["id"], tokens(answer.json())
        play_turn(running, game_id, links["Dutch"])
        play_turn(running, game_id, links["Spanish"])  # Alice's turn again: a reminder
        reminders_done(running)
        assert settled(running, game_id)["to_move"] == "Dutch"
    assert f"turn reminder for game {game_id}, seat 0 not sent" in caplog.text


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"pace": "slow", "per_move": 3600}, "a slow game gives 1 to 14 days a move"),
        ({"pace": "live", "per_move": 7200}, "a live game gives 1 to 60 minutes a move"),
        ({"pace": "fast", "per_move": 30}, "a fast game gives 1 to 48 hours a move"),
        ({"pace": "slow", "on_timeout": "nap"}, "'remind', 'bot' or 'lose'"),
        ({"pace": "glacial"}, "'live', 'fast' or 'slow'"),
        ({"per_move": 600}, "per_move: only for a timed game; choose a pace too"),
        ({"on_timeout": "bot"}, "on_timeout: only for a timed game; choose a pace too"),
    ],
)
def test_a_pace_outside_its_range_or_an_unknown_consequence_is_refused_and_nothing_made(
    client: TestClient, body: dict[str, object], said: str
) -> None:
    answer = client.post("/api/games", json={"game": GAME, "seats": ["human", "human"], **body})
    assert answer.status_code == 422
    assert said in str(answer.json()["detail"])
    assert client.app.state.hub.store.unfinished() == []  # type: ignore[attr-defined]


def test_a_timed_game_shows_the_same_clock_to_every_seat_and_spectator(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], pace="live", per_move=300)
    game_id, links = created["id"], tokens(created)
    first = settled(client, game_id)
    seen = [state(client, game_id, token)["clock"] for token in (*links.values(), None)]
    summary = client.get(f"/api/games/{game_id}/summary").json()  # the lobby's "your games"
    assert seen[0] == seen[1] == seen[2] == first["clock"] == summary["clock"]
    clock = first["clock"]
    assert clock["pace"] == "live" and clock["per_move"] == 300
    assert clock["on_timeout"] == "remind"
    ((seat, due),) = clock["due"].items()
    assert seat == first["to_move"]
    left = dt.datetime.fromisoformat(due) - dt.datetime.now(dt.UTC)
    assert dt.timedelta(0) < left <= dt.timedelta(seconds=300)
    # the seat's turn goes on while it acts (and chance deals): the same deadline
    mine = state(client, game_id, links[seat])
    answer = act(client, game_id, links[seat], mine["legal"][0], version=mine["version"])
    assert answer.status_code == 200
    after = settled(client, game_id)
    if after["to_move"] == seat:
        assert after["clock"]["due"] == {seat: due}
    else:  # the next seat's clock starts
        assert list(after["clock"]["due"]) == [after["to_move"]]
    untimed = create(client, GAME, ["human", "human"])["id"]
    assert "clock" not in settled(client, untimed)
    assert client.get(f"/api/games/{untimed}/summary").json()["clock"] is None


def test_a_take_back_gives_the_seat_back_its_clock_not_a_new_one(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], pace="live", per_move=300)
    game_id, links = created["id"], tokens(created)
    first = settled(client, game_id)
    dutch, due = links["Dutch"], first["clock"]["due"]["Dutch"]
    play_turn(client, game_id, dutch)
    assert settled(client, game_id)["clock"]["due"].keys() == {"Spanish"}
    assert state(client, game_id, dutch)["can_take_back"]
    an_hour_on = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    with mock.patch("stratagem.server.table.utc_now", return_value=an_hour_on):
        answer = client.post(f"/api/games/{game_id}/takeback", headers={"X-Seat-Token": dutch})
    assert answer.status_code == 200, answer.text
    assert settled(client, game_id)["clock"]["due"] == {"Dutch": due}


def test_the_clock_is_the_same_in_every_world_a_seat_cannot_tell_apart(client: TestClient) -> None:
    """The clock depends on who is to act and when the log grew, never on a hidden
    action: tables holding worlds the mover cannot tell from the real one, on the same
    clock, show the same clock once the mover acts (and before), to the mover and to a
    spectator."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    worlds = Worlds(client, GAME, 2)
    pace = Pace("slow", 86400, "bot")
    began = dt.datetime(2026, 12, 1, 9, tzinfo=dt.UTC)
    moved = began + dt.timedelta(hours=5)
    rng = random.Random(5)
    compared = 0
    for position in positions(GAME, 2):
        mover = position.state.current_player()
        if mover < 0:
            continue
        legal = [a.text for a in position.state.legal_actions()]
        quiet = [a for a in legal if not reveals(position.state, a, mover, random.Random(1))]
        if not quiet:
            continue
        action = rng.choice(quiet)
        seen: list[list[object]] = []
        for world in range(3):
            game_id = worlds.real(position) if world == 0 else worlds.redrawn(position, mover, rng)
            table: Table = hub.tables[game_id]
            table.seats.take(dataclasses.replace(table.record, pace=pace))
            table.turn = Turn(mover, began, began + dt.timedelta(seconds=pace.per_move))
            table.views.reset()
            looks: list[object] = [state(client, game_id, worlds.tokens[mover])["clock"]]
            # kick (chance and bots) stays stubbed until both have looked: a kick scheduled
            # by the move and run between the two looks would show them different turns
            with (
                mock.patch.object(Table, "kick"),
                mock.patch("stratagem.server.table.utc_now", return_value=moved),
            ):
                answer = act(client, game_id, worlds.tokens[mover], action)
                assert answer.status_code == 200, answer.text
                looks += [
                    state(client, game_id, token)["clock"] for token in (worlds.tokens[mover], None)
                ]
            assert looks[1] == looks[2]  # the mover's clock is the spectator's
            seen.append(looks)
        assert seen[0] == seen[1] == seen[2], f"after {len(position.entries)} entries"
        compared += 1
    assert compared >= 3


def test_a_run_out_clock_is_applied_once_by_two_processes(database_url: str) -> None:
    """Both processes' supervisors find the overdue clock at once: one ``out of time``
    entry is written, and the heuristic bot plays the seat on."""

    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            made = await here.create(
                GAME, None, {}, ["human", "human"], None, pace=Pace("fast", 3600, "bot")
            )
            await there.table(made.id)  # both have the table loaded
            for _ in range(400):  # until chance has dealt and a person is to act
                turn = await asyncio.to_thread(here.store.turn, made.id)
                if turn is not None and turn.seat is not None:
                    break
                await asyncio.sleep(0.05)
            assert turn is not None and turn.seat is not None
            await idle(await here.table(made.id))
            await (await there.table(made.id)).refresh()  # both see the seat to act
            with here.store.engine.begin() as connection:
                connection.execute(
                    text("UPDATE games SET turn_since = :since, turn_due = :due WHERE id = :id"),
                    {"since": turn.since - DAYS, "due": turn.due - DAYS, "id": made.id},  # type: ignore[operator]
                )
            await asyncio.gather(here.sweep(), there.sweep())
            await asyncio.gather(here.sweep(), there.sweep())
            entries = await asyncio.to_thread(here.store.entries, made.id)
            late = [change_of(e) for e in entries if e.kind == "table"]
            assert [(c.what, c.seat, c.consequence) for c in late] == [
                ("out of time", turn.seat, "bot")
            ]
            record = await asyncio.to_thread(here.store.game, made.id)
            assert record is not None and record.seats[turn.seat].controller == "heuristic"

    asyncio.run(scenario())


def test_a_seat_out_of_time_in_a_game_of_three_loses_and_the_bot_plays_it_on(
    sqlite_file: str,
) -> None:
    """With more than two seats, losing on time hands the seat to the bot: the game goes
    on, and its entry says the seat lost (``consequence``), for the ratings to read."""

    async def scenario() -> None:
        async with two_processes(sqlite_file) as (here, _there):
            made = await here.create(
                "sixteen_thirty_something", 3, {}, None, None, pace=Pace("live", 60, "lose")
            )
            table = await here.table(made.id)
            for _ in range(400):  # until chance has dealt and a person is to act
                turn = await asyncio.to_thread(here.store.turn, made.id)
                if turn is not None and turn.seat is not None:
                    break
                await asyncio.sleep(0.05)
            assert turn is not None and turn.seat is not None and turn.since is not None
            with here.store.engine.begin() as connection:
                connection.execute(
                    text("UPDATE games SET turn_due = :due WHERE id = :id"),
                    {"due": turn.since - DAYS, "id": made.id},
                )
            await here.sweep()
            (change,) = [change_of(e) for e in table.entries if e.kind == "table"]
            assert (change.what, change.seat, change.consequence) == (
                "out of time",
                turn.seat,
                "lose",
            )
            assert change.controller == table.record.seats[turn.seat].controller != "human"
            assert not table.finished
            name = table.game.seat_names[turn.seat]
            line = table.payload(None)["table_log"][-1]["text"]
            assert line.startswith(f"{name} ran out of time and loses; the ")

    asyncio.run(scenario())


def _wait(what: str, check: Any) -> Any:
    deadline = time.monotonic() + WAIT
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_a_slow_games_clock_runs_out_across_a_restart_and_its_consequence_follows(
    database_url: str, inbox: Inbox, tmp_path: Path
) -> None:
    """A real server process makes three slow games, one per consequence, and stops; the
    clocks' stored times are moved back by more than the time per move; the server starts
    again and each consequence follows: the bot plays on, the other side wins, the seat's
    person is sent a mail."""
    env = inbox.env()
    games: dict[str, str] = {}
    with servers(database_url, 1, env=env) as (live,), httpx.Client(base_url=live.base) as web:
        signed = web.post(
            "/api/account/signup",
            json={"name": "Maurice", "password": PASSWORD, "email": "maurice@example.org"},
        )
        assert signed.status_code == 201, signed.text
        csrf = {CSRF_HEADER: signed.json()["csrf"]}
        asked = web.post(
            "/api/account/reminders",
            json={"email": "maurice@example.org", "remind": True},
            headers=csrf,
        )
        assert asked.status_code == 200, asked.text
        for consequence in ("bot", "lose", "remind"):
            seats = ["me", "human"] if consequence == "remind" else ["human", "human"]
            body = {"game": GAME, "seats": seats, "pace": "slow", "on_timeout": consequence}
            answer = web.post("/api/games", json=body, headers=csrf)
            assert answer.status_code == 201, answer.text
            games[consequence] = answer.json()["id"]
        for game_id in games.values():
            _wait(
                "the deal",
                lambda g=game_id: web.get(f"/api/games/{g}").json()["to_move"] == "Dutch",
            )
        for game_id in games.values():
            assert list(web.get(f"/api/games/{game_id}").json()["clock"]["due"]) == ["Dutch"]
    store = Store.open(database_url)
    try:
        with store.engine.begin() as connection:
            for game_id in games.values():
                turn = store.turn(game_id)
                assert turn is not None and turn.since is not None and turn.due is not None
                connection.execute(
                    text("UPDATE games SET turn_since = :since, turn_due = :due WHERE id = :id"),
                    {"since": turn.since - DAYS, "due": turn.due - DAYS, "id": game_id},
                )
    finally:
        store.close()
    assert inbox.to("maurice@example.org", "Your time is up") == []
    with servers(database_url, 1, env=env) as (live,), httpx.Client(base_url=live.base) as web:

        def seen(consequence: str) -> Any:
            return web.get(f"/api/games/{games[consequence]}").json()

        bot = _wait(
            "the bot plays on", lambda: seen("bot")["seats"][0]["controller"] == "heuristic"
        )
        assert bot
        played_on = seen("bot")
        assert "Dutch" not in played_on["clock"]["due"]  # a bot's seat has no clock
        assert [line["what"] for line in played_on["table_log"]] == ["out of time"]
        assert played_on["table_log"][0]["text"].startswith(
            "Dutch ran out of time; the heuristic bot plays the seat"
        )
        lost = _wait("the game ends", lambda: seen("lose")["finished"] and seen("lose"))
        assert lost["result"]["winners"] == ["Spanish"]
        assert lost["result"]["reason"] == "Dutch ran out of time; Spanish wins"
        exported = web.get(f"/api/games/{games['lose']}/log")
        assert exported.status_code == 200, exported.text
        log_file = tmp_path / "lost_on_time.jsonl"
        log_file.write_text(exported.text)
        assert check_log(log_file).state.current_player() != TERMINAL  # over on time alone
        (mail,) = inbox.wait_for("maurice@example.org", 1, "Your time is up")
        assert f"{PUBLIC}/games/{games['remind']}" in mail.get_content()  # type: ignore[attr-defined]
        waiting = seen("remind")
        assert waiting["to_move"] == "Dutch" and not waiting["finished"]
        assert waiting["table_log"][-1]["text"].startswith(
            "Dutch ran out of time; they are reminded"
        )
