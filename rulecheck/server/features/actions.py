"""Code actions: rewrite a line the way the forgiving reader read it, replace a misspelt name with the suggestion,
or suppress a rule on the line or in the file."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from lsprotocol import types

from ...config import ALWAYS_REPORTED
from ...editions.registry import BY_NUMBER, TOOL_RULES
from ...parser import split_comment
from ..documents import Document, index_of, units
from .common import _FILE_IGNORE, _LINE_IGNORE, _NAMED, _SUGGESTION, _WORD_CHAR, SOURCE, TRANSCRIPT

READ_AS = "read-as"            # the forgiving reader's note (rulecheck.checker.forgive)
READ_AS_PREFIX = "read as: "


def _suppressible(rule: str) -> bool:
    return rule not in ALWAYS_REPORTED and rule != "bad-suppression" and (rule in BY_NUMBER or rule in TOOL_RULES)


def _comment_start(line: str) -> int | None:
    _, comment = split_comment(line)
    return None if comment is None else comment.column - 1


def suppress_line_edit(line_text: str, row: int, rule: str, encoding: str) -> types.TextEdit | None:
    """Add `rule` to the line's `# rulecheck: ignore[...]`, or append such a comment; None when the result would
    not be read as a directive (as after an unclosed quote)."""
    comment_at = _comment_start(line_text)
    if comment_at is not None:
        m = _LINE_IGNORE.search(line_text, comment_at)
        if m is not None:
            codes = [c.strip() for c in m.group("codes").split(",") if c.strip()]
            if rule in codes:
                return None
            insert_at = m.end("codes")
            insert = (", " if codes else "") + rule
            if codes and m.group("codes").rstrip() != m.group("codes"):
                insert_at = m.start("codes") + len(m.group("codes").rstrip())
            new_line = line_text[:insert_at] + insert + line_text[insert_at:]
            start = end = insert_at
        else:
            start = end = len(line_text.rstrip())
            insert = f" # rulecheck: ignore[{rule}]"
            new_line = line_text[:start] + insert
    else:
        start, end = len(line_text.rstrip()), len(line_text)
        insert = ("  " if line_text.strip() else "") + f"# rulecheck: ignore[{rule}]"
        new_line = line_text[:start] + insert
    _, comment = split_comment(new_line)
    if comment is None or not _LINE_IGNORE.search(new_line, comment.column - 1):
        return None
    return types.TextEdit(range=types.Range(types.Position(row, units(line_text[:start], encoding)),
                                            types.Position(row, units(line_text[:end], encoding))),
                          new_text=insert)


def suppress_file_edit(doc: Document, rule: str, encoding: str) -> types.TextEdit | None:
    """Add `rule` to the file's first `# rulecheck: ignore-file[...]`, or put one on a new first line."""
    for row in range(doc.line_count):
        line_text = doc.line(row)
        comment_at = _comment_start(line_text)
        m = _FILE_IGNORE.search(line_text, comment_at) if comment_at is not None else None
        if m is None:
            continue
        codes = [c.strip() for c in m.group("codes").split(",") if c.strip()]
        if rule in codes:
            return None
        at = m.start("codes") + len(m.group("codes").rstrip())
        position = types.Position(row, units(line_text[:at], encoding))
        return types.TextEdit(range=types.Range(position, position), new_text=(", " if codes else "") + rule)
    start = types.Position(0, 0)
    return types.TextEdit(range=types.Range(start, start), new_text=f"# rulecheck: ignore-file[{rule}]\n")


def suggestion(message: str) -> str | None:
    """The did-you-mean of a diagnostic's message or hint."""
    m = _SUGGESTION.search(message)
    return m.group(1) if m else None


def replacement(line_text: str, start: int, end: int, message: str) -> str | None:
    """The text that replaces a misspelt name or word at [start, end) of the line: the suggestion, when the range
    holds a whole word or name that the message names or that is close to the suggestion; quoted as written."""
    wanted = suggestion(message)
    if wanted is None or not 0 <= start < end <= len(line_text):
        return None
    written_text = line_text[start:end]
    if _whole_line_form(line_text, wanted):
        return None   # the nearest form of the whole line: rewritten by its own action, not put in this range
    before = line_text[start - 1:start] if start > 0 else ""
    after = line_text[end:end + 1]
    if _WORD_CHAR.fullmatch(before or " ") or _WORD_CHAR.fullmatch(after or " "):
        return None
    quoted = len(written_text) >= 2 and written_text[0] == written_text[-1] == '"'
    bare = written_text[1:-1] if quoted else written_text
    if bare == wanted or not bare.strip():
        return None
    named = [m.group(1) for m in _NAMED.finditer(message[:message.find("did you mean")])]
    close = difflib.SequenceMatcher(None, bare.lower(), wanted.lower()).ratio() >= 0.6
    if bare not in named and not close:
        return None
    return f'"{wanted}"' if quoted else wanted


def _whole_line_form(line_text: str, wanted: str) -> bool:
    """A did-you-mean that is a whole canonical line (from the grammar: 'Alice draws a card'), not one word."""
    code, _ = split_comment(line_text)
    first = code.split()[:1]
    return bool(first) and " " in wanted and wanted.split()[0] == first[0]


def _rewrite_line(line_text: str, row: int, message: str, encoding: str) -> tuple[str, types.TextEdit] | None:
    """The edit that writes a whole-line did-you-mean in place of the line's code (its comment kept), when the
    form has no placeholder left to fill (NAME)."""
    wanted = suggestion(message)
    if wanted is None or not _whole_line_form(line_text, wanted) or "NAME" in wanted.split():
        return None
    code, _ = split_comment(line_text)
    start = len(code) - len(code.lstrip())
    end = len(code.rstrip())
    edit = types.TextEdit(range=types.Range(types.Position(row, units(line_text[:start], encoding)),
                                            types.Position(row, units(line_text[:end], encoding))), new_text=wanted)
    return wanted, edit


def code_actions(doc: Document, uri: str, kind: str, diagnostics: Iterable[types.Diagnostic],
                 encoding: str) -> list[types.CodeAction]:
    """Quick fixes for rulecheck's diagnostics: replace a misspelt name, suppress a rule on the line or in the
    file (transcripts only: an exam has no suppression comments)."""
    fixes: list[types.CodeAction] = []
    suppressions: list[types.CodeAction] = []
    seen: set[tuple[str, int, str]] = set()
    for d in diagnostics:
        if d.source != SOURCE or not isinstance(d.code, str):
            continue
        row = d.range.start.line
        if row >= doc.line_count:
            continue
        line_text = doc.line(row)
        if d.code == READ_AS and d.message.startswith(READ_AS_PREFIX) and d.range.end.line == row:
            canonical = d.message[len(READ_AS_PREFIX):].split("\n", 1)[0]
            fixes.append(types.CodeAction(
                title=f"Rewrite as '{canonical}'", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(range=d.range, new_text=canonical)]})))
            continue
        rewrite = _rewrite_line(line_text, row, d.message, encoding) if d.code == "syntax" else None
        if rewrite is not None and ("rewrite", row, rewrite[0]) not in seen:
            seen.add(("rewrite", row, rewrite[0]))
            fixes.append(types.CodeAction(
                title=f"Rewrite as '{rewrite[0]}'", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                is_preferred=True, edit=types.WorkspaceEdit(changes={uri: [rewrite[1]]})))
        if d.range.end.line == row:
            start = index_of(line_text, d.range.start.character, encoding)
            end = index_of(line_text, d.range.end.character, encoding)
            new = replacement(line_text, start, end, d.message)
            if new is not None and ("replace", row, new) not in seen:
                seen.add(("replace", row, new))
                shown = new.strip('"')
                fixes.append(types.CodeAction(
                    title=f"Replace with '{shown}'", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                    is_preferred=True,
                    edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(range=d.range, new_text=new)]})))
        if kind != TRANSCRIPT or not _suppressible(d.code):
            continue
        if ("line", row, d.code) not in seen:
            seen.add(("line", row, d.code))
            edit = suppress_line_edit(line_text, row, d.code, encoding)
            if edit is not None:
                suppressions.append(types.CodeAction(
                    title=f"Suppress {d.code} on this line", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                    edit=types.WorkspaceEdit(changes={uri: [edit]})))
        if ("file", 0, d.code) not in seen:
            seen.add(("file", 0, d.code))
            file_edit = suppress_file_edit(doc, d.code, encoding)
            if file_edit is not None:
                suppressions.append(types.CodeAction(
                    title=f"Suppress {d.code} in this file", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                    edit=types.WorkspaceEdit(changes={uri: [file_edit]})))
    return fixes + suppressions
