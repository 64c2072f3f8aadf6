"""What checking one file gives (FileResult), the one place where configuration and suppressions choose
what is reported, and how an internal failure is described."""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..diagnostics import Violation
from ..suppression import Suppression, apply_suppressions


@dataclass
class FileResult:
    path: str
    violations: list[Violation] = field(default_factory=list)
    expectations: dict[int, list[str]] = field(default_factory=dict)
    statements: int = 0
    suppressions: list[Suppression] = field(default_factory=list)


def select_violations(violations: Iterable[Violation], suppressions: Sequence[Suppression], path: str,
                      config: Config) -> list[Violation]:
    """The one place where configuration and suppression comments decide what is reported (sorted)."""
    where = None if path in ("<stdin>", "<string>") else path
    chosen = [v for v in violations if config.enabled(v.rule, where)]
    return sorted(apply_suppressions(chosen, suppressions, path, config), key=Violation.sort_key)


def _failure(exc: BaseException) -> str:
    """Which check failed and how, for an internal-error message: the innermost rulecheck function, one line."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)[1:]  # [0] is the frame that caught it
              if f"{os.sep}rulecheck{os.sep}" in f.filename or f.filename.startswith(f"rulecheck{os.sep}")]
    where = ""
    if frames:
        f = frames[-1]
        parts = Path(f.filename).with_suffix("").parts
        module = ".".join(parts[len(parts) - 1 - parts[::-1].index("rulecheck"):])
        where = f"in {module}.{f.name} (line {f.lineno}) "
    detail = " ".join(str(exc).split())
    if len(detail) > 200:
        detail = detail[:200] + "..."
    return f"{where}({type(exc).__name__}: {detail})" if detail else f"{where}({type(exc).__name__})"
