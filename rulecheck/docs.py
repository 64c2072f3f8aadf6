"""Generate docs/rules.md (and docs/rules-EDITION.md for the other editions) from the rule registries:
`python -m rulecheck.docs [DIRECTORY]`.

Each rule and tool code has an anchor named after it (`docs/rules.md#510.1c`), which the language server's
diagnostics link to."""

from __future__ import annotations

import sys
from pathlib import Path

from .editions import BASELINE, EDITIONS, Edition
from .editions.registry import TOOL_RULES


def anchor(code: str) -> str:
    """An HTML anchor named after the code, for links to its row (`rules.md#510.1c`)."""
    return f'<a id="{code}"></a>'


def rules_file(edition: Edition) -> str:
    """The file name of an edition's rule list in docs/."""
    return "rules.md" if edition is BASELINE else f"rules-{edition.name}.md"


def rules_markdown(edition: Edition = BASELINE) -> str:
    others = ", ".join(f"[{e.name}]({rules_file(e)})" for e in EDITIONS.values() if e is not edition)
    lines = [f"# Rules rulecheck knows: the {edition.name} edition", "",
             "Generated from the rule registry by `python -m rulecheck.docs`; do not edit by hand.", "",
             f"This is {edition.description}; its numbers are the ones rulecheck cites with `edition: "
             f"{edition.name}`. Other editions: {others}; how they differ: [editions.md](editions.md).", "",
             "| rule | title | status |", "| --- | --- | --- |"]
    for r in edition.rules:
        status = r.status + (f": {r.note}" if r.note else "")
        lines.append(f"| {anchor(r.number)}{r.number} | {r.title.replace('|', '/')} | {status} |")
    lines += ["", "Diagnostics that are not rule numbers:", "", "| id | meaning |", "| --- | --- |"]
    lines += [f"| {anchor(k)}{k} | {v} |" for k, v in TOOL_RULES.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    for edition in EDITIONS.values():
        (directory / rules_file(edition)).write_text(rules_markdown(edition), encoding="utf-8")


if __name__ == "__main__":
    main()
