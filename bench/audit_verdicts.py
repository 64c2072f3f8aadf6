"""Verdicts of the checker on the rule-audit fixtures (docs/rules-audit.md).

Runs `rulecheck check --isolated --format json FILE` on every transcript under fixtures/audit/clauses/ and compares
what it reports (errors only; warnings don't count) with the file's `# expect: RULE` annotations:

    ok                              exactly the expected findings (none, for a legal trap)
    false alarm: RULE on line N     a finding no annotation names
    miss: RULE on line N            an annotation the checker does not report

A file can have both. Usage: python bench/audit_verdicts.py [--markdown] [FILE...]
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLAUSES = ROOT / "fixtures" / "audit" / "clauses"
RULECHECK = ROOT / ".venv" / "bin" / "rulecheck"
EXPECT = re.compile(r"#\s*expect:\s*([^#]+)")


def expectations(path: Path) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            found.update((rule.strip(), number) for rule in match.group(1).split(",") if rule.strip())
    return found


def findings(path: Path) -> set[tuple[str, int]]:
    run = subprocess.run([str(RULECHECK), "check", "--isolated", "--format", "json", str(path)],
                         capture_output=True, text=True, check=False)
    return {(item["rule"], item["line"]) for item in json.loads(run.stdout) if item["severity"] != "warning"}


def verdict(path: Path) -> str:
    expected, found = expectations(path), findings(path)
    parts = [f"false alarm: {rule} on line {line}" for rule, line in sorted(found - expected, key=lambda x: x[1])]
    parts += [f"miss: {rule} on line {line}" for rule, line in sorted(expected - found, key=lambda x: x[1])]
    return "; ".join(parts) or "ok"


def main(argv: list[str]) -> int:
    markdown = "--markdown" in argv
    paths = [Path(a) for a in argv if a != "--markdown"] or sorted(CLAUSES.glob("*.transcript"))
    for path in paths:
        result = verdict(path)
        print(f"| {path.name} | {result} |" if markdown else f"{path.name}: {result}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
