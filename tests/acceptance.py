"""Grading a transcript as ../shared/acceptance/README.md grades it: `rulecheck check --isolated --format json FILE`
must report exactly the rules of the `# expect: RULE[, RULE]` comments, on exactly those lines; warnings and notes
don't count. One place for the tests of every acceptance folder (and the audit rounds) to read the expectations."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SHARED_ACCEPTANCE = ROOT.parent / "shared" / "acceptance"   # beside the checkout, when it is there
EXPECT = re.compile(r"#\s*expect:\s*([0-9a-z.,\s-]+)")


def expected(text: str) -> list[tuple[int, str]]:
    """The (line, rule) pairs the `# expect:` comments ask for, sorted, once per rule named."""
    return sorted((number, rule) for number, line in enumerate(text.splitlines(), start=1)
                  for match in [EXPECT.search(line)] if match
                  for rule in match.group(1).replace(" ", "").split(",") if rule)


def graded(path: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]], int]:
    """What the command line reports for the file (sorted (line, rule) pairs, warnings left out), what its
    comments expect, and the exit code. Only errors count: warnings and notes are left out."""
    run = CliRunner().invoke(cli, ["check", "--isolated", "--format", "json", str(path)])
    assert run.exit_code in (0, 1), run.output
    found = sorted((d["line"], d["rule"]) for d in json.loads(run.output) if d["severity"] == "error")
    return found, expected(path.read_text(encoding="utf-8")), run.exit_code


def shared_files(folder: str) -> list[Path]:
    """Every transcript of a shared acceptance folder (none when the folder is not beside the checkout)."""
    where = SHARED_ACCEPTANCE / folder
    return sorted(where.glob("*.transcript")) if where.is_dir() else []
