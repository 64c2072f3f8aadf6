"""Statements of combat: defenders, attackers and blockers, damage assignment order, combat damage."""

from __future__ import annotations

from .base import Node, Ref, Statement


class ChooseDefender(Statement):
    player: Ref
    defenders: tuple[Ref, ...]


class DeclareAttackers(Statement):
    player: Ref
    attackers: tuple[Ref, ...]  # empty: "declares no attackers"
    target: Ref | None
    band: bool


class DeclareBlockers(Statement):
    player: Ref
    blockers: tuple[Ref, ...]  # empty: "declares no blockers"
    attackers: tuple[Ref, ...]


class DamageOrder(Statement):
    player: Ref
    of_blockers: bool  # True: an attacker's order of its blockers
    creature: Ref
    order: tuple[Ref, ...]


class Assignment(Node):
    amount: int
    recipient: Ref


class AssignDamage(Statement):
    creature: Ref
    assignments: tuple[Assignment, ...]  # empty: assigns no combat damage


class DamageDealt(Statement):
    pass


class DamageToStack(Statement):
    """`combat damage is put on the stack` (editions where combat damage uses the stack)."""


class DamageResolves(Statement):
    """`combat damage resolves` (editions where combat damage uses the stack)."""


class DealDamage(Statement):
    source: Ref
    amount: int
    combat: bool
    recipient: Ref


class AttackRequirement(Statement):
    """'Mogg Flunkies attacks Bob this turn if able': a requirement to attack one player."""

    creature: Ref
    player: Ref


class RemovedFromCombat(Statement):
    permanent: Ref
