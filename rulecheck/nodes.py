"""Typed, frozen statement nodes built from the transcript grammar.

Every node carries the span of its source text.  Names are kept as :class:`Ref` exactly as written;
binding them to players, cards and permanents is the replay's job, so that parsing knows no rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """1-based line and column; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Ref:
    """A name as written in the transcript (quotes removed)."""

    text: str
    column: int
    end_column: int

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Ability:
    """One card ability.  ``kind`` is keyword, static, trigger, timing, target, attack_cost,
    block_cost or text (quoted rules text that rulecheck does not interpret)."""

    kind: str
    text: str
    # an Aura's or Equipment's bonus to what it is attached to (kind "attached"): +N/+N and abilities granted
    pt: tuple[int, int] | None = None
    grants: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class Statement:
    span: Span

    @property
    def kind(self) -> str:
        return type(self).__name__


# ---------------------------------------------------------------- header
@dataclass(frozen=True, slots=True)
class Title(Statement):
    text: str


@dataclass(frozen=True, slots=True)
class Players(Statement):
    names: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Edition(Statement):
    name: str
    name_column: int = 0      # where the name is written on the line (0: unknown)


@dataclass(frozen=True, slots=True)
class PriorityMode(Statement):
    mode: str


@dataclass(frozen=True, slots=True)
class AbilitiesUnknown(Statement):
    """`abilities: unknown`: the cards may have abilities their definitions don't list (an imported log)."""


@dataclass(frozen=True, slots=True)
class Include(Statement):
    path: str


@dataclass(frozen=True, slots=True)
class Option(Statement):
    text: str


@dataclass(frozen=True, slots=True)
class Archenemy(Statement):
    player: Ref


# ---------------------------------------------------------------- cards
@dataclass(frozen=True, slots=True)
class CardDef(Statement):
    name: str
    name_column: int
    types: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    abilities: tuple[Ability, ...]
    mana_cost: str | None = None


# ---------------------------------------------------------------- starting state
@dataclass(frozen=True, slots=True)
class Fact:
    key: str
    value: object = None


@dataclass(frozen=True, slots=True)
class PlayerState(Statement):
    player: Ref
    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class PermanentSpec:
    ref: Ref
    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class Controls(Statement):
    player: Ref
    permanents: tuple[PermanentSpec, ...]


@dataclass(frozen=True, slots=True)
class Holds(Statement):
    player: Ref
    cards: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Statement):
    source: Ref
    trigger: str


@dataclass(frozen=True, slots=True)
class TurnHeader(Statement):
    number: int
    player: Ref
    extra: bool
    in_step: str | None


# ---------------------------------------------------------------- boundaries and priority
@dataclass(frozen=True, slots=True)
class StepBoundary(Statement):
    step: str
    edge: str  # "begins" or "ends"


@dataclass(frozen=True, slots=True)
class TurnEnd(Statement):
    number: int


@dataclass(frozen=True, slots=True)
class Gap(Statement):
    pass


@dataclass(frozen=True, slots=True)
class PassPriority(Statement):
    player: Ref


@dataclass(frozen=True, slots=True)
class AllPass(Statement):
    pass


# ---------------------------------------------------------------- stack
@dataclass(frozen=True, slots=True)
class Target:
    kind: str  # object, ability or tba
    ref: Ref | None
    text: str


@dataclass(frozen=True, slots=True)
class Cast(Statement):
    player: Ref
    card: Ref
    targets: tuple[Target, ...]
    paying: str | None
    from_pool: bool
    sacrificing: tuple[Ref, ...] = ()   # permanents sacrificed as an additional cost


@dataclass(frozen=True, slots=True)
class Activate(Statement):
    player: Ref
    source: Ref
    targets: tuple[Target, ...]
    paying: str | None
    from_pool: bool
    sacrificing: tuple[Ref, ...] = ()   # permanents sacrificed to pay the cost
    loyalty: int | None = None          # a loyalty ability: its cost (+1, 0, -3)


@dataclass(frozen=True, slots=True)
class Trigger(Statement):
    source: Ref
    targets: tuple[Target, ...]


@dataclass(frozen=True, slots=True)
class Resolve(Statement):
    source: Ref
    ability: bool
    defending: Ref | None


@dataclass(frozen=True, slots=True)
class Countered(Statement):
    source: Ref
    ability: bool


# ---------------------------------------------------------------- lands, mana, cards, life
@dataclass(frozen=True, slots=True)
class PlayLand(Statement):
    player: Ref
    card: Ref


@dataclass(frozen=True, slots=True)
class TapForMana(Statement):
    player: Ref
    permanents: tuple[Ref, ...]
    mana: str


@dataclass(frozen=True, slots=True)
class AddMana(Statement):
    player: Ref
    mana: str


@dataclass(frozen=True, slots=True)
class PayMana(Statement):
    player: Ref
    mana: str
    purpose: str | None  # "attack", "block" or None


@dataclass(frozen=True, slots=True)
class ManaEmpties(Statement):
    pass


@dataclass(frozen=True, slots=True)
class Draw(Statement):
    player: Ref
    count: int
    for_source: Ref | None


@dataclass(frozen=True, slots=True)
class Discard(Statement):
    player: Ref
    count: int | None
    cards: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class LoseLife(Statement):
    player: Ref
    amount: int
    for_source: Ref | None


@dataclass(frozen=True, slots=True)
class GainLife(Statement):
    player: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class SetScheme(Statement):
    player: Ref
    scheme: Ref


# ---------------------------------------------------------------- permanents
@dataclass(frozen=True, slots=True)
class UntapAll(Statement):
    player: Ref
    except_: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Untap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Tap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class BecomesTapped(Statement):
    permanent: Ref


@dataclass(frozen=True, slots=True)
class PhaseEvent(Statement):
    permanent: Ref
    direction: str  # in / out


@dataclass(frozen=True, slots=True)
class Leaves(Statement):
    permanent: Ref
    how: str  # dies, destroyed, exiled, sacrificed, left, hand, graveyard
    state_based: bool


@dataclass(frozen=True, slots=True)
class Sacrifice(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Regenerate(Statement):
    permanent: Ref


@dataclass(frozen=True, slots=True)
class Condition:
    """What a "for as long as" effect lasts for: `kind` is on_battlefield (subject), controls (subject is a
    player, other the permanent), attached (subject to other) or paired (subject with other)."""

    kind: str
    subject: Ref
    other: Ref | None = None


@dataclass(frozen=True, slots=True)
class GainControl(Statement):
    player: Ref
    permanent: Ref
    duration: str | None = None        # None: for good; end_of_turn, end_of_combat, this_turn, while
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Attach(Statement):
    """'Bonesplitter becomes attached to Grizzly Bears': an Equipment (or an Aura) becomes attached."""

    attachment: Ref
    target: Ref


@dataclass(frozen=True, slots=True)
class RegenerationShield(Statement):
    permanent: Ref


@dataclass(frozen=True, slots=True)
class PutOntoBattlefield(Statement):
    player: Ref
    card: Ref
    tapped: bool
    attacking: Ref | None
    blocking: Ref | None
    token: bool
    count: int = 1


# ---------------------------------------------------------------- combat
@dataclass(frozen=True, slots=True)
class ChooseDefender(Statement):
    player: Ref
    defenders: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class DeclareAttackers(Statement):
    player: Ref
    attackers: tuple[Ref, ...]  # empty: "declares no attackers"
    target: Ref | None
    band: bool


@dataclass(frozen=True, slots=True)
class DeclareBlockers(Statement):
    player: Ref
    blockers: tuple[Ref, ...]  # empty: "declares no blockers"
    attackers: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class DamageOrder(Statement):
    player: Ref
    of_blockers: bool  # True: an attacker's order of its blockers
    creature: Ref
    order: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class Assignment:
    amount: int
    recipient: Ref


@dataclass(frozen=True, slots=True)
class AssignDamage(Statement):
    creature: Ref
    assignments: tuple[Assignment, ...]  # empty: assigns no combat damage


@dataclass(frozen=True, slots=True)
class DamageDealt(Statement):
    pass


@dataclass(frozen=True, slots=True)
class DamageToStack(Statement):
    """`combat damage is put on the stack` (editions where combat damage uses the stack)."""


@dataclass(frozen=True, slots=True)
class DamageResolves(Statement):
    """`combat damage resolves` (editions where combat damage uses the stack)."""


@dataclass(frozen=True, slots=True)
class DealDamage(Statement):
    source: Ref
    amount: int
    combat: bool
    recipient: Ref


@dataclass(frozen=True, slots=True)
class AttackRequirement(Statement):
    """'Mogg Flunkies attacks Bob this turn if able': a requirement to attack one player."""

    creature: Ref
    player: Ref


@dataclass(frozen=True, slots=True)
class RemovedFromCombat(Statement):
    permanent: Ref


# ---------------------------------------------------------------- effects
@dataclass(frozen=True, slots=True)
class Pump(Statement):
    target: Ref
    power: int
    toughness: int
    duration: str  # end_of_turn, end_of_combat, this_turn, while (a condition)
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class GainAbility(Statement):
    target: Ref
    ability: Ability
    duration: str
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Becomes(Statement):
    """A permanent becomes a creature (or gains other types) with a base power and toughness, for a while."""

    target: Ref
    power: int | None
    toughness: int | None
    types: tuple[str, ...]
    subtype: str | None
    duration: str
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Prevention(Statement):
    amount: int
    target: Ref


@dataclass(frozen=True, slots=True)
class EffectEnds(Statement):
    target: Ref
    modifier: str | None


@dataclass(frozen=True, slots=True)
class DurationsEnd(Statement):
    which: str  # end_of_turn / end_of_combat


@dataclass(frozen=True, slots=True)
class CleanupDamage(Statement):
    with_effects: bool


@dataclass(frozen=True, slots=True)
class ExtraTurn(Statement):
    player: Ref


@dataclass(frozen=True, slots=True)
class ExtraPhase(Statement):
    player: Ref
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SkipStep(Statement):
    player: Ref
    step: str
    this_turn: bool


@dataclass(frozen=True, slots=True)
class SkipTurn(Statement):
    player: Ref


# ---------------------------------------------------------------- assertions
@dataclass(frozen=True, slots=True)
class AssertPT(Statement):
    permanent: Ref
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class AssertStatus(Statement):
    permanent: Ref
    status: str


@dataclass(frozen=True, slots=True)
class AssertCount(Statement):
    subject: Ref
    count: int
    what: str  # hand, life, damage, loyalty


SETUP_KINDS = (Title, Players, Edition, PriorityMode, AbilitiesUnknown, Include, Option, Archenemy, CardDef,
               PlayerState,
               Controls, Holds, DelayedTrigger)
