"""The LALR loop of rulecheck.parser.driver reads every line exactly as Lark reads it: the same statements (every
field, span and token position) for a line Lark reads, and no answer (so Lark's own syntax problem) for a line Lark
rejects; on every line of the fixtures, the examples, the shared acceptance folders, a generated game and imported
Arena logs, and on broken variants of them."""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path
from typing import Any

import pytest
from bench_modules import bench_module
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Tree

from rulecheck import nodes as n
from rulecheck import parser
from rulecheck.parser import driver as fast
from rulecheck.parser import export
from rulecheck.parser.patterns import PatternCache
from rulecheck.parser.tokens import Token

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ACCEPTANCE = SHARED / "acceptance"
EXCERPTS = ROOT / "fixtures" / "arena" / "excerpts"
SAMPLES = SHARED / "formats" / "arena" / "samples"
# two small logs of the shared Arena samples (when the shared folder is beside this checkout)
_SAMPLES = ["corpus-manasight-session_2026-05-06_1412_rename-collision-cancelled-cast.log.gz",
            "corpus-manasight-session_2026-06-14_1409_name-a-card.log.gz"]


def deep(value: Any) -> Any:
    """Everything a parse gives, as plain data: node types and every field, tokens with their type and positions,
    trees, containers by type."""
    if isinstance(value, Token):   # the loop's tokens, and Lark's (registered as tokens)
        return ("Token", value.type, str(value), value.value, value.start_pos, value.line, value.column,
                value.end_line, value.end_column, value.end_pos)
    if isinstance(value, Tree):
        return ("Tree", value.data, deep(value.children))
    if isinstance(value, n.Node):
        return (type(value).__name__, tuple(deep(getattr(value, f)) for f in n.fields_of(value)))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(deep(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((deep(k), deep(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, tuple(sorted(repr(deep(v)) for v in value)))
    return (type(value).__name__, value)


def _lark(code: str, line_no: int = 1) -> Any:
    """What Lark itself gives: the result, or the exception's type and text."""
    lark, build = parser._lark()
    build.line_no = line_no
    try:
        return deep(lark.parse(code))
    except Exception as err:  # noqa: BLE001 - the answer to compare
        return ("raised", type(err).__name__)


def _loop(code: str, line_no: int = 1) -> Any:
    parser._lark()[1].line_no = line_no
    got = fast.driver().parse(code)
    return None if got is None else deep(got)


_SYNTAX_ERRORS = ("UnexpectedCharacters", "UnexpectedToken", "UnexpectedEOF")


def _declined_as_lark(want: Any) -> None:
    """After the loop declined a line Lark raised on: when the loop says Lark surely rejects it (so a quiet probe
    answers without Lark), Lark's exception is a syntax error."""
    assert want[0] == "raised"
    if fast.driver().rejected:
        assert want[1] in _SYNTAX_ERRORS, want


def _arena_lines() -> list[str]:
    from rulecheck.importers.arena import ArenaImport, ImportOptions, open_log
    from rulecheck.importers.arena.framing import read_lines

    lines: list[str] = []
    for path in sorted(EXCERPTS.glob("*.log.gz")):
        with gzip.open(path, "rt", encoding="utf-8", newline="") as fh:
            lines += [line for game in ArenaImport(fh, ImportOptions(log_name=path.name))
                      for line in game.text.splitlines()]
    for name in _SAMPLES:
        if (SAMPLES / name).is_file():
            with open_log(str(SAMPLES / name)) as fh:
                lines += [line for game in ArenaImport(read_lines(fh), ImportOptions(log_name=name))
                          for line in game.text.splitlines()]
    return lines


def _corpus() -> list[str]:
    files = sorted(ROOT.glob("fixtures/**/*.transcript")) + sorted(ROOT.glob("examples/*.transcript")) + \
        sorted(ACCEPTANCE.glob("**/*.transcript"))
    lines = [line for f in files for line in f.read_text(encoding="utf-8", errors="replace").splitlines()]
    lines += list(bench_module("generate").game_lines(100_000, seed=5))
    lines += _arena_lines()
    codes = (parser.split_comment(line)[0] if "#" in line else line for line in lines)
    return list(dict.fromkeys(c for c in codes if c.strip()))


_CORPUS: list[str] = []


def corpus() -> list[str]:
    if not _CORPUS:
        _CORPUS.extend(_corpus())
    return _CORPUS


_NOISE = list("aAzZ09 \t:;,.\"'()/{}+-*#\ufeff—") + ["  ", "x", "Alice", "attacks", "99999999999", "(1)", "2/2"]


def _broken(code: str, rng: random.Random) -> list[str]:
    """Variants of a line: a character dropped, added or doubled, words dropped, swapped or doubled, spaces
    changed, numbers made too large, the case of a word changed."""
    words = code.split(" ")
    out = []
    i = rng.randrange(len(code) + 1)
    out.append(code[:i] + rng.choice(_NOISE) + code[i:])
    j = rng.randrange(len(code))
    out.append(code[:j] + code[j + 1:])
    out.append(code[:j] + code[j] + code[j:])
    if len(words) > 1:
        k = rng.randrange(len(words) - 1)
        out.append(" ".join(words[:k] + [words[k + 1], words[k]] + words[k + 2:]))
        out.append(" ".join(words[:k] + words[k + 1:]))
        out.append(" ".join(words[:k + 1] + words[k:]))
        out.append(" ".join(words[:-1]))
        w = words[k]
        out.append(" ".join(words[:k] + [w.swapcase()] + words[k + 1:]))
    out.append(code.replace(" ", "\t", 1) + " ")
    out.append(re.sub(r"\d+", "12345678901234567890", code, count=1))
    return out


def test_the_loop_is_the_parser_the_process_uses() -> None:
    assert fast.driver().usable


def test_every_line_reads_as_lark_reads_it() -> None:
    """Every line of the corpus: the same statements, token for token; the loop declines exactly the lines Lark
    rejects (or raises on)."""
    lines = corpus()
    assert len(lines) > 10_000
    read = 0
    for i, code in enumerate(lines, 1):
        want, got = _lark(code, i), _loop(code, i)
        if want[0] == "raised":
            assert got is None, code
            _declined_as_lark(want)
        else:
            assert got == want, code
            read += 1
    assert read > 10_000
    loop = fast.driver()   # the first lines read with Lark's scanners, the rest with the rewritten alternations
    assert loop.lines > fast._REWRITE_AFTER
    shared = parser.lark_parser().parser.lexer.root_lexer.re
    if isinstance(shared, PatternCache) and shared.path is not None:   # patterns kept: the alternations are in use
        assert loop.kept is not None and any(match is not None for match in loop.alternations.values())


def test_broken_lines_read_or_fail_as_lark_reads_them() -> None:
    rng = random.Random(31)
    lines = corpus()
    variants = [v for code in rng.sample(lines, 4000) for v in _broken(code, rng)]
    read = declined = rejected = 0
    for i, code in enumerate(variants, 1):
        want, got = _lark(code, i), _loop(code, i)
        if want[0] == "raised":
            assert got is None, code
            _declined_as_lark(want)
            declined += 1
            rejected += fast.driver().rejected
        else:
            assert got == want, code
            read += 1
    assert read > 5000 and declined > 5000 and rejected > 0.9 * declined


def test_syntax_problems_are_larks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the parser's front door (parse_line without its caches): the same statements and the same syntax
    problems (message, hint, columns), quiet probes included, with the loop and without it."""
    rng = random.Random(7)
    lines = rng.sample(corpus(), 600)
    codes = lines + [v for code in lines for v in _broken(code, rng)[:3]] + ["Alice gains 99999999999999 life",
                                                                            "card X: creature 2/2\nAlice"]
    with_loop = [(parser._parse_uncached(c, i), parser._parse_uncached(c, i, quiet=True))
                 for i, c in enumerate(codes, 1)]

    class Off:
        rejected = False

        def parse(self, text: str) -> None:
            return None

    monkeypatch.setattr(parser, "_driver", lambda: Off())
    without = [(parser._parse_uncached(c, i), parser._parse_uncached(c, i, quiet=True))
               for i, c in enumerate(codes, 1)]
    assert [deep(x) for x in with_loop] == [deep(x) for x in without]
    assert sum(isinstance(a, parser.SyntaxProblem) for a, _ in without) > 300


_WORDS = ["Alice", "Bob", "Hill Giant", "Hill Giant (3)", '"Serra Angel"', "casts", "attacks", "blocks", "with",
          "targeting", "deals", "3", "damage", "to", "dies", "passes", "priority", "turn", "1", ":", ";", ",",
          "taps", "for", "{R}", "card", "creature", "2/2", "+1/+1", "counter", "on", "draws", "a", "gains", "life",
          "declares", "attacking", "activates", "ability", "resolves", "is", "put", "into", "graveyard", "end",
          "step", "upkeep", "(extra turn)", "-", "plays", "Forest", "mana", "pool", "empties", "X", "\t", ""]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=12), st.sampled_from([" ", "  ", "\t"]))
def test_word_salad_reads_as_lark_reads_it(words: list[str], gap: str) -> None:
    code = gap.join(words)
    want, got = _lark(code, 4), _loop(code, 4)
    assert got is None if want[0] == "raised" else got == want, code


def test_the_alternations_match_as_larks_scanners_match() -> None:
    """Each state's alternation, written with the terminal's group after it (export._alternation), finds the same
    terminal, text and end as Lark's scanner at every position of corpus lines and broken ones, in every state."""
    from types import SimpleNamespace

    rng = random.Random(3)
    lark = parser.lark_parser()
    lexers = {id(x): x for x in lark.parser.lexer.lexers.values()}.values()
    texts = rng.sample(corpus(), 400)
    texts += [v for code in texts[:100] for v in _broken(code, rng)]
    compared = 0
    for lexer in lexers:
        scanner = lexer.scanner
        alternation = export._alternation(scanner.terminals)
        assert alternation is not None
        ours = re.compile(alternation, lexer.g_regex_flags).match
        for text in rng.sample(texts, 25):
            for pos in range(len(text)):
                want = scanner.match(SimpleNamespace(text=text, end=len(text)), pos)
                m = ours(text, pos)
                assert (want is None) == (m is None), (text, pos)
                if m is not None:
                    assert (m.group(), m.lastgroup, m.end()) == (want[0], want[1], pos + len(want[0])), (text, pos)
                    compared += 1
    assert compared > 30_000


def test_an_alternation_is_not_rewritten_around_back_references() -> None:
    from types import SimpleNamespace

    def term(name: str, kind: str, value: str) -> Any:
        return SimpleNamespace(name=name, pattern=SimpleNamespace(type=kind, flags=(), value=value,
                                                                  to_regexp=lambda: value))

    words = [term("A", "str", "ab"), term("B", "re", "[a-z]+")]
    alternation = export._alternation(words)
    assert alternation is not None
    match = re.compile(alternation).match
    assert match("abc", 0).lastgroup == "A" and match("xyz", 0).lastgroup == "B"   # type: ignore[union-attr]
    assert export._alternation([*words, term("C", "re", r"(x)\1")]) is None


def test_the_exported_lexers_are_larks() -> None:
    """What export.lexer_data writes of each state's lexer, without building Lark's scanner, is what Lark's
    ``BasicLexer._build_scanner`` builds: the same scanner pattern and flags, the same terminals retyped as
    keywords (by the same pattern of keywords), the number check on the same terminals, the same ignored ones."""
    from lark.lexer import CallChain, UnlessCallback

    lark = parser.lark_parser()
    lexers = {id(x): x for x in lark.parser.lexer.lexers.values()}.values()
    dropped = frozenset({"NOT_A_TERMINAL"})
    for lexer in lexers:
        data = export.lexer_data(lexer, dropped)
        assert data is not None
        scanned, flags, ignore, callbacks, kept_out, alternation = data
        scanner = lexer.scanner   # built by Lark now
        assert scanned == [m.pattern for m in scanner._mres] and flags == lexer.g_regex_flags
        assert alternation == export._alternation(scanner.terminals)
        assert ignore == lexer.ignore_types and kept_out == dropped - lexer.callback.keys()
        theirs: dict[str, tuple[str | None, bool]] = {}
        for name, callback in lexer.callback.items():
            if isinstance(callback, UnlessCallback):
                theirs[name] = (callback.scanner._mres[0].pattern, False)
            elif isinstance(callback, CallChain):
                assert isinstance(callback.callback1, UnlessCallback)
                theirs[name] = (callback.callback1.scanner._mres[0].pattern, True)
            else:
                assert callback is lark.options.lexer_callbacks[name]
                theirs[name] = (None, True)
        assert callbacks == theirs


STORED = r"""
import marshal, sys
from rulecheck.parser import driver
data = driver.plain()
assert "lark" not in sys.modules   # loaded from the file: no Lark
from rulecheck.parser import export, lalr
made = export.plain_tables(lalr.lark_parser())

def opened(data):   # the blobs read back (a frozenset's bytes follow the process's string hashes)
    out = dict(data, terminals=marshal.loads(data["terminals"]))
    out["lexers"] = [None if b is None else marshal.loads(b) for b in data["lexers"]]
    return out

assert opened(data) == opened(made)
"""


def test_the_stored_tables_are_larks(tmp_path: Path) -> None:
    """The plain tables as the file keeps them (tables.py) are what export.py makes of the parser Lark loads
    from the same cache (the states are numbered as Lark numbered them when it built the tables), and a process
    that finds the file imports no Lark to load them; a file for another grammar is made again."""
    import os
    import subprocess
    import sys

    from rulecheck.parser import tables

    env = {**os.environ, "RULECHECK_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", "from rulecheck.parser import driver; driver.plain()"], check=True,
                   env=env, timeout=300)
    (stored,) = tmp_path.glob("*-plain.marshal")
    subprocess.run([sys.executable, "-c", STORED], check=True, env=env, timeout=300)
    assert tables._load(str(stored), tables._key(tables.grammar_text())) is not None
    assert tables._load(str(stored), tables._key(tables.grammar_text() + "\n")) is None
    stored.write_bytes(stored.read_bytes()[:-10] + b"0123456789")   # damaged: made again
    assert tables._load(str(stored), tables._key(tables.grammar_text())) is None


def _segments_by_scan(code: str) -> list[tuple[int, int]]:
    """What parser._segments made of every line before it split a line without quotes at once."""
    if ";" not in code:
        return [(len(code) - len(code.lstrip()) + 1, len(code.rstrip()) + 1)]
    out: list[tuple[int, int]] = []
    start = 0
    in_quote = False
    for i, ch in enumerate(code + ";"):
        if ch == '"':
            in_quote = not in_quote
        elif ch == ";" and not in_quote:
            seg = code[start:i]
            out.append((start + len(seg) - len(seg.lstrip()) + 1, start + len(seg.rstrip()) + 1))
            start = i + 1
    return out


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='ab ;"\t\u3000', max_size=30))
def test_statement_columns_split_as_the_scan_splits(code: str) -> None:
    assert parser._segments(code) == _segments_by_scan(code)
