"""Write docs/LEVELS.md's table of the levels' measured strength from the ratings file.

    .venv/bin/python benchmarks/level_table.py

After a tournament, copy its figures into ``src/stratagem/bots/level_ratings.toml`` (one
``[[rating]]`` per game and level) and run this: the doc's table between its two marker
lines is made again from the file, which the lobby also reads (``GET /api/levels``).
``tests/bots/test_level_ratings.py`` fails while the two disagree.
"""

from __future__ import annotations

from pathlib import Path

from stratagem.bots.level_ratings import doc_with_table, load_ratings

DOC = Path(__file__).resolve().parent.parent / "docs" / "LEVELS.md"


def main() -> None:
    doc = DOC.read_text(encoding="utf-8")
    made = doc_with_table(doc, load_ratings())
    DOC.write_text(made, encoding="utf-8")
    print(f"{DOC}: {'unchanged' if made == doc else 'table written'}")


if __name__ == "__main__":
    main()
