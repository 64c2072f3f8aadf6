"""Continuous effects and their durations (500.5, 514.2, 703.4n): bonuses, granted abilities, prevention,
regeneration and control changes."""

from __future__ import annotations

from .. import nodes as n
from ..game.objects import Effect
from ..game.steps import STEP_PHASE
from .context import Replay
from .registry import handles
from .tba import tba


@handles(n.EffectEnds, n.DurationsEnd, n.CleanupDamage, checks=("703.4n", "500.5"))
def effects_end(r: Replay, stmt: n.EffectEnds | n.DurationsEnd | n.CleanupDamage) -> None:
    g = r.game
    if isinstance(stmt, n.CleanupDamage) or (isinstance(stmt, n.DurationsEnd) and stmt.which == "end_of_turn"):
        if g.step == "cleanup step" and not g.between_steps:
            tba(r, "cleanup_damage", stmt)
        else:
            r.flag(stmt, "703.4n", "damage is removed and \"until end of turn\" effects end only in the cleanup "
                                   f"step, not {'between steps' if g.between_steps else 'in the ' + str(g.step)}",
                   ("514.2", "500.5"))
        g.cleanup()
        return
    if isinstance(stmt, n.DurationsEnd):
        _combat_durations_end(r, stmt, [e for e in g.effects if e.duration == "end_of_combat"])
        return
    p = g.perm(stmt.target)
    mine = [e for e in g.effects if e.target == p.pid and (stmt.modifier is None or e.label == stmt.modifier)]
    if not mine:
        return
    eff = mine[0]
    if eff.duration in ("end_of_turn", "this_turn"):
        if g.step == "cleanup step" and not g.between_steps:
            tba(r, "cleanup_damage", stmt)
        else:
            where = "between steps" if g.between_steps else f"in the {g.step}"
            r.flag(stmt, "703.4n", f"the {eff.label} effect on {p.name} lasts until end of turn, so it ends in the "
                                   f"cleanup step, not {where}", ("514.2", "500.5"))
        g.effects.remove(eff)
    else:
        _combat_durations_end(r, stmt, [eff])


def _combat_durations_end(r: Replay, stmt: n.Statement, effects: list[Effect]) -> None:
    g = r.game
    combat_over = (g.between_steps and g.last_step == "end of combat step") or \
        STEP_PHASE.get(g.step or "") != "combat"
    if not combat_over:
        r.flag(stmt, "500.5", "an \"until end of combat\" effect ends at the end of the combat phase, not "
                              f"in the {g.step}")
    for e in effects:
        if e in g.effects:
            g.effects.remove(e)


@handles(n.Pump, n.GainAbility, when="any")
def continuous_effect(r: Replay, stmt: n.Pump | n.GainAbility) -> None:
    p = r.game.perm(stmt.target)
    if isinstance(stmt, n.Pump):
        r.game.effects.append(Effect(p.pid, stmt.power, stmt.toughness, None, stmt.duration, stmt.span.line,
                                     f"{stmt.power:+d}/{stmt.toughness:+d}"))
    else:
        r.game.effects.append(Effect(p.pid, 0, 0, stmt.ability, stmt.duration, stmt.span.line, stmt.ability.text))


@handles(n.Prevention, when="any")
def prevention(r: Replay, stmt: n.Prevention) -> None:
    r.game.perm(stmt.target)


@handles(n.Regenerate)
def regenerate(r: Replay, stmt: n.Regenerate) -> None:
    p = r.game.perm(stmt.permanent)
    p.tapped = True
    p.damage = 0
    r.game.remove_from_combat(p)


@handles(n.GainControl)
def gain_control(r: Replay, stmt: n.GainControl) -> None:
    g = r.game
    p = g.perm(stmt.permanent)
    new_controller = g.player(stmt.player)
    if p.controller != new_controller:
        p.controller = new_controller
        p.new = True
        g.remove_from_combat(p)
