"""The parser's speed-ups (line cache, turn-line fast path, comment split) give exactly what Lark gives."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from bench_modules import bench_module
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck import parser

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = ROOT.parent / "shared" / "acceptance"  # the project's shared acceptance set, when checked out beside


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
    assert len(parser._LINES.young) + len(parser._LINES.old) <= 2 * parser._CACHE_SIZE


def test_syntax_problems_are_not_cached() -> None:
    parser.clear_cache()
    bad = parser.parse_line("Alice atacks Bob", 4)
    assert isinstance(bad, parser.SyntaxProblem) and bad.line == 4
    assert "Alice atacks Bob" not in parser._LINES.young
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


# ---------------------------------------------------------------- the shape cache for "(N)" suffixes
def _generator() -> ModuleType:
    return bench_module("generate")


def _all_lines() -> list[str]:
    files = sorted(ROOT.glob("fixtures/**/*.transcript")) + sorted(ROOT.glob("examples/*.transcript")) + \
        sorted(ACCEPTANCE.glob("**/*.transcript"))
    lines = [line for f in files for line in f.read_text(encoding="utf-8", errors="replace").splitlines()]
    return lines + list(_generator().game_lines(20_000, seed=3))


def _other_digits(code: str, shift: int) -> str:
    """The same line with every digit of every '(N)' moved by `shift` (so the same digit counts)."""
    return re.sub(r"\([0-9]+\)", lambda m: re.sub(r"[0-9]", lambda d: str((int(d.group()) + shift) % 10),
                                                   m.group()), code)


def test_every_line_and_its_suffix_variants_parse_as_lark_parses_them() -> None:
    """Each line, then the same line with other suffix digits twice (the second variant is built from the shape
    when the shape is cacheable), at new line numbers, compared with Lark alone; syntax problems included."""
    parser.clear_cache()
    codes = [parser.split_comment(line)[0] for line in _all_lines()]
    codes = [c for c in codes if c.strip()]
    broken = [variant for c in codes if "(" in c
              for variant in (c.rsplit(" ", 1)[0], c.replace(")", "", 1), c.replace(" ", " @", 1),
                              re.sub(r"\(([0-9]+)\)", r"(\1\1\1\1\1\1\1\1\1\1)", c))]
    codes = list(dict.fromkeys(codes + broken))
    assert len(codes) > 5000
    from_shape = problems = 0
    for i, code in enumerate(codes, 1):
        for shift in (0, 3, 7):
            line = _other_digits(code, shift)
            if shift and line == code:
                break
            key = parser._SUFFIX.sub(parser._blank_digits, line)
            known = parser._SHAPES.young.get(key) is not None and line not in parser._LINES.young
            got = parser.parse_line(line, 10 * i + shift)
            cached = known and isinstance(parser._SHAPES.young.get(key), parser._Shape)
            want = parser._parse_uncached(line, 10 * i + shift)
            assert got == want, line
            from_shape += cached
            problems += isinstance(want, parser.SyntaxProblem)
    assert from_shape > 1000 and problems > 100


def test_a_suffix_variant_is_built_from_its_shape_without_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    parser.clear_cache()
    calls: list[str] = []
    lark = parser._parse_uncached

    def counted(code: str, line_no: int, quiet: bool = False) -> list[parser.n.Statement] | parser.SyntaxProblem:
        calls.append(code)
        return lark(code, line_no, quiet)

    monkeypatch.setattr(parser, "_parse_uncached", counted)
    lines = ['Bob declares Sengir Vampire (57), "Vampire  Bats (58)" attacking Alice',
             'Bob declares Sengir Vampire (12), "Vampire  Bats (90)" attacking Alice',
             'Bob declares Sengir Vampire (31), "Vampire  Bats (58)" attacking Alice',
             'Bob casts Lightning Bolt targeting Sengir Vampire (4); Alice passes priority',
             'Bob casts Lightning Bolt targeting Sengir Vampire (7); Alice passes priority',
             'Bob casts Lightning Bolt targeting Sengir Vampire (8); Alice passes priority']
    got = [parser.parse_line(line, i) for i, line in enumerate(lines, 1)]
    assert calls == [lines[0], lines[3]]
    assert got == [lark(line, i) for i, line in enumerate(lines, 1)]
    attack, bolt = got[2], got[5]
    assert isinstance(attack, list) and isinstance(bolt, list)
    assert [r.text for r in attack[0].attackers] == ["Sengir Vampire (31)", "Vampire Bats (58)"]  # type: ignore
    target = bolt[0].targets[0]  # type: ignore[attr-defined]
    assert (target.ref.text, target.text) == ("Sengir Vampire (8)", "Sengir Vampire (8)")


@pytest.mark.parametrize("first, second", [
    ("card Goblin (1): creature 1/1", "card Goblin (2): creature 1/1"),            # a card name is not a Ref
    ('card Bear: creature 2/2, "Draw (1) card."', 'card Bear: creature 2/2, "Draw (2) card."'),  # rules text
    ("Bob casts Lightning Bolt targeting Bob (1) (1)", "Bob casts Lightning Bolt targeting Bob (1) (2)"),
    # the planeswalker's Ref loses its "'s" and so is not the text of its slice of the line
    ("Alice activates \"Chandra (1)'s\" -1 ability", "Alice activates \"Chandra (2)'s\" -1 ability"),
])
def test_a_suffix_the_cache_cannot_re_read_is_never_reused(first: str, second: str) -> None:
    parser.clear_cache()
    parsed = [parser.parse_line(code, 5) for code in (first, second, first.replace("1)", "3)"))]
    assert parsed == [parser._parse_uncached(code, 5) for code in (first, second, first.replace("1)", "3)"))]
    key = parser._SUFFIX.sub(parser._blank_digits, first)
    assert parser._SHAPES.young.get(key, "absent") is None or isinstance(parsed[0], parser.SyntaxProblem)


def test_two_names_with_one_text_are_each_re_read() -> None:
    parser.clear_cache()
    lines = ["Lightning Bolt deals 3 damage to Hill Giant (4); Hill Giant (4) dies",
             "Lightning Bolt deals 3 damage to Hill Giant (5); Hill Giant (6) dies",
             "Lightning Bolt deals 3 damage to Hill Giant (7); Hill Giant (1) dies"]
    got = [parser.parse_line(code, 2) for code in lines]
    assert got == [parser._parse_uncached(code, 2) for code in lines]
    assert isinstance(parser._SHAPES.young[parser._SUFFIX.sub(parser._blank_digits, lines[0])], parser._Shape)
    damage, dies = got[2]  # type: ignore[misc]
    assert (damage.recipient.text, dies.permanent.text) == ("Hill Giant (7)", "Hill Giant (1)")  # type: ignore


def test_a_shape_is_refused_when_its_statements_hold_what_it_cannot_walk() -> None:
    from rulecheck import nodes

    class Noted(nodes.Statement):
        perm: nodes.Ref
        notes: dict[str, str]

    code = "Hill Giant (4) is noted"
    span = nodes.Span(1, 1, 1, 24)
    giant = nodes.Ref("Hill Giant (4)", 1, 15)
    assert parser._shape_of(code, (Noted(span, giant, {"name": "Hill Giant (4)"}),)) is None
    assert parser._shape_of(code, (Noted(span, giant, {}),)) is None
    walked = parser._shape_of(code, (nodes.Regenerate(span, giant),))
    assert walked is not None and walked.refs == ((1, 15),)


def test_a_caller_changing_its_statements_changes_no_shape() -> None:
    parser.clear_cache()
    lines = [f"Bob casts Lightning Bolt targeting Hill Giant ({n})" for n in (4, 5, 6)]
    first = parser.parse_line(lines[0], 1)
    other = parser._parse_uncached("Bob casts Lightning Jolt targeting Hill Giant (4)", 1)
    assert isinstance(first, list) and isinstance(other, list)
    first[0] = other[0]
    assert [parser.parse_line(code, 2) for code in lines[1:]] == [parser._parse_uncached(code, 2) for code in lines[1:]]


def test_syntax_problems_never_make_a_shape() -> None:
    parser.clear_cache()
    for number in (11, 12, 13):
        bad = parser.parse_line(f"Vampire Bats ({number}) atacks Alice", number)
        assert isinstance(bad, parser.SyntaxProblem) and bad.message.startswith("unexpected 'atacks Alice'; ")
        assert (bad.line, bad.column, bad.end_column) == (number, 19, 31)
    assert parser._SHAPES.young == {} and parser._SHAPES.old == {}


def test_the_shape_cache_stays_bounded() -> None:
    parser.clear_cache()
    for i in range(3 * parser._SHAPE_CACHE_SIZE):
        parser.parse_line(f"Alice gains {i} life from Bear (1)", i + 1)
    assert len(parser._SHAPES.young) + len(parser._SHAPES.old) <= 2 * parser._SHAPE_CACHE_SIZE


def test_the_grammar_treats_all_digits_alike() -> None:
    """The shape cache's premise: were a terminal to single out some digits, the cache would switch itself off
    (every line from Lark); this test says so first."""
    assert parser._digit_blind()


@pytest.mark.parametrize("kind, pattern, blind", [
    ("re", r"[0-9]+", True), ("re", r"\d+(?:/\d+)?", True), ("re", r"[a-z][a-z0-9\-]*", True),
    ("re", r"\w+|[^:\"\n]", True), ("re", r"(?:\{[^}\s]{1,3}\})+", True), ("re", r"(?!x)\s*\(\d+\)", True),
    ("re", r"[1-9][0-9]*", False), ("re", r"x5", False), ("re", r"[a-z5]", False), ("re", r"(a)\1", False),
    ("re", r"[^3]", False), ("re", r"[+-5]", False), ("re", r"[!-~]", True), ("re", r"[!-/]", True),
    ("re", r"\x35", False), ("re", r"\N{DIGIT FIVE}", False), ("re", r"\N{LATIN SMALL LETTER A}", True),
    ("str", "2/2", False), ("str", "first strike", True),
])
def test_which_terminals_treat_all_digits_alike(kind: str, pattern: str, blind: bool) -> None:
    import importlib

    sre = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
    assert parser._terminal_digit_blind(kind, pattern, pattern, sre) is blind


_NAMES = ["Hill Giant", "Vampire Bats", '"Serra  Angel"', "Bob", "Goblin Piker"]
_FORMS = ["{0} declares {1}, {2} attacking {3}", "{1} assigns 2 combat damage to {2}", "{3} blocks {1} with {2}",
          "{0} casts Lightning Bolt targeting {1}; {2} dies", "{0} taps {1}, {2} for {{R}}{{R}}", "{1} triggers",
          "{0} activates {1} targeting {2}", "{1} deals 3 damage to {2}; {2} dies", "{0} sacrifices {1}, {3}"]


def _suffixed(name: str, suffix: str) -> str:
    if not suffix:
        return name
    return f'{name[:-1]} ({suffix})"' if name.startswith('"') else f"{name} ({suffix})"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_FORMS), st.lists(st.sampled_from(_NAMES), min_size=4, max_size=4),
       st.lists(st.sampled_from(["", "0", "7", "12", "99", "007", "2147483648"]), min_size=4, max_size=4),
       st.lists(st.integers(0, 9), min_size=2, max_size=2))
def test_suffix_variants_read_as_lark_reads_them(form: str, names: list[str], suffixes: list[str],
                                                  shifts: list[int]) -> None:
    code = form.format(*(_suffixed(name, suffix) for name, suffix in zip(names, suffixes, strict=True)))
    parser.clear_cache()
    for i, shift in enumerate([0, *shifts, 5]):
        line = _other_digits(code, shift)
        assert parser.parse_line(line, i + 1) == parser._parse_uncached(line, i + 1), line


def test_a_quiet_parse_reads_what_a_parse_reads_and_rejects_without_a_message() -> None:
    parser.clear_cache()
    read = "card Grizzly Bears: creature 2/2"
    assert parser.parse_line(read, 3, quiet=True) == parser.parse_line(read, 3)
    rejected = "card X: deals 2 damage to each creature"
    assert isinstance(parser.parse_line(rejected, 1), parser.SyntaxProblem)
    assert parser.parse_line(rejected, 1).message != parser.UNREAD.message  # type: ignore[union-attr]
    assert parser.parse_line(rejected, 1, quiet=True) is parser.UNREAD


def _unmarked(value: object) -> object:
    """A copy of a builder's function without the mark inline_callbacks gave it."""
    import types

    if not isinstance(value, types.FunctionType):
        return value
    copy = types.FunctionType(value.__code__, value.__globals__, value.__name__, value.__defaults__,
                              value.__closure__)
    copy.__kwdefaults__ = value.__kwdefaults__
    return copy


def test_the_builders_callbacks_are_wrapped_as_lark_wraps_them() -> None:
    """builders.base.inline_callbacks stands for Lark's ``@v_args(inline=True)`` on each builder class (without
    importing Lark): the same methods are marked, each stays its own function, and Lark calls it through the
    wrapper as it calls one of ``v_args``'s (the children as arguments)."""
    from lark import Transformer, v_args
    from lark.visitors import _vargs_inline

    from rulecheck.parser.builders import Build
    from rulecheck.parser.builders.base import inline

    families = [c for c in Build.__mro__[1:] if c.__module__.startswith("rulecheck.parser.builders")]
    assert len(families) >= 12
    for family in families:
        mine = {k: v for k, v in vars(family).items() if k not in ("__dict__", "__weakref__")}
        unmarked = {k: _unmarked(v) for k, v in mine.items()}   # the class as written, before the decorator
        bases = tuple(b for b in family.__bases__ if b is not object)
        as_lark = type(family.__name__, (*bases, Transformer), unmarked)   # v_args wants a Transformer
        theirs = vars(v_args(inline=True)(as_lark))
        wrapped = {k for k, v in mine.items() if hasattr(v, "visit_wrapper")}
        assert wrapped == {k for k, v in theirs.items() if hasattr(v, "visit_wrapper")} and wrapped, family
        for name in wrapped:
            assert theirs[name].base_func.__code__ is mine[name].__code__
            assert mine[name].visit_wrapper is inline and theirs[name].visit_wrapper is _vargs_inline

    def echo(*args: object) -> tuple[object, ...]:
        return args

    assert inline(echo, "rule", [1, "a", None], None) == _vargs_inline(echo, "rule", [1, "a", None], None)
