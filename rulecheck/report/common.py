"""What several formats share: rule metadata from the registry, and paths as CI systems want them."""

from __future__ import annotations

import os
import re

from ..diagnostics import Violation
from ..editions import EDITIONS
from ..editions.registry import RULES, TOOL_RULES, Rule

#: Where the official text of every rule lives (rulecheck has no public home page of its own yet).
RULES_URI = "https://magic.wizards.com/en/rules"

_CR_NUMBER = re.compile(r"^\d{3}\.\d+[a-z]?$")
_ORDER = {r.number: i for i, r in enumerate(RULES)}
_TOOL_ORDER = {code: len(RULES) + i for i, code in enumerate(TOOL_RULES)}


def _rule(rule: str, edition: str) -> Rule | None:
    e = EDITIONS.get(edition)
    return e.by_number.get(rule) if e is not None else None


def title_of(rule: str, edition: str = "baseline") -> str:
    """Our one-line title of a rule (in an edition's numbers) or tool code, or "" for an id the registry does not
    know."""
    r = _rule(rule, edition)
    return r.title if r else TOOL_RULES.get(rule, "")


def is_cr_number(rule: str) -> bool:
    return bool(_CR_NUMBER.match(rule))


def rule_order(rule: str) -> tuple[int, str]:
    """Registry order (which is CR order), then tool codes, then anything else by name."""
    return (_ORDER.get(rule, _TOOL_ORDER.get(rule, len(RULES) + len(TOOL_RULES))), rule)


def full_description(rule: str, edition: str = "baseline") -> str:
    """A sentence or two built from the registry fields, never from rule text written anywhere else."""
    r = _rule(rule, edition)
    if r is not None:
        status = f"{r.status}: {r.note}" if r.note else r.status
        which = "" if edition == "baseline" else f" ({EDITIONS[edition].description})"
        return f"Comprehensive Rules {r.number}{which}: {r.title}. Status in rulecheck: {status}."
    if rule in TOOL_RULES:
        return f"rulecheck diagnostic '{rule}' (not a Comprehensive Rules number): {TOOL_RULES[rule]}."
    return f"rulecheck diagnostic '{rule}'."


def help_text(rule: str, edition: str = "baseline") -> str:
    r = _rule(rule, edition)
    lines = [f"{title_of(rule, edition) or rule}."]
    if r is not None and r.related:
        lines.append(f"Related rules: {', '.join(r.related)}.")
    option = "" if edition == "baseline" or r is None else f" --edition {edition}"
    lines.append(f"Run `rulecheck explain {rule}{option}` for what rulecheck checks and a failing and a passing "
                 "example.")
    return "\n".join(lines)


def display_path(path: str) -> str:
    """The path CI systems expect: relative to the working directory when inside it, forward slashes.

    Paths outside the working directory stay absolute; `-` is standard input."""
    if path == "-":
        return "<stdin>"
    if path.startswith("<") and path.endswith(">"):
        return path
    if "\\" in path and os.sep == "\\":  # pragma: no cover - Windows
        from pathlib import PureWindowsPath

        path = PureWindowsPath(path).as_posix()
    norm = os.path.normpath(path)
    if os.path.isabs(norm):
        try:
            rel = os.path.relpath(norm, os.getcwd())
        except ValueError:  # pragma: no cover - another drive on Windows
            rel = norm
        if not rel.startswith(os.pardir):
            norm = rel
    return norm.replace(os.sep, "/")


def uri_of(path: str) -> str:
    """A URI reference for SARIF: relative and percent-encoded, or file:// for paths outside the working tree."""
    from urllib.parse import quote  # for the formats that link to files, not for every check

    shown = display_path(path)
    if os.path.isabs(shown):
        return "file://" + quote(shown if shown.startswith("/") else "/" + shown, safe="/")
    return quote(shown, safe="/")


def checked_files(violations: list[Violation], paths: tuple[str, ...]) -> list[str]:
    """Every checked file in order (as violations name them), then any file only the violations name."""
    seen: dict[str, None] = {}
    for p in paths:
        seen.setdefault("<stdin>" if p == "-" else p, None)
    for v in violations:
        seen.setdefault(v.file, None)
    return list(seen)
