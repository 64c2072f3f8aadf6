"""Judge-exam mode: grade an exam's answer key against the checker.

Judges write questions as a scenario plus answer options, with a key saying which options are legal and which
rule each illegal one breaks. Every answer is replayed after the exam's and the question's setup, and the key is
compared with what rulecheck finds. Each disagreement is a `Violation` placed inside the YAML file itself (the
line and column of the answer text, the key or the citation), so every output format works unchanged.
The exam format and the citation policy are documented in docs/exams.md.

Split by what each part does: :mod:`.model` (snippets, questions, answers, reports, limits), :mod:`.reading`
(YAML to an Exam), :mod:`.grading` (replaying answers and comparing keys) and :mod:`.command` (`rulecheck exam`).
Every name is importable from ``rulecheck.exam``."""

from __future__ import annotations

from .command import EXAMPLES, TEMPLATE, _exam_paths, exam
from .grading import (
    _at,
    _found_text,
    _Grader,
    _Line,
    _lines,
    _more_specific,
    _place,
    _proxies,
    _raw_key,
    _run,
    grade_data,
    grade_file,
    grade_text,
)
from .model import (
    _BLANK_ESCAPES,
    _CITE,
    _LINE_REF,
    _MERGE_TAG,
    _NULL_TAG,
    _THROUGH,
    _UNGRADABLE,
    BY_NUMBER,
    EXAM_SUFFIXES,
    MAX_EXAM_BYTES,
    MAX_REPLAY_CHARS,
    RULE_NUMBER,
    Answer,
    Cite,
    Exam,
    ExamFormatError,
    ExamReport,
    Question,
    Snippet,
    _Source,
)
from .reading import _ANSWER_KEYS, _KEYS, _QUESTION_KEYS, _TOP_KEYS, _normalized, _Reader, _replay_size, load_exam

__all__ = [
    "BY_NUMBER", "RULE_NUMBER", "_CITE", "_LINE_REF", "_THROUGH", "_NULL_TAG", "_MERGE_TAG", "_BLANK_ESCAPES",
    "EXAM_SUFFIXES", "MAX_EXAM_BYTES", "MAX_REPLAY_CHARS", "_UNGRADABLE", "ExamFormatError", "_Source",
    "Snippet", "Cite", "Answer", "Question", "Exam", "ExamReport", "_TOP_KEYS", "_QUESTION_KEYS",
    "_ANSWER_KEYS", "_KEYS", "_replay_size", "_Reader", "_normalized", "load_exam", "_Line", "_lines", "_run",
    "_place", "_raw_key", "_at", "_found_text", "_proxies", "_more_specific", "_Grader", "grade_text",
    "grade_file", "grade_data", "TEMPLATE", "EXAMPLES", "_exam_paths", "exam",
]
