"""The parser's speed-ups (line cache, turn-line fast path, comment split) give exactly what Lark gives."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck import parser

ROOT = Path(__file__).resolve().parent.parent


def _reference_split(line: str) -> tuple[str, parser.Comment | None]:
    in_quote = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quote = not in_quote
        elif ch == "#" and not in_quote:
            return line[:i], parser.Comment(i + 1, line[i + 1:].strip())
    return line, None


def _corpus() -> list[str]:
    files = sorted(ROOT.glob("fixtures/**/*.transcript")) + sorted(ROOT.glob("examples/*.transcript"))
    return [line for f in files for line in f.read_text(encoding="utf-8", errors="replace").splitlines()]


def test_cached_lines_equal_fresh_parses_on_every_fixture() -> None:
    parser.clear_cache()
    codes = [parser.split_comment(line)[0] for line in _corpus()]
    codes = [c for c in codes if c.strip()]
    assert len(codes) > 500
    for round_no in range(2):  # first from Lark, then from the cache, at other line numbers
        for i, code in enumerate(codes, 1):
            line_no = i + 1000 * round_no
            assert parser.parse_line(code, line_no) == parser._parse_uncached(code, line_no), code


def test_a_cached_line_gets_its_own_line_number() -> None:
    parser.clear_cache()
    first = parser.parse_line("Alice passes priority", 3)
    again = parser.parse_line("Alice passes priority", 90)
    assert isinstance(first, list) and isinstance(again, list)
    assert (first[0].span.line, again[0].span.line) == (3, 90)
    assert first[0] is not again[0]


def test_the_cache_stays_bounded() -> None:
    parser.clear_cache()
    for i in range(3 * parser._CACHE_SIZE):
        parser.parse_line(f"Alice gains {i} life", i + 1)
    assert len(parser._CACHE) + len(parser._OLD_CACHE) <= 2 * parser._CACHE_SIZE


def test_syntax_problems_are_not_cached() -> None:
    parser.clear_cache()
    bad = parser.parse_line("Alice atacks Bob", 4)
    assert isinstance(bad, parser.SyntaxProblem) and bad.line == 4
    assert "Alice atacks Bob" not in parser._CACHE
    again = parser.parse_line("Alice atacks Bob", 9)
    assert isinstance(again, parser.SyntaxProblem) and again.line == 9


_space = st.sampled_from(["", " ", "  ", "\t", " \t"])
_gap = st.sampled_from([" ", "  ", "\t", " \t "])


@settings(max_examples=300, deadline=None)
@given(_space, _gap, st.integers(0, 10**12), _space, _space,
       st.sampled_from(["Alice", "Bob", "Carol", "Zo", "alice", "Al ice", "Alice2", "Élodie", '"Alice"']),
       _space, st.sampled_from(["", ", in upkeep step", " (extra turn)", " ends", ";", "# x"]))
def test_turn_lines_read_as_the_grammar_reads_them(lead: str, gap: str, number: int, before: str, after: str,
                                                   name: str, trail: str, rest: str) -> None:
    for code in (f"{lead}turn{gap}{number}{before}:{after}{name}{rest}{trail}",
                 f"{lead}turn{gap}{number}{gap}ends{trail}"):
        code = parser.split_comment(code)[0]
        if not code.strip():
            continue
        parser.clear_cache()
        assert parser.parse_line(code, 7) == parser._parse_uncached(code, 7), code


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='ab "#;\t', max_size=30))
def test_comment_split_matches_the_character_scan(line: str) -> None:
    assert parser.split_comment(line) == _reference_split(line)
