"""Hover: the rules of the diagnostics under the cursor, and the rule number or code written there, as
`rulecheck explain` summarises them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lsprotocol import types

from ...editions.registry import TOOL_RULES
from ...explain import Summary, summary
from ...parser import split_comment
from ...trace import Trace
from ...trace.render_text import state_after
from ..documents import Document, Pos, index_of, units
from .common import _CODE_LIST, _CODE_WORD, _RULE_NUMBER, EXAM, RULES_DOC_URL, TRANSCRIPT, doc_link


def _escape(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)


def hover_text(found: Sequence[Summary], markdown: bool, docs_url: str = RULES_DOC_URL) -> str:
    """What `rulecheck explain` says first about each rule: title, status, what is checked, related rules."""
    parts: list[str] = []
    for s in found:
        if not markdown:
            parts.append("\n".join(s.lines()).rstrip())
            continue
        link = doc_link(s.code, docs_url)
        head = f"**{_escape(s.code)}**: {_escape(s.title)}"
        rows = [f"*{label}:* {_escape(value)}" for label, value in (
            ("status", s.status), ("checks", s.checks), ("part of", s.part_of),
            ("sub-rules", ", ".join(s.sub_rules)), ("related", ", ".join(s.related)),
            ("cited by", ", ".join(s.cited_by))) if value]
        more = f"`rulecheck explain {s.code}`" + (f" · [rules.md]({link})" if link else "")
        parts.append("\n\n".join([head, "  \n".join(rows), more] if rows else [head, more]))
    return "\n\n---\n\n".join(parts)


def codes_at(doc: Document, pos: Pos, encoding: str, kind: str) -> tuple[list[str], tuple[int, int] | None]:
    """Rule codes written at a position: a rule number in a comment of a transcript (or anywhere in an exam),
    or a tool code in a comment's `expect:` or `ignore[...]` list. Returns the codes and their span on the line
    (code point indexes)."""
    text = doc.line(pos.line)
    at = index_of(text, pos.character, encoding)
    start = 0
    if kind == TRANSCRIPT:
        _, comment = split_comment(text)
        if comment is None:
            return [], None
        start = comment.column - 1
        if at < start:
            return [], None
    for m in _RULE_NUMBER.finditer(text, start):
        if m.start() <= at <= m.end():
            return [m.group()], (m.start(), m.end())
    if kind != TRANSCRIPT:
        return [], None
    for m in _CODE_WORD.finditer(text, start):
        if m.start() <= at <= m.end() and m.group() in TOOL_RULES:
            before = text[start:m.start()]
            listing = [x for x in _CODE_LIST.finditer(before)]
            if listing and "#" not in before[listing[-1].end():] and "]" not in before[listing[-1].end():]:
                return [m.group()], (m.start(), m.end())
    return [], None


def contains(r: types.Range, pos: Pos) -> bool:
    start, end = (r.start.line, r.start.character), (r.end.line, r.end.character)
    return start <= (pos.line, pos.character) <= end


def state_at(doc: Document, pos: Pos, encoding: str, trace: Trace | None) -> tuple[str, types.Range] | None:
    """The game state after the statement under the cursor (not in its comment), and the statement's range."""
    if trace is None:
        return None
    text = doc.line(pos.line)
    code = split_comment(text)[0].rstrip()
    if not code.strip() or index_of(text, pos.character, encoding) > len(code):
        return None
    state = state_after(trace, pos.line + 1)
    if state is None:
        return None
    start = len(code) - len(code.lstrip())
    return state, types.Range(types.Position(pos.line, units(text[:start], encoding)),
                              types.Position(pos.line, units(code, encoding)))


def hover(doc: Document, pos: Pos, encoding: str, kind: str, diagnostics: Iterable[types.Diagnostic],
          markdown: bool, docs_url: str = RULES_DOC_URL, trace: Trace | None = None) -> types.Hover | None:
    """The rules of the diagnostics under the cursor, then the rule number or code written under it; on a
    statement of a transcript, then the game state after it (`trace`: the last check's, of this version)."""
    codes: list[str] = []
    hit: types.Range | None = None
    for d in diagnostics:
        if isinstance(d.code, str) and contains(d.range, pos) and d.code not in codes:
            codes.append(d.code)
            hit = hit or d.range
    if kind in (TRANSCRIPT, EXAM):
        written_codes, span = codes_at(doc, pos, encoding, kind)
        codes += [c for c in written_codes if c not in codes]
        if span is not None and hit is None:
            line = doc.line(pos.line)
            hit = types.Range(types.Position(pos.line, units(line[:span[0]], encoding)),
                              types.Position(pos.line, units(line[:span[1]], encoding)))
    found = [s for s in (summary(c) for c in codes) if s is not None]
    state = state_at(doc, pos, encoding, trace) if kind == TRANSCRIPT else None
    if not found and state is None:
        return None
    parts = [hover_text(found, markdown, docs_url)] if found else []
    if state is not None:
        head = f"After line {pos.line + 1}"
        parts.append(f"**{head}**\n\n```text\n{state[0]}\n```" if markdown else f"{head}:\n{state[0]}")
        hit = hit or state[1]
    kind_of = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(contents=types.MarkupContent(kind=kind_of, value="\n\n---\n\n".join(parts)), range=hit)
