"""A tight LALR loop over the tables Lark built: the cold parse of a line the caches can't build.

Lark's LALR parser reads a line through general machinery: a lexer thread, a generator per line, a method call per
token (``feed_token``), a chain of wrapper objects per reduction (a child filter, ``ExpandSingleChild``, the
``v_args`` wrapper) and a Token built through keyword-checking constructors. This module runs the same automaton
with none of that: one loop that lexes with the contextual lexer's own scanner for the parser's state, looks up the
same parse table, and on each reduction does what Lark's wrappers do (keep the children Lark keeps, splice in the
children of ``_rule``s, pass a ``?rule``'s single child through) and calls the same transformer method with the
same arguments.  The tables, the terminals, the scanners' patterns and the lexer callbacks are Lark's, taken from
the parser :mod:`.lalr` made and kept as plain data (:mod:`.export`, :mod:`.tables`), so that the loop runs without
importing Lark; its tokens are :class:`.tokens.Token` (a token to the builders as Lark's is). The one thing written
here is each state's alternation of terminals, the same alternatives in the same order with each terminal's group
moved after it, so that the regular expression engine refuses a keyword at its first character
(``export._alternation``; once a process has read enough lines to load them).

It only ever answers for a line it reads to the end: anything else (a character no terminal of the state matches,
a token the state has no action for, a callback that raises, a parser built otherwise than expected) answers
``None`` and the caller imports and asks Lark, so every syntax problem (its message, hint and columns) is Lark's,
as before.
``tests/test_parser_driver.py`` compares the two on every line of the fixtures, the examples, the shared
acceptance folders, a generated game and Arena logs, and on mutated lines; docs/performance.md has the figures.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from .patterns import PatternCache
from .tables import LEXER_CALLBACKS, build, patterns, stored, trigger_pattern
from .tokens import NumberTooLarge, Token, Tree, check_number

# a reduction: (children popped, the rule's nonterminal, the children kept (index, splice?) or None for all,
# how the callback is called (below), the callback)
_Reduce = tuple[int, str, tuple[tuple[int, bool], ...] | None, int, Callable[..., Any]]
_LIST, _INLINE, _SINGLE = 0, 1, 2    # callback(children) or callback(*children); a `?rule`: one child passes
_PASS, _ONE = 8, 16                  # a `?rule` of one child; one child given to an inline callback
_TREE = 0                            # the callback is a tree of the rule's name (else the builder's method)
_REWRITE_AFTER = 64                  # lines read with Lark's scanners before the rewritten alternations are loaded
# a state's lexer: its scanner's match, the ignored terminals, the lexer callbacks by terminal, the terminals
# no reduction keeps (their tokens are never read: the text stands in for them)
_Lex = tuple[Callable[[str, int], Any], frozenset[str], dict[str, Callable[[Token], Token]], frozenset[str]]

_new_str = str.__new__


@lru_cache(maxsize=1)
def plain() -> dict[str, Any]:
    """The parser as plain data (tables.py): from its file, else made from Lark (and stored), which is then
    imported: the first run, or after the grammar or Lark changed."""
    data = stored()
    if data is None:
        from .export import made

        data = made()
    build().trigger_re = trigger_pattern(data)
    return data


@lru_cache(maxsize=1)
def driver() -> Driver:
    """The loop over the process's parser tables (loaded on first use, tables.py)."""
    return Driver(plain(), build(), patterns())


class Driver:
    """Runs the LALR automaton Lark built (as the plain data of :mod:`.tables`) in one loop.  ``parse`` gives what
    Lark's ``parse`` gives for a line it reads, and ``None`` for every other line."""

    def __init__(self, data: dict[str, Any], build: Any, patterns: PatternCache) -> None:
        self.usable: bool = bool(data.get("usable"))
        # after a line `parse` declined: whether Lark is sure to reject it with a syntax error (UnexpectedInput),
        # which is all a quiet probe needs to know (else only Lark can tell)
        self.rejected = False
        self.build = build
        self.patterns = patterns
        if not self.usable:
            return
        self.raw: list[dict[str, int]] = data["states"]
        self.start: int = data["start"]
        self.end: int = data["end"]
        self.rules: list[tuple[Any, ...]] = data["rules"]
        self.reductions: dict[int, _Reduce] = {}
        self.state_lexer: list[int] = data["state_lexer"]
        self.lexer_data: list[bytes | None] = data["lexers"]   # each read when a line first meets it
        # per state, the actions met so far (converted from the table on first use) and the lexer
        size = len(self.raw)
        self.actions: list[dict[str, int | _Reduce]] = [{} for _ in range(size)]
        self.lexers: list[_Lex | None] = [None] * size
        # the rewritten alternations, by lexer (states share lexers); only once a process has read enough lines
        # to pay for loading them (a short transcript keeps Lark's scanners)
        self.lines = 0
        self.alternations: dict[int, Callable[[str, int], Any] | None] = {}
        self.kept: PatternCache | None = None

    # -- the tables, converted one entry at a time as lines need them

    def _action(self, state: int, typ: str, goto: bool = False) -> int | _Reduce | None:
        arg = self.raw[state].get(typ)
        if arg is None:
            return None
        act: int | _Reduce = arg if arg >= 0 else self._reduction(~arg)
        self.actions[state][typ] = act
        return act

    def _reduction(self, number: int) -> _Reduce:
        done = self.reductions.get(number)
        if done is None:
            size, origin, keep, mode, kind, name = self.rules[number]
            callback: Callable[..., Any] = partial(Tree, name) if kind == _TREE else getattr(self.build, name)
            done = self.reductions[number] = (size, origin, keep, mode, callback)
        return done

    def _lexer(self, state: int) -> _Lex:
        stored = self.lexer_data[self.state_lexer[state]]
        if stored is None:
            raise TypeError("not a lexer this loop knows")   # this line, and every line through this state: Lark
        scanned_utf8, flags, ignore, retyping_utf8, dropped, alternation_utf8 = marshal.loads(stored)
        scanned = [p.decode("utf-8") for p in scanned_utf8]
        retyping = {name: (None if unless is None else unless.decode("utf-8"), user)
                    for name, (unless, user) in retyping_utf8.items()}
        alternation = None if alternation_utf8 is None else alternation_utf8.decode("utf-8")
        compile_ = self.patterns.compile
        mres = [compile_(p, flags) for p in scanned]   # compiled as Lark compiles them (the same pattern cache)
        if len(mres) == 1:
            match: Callable[[str, int], Any] = mres[0].match
            if self.lines > _REWRITE_AFTER and alternation is not None:
                number = self.state_lexer[state]
                if number not in self.alternations:
                    self.alternations[number] = self._rewritten(alternation, flags)
                match = self.alternations[number] or match
        else:   # several patterns (a very large alternation): the first that matches, as Scanner.match does
            def match(text: str, pos: int) -> Any:
                for mre in mres:
                    m = mre.match(text, pos)
                    if m:
                        return m
                return None
        callbacks = {name: _callback(name, compile_(unless, flags).fullmatch if unless is not None else None, user)
                     for name, (unless, user) in retyping.items()}
        lex: _Lex = (match, ignore, callbacks, dropped)
        self.lexers[state] = lex
        return lex

    def _rewritten(self, alternation: str, flags: int) -> Callable[[str, int], Any] | None:
        """A state's rewritten alternation (export._alternation), compiled and kept in a file of its own beside
        the lexer's pattern cache (so a short check never loads them); None (Lark's pattern) when there is no
        pattern cache: compiling the ~50 alternations a game needs costs ~30 ms, loading them about a millisecond."""
        if self.kept is None:
            if self.patterns.path is None:
                return None
            self.kept = PatternCache(f"{self.patterns.path.rsplit('.', 1)[0]}-alternations.marshal")
        try:
            return self.kept.compile(alternation, flags).match
        except Exception:  # noqa: BLE001 - Lark's own pattern then
            return None

    # -- the loop

    def parse(self, text: str) -> Any:
        """What ``lark.parse(text)`` returns, or None when this loop does not read `text` to its end."""
        if not self.usable or "\n" in text:
            return None
        self.lines += 1
        self.rejected = False
        if self.lines == _REWRITE_AFTER + 1:   # from now on, each state's lexer is made again with its alternation
            self.lexers = [None] * len(self.lexers)
        try:
            return self._parse(text)
        except Exception:  # noqa: BLE001 - Lark reads the line again and reports or raises exactly as it does
            return None

    def _parse(self, text: str) -> Any:
        actions = self.actions
        lexers = self.lexers
        states = [self.start]
        values: list[Any] = []
        state = self.start
        end_state = self.end
        pos = 0
        end = len(text)
        while True:
            if pos < end:
                lex = lexers[state] or self._lexer(state)
                match, ignore, callbacks, dropped = lex
                m = match(text, pos)
                if m is None:   # Lark: no terminal here (its root lexer then names what it finds, and may
                    self.rejected = _numbers_fit(text[pos:])   # raise on a number too large)
                    return None
                typ = m.lastgroup
                after = m.end()
                if typ in ignore:
                    pos = after
                    continue
                value = m.group()
                if typ in dropped:   # a keyword no rule keeps
                    tok: Any = value
                else:
                    tok = _new_str(Token, value)
                    tok.type = typ
                    tok.start_pos = pos
                    tok.value = value
                    tok.line = 1
                    tok.column = pos + 1
                    tok.end_line = 1
                    tok.end_column = after + 1
                    tok.end_pos = after
                    if typ in callbacks:
                        tok = callbacks[typ](tok)
                        typ = tok.type
                pos = after
            else:
                typ = "$END"
                tok = None
            table = actions[state]
            while True:
                act = table.get(typ)
                if act is None:
                    act = self._action(state, typ)
                    if act is None:   # Lark: an unexpected token
                        self.rejected = True
                        return None
                if isinstance(act, int):
                    if tok is None:
                        return None
                    states.append(act)
                    values.append(tok)
                    state = act
                    break
                size, origin, keep, mode, callback = act
                if mode == _PASS:          # a `?rule` of one child: the child is the value
                    del states[-1]
                elif mode == _ONE:         # one child, kept, given to the callback
                    values[-1] = callback(values[-1])
                    del states[-1]
                else:
                    if size:
                        kids = values[-size:]
                        del values[-size:]
                        del states[-size:]
                    else:
                        kids = []
                    if keep is not None:
                        kept: list[Any] = []
                        for i, splice in keep:
                            if splice:
                                kept += kids[i].children
                            else:
                                kept.append(kids[i])
                        kids = kept
                    if mode & _SINGLE and len(kids) == 1:
                        result = kids[0]
                    elif mode & _INLINE:
                        result = callback(*kids)
                    else:
                        result = callback(kids)
                    values.append(result)
                nxt = actions[states[-1]].get(origin)
                if nxt is None:
                    nxt = self._action(states[-1], origin, goto=True)
                    if nxt is None:
                        return None
                state = nxt   # type: ignore[assignment]
                states.append(state)
                if tok is None and state == end_state:
                    return values[-1]
                table = actions[state]


def _numbers_fit(rest: str) -> bool:
    """Whether no token read from `rest` can hold a number the number check refuses (every run of digits in it
    passes, so every part of one does)."""
    try:
        check_number(rest)   # type: ignore[arg-type]
    except NumberTooLarge:
        return False
    return True


def _callback(name: str, retype: Callable[[str], Any] | None, user: bool) -> Callable[[Token], Token]:
    """A terminal's lexer callback as Lark chains it: the keywords its pattern also matches retype the token
    (``UnlessCallback``); the user's callback (the number check) then runs if the type is still the terminal's
    (``CallChain``), or alone."""
    check = LEXER_CALLBACKS[name] if user else None
    if retype is None:
        assert check is not None
        return check

    def callback(tok: Token) -> Token:
        m = retype(tok.value)
        if m is not None:
            tok.type = m.lastgroup
        if check is not None and tok.type == name:
            return check(tok)
        return tok

    return callback
