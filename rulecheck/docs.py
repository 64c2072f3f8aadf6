"""Generate docs/rules.md from the rule registry: `python -m rulecheck.docs [PATH]`.

Each rule and tool code has an anchor named after it (`docs/rules.md#510.1c`), which the language server's
diagnostics link to."""

from __future__ import annotations

import sys

from .editions.registry import RULES, TOOL_RULES


def anchor(code: str) -> str:
    """An HTML anchor named after the code, for links to its row (`rules.md#510.1c`)."""
    return f'<a id="{code}"></a>'


def rules_markdown() -> str:
    lines = ["# Rules rulecheck knows", "",
             "Generated from the rule registry by `python -m rulecheck.docs`; do not edit by hand.", "",
             "| rule | title | status |", "| --- | --- | --- |"]
    for r in RULES:
        status = r.status + (f": {r.note}" if r.note else "")
        lines.append(f"| {anchor(r.number)}{r.number} | {r.title.replace('|', '/')} | {status} |")
    lines += ["", "Diagnostics that are not rule numbers:", "", "| id | meaning |", "| --- | --- |"]
    lines += [f"| {anchor(k)}{k} | {v} |" for k, v in TOOL_RULES.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/rules.md"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(rules_markdown())


if __name__ == "__main__":
    main()
