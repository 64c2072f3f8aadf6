"""What a line that does not parse gets instead of statements (the message and hint are made by :mod:`.errors`,
with Lark, only for such a line)."""

from __future__ import annotations

from ..records import record


@record(frozen=True, slots=True)
class SyntaxProblem:
    line: int
    column: int
    end_column: int
    message: str
    hint: str | None = None
    rule: str = "syntax"
