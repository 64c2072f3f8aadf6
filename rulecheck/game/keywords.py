"""Keyword abilities of 702 that the game answers questions about: landwalk (the defending player's lands and
their types), skulk (powers compared), trample over planeswalkers. Queries only, no rule numbers."""

from __future__ import annotations

from .game import Game, strip_copy
from .objects import Permanent
from .sources import BASIC_COLOUR

BASIC_LAND_TYPES = tuple(BASIC_COLOUR)   # the five basic land types, as sources.py gives their mana
TRAMPLE_OVER = "trample over planeswalkers"


def landwalks(g: Game, p: Permanent) -> list[str]:
    """The basic land types p has landwalk for ('islandwalk': island)."""
    return [t[:-4] for t in g.ability_texts(p) if t.endswith("walk") and t[:-4] in BASIC_LAND_TYPES]


def land_of_type(g: Game, player: str, land_type: str) -> Permanent | None:
    """A land the player controls that is known to have this basic land type: one whose subtypes a card
    database gives (Tropical Island: island, forest), or a basic land card named after it ('Island',
    'Island (2)', 'Snow-Covered Island'). A land whose types nothing gives is not known to have any."""
    for q in g.battlefield.values():
        if q.controller != player or q.phased_out or not q.is_("land"):
            continue
        name = strip_copy(q.card.name).lower()
        if land_type in (t.lower() for t in q.card.subtypes) or name == land_type or \
                (q.card.is_("basic") and name.endswith(" " + land_type)):
            return q
    return None


def has_trample(g: Game, p: Permanent) -> bool:
    """Trample, or its variant trample over planeswalkers, which assigns damage as trample does (702.19c)."""
    return g.has_ability(p, "trample") or g.has_ability(p, TRAMPLE_OVER)


def may_trample(g: Game, p: Permanent) -> bool:
    return g.may_have(p, "trample") or g.has_ability(p, TRAMPLE_OVER)


def loyalty(p: Permanent) -> int:
    return p.counters.get("loyalty", p.card.loyalty or 0)
