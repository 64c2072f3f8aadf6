"""The Python API: check transcript text or files and get `Violation` records back (see docs/api.md)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import checker
from .config import DEFAULT, Config, ConfigResolver
from .diagnostics import Violation

if TYPE_CHECKING:
    from concurrent.futures import Executor

PathLike = str | os.PathLike[str]


def check_text(text: str, *, path: str | None = None, config: Config | None = None) -> list[Violation]:
    """Check the text of one transcript; return its violations sorted by position.

    `path` names the text in the violations (default `<string>`); when given, `per-file-ignores` match it and
    `include:` card files are looked up next to it. `config` defaults to every rule selected; no configuration
    file is read."""
    label = "<string>" if path is None else os.fspath(path)
    from pathlib import Path

    base_dir = Path(label).parent if path is not None else None
    return checker.check_text(text, path=label, config=config or DEFAULT, base_dir=base_dir)


def files_to_check(paths: Iterable[str], resolver: ConfigResolver) -> list[tuple[str, Config]]:
    """Each file to check with its configuration: directories are walked for the configured extension."""
    out: list[tuple[str, Config]] = []
    for path in paths:
        config = resolver.for_path(path)
        if path != "-" and os.path.isdir(path):
            out.extend((file, resolver.for_path(file)) for file in checker.iter_paths([path], config.extension))
        else:
            out.append((path, config))
    return out


def check_paths(paths: PathLike | Iterable[PathLike], *, config: Config | None = None,
                jobs: int = 1, executor: Executor | None = None) -> list[Violation]:
    """Check files and directories (walked for `*.transcript`, or the configured extension); return every
    violation, file by file in the order given, each file's sorted by position.

    Without `config`, each file gets the configuration the command line would find for it (`.rulecheck.yaml` or
    `pyproject.toml` above it); pass `Config()` to read no file. An unreadable file is an `io` violation, not an
    exception; a bad configuration file raises `ConfigError`. `jobs` > 1 checks in that many processes;
    `executor`, any `concurrent.futures.Executor` (a process pool, a Dask client's `get_executor()`), checks them
    there instead, with the same results."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    resolver = ConfigResolver(explicit=config)
    found = files_to_check([os.fspath(p) for p in items], resolver)
    results = checker.check_files(found, jobs=max(1, jobs), executor=executor)
    return [v for result in results for v in result.violations]
