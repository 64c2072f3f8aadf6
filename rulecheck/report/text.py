"""Human-readable output: `path:line:col: RULE message`, with the source line and a caret."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ..diagnostics import Violation
from ..rules.registry import BY_NUMBER, TOOL_RULES


def _source_line(path: str, line: int, cache: dict[str, list[str]]) -> str | None:
    if path not in cache:
        try:
            with open(path, "rb") as fh:
                cache[path] = fh.read(50_000_000).decode("utf-8", errors="replace").splitlines()
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[line - 1] if 0 < line <= len(lines) else None


def title_of(rule: str) -> str:
    r = BY_NUMBER.get(rule)
    return r.title if r else TOOL_RULES.get(rule, "")


def format_full(violations: Iterable[Violation], color: bool = False) -> str:
    cache: dict[str, list[str]] = {}
    out: list[str] = []
    bold, red, yellow, dim, reset = ("\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[2m", "\x1b[0m") if color \
        else ("", "", "", "", "")
    for v in violations:
        sev = yellow if v.severity == "warning" else red
        out.append(f"{bold}{v.file}:{v.line}:{v.column}:{reset} {sev}{bold}{v.rule}{reset} {v.message}")
        src = _source_line(v.file, v.line, cache)
        if src is not None:
            width = max(v.end_column - v.column, 1) if v.end_line == v.line else 1
            out.append(f"  {dim}{v.line:>4} |{reset} {src}")
            out.append(f"       {dim}|{reset} {' ' * (v.column - 1)}{sev}{'^' * width}{reset}")
        extra = title_of(v.rule)
        if extra:
            out.append(f"       = rule: {extra}")
        if v.hint:
            out.append(f"       = hint: {v.hint}")
        if v.related:
            out.append(f"       = related: {', '.join(v.related)}")
        out.append("")
    return "\n".join(out)


def format_concise(violations: list[Violation], files: int) -> str:
    lines = [f"{v.file}:{v.line}:{v.column}: {v.rule} {v.message}" for v in violations]
    errors = sum(1 for v in violations if v.severity == "error")
    with_v = len({v.file for v in violations if v.severity == "error"})
    lines.append(f"Found {errors} violation{'s' if errors != 1 else ''} in {with_v} file{'s' if with_v != 1 else ''}"
                 f" ({files} checked)." if errors else f"No violations in {files} file{'s' if files != 1 else ''}.")
    return "\n".join(lines)


def format_json(violations: list[Violation]) -> str:
    return json.dumps([v.to_json() for v in violations], indent=2, ensure_ascii=False)
