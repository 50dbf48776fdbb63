"""The ``stratagem`` command: list games, play at the terminal, replay a log, run the
simulation lab, look up the rules, check an army, serve the web table.

Thin: its commands parse arguments, call ``stratagem.sim`` (and the games) and draw with
rich. User errors (unknown game, seat or bot, a bad ``--seat``) exit with code 2 and a
message; a log the rules refuse exits with code 1. Nothing the user types produces a
traceback.

Layout: ``app`` assembles the commands (its ``COMMANDS`` is where a new one goes);
``common`` holds what several commands share; ``games``, ``play``, ``logs`` (``replay``,
``render``), ``rules``, ``army`` and ``serve`` are one command or a few each; ``lab/``
is the simulation lab (``simulate``, ``tournament``, ``compare``, ``settings``,
``balance``), whose commands each build one ``LabRun`` for their runner; ``terminal``
draws views, events, actions and results, and ``screen`` is a person's table in ``play``.
"""

from stratagem.cli.app import app, main

__all__ = ["app", "main"]
