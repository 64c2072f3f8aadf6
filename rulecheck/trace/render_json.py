"""`rulecheck trace --format json`: one entry per line with the full state after it (docs/trace.schema.json)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..diagnostics import Violation
from ..report.common import title_of
from .record import Trace
from .state import State

SCHEMA_VERSION = 1


def public_state(state: State) -> dict[str, Any]:
    """The state as the JSON output gives it: the battlefield grouped by controller, in the players' order."""
    battlefield: dict[str, list[Any]] = {p["name"]: [] for p in state["players"]}
    for perm in state["permanents"].values():
        battlefield.setdefault(perm["controller"], []).append(perm)
    return {"turn": state["turn"], "players": state["players"], "battlefield": battlefield,
            "stack": state["stack"], "pending": state["pending"], "declaring": state["declaring"]}


def finding(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "title": title_of(v.rule, v.edition), "message": v.message, "severity": v.severity,
            "column": v.column, "end_column": v.end_column, "related": list(v.related)}


def entries(trace: Trace, only: int | None = None) -> Iterator[dict[str, Any]]:
    if only is not None:
        found = trace.state_at(only)
        pairs = [found] if found is not None else []
    for entry, state in trace.states() if only is None else pairs:
        yield {"line": entry.line, "text": entry.text, "state": public_state(state),
               "findings": [finding(v) for v in entry.findings]}


def iter_json(trace: Trace, only: int | None = None) -> Iterator[str]:
    """The document in pieces, one entry at a time (the whole state on every line of a long game is large: it is
    written as it is made, never held)."""
    yield json.dumps({"version": SCHEMA_VERSION, "file": trace.path}, ensure_ascii=False)[:-1] + ', "lines": [\n'
    sep = ""
    for e in entries(trace, only):
        yield sep + json.dumps(e, ensure_ascii=False, separators=(",", ":"))
        sep = ",\n"
    yield "\n]}"


def render_json(trace: Trace, only: int | None = None) -> str:
    """The whole document; with `only`, the entry of that line alone (or of the last statement line before it)."""
    return "".join(iter_json(trace, only))
