"""Lark front end: one transcript line in, typed statements (or a syntax diagnostic) out.

The grammar ships inside the package and the LALR parser is built once per process (:mod:`.lalr`).  Lines are
parsed one at a time so a transcript of any size streams: memory follows the game, not the file.  Logs repeat
their lines constantly, so parsed lines are kept in a small bounded cache (see ``parse_line``), and lines that
differ only in the digits of "(N)" suffixes share a shape (:mod:`.shapes`); docs/performance.md has the
measurements behind each of these choices.

The package is split by what each part does: :mod:`.builders` turns parse trees into statements, one builder per
statement family; :mod:`.lalr` loads the grammar and builds the parser; :mod:`.shapes` holds the caches' machinery;
:mod:`.errors` turns a parse failure into a syntax problem with a hint; :mod:`.comments` splits off a line's
comment.  This module drives them, and every name the parser ever exported is importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from .. import nodes as n
from ..lazy import lazy_attributes
from .builders import Build, _Build
from .builders.base import (  # noqa: F401 - the old module's helpers, for code written against it
    _DURATION,
    _STEP_CANON,
    _collect_cols,
    _duration,
    _name_text,
    _pt,
    _ref,
    _step_name,
)
from .comments import Comment, split_comment
from .driver import driver as _driver
from .limits import MAX_LINE_LENGTH, MAX_NUMBER, NO_MAX_HAND
from .problems import SyntaxProblem
from .shapes import (  # noqa: F401
    _ASCII_DIGITS,
    _CATEGORY_DIGITS,
    _FIELDS_AFTER_SPAN,
    _SUFFIX,
    _blank_digits,
    _class_digits,
    _digit_blind,
    _fields_of,
    _FirstOfShape,
    _from_shape,
    _gather,
    _Generations,
    _items_digit_blind,
    _rederive,
    _rest_of,
    _Shape,
    _shape_of,
    _Spot,
    _Template,
    _terminal_digit_blind,
    _touches,
)
from .tables import GRAMMAR_FILE, GRAMMAR_PACKAGE, grammar_text
from .tables import build as _build
from .tables import table_cache as _table_cache
from .tokens import _DIGITS  # noqa: F401
from .tokens import NUMBER_TERMINALS as _NUMBER_TERMINALS  # noqa: F401
from .tokens import NumberTooLarge as _NumberTooLarge
from .tokens import check_number as _check_number  # noqa: F401

__all__ = ["GRAMMAR_FILE", "GRAMMAR_PACKAGE", "MAX_LINE_LENGTH", "MAX_NUMBER", "NO_MAX_HAND", "Build", "Comment",
           "Lark", "ParsedLine", "SyntaxProblem", "_Build", "_Generations", "_SHAPES", "_SHAPE_CACHE_SIZE",
           "_CACHE_SIZE", "_LINES", "_SUFFIX", "_Shape", "_blank_digits", "_digit_blind", "_lark", "_parse_cold",
           "_parse_uncached", "_shape_of", "_table_cache", "_terminal_digit_blind", "_turn_line", "clear_cache",
           "UNREAD", "grammar_text", "lark_parser", "n", "parse_line", "parse_lines", "split_comment"]

# names of the modules that import Lark, imported when asked for (PEP 562): a check whose lines the loop reads
# never imports Lark (docs/performance.md, "Start-up without Lark")
_LAZY = {"Lark": "lalr", "_lark": "lalr", "lark_parser": "lalr", "_CONNECTORS": "errors", "_STARTERS": "errors",
         "_STEP_NAMES": "errors", "_TERMINAL_WORDS": "errors", "_VERBS": "errors", "_describe": "errors",
         "_hint": "errors", "_problem": "errors", "_swallowed_word": "errors", "_terminal_patterns": "errors"}


__getattr__ = lazy_attributes(__name__, _LAZY, globals())


_SHAPE_CACHE_SIZE = 2048
_SHAPES: _Generations[_Shape | _FirstOfShape | None] = _Generations(_SHAPE_CACHE_SIZE)


def _parse_cold(code: str, line_no: int, quiet: bool = False) -> list[n.Statement] | SyntaxProblem:
    """A line the line cache does not hold: from the shape cache when it can, else from Lark."""
    if "(" not in code or "\x00" in code:
        return _parse_uncached(code, line_no, quiet)
    key, count = _SUFFIX.subn(_blank_digits, code)
    if not count:
        return _parse_uncached(code, line_no, quiet)
    entry: _Shape | _FirstOfShape | None = None
    known = key in _SHAPES.young
    if known:
        entry = _SHAPES.young[key]
    elif key in _SHAPES.old:
        entry = _SHAPES.old[key]
        _SHAPES.put(key, entry)
        known = True
    if isinstance(entry, _FirstOfShape):  # checked only when a second line of the shape comes (most never do)
        entry = _shape_of(entry.code, entry.statements)
        _SHAPES.put(key, entry)
    if entry is not None:
        return _from_shape(entry, code, line_no)
    parsed = _parse_uncached(code, line_no, quiet)
    if not known and not isinstance(parsed, SyntaxProblem):
        _SHAPES.put(key, _FirstOfShape(code, tuple(parsed)))
    return parsed


class ParsedLine(NamedTuple):
    """One source line: its statements, or the syntax problem that stopped them, and its comment."""

    line: int
    statements: list[n.Statement]
    comment: Comment | None
    problem: SyntaxProblem | None


def parse_line(code: str, line_no: int, *, quiet: bool = False) -> list[n.Statement] | SyntaxProblem:
    """Parse one line of transcript code (comment already removed). `quiet`: a probe (does the grammar read
    this?) that never shows the problem, so a line the grammar rejects gets `UNREAD`, made without a message.

    Game logs repeat the same lines constantly (priority passes, step headers, the same attacks turn after
    turn), so a successful parse is kept, keyed by the exact code, and a repeat only gets fresh spans for its
    line number.  The cache is bounded (two generations of ``_CACHE_SIZE`` lines) so memory stays flat.
    """
    template = _LINES.young.get(code)
    if template is None:
        template = _LINES.old.get(code)
        if template is None:
            if len(code) > MAX_LINE_LENGTH:
                return SyntaxProblem(line_no, MAX_LINE_LENGTH + 1, len(code) + 1,
                                     f"line is {len(code)} characters long; the limit is {MAX_LINE_LENGTH}")
            turn = _turn_line(code, line_no)
            if turn is not None:
                return [turn]
            parsed = _parse_cold(code, line_no, quiet)
            if isinstance(parsed, SyntaxProblem):
                return parsed
            template = tuple((type(st), st.span.column, st.span.end_column, _rest_of(st)) for st in parsed)
            _LINES.put(code, template)
            return parsed
        _LINES.put(code, template)
    if len(template) == 1:   # most lines hold one statement: no comprehension to set up
        cls, column, end, rest = template[0]
        return [cls(_Span(line_no, column, line_no, end), *rest)]
    return [cls(_Span(line_no, column, line_no, end), *rest) for cls, column, end, rest in template]


# A turn's number makes each of its lines unique, so they never hit the cache: the two plain forms are read
# here, exactly as the grammar reads them (tests/test_parser_cache.py compares both on many variants).
_TURN_HEADER = re.compile(r"[ \t]*turn[ \t]+(\d{1,9})[ \t]*:[ \t]*([A-Z][a-z]+)[ \t]*")
_TURN_END = re.compile(r"[ \t]*turn[ \t]+(\d{1,9})[ \t]+ends[ \t]*")


def _turn_line(code: str, line_no: int) -> n.Statement | None:
    if not code.lstrip(" \t").startswith("turn"):
        return None
    span = n.Span(line_no, len(code) - len(code.lstrip()) + 1, line_no, len(code.rstrip()) + 1)
    m = _TURN_HEADER.fullmatch(code)
    if m is not None:
        player = n.Ref(m.group(2), m.start(2) + 1, m.end(2) + 1)
        return n.TurnHeader(span, int(m.group(1)), player, False, None)
    m = _TURN_END.fullmatch(code)
    if m is not None:
        return n.TurnEnd(span, int(m.group(1)))
    return None


_Span = n.Span
_CACHE_SIZE = 4096
_LINES: _Generations[_Template] = _Generations(_CACHE_SIZE)


def clear_cache() -> None:
    """Forget every cached line (for measurements of the cold parser)."""
    _LINES.clear()
    _SHAPES.clear()


UNREAD = SyntaxProblem(1, 1, 1, "the grammar does not read this line")   # a quiet parse's answer (parse_line)


def _parse_uncached(code: str, line_no: int, quiet: bool = False) -> list[n.Statement] | SyntaxProblem:
    loop = _driver()
    _build().line_no = line_no
    result = loop.parse(code)   # the same automaton in one loop (driver.py); None: Lark reads it
    if result is None:
        if quiet and loop.rejected:   # a probe the grammar surely rejects: no message to make, no Lark
            return UNREAD
        from .lalr import _lark  # Lark is imported only here, for a line the loop declines

        parser, build = _lark()
        build.line_no = line_no
        result = _parse_with_lark(parser, code, line_no, quiet)
        if isinstance(result, SyntaxProblem):
            return result
    stmts: list[n.Statement] = result if isinstance(result, list) else [result]
    segments = _segments(code)
    if len(segments) == len(stmts):
        for i, (a, b) in enumerate(segments):
            span = stmts[i].span
            if span.column != a or span.end_column != b or span.line != line_no or span.end_line != line_no:
                stmts[i] = type(stmts[i])(n.Span(line_no, a, line_no, b), *_rest_of(stmts[i]))
    return stmts


def _parse_with_lark(parser: Any, code: str, line_no: int, quiet: bool) -> object:
    """Lark's parse of the line, or the syntax problem that stopped it."""
    from lark.exceptions import UnexpectedInput, VisitError

    from .errors import _problem

    try:
        return parser.parse(code)
    except UnexpectedInput as err:
        return UNREAD if quiet else _problem(code, line_no, err)
    except VisitError as err:  # a transformer failure on odd input: report, never raise
        return SyntaxProblem(line_no, 1, len(code) + 1, f"cannot read this statement ({err.orig_exc})")
    except _NumberTooLarge as err:
        tok = err.token
        shown = str(tok) if len(tok) <= 24 else f"{str(tok)[:12]}...{str(tok)[-6:]} ({len(tok)} characters)"
        return SyntaxProblem(line_no, tok.column or 1, tok.end_column or len(code) + 1,
                             f"number too large: {shown}; rulecheck accepts numbers up to {MAX_NUMBER}")
    except Exception as err:  # noqa: BLE001 - a parser bug must not end the run: report it on its line
        return SyntaxProblem(line_no, 1, len(code) + 1, f"rulecheck failed to parse this line "
                             f"({type(err).__name__}: {err}); please report it", rule="internal-error")


def _segments(code: str) -> list[tuple[int, int]]:
    """1-based [start, end) columns of each ';'-separated statement, trimmed of spaces."""
    if ";" not in code:
        return [(len(code) - len(code.lstrip()) + 1, len(code.rstrip()) + 1)]
    out: list[tuple[int, int]] = []
    start = 0
    if '"' not in code:   # every ';' separates: what the scan below finds, without a step per character
        for seg in code.split(";"):
            out.append((start + len(seg) - len(seg.lstrip()) + 1, start + len(seg.rstrip()) + 1))
            start += len(seg) + 1
        return out
    in_quote = False
    for i, ch in enumerate(code + ";"):
        if ch == '"':
            in_quote = not in_quote
        elif ch == ";" and not in_quote:
            seg = code[start:i]
            lead = len(seg) - len(seg.lstrip())
            out.append((start + lead + 1, start + len(seg.rstrip()) + 1))
            start = i + 1
    return out


def parse_lines(lines: Iterator[tuple[int, str]]) -> Iterator[ParsedLine]:
    """Parse numbered source lines lazily."""
    for line_no, raw in lines:
        code, comment = split_comment(raw) if "#" in raw else (raw, None)
        if not code or code.isspace():
            if comment is not None:
                yield ParsedLine(line_no, [], comment, None)
            continue
        result = parse_line(code, line_no)
        if isinstance(result, SyntaxProblem):
            yield ParsedLine(line_no, [], comment, result)
        else:
            yield ParsedLine(line_no, result, comment, None)
