"""A step's end and the next step's beginning: what the rules do there (500.2, 500.4, 500.5, 505.2, 511.3, 514.3a
and the turn-based state a step begins with), and what the transcript's record of the step starts from.

A quarter of a game's lines are step boundaries, so a boundary does only what this step and this game need: the
work of one step (the untap step's waiting triggers, the cleanup, the end of combat) is behind a test of the step's
name, what belongs to something a game may not have (combat damage on the stack, effects, a waiting trigger, mana in
a pool) behind a test that it is there, and a record that is already empty is not emptied again.
"""

from __future__ import annotations

from .. import nodes as n
from ..game import marks
from ..game.actions import expire_turn_marks
from ..game.combat import begin_combat, begin_damage_step, resolve_combat_damage
from ..game.game import Game
from ..game.objects import PendingTrigger, PlanEntry
from ..game.steps import DAMAGE_STEPS, PRIORITY_STEPS, STEP_TBAS
from .context import Replay
from .mana import step_ends
from .tba import STEP_TRIGGER_RULE, assume_tbas

_STATE_STARTS = frozenset({"precombat main phase", "cleanup step", "beginning of combat step"})   # see below


def leave_step(r: Replay, stmt: n.Statement, implied: bool) -> None:
    """The current step ends at this statement (500.2, 505.2, 500.4, 500.5, 511.3). `implied`: the next step or
    turn begins here; else the game is between steps until it does."""
    g = r.game
    step = g.step or ""
    tbas = STEP_TBAS.get(step)
    if tbas is not None:
        done = r.tba_done
        for kind in tbas:
            if kind not in done:   # (the step's first event usually took them all as done)
                assume_tbas(r)
                break
    r.tba_history[step] = r.tba_done
    if g.damage_on_stack is not None and g.mode == "implicit" and all(i.kind == "damage" for i in g.stack):
        resolve_combat_damage(g)   # combat damage on the stack (2003) resolved: nobody acted after it
    if (step in PRIORITY_STEPS or (step == "cleanup step" and g.cleanup_priority)) \
            and (g.stack or (g.mode == "explicit" and not g.passed.issuperset(g.players))):
        _ends_early(r, stmt, step)
    if g.damage_on_stack is not None:
        resolve_combat_damage(g)   # combat damage left on the stack (flagged above) is taken as dealt in its step
    if step == "cleanup step" and g.cleanup_priority:
        g.plan.insert(0, PlanEntry("cleanup step"))
    if step == "untap step":
        # nobody gets priority in the untap step: what triggered there waits for the upkeep (503.1)
        if g.pending:
            g.waiting = [PendingTrigger(t.source, t.text, "upkeep step", t.controller, "503.1",
                                        f"{t.when} during the untap step") for t in g.pending]
            g.pending = []
        elif g.waiting:
            g.waiting = []
    if g.pending:
        if not r.pending_flagged:
            r.missed_triggers.update(t.source for t in g.pending)
            trig = g.pending[0]
            rule = trig.rule or STEP_TRIGGER_RULE.get(step, "500.6")
            when = trig.when or f"as the {step} began"
            r.flag(stmt, rule, f"{trig.source}'s ability triggered {when}, but the step ends without it being put "
                               "on the stack")
        g.pending = []
    if g.mana_held:   # (a pool may hold mana: most steps don't call)
        step_ends(r, step)   # mana empties (500.4), or burns (2003)
    elif marks.CHECK is not None:   # (tests: the flag is right)
        marks.CHECK.extend(f"{ps.name}'s pool holds mana unflagged (line {g.line})" for ps in g.pstate.values()
                           if ps.pool or ps.lost_mana)
    # 500.5: "until end of <step>" effects
    if step == "end of combat step":
        g.end_combat()
    elif step == "cleanup step":
        g.cleanup()
    if not implied:
        g.between_steps = True
        r.ordinary = False
    elif g.between_steps:
        g.between_steps = False
    if g.passed:
        g.passed = set()


def _ends_early(r: Replay, stmt: n.Statement, step: str) -> None:
    """The step ends with an object on the stack, or before every player passed in succession."""
    g = r.game
    main = step.endswith("main phase")
    rule = "514.3a" if step == "cleanup step" else "505.2" if main else "500.2"
    if g.stack:
        top = g.stack[-1]
        r.flag(stmt, rule, f"the {step} ends while {top.source} is still on the stack; it ends only when "
                           "the stack is empty and all players pass in succession")
        # one fault, one finding: the transcript says the step ended, so the abilities left on the stack are taken
        # as resolved (their effects unknown), rather than flagged again at every step after; a spell stays, for
        # its resolution may be narrated yet (it puts a permanent on the battlefield)
        spells = [item for item in g.stack if item.kind != "ability"]
        if len(spells) < len(g.stack):
            g.stack[:] = spells
            g.note_stack_change()
    else:   # explicit, and not g.all_passed()
        missing = [p for p in g.players if p not in g.passed]
        r.flag(stmt, rule, f"the {step} ends before all players passed in succession with an empty stack "
               f"({', '.join(missing)} did not pass)")


def enter_step(r: Replay, step: str, heading: bool, joined: bool, triggers: bool = True) -> None:
    """The step begins (`heading`: its line is a heading; `joined`: the transcript begins in it). `triggers` False:
    a step that was skipped and happens anyway (already flagged); what would trigger as it begins is not owed,
    since the step should not have been there (one violation per fault)."""
    g = r.game
    g.step = step
    g.step_serial += 1
    g.last_step = step
    g.turn_steps.append(step)
    g.between_steps = False
    r.by_heading = joined or heading
    if g.passed:
        g.passed = set()
    r.tba_done = {}
    if r.tba_assumed:
        r.tba_assumed = set()
    r.first_other = None
    if g.waiting:   # triggered where nobody had priority: owed in the upkeep (503.1)
        g.pending = g.waiting if step == "upkeep step" else []
        g.waiting = []
    elif g.pending:
        g.pending = []
    r.pending_flagged = False
    r.priority_used = False
    r.priority_rule = None
    if g.effects or step in _STATE_STARTS:
        begin_step_state(g, step)
    if step in DAMAGE_STEPS:
        begin_damage_step(g)
    if joined:
        r.joined_serial = g.step_serial
        r.tba_done = {k: None for k in STEP_TBAS.get(step, ())}
        return
    for hook in g.hooks.step_begins:
        hook(r, step)
    if triggers:
        for hook in g.hooks.step_triggers:
            hook(r, step)
    if step == "precombat main phase":
        if g.archenemy != g.active:
            r.tba_done["scheme"] = None
    elif step == "beginning of combat step" and not _needs_defender_choice(r):
        r.tba_done["choose_defender"] = None


def begin_step_state(g: Game, step: str) -> None:
    """What a step's beginning sets, whether the transcript narrates the step or leaves it out in a gap (the
    defending players of a combat, the main phase that is the precombat one)."""
    if step == "precombat main phase":
        g.precombat_main_done = True
    if step == "cleanup step":
        g.cleanup_priority = False
    if step == "beginning of combat step":
        begin_combat(g)
    if g.effects:
        expire_turn_marks(g, step)   # goad and exert (701.15, 701.43)


def _needs_defender_choice(r: Replay) -> bool:
    g = r.game
    return len(g.players) > 2 and g.option not in ("attack multiple players", "attack left", "attack right") \
        and g.archenemy is None
