"""Builds combat: defenders, attackers, blockers, damage assignment order and combat damage."""

from __future__ import annotations

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, inline_callbacks


@inline_callbacks
class CombatBuild(BuildBase):
    """The callbacks of the combat statements."""

    def choose_defender(self, player: n.Ref, refs: tuple[n.Ref, ...]) -> n.ChooseDefender:
        return n.ChooseDefender(self._span(player, refs), player, refs)

    def no_attackers(self, player: n.Ref) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player), player, (), None, False)

    def band(self) -> bool:
        return True

    def declare_attackers(self, player: n.Ref, attackers: tuple[n.Ref, ...], target: n.Ref,
                          band: bool = False) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player, attackers, target), player, attackers, target, band)

    def attacks_with(self, player: n.Ref, target: n.Ref, attackers: tuple[n.Ref, ...],
                     band: bool = False) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player, attackers, target), player, attackers, target, band)

    def no_blockers(self, player: n.Ref) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player), player, (), ())

    def declare_blockers(self, player: n.Ref, blockers: tuple[n.Ref, ...],
                         attackers: tuple[n.Ref, ...]) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player, blockers, attackers), player, blockers, attackers)

    def blocks_with(self, player: n.Ref, attacker: n.Ref, blockers: tuple[n.Ref, ...]) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player, attacker, blockers), player, blockers, (attacker,))

    def order_kind(self, tok: Token) -> str:
        return str(tok)

    def damage_order(self, player: n.Ref, kind: str, creature: n.Ref,
                     order: tuple[n.Ref, ...]) -> n.DamageOrder:
        return n.DamageOrder(self._span(player, creature, order), player, kind == "blockers", creature, order)

    def assignment(self, amount: Token, recipient: n.Ref) -> n.Assignment:
        return n.Assignment(int(amount), recipient)

    def assign_damage(self, creature: n.Ref, *assignments: n.Assignment) -> n.AssignDamage:
        return n.AssignDamage(self._span(creature, *[a.recipient for a in assignments]), creature, assignments)

    def assign_none(self, creature: n.Ref) -> n.AssignDamage:
        return n.AssignDamage(self._span(creature), creature, ())

    def damage_dealt(self, *toks: Token) -> n.DamageDealt:
        return n.DamageDealt(self._span(toks))

    def damage_to_stack(self, *toks: Token) -> n.DamageToStack:
        return n.DamageToStack(self._span(toks))

    def damage_resolves(self, *toks: Token) -> n.DamageResolves:
        return n.DamageResolves(self._span(toks))

    def damage_kind(self, *toks: Token) -> bool:
        return any(str(t) == "combat" for t in toks)

    def deal_damage(self, source: n.Ref, amount: Token, combat: bool, recipient: n.Ref) -> n.DealDamage:
        return n.DealDamage(self._span(source, recipient), source, int(amount), combat, recipient)

    def attack_requirement(self, creature: n.Ref, player: n.Ref) -> n.AttackRequirement:
        return n.AttackRequirement(self._span(creature, player), creature, player)

    def removed_from_combat(self, perm: n.Ref) -> n.RemovedFromCombat:
        return n.RemovedFromCombat(self._span(perm), perm)
