"""The compiled regular expressions of Lark's contextual lexer, kept between processes.

The contextual lexer compiles, on first use, one alternation of the terminals each parser state accepts (and a few
small patterns that tell keywords from names): a check of a long log uses ~50 of them, ~30 ms of every process,
which Python's `re` module can't keep between processes. This module stands in for `re` in Lark's lexers: a
pattern compiled once is kept as what CPython's regular expression compiler made of it (its code, flags and
groups) in a small file beside Lark's LALR tables, and a later process hands that to the regular expression
engine directly (`_sre.compile`, what `re.compile` ends with), skipping the compiler.

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

import array
import atexit
import binascii
import contextlib
import importlib
import marshal
import os
import re
import sys
from typing import Any

# re's compiler, its parser and the engine itself (CPython's C module); under other names before Python 3.11, and
# perhaps absent elsewhere: then there is no cache and Lark's lexers use `re` as they always did
_compiler: Any = None
_parser: Any = None
_sre: Any = None
_UNIT: str | None = None
with contextlib.suppress(Exception):
    _compiler = importlib.import_module("re._compiler" if sys.version_info >= (3, 11) else "sre_compile")
    _parser = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
    _sre = _compiler._sre
    _UNIT = next(t for t in "IL" if array.array(t).itemsize == _sre.CODESIZE)

# what the compiler made of a pattern: the arguments of _sre.compile after the pattern, the code as the bytes of
# an array of the engine's code units (a list of ints loads ~50 times slower)
_Spec = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


def cache_file(table_cache: str) -> str:
    """The file of compiled patterns beside the LALR tables' file (same grammar digest), for this Python build."""
    stem = table_cache.rsplit(".", 1)[0]
    return f"{stem}-re3-{sys.hexversion:x}-{getattr(_sre, 'MAGIC', 0)}.marshal"


def _spec(pattern: str, flags: int) -> _Spec:
    """What `re`'s compiler makes of the pattern (re._compiler.compile, without the final step)."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    units = array.array(_UNIT or "I", [int(c) for c in code]).tobytes()
    return flags | parsed.state.flags, units, parsed.state.groups - 1, groupindex, tuple(indexgroup)


def _build(pattern: str, spec: _Spec) -> re.Pattern[str]:
    flags, units, groups, groupindex, indexgroup = spec
    code = array.array(_UNIT or "I")
    code.frombytes(units)
    built: re.Pattern[str] = _sre.compile(pattern, flags, code.tolist(), groups, groupindex, indexgroup)
    return built


class PatternCache:
    """A stand-in for the `re` module in Lark's lexers (`compile`, `match`, `error`)."""

    error = re.error

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.specs: dict[tuple[str, int], _Spec] = {}
        # the patterns this process already has: Lark's lexer of a state with many keywords asks for the same few
        # patterns thousands of times (`_create_unless` tries each keyword against each named pattern)
        self.built: dict[tuple[str, int], re.Pattern[str]] = {}
        self.added = False
        if path is not None:
            with contextlib.suppress(Exception):   # absent, damaged, or from elsewhere: compile as usual
                with open(path, "rb") as fh:
                    digest, payload = marshal.load(fh)
                if binascii.crc32(payload) == digest:   # damage, not tampering: ~0.1 ms where SHA-256 took ~0.5
                    specs = marshal.loads(payload)
                    if isinstance(specs, dict):   # the patterns kept as UTF-8 (see save)
                        self.specs = {(pattern.decode("utf-8"), flags): spec
                                      for (pattern, flags), spec in specs.items()}

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        built = self.built.get(key)
        if built is not None:
            return built
        built = self._compile(key)
        self.built[key] = built
        return built

    def _compile(self, key: tuple[str, int]) -> re.Pattern[str]:
        pattern, flags = key
        spec = self.specs.get(key)
        if spec is not None:
            try:
                return _build(pattern, spec)
            except Exception:  # noqa: BLE001 - not what this engine accepts: compile it afresh
                del self.specs[key]
        compiled = re.compile(pattern, flags)
        if self.path is not None and isinstance(pattern, str):
            with contextlib.suppress(Exception):
                spec = _spec(pattern, flags)
                if _build(pattern, spec) == compiled:
                    self.specs[key] = spec
                    if not self.added:
                        self.added = True
                        atexit.register(self.save)
        return compiled

    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return self.compile(pattern, flags).match(string)

    def save(self) -> None:
        """Write the patterns (at exit, when some were new); never an error."""
        if self.path is None:
            return
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            # the patterns as UTF-8: `marshal` reads a string with characters beyond ASCII (the grammar's `’`,
            # `—`) ~50 times slower than bytes it then decodes (~5 ms of every check for this file)
            payload = marshal.dumps({(pattern.encode("utf-8"), flags): spec
                                     for (pattern, flags), spec in self.specs.items()})
            with open(tmp, "wb") as fh:
                marshal.dump((binascii.crc32(payload), payload), fh)
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                os.remove(tmp)


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
