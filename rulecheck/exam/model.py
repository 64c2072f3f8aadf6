"""What an exam is made of: snippets of the YAML file that know where each of their characters stands in it,
the questions, answers and citations, the report of a graded exam, and the limits an exam file is held to."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

import yaml

from ..diagnostics import Violation
from ..editions import EDITIONS
from ..editions.registry import Rule

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
