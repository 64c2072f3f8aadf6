"""The parser's tokens without Lark: what the LALR loop (:mod:`.driver`) hands the builders, and the lexer's number
check, so that a check whose lines the loop reads never imports Lark (docs/performance.md, "Start-up without Lark").

:class:`Token` is the builders' "a token": the loop's tokens are of this class, and Lark's own ``Token`` (made by
Lark for a line the loop declines) is registered as one once Lark is imported (:mod:`.lalr`), so ``isinstance(x,
Token)`` holds for both. A token behaves as Lark's: a string with its terminal's type and its positions, equal to
another token only of the same type, shown as ``Token('TYPE', 'text')``.
"""

from __future__ import annotations

import re
from abc import ABCMeta
from typing import Any

from .limits import MAX_NUMBER


class Token(str, metaclass=ABCMeta):
    """A token of a line: its text, its terminal's type and where it lies (Lark's ``Token`` is registered as one)."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")

    type: str
    start_pos: int | None
    value: Any
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(cls, type: str, value: str, start_pos: int | None = None, line: int | None = None,  # noqa: A002
                column: int | None = None, end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> Token:
        tok = str.__new__(cls, value)
        tok.type = type
        tok.start_pos = start_pos
        tok.value = value
        tok.line = line
        tok.column = column
        tok.end_line = end_line
        tok.end_column = end_column
        tok.end_pos = end_pos
        return tok

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.type, self.value, self.start_pos, self.line, self.column, self.end_line,
                             self.end_column, self.end_pos))

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:   # as Lark's: a token of another type is another token
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class Tree:
    """A rule's children kept together, for a rule without a builder (the `_rule`s and repetitions whose children
    the rule above splices in); Lark makes its ``Tree`` there."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


NUMBER_TERMINALS = ("INT", "SIGNED_INT", "PT", "PT_MOD", "COUNTER_KIND")


class NumberTooLarge(Exception):
    """Raised by the lexer on a number above MAX_NUMBER, before int() (slow, then refused, past 4300 digits)."""

    def __init__(self, token: Token) -> None:
        super().__init__(str(token))
        self.token = token


_DIGITS = re.compile(r"\d+")


def check_number(token: Token) -> Token:
    """The lexer's callback on the terminals that hold numbers (Lark's ``lexer_callbacks`` and the loop's)."""
    for digits in _DIGITS.findall(str(token)):
        if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
            raise NumberTooLarge(token)
    return token
