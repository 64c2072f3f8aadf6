"""The LALR parser as Lark builds it: imported only for a line the loop of :mod:`.driver` declines (so that its
syntax problem is Lark's own), for the plain tables when their file is missing or stale (:mod:`.tables`), and by
the commands that read the grammar itself (the language server, the forgiving reader's suggestions). The grammar
ships inside the package (``rulecheck/grammars/transcript.lark`` in the wheel), the parser is built once per
process, and its tables are cached on disk between processes (docs/performance.md)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import lark
from lark import Lark

from . import snapshot
from .builders import Build
from .limits import MAX_NUMBER  # noqa: F401 - the old home of these names
from .patterns import PatternCache, use_pattern_cache
from .tables import GRAMMAR_FILE, GRAMMAR_PACKAGE, LEXER_CALLBACKS, build, grammar_text, patterns, tables_path
from .tables import table_cache as _table_cache
from .tokens import _DIGITS, Token
from .tokens import NUMBER_TERMINALS as _NUMBER_TERMINALS
from .tokens import NumberTooLarge as _NumberTooLarge
from .tokens import check_number as _check_number

__all__ = ["GRAMMAR_FILE", "GRAMMAR_PACKAGE", "Build", "Lark", "_DIGITS", "_NUMBER_TERMINALS", "_NumberTooLarge",
           "_check_number", "_lark", "_table_cache", "grammar_text", "lark_parser"]

Token.register(lark.Token)   # Lark's tokens are tokens to the builders, as the loop's are


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, Build]:
    transformer = build()
    text = grammar_text()
    # positions come from the tokens themselves; propagate_positions would also fill tree metadata, which the
    # inline transformer never reads (identical output, ~7% faster)
    tables = tables_path()
    options: dict[str, Any] = dict(parser="lalr", lexer="contextual", propagate_positions=False,
                                   maybe_placeholders=False, transformer=transformer, cache=tables or False,
                                   lexer_callbacks=dict(LEXER_CALLBACKS))
    # the parser as the objects Lark built, kept beside its tables (snapshot.py), else Lark's own cache
    parser = snapshot.load(text, options, snapshot.snapshot_file(tables)) if tables else None
    if parser is None:
        parser = Lark(text, **options)
        if tables:
            snapshot.save(parser, text, options, snapshot.snapshot_file(tables))
    if tables:   # the lexer's compiled patterns, kept beside the tables (patterns.py), shared with the loop
        use_pattern_cache(parser, patterns())
    transformer.trigger_re = _trigger_pattern(parser, patterns())
    return parser, transformer


def _trigger_pattern(parser: Lark, patterns: PatternCache) -> re.Pattern[str]:
    """The grammar's own pattern of the 'at the beginning of ...' triggers it understands (quoted rules text
    that matches it is a triggered ability); compiled through the lexer's pattern cache."""
    return patterns.compile(next(t.pattern.value for t in parser.terminals if t.name == "TRIGGER"), re.I)


def lark_parser() -> Lark:
    return _lark()[0]
