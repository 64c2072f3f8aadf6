"""What the language server says about a document: diagnostics, hover, code actions and completions.

Diagnostics come from the code paths of the command line: `checker.check_text` with the configuration that
`ConfigResolver` finds for the document's path (suppression comments included), and `exam.grade_data` for exams.
Hover text comes from `explain.summary`, the head of `rulecheck explain`. Nothing here checks a rule itself.

Everything that parses (checking, collecting names) runs on the server's one worker thread: the parser is not
thread-safe. Hover, code actions and completion only read what the worker produced, and the document's text.
"""

from __future__ import annotations

import difflib
import os
import re
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.uris import to_fs_path

from .. import checker
from .. import nodes as n
from ..config import ALWAYS_REPORTED, Config, ConfigError, ConfigResolver
from ..diagnostics import WARNING, Violation
from ..editions.registry import BY_NUMBER, RULES, TOOL_RULES
from ..exam import EXAM_SUFFIXES, grade_data
from ..explain import Summary, summary
from ..parser import lark_parser, parse_lines, split_comment
from ..suppression import UNUSED
from .documents import Document, Pos, index_of, units

SOURCE = "rulecheck"
TRANSCRIPT = "transcript"
EXAM = "exam"
IGNORED = "ignored"  # another YAML file (a card file, .rulecheck.yaml): nothing to say about it

RULES_DOC_URL = "https://github.com/OWNER/rulecheck/blob/main/docs/rules.md"

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


# ---------------------------------------------------------------- diagnostics


@dataclass(frozen=True)
class Symbols:
    """Names a transcript defines, for completion: (label, text to insert, what it is)."""

    names: tuple[tuple[str, str, str], ...] = ()


@dataclass
class Analysis:
    """One check of one version of a document."""

    uri: str
    version: int | None
    kind: str
    violations: list[Violation] = field(default_factory=list)
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
    symbols: Symbols | None = None
    seconds: float = 0.0
    config_error: str | None = None


def exam_violations(text: str, path: str | None) -> list[Violation]:
    """What `rulecheck exam PATH` reports for this text."""
    data = text.encode("utf-8", errors="surrogatepass")
    return grade_data(data, path=path or "<string>", base_dir=Path(path).parent if path else None).violations


def transcript_violations(text: str, path: str | None, config: Config) -> list[Violation]:
    """What `rulecheck check PATH` reports for this text, `config` being what it finds for PATH."""
    if path is None:
        return checker.check_text(text, path="<string>", config=config)
    return checker.check_text(text, path=path, config=config, base_dir=Path(path).parent)


def analyse(doc: Document, path: str | None, encoding: str, docs_url: str = RULES_DOC_URL) -> Analysis:
    """Check a snapshot of a document and turn the violations into LSP diagnostics at its positions."""
    started = time.perf_counter()
    result = Analysis(doc.uri, doc.version, document_kind(path, doc.language_id))
    try:
        if result.kind == EXAM:
            result.violations = exam_violations(doc.text, path)
        else:
            config = ConfigResolver().for_path(path if path else "-")  # as the command line finds it
            result.kind = document_kind(path, doc.language_id, config.extension)
            if result.kind == IGNORED:
                return result
            result.violations = transcript_violations(doc.text, path, config)
    except ConfigError as err:
        if result.kind == IGNORED:  # not a transcript by its name: the configuration that might say so is broken
            return result
        result.config_error = str(err)
        result.diagnostics = [types.Diagnostic(
            range=types.Range(types.Position(0, 0), types.Position(0, units(doc.line(0), encoding))),
            message=f"rulecheck cannot check this file: {err}", severity=types.DiagnosticSeverity.Error,
            source=SOURCE)]
    else:
        result.diagnostics = [diagnostic(v, doc, encoding, docs_url) for v in result.violations]
    if result.kind == TRANSCRIPT:
        result.symbols = symbols_of(doc.text)
    result.seconds = time.perf_counter() - started
    return result


def to_range(doc: Document, line: int, column: int, end_line: int, end_column: int, encoding: str) -> types.Range:
    start = doc.to_lsp(line, column, encoding)
    end = doc.to_lsp(end_line, end_column, encoding)
    if (end.line, end.character) < (start.line, start.character):
        end = start
    return types.Range(types.Position(start.line, start.character), types.Position(end.line, end.character))


def doc_link(code: str, docs_url: str) -> str | None:
    return f"{docs_url}#{code}" if code in BY_NUMBER or code in TOOL_RULES else None


def diagnostic(v: Violation, doc: Document, encoding: str, docs_url: str = RULES_DOC_URL) -> types.Diagnostic:
    """One violation as the `full` format tells it: the message, then the hint and the related rules."""
    message = v.message
    if v.hint:
        message += f"\nhint: {v.hint}"
    if v.related:
        message += f"\nrelated: {', '.join(v.related)}"
    href = doc_link(v.rule, docs_url)
    return types.Diagnostic(
        range=to_range(doc, v.line, v.column, v.end_line, v.end_column, encoding),
        message=message,
        severity=types.DiagnosticSeverity.Warning if v.severity == WARNING else types.DiagnosticSeverity.Error,
        code=v.rule,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        tags=[types.DiagnosticTag.Unnecessary] if v.rule == UNUSED else None,
        data={"rule": v.rule, "related": list(v.related)},
    )


# ---------------------------------------------------------------- names, for completion


def _name_pattern() -> re.Pattern[str]:
    term = next(t for t in lark_parser().terminals if t.name == "NAME")
    return re.compile(term.pattern.to_regexp())


def written(name: str, pattern: re.Pattern[str]) -> str:
    """A name as a transcript must write it: bare when the grammar reads it as one name, else in quotes."""
    return name if pattern.fullmatch(name) else f'"{name}"'


def symbols_of(text: str) -> Symbols:
    """Players, defined cards and the permanents the transcript puts on the battlefield (`Forest (2)` for the
    second Forest), read with the parser alone: no replay. Runs on the worker thread."""
    players: list[str] = []
    cards: dict[str, str] = {}
    made: Counter[str] = Counter()
    lines = enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1)
    for parsed in parse_lines(iter(lines)):
        for st in parsed.statements:
            if isinstance(st, n.Players):
                players.extend(r.text for r in st.names if r.text not in players)
            elif isinstance(st, n.CardDef):
                kind = " ".join(st.types)
                if st.power is not None and st.toughness is not None:
                    kind += f" {st.power}/{st.toughness}"
                cards.setdefault(st.name, kind or "card")
            elif isinstance(st, n.Controls):
                made.update(spec.ref.text for spec in st.permanents)
            elif isinstance(st, (n.PutOntoBattlefield, n.PlayLand)):
                made[st.card.text] += 1
            elif isinstance(st, n.Resolve) and not st.ability and st.source.text in cards \
                    and PERMANENT_TYPES.intersection(cards[st.source.text].split()):
                made[st.source.text] += 1
    pattern = _name_pattern()
    details: dict[str, str] = {p: "player" for p in players}
    for c, kind in cards.items():
        details.setdefault(c, f"card: {kind}")
    for base, count in made.items():
        for i in range(1, count + 1):
            label = base if i == 1 else f"{base} ({i})"
            what = "permanent" if i == 1 else f"permanent, copy {i}"
            details[label] = f"{details[label]}; {what}" if label in details else what
    return Symbols(tuple((label, written(label, pattern), detail) for label, detail in details.items()))


# ---------------------------------------------------------------- hover


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


def hover(doc: Document, pos: Pos, encoding: str, kind: str, diagnostics: Iterable[types.Diagnostic],
          markdown: bool, docs_url: str = RULES_DOC_URL) -> types.Hover | None:
    """The rules of the diagnostics under the cursor, then the rule number or code written under it."""
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
    if not found:
        return None
    kind_of = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(contents=types.MarkupContent(kind=kind_of, value=hover_text(found, markdown, docs_url)),
                       range=hit)


# ---------------------------------------------------------------- code actions


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


# ---------------------------------------------------------------- completion

STEP_NAMES = ("untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
              "declare attackers step", "declare blockers step", "combat damage step", "first combat damage step",
              "second combat damage step", "end of combat step", "postcombat main phase", "end step",
              "cleanup step", "beginning phase", "combat phase", "ending phase")
# Statements that begin with a keyword rather than a name: (text to insert, what it is). Those that end in a
# space or a colon need more; the others are whole statements (tests/test_server.py parses each).
KEYWORDS: tuple[tuple[str, str], ...] = (
    ("title: ", "header: a title for reports"),
    ("players: ", "header: the players in turn order"),
    ("edition: baseline", "header: the rules edition"),
    ("priority: implicit", "header: a resolution or a boundary means everyone passed"),
    ("priority: explicit", "header: every priority pass is narrated"),
    ("include: ", "header: a YAML card file"),
    ("option: attack multiple players", "header: multiplayer option"),
    ("option: choose one defending player", "header: multiplayer option"),
    ("option: attack left", "header: multiplayer option"),
    ("option: attack right", "header: multiplayer option"),
    ("archenemy: ", "header: the archenemy"),
    ("card ", "a card definition: card NAME: types, abilities"),
    ("delayed trigger ", "starting state: delayed trigger NAME: at ..."),
    ("turn ", "a turn: turn N: PLAYER"),
    ("...", "a gap: steps omitted where nothing happened"),
    ("all players pass", "priority"),
    ("mana pools empty", "turn-based action"),
    ("combat damage is dealt", "combat"),
    ("all damage is removed and until end of turn effects end", "cleanup"),
    ("until end of turn effects end", "effects"),
    ("until end of combat effects end", "effects"),
    ("prevent the next ", "effects: prevent the next N damage to NAME this turn"),
) + tuple((step, "step or phase") for step in STEP_NAMES) + tuple((f"{step} ends", "step or phase ends")
                                                                   for step in STEP_NAMES)


def _replace_start(prefix: str, candidate: str) -> int | None:
    """Where in `prefix` (the line up to the cursor) the typed start of `candidate` begins, if the prefix ends
    with one (case-insensitively) that starts a word; None if it does not."""
    lower, cand = prefix.lower(), candidate.lower()
    for k in range(min(len(prefix), len(candidate)), 0, -1):
        at = len(prefix) - k
        if cand.startswith(lower[at:]) and (at == 0 or not _WORD_CHAR.fullmatch(prefix[at - 1])):
            return at
    return None


def completions(doc: Document, pos: Pos, encoding: str, symbols: Symbols | None) -> list[types.CompletionItem]:
    """Names anywhere in a statement; statement keywords as well at the start of a line; rule codes in a
    comment's `expect:` or `ignore[...]` list. While a word is being typed, only the items it begins."""
    line_text = doc.line(pos.line)
    at = index_of(line_text, pos.character, encoding)
    prefix = line_text[:at]
    code, comment = split_comment(prefix)
    items: list[tuple[str, str, str, types.CompletionItemKind]] = []
    if comment is not None:
        listing = list(_CODE_LIST.finditer(prefix, comment.column - 1))
        tail = prefix[listing[-1].end():] if listing else ""
        if listing and "]" not in tail and "#" not in tail:
            items += [(r.number, r.number, r.title, types.CompletionItemKind.Reference) for r in RULES]
            items += [(c, c, t, types.CompletionItemKind.Reference) for c, t in TOOL_RULES.items()]
    else:
        statement = code.rsplit(";", 1)[-1]
        for label, text, detail in (symbols.names if symbols else ()):
            kind = types.CompletionItemKind.Variable if detail == "player" else types.CompletionItemKind.Value
            items.append((label, text, detail, kind))
        if statement.strip() == "" or re.fullmatch(r"\s*[a-z.][a-z .\-]*", statement):
            items += [(kw.strip(), kw, detail, types.CompletionItemKind.Keyword) for kw, detail in KEYWORDS]
    out: list[types.CompletionItem] = []
    end = types.Position(pos.line, units(prefix, encoding))
    word = _TYPED_WORD.search(prefix)
    typing = word is not None and word.group() != ""
    for i, (label, text, detail, kind) in enumerate(items):
        matched, start = text, _replace_start(prefix, text)
        if start is None and text.startswith('"'):
            matched, start = text[1:], _replace_start(prefix, text[1:])
        if start is None and typing:
            continue  # the word being typed does not begin this item: the editor would filter it out anyway
        begin = at if start is None else start
        typed = prefix[begin:]
        edit_range = types.Range(types.Position(pos.line, units(line_text[:begin], encoding)), end)
        out.append(types.CompletionItem(label=label, kind=kind, detail=detail, sort_text=f"{i:05d}",
                                        filter_text=typed + matched[len(typed):],
                                        text_edit=types.TextEdit(range=edit_range, new_text=text)))
    return out


def fs_path(uri: str) -> str | None:
    """The local file path of a `file:` URI, else None (an unsaved buffer)."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return os.path.normpath(path) if path else None
