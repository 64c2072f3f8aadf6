"""Checking transcripts: one file's pipeline (read lines, parse, replay, collect violations) and many files'.

Split by what each part does: :mod:`.pipeline` (check_lines, check_text, check_file), :mod:`.reading` (bytes to
lines), :mod:`.directives` (`expect:` and suppression comments), :mod:`.cardfiles` (`include:` card files),
:mod:`.result` (FileResult, select_violations) and :mod:`.batch` (directories, worker processes).  Every name is
importable from ``rulecheck.checker``."""

from __future__ import annotations

from .batch import (
    PARALLEL_MIN_FILES,
    _check_one,
    _ignore_interrupts,
    _note_unlisted,
    _regular_or_broken,
    _run_pool,
    check_files,
    default_jobs,
    iter_paths,
)
from .cardfiles import (
    _ALIAS,
    _FLOW_BRACKET,
    MAX_CARD_FILE_BYTES,
    MAX_CARD_FILE_NESTING,
    MAX_CARD_FILE_PROBLEMS,
    MAX_INCLUDE_DEPTH,
    _card_from_yaml,
    _first_alias,
    _flow_depth,
    _include,
    _load_card_file,
)
from .directives import _EXPECT, _RULE_ID, _comment_segments, _directive
from .pipeline import _unreadable, check_file, check_lines, check_text
from .reading import (
    _BOMS,
    _LINE_BREAK,
    _UTF8_CONTINUATION,
    READ_BLOCK,
    _blocks,
    _chain,
    _decoded,
    _lines_of_bytes,
    _raw_lines,
)
from .result import FileResult, _failure, select_violations

__all__ = [
    "FileResult", "select_violations", "_failure", "READ_BLOCK", "_LINE_BREAK", "_UTF8_CONTINUATION", "_blocks",
    "_raw_lines", "_lines_of_bytes", "_BOMS", "_chain", "_decoded", "_EXPECT", "_RULE_ID", "_comment_segments",
    "_directive", "MAX_INCLUDE_DEPTH", "MAX_CARD_FILE_BYTES", "MAX_CARD_FILE_PROBLEMS", "MAX_CARD_FILE_NESTING",
    "_FLOW_BRACKET", "_ALIAS", "_include", "_load_card_file", "_flow_depth", "_first_alias", "_card_from_yaml",
    "check_lines", "check_text", "check_file", "_unreadable", "iter_paths", "_note_unlisted",
    "_regular_or_broken", "PARALLEL_MIN_FILES", "default_jobs", "_check_one", "check_files",
    "_ignore_interrupts", "_run_pool",
]
