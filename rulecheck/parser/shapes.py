"""The parser's caches: bounded generations of parsed lines, and the shape cache, which builds a line that
differs from one already parsed only in the digits of "(N)" suffixes from that line's statements."""

from __future__ import annotations

import importlib
import marshal
import re
import sys
from functools import lru_cache
from typing import Any, Generic, NamedTuple, TypeVar

from .. import nodes as n
from .builders.base import _name_text
from .driver import plain

# A permanent's "(N)" suffix makes "Vampire Bats (57) assigns 1 combat damage to Alice" a line never seen before
# in nearly every combat, so the line cache misses it.  A line that differs from one already parsed only in the
# digits of such suffixes (same digit counts, so every column is the same) is built from that line's statements
# instead, with each name that holds a suffix re-read from the new line.  Why that gives exactly what Lark
# gives:
#   1. every terminal of the grammar treats all ten ASCII digits alike (checked once, ``_digit_blind``), so the
#      lexer cuts the new line into tokens of the same types at the same columns; the LALR parser, which sees
#      only token types, then makes the same moves and the transformer gets the same calls;
#   2. when a shape is stored, each "(digits)" of the line is checked to lie inside a Ref whose text is the
#      name read from that slice of the line (``_name_text``, what ``_ref`` does to its token), so the digits
#      reach the output only through those Refs;
#   3. a string elsewhere in the statements that equals such a Ref's text (Target.text) is a copy of it and is
#      replaced by the new text; any other string holding one of the "(digits)" refuses the shape, as does a
#      copy that could come from two Refs.  (No transformer callback computes anything else from a name.)
# Syntax problems are never stored; a refused shape is remembered so it costs one dict lookup, then Lark.
# tests/test_parser_cache.py compares this path with Lark on every line of the fixtures, the examples, the shared
# acceptance set and a generated game, on the same lines with other suffix digits and on broken variants.
_SUFFIX = re.compile(r"\([0-9]+\)")
_ASCII_DIGITS = frozenset(range(ord("0"), ord("9") + 1))
_Spot = tuple[int, int]  # a Ref's column and end_column


class _Shape(NamedTuple):
    template: _Template
    refs: tuple[_Spot, ...]           # the Refs to read again from the new line
    copies: dict[str, _Spot]          # strings that are copies of one of those Refs' text
    fix: tuple[frozenset[int], ...]   # per statement, the fields that hold any of them


class _FirstOfShape(NamedTuple):
    code: str
    statements: tuple[n.Statement, ...]  # a copy: the caller owns the list it was given


_V = TypeVar("_V")


class _Generations(Generic[_V]):
    """A bounded cache by line text: entries go into the young generation, and a full young generation becomes
    the old one (the older one is dropped), so at most two generations are held. A caller that finds an entry in
    the old generation puts it back into the young one."""

    __slots__ = ("size", "young", "old")

    def __init__(self, size: int) -> None:
        self.size = size
        self.young: dict[str, _V] = {}
        self.old: dict[str, _V] = {}

    def put(self, key: str, value: _V) -> None:
        self.young[key] = value
        if len(self.young) >= self.size:
            self.old = self.young
            self.young = {}

    def clear(self) -> None:
        self.young.clear()
        self.old.clear()



def _blank_digits(m: re.Match[str]) -> str:
    return "(" + "\x00" * (m.end() - m.start() - 2) + ")"


def _from_shape(shape: _Shape, code: str, line_no: int) -> list[n.Statement]:
    refs = {spot: n.Ref(_name_text(code[spot[0] - 1:spot[1] - 1]), spot[0], spot[1]) for spot in shape.refs}
    copies = {old: refs[spot].text for old, spot in shape.copies.items()}
    out: list[n.Statement] = []
    for (cls, column, end, rest), fix in zip(shape.template, shape.fix, strict=True):
        if fix:
            rest = tuple(_rederive(value, refs, copies) if i in fix else value for i, value in enumerate(rest))
        out.append(cls(n.Span(line_no, column, line_no, end), *rest))
    return out


def _shape_of(code: str, stmts: tuple[n.Statement, ...]) -> _Shape | None:
    """What to re-read in a line of this shape, or None when its suffix digits reach anything but names."""
    if not _digit_blind():
        return None
    refs: dict[_Spot, str] = {}
    strings: list[str] = []
    rests = [_rest_of(st) for st in stmts]
    for rest in rests:
        if not _gather(rest, refs, strings):
            return None
    marks = set()
    spots: set[_Spot] = set()
    for m in _SUFFIX.finditer(code):
        start, end = m.start() + 1, m.end() + 1
        inside = [spot for spot in refs if spot[0] <= start and end <= spot[1]]
        if not inside:
            return None
        spots.update(inside)
        marks.add(m.group())
    texts: dict[str, _Spot | None] = {}  # None: the text of two Refs, so a copy of it is ambiguous
    for spot, text in refs.items():
        if spot not in spots:
            if any(mark in text for mark in marks):
                return None
        elif _name_text(code[spot[0] - 1:spot[1] - 1]) != text:
            return None
        else:
            texts[text] = spot if texts.get(text, spot) == spot else None
    copies: dict[str, _Spot] = {}
    for text in strings:
        if text in texts:
            source = texts[text]
            if source is None:
                return None
            copies[text] = source
        elif any(mark in text for mark in marks):
            return None
    fix = tuple(frozenset(i for i, value in enumerate(rest) if _touches(value, spots, copies)) for rest in rests)
    template = tuple((type(st), st.span.column, st.span.end_column, rest) for st, rest in zip(stmts, rests,
                                                                                                 strict=True))
    return _Shape(template, tuple(sorted(spots)), copies, fix)


def _fields_of(value: Any) -> tuple[str, ...] | None:
    """The field names of a node, None for any other value."""
    return n.fields_of(value) if isinstance(value, n.Node) else None


def _gather(value: Any, refs: dict[_Spot, str], strings: list[str]) -> bool:
    """Collect every Ref (by position) and every other string inside a value; False on two Refs at one place
    with different texts, and on a value of a kind the shape cache does not walk (a dict, a set, ...)."""
    if isinstance(value, n.Ref):
        return refs.setdefault((value.column, value.end_column), value.text) == value.text
    if isinstance(value, str):
        strings.append(value)
        return True
    if isinstance(value, (tuple, list)):
        return all(_gather(item, refs, strings) for item in value)
    if value is None or isinstance(value, (int, float)):
        return True
    names = _fields_of(value)
    return names is not None and all(_gather(getattr(value, name), refs, strings) for name in names)


def _touches(value: Any, spots: set[_Spot], copies: dict[str, _Spot]) -> bool:
    if isinstance(value, n.Ref):
        return (value.column, value.end_column) in spots
    if isinstance(value, str):
        return value in copies
    if isinstance(value, (tuple, list)):
        return any(_touches(item, spots, copies) for item in value)
    names = _fields_of(value)
    return names is not None and any(_touches(getattr(value, name), spots, copies) for name in names)


def _rederive(value: Any, refs: dict[_Spot, n.Ref], copies: dict[str, str]) -> Any:
    if isinstance(value, n.Ref):
        return refs.get((value.column, value.end_column), value)
    if isinstance(value, str):
        return copies.get(value, value)
    if isinstance(value, tuple):
        return tuple(_rederive(item, refs, copies) for item in value)
    if isinstance(value, list):
        return [_rederive(item, refs, copies) for item in value]
    names = _fields_of(value)
    if names is None:
        return value
    return type(value)(*(_rederive(getattr(value, name), refs, copies) for name in names))


@lru_cache(maxsize=1)
def _digit_blind() -> bool:
    """Whether every terminal of the grammar matches a text exactly when it matches the same text with other
    ASCII digits in the same places (the shape cache's first premise).  False when it cannot be told."""
    try:
        sre: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
        terminals = marshal.loads(plain()["terminals"])
        return all(_terminal_digit_blind(kind, regexp.decode("utf-8"), value.decode("utf-8"), sre)
                   for _, kind, regexp, value in terminals)
    except Exception:  # noqa: BLE001 - an unknown regex internals layout: no shape cache, Lark for every line
        return False


def _terminal_digit_blind(kind: str, regexp: str, value: str, sre: Any) -> bool:
    if kind == "str":
        return not any(ch.isdigit() for ch in value)
    if not any(ch in "0123456789" for ch in regexp) and "\\N" not in regexp:
        # no digit is named (as a literal, a range end, a backreference or an escape), so every class holds all
        # ten or none (the digits are contiguous): blind, without parsing the pattern (~5 ms for the grammar)
        return True
    return _items_digit_blind(sre.parse(regexp))


def _items_digit_blind(items: Any) -> bool:
    """Walk a parsed regular expression: no digit literal, no class holding some digits but not all, no
    backreference (it compares text); anything not understood counts as not blind."""
    for op, arg in items:
        name = str(op)
        if name in ("LITERAL", "NOT_LITERAL"):
            if arg in _ASCII_DIGITS:
                return False
        elif name == "IN":
            held = _class_digits(arg)
            if held is None or held not in (frozenset(), _ASCII_DIGITS):
                return False
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if not _items_digit_blind(arg[2]):
                return False
        elif name == "SUBPATTERN":
            if not _items_digit_blind(arg[-1]):
                return False
        elif name == "BRANCH":
            if not all(_items_digit_blind(branch) for branch in arg[1]):
                return False
        elif name in ("ASSERT", "ASSERT_NOT"):
            if not _items_digit_blind(arg[1]):
                return False
        elif name == "ATOMIC_GROUP":
            if not _items_digit_blind(arg):
                return False
        elif name not in ("AT", "ANY", "CATEGORY"):
            return False
    return True


_CATEGORY_DIGITS = {"CATEGORY_DIGIT": True, "CATEGORY_WORD": True, "CATEGORY_NOT_SPACE": True,
                    "CATEGORY_NOT_LINEBREAK": True, "CATEGORY_NOT_DIGIT": False, "CATEGORY_NOT_WORD": False,
                    "CATEGORY_SPACE": False, "CATEGORY_LINEBREAK": False}


def _class_digits(items: Any) -> frozenset[int] | None:
    """The ASCII digits a character class holds (negation does not matter: all or none stays all or none)."""
    held: set[int] = set()
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            held.update({arg} & _ASCII_DIGITS)
        elif name == "RANGE":
            held.update(d for d in _ASCII_DIGITS if arg[0] <= d <= arg[1])
        elif name == "CATEGORY":
            holds = _CATEGORY_DIGITS.get(str(arg))
            if holds is None:
                return None
            if holds:
                held.update(_ASCII_DIGITS)
        elif name != "NEGATE":
            return None
    return frozenset(held)



_Template = tuple[tuple[type[n.Statement], int, int, tuple[Any, ...]], ...]
_FIELDS_AFTER_SPAN: dict[type, tuple[str, ...]] = {}


def _rest_of(st: n.Statement) -> tuple[Any, ...]:
    """A statement's field values after its span, in constructor order."""
    names = _FIELDS_AFTER_SPAN.get(type(st))
    if names is None:
        names = tuple(f for f in n.fields_of(st) if f != "span")
        _FIELDS_AFTER_SPAN[type(st)] = names
    return tuple(getattr(st, name) for name in names)
