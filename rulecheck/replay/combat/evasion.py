"""Blocking restrictions between one blocker and one attacker (509.1b): flying, fear, protection and the rest."""

from __future__ import annotations

from ...cards.oracle import (
    BLOCKS_SHADOW,
    NOT_BY_COLOURS,
    NOT_BY_FLYERS,
    NOT_BY_WALLS,
    ONLY_BY_FLYERS,
    ONLY_BY_WALLS,
    ONLY_BY_WALLS_OR_FLYERS,
    untap_colours,
)
from ...game.combat import ONLY_FLYERS, UNBLOCKABLE, colours, protection_against
from ...game.counters import FACE_DOWN
from ...game.game import Game
from ...game.keywords import land_of_type, landwalks
from ...game.objects import Permanent
from ...game.unknown_pt import pt_unknown
from ..context import Replay


def evasion(r: Replay, b: Permanent, a: Permanent) -> tuple[str, tuple[str, ...]] | None:
    """Why b can't block a (a restriction of 509.1b), with the related keyword rules; None if it can. With
    abilities unknown, b may have what lets it block (reach, shadow, horsemanship)."""
    g = r.game
    if g.has_ability(a, UNBLOCKABLE):
        return f"{a.name} can't be blocked", ()
    if g.has_ability(a, "flying") and not (g.may_have(b, "flying") or g.may_have(b, "reach")):
        return f"{a.name} has flying and {b.name} has neither flying nor reach", ("702.9", "702.16")
    if g.has_ability(b, ONLY_FLYERS) and not g.may_have(a, "flying"):
        return f"{b.name} can block only creatures with flying, and {a.name} has no flying", ("702.9",)
    if g.has_ability(a, "fear") and not (b.is_("artifact") or b.is_("black")):
        return f"{a.name} has fear, so only artifact or black creatures can block it", ("702.34",)
    if g.has_ability(a, "intimidate") and not (b.is_("artifact") or set(colours(b)) & set(colours(a))):
        return (f"{a.name} has intimidate, so only artifact creatures and creatures that share a colour with it "
                "can block it", ("702.12",))
    quality = protection_against(g, a, b)
    if quality is not None:
        return f"{a.name} has protection from {quality}, so {b.name} can't block it", ("702.15",)
    if (g.has_ability(a, "shadow") != g.has_ability(b, "shadow") and not g.abilities_unknown
            and not (g.has_ability(a, "shadow") and g.has_ability(b, BLOCKS_SHADOW))):
        return f"{a.name} and {b.name} don't both have shadow, so one can't block the other", ("702.26",)
    if g.has_ability(a, "horsemanship") and not g.may_have(b, "horsemanship"):
        return f"{a.name} has horsemanship and {b.name} doesn't", ("702.29",)
    if g.abilities_unknown:
        return None   # an unknown ability could change a land's types or a creature's power
    by_quality = _by_quality(g, b, a) or _by_colour(g, b, a)
    if by_quality is not None:
        return by_quality
    for land_type in landwalks(g, a):
        land = land_of_type(g, b.controller, land_type)
        if land is not None:
            return (f"{a.name} has {land_type}walk and the defending player, {b.controller}, controls {land.name}, "
                    f"a land of type {land_type.capitalize()}, so it can't be blocked", ("702.13",))
    if g.has_ability(a, "skulk") and g.pt(b)[0] > g.pt(a)[0] and not (pt_unknown(g, a)
                                                                    or pt_unknown(g, b)):
        return (f"{a.name} has skulk, so creatures with greater power can't block it, and {b.name} has power "
                f"{g.pt(b)[0]} to its {g.pt(a)[0]}", ("current:702.118",))
    return None


def _is_wall(g: Game, b: Permanent) -> bool | None:
    """Whether b has the creature type Wall; None when its creature types aren't known (a definition without a
    type line's dash, or text about creature types, such as changeling's)."""
    if b.card is FACE_DOWN:
        return False    # a face-down creature has no creature types
    if any("creature type" in t.lower() or "changeling" in t.lower() for t in g.ability_texts(b)):
        return None
    if not b.card.subtypes and not b.card.origin:
        return None
    return "wall" in b.card.subtypes


def _by_quality(g: Game, b: Permanent, a: Permanent) -> tuple[str, tuple[str, ...]] | None:
    """Blocks a's text limits by the blocker's creature type or flying ("can't be blocked by Walls", "can't be
    blocked except by creatures with flying"); what isn't known about b is not judged."""
    if not (g.has_ability(a, NOT_BY_WALLS) or g.has_ability(a, NOT_BY_FLYERS) or g.has_ability(a, ONLY_BY_WALLS)
            or g.has_ability(a, ONLY_BY_FLYERS) or g.has_ability(a, ONLY_BY_WALLS_OR_FLYERS)):
        return None
    wall = _is_wall(g, b)
    if g.has_ability(a, NOT_BY_WALLS) and wall:
        return f"{a.name} can't be blocked by Walls, and {b.name} is a Wall", ()
    if g.has_ability(a, NOT_BY_FLYERS) and g.has_ability(b, "flying"):
        return f"{a.name} can't be blocked by creatures with flying, and {b.name} has flying", ("702.9",)
    if g.has_ability(a, ONLY_BY_WALLS) and wall is False:
        return f"{a.name} can be blocked only by Walls, and {b.name} isn't one", ()
    if g.has_ability(a, ONLY_BY_FLYERS) and not g.may_have(b, "flying"):
        return f"{a.name} can be blocked only by creatures with flying, and {b.name} has no flying", ("702.9",)
    if g.has_ability(a, ONLY_BY_WALLS_OR_FLYERS) and wall is False and not g.may_have(b, "flying"):
        return (f"{a.name} can be blocked only by Walls and creatures with flying, and {b.name} is neither",
                ("702.9",))
    return None


def _by_colour(g: Game, b: Permanent, a: Permanent) -> tuple[str, tuple[str, ...]] | None:
    """Blocks a's text limits by the blocker's colour ("can't be blocked by white creatures", Dauthi Horror); a
    blocker whose definition gives no colour word (nor "colorless") has no known colour and is not judged."""
    if not a.card.texts and not a.extra:
        return None
    for text in g.ability_texts(a):
        m = NOT_BY_COLOURS.match(text) if text.startswith("can't be blocked by ") else None
        if m is None:
            continue
        shared = [c for c in colours(b) if c in untap_colours(m)]
        if shared:
            return f"{a.name} can't be blocked by {shared[0]} creatures, and {b.name} is {shared[0]}", ()
    return None
