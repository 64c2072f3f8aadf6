"""The grammar and the LALR parser built from it: the grammar ships inside the package
(``rulecheck/grammars/transcript.lark`` in the wheel), the parser is built once per process, and its tables are
cached on disk between processes (docs/performance.md)."""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import sys
from functools import lru_cache
from typing import Any

from lark import Lark, Token

from . import snapshot
from .builders import Build
from .limits import MAX_NUMBER
from .patterns import PatternCache, cache_file, use_pattern_cache

GRAMMAR_PACKAGE = "rulecheck.grammars"
GRAMMAR_FILE = "transcript.lark"


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


_NUMBER_TERMINALS = ("INT", "SIGNED_INT", "PT", "PT_MOD", "COUNTER_KIND")
_DIGITS = re.compile(r"\d+")


class _NumberTooLarge(Exception):
    """Raised by the lexer on a number above MAX_NUMBER, before int() (slow, then refused, past 4300 digits)."""

    def __init__(self, token: Token) -> None:
        super().__init__(str(token))
        self.token = token


def _check_number(token: Token) -> Token:
    for digits in _DIGITS.findall(str(token)):
        if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
            raise _NumberTooLarge(token)
    return token


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, Build]:
    build = Build()
    text = grammar_text()
    # positions come from the tokens themselves; propagate_positions would also fill tree metadata, which the
    # inline transformer never reads (identical output, ~7% faster)
    tables = _table_cache(text)
    options: dict[str, Any] = dict(parser="lalr", lexer="contextual", propagate_positions=False,
                                   maybe_placeholders=False, transformer=build, cache=tables or False,
                                   lexer_callbacks={name: _check_number for name in _NUMBER_TERMINALS})
    # the parser as the objects Lark built, kept beside its tables (snapshot.py), else Lark's own cache
    parser = snapshot.load(text, options, snapshot.snapshot_file(tables)) if tables else None
    if parser is None:
        parser = Lark(text, **options)
        if tables:
            snapshot.save(parser, text, options, snapshot.snapshot_file(tables))
    patterns = PatternCache(cache_file(tables) if tables else None)
    if tables:   # the lexer's compiled patterns, kept beside the tables (patterns.py)
        use_pattern_cache(parser, patterns)
    build.trigger_re = _trigger_pattern(parser, patterns)
    return parser, build


def _trigger_pattern(parser: Lark, patterns: PatternCache) -> re.Pattern[str]:
    """The grammar's own pattern of the 'at the beginning of ...' triggers it understands (quoted rules text
    that matches it is a triggered ability); compiled through the lexer's pattern cache."""
    return patterns.compile(next(t.pattern.value for t in parser.terminals if t.name == "TRIGGER"), re.I)


def _table_cache(grammar: str) -> str | None:
    """Where Lark keeps the LALR tables it computed for this grammar, so a new process loads them (~10 ms)
    instead of computing them again (~120 ms).

    ``$RULECHECK_CACHE_DIR`` (empty: no cache), else ``$XDG_CACHE_HOME/rulecheck`` or ``~/.cache/rulecheck``.
    Lark checks the grammar, its options and versions against the file and rebuilds on any mismatch or damage;
    a directory that cannot be made means no cache, never an error.
    """
    where = os.environ.get("RULECHECK_CACHE_DIR")
    if where is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        where = os.path.join(base, "rulecheck")
    if not where:
        return None
    try:
        os.makedirs(where, exist_ok=True)
    except OSError:
        return None
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    return os.path.join(where, f"lalr-{digest}-py{sys.version_info[0]}.{sys.version_info[1]}.lark")


def lark_parser() -> Lark:
    return _lark()[0]
