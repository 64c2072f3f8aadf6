"""What the language server says about a document: diagnostics, hover, code actions and completions.

Diagnostics come from the code paths of the command line: `checker.check_text` with the configuration that
`ConfigResolver` finds for the document's path (suppression comments included), and `exam.grade_data` for exams.
Hover text comes from `explain.summary`, the head of `rulecheck explain`. Nothing here checks a rule itself.

Everything that parses (checking, collecting names) runs on the server's one worker thread: the parser is not
thread-safe. Hover, code actions and completion only read what the worker produced, and the document's text.

One module per feature: :mod:`.analysis` (diagnostics), :mod:`.hover`, :mod:`.actions` (code actions),
:mod:`.completion`, with :mod:`.names` (the names a transcript defines) and :mod:`.common`.  Every name is
importable from ``rulecheck.server.features``."""

from __future__ import annotations

from .actions import (
    _comment_start,
    _suppressible,
    code_actions,
    replacement,
    suggestion,
    suppress_file_edit,
    suppress_line_edit,
)
from .analysis import Analysis, analyse, diagnostic, exam_violations, to_range, transcript_violations
from .common import (
    _CODE_LIST,
    _CODE_WORD,
    _FILE_IGNORE,
    _LINE_IGNORE,
    _NAMED,
    _RULE_NUMBER,
    _SUGGESTION,
    _TYPED_WORD,
    _WORD_CHAR,
    EXAM,
    IGNORED,
    PERMANENT_TYPES,
    RULES_DOC_URL,
    SOURCE,
    TRANSCRIPT,
    Symbols,
    doc_link,
    document_kind,
    fs_path,
)
from .completion import KEYWORDS, STEP_NAMES, _replace_start, completions
from .hover import _escape, codes_at, contains, hover, hover_text
from .names import _name_pattern, symbols_of, written

__all__ = [
    "SOURCE", "TRANSCRIPT", "EXAM", "IGNORED", "RULES_DOC_URL", "_SUGGESTION", "_NAMED", "_RULE_NUMBER",
    "_CODE_WORD", "_CODE_LIST", "_LINE_IGNORE", "_FILE_IGNORE", "_WORD_CHAR", "_TYPED_WORD", "PERMANENT_TYPES",
    "document_kind", "Symbols", "doc_link", "fs_path", "_name_pattern", "written", "symbols_of", "Analysis",
    "exam_violations", "transcript_violations", "analyse", "to_range", "diagnostic", "_escape", "hover_text",
    "codes_at", "contains", "hover", "_suppressible", "_comment_start", "suppress_line_edit",
    "suppress_file_edit", "suggestion", "replacement", "code_actions", "STEP_NAMES", "KEYWORDS",
    "_replace_start", "completions",
]
