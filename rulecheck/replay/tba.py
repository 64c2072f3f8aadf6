"""Turn-based actions (703.4) and the moments nobody has priority: what every handler relies on.

A step's turn-based actions come first. When the transcript narrates one, `tba` checks that nothing else of
the step came before it; when another event comes first, the actions not yet narrated are taken as done
(`other_event`), correctly, and a later narration of one of them flags that earlier event.
"""

from __future__ import annotations

from .. import nodes as n
from ..game.combat import deal_combat_damage, put_combat_damage_on_stack, skip_blockers_and_damage
from ..game.counters import untap
from ..game.steps import STEP_TBAS
from ..game.teams import active_players, active_side, is_active
from .context import Replay
from .handsize import max_hand_size

KEEP_TAPPED = "doesn't untap during its controller's untap step"
# static abilities that skip a step of the active player's turn, the step, and whether anyone's permanent does it
SKIPS = (("skip your draw step", "draw step", False), ("skip your untap step", "untap step", False),
         ("players skip their untap steps", "untap step", True))

TBA_RULE = {"phasing": "703.4a", "untap": "703.4b", "draw": "703.4c", "scheme": "703.4d",
            "choose_defender": "703.4e", "declare_attackers": "703.4f", "declare_blockers": "703.4g",
            "order_attackers": "703.4h", "order_blockers": "703.4i", "assign_ap": "703.4j", "assign_dp": "703.4j",
            "deal": "703.4k", "discard": "703.4m", "cleanup_damage": "703.4n"}
TBA_STEP_RULE = {"phasing": "502.1", "untap": "502.2", "draw": "504.1", "scheme": "505.3",
                 "choose_defender": "507.1", "declare_attackers": "508.1", "declare_blockers": "509.1",
                 "order_attackers": "509.2", "order_blockers": "509.3", "assign_ap": "510.1", "assign_dp": "510.1",
                 "deal": "510.2", "discard": "514.1", "cleanup_damage": "514.2"}
TBA_WORDS = {"phasing": "phasing", "untap": "the untap", "draw": "the draw for the turn",
             "scheme": "setting the scheme in motion", "choose_defender": "the choice of defending player",
             "declare_attackers": "the declaration of attackers", "declare_blockers": "the declaration of blockers",
             "order_attackers": "the attackers' damage assignment orders",
             "order_blockers": "the blockers' damage assignment orders",
             "assign_ap": "the active player's combat damage assignment",
             "assign_dp": "the defending player's combat damage assignment", "deal": "dealing combat damage",
             "discard": "the cleanup discard", "cleanup_damage": "removing damage and ending \"until end of turn\" "
                                                                 "effects"}
# the rule of the abilities that trigger as each step begins
STEP_TRIGGER_RULE = {
    "upkeep step": "503.1", "draw step": "504.2", "precombat main phase": "505.4",
    "postcombat main phase": "505.4", "beginning of combat step": "507.2", "end of combat step": "511.1",
    "end step": "513.1",
}
# the rule that gives the active player priority first in each step
ACTIVE_PRIORITY_RULE = {
    "upkeep step": "503.2", "draw step": "504.3", "precombat main phase": "505.5", "postcombat main phase": "505.5",
    "beginning of combat step": "507.3", "declare attackers step": "508.3", "declare blockers step": "509.5",
    "combat damage step": "510.4", "second combat damage step": "510.4", "end of combat step": "511.2",
    "end step": "513.2",
}
# what a player acting can break: nobody has priority, a triggered ability waits for the stack, or the active
# player has priority first
PRIORITY_CHECKS = ("500.11", "502.3", "514.3", "500.6", "508.2", "509.4") + tuple(STEP_TRIGGER_RULE.values()) \
    + tuple(ACTIVE_PRIORITY_RULE.values())
CHECKS = tuple(TBA_RULE.values()) + PRIORITY_CHECKS


def assume_tbas(r: Replay) -> None:
    """Turn-based actions of the current step that were not narrated happen, correctly."""
    g = r.game
    for kind in STEP_TBAS.get(g.step or "", ()):   # (g.step_tbas(), written out: this runs at most boundaries)
        if kind in r.tba_done:
            continue
        r.tba_done[kind] = None
        r.tba_assumed.add(kind)
        if kind == "untap":
            for p in g.battlefield.values():
                if p.tapped and (p.controller == g.active or is_active(g, p.controller)) \
                        and not g.has_ability(p, KEEP_TAPPED):
                    untap(g, p)   # a stun counter replaces the untap (current 122.1d)
        elif kind == "phasing":
            # without effects or attachments, only permanents printed with phasing (indexed) can have it
            with_phasing = bool(g.effects or g.has_attachments or g.global_static("phasing"))
            if not with_phasing and not g.phased_any:
                continue   # no permanent can have phasing, nor has phased out (most games)
            for p in [p for p in g.battlefield.values()
                      if (p.phased_out or with_phasing and g.has_ability(p, "phasing"))
                      and not p.phased_indirectly and is_active(g, p.controller)]:
                # phasing in a stretch the transcript left out: what it triggered is not known
                g.phase(p, not p.phased_out, triggers=not r.gap)
        elif kind == "draw":
            for player in active_players(g):   # each player of the active team draws (805.4b)
                ps = g.pstate[player]
                if f"draw:{player}" not in r.tba_done:
                    if ps.zones.draw(1):
                        if ps.hand is not None:
                            ps.hand += 1
                    else:   # from a library known to be empty: no card, and a loss to check (704.5b)
                        ps.drew_from_empty = True
                        g.table.risk(player)
        elif kind == "discard":
            ps = g.pstate[g.active]
            r.assumed_discard = 0
            maximum = max_hand_size(g, g.active)
            if ps.hand is not None and maximum is None:
                ps.hand = None if ps.hand > ps.max_hand else ps.hand     # how many it discarded is not known
            elif ps.hand is not None and maximum is not None and ps.hand > maximum:
                r.assumed_discard = ps.hand - maximum
                ps.hand = maximum
            for mate in (p for p in active_players(g) if p != g.active):   # each active player discards (805.4)
                other, most = g.pstate[mate], max_hand_size(g, mate)
                if other.hand is not None and most is not None and other.hand > most:
                    other.hand = most
        elif kind == "cleanup_damage":
            g.cleanup()
        elif kind == "declare_attackers":
            if not any(p.in_combat for p in g.battlefield.values()):
                no_attackers(r)
        elif kind == "deal" and g.dealt_serial != g.step_serial:
            if r.edition.combat_damage_uses_stack:
                put_combat_damage_on_stack(g)
            else:
                deal_combat_damage(g)


def no_attackers(r: Replay) -> None:
    """508.6: without attackers, the declare blockers and combat damage steps are skipped."""
    if r.game.step == "declare attackers step":
        r.assumed_removed_plan = skip_blockers_and_damage(r.game)


def what_happens(stmt: n.Statement) -> str:
    """What a statement does, in a few words, for a message about its place ('Goblin Guide triggers')."""
    if isinstance(stmt, n.Trigger):
        return f"{stmt.source.text} triggers"
    if isinstance(stmt, n.Activate):
        return f"{stmt.player.text} activates {stmt.source.text}"
    if isinstance(stmt, n.Cast):
        return f"{stmt.player.text} casts {stmt.card.text}"
    if isinstance(stmt, n.PlayLand):
        return f"{stmt.player.text} plays {stmt.card.text}"
    if isinstance(stmt, n.PassPriority):
        return f"{stmt.player.text} passes priority"
    if isinstance(stmt, n.TapForMana):
        return f"{stmt.player.text} activates a mana ability"
    return "this happens"


def tba(r: Replay, kind: str, stmt: n.Statement) -> bool:
    """A narrated turn-based action: it must come before every other event of its step (703.4).

    Returns True when the action had already been taken as done because another event came first; the event
    placed before it is the faulty one, and what assuming the action changed is undone so that this narration
    is what happens."""
    g = r.game
    order = g.step_tbas()
    if kind not in order:
        return False
    late = kind in r.tba_assumed
    if r.first_other is not None and (kind not in r.tba_done or late):
        before_action(r)
    if r.first_other is not None and (kind not in r.tba_done or late) and not r.is_flagged(r.first_other):
        r.flag(r.first_other, TBA_RULE[kind],
               f"{what_happens(r.first_other)} before {TBA_WORDS[kind]}, a turn-based action that comes first in "
               f"the {g.step}",
               (TBA_STEP_RULE[kind], "703.4"))
    if late:
        r.tba_assumed.discard(kind)
        _undo_assumed(r, kind)
    idx = order.index(kind)
    for later in order[idx + 1:]:
        done = r.tba_done.get(later)
        if done is not None:
            r.flag(done, TBA_RULE[later], f"{TBA_WORDS[later]} happens before {TBA_WORDS[kind]}, "
                                          f"which comes first in the {g.step}", (TBA_STEP_RULE[later], "703.4"))
    r.tba_done[kind] = stmt
    return late


def _undo_assumed(r: Replay, kind: str) -> None:
    g = r.game
    if kind == "discard":
        ps = g.pstate[g.active]
        if ps.hand is not None:
            ps.hand += r.assumed_discard
        r.assumed_discard = 0
    elif kind == "declare_attackers" and r.assumed_removed_plan:
        g.plan[0:0] = r.assumed_removed_plan
        r.assumed_removed_plan = []


def before_action(r: Replay) -> None:
    """The step's first event came before a turn-based action narrated now: that is its fault (703.4), and acting
    before the active player had priority in the same step (that event, or the mana ability activated just before
    it) is the same fault, not a second one; its finding gives way."""
    flagged = r.priority_flagged
    if flagged is not None and flagged[2] == r.game.step_serial:
        r.unflag(flagged[0], flagged[1])
        r.priority_flagged = None


def other_event(r: Replay, stmt: n.Statement) -> None:
    """A non-turn-based event of the current step: turn-based actions not yet narrated are taken as done."""
    if r.first_other is None and r.game.step is not None:
        r.first_other = stmt
        if r.game.step in STEP_TBAS:   # (most steps have none)
            assume_tbas(r)


def in_step(r: Replay, step: str, stmt: n.Statement, kind: str) -> bool:
    """Whether a turn-based action is narrated in its own step; flags it when not."""
    g = r.game
    if g.step != step:
        where = g.step or "gap between steps"
        r.flag(stmt, TBA_RULE[kind], f"{TBA_WORDS[kind]} happens in the {where}; it is a turn-based action of "
                                     f"the {step}")
        # what was narrated in its own step that had to follow it is out of order too (the defender's orders
        # before the attacker's)
        done = r.tba_history.get(step, {})
        order = STEP_TBAS.get(step, ())
        for later in order[order.index(kind) + 1:] if kind in order else ():
            earlier = done.get(later)
            if earlier is not None:
                r.flag(earlier, TBA_RULE[later], f"{TBA_WORDS[later]} happens before {TBA_WORDS[kind]}, which comes "
                                                 f"first in the {step}", (TBA_STEP_RULE[later], "703.4"))
        return False
    return True


def no_priority(r: Replay, stmt: n.Statement, what: str, related: tuple[str, ...] = ()) -> bool:
    """502.3, 514.3, 500.11: moments at which nobody can act (`related`: the rule that asks for priority)."""
    g = r.game
    if g.between_turns:
        return r.flag(stmt, "500.11", f"{what} between turns; nothing can happen between turns", related)
    if g.between_steps:
        return r.flag(stmt, "500.11", f"{what} between steps; nothing can happen between steps or phases", related)
    if g.step == "untap step":
        return r.flag(stmt, "502.3", f"{what} during the untap step, where no player receives priority", related)
    if g.step == "cleanup step" and not g.cleanup_priority:
        return r.flag(stmt, "514.3", f"{what} during the cleanup step, where players receive priority only "
                                     "after state-based actions or triggers", related)
    return False


def acting_without_priority(r: Replay) -> bool:
    """Whether nobody has priority now (the cheap test before `no_priority` builds its message)."""
    g = r.game
    return g.between_turns or g.between_steps or g.step == "untap step" or \
        (g.step == "cleanup step" and not g.cleanup_priority)


def first_priority(r: Replay, stmt: n.Statement, player: str, *, quiet: bool = False) -> bool:
    """In an explicit transcript the active player receives priority first in each step: the first player to act
    (pass, cast, activate, play a land, activate a mana ability) must be the active player. `quiet`: the action
    was already flagged for something else; it still counts as the step's first."""
    g = r.game
    if r.priority_used or r.resolving is not None:
        return False
    r.priority_used = True
    after, r.priority_rule = r.priority_rule, None
    rule = after or ACTIVE_PRIORITY_RULE.get(g.step or "")
    # the active player's priority, or the active team's (805.5)
    if quiet or g.mode != "explicit" or rule is None or player == g.active or is_active(g, player):
        return False
    if after is not None:
        return r.flag(stmt, rule, f"{player} acts first after the combat damage resolved, but {active_side(g)} "
                                  "receives priority then and has not passed", ("117.3b",))
    flagged = r.flag(stmt, rule, f"{player} acts first in the {g.step}, but {active_side(g)} receives priority "
                                 "first and has not passed", ("117.3a",))
    if flagged:
        r.priority_flagged = (stmt, r.edition.number(rule) or rule, g.step_serial)
    return flagged


def pending_trigger(r: Replay, stmt: n.Statement) -> bool:
    """A player acts while a triggered ability waits to be put on the stack."""
    g = r.game
    if g.pending and not r.pending_flagged:
        r.pending_flagged = True
        r.missed_triggers.update(t.source for t in g.pending)
        trig = g.pending[0]
        rule = trig.rule or STEP_TRIGGER_RULE.get(trig.step, "500.6")
        when = trig.when or f"as the {trig.step} began"
        return r.flag(stmt, rule, f"{trig.source}'s ability triggered {when} and must be put on "
                                  "the stack before any player gets priority", ("500.6", "603.3"))
    return False
