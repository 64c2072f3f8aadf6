"""The forgiving reader reads only lines of at most READ_LIMIT characters (checker/forgive.py): its patterns are not
all linear in a line's length, and a long line the grammar rejects (a fuzzed fixture, a pasted log) must cost a
moment, not minutes. Longer lines keep their syntax error."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulecheck.checker.forgive as forgive
from rulecheck.api import check_text

TEXT = ("players: Alice, Bob\ncard Grizzly Bears: creature 2/2\nAlice controls Grizzly Bears\n"
        "turn 5: Alice, in declare attackers step\nAlice attacked Bob with Grizzly Bears.   \n")


def _found(text: str) -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.severity) for v in check_text(text)]


def test_a_line_within_the_limit_is_read() -> None:
    assert _found(TEXT) == [(5, "read-as", "note")]


def test_a_line_over_the_limit_keeps_its_syntax_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forgive, "READ_LIMIT", len("Alice attacked Bob with Grizzly Bears.") - 1)
    assert _found(TEXT) == [(5, "syntax", "error")]
    # the spaces around the line don't count
    monkeypatch.setattr(forgive, "READ_LIMIT", len("Alice attacked Bob with Grizzly Bears."))
    assert _found(TEXT) == [(5, "read-as", "note")]


def test_every_line_the_rounds_wrote_is_within_the_limit() -> None:
    root = Path(__file__).resolve().parent.parent / "fixtures"
    lines = [line.split("#")[0].strip() for p in root.glob("first-try*/*.transcript")
             for line in p.read_text(encoding="utf-8").splitlines()]
    assert len(lines) > 1000
    assert max(map(len, lines)) * 2 <= forgive.READ_LIMIT
