"""Command line: `rulecheck check PATH...` and friends."""

from __future__ import annotations

import os
import sys

import click

from . import __version__
from .checker import check_file, iter_paths
from .diagnostics import Violation
from .report import FORMATS, render
from .rules.registry import BY_NUMBER, RULES, TOOL_RULES

EXAMPLES = """
\b
Examples:
  rulecheck check game.transcript
  rulecheck check logs/ --format json
  cat game.transcript | rulecheck check -
  rulecheck check fixtures/ --expect
"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulecheck")
def cli() -> None:
    """Lint written Magic: The Gathering game transcripts against the Comprehensive Rules
    (turn structure and combat: CR 500-514 and 703)."""


@cli.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=None,
              help="Output format (default: full on a terminal, concise otherwise).")
@click.option("--extension", default=".transcript", show_default=True,
              help="File extension looked for in directories.")
@click.option("--expect", is_flag=True, help="Compare with '# expect: RULE' annotations instead of reporting.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when violations are found.")
def check(paths: tuple[str, ...], fmt: str | None, extension: str, expect: bool, exit_zero: bool) -> None:
    """Check transcripts (files, directories, or - for standard input)."""
    if fmt is None:
        fmt = "full" if sys.stdout.isatty() else "concise"
    files = list(iter_paths(paths, extension))
    violations: list[Violation] = []
    io_error = False
    mismatches = 0
    for path in files:
        result = check_file(path)
        if any(v.rule == "io" for v in result.violations):
            io_error = True
        if expect:
            mismatches += _compare_expectations(result.path, result.violations, result.expectations, violations)
        else:
            violations.extend(result.violations)
    if not files:
        click.echo("rulecheck: no transcripts found", err=True)
        sys.exit(2)
    color = fmt == "full" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    click.echo(render(fmt, violations, files=len(files), color=color, paths=files))
    if io_error:
        sys.exit(2)
    if exit_zero:
        sys.exit(0)
    failed = mismatches if expect else sum(1 for v in violations if v.severity == "error")
    sys.exit(1 if failed else 0)


def _compare_expectations(path: str, found: list[Violation], expected: dict[int, list[str]],
                          out: list[Violation]) -> int:
    start = len(out)
    got = {(v.line, v.rule): v for v in found if v.severity == "error"}
    want = {(line, r) for line, rules in expected.items() for r in rules}
    count = 0
    for key in sorted(want - set(got)):
        out.append(Violation(path, key[0], 1, key[0], 2, "expect", f"expected {key[1]} here, but rulecheck "
                                                                     "found none"))
        count += 1
    for key in sorted(set(got) - want):
        v = got[key]
        out.append(Violation(path, v.line, v.column, v.end_line, v.end_column, "expect",
                             f"unexpected {v.rule}: {v.message}"))
        count += 1
    out[start:] = sorted(out[start:], key=Violation.sort_key)
    return count


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def rules(fmt: str) -> None:
    """List every rule rulecheck knows, with its status."""
    if fmt == "json":
        import json
        click.echo(json.dumps([{"rule": r.number, "title": r.title, "status": r.status, "note": r.note,
                                "related": list(r.related)} for r in RULES], indent=2))
        return
    for r in RULES:
        click.echo(f"{r.number:<8} {r.status:<15} {r.title}")


@cli.command()
@click.argument("rule")
def explain(rule: str) -> None:
    """Explain one rule."""
    r = BY_NUMBER.get(rule)
    if r is None:
        if rule in TOOL_RULES:
            click.echo(f"{rule}: {TOOL_RULES[rule]}")
            return
        import difflib
        close = difflib.get_close_matches(rule, list(BY_NUMBER), n=1)
        click.echo(f"rulecheck: unknown rule '{rule}'" + (f"; did you mean '{close[0]}'?" if close else ""),
                   err=True)
        sys.exit(2)
    click.echo(f"{r.number}: {r.title}\nstatus: {r.status}" + (f" ({r.note})" if r.note else ""))
    if r.related:
        click.echo(f"related: {', '.join(r.related)}")


from .exam import exam as _exam_command  # noqa: E402 - registered after the group exists

cli.add_command(_exam_command)


def main() -> None:
    try:
        cli(standalone_mode=True)
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
