"""Whole-line shapes for the forgiving reader (rulecheck/parser/forgiving.py): turn headers in other shapes, the
marks around a line (a heading's '==', a list's bullet, a closing colon), a player's life after an event, and card
definitions whose properties are written without commas or braces. Like the rest of the reader, this runs only on
lines the grammar rejected."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .phrasings import _WORD_P, _Reader

_TURN = re.compile(
    r"(?:(?:T|[Tt]urn)\s*(?P<n>\d+)\s*[:.,\-–—]?\s*(?P<p>" + _WORD_P + r")(?:['’]s turn)?"
    r"|(?:T|[Tt]urn)\s*(?P<n2>\d+)\s*\(\s*(?P<p2>" + _WORD_P + r")(?:['’]s turn)?\s*\)"
    r"|(?P<p3>" + _WORD_P + r")(?:['’]s turn|, turn)\s*(?:\(\s*turn\s*)?(?P<n3>\d+)\s*\)?)"
    r"(?:(?:\s*[,:\-–—]\s*|\s*(?=\())\(?\s*(?:(?:starting |beginning )?(?:in|at) (?:the )?)?"
    r"(?P<step>[A-Za-z0-9 ]+?)\s*\)?)?\s*")


def turn_header(text: str, players: Sequence[str], step_of: Callable[[str], str | None]) -> str | None:
    """'T5: Alice', 'Turn 5 (Alice)', "Alice's turn 5", with an optional first step ('T5: Alice, in upkeep'):
    the canonical `turn 5: Alice[, in upkeep step]`. Only a number, a player and a step: anything else a header
    says (an extra turn, a controller) is the grammar's, and refused here."""
    m = _TURN.fullmatch(text.strip())
    if m is None or re.match(r"turn \d+ [A-Z]", text.strip()):   # the keyword with only its colon left out:
        return None                                                 # the syntax error's hint says so
        return None
    number = m["n"] or m["n2"] or m["n3"]
    player = m["p"] or m["p2"] or m["p3"]
    if player not in players:
        return None
    if m["step"] is None:
        return f"turn {number}: {player}"
    step = step_of(m["step"])
    return f"turn {number}: {player}, in {step}" if step else None


_COST = re.compile(r"(?:mana )?costs? (?P<m>(?:[0-9]|[WUBRGCX])+)")


def mana_cost(prop: str) -> str | None:
    """A card's 'cost 2G': its mana cost, with braces."""
    m = _COST.fullmatch(prop)
    if m is None:
        return None
    return "mana cost " + "".join("{" + x + "}" for x in re.findall(r"[0-9]+|[WUBRGCX]", m["m"]))


_DECORATED = re.compile(r"(?:={2,}|-{2,}|\*{2,})\s*(?P<t>[^=*]+?)\s*(?:={2,}|-{2,}|\*{2,})")


def undecorated(text: str) -> str:
    """'== Combat ==', '(Bob to 17)', 'Declare attackers:', 'then Bob casts ...': the words without their marks."""
    text = re.sub(r"^(?:[-*•>]|\d+[.)])\s+", "", text)   # a list's bullet or number
    m = _DECORATED.fullmatch(text)
    if m is not None:
        text = m["t"]
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        text = text[1:-1].strip()
    if text.endswith(":") and text.count(":") == 1:
        text = text[:-1].rstrip()
    text = re.sub(r",\s+(?=(?:targeting|paying|sacrificing)\b)", " ", text)
    text = re.sub(r"\s*\(\d+/\d+\)", "", text)   # 'Grizzly Bears (2/2)': a reminder of its size
    text = re.sub(r"^([A-Z][\w'’\-]* controls [A-Z\"][^,;:()]*?) \(tapped\)$", r"\1: tapped", text)
    text = re.sub(r"^(?:[Ii]n response|[Tt]hen|[Nn]ext|[Aa]fter that|[Ff]inally),\s+", "", text)
    text = re.sub(r"(?<=\w),\s*in response,\s*", " ", text)   # 'Bob, in response, casts Shock'
    text = re.sub(r"^[Ii]n response\s+(?=[A-Z][\w'’\-]* [a-z])", "", text)   # 'In response Bob casts Shock'
    text = re.sub(r"^(No|Everyone|Nobody|Neither)(?= [a-z])|^(Both|All)(?= pass| players pass)", lambda m: m[0].lower(),
                  text)
    if text.startswith(("then ", "and then ")):
        text = text.split("then ", 1)[1].lstrip()
    text = re.sub(r"^[Tt]he (?=[A-Z])", "", text)   # 'The Giant dies': names take no article
    text = re.sub(r"\b(?:chump|double|triple|gang)[- ]?blocks\b", "blocks", text)   # a chump block is a block
    return without_intro(text)


_LIFE_AFTER = re.compile(r"(?P<head>.+ )(?P<p>" + _WORD_P + r") \((?:to |at |now )?(?P<n>\d+)(?: life)?\)")


def life_after(text: str, players: Sequence[str]) -> tuple[str, str] | None:
    """'Grizzly Bears deals 2 damage to Bob (18)': the event, and then the player's life total (not a second
    object named 'Bob (18)')."""
    m = _LIFE_AFTER.fullmatch(text)
    if m is None or m["p"] not in players:
        return None
    return m["head"] + m["p"], f"{m['p']} has {m['n']} life"


_MANA_TOKEN = r"(?:\{[0-9WUBRGCX]+\}|[0-9]|[WUBRGCX])+"   # one digit a repeat: [0-9]+ inside + backtracks exponentially


def card_props(prop: str, ok: Callable[[str], bool]) -> list[str] | None:
    """One comma-separated part of a card definition as the properties the grammar reads: 'cost 2G' (a mana
    cost), 'Creature 4/4' (capitals), '4/4 creature', '3WW creature 4/4', 'instant {U}{U}', 'creature 4/4 flying
    vigilance' or 'creature 4/4 with flying and vigilance' (keywords without commas). What can't be split into
    properties that read is left whole (and quoted as rules text by the reader); None for a type followed by one
    or two words that aren't a property (a misspelt keyword: 'creature 4/4 flyng')."""
    if not prop or ok(prop) or '"' in prop:
        return [prop]
    cost = mana_cost(prop)
    if cost is not None:
        return [cost]
    for text in dict.fromkeys((prop, prop.lower())):
        out: list[str] = []
        lead = re.match(r"(" + _MANA_TOKEN + r")\s+(?=[a-zA-Z])", text)
        trail = re.search(r"\s+(" + _MANA_TOKEN + r")$", text)
        for m in (lead, trail):
            if m is not None and re.search(r"[WUBRGC}]", m[1]):
                out.append(mana_cost("cost " + m[1].replace("{", "").replace("}", "")) or "")
                text = text[m.end():] if m is lead else text[:m.start()]
        text = re.sub(r"^(\d+/\d+) ((?:[a-z]+ )*?creature)\b", r"\2 \1", text.strip())
        words = [w for w in re.split(r"\s+", re.sub(r"\b(?:with|and)\b", " ", text)) if w]
        at = next((i for i in range(len(words), 0, -1) if ok(" ".join(words[:i]))), 0)
        if at == 0:
            continue
        out.insert(0, " ".join(words[:at]))
        while at < len(words):
            end = next((j for j in range(len(words), at, -1) if ok(" ".join(words[at:j]))), None)
            if end is None:
                break
            out.append(" ".join(words[at:end]))
            at = end
        if at == len(words) and all(out) and len(out) + (text != prop) > 1:
            return out
        if 0 < len(words) - at < 3 and not re.search(r"[{}:]", text):
            return None
    return [prop]


def card(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """A card definition with rules text the language doesn't read: that text is kept quoted (not interpreted)."""
    head = f"card {m['name'].strip()}:"
    props: list[str] = []
    parts = [card_props(p.strip(), lambda q: r.parses(f"{head} {q}")) for p in m["props"].split(",")]
    if any(x is None for x in parts):
        return None   # a misspelt keyword after the type ('creature 4/4 flyng'): the syntax error says the nearest
    for prop in (q for x in parts for q in x or ()):
        if not prop:
            continue
        if r.parses(f"{head} {prop}"):
            props.append(prop)
        elif len(prop.split()) < 3 and "{" not in prop:
            return None   # a misspelt keyword ('flyng'), not rules text: the syntax error says the nearest one
        elif props and not r.parses(f"{head} {props[-1]}") and props[-1].startswith('"'):
            props[-1] = props[-1][:-1] + ", " + prop.replace('"', "'") + '"'
        else:
            props.append('"' + prop.replace('"', "'") + '"')
    if not props or not r.parses(f"{head} {props[0]}"):
        return None
    return [f"{head} {', '.join(props)}"]


_VERB_S = {"have": "has", "do": "does", "go": "goes", "am": "is", "don't": "doesn't", "can't": "can't"}


def _third_person(verb: str) -> str:
    if verb in _VERB_S:
        return _VERB_S[verb]
    return verb + ("es" if re.search(r"(?:s|sh|ch|x)$", verb) else "s")


def spoken(text: str, players: Sequence[str]) -> tuple[str, str] | None:
    """'Alice: plays Forest', 'Alice: I attack Bob with X': a line said by a player, its first person (I, me, my)
    the player. The player, and the line in the third person."""
    m = re.fullmatch(r"(" + _WORD_P + r"):\s+(.+)", text)
    if m is None or m[1] not in players:
        return None
    p, rest = m[1], m[2]
    rest = re.sub(r"\bI['’]m\b|\bI am\b", f"{p} is", rest)
    rest = re.sub(r"\bI ([a-z']+)", lambda v: f"{p} {_third_person(v[1])}", rest)
    rest = re.sub(r"\b(?:me|myself)\b", p, rest)
    rest = re.sub(r"\bmy\b", "their", rest)
    return (p, rest) if not re.search(r"\b(?:I|we|us|our|you|your)\b", rest) else None


_NO_OP = re.compile(
    r"(?:(?P<p>" + _WORD_P + r") )?(?:"
    r"(?:does |did )?nothing(?: else| more| at all)?"
    r"|(?P<respond>doesn't respond|does not respond|has no response|lets it resolve)"
    r"|(?:[Nn]othing|[Nn]othing (?:else|of note|more)) happens)"
    r"(?: (?:in|during) (?:the |her |his |their )?(?P<step>[A-Za-z0-9 ]+))?")
_INTRO = re.compile(r"^(?:lifelink[,:]\s+" + _WORD_P + r" gains \d+(?: life)?(?:,\s*|\s+and\s+)(?=\S)"
                    r"|(?:With|Now that|Since) [^,]+,\s+(?=[A-Z])"
                    r"|(?P<p>" + _WORD_P + r"), (?:[a-z]+ing|hoping|wanting)\b[^,]*,\s+)")


def no_op(text: str, players: Sequence[str]) -> tuple[str | None, str | None, bool] | None:
    """'Nothing happens', 'Alice does nothing else', 'Bob doesn't respond', 'Nothing happens in the end step': a
    clause that says nothing happened. The player it names, the step it names (a heading) and whether it is a
    player not responding (nothing in implicit priority)."""
    m = _NO_OP.fullmatch(text)
    if m is None or (m["p"] is not None and m["p"] not in players) or (m["respond"] and m["p"] is None):
        return None
    return m["p"], m["step"], bool(m["respond"])


def without_intro(text: str) -> str:
    """'With the block on the table, Alice taps ...', 'Bob, wanting to wipe out the attackers, taps ...': the
    clause without the words that only say why or when."""
    return _INTRO.sub(lambda m: f"{m['p']} " if m["p"] else "", text, count=1)


def nothing(r: _Reader, text: str) -> list[str] | None:
    """A clause that says nothing happened: no statement ([]); one that names a step is that step's heading (the
    step in progress named again is nothing). A player not responding is nothing in implicit priority; in explicit
    priority it is refused (a pass, but whose priority it was the line doesn't say)."""
    said = no_op(text, r.ctx.players)
    if said is None or (said[2] and r.ctx.explicit):
        return None
    if said[1] is None:
        return []
    step = r.clause(said[1])
    if step is None or len(step) != 1 or not re.fullmatch(r"[a-z ]+(?:step|phase)", step[0]):
        return None
    current = r.ctx.step or ""
    if step[0] == current or (step[0] == "main phase" and current.endswith("main phase")):
        return []
    return None if step[0] == "main phase" else step


def it_names(before: str, after: str, last_name: re.Pattern[str]) -> str | None:
    """What 'it' names after a clause: the spell a cast put on the stack when 'it resolves' or 'is countered'
    ('She casts Grizzly Bears; it resolves'), else the last name the clause writes ('Alice plays Forest and taps
    it', 'Alice casts Lightning Bolt targeting Hill Giant and it dies')."""
    cast = None if not re.match(r"it (?:resolves|is countered)\b", after) else re.fullmatch(
        r"[A-Z][\w'’\-]* casts (\"[^\"]+\"|[A-Z][^,;]*?)(?: targeting .*| paying .*)?", before)
    if cast is not None:
        return cast[1]
    if re.match(r"it (?:resolves|is countered)\b", after):
        return None   # only a spell or an ability resolves: after a clause that put none on the stack, not certain
    last = last_name.search(before)
    return last[1] if last is not None else None
