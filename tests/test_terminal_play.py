"""``stratagem play`` as a person meets it: the real command in a pseudo-terminal of 80x24,
playing Eighty Years War as the Dutch against a random bot.

A first run tries the prompt's commands (``?``, ``look 1``, a bad answer), has a forced
choice taken for it, and is interrupted (Ctrl-C's SIGINT); a second run goes on from its
``--log`` with ``--resume`` and plays to the end.
"""

from __future__ import annotations

import codecs
import fcntl
import io
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.console import Console

import stratagem
from stratagem.cli.terminal import group_events, render_choices
from stratagem.sim import read_header, replay_log

COLUMNS, LINES = 80, 24
PROMPT = re.compile(r"Dutch, your choice \(1-(\d+), \? for help\): $")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
ESCAPE_END = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07)")
"""An escape sequence read whole."""
STRATAGEM = Path(sys.executable).with_name("stratagem")
SEED = "3"


def plain(text: str) -> str:
    """What a person reads: no colours, no carriage returns."""
    return ANSI.sub("", text)


def _ctrl_c_as_at_a_shell() -> None:
    """In the child, before it runs: SIGINT at its default disposition and not blocked, so
    Ctrl-C acts there as at a shell even where the runner (a pytest-xdist worker) ignores
    or blocks it, which the child would otherwise inherit (a blocked one stays pending and
    the game never stops)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@dataclass
class Terminal:
    """A process on a pseudo-terminal of 80x24, read as a person reads it."""

    process: subprocess.Popen[bytes]
    master: int
    seen: str = ""
    pending: str = ""
    """The start of an escape sequence whose end has not been read yet."""
    decoder: codecs.IncrementalDecoder = field(
        default_factory=lambda: codecs.getincrementaldecoder("utf-8")(errors="replace")
    )
    mark: int = 0
    """Where the text not yet matched by ``expect`` starts."""

    @classmethod
    def start(cls, args: Sequence[str], cwd: Path) -> Terminal:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env["TERM"] = "xterm-256color"
        process = subprocess.Popen(
            [str(STRATAGEM), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            preexec_fn=_ctrl_c_as_at_a_shell,  # noqa: PLW1509 (no threads of the test's own)
        )
        os.close(slave)
        return cls(process, master)

    def _read(self, timeout: float) -> bool:
        """Read what the process wrote; ``False`` once it has closed the terminal."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the other side is closed
            data = b""
        text = self.pending + self.decoder.decode(data, final=not data)
        cut = text.rfind("\x1b")
        if data and cut >= 0 and not ESCAPE_END.match(text, cut):
            text, self.pending = text[:cut], text[cut:]  # an escape cut in two: wait for the rest
        else:
            self.pending = ""
        self.seen += plain(text)
        return bool(data)

    def expect(self, pattern: str | re.Pattern[str], timeout: float = 15) -> re.Match[str]:
        """Wait until ``pattern`` appears in the text not yet matched; return the match."""
        regex = re.compile(re.escape(pattern)) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            found = regex.search(self.seen, self.mark)
            if found is not None:
                self.mark = found.end()
                return found
            if time.monotonic() > deadline or not self._read(0.2):
                raise AssertionError(f"{regex.pattern!r} not seen; the screen ends:\n{self.tail()}")

    def since(self, start: int) -> str:
        return self.seen[start:]

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.seen.splitlines()[-lines:])

    def stopped_within(self, seconds: float) -> bool:
        """Read what the process writes for up to ``seconds``; whether it has ended."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        return self.process.poll() is not None

    def finish(self, timeout: float = 15) -> str:
        """Read to the end of the process; its whole screen."""
        deadline = time.monotonic() + timeout
        while self._read(0.2) and time.monotonic() < deadline:
            if self.process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
        self.process.wait(timeout=max(1.0, deadline - time.monotonic()))
        os.close(self.master)
        return self.seen

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def wide_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line.rstrip()) > COLUMNS]


@dataclass(frozen=True)
class FirstRun:
    screen: str
    commands: str
    """The screen from the first prompt to the first answer taken."""
    log: Path


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirstRun]:
    """Commands at the first prompt, 1 at each prompt until a forced choice has been taken
    for the person and a few more, then Ctrl-C."""
    where = tmp_path_factory.mktemp("terminal")
    log = where / "game.jsonl"
    args = [
        "play",
        "eighty_years_war",
        "--seat",
        "Dutch=human",
        "--seed",
        SEED,
        "--log",
        "game.jsonl",
    ]
    terminal = Terminal.start(args, where)
    try:
        terminal.expect(PROMPT)
        start = terminal.mark
        terminal.send("?")
        terminal.expect("Commands at the prompt:")
        terminal.expect(PROMPT)
        terminal.send("look 1")
        terminal.expect("1. Stop discarding")
        terminal.expect(PROMPT)
        terminal.send("look Sea Beggars")
        terminal.expect("Sea Beggars  (in You > Cards > Sea Beggars)")
        terminal.expect(PROMPT)
        terminal.send("nonsense")
        terminal.expect(PROMPT)
        commands = terminal.since(start)
        answers_after_forced = 0
        while answers_after_forced < 3:
            terminal.send("1")
            terminal.expect(PROMPT)
            if "Only one choice: " in terminal.seen:
                answers_after_forced += 1
        # what Ctrl-C sends; pressed again every few seconds until the game stops (under a
        # pytest-xdist worker a first one was sometimes not acted on: see the note below)
        for _ in range(12):
            terminal.process.send_signal(signal.SIGINT)
            if terminal.stopped_within(5):
                break
        screen = terminal.finish(timeout=60)
        assert terminal.process.returncode == 0, terminal.tail()
    finally:
        terminal.close()
    yield FirstRun(screen, commands, log)


def test_prompt_commands_and_a_bad_answer(first_run: FirstRun) -> None:
    commands = first_run.commands
    for line in ("? or help    this list", "more", "look N", "look NAME", "board", "log", "q  "):
        assert line in commands
    assert "1. Stop discarding" in commands  # look 1
    assert "6 · Dutch only · military meld" in commands  # look NAME finds the card's details
    lines = commands.splitlines()
    bad = next(index for index, line in enumerate(lines) if line.endswith("): nonsense"))
    assert lines[bad + 1] == (
        "Not accepted: 'nonsense' is not an action of this game (? lists the commands)"
    )
    assert PROMPT.match(lines[bad + 2] + " ") or lines[bad + 2].startswith("Dutch, your choice")
    assert not wide_lines(commands)


def test_a_forced_choice_is_taken_for_the_person(first_run: FirstRun) -> None:
    forced = re.findall(r"Only one choice: (.+) \(taken for you\)", first_run.screen)
    assert forced, first_run.screen[-2000:]
    state, _ = replay_log(first_run.log)
    assert forced[0] in [action.text for action in state.history]


def test_ctrl_c_stops_the_game_and_keeps_its_log(first_run: FirstRun) -> None:
    assert "Game stopped after " in first_run.screen
    assert "stratagem play --resume game.jsonl" in " ".join(first_run.screen.split())
    state, _ = replay_log(first_run.log)
    assert not state.is_terminal()
    assert len(state.history) > 20


def test_resume_goes_on_to_the_end(first_run: FirstRun) -> None:
    stopped, _ = replay_log(first_run.log)
    header = read_header(first_run.log)
    terminal = Terminal.start(["play", "--resume", "game.jsonl"], first_run.log.parent)
    try:
        terminal.expect(f"Resumed from game.jsonl after {len(stopped.history)} steps.")
        terminal.expect(PROMPT)
        terminal.send("log")  # the whole log is more than a screenful: a page at a time
        terminal.expect("Enter for more, q to stop --")
        terminal.send("q")
        while True:
            found = terminal.expect(re.compile(PROMPT.pattern + r"|Result"))
            if found.group(0) == "Result":
                break
            terminal.send("1")
        screen = terminal.finish()
        assert terminal.process.returncode == 0, terminal.tail()
    finally:
        terminal.close()
    state, _ = replay_log(first_run.log)
    assert state.is_terminal()
    assert state.history[: len(stopped.history)] == stopped.history
    assert read_header(first_run.log) == header  # the same log, its header once
    assert state.result()["reason"].split()[0] in screen


# -- every game at 80x24 -------------------------------------------------------------------

WHOLE_GAMES = [
    pytest.param("eighty_years_war", "Dutch", [], id="eighty_years_war"),
    pytest.param("britain_vs_france", "Britain", [], id="britain_vs_france"),
    pytest.param(
        "sixteen_thirty_something", "Player 1", ["--players", "3"], id="sixteen_thirty_something"
    ),
    pytest.param("henry_viii", "Faction 1", ["--players", "5"], id="henry_viii"),
    pytest.param("tercios", "Spanish", ["--option", "duration=2"], id="tercios"),
]
TITLE = re.compile(r"^─+ (.+) to decide ─+$")


def decision_screens(text: str, seat: str) -> list[list[str]]:
    """Each decision's screen: from its title line to its prompt, as a person saw them."""
    prompt = re.compile(re.escape(seat) + r", your choice \(1-\d+, \? for help\): ")
    screens: list[list[str]] = []
    start: int | None = None
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if TITLE.match(line):
            start = index
        elif start is not None and prompt.match(line):
            screens.append(lines[start : index + 1])
            start = None
    return screens


@pytest.mark.parametrize(("game", "seat", "extra"), WHOLE_GAMES)
def test_a_whole_game_fits_80x24_at_every_decision(
    game: str, seat: str, extra: list[str], tmp_path: Path
) -> None:
    """The real ``stratagem play`` in a pseudo-terminal of 80x24, the person answering 1
    at every prompt (and nonsense once: one line, then the prompt again): no line wider
    than 80 columns, no decision's screen (title to prompt) taller than 24 lines, and the
    board drawn as SVG beside the log."""
    prompt = re.compile(re.escape(seat) + r", your choice \(1-(\d+), \? for help\): $|Result")
    args = ["play", game, "--seat", f"{seat}=human", "--seed", SEED, "--log", "game.jsonl"]
    terminal = Terminal.start([*args, *extra], tmp_path)
    answered = 0
    try:
        terminal.expect(prompt)
        terminal.send("nonsense")
        refused = terminal.expect(re.compile(r"Not accepted: [^\n]*\n"))
        terminal.expect(prompt)
        assert terminal.seen[refused.end() :].lstrip().startswith(f"{seat}, your choice")
        terminal.send("1")
        while terminal.expect(prompt, timeout=60).group(0) != "Result":
            terminal.send("1")
            answered += 1
        screen = terminal.finish()
        assert terminal.process.returncode == 0, terminal.tail()
    finally:
        terminal.close()
    assert not wide_lines(screen), wide_lines(screen)[:3]
    screens = decision_screens(screen, seat)
    assert len(screens) >= answered > 5
    tall = [shown for shown in screens if len(shown) > LINES]
    assert not tall, "\n".join(tall[0])
    state, _ = replay_log(tmp_path / "game.jsonl")
    assert state.is_terminal()
    assert (tmp_path / "game.board.svg").read_text().lstrip().startswith("<")


# -- Eighty Years War: a split in one line ---------------------------------------------------

CONFIRM = "Dutch, Enter or yes to make it, undo to choose again: "


def test_a_split_in_one_line_is_previewed_undone_and_made(tmp_path: Path) -> None:
    """At the Action Phase the person types ``military: <H1>, 2``: the split is drawn with
    its totals and nothing is placed; ``undo`` drops it (the card-by-card choices stay);
    typed again and confirmed with Enter, the cards named go military, the rest political."""
    log = tmp_path / "game.jsonl"
    args = ["play", "eighty_years_war", "--seat", "Dutch=human", "--seed", SEED, "--log", log.name]
    terminal = Terminal.start(args, tmp_path)
    try:
        terminal.expect(PROMPT)
        while "Meld military: " not in terminal.tail(6):
            terminal.send("1")
            terminal.expect(PROMPT)
        before, _ = replay_log(log)
        hand = before.view(0)["you"]["hand"]
        terminal.send(f"military: {hand[0].lower()}, 2")
        terminal.expect("Dutch: split military ")
        terminal.expect("So far: Military ")
        terminal.expect(CONFIRM)
        terminal.send("undo")
        terminal.expect("Undone: nothing was placed.")
        terminal.expect(PROMPT)
        undone, _ = replay_log(log)
        assert undone.history == before.history
        terminal.send("military: nobody at all")
        terminal.expect("Not accepted: 'nobody at all' is not a card in your hand")
        terminal.expect(PROMPT)
        terminal.send(f"military: {', '.join(hand)}")
        terminal.expect("Not accepted: each meld must hold a card")
        terminal.expect(PROMPT)
        terminal.send(f"military: {hand[0]}, 2")
        terminal.expect(CONFIRM)
        terminal.send("")
        terminal.expect(PROMPT)  # the next turn's first decision
        terminal.send("q")
        terminal.finish()
    finally:
        terminal.close()
    state, _ = replay_log(log)
    placed = [
        action.text for action in state.history[len(before.history) :] if "Meld" in action.text
    ][: len(hand)]
    assert placed == [
        f"Meld {'military' if index < 2 else 'political'}: {name}"
        for index, name in enumerate(hand)
    ]


# -- resuming: the bots go on as they would have ------------------------------------------


def test_a_resumed_games_bots_go_on_as_without_the_stop(tmp_path: Path) -> None:
    """Bots seeded at each decision from (seed, seat, actions so far): a log cut after 40
    steps and resumed with ``--resume`` ends exactly as the game played without a stop."""
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    args = ["play", "eighty_years_war", "--seat", "Dutch=heuristic", "--seed", "5"]
    done = subprocess.run(
        [str(STRATAGEM), *args, "--log", str(whole)], capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = whole.read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:41]))  # the header and 40 steps
    resumed = subprocess.run(
        [str(STRATAGEM), "play", "--resume", str(cut)], capture_output=True, check=False
    )
    assert resumed.returncode == 0, resumed.stderr
    assert cut.read_text() == whole.read_text()


# -- the screen's parts --------------------------------------------------------------------


def test_runs_of_one_event_are_told_once_on_the_screen() -> None:
    draws = [{"text": "Spanish draws a card.", "rule": "Logistics Phase", "data": {}}] * 8
    other = {"text": "Dutch keeps it.", "rule": "Logistics Phase", "data": {}}
    grouped = group_events([*draws, other, other, other])
    assert [entry["text"] for entry in grouped] == [
        "Spanish draws 8 cards.",
        "Dutch keeps it. (x3)",
    ]
    assert group_events(draws[:1]) == draws[:1]


def test_choices_go_in_columns_and_a_long_list_is_cut_with_a_count() -> None:
    game = stratagem.load("eighty_years_war")
    legal = [game.parse_action(f"Discard: {name}") for name in game.book.names[:12]]
    console = Console(width=COLUMNS, file=io.StringIO(), record=True)
    grid, shown = render_choices(legal, COLUMNS)
    console.print(grid)
    lines = console.export_text().splitlines()
    assert shown == 12 and len(lines) < 12  # more than one column
    assert all(len(line.rstrip()) <= COLUMNS for line in lines)
    assert lines[0].lstrip().startswith("1. Discard: ")
    grid, shown = render_choices(legal, COLUMNS, rows=2)
    console.print(grid)
    assert 2 <= shown < 12
