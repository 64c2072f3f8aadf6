"""Trace a transcript: drive the checker with a `Recorder` on the engine, keep each line's text, and attach the
findings (chosen by the configuration and suppression comments, as `check` reports them) to their lines."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from .. import checker
from ..config import DEFAULT, Config
from ..diagnostics import Violation
from ..parser import split_comment
from .record import Recorder, Trace, TraceLine


def trace_text(text: str, *, path: str = "<string>", config: Config | None = None,
               base_dir: Path | None = None) -> Trace:
    """The trace of transcript text."""
    result = checker.FileResult(path)
    data = text.encode("utf-8", errors="surrogatepass")
    return _trace(checker._lines_of_bytes([data], path, result), path, result, base_dir, config)


def trace_file(path: str, config: Config | None = None) -> Trace:
    """The trace of a file (`-` reads standard input); an unreadable file gives a trace with its `io` finding."""
    result = checker.FileResult(path)
    try:
        if path == "-":
            import sys
            result.path = "<stdin>"
            return _trace(checker._lines_of_bytes(checker._blocks(sys.stdin.buffer), "<stdin>", result),
                          "<stdin>", result, None, config)
        with open(path, "rb") as fh:
            return _trace(checker._lines_of_bytes(checker._blocks(fh), path, result), path, result,
                          Path(path).parent, config)
    except OSError as err:
        return Trace(path, [TraceLine(1, "", findings=[Violation(path, 1, 1, 1, 1, "io",
                                                                 checker._unreadable(path, err))])])


def _trace(lines: Iterator[tuple[int, str]], path: str, result: checker.FileResult, base_dir: Path | None,
           config: Config | None) -> Trace:
    texts: dict[int, str] = {}
    recorder = Recorder()
    checker.check_lines(_kept(lines, texts), path, result, base_dir, config=config or DEFAULT, observer=recorder)
    trace = assemble(path, texts, recorder.changes, result.violations)
    trace.failure = recorder.failure
    return trace


def _kept(lines: Iterator[tuple[int, str]], texts: dict[int, str]) -> Iterator[tuple[int, str]]:
    """The lines, passed on unchanged; the ones with a statement (anything but blanks and a comment) kept."""
    for line_no, raw in lines:
        code = split_comment(raw)[0] if "#" in raw else raw
        if code and not code.isspace():
            texts[line_no] = raw.rstrip()
        yield line_no, raw


def assemble(path: str, texts: dict[int, str], changes: dict[int, dict[str, object]],
             violations: Iterable[Violation]) -> Trace:
    by_line: dict[int, list[Violation]] = {}
    for v in violations:
        by_line.setdefault(v.line, []).append(v)
    numbers = sorted(set(texts) | set(by_line))
    return Trace(path, [TraceLine(i, texts.get(i, ""), changes.get(i, {}), by_line.get(i, [])) for i in numbers])
