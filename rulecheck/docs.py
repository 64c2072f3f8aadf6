"""Generate docs/rules.md from the rule registry: `python -m rulecheck.docs [PATH]`."""

from __future__ import annotations

import sys

from .editions.registry import RULES, TOOL_RULES


def rules_markdown() -> str:
    lines = ["# Rules rulecheck knows", "",
             "Generated from the rule registry by `python -m rulecheck.docs`; do not edit by hand.", "",
             "| rule | title | status |", "| --- | --- | --- |"]
    for r in RULES:
        status = r.status + (f": {r.note}" if r.note else "")
        lines.append(f"| {r.number} | {r.title.replace('|', '/')} | {status} |")
    lines += ["", "Diagnostics that are not rule numbers:", "", "| id | meaning |", "| --- | --- |"]
    lines += [f"| {k} | {v} |" for k, v in TOOL_RULES.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/rules.md"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(rules_markdown())


if __name__ == "__main__":
    main()
