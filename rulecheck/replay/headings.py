"""Step headings (docs/transcript-language.md, "Step headings"): a bare step name in an implicit transcript is a
heading, and a heading named later in the turn than the last step says that the steps between passed with nothing
of note. A boundary narrated as an event ("combat damage step begins") says the game went there from the step
before, so a jump there is still a skip; explicit transcripts (software logs) and transcripts that mark their
gaps with '...' keep every jump a finding."""

from __future__ import annotations

from .. import nodes as n
from .context import Replay

HEADING = "heading"   # the edge of a StepBoundary written as a bare step name


def heading_step(r: Replay, stmt: n.StepBoundary, step: str) -> str:
    """'combat damage step' as a heading right after the first-strike combat damage step is the regular one (in
    explicit priority too: the only combat damage step that can begin next is the second one)."""
    g = r.game
    if stmt.edge == HEADING and step == "combat damage step" and g.step == step \
            and g.plan and g.plan[0].step == "second combat damage step":
        return "second combat damage step"
    return step


def passes_between(r: Replay, stmt: n.Statement, step: str, until: int) -> bool:
    """Whether this heading passes the steps of the plan before index `until`: only the turn's own steps (an
    additional phase or step an effect created is of note), and never into a declare blockers or combat damage
    step with no attack declared (508.6, flagged here)."""
    g = r.game
    if getattr(stmt, "edge", None) != HEADING or g.mode != "implicit" or r.marks_gaps:
        return False
    if any(e.origin != "normal" for e in g.plan[:until]):
        return False
    if step in ("declare blockers step", "combat damage step") and not g.combat_attackers_declared and (
            g.step == "declare attackers step" or any(e.step == "declare attackers step" for e in g.plan[:until])):
        r.flag(stmt, "508.6", f"the {step} begins although no creature attacked; without attackers the declare "
                              "blockers and combat damage steps are skipped")
        return False
    return True


def restates(r: Replay, stmt: n.StepBoundary, step: str) -> bool:
    """A heading naming the step the game is in, which began with a heading or the turn header ('turn 8: Bob, in
    postcombat main phase' / 'postcombat main phase') with no event since: the game is already there, and
    nothing begins (a step that had events, like a cleanup step where players got priority, begins again)."""
    g = r.game
    return stmt.edge == HEADING and g.mode == "implicit" and r.by_heading and g.step == step \
        and r.first_other is None and not g.between_steps and not g.between_turns \
        and not (g.plan and g.plan[0].step == step)


def passes_to_next_turn(r: Replay) -> bool:
    """The next turn header after a step that began as a heading ('EOT', 'end step'): the rest of the turn passed
    with nothing of note, as after a heading later in the turn (a step narrated with 'begins' is not a heading,
    and a jump from it stays a finding)."""
    g = r.game
    return r.by_heading and g.mode == "implicit" and not r.marks_gaps and all(e.origin == "normal" for e in g.plan)


CHECKS = ("508.6",)   # flagged by passes_between
