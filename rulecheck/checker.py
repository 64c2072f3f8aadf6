"""The pipeline for one transcript: read lines, parse, replay, collect violations."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import nodes as n
from .diagnostics import ERROR, WARNING, Violation
from .parser import Comment, parse_line, parse_lines
from .replay.engine import Replay
from .rules import turn

MAX_INCLUDE_DEPTH = 8
_EXPECT = re.compile(r"^\s*expect\s*:\s*(.+)$")
_RULE_ID = re.compile(r"^(?:\d{3}\.\d+[a-z]?|syntax|assert)$")


@dataclass
class FileResult:
    path: str
    violations: list[Violation] = field(default_factory=list)
    expectations: dict[int, list[str]] = field(default_factory=dict)
    statements: int = 0


def _lines_of_bytes(data: Iterable[bytes], path: str, result: FileResult) -> Iterator[tuple[int, str]]:
    """Decode line by line: a bad byte is reported with its line and column, and the rest goes on."""
    line_no = 0
    for chunk in data:
        parts = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        if parts and parts[-1] == b"":
            parts.pop()
        for raw in parts:
            line_no += 1
            if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                col = len(raw[:err.start].decode("utf-8", errors="replace")) + 1
                result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                                   f"this line is not valid UTF-8 (byte 0x{raw[err.start]:02x} "
                                                   f"at byte offset {err.start})"))
                continue
            if "\x00" in text:
                col = text.index("\x00") + 1
                result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                                   "this line contains a NUL byte"))
                continue
            yield line_no, text


def check_lines(lines: Iterator[tuple[int, str]], path: str, result: FileResult | None = None,
                base_dir: Path | None = None) -> FileResult:
    result = result or FileResult(path)
    replay = Replay()
    for parsed in parse_lines(lines):
        if parsed.comment is not None:
            _directive(parsed.comment, parsed.line, result)
        if parsed.problem is not None:
            p = parsed.problem
            result.violations.append(Violation(path, p.line, p.column, p.line, p.end_column, "syntax", p.message,
                                               hint=p.hint))
            continue
        for stmt in parsed.statements:
            result.statements += 1
            if isinstance(stmt, n.Include):
                _include(replay, stmt, base_dir, path, result, depth=0, seen=set())
                continue
            try:
                replay.feed(stmt)
            except Exception as exc:  # noqa: BLE001 - a failing check must never take the run down
                result.violations.append(Violation(path, stmt.span.line, stmt.span.column, stmt.span.line,
                                                   stmt.span.end_column, "internal-error",
                                                   f"rulecheck failed on this statement ({type(exc).__name__}: "
                                                   f"{exc}); the rest of the file is still checked"))
    try:
        replay.finish()
    except Exception as exc:  # noqa: BLE001
        result.violations.append(Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed at the end of "
                                           f"the file ({type(exc).__name__}: {exc})"))
    for f in replay.findings:
        result.violations.append(Violation(path, f.line, f.column, f.line, max(f.end_column, f.column + 1), f.rule,
                                           f.message, ERROR, f.related))
    if result.statements == 0 and not result.violations:
        result.violations.append(Violation(path, 1, 1, 1, 1, "empty", "the transcript contains no statements; "
                                           "nothing was checked", WARNING))
    result.violations.sort(key=Violation.sort_key)
    return result


def _directive(comment: Comment, line: int, result: FileResult) -> None:
    m = _EXPECT.match(comment.text)
    if m:
        rules = [r.strip() for r in m.group(1).split(",") if r.strip()]
        result.expectations[line] = rules


def _include(replay: Replay, stmt: n.Include, base_dir: Path | None, path: str, result: FileResult, *,
             depth: int, seen: set[str]) -> None:
    target = (base_dir or Path.cwd()) / stmt.path
    where = (stmt.span.line, stmt.span.column, stmt.span.end_column)
    if depth >= MAX_INCLUDE_DEPTH or str(target.resolve()) in seen:
        result.violations.append(Violation(path, where[0], where[1], where[0], where[2], "syntax",
                                           f"card file '{stmt.path}' includes itself"))
        return
    try:
        with open(target, "rb") as fh:
            data = yaml.safe_load(fh.read(5_000_000))
    except FileNotFoundError:
        result.violations.append(Violation(path, where[0], where[1], where[0], where[2], "syntax",
                                           f"card file '{stmt.path}' not found"))
        return
    except (OSError, yaml.YAMLError) as err:
        result.violations.append(Violation(path, where[0], where[1], where[0], where[2], "syntax",
                                           f"card file '{stmt.path}' cannot be read: {str(err).splitlines()[0]}"))
        return
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list):
        result.violations.append(Violation(path, where[0], where[1], where[0], where[2], "syntax",
                                           f"card file '{stmt.path}' must hold a list under 'cards'"))
        return
    for i, entry in enumerate(cards, 1):
        problem = _card_from_yaml(replay, entry, stmt.span.line)
        if problem:
            result.violations.append(Violation(path, where[0], where[1], where[0], where[2], "syntax",
                                               f"card file '{stmt.path}', card {i}: {problem}"))


def _card_from_yaml(replay: Replay, entry: object, line: int) -> str | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        return "each card needs a 'name'"
    types = entry.get("types", "")
    types_text = " ".join(types) if isinstance(types, list) else str(types)
    props = [types_text + (f" {entry['pt']}" if entry.get("pt") else "")]
    if entry.get("loyalty") is not None:
        props.append(f"loyalty {entry['loyalty']}")
    abilities = entry.get("abilities") or []
    if not isinstance(abilities, list):
        return "'abilities' must be a list"
    props += [str(a) for a in abilities]
    parsed = parse_line(f"card {entry['name']}: " + ", ".join(props), line)
    if not isinstance(parsed, list):
        return parsed.message
    for stmt in parsed:
        if isinstance(stmt, n.CardDef):
            turn.add_card(replay, stmt)
    return None


def check_text(text: str, *, path: str = "<string>") -> list[Violation]:
    """Check transcript text; return its violations, sorted by position."""
    result = FileResult(path)
    data = text.encode("utf-8")
    return check_lines(_lines_of_bytes([data], path, result), path, result).violations


def check_file(path: str) -> FileResult:
    result = FileResult(path)
    try:
        if path == "-":
            import sys
            data = sys.stdin.buffer.read()
            return check_lines(_lines_of_bytes([data], "<stdin>", result), "<stdin>", result)
        with open(path, "rb") as fh:
            return check_lines(_lines_of_bytes(fh, path, result), path, result,
                               Path(path).parent)
    except OSError as err:
        result.violations = [Violation(path, 1, 1, 1, 1, "io", f"cannot read file: {err.strerror or err}")]
        return result


def iter_paths(paths: Iterable[str], extension: str = ".transcript") -> Iterator[str]:
    for p in paths:
        if p != "-" and os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(extension):
                        yield os.path.join(root, name)
        else:
            yield p
