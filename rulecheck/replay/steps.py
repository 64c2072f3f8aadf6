"""Turn structure: turns, steps and phases in order, extra and skipped ones, and what begins and ends with them
(CR 500-505, 507, 511-514 and the step-boundary actions of 703)."""

from __future__ import annotations

from .. import nodes as n
from ..game.combat import assigns_this_step, resolve_combat_damage
from ..game.marks import begin_turn
from ..game.objects import PlanEntry
from ..game.steps import (
    DAMAGE_STEPS,
    NORMAL_TURN,
    PHASE_FIRST_STEP,
    PHASE_NAMES,
    STEP_PHASE,
    canonical_step,
)
from ..game.teams import has_teams, next_in_turn_order, teammates
from ..game.unknown_pt import pt_unknown
from .boundary import begin_step_state, enter_step, leave_step
from .context import Replay
from .control import begin_turn as begin_controlled_turn
from .designations import new_turn
from .gameover import before_event as before_game_event
from .headings import HEADING, heading_step, passes_between, passes_to_next_turn, restates
from .mana import burn_narrated, misnarrated_burn
from .registry import handles
from .skips import apply_skips
from .step_triggers import fire_delayed
from .tba import STEP_TRIGGER_RULE, assume_tbas
from .teams import team_turn

# what ending a step or a turn, or beginning the next, can break
TURN_ORDER_CHECKS = ("500.1", "500.2", "505.2", "514.3a", "501.1", "505.1", "506.1", "512.1", "500.8", "500.9",
                     "500.6", "712.1c", "103.7a") + tuple(STEP_TRIGGER_RULE.values())
TURN_ENDED = "turn_ended"   # the origin of the cleanup step an effect that ended the turn goes to
NORMAL_PLAN = tuple(PlanEntry(s) for s in NORMAL_TURN)   # the plan a turn begins with (its entries are frozen)


@handles(n.TurnHeader, when="any", checks=TURN_ORDER_CHECKS + ("500.7", "500.10"))
def turn_header(r: Replay, stmt: n.TurnHeader) -> None:
    g = r.game
    player = g.player(stmt.player)
    if g.started and g.table.watch and before_game_event(r, stmt):
        return
    team_turn(r, stmt)
    begin_controlled_turn(r, stmt)
    if not g.started:
        g.started = True
        g.turn = stmt.number
        g.active = player
        g.normal_turn_player = player
        _begin_turn_state(r, first=True)
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
            apply_skips(r)
            enter_step(r, step, True, True)
        else:
            g.plan = list(NORMAL_PLAN)
            apply_skips(r)
        return
    if not g.between_turns:   # the previous turn ends here if it was not ended explicitly
        end_turn(r, stmt)
    new_turn(r)   # for the day/night check of the untap step
    expected_extra = g.extra_turns.next()
    skipped_extra = False
    while expected_extra is not None and expected_extra in g.skip_turns:
        # "skip your next turn" skips an extra turn too when it is that player's next one (500.10)
        g.skip_turns.remove(expected_extra)
        g.extra_turns.pop()
        skipped_extra = skipped_extra or expected_extra == player
        expected_extra = g.extra_turns.next()
    if skipped_extra and stmt.extra and expected_extra != player:
        r.flag(stmt, "500.10", f"turn {stmt.number} is {player}'s extra turn, but {player} skips their next turn, "
                               "which is this one")
    if expected_extra is not None:
        if expected_extra not in teammates(g, player):   # a player's extra turn is the team's (805.8)
            r.flag(stmt, "500.7",
                   f"turn {stmt.number} is {player}'s, but the most recently created extra turn is "
                   f"{expected_extra}'s, and it comes first")
            g.extra_turns.remove_latest(player)
        else:
            g.extra_turns.pop()
    else:
        nxt = next_in_turn_order(g, g.normal_turn_player)   # the next team's, with teams (805.4)
        skipped: list[str] = []
        while g.skip_turns and (skipper := next((x for x in teammates(g, nxt) if x in g.skip_turns), None)) is not None:
            g.skip_turns.remove(skipper)   # a player's skipped turn is the team's (805.8)
            skipped.extend(teammates(g, nxt))
            nxt = next_in_turn_order(g, nxt)
        others = nxt not in teammates(g, player)
        if others and not stmt.extra and player in skipped:
            r.flag(stmt, "500.10", f"turn {stmt.number} is {player}'s, but {player} skips this turn, so {nxt} takes "
                                   "the next turn")
        elif others and not stmt.extra:
            r.flag(stmt, "500.1", f"turn {stmt.number} is {player}'s, but {nxt} takes the next turn")
        if not stmt.extra:
            g.normal_turn_player = player
    g.turn = stmt.number
    g.active = player
    g.between_turns = False
    g.between_steps = False
    g.step = None
    _begin_turn_state(r)
    g.plan = list(NORMAL_PLAN)
    apply_skips(r)


def _begin_turn_state(r: Replay, *, first: bool = False) -> None:
    g = r.game
    r.tba_history = {}
    r.refused_extra = None
    if first:
        for ps in g.pstate.values():
            if ps.land_played is not None:
                g.lands_this_turn[ps.name] = ps.land_played
        g.skipped_steps = set()
        g.turn_steps = []
        return
    begin_turn(g)   # no permanent is new or has attacked or used a loyalty ability (the marked ones: marks.py)
    for ps in g.pstate.values():
        ps.land_played = None
    g.lands_this_turn = {}
    g.land_count = {}
    g.land_bonus = {}
    g.skipped_steps = set()
    g.turn_steps = []
    g.precombat_main_done = False
    g.combat_attackers_declared = False
    g.cleanup_priority = False




def end_turn(r: Replay, stmt: n.Statement) -> None:
    """Checks at the end of a turn, explicit ('turn 3 ends') or implied by the next turn header."""
    g = r.game
    if g.step is not None and not g.between_steps:
        leave_step(r, stmt, True)
    if g.plan:
        missing = g.plan[0]
        if missing.origin == TURN_ENDED and len(g.plan) == 1:
            _run_omitted_step(r, "cleanup step", stmt)   # the turn was ended: its cleanup step goes unsaid
        elif missing.step == "cleanup step" and "cleanup step" in g.turn_steps:
            r.flag(stmt, "514.3a", f"players got priority in the cleanup step of turn {g.turn}, so another "
                                   "cleanup step must follow before the turn ends")
        elif not r.gap and not passes_to_next_turn(r):
            _order_violation(r, stmt, missing, "the turn ends")
        else:
            for e in list(g.plan):
                _run_omitted_step(r, e.step, stmt)
        g.plan = []
    r.gap = False
    g.between_turns = True
    r.ordinary = False
    g.step = None


def _run_omitted_step(r: Replay, step: str, stmt: n.Statement) -> None:
    """A step left out after '...': its turn-based actions happen, nobody casts anything."""
    g = r.game
    g.step = step
    g.step_serial += 1
    r.tba_done = {}
    r.tba_assumed = set()
    r.first_other = None
    begin_step_state(g, step)
    for hook in g.hooks.step_begins:
        hook(r, step)
    if step in DAMAGE_STEPS:
        fighters = [p for p in g.battlefield.values() if p.in_combat and p.attacking is not None and g.pt(p)[0] > 0
                    and assigns_this_step(g, p) and not pt_unknown(g, p)]
        if fighters:
            r.flag(stmt, "506.1", f"the {step} is left out while {fighters[0].name} is attacking with power "
                                  f"{g.pt(fighters[0])[0]}; a transcript must show combat damage")
    fire_delayed(r, step)     # a delayed trigger of an omitted step was handled there
    assume_tbas(r)
    resolve_combat_damage(g)   # combat damage put on the stack in an omitted step (2003) resolved there
    if step == "end of combat step":
        g.end_combat()
    if step == "cleanup step":
        g.cleanup()


def _order_violation(r: Replay, stmt: n.Statement, expected: PlanEntry, what: str) -> None:
    rule = _order_rule(r, expected)
    if expected.origin == "extra_phase":
        r.flag(stmt, "500.8", f"{what}, but the additional {STEP_PHASE.get(expected.step, 'combat')} phase created "
                              "this turn must come next")
    elif expected.origin == TURN_ENDED:
        r.flag(stmt, "712.1c", f"{what}, but an effect ended the turn: the game skips straight to the cleanup "
                               "step", ("712.3",))
    elif expected.origin == "extra_step":
        r.flag(stmt, "500.9", f"{what}, but the additional {expected.step} created this turn must come next")
    else:
        r.flag(stmt, rule, f"{what}, but the {expected.step} comes next"
               + (" and nothing skips it" if rule in ("501.1", "505.1", "512.1") else ""))


def _order_rule(r: Replay, expected: PlanEntry) -> str:
    g = r.game
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


OWN_TURN_ONLY = "current:500.10a"


@handles(n.StepBoundary, checks=TURN_ORDER_CHECKS + ("500.10", "505.1a", "508.6", OWN_TURN_ONLY))
def step_boundary(r: Replay, stmt: n.StepBoundary) -> None:
    g = r.game
    if stmt.edge == "ends":
        _step_ends(r, stmt)
        return
    name = stmt.step
    step = _FIRST_STEP.get(name, name)
    if name == "main phase":
        step = "precombat main phase" if not g.precombat_main_done else "postcombat main phase"
    heading = stmt.edge == HEADING
    if heading:
        step = heading_step(r, stmt, step)
        if restates(r, stmt, step):
            return
    if g.between_turns:
        r.flag(stmt, "500.1", f"the {step} begins before a new turn has begun")
        g.between_turns = False
    if g.step is not None and not g.between_steps:
        leave_step(r, stmt, True)
    plan = g.plan
    if plan and plan[0].step == step:   # the step the plan expects (nearly always)
        del plan[0]
        enter_step(r, step, heading, False)
    else:
        enter_step(r, step, heading, False, not _advance_plan(r, step, stmt))


# the step a boundary's name begins: a phase's first step, the regular combat damage step for the first one
# ("main phase" depends on the turn: step_boundary)
_FIRST_STEP = {**{p: PHASE_FIRST_STEP.get(p, p) for p in PHASE_NAMES},
               **{s: canonical_step(s) for s in ("first combat damage step",)}}


def _step_ends(r: Replay, stmt: n.StepBoundary) -> None:
    """'... step ends': the step the game is in ends (its phase's name ends its current step)."""
    g = r.game
    name = canonical_step(stmt.step)
    target = PHASE_FIRST_STEP.get(name) if name in PHASE_NAMES else name
    if g.step is None or g.between_steps:
        return
    if name in PHASE_NAMES or target == g.step or name == g.step:
        leave_step(r, stmt, False)
    else:
        r.flag(stmt, "500.1", f"the {name} ends, but the game is in the {g.step}")
        leave_step(r, stmt, False)


def _advance_plan(r: Replay, step: str, stmt: n.Statement) -> bool:
    """Take the step off the turn's plan, flagging a step out of order. True: the step was skipped this turn and
    happens anyway (flagged)."""
    g = r.game
    expected = g.expected_step()   # not the step expected (step_boundary takes that one itself)
    if r.refused_extra is not None and r.refused_extra[1][0].step == step:
        who, entries = r.refused_extra
        r.refused_extra = None
        r.flag(stmt, OWN_TURN_ONLY, f"the {step} begins, but it is part of an additional phase or step that {who} "
                                    f"gets in {g.active}'s turn, and such an effect adds nothing to another "
                                    "player's turn")
        g.plan[0:0] = entries[1:]   # taken as the transcript says
        return False
    later = [i for i, e in enumerate(g.plan) if e.step == step]
    if later and (r.gap or passes_between(r, stmt, step, later[0])):
        for e in g.plan[:later[0]]:   # after '...', or a heading: the steps between passed with nothing of note
            _run_omitted_step(r, e.step, stmt)
        g.plan = g.plan[later[0] + 1:]
        r.gap = False
        return False
    r.gap = False
    if expected is None:
        r.flag(stmt, "500.1", f"the {step} begins, but the turn has no step left")
        return False
    if step in ("declare blockers step", "combat damage step") and not g.combat_attackers_declared \
            and g.step in ("declare attackers step", "beginning of combat step"):
        r.flag(stmt, "508.6", f"the {step} begins although no creature attacked; without attackers the declare "
                              "blockers and combat damage steps are skipped")
        return False
    if step == "second combat damage step" and g.abilities_unknown:
        return False   # a creature may have first strike that its definition doesn't list
    if step == "second combat damage step":
        r.flag(stmt, "506.1", "a second combat damage step begins, but no attacking or blocking creature had first "
                              "strike or double strike as the first one began", ("510.5",))
        return False
    if _skipped_step(r, step) and step == "draw step" and r.first_draw_skipped and not has_teams(g):
        return r.flag(stmt, "103.7a", f"the draw step of turn {g.turn} happens, but in a two-player game the "
                                      "starting player skips the draw step of their first turn", ("500.10",)) or True
    if _skipped_step(r, step):
        r.flag(stmt, "500.10", f"the {step} happens, but it was skipped this turn")
        if STEP_PHASE.get(step) == "combat":  # taken as announced: the rest of that combat phase follows
            rest = ["declare attackers step", "declare blockers step", "combat damage step", "end of combat step"]
            after = rest[rest.index(step) + 1:] if step in rest else rest
            g.plan[0:0] = [PlanEntry(x) for x in after]
        return True
    if step == "precombat main phase" and g.precombat_main_done:
        r.flag(stmt, "505.1a", "only the first main phase of a turn is the precombat main phase; this one is a "
                               "postcombat main phase")
        if later:
            g.plan = g.plan[later[0] + 1:]
        return False
    if step == "postcombat main phase" and not g.precombat_main_done and expected.step == "precombat main phase":
        r.flag(stmt, "505.1a", "the first main phase of the turn is the precombat main phase")
        g.plan.pop(0)
        return False
    _order_violation(r, stmt, expected, f"the {step} begins")
    if later:
        g.plan = g.plan[later[0] + 1:]
    return False


def _skipped_step(r: Replay, step: str) -> bool:
    g = r.game
    skipped = g.skipped_steps
    return step in skipped or (STEP_PHASE.get(step) == "combat" and "combat phase" in skipped)


def end_step(r: Replay, stmt: n.Statement) -> None:
    """The current step ends at this statement without a boundary line (an effect ended the turn)."""
    leave_step(r, stmt, False)


@handles(n.TurnEnd, checks=TURN_ORDER_CHECKS)
def turn_ends(r: Replay, stmt: n.TurnEnd) -> None:
    if not r.game.between_turns:
        end_turn(r, stmt)


@handles(n.Gap)
def gap(r: Replay, stmt: n.Gap) -> None:
    r.gap = True
    r.marks_gaps = True
    r.ordinary = False
    g = r.game
    if g.step is not None and not g.between_steps and not g.between_turns:
        # inside a step, a gap may hide priority passes and who acted first (docs/transcript-language.md):
        # afterwards the step may end, or the top of the stack resolve, and any player may act next
        g.passed = set(g.players)
        r.priority_used = True
        r.priority_rule = None


CHECKS = ("703.4p", "500.11")   # before_event (703.4p armed by the ManaEmpties handler)
# events that are something happening, which can't be between steps (500.11)
_EVENTS = (n.Draw, n.Discard, n.LoseLife, n.GainLife, n.DealDamage, n.UntapAll, n.Untap, n.PhaseEvent)
# statements that may follow "mana pools empty" at the end of a step
_STEP_END = (n.StepBoundary, n.TurnEnd, n.TurnHeader, n.Gap, n.ManaEmpties, n.DurationsEnd, n.EffectEnds,
             n.AssertPT, n.AssertStatus, n.AssertCount, n.ExtraTurn, n.ExtraPhase)


def before_event(r: Replay, stmt: n.Statement) -> bool:
    """Checks before any event of the game: "mana pools empty" must end its step (703.4p), and after a gap at
    the start of a turn the transcript must say which step it is in. False: the event can't be placed."""
    g = r.game
    if r.mana_emptied is not None and not isinstance(stmt, _STEP_END):
        r.flag(r.mana_emptied, "703.4p", f"mana pools empty here, but the {g.step} goes on; unused mana empties "
                                         "only as a step or phase ends", ("500.4",))
    if not isinstance(stmt, n.ManaEmpties):
        r.mana_emptied = None
    if (g.between_steps or g.between_turns) and isinstance(stmt, _EVENTS) and r.resolving is None \
            and not burn_narrated(r, stmt) and misnarrated_burn(r, stmt) is None:
        what = "between turns" if g.between_turns else "between steps"
        r.flag(stmt, "500.11", f"this happens {what}; nothing happens between turns, steps or phases")
    if r.gap and g.step is None and not isinstance(stmt, _STEP_END):
        r.flag(stmt, "syntax", "after '...' at the start of a turn, say which step comes next (for example "
                               "'precombat main phase begins'); rulecheck can't tell in which step this happens")
        return False
    return True
