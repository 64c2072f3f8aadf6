"""Turn structure: CR 500-505, 511-514 and the turn-based actions of 703.

Functions here are called by the replay with the state *before* an event applies; they report findings with
``g.flag`` and then make the state change the transcript describes.
"""

from __future__ import annotations

from .. import nodes as n
from ..parser import NO_MAX_HAND
from ..replay.engine import STEP_TBAS, TBA_RULE, TBA_STEP_RULE, TBA_WORDS, PlanEntry, Replay, strip_copy
from ..replay.state import (
    DAMAGE_STEPS,
    NORMAL_TURN,
    PHASE_FIRST_STEP,
    PHASE_NAMES,
    PRIORITY_STEPS,
    SORCERY_TYPES,
    STEP_PHASE,
    STEP_TRIGGER_RULE,
    Card,
    Effect,
    PendingTrigger,
    PlayerState,
    StackItem,
    canonical_step,
    mana_symbols,
    trigger_applies,
    trigger_step,
)

KEEP_TAPPED = "doesn't untap during its controller's untap step"

# ------------------------------------------------------------------ setup


def setup(g: Replay, stmt: n.Statement) -> None:
    if isinstance(stmt, n.Players):
        for ref in stmt.names:
            if ref.text not in g.pstate:
                g.players.append(ref.text)
                g.pstate[ref.text] = PlayerState(ref.text)
    elif isinstance(stmt, n.PriorityMode):
        g.mode = stmt.mode
    elif isinstance(stmt, n.Option):
        g.option = stmt.text
    elif isinstance(stmt, n.Archenemy):
        g.archenemy = g.player(stmt.player)
    elif isinstance(stmt, n.CardDef):
        add_card(g, stmt)
    elif isinstance(stmt, n.PlayerState):
        ps = g.pstate[g.player(stmt.player)]
        for fact in stmt.facts:
            if fact.key == "life":
                ps.life = int(fact.value)  # type: ignore[call-overload]
            elif fact.key == "hand":
                ps.hand = int(fact.value)  # type: ignore[call-overload]
            elif fact.key == "lands_played" and fact.value:
                ps.land_played = ("a land", stmt.span.line)
            elif fact.key == "mana":
                ps.pool = mana_symbols(str(fact.value))
            elif fact.key == "max_hand_size":
                ps.max_hand = int(fact.value)  # type: ignore[call-overload]
            elif fact.key == "scheme":
                ps.scheme = str(fact.value)
    elif isinstance(stmt, n.Holds):
        ps = g.pstate[g.player(stmt.player)]
        for ref in stmt.cards:
            g.card(ref)
            ps.hand_cards.append(ref.text)
        ps.hand = max(ps.hand or 0, len(ps.hand_cards))
    elif isinstance(stmt, n.Controls):
        controller = g.player(stmt.player)
        for spec in stmt.permanents:
            card = g.card(spec.ref)
            p = g.new_perm(card.name, card, controller)
            for fact in spec.facts:
                _apply_perm_fact(g, p, fact)
    elif isinstance(stmt, n.DelayedTrigger):
        g.delayed.append(PendingTrigger(stmt.source.text, stmt.trigger, trigger_step(stmt.trigger) or "",
                                        g.players[0] if g.players else ""))
    elif isinstance(stmt, (n.Title, n.Edition, n.Include)):
        pass
    elif isinstance(stmt, (n.Pump, n.GainAbility, n.Prevention, n.SkipStep, n.SkipTurn, n.ExtraTurn)):
        handle(g, stmt)
    else:
        g.flag(stmt, "syntax", "this event comes before the first turn header ('turn N: PLAYER')")


def add_card(g: Replay, stmt: n.CardDef) -> None:
    if stmt.name in g.cards:
        g.syntax(n.Ref(stmt.name, stmt.name_column, stmt.name_column + len(stmt.name)), stmt.span.line,
                 f"card '{stmt.name}' is defined twice (first on line {g.cards[stmt.name].line})")
        return
    g.cards[stmt.name] = Card(stmt.name, stmt.types, stmt.power, stmt.toughness, stmt.loyalty, stmt.abilities,
                              stmt.span.line)


def _apply_perm_fact(g: Replay, p: object, fact: n.Fact) -> None:
    from ..replay.state import Permanent
    assert isinstance(p, Permanent)
    v = fact.value
    if fact.key == "tapped":
        p.tapped = bool(v)
    elif fact.key == "damage":
        p.damage = int(v)  # type: ignore[call-overload]
    elif fact.key == "counters":
        assert isinstance(v, tuple)
        kind, count = str(v[0]), int(v[1])
        p.counters[kind] = p.counters.get(kind, 0) + count
    elif fact.key == "new":
        p.new = True
    elif fact.key == "phased_out":
        p.phased_out = True
    elif fact.key == "attacking":
        p.attacking = v.text  # type: ignore[attr-defined]
        p.in_combat = True
        p.attacked = True
        g.combat_attackers_declared = True
    elif fact.key == "blocking":
        for ref in v:  # type: ignore[attr-defined]
            att = g.perm(ref)
            p.blocking.append(att.pid)
            att.blockers.append(p.pid)
            att.blocked = True
            att.blocked_by_declaration = True
        p.in_combat = True
        p.declared_blocker = True
    elif fact.key == "blocked":
        p.blocked = True
        p.blocked_by_declaration = True
    elif fact.key == "attached_to":
        p.attached_to = v.text  # type: ignore[attr-defined]
    elif fact.key == "owner":
        p.owner = v.text  # type: ignore[attr-defined]
    elif fact.key == "ability":
        p.extra.append(v)  # type: ignore[arg-type]


# ------------------------------------------------------------------ turns


def turn_header(g: Replay, stmt: n.TurnHeader) -> None:
    player = g.player(stmt.player)
    if not g.started:
        g.started = True
        g.turn = stmt.number
        g.active = player
        g.normal_turn_player = player
        _begin_turn_state(g, first=True)
        if stmt.in_step:
            step = canonical_step(stmt.in_step)
            step = PHASE_FIRST_STEP.get(step, step)
            # a transcript may join in the second (regular) combat damage step of a first-strike combat
            place = "combat damage step" if step in DAMAGE_STEPS else step
            g.plan = [PlanEntry(s) for s in NORMAL_TURN[NORMAL_TURN.index(place) + 1:]] if place in NORMAL_TURN \
                else []
            if place in NORMAL_TURN and (place == "precombat main phase" or NORMAL_TURN.index(place) > 3):
                g.precombat_main_done = step != "precombat main phase"
            if place in NORMAL_TURN and NORMAL_TURN.index(place) > NORMAL_TURN.index("end of combat step"):
                g.turn_steps = list(NORMAL_TURN[:NORMAL_TURN.index(place)])   # the turn's combat is over
            _apply_skips(g)
            _enter_step(g, step, stmt, joined=True)
        else:
            g.plan = [PlanEntry(s) for s in NORMAL_TURN]
            _apply_skips(g)
        return
    # the previous turn ends here if it was not ended explicitly
    if not g.between_turns:
        end_turn(g, stmt)
    expected_extra = g.extra_turns[-1] if g.extra_turns else None
    if expected_extra is not None:
        if player != expected_extra:
            g.flag(stmt, "500.7",
                   f"turn {stmt.number} is {player}'s, but the most recently created extra turn is "
                   f"{expected_extra}'s, and it comes first")
            if player in g.extra_turns:
                g.extra_turns.reverse()
                g.extra_turns.remove(player)
                g.extra_turns.reverse()
        else:
            g.extra_turns.pop()
    else:
        i = g.players.index(g.normal_turn_player)
        nxt = g.players[(i + 1) % len(g.players)]
        while nxt in g.skip_turns:
            g.skip_turns.remove(nxt)
            i = g.players.index(nxt)
            nxt = g.players[(i + 1) % len(g.players)]
        if player != nxt and not stmt.extra:
            g.flag(stmt, "500.1", f"turn {stmt.number} is {player}'s, but {nxt} takes the next turn")
        if not stmt.extra:
            g.normal_turn_player = player
    g.turn = stmt.number
    g.active = player
    g.between_turns = False
    g.between_steps = False
    g.step = None
    _begin_turn_state(g)
    g.plan = [PlanEntry(s) for s in NORMAL_TURN]
    _apply_skips(g)


def _begin_turn_state(g: Replay, *, first: bool = False) -> None:
    if first:
        for ps in g.pstate.values():
            if ps.land_played is not None:
                g.lands_this_turn[ps.name] = ps.land_played
        g.skipped_steps = set()
        g.turn_steps = []
        return
    for p in g.perms:
        p.new = False
        p.attacked = False
    for ps in g.pstate.values():
        ps.land_played = None
    g.lands_this_turn = {}
    g.skipped_steps = set()
    g.turn_steps = []
    g.precombat_main_done = False
    g.combat_attackers_declared = False
    g.cleanup_priority = False


def _apply_skips(g: Replay) -> None:
    keep: list[tuple[str, str, bool]] = []
    for player, step, this_turn in g.skips:
        if player != g.active:
            keep.append((player, step, this_turn))
            continue
        _remove_from_plan(g, step)
        g.skipped_steps.add(step)
    g.skips = keep


def _remove_from_plan(g: Replay, step: str) -> None:
    if step == "combat phase":
        g.plan = [e for e in g.plan if STEP_PHASE.get(e.step) != "combat"]
        return
    step = PHASE_FIRST_STEP.get(step, step) if step in PHASE_NAMES and step != "combat phase" else step
    for e in g.plan:
        if e.step == step:
            g.plan.remove(e)
            return


def end_turn(g: Replay, stmt: n.Statement) -> None:
    """Checks at the end of a turn, explicit ('turn 3 ends') or implied by the next turn header."""
    if g.step is not None and not g.between_steps:
        _end_step(g, stmt, implied=True)
    if g.plan:
        missing = g.plan[0]
        if missing.step == "cleanup step" and "cleanup step" in g.steps_seen_this_turn():
            g.flag(stmt, "514.3a", f"players got priority in the cleanup step of turn {g.turn}, so another "
                                   "cleanup step must follow before the turn ends")
        elif not g.gap:
            _order_violation(g, stmt, missing, "the turn ends")
        else:
            for e in list(g.plan):
                _run_omitted_step(g, e.step, stmt)
        g.plan = []
    g.gap = False
    g.between_turns = True
    g.step = None


def _run_omitted_step(g: Replay, step: str, stmt: n.Statement) -> None:
    """A step left out after '...': its turn-based actions happen, nobody casts anything."""
    g.step = step
    g.step_serial += 1
    g.tba_done = {}
    g.tba_assumed = set()
    g.first_other = None
    if step in DAMAGE_STEPS:
        from .combat import assigns_this_step
        fighters = [p for p in g.perms if p.in_combat and p.attacking is not None and g.pt(p)[0] > 0
                    and assigns_this_step(g, p)]
        if fighters:
            g.flag(stmt, "506.1", f"the {step} is left out while {fighters[0].name} is attacking with power "
                                  f"{g.pt(fighters[0])[0]}; a transcript must show combat damage")
    _assume_tbas(g)
    if step == "end of combat step":
        _end_combat(g)
    if step == "cleanup step":
        _cleanup_state(g)


def _order_violation(g: Replay, stmt: n.Statement, expected: PlanEntry, what: str) -> None:
    rule = _order_rule(g, expected)
    if expected.origin == "extra_phase":
        g.flag(stmt, "500.8", f"{what}, but the additional {expected.step.replace(' step', '')} created this "
                              "turn must come next")
    elif expected.origin == "extra_step":
        g.flag(stmt, "500.9", f"{what}, but the additional {expected.step} created this turn must come next")
    else:
        g.flag(stmt, rule, f"{what}, but the {expected.step} comes next"
               + (" and nothing skips it" if rule in ("501.1", "505.1", "512.1") else ""))


def _order_rule(g: Replay, expected: PlanEntry) -> str:
    phase = STEP_PHASE.get(expected.step, "")
    if phase == "beginning":
        return "501.1"
    if phase == "combat":
        return "505.1" if g.step in ("precombat main phase", "postcombat main phase") else "506.1"
    if phase == "main":
        return "505.1"
    if phase == "ending":
        return "512.1"
    return "500.1"


# ------------------------------------------------------------------ steps


def step_boundary(g: Replay, stmt: n.StepBoundary) -> None:
    name = canonical_step(stmt.step)
    if stmt.edge == "ends":
        target = PHASE_FIRST_STEP.get(name) if name in PHASE_NAMES else name
        if g.step is None or g.between_steps:
            return
        if name in PHASE_NAMES or target == g.step or name == g.step:
            _end_step(g, stmt, implied=False)
        else:
            g.flag(stmt, "500.1", f"the {name} ends, but the game is in the {g.step}")
            _end_step(g, stmt, implied=False)
        return
    step = PHASE_FIRST_STEP.get(name, name) if name in PHASE_NAMES else name
    if name == "main phase":
        step = "precombat main phase" if not g.precombat_main_done else "postcombat main phase"
    if g.between_turns:
        g.flag(stmt, "500.1", f"the {step} begins before a new turn has begun")
        g.between_turns = False
    if g.step is not None and not g.between_steps:
        _end_step(g, stmt, implied=True)
    _advance_plan(g, step, stmt)
    _enter_step(g, step, stmt, joined=False)


def _advance_plan(g: Replay, step: str, stmt: n.Statement) -> None:
    expected = g.expected_step()
    if expected is not None and expected.step == step:
        g.plan.pop(0)
        return
    later = [i for i, e in enumerate(g.plan) if e.step == step]
    if g.gap and later:
        for e in g.plan[:later[0]]:
            _run_omitted_step(g, e.step, stmt)
        g.plan = g.plan[later[0] + 1:]
        g.gap = False
        return
    g.gap = False
    if expected is None:
        g.flag(stmt, "500.1", f"the {step} begins, but the turn has no step left")
        return
    if step in ("declare blockers step", "combat damage step") and not g.combat_attackers_declared \
            and g.step in ("declare attackers step", "beginning of combat step"):
        g.flag(stmt, "508.6", f"the {step} begins although no creature attacked; without attackers the declare "
                              "blockers and combat damage steps are skipped")
        return
    if step == "second combat damage step":
        combat.unexpected_second_damage_step(g, stmt)
        return
    if _skipped_step(g, step):
        g.flag(stmt, "500.10", f"the {step} happens, but it was skipped this turn")
        if STEP_PHASE.get(step) == "combat":  # taken as announced: the rest of that combat phase follows
            rest = ["declare attackers step", "declare blockers step", "combat damage step", "end of combat step"]
            after = rest[rest.index(step) + 1:] if step in rest else rest
            g.plan[0:0] = [PlanEntry(x) for x in after]
        return
    if step == "precombat main phase" and g.precombat_main_done:
        g.flag(stmt, "505.1a", "only the first main phase of a turn is the precombat main phase; this one is a "
                               "postcombat main phase")
        if later:
            g.plan = g.plan[later[0] + 1:]
        return
    if step == "postcombat main phase" and not g.precombat_main_done and expected.step == "precombat main phase":
        g.flag(stmt, "505.1a", "the first main phase of the turn is the precombat main phase")
        g.plan.pop(0)
        return
    _order_violation(g, stmt, expected, f"the {step} begins")
    if later:
        g.plan = g.plan[later[0] + 1:]


def _skipped_step(g: Replay, step: str) -> bool:
    skipped = g.skipped_this_turn()
    return step in skipped or (STEP_PHASE.get(step) == "combat" and "combat phase" in skipped)


def _enter_step(g: Replay, step: str, stmt: n.Statement, *, joined: bool) -> None:
    g.step = step
    g.step_serial += 1
    g.last_step = step
    g.turn_steps.append(step)
    g.between_steps = False
    g.passed = set()
    g.tba_done = {}
    g.tba_assumed = set()
    g.first_other = None
    g.pending = []
    g.pending_flagged = False
    if step == "precombat main phase":
        g.precombat_main_done = True
    if step == "cleanup step":
        g.cleanup_priority = False
    if step == "beginning of combat step":
        combat.begin_combat(g)
    if step in DAMAGE_STEPS:
        combat.begin_damage_step(g)
    if joined:
        g.tba_done = {k: None for k in STEP_TBAS.get(step, ())}
        return
    # beginning-of-step triggers
    for p in g.perms:
        if p.phased_out:
            continue
        for ab in p.abilities() if p.extra else p.card.abilities:
            # "at the beginning of the next ..." is a one-shot delayed trigger, set up by a `delayed trigger` line
            if ab.kind == "trigger" and " the next " not in ab.text and trigger_applies(ab.text, step, p.controller,
                                                                                         g.active):
                g.pending.append(PendingTrigger(p.name, ab.text, step, p.controller))
    for d in list(g.delayed):
        if d.step == step:
            g.pending.append(d)
            g.delayed.remove(d)
    if step == "precombat main phase" and g.archenemy != g.active:
        g.tba_done["scheme"] = None
    if step == "beginning of combat step" and not _needs_defender_choice(g):
        g.tba_done["choose_defender"] = None


def _needs_defender_choice(g: Replay) -> bool:
    return len(g.players) > 2 and g.option not in ("attack multiple players",) and g.archenemy is None


def _end_step(g: Replay, stmt: n.Statement, *, implied: bool) -> None:
    """The current step ends at this statement (500.2, 505.2, 500.4, 500.5, 511.3)."""
    step = g.step or ""
    _assume_tbas(g)
    if step in PRIORITY_STEPS or (step == "cleanup step" and g.cleanup_priority):
        main = step.endswith("main phase")
        if g.stack:
            rule = "505.2" if main else "500.2"
            top = g.stack[-1]
            g.flag(stmt, rule, f"the {step} ends while {top.source} is still on the stack; it ends only when "
                               "the stack is empty and all players pass in succession")
        elif g.mode == "explicit" and not g.all_passed():
            missing = [p for p in g.players if p not in g.passed]
            g.flag(stmt, "505.2" if main else "500.2",
                   f"the {step} ends before all players passed in succession with an empty stack "
                   f"({', '.join(missing)} did not pass)")
    if step == "cleanup step" and g.cleanup_priority:
        g.plan.insert(0, PlanEntry("cleanup step"))
    if g.pending and not g.pending_flagged:
        g.missed_triggers.update(t.source for t in g.pending)
        trig = g.pending[0]
        rule = trig.rule or STEP_TRIGGER_RULE.get(step, "500.6")
        when = trig.when or f"as the {step} began"
        g.flag(stmt, rule, f"{trig.source}'s ability triggered {when}, but the step ends without it being put "
                           "on the stack")
    g.pending = []
    # 500.4: mana empties
    for ps in g.pstate.values():
        ps.lost_mana = ps.pool
        ps.pool = []
    # 500.5: "until end of <step>" effects
    if step == "end of combat step":
        _end_combat(g)
    if step == "cleanup step":
        _cleanup_state(g)
    g.between_steps = not implied
    g.passed = set()


def _end_combat(g: Replay) -> None:
    """511.3 and 500.5: everything leaves combat; "until end of combat" effects end."""
    for p in g.perms:
        if p.in_combat or p.attacking is not None or p.blocking:
            p.left_combat_at_end = True
        p.in_combat = False
        p.attacking = None
        p.blocking = []
        p.blockers = []
        p.blocked = None
    g.effects = [e for e in g.effects if e.duration != "end_of_combat"]
    g.combat_attackers_declared = False


def _cleanup_state(g: Replay) -> None:
    for p in g.perms:
        p.damage = 0
    g.effects = [e for e in g.effects if e.duration not in ("end_of_turn", "this_turn")]


def _assume_tbas(g: Replay) -> None:
    """Turn-based actions of the current step that were not narrated happen, correctly."""
    for kind in g.step_tbas():
        if kind in g.tba_done:
            continue
        g.tba_done[kind] = None
        g.tba_assumed.add(kind)
        if kind == "untap":
            for p in g.perms:
                if p.controller == g.active and not g.has_ability(p, KEEP_TAPPED):
                    p.tapped = False
        elif kind == "phasing":
            for p in g.perms:
                if p.controller == g.active and (p.phased_out or g.has_ability(p, "phasing")):
                    p.phased_out = not p.phased_out
        elif kind == "draw":
            ps = g.pstate[g.active]
            if ps.hand is not None:
                ps.hand += 1
        elif kind == "discard":
            ps = g.pstate[g.active]
            g.assumed_discard = 0
            if ps.hand is not None and ps.hand > ps.max_hand:
                g.assumed_discard = ps.hand - ps.max_hand
                ps.hand = ps.max_hand
        elif kind == "cleanup_damage":
            _cleanup_state(g)
        elif kind in ("declare_attackers", "declare_blockers", "assign_ap", "assign_dp", "deal"):
            combat.assume(g, kind)


def tba(g: Replay, kind: str, stmt: n.Statement) -> bool:
    """A narrated turn-based action: it must come before every other event of its step (703.4).

    Returns True when the action had already been taken as done because another event came first; the event
    placed before it is the faulty one, and what assuming the action changed is undone so that this narration
    is what happens."""
    order = g.step_tbas()
    if kind not in order:
        return False
    late = kind in g.tba_assumed
    if g.first_other is not None and (kind not in g.tba_done or late) and not g.is_flagged(g.first_other):
        g.flag(g.first_other, TBA_RULE[kind],
               f"this happens before {TBA_WORDS[kind]}, a turn-based action that comes first in the {g.step}",
               (TBA_STEP_RULE[kind], "703.4"))
    if late:
        g.tba_assumed.discard(kind)
        _undo_assumed(g, kind)
    idx = order.index(kind)
    for later in order[idx + 1:]:
        done = g.tba_done.get(later)
        if done is not None:
            g.flag(done, TBA_RULE[later], f"{TBA_WORDS[later]} happens before {TBA_WORDS[kind]}, "
                                          f"which comes first in the {g.step}", (TBA_STEP_RULE[later], "703.4"))
    g.tba_done[kind] = stmt
    return late


def _undo_assumed(g: Replay, kind: str) -> None:
    if kind == "discard":
        ps = g.pstate[g.active]
        if ps.hand is not None:
            ps.hand += g.assumed_discard
        g.assumed_discard = 0
    elif kind == "declare_attackers" and g.assumed_removed_plan:
        g.plan[0:0] = g.assumed_removed_plan
        g.assumed_removed_plan = []


def other_event(g: Replay, stmt: n.Statement) -> None:
    """A non-turn-based event of the current step: turn-based actions not yet narrated are taken as done."""
    if g.first_other is None and g.step is not None:
        g.first_other = stmt
        _assume_tbas(g)


# ------------------------------------------------------------------ priority and timing


def _no_priority(g: Replay, stmt: n.Statement, what: str) -> bool:
    """502.3, 514.3, 500.11: moments at which nobody can act."""
    if g.between_turns:
        return g.flag(stmt, "500.11", f"{what} between turns; nothing can happen between turns")
    if g.between_steps:
        return g.flag(stmt, "500.11", f"{what} between steps; nothing can happen between steps or phases")
    if g.step == "untap step":
        return g.flag(stmt, "502.3", f"{what} during the untap step, where no player receives priority")
    if g.step == "cleanup step" and not g.cleanup_priority:
        return g.flag(stmt, "514.3", f"{what} during the cleanup step, where players receive priority only "
                                     "after state-based actions or triggers")
    return False


def _pending_trigger(g: Replay, stmt: n.Statement) -> bool:
    if g.pending and not g.pending_flagged:
        g.pending_flagged = True
        g.missed_triggers.update(t.source for t in g.pending)
        trig = g.pending[0]
        rule = trig.rule or STEP_TRIGGER_RULE.get(trig.step, "500.6")
        when = trig.when or f"as the {trig.step} began"
        return g.flag(stmt, rule, f"{trig.source}'s ability triggered {when} and must be put on "
                                  "the stack before any player gets priority", ("500.6", "603.3"))
    return False


def priority_action(g: Replay, stmt: n.Statement, what: str) -> None:
    other_event(g, stmt)
    if not _no_priority(g, stmt, what):
        _pending_trigger(g, stmt)


# statements that may follow "mana pools empty" at the end of a step
_STEP_END = (n.StepBoundary, n.TurnEnd, n.TurnHeader, n.Gap, n.ManaEmpties, n.DurationsEnd, n.EffectEnds,
             n.AssertPT, n.AssertStatus, n.AssertCount, n.ExtraTurn, n.ExtraPhase)


def handle(g: Replay, stmt: n.Statement) -> None:
    if g.mana_emptied is not None and not isinstance(stmt, _STEP_END):
        g.flag(g.mana_emptied, "703.4p", f"mana pools empty here, but the {g.step} goes on; unused mana empties "
                                         "only as a step or phase ends", ("500.4",))
    if not isinstance(stmt, n.ManaEmpties):
        g.mana_emptied = None
    if g.gap and g.step is None and g.started and not isinstance(stmt, _STEP_END):
        g.flag(stmt, "syntax", "after '...' at the start of a turn, say which step comes next (for example "
                               "'precombat main phase begins'); rulecheck can't tell in which step this happens")
        return
    if isinstance(stmt, n.StepBoundary):
        step_boundary(g, stmt)
    elif isinstance(stmt, n.TurnEnd):
        if g.between_turns:
            return
        end_turn(g, stmt)
    elif isinstance(stmt, n.Gap):
        g.gap = True
    elif isinstance(stmt, n.PassPriority):
        player = g.player(stmt.player)
        priority_action(g, stmt, f"{player} passes priority")
        g.passed.add(player)
    elif isinstance(stmt, n.AllPass):
        priority_action(g, stmt, "players pass priority")
        g.passed = set(g.players)
    elif isinstance(stmt, n.Cast):
        cast(g, stmt)
    elif isinstance(stmt, n.Activate):
        activate(g, stmt)
    elif isinstance(stmt, n.Trigger):
        trigger(g, stmt)
    elif isinstance(stmt, n.Resolve):
        resolve(g, stmt)
    elif isinstance(stmt, n.Countered):
        _remove_from_stack(g, stmt.source.text, stmt.ability)
    elif isinstance(stmt, n.PlayLand):
        play_land(g, stmt)
    elif isinstance(stmt, n.TapForMana):
        tap_for_mana(g, stmt)
    elif isinstance(stmt, n.AddMana):
        g.pstate[g.player(stmt.player)].pool.extend(mana_symbols(stmt.mana))
    elif isinstance(stmt, n.PayMana):
        combat.pay(g, stmt)
    elif isinstance(stmt, n.ManaEmpties):
        g.mana_emptied = stmt if g.step is not None and not g.between_steps and g.resolving is None else None
        for ps in g.pstate.values():
            if ps.pool:
                ps.lost_mana = ps.pool
                ps.pool = []
    elif isinstance(stmt, n.Draw):
        draw(g, stmt)
    elif isinstance(stmt, n.Discard):
        discard(g, stmt)
    elif isinstance(stmt, n.LoseLife):
        g.pstate[g.player(stmt.player)].life -= stmt.amount
        if stmt.for_source is not None:
            _direct_effect(g, stmt, stmt.for_source)
    elif isinstance(stmt, n.GainLife):
        g.pstate[g.player(stmt.player)].life += stmt.amount
    elif isinstance(stmt, n.SetScheme):
        player = g.player(stmt.player)
        if g.step == "precombat main phase" and player == g.active == g.archenemy:
            tba(g, "scheme", stmt)
        elif player == g.active == g.archenemy and g.resolving is None:
            g.flag(stmt, "703.4d", f"{player} sets a scheme in motion in the {g.step}; the archenemy does that as "
                                   "the precombat main phase begins", ("505.3",))
        else:
            g.flag(stmt, "505.3", f"{player} sets a scheme in motion outside the archenemy's precombat main phase")
    elif isinstance(stmt, (n.UntapAll, n.Untap)):
        untap(g, stmt)
    elif isinstance(stmt, n.Tap):
        for ref in stmt.permanents:
            g.perm(ref, prefer=lambda p: not p.tapped).tapped = True
    elif isinstance(stmt, n.BecomesTapped):
        g.perm(stmt.permanent).tapped = True
    elif isinstance(stmt, n.PhaseEvent):
        phase(g, stmt)
    elif isinstance(stmt, n.Leaves):
        leaves(g, stmt)
    elif isinstance(stmt, n.Sacrifice):
        for ref in stmt.permanents:
            p = g.find_perm(ref)
            if p is not None:
                g.leave_battlefield(p)
    elif isinstance(stmt, n.Regenerate):
        p = g.perm(stmt.permanent)
        p.tapped = True
        p.damage = 0
        g.remove_from_combat(p)
    elif isinstance(stmt, n.GainControl):
        p = g.perm(stmt.permanent)
        new_controller = g.player(stmt.player)
        if p.controller != new_controller:
            p.controller = new_controller
            p.new = True
            g.remove_from_combat(p)
    elif isinstance(stmt, n.PutOntoBattlefield):
        combat.put_onto_battlefield(g, stmt)
    elif isinstance(stmt, (n.Pump, n.GainAbility)):
        p = g.perm(stmt.target)
        if isinstance(stmt, n.Pump):
            g.effects.append(Effect(p.pid, stmt.power, stmt.toughness, None, stmt.duration, stmt.span.line,
                                    f"{stmt.power:+d}/{stmt.toughness:+d}"))
        else:
            g.effects.append(Effect(p.pid, 0, 0, stmt.ability, stmt.duration, stmt.span.line, stmt.ability.text))
    elif isinstance(stmt, n.Prevention):
        g.perm(stmt.target)
    elif isinstance(stmt, (n.EffectEnds, n.DurationsEnd, n.CleanupDamage)):
        effects_end(g, stmt)
    elif isinstance(stmt, n.ExtraTurn):
        g.extra_turns.append(g.player(stmt.player))
    elif isinstance(stmt, n.ExtraPhase):
        extra_phase(g, stmt)
    elif isinstance(stmt, n.SkipStep):
        player = g.player(stmt.player)
        step = canonical_step(stmt.step)
        if player == g.active and g.started and any(e.step == step or (step == "combat phase") for e in g.plan):
            _remove_from_plan(g, step)
            g.skipped_steps.add(step)
        else:
            g.skips.append((player, step, stmt.this_turn))
    elif isinstance(stmt, n.SkipTurn):
        g.skip_turns.append(g.player(stmt.player))
    elif isinstance(stmt, n.AssertStatus) and g.resolving is not None:
        _status_effect(g, stmt)
    elif isinstance(stmt, (n.AssertPT, n.AssertStatus, n.AssertCount)):
        assertion(g, stmt)
    elif isinstance(stmt, n.TurnHeader):
        turn_header(g, stmt)
    elif isinstance(stmt, n.DelayedTrigger):
        g.delayed.append(PendingTrigger(stmt.source.text, stmt.trigger, trigger_step(stmt.trigger) or "",
                                        g.active))
    else:
        g.flag(stmt, "syntax", "this statement belongs in the setup, before the first turn header")


def cast(g: Replay, stmt: n.Cast) -> None:
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    flagged = combat.damage_window(g, stmt, f"{player} casts {card.name}")
    other_event(g, stmt)
    if not flagged:
        flagged = _no_priority(g, stmt, f"{player} casts {card.name}")
    if not flagged:
        flagged = _pending_trigger(g, stmt)
    if not flagged:
        flagged = _sorcery_timing(g, stmt, player, card)
    if not flagged:
        flagged = combat.combat_timing(g, stmt, card.abilities, f"{player} casts {card.name}")
    if not flagged:
        flagged = _targets(g, stmt, stmt.targets, card)
    if not flagged and stmt.paying and stmt.from_pool:
        enough, emptied = g.pay_from_pool(player, stmt.paying)
        if not enough and emptied:
            g.flag(stmt, "500.4", f"{player} pays {stmt.paying} for {card.name} with mana that emptied from the "
                                  "pool when the previous step ended", ("106.4", "703.4p"))
    ps = g.pstate[player]
    if card.name in ps.hand_cards:
        ps.hand_cards.remove(card.name)
    if ps.hand is not None and ps.hand > 0:
        ps.hand -= 1
    if not flagged:  # an illegal cast is reversed (716); a later 'resolves' is taken as it comes
        g.stack.append(StackItem("spell", card.name, player, card, stmt.span.line))
    g.note_stack_change()


def _sorcery_timing(g: Replay, stmt: n.Statement, player: str, card: Card) -> bool:
    if not (set(card.types) & SORCERY_TYPES) or any(a.text == "flash" for a in card.abilities):
        return False
    main = g.step in ("precombat main phase", "postcombat main phase")
    kind = "sorcery" if card.is_("sorcery") else "creature" if card.is_("creature") else card.types[-1]
    if player != g.active:
        return g.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} during {g.active}'s turn; only "
                                      "the active player may cast sorcery-speed spells")
    if not main:
        return g.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} in the {g.step}; such spells "
                                      "are cast only in a main phase")
    if g.stack:
        return g.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} while {g.stack[-1].source} is "
                                      "on the stack; such spells need an empty stack")
    return False


def _targets(g: Replay, stmt: n.Statement, targets: tuple[n.Target, ...], card: Card | None) -> bool:
    for t in targets:
        if t.kind == "tba":
            action = t.text.split()[-1]
            rule = {"draw": "504.1", "untap": "502.2", "discard": "514.1", "damage": "510.2"}.get(action, "703.1")
            return g.flag(stmt, rule, f"{t.text} is a turn-based action: it doesn't use the stack, so it cannot be "
                                      "targeted or countered", ("703.1",))
        if t.kind == "ability" and t.ref is not None and \
                not any(s.source == t.ref.text and s.kind == "ability" for s in g.stack):
            return False
        if t.kind == "object" and t.ref is not None and t.ref.text not in g.pstate:
            p = g.find_perm(t.ref, anywhere=True)
            if p is None or card is None:
                continue
            wants = [a.text for a in card.abilities if a.kind == "target"]
            if any("attacking" in w or "blocking" in w for w in wants) and not p.in_combat \
                    and p.left_combat_at_end and p in g.perms:
                return g.flag(stmt, "511.3", f"{p.name} stopped being in combat when the end of combat step "
                                             f"ended, so it is not an attacking or blocking creature now")
    return False


def activate(g: Replay, stmt: n.Activate) -> None:
    player = g.player(stmt.player)
    source = g.find_perm(stmt.source)
    what = f"{player} activates an ability of {stmt.source.text}"
    flagged = combat.damage_window(g, stmt, what)
    other_event(g, stmt)
    flagged = flagged or _no_priority(g, stmt, what) or _pending_trigger(g, stmt)
    if not flagged and source is not None:
        flagged = combat.combat_timing(g, stmt, tuple(source.abilities()), what)
    if not flagged:
        flagged = _targets(g, stmt, stmt.targets, None)
    if not flagged:
        g.stack.append(StackItem("ability", stmt.source.text, player, source.card if source else None,
                                 stmt.span.line))
    g.note_stack_change()


def trigger(g: Replay, stmt: n.Trigger) -> None:
    other_event(g, stmt)
    source = stmt.source.text
    pend = next((t for t in g.pending if t.source == source), None)
    perm = g.find_perm(stmt.source, anywhere=True)
    if pend is not None:
        g.pending.remove(pend)
        if not g.pending:
            g.pending_flagged = False
        g.stack.append(StackItem("ability", source, pend.controller, perm.card if perm else None,
                                 stmt.span.line, pend.text))
        g.note_stack_change()
        if g.step == "cleanup step":
            g.cleanup_priority = True
        return
    if source in g.missed_triggers:
        g.missed_triggers.discard(source)   # already flagged when it was missed; taken as it comes
    elif g.step in ("untap step",) or g.between_steps or g.between_turns:
        _no_priority(g, stmt, f"{source}'s ability is put on the stack")
    elif perm is not None:
        step_triggers = [a.text for a in perm.abilities() if a.kind == "trigger" and trigger_step(a.text)]
        delayed = [d for d in g.delayed if d.source == source]
        combat_trigger = combat.combat_trigger(g, stmt, perm)
        if not combat_trigger and (step_triggers or delayed):
            texts = step_triggers + [d.text for d in delayed]
            watched = [trigger_step(t) for t in texts]
            if g.step == "postcombat main phase" and texts and all("precombat" in t for t in texts):
                g.flag(stmt, "505.1a", f"{source}'s ability triggers at the beginning of the precombat main phase; "
                                       "this main phase is a postcombat main phase, so it doesn't trigger")
            elif g.step in watched or (g.step == "postcombat main phase" and "precombat main phase" in watched):
                if g.step == "end step" and perm.entered_serial == g.step_serial:
                    g.flag(stmt, "513.3", f"{source} entered the battlefield during this end step, so its "
                                          "\"at the beginning of the end step\" ability waits for the next "
                                          "turn's end step")
                elif g.step == "end step" and any(d.source == source for d in g.delayed):
                    pass
            else:
                step = next((w for w in watched if w), None)
                if step is not None:
                    g.flag(stmt, STEP_TRIGGER_RULE.get(step, "500.6"),
                           f"{source}'s ability triggers only as the {step} begins, not in the {g.step}")
    for d in list(g.delayed):
        if d.source == source:
            g.delayed.remove(d)
            break
    g.stack.append(StackItem("ability", source, perm.controller if perm else g.active,
                             perm.card if perm else None, stmt.span.line))
    g.note_stack_change()
    if g.step == "cleanup step":
        g.cleanup_priority = True


def resolve(g: Replay, stmt: n.Resolve) -> None:
    source = stmt.source.text
    other_event(g, stmt)
    if g.mode == "explicit" and g.stack and not g.all_passed():
        missing = [p for p in g.players if p not in g.passed]
        g.flag(stmt, "500.2", f"{source} resolves before all players passed priority in succession "
                              f"({', '.join(missing)} did not pass)", ("117.4",))
    item = _remove_from_stack(g, source, stmt.ability)
    if item is None:
        item = StackItem("ability" if stmt.ability else "spell", source, g.active, None, stmt.span.line)
    g.resolving = item
    g.resolving_line = stmt.span.line
    if stmt.defending is not None:
        combat.resolve_defending(g, stmt, item)
    if item.kind == "spell" and item.card is not None and set(item.card.types) & {"creature", "artifact",
                                                                                  "enchantment", "planeswalker",
                                                                                  "land"}:
        g.new_perm(item.card.name, item.card, item.controller, new=True)
    g.passed = set()


def _remove_from_stack(g: Replay, source: str, ability: bool) -> StackItem | None:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].source == source and (not ability or g.stack[i].kind == "ability"):
            item = g.stack.pop(i)
            g.note_stack_change()
            return item
    return None


def play_land(g: Replay, stmt: n.PlayLand) -> None:
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    other_event(g, stmt)
    flagged = _no_priority(g, stmt, f"{player} plays {card.name}") or _pending_trigger(g, stmt)
    if not flagged:
        before = g.lands_this_turn.get(player)
        ps = g.pstate[player]
        if player != g.active:
            g.flag(stmt, "505.5b", f"{player} plays {card.name} during {g.active}'s turn; only the active player "
                                   "may play a land")
        elif g.step not in ("precombat main phase", "postcombat main phase"):
            g.flag(stmt, "505.5b", f"{player} plays {card.name} in the {g.step}; a land is played only in a main "
                                   "phase")
        elif g.stack:
            g.flag(stmt, "505.5b", f"{player} plays {card.name} while {g.stack[-1].source} is on the stack; a land "
                                   "is played only when the stack is empty")
        elif before is not None:
            g.flag(stmt, "505.5b", f"{player} plays {card.name}, but {player} already played a land this turn "
                                   f"({before[0]}, line {before[1]})")
        elif ps.land_played is not None:
            g.flag(stmt, "505.5b", f"{player} plays {card.name}, but {player} already played a land this turn")
    g.lands_this_turn.setdefault(player, (card.name, stmt.span.line))
    ps = g.pstate[player]
    if card.name in ps.hand_cards:
        ps.hand_cards.remove(card.name)
    if ps.hand is not None and ps.hand > 0:
        ps.hand -= 1
    g.new_perm(card.name, card, player, new=True)


def tap_for_mana(g: Replay, stmt: n.TapForMana) -> None:
    player = g.player(stmt.player)
    if g.declaration is None and (g.step == "untap step" or g.between_steps or g.between_turns):
        _no_priority(g, stmt, f"{player} activates a mana ability")
    for ref in stmt.permanents:
        p = g.perm(ref, prefer=lambda q: not q.tapped and q.controller == player)
        p.tapped = True
    g.pstate[player].pool.extend(mana_symbols(stmt.mana))


def draw(g: Replay, stmt: n.Draw) -> None:
    player = g.player(stmt.player)
    ps = g.pstate[player]
    resolving = g.resolving is not None
    if stmt.for_source is not None:
        _direct_effect(g, stmt, stmt.for_source)
    elif (g.step == "draw step" and player == g.active and "draw" not in g.tba_done and not resolving):
        if stmt.count != 1:
            g.flag(stmt, "504.1", f"{player} draws {stmt.count} cards for the turn; the draw step's turn-based "
                                  "draw is one card")
        tba(g, "draw", stmt)
    elif (g.step == "draw step" and player == g.active and g.tba_done.get("draw", 0) is None
          and g.first_other is not None and not resolving and g.first_other is not stmt
          and not g.is_flagged(g.first_other) and _first_other_is_priority(g)):
        # the draw was assumed when something else happened first; this late narration is that draw
        g.flag(g.first_other, "703.4c", f"this happens before {TBA_WORDS['draw']}, a turn-based action that "
                                        f"comes first in the draw step", ("504.1", "703.4"))
        return
    else:
        other_event(g, stmt)
    if ps.hand is not None:
        ps.hand += stmt.count


def _first_other_is_priority(g: Replay) -> bool:
    return isinstance(g.first_other, (n.Cast, n.Activate, n.Trigger, n.PassPriority, n.AllPass, n.PlayLand))


def _direct_effect(g: Replay, stmt: n.Statement, source_ref: n.Ref) -> None:
    """'X happens for SOURCE': SOURCE's ability acting without the stack (703.2)."""
    source = source_ref.text
    resolving = g.resolving is not None and g.resolving.source == source
    if resolving:
        return
    perm = g.find_perm(source_ref, anywhere=True)
    triggers = [a.text for a in perm.abilities() if a.kind == "trigger"] if perm else []
    pend = next((t for t in g.pending if t.source == source), None)
    if pend is not None:
        g.pending.remove(pend)
    if triggers or pend is not None:
        g.flag(stmt, "703.2", f"{source}'s ability is a triggered ability: it goes on the stack and resolves; it "
                              "does not happen by itself like a turn-based action", ("603.2",))


def discard(g: Replay, stmt: n.Discard) -> None:
    player = g.player(stmt.player)
    ps = g.pstate[player]
    count = stmt.count if stmt.count is not None else len(stmt.cards)
    if g.step == "cleanup step" and g.resolving is None:
        if player != g.active:
            g.flag(stmt, "514.1", f"{player} discards in {g.active}'s cleanup step; only the active player "
                                  "discards to hand size", ("703.4m",))
        else:
            tba(g, "discard", stmt)
            if ps.hand is not None:
                target = max(ps.hand - ps.max_hand, 0)
                if count != target:
                    left = ps.hand - count
                    if ps.max_hand >= NO_MAX_HAND:
                        g.flag(stmt, "514.1", f"{player} discards {count} in the cleanup step, but {player} has no "
                                              "maximum hand size, so there is nothing to discard down to",
                               ("703.4m",))
                    elif target == 0:
                        g.flag(stmt, "514.1", f"{player} discards {count} with {ps.hand} cards in hand; nobody "
                                              f"discards at or below the maximum hand size of {ps.max_hand}",
                               ("703.4m",))
                    else:
                        g.flag(stmt, "514.1", f"{player} has {ps.hand} cards and must discard {target} to reach "
                                              f"the maximum hand size of {ps.max_hand}, but discards {count}, "
                                              f"leaving {left}", ("703.4m",))
    else:
        other_event(g, stmt)
    for ref in stmt.cards:
        if ref.text in ps.hand_cards:
            ps.hand_cards.remove(ref.text)
    if ps.hand is not None:
        ps.hand = max(ps.hand - count, 0)


def untap(g: Replay, stmt: n.UntapAll | n.Untap) -> None:
    player = g.player(stmt.player)
    if g.step != "untap step" or g.resolving is not None:
        other_event(g, stmt)
        if isinstance(stmt, n.Untap):
            for ref in stmt.permanents:
                g.perm(ref, prefer=lambda p: p.tapped).tapped = False
        return
    keep = "doesn't untap during its controller's untap step"
    if player != g.active:
        g.flag(stmt, "502.2", f"{player} untaps permanents during {g.active}'s untap step; only the active "
                              "player's permanents untap", ("703.4b",))
    elif isinstance(stmt, n.Untap):
        for ref in stmt.permanents:
            p = g.perm(ref, prefer=lambda q: q.tapped)
            if p.controller != g.active:
                g.flag(stmt, "502.2", f"{p.name} is {p.controller}'s; only the active player's permanents untap "
                                      f"in {g.active}'s untap step", ("703.4b",))
            elif g.has_ability(p, keep):
                g.flag(stmt, "502.2", f"{p.name} doesn't untap during its controller's untap step, but it untaps",
                       ("703.4b",))
    else:
        for ref in stmt.except_:
            p = g.perm(ref)
            if not g.has_ability(p, keep) and p.tapped:
                g.flag(stmt, "502.2", f"{p.name} stays tapped, but nothing keeps it from untapping; all of the "
                                      "active player's permanents untap", ("703.4b",))
    tba(g, "untap", stmt)
    if player == g.active:
        names = {r.text for r in (stmt.except_ if isinstance(stmt, n.UntapAll) else ())}
        targets = [g.perm(r) for r in stmt.permanents] if isinstance(stmt, n.Untap) else \
            [p for p in g.perms if p.controller == player and p.name not in names and not g.has_ability(p, keep)]
        for p in targets:
            p.tapped = False
    else:
        for ref in (stmt.permanents if isinstance(stmt, n.Untap) else ()):
            g.perm(ref, prefer=lambda q: q.tapped).tapped = False


def phase(g: Replay, stmt: n.PhaseEvent) -> None:
    p = g.perm(stmt.permanent)
    if g.step == "untap step" and g.resolving is None:
        if p.controller != g.active:
            g.flag(stmt, "502.1", f"{p.name} is {p.controller}'s; only the active player's permanents phase in "
                                  f"or out during {g.active}'s untap step", ("703.4a",))
        tba(g, "phasing", stmt)
    else:
        other_event(g, stmt)
    p.phased_out = stmt.direction == "out"
    if p.phased_out:
        g.remove_from_combat(p)


def leaves(g: Replay, stmt: n.Leaves) -> None:
    p = g.find_perm(stmt.permanent)
    if g.step == "cleanup step" and g.resolving is None:
        g.cleanup_priority = True
    if p is not None:
        g.leave_battlefield(p)
        if stmt.how == "hand" and not p.token:
            owner = g.pstate.get(p.owner)
            if owner is not None:
                owner.hand_cards.append(strip_copy(p.name))
                if owner.hand is not None:
                    owner.hand += 1


def effects_end(g: Replay, stmt: n.EffectEnds | n.DurationsEnd | n.CleanupDamage) -> None:
    if isinstance(stmt, n.CleanupDamage) or (isinstance(stmt, n.DurationsEnd) and stmt.which == "end_of_turn"):
        if g.step == "cleanup step" and not g.between_steps:
            tba(g, "cleanup_damage", stmt)
        else:
            g.flag(stmt, "703.4n", "damage is removed and \"until end of turn\" effects end only in the cleanup "
                                   f"step, not {'between steps' if g.between_steps else 'in the ' + str(g.step)}",
                   ("514.2", "500.5"))
        _cleanup_state(g)
        return
    if isinstance(stmt, n.DurationsEnd):
        _combat_durations_end(g, stmt, [e for e in g.effects if e.duration == "end_of_combat"])
        return
    p = g.perm(stmt.target)
    mine = [e for e in g.effects if e.target == p.pid and (stmt.modifier is None or e.label == stmt.modifier)]
    if not mine:
        return
    eff = mine[0]
    if eff.duration in ("end_of_turn", "this_turn"):
        if g.step == "cleanup step" and not g.between_steps:
            tba(g, "cleanup_damage", stmt)
        else:
            where = "between steps" if g.between_steps else f"in the {g.step}"
            g.flag(stmt, "703.4n", f"the {eff.label} effect on {p.name} lasts until end of turn, so it ends in the "
                                   f"cleanup step, not {where}", ("514.2", "500.5"))
        g.effects.remove(eff)
    else:
        _combat_durations_end(g, stmt, [eff])


def _combat_durations_end(g: Replay, stmt: n.Statement, effects: list[Effect]) -> None:
    combat_over = (g.between_steps and g.last_step == "end of combat step") or \
        STEP_PHASE.get(g.step or "") != "combat"
    if not combat_over:
        g.flag(stmt, "500.5", "an \"until end of combat\" effect ends at the end of the combat phase, not "
                              f"in the {g.step}")
    for e in effects:
        if e in g.effects:
            g.effects.remove(e)


def extra_phase(g: Replay, stmt: n.ExtraPhase) -> None:
    steps = [canonical_step(s) for s in stmt.steps]
    entries: list[PlanEntry] = []
    for s in steps:
        if s in ("combat phase",):
            entries += [PlanEntry(x, "extra_phase") for x in ("beginning of combat step", "declare attackers step",
                                                              "declare blockers step", "combat damage step",
                                                              "end of combat step")]
        elif s.endswith("main phase") or s == "main phase":
            entries.append(PlanEntry("postcombat main phase", "extra_phase"))
        elif s in PHASE_NAMES:
            continue
        else:
            entries.append(PlanEntry(s, "extra_step"))
    if entries and entries[0].origin == "extra_phase":
        # after the current phase
        phase = STEP_PHASE.get(g.step or "", "")
        i = 0
        while i < len(g.plan) and STEP_PHASE.get(g.plan[i].step) == phase and phase != "main":
            i += 1
        g.plan[i:i] = entries
    else:
        g.plan[0:0] = entries


def _status_effect(g: Replay, stmt: n.AssertStatus) -> None:
    """'X is unblocked' after 'Y resolves;' says what the resolution did."""
    p = g.perm(stmt.permanent)
    if stmt.status in ("tapped", "untapped"):
        p.tapped = stmt.status == "tapped"
    elif stmt.status == "unblocked":
        p.blocked = False
    elif stmt.status == "blocked":
        from .combat import became_blocked
        if not p.blocked:
            became_blocked(g, p, None)
        p.blocked = True


def assertion(g: Replay, stmt: n.AssertPT | n.AssertStatus | n.AssertCount) -> None:
    if isinstance(stmt, n.AssertCount) and stmt.subject.text in g.pstate:
        ps = g.pstate[stmt.subject.text]
        actual: int | None = ps.hand if stmt.what == "hand" else ps.life if stmt.what == "life" else None
        if actual is not None and actual != stmt.count:
            what = "cards in hand" if stmt.what == "hand" else "life"
            g.flag(stmt, "assert", f"{stmt.subject.text} has {actual} {what} in the replay, not {stmt.count}")
        return
    p = g.find_perm(stmt.subject if isinstance(stmt, n.AssertCount) else stmt.permanent)
    if p is None:
        return
    if isinstance(stmt, n.AssertPT):
        pw, tg = g.pt(p)
        if (pw, tg) != (stmt.power, stmt.toughness):
            g.flag(stmt, "assert", f"{p.name} is {pw}/{tg} in the replay, not {stmt.power}/{stmt.toughness}")
    elif isinstance(stmt, n.AssertStatus):
        truth = {"tapped": p.tapped, "untapped": not p.tapped, "attacking": p.in_combat and p.attacking is not None,
                 "blocking": p.in_combat and bool(p.blocking), "blocked": bool(p.blocked),
                 "unblocked": p.attacking is not None and not p.blocked}[stmt.status]
        if not truth:
            g.flag(stmt, "assert", f"{p.name} is not {stmt.status} in the replay")
    elif stmt.what == "damage" and p.damage != stmt.count:
        g.flag(stmt, "assert", f"{p.name} has {p.damage} damage in the replay, not {stmt.count}")
    elif stmt.what == "loyalty":
        loyalty = p.counters.get("loyalty", p.card.loyalty or 0)
        if loyalty != stmt.count:
            g.flag(stmt, "assert", f"{p.name} has {loyalty} loyalty in the replay, not {stmt.count}")


__all__ = ["setup", "turn_header", "handle", "tba", "other_event", "STEP_TBAS", "DAMAGE_STEPS"]

from . import combat  # noqa: E402 - imported once here, not per call (combat imports this module)
