"""The card index: a database file read once into SQLite in the user's cache directory, then looked up by name.

The index is keyed by the source file's real path, size and modification time: a changed file is read again, an
unchanged one never. It is built into a temporary file and renamed into place, so a process that finds it sees a
whole index, and processes racing to build it only duplicate work. Checking processes (`-j`) open the SQLite file
read-only; none of them holds the JSON.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import CardDataError, cache_dir
from .facts import CardFacts, name_key
from .formats import read_entries
from .jsonstream import JSONStreamError, open_text

SCHEMA = 1
# a real card wins over a token, an emblem or an art card of the same name
_RANK = {"token": 1, "double_faced_token": 1, "emblem": 1, "art_series": 2, "reversible_card": 2}


@dataclass(frozen=True)
class IndexInfo:
    path: Path            # the SQLite file
    source: str           # the card database file
    format: str           # scryfall | mtgjson
    cards: int
    built: bool           # built by this call (a cold start)
    seconds: float


def _stamp(source: Path) -> tuple[str, int, int]:
    try:
        st = os.stat(source)
    except FileNotFoundError:
        raise CardDataError(f"card database '{source}' not found") from None
    except OSError as err:
        raise CardDataError(f"card database '{source}' cannot be read: {err.strerror or err}") from None
    if not os.path.isfile(source):
        raise CardDataError(f"card database '{source}' cannot be read: it is not a regular file")
    return os.path.realpath(source), st.st_size, st.st_mtime_ns


def index_path(real: str) -> Path:
    digest = hashlib.sha256(real.encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return cache_dir() / "cards" / f"index-{digest}.sqlite"


def _read_meta(path: Path) -> dict[str, str] | None:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return dict(db.execute("SELECT key, value FROM meta").fetchall())
        finally:
            db.close()
    except sqlite3.Error:
        return None


def is_current(target: Path, source: str | os.PathLike[str]) -> bool:
    """Whether the index at `target` was built from `source` as it is now."""
    try:
        real, size, mtime = _stamp(Path(source))
    except CardDataError:
        return False
    meta = _read_meta(target) if target.exists() else None
    return meta is not None and meta.get("schema") == str(SCHEMA) and meta.get("source") == real \
        and meta.get("size") == str(size) and meta.get("mtime_ns") == str(mtime)


def ensure_index(source: str | os.PathLike[str],
                 progress: Callable[[int], None] | None = None) -> IndexInfo:
    """The index of a card database, built if it is missing or stale. Raises `CardDataError`."""
    started = time.perf_counter()
    real, size, mtime = _stamp(Path(source))
    target = index_path(real)
    if is_current(target, real):
        meta = _read_meta(target) or {}
        return IndexInfo(target, real, meta.get("format", ""), int(meta.get("cards", "0")), False,
                         time.perf_counter() - started)
    fmt, count = _build(real, size, mtime, target, progress)
    return IndexInfo(target, real, fmt, count, True, time.perf_counter() - started)


def _build(real: str, size: int, mtime: int, target: Path,
           progress: Callable[[int], None] | None) -> tuple[str, int]:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CardDataError(f"cannot create the card index directory '{target.parent}': {err.strerror or err}") \
            from None
    temp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        temp.unlink()
    db = sqlite3.connect(temp)
    try:
        db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
                         "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                         "CREATE TABLE cards (key TEXT PRIMARY KEY, name TEXT, rank INTEGER, facts TEXT);")
        try:
            with open_text(real) as stream:
                fmt, count = _fill(db, stream, real, progress)
        except JSONStreamError as err:
            raise CardDataError(f"card database '{real}' {err}") from None
        except OSError as err:
            raise CardDataError(f"card database '{real}' cannot be read: {err.strerror or err}") from None
        if count == 0:
            raise CardDataError(f"card database '{real}' holds no cards")
        db.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("schema", str(SCHEMA)), ("source", real), ("size", str(size)), ("mtime_ns", str(mtime)),
            ("format", fmt), ("cards", str(count))])
        db.commit()
        db.close()
        os.replace(temp, target)
    except BaseException:
        db.close()
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return fmt, count


def _fill(db: sqlite3.Connection, stream: object, source: str,
          progress: Callable[[int], None] | None) -> tuple[str, int]:
    from .jsonstream import Reader
    reader = Reader(stream)  # type: ignore[arg-type]
    fmt, entries = read_entries(reader, os.path.basename(source))
    count = 0
    batch: list[tuple[str, str, int, str]] = []
    sql = ("INSERT INTO cards VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET name = excluded.name, "
           "rank = excluded.rank, facts = excluded.facts WHERE excluded.rank < cards.rank")
    reported = 0
    for names, facts in entries:
        rank = _RANK.get(facts.layout, 0)
        data = facts.to_json()
        batch.extend((name_key(n), n, rank, data) for n in names)
        count += 1
        if len(batch) >= 2000:
            db.executemany(sql, batch)
            batch.clear()
            if progress is not None and reader.consumed != reported:
                progress(reader.consumed - reported)
                reported = reader.consumed
    db.executemany(sql, batch)
    if progress is not None:
        progress(reader.consumed + reader.pos - reported)
    return fmt, count


class CardIndex:
    """Read-only lookups in a built index."""

    def __init__(self, info: IndexInfo) -> None:
        self.info = info
        self.label = os.path.basename(info.source)
        self._conn: sqlite3.Connection | None = None
        self._pid = 0
        self._db   # noqa: B018 - opened now, so that a problem shows before any check

    @property
    def _db(self) -> sqlite3.Connection:
        """The connection of this process: one made before a fork is never used after it (SQLite forbids it)."""
        if self._conn is None or self._pid != os.getpid():
            try:
                self._conn = sqlite3.connect(f"file:{self.info.path}?mode=ro", uri=True, check_same_thread=False)
            except sqlite3.Error as err:
                raise CardDataError(f"card index '{self.info.path}' cannot be opened: {err}") from None
            self._pid = os.getpid()
        return self._conn

    def close(self) -> None:
        if self._conn is not None and self._pid == os.getpid():
            self._conn.close()
        self._conn = None

    def get(self, name: str) -> CardFacts | None:
        row = self._db.execute("SELECT facts FROM cards WHERE key = ?", (name_key(name),)).fetchone()
        return CardFacts.from_json(row[0], self.label) if row else None

    def complete(self, prefix: str, limit: int = 50) -> list[str]:
        """Card names that begin with `prefix` (any case), in order."""
        key = name_key(prefix)
        rows = self._db.execute("SELECT name FROM cards WHERE key >= ? AND key < ? ORDER BY key LIMIT ?",
                                (key, key + "\U0010ffff", limit)).fetchall()
        return [r[0] for r in rows]

    def names_near(self, name: str) -> Iterator[str]:
        """Names where an edit-distance suggestion can be, found by SQLite rather than by comparing the name with
        every card in Python: those that begin as it begins, or share one of its words (a typo rarely touches
        every word), of about the same length."""
        key = name_key(name)
        n = len(key)
        words = sorted({w for w in key.replace(",", " ").split() if len(w) >= 4}, key=len, reverse=True)[:4]
        clauses = ["(key >= ? AND key < ?)"] + ["key LIKE ? ESCAPE '\\'"] * len(words)
        params: list[object] = [key[:3], key[:3] + "\U0010ffff"]
        params += ["%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%" for w in words]
        rows = self._db.execute(f"SELECT name FROM cards WHERE ({' OR '.join(clauses)}) "
                                "AND length(key) BETWEEN ? AND ?",
                                (*params, max(1, n - 1 - n // 3), n + 1 + n // 3))
        return (r[0] for r in rows)


__all__ = ["CardDataError", "CardIndex", "IndexInfo", "cache_dir", "ensure_index", "index_path", "is_current"]
