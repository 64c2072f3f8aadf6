"""Suppression comments: `# rulecheck: ignore[510.1c]` for a line, `# rulecheck: ignore-file[514]` for a file.

Like sqlfluff's noqa, directives are parsed and validated: one that names no rule, an unknown rule, or a rule that
cannot be silenced is refused (`bad-suppression`), and one that silenced nothing is reported (`unused-suppression`,
a warning). A rule is silenced only when a directive names it or one of its prefixes, so a syntax error stays
visible unless `syntax` is named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .config import ALL, ALWAYS_REPORTED, ALWAYS_REPORTED_MESSAGE, Config, code_matches, unknown_code_message
from .diagnostics import ERROR, WARNING, Violation
from .records import record

LINE = "ignore"
FILE = "ignore-file"
KINDS = (LINE, FILE)
BAD = "bad-suppression"
UNUSED = "unused-suppression"

_DIRECTIVE = re.compile(r"^rulecheck\s*:", re.IGNORECASE)
_BODY = re.compile(r"^\s*(?P<kind>[A-Za-z_-]*)\s*(?P<open>\[)?(?P<codes>[^\]]*)(?P<close>\])?", re.DOTALL)


@record(frozen=True, slots=True)
class Suppression:
    """One parsed directive: where it is written, whether it covers its line or the file, and what it names."""

    line: int
    column: int
    end_column: int
    kind: str
    codes: tuple[str, ...]
    on_statement_line: bool = True

    def covers(self, v: Violation, code: str) -> bool:
        return (self.kind == FILE or v.line == self.line) and code_matches(code, v.rule)


def is_directive(text: str) -> bool:
    """Whether a comment segment is addressed to rulecheck (`rulecheck: ...`)."""
    return _DIRECTIVE.match(text) is not None


def parse_directive(text: str, path: str, line: int, column: int, end_column: int, *,
                    on_statement_line: bool = True) -> Suppression | Violation:
    """Read one `rulecheck: ...` comment segment (starting at `column`): a suppression, or why it is refused."""
    def refuse(message: str) -> Violation:
        return Violation(path, line, column, line, end_column, BAD, message, ERROR)

    m = _DIRECTIVE.match(text)
    assert m is not None
    body = _BODY.match(text[m.end():])
    assert body is not None
    kind = body.group("kind").lower()
    example = "'# rulecheck: ignore[510.1c]'"
    if not kind:
        return refuse(f"empty rulecheck directive; write {example} or '# rulecheck: ignore-file[514]'")
    if kind not in KINDS:
        import difflib
        close = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.5)
        return refuse(f"unknown rulecheck directive '{kind}'" + (f"; did you mean '{close[0]}'?" if close else ""))
    if body.group("open") is None:
        return refuse(f"a bare '# rulecheck: {kind}' is refused: name the rules it silences, as in "
                      f"'# rulecheck: {kind}[510.1c]'")
    if body.group("close") is None:
        return refuse(f"'# rulecheck: {kind}[' is missing its closing ']'")
    codes = tuple(c.strip() for c in body.group("codes").split(",") if c.strip())
    if not codes:
        return refuse(f"'# rulecheck: {kind}[]' names no rule: name the rules it silences, as in "
                      f"'# rulecheck: {kind}[510.1c]'")
    for code in codes:
        if code == ALL:
            return refuse(f"'{ALL}' cannot be suppressed in a comment: name the rules to silence")
        if code in ALWAYS_REPORTED:
            return refuse(ALWAYS_REPORTED_MESSAGE.format(code=code, verb="suppressed"))
        problem = unknown_code_message(code, " in suppression")
        if problem:
            return refuse(problem)
    return Suppression(line, column, end_column, kind, codes, on_statement_line)


def _unused_message(s: Suppression, code: str, config: Config, path: str) -> str:
    if not config.enabled_somewhere(code, path):
        return f"unused suppression: {code} is not selected, so there is nothing to silence"
    if s.kind == FILE:
        return f"unused suppression: no {code} violation in this file to silence"
    if not s.on_statement_line:
        return "unused suppression: a line suppression silences only its own line, and this line has no statement"
    return f"unused suppression: no {code} violation on this line to silence"


def apply_suppressions(violations: Iterable[Violation], suppressions: Sequence[Suppression], path: str,
                       config: Config) -> list[Violation]:
    """Drop the violations that a directive silences; add an `unused-suppression` warning for each named rule
    that silenced nothing. The warnings themselves can be silenced by naming `unused-suppression`."""
    used: set[tuple[int, str]] = set()

    def silenced(v: Violation) -> bool:
        hit = False
        for i, s in enumerate(suppressions):
            for code in s.codes:
                if s.covers(v, code):
                    used.add((i, code))
                    hit = True
        return hit

    kept = [v for v in violations if v.rule in ALWAYS_REPORTED or not silenced(v)]
    unused = [(i, s, code) for i, s in enumerate(suppressions) for code in s.codes
              if (i, code) not in used and not code_matches(code, UNUSED)]
    warnings = [Violation(path, s.line, s.column, s.line, s.end_column, UNUSED, _unused_message(s, code, config, path),
                          WARNING) for _, s, code in unused]
    warnings = [w for w in warnings if config.enabled(UNUSED, path) and not silenced(w)]
    for i, s in enumerate(suppressions):
        for code in s.codes:
            if code_matches(code, UNUSED) and (i, code) not in used and config.enabled(UNUSED, path):
                warnings.append(Violation(path, s.line, s.column, s.line, s.end_column, UNUSED,
                                          _unused_message(s, code, config, path), WARNING))
    return kept + warnings
