"""Compiled regular expressions kept between processes: what CPython's regular expression compiler made of a
pattern (its code, flags and groups), stored once and handed to the engine directly (`_sre.compile`, the last
step of `re.compile`) by later processes. Used for the LALR parser's lexers (parser/patterns.py) and for the
patterns the modules of a check compile as they are imported (`preload`, run by `python -m rulecheck` before it
imports them).

Safe by construction: a pattern is stored only after the object rebuilt from it compared equal to the one
`re.compile` made (a pattern's equality covers its text, flags and compiled code); a file carries a CRC-32 of its
contents, so a damaged one is ignored whole, and is named for the exact Python build (`sys.hexversion`,
`_sre.MAGIC`); a spec the engine's own validation refuses is compiled by `re` as before; where `re`'s internals are
not the ones this module knows, nothing changes.
"""

from __future__ import annotations

import array
import atexit
import contextlib
import importlib
import os
import re
import sys
from typing import Any

from .cachedir import keep, load_kept

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


def _spec(pattern: str | bytes, flags: int) -> _Spec:
    """What `re`'s compiler makes of the pattern (re._compiler.compile, without the final step)."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    units = array.array(_UNIT or "I", [int(c) for c in code]).tobytes()
    return flags | parsed.state.flags, units, parsed.state.groups - 1, groupindex, tuple(indexgroup)


def _build(pattern: Any, spec: _Spec) -> Any:
    flags, units, groups, groupindex, indexgroup = spec
    code = array.array(_UNIT or "I")
    code.frombytes(units)
    return _sre.compile(pattern, flags, code.tolist(), groups, groupindex, indexgroup)


class PatternCache:
    """A stand-in for the `re` module in Lark's lexers (`compile`, `match`, `error`)."""

    error = re.error

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.specs: dict[tuple[Any, int], _Spec] = {}   # str patterns, and bytes ones (`preload`)
        # the patterns this process already has: Lark's lexer of a state with many keywords asks for the same few
        # patterns thousands of times (`_create_unless` tries each keyword against each named pattern)
        self.built: dict[tuple[Any, int], Any] = {}
        self.added = False
        specs = load_kept(path) if path is not None else None   # absent, damaged, from elsewhere: compile as usual
        if isinstance(specs, dict):   # the patterns kept as UTF-8 (see save); bytes as they are
            with contextlib.suppress(Exception):
                self.specs = {(pattern.decode("utf-8") if len(key) == 2 else pattern, flags): spec
                              for key, spec in specs.items() for pattern, flags in [key[:2]]}

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        built: re.Pattern[str] = self.compile_any(pattern, flags)
        return built

    def compile_any(self, pattern: str | bytes, flags: int = 0) -> Any:
        key = (pattern, int(flags))
        built = self.built.get(key)
        if built is not None:
            return built
        built = self._compile(key)
        self.built[key] = built
        return built

    def _compile(self, key: tuple[Any, int]) -> Any:
        pattern, flags = key
        spec = self.specs.get(key)
        if spec is not None:
            try:
                return _build(pattern, spec)
            except Exception:  # noqa: BLE001 - not what this engine accepts: compile it afresh
                del self.specs[key]
        compiled = re.compile(pattern, flags)
        if self.path is not None and isinstance(pattern, (str, bytes)):
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
        # the patterns as UTF-8: `marshal` reads a string with characters beyond ASCII (the grammar's `’`, `—`)
        # ~50 times slower than bytes it then decodes (~5 ms of every check for this file)
        keep(self.path, {(pattern.encode("utf-8"), flags) if isinstance(pattern, str)
                         else (pattern, flags, "bytes"): spec for (pattern, flags), spec in self.specs.items()})




# -- the patterns compiled while a check's modules are imported

def import_patterns_file() -> str | None:
    """The file of the patterns compiled while the modules are imported, in the cache directory (cachedir.py)."""
    from .cachedir import cache_dir

    where = cache_dir()
    if where is None or _UNIT is None:
        return None
    return os.path.join(where, f"imports-re-{sys.hexversion:x}-{getattr(_sre, 'MAGIC', 0)}.marshal")


def _re_cache() -> dict[Any, Any] | None:
    """`re`'s own cache of compiled patterns (`re.compile` looks there first), if it is the dictionary keyed by
    (type, pattern, flags) this module knows (CPython 3.10-3.13)."""
    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict) or not isinstance(getattr(re, "_MAXCACHE", None), int):
        return None
    return cache


_MOST = 300   # patterns in the file (a check's imports compile ~90)


class Preloaded:
    """The patterns an earlier process compiled while importing, put into `re`'s own cache before the imports
    (so each module's `re.compile` finds its pattern there, as it would on its second compile), and those this
    process compiled anew, stored at exit."""

    def __init__(self, path: str | None) -> None:
        self.kept = PatternCache(path)
        self.before: set[Any] = set()
        cache = _re_cache()
        if cache is None or path is None:
            return
        room = max(0, re._MAXCACHE - len(cache) - 64)   # type: ignore[attr-defined]   # never evict anything
        for pattern, flags in list(self.kept.specs)[:room]:
            key = (type(pattern), pattern, flags)
            if key not in cache:
                with contextlib.suppress(Exception):
                    cache[key] = self.kept.compile_any(pattern, flags)
        self.before = set(cache)

    def imported(self) -> None:
        """After the imports: the patterns compiled while importing that the file lacks are added at exit."""
        cache = _re_cache()
        if cache is None or self.kept.path is None:
            return
        new = [key for key in cache if key not in self.before and key[0] in (str, bytes)
               and (key[1], key[2]) not in self.kept.specs and isinstance(key[2], int) and not key[2] & re.DEBUG]
        for _, pattern, flags in new[:max(0, _MOST - len(self.kept.specs))]:   # bounded, whatever imports do
            self.kept.compile_any(pattern, flags)   # checked and kept as the lexer's patterns are; saved at exit


def preload() -> Preloaded:
    return Preloaded(import_patterns_file())
