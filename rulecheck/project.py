"""Where the project lives, read from the package's metadata (`[project.urls]` in pyproject.toml), so that a fork
changes one line of pyproject.toml and every link rulecheck writes (the language server's rule links, ...) follows."""

from __future__ import annotations

import re
from functools import cache
from importlib import metadata
from pathlib import Path

_FALLBACK = "https://github.com/OWNER/rulecheck"


@cache
def repository_url() -> str:
    """The `Repository` URL of `[project.urls]`: from the installed package's metadata, else (a source tree that
    was never installed) from the pyproject.toml beside the package."""
    try:
        entries: list[str] = metadata.metadata("rulecheck").get_all("Project-URL") or []
        for entry in entries:
            label, _, url = str(entry).partition(",")
            if label.strip().lower() == "repository" and url.strip():
                return url.strip().rstrip("/")
    except metadata.PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        found = re.search(r'^Repository\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.MULTILINE)
    except OSError:
        found = None
    return found.group(1).rstrip("/") if found else _FALLBACK


def rules_doc_url() -> str:
    """The page of every rule's row (docs/rules.md) in the repository, as a browser shows it."""
    return f"{repository_url()}/blob/main/docs/rules.md"


def repository_slug() -> str:
    """`OWNER/rulecheck`: how GitHub Actions and pre-commit name the repository."""
    return repository_url().removeprefix("https://github.com/")
