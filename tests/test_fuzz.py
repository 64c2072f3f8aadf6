"""Property tests: whatever the input, checking never raises, every diagnostic has a valid position inside the
file, no rule check fails (internal-error), every output format renders, and two runs agree.

Inputs: statements generated from the grammar itself (hypothesis.extra.lark), random mutations of every fixture,
and random bytes. Bounded for CI (a few hundred examples each, derandomized so a run is reproducible); the long
run of 10^5 inputs is bench/fuzz.py (figures in docs/robustness.md), which shares the invariants below.
"""

from __future__ import annotations

import atexit
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from bench_modules import bench_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from rulecheck.diagnostics import Violation
from rulecheck.parser import grammar_text, parse_line

ROOT = Path(__file__).resolve().parent.parent


def _load_fuzz() -> ModuleType:
    return bench_module("fuzz")


fuzz = _load_fuzz()

SETTINGS = settings(max_examples=100, deadline=None, derandomize=True, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
FIXTURES = sorted(p for folder in fuzz.CORPUS_DIRS for p in (ROOT / folder).glob("*.transcript"))
WORKDIR = Path(tempfile.mkdtemp(prefix="rulecheck-test-fuzz-"))
atexit.register(shutil.rmtree, WORKDIR, True)
fuzz.prepare_dir(WORKDIR)  # the card files generated transcripts may include


def check_bytes(data: bytes, name: str = "input.transcript") -> list[Violation]:
    """The whole pipeline on `data`, twice: the invariants hold and both runs (violations, every format) agree."""
    path = WORKDIR / name
    path.write_bytes(data)
    first = fuzz.run_pipeline(str(path), data)
    assert first.findings == [], first.findings
    second = fuzz.run_pipeline(str(path), data)
    assert (second.violations, second.rendered) == (first.violations, first.rendered), "two runs disagree"
    return list(first.violations)


# ------------------------------------------------------------------ statements from the grammar
LARK = Lark(grammar_text(), parser="lalr", lexer="contextual")


# NAME's regex (a negative lookahead over every keyword) makes from_regex slow: this covers the same shapes.
_SIMPLER = {"NAME": r'[A-ZÀ-Þ][\w\'’\-]{0,10}(?:[ \t]+(?:[a-z]{1,4}[ \t]+)?[A-ZÀ-Þ][\w\'\-]{0,10}){0,2}'
                    r'(?:[ \t]*\(\d{1,3}\))?|"[^"\n]{1,20}"'}


def _terminal_strategies() -> dict[str, st.SearchStrategy[str]]:
    """Every terminal: keywords with spaces round them (so generated lines mostly lex), regex terminals from
    realistic samples or, now and then, anything the regex matches."""
    out: dict[str, st.SearchStrategy[str]] = {}
    for term in LARK.terminals:
        if term.name.startswith("__"):
            continue
        if term.pattern.type == "str":
            out[term.name] = st.just(f" {term.pattern.value} ")
            continue
        pattern = _SIMPLER.get(term.name, term.pattern.to_regexp())
        anything = st.from_regex(pattern, fullmatch=True)
        samples = fuzz.TERMINAL_SAMPLES.get(term.name)
        choice = st.one_of(st.sampled_from(samples), anything) if samples else anything
        out[term.name] = choice.map(lambda s: f" {s} ")
    return out


STATEMENT_LINES = from_lark(LARK, start="line", explicit=_terminal_strategies())
SETUP = ("players: Alice, Bob\ncard Craw Wurm: creature 6/4\ncard Wall of Wood: creature 0/3, defender\n"
         "card Grizzly Bears: creature 2/2\ncard Lightning Bolt: instant\ncard Forest: basic land\n"
         "Alice controls Craw Wurm, Forest\nBob controls Wall of Wood, Grizzly Bears\n")
TURN = st.sampled_from(["", "turn 3: Alice\n", "turn 5: Alice, in precombat main phase\n",
                        "turn 5: Alice, in declare attackers step\n", "turn 5: Bob, in upkeep step\n"])


@settings(SETTINGS, max_examples=60)
@given(st.lists(STATEMENT_LINES, min_size=1, max_size=5))
def test_generated_statements_parse_without_raising(lines: list[str]) -> None:
    for i, code in enumerate(lines, 1):
        result = parse_line(code, i)
        if not isinstance(result, list):
            assert result.rule == "syntax", result
            assert 1 <= result.column <= len(code) + 1 and result.column <= result.end_column


@settings(SETTINGS, max_examples=60)
@given(TURN, st.lists(STATEMENT_LINES, min_size=1, max_size=8), st.booleans())
def test_generated_transcripts_check_cleanly(turn: str, lines: list[str], with_setup: bool) -> None:
    text = (SETUP if with_setup else "") + turn + "\n".join(lines) + "\n"
    check_bytes(text.encode("utf-8", "surrogatepass"))


# ------------------------------------------------------------------ mutations of every fixture
CORPUS_LINES = sorted({line.decode("utf-8", "replace") for p in FIXTURES for line in p.read_bytes().splitlines()})
MUTATION = st.tuples(st.integers(0, 9), st.integers(0, 10_000), st.integers(0, 10_000),
                     st.binary(max_size=12), st.sampled_from(CORPUS_LINES))  # grammar lines: tests above


def mutate(data: bytes, ops: list[tuple[int, int, int, bytes, str]]) -> bytes:
    """Deleted, duplicated, swapped and truncated lines, spliced bytes, numbers and names changed, statements
    inserted, line endings changed."""
    lines = data.split(b"\n")
    for op, a, b, blob, statement in ops:
        if not lines:
            lines = [b""]
        k, j = a % len(lines), b % len(lines)
        if op == 0:
            del lines[k]
        elif op == 1:
            lines.insert(k, lines[k])
        elif op == 2:
            lines[k], lines[j] = lines[j], lines[k]
        elif op == 3:
            lines[k] = lines[k][:b % (len(lines[k]) + 1)]
        elif op == 4:
            del lines[k + 1:]
        elif op == 5:
            pos = b % (len(lines[k]) + 1)
            lines[k] = lines[k][:pos] + blob + lines[k][pos:]
        elif op == 6:
            lines.insert(k, statement.encode("utf-8", "surrogatepass"))
        elif op == 7:
            number = fuzz.NUMBERS[b % len(fuzz.NUMBERS)].encode()
            lines[k] = fuzz.re.sub(rb"\d+", number, lines[k], count=1)
        elif op == 8:
            names = fuzz.NAMES
            lines[k] = lines[k].replace(names[b % len(names)].encode(), names[a % len(names)].encode())
        else:
            lines[k] = lines[k] + b"; " + lines[j]
    return (b"\r\n" if blob[:1] == b"\r" else b"\n").join(lines)


@settings(SETTINGS, max_examples=400)
@given(st.sampled_from(FIXTURES), st.lists(MUTATION, min_size=1, max_size=5))
def test_mutated_fixtures_check_cleanly(fixture: Path, ops: list[tuple[int, int, int, bytes, str]]) -> None:
    check_bytes(mutate(fixture.read_bytes(), ops))


@settings(SETTINGS, max_examples=150)
@given(st.sampled_from(["current", "2003"]), st.sampled_from(FIXTURES), st.lists(MUTATION, min_size=1, max_size=5))
def test_mutated_fixtures_check_cleanly_in_other_editions(edition: str, fixture: Path,
                                                          ops: list[tuple[int, int, int, bytes, str]]) -> None:
    """The same under the current and 2003 editions (an 'edition:' header first): their own paths (no order,
    combat damage on the stack, mana burn) hold the invariants too."""
    check_bytes(f"edition: {edition}\n".encode() + mutate(fixture.read_bytes(), ops))


def _sweep() -> Iterator[tuple[Path, int]]:
    for path in FIXTURES:
        yield path, sum(path.read_bytes()) % 1000


@pytest.mark.parametrize(("fixture", "seed"), list(_sweep()), ids=lambda v: v.name if isinstance(v, Path) else "")
def test_every_fixture_survives_its_mutations(fixture: Path, seed: int) -> None:
    """Each fixture, with three seeded batches of mutations (hypothesis above samples the fixtures)."""
    data = fixture.read_bytes()
    rng = random.Random(seed)
    for _ in range(3):
        ops = [(rng.randrange(10), rng.randrange(10_000), rng.randrange(10_000),
                bytes(rng.randrange(256) for _ in range(rng.randrange(6))), "Alice passes priority")
               for _ in range(rng.randint(1, 4))]
        check_bytes(mutate(data, ops))


# ------------------------------------------------------------------ random bytes
PIECES = st.lists(st.one_of(st.sampled_from(fuzz.BYTE_PIECES), st.binary(max_size=4)), max_size=300)


@settings(SETTINGS, max_examples=500)
@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    check_bytes(data)


@settings(SETTINGS, max_examples=500)
@given(PIECES)
def test_random_pieces_of_transcripts(pieces: list[bytes]) -> None:
    check_bytes(b"".join(pieces))


# ------------------------------------------------------------------ the invariants can fail
def _v(line: int, column: int, end_column: int, rule: str = "syntax", message: str = "m",
       file: str = "f.transcript") -> Violation:
    return Violation(file, line, column, line, end_column, rule, message)


@pytest.mark.parametrize(("violation", "problem"), [
    (_v(3, 1, 2), "line outside the file"),
    (_v(0, 1, 2), "line outside the file"),
    (_v(1, 7, 8), "column outside the line"),
    (_v(1, 3, 2), "end before the start"),
    (_v(1, 1, 9), "past the line"),
    (_v(1, 1, 2, rule="999.9z"), "unknown rule code"),
    (_v(1, 1, 2, message="two\nlines"), "bad severity or message"),
    (_v(1, 1, 2, file="other"), "is not"),
])
def test_position_check_catches_bad_diagnostics(violation: Violation, problem: str) -> None:
    data = b"abcde\r\nxyz"  # two lines: 5 and 3 characters
    found = fuzz.position_problems([violation], data, "f.transcript")
    assert len(found) == 1 and problem in found[0], found


def test_position_check_accepts_good_diagnostics() -> None:
    data = b"\xef\xbb\xbfabcde\rxyz\n"
    good = [_v(1, 1, 6), _v(1, 6, 7), _v(2, 3, 4), _v(2, 4, 5), Violation("f.transcript", 1, 1, 1, 1, "empty", "m",
                                                                        "warning")]
    assert fuzz.position_problems(good, data, "f.transcript") == []
    assert fuzz.position_problems([_v(1, 1, 2)], b"", "f.transcript") == []


def test_the_generator_is_reproducible_and_varied() -> None:
    gen = fuzz.Generator(3)
    made = [gen.make(i) for i in range(40)]
    assert made == [gen.make(i) for i in range(40)]
    assert {kind for kind, _ in made} == set(fuzz.KINDS)
    assert len({data for _, data in made}) == 40


def test_a_pipeline_crash_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")
    monkeypatch.setattr(fuzz, "check_file", broken)
    path = WORKDIR / "crash.transcript"
    path.write_bytes(b"players: Alice\n")
    outcome = fuzz.run_pipeline(str(path), b"players: Alice\n")
    assert [kind for kind, _ in outcome.findings] == ["crash"]
    assert "RuntimeError: boom" in outcome.findings[0][1]
