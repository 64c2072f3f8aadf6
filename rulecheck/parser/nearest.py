"""The nearest canonical form of a line the grammar rejects, computed from the grammar itself.

The LALR parser is run up to the word it rejects. From there, the candidates are the one-word edits the grammar
allows at that point (drop the rejected word, insert a word it expects, or put one in its place) and, when
none of those gives a whole statement, the shortest way the grammar can finish the statement the line began.
Words the grammar expects that stand for a value (a name, a number, a step) are shown as a sample of their kind
(`NAME`, `2`, `upkeep step`), so the answer reads as the form to follow, not a guess at the author's words.

Only lines the grammar rejects get here, and each costs at most a few hundred parser steps.
"""

from __future__ import annotations

import difflib
import re
from collections import deque
from functools import cache, lru_cache

from lark import Token
from lark.exceptions import UnexpectedInput
from lark.parsers.lalr_interactive_parser import InteractiveParser

from .lalr import lark_parser

# a sample of each terminal that stands for a value; the others are the grammar's literal words
_SAMPLES = {"NAME": "NAME", "INT": "2", "SIGNED_INT": "2", "STEP": "upkeep step", "MANA": "{G}", "PT": "2/2",
            "PT_MOD": "+1/+1", "CARD_NAME": "NAME", "CARD_TYPE": "creature", "KEYWORD": "flying",
            "STRING": '"text"', "TEXT": "text", "WORD": "word", "PRIORITY_MODE": "implicit",
            "LEAVES": "dies", "DAY_NIGHT": "day", "COUNTER_KIND": "+1/+1", "HAS_WHAT": "life"}
_WORD = re.compile(r"[^\s:;,]+|\S")
_LIMIT = 400   # parser copies tried, at most, for one line


@lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    out = dict(_SAMPLES)
    for term in lark_parser().terminals:
        if term.pattern.type == "str":
            out[term.name] = term.pattern.value
    return out


def _parses(text: str) -> bool:
    try:
        lark_parser().parse(text)
    except Exception:  # noqa: BLE001 - any failure means no
        return False
    return True


def _stopped(code: str) -> tuple[InteractiveParser, int, int] | None:
    """The parser after the last word it accepted, and where the rejected word begins and ends."""
    ip = lark_parser().parse_interactive(code)
    last_end = 0
    try:
        for tok in ip.lexer_thread.lex(ip.parser_state):  # type: ignore[no-untyped-call]
            try:
                ip.feed_token(tok)
            except UnexpectedInput:
                start = tok.start_pos if isinstance(tok.start_pos, int) else last_end
                word_end = code.find(" ", start)
                end = tok.end_pos if isinstance(tok.end_pos, int) else len(code)
                return ip, start, word_end if 0 <= word_end < end else end
            last_end = tok.end_pos if isinstance(tok.end_pos, int) else last_end
    except UnexpectedInput as err:
        start = err.pos_in_stream if isinstance(err.pos_in_stream, int) else last_end
        word = _WORD.match(code, start)
        return ip, start, word.end() if word is not None else len(code)
    if "$END" in ip.accepts():  # type: ignore[no-untyped-call]
        return None
    return ip, len(code), len(code)


def _accepts(ip: InteractiveParser) -> list[str]:
    words = _literals()
    return sorted(t for t in ip.accepts() if t in words)  # type: ignore[no-untyped-call]


def nearest_form(code: str) -> str | None:
    """The canonical line nearest to `code`, or None when the grammar offers nothing close."""
    stopped = _stopped(code)
    if stopped is None:
        return None
    ip, start, end = stopped
    words = _literals()
    expected = [t for t in _accepts(ip) if t != "$END"]
    head, rest = code[:start].rstrip(), code[end:].lstrip()
    if rest and _parses(f"{head} {rest}".strip()):   # one word too many
        return _tidy(f"{head} {rest}")
    written = code[start:end]
    # the words closest to the one rejected first: 'flyng' is nearer 'flying' than 'creature'
    close = [c for c in (_closest(term, written) for term in expected) if c is not None]
    samples = close + [words[term] for term in expected]
    tried = 0
    for sample in samples:   # one word inserted, or one word replaced
        for candidate in (f"{head} {sample} {code[start:]}", f"{head} {sample} {rest}"):
            tried += 1
            if tried > _LIMIT:
                return None
            if _parses(candidate.strip()):
                return _tidy(candidate)
    return _finish(ip, head)


@cache
def _choices(term: str) -> tuple[str, ...]:
    """The words a terminal that is a plain list of words (KEYWORD, CARD_TYPE, STEP, ...) allows."""
    found = next((t for t in lark_parser().terminals if t.name == term), None)
    if found is None or found.pattern.type != "re":
        return ()
    m = re.fullmatch(r"\(\?:([a-z' |\-]+)\)(?:\\b|s\?)?", found.pattern.value)
    return tuple(m.group(1).split("|")) if m else ()


def _closest(term: str, written: str) -> str | None:
    close = difflib.get_close_matches(written, _choices(term), n=1, cutoff=0.6)
    return close[0] if close else None


def _finish(ip: InteractiveParser, head: str) -> str | None:
    """The shortest way the grammar finishes the statement begun by `head` (breadth first, a few words deep)."""
    words = _literals()
    queue: deque[tuple[InteractiveParser, tuple[str, ...]]] = deque([(ip, ())])
    budget = _LIMIT
    while queue:
        state, said = queue.popleft()
        budget -= 1
        if budget < 0 or len(said) > 5:
            return None
        accepted = _accepts(state)
        if "$END" in state.accepts():  # type: ignore[no-untyped-call]
            return _tidy(f"{head} {' '.join(said)}") if said else None
        for term in accepted:
            nxt = state.copy()  # type: ignore[no-untyped-call]
            try:
                nxt.feed_token(Token(term, words[term]))
            except Exception:  # noqa: BLE001 - a sample the builder refuses: not a way on
                continue
            queue.append((nxt, (*said, words[term])))
    return None


def _tidy(text: str) -> str:
    return re.sub(r" ([:;,])", r"\1", " ".join(text.split()))
