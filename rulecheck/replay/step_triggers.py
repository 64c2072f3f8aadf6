"""What triggers as a step or phase begins: "at the beginning of" abilities (603.2b), delayed triggers whose
step has come (603.7), and the chapter abilities of Sagas that get a lore counter as their controller's precombat
main phase begins (current 714.3b, 714.2b). Each is owed: it must reach the stack before any player gets
priority."""

from __future__ import annotations

from .. import nodes as n
from ..cards.oracle import has_intervening_if, intervening_if
from ..game.combat import MONARCH
from ..game.hooks import SAGA_HOOK, STEP_TRIGGER_HOOK, boundary_hook
from ..game.objects import PendingTrigger, Permanent
from ..game.steps import (
    ENCHANTED_PLAYERS,
    FIRST_EACH_TURN,
    delayed_fires,
    trigger_applies,
    trigger_condition,
    trigger_step,
)
from ..game.teams import is_active, turn_of
from .combat.triggers import combat_trigger
from .context import Replay
from .designations import MONARCH_HOOK
from .tba import STEP_TRIGGER_RULE
from .unread import own_trigger

# the boundary hooks of this module (game/hooks.py), subscribed by the game once it has what they look at; they run
# in this order as a step begins
# (STEP_TRIGGER_HOOK and SAGA_HOOK are subscribed by Game.new_perm, MONARCH_HOOK by designations.py)
# the rules `misfire` reports (declared on the trigger handler too: stack.py)
CHECKS = ("505.1a", "513.3")
DELAYED_HOOK = "delayed triggers"          # subscribed when a delayed trigger is set up (setup.py)


@boundary_hook("step_triggers", STEP_TRIGGER_HOOK, 10)
def _permanents_triggers(r: Replay, step: str) -> None:
    """The "at the beginning of" abilities of permanents (603.2b) that watch this step."""
    g = r.game
    if step not in g.hooks.triggers.by_step:
        return   # no permanent's trigger watches this step (the index is by step)
    holders = g.step_trigger_holders(step)
    if holders:
        first = g.turn_steps.count(step) <= 1
        for p in holders:
            if p.phased_out:
                continue
            for ab in p.abilities():
                # "at the beginning of the next ..." is a one-shot delayed trigger, set up by a `delayed trigger`
                # line
                if ab.kind == "trigger" and " next " not in trigger_condition(ab.text) and \
                        trigger_applies(ab.text, step, _whose(p, ab.text), turn_of(g, _whose(p, ab.text)), first) \
                        and (not has_intervening_if(ab.text) or _condition_holds(r, p, ab.text)):
                    g.pending.append(PendingTrigger(p.name, ab.text, step, p.controller))


@boundary_hook("step_triggers", DELAYED_HOOK, 20)
def _delayed_triggers(r: Replay, step: str) -> None:
    if r.game.delayed:
        r.game.pending.extend(fire_delayed(r, step))


@boundary_hook("step_triggers", MONARCH_HOOK, 30)
def _monarch_draws(r: Replay, step: str) -> None:
    g = r.game
    monarch = g.designations.get("monarch")
    if step == "end step" and monarch is not None and is_active(g, monarch):
        g.pending.append(PendingTrigger(MONARCH, "the monarch draws a card", step, monarch, "current:724.2",
                                        "as the monarch's end step began"))


@boundary_hook("step_triggers", SAGA_HOOK, 40)
def _sagas(r: Replay, step: str) -> None:
    if step == "precombat main phase" and r.game.cards.has_sagas:
        _lore_counters(r)


def fire_delayed(r: Replay, step: str) -> list[PendingTrigger]:
    """The delayed triggers that trigger as this step begins: they leave the game's list, for good (603.7b)."""
    g = r.game
    fired = [d for d in g.delayed if delayed_fires(d, step, turn_of(g, d.controller))]
    for d in fired:
        g.delayed.remove(d)
        r.spent_delayed[d.source] = f"at the beginning of {g.active}'s {step} in turn {g.turn}"
    return fired


def _lore_counters(r: Replay) -> None:
    """As the active player's precombat main phase begins, each Saga they control gets a lore counter, a
    turn-based action; the counter triggers the chapter ability it reaches (714.3b, 714.2b)."""
    g = r.game
    for p in list(g.battlefield.values()):
        if not is_active(g, p.controller) or p.phased_out or not p.card.is_("saga"):
            continue
        if not r.edition.sagas_gain_lore:   # an edition without Sagas (714): their counters are unknown
            p.counters.pop("lore", None)
            p.known_counters.discard("lore")
            continue
        if "lore" in p.counters:
            p.counters["lore"] += 1
        r.lore_added[p.pid] = g.step_serial
        g.pending.append(PendingTrigger(p.name, "chapter", "precombat main phase", p.controller, None,
                                        "when it got a lore counter as the precombat main phase began"))


def _condition_holds(r: Replay, p: Permanent, text: str) -> bool:
    """An intervening "if" clause (603.4) as the step begins: the trigger is owed only when the replay knows the
    condition is true. False, or not known (a hand whose count isn't known, a condition the reader doesn't follow):
    nothing is owed, and a narrated trigger is not judged either."""
    condition = intervening_if(text)
    if condition is None:
        return False
    who, number, way = condition
    g = r.game
    hand = g.pstate[p.controller if who == "you" else g.active].hand
    if hand is None:
        return False
    return hand >= number if way == "more" else hand <= number if way == "fewer" else hand == number


def _whose(p: Permanent, text: str) -> str:
    """Whose step a beginning-of-step trigger watches: the enchanted player's for an Aura on a player."""
    if ENCHANTED_PLAYERS in text and p.attached_to is not None and p.attached_pid is None:
        return p.attached_to
    return p.controller


def misfire(r: Replay, stmt: n.Trigger, perm: Permanent) -> None:
    """A trigger of a permanent put on the stack that nothing owed: why its read abilities don't trigger now (a
    combat trigger's, 508.2 and 509.4; a step trigger's, the rule of its step). The permanent's other abilities the
    replay doesn't follow (unread text that may be a triggered ability: "Battalion — Whenever …", an unread keyword
    such as mentor; a read trigger of another event: "Whenever you cast …") may be what triggered: then a finding is
    a note (unread.py, `own_trigger`)."""
    r.explained = own_trigger(perm)
    try:
        _misfire(r, stmt, perm)
    finally:
        r.explained = None


def _misfire(r: Replay, stmt: n.Trigger, perm: Permanent) -> None:
    g = r.game
    source = stmt.source.text
    step_triggers = [a.text for a in perm.abilities() if a.kind == "trigger" and trigger_step(a.text)]
    delayed = [d for d in g.delayed if d.source == source]
    owed_by_combat = combat_trigger(r, stmt, perm)
    if not owed_by_combat and (step_triggers or delayed):
        texts = [trigger_condition(t) for t in step_triggers + [d.text for d in delayed]]
        watched = [trigger_step(t) for t in texts]
        if g.step == "postcombat main phase" and texts and all("precombat" in t for t in texts):
            r.flag(stmt, "505.1a", f"{source}'s ability triggers at the beginning of the precombat main phase; "
                                   "this main phase is a postcombat main phase, so it doesn't trigger")
        elif g.step == "precombat main phase" and texts and all("postcombat" in t for t in texts):
            r.flag(stmt, "505.1a", f"{source}'s ability triggers at the beginning of a postcombat main phase; "
                                   "this is the turn's first main phase, the precombat one, so it doesn't "
                                   "trigger")
        elif g.step is not None and g.step in watched and not delayed and \
                not any(trigger_applies(t, g.step, perm.controller, turn_of(g, perm.controller))
                        for t in step_triggers):
            step_name = g.step.replace(" step", "")
            r.flag(stmt, STEP_TRIGGER_RULE.get(g.step, "500.6"),
                   f"{source}'s ability triggers at the beginning of {perm.controller}'s {step_name}, and this is "
                   f"{g.active}'s turn" if perm.controller != g.active
                   else f"{source}'s ability triggers at the beginning of an opponent's {step_name}, and this is "
                        f"{g.active}'s own turn")
        elif g.step == "upkeep step" and texts and all(FIRST_EACH_TURN in t for t in texts) \
                and g.turn_steps.count("upkeep step") > 1:
            r.flag(stmt, STEP_TRIGGER_RULE["upkeep step"], f"{source}'s ability triggers only at the beginning "
                                                           "of the first upkeep step each turn, not this "
                                                           "additional one")
        elif g.step in watched or (g.step == "postcombat main phase" and "precombat main phase" in watched):
            if g.step == "end step" and perm.entered_serial == g.step_serial:
                r.flag(stmt, "513.3", f"{source} entered the battlefield during this end step, so its "
                                      "\"at the beginning of the end step\" ability waits for the next "
                                      "turn's end step")
            elif g.step == "end step" and any(d.source == source for d in g.delayed):
                pass
        else:
            step = next((w for w in watched if w), None)
            if step is not None:
                r.flag(stmt, STEP_TRIGGER_RULE.get(step, "500.6"),
                       f"{source}'s ability triggers only as the {step} begins, not in the {g.step}")
