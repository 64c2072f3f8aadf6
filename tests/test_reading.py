"""Reading a transcript's bytes: the bulk path of `_lines_of_bytes` must give exactly what the careful line-by-line
path gives (the lines, their numbers, and every diagnostic), whatever the bytes and wherever blocks are cut."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck import checker
from rulecheck.checker import FileResult, _decoded, _lines_of_bytes, _raw_lines

GOOD = [b"a", b"turn 1: Alice", b" ", b"\n", b"\n", b"\n", "é".encode(), b"#"]
PIECES = [b"a", b"turn 1: Alice", b" ", b"\n", b"\n", b"\n", b"\r", b"\r\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\xff",
          b"\x00", "é".encode(), "é".encode()[:1], b"#", b"x" * 7, b"y" * 9]


def _careful(data: bytes, blocks: list[bytes]) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
    result = FileResult("f")
    lines = list(_decoded(_raw_lines(blocks), "f", result))
    return lines, [(v.line, v.column, v.message) for v in result.violations]


def _fast(blocks: list[bytes]) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
    result = FileResult("f")
    lines = list(_lines_of_bytes(blocks, "f", result))
    return lines, [(v.line, v.column, v.message) for v in result.violations]


def _cut(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    out, last = [], 0
    for p in points:
        out.append(data[last:p])
        last = p
    out.append(data[last:])
    return out


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.lists(st.integers(0, 400), max_size=6))
def test_bulk_path_equals_careful_path(pieces: list[bytes], cuts: list[int]) -> None:
    _compare(pieces, cuts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(GOOD), max_size=60), st.lists(st.integers(0, 600), max_size=4),
       st.integers(0, 60), st.sampled_from(PIECES))
def test_bulk_path_on_mostly_plain_input(pieces: list[bytes], cuts: list[int], at: int, odd: bytes) -> None:
    """Mostly plain lines (the bulk path), with one odd piece somewhere (the switch to the careful path)."""
    _compare([*pieces[:at], odd, *pieces[at:]], cuts)


def _compare(pieces: list[bytes], cuts: list[int]) -> None:
    data = b"".join(pieces)
    blocks = _cut(data, cuts)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(checker.reading, "MAX_LINE_LENGTH", 20)   # so that over-long lines are common
        assert _fast(blocks) == _careful(data, blocks)


@pytest.mark.parametrize(("data", "lines"), [
    (b"a\nb\n", [(1, "a"), (2, "b")]),
    (b"a\nb", [(1, "a"), (2, "b")]),
    (b"a\n\nb\n", [(1, "a"), (2, ""), (3, "b")]),
    (b"\xef\xbb\xbfa\nb\n", [(1, "a"), (2, "b")]),
    (b"a\r\nb\rc\n", [(1, "a"), (2, "b"), (3, "c")]),
    (b"", []),
])
def test_lines(data: bytes, lines: list[tuple[int, str]]) -> None:
    assert _fast([data]) == (lines, [])
    assert _fast([data[i:i + 1] for i in range(len(data))]) == (lines, [])


def test_a_bad_byte_is_reported_on_its_line_and_the_rest_is_read() -> None:
    lines, problems = _fast([b"a\nb\xffc\nd\n"])
    assert lines == [(1, "a"), (3, "d")]
    assert problems == [(2, 2, "this line is not valid UTF-8 (byte 0xff at byte offset 1)")]


def test_a_nul_byte_after_many_plain_blocks_keeps_its_line_number() -> None:
    blocks = [b"x\n" * 1000] * 3 + [b"y\x00\nz\n"]
    lines, problems = _fast(blocks)
    assert lines == [(i, "x") for i in range(1, 3001)] + [(3002, "z")]
    assert problems == [(3001, 2, "this line contains a NUL byte")]
