"""Continuous effects and their durations (500.5, 514.2, 703.4n): bonuses, granted abilities, prevention,
regeneration and control changes."""

from __future__ import annotations

from .. import nodes as n
from ..game.combat import ATTACK_REQUIREMENT
from ..game.hooks import GROUP
from ..game.layers import allies, covers
from ..game.objects import Effect, Permanent
from ..game.steps import STEP_PHASE
from ..nodes import Ability
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
        g.end_effects(lambda e: e is eff)
    else:
        _combat_durations_end(r, stmt, [eff])


def _combat_durations_end(r: Replay, stmt: n.Statement, effects: list[Effect]) -> None:
    g = r.game
    combat_over = (g.between_steps and g.last_step == "end of combat step") or \
        STEP_PHASE.get(g.step or "") != "combat"
    if not combat_over:
        r.flag(stmt, "500.5", "an \"until end of combat\" effect ends at the end of the combat phase, not "
                              f"in the {g.step}")
    g.end_effects(lambda e: e in effects)


def _condition(r: Replay, cond: n.Condition | None) -> tuple[str, int, int | str | None] | None:
    """A "for as long as" condition in terms of the game's objects."""
    if cond is None:
        return None
    g = r.game
    if cond.kind == "controls":
        assert cond.other is not None
        return ("controls", g.perm(cond.other).pid, g.player(cond.subject))
    subject = g.perm(cond.subject)
    other = g.perm(cond.other).pid if cond.other is not None else None
    return (cond.kind, subject.pid, other)


@handles(n.Pump, n.GainAbility, when="any")
def continuous_effect(r: Replay, stmt: n.Pump | n.GainAbility) -> None:
    p = r.game.perm(stmt.target)
    if r.text_effects:   # the effect the resolving spell's text made (cardtext.py), narrated: it is that effect
        same = [e for e in r.text_effects if e.target == p.pid and e.duration == stmt.duration and
                (e.ability == stmt.ability if isinstance(stmt, n.GainAbility) else
                 e.ability is None and (e.power, e.toughness) == (stmt.power, stmt.toughness))]
        if same:
            r.text_effects.remove(same[0])
            r.game.end_effects(lambda e: e is same[0])
    if _restates_group_static(r, stmt, p):
        return
    cond = _condition(r, stmt.condition)
    if isinstance(stmt, n.Pump):
        r.game.add_effect(Effect(p.pid, stmt.power, stmt.toughness, None, stmt.duration, stmt.span.line,
                                 f"{stmt.power:+d}/{stmt.toughness:+d}", condition=cond))
    else:
        r.game.add_effect(Effect(p.pid, 0, 0, stmt.ability, stmt.duration, stmt.span.line, stmt.ability.text,
                                 condition=cond))


def _restates_group_static(r: Replay, stmt: n.Pump | n.GainAbility, p: Permanent) -> bool:
    """`Grizzly Bears gets +1/+1 for as long as Glorious Anthem is on the battlefield` where Glorious Anthem's read
    text ("Creatures you control get +1/+1.") already gives it that: the narration restates the static ability."""
    cond = stmt.condition
    if cond is None or cond.kind != "on_battlefield" or not r.game.hooks.uses(GROUP):
        return False
    q = r.game.find_perm_quietly(cond.subject)
    if q is None:
        return False
    for a in q.abilities():
        if a.kind == "group" and covers(q, p, a.text, allies(r.game.pstate) if r.game.teamed else None) and (
                a.grants and isinstance(stmt, n.GainAbility) and stmt.ability in a.grants or
                isinstance(stmt, n.Pump) and a.pt == (stmt.power, stmt.toughness)):
            return True
    return False


@handles(n.Becomes, when="any")
def becomes(r: Replay, stmt: n.Becomes) -> None:
    """It becomes a creature (or gains types) with a base power and toughness, for the duration."""
    p = r.game.perm(stmt.target)
    pt = (stmt.power, stmt.toughness) if stmt.power is not None and stmt.toughness is not None else None
    label = " ".join(([f"{pt[0]}/{pt[1]}"] if pt else []) + list(stmt.types))
    r.game.add_effect(Effect(p.pid, duration=stmt.duration, line=stmt.span.line, label=label, set_pt=pt,
                             add_types=stmt.types, condition=_condition(r, stmt.condition)))


@handles(n.AttackRequirement, when="any")
def attack_requirement(r: Replay, stmt: n.AttackRequirement) -> None:
    """A requirement, this turn, to attack one player if able (judged with the declaration, 508.1d)."""
    p = r.game.perm(stmt.creature)
    player = r.game.player(stmt.player)
    r.game.add_effect(Effect(p.pid, ability=Ability(ATTACK_REQUIREMENT, player), duration="this_turn",
                             line=stmt.span.line, label=f"attacks {player} if able"))


@handles(n.Prevention, when="any")
def prevention(r: Replay, stmt: n.Prevention) -> None:
    """`prevent the next N damage to X this turn`: a shield that prevents damage as it would be dealt, until N
    is used up or the turn ends. Lethal damage (510.1c) still counts only the damage marked."""
    p = r.game.perm(stmt.target)
    if stmt.amount > 0:
        r.game.add_effect(Effect(p.pid, duration="this_turn", line=stmt.span.line,
                                 label=f"prevent the next {stmt.amount} damage", prevent=stmt.amount))


@handles(n.Attach)
def attach(r: Replay, stmt: n.Attach) -> None:
    """An Equipment or Aura becomes attached to a permanent (an equip ability resolving, say): its bonus moves."""
    g = r.game
    p = g.perm(stmt.attachment)
    target = g.perm(stmt.target)
    g.attach(p, target)


@handles(n.RegenerationShield, when="any")
def regeneration_shield(r: Replay, stmt: n.RegenerationShield) -> None:
    """The next time it would be destroyed this turn, it is tapped, its damage removed and it leaves combat
    instead."""
    p = r.game.perm(stmt.permanent)
    r.game.add_effect(Effect(p.pid, duration="end_of_turn", line=stmt.span.line, label="regeneration shield",
                             shield=True))


@handles(n.Regenerate)
def regenerate(r: Replay, stmt: n.Regenerate) -> None:
    """Narrates a regeneration: one a shield just made (nothing more happens), or a shield used now."""
    g = r.game
    p = g.perm(stmt.permanent)
    if g.shielded(p) is not None:
        g.regenerate(p)
    elif p.regenerated_serial != g.step_serial:
        r.state(stmt.permanent, stmt.span.line, f"{p.name} regenerates, but it has no regeneration shield; say "
                                                f"how it got one (for example '{p.name} gets a regeneration shield')")
        g.regenerate(p)   # as narrated: tapped, its damage removed, out of combat (one fault, one finding)


@handles(n.GainControl)
def gain_control(r: Replay, stmt: n.GainControl) -> None:
    """Control changes (for good, or for a duration); a permanent changing controller leaves combat (506.4)."""
    g = r.game
    p = g.perm(stmt.permanent)
    player = g.player(stmt.player)
    g.add_effect(Effect(p.pid, duration=stmt.duration or "always", line=stmt.span.line, label="control",
                        controller=player, condition=_condition(r, stmt.condition)))
