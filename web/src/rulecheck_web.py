"""The playground's glue in Pyodide: the worker calls these with plain strings and gets JSON back.

Only rulecheck's public Python API is used, the same calls the command line makes: `rulecheck.api.check_text`
(`rulecheck check`), `rulecheck.trace.trace_text` and `render_html` (`rulecheck trace --format html`),
`rulecheck.exam.grade_text` (`rulecheck exam`), `rulecheck.explain.summary` (`rulecheck explain`'s head, as the
language server's hover shows it) and `rulecheck.report.render` (`--format json` / `sarif`)."""

from __future__ import annotations

import json
from typing import Any

from rulecheck import api
from rulecheck.config import Config
from rulecheck.diagnostics import Violation
from rulecheck.editions import EDITIONS
from rulecheck.exam import grade_text
from rulecheck.explain import summary
from rulecheck.report import render
from rulecheck.trace import trace_text
from rulecheck.trace.render_html import render_html
from rulecheck.version import __version__

TRANSCRIPT = "playground.transcript"
EXAM = "playground.exam.yaml"
_last: dict[str, list[Violation]] = {}


def _about(rule: str, edition: str) -> dict[str, Any] | None:
    s = summary(rule, EDITIONS.get(edition, EDITIONS["baseline"]))
    if s is None:
        return None
    return {"code": s.code, "title": s.title, "status": s.status, "checks": s.checks, "part_of": s.part_of,
            "related": list(s.related)}


def _title(about: dict[str, Any] | None) -> str:
    return about["title"] if about and (about["status"] or about["checks"]) else ""


def _diagnostics(violations: list[Violation]) -> list[dict[str, Any]]:
    out = []
    cache: dict[tuple[str, str], dict[str, Any] | None] = {}
    for v in violations:
        item = v.to_json()
        item["edition"] = v.edition
        for rule in (v.rule, *v.related):
            if (rule, v.edition) not in cache:
                cache[rule, v.edition] = _about(rule, v.edition)
        about = cache[v.rule, v.edition]
        item["title"] = about["title"] if about else ""
        item["about"] = about
        # a related rule's title when rulecheck has one of its own (not "not a rule rulecheck checks ...")
        item["related_titles"] = {r: _title(cache[r, v.edition]) for r in v.related}
        out.append(item)
    return out


def _guard(fn: Any) -> Any:
    """No exception crosses into JavaScript: a failure is an `error` result the page shows as a message."""
    def wrapped(*args: Any) -> str:
        try:
            return json.dumps(fn(*args))
        except Exception as exc:  # noqa: BLE001 - a failure reaches the page as a message, never a traceback
            return json.dumps({"error": f"rulecheck failed ({type(exc).__name__}: {exc}); please report it"})
    return wrapped


@_guard
def info() -> dict[str, Any]:
    return {"version": __version__,
            "editions": [{"name": e.name, "description": e.description} for e in EDITIONS.values()]}


@_guard
def check(text: str, edition: str) -> dict[str, Any]:
    violations = api.check_text(text, path=TRANSCRIPT, config=Config(edition=edition))
    _last["transcript"] = violations
    return {"diagnostics": _diagnostics(violations)}


@_guard
def board(text: str, edition: str, line: int) -> dict[str, Any]:
    trace = trace_text(text, path=TRANSCRIPT, config=Config(edition=edition))
    return {"html": render_html(trace, line), "failure": trace.failure}


@_guard
def exam(text: str, edition: str) -> dict[str, Any]:
    report = grade_text(text, path=EXAM, edition=edition)
    violations = sorted(report.violations, key=Violation.sort_key)
    _last["exam"] = violations
    return {"diagnostics": _diagnostics(violations), "questions": report.questions, "answers": report.answers,
            "invalid": report.invalid}


@_guard
def report(kind: str, fmt: str) -> dict[str, Any]:
    """The last results of `kind` (transcript or exam) in a report format of the command line (json, sarif)."""
    return {"text": render(fmt, _last.get(kind, []), files=1, paths=[TRANSCRIPT if kind == "transcript" else EXAM])}
