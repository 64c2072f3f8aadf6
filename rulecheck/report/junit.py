"""JUnit XML: one testsuite per checked file, one testcase per violation.

A clean file is a suite with one passing testcase, so CI dashboards count it. Errors are `<failure>`s; a file
that could not be read or crashed a check is an `<error>`; warnings (nothing to check, an unused suppression) are
`<skipped>`, because they neither pass nor fail the run.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..diagnostics import NOTE, WARNING, Violation
from .common import checked_files, display_path, title_of

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ERROR_RULES = frozenset({"io", "internal-error"})


def _xml_text(text: str) -> str:
    """XML 1.0 cannot carry most control characters, even escaped."""
    return _NOT_XML.sub("\ufffd", text)


def _outcome(v: Violation) -> str:
    if v.severity in (WARNING, NOTE):
        return "skipped"
    return "error" if v.rule in _ERROR_RULES else "failure"


def _testcase(suite: ET.Element, path: str, v: Violation) -> str:
    case = ET.SubElement(suite, "testcase", name=_xml_text(f"{v.rule} at line {v.line}, column {v.column}"),
                         classname=_xml_text(path), file=_xml_text(path), line=str(v.line))
    kind = _outcome(v)
    details = [f"{path}:{v.line}:{v.column}: {v.rule} {v.message}"]
    for label, text in (("rule", title_of(v.rule, v.edition)), ("hint", v.hint or ""),
                        ("related", ", ".join(v.related))):
        if text:
            details.append(f"{label}: {text}")
    child = ET.SubElement(case, kind, type=_xml_text(v.rule), message=_xml_text(v.message))
    child.text = _xml_text("\n".join(details))
    return kind


def format_junit(violations: Sequence[Violation], paths: tuple[str, ...] = ()) -> str:
    by_file: dict[str, list[Violation]] = {}
    for v in violations:
        by_file.setdefault(v.file, []).append(v)
    root = ET.Element("testsuites", name="rulecheck")
    totals = {"tests": 0, "failure": 0, "error": 0, "skipped": 0}
    for file in checked_files(list(violations), paths):
        path = display_path(file)
        suite = ET.SubElement(root, "testsuite", name=_xml_text(path))
        counts = {"failure": 0, "error": 0, "skipped": 0}
        found = by_file.get(file, [])
        for v in found:
            counts[_outcome(v)] += 1
            _testcase(suite, path, v)
        if not found:
            ET.SubElement(suite, "testcase", name="no violations", classname=_xml_text(path),
                          file=_xml_text(path))
        tests = max(len(found), 1)
        suite.attrib.update(tests=str(tests), failures=str(counts["failure"]), errors=str(counts["error"]),
                            skipped=str(counts["skipped"]))
        totals["tests"] += tests
        for key, value in counts.items():
            totals[key] += value
    root.attrib.update(tests=str(totals["tests"]), failures=str(totals["failure"]), errors=str(totals["error"]),
                       skipped=str(totals["skipped"]))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
