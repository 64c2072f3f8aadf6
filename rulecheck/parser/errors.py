"""Syntax problems: what a line that does not parse gets instead of statements, with a message naming what the
grammar expected there and, when a likely slip is recognised, a hint."""

from __future__ import annotations

import re
from functools import lru_cache

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .lalr import lark_parser
from .problems import SyntaxProblem

__all__ = ["SyntaxProblem"]


_TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "SIGNED_INT": "a number", "STEP": "a step or phase name",
    "MANA": "mana like {2}{G}", "PT": "power/toughness like 2/2", "PT_MOD": "a modifier like +3/+3",
    "TEXT": "text", "WORD": "a word", "CARD_NAME": "a card name", "CARD_TYPE": "a card type",
    "KEYWORD": "a keyword ability", "COMBAT_KEYWORD": "a keyword ability", "STATIC": "an ability",
    "HAND_SIZE": "an ability",
    "STAR_PT": "power/toughness like 2/2",
    "TRIGGER": "a trigger like 'at the beginning of your upkeep'",
    "TIMING": "a timing restriction", "TARGET_RULE": "a target restriction", "STRING": "quoted text",
    "PROTECTION": "a protection ability", "LEAVES": "'dies', 'is destroyed', ...", "TBA_REF": "'the draw'",
    "EXTRA": "'(extra turn)'", "PRIORITY_MODE": "'explicit' or 'implicit'", "OPTION": "a game option",
    "COUNTER_KIND": "a counter kind like +1/+1", "LINE_ARTICLE": "'a'", "$END": "the end of the line",
    "MONARCH": "a name", "DAY_NIGHT": "'day' or 'night'", "EXTRA_PLACE": "'this phase' or 'this step'",
    "LAND_ZONE": "a zone like 'her graveyard' or 'the top of her library'",
}

_STARTERS = ("title", "players", "edition", "priority", "include", "option", "archenemy", "card", "turn",
             "all", "mana", "until", "prevent", "combat", "delayed", "damage")
_VERBS = ("passes", "casts", "activates", "triggers", "resolves", "plays", "taps", "untaps", "adds", "pays",
          "draws", "discards", "loses", "gains", "sets", "phases", "dies", "sacrifices", "regenerates",
          "puts", "creates", "chooses", "declares", "attacks", "blocks", "orders", "assigns", "deals", "gets",
          "skips", "controls", "holds", "is", "has", "becomes", "returns", "leaves", "turns", "removes", "concedes")
_STEP_NAMES = ("untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
               "declare attackers step", "declare blockers step", "combat damage step",
               "second combat damage step", "end of combat step", "postcombat main phase", "end step",
               "cleanup step", "beginning phase", "combat phase", "ending phase")


@lru_cache(maxsize=1)
def _terminal_patterns() -> dict[str, str]:
    out: dict[str, str] = {}
    for term in lark_parser().terminals:
        if term.pattern.type == "str":
            out[term.name] = f"'{term.pattern.value}'"
    return out


def _describe(expected: set[str]) -> str:
    pats = _terminal_patterns()
    words = sorted({_TERMINAL_WORDS.get(e) or pats.get(e) or e.lower() for e in expected})
    if not words:
        return "nothing more"
    if len(words) > 8:
        return ", ".join(words[:8]) + f" or one of {len(words) - 8} more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _hint(code: str, column: int) -> str | None:
    import difflib  # only for a suggestion: not imported by a check that needs none

    stripped = code.strip()
    lower = stripped.lower()
    first = stripped.split(" ", 1)[0].rstrip(":") if stripped else ""
    # A statement keyword written with a capital letter is read as a name.
    for step in _STEP_NAMES:
        if lower.startswith(step) and not stripped.startswith(step):
            return f"keywords are lowercase: write '{step}'"
    for kw in _STARTERS:
        if first == kw.capitalize():
            return f"keywords are lowercase: write '{kw}'"
    swallowed = _swallowed_word(code)
    if swallowed is not None:
        close = difflib.get_close_matches(swallowed[0], _VERBS, n=1, cutoff=0.75)
        return f"did you mean '{close[0]}'?" if close else None
    words = re.findall(r"[a-z][a-z\-']*(?: [a-z][a-z\-']*)*", code)
    # Misspelt step or phase name.
    for phrase in words:
        for size in (4, 3, 2):
            toks = phrase.split()
            for i in range(len(toks) - size + 1):
                cand = " ".join(toks[i:i + size])
                if cand in _STEP_NAMES:
                    continue
                close = difflib.get_close_matches(cand, _STEP_NAMES, n=1, cutoff=0.85)
                if close:
                    return f"did you mean '{close[0]}'?"
    if first in ("card", "players", "title", "edition", "priority", "include") and ":" not in code:
        return f"'{first}' needs a colon, as in '{first}: ...'" if first != "card" else \
            "a card definition needs a colon after the name, as in 'card Grizzly Bears: creature 2/2'"
    if re.match(r"turn\s+\d+\s+[A-Z]", stripped):
        return "a turn header needs a colon, as in 'turn 3: Alice'"
    # Unknown verb after a name.
    m = re.match(r"(?:\"[^\"]*\"|[A-Z][\w'\-]*(?: [A-Z][\w'\-]*)*)\s+([a-z][\w'\-]*)", stripped)
    if m and m.group(1) not in _VERBS:
        close = difflib.get_close_matches(m.group(1), _VERBS, n=1, cutoff=0.75)
        if close:
            return f"did you mean '{close[0]}'?"
    second = stripped.split()[1] if len(stripped.split()) > 1 else ""
    if first.isalpha() and first.islower() and second in _VERBS:
        return f"names start with a capital letter: write '{first.capitalize()}', or put the name in double quotes"
    if first and first.islower() and first not in _STARTERS and not any(lower.startswith(s) for s in _STEP_NAMES):
        close = difflib.get_close_matches(first, _STARTERS, n=1, cutoff=0.75)
        if close:
            return f"unknown word '{first}'; did you mean '{close[0]}'?"
    return None


_CONNECTORS = {"of", "the", "from", "a", "an", "to", "in", "on", "by", "de", "du", "la", "le", "der", "von", "van",
               "y", "et", "at", "into", "upon", "over", "under", "without", "beyond"}


def _swallowed_word(code: str) -> tuple[str, int] | None:
    """A line like 'Alice atacks Bob' lexes as one long name; find the misspelt word inside it."""
    import difflib  # only for a suggestion: not imported by a check that needs none

    m = re.match(r"\s*(?:[A-Z][\w'\-]*\s+)+?([a-z][\w'\-]*)\s+[A-Z]", code)
    if m and m.group(1) not in _CONNECTORS and m.group(1) not in _VERBS:
        word = m.group(1)
        if difflib.get_close_matches(word, _VERBS, n=1, cutoff=0.75):
            return word, m.start(1) + 1
    return None


def _problem(code: str, line_no: int, err: UnexpectedInput) -> SyntaxProblem:
    column = err.column if isinstance(err.column, int) and err.column > 0 else len(code.rstrip()) + 1
    if isinstance(err, UnexpectedCharacters):
        allowed = set(err.allowed or ())
        bad = code[column - 1:column - 1 + 20].split(" ")[0] or code[column - 1:column]
        message = f"unexpected '{bad}'; expected {_describe(allowed)}"
        end = column + max(len(bad), 1)
    elif isinstance(err, UnexpectedToken):
        tok = err.token
        swallowed = _swallowed_word(code)
        if swallowed is not None:
            word, column = swallowed
            message = f"unknown word '{word}'"
            end = column + len(word)
        elif tok.type == "$END":
            column = len(code.rstrip()) + 1
            message = f"the statement is incomplete; expected {_describe(set(err.expected))}"
            end = column + 1
        else:
            shown = str(tok) if len(str(tok)) <= 40 else str(tok)[:40] + "…"
            message = f"unexpected '{shown}'; expected {_describe(set(err.expected))}"
            end = tok.end_column or column + 1
    elif isinstance(err, UnexpectedEOF):
        column = len(code.rstrip()) + 1
        message = f"the statement is incomplete; expected {_describe(set(err.expected))}"
        end = column + 1
    else:  # pragma: no cover - lark raises only the three above
        message = "cannot read this statement"
        end = column + 1
    return SyntaxProblem(line_no, column, end, message, _hint(code, column))
