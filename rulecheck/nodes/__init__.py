"""Typed, frozen statement nodes built from the transcript grammar.

Every node carries the span of its source text.  Names are kept as :class:`Ref` exactly as written;
binding them to players, cards and permanents is the replay's job, so that parsing knows no rules.

The nodes are defined by statement family, as the replay's handlers are: :mod:`.base` (the node machinery and
the shared values), :mod:`.header` (header, cards, starting state), :mod:`.turns` (steps, priority, extra turns),
:mod:`.stack`, :mod:`.mana` (lands, mana, cards, life), :mod:`.permanents`, :mod:`.combat` and :mod:`.effects`
(lasting effects and assertions).  Every name is importable from ``rulecheck.nodes``."""

from __future__ import annotations

from .actions import Crew, Exert, Goad, LoseAbilities
from .base import (  # noqa: F401 - _NodeMeta and _first_init: the old module's, for code written against it
    Ability,
    Condition,
    Node,
    NodeT,
    Ref,
    Span,
    Statement,
    _first_init,
    _NodeMeta,
    fields_of,
    replace,
)
from .combat import (
    AssignDamage,
    Assignment,
    AttackRequirement,
    ChooseDefender,
    DamageDealt,
    DamageOrder,
    DamageResolves,
    DamageToStack,
    DealDamage,
    DeclareAttackers,
    DeclareBlockers,
    RemovedFromCombat,
)
from .counters import ControlPlayer, CounterChange, LoseGame, TurnFaceUp
from .effects import (
    AssertCount,
    AssertPT,
    AssertStatus,
    Becomes,
    CleanupDamage,
    DurationsEnd,
    EffectEnds,
    GainAbility,
    Prevention,
    Pump,
)
from .header import (
    SETUP_KINDS,
    AbilitiesUnknown,
    Archenemy,
    CardDef,
    Controls,
    DelayedTrigger,
    Edition,
    Fact,
    GameFormat,
    Holds,
    Include,
    Option,
    PermanentSpec,
    Players,
    PlayerState,
    PriorityMode,
    Teams,
    Title,
    TurnHeader,
)
from .mana import (
    AddMana,
    Discard,
    Draw,
    GainLife,
    LoseLife,
    ManaEmpties,
    PayLife,
    PayMana,
    PlayLand,
    SetScheme,
    TapForMana,
)
from .permanents import (
    Attach,
    BecomesTapped,
    GainControl,
    Leaves,
    PhaseEvent,
    PutOntoBattlefield,
    Regenerate,
    RegenerationShield,
    Sacrifice,
    Tap,
    Untap,
    UntapAll,
)
from .stack import Activate, Cast, Countered, Resolve, Target, Trigger
from .turns import (
    AllPass,
    AssertDayNight,
    BecomesMonarch,
    DayNight,
    EndTheTurn,
    ExtraPhase,
    ExtraTurn,
    Gap,
    PassPriority,
    SkipStep,
    SkipTurn,
    StepBoundary,
    TurnEnd,
)
from .zones import DeclineCast, InZone, Mill, ReturnToHand, Search, Shuffle, TimeCounterRemoved

__all__ = [
    "Node", "NodeT", "fields_of", "replace", "Span", "Ref", "Ability", "Statement", "Condition", "Title",
    "Players", "Edition", "PriorityMode", "AbilitiesUnknown", "Include", "Option", "Archenemy", "CardDef",
    "Fact", "PlayerState", "PermanentSpec", "Controls", "Holds", "DelayedTrigger", "TurnHeader", "SETUP_KINDS",
    "StepBoundary", "TurnEnd", "Gap", "PassPriority", "AllPass", "ExtraTurn", "ExtraPhase", "SkipStep",
    "SkipTurn", "Target", "Cast", "Activate", "Trigger", "Resolve", "Countered", "PlayLand", "TapForMana",
    "AddMana", "PayMana", "PayLife", "ManaEmpties", "Draw", "Discard", "LoseLife", "GainLife", "SetScheme", "UntapAll",
    "Untap", "Tap", "BecomesTapped", "PhaseEvent", "Leaves", "Sacrifice", "Regenerate", "GainControl", "Attach",
    "RegenerationShield", "PutOntoBattlefield", "ChooseDefender", "DeclareAttackers", "DeclareBlockers",
    "DamageOrder", "Assignment", "AssignDamage", "DamageDealt", "DamageToStack", "DamageResolves", "DealDamage",
    "AttackRequirement", "RemovedFromCombat", "Pump", "GainAbility", "Becomes", "Prevention", "EffectEnds",
    "DurationsEnd", "CleanupDamage", "AssertPT", "AssertStatus", "AssertCount", "EndTheTurn", "DayNight",
    "AssertDayNight", "BecomesMonarch", "LoseAbilities", "Goad", "Exert", "Crew",
    "GameFormat", "Teams",
    "InZone", "Search", "Shuffle", "Mill", "ReturnToHand", "DeclineCast", "TimeCounterRemoved",
    "CounterChange", "TurnFaceUp", "LoseGame", "ControlPlayer",
]
