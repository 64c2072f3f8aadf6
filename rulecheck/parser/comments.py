"""A line's comment: split from its code at the first '#' outside double quotes."""

from __future__ import annotations

from ..records import record


@record(frozen=True, slots=True)
class Comment:
    """What a line's comment says to rulecheck."""

    column: int
    text: str


def split_comment(line: str) -> tuple[str, Comment | None]:
    """Split ``code # comment`` at the first '#' outside double quotes."""
    hash_at = line.find("#")
    if hash_at < 0:
        return line, None
    if '"' not in line[:hash_at]:
        return line[:hash_at], Comment(hash_at + 1, line[hash_at + 1:].strip())
    in_quote = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quote = not in_quote
        elif ch == "#" and not in_quote:
            return line[:i], Comment(i + 1, line[i + 1:].strip())
    return line, None
