"""Diagnostics: a snapshot of a document checked along the command line's code paths (`checker.check_text`
with the configuration `ConfigResolver` finds, `exam.grade_data` for exams), turned into LSP diagnostics."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types

from ... import checker
from ...config import Config, ConfigError, ConfigResolver
from ...diagnostics import NOTE, WARNING, Violation
from ...exam import grade_data
from ...suppression import UNUSED
from ...trace import Trace, trace_text
from ..documents import Document, units
from .cards import with_cards
from .common import EXAM, IGNORED, RULES_DOC_URL, SOURCE, TRANSCRIPT, Symbols, doc_link, document_kind
from .names import symbols_of


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
    trace: Trace | None = None      # a transcript's state after each line, for hover


def exam_violations(text: str, path: str | None) -> list[Violation]:
    """What `rulecheck exam PATH` reports for this text."""
    data = text.encode("utf-8", errors="surrogatepass")
    return grade_data(data, path=path or "<string>", base_dir=Path(path).parent if path else None).violations


def transcript_violations(text: str, path: str | None, config: Config) -> list[Violation]:
    """What `rulecheck check PATH` reports for this text, `config` being what it finds for PATH."""
    if path is None:
        return checker.check_text(text, path="<string>", config=config)
    return checker.check_text(text, path=path, config=config, base_dir=Path(path).parent)


def transcript_trace(text: str, path: str | None, config: Config) -> Trace:
    """`transcript_violations` with the state after each line recorded (`rulecheck trace`)."""
    if path is None:
        return trace_text(text, path="<string>", config=config)
    return trace_text(text, path=path, config=config, base_dir=Path(path).parent)


def analyse(doc: Document, path: str | None, encoding: str, docs_url: str = RULES_DOC_URL) -> Analysis:
    """Check a snapshot of a document and turn the violations into LSP diagnostics at its positions."""
    started = time.perf_counter()
    result = Analysis(doc.uri, doc.version, document_kind(path, doc.language_id))
    try:
        if result.kind == EXAM:
            result.violations = exam_violations(doc.text, path)
        else:
            config = with_cards(ConfigResolver().for_path(path if path else "-"))  # as the command line finds it
            result.kind = document_kind(path, doc.language_id, config.extension)
            if result.kind == IGNORED:
                return result
            result.trace = transcript_trace(doc.text, path, config)
            result.violations = result.trace.findings     # what check reports: the trace runs the same checker
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
        severity=types.DiagnosticSeverity.Warning if v.severity == WARNING else types.DiagnosticSeverity.Information
        if v.severity == NOTE else types.DiagnosticSeverity.Error,
        code=v.rule,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        tags=[types.DiagnosticTag.Unnecessary] if v.rule == UNUSED else None,
        data={"rule": v.rule, "related": list(v.related)},
    )
