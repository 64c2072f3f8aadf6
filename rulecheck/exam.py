"""Judge-exam mode: grade an exam's answer key against the checker.

Judges write questions as a scenario plus answer options, with a key saying which options are legal and which
rule each illegal one breaks. Every answer is replayed after the exam's and the question's setup, and the key is
compared with what rulecheck finds. Each disagreement is a `Violation` placed inside the YAML file itself (the
line and column of the answer text, the key or the citation), so every output format works unchanged.
The exam format and the citation policy are documented in docs/exams.md.
"""

from __future__ import annotations

import bisect
import difflib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import click
import yaml

from .checker import FileResult, check_lines
from .config import Config
from .diagnostics import ERROR, Violation
from .editions import EDITIONS
from .editions.registry import Rule
from .report import FORMATS, render

# every rule number of every edition (the baseline's first), so that a 2003 exam's 300.3 is a rule, not a code
BY_NUMBER: dict[str, Rule] = {}
for _edition in EDITIONS.values():
    for _rule in _edition.rules:
        BY_NUMBER.setdefault(_rule.number, _rule)

RULE_NUMBER = re.compile(r"(?<![\w.])\d{3}\.\d+[a-z]?(?![\w])")
_CITE = re.compile(r"^\d{3}\.\d+[a-z]?$")
_LINE_REF = re.compile(r"\bline (\d+)\b")
_THROUGH = re.compile(r"checked through ([^(;]*)")
_NULL_TAG = "tag:yaml.org,2002:null"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_BLANK_ESCAPES = ("n", "r", "t", " ", "\n")  # escapes in double quotes that make whitespace (or nothing)
EXAM_SUFFIXES = (".exam.yaml", ".exam.yml")
MAX_EXAM_BYTES = 5_000_000
MAX_REPLAY_CHARS = 20_000_000
# Findings of these kinds mean the replay of an answer cannot be trusted, so its key is not graded.
_UNGRADABLE = ("syntax", "internal-error")


class ExamFormatError(Exception):
    """The file is not an exam: bad YAML, a wrong type, a missing or unknown key. `index` is where, in the text."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


class _Source:
    """The exam text and its line starts, to turn a character index into a 1-based line and column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def position(self, index: int) -> tuple[int, int]:
        row = bisect.bisect_right(self.line_starts, index) - 1
        return row + 1, index - self.line_starts[row] + 1


@dataclass(frozen=True)
class Snippet:
    """A string of the exam file with, for each of its characters, where it stands in the file.

    Block scalars (`|`, `>`), plain and quoted strings all keep their characters in order in the file, with only
    indentation, line breaks, quotes and escape backslashes in between; each character is matched to the file
    that way. An escape that produces a character absent from the file (`\\x41`) stops the matching; the rest of
    the string is then placed relative to the last character matched on its line, or at the string's start."""

    text: str
    source: _Source
    start: int
    index: tuple[int | None, ...]

    @classmethod
    def of(cls, node: yaml.ScalarNode, source: _Source) -> Snippet:
        value: str = node.value
        raw = source.text
        cursor, end = node.start_mark.index, node.end_mark.index
        if node.style in ("|", ">"):
            header_end = raw.find("\n", cursor, end)
            cursor = header_end + 1 if header_end >= 0 else end
        found: list[int | None] = []
        exact = True
        quoted = node.style == '"'
        for ch in value:
            if not exact or ch.isspace():
                found.append(None)
                continue
            j = cursor
            while j < end and raw[j] != ch:
                if quoted and raw[j] == "\\" and raw[j + 1:j + 2] in _BLANK_ESCAPES:
                    j += 2
                    continue
                if not (raw[j].isspace() or raw[j] in "\\\"'"):
                    break
                j += 1
            if j >= end or raw[j] != ch:
                exact = False
                found.append(None)
                continue
            found.append(j)
            cursor = j + 1
        return cls(value, source, node.start_mark.index, tuple(found))

    def file_index(self, i: int) -> int:
        """Where character `i` of the text (or the position just after the text) stands in the file."""
        i = max(0, min(i, len(self.text)))
        j = i
        while True:  # back to the nearest placed character on the same line of the text ...
            at = self.index[j] if j < len(self.text) else None
            if at is not None:
                return at + (i - j)
            if j == 0 or self.text[j - 1] == "\n":
                break
            j -= 1
        for k in range(i, len(self.text)):  # ... else forward to one
            if self.text[k] == "\n":
                break
            at = self.index[k]
            if at is not None:
                return max(at - (k - i), 0)
        return self.start

    def position(self, i: int) -> tuple[int, int]:
        return self.source.position(self.file_index(i))

    def span(self, i: int, j: int) -> tuple[int, int, int, int]:
        """File line, column, end line and exclusive end column of text[i:j]."""
        line, col = self.position(i)
        if j <= i:
            return line, col, line, col + 1
        end_line, end_col = self.source.position(self.file_index(j - 1))
        return line, col, end_line, end_col + 1

    def lines(self) -> list[tuple[int, str]]:
        """(start index, text) of each line; the final line break of a block scalar ends the last line."""
        out: list[tuple[int, str]] = []
        at = 0
        parts = self.text.split("\n")
        if len(parts) > 1 and parts[-1] == "":
            parts.pop()
        for part in parts:
            out.append((at, part))
            at += len(part) + 1
        return out


@dataclass(frozen=True)
class Cite:
    rule: str
    snippet: Snippet
    at: int


@dataclass
class Answer:
    label: str
    transcript: list[Snippet]
    key: str
    key_snippet: Snippet
    cites: list[Cite] | None


@dataclass
class Question:
    qid: str
    setup: list[Snippet]
    answers: list[Answer]
    explanation: Snippet | None


@dataclass
class Exam:
    title: str
    edition: Snippet | None
    setup: list[Snippet]
    questions: list[Question]


@dataclass
class ExamReport:
    """What grading one exam file found. `invalid`: the file could not be read or is not an exam (exit 2)."""

    path: str
    violations: list[Violation] = field(default_factory=list)
    questions: int = 0
    answers: int = 0
    invalid: bool = False


# ---------------------------------------------------------------------------------------------- reading

_TOP_KEYS = {"exam": True, "edition": False, "setup": False, "questions": True}
_QUESTION_KEYS = {"id": False, "prompt": False, "setup": False, "answers": True, "explanation": False}
_ANSWER_KEYS = {"transcript": True, "key": True, "cites": False}
_KEYS = ("legal", "illegal")


def _replay_size(exam: Exam) -> int:
    """How much transcript text grading replays: each answer replays its question's whole setup. YAML aliases
    can make this far larger than the file (a billion-laughs exam), hence a limit."""
    head = len(exam.edition.text) if exam.edition else 0
    head += sum(len(s.text) for s in exam.setup)
    total = 0
    for q in exam.questions:
        setup = head + sum(len(s.text) for s in q.setup)
        total += setup * (1 + len(q.answers)) + sum(len(s.text) for a in q.answers for s in a.transcript)
    return total


class _Reader:
    """Builds the exam from YAML nodes, which keep positions and the raw text of every scalar (so `500.10` stays
    a rule number rather than becoming the float 500.1)."""

    def __init__(self, source: _Source) -> None:
        self.source = source
        self.loader = yaml.SafeLoader(source.text)
        self.flattened: set[int] = set()
        self.snippets: dict[int, Snippet] = {}

    def close(self) -> None:
        self.loader.dispose()

    def fail(self, message: str, node: yaml.Node) -> ExamFormatError:
        return ExamFormatError(message, node.start_mark.index)

    def mapping(self, node: yaml.Node, what: str, keys: dict[str, bool]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            wanted = ", ".join(f"'{k}'" for k, required in keys.items() if required)
            raise self.fail(f"{what} must be a mapping (with {wanted})", node)
        if id(node) not in self.flattened:
            seen: set[str] = set()
            for key_node, _ in node.value:
                if key_node.tag == _MERGE_TAG:
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self.fail(f"{what}: a key must be a plain name", key_node)
                if key_node.value in seen:
                    raise self.fail(f"{what}: duplicate key '{key_node.value}'", key_node)
                seen.add(key_node.value)
            self.loader.flatten_mapping(node)
            self.flattened.add(id(node))
        pairs: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(f"{what}: a key must be a plain name", key_node)
            name = str(key_node.value)
            if keys and name.startswith("x-"):
                continue  # extension keys: ignored, a place to define YAML anchors
            if keys and name not in keys:
                close = difflib.get_close_matches(name, list(keys), n=1)
                hint = f"; did you mean '{close[0]}'?" if close else f" (expected {', '.join(keys)})"
                raise self.fail(f"{what}: unknown key '{name}'{hint}", key_node)
            pairs[name] = (key_node, value_node)
        for name, required in keys.items():
            if required and name not in pairs:
                raise self.fail(f"{what} has no '{name}'", node)
        return pairs

    def text(self, node: yaml.Node, what: str) -> Snippet:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(f"{what} must be text", node)
        if node.tag == _NULL_TAG or not str(node.value).strip():
            raise self.fail(f"{what} is empty", node)
        snippet = self.snippets.get(id(node))
        if snippet is None:  # an alias is the same node: mapped once
            snippet = self.snippets[id(node)] = Snippet.of(node, self.source)
        return snippet

    def transcript(self, node: yaml.Node, what: str) -> list[Snippet]:
        """A transcript is a text or a list of texts, read one after the other (so an anchored setup can be
        reused and extended: `setup: [*combat, "Alice passes priority"]`)."""
        if isinstance(node, yaml.SequenceNode):
            if not node.value:
                raise self.fail(f"{what} is an empty list", node)
            return [self.text(item, what) for item in node.value]
        return [self.text(node, what)]

    def exam(self) -> Exam:
        root = self.loader.get_single_node()
        if root is None:
            raise ExamFormatError("the file is empty; an exam is a mapping with 'exam' and 'questions'", 0)
        top = self.mapping(root, "the exam", _TOP_KEYS)
        title = self.text(top["exam"][1], "'exam' (the title)").text
        edition = self.text(top["edition"][1], "'edition'") if "edition" in top else None
        setup = self.transcript(top["setup"][1], "the exam's 'setup'") if "setup" in top else []
        questions_node = top["questions"][1]
        if not isinstance(questions_node, yaml.SequenceNode) or not questions_node.value:
            raise self.fail("'questions' must be a list of questions", questions_node)
        questions: list[Question] = []
        ids: set[str] = set()
        for number, qnode in enumerate(questions_node.value, 1):
            q = self.question(qnode, number)
            if q.qid in ids:
                raise self.fail(f"question id '{q.qid}' is used twice", qnode)
            ids.add(q.qid)
            questions.append(q)
        exam = Exam(title, edition, setup, questions)
        work = _replay_size(exam)
        if work > MAX_REPLAY_CHARS:
            raise ExamFormatError(f"the exam is too large to grade: its answers replay {work} characters of "
                                  f"transcript (aliases included); the limit is {MAX_REPLAY_CHARS}", 0)
        return exam

    def question(self, node: yaml.Node, number: int) -> Question:
        fields = self.mapping(node, f"question {number}", _QUESTION_KEYS)
        qid = self.text(fields["id"][1], f"question {number}: 'id'").text.strip() if "id" in fields \
            else f"q{number}"
        if "prompt" in fields:
            self.text(fields["prompt"][1], f"question {qid}: 'prompt'")
        setup = self.transcript(fields["setup"][1], f"question {qid}: 'setup'") if "setup" in fields else []
        explanation = self.text(fields["explanation"][1], f"question {qid}: 'explanation'") \
            if "explanation" in fields else None
        answers_node = fields["answers"][1]
        if not isinstance(answers_node, yaml.MappingNode) or not answers_node.value:
            raise self.fail(f"question {qid}: 'answers' must map each answer's label to the answer "
                            "(A: {transcript: ..., key: legal})", answers_node)
        answers = [self.answer(value, label, qid)
                   for label, (_, value) in self.mapping(answers_node, f"question {qid}: 'answers'", {}).items()]
        return Question(qid, setup, answers, explanation)

    def answer(self, node: yaml.Node, label: str, qid: str) -> Answer:
        what = f"question {qid}, answer {label}"
        fields = self.mapping(node, what, _ANSWER_KEYS)
        transcript = self.transcript(fields["transcript"][1], f"{what}: 'transcript'")
        key_snippet = self.text(fields["key"][1], f"{what}: 'key'")
        key = key_snippet.text.strip()
        if key not in _KEYS:
            raise self.fail(f"{what}: 'key' must be 'legal' or 'illegal', not '{key}'", fields["key"][1])
        cites: list[Cite] | None = None
        if "cites" in fields:
            if key == "legal":
                raise self.fail(f"{what}: a legal answer cites no rules; remove 'cites' or make the key illegal",
                                fields["cites"][0])
            cites = self.cites(fields["cites"][1], what)
        return Answer(label, transcript, key, key_snippet, cites)

    def cites(self, node: yaml.Node, what: str) -> list[Cite]:
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        out: list[Cite] = []
        for item in items:
            snippet = self.text(item, f"{what}: 'cites'")
            for m in re.finditer(r"[^,\s][^,]*", snippet.text):
                rule = m.group().strip()
                if not _CITE.match(rule):
                    raise ExamFormatError(f"{what}: '{rule}' is not a rule number (such as 510.1c)",
                                          snippet.file_index(m.start()))
                out.append(Cite(rule, snippet, m.start()))
        if not out:
            raise self.fail(f"{what}: 'cites' is empty", node)
        return out


def _normalized(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def load_exam(text: str) -> tuple[Exam, _Source]:
    """Read an exam from YAML text; raise `ExamFormatError` with a position when it is not one."""
    text = _normalized(text)
    source = _Source(text)
    try:
        yaml.safe_load(text)  # the one constructor allowed: rejects !!python/... tags and any YAML error
    except yaml.constructor.ConstructorError as err:
        mark = err.problem_mark or err.context_mark
        tag = re.search(r"tag '([^']*)'", str(err.problem))
        what = f"the tag '{tag.group(1)}'" if tag else "this node"
        raise ExamFormatError(f"{what} is not allowed: an exam is plain YAML (text, lists and mappings)",
                              mark.index if mark else 0) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = " ".join(p for p in (err.context, err.problem) if p)
        raise ExamFormatError(f"not valid YAML: {problem}", mark.index if mark else 0) from None
    except yaml.YAMLError as err:
        raise ExamFormatError(f"not valid YAML: {err}", 0) from None
    except RecursionError:
        raise ExamFormatError("not valid YAML: nested too deeply", 0) from None
    reader = _Reader(source)
    try:
        return reader.exam(), source
    finally:
        reader.close()


# ---------------------------------------------------------------------------------------------- grading

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


def _run(lines: Sequence[_Line], path: str, base_dir: Path | None, edition: str = "baseline") -> list[Violation]:
    """Check an assembled transcript; `edition` is the default, which the exam's `edition:` key overrides."""
    numbered = iter([(i, line.text) for i, line in enumerate(lines, 1)])
    return check_lines(numbered, path, FileResult(path), base_dir, config=Config(edition=edition)).violations


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
    def __init__(self, exam: Exam, path: str, base_dir: Path | None, edition: str = "baseline") -> None:
        self.exam = exam
        self.edition = edition
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
        before = _run(setup, self.path, self.base_dir, self.edition) if setup else []
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
            new = [v for v in _run(lines, self.path, self.base_dir, self.edition)
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
               edition: str = "baseline") -> ExamReport:
    """Grade an exam given as YAML text; `path` names it in the violations, `base_dir` resolves includes;
    `edition` is the rules edition when the exam has no `edition:` key."""
    report = ExamReport(path)
    try:
        exam, _ = load_exam(text)
    except ExamFormatError as err:
        line, col = _Source(_normalized(text)).position(err.index)
        report.violations = [Violation(path, line, col, line, col + 1, "exam-format", err.message)]
        report.invalid = True
        return report
    grader = _Grader(exam, path, base_dir, edition)
    try:
        report.violations = grader.grade()
    except Exception as exc:  # noqa: BLE001 - a failure must reach the user as a diagnostic, not a traceback
        report.violations = [Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed while grading this "
                                       f"exam ({type(exc).__name__}: {exc}); please report it")]
        report.invalid = True
    report.questions = len(exam.questions)
    report.answers = grader.answers
    return report


def grade_file(path: str, edition: str = "baseline") -> ExamReport:
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
    return grade_data(data, path=label, base_dir=Path.cwd() if path == "-" else Path(path).parent, edition=edition)


def grade_data(data: bytes, *, path: str = "<string>", base_dir: Path | None = None,
               edition: str = "baseline") -> ExamReport:
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
    return grade_text(text, path=label, base_dir=base_dir, edition=edition)


# ---------------------------------------------------------------------------------------------- command

TEMPLATE = """\
# A starter exam: rulecheck exam FILE grades its key. See docs/exams.md for the format.
exam: Starter exam
edition: baseline
setup: |                      # shared by every question
  players: Alice, Bob
  card Craw Wurm: creature 6/4
  card Wall of Wood: creature 0/3, defender
  card Eager Cadet: creature 1/1
questions:
  - id: wurm-split
    prompt: >
      Craw Wurm attacks and is blocked by Wall of Wood and Eager Cadet; Alice orders the Wall first.
      How may the Wurm assign its combat damage?
    setup: |                  # the game up to the moment the question asks about
      Alice controls Craw Wurm
      Bob controls Wall of Wood, Eager Cadet
      turn 5: Alice, in beginning of combat step
      declare attackers step begins
      Alice declares Craw Wurm attacking Bob
      declare blockers step begins
      Bob declares Wall of Wood and Eager Cadet blocking Craw Wurm
      Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
      combat damage step begins
    answers:
      A: {transcript: "Craw Wurm assigns 3 to Wall of Wood, 3 to Eager Cadet", key: legal}
      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: illegal, cites: [510.1c]}
      C: {transcript: "Craw Wurm assigns 6 to Wall of Wood", key: legal}
    explanation: >
      A and C. Under 510.1c the Wall, first in the order, must be assigned lethal damage (3) before the
      Cadet can be assigned any.
  - id: cleanup
    prompt: Alice has nine cards in hand in her cleanup step. What does she discard?
    setup: |
      Alice: hand 9
      turn 3: Alice, in end step
      cleanup step begins
    answers:
      A: {transcript: "Alice discards 2 cards", key: legal}
      B: {transcript: "Alice discards 3 cards", key: illegal, cites: [514.1]}
    explanation: A. 514.1 has her discard down to her maximum hand size, seven, and no further.
"""

EXAMPLES = """
\b
Examples:
  rulecheck exam examples/cr-examples.exam.yaml
  rulecheck exam exams/ --format json
  rulecheck exam --template > my.exam.yaml
"""


def _exam_paths(paths: Sequence[str]) -> Iterator[str]:
    for p in paths:
        if p != "-" and os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(EXAM_SUFFIXES):
                        yield os.path.join(root, name)
        else:
            yield p


@click.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=None,
              help="Output format (default: full on a terminal, concise otherwise).")
@click.option("--template", is_flag=True, help="Print a starter exam (it grades cleanly) and exit.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when a key disagrees.")
@click.option("--edition", type=click.Choice(list(EDITIONS)), default="baseline",
              help="Rules edition for exams without an 'edition:' key (default: baseline).")
def exam(paths: tuple[str, ...], fmt: str | None, template: bool, exit_zero: bool, edition: str) -> None:
    """Grade judge-exam answer keys (YAML files, or directories of *.exam.yaml) against the rules.

    Exit 0 when every key agrees with rulecheck, 1 when one disagrees, 2 when a file is unreadable or not an
    exam."""
    if template:
        if paths:
            raise click.UsageError("--template prints a starter exam and takes no files")
        click.echo(TEMPLATE, nl=False)
        return
    if not paths:
        raise click.UsageError("give one or more exam files (or --template for a starter exam)")
    if fmt is None:
        fmt = "full" if sys.stdout.isatty() else "concise"
    files = list(_exam_paths(paths))
    if not files:
        click.echo("rulecheck: no exam files (*.exam.yaml) found", err=True)
        sys.exit(2)
    reports = [grade_file(p, edition) for p in files]
    violations = sorted((v for r in reports for v in r.violations), key=Violation.sort_key)
    color = fmt == "full" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    click.echo(render(fmt, violations, files=len(files), color=color, paths=[r.path for r in reports]))
    if fmt in ("full", "concise"):
        questions = sum(r.questions for r in reports)
        answers = sum(r.answers for r in reports)
        click.echo(f"Graded {answers} answer{'s' if answers != 1 else ''} to {questions} "
                   f"question{'s' if questions != 1 else ''}.", err=True)
    if any(r.invalid for r in reports):
        sys.exit(2)
    if exit_zero:
        sys.exit(0)
    sys.exit(1 if any(v.severity == ERROR for v in violations) else 0)
