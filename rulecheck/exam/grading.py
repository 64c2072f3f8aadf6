"""Grading an exam: each answer replayed after the exam's and the question's setup, its key compared with
what rulecheck finds, each disagreement a Violation placed in the YAML file."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..checker import FileResult, check_lines
from ..config import Config
from ..diagnostics import ERROR, Violation
from .model import (
    _LINE_REF,
    _THROUGH,
    _UNGRADABLE,
    BY_NUMBER,
    MAX_EXAM_BYTES,
    RULE_NUMBER,
    Answer,
    Exam,
    ExamFormatError,
    ExamReport,
    Question,
    Snippet,
    _Source,
)
from .reading import _normalized, load_exam


@dataclass(frozen=True)
class _Line:
    """One transcript line and where it comes from: text = prefix + snippet.text[offset:offset+len]."""

    text: str
    snippet: Snippet
    offset: int
    prefix: str = ""


def _lines(snippets: Sequence[Snippet | None], prefix: str = "") -> list[_Line]:
    return [_Line(prefix + part, snippet, at, prefix) for snippet in snippets if snippet is not None
            for at, part in snippet.lines()]


def _run(lines: Sequence[_Line], path: str, base_dir: Path | None, edition: str = "baseline",
         cards: str | None = None) -> list[Violation]:
    """Check an assembled transcript; `edition` is the default, which the exam's `edition:` key overrides;
    `cards` the card database (a file, or None for none)."""
    numbered = iter([(i, line.text) for i, line in enumerate(lines, 1)])
    config = Config(edition=edition, cards=cards or "none")
    # each answer is judged on its own lines: an unknown name is reported where each answer uses it
    return check_lines(numbered, path, FileResult(path), base_dir, config=config, fold_unknown_names=False).violations


def _place(v: Violation, lines: Sequence[_Line]) -> Violation:
    """Move a violation from the assembled transcript to the exam file, line references in its text included."""
    line = lines[min(max(v.line, 1), len(lines)) - 1]

    def index(col: int) -> int:
        return line.offset + max(col - 1 - len(line.prefix), 0)

    start, end = index(v.column), index(v.end_column) if v.end_line == v.line else index(v.column) + 1
    y_line, y_col, y_end_line, y_end_col = line.snippet.span(start, max(end, start + 1))

    def refer(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return f"line {lines[n - 1].snippet.position(lines[n - 1].offset)[0]}" if 0 < n <= len(lines) \
            else m.group()

    return Violation(v.file, y_line, y_col, y_end_line, y_end_col, v.rule, _LINE_REF.sub(refer, v.message),
                     v.severity, v.related, v.hint)


def _raw_key(v: Violation) -> tuple[int, int, str, str]:
    return v.line, v.column, v.rule, v.message


def _at(snippet: Snippet, i: int, j: int, path: str, rule: str, message: str, *,
        related: tuple[str, ...] = (), hint: str | None = None) -> Violation:
    line, col, end_line, end_col = snippet.span(i, j)
    return Violation(path, line, col, end_line, end_col, rule, message, ERROR, related, hint)


def _found_text(found: Sequence[Violation]) -> str:
    rules = list(dict.fromkeys(v.rule for v in found))
    if len(found) == 1:
        return f"{found[0].rule} (line {found[0].line}: {found[0].message})"
    return ", ".join(rules)


def _proxies(rule: str) -> set[str]:
    """The rules through which the registry says `rule` is checked ("checked through 510.1c/d")."""
    r = BY_NUMBER.get(rule)
    m = _THROUGH.search(r.note) if r else None
    if m is None:
        return set()
    out: set[str] = set()
    for base, letters in re.findall(r"(\d{3}\.\d+)((?:[a-z](?:/[a-z])*)?)", m.group(1)):
        if letters:
            out.update(base + letter for letter in letters.split("/"))
        else:
            out.add(base)
    return out


def _more_specific(cited: str, found: Sequence[str]) -> str | None:
    return next((f for f in found if f != cited and f.startswith(cited) and f[len(cited):].isalpha()), None)


class _Grader:
    def __init__(self, exam: Exam, path: str, base_dir: Path | None, edition: str = "baseline",
                 cards: str | None = None) -> None:
        self.exam = exam
        self.edition = edition
        self.cards = cards
        self.path = path
        self.base_dir = base_dir
        self.out: list[Violation] = []
        self.seen: set[tuple[int, int, str, str]] = set()
        self.answers = 0

    def emit(self, v: Violation) -> None:
        key = (v.line, v.column, v.rule, v.message)
        if key not in self.seen:
            self.seen.add(key)
            self.out.append(v)

    def grade(self) -> list[Violation]:
        head = _lines([self.exam.edition], "edition: ") + _lines(self.exam.setup)
        for q in self.exam.questions:
            self.question(q, head + _lines(q.setup))
        self.out.sort(key=Violation.sort_key)
        return self.out

    def question(self, q: Question, setup: list[_Line]) -> None:
        before = _run(setup, self.path, self.base_dir, self.edition, self.cards) if setup else []
        baseline = {_raw_key(v) for v in before}
        gradable = True
        for v in before:
            if v.severity != ERROR:
                continue
            placed = _place(v, setup)
            if v.rule in BY_NUMBER:
                self.emit(Violation(placed.file, placed.line, placed.column, placed.end_line, placed.end_column,
                                    "exam-setup", f"the setup breaks {v.rule}: {placed.message}", ERROR,
                                    (v.rule,)))
            else:
                self.emit(placed)
            gradable = gradable and v.rule not in _UNGRADABLE
        if not gradable:
            return
        found_in_question: list[Violation] = []
        graded_all = True
        for answer in q.answers:
            lines = setup + _lines(answer.transcript)
            new = [v for v in _run(lines, self.path, self.base_dir, self.edition, self.cards)
                   if _raw_key(v) not in baseline and v.severity == ERROR]
            for v in new:
                if v.rule not in BY_NUMBER:
                    self.emit(_place(v, lines))
            if any(v.rule in _UNGRADABLE for v in new):
                graded_all = False
                continue
            found = [_place(v, lines) for v in new if v.rule in BY_NUMBER]
            found_in_question += found
            self.answers += 1
            self.key(q, answer, found)
        if q.explanation is not None and graded_all:
            self.explanation(q, q.explanation, found_in_question)

    def key(self, q: Question, a: Answer, found: list[Violation]) -> None:
        where = f"{q.qid} answer {a.label}"
        key_span = (0, len(a.key_snippet.text.rstrip()))
        if a.key == "legal":
            for v in found:
                self.emit(Violation(v.file, v.line, v.column, v.end_line, v.end_column, "exam-key",
                                    f"{where}: the key says legal, but rulecheck finds {v.rule}: {v.message}",
                                    ERROR, (v.rule,)))
            return
        cited = [c.rule for c in a.cites or []]
        if not found:
            cites = f" ({', '.join(cited)})" if cited else ""
            self.emit(_at(a.key_snippet, *key_span, self.path, "exam-key",
                          f"{where}: the key says illegal{cites}, but rulecheck finds no violation"))
            return
        rules = list(dict.fromkeys(v.rule for v in found))
        if a.cites is None:
            self.emit(_at(a.key_snippet, *key_span, self.path, "exam-citation",
                          f"{where}: the key says illegal but cites no rule; rulecheck finds {_found_text(found)}",
                          related=tuple(rules)))
            return
        related = {r for v in found for r in v.related}
        wrong = [c for c in a.cites if c.rule not in (rules if c.rule in BY_NUMBER else related)]
        uncited = [r for r in rules if r not in cited]
        if not wrong and not uncited:
            return
        first = wrong[0] if wrong else a.cites[0]
        hint = None
        for c in wrong:
            better = _more_specific(c.rule, rules)
            if better:
                hint = f"cite the exact rule, with its letter: {better}"
                break
            if c.rule not in BY_NUMBER:
                hint = (f"{c.rule} is outside the rules rulecheck checks; such a citation must be one of the "
                        f"related rules of what it finds ({', '.join(sorted(related)) or 'none'})")
                break
        self.emit(_at(first.snippet, first.at, first.at + len(first.rule), self.path, "exam-citation",
                      f"{where}: the key cites {', '.join(cited)}, but rulecheck finds {_found_text(found)}",
                      related=tuple(rules), hint=hint))

    def explanation(self, q: Question, text: Snippet, found: list[Violation]) -> None:
        primary = list(dict.fromkeys(v.rule for v in found))
        known = set(primary) | {r for v in found for r in v.related}
        reported: set[str] = set()
        for m in RULE_NUMBER.finditer(text.text):
            rule = m.group()
            if rule in known or rule in reported or _proxies(rule) & set(primary):
                continue
            reported.add(rule)
            finds = f"it finds {', '.join(primary)}" if primary else "it finds no violation"
            better = _more_specific(rule, primary)
            self.emit(_at(text, m.start(), m.end(), self.path, "exam-explanation",
                          f"{q.qid} explanation: quotes {rule}, but rulecheck finds no {rule} in this question's "
                          f"answers ({finds})",
                          hint=f"cite the exact rule, with its letter: {better}" if better else None))


def grade_text(text: str, *, path: str = "<string>", base_dir: Path | None = None,
               edition: str = "baseline", cards: str | None = None) -> ExamReport:
    """Grade an exam given as YAML text; `path` names it in the violations, `base_dir` resolves includes;
    `edition` is the rules edition when the exam has no `edition:` key; `cards` a card database file (for
    cards the exam names without defining), None for none."""
    report = ExamReport(path)
    try:
        exam, _ = load_exam(text)
    except ExamFormatError as err:
        line, col = _Source(_normalized(text)).position(err.index)
        report.violations = [Violation(path, line, col, line, col + 1, "exam-format", err.message)]
        report.invalid = True
        return report
    grader = _Grader(exam, path, base_dir, edition, cards)
    try:
        report.violations = grader.grade()
    except Exception as exc:  # noqa: BLE001 - a failure must reach the user as a diagnostic, not a traceback
        report.violations = [Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed while grading this "
                                       f"exam ({type(exc).__name__}: {exc}); please report it")]
        report.invalid = True
    report.questions = len(exam.questions)
    report.answers = grader.answers
    return report


def grade_file(path: str, edition: str = "baseline", cards: str | None = None) -> ExamReport:
    """Grade one exam file (`-` for standard input)."""
    label = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_EXAM_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_EXAM_BYTES + 1)
    except OSError as err:
        return ExamReport(label, [Violation(label, 1, 1, 1, 1, "io", f"cannot read file: {err.strerror or err}")],
                          invalid=True)
    return grade_data(data, path=label, base_dir=Path.cwd() if path == "-" else Path(path).parent, edition=edition,
                      cards=cards)


def grade_data(data: bytes, *, path: str = "<string>", base_dir: Path | None = None,
               edition: str = "baseline", cards: str | None = None) -> ExamReport:
    """Grade an exam given as the bytes of its file (what `grade_file` read, or an editor's buffer): too large
    or not UTF-8 is an `exam-format` diagnostic."""
    label = path
    if len(data) > MAX_EXAM_BYTES:
        return ExamReport(label, [Violation(label, 1, 1, 1, 2, "exam-format",
                                            f"the file is larger than {MAX_EXAM_BYTES} bytes")], invalid=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        col = len(before) - (before.rfind("\n") + 1) + 1
        return ExamReport(label, [Violation(label, line, col, line, col + 1, "exam-format",
                                            f"the file is not valid UTF-8 (byte 0x{data[err.start]:02x})")],
                          invalid=True)
    return grade_text(text, path=label, base_dir=base_dir, edition=edition, cards=cards)
