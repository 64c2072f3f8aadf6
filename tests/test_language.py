"""Issue 14, language coverage: each form of the language has a passing and a failing fixture under
fixtures/language/ (`<form>-pass*.transcript`, `<form>-fail*.transcript`) whose findings are exactly their
`# expect:` lines (rules, `state` and `assert` alike); the shared acceptance transcripts give exactly theirs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulecheck.checker import check_file

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures" / "language").glob("*.transcript"))
ACCEPTANCE = ROOT.parent / "shared" / "acceptance" / "language"


def _found_and_expected(path: Path) -> tuple[Counter[tuple[int, str]], Counter[tuple[int, str]]]:
    result = check_file(str(path))
    found = Counter((v.line, v.rule) for v in result.violations if v.severity != "warning")
    expected = Counter((line, rule) for line, rules in result.expectations.items() for rule in rules)
    return found, expected


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_language_fixture(path: Path) -> None:
    found, expected = _found_and_expected(path)
    assert found == expected
    if "-pass" in path.stem:
        assert not found
    else:
        assert found, "a failing fixture must produce a finding"


def test_every_form_has_a_passing_and_a_failing_fixture() -> None:
    forms = {p.stem.rsplit("-pass", 1)[0].rsplit("-fail", 1)[0] for p in FIXTURES}
    missing = [f"{form}-{kind}" for form in sorted(forms) for kind in ("pass", "fail")
               if not any(p.stem.startswith(f"{form}-{kind}") for p in FIXTURES)]
    assert forms and missing == []


def test_every_form_is_in_the_language_doc() -> None:
    doc = (ROOT / "docs" / "transcript-language.md").read_text(encoding="utf-8")
    forms = {p.stem.rsplit("-pass", 1)[0].rsplit("-fail", 1)[0] for p in FIXTURES}
    assert [f for f in sorted(forms) if f"`{f}`" not in doc] == []


ACCEPTANCE_FILES = sorted(ACCEPTANCE.glob("*.transcript")) if ACCEPTANCE.exists() else []


@pytest.mark.parametrize("path", ACCEPTANCE_FILES, ids=[p.stem for p in ACCEPTANCE_FILES])
def test_shared_language_acceptance(path: Path) -> None:
    found, expected = _found_and_expected(path)
    assert found == expected


def test_the_grammar_has_no_lalr_conflicts() -> None:
    """Lark resolves a shift/reduce conflict silently (as shift) and only logs it; none may exist."""
    import io
    import logging

    from lark import Lark, logger

    from rulecheck.parser import grammar_text

    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar_text(), parser="lalr", lexer="contextual", debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert "conflict" not in buf.getvalue().lower()
