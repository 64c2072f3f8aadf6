"""The forgiving reader's normalisation stages (rulecheck/parser/forgiving.py): what a line goes through when the
reader can't read it as written. Each stage is general and tested on its own (tests/test_reader_stages.py):

1. `heading` — a step heading before ':', ' - ', ' – ' or ' — ' ("declare attackers step - Alice attacks ...",
   "Untap: Alice untaps"); the heading is the step, the rest is what happened in it.
2. `sentences` — the line cut into sentences ('. ', '; '); a sentence that starts with 'It' is about the object the
   sentence before is about (the spell a cast put on the stack, the ability that triggered, the subject of a
   clause about an object), and only then; a sentence about a player is not 'it'.
3. `set_aside` — remarks in parentheses set aside. A remark that states a checkable fact is read as an assertion
   ("(Bob at 15)", "(19)" after a clause about one player's life, "(it already has 2 damage)", "(the Baloth is a
   7/7)", "(6 in all)" checked against the amounts of the clause); a remark that narrates an event is read as
   that event only when it is the mana for the clause's spell ("(taps his Mountain for it)") or the cost of the
   clause's ability ("(tapping the Lawkeeper)"); any other event in a remark refuses the line (an event is never
   swallowed); a remark with no event in it ("(trample)") is commentary and says nothing.
4. `words` — words the canonical forms write otherwise: the past tense in the present ('dealt' → 'deals', 'did
   not block' → 'does not block'), plural after a list of names ('A, B and C died' → 'die'), 'deals 3 to' →
   'deals 3 damage to', arrows ('20 → 17' → '17'), 'assigns all 6' → 'assigns 6', 'tramples 3 over to Bob' → '3 to
   Bob', 'her permanents' → 'all permanents', 'from the Bears' → 'from Bears', 'which die' → 'which dies', "X's
   trigger goes on the stack" → 'X ability triggers', 'N cards: A and B' → 'A, B' when the list has N names, 'N
   damage on X' → 'N damage to X', 'A and B deal 2 to each other, both die' → '..., A and B die', and in a
   sentence about damage 'the Bear 2' → 'the Bear deals 2'.

Between them: parallel clauses with the player and verb left out ('Bob blocks A with B and C with D'), 'taps all
three' (the player's untapped lands, when exactly that many), and 'It resolves' first on a line with one object on
the stack.

Then each sentence goes to the reader's clauses (the grammar, then the phrasing families). Every stage only
rewrites words whose meaning is certain; the reader refuses what it can't read, and the line stays a syntax
error."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from .phrasings import NUMBER_WORDS, PAST, ReadingContext

_NAME = r"[A-Z\"][\w'’\-\"]*(?: (?:of |the |de |from )?[A-Z\"][\w'’\-\"]*)*"
_NUMBER = NUMBER_WORDS


class _Reader(Protocol):
    ctx: ReadingContext
    heading: str | None
    resolved: str

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...

    def player(self, written: str) -> str | None: ...

    def line(self, text: str, subject: str | None = None) -> list[str] | None: ...


# ---------------------------------------------------------------------------------------------- 1. headings
_HEAD = re.compile(r"(?P<h>[A-Za-z][A-Za-z0-9 \-]*?)\s*(?::|\s[-–—]\s)\s*(?P<rest>\S.*)")
_DECLARATION_HEADS = {"attackers": "declare attackers step", "attacks": "declare attackers step",
                      "blockers": "declare blockers step", "blocks": "declare blockers step"}


def heading(text: str, step_of: Callable[[str], str | None]) -> tuple[str | None, str]:
    """The step a heading names and the rest of the line; (None, text) when the line has no step heading. A
    declaration's label ('Attackers:') is its step only when what follows is a sentence with a verb (a player
    declaring), not the label's list of names."""
    m = _HEAD.fullmatch(text.strip())
    if m is None:
        return None, text
    head = m["h"].strip()
    step = step_name(head, step_of)
    if step is None and head.lower() in _DECLARATION_HEADS \
            and re.match(r"[A-Z][\w'’\-]* (?:attacks|blocks|declares|does|did|doesn't|didn't)\b", m["rest"]):
        step = _DECLARATION_HEADS[head.lower()]
    if step is None or not re.fullmatch(r"[a-z ]+(?:step|phase)", step):
        return None, text
    return step, m["rest"]


def step_name(written: str, step_of: Callable[[str], str | None]) -> str | None:
    """The step a heading names, in any case, 'damage' and 'combat damage' alike ('normal damage', 'First strike
    damage step')."""
    written = written.strip().lower()
    return step_of(written) or step_of(re.sub(r"(?<!combat )\bdamage\b", "combat damage", written))


# ---------------------------------------------------------------------------------------------- 2. sentences
def sentences(text: str) -> list[str]:
    """A line cut at '. ' and '; ' (a period inside a name or a number doesn't end a sentence); an empty piece
    ('Alice passes; ; Bob passes') stays, for the reader to refuse."""
    return [s.strip() for s in re.split(r"(?<=[a-z0-9)\]])\.\s+(?=[A-Z])|;\s*", text.strip().rstrip(".!;"))]


def referent(statement: str, players: Sequence[str]) -> str | None:
    """What 'it' at the start of the next sentence stands for after a canonical `statement`: the spell a player
    casts, the ability a player activates, the ability that triggers, else the object the statement is about.
    None after a statement about a player that names no spell (then 'it' is not certain)."""
    if (m := re.fullmatch(r"\S+ casts (.+?)(?: targeting .*| paying .*)?", statement)) and \
            statement.split(" ")[0] in players:
        return m[1]
    if (m := re.fullmatch(r"\S+ activates (.+?)(?: targeting .*| paying .*)?", statement)) and \
            statement.split(" ")[0] in players:
        return f"{m[1]} ability"
    if (m := re.fullmatch(r"(.+ ability) (?:triggers|resolves)", statement)) is not None:
        return m[1]
    m = re.match(r"(.+?) (?:resolves|deals|assigns|is|has|gets|becomes|attacks|blocks|triggers)\b", statement)
    if m is None or m[1] in players or m[1].split(" ")[0] in players:
        return None
    return m[1]


_GAPPED = re.compile(r"(?P<sv>(?P<p>[A-Z][\w'’\-]*) [a-z]+s) (?P<a>[^,;]+?) (?P<prep>with|targeting|to|for) "
                     r"(?P<b>[^,;]+?)"
                     r"(?:,\s*and\s+|,\s*|\s+and\s+)(?P<c>[A-Z\"][^,;]*?) (?P=prep) (?P<d>[^,;]+)")


def ungapped(sentence: str, players: Sequence[str]) -> str | None:
    """'Bob blocks Craw Wurm with Hill Giant and Grizzly Bears with Llanowar Elves': the player and the verb left
    out of the second of two parallel clauses (each with the same preposition) written again. None when the
    sentence has no such clauses."""
    m = _GAPPED.fullmatch(sentence)
    if m is None or m["p"] not in players:
        return None
    return f"{m['sv']} {m['a']} {m['prep']} {m['b']}; {m['sv']} {m['c']} {m['prep']} {m['d']}"


# ---------------------------------------------------------------------------------------------- 3. remarks
_BASIC = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}", "Wastes": "{C}"}
_REMARK = re.compile(r"\s*\(([^()]*)\)")
EVENT = re.compile(r"\b(?:casts?|casting|taps?|tapping|tapped|untaps?|untapping|deals?|dealing|dealt|dies|died|"
                    r"dying|draws?|drawing|drew|discards?|discarding|discarded|sacrific\w*|plays?|playing|played|"
                    r"resolv\w*|activat\w*|trigger\w*|pays?|paying|paid|loses|losing|lost|gains?|gaining|gained|"
                    r"exil\w*|destroy\w*|counter\w*|returns?|returning|returned|mills?|milling|milled|search\w*|"
                    r"shuffl\w*|creates?|creating|created|puts?|putting|attacks|blocks|adds?|"
                    r"adding|added|takes|took|goes|went)\b")


_NEGATED = re.compile(r"\b(?:doesn't|does not|don't|do not|didn't|did not|nothing|no|not|never|can't|cannot|without)\b")


def narrates_event(remark: str) -> bool:
    """A remark that says something happened (a verb of an event, not negated: 'the Wall deals nothing' and 'the
    Angel doesn't tap' are not events), in any of its parts."""
    return any(EVENT.search(part) and not _NEGATED.search(part) for part in re.split(r"[,;:]\s*|\s+and\s+", remark))


def set_aside(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The sentence without its remarks, and each remark with the words written before it."""
    remarks: list[tuple[str, str]] = []
    for m in _REMARK.finditer(text):
        remarks.append((m[1].strip(), text[:m.start()]))
    return _REMARK.sub("", text).strip(), remarks


def _life_of(statements: Sequence[str], players: Sequence[str]) -> str | None:
    """The one player whose life the statements change."""
    who = set()
    for s in statements:
        m = re.fullmatch(r"(\S+) (?:loses|gains) \d+ life|.+ deals \d+ (?:combat )?damage to (\S+)", s)
        if m is not None and (p := m[1] or m[2]) in players:
            who.add(p)
    return who.pop() if len(who) == 1 else None


def read_remark(r: _Reader, remark: str, before: str, statements: list[str], subject: str | None,
                hand: str | None = None) -> tuple[list[str], list[str]] | None:
    """The statements a remark adds (before the sentence's, after them); ([], []) for commentary; None when the
    remark can't be read for sure."""
    first: list[str] = []
    after: list[str] = []
    remark = re.sub(r"(\d+)\s*(?:->|-->|→|=>|⇒)\s*(\d+)", r"\2", remark)
    for part in re.split(r",\s*|;\s*", remark):
        part = part.strip()
        if not part:
            continue
        players = r.ctx.players
        if (m := re.fullmatch(r"(?:(?P<p>[A-Z][\w'’\-]*)(?:'s life)?:? |[Ll]ife(?: total)?:? )?"
                              r"(?:is |goes |goes down |drops )?(?:at |to |now at |now |on )?(?P<n>\d+)(?: life)?"
                              r"(?: left)?", part)) is not None:
            who = r.player(m["p"]) if m["p"] else _life_of(statements, players)
            if who is None or not r.ctx.started:
                return None
            after.append(f"{who} has {m['n']} life")
            continue
        if (m := re.fullmatch(r"(?:\d+ cards? )?(?:(?:down |up )?to |now )?(?P<n>\d+) cards?(?: left)?(?: in hand)?"
                              r"|\d+ cards? (?:down |up )?to (?P<m>\d+)", part)) is not None:
            if hand is None:
                return None   # a hand size: of the one player the line is about
            n = m["n"] or m["m"]
            after.append(f"{hand} has {n} card{'s' if n != '1' else ''} in hand")
            continue
        if (m := re.fullmatch(r"(?P<x>it|[A-Z\"].*?) (?:already )?has (?P<n>\d+) damage(?: (?:marked )?on it)?"
                              r"(?: already)?", part)) is not None:
            if m["x"] == "it":
                last = re.search(r"(" + _NAME + r")\s*$", before)
                x = r.name(last[1]) if last is not None else None
            else:
                x = r.name(m["x"])
            if x is None or x in players:
                return None
            (first if "already" in part else after).append(f"{x} has {m['n']} damage")
            continue
        if (m := re.fullmatch(r"(?P<x>(?:the )?[A-Z\"].*?) is (?:an? |now )?(?P<pt>\d+/\d+)", part)) is not None:
            x = r.name(m["x"])
            if x is None or x in players:
                return None
            after.append(f"{x} is {m['pt']}")
            continue
        if (m := re.fullmatch(r"(?P<n>\d+) (?:in all|in total|total|altogether)", part)) is not None:
            amounts = [int(a) for s in statements for a in re.findall(r"(\d+) (?:combat )?damage to|(\d+) to\b", s)
                       for a in a if a]
            if sum(amounts) != int(m["n"]):
                return None
            continue
        if (m := re.fullmatch(r"(?:by )?(?:tapping|taps|tapped) (?:the |her |his |their |an? )?(?P<x>[A-Z].*?)"
                              r"(?: for it)?", part)) is not None:
            x = r.name(m["x"])
            cost = next((s for s in statements if re.match(r"\S+ activates " + re.escape(x or "") + r"\b", s)), None)
            if x is not None and cost is not None:
                continue   # the {T} in the cost of the ability the sentence activates: paid with it
            cast = next((s for s in statements if re.fullmatch(r"\S+ casts .+", s)), None)
            if x is None or cast is None or subject is None or r.ctx.controllers.get(x) != subject:
                return None
            if x not in _BASIC or not part.endswith(" for it"):
                return None   # the mana for the spell ('for it'), certain only from a basic land's name
            first.append(f"{subject} taps {x} for {_BASIC[x]}")
            continue
        if narrates_event(part) or re.search(r"\d", part) and re.search(r"\b(?:life|damage|at|to|total)\b", part):
            return None   # an event in a remark is never swallowed, nor a fact that can't be checked
    return first, after


_LIFE_TAIL = re.compile(r"(?:\s*[,;]\s*|\.\s+|\s+)(?:(?:[-=]>|→)\s*(?P<a>\d+)(?: life)?|[Ll]ife:?\s*(?P<b>\d+)"
                        r"|(?P<c>\d+) life(?: left)?)\.?$")


def life_tail(line: str) -> str:
    """A life total alone at the end of a line ('..., life 18', '=> 18', '. 18 life.') written as a remark, '(18)':
    the life of the one player the sentence before changed (read with the remarks)."""
    m = _LIFE_TAIL.search(line)
    return line if m is None else f"{line[:m.start()]} ({m['a'] or m['b'] or m['c']})"


# ---------------------------------------------------------------------------------------------- 4. words
_BASE = {"deals": "deal", "dies": "die", "attacks": "attack", "blocks": "block", "goes": "go", "is": "are",
         "has": "have", "gets": "get", "becomes": "become", "resolves": "resolve", "assigns": "assign",
         "triggers": "trigger"}
_NOT_AFTER = {"is", "are", "was", "were", "be", "been", "being", "becomes", "become", "stays", "remains", "has",
              "have", "had", "get", "gets", "by", "it's", "the", "a", "an", "not", "to", "battlefield"}


def _present(text: str) -> str:
    """Verbs of the past tense in the present: singular, or plural after a list of names."""
    words = text.split(" ")
    for i, w in enumerate(words):
        bare = w.rstrip(",.")
        if bare not in PAST or bare in ("left", "got", "had", "held", "was", "were") or i == 0:
            continue
        if words[i - 1].lower() in _NOT_AFTER or not re.search(r"[\w\"]$", words[i - 1]):
            continue
        present = PAST[bare]
        subject = re.split(r",\s*", " ".join(words[:i]))[-1]   # 'A, B and C died': plural; 'X 2, Bob went': not
        if words[i - 1] != "and" and " and " in subject and present in _BASE \
                and re.fullmatch(r"(?:the )?[A-Z\"].*", subject):
            present = _BASE[present]
        words[i] = present + w[len(bare):]
    return " ".join(words)


def _cards_list(m: re.Match[str]) -> str:
    n = int(m["n"]) if m["n"].isdigit() else _NUMBER.get(m["n"].lower(), 0)
    items = [x for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["list"]) if x.strip()]
    return f"{m['v']} {', '.join(i.strip() for i in items)}" if len(items) == n else m[0]


_WORD_RULES: Sequence[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\b(?:did not|didn't) (?=[a-z])"), "does not "),
    (re.compile(r"(\d+)\s*(?:->|-->|→|=>|⇒)\s*(\d+)"), r"\2"),
    (re.compile(r"\b(deals?|dealt) (\d+(?: and \d+)?)(?= to\b| on\b)"), r"\1 \2 damage"),
    (re.compile(r"\b(assigns?|deals?) all (?:of )?(\d+)"), r"\1 \2"),
    (re.compile(r"\btramples? (?:over )?(\d+)(?: damage)? (?:over )?(?:on)?to\b"), r"\1 to"),
    (re.compile(r"\b(\d+)(?: damage)? (?:tramples?|tramples? over|goes over|carries over) (?:on)?to\b"), r"\1 to"),
    (re.compile(r"\b(\d+) trample damage (?:on)?to\b"), r"\1 damage to"),
    (re.compile(r"\b(untaps) (?:her|his|their) permanents\b"), r"\1 all permanents"),
    (re.compile(r"\bbecomes (tapped|untapped)\b"), r"is \1"),
    (re.compile(r"\b(which|that|who) (?:die|are destroyed)\b"), r"\1 dies"),   # one permanent: 'the Elves, which die'
    (re.compile(r"\b(which|that|who) are destroyed\b"), r"\1 is destroyed"),
    (re.compile(r"(" + _NAME + r")['’]s? (?:triggered ability|trigger|ability) (?:goes on|is put on|goes onto|is put "
                r"onto) the stack"), r"\1 ability triggers"),
    (re.compile(r"(" + _NAME + r")['’]s? (?:trigger|triggered ability) (?=resolves|triggers)"), r"\1 ability "),
    (re.compile(r"\b(?P<v>discards|sacrifices|plays|casts|taps|exiles) (?P<n>\d+|" + "|".join(_NUMBER)
                + r") (?:cards?|creatures?|lands?|permanents?|spells?)\s*:\s*(?P<list>.+)$"), _cards_list),
    (re.compile(r"(?:^|(?<=, ))(\d+) damage on (?=[A-Z\"])"), r"\1 damage to "),
]


_BARE_AMOUNT = re.compile(r"(?:^|(?<=, )|(?<= and ))(?P<x>(?:the )?" + _NAME + r") (?P<n>\d+)(?=,| and |$)")


_BOTH = re.compile(r"(?P<head>(?P<subj>(?:the )?" + _NAME + r" and (?:the )?" + _NAME + r") [a-z].*?"
                   r"(?:,\s*(?:and\s+)?|\s+and\s+))(?:they )?both (?=[a-z])")


_ARTICLE = re.compile(r"(?:(?<=^)|(?<= ))(?:[Tt]he|an?|her|his|their) (?=[A-Z\"])")
_BEFORE_ARTICLE = {"", "to", "on", "at", "with", "from", "for", "targeting", "blocks", "attacks", "casts", "plays",
                   "taps", "untaps", "by", "and", "deals", "assigns", "sacrifices", "discards", "destroys", "exiles",
                   "kills", "hits", "blocking", "attacking"}


def _without_articles(text: str) -> str:
    """'takes 2 from the Bears' → 'from Bears': an article or a possessive before a name, after a verb or a
    preposition (not inside a name: 'Jace, the Mind Sculptor', 'Dance of the Manse')."""
    def one(m: re.Match[str]) -> str:
        before = text[:m.start()].rstrip().rsplit(" ", 1)[-1] if text[:m.start()].strip() else ""
        return "" if before in _BEFORE_ARTICLE else m[0]
    return _ARTICLE.sub(one, text)


def words(text: str, damage: bool = False, players: Sequence[str] = ()) -> str:
    """The sentence with the words the canonical forms write otherwise rewritten (see the module's doc). With
    `damage` (a sentence about damage: under a combat damage heading, or after 'deals' in the same sentence), a
    clause that is a name and a number ('the Bear 2', 'Lion 2') is what that creature deals."""
    text = _without_articles(_present(text))
    text = _BOTH.sub(lambda m: f"{m['head']}{m['subj']} ", text)   # 'A and B deal 2 to each other, both die'
    for pattern, repl in _WORD_RULES:
        text = pattern.sub(repl, text)
    if damage or re.search(r"\bdeals? \d+", text):
        text = _BARE_AMOUNT.sub(lambda m: m[0] if m["x"] in players else f"{m['x']} deals {m['n']}", text)
    return text


_ALL_OF = re.compile(r"\btaps (?:all|both)(?: (?P<n>" + "|".join(_NUMBER) + r"|\d+))?"
                     r"(?: of (?:them|her lands|his lands|their lands)| (?P<noun>[A-Z][a-z]+?)s?"
                     r"| (?:her|his|their) lands| lands)?(?= for\b|,|$| and )")


def all_of(r: _Reader, sentence: str) -> str | None:
    """'Alice plays a Mountain and taps all three', 'taps both Forests': the lands meant, by name, when the player
    (the sentence's subject) has exactly that many untapped (counting a land played earlier in the sentence), of
    the name the sentence gives ('Forests', the land just played) or else all her lands. None when the count is
    not right; the sentence unchanged when it has no such words."""
    m = _ALL_OF.search(sentence)
    if m is None:
        return sentence
    player = sentence.split(" ")[0]
    if player not in r.ctx.players:
        return None
    n = 2 if m[0].startswith("taps both") else int(m["n"]) if (m["n"] or "").isdigit() else _NUMBER.get(m["n"] or "")
    played = re.search(r"\bplays (?:a |an )?(" + _NAME + ")", sentence[:m.start()])
    land = r.name(m["noun"]) if m["noun"] else r.name(played[1]) if played else None
    if (m["noun"] or played) and land is None:
        return None
    lands = [name for who, name in r.ctx.untapped_lands if who == player and (land is None or name == land)]
    lands += [r.name(played[1]) or ""] if played and (land is None or r.name(played[1]) == land) else []
    if n is None or len(lands) != n or "" in lands:
        return None
    return f"{sentence[:m.start()]}taps {', '.join(sorted(lands))}{sentence[m.end():]}"


# ---------------------------------------------------------------------------------------------- all together
def it_cast(statements: Sequence[str]) -> list[str]:
    """The spells cast in `statements` (what 'it resolves' may be about)."""
    return [m[1] for s in statements if (m := re.fullmatch(r"\S+ casts (.+?)(?: targeting .*| paying .*)?", s))]


def staged(r: _Reader, code: str, step_of: Callable[[str], str | None]) -> list[str] | None:
    """The canonical statements of a line read through the stages, or None when a stage or a clause refuses. A
    card definition or a header line is not normalised (its words are the card's or the game's own)."""
    if re.match(r"\s*(?:card|title|players|priority|format|edition|turn)\b", code):
        return None
    step, rest = heading(life_tail(code.strip().rstrip(".!").strip()), step_of)
    out: list[str] = [step] if step is not None and step != r.ctx.step else []   # the step it is in: nothing
    if step is not None:
        r.heading = step
    it: str | None = None
    if step is None and (alone := step_name(rest, step_of)) is not None:
        return [alone]   # a heading alone
    named = [p for p in r.ctx.players if re.search(rf"(?<![\w'’]){re.escape(p)}(?![\w])", code)]
    for sentence in sentences(rest):
        if not sentence:
            return None
        bare, remarks = set_aside(sentence)
        on_stack = [*r.ctx.stack, *(f"{a} ability" for a in r.ctx.abilities)]
        if it is None and not out and len(on_stack) == 1 and re.match(r"It (?:resolves|resolved|is countered)", bare):
            it = on_stack[0]   # a line's first word: the one object on the stack
        if re.match(r"[Ii]t (?=[a-z])", bare):
            if it is None:
                return None
            bare = it + bare[2:]
        if it is not None and it.endswith((" ability", *r.ctx.stack, *it_cast(out))):   # 'Bob passes, it resolves'
            bare = re.sub(r"(?<=, )it (?=resolves|resolved|is countered|was countered)"
                          r"|(?<= and )it (?=resolves|resolved)", it + " ", bare)
        if (ability := re.match(r"[Tt]he (?:triggered |activated )?ability (?=[a-z])", bare)) is not None:
            if len(set(r.ctx.abilities)) != 1:
                return None   # 'the ability' names one only when one is on the stack
            bare = f"{r.ctx.abilities[0]} ability {bare[ability.end():]}"
        if (bare := all_of(r, bare) or "") == "":
            return None
        bare = words(bare, "combat damage" in (step or ""), r.ctx.players)
        step2, bare2 = heading(bare, step_of)   # 'It resolves: Alice draws a card' is not a heading
        if step2 is not None and out and step2 != out[-1]:
            return None
        read = r.line(bare2 if step2 is not None else bare)
        if read is None and (parallel := ungapped(bare, r.ctx.players)) is not None:
            parts = [r.line(p) for p in parallel.split("; ")]
            read = None if None in parts else [x for p in parts for x in p or []]
        if read is None:
            return None
        subject = next((s.split(" ")[0] for s in read if s.split(" ")[0] in r.ctx.players), None)
        hand = named[0] if len(named) == 1 else None   # the one player the line names
        first: list[str] = []
        after: list[str] = []
        for remark, before in remarks:
            facts = read_remark(r, remark, before, read, subject, hand)
            if facts is None:
                return None
            first += facts[0]
            after += facts[1]
        if out and read and read[0] == out[-1] and re.fullmatch(r"[a-z ]+(?:step|phase)", read[0]):
            read = read[1:]   # the heading's step, written again by the clause ('Attackers: Alice attacks ...')
        out += [*first, *read, *after]
        if read:
            it = referent(read[-1], r.ctx.players) or it
    return out
