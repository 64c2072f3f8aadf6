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
