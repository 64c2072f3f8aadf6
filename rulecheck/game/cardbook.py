"""The game's cards by name: the ones the transcript defines, then the ones the card layer has.

A card a transcript names without defining is asked of the card library (a card database, see `rulecheck.cards`)
and kept once found; a definition in the transcript always wins, so a judge may define a test card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .objects import Card

if TYPE_CHECKING:
    from ..cards.facts import CardFacts
    from ..cards.library import CardLibrary


class CardBook(dict[str, Card]):
    """A dict of the cards defined or looked up so far; `find` also looks in the library. Iterating gives only
    the cards known so far (never the whole database)."""

    def __init__(self) -> None:
        super().__init__()
        self.library: CardLibrary | None = None
        self.facts: dict[str, CardFacts] = {}      # name -> the database facts a card was made from

    def _load(self, name: str) -> Card | None:
        if self.library is None or not name:
            return None
        facts = self.library.lookup(name)
        if facts is None:
            return None
        from ..cards.definition import definition, subtypes_of  # only a check with a database needs it
        d = definition(facts, name, 0)
        card = Card(name, d.types, d.power, d.toughness, d.loyalty, d.abilities, 0, d.mana_cost,
                    origin=f"{facts.source} ({self.library.info.format})", subtypes=subtypes_of(facts),
                    pt_by_ability=d.power is None and facts.power is not None or d.toughness is None
                    and facts.toughness is not None)
        super().__setitem__(name, card)
        self.facts[name] = facts
        return card

    def find(self, name: str) -> Card | None:
        """The card of this name: defined, or looked up before, or found in the library now."""
        found = super().get(name)
        return found if found is not None else self._load(name)

    def defined(self, name: str) -> Card | None:
        """The card the transcript itself defined under this name (not one from the library)."""
        card = super().get(name)
        return card if card is not None and not card.origin else None

    def define(self, card: Card) -> None:
        """A definition from the transcript (or its card files): it replaces what the library gave."""
        self.facts.pop(card.name, None)
        super().__setitem__(card.name, card)

    def candidates(self, name: str, extra: Iterable[str] = ()) -> list[str]:
        """Names to suggest instead of an unknown one: the known cards, and the library's nearest names."""
        out = [*extra, *self]
        if self.library is not None:
            out += self.library.suggest(name)
        return out
