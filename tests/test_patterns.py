"""The lexer's compiled patterns kept between processes (rulecheck/parser/patterns.py) are the patterns `re`
compiles, and a cache that can't be used changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

from lark import Lark

from rulecheck.parser import grammar_text
from rulecheck.parser.patterns import PatternCache, use_pattern_cache


def _fresh_parser() -> Lark:
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=False)


def _every_scanner(parser: Lark) -> list[re.Pattern[str]]:
    """Build the scanner of every parser state, and return the patterns they compiled, by their text."""
    lexer = parser.parser.lexer
    patterns = []
    for basic in {id(x): x for x in [*lexer.lexers.values(), lexer.root_lexer]}.values():
        patterns += basic.scanner._mres
    return sorted(patterns, key=lambda p: p.pattern)


def test_every_pattern_of_the_grammar_is_rebuilt_equal(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    plain = _every_scanner(_fresh_parser())
    first = _fresh_parser()
    cache = PatternCache(str(path))
    assert use_pattern_cache(first, cache)
    compiled = _every_scanner(first)
    assert compiled == plain and len(plain) > 100   # equality: text, flags and compiled code
    assert len(cache.specs) >= len({(p.pattern, p.flags) for p in plain})
    cache.save()
    second = _fresh_parser()
    again = PatternCache(str(path))
    assert again.specs == cache.specs
    assert use_pattern_cache(second, again)
    rebuilt = _every_scanner(second)
    assert rebuilt == plain
    assert [p.groupindex for p in rebuilt] == [p.groupindex for p in plain]
    assert not again.added   # nothing was compiled afresh


def test_a_damaged_or_foreign_file_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    path.write_bytes(b"\x00not marshal at all")
    assert PatternCache(str(path)).specs == {}
    good = PatternCache(str(path))
    good.compile("(?P<A>a+)|(?P<B>b)")
    good.save()
    assert PatternCache(str(path)).specs == good.specs
    data = bytearray(path.read_bytes())
    data[-5] ^= 1   # one bit of the stored code changed: the whole file is ignored
    path.write_bytes(bytes(data))
    assert PatternCache(str(path)).specs == {}
    # a spec the engine refuses is dropped and the pattern compiled as usual
    cache = PatternCache(None)
    cache.specs[("a+", 0)] = (32, b"\xff\xff\x00\x00", 0, {}, (None,))
    assert cache.compile("a+") == re.compile("a+")
    assert ("a+", 0) not in cache.specs
    assert cache.match("a+", "aaa") is not None and cache.match("a+", "b") is None


def test_a_parser_built_otherwise_keeps_re() -> None:
    assert not use_pattern_cache(object(), PatternCache(None))


PRELOAD = r"""
import re, sys
compiled = []
real = re._compiler.compile
def counting(pattern, flags):
    compiled.append((pattern, flags))
    return real(pattern, flags)
re._compiler.compile = counting
from rulecheck.regexes import preload
patterns = preload()
kept = dict(patterns.kept.specs)
assert len(kept) > 50, len(kept)
assert any(isinstance(pattern, bytes) for pattern, _ in kept)
for pattern, flags in kept:
    mine = re._cache[(type(pattern), pattern, flags)]
    assert mine == real(pattern, flags), pattern   # the pattern `re` compiles, rebuilt from what was kept
import rulecheck.cli   # every pattern compiled by the imports was kept: none is compiled again
patterns.imported()
again = [key for key in compiled if key in kept]
assert again == [], again[:3]
print(len(kept), len(compiled))
"""


def test_the_patterns_the_imports_compile_are_kept(tmp_path: Path) -> None:
    """`python -m rulecheck` puts the patterns its modules compile as they are imported into `re`'s cache from the
    file an earlier run kept (regexes.Preloaded): each equal to what `re` compiles, none compiled again; a damaged
    file is ignored."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "RULECHECK_CACHE_DIR": str(tmp_path)}
    example = Path(__file__).resolve().parent.parent / "examples" / "craw-wurm.transcript"
    subprocess.run([sys.executable, "-m", "rulecheck", "check", "--isolated", str(example)], env=env,
                   capture_output=True, timeout=300)
    (kept,) = tmp_path.glob("imports-re-*.marshal")
    done = subprocess.run([sys.executable, "-c", PRELOAD], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    kept.write_bytes(kept.read_bytes()[:-20] + b"x" * 20)
    from rulecheck.regexes import PatternCache

    assert PatternCache(str(kept)).specs == {}
