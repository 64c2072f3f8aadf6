"""A tight LALR loop over the tables Lark built: the cold parse of a line the caches can't build.

Lark's LALR parser reads a line through general machinery: a lexer thread, a generator per line, a method call per
token (``feed_token``), a chain of wrapper objects per reduction (a child filter, ``ExpandSingleChild``, the
``v_args`` wrapper) and a Token built through keyword-checking constructors. This module runs the same automaton
with none of that: one loop that lexes with the contextual lexer's own scanner for the parser's state, looks up the
same parse table, and on each reduction does what Lark's wrappers do (keep the children Lark keeps, splice in the
children of ``_rule``s, pass a ``?rule``'s single child through) and calls the same transformer method with the
same arguments.  The tables, the terminals, the scanners, the lexer callbacks and the transformer are Lark's, taken
from the parser :mod:`.lalr` made; the one thing written here is each state's alternation of terminals, the same
alternatives in the same order with each terminal's group moved after it, so that the regular expression engine
refuses a keyword at its first character (``_alternation``; once a process has read enough lines to load them).

It only ever answers for a line it reads to the end: anything else (a character no terminal of the state matches,
a token the state has no action for, a callback that raises, a parser built otherwise than expected) answers
``None`` and the caller asks Lark, so every syntax problem (its message, hint and columns) is Lark's, as before.
``tests/test_parser_driver.py`` compares the two on every line of the fixtures, the examples, the shared
acceptance folders, a generated game and Arena logs, and on mutated lines; docs/performance.md has the figures.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.lexer import BasicLexer, ContextualLexer
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
from lark.parsers.lalr_analysis import Shift
from lark.visitors import _vargs_inline

from .lalr import _lark
from .patterns import PatternCache

# a reduction: (children popped, the rule's nonterminal, the children kept (index, splice?) or None for all,
# how the callback is called (below), the callback)
_Reduce = tuple[int, str, tuple[tuple[int, bool], ...] | None, int, Callable[..., Any]]
_LIST, _INLINE, _SINGLE = 0, 1, 2    # callback(children) or callback(*children); a `?rule`: one child passes
_PASS, _ONE = 8, 16                  # a `?rule` of one child; one child given to an inline callback
_REWRITE_AFTER = 64                  # lines read with Lark's scanners before the rewritten alternations are loaded
# a state's lexer: its scanner's match, the ignored terminals, the lexer callbacks by terminal, the terminals
# no reduction keeps (their tokens are never read: the text stands in for them)
_Lex = tuple[Callable[[str, int], Any], frozenset[str], dict[str, Callable[[Token], Token]], frozenset[str]]

_new_str = str.__new__


@lru_cache(maxsize=1)
def driver() -> Driver:
    """The loop over the process's one parser (made on first use, like the parser)."""
    return Driver(*_lark())


class Driver:
    """Runs Lark's LALR automaton for `lark` (built with `transformer=build`) in one loop.  ``parse`` gives what
    ``lark.parse`` gives for a line it reads, and ``None`` for every other line."""

    def __init__(self, lark: Lark, build: Any) -> None:
        frontend: Any = lark.parser
        table = frontend.parser.parser.parse_table
        self.lark_states: dict[int, dict[str, tuple[Any, Any]]] = table.states
        self.start: int = table.start_states["start"]
        self.end: int = table.end_states["start"]
        self.lark_lexers: dict[int, BasicLexer] = frontend.lexer.lexers
        self.callbacks: dict[Any, Callable[[list[Any]], Any]] = frontend.parser.parser.callbacks
        self.build = build
        self.plans = {rule: chain for rule, chain in lark._parse_tree_builder.rule_builders}
        self.dropped = _dropped(self.plans)
        # per state, the actions met so far (filled from Lark's table on first use) and the lexer
        size = max(self.lark_states) + 1
        self.actions: list[dict[str, int | _Reduce]] = [{} for _ in range(size)]
        self.lexers: list[_Lex | None] = [None] * size
        self.usable = _usable(lark, frontend, self.callbacks)
        # the rewritten alternations (_alternation), by lexer (states share lexers); only once a process has read
        # enough lines to pay for loading them (a short transcript keeps Lark's scanners)
        self.lines = 0
        self.alternations: dict[int, Callable[[str, int], Any] | None] = {}
        self.kept: PatternCache | None = None

    # -- the tables, converted one entry at a time as lines need them

    def _action(self, state: int, typ: str, goto: bool = False) -> int | _Reduce | None:
        entry = self.lark_states[state].get(typ)
        if entry is None:
            return None
        action, arg = entry
        if action is Shift:
            if arg == self.end and not goto:   # Lark asserts a token never shifts to the end: let it say so
                return None
            act: int | _Reduce = arg
        else:
            act = self._reduction(arg)
        self.actions[state][typ] = act
        return act

    def _reduction(self, rule: Any) -> _Reduce:
        size = len(rule.expansion)
        origin: str = rule.origin.name
        keep: tuple[tuple[int, bool], ...] | None = None
        single = False
        plain = True
        for wrapper in self.plans[rule]:
            if wrapper is ExpandSingleChild:
                single = True
            elif isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
                keep = tuple((i, bool(splice)) for i, splice in wrapper.args[0])
            else:
                plain = False
        name = rule.alias or rule.options.template_source or rule.origin.name
        method = getattr(self.build, name, None)
        if plain and method is None and type(self.build).__default__ is Transformer.__default__:
            callback: Callable[..., Any] = partial(Tree, name)   # what __default__ makes
            mode = 0
        elif plain and method is not None and getattr(method, "visit_wrapper", None) is _vargs_inline:
            callback = method.base_func
            mode = _INLINE
        else:   # anything else: Lark's own callback, as Lark calls it
            return size, origin, None, _LIST, self.callbacks[rule]
        if single:
            mode |= _SINGLE
        if size == 1 and keep is None:
            mode = _PASS if single else _ONE if mode == _INLINE else mode
        return size, origin, keep, mode, callback

    def _lexer(self, state: int) -> _Lex:
        lexer = self.lark_lexers[state]
        if not isinstance(lexer, BasicLexer):
            raise TypeError("not a lexer this loop knows")   # this line, and every line through this state: Lark
        scanner = lexer.scanner   # compiled as Lark compiles it (through the pattern cache)
        mres = scanner._mres
        if len(mres) == 1:
            match: Callable[[str, int], Any] = mres[0].match
            if self.lines > _REWRITE_AFTER:
                if id(lexer) not in self.alternations:
                    self.alternations[id(lexer)] = _alternation(lexer, scanner.terminals, self._patterns(lexer))
                match = self.alternations[id(lexer)] or match
        else:   # several patterns (a very large alternation): the first that matches, as Scanner.match does
            def match(text: str, pos: int) -> Any:
                for mre in mres:
                    m = mre.match(text, pos)
                    if m:
                        return m
                return None
        if lexer.ignore_types & lexer.callback.keys():
            raise ValueError("a callback on an ignored terminal")   # Lark builds a token for it: not this loop
        lex: _Lex = (match, lexer.ignore_types, lexer.callback, self.dropped - lexer.callback.keys())
        self.lexers[state] = lex
        return lex

    def _patterns(self, lexer: Any) -> PatternCache | None:
        """Where the rewritten alternations are compiled and kept: a file of their own beside the lexer's pattern
        cache (so a short check never loads them), or nowhere when the lexer has no pattern cache."""
        if self.kept is None:
            shared = lexer.re
            if not isinstance(shared, PatternCache) or shared.path is None:
                return None
            self.kept = PatternCache(f"{shared.path.rsplit('.', 1)[0]}-alternations.marshal")
        return self.kept

    # -- the loop

    def parse(self, text: str) -> Any:
        """What ``lark.parse(text)`` returns, or None when this loop does not read `text` to its end."""
        if not self.usable or "\n" in text:
            return None
        self.lines += 1
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
                if m is None:
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
                    if act is None:
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


_BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")


def _alternation(lexer: Any, terminals: list[Any], patterns: PatternCache | None) -> Callable[[str, int], Any] | None:
    """The scanner's alternation written so the regular expression engine skips a keyword at its first character.

    Lark writes each terminal as a named group, ``(?P<CASTS>casts)|(?P<CARD>card)|...``; the engine tries the
    alternatives in order and, for each, enters the group before it reads a character, so a token whose terminal
    comes late in a state's order (a comma, a semicolon, most keywords) pays for every alternative before it.
    Written ``casts(?P<CASTS>)|card(?P<CARD>)|...`` (a regular terminal as ``(?:...)(?P<NAME>)``), an alternative
    that begins with a literal is refused at its first character without entering anything.  The alternatives, their
    order and what each matches are the same, and the last group closed is still the terminal's, so the match,
    its end and ``lastgroup`` are the same as with Lark's pattern.  Used only where compiled patterns are kept
    between processes (`patterns`, a :class:`.patterns.PatternCache` with a file): compiling the ~50 alternations a
    game needs costs ~30 ms, loading them about a millisecond; and never for a terminal that numbers its groups (a
    back reference would move).
    """
    if patterns is None or lexer.use_bytes:
        return None
    parts = []
    for term in terminals:
        regexp = term.pattern.to_regexp()
        if _BACKREFERENCE.search(regexp):
            return None
        plain = term.pattern.type == "str" and not term.pattern.flags
        parts.append(f"{regexp}(?P<{term.name}>)" if plain else f"(?:{regexp})(?P<{term.name}>)")
    try:
        return patterns.compile("|".join(parts), lexer.g_regex_flags).match
    except Exception:  # noqa: BLE001 - Lark's own pattern then
        return None


def _dropped(plans: dict[Any, list[Any]]) -> frozenset[str]:
    """The terminals whose tokens no reduction reads: every rule that holds one filters it out (Lark's child filter
    leaves out the anonymous keywords and punctuation) and has no other wrapper that could look at it."""
    seen: set[str] = set()
    kept: set[str] = set()
    for rule, chain in plans.items():
        keep: set[int] | None = None
        for wrapper in chain:
            if isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
                keep = {i for i, _ in wrapper.args[0]}
            elif wrapper is not ExpandSingleChild:
                keep = None
                break
        for i, symbol in enumerate(rule.expansion):
            if symbol.is_term:
                seen.add(symbol.name)
                if keep is None or i in keep:
                    kept.add(symbol.name)
    return frozenset(seen - kept)


def _usable(lark: Lark, frontend: Any, callbacks: dict[Any, Any]) -> bool:
    """Whether `lark` is the kind of parser this loop reproduces (else every line goes to Lark)."""
    options = lark.options
    if options.parser != "lalr" or options.propagate_positions or options.maybe_placeholders:
        return False
    if options.postlex is not None or not isinstance(frontend.lexer, ContextualLexer):
        return False
    # terminal callbacks of the transformer: none today (each state's lexer is checked as it is first used)
    return not any(isinstance(key, str) for key in callbacks)
