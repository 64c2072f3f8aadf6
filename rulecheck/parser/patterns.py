"""The compiled regular expressions of Lark's contextual lexer, kept between processes.

The contextual lexer compiles, on first use, one alternation of the terminals each parser state accepts (and a few
small patterns that tell keywords from names): a check of a long log uses ~50 of them, ~30 ms of every process,
which Python's `re` module can't keep between processes. This module stands in for `re` in Lark's lexers: a
pattern compiled once is kept as what CPython's regular expression compiler made of it (its code, flags and
groups) in a small file beside Lark's LALR tables, and a later process hands that to the regular expression
engine directly (`_sre.compile`, what `re.compile` ends with), skipping the compiler. The machinery
(`PatternCache`) is in :mod:`rulecheck.regexes`, which also keeps the patterns the modules compile as they are
imported; this module names the lexer's file and hands the cache to Lark's lexers (the LALR loop of `driver.py`
compiles its scanners through the same cache).

Safe by construction: the file is keyed by the exact Python build (`sys.hexversion`, `_sre.MAGIC`) and the
grammar; a pattern is stored only after the object rebuilt from it compared equal to the one `re.compile` made
(a pattern's equality covers its text, flags and compiled code); the file carries a CRC-32 of its contents, so a
damaged one is ignored whole; a spec the engine's own validation refuses is compiled by `re` as before. (The file
is trusted as Lark's table cache beside it, a pickle, is trusted: both live in the user's cache directory.)
`$RULECHECK_CACHE_DIR` set to empty turns it off with the LALR table cache; where `re`'s internals are not the
ones this module knows, nothing changes. `tests/test_patterns.py` compares both ways on every pattern of the
grammar.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from ..regexes import _UNIT, PatternCache, _build, _spec, _sre

__all__ = ["PatternCache", "_build", "_spec", "cache_file", "use_pattern_cache"]


def cache_file(table_cache: str) -> str:
    """The file of compiled patterns beside the LALR tables' file (same grammar digest), for this Python build."""
    stem = table_cache.rsplit(".", 1)[0]
    return f"{stem}-re3-{sys.hexversion:x}-{getattr(_sre, 'MAGIC', 0)}.marshal"


def use_pattern_cache(parser: Any, cache: PatternCache) -> bool:
    """Make the contextual lexer of a Lark LALR parser compile through `cache` (before it compiles anything).
    False when the parser is not built as expected (then it keeps `re`)."""
    if _UNIT is None:
        return False   # the engine's internals are not the ones this module knows
    lexer = getattr(getattr(parser, "parser", None), "lexer", None)
    lexers = getattr(lexer, "lexers", None)
    root = getattr(lexer, "root_lexer", None)
    if not isinstance(lexers, dict) or root is None:
        return False
    every = {id(x): x for x in [*lexers.values(), root]}
    if not all(getattr(x, "re", None) is re and getattr(x, "_scanner", 1) is None for x in every.values()):
        return False
    for x in every.values():
        x.re = cache
    return True
