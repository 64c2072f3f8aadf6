"""The LALR parser's tables as plain data, kept between processes, so that a check never imports Lark unless a line
needs it (docs/performance.md, "Start-up without Lark").

The loop of :mod:`.driver` needs of the parser only data: each state's actions (shift to a state, or reduce by a
rule), each rule's size, name and what its builder keeps of its children, and each state's lexer (the pattern of
the terminals it accepts, its ignored terminals, which terminals' tokens are retyped as keywords or checked as
numbers). :mod:`.export` takes them from the parser Lark built, once, and they are stored with `marshal` in a file
beside Lark's own table cache (``...-plain.marshal``); a later process loads them in well under a millisecond and
imports Lark only for a line the loop declines (:func:`.lalr._lark`), so that every syntax problem is Lark's own.

The file is keyed by its format, the exact Python (``sys.version``), Lark's version (read from its
``__init__.py``, without importing it) and the whole grammar text; anything else (another grammar, a damaged file,
a Lark of another version) means the data is made again from Lark and the file written again. Without a cache
directory (``RULECHECK_CACHE_DIR=``, or one that can't be made) the data is made from Lark in each process.
"""

from __future__ import annotations

import binascii
import contextlib
import importlib
import os
import re
import sys
from functools import lru_cache
from typing import Any

from ..cachedir import cache_dir, keep, load_kept
from .builders import Build
from .patterns import PatternCache, cache_file
from .tokens import NUMBER_TERMINALS, check_number

GRAMMAR_PACKAGE = "rulecheck.grammars"
GRAMMAR_FILE = "transcript.lark"
FORMAT = 2   # the layout of the plain file (a new one is made when it changes)

# the lexer callbacks the parser is built with (Lark's `lexer_callbacks`): the number check
LEXER_CALLBACKS = {name: check_number for name in NUMBER_TERMINALS}


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The grammar as shipped in the installed package, or from `grammars/` when run from a source checkout
    (where `rulecheck.grammars` exists only once installed: pyproject maps it onto the top-level folder).

    Read from the package's folder with a plain `open` (importing `importlib.resources` and its readers costs a
    check ~1.5 ms); through `importlib.resources` where the package is not a folder (a zip)."""
    try:
        folders = list(getattr(importlib.import_module(GRAMMAR_PACKAGE), "__path__", ()))
    except ModuleNotFoundError:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        folders = [os.path.join(root, "grammars")]
    for folder in folders:
        try:
            with open(os.path.join(folder, GRAMMAR_FILE), encoding="utf-8") as fh:
                return fh.read()
        except OSError:
            continue
    from importlib import resources

    return resources.files(GRAMMAR_PACKAGE).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def table_cache(grammar: str) -> str | None:
    """Where Lark keeps the LALR tables it computed for this grammar, so a new process loads them (~10 ms)
    instead of computing them again (~120 ms); the other files of the parser are named after it.

    ``$RULECHECK_CACHE_DIR`` (empty: no cache), else ``$XDG_CACHE_HOME/rulecheck`` or ``~/.cache/rulecheck``.
    Lark checks the grammar, its options and versions against the file and rebuilds on any mismatch or damage;
    a directory that cannot be made means no cache, never an error. The name holds a CRC-32 and the length of
    the grammar (each file checks the grammar itself: the name only keeps the files of two grammars apart).
    """
    where = cache_dir()
    if where is None:
        return None
    data = grammar.encode("utf-8")
    digest = f"{binascii.crc32(data):08x}{len(data):06x}"
    return os.path.join(where, f"lalr-{digest}-py{sys.version_info[0]}.{sys.version_info[1]}.lark")


@lru_cache(maxsize=1)
def tables_path() -> str | None:
    return table_cache(grammar_text())


@lru_cache(maxsize=1)
def build() -> Build:
    """The process's one transformer (the loop and Lark both call its methods)."""
    return Build()


@lru_cache(maxsize=1)
def patterns() -> PatternCache:
    """The process's one cache of compiled patterns (the loop's lexers and Lark's share it, patterns.py)."""
    path = tables_path()
    return PatternCache(cache_file(path) if path else None)


def plain_file(path: str) -> str:
    return f"{path.rsplit('.', 1)[0]}-plain.marshal"


def lark_version() -> str:
    """The version of the Lark that would be imported, read from its ``__init__.py`` (importing it costs a check
    ~20 ms); '' when it can't be found."""
    from importlib.machinery import PathFinder

    with contextlib.suppress(Exception):
        spec = PathFinder.find_spec("lark")
        if spec is not None and spec.origin:
            with open(spec.origin, encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("__version__"):
                        return line.strip()
    return ""


def _key(grammar: str) -> tuple[Any, ...]:
    return (FORMAT, sys.version, lark_version(), grammar)


def _load(path: str, key: tuple[Any, ...]) -> dict[str, Any] | None:
    data = load_kept(path, key)   # absent, damaged or for something else: made again
    return data if isinstance(data, dict) else None


def _save(path: str, key: tuple[Any, ...], data: dict[str, Any]) -> None:
    keep(path, data, key)


def stored() -> dict[str, Any] | None:
    """The parser as plain data (see the module's text) from its file, or None (absent, stale, no cache)."""
    path = tables_path()
    return _load(plain_file(path), _key(grammar_text())) if path else None


def store(data: dict[str, Any]) -> None:
    """Keep the plain data made from Lark for later processes (nowhere without a cache directory)."""
    path = tables_path()
    if path:
        _save(plain_file(path), _key(grammar_text()), data)


def trigger_pattern(data: dict[str, Any]) -> re.Pattern[str]:
    """The grammar's own pattern of the 'at the beginning of ...' triggers it understands (quoted rules text
    that matches it is a triggered ability); compiled through the lexer's pattern cache."""
    return patterns().compile(data["trigger"], re.I)
