"""The clause reader and the remark policy of the forgiving reader (rulecheck/parser/forgiving.py): what a line
the reader can't read whole goes through last.

A judge's line is several clauses: sentences, clauses joined by ';', ',', 'and', 'but', 'so', a heading before
' - ' or ':', asides in parentheses. Here each is read on its own, in order, with what the clauses before it said
(the player they are about, for 'he', 'she' and a clause that starts with its verb; the object they are about, for
'it' and 'Resolves'; the step a heading began). Neighbouring clauses are read together first (longest first), so
that a list of names or a clause that needs the one before it ('..., which dies') is read as one.

The remark policy: a clause that still can't be read is

- a **remark** (a note, `not read: a remark — ...`, at its columns) when it narrates no event: no verb of the
  lexicon (lexicon.py: the language's verbs in every tense, and the judges' words for them) except a negated one
  ('Nothing cast', 'deals nothing'), one under a belief or a restatement ('thought he was at 8', 'Knight already
  dealt its damage') or a state ('is still blocked'); after a player, a pronoun or a name the game knows, only a
  verb that says how things are ('Bob keeps mana up', 'Goblin has haste');
- an **error** otherwise (the whole line stays a syntax error): a clause that narrates an event, or has a verb the
  lexicon doesn't know after a known subject ('Alice sends the Bears in'), a misspelt verb ('atacks'), a word of
  the language's structure (a step, a turn, life, priority, a zone), a number that is not under a belief (a life
  total, damage or a hand's count it asserts; a power said again may be a remark), or only names (a piece of a list).
  An event is never dropped: that would hide a fault, or make a false alarm later.

A remark runs on over the clauses after it that don't read on their own ('Bob keeps Spider and Elemental back').
Every remark is shown: nothing the judge wrote is dropped silently."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .clausecounts import bare_count, both_die, hand_count, prevented, several_deal
from .clauseforms import (
    activation,
    cast_with,
    damage_series,
    named_cast,
    odd_names,
    tapped_state,
)
from .lexicon import BELIEF, EVENT, INFLECTED, STRUCTURE, SUPPOSED, in_language_words, misspelt_verb, narrates
from .phrasings import ReadingContext
from .slang import in_context, known_already
from .stages import read_remark, referent, staged


class _Reader(Protocol):
    ctx: ReadingContext
    heading: str | None
    resolved: str
    last: str
    budget: int
    parses: Callable[[str], bool]

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...

    def player(self, written: str) -> str | None: ...

    def line(self, text: str, subject: str | None = None) -> list[str] | None: ...


@dataclass(frozen=True)
class Remark:
    """A clause read as a remark: its columns in the line (0-based, end exclusive) and its words."""

    start: int
    end: int
    text: str


Span = tuple[int, int]
MAX_CLAUSES = 16   # a line with more clauses is not read clause by clause (a judge's line has far fewer)
MAX_RUN = 6        # clauses read together at most
MAX_CLAUSE = 200   # characters: a longer clause is not read again (the reader read the line whole before)

_SENTENCE_END = re.compile(r"(?<=[A-Za-z0-9)\]])[ ]*\.(?:\s+|$)|;\s*|\s+[-–—]\s+|:\s+|!\s+|\?\s+"
                           r"|(?<=[A-Za-z.])\s+(?:->|→|=>)\s+(?=[A-Za-z])")   # 'plays Mountain -> taps it'

_ASIDE = re.compile(r"\([^()]*\)")
_JOIN = re.compile(r",\s*(?:and\s+|but\s+|so\s+|then\s+)?|:\s+|\s+[-–—]\s+|\s+(?:and then|and|but|so|then)\s+")


def _spans(text: str, pattern: re.Pattern[str], start: int, end: int) -> list[Span]:
    """`text[start:end]` cut at `pattern`, as spans without their separators or the spaces around them."""
    out: list[Span] = []
    at = start
    for m in pattern.finditer(text, start, end):
        out.append((at, m.start()))
        at = m.end()
    out.append((at, end))
    return [(a + len(text[a:b]) - len(text[a:b].lstrip()), b - (len(text[a:b]) - len(text[a:b].rstrip())))
            for a, b in out if text[a:b].strip(" .!?")]


def units(text: str) -> list[Span]:
    """The sentences of a line (cut at '. ', ';', ' - ', ': '), each with its asides; an aside is never cut."""
    masked = _ASIDE.sub(lambda m: "(" + "x" * (len(m[0]) - 2) + ")", text)   # '(6 -> 5)' cuts nothing
    out = _spans(masked, _SENTENCE_END, 0, len(text))
    joined: list[Span] = []
    for span in out:   # 'Bob taps Prodigal Pyromancer: 1 dmg to Alice': the card's notation, one clause
        if joined and text[joined[-1][1]:span[0]].strip() == ":" \
                and re.match(r"[A-Z][\w'’\-]* (?:taps|tapped) [A-Z\"]", text[joined[-1][0]:joined[-1][1]]):
            joined[-1] = (joined[-1][0], span[1])
        else:
            joined.append(span)
    return joined


def parts(text: str, span: Span) -> list[Span]:
    """A sentence's clauses: its asides on their own, the rest cut at ',', 'and', 'but', 'so', 'then'."""
    out: list[Span] = []
    at = span[0]
    for m in _ASIDE.finditer(text, span[0], span[1]):
        out += _spans(text, _JOIN, at, m.start())
        out.append((m.start(), m.end()))
        at = m.end()
    out += _spans(text, _JOIN, at, span[1])
    return out


_CHARACTERISTIC = re.compile(r"\b\d+ (?:power|toughness)\b|\b\d+/\d+\b|\b\d+(?:st|nd|rd|th)\b"   # or an ordinal
                             r"|\b\d+ (?:damage )?(?:is|was|counts as|would be) (?:lethal|enough)\b")   # explained


def is_remark(clause: str, is_name: Callable[[str], bool] = lambda _: False) -> bool:
    """A clause that can be left as a remark when it can't be read: it narrates no event (no verb of the lexicon,
    and no verb it doesn't know after a player, a pronoun or a card: 'Alice sends the Bears in' may be an event),
    and a number in it is not a life total, damage or a hand's count it asserts. `is_name`: a name the game
    knows."""
    if narrates(clause) or STRUCTURE.search(clause) or misspelt_verb(clause) or unknown_verb(clause, is_name):
        return False
    if not [w for w in re.findall(r"(?<![\w'’])[a-z][a-z'’]{2,}", clause) if w not in _FUNCTION_WORDS]:
        return False   # names alone ('Runeclaw Bear'): a piece of a list the line couldn't read, not a remark
    numbers = _CHARACTERISTIC.sub("", clause)   # a power or toughness said again; any other number is a fact
    return not re.search(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                         r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b", numbers, re.I) \
        or bool(SUPPOSED.search(clause))


# verbs that say how things are, not that something happened; adverbs between a subject and its verb
_STATIVE = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "keeps", "kept",
                      "holds", "looks", "seems", "stays", "knows", "needs", "wants", "wanted", "thinks",
                      "thought", "forgot", "forgets", "believes", "believed", "assumed", "hopes", "hoped", "plans",
                      "expects", "would", "could", "should", "might", "must", "will", "can", "cannot", "can't",
                      "doesn't", "does", "did", "didn't", "won't", "isn't", "wasn't", "hasn't", "not", "never",
                      "no", "nothing", "lives", "survives", "controls", "owns", "likes", "feels", "considers"})
_STATIVE |= {"stay", "stayed", "remain", "remained", "sits", "sit", "sat"}   # 'Bears stay home'
_ADVERBS = frozenset({"already", "still", "now", "also", "just", "then", "again", "only", "really", "clearly",
                      "even", "probably", "obviously", "correctly", "so", "too", "both", "all"})


def unknown_verb(clause: str, is_name: Callable[[str], bool]) -> bool:
    """A clause whose subject is a player, a pronoun or a name the game knows, and whose verb is neither of the
    lexicon nor one that says how things are: an event in words the reader doesn't know, never a remark."""
    words = clause.strip("() ").split()
    if not words:
        return False
    if words[0].lower() in ("he", "she", "they", "it"):
        at = 1
    else:
        at = 0
        while at < len(words) and (words[at][:1].isupper() or words[at] in ("of", "the") and at > 0
                                   and at + 1 < len(words) and words[at + 1][:1].isupper()):
            at += 1   # 'Wall of Wood can't block': a name with its 'of'

        subject = " ".join(words[:at])
        if at == 0 or subject.endswith(("'s", "’s")) or not is_name(subject):
            return False   # no subject, 'Piker's been ...', or words that name nothing the game knows
    while at < len(words) and words[at].lower() in _ADVERBS:
        at += 1
    if at >= len(words):
        return False
    verb = words[at].lower().strip(",.;:!?")
    return verb not in _STATIVE and not EVENT.fullmatch(verb) and not BELIEF.fullmatch(verb)


_FUNCTION_WORDS = frozenset({"and", "the", "with", "both", "all", "for", "from", "into", "onto", "her", "his",
                             "their", "its", "then", "but", "also", "too", "each", "two", "three", "four", "one"})


_THE_OBJECT = re.compile(r"(?:[Tt]he |[Ii]ts )?(?:[Aa]bility|[Tt]rigger|[Tt]riggered ability|[Aa]ctivated ability"
                         r"|[Ss]pell)\s+(?=[a-z])")
_OBJECT_VERBS = frozenset({"dies", "resolves", "deals", "triggers", "counters", "destroys", "exiles", "fights",
                           "transforms", "regenerates", "removes"})   # never a player's verb alone
_AUXILIARIES = frozenset({"doesn't", "does", "did", "didn't", "has", "had", "is", "was", "keeps", "can't", "cannot",
                          "won't", "now", "still", "also", "then", "again", "finally", "declines", "chooses"})
_PRONOUN = re.compile(r"(?:[Hh]e|[Ss]he|[Tt]hey|[Hh]e or she)\s+(?=[a-z])")
_IT = re.compile(r"(?:[Ii]t|[Tt]his|[Tt]hat)\s+(?=[a-z])")
_STEP = re.compile(r"[a-z ]+(?:step|phase)")


class _State:
    def __init__(self) -> None:
        self.subject: str | None = None   # the player the clauses before were about
        self.it: str | None = None        # the object the clauses before were about
        self.read: list[str] = []
        self.named: str | None = None    # the one player the line names, if one
        self.unit = 0                     # where the statements of the sentence being read begin in `read`


def _prepared(r: _Reader, clause: str, state: _State) -> str:
    """The clause in the language's words, with a subject the clauses before give it: 'he' or 'she' is the player
    they were about, 'it' the object, and a clause that starts with its verb takes the player (or, for 'resolves',
    'is countered', the object)."""
    clause = in_context(r, re.sub(r"\s+", " ", clause).strip().rstrip(".!?").strip(), state.named, state.subject)
    clause = in_language_words(clause)
    clause = re.sub(r"^(?:and|but|so|then|and then)\s+", "", clause)
    if (m := _PRONOUN.match(clause)) is not None and (state.subject or state.named) is not None:
        return f"{state.subject or state.named} {clause[m.end():]}"   # else the one player the line names
    if (m := re.match(r"(?:which|that|and it|it) (?=resolves|resolved|is countered|was countered)", clause)) \
            and state.it is not None:
        return f"{state.it} {clause[m.end():]}"   # '..., which resolves': the spell just cast
    if (m := _IT.match(clause)) is not None and state.it is not None:
        return f"{state.it} {clause[m.end():]}"
    if (m := _THE_OBJECT.match(clause)) is not None:
        spell = "spell" in m[0].lower()
        it = state.it if state.it is not None and state.it.endswith(" ability") != spell else None
        alone = r.ctx.stack if spell else tuple(f"{a} ability" for a in r.ctx.abilities)
        it = it or (alone[0] if state.it is None and len(set(alone)) == 1 else None)
        if it is not None:   # 'Ability resolves' after the activation; 'the spell' alone on the stack
            return f"{it} {clause[m.end():]}"
    if (land := re.fullmatch(r"(\S+) plays (.+)", r.last)) is not None \
            and (tap := re.fullmatch(r"(?:(\S+) )?[Tt]aps it( for \S+)?", clause)) is not None \
            and tap[1] in (None, land[1]):
        return f"{land[1]} taps {land[2]}{tap[2] or ''}"   # 'Alice plays Mountain. Taps it for {R}': that land
    if (said := bare_count(r, clause, state.subject)) is not None:
        return said   # 'Bob draws, 6 cards'; 'Alice gains 2 life, 9 -> 11'
    first = clause.split(" ", 1)[0]
    if first in _AUXILIARIES and state.subject is not None:
        return f"{state.subject} {clause}"   # "doesn't attack", 'has no creatures'
    if first[:1].isupper() and first.lower() != first and EVENT.fullmatch(first) and r.name(first) is None \
            and first not in r.ctx.players:
        clause = first.lower() + clause[len(first):]   # 'Taps one Mountain for R', 'Resolves'
        first = first.lower()
    if first[:1].islower() and EVENT.fullmatch(first):
        if re.fullmatch(r"(?:resolves|resolved|is countered|was countered)\b.*", clause) and state.it is not None:
            return f"{state.it} {clause}"
        verb = INFLECTED.get(first, first)
        if state.subject is not None and verb not in _OBJECT_VERBS:   # 'casting Goblin Piker': after the player
            return f"{state.subject} {verb}{clause[len(first):]}"
    return clause


def _read(r: _Reader, clause: str, state: _State, step_of: Callable[[str], str | None]) -> list[str] | None:
    """The statements of one clause (or several read together), or None."""
    if r.budget <= 0 or not clause.strip(" .!?,;:") or known_already(r, clause, step_of):
        return None   # (what the game already knows is a remark: not read, at no cost)
    text = _prepared(r, clause, state)
    if not text or text.startswith("(") or len(text) > MAX_CLAUSE:
        return None
    step = _step(r, text, step_of)
    said = [step] if step is not None else damage_series(r, text) or tapped_state(r, text) or cast_with(r, text) \
        or named_cast(r, text) or several_deal(r, text) or hand_count(r, text) or both_die(r, text, state.read) \
        or prevented(r, text)
    if said is None:
        said = r.line(text)
    if said is None and r.budget > 0:
        said = staged(r, text, step_of)
    said = None if said is None else [x for s in said for x in s.split("; ")]
    if said is None or not all(r.parses(s) for s in said):
        return None
    return None if odd_names(said, lambda w: w in r.ctx.players or r.name(w) is not None) else said


def _step(r: _Reader, text: str, step_of: Callable[[str], str | None]) -> str | None:
    """The step a clause names as a heading, one the grammar reads ('Second damage step': the second combat
    damage step)."""
    written = re.sub(r"\s+", " ", text).strip().lower()
    for candidate in (step_of(written), step_of(re.sub(r"(?<!combat )\bdamage\b", "combat damage", written))):
        if candidate is not None and r.parses(candidate):
            return candidate
    return None


def _after(r: _Reader, said: Sequence[str], state: _State) -> None:
    """What the clauses read so far say for the next: the subject, 'it', the heading, the last statement."""
    for s in said:
        first = s.split(" ", 1)[0]
        if first in r.ctx.players:
            state.subject = first
        if _STEP.fullmatch(s):
            r.heading = s
        state.it = referent(s, r.ctx.players) or state.it
        if (m := re.fullmatch(r"(.+?) triggers\b.*", s)) is not None and m[1] not in r.ctx.players:
            state.it = m[1] if m[1].endswith(" ability") else f"{m[1]} ability"   # 'X triggers; trigger resolves'
        if s.endswith(" resolves"):
            r.resolved = s[:-9].removesuffix(" ability")   # an ability's damage: its source's
        r.last = s
    state.read += said


def _aside(r: _Reader, text: str, span: Span, state: _State) -> list[str] | None:
    """An aside read as a fact about the clauses before it (stages.read_remark: a life total, a hand count, damage
    marked), or None."""
    inner = text[span[0] + 1:span[1] - 1]
    if re.fullmatch(r"\s*(?:and |it |which )?(?:resolves|resolved)\s*", inner) and state.it is not None:
        return [f"{state.it} resolves"]   # 'casts Grizzly Bears (resolves)'
    subject = state.subject
    hand = state.named   # a hand's count: of the one player the line names
    facts = read_remark(r, inner, text[:span[0]], state.read[state.unit:], subject, hand)
    return None if facts is None else [*facts[0], *facts[1]]   # ([], []): commentary, checked (stages.py)


def _headings_only(r: _Reader, text: str, spans: list[Span], step_of: Callable[[str], str | None]) -> list[Span]:
    """The units cut at ':' or ' - ' only after a step heading ('Upkeep - nothing', "Bob's draw: he draws");
    otherwise the two sides are one unit ('Alice - 15 life')."""
    out: list[Span] = []
    for span in spans:
        if out and re.fullmatch(r"\s*(?::|[-–—])\s*", text[out[-1][1]:span[0]]) \
                and not _is_heading(r, text[out[-1][0]:out[-1][1]], step_of) \
                and not known_already(r, text[out[-1][0]:out[-1][1]], step_of):   # "Alice's turn - upkeep"
            out[-1] = (out[-1][0], span[1])
        else:
            out.append(span)
    return out


def _is_heading(r: _Reader, written: str, step_of: Callable[[str], str | None]) -> bool:
    if _step(r, in_language_words(written), step_of) is not None:
        return True
    said = r.line(in_language_words(written))
    return said is not None and len(said) == 1 and _STEP.fullmatch(said[0]) is not None


def _remark_with_next(r: _Reader, text: str, pieces: list[Span], i: int, known: Callable[[str], bool]) -> bool:
    """'Bob keeps Spider and Elemental back': a remark cut at 'and' whose pieces are not remarks alone (a name left
    without its verb) but are one together."""
    return i + 1 < len(pieces) and is_remark(text[pieces[i][0]:pieces[i + 1][1]].strip("() "), known)


def header_with_remark(text: str, header: Callable[[str], str | None]) -> tuple[str, list[Remark]] | None:
    """'T7 - Bob (as expected)', 'turn 11: Bob. Nothing else happens.': a turn header with a remark after it (an
    aside, or sentences with no event), the header read and the rest a remark; None otherwise."""
    m = re.fullmatch(r"(?P<head>.+?)(?:\s*(?P<aside>\([^()]*\))|\.\s+(?P<rest>[^()]+?))\.?\s*", text)
    if m is None or (said := header(m["head"].strip())) is None:
        return None
    rest = m["aside"] or m["rest"]
    if re.search(r"(?i:control)|\b(?:by|for|of|to|from) [A-Z]", rest):
        return None   # who controls the turn, whose it is: the header's own words (the grammar's)
    if not all(is_remark(part.strip(" .()")) or not part.strip(" .()") for part in re.split(r"\.\s+|;\s*", rest)):
        return None
    return said, [Remark(m.start("aside") if m["aside"] else m.start("rest"), len(text), rest)]


_BULLET = re.compile(r"^\s*(?:[-*•>]|\d{1,3}[.)])\s+(?=\S)")   # a list's bullet or a numbered step


def by_clauses(r: _Reader, code: str, step_of: Callable[[str], str | None]) -> tuple[list[str], list[Remark]] | None:
    """The statements of a line read clause by clause, and its remarks; None when a clause that narrates an event
    can't be read (the line stays a syntax error), or the line has too many clauses to read this way."""
    text = code.rstrip()
    text = _BULLET.sub(lambda m: " " * len(m[0]), text)   # '5. Alice attacks ...': a step's number, not a clause
    if re.search(r"[;,]\s*[;,]|\(\s*\)", text):
        return None   # an empty clause: something left out, not a remark
    spans = units(text)
    if not spans or len(spans) > MAX_CLAUSES:
        return None
    state = _State()
    out: list[str] = []
    remarks: list[Remark] = []
    known = lambda w: w in r.ctx.players or r.name(w) is not None   # noqa: E731

    def remark(clause: str) -> bool:
        return is_remark(clause, known) or known_already(r, clause, step_of)
    for m in _ASIDE.finditer(text):   # an aside without an event or a fact: a remark, wherever it stands
        if is_remark(m[0][1:-1].strip(), known) and text[:m.start()].strip():
            remarks.append(Remark(m.start(), m.end(), m[0]))
            text = text[:m.start()] + " " * len(m[0]) + text[m.end():]
    spans = _headings_only(r, text, units(text), step_of)
    named = [p for p in r.ctx.players if re.search(rf"(?<![\w'’]){re.escape(p)}(?![\w])", text)]
    state.named = named[0] if len(named) == 1 else None
    for unit in spans:
        state.unit = len(state.read)
        if (act := activation(r, text[unit[0]:unit[1]])) is not None and (said := r.line(act)) is not None:
            said = [x for s in said for x in s.split("; ")]
            out += said
            _after(r, said, state)
            continue
        said = _read(r, text[unit[0]:unit[1]], state, step_of)
        if said is not None:
            out += said
            _after(r, said, state)
            continue
        pieces = parts(text, unit)
        if len(pieces) > MAX_CLAUSES:
            return None
        i = 0
        while i < len(pieces):
            got: list[str] | None = None
            j = min(len(pieces), i + MAX_RUN)
            if (heading := _step(r, _prepared(r, text[pieces[i][0]:pieces[i][1]], state), step_of)) is not None:
                got, j = [heading], i + 1   # 'upkeep, draw, main 1, nothing relevant': a heading needs no other clause
            while got is None and j > i:   # the longest run of clauses from this one that reads (of at most MAX_RUN)
                got = _read(r, text[pieces[i][0]:pieces[j - 1][1]], state, step_of)
                if got is not None:
                    break
                j -= 1
            j = max(j, i + 1)
            a, b = pieces[i]
            if got is None and text[a] == "(":
                got = _aside(r, text, (a, b), state)
            if got is None:   # a remark, with the clauses after it that don't read on their own and keep it one
                if not remark(text[a:b].strip("() ")) and not _remark_with_next(r, text, pieces, i, known):
                    r.ctx.unread.append((a, b))   # the clause that keeps the line an error (its message names it)
                    return None
                if (who := text[a:b].strip("( ").split(" ", 1)[0]) in r.ctx.players:
                    state.subject = who   # 'Bob has no creatures, skips attacking': Bob skips it
                k = i + 1
                while k < len(pieces) and remark(text[a:pieces[k][1]].strip("() ")) \
                        and _read(r, text[pieces[k][0]:pieces[k][1]], state, step_of) is None:
                    k += 1
                if not remark(text[a:pieces[k - 1][1]].strip("() ")):
                    return None
                b = pieces[k - 1][1]
                remarks.append(Remark(a, b, text[a:b]))
                i = k
                continue
            out += got
            _after(r, got, state)
            i = j
    return out, sorted(remarks, key=lambda x: x.start)
