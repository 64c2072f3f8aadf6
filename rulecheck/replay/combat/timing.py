"""When a spell or ability may be used around combat: "only before/after" a point of combat (506.6, 506.6a-g),
and nothing between combat damage assignment and combat damage (510.2)."""

from __future__ import annotations

from ... import nodes as n
from ...game.steps import DAMAGE_STEPS, STEP_PHASE
from ...nodes import Ability
from ..context import Replay

CHECKS = ("510.2", "506.6", "506.6a", "506.6b", "506.6c", "506.6d", "506.6e", "506.6f", "506.6g")
COMBAT_ORDER = ("beginning of combat step", "declare attackers step", "declare blockers step",
                "combat damage step", "second combat damage step", "end of combat step")
# the points of combat a timing restriction can name: the step that marks it, and the rule about it (506.6)
COMBAT_POINTS = {"attackers are declared": ("declare attackers step", "506.6a"),
                 "blockers are declared": ("declare blockers step", "506.6b"),
                 "the combat damage step": ("combat damage step", "506.6"),
                 "the end of combat step": ("end of combat step", "506.6")}
def damage_window(r: Replay, stmt: n.Statement, what: str) -> bool:
    g = r.game
    if r.edition.combat_damage_uses_stack:
        return False   # players get priority once combat damage is on the stack
    if g.step in DAMAGE_STEPS and "deal" not in r.tba_done and (
            r.tba_done.get("assign_ap") is not None or r.tba_done.get("assign_dp") is not None):
        return r.flag(stmt, "510.2", f"{what} after combat damage is assigned and before it is dealt; no player "
                                     "may cast spells or activate abilities in between")
    return False


def combat_timing(r: Replay, stmt: n.Statement, abilities: tuple[Ability, ...], what: str) -> bool:
    """'Only before/after [a point in combat]' (506.6, 506.6a-g); a point is reached as its step begins."""
    g = r.game
    for ab in abilities:
        if ab.kind == "timing":
            problem = _timing_problem(r, ab.text)
            if problem is not None:
                rule, why = problem
                related: tuple[str, ...] = ()
                if isinstance(stmt, n.Activate):
                    rule, related = "506.6g", (rule,)
                return r.flag(stmt, rule, f"{what} in the {g.step}, but {why}", related)
    return False


def _timing_problem(r: Replay, text: str) -> tuple[str, str] | None:
    g = r.game
    used = "activated" if text.startswith("activate") else "cast"
    in_combat = STEP_PHASE.get(g.step or "") == "combat"
    during_combat = "during combat" in text
    if during_combat and not in_combat:
        return "506.6c", f"it may be {used} only during combat"
    if "during the declare blockers step" in text and g.step != "declare blockers step":
        return "506.6", f"it may be {used} only during the declare blockers step"
    point = next((p for p in COMBAT_POINTS if p in text), None)
    if point is None:
        return None
    before = f"before {point}" in text
    step, rule = COMBAT_POINTS[point]
    limit = COMBAT_ORDER.index(step)
    starts = [i for i, s in enumerate(g.turn_steps) if s == "beginning of combat step"]
    combat_steps = g.turn_steps[starts[-1]:] if starts else g.turn_steps
    first_combat = len(starts) <= 1 or not in_combat
    when = "before" if before else "after"
    if in_combat and not during_combat and not first_combat:
        # 506.6d: without "during combat", the point is that of the turn's first combat, which is over
        if before:
            return "506.6d", (f"it may be {used} only {when} {point} in the turn's first combat phase, which is "
                              "over")
        return None
    if not in_combat and before and "combat phase" in g.skipped_steps and g.precombat_main_done \
            and g.step != "precombat main phase":
        return "506.6e", (f"the combat phase was skipped this turn, so it may be {used} only before the precombat "
                          "main phase ends")
    if not in_combat:
        combat_over = "end of combat step" in g.turn_steps or (g.precombat_main_done and
                                                              g.step in ("postcombat main phase", "end step",
                                                                         "cleanup step"))
        if before and combat_over:
            return rule, f"it may be {used} only {when} {point}, and this turn's combat is over"
        if not before and not combat_over and not during_combat:
            return rule, f"it may be {used} only {when} {point}, and this turn's combat hasn't begun"
        return None
    pos = COMBAT_ORDER.index(g.step or "")
    no_blocks = ("declare attackers step" in combat_steps and not g.combat_attackers_declared
                 and g.step != "declare attackers step") or (g.step == "end of combat step"
                                                             and "declare blockers step" not in combat_steps)
    if no_blocks and limit >= 2:
        if before and pos >= 2:
            return "506.6e", (f"the declare blockers and combat damage steps were skipped, so it may be {used} only "
                              "before the declare attackers step ends")
        if not before and point == "blockers are declared":
            return "506.6f", (f"it may be {used} only after blockers are declared, and this combat has no declare "
                              "blockers step")
    if before and pos >= limit:
        return rule, f"it may be {used} only before {point} (before the {step} begins)"
    if not before and pos < limit:
        return rule, f"it may be {used} only after {point} (once the {step} has begun)"
    return None
