"""What every statement family's builder shares: the line number, spans, names, and the small readings of
numbers, durations and step names the families use."""

from __future__ import annotations

import re
from typing import Any, TypeVar

from ... import nodes as n
from ..tokens import Token


def _ref(tok: Token) -> n.Ref:
    return n.Ref(_name_text(str(tok)), tok.column or 1, tok.end_column or 1)


def _name_text(text: str) -> str:
    """A name as written (a NAME token's text) to the name it means: quotes removed, spaces collapsed."""
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = text[1:-1].strip()
    return " ".join(text.split())


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


_DURATION = {"turn": "end_of_turn", "combat": "end_of_combat"}


def _duration(value: str | n.Condition) -> tuple[str, n.Condition | None]:
    """A duration as (kind, condition): "for as long as ..." is ("while", its condition)."""
    if isinstance(value, n.Condition):
        return "while", value
    return value, None


_T = TypeVar("_T", bound=type)


def inline(func: Any, _data: str, children: list[Any], _meta: Any) -> Any:
    """How Lark calls a builder's method (its ``visit_wrapper``): with the rule's children as arguments, as Lark's
    ``@v_args(inline=True)`` does (the LALR loop, :mod:`..driver`, calls the method the same way directly)."""
    return func(*children)


def inline_callbacks(cls: _T) -> _T:
    """Marks the methods a builder class itself defines as taking a rule's children as arguments: what Lark's
    ``@v_args(inline=True)`` does to a class, without Lark (its import is ~20 ms a check whose lines the loop
    reads does not need) and without its walk over every member of every base class (~2.5 ms of every process for
    the twelve builders). The method stays the function it was, with a ``visit_wrapper`` that Lark's callbacks
    apply (``apply_visit_wrapper``). A method already given its own wrapper is left as it is."""
    for name, value in list(vars(cls).items()):
        if not name.startswith("_") and callable(value) and getattr(value, "visit_wrapper", None) is None:
            value.visit_wrapper = inline
    return cls


@inline_callbacks
class BuildBase:
    """The base of each family's builder (see :mod:`rulecheck.parser.builders`): a callback may copy a name's text
    (``Target.text``) but must not compute anything else from it (a number, a lower-cased form): the shape cache
    re-reads names and their copies only (see ``rulecheck.parser.shapes``)."""

    line_no = 1
    # the grammar's own pattern of the 'at the beginning of ...' triggers it understands; set by
    # rulecheck.parser.lalr once the grammar is loaded (before any line is parsed)
    trigger_re: re.Pattern[str] = re.compile(r"(?!)")

    def _span(self, *items: Any) -> n.Span:
        cols: list[int] = []
        ends: list[int] = []
        for it in items:
            _collect_cols(it, cols, ends)
        start = min(cols) if cols else 1
        end = max(ends) if ends else start
        return n.Span(self.line_no, start, self.line_no, end)

    # names
    def name(self, tok: Token) -> n.Ref:
        return _ref(tok)

    def name_list(self, *refs: n.Ref) -> tuple[n.Ref, ...]:
        return tuple(refs)

    permanent_list = name_list

    def line(self, *stmts: n.Statement) -> list[n.Statement]:
        return list(stmts)


def _collect_cols(item: Any, cols: list[int], ends: list[int]) -> None:
    if item is None:
        return
    if isinstance(item, Token):
        if item.column is not None:
            cols.append(item.column)
            ends.append(item.end_column or item.column)
    elif isinstance(item, n.Ref):
        cols.append(item.column)
        ends.append(item.end_column)
    elif isinstance(item, (tuple, list)):
        for sub in item:
            _collect_cols(sub, cols, ends)


_STEP_CANON = {
    "first-strike combat damage step": "first combat damage step",
    # the names of the 2003 rules
    "end of turn step": "end step", "end phase": "ending phase", "first main phase": "precombat main phase",
    "second main phase": "postcombat main phase",
}


def _step_name(tok: Token | str) -> str:
    text = " ".join(str(tok).split())
    if text.endswith("steps") or text.endswith("phases"):
        text = text[:-1]
    return _STEP_CANON.get(text, text)
