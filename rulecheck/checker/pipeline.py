"""The pipeline for one transcript: read lines, parse, replay, collect violations."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

from .. import nodes as n
from ..cards.library import CardDataError, for_check
from ..config import DEFAULT, Config
from ..diagnostics import WARNING, Violation
from ..editions import find_edition
from ..parser import SyntaxProblem, parse_line, split_comment
from ..replay.engine import Engine, LineObserver
from .cardfiles import _include
from .directives import _directive
from .reading import _blocks, _lines_of_bytes
from .result import FileResult, _failure, select_violations

_BLOCK = 4096   # lines parsed before they are replayed (see check_lines)


def check_lines(lines: Iterator[tuple[int, str]], path: str, result: FileResult | None = None,
                base_dir: Path | None = None, *, config: Config | None = None,
                seen: list[Engine] | None = None, observer: LineObserver | None = None,
                fold_unknown_names: bool = True) -> FileResult:
    """Check numbered lines; the violations come back filtered by `config` and the file's suppressions. The
    engine is appended to `seen`, for a caller that reads the game afterwards (`rulecheck cards used`).
    `observer` sees the replay after each line (`rulecheck trace`); it must not change it. `fold_unknown_names`
    False: every line naming an unknown name gets its own finding (exams, whose answers are judged apart)."""
    result = result or FileResult(path)
    config = config or DEFAULT
    try:
        cards = for_check(config.cards)   # a card database: cards named but not defined are looked up there
    except CardDataError as err:
        cards = None
        result.violations.append(Violation(path, 1, 1, 1, 2, "io", str(err)))
    replay = Engine(find_edition(config.edition), observer, cards=cards)   # an `edition:` header switches it
    replay.fold_unknown_names = fold_unknown_names
    if seen is not None:
        seen.append(replay)
    feed = replay.feed
    readings = replay.replay.game.readings   # short names read on the line being replayed (kept, not replaced)
    unread = 0
    violations = result.violations
    statements = result.statements
    include = n.Include
    problem = SyntaxProblem

    def replay_block(block: list[tuple[int, str, list[n.Statement]]], statements: int,
                     read_as: Violation | None = None) -> int:
        """Replay the block's lines; `read_as`: the block is one line the forgiving reader read."""
        for line_no, code, parsed in block:
            for stmt in parsed:
                statements += 1
                if type(stmt) is include:
                    result.statements = statements
                    _include(replay, stmt, base_dir, path, result)
                    continue
                try:
                    feed(stmt)
                except Exception as exc:  # noqa: BLE001 - a failing check must never take the run down
                    violations.append(Violation(path, stmt.span.line, stmt.span.column, stmt.span.line,
                                                stmt.span.end_column, "internal-error",
                                                f"rulecheck failed on this statement {_failure(exc)}; the rest "
                                                "of the file is still checked; please report it"))
            if readings or read_as is not None:   # what the line was read as, and short names it used
                # (imported here: a game that never reads a line so pays nothing for the reader)
                from .forgive import notes_of_reading
                violations.extend(notes_of_reading(code, line_no, path, replay.replay.game, read_as))
        return statements

    # Lines are parsed a block at a time, then the block is replayed: the parser's first-seen lines, which go
    # through Lark, then come one after another with Lark's code and tables still in the processor's caches
    # (~40 us a line less than between replayed statements). Parsing doesn't depend on the replay, so the
    # statements, and what is found, are the same; memory holds one block. A line the grammar rejects is the
    # exception: the forgiving reader reads it with what the game knows so far, so the block before it is
    # replayed first.
    block: list[tuple[int, str, list[n.Statement]]] = []
    # parse_lines' loop, written out: this loop runs once a line, and every layer of generators costs
    for line_no, raw in lines:
        if "#" in raw:
            code, comment = split_comment(raw)
        else:
            code, comment = raw, None
        if not code or code.isspace():
            if comment is not None:
                _directive(comment, line_no, result, raw, False)
            continue
        parsed = parse_line(code, line_no)
        if comment is not None:
            _directive(comment, line_no, result, raw, bool(parsed))
        if type(parsed) is problem:
            statements = replay_block(block, statements)
            block = []
            if code.lstrip().startswith("turn"):
                replay.replay.turn_written = True   # the game has begun, even if its first line can't be read
            from .forgive import did_you_mean, forgive
            forgiven = forgive(code, line_no, replay.replay, path)   # only lines the grammar rejects pay for this
            if forgiven is None:
                parsed = did_you_mean(parsed, code)
                violations.append(Violation(path, parsed.line, parsed.column, parsed.line, parsed.end_column,
                                            parsed.rule, parsed.message, hint=parsed.hint))
                unread += 1
                continue
            statements = replay_block([(line_no, code, forgiven[0])], statements, forgiven[1])
            continue
        block.append((line_no, code, parsed))  # type: ignore[arg-type]
        if len(block) >= _BLOCK:
            statements = replay_block(block, statements)
            block = []
    statements = replay_block(block, statements)
    result.statements = statements
    try:
        replay.finish()
    except Exception as exc:  # noqa: BLE001
        result.violations.append(Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed at the end of "
                                           f"the file {_failure(exc)}; please report it"))
    edition = replay.replay.edition.name
    for f in replay.findings:
        result.violations.append(Violation(path, f.line, f.column, f.line, max(f.end_column, f.column + 1), f.rule,
                                           f.message, f.severity, f.related, edition=edition, hint=f.hint))
    if result.statements == 0 and not result.violations:
        result.violations.append(Violation(path, 1, 1, 1, 1, "empty", "the transcript contains no statements; "
                                           "nothing was checked", WARNING, hint=STARTER_HINT))
    elif unread >= 3 and 2 * unread >= unread + result.statements:
        result.violations.append(Violation(path, 1, 1, 1, 1, "unreadable", f"{unread} lines of this transcript could "
                                           "not be read: the transcript language is described in "
                                           "docs/transcript-language.md, and 'rulecheck new' writes a starter "
                                           "transcript to edit", WARNING))
    result.violations = select_violations(result.violations, result.suppressions, path, config)
    return result


STARTER_HINT = "'rulecheck new' writes a starter transcript; the language is in docs/transcript-language.md"


def check_text(text: str, *, path: str = "<string>", config: Config | None = None,
               base_dir: Path | None = None) -> list[Violation]:
    """Check transcript text; return its violations, sorted by position."""
    result = FileResult(path)
    data = text.encode("utf-8", errors="surrogatepass")
    return check_lines(_lines_of_bytes([data], path, result), path, result, base_dir, config=config).violations


def check_file(path: str, config: Config | None = None) -> FileResult:
    """Check one file (`-` reads standard input); an unreadable file gives an `io` diagnostic, never an exception."""
    result = FileResult(path)
    try:
        if path == "-":
            import sys
            result.path = "<stdin>"
            return check_lines(_lines_of_bytes(_blocks(sys.stdin.buffer), "<stdin>", result), "<stdin>", result,
                               config=config)
        with open(path, "rb") as fh:
            return check_lines(_lines_of_bytes(_blocks(fh), path, result), path, result,
                               Path(path).parent, config=config)
    except OSError as err:
        result.violations = [Violation(path, 1, 1, 1, 1, "io", _unreadable(path, err))]
        return result


def _unreadable(path: str, err: OSError) -> str:
    """Why a path given to check cannot be read, in the user's terms."""
    if os.path.islink(path) and not os.path.exists(path) and err.errno == errno.ENOENT:
        return f"cannot read file: broken symbolic link (to '{os.readlink(path)}')"
    if os.path.isdir(path):
        try:
            os.listdir(path)
        except OSError as listing:
            return f"cannot read directory: {listing.strerror or listing}"
        return "cannot read file: it is a directory"
    return f"cannot read file: {err.strerror or err}"
