"""The one violation record that every output format is made from."""

from __future__ import annotations

from dataclasses import asdict, field
from typing import Any

from .records import record

ERROR = "error"
WARNING = "warning"
NOTE = "note"   # information, not a violation: what a line was read as, what was not judged and why


@record(frozen=True, slots=True)
class Violation:
    """One finding: where (1-based line/column, exclusive end column), which rule, and why."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    rule: str
    message: str
    severity: str = ERROR
    related: tuple[str, ...] = field(default_factory=tuple)
    hint: str | None = None
    edition: str = "baseline"   # the rules edition whose numbers `rule` and `related` are

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.rule)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["related"] = list(self.related)
        if self.edition == "baseline":   # the JSON of the baseline stays as it was before editions
            del data["edition"]
        return data
