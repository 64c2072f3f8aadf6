"""GitHub Actions workflow commands: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.

The escaping is the one `@actions/core` applies (`escapeData` / `escapeProperty` in its command.ts), so a
message with `%`, a newline, or a title with `:` and `,` arrives intact as an annotation.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..diagnostics import NOTE, WARNING, Violation
from .common import display_path, title_of


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _command(v: Violation) -> str:
    kind = "warning" if v.severity == WARNING else "notice" if v.severity == NOTE else "error"
    title = title_of(v.rule, v.edition)
    props = {
        "file": display_path(v.file),
        "line": str(v.line),
        "col": str(v.column),
        "endLine": str(v.end_line),
        "endColumn": str(max(v.end_column, 1)),
        "title": f"{v.rule}: {title}" if title else v.rule,
    }
    message = f"{v.message}\nhint: {v.hint}" if v.hint else v.message
    rendered = ",".join(f"{key}={escape_property(value)}" for key, value in props.items())
    return f"::{kind} {rendered}::{escape_data(message)}"


def format_github(violations: Sequence[Violation]) -> str:
    return "\n".join(_command(v) for v in violations)
