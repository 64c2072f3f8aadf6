"""The pipeline for one transcript: read lines, parse, replay, collect violations."""

from __future__ import annotations

import errno
import os
import re
import stat
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO

from . import nodes as n
from .config import DEFAULT, Config
from .diagnostics import WARNING, Violation
from .editions import find_edition
from .parser import MAX_LINE_LENGTH, Comment, SyntaxProblem, parse_line, split_comment
from .replay.engine import Engine
from .suppression import Suppression, apply_suppressions, is_directive, parse_directive

MAX_INCLUDE_DEPTH = 8
MAX_CARD_FILE_BYTES = 1_000_000
MAX_CARD_FILE_PROBLEMS = 20
MAX_CARD_FILE_NESTING = 50
_FLOW_BRACKET = re.compile(rb"[\[\]{}]")
_ALIAS = re.compile(rb"(?:^|[\s\[{,])\*[^\s\[\]{},]", re.MULTILINE)  # a YAML alias, or text that looks like one
_EXPECT = re.compile(r"^\s*expect\s*:\s*(.+)$")
_RULE_ID = re.compile(r"^(?:\d{3}\.\d+[a-z]?|syntax|assert)$")


@dataclass
class FileResult:
    path: str
    violations: list[Violation] = field(default_factory=list)
    expectations: dict[int, list[str]] = field(default_factory=dict)
    statements: int = 0
    suppressions: list[Suppression] = field(default_factory=list)


READ_BLOCK = 1 << 20
_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
_UTF8_CONTINUATION = bytes(range(0x80, 0xC0))


def _blocks(stream: BinaryIO) -> Iterator[bytes]:
    """A binary stream in blocks of at most READ_BLOCK bytes: never a whole line at once, however long."""
    return iter(partial(stream.read, READ_BLOCK), b"")


def _raw_lines(data: Iterable[bytes]) -> Iterator[tuple[bytes, int]]:
    """Split blocks into lines at LF, CRLF or a lone CR, whatever the block boundaries.

    Yields (line, 0), or (b"", its length in characters) for a line longer than 4 * MAX_LINE_LENGTH bytes (so
    more than MAX_LINE_LENGTH characters), which is counted but never held: memory stays bounded."""
    limit = 4 * MAX_LINE_LENGTH
    pending = bytearray()
    overlong = 0  # characters of an over-long line seen so far (0: the line is not over-long)
    after_cr = False
    for block in data:
        if not block:
            continue
        if after_cr and block.startswith(b"\n"):
            block = block[1:]
        after_cr = block.endswith(b"\r")
        parts = _LINE_BREAK.split(block)
        for i, part in enumerate(parts):
            if overlong:
                overlong += len(part.translate(None, _UTF8_CONTINUATION))
            else:
                pending += part
                if len(pending) > limit:
                    overlong = len(bytes(pending).translate(None, _UTF8_CONTINUATION))
                    pending.clear()
            if i < len(parts) - 1:  # a line break follows this part
                yield (b"", overlong) if overlong else (bytes(pending), 0)
                pending.clear()
                overlong = 0
    if pending or overlong:
        yield (b"", overlong) if overlong else (bytes(pending), 0)


def _lines_of_bytes(data: Iterable[bytes], path: str, result: FileResult) -> Iterator[tuple[int, str]]:
    """Decode line by line: a bad byte is reported with its line and column, and the rest goes on.

    Most input is plain: whole blocks of LF-terminated UTF-8 lines without NUL bytes, none over the length limit.
    Such a stretch is decoded and split at once, in C; anything else (a CR, a bad byte, a NUL, an over-long
    line, a byte order mark) goes line by line through `_decoded`, which says what is wrong and where."""
    line_no = 0
    pending = b""
    blocks = iter(data)
    head = b""
    for block in blocks:
        if not block:
            continue
        head = pending + block if pending else block
        if (line_no == 0 and head.startswith(_BOMS)) or b"\r" in block:
            break
        cut = block.rfind(b"\n") + 1
        if cut == 0:
            pending = head
            if len(pending) > 4 * MAX_LINE_LENGTH:
                break
            continue
        try:
            text = head[:len(pending) + cut - 1].decode("utf-8")
        except UnicodeDecodeError:
            break
        lines = text.split("\n")
        if "\x00" in text or max(map(len, lines)) > MAX_LINE_LENGTH:
            break
        yield from enumerate(lines, line_no + 1)
        line_no += len(lines)
        pending = block[cut:]
    else:
        if pending:
            yield from _decoded(_raw_lines([pending]), path, result, line_no)
        return
    yield from _decoded(_raw_lines(_chain(head, blocks)), path, result, line_no)


_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")


def _chain(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def _decoded(raw_lines: Iterable[tuple[bytes, int]], path: str, result: FileResult,
             line_no: int = 0) -> Iterator[tuple[int, str]]:
    """The careful path of `_lines_of_bytes`: one line at a time, each problem reported where it is."""
    for raw, overlong in raw_lines:
        line_no += 1
        if line_no == 1:
            if raw.startswith(_BOMS[:2]):
                result.violations.append(Violation(path, 1, 1, 1, 2, "syntax", "this file is UTF-16 or UTF-32 (it "
                                                   "begins with a byte order mark); rulecheck reads UTF-8"))
                return
            if raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            col = len(raw[:err.start].decode("utf-8", errors="replace")) + 1
            result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                               f"this line is not valid UTF-8 (byte 0x{raw[err.start]:02x} "
                                               f"at byte offset {err.start})"))
            continue
        length = overlong or len(text)
        if length > MAX_LINE_LENGTH:
            result.violations.append(Violation(path, line_no, MAX_LINE_LENGTH + 1, line_no, length + 1, "syntax",
                                               f"line is {length} characters long; the limit is {MAX_LINE_LENGTH}"))
            continue
        if "\x00" in text:
            col = text.index("\x00") + 1
            result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                               "this line contains a NUL byte"))
            continue
        yield line_no, text


def check_lines(lines: Iterator[tuple[int, str]], path: str, result: FileResult | None = None,
                base_dir: Path | None = None, *, config: Config | None = None) -> FileResult:
    """Check numbered lines; the violations come back filtered by `config` and the file's suppressions."""
    result = result or FileResult(path)
    config = config or DEFAULT
    replay = Engine(find_edition(config.edition))   # an `edition:` header switches it
    feed = replay.feed
    violations = result.violations
    statements = result.statements
    # parse_lines' loop, written out: this loop runs once a line, and every layer of generators costs
    for line_no, raw in lines:
        code, comment = split_comment(raw) if "#" in raw else (raw, None)
        if not code or code.isspace():
            if comment is not None:
                _directive(comment, line_no, result, raw, False)
            continue
        parsed = parse_line(code, line_no)
        if comment is not None:
            _directive(comment, line_no, result, raw, bool(parsed))
        if type(parsed) is SyntaxProblem:
            violations.append(Violation(path, parsed.line, parsed.column, parsed.line, parsed.end_column,
                                        parsed.rule, parsed.message, hint=parsed.hint))
            continue
        for stmt in parsed:  # type: ignore[union-attr]
            statements += 1
            if type(stmt) is n.Include:
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
    result.statements = statements
    try:
        replay.finish()
    except Exception as exc:  # noqa: BLE001
        result.violations.append(Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed at the end of "
                                           f"the file {_failure(exc)}; please report it"))
    edition = replay.replay.edition.name
    for f in replay.findings:
        result.violations.append(Violation(path, f.line, f.column, f.line, max(f.end_column, f.column + 1), f.rule,
                                           f.message, f.severity, f.related, edition=edition))
    if result.statements == 0 and not result.violations:
        result.violations.append(Violation(path, 1, 1, 1, 1, "empty", "the transcript contains no statements; "
                                           "nothing was checked", WARNING))
    result.violations = select_violations(result.violations, result.suppressions, path, config)
    return result


def _failure(exc: BaseException) -> str:
    """Which check failed and how, for an internal-error message: the innermost rulecheck function, one line."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)[1:]  # [0] is the frame that caught it
              if f"{os.sep}rulecheck{os.sep}" in f.filename or f.filename.startswith(f"rulecheck{os.sep}")]
    where = ""
    if frames:
        f = frames[-1]
        parts = Path(f.filename).with_suffix("").parts
        module = ".".join(parts[len(parts) - 1 - parts[::-1].index("rulecheck"):])
        where = f"in {module}.{f.name} (line {f.lineno}) "
    detail = " ".join(str(exc).split())
    if len(detail) > 200:
        detail = detail[:200] + "..."
    return f"{where}({type(exc).__name__}: {detail})" if detail else f"{where}({type(exc).__name__})"


def select_violations(violations: Iterable[Violation], suppressions: Sequence[Suppression], path: str,
                      config: Config) -> list[Violation]:
    """The one place where configuration and suppression comments decide what is reported (sorted)."""
    where = None if path in ("<stdin>", "<string>") else path
    chosen = [v for v in violations if config.enabled(v.rule, where)]
    return sorted(apply_suppressions(chosen, suppressions, path, config), key=Violation.sort_key)


def _comment_segments(comment: Comment, raw: str | None) -> Iterator[tuple[int, int, str]]:
    """Each '#'-separated part of a comment with its 1-based start and exclusive end column on the line."""
    text = raw[comment.column - 1:] if raw is not None and raw[comment.column - 1:comment.column] == "#" \
        else "#" + comment.text
    offset = comment.column - 1
    for part in text.split("#")[1:]:
        offset += 1
        stripped = part.strip()
        if stripped:
            start = offset + len(part) - len(part.lstrip()) + 1
            yield start, start + len(stripped), stripped
        offset += len(part)


def _directive(comment: Comment, line: int, result: FileResult, raw: str | None = None,
               on_statement_line: bool = True) -> None:
    for start, end, text in _comment_segments(comment, raw):
        m = _EXPECT.match(text)
        if m:
            rules = [r.strip() for r in m.group(1).split(",") if r.strip()]
            result.expectations.setdefault(line, []).extend(rules)
        elif is_directive(text):
            parsed = parse_directive(text, result.path, line, start, end, on_statement_line=on_statement_line)
            if isinstance(parsed, Suppression):
                result.suppressions.append(parsed)
            else:
                result.violations.append(parsed)


def _include(replay: Engine, stmt: n.Include, base_dir: Path | None, path: str, result: FileResult) -> None:
    """Read a YAML card file, and the card files it includes, into the replay.

    Every problem is a `syntax` diagnostic on the `include:` line; none is an exception, whatever the file holds."""
    line, column, end = stmt.span.line, stmt.span.column, stmt.span.end_column
    problems: list[str] = []
    read: set[str] = set()

    def load(target: Path, shown: str, chain: tuple[tuple[str, str], ...]) -> None:
        key = os.path.realpath(target)
        names = " -> ".join([name for _, name in chain] + [shown])
        if any(key == k for k, _ in chain):
            problems.append(f"circular card file include: {names}")
            return
        if len(chain) >= MAX_INCLUDE_DEPTH:
            problems.append(f"card file includes are nested more than {MAX_INCLUDE_DEPTH} deep: {names}")
            return
        if key in read:  # reached twice without a cycle (a diamond): its cards are already in
            return
        read.add(key)
        data = _load_card_file(target, shown, problems)
        if data is None:
            return
        nested = data.get("include") if isinstance(data, dict) else None
        if nested is not None:
            files = [nested] if isinstance(nested, str) else nested
            if not isinstance(files, list) or not all(isinstance(f, str) and f.strip() for f in files):
                problems.append(f"card file '{shown}': 'include' must be a file name or a list of file names")
            else:
                for name in files:
                    load(target.parent / name.strip(), name.strip(), (*chain, (key, shown)))
        cards = (data.get("cards", [] if nested is not None else None) if isinstance(data, dict) else data)
        if not isinstance(cards, list):
            problems.append(f"card file '{shown}' must hold a list under 'cards'")
            return
        for i, entry in enumerate(cards, 1):
            problem = _card_from_yaml(replay, entry, line)
            if problem:
                problems.append(f"card file '{shown}', card {i}: {problem}")

    load((base_dir or Path.cwd()) / stmt.path, stmt.path, ())
    for message in problems[:MAX_CARD_FILE_PROBLEMS]:
        result.violations.append(Violation(path, line, column, line, end, "syntax", message))
    if len(problems) > MAX_CARD_FILE_PROBLEMS:
        result.violations.append(Violation(path, line, column, line, end, "syntax",
                                           f"... and {len(problems) - MAX_CARD_FILE_PROBLEMS} more problems with "
                                           f"card file '{stmt.path}'"))


def _load_card_file(target: Path, shown: str, problems: list[str]) -> object | None:
    """The data of one card file, or None with the reason in `problems`: bounded in size, plain YAML only."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        problems.append(f"card file '{shown}' not found")
        return None
    except OSError as err:
        problems.append(f"card file '{shown}' cannot be read: {err.strerror or err}")
        return None
    if not stat.S_ISREG(info.st_mode):  # a directory, a FIFO, a device: opening one may block forever
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        problems.append(f"card file '{shown}' cannot be read: it is {kind}")
        return None
    try:
        with open(target, "rb") as fh:
            raw = fh.read(MAX_CARD_FILE_BYTES + 1)
    except OSError as err:
        problems.append(f"card file '{shown}' cannot be read: {err.strerror or err}")
        return None
    if len(raw) > MAX_CARD_FILE_BYTES:
        problems.append(f"card file '{shown}' is larger than {MAX_CARD_FILE_BYTES} bytes, the limit for a card file")
        return None
    if _flow_depth(raw) > MAX_CARD_FILE_NESTING:  # PyYAML's scanner is quadratic in [ { nesting
        problems.append(f"card file '{shown}' cannot be read: it is nested more than {MAX_CARD_FILE_NESTING} "
                        "levels deep")
        return None
    import yaml  # only transcripts with card files pay for it
    try:
        alias = _first_alias(raw) if _ALIAS.search(raw) else None
        if alias is not None:
            problems.append(f"card file '{shown}', line {alias[1]}: YAML aliases ('*{alias[0]}') are not allowed in "
                            "card files")
            return None
        data: object = yaml.safe_load(raw)
        return data
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        reason = getattr(err, "problem", None) or str(err).splitlines()[0]
        problems.append(f"card file '{shown}' cannot be read{where}: {reason}")
    except RecursionError:
        problems.append(f"card file '{shown}' cannot be read: it is nested too deeply")
    return None


def _flow_depth(raw: bytes) -> int:
    """How deep [ ] and { } nest (quotes not considered: a card file has no reason to nest deeply at all)."""
    depth = deepest = 0
    for m in _FLOW_BRACKET.finditer(raw):
        depth = depth + 1 if m.group() in (b"[", b"{") else max(0, depth - 1)
        deepest = max(deepest, depth)
        if deepest > MAX_CARD_FILE_NESTING:
            break
    return deepest


def _first_alias(raw: bytes) -> tuple[str, int] | None:
    import yaml
    """The first alias in a YAML text, with its line: aliases build YAML bombs (billion laughs, merge keys)."""
    for token in yaml.scan(raw, Loader=yaml.SafeLoader):
        if isinstance(token, yaml.AliasToken):
            return str(token.value), token.start_mark.line + 1
    return None


def _card_from_yaml(replay: Engine, entry: object, line: int) -> str | None:
    """Add one card file entry to the replay; the problem with it, if any. Nothing here walks unknown data."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        return "each card needs a 'name'"
    types = entry.get("types", "")
    if isinstance(types, str):
        types = [types]
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        return "'types' must be text or a list of text"
    pt, loyalty, cost = entry.get("pt"), entry.get("loyalty"), entry.get("mana_cost")
    for key, value in (("pt", pt), ("loyalty", loyalty), ("mana_cost", cost)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
            return f"'{key}' must be text or a number"
    abilities = entry.get("abilities") or []
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        return "'abilities' must be a list of text"
    props = [" ".join(types) + (f" {pt}" if pt else "")]
    if loyalty is not None:
        props.append(f"loyalty {loyalty}")
    if cost is not None:
        props.append(f"mana cost {cost}")
    props += abilities
    code = f"card {entry['name']}: " + ", ".join(props)
    if "\n" in code or "\r" in code:
        return "a card's name, types and abilities must each fit on one line"
    parsed = parse_line(code, line)
    if not isinstance(parsed, list):
        return parsed.message
    for stmt in parsed:
        if isinstance(stmt, n.CardDef):
            first = replay.replay.game.cards.get(stmt.name)
            if first is not None:  # said here, so the position is the include line's, not the generated text's
                return f"card '{stmt.name}' is defined twice (first on line {first.line})"
            replay.add_card(stmt)
    return None


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


def iter_paths(paths: Iterable[str], extension: str = ".transcript") -> Iterator[str]:
    """Files to check: directories are walked (symbolic links to directories are not followed, so no loop).

    A directory that cannot be listed is yielded itself, so that checking it reports why; FIFOs, sockets and
    devices met in a walk are passed over (opening one could block forever)."""
    for p in paths:
        if p != "-" and os.path.isdir(p):
            unlisted: list[str] = []
            for root, dirs, files in os.walk(p, onerror=partial(_note_unlisted, unlisted)):
                dirs.sort()
                for name in sorted(files):
                    full = os.path.join(root, name)
                    if name.endswith(extension) and _regular_or_broken(full):
                        yield full
            yield from unlisted
        else:
            yield p


def _note_unlisted(unlisted: list[str], err: OSError) -> None:
    unlisted.append(str(err.filename))


def _regular_or_broken(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True  # a broken link or a loop: checking it gives an `io` diagnostic that says so


PARALLEL_MIN_FILES = 8


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _check_one(item: tuple[str, Config]) -> FileResult:
    """check_file, with any failure turned into a diagnostic so one file cannot end the run."""
    path, config = item
    try:
        return check_file(path, config)
    except Exception as exc:  # noqa: BLE001
        return FileResult(path, [Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed on this file "
                                           f"({type(exc).__name__}: {exc}); please report it")])


def check_files(items: Sequence[tuple[str, Config]], *, jobs: int = 1,
                progress: Callable[[], None] | None = None) -> list[FileResult]:
    """Check files, each with its configuration, in a pool of `jobs` processes; results in input order.

    Standard input is read here, never in a worker. A worker that dies leaves an `internal-error` for each file
    it did not finish; the other results stand."""
    results: list[FileResult | None] = [None] * len(items)

    def done(i: int, result: FileResult) -> None:
        results[i] = result
        if progress is not None:
            progress()

    pooled = [i for i, (path, _) in enumerate(items) if path != "-"]
    for i, (path, config) in enumerate(items):
        if path == "-":
            done(i, _check_one((path, config)))
    workers = min(jobs, len(pooled))
    if workers > 1 and len(pooled) >= PARALLEL_MIN_FILES:
        _run_pool([items[i] for i in pooled], workers, lambda k, r: done(pooled[k], r))
    for i in pooled:
        if results[i] is None:
            done(i, _check_one(items[i]))
    return [r for r in results if r is not None]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops the run without a traceback from each worker."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(items: Sequence[tuple[str, Config]], workers: int, done: Callable[[int, FileResult], None]) -> None:
    """Check `items` in worker processes; on a broken pool, every unfinished file gets an internal-error."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from .parser import lark_parser

    lark_parser()  # built once here, so forked workers inherit it
    chunk = max(1, min(16, len(items) // (workers * 16)))   # small enough that no worker idles at the end
    finished = 0
    try:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        try:
            for result in pool.map(_check_one, items, chunksize=chunk):
                done(finished, result)
                finished += 1
        except KeyboardInterrupt:
            pool.shutdown(wait=True, cancel_futures=True)  # the chunks under way are short; the rest never start
            raise
        finally:
            pool.shutdown(wait=True)
    except (OSError, NotImplementedError, ImportError):
        return  # no process pool on this platform: the caller checks the rest in this process
    except BrokenProcessPool as err:
        for k in range(finished, len(items)):
            path = items[k][0]
            done(k, FileResult(path, [Violation(path, 1, 1, 1, 1, "internal-error",
                                                f"the worker process checking this file stopped unexpectedly "
                                                f"({err or 'no reason given'}); run with -j 1 to check it on its "
                                                f"own")]))
