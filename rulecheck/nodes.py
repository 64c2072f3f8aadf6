"""Typed, frozen statement nodes built from the transcript grammar.

Every node carries the span of its source text.  Names are kept as :class:`Ref` exactly as written;
binding them to players, cards and permanents is the replay's job, so that parsing knows no rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Any:  # it only informs type checkers
        return lambda cls: cls


@dataclass_transform(frozen_default=True, eq_default=True)
class _NodeMeta(type):
    """Makes each node class a slotted record, the way ``@dataclass(frozen=True, slots=True)`` would, at a
    fraction of the cost: a check imports ~80 node classes in every process, and builds one or more nodes for
    every line it reads.

    - The fields are the annotated class attributes, after those of the base classes; a value given in the class
      body is the field's default (only immutable defaults are used).
    - ``__init__`` is generated the first time a class is instantiated (most runs use a fraction of the classes)
      and assigns the slots directly.
    - Equality, hashing and ``repr`` follow the fields, as a frozen dataclass's do.
    - Nodes are immutable by contract: ``mypy --strict`` rejects an assignment to a field (``frozen_default``);
      at run time the check is left out, because it would make every construction several times slower.
    """

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _NodeMeta:
        own = tuple(k for k, v in ns.get("__annotations__", {}).items() if not str(v).startswith("ClassVar"))
        defaults = {k: ns.pop(k) for k in own if k in ns}
        ns["__slots__"] = own
        if "__init__" not in ns:
            ns["__init__"] = _first_init
        cls = super().__new__(mcs, name, bases, ns)
        inherited: tuple[str, ...] = ()
        base_defaults: dict[str, Any] = {}
        for base in bases:
            inherited += getattr(base, "__node_fields__", ())
            base_defaults.update(getattr(base, "__node_defaults__", {}))
        cls.__node_fields__ = inherited + own  # type: ignore[attr-defined]
        cls.__node_defaults__ = {**base_defaults, **defaults}  # type: ignore[attr-defined]
        cls.__match_args__ = cls.__node_fields__  # type: ignore[attr-defined, misc]
        return cls


def _first_init(self: Node, *args: Any, **kwargs: Any) -> None:
    """The first construction of a class: compile its real ``__init__``, install it, and run it."""
    cls = type(self)
    names = cls.__node_fields__
    defaults = cls.__node_defaults__
    params = ", ".join(f"{f}=_d_{f}" if f in defaults else f for f in names)
    body = "".join(f"\n    self.{f} = {f}" for f in names) or "\n    pass"
    namespace: dict[str, Any] = {f"_d_{f}": v for f, v in defaults.items()}
    exec(f"def __init__(self, {params}):{body}", namespace)  # noqa: S102 - our own field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    init(self, *args, **kwargs)


class Node(metaclass=_NodeMeta):
    """Base of every node: a typed, immutable record (see :class:`_NodeMeta`)."""

    __node_fields__: ClassVar[tuple[str, ...]]
    __node_defaults__: ClassVar[dict[str, Any]]

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, f) for f in self.__node_fields__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__node_fields__)
        return f"{type(self).__qualname__}({inner})"


NodeT = TypeVar("NodeT", bound=Node)


def fields_of(node: Node | type[Node]) -> tuple[str, ...]:
    """The names of a node's fields, in constructor order."""
    return node.__node_fields__


def replace(node: NodeT, **changes: Any) -> NodeT:
    """A copy of ``node`` with some fields changed (``dataclasses.replace`` for nodes)."""
    values = {f: getattr(node, f) for f in node.__node_fields__}
    values.update(changes)
    return type(node)(**values)


class Span(Node):
    """1-based line and column; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


class Ref(Node):
    """A name as written in the transcript (quotes removed)."""

    text: str
    column: int
    end_column: int

    def __str__(self) -> str:
        return self.text


class Ability(Node):
    """One card ability.  ``kind`` is keyword, static, trigger, timing, target, attack_cost,
    block_cost or text (quoted rules text that rulecheck does not interpret)."""

    kind: str
    text: str
    # an Aura's or Equipment's bonus to what it is attached to (kind "attached"): +N/+N and abilities granted
    pt: tuple[int, int] | None = None
    grants: tuple[Ability, ...] = ()


class Statement(Node):
    span: Span

    @property
    def kind(self) -> str:
        return type(self).__name__


# ---------------------------------------------------------------- header
class Title(Statement):
    text: str


class Players(Statement):
    names: tuple[Ref, ...]


class Edition(Statement):
    name: str
    name_column: int = 0      # where the name is written on the line (0: unknown)


class PriorityMode(Statement):
    mode: str


class AbilitiesUnknown(Statement):
    """`abilities: unknown`: the cards may have abilities their definitions don't list (an imported log)."""


class Include(Statement):
    path: str


class Option(Statement):
    text: str


class Archenemy(Statement):
    player: Ref


# ---------------------------------------------------------------- cards
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
class Fact(Node):
    key: str
    value: object = None


class PlayerState(Statement):
    player: Ref
    facts: tuple[Fact, ...]


class PermanentSpec(Node):
    ref: Ref
    facts: tuple[Fact, ...]


class Controls(Statement):
    player: Ref
    permanents: tuple[PermanentSpec, ...]


class Holds(Statement):
    player: Ref
    cards: tuple[Ref, ...]


class DelayedTrigger(Statement):
    source: Ref
    trigger: str


class TurnHeader(Statement):
    number: int
    player: Ref
    extra: bool
    in_step: str | None


# ---------------------------------------------------------------- boundaries and priority
class StepBoundary(Statement):
    step: str
    edge: str  # "begins" or "ends"


class TurnEnd(Statement):
    number: int


class Gap(Statement):
    pass


class PassPriority(Statement):
    player: Ref


class AllPass(Statement):
    pass


# ---------------------------------------------------------------- stack
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


class Countered(Statement):
    source: Ref
    ability: bool


# ---------------------------------------------------------------- lands, mana, cards, life
class PlayLand(Statement):
    player: Ref
    card: Ref


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


# ---------------------------------------------------------------- permanents
class UntapAll(Statement):
    player: Ref
    except_: tuple[Ref, ...]


class Untap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class Tap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class BecomesTapped(Statement):
    permanent: Ref


class PhaseEvent(Statement):
    permanent: Ref
    direction: str  # in / out


class Leaves(Statement):
    permanent: Ref
    how: str  # dies, destroyed, exiled, sacrificed, left, hand, graveyard
    state_based: bool


class Sacrifice(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class Regenerate(Statement):
    permanent: Ref


class Condition(Node):
    """What a "for as long as" effect lasts for: `kind` is on_battlefield (subject), controls (subject is a
    player, other the permanent), attached (subject to other) or paired (subject with other)."""

    kind: str
    subject: Ref
    other: Ref | None = None


class GainControl(Statement):
    player: Ref
    permanent: Ref
    duration: str | None = None        # None: for good; end_of_turn, end_of_combat, this_turn, while
    condition: Condition | None = None


class Attach(Statement):
    """'Bonesplitter becomes attached to Grizzly Bears': an Equipment (or an Aura) becomes attached."""

    attachment: Ref
    target: Ref


class RegenerationShield(Statement):
    permanent: Ref


class PutOntoBattlefield(Statement):
    player: Ref
    card: Ref
    tapped: bool
    attacking: Ref | None
    blocking: Ref | None
    token: bool
    count: int = 1


# ---------------------------------------------------------------- combat
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


# ---------------------------------------------------------------- effects
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


class ExtraTurn(Statement):
    player: Ref


class ExtraPhase(Statement):
    player: Ref
    steps: tuple[str, ...]


class SkipStep(Statement):
    player: Ref
    step: str
    this_turn: bool


class SkipTurn(Statement):
    player: Ref


# ---------------------------------------------------------------- assertions
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


SETUP_KINDS = (Title, Players, Edition, PriorityMode, AbilitiesUnknown, Include, Option, Archenemy, CardDef,
               PlayerState,
               Controls, Holds, DelayedTrigger)
