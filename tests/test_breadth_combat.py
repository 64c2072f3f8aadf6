"""Breadth (issue 22), combat family: the shared acceptance file of this family is exact (graded as
`rulecheck check --isolated --format json FILE`: exactly the `# expect:` rules on exactly those lines; warnings
don't count), and the keyword, keyword-action and characteristic forms behave as documented."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
BREADTH = ROOT.parent / "shared" / "acceptance" / "breadth"
MINE = ["2003-damage-as-assigned.transcript"]


def _graded(path: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    result = CliRunner().invoke(cli, ["check", "--isolated", "--format", "json", str(path)])
    found = sorted((v["line"], v["rule"]) for v in json.loads(result.output) if v.get("severity", "error") == "error")
    want = sorted((i, rule) for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                  for m in [re.search(r"#\s*expect:\s*([0-9a-z.,\s-]+)", line)] if m
                  for rule in m.group(1).replace(" ", "").split(",") if rule)
    return found, want


@pytest.mark.skipif(not BREADTH.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("name", MINE)
def test_acceptance(name: str) -> None:
    found, want = _graded(BREADTH / name)
    assert want, "an acceptance file with no expectation tests nothing"
    assert found == want
