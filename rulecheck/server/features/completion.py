"""Completion: names anywhere in a statement, statement keywords at the start of a line, rule codes in a
comment's `expect:` or `ignore[...]` list."""

from __future__ import annotations

import re

from lsprotocol import types

from ...cards.library import CardLibrary
from ...editions.registry import RULES, TOOL_RULES
from ...parser import split_comment
from ..documents import Document, Pos, index_of, units
from .cards import card_completions
from .common import _CODE_LIST, _TYPED_WORD, _WORD_CHAR, Symbols

STEP_NAMES = ("untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
              "declare attackers step", "declare blockers step", "combat damage step", "first combat damage step",
              "second combat damage step", "end of combat step", "postcombat main phase", "end step",
              "cleanup step", "beginning phase", "combat phase", "ending phase")
# Statements that begin with a keyword rather than a name: (text to insert, what it is). Those that end in a
# space or a colon need more; the others are whole statements (tests/test_server.py parses each).
KEYWORDS: tuple[tuple[str, str], ...] = (
    ("title: ", "header: a title for reports"),
    ("players: ", "header: the players in turn order"),
    ("edition: baseline", "header: the rules edition"),
    ("priority: implicit", "header: a resolution or a boundary means everyone passed"),
    ("priority: explicit", "header: every priority pass is narrated"),
    ("include: ", "header: a YAML card file"),
    ("option: attack multiple players", "header: multiplayer option"),
    ("option: choose one defending player", "header: multiplayer option"),
    ("option: attack left", "header: multiplayer option"),
    ("option: attack right", "header: multiplayer option"),
    ("archenemy: ", "header: the archenemy"),
    ("format: two-headed giant", "header: a Two-Headed Giant game (needs teams:)"),
    ("teams: ", "header: the two teams, as in teams: Alice & Anna, Bob & Bill"),
    ("card ", "a card definition: card NAME: types, abilities"),
    ("delayed trigger ", "starting state: delayed trigger NAME: at ..."),
    ("turn ", "a turn: turn N: PLAYER"),
    ("...", "a gap: steps omitted where nothing happened"),
    ("all players pass", "priority"),
    ("mana pools empty", "turn-based action"),
    ("combat damage is dealt", "combat"),
    ("all damage is removed and until end of turn effects end", "cleanup"),
    ("until end of turn effects end", "effects"),
    ("until end of combat effects end", "effects"),
    ("prevent the next ", "effects: prevent the next N damage to NAME this turn"),
) + tuple((step, "step or phase") for step in STEP_NAMES) + tuple((f"{step} ends", "step or phase ends")
                                                                   for step in STEP_NAMES)


def _replace_start(prefix: str, candidate: str) -> int | None:
    """Where in `prefix` (the line up to the cursor) the typed start of `candidate` begins, if the prefix ends
    with one (case-insensitively) that starts a word; None if it does not."""
    lower, cand = prefix.lower(), candidate.lower()
    for k in range(min(len(prefix), len(candidate)), 0, -1):
        at = len(prefix) - k
        if cand.startswith(lower[at:]) and (at == 0 or not _WORD_CHAR.fullmatch(prefix[at - 1])):
            return at
    return None


def completions(doc: Document, pos: Pos, encoding: str, symbols: Symbols | None,
                cards: CardLibrary | None = None) -> list[types.CompletionItem]:
    """Names anywhere in a statement; statement keywords as well at the start of a line; rule codes in a
    comment's `expect:` or `ignore[...]` list. While a word is being typed, only the items it begins."""
    line_text = doc.line(pos.line)
    at = index_of(line_text, pos.character, encoding)
    prefix = line_text[:at]
    code, comment = split_comment(prefix)
    items: list[tuple[str, str, str, types.CompletionItemKind]] = []
    if comment is not None:
        listing = list(_CODE_LIST.finditer(prefix, comment.column - 1))
        tail = prefix[listing[-1].end():] if listing else ""
        if listing and "]" not in tail and "#" not in tail:
            items += [(r.number, r.number, r.title, types.CompletionItemKind.Reference) for r in RULES]
            items += [(c, c, t, types.CompletionItemKind.Reference) for c, t in TOOL_RULES.items()]
    else:
        statement = code.rsplit(";", 1)[-1]
        for label, text, detail in (symbols.names if symbols else ()):
            kind = types.CompletionItemKind.Variable if detail == "player" else types.CompletionItemKind.Value
            items.append((label, text, detail, kind))
        known = {text for _, text, _, _ in items}
        items += [(label, text, detail, types.CompletionItemKind.Value)   # names from the card database
                  for label, text, detail in card_completions(cards, statement) if text not in known]
        if statement.strip() == "" or re.fullmatch(r"\s*[a-z.][a-z .\-]*", statement):
            items += [(kw.strip(), kw, detail, types.CompletionItemKind.Keyword) for kw, detail in KEYWORDS]
    out: list[types.CompletionItem] = []
    end = types.Position(pos.line, units(prefix, encoding))
    word = _TYPED_WORD.search(prefix)
    typing = word is not None and word.group() != ""
    for i, (label, text, detail, kind) in enumerate(items):
        matched, start = text, _replace_start(prefix, text)
        if start is None and text.startswith('"'):
            matched, start = text[1:], _replace_start(prefix, text[1:])
        if start is None and typing:
            continue  # the word being typed does not begin this item: the editor would filter it out anyway
        begin = at if start is None else start
        typed = prefix[begin:]
        edit_range = types.Range(types.Position(pos.line, units(line_text[:begin], encoding)), end)
        out.append(types.CompletionItem(label=label, kind=kind, detail=detail, sort_text=f"{i:05d}",
                                        filter_text=typed + matched[len(typed):],
                                        text_edit=types.TextEdit(range=edit_range, new_text=text)))
    return out
