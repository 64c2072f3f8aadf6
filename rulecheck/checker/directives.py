"""What a line's comment says to the checker: `expect:` lists and suppression directives."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..parser import Comment
from ..suppression import Suppression, is_directive, parse_directive
from .result import FileResult

_EXPECT = re.compile(r"^\s*expect\s*:\s*(.+)$")
_RULE_ID = re.compile(r"^(?:\d{3}\.\d+[a-z]?|syntax|assert)$")


def _comment_segments(comment: Comment, raw: str | None) -> Iterator[tuple[int, int, str]]:
    """Each '#'-separated part of a comment with its 1-based start and exclusive end column on the line."""
    text = raw[comment.column - 1:] if raw is not None and raw[comment.column - 1:comment.column] == "#" \
        else "#" + comment.text
    offset = comment.column - 1
    for part in text.split("#")[1:]:
        offset += 1
        stripped = part.strip()
        if stripped:
            start = offset + len(part) - len(part.lstrip()) + 1
            yield start, start + len(stripped), stripped
        offset += len(part)


def _directive(comment: Comment, line: int, result: FileResult, raw: str | None = None,
               on_statement_line: bool = True) -> None:
    for start, end, text in _comment_segments(comment, raw):
        m = _EXPECT.match(text)
        if m:
            rules = [r.strip() for r in m.group(1).split(",") if r.strip()]
            result.expectations.setdefault(line, []).extend(rules)
        elif is_directive(text):
            parsed = parse_directive(text, result.path, line, start, end, on_statement_line=on_statement_line)
            if isinstance(parsed, Suppression):
                result.suppressions.append(parsed)
            else:
                result.violations.append(parsed)
