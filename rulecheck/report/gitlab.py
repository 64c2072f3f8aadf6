"""GitLab Code Quality report: a JSON array of issues GitLab shows in merge requests.

The fingerprint is a hash of file, line, rule and message, so the same finding keeps its identity from one pipeline
to the next; a repeated identical finding gets an occurrence number folded in, so fingerprints stay unique.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from ..diagnostics import NOTE, WARNING, Violation
from .common import display_path


def fingerprint(path: str, line: int, rule: str, message: str, occurrence: int = 0) -> str:
    key = "\0".join((path, str(line), rule, message) + ((str(occurrence),) if occurrence else ()))
    return hashlib.sha256(key.encode("utf-8", errors="surrogatepass")).hexdigest()[:32]


def format_gitlab(violations: Sequence[Violation]) -> str:
    seen: dict[str, int] = {}
    issues: list[dict[str, Any]] = []
    for v in violations:
        path = display_path(v.file)
        base = fingerprint(path, v.line, v.rule, v.message)
        occurrence = seen.get(base, 0)
        seen[base] = occurrence + 1
        issues.append({
            "description": f"{v.rule}: {v.message}",
            "check_name": v.rule,
            "fingerprint": fingerprint(path, v.line, v.rule, v.message, occurrence),
            "severity": "info" if v.severity == NOTE else "minor" if v.severity == WARNING else "major",
            "location": {"path": path, "lines": {"begin": v.line}},
        })
    return json.dumps(issues, indent=2, ensure_ascii=False)
