"""Statements of lands, mana, cards and life: playing a land, tapping for and paying mana, drawing,
discarding, losing and gaining life."""

from __future__ import annotations

from .base import Ref, Statement


class PlayLand(Statement):
    player: Ref
    card: Ref
    zone: str = "hand"   # "graveyard" or "library" (its top) when played from there (Crucible of Worlds, Courser)


class TapForMana(Statement):
    player: Ref
    permanents: tuple[Ref, ...]
    mana: str


class AddMana(Statement):
    player: Ref
    mana: str


class PayMana(Statement):
    player: Ref
    mana: str
    purpose: str | None  # "attack", "block" or None


class PayLife(Statement):
    """`Alice pays 3 life to attack`: a cost paid in life."""

    player: Ref
    amount: int
    purpose: str | None  # "attack", "block" or None


class ManaEmpties(Statement):
    pass


class Draw(Statement):
    player: Ref
    count: int
    for_source: Ref | None


class Discard(Statement):
    player: Ref
    count: int | None
    cards: tuple[Ref, ...]


class LoseLife(Statement):
    player: Ref
    amount: int
    for_source: Ref | None


class GainLife(Statement):
    player: Ref
    amount: int


class SetScheme(Statement):
    player: Ref
    scheme: Ref
