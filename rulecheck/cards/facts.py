"""What rulecheck takes from a card database about one card face: the record every source produces.

A source (Scryfall's bulk data, MTGJSON's AtomicCards, Arena's card database) is read into `CardFacts`; the rest
of rulecheck sees only these records and never the source's own format.
"""

from __future__ import annotations

import json
import re
from dataclasses import field, fields

from ..records import record

SUPERTYPES = frozenset({"basic", "legendary", "snow", "world", "ongoing", "host", "elite"})
COLOUR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SPACE = re.compile(r"\s+")


def name_key(name: str) -> str:
    """How names are compared: case, runs of spaces and the typographic apostrophe don't matter."""
    return _SPACE.sub(" ", name.replace("\u2019", "'")).strip().casefold()


@record(frozen=True)
class CardFacts:
    """One face of a card as the data gives it. Power, toughness and loyalty stay text: `*`, `1+*` and `X` are
    defined by an ability (characteristic-defining), not zero."""

    name: str                                   # the face's name, as a transcript names it
    card_name: str = ""                         # the whole card's name ("Fire // Ice"); "" when the same
    layout: str = "normal"
    side: str | None = None                     # "a", "b", ... for a face of a multi-faced card
    types: tuple[str, ...] = ()                 # card types, lower case: creature, artifact, ...
    supertypes: tuple[str, ...] = ()            # legendary, basic, snow, ...
    subtypes: tuple[str, ...] = ()              # as printed: Goblin, Forest, Aura, ...
    colors: tuple[str, ...] = ()                # W U B R G
    mana_cost: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    keywords: tuple[str, ...] = ()              # the data's keyword list, as printed
    text: str = ""                              # oracle text
    source: str = ""                            # where the facts come from (a file, "transcript line 3", ...)
    faces: tuple[str, ...] = field(default=())  # the other faces' names, for a multi-faced card

    def to_json(self) -> str:
        data = {}
        for key in _STORED:   # not dataclasses.asdict: it deep-copies, and the index stores ~35,000 of these
            value = getattr(self, key)
            if value is not None and value != "" and value != ():
                data[key] = value
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, source: str = "") -> CardFacts:
        data = json.loads(text)
        for key in ("types", "supertypes", "subtypes", "colors", "keywords", "faces"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data, source=source)

    @property
    def type_line(self) -> str:
        left = " ".join(w.capitalize() for w in (*self.supertypes, *self.types))
        return f"{left} \u2014 {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def colour_words(self) -> tuple[str, ...]:
        return tuple(COLOUR_WORDS[c] for c in self.colors if c in COLOUR_WORDS) or ("colorless",)

    def summary(self) -> dict[str, object]:
        """The facts as plain data (for `cards show --format json`, hover and explain)."""
        out: dict[str, object] = {"name": self.name}
        if self.card_name and self.card_name != self.name:
            out["card"] = self.card_name
        out.update(layout=self.layout, type_line=self.type_line, colors=list(self.colors),
                   mana_cost=self.mana_cost, power=self.power, toughness=self.toughness, loyalty=self.loyalty,
                   keywords=list(self.keywords), text=self.text, source=self.source)
        return {k: v for k, v in out.items() if v not in (None, "", [])}


_STORED = tuple(f.name for f in fields(CardFacts) if f.name != "source")


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """'Legendary Creature — Human Wizard' -> (types, supertypes, subtypes)."""
    left, _, right = type_line.replace(" - ", " \u2014 ").partition("\u2014")
    words = left.split()
    supertypes = tuple(w.lower() for w in words if w.lower() in SUPERTYPES)
    types = tuple(w.lower() for w in words if w.lower() not in SUPERTYPES)
    return types, supertypes, tuple(right.split())
