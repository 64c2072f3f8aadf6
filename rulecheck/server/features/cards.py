"""Card names from the card database in the editor: completion of the name being typed, and hover on a name.

The database is the one `rulecheck check` would use for the document (its configuration's `cards`, else
$RULECHECK_CARDS, else the one `rulecheck cards fetch` saved), and only once its index is built (by a check or
by `cards fetch`): the editor never waits for an index to be built.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

from lsprotocol import types

from ...cards.choice import card_line, resolve_cards
from ...cards.index import index_path, is_current
from ...cards.library import CardDataError, CardLibrary, open_library
from ...config import Config, ConfigError, ConfigResolver
from ...parser import split_comment
from ..documents import Document, Pos, index_of, units

_NAME_START = re.compile(r"(?:^|(?<=[\s,;:]))[A-Z\"]")
MAX_WORDS = 8


def with_cards(config: Config) -> Config:
    """The configuration with the card database the command line would choose for it."""
    return replace(config, cards=resolve_cards(None, config.cards) or "none")


def library_for(path: str | None) -> CardLibrary | None:
    try:
        database = resolve_cards(None, ConfigResolver().for_path(path or "-").cards)
        if database is None or not is_current(index_path(os.path.realpath(database)), database):
            return None
        return open_library(database)
    except (CardDataError, ConfigError, OSError):
        return None


def card_completions(library: CardLibrary | None, statement: str) -> list[tuple[str, str, str]]:
    """(label, text, detail) of the card names that begin with the name being typed at the end of `statement`."""
    if library is None:
        return []
    for m in _NAME_START.finditer(statement):
        typed = statement[m.start():].lstrip('"')
        if len(typed) < 2 or len(typed.split()) > MAX_WORDS:
            continue
        names = library.complete(typed, 30)
        if names:
            return [(name, name if "," not in name and ":" not in name else f'"{name}"', f"card ({library.label})")
                    for name in names]
    return []


def card_hover(doc: Document, pos: Pos, encoding: str, library: CardLibrary | None,
               markdown: bool) -> types.Hover | None:
    """What rulecheck takes from the database for the card named under the cursor."""
    if library is None:
        return None
    line = doc.line(pos.line)
    code, _ = split_comment(line)
    at = index_of(line, pos.character, encoding)
    if at > len(code):
        return None
    starts = [m.start() for m in _NAME_START.finditer(code) if m.start() <= at][-MAX_WORDS:]
    ends = [m.end() for m in re.finditer(r"[^\s,;:\"]+", code) if m.end() >= at][:MAX_WORDS]
    for start in starts:
        for end in reversed(ends):
            name = code[start:end].strip('"')
            facts = library.lookup(name) if name else None
            if facts is not None:
                text = "\n".join(f"{k}: {', '.join(v) if isinstance(v, list) else v}"
                                 for k, v in facts.summary().items() if k != "name")
                title = f"**{facts.name}**" if markdown else facts.name
                body = f"{title}\n\n```\n{text}\n```\n\n`{card_line(facts, facts.name)}`" if markdown \
                    else f"{title}\n{text}\n{card_line(facts, facts.name)}"
                kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
                rng = types.Range(types.Position(pos.line, units(line[:start], encoding)),
                                  types.Position(pos.line, units(line[:end], encoding)))
                return types.Hover(contents=types.MarkupContent(kind=kind, value=body), range=rng)
    return None
