"""Output formats. Every format is made from the same `Violation` records.

`render(name, violations, files=..., color=...)` is the one entry point the CLI and the exam mode use;
`FORMATS` lists the names accepted by `--format`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..diagnostics import Violation
from .text import format_concise, format_full, format_json


@dataclass(frozen=True)
class RunInfo:
    """What a format may need beyond the violations: how many files were checked, colour."""

    files: int = 1
    color: bool = False
    paths: tuple[str, ...] = ()


def _full(violations: Sequence[Violation], info: RunInfo) -> str:
    text = format_full(violations, info.color)
    summary = format_concise(list(violations), info.files).splitlines()[-1]
    return f"{text}\n{summary}" if text else summary


def _concise(violations: Sequence[Violation], info: RunInfo) -> str:
    return format_concise(list(violations), info.files)


def _json(violations: Sequence[Violation], info: RunInfo) -> str:
    return format_json(list(violations))


Formatter = Callable[[Sequence[Violation], RunInfo], str]

FORMATS: dict[str, Formatter] = {
    "full": _full,
    "concise": _concise,
    "json": _json,
}


def render(name: str, violations: Sequence[Violation], *, files: int = 1, color: bool = False,
           paths: Sequence[str] = ()) -> str:
    """Render violations (already sorted) in the named format; the text has no trailing newline.

    `paths` lists every file checked, in order, for formats that report clean files too (junit)."""
    return FORMATS[name](violations, RunInfo(files=files, color=color, paths=tuple(paths)))
