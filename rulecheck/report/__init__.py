"""Output formats. Every format is made from the same `Violation` records.

`render(name, violations, files=..., color=..., paths=...)` is the one entry point the CLI and the exam mode use;
`FORMATS` lists the names accepted by `--format`. No format writes a timestamp or anything else that changes from
one run to the next, so the same input always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..diagnostics import Violation
from ..records import record
from .text import format_concise, format_full, format_json, format_json_lines, summary


@record(frozen=True)
class RunInfo:
    """What a format may need beyond the violations: how many files were checked, their paths, colour."""

    files: int = 1
    color: bool = False
    paths: tuple[str, ...] = ()


def _full(violations: Sequence[Violation], info: RunInfo) -> str:
    text = format_full(violations, info.color)
    last = summary(violations, info.files)
    return f"{text}\n{last}" if text else last


def _concise(violations: Sequence[Violation], info: RunInfo) -> str:
    return format_concise(violations, info.files)


def _sarif(violations: Sequence[Violation], info: RunInfo) -> str:
    from .sarif import format_sarif  # the formats for CI services are imported only when asked for (start-up)
    return format_sarif(violations)


def _github(violations: Sequence[Violation], info: RunInfo) -> str:
    from .github import format_github
    return format_github(violations)


def _junit(violations: Sequence[Violation], info: RunInfo) -> str:
    from .junit import format_junit  # (xml.etree)
    return format_junit(violations, info.paths)


def _gitlab(violations: Sequence[Violation], info: RunInfo) -> str:
    from .gitlab import format_gitlab
    return format_gitlab(violations)


Formatter = Callable[[Sequence[Violation], RunInfo], str]

FORMATS: dict[str, Formatter] = {
    "full": _full,
    "concise": _concise,
    "json": lambda violations, info: format_json(violations),
    "json-lines": lambda violations, info: format_json_lines(violations),
    "sarif": _sarif,
    "github": _github,
    "junit": _junit,
    "gitlab": _gitlab,
}


def render(name: str, violations: Sequence[Violation], *, files: int = 1, color: bool = False,
           paths: Sequence[str] = ()) -> str:
    """Render violations (already sorted) in the named format; the text has no trailing newline.

    `paths` lists every file checked, in order, for formats that report clean files too (junit)."""
    return FORMATS[name](violations, RunInfo(files=files, color=color, paths=tuple(paths)))
