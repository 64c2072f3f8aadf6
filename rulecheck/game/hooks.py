"""Boundary hooks and features: what a mechanic costs is paid only by the games that use it.

A mechanic that acts at a step boundary (a trigger owed as a step begins, a designation's turn-based check)
costs nothing to a game without it: its function is *declared* once, at import, with `boundary_hook(point,
name, order)`, and a game *subscribes* it (`Game.hooks.subscribe(name)`) the first time it gets the object or
effect that needs it (a permanent with an "at the beginning of" trigger enters, a delayed trigger is set up, a
player becomes the monarch). A vanilla game subscribes nothing, and the step boundary runs no hook at all.

A name subscribed without a declared function is a *feature*: a check that would otherwise look at every
permanent asks `Game.hooks.uses(name)` first (attack and block taxes, abilities about the maximum hand size).
The game subscribes its features itself, as a permanent enters or gets an ability (`note_card`,
`note_ability`).

Subscriptions last for the rest of the game (a hook must itself return quickly once its object is gone), and the
hooks of a point run in the order of their declared `order`, whatever the order of subscription, so that, for
example, the triggers owed as a step begins are always listed in the same order.

The points, and what the step boundary (`replay/steps.py`) passes:

- `step_begins` (replay, step): the step begins (after the turn-based state of its start; not for a step the
  transcript joins in the middle), and for a step left out after '...';
- `step_triggers` (replay, step): what triggers as the step begins is owed (not for a step that was skipped and
  happens anyway, nor for one left out).

The functions belong to the replay layer, which declares them; this layer keeps only their names and order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..nodes import Ability
from .objects import Card, Permanent
from .steps import watched_steps

BoundaryFunction = Callable[[Any, str], None]
POINTS = ("step_begins", "step_triggers")


class BoundaryHook(NamedTuple):
    point: str
    name: str
    order: int
    function: BoundaryFunction


DECLARED: dict[str, BoundaryHook] = {}

# the hooks the game layer subscribes itself, as a permanent enters (declared in replay/step_triggers.py)
STEP_TRIGGER_HOOK = "permanents' step triggers"   # a permanent with an "at the beginning of" trigger
SAGA_HOOK = "Sagas' lore counters"                # a Saga
# features (no boundary function): what the game has had at least once
TAXES = "attack and block taxes"                  # an ability of kind attack_cost or block_cost
HAND_SIZE = "maximum hand size"                   # an ability that speaks of the maximum hand size
DAMAGE_TEXT = "unread damage to life"            # unread text about what damage does (Card.damage_text)
STRIKE_TEXT = "unread first strike"              # unread text about first or double strike (Card.strike_text)
GROUP = "group statics"                           # an ability of kind group (layers.py: "Other Goblins get +1/+1")
PT_TEXT = "unread power and toughness"            # unread text that may change power or toughness (Card.pt_text)
ATTACKS_ALONE = "attacks-alone triggers"          # exalted, or "whenever a creature you control attacks alone"
ALONE_TRIGGER = "whenever a creature you control attacks alone"


def triggers_on_attacking_alone(text: str) -> bool:
    """Exalted, or a "whenever a creature you control attacks alone" ability."""
    return text == "exalted" or text.startswith(ALONE_TRIGGER)
ATTACKS_YOU = "whenever a creature attacks you"   # (… "or a planeswalker you control")
# the other creatures' attack triggers read (replay/combat/triggers.py: ATTACK_WATCHERS)
WATCHES_ATTACKS = ("whenever a creature ", "whenever another creature you control attacks",
                   "whenever one or more creatures you control attack")
# the conditions of those triggers, exactly as read (each followed by a comma and its effect)
ATTACK_CONDITIONS = frozenset({ATTACKS_YOU + " or a planeswalker you control", ATTACKS_YOU,
                               "whenever a creature you control attacks",
                               "whenever another creature you control attacks",
                               "whenever one or more creatures you control attack", "whenever a creature attacks"})
ATTACKED = "attacked triggers"                    # "Whenever a creature attacks you, …" (replay/combat/triggers.py)


def boundary_hook(point: str, name: str, order: int) -> Callable[[BoundaryFunction], BoundaryFunction]:
    """Declare `function` as the hook `name` of a boundary point; `order` places it among the point's hooks."""
    if point not in POINTS:
        raise ValueError(f"unknown boundary point {point!r}")

    def declare(function: BoundaryFunction) -> BoundaryFunction:
        if name in DECLARED:
            raise RuntimeError(f"boundary hook {name!r} is declared twice")
        DECLARED[name] = BoundaryHook(point, name, order, function)
        return function
    return declare


class Hooks:
    """One game's subscriptions: for each point, the functions to call, in order (empty in a vanilla game), and
    the index of the step triggers on the battlefield."""

    __slots__ = ("step_begins", "step_triggers", "subscribed", "triggers")

    def __init__(self) -> None:
        self.step_begins: tuple[BoundaryFunction, ...] = ()
        self.step_triggers: tuple[BoundaryFunction, ...] = ()
        self.subscribed: set[str] = set()
        self.triggers = StepTriggers(self)

    def subscribe(self, name: str) -> None:
        """From now on this game runs the hook `name` at its point, or uses the feature `name` (once; a second call
        changes nothing). A name not declared (a feature, or a hook of the replay layer not imported: a game built
        by itself) is remembered."""
        if name in self.subscribed:
            return
        self.subscribed.add(name)
        hooks = sorted((DECLARED[s] for s in self.subscribed if s in DECLARED), key=lambda h: (h.order, h.name))
        for point in POINTS:
            setattr(self, point, tuple(h.function for h in hooks if h.point == point))

    def uses(self, name: str) -> bool:
        """Whether the game has subscribed the hook or feature `name`."""
        return name in self.subscribed

    def note_card(self, card: Card) -> None:
        """A permanent of this card entered the battlefield."""
        if card.is_("saga"):
            self.subscribe(SAGA_HOOK)
        if card.about_hand_size:
            self.subscribe(HAND_SIZE)
        if card.pt_text:
            self.subscribe(PT_TEXT)
        if card.damage_text:
            self.subscribe(DAMAGE_TEXT)
        if card.strike_text:
            self.subscribe(STRIKE_TEXT)

    def note_ability(self, p: Permanent, ability: Ability) -> None:
        """A permanent on the battlefield has this ability, printed or set up."""
        if ability.kind == "trigger":
            self.triggers.add(p, ability.text)
            if ability.text.startswith(WATCHES_ATTACKS):
                self.subscribe(ATTACKED)
        elif ability.kind in ("attack_cost", "block_cost"):
            self.subscribe(TAXES)
        elif ability.kind == "group":
            self.subscribe(GROUP)
        if "hand size" in ability.text.lower():
            self.subscribe(HAND_SIZE)
        if triggers_on_attacking_alone(ability.text):
            self.subscribe(ATTACKS_ALONE)


class StepTriggers:
    """The permanents on the battlefield with an "at the beginning of" trigger, by the step it watches, so that a
    step looks only at the permanents whose triggers can fire in it. The first one subscribes the game to the
    hook that owes them."""

    __slots__ = ("hooks", "by_pid", "by_step")

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.by_pid: dict[int, Permanent] = {}
        self.by_step: dict[str, dict[int, Permanent]] = {}

    def add(self, p: Permanent, text: str) -> None:
        """A triggered ability of a permanent on the battlefield: indexed when it watches a step."""
        steps = watched_steps(text)
        if steps:
            self.by_pid[p.pid] = p
            for step in steps:
                self.by_step.setdefault(step, {})[p.pid] = p
            self.hooks.subscribe(STEP_TRIGGER_HOOK)

    def remove(self, pid: int) -> None:
        if self.by_pid.pop(pid, None) is not None:
            for holders in self.by_step.values():
                holders.pop(pid, None)

    def holders(self, step: str | None = None) -> list[Permanent]:
        """In the order they arrived; those that lost all abilities left out."""
        holders = self.by_pid if step is None else self.by_step.get(step)
        if not holders:
            return []
        return [holders[pid] for pid in sorted(holders) if not holders[pid].lost]
