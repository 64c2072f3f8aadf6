"""Human-readable output, laid out like ruff's: `path:line:col: RULE message`, the source line with a caret
underline, then the rule's title, the hint and the related rules."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence

from ..diagnostics import ERROR, NOTE, WARNING, Violation
from .common import title_of

TAB_WIDTH = 4
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str) -> str:
    """Terminal-safe text: control characters (escape sequences from a hostile file) become U+FFFD."""
    return _CONTROL.sub("\ufffd", text.replace("\t", " " * TAB_WIDTH))


def _width(text: str) -> int:
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def _source_line(path: str, line: int, cache: dict[str, list[str]]) -> str | None:
    if path not in cache:
        try:
            with open(path, "rb") as fh:
                # split exactly as the checker numbers lines (str.splitlines also splits at \f, \x1c, U+2028...)
                cache[path] = re.split(r"\r\n|\r|\n", fh.read(50_000_000).decode("utf-8", errors="replace"))
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[line - 1] if 0 < line <= len(lines) else None


class _Style:
    def __init__(self, color: bool) -> None:
        on = color
        self.bold = "\x1b[1m" if on else ""
        self.red = "\x1b[31m" if on else ""
        self.yellow = "\x1b[33m" if on else ""
        self.blue = "\x1b[34m" if on else ""
        self.cyan = "\x1b[36m" if on else ""
        self.reset = "\x1b[0m" if on else ""


EXCERPT_WIDTH = 160   # a longer source line is shown as a window around the column, with "…" at the cut ends


def _excerpt(v: Violation, src: str, gutter: int, s: _Style, sev: str) -> list[str]:
    start = max(v.column, 1)
    end = v.end_column if v.end_line == v.line else len(src) + 1
    lo, hi = 0, len(src)
    if len(src) > EXCERPT_WIDTH:
        lo = max(0, min(start - 1 - EXCERPT_WIDTH // 3, len(src) - EXCERPT_WIDTH))
        hi = lo + EXCERPT_WIDTH
    head = "…" if lo > 0 else ""
    tail = "…" if hi < len(src) else ""
    before = head + printable(src[lo:start - 1])
    marked = printable(src[start - 1:min(max(end, start) - 1, hi)])
    carets = "^" * max(_width(marked), 1)
    pipe = f"{s.blue}{s.bold}{' ' * gutter} |{s.reset}"
    return [pipe,
            f"{s.blue}{s.bold}{v.line:>{gutter}} |{s.reset} {head}{printable(src[lo:hi])}{tail}".rstrip(),
            f"{pipe} {' ' * _width(before)}{sev}{carets} {v.rule}{s.reset}",
            pipe]


def format_full(violations: Iterable[Violation], color: bool = False) -> str:
    """One block per violation, each followed by a blank line."""
    cache: dict[str, list[str]] = {}
    s = _Style(color)
    out: list[str] = []
    for v in violations:
        sev = s.yellow if v.severity == WARNING else s.cyan if v.severity == NOTE else s.red
        out.append(f"{s.bold}{printable(v.file)}:{v.line}:{v.column}:{s.reset} {sev}{s.bold}{v.rule}{s.reset} "
                   f"{printable(v.message)}")
        gutter = len(str(v.line))
        src = _source_line(v.file, v.line, cache)
        if src is not None:
            out.extend(_excerpt(v, src, gutter, s, sev))
        notes = [("rule", title_of(v.rule, v.edition)), ("hint", v.hint or ""), ("related", ", ".join(v.related))]
        for label, text in notes:
            if text:
                out.append(f"{' ' * gutter} {s.cyan}{s.bold}={s.reset} {s.bold}{label}:{s.reset} {printable(text)}")
        out.append("")
    return "\n".join(out)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(violations: Sequence[Violation], files: int) -> str:
    """`Found 3 violations in 2 files (5 checked).` or `No violations in 5 files.`; warnings counted apart."""
    errors = [v for v in violations if v.severity == ERROR]
    notes = sum(1 for v in violations if v.severity == NOTE)
    warnings = len(violations) - len(errors) - notes
    if errors:
        text = (f"Found {_plural(len(errors), 'violation')} in {_plural(len({v.file for v in errors}), 'file')} "
                f"({files} checked)")
    else:
        text = f"No violations in {_plural(files, 'file')}"
    return text + (f"; {_plural(warnings, 'warning')}" if warnings else "") \
        + (f"; {_plural(notes, 'note')}" if notes else "") + "."


def format_concise(violations: Sequence[Violation], files: int) -> str:
    lines = [f"{printable(v.file)}:{v.line}:{v.column}: {v.rule} {printable(v.message)}" for v in violations]
    lines.append(summary(violations, files))
    return "\n".join(lines)


def format_json(violations: Sequence[Violation]) -> str:
    return json.dumps([v.to_json() for v in violations], indent=2, ensure_ascii=False)


def format_json_lines(violations: Sequence[Violation]) -> str:
    """One compact JSON object per line (same keys as `json`), so a consumer can stream."""
    return "\n".join(json.dumps(v.to_json(), ensure_ascii=False, separators=(",", ":")) for v in violations)
