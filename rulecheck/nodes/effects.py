"""Statements of effects that last a while (pumps, granted abilities, type changes, prevention), their
end, and assertions about the game's state."""

from __future__ import annotations

from .base import Ability, Condition, Ref, Statement


class Pump(Statement):
    target: Ref
    power: int
    toughness: int
    duration: str  # end_of_turn, end_of_combat, this_turn, while (a condition)
    condition: Condition | None = None


class GainAbility(Statement):
    target: Ref
    ability: Ability
    duration: str
    condition: Condition | None = None


class Becomes(Statement):
    """A permanent becomes a creature (or gains other types) with a base power and toughness, for a while."""

    target: Ref
    power: int | None
    toughness: int | None
    types: tuple[str, ...]
    subtype: str | None
    duration: str
    condition: Condition | None = None


class Prevention(Statement):
    amount: int
    target: Ref


class EffectEnds(Statement):
    target: Ref
    modifier: str | None


class DurationsEnd(Statement):
    which: str  # end_of_turn / end_of_combat


class CleanupDamage(Statement):
    with_effects: bool

class AssertPT(Statement):
    permanent: Ref
    power: int
    toughness: int


class AssertStatus(Statement):
    permanent: Ref
    status: str


class AssertCount(Statement):
    subject: Ref
    count: int
    what: str  # hand, life, damage, loyalty
