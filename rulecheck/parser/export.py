"""The parser Lark built, as the plain data the loop of :mod:`.driver` runs on (:mod:`.tables` stores it).

Everything here is read from Lark's objects as Lark made them: the parse table, the rules with the wrappers Lark's
tree builder puts around their callbacks, and each state's lexer. A lexer's scanner and callbacks are what Lark's
``BasicLexer._build_scanner`` makes of its terminals (the keywords a name pattern also matches become a callback
that retypes the name, ``_create_unless``; the user's callbacks are chained after it), written out here without
compiling anything, so that exporting the ~220 lexers costs ~50 ms rather than the ~1 s of building Lark's
scanners; ``tests/test_parser_driver.py`` compares each with the scanner Lark builds.

Anything this module does not know how to write as data (a rule whose callback is not one of the builders'
methods or Lark's default tree, options the loop does not reproduce) makes the data say "not usable", and every
line then goes to Lark.
"""

from __future__ import annotations

import marshal
import re
from functools import partial
from typing import Any

from lark import Lark
from lark.lexer import BasicLexer, ContextualLexer, PatternRE, PatternStr
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
from lark.parsers.lalr_analysis import Shift

from . import tables
from .builders.base import inline
from .lalr import _lark
from .tables import LEXER_CALLBACKS

# how a reduction calls its callback (the loop's modes)
_LIST, _INLINE, _SINGLE = 0, 1, 2    # callback(children) or callback(*children); a `?rule`: one child passes
_PASS, _ONE = 8, 16                  # a `?rule` of one child; one child given to an inline callback
# what the callback is: Lark's default tree of the rule's name, or the builder's method of that name
TREE, METHOD = 0, 1

_BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(")


def made() -> dict[str, Any]:
    """The plain data made from the parser Lark builds (or loads from its own caches), and stored."""
    data = plain_tables(_lark()[0])
    tables.store(data)
    return data


def plain_tables(lark: Lark) -> dict[str, Any]:
    """The loop's data for `lark` (a parser built by :func:`.lalr._lark`), as plain lists, dicts and strings."""
    frontend: Any = lark.parser
    table = frontend.parser.parser.parse_table
    terminals = marshal.dumps([(t.name, t.pattern.type, _utf8(t.pattern.to_regexp()), _utf8(t.pattern.value))
                               for t in lark.terminals])
    trigger = next((t.pattern.value for t in lark.terminals if t.name == "TRIGGER"), "(?!)")
    # the terminals (for the shape cache's premise, shapes._digit_blind) as one marshalled list, read when needed
    data: dict[str, Any] = {"usable": False, "terminals": terminals, "trigger": trigger}
    if not _usable(lark, frontend):
        return data
    plans = {rule: chain for rule, chain in lark._parse_tree_builder.rule_builders}
    build = lark.options.transformer
    nonterminals = {rule.origin.name for rule in lark.rules}
    end = table.end_states["start"]
    rules: list[tuple[Any, ...]] = []
    numbers: dict[Any, int] = {}
    size = max(table.states) + 1
    states: list[dict[str, int]] = [{} for _ in range(size)]
    for state, actions in table.states.items():
        for typ, (action, arg) in actions.items():
            if action is Shift:
                if arg == end and typ not in nonterminals:   # Lark asserts a token never shifts to the end
                    continue
                states[state][typ] = arg
            else:
                if arg not in numbers:
                    reduction = _reduction(arg, plans[arg], build)
                    if reduction is None:
                        return data
                    numbers[arg] = len(rules)
                    rules.append(reduction)
                states[state][typ] = ~numbers[arg]
    dropped = _dropped(plans)
    lexer_of: dict[int, int] = {}
    lexers: list[bytes | None] = []
    state_lexer = [-1] * size
    for state, lexer in frontend.lexer.lexers.items():
        if id(lexer) not in lexer_of:
            lexer_of[id(lexer)] = len(lexers)
            lexers.append(_stored_lexer(lexer_data(lexer, dropped)))
        state_lexer[state] = lexer_of[id(lexer)]
    data.update(usable=True, start=table.start_states["start"], end=end, states=states, rules=rules,
                state_lexer=state_lexer, lexers=lexers)
    return data


def _utf8(text: str) -> bytes:
    """A string as the file keeps it: `marshal` reads a string with characters beyond ASCII ~50 times slower
    than bytes it then decodes (the patterns hold a few, `’` and `—`)."""
    return text.encode("utf-8")


def _stored_lexer(data: tuple[Any, ...] | None) -> bytes | None:
    """A lexer as the file keeps it: on its own, read when a line first meets it (a check meets a few of the
    ~220), its patterns as UTF-8 (driver.Driver._lexer reads it back)."""
    if data is None:
        return None
    scanned, flags, ignore, callbacks, dropped, alternation = data
    return marshal.dumps(([_utf8(p) for p in scanned], flags, ignore,
                          {name: (None if unless is None else _utf8(unless), user)
                           for name, (unless, user) in callbacks.items()},
                          dropped, None if alternation is None else _utf8(alternation)))


def _reduction(rule: Any, chain: list[Any], build: Any) -> tuple[Any, ...] | None:
    """A rule as the loop reduces it: (children popped, the rule's nonterminal, the children kept (index, splice?)
    or None for all, the calling mode, TREE or METHOD, the callback's name); None if Lark calls it otherwise."""
    size = len(rule.expansion)
    keep: tuple[tuple[int, bool], ...] | None = None
    single = False
    for wrapper in chain:
        if wrapper is ExpandSingleChild:
            single = True
        elif isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
            keep = tuple((i, bool(splice)) for i, splice in wrapper.args[0])
        else:
            return None
    name = rule.alias or rule.options.template_source or rule.origin.name
    method = getattr(build, name, None)
    if method is None and getattr(build, "__default__", None) is None:
        kind, mode = TREE, _LIST   # Lark's default callback: its tree of the rule's name
    elif method is not None and getattr(method, "visit_wrapper", None) is inline:
        kind, mode = METHOD, _INLINE
    else:
        return None
    if single:
        mode |= _SINGLE
    if size == 1 and keep is None:
        mode = _PASS if single else _ONE if mode == _INLINE else mode
    return size, str(rule.origin.name), keep, mode, kind, str(name)


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


def _usable(lark: Lark, frontend: Any) -> bool:
    """Whether `lark` is the kind of parser the loop reproduces (else every line goes to Lark)."""
    options = lark.options
    if options.parser != "lalr" or options.propagate_positions or options.maybe_placeholders:
        return False
    if options.postlex is not None or not isinstance(frontend.lexer, ContextualLexer):
        return False
    callbacks: Any = options.lexer_callbacks or {}
    if callbacks != LEXER_CALLBACKS or lark.lexer_conf.use_bytes:
        return False
    # terminal callbacks of the transformer: none today
    return not any(isinstance(key, str) for key in frontend.parser.parser.callbacks)


_MATCHES: dict[tuple[str, str, int], bool] = {}


def _matches_whole(regexp: str, text: str, flags: int) -> bool:
    """Whether `regexp` matches at the start of `text` exactly `text` (Lark's ``_get_match`` test), remembered:
    the same pairs come back in most of the ~220 lexers."""
    key = (regexp, text, flags)
    found = _MATCHES.get(key)
    if found is None:
        m = re.match(regexp, text, flags)
        found = _MATCHES[key] = m is not None and m.group(0) == text
    return found


def lexer_data(lexer: Any, dropped: frozenset[str]) -> tuple[Any, ...] | None:
    """A state's lexer as the loop runs it: (the scanner's patterns, flags, the ignored terminals, the callbacks by
    terminal: (the pattern of the keywords that retype it, or None; whether the number check follows), the
    terminals no reduction reads, the rewritten alternation or None); None when the loop can't run it."""
    if type(lexer) is not BasicLexer or lexer.use_bytes:
        return None
    flags = lexer.g_regex_flags
    terminals = list(lexer.terminals)   # sorted by Lark as it scans them
    if any(type(t.pattern) not in (PatternRE, PatternStr) for t in terminals):
        return None
    # Lark's _create_unless: a keyword the name pattern (of the same priority) matches whole is found through it
    retyped: dict[str, str] = {}
    embedded: set[str] = set()
    words = [t for t in terminals if type(t.pattern) is PatternStr]
    for retok in terminals:
        if type(retok.pattern) is not PatternRE:
            continue
        unless = []
        for strtok in words:
            if strtok.priority != retok.priority:
                continue
            if _matches_whole(retok.pattern.to_regexp(), strtok.pattern.value, flags):
                unless.append(strtok)
                if frozenset(strtok.pattern.flags) <= frozenset(retok.pattern.flags):
                    embedded.add(strtok.name)
        if unless:
            retyped[retok.name] = _scanner_pattern(unless)
    scanned = [t for t in terminals if t.name not in embedded]
    callbacks: dict[str, tuple[str | None, bool]] = {name: (pattern, False) for name, pattern in retyped.items()}
    for name in lexer.user_callbacks:
        callbacks[name] = (retyped.get(name), True)
    ignore = frozenset(lexer.ignore_types)
    if ignore & callbacks.keys():
        return None   # Lark builds a token for an ignored terminal with a callback: not the loop
    return ([_scanner_pattern(scanned)], flags, ignore, callbacks, dropped - callbacks.keys(),
            _alternation(scanned))


def _scanner_pattern(terminals: list[Any]) -> str:
    """The alternation Lark's ``Scanner`` compiles for these terminals (in this order)."""
    return "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)


def _alternation(terminals: list[Any]) -> str | None:
    """The scanner's alternation written so the regular expression engine skips a keyword at its first character.

    Lark writes each terminal as a named group, ``(?P<CASTS>casts)|(?P<CARD>card)|...``; the engine tries the
    alternatives in order and, for each, enters the group before it reads a character, so a token whose terminal
    comes late in a state's order (a comma, a semicolon, most keywords) pays for every alternative before it.
    Written ``casts(?P<CASTS>)|card(?P<CARD>)|...`` (a regular terminal as ``(?:...)(?P<NAME>)``), an alternative
    that begins with a literal is refused at its first character without entering anything.  The alternatives, their
    order and what each matches are the same, and the last group closed is still the terminal's, so the match,
    its end and ``lastgroup`` are the same as with Lark's pattern. Never for a terminal that numbers its groups (a
    back reference would move): None.
    """
    parts = []
    for term in terminals:
        regexp = term.pattern.to_regexp()
        if _BACKREFERENCE.search(regexp):
            return None
        plain = term.pattern.type == "str" and not term.pattern.flags
        parts.append(f"{regexp}(?P<{term.name}>)" if plain else f"(?:{regexp})(?P<{term.name}>)")
    return "|".join(parts)
