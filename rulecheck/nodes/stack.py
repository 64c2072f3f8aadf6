"""Statements of spells and abilities on the stack: casting, activating, triggering, resolving, countering."""

from __future__ import annotations

from .base import Node, Ref, Statement


class Target(Node):
    kind: str  # object, ability or tba
    ref: Ref | None
    text: str


class Cast(Statement):
    player: Ref
    card: Ref
    targets: tuple[Target, ...]
    paying: str | None
    from_pool: bool
    sacrificing: tuple[Ref, ...] = ()   # permanents sacrificed as an additional cost
    from_zone: str | None = None        # cast from a zone other than the hand: graveyard, exile, library, command
    free: bool = False                  # "without paying its mana cost"
    face_down: bool = False             # cast face down (morph, disguise: baseline 702.35, current 702.37)


class Activate(Statement):
    player: Ref
    source: Ref
    targets: tuple[Target, ...]
    paying: str | None
    from_pool: bool
    sacrificing: tuple[Ref, ...] = ()   # permanents sacrificed to pay the cost
    loyalty: int | None = None          # a loyalty ability: its cost (+1, 0, -3)


class Trigger(Statement):
    source: Ref
    targets: tuple[Target, ...]


class Resolve(Statement):
    source: Ref
    ability: bool
    defending: Ref | None
    # a permanent spell that resolves onto the battlefield tapped, attacking or blocking (508.4, 509.7)
    tapped: bool = False
    attacking: Ref | None = None
    blocking: Ref | None = None
    counters: tuple[tuple[str, int], ...] = ()   # "with two +1/+1 counters on it" (current 122.6)
    # "the ability resolves", "the spell resolves", "it resolves": the top object ("ability", "spell" or "any")
    top: str = ""


class Countered(Statement):
    source: Ref
    ability: bool
