"""What checking one file gives (FileResult), the one place where configuration and suppressions choose
what is reported, and how an internal failure is described."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from pathlib import Path

from ..config import Config
from ..diagnostics import Violation
from ..records import record
from ..suppression import Suppression, apply_suppressions


@record()
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
    """Which check failed and how, for an internal-error message: the innermost rulecheck function, one line.
    rulecheck's own frames are those of files inside the package's directory (wherever it is installed or
    checked out), so a test or a plugin in a folder that happens to be called `rulecheck` is not taken for it."""
    import traceback  # only for an internal error (it and its `textwrap` cost every check ~1 ms)

    where = ""
    for f in reversed(traceback.extract_tb(exc.__traceback__)[1:]):  # [0] is the frame that caught it
        module = _package_module(f.filename)
        if module is not None:
            where = f"in {module}.{f.name} (line {f.lineno}) "
            break
    detail = " ".join(str(exc).split())
    if len(detail) > 200:
        detail = detail[:200] + "..."
    return f"{where}({type(exc).__name__}: {detail})" if detail else f"{where}({type(exc).__name__})"


_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _package_module(filename: str) -> str | None:
    """`rulecheck.replay.engine` for a file of the package, None for any other file."""
    try:
        relative = Path(filename).resolve().relative_to(_PACKAGE_DIR)
    except (ValueError, OSError):
        return None
    parts = relative.with_suffix("").parts
    return ".".join(("rulecheck", *(parts[:-1] if parts[-1] == "__init__" else parts)))
