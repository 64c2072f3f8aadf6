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

from .. import nodes as n
from .facts import CardFacts
from .oracle import read_line, self_names

# the type words the language reads in a definition; other card types (battle, kindred, ...) are kept as types
_LANGUAGE_TYPES = frozenset({"legendary", "basic", "snow", "tribal", "token", "artifact", "creature",
                             "enchantment", "instant", "land", "planeswalker", "sorcery"})
_LANGUAGE_SUBTYPES = frozenset({"aura", "equipment"})
_INT = re.compile(r"^-?\d+$")


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and _INT.match(value) else None


def abilities_of(facts: CardFacts) -> tuple[n.Ability, ...]:
    names = self_names(facts.name)
    out: list[n.Ability] = []
    for line in facts.text.splitlines():
        if line.strip() == "//":
            continue
        for ability in read_line(line, names):
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
