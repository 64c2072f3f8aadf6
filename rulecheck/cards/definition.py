"""A card database's facts as the transcript language's own card definition (`n.CardDef`).

The abilities are the language's: each line of oracle text is offered to the transcript grammar, and what it reads
as a keyword ("Flying, vigilance"), a restriction ("Mogg Flunkies can't attack or block alone.") or the condition
of a trigger it knows ("Whenever Goblin Guide attacks, ...") becomes that ability; everything else is kept as
quoted rules text, which the checker keeps but never interprets. Nothing is guessed: a line is taken only when the
grammar reads all of it.

The mana cost is kept in the facts (shown by `cards show` and hover) but not made the cost a cast pays from the
pool: that check is for transcripts that define `mana cost` themselves, since a transcript that only names cards
rarely narrates every land tapped.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import nodes as n
from ..parser import parse_line
from .facts import CardFacts

# the type words the language reads in a definition; other card types (battle, kindred, ...) are kept as types
_LANGUAGE_TYPES = frozenset({"legendary", "basic", "snow", "tribal", "token", "artifact", "creature",
                             "enchantment", "instant", "land", "planeswalker", "sorcery"})
_LANGUAGE_SUBTYPES = frozenset({"aura", "equipment"})
_REMINDER = re.compile(r"\s*\([^()]*\)")
_TRIGGER = re.compile(r"^(?P<cond>(?:when|whenever|at) [^,]+?),\s*(?P<effect>.+)$", re.IGNORECASE)
_INT = re.compile(r"^-?\d+$")
_PROTECTIONS = re.compile(r"\b([Pp]rotection) from \w+(?:,? (?:and )?from \w+)+")


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and _INT.match(value) else None


@lru_cache(maxsize=4096)
def _ability(text: str) -> n.Ability | None:
    """The ability the grammar reads in `text` (a whole card property), or None."""
    if not text or '"' in text or "," in text or ";" in text or "#" in text:
        return None
    parsed = parse_line(f"card X: {text}", 1)
    if not isinstance(parsed, list) or len(parsed) != 1 or not isinstance(parsed[0], n.CardDef):
        return None
    card = parsed[0]
    if card.types or len(card.abilities) != 1:
        return None
    return card.abilities[0]


def _quoted(text: str) -> n.Ability | None:
    text = " ".join(text.replace('"', "'").split())
    if not text:
        return None
    parsed = parse_line(f'card X: "{text}"', 1)
    if not isinstance(parsed, list) or not parsed or not isinstance(parsed[0], n.CardDef) \
            or len(parsed[0].abilities) != 1:
        return None
    return parsed[0].abilities[0]


def _self_names(name: str) -> list[str]:
    """How oracle text names the card itself: its name, and a legendary card's short name ("Akroma")."""
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])
    return names


def _each_protection(m: re.Match[str]) -> str:
    """'protection from black and from red' is protection from black and protection from red (702.16)."""
    qualities = re.findall(r"from (\w+)", m.group())
    return ", ".join(f"{m.group(1)} from {q}" for q in qualities)


def _naming_itself(text: str, names: list[str]) -> str:
    for name in names:
        text = re.sub(rf"\b{re.escape(name)}\b", "this", text)
    return text


def _line_abilities(line: str, names: list[str]) -> list[n.Ability]:
    plain = _REMINDER.sub("", line).strip()
    if not plain:
        return []
    parts = [p.strip() for p in re.split(r"[,;]\s*", _PROTECTIONS.sub(_each_protection, plain)) if p.strip()]
    keywords = [_ability(p.lower()) for p in parts]
    if not plain.endswith(".") and any(k is not None and k.kind == "keyword" for k in keywords):
        # a keyword line ("Flying, first strike, protection from black and from red"): each keyword the language
        # has, and each other part as text
        out: list[n.Ability] = []
        for part, keyword in zip(parts, keywords, strict=True):
            found = keyword if keyword is not None and keyword.kind == "keyword" else _quoted(part)
            if found is not None:
                out.append(found)
        return out
    sentence = _naming_itself(plain, names).rstrip(".")
    if "." not in sentence:
        if sentence.startswith("this "):
            static = _ability(sentence[5:].lower())
            if static is not None and static.kind == "static":
                return [static]
        attached = _ability(sentence.lower())
        if attached is not None and attached.kind == "attached":
            return [attached]
    m = _TRIGGER.match(plain)
    if m:
        trigger = _ability(_naming_itself(m.group("cond"), names).lower())
        if trigger is not None and trigger.kind == "trigger":
            rest = _quoted(m.group("effect"))
            return [trigger] + ([rest] if rest is not None else [])
    quoted = _quoted(plain)
    return [quoted] if quoted is not None else []


def abilities_of(facts: CardFacts) -> tuple[n.Ability, ...]:
    names = _self_names(facts.name)
    out: list[n.Ability] = []
    for line in facts.text.splitlines():
        if line.strip() == "//":
            continue
        for ability in _line_abilities(line, names):
            if ability not in out:
                out.append(ability)
    return tuple(out)


def type_words(facts: CardFacts, token: bool = False) -> tuple[str, ...]:
    """Colours, supertypes, card types and the subtypes the language has (aura, equipment), as the lower-case
    words of a definition's type line."""
    words = [*facts.colour_words, *facts.supertypes]
    words += [t for t in facts.types if t != "token"]
    if token or "token" in facts.types or facts.layout in ("token", "double_faced_token"):
        words.append("token")
    words += [s.lower() for s in facts.subtypes if s.lower() in _LANGUAGE_SUBTYPES]
    return tuple(dict.fromkeys(words))


def subtypes_of(facts: CardFacts) -> tuple[str, ...]:
    """Every subtype, lower case (Goblin, Forest, Aura: goblin, forest, aura), for the checks that need them."""
    return tuple(s.lower() for s in facts.subtypes)


def definition(facts: CardFacts, name: str, line: int, column: int = 1) -> n.CardDef:
    """The card definition a transcript would write for these facts, placed where the card is first named."""
    span = n.Span(line, column, line, column + len(name))
    return n.CardDef(span, name, column, type_words(facts), _number(facts.power), _number(facts.toughness),
                     _number(facts.loyalty), abilities_of(facts), None)


def known_types(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words of `type_words` that a hand-written definition could say."""
    return tuple(w for w in words if w in _LANGUAGE_TYPES)
