"""Untapped mana sources: what a player could still tap for mana while paying a cost (mana abilities may be
activated during payment, 601.2g-h, 508.1h, 509.1e). Queries only, and generous: a land whose type the transcript
doesn't give, or a permanent whose quoted text adds mana, is taken to make mana of any colour."""

from __future__ import annotations

from .game import Game

# a basic land type, by name or subtype, and the one colour its mana ability makes
BASIC_COLOUR = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
ANY = frozenset("WUBRGC")


def colours_of(g: Game, player: str) -> set[str]:
    """The colours of mana `player`'s untapped permanents could make now (empty: none could make any)."""
    colours: set[str] = set()
    for p in g.battlefield.values():
        if p.controller != player or p.tapped or p.phased_out:
            continue
        if g.abilities_unknown:
            return set(ANY)
        if p.card.is_("land"):
            named = {c for t, c in BASIC_COLOUR.items() if t in p.card.subtypes or p.card.name.lower().endswith(t)}
            colours |= named or set(ANY)
        elif any("add " in text.lower() and "{" in text for text in p.card.texts):
            colours |= set(ANY)
    return colours


def could_make(g: Game, player: str, missing: list[str]) -> bool:
    """Whether untapped sources could have made each missing symbol (a number: mana of any colour)."""
    colours = colours_of(g, player)
    if not colours:
        return False
    return all(s.isascii() and s.isdigit() or s.upper() in colours or s.upper() not in ANY for s in missing)
