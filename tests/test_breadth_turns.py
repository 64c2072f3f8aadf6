"""Issue 22 (breadth), the turn family: triggered abilities, additional phases and steps, designations and the
permanent types with turn actions. The shared acceptance files of this family are graded as the issue grades
them: `rulecheck check --isolated --format json FILE` reports exactly the `# expect:` rules on exactly those lines
(warnings don't count)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = ROOT.parent / "shared" / "acceptance" / "breadth"
OWN = ("two-attack-triggers",)
_EXPECT = re.compile(r"#\s*expect:\s*([0-9a-z.,\s-]+)")


def _graded(path: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    run = CliRunner().invoke(cli, ["check", "--isolated", "--format", "json", str(path)])
    assert run.exit_code in (0, 1), run.output
    found = sorted((v["line"], v["rule"]) for v in json.loads(run.output) if v["severity"] != "warning")
    want = sorted((i, r) for i, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                  for m in [_EXPECT.search(line)] if m for r in m.group(1).replace(" ", "").split(",") if r)
    return found, want


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("name", OWN)
def test_breadth_acceptance(name: str) -> None:
    found, want = _graded(ACCEPTANCE / f"{name}.transcript")
    assert found == want


# ---------------------------------------------------------------- when a beginning-of-step trigger fires


@pytest.mark.parametrize(("text", "step", "fires"), [
    ("at the beginning of your postcombat main phase", "postcombat main phase", True),
    ("at the beginning of your postcombat main phase", "precombat main phase", False),
    ("at the beginning of your precombat main phase", "postcombat main phase", False),
    ("at the beginning of each combat", "beginning of combat step", True),
    ("at the beginning of combat on your turn", "beginning of combat step", True),
    ("at end of combat", "end of combat step", True),
    ("at end of combat", "beginning of combat step", False),
])
def test_trigger_applies(text: str, step: str, fires: bool) -> None:
    from rulecheck.game.steps import trigger_applies
    assert trigger_applies(text, step, "Alice", "Alice") is fires


@pytest.mark.parametrize(("text", "step", "active", "fires"), [
    ("at the beginning of your next upkeep", "upkeep step", "Alice", True),
    ("at the beginning of your next upkeep", "upkeep step", "Bob", False),
    ("at the beginning of the next end step", "end step", "Bob", True),
    ("at the beginning of the next end step", "upkeep step", "Alice", False),
])
def test_delayed_fires(text: str, step: str, active: str, fires: bool) -> None:
    from rulecheck.game.objects import PendingTrigger
    from rulecheck.game.steps import delayed_fires, trigger_step
    d = PendingTrigger("Pact of Negation", text, trigger_step(text) or "", "Alice")
    assert delayed_fires(d, step, active) is fires


# ---------------------------------------------------------------- this family's rows of docs/coverage.md

SECTIONS = ("## Triggered abilities", "## Additional and skipped turns", "## Designations", "## Permanent types")


def _rows() -> list[list[str]]:
    text = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    rows = []
    for part in text.split("\n## ")[1:]:
        if not any(part.startswith(s[3:]) for s in SECTIONS):
            continue
        for line in part.splitlines():
            if line.startswith("| ") and not line.startswith(("| baseline", "| ---")):
                rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
    return rows


def test_the_family_rows_are_well_formed() -> None:
    rows = _rows()
    assert len(rows) >= 50
    for cells in rows:
        assert len(cells) == 7, cells
        assert cells[5] in ("modelled", "unknown", "unsupported"), cells
        named = [f.strip() for f in re.split(r",|<br>", cells[6]) if f.strip() not in ("", "—")]
        assert all((ROOT / f).is_file() for f in named), cells
        if cells[5] == "modelled":
            assert len(named) >= 2, cells


def _fixtures() -> list[str]:
    return sorted({f.strip() for cells in _rows() for f in re.split(r",|<br>", cells[6])
                   if f.strip().startswith("fixtures/") and not f.strip().startswith("fixtures/editions/")})


@pytest.mark.parametrize("name", _fixtures())
def test_every_named_fixture_gives_exactly_its_expectations(name: str) -> None:
    """(fixtures/editions/ are graded per edition by tests/test_editions.py)"""
    from collections import Counter

    from rulecheck.checker import check_file
    result = check_file(str(ROOT / name))
    found = Counter((v.line, v.rule) for v in result.violations if v.severity != "warning")
    expected = Counter((line, rule) for line, rules in result.expectations.items() for rule in rules)
    assert found == expected


def test_each_modelled_row_names_a_failing_and_a_passing_fixture() -> None:
    from rulecheck.checker import check_file
    for cells in _rows():
        if cells[5] != "modelled":
            continue
        named = [f.strip() for f in re.split(r",|<br>", cells[6]) if f.strip()]
        plain = [f for f in named if not f.startswith("fixtures/editions/")]
        flagged = [bool(check_file(str(ROOT / f)).expectations) for f in plain]
        assert any(flagged) and not all(flagged), cells


def test_only_the_trigger_condition_says_whose_step() -> None:
    """"your" or "next" in the effect, after the first comma, doesn't make a trigger watch its controller's step."""
    from rulecheck.game.objects import PendingTrigger
    from rulecheck.game.steps import delayed_fires, trigger_applies, trigger_step
    each = "at the beginning of each upkeep, each player sacrifices a creature unless they pay for your toll"
    assert trigger_applies(each, "upkeep step", "Alice", "Bob")
    assert not trigger_applies("at the beginning of your upkeep, draw a card", "upkeep step", "Alice", "Bob")
    text = "at the beginning of the next end step, return it to your hand"
    assert delayed_fires(PendingTrigger("Kiki", text, trigger_step(text) or "", "Alice"), "end step", "Bob")
