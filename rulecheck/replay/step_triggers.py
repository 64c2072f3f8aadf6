"""What triggers as a step or phase begins: "at the beginning of" abilities (603.2b), delayed triggers whose
step has come (603.7), and the chapter abilities of Sagas that get a lore counter as their controller's precombat
main phase begins (current 714.3b, 714.2b). Each is owed: it must reach the stack before any player gets
priority."""

from __future__ import annotations

from ..cards.oracle import has_intervening_if, intervening_if
from ..game.combat import MONARCH
from ..game.hooks import SAGA_HOOK, STEP_TRIGGER_HOOK, boundary_hook
from ..game.objects import PendingTrigger, Permanent
from ..game.steps import ENCHANTED_PLAYERS, delayed_fires, trigger_applies, trigger_condition
from ..game.teams import is_active, turn_of
from .context import Replay
from .designations import MONARCH_HOOK

# the boundary hooks of this module (game/hooks.py), subscribed by the game once it has what they look at; they run
# in this order as a step begins
# (STEP_TRIGGER_HOOK and SAGA_HOOK are subscribed by Game.new_perm, MONARCH_HOOK by designations.py)
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
