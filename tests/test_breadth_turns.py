"""Issue 22 (breadth), the turn family: triggered abilities, additional phases and steps, designations and the
permanent types with turn actions. The shared acceptance files of this family are graded as the issue grades
them: `rulecheck check --isolated --format json FILE` reports exactly the `# expect:` rules on exactly those lines
(warnings don't count)."""

from __future__ import annotations

import re

import pytest
from acceptance import ROOT, SHARED_ACCEPTANCE, graded

ACCEPTANCE = SHARED_ACCEPTANCE / "breadth"
OWN = ("two-attack-triggers",)


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("name", OWN)
def test_breadth_acceptance(name: str) -> None:
    found, want, _ = graded(ACCEPTANCE / f"{name}.transcript")
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
    """This family's own conventions (plain status words, at least 50 rows); that every named fixture gives
    exactly its expectations, and that a modelled row names a failing and a passing one, is tests/test_coverage.py's
    check of every row."""
    rows = _rows()
    assert len(rows) >= 50
    for cells in rows:
        assert len(cells) == 7, cells
        assert cells[5] in ("modelled", "unknown", "unsupported"), cells
        named = [f.strip() for f in re.split(r",|<br>", cells[6]) if f.strip() not in ("", "—")]
        assert all((ROOT / f).is_file() for f in named), cells
        if cells[5] == "modelled":
            assert len(named) >= 2, cells


def test_only_the_trigger_condition_says_whose_step() -> None:
    """"your" or "next" in the effect, after the first comma, doesn't make a trigger watch its controller's step."""
    from rulecheck.game.objects import PendingTrigger
    from rulecheck.game.steps import delayed_fires, trigger_applies, trigger_step
    each = "at the beginning of each upkeep, each player sacrifices a creature unless they pay for your toll"
    assert trigger_applies(each, "upkeep step", "Alice", "Bob")
    assert not trigger_applies("at the beginning of your upkeep, draw a card", "upkeep step", "Alice", "Bob")
    text = "at the beginning of the next end step, return it to your hand"
    assert delayed_fires(PendingTrigger("Kiki", text, trigger_step(text) or "", "Alice"), "end step", "Bob")
