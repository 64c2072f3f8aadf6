"""What every feature shares: the kinds of document, the patterns read in comments and names, the names a
transcript defines (Symbols), links to the rules' docs and file paths of URIs."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from pygls.uris import to_fs_path

from ...editions.registry import BY_NUMBER, TOOL_RULES
from ...exam import EXAM_SUFFIXES
from ...project import rules_doc_url

SOURCE = "rulecheck"
TRANSCRIPT = "transcript"
EXAM = "exam"
IGNORED = "ignored"  # another YAML file (a card file, .rulecheck.yaml): nothing to say about it

RULES_DOC_URL = rules_doc_url()   # from [project.urls] in pyproject.toml (rulecheck/project.py)

_SUGGESTION = re.compile(r"did you mean '([^'\n]+)'\?")
_NAMED = re.compile(r"'([^'\n]+)'")
_RULE_NUMBER = re.compile(r"(?<![\w.])\d{3}\.\d+[a-z]?(?![\w])|(?<![\w.])\d{3}(?![\w.])")
_CODE_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.\-]*[A-Za-z0-9]|[A-Za-z0-9]")
_CODE_LIST = re.compile(r"(?:expect\s*:|ignore(?:-file)?\s*\[)", re.IGNORECASE)
_LINE_IGNORE = re.compile(r"rulecheck\s*:\s*ignore\s*\[(?P<codes>[^\]\n]*)\]", re.IGNORECASE)
_FILE_IGNORE = re.compile(r"rulecheck\s*:\s*ignore-file\s*\[(?P<codes>[^\]\n]*)\]", re.IGNORECASE)
_WORD_CHAR = re.compile(r"[\w'’\-]")
_TYPED_WORD = re.compile(r"[\w'’\-.\"]*$")
PERMANENT_TYPES = frozenset({"creature", "artifact", "enchantment", "land", "planeswalker", "battle"})


def document_kind(path: str | None, language_id: str = "", extension: str = ".transcript") -> str:
    """Exams by their name (`*.exam.yaml`); transcripts by their extension (`.transcript`, or the configured
    one) or by the editor's language id `transcript`; anything else (another YAML file, a plain text file sent
    by a client that attaches to every `plaintext` document) is ignored."""
    name = (path or "").lower()
    if name.endswith(EXAM_SUFFIXES):
        return EXAM
    if language_id.lower() == TRANSCRIPT or name.endswith((".transcript", extension.lower())):
        return TRANSCRIPT
    return IGNORED


@dataclass(frozen=True)
class Symbols:
    """Names a transcript defines, for completion: (label, text to insert, what it is)."""

    names: tuple[tuple[str, str, str], ...] = ()


def doc_link(code: str, docs_url: str) -> str | None:
    return f"{docs_url}#{code}" if code in BY_NUMBER or code in TOOL_RULES else None


def fs_path(uri: str) -> str | None:
    """The local file path of a `file:` URI, else None (an unsaved buffer)."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return os.path.normpath(path) if path else None
