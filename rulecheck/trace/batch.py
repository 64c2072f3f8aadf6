"""`rulecheck check --format html -o report.html`: the report an organiser attaches to a CI run. An index page of
the files and their findings, and beside it (`report.html.traces/`) each file's trace page, linked from the index.

The findings are the trace's, which are the check's (the same pipeline, configuration and suppressions); each
file is traced in a worker process when there are several to do.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..config import Config
from ..diagnostics import Violation
from ..report.common import title_of
from .render_html import render_html
from .run import trace_file

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_PAGE = re.compile(r"[0-9]{4}-[A-Za-z0-9._-]*\.html")   # the names trace_page_name gives, and no other file


def trace_page_name(index: int, path: str) -> str:
    """A file name for the trace page of the index-th checked file: unique, and readable in a listing."""
    stem = "stdin" if path == "-" else _UNSAFE.sub("-", os.path.basename(path)).strip("-") or "file"
    return f"{index + 1:04d}-{stem[:60]}.html"


def _trace_one(job: tuple[str, Config, str]) -> list[Violation]:
    path, config, out = job
    trace = trace_file(path, config)
    with open(out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(render_html(trace) + "\n")
    return trace.findings


def write_report(items: Sequence[tuple[str, Config]], output: str, jobs: int = 1) -> list[list[Violation]]:
    """Trace every file into `<output>.traces/`, write the index to `output`; each file's findings, in order.
    Raises OSError when the pages can't be written."""
    folder = Path(output + ".traces")
    folder.mkdir(parents=True, exist_ok=True)
    names = [trace_page_name(i, path) for i, (path, _) in enumerate(items)]
    for stale in set(p.name for p in folder.glob("*.html") if _PAGE.fullmatch(p.name)) - set(names):
        (folder / stale).unlink()   # a page of an earlier run that this index no longer links to
    work = [(path, config, str(folder / name)) for (path, config), name in zip(items, names, strict=True)]
    found: list[list[Violation]] = [[] for _ in work]
    pooled = [i for i, (path, _, _) in enumerate(work) if path != "-"]
    for i, job in enumerate(work):
        if job[0] == "-":   # standard input is this process's: a worker has none
            found[i] = _trace_one(job)
    if jobs > 1 and len(pooled) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(pooled))) as pool:
            chunk = max(1, len(pooled) // (4 * jobs))
            for i, violations in zip(pooled, pool.map(_trace_one, [work[i] for i in pooled], chunksize=chunk),
                                     strict=True):
                found[i] = violations
    else:
        for i in pooled:
            found[i] = _trace_one(work[i])
    links = [f"{folder.name}/{name}" for name in names]
    with open(output, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(render_index(["<stdin>" if path == "-" else path for path, _ in items], found, links) + "\n")
    return found


INDEX_CSS = """
body { font:14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin:20px; color:#222;
       background:#f4f1ea; }
h1 { font-size:20px; margin:0 0 4px; } .summary { color:#555; margin-bottom:14px; }
table { border-collapse:collapse; width:100%; background:#fff; }
td, th { padding:4px 8px; border-bottom:1px solid #e3ded3; text-align:left; vertical-align:top; }
th { background:#2b2b2b; color:#fff; font-weight:600; }
tr.clean td.file a { color:#1d6b2e; } tr.flagged td.file a { color:#8a2b1d; font-weight:600; }
.count { text-align:right; width:5em; } ul { margin:0; padding-left:18px; } .rule { font-weight:700; margin-right:4px; }
.title { color:#6b5a2b; font-style:italic; } .warning .rule { color:#777; } a { color:#1f5fa8; }
"""


def render_index(paths: Sequence[str], found: Sequence[Sequence[Violation]], links: Sequence[str]) -> str:
    """The index page: one row per file (clean ones too) with its findings, each linking to its line's trace."""
    errors = sum(1 for vs in found for v in vs if v.severity == "error")
    warnings = sum(1 for vs in found for v in vs if v.severity != "error")
    flagged = sum(1 for vs in found if vs)
    rows = []
    for path, violations, link in zip(paths, found, links, strict=True):
        items = []
        for v in violations:
            title = title_of(v.rule, v.edition)
            items.append(f'<li class="{html.escape(v.severity)}"><a href="{html.escape(link)}#L{v.line}">line {v.line}'
                         f'</a>: <span class="rule">{html.escape(v.rule)}</span>{html.escape(v.message)}'
                         + (f' <span class="title">({html.escape(title)})</span>' if title else "") + "</li>")
        row = "flagged" if violations else "clean"
        rows.append(f'<tr class="{row}"><td class="file"><a href="{html.escape(link)}">'
                    f'{html.escape(path)}</a></td><td class="count">{len(violations)}</td><td>'
                    + (f"<ul>{''.join(items)}</ul>" if items else "clean") + "</td></tr>")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>rulecheck report</title>',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<style>{INDEX_CSS}</style></head><body>",
        "<h1>rulecheck report</h1>",
        f'<div class="summary">{len(paths)} file{"s" if len(paths) != 1 else ""} checked, {flagged} with findings: '
        f'{errors} violation{"s" if errors != 1 else ""}, {warnings} warning{"s" if warnings != 1 else ""}. '
        "Each file links to its trace: the game after every line, with the board.</div>",
        '<table><thead><tr><th>file</th><th class="count">findings</th><th>what was found</th></tr></thead><tbody>',
        *rows,
        "</tbody></table></body></html>",
    ])


def report_command(items: Sequence[tuple[str, Config]], output: str | None, jobs: int, exit_zero: bool) -> int:
    """`check --format html`: write the report; the exit status `check` gives (0 clean, 1 found, 2 failed)."""
    import click

    from ..config import ALWAYS_REPORTED

    if output is None:
        click.echo("rulecheck: --format html writes an index page and a trace page per file: give -o FILE", err=True)
        return 2
    try:
        found = write_report(items, output, jobs)
    except OSError as err:
        click.echo(f"rulecheck: cannot write {output}: {err.strerror or err}", err=True)
        return 2
    violations = [v for vs in found for v in vs]
    if any(v.rule in ALWAYS_REPORTED for v in violations):
        return 2
    if exit_zero:
        return 0
    return 1 if any(v.severity == "error" for v in violations) else 0
