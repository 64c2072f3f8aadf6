"""SARIF 2.1.0: one run, the rules that fired described from the registry, one result per violation.

Columns are Unicode code points (`columnKind`), and `endColumn` is exclusive, exactly as in the violation record.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..diagnostics import WARNING, Violation
from .common import RULES_URI, full_description, help_text, is_cr_number, rule_order, title_of, uri_of

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def _level(severity: str) -> str:
    return "warning" if severity == WARNING else "error"


def _descriptor(rule: str, severity: str) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": rule,
        "name": f"CR {rule}" if is_cr_number(rule) else rule,
        "shortDescription": {"text": title_of(rule) or f"rulecheck diagnostic '{rule}'"},
        "fullDescription": {"text": full_description(rule)},
        "help": {"text": help_text(rule)},
        "defaultConfiguration": {"level": _level(severity)},
    }
    if is_cr_number(rule):
        entry["helpUri"] = RULES_URI
    return entry


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

    severity: dict[str, str] = {}
    for v in violations:
        severity.setdefault(v.rule, v.severity)
    rules = sorted(severity, key=rule_order)
    index = {rule: i for i, rule in enumerate(rules)}
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "rulecheck",
                "version": __version__,
                "informationUri": RULES_URI,
                "rules": [_descriptor(rule, severity[rule]) for rule in rules],
            }},
            "invocations": [{"executionSuccessful": not any(v.rule == "io" for v in violations)}],
            "columnKind": "unicodeCodePoints",
            "results": [_result(v, index[v.rule]) for v in violations],
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False)
