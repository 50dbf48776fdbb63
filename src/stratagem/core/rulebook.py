"""A game's table of sections: the rulebook's headings in its order, read from the game's
``data/sections.toml``, and the citations that name them.

A section is cited by its path joined by ": " (``Combat: Charges``), by any shorter tail of
that path that no other section shares, down to its bare name (``Charges``). Matching
ignores case and runs of whitespace, so ``Logistics Phase`` cites ``LOGISTICS PHASE``. A
ruling of the game's RULINGS.md is cited as ``Rulings R6``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, StrictBool

from stratagem.core.datapack import PackModel, load_pack_file
from stratagem.core.errors import DataPackError

SECTIONS_FILE = "sections.toml"
RULINGS_FILE = "RULINGS.md"
SLUG_MIN = 3
"""A label's slug shorter than this (``a``, ``1``) takes its parent's in front."""
GAMES_DIR = Path(__file__).resolve().parent.parent / "games"

_RULING_CITATION = re.compile(r"rulings\s+([A-Za-z]{1,3}\d+)", re.IGNORECASE)
_RULING_ENTRY = re.compile(r"^\s*(?:[-*]\s+\*\*|\|\s*|#+\s*)([A-Z]{1,3}\d+)\b", re.MULTILINE)


class SectionEntry(PackModel):
    """One heading of the table as written in ``sections.toml``."""

    name: str = Field(min_length=1)
    within: str | None = None
    rules: StrictBool = True
    note: str | None = None


class SectionTable(PackModel):
    """The whole ``sections.toml``: its ``[[section]]`` entries in the rulebook's order."""

    section: list[SectionEntry] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Section:
    """A heading of the rulebook, with the headings it sits under."""

    path: tuple[str, ...]
    rules: bool
    note: str | None
    citation: str
    """How the code cites it: its bare name when no other section has that name, else its path."""
    slug: str
    """What a test named after it carries in its name: the name lowercased, each run of
    characters other than letters and digits one "_" (``Combat Rounds`` -> ``combat_rounds``);
    a label too short to name anything (``A)``, ``1.``) is prefixed by its parent's slug
    (``setup_a``, ``setup_e_1``)."""

    @property
    def name(self) -> str:
        return self.path[-1]

    @property
    def depth(self) -> int:
        return len(self.path) - 1

    @property
    def full(self) -> str:
        """The whole path joined by ": "."""
        return ": ".join(self.path)


def slug(text: str) -> str:
    """``Combat Rounds`` -> ``combat_rounds``; ``Assault!`` -> ``assault``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def normal(text: str) -> str:
    """A citation as matched: case folded, whitespace collapsed, spaces around ":" one."""
    collapsed = " ".join(text.split()).casefold()
    return re.sub(r"\s*:\s*", ": ", collapsed)


class Rulebook:
    """The table of sections of one game, and the rulings its RULINGS.md numbers."""

    def __init__(self, game: str, sections: tuple[Section, ...], rulings: frozenset[str]) -> None:
        self.game = game
        self.sections = sections
        self.rulings = rulings
        self._by_path = {normal(section.full): section for section in sections}
        self._by_tail: dict[str, list[Section]] = {}
        for section in sections:
            for start in range(len(section.path)):
                tail = normal(": ".join(section.path[start:]))
                self._by_tail.setdefault(tail, []).append(section)

    def resolve(self, citation: str) -> Section | None:
        """The section ``citation`` names: its whole path, or a tail of it no other has."""
        key = normal(citation)
        if key in self._by_path:
            return self._by_path[key]
        found = self._by_tail.get(key, [])
        return found[0] if len(found) == 1 else None

    def ruling(self, citation: str) -> str | None:
        """``R6`` for ``Rulings R6`` when RULINGS.md has an entry R6, else None."""
        match = _RULING_CITATION.fullmatch(" ".join(citation.split()))
        if match is None:
            return None
        label = match.group(1).upper()
        return label if label in self.rulings else None

    def cites(self, citation: str) -> bool:
        """Whether ``citation`` names a section of the table or a ruling of RULINGS.md."""
        return self.resolve(citation) is not None or self.ruling(citation) is not None

    def find(self, query: str) -> list[Section]:
        """The sections a person means by ``query``: the one it cites, else every section
        whose path contains it (case and whitespace ignored)."""
        exact = self.resolve(query)
        if exact is not None:
            return [exact]
        key = normal(query)
        return [section for section in self.sections if key in normal(section.full)]


def _sections(path: Path, table: SectionTable) -> tuple[Section, ...]:
    """Each entry's path from its ``within``; errors name the file and the entry."""
    paths: list[tuple[str, ...]] = []
    entries: list[tuple[tuple[str, ...], SectionEntry]] = []
    for index, entry in enumerate(table.section):
        where = f"{path}: section[{index}] {entry.name!r}"
        parent: tuple[str, ...] = ()
        if entry.within is not None:
            key = normal(entry.within)
            whole = [known for known in paths if normal(": ".join(known)) == key]
            tails = [
                known
                for known in paths
                if any(normal(": ".join(known[start:])) == key for start in range(len(known)))
            ]
            candidates = whole or tails
            if len(candidates) != 1:
                problem = "names no section" if not candidates else "names several sections"
                raise DataPackError(
                    f"{where} -> within: {entry.within!r} {problem} earlier in the table"
                )
            parent = candidates[0]
        own = (*parent, entry.name.strip())
        if any(normal(": ".join(known)) == normal(": ".join(own)) for known in paths):
            raise DataPackError(f"{where}: the section {': '.join(own)!r} is listed twice")
        paths.append(own)
        entries.append((own, entry))
    names: dict[str, int] = {}
    for own in paths:
        names[normal(own[-1])] = names.get(normal(own[-1]), 0) + 1
    slugs: dict[tuple[str, ...], str] = {}
    for own in paths:
        short = slug(own[-1])
        slugs[own] = (
            short if len(short) >= SLUG_MIN or len(own) == 1 else f"{slugs[own[:-1]]}_{short}"
        )
    return tuple(
        Section(
            path=own,
            rules=entry.rules,
            note=entry.note,
            citation=own[-1] if names[normal(own[-1])] == 1 else ": ".join(own),
            slug=slugs[own],
        )
        for own, entry in entries
    )


def rulings_in(path: Path) -> frozenset[str]:
    """The labels (``R6``, ``B11``) of the entries of a RULINGS.md (none if it is missing)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    return frozenset(_RULING_ENTRY.findall(text))


def game_dir(game: str) -> Path:
    """The package folder of a game's rules (``stratagem/games/<game>``)."""
    folder = GAMES_DIR / game
    if not game.isidentifier() or not (folder / "__init__.py").is_file():
        known = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())
        raise DataPackError(f"no game named {game!r}; games with rules: {', '.join(known)}")
    return folder


def load_sections(game: str, table: Path | None = None) -> Rulebook:
    """The table of sections of ``game`` (or the table file ``table`` instead of the
    shipped one), with the rulings of the game's RULINGS.md."""
    folder = game_dir(game)
    path = folder / "data" / SECTIONS_FILE if table is None else Path(table)
    if not path.is_file():
        raise DataPackError(f"{path}: the game {game!r} has no table of sections")
    sections = _sections(path, load_pack_file(path, SectionTable))
    return Rulebook(game, sections, rulings_in(folder / RULINGS_FILE))
