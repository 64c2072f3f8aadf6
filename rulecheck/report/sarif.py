"""SARIF 2.1.0: one run, the rules that fired described from the registry, one result per violation.

Columns are Unicode code points (`columnKind`), and `endColumn` is exclusive, exactly as in the violation record.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..diagnostics import NOTE, WARNING, Violation
from .common import RULES_URI, full_description, help_text, is_cr_number, rule_order, title_of, uri_of

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def _level(severity: str) -> str:
    return "warning" if severity == WARNING else "note" if severity == NOTE else "error"


def _descriptor(rule: str, edition: str, severity: str) -> dict[str, Any]:
    cr = is_cr_number(rule)
    entry: dict[str, Any] = {
        "id": rule,
        "name": (f"CR {rule}" if cr else rule) + (f" ({edition})" if cr and edition != "baseline" else ""),
        "shortDescription": {"text": title_of(rule, edition) or f"rulecheck diagnostic '{rule}'"},
        "fullDescription": {"text": full_description(rule, edition)},
        "help": {"text": help_text(rule, edition)},
        "defaultConfiguration": {"level": _level(severity)},
    }
    if cr:
        entry["helpUri"] = RULES_URI
        if edition != "baseline":
            entry["properties"] = {"edition": edition}
    return entry


def _key(v: Violation) -> tuple[str, str]:
    """Rules are described per edition: 510.1c of the baseline and of the current edition are two rules."""
    return (v.rule, v.edition if is_cr_number(v.rule) else "baseline")


def _result(v: Violation, index: int) -> dict[str, Any]:
    text = f"{v.message}\nhint: {v.hint}" if v.hint else v.message
    return {
        "ruleId": v.rule,
        "ruleIndex": index,
        "level": _level(v.severity),
        "message": {"text": text},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": {"uri": uri_of(v.file)},
                "region": {"startLine": v.line, "startColumn": v.column,
                           "endLine": v.end_line, "endColumn": max(v.end_column, 1)},
            },
        }],
    }


def format_sarif(violations: Sequence[Violation]) -> str:
    from ..version import __version__

    severity: dict[tuple[str, str], str] = {}
    for v in violations:
        severity.setdefault(_key(v), v.severity)
    rules = sorted(severity, key=lambda k: (k[1] != "baseline", k[1], rule_order(k[0])))
    index = {key: i for i, key in enumerate(rules)}
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "rulecheck",
                "version": __version__,
                "informationUri": RULES_URI,
                "rules": [_descriptor(rule, edition, severity[(rule, edition)]) for rule, edition in rules],
            }},
            "invocations": [{"executionSuccessful": not any(v.rule == "io" for v in violations)}],
            "columnKind": "unicodeCodePoints",
            "results": [_result(v, index[_key(v)]) for v in violations],
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False)
