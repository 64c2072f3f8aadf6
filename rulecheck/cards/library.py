"""The card layer's front: one object the game asks for a card's facts, whatever the source.

`CardLibrary` answers `lookup(name)`, `suggest(name)` and `complete(prefix)` from a card database's index;
`open_library(path)` builds or reuses the index. The library a check uses comes from its configuration's `cards`
(the command line puts `--cards` there), or from `using(path)` around API calls; the engine is given it.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import CardDataError, cache_dir
from .facts import CardFacts

if TYPE_CHECKING:   # the readers and SQLite are imported when a database is opened, not by every check
    from .index import CardIndex, IndexInfo

__all__ = ["ENV", "CardDataError", "CardLibrary", "active", "default_cards_file", "for_check", "open_library",
           "set_default", "using"]


class CardLibrary:
    """Card facts by name from one card database (Scryfall or MTGJSON), through its SQLite index."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self.info: IndexInfo = index.info
        self._cache: dict[str, CardFacts | None] = {}
        self._suggested: dict[tuple[str, int], list[str]] = {}

    @property
    def label(self) -> str:
        return f"{self.info.format} {os.path.basename(self.info.source)}"

    def lookup(self, name: str) -> CardFacts | None:
        if name not in self._cache:
            self._cache[name] = self.index.get(name)
        return self._cache[name]

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The nearest card names, by the same edit-distance measure as the checker's other suggestions (kept:
        a transcript repeats an unknown name on every line that uses it)."""
        import difflib  # only for a suggestion: not imported by a check that needs none

        key = (name, n)
        if key not in self._suggested:
            if len(self._suggested) > 1000:
                self._suggested.clear()
            self._suggested[key] = difflib.get_close_matches(name, list(self.index.names_near(name)), n=n,
                                                             cutoff=0.6)
        return self._suggested[key]

    def complete(self, prefix: str, limit: int = 50) -> list[str]:
        return self.index.complete(prefix, limit)

    def close(self) -> None:
        self.index.close()


_OPEN: dict[tuple[str, int, int], CardLibrary] = {}


def open_library(path: str | os.PathLike[str], progress: Callable[[int], None] | None = None) -> CardLibrary:
    """The library of a card database file, indexed on first use (and again when the file changes). One per
    process and file: a long-lived process (the language server) opens it once."""
    try:
        st = os.stat(path)
        key = (os.path.realpath(path), st.st_size, st.st_mtime_ns)
    except OSError:
        key = (os.fspath(path), -1, -1)
    library = _OPEN.get(key)
    if library is None:
        from .index import CardIndex, ensure_index
        library = CardLibrary(CardIndex(ensure_index(path, progress)))
        _OPEN[key] = library
    return library


ENV = "RULECHECK_CARDS"   # read by the command line (see `commands.resolve_cards`), not by the API
_ACTIVE: ContextVar[str | None] = ContextVar("rulecheck_cards", default=None)


def active() -> CardLibrary | None:
    """The card database set with `using` for this block of code, if any. It was opened there, so a problem
    with it was reported there."""
    path = _ACTIVE.get()
    if not path or path == "none":
        return None
    try:
        return open_library(path)
    except CardDataError:
        return None


def for_check(configured: str | None) -> CardLibrary | None:
    """The card database a check uses: the configuration's `cards` (a path, or "none"), else the one set with
    `using`. Raises `CardDataError` when the configured file can't be used."""
    if configured:
        return None if configured == "none" else open_library(configured)
    return active()


@contextlib.contextmanager
def using(path: str | None) -> Iterator[CardLibrary | None]:
    """Check with this card database (None or "none": without one) until the block ends. Opens it now, so that
    a missing or broken file raises `CardDataError` here, before any transcript is checked."""
    library = open_library(path) if path and path != "none" else None
    token = _ACTIVE.set(path or "none")
    try:
        yield library
    finally:
        _ACTIVE.reset(token)


def _default_record() -> Path:
    return cache_dir() / "cards" / "default.json"


def default_cards_file() -> str | None:
    """The card database `rulecheck cards fetch` made the default, if it is still there."""
    try:
        data = json.loads(_default_record().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    path = data.get("path") if isinstance(data, dict) else None
    return path if isinstance(path, str) and os.path.isfile(path) else None


def set_default(path: str) -> Path:
    record = _default_record()
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(json.dumps({"path": os.path.abspath(path)}) + "\n", encoding="utf-8")
    return record
