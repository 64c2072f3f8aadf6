"""Changes to the turn plan that the transcript announces: additional turns, phases and steps, and skipped ones
(CR 500.7-500.10). Whether the game then follows the plan is judged in `steps`."""

from __future__ import annotations

from .. import nodes as n
from ..game.game import Game
from ..game.objects import PlanEntry
from ..game.steps import PHASE_NAMES, STEP_PHASE, canonical_step
from ..game.teams import is_active
from .context import Replay
from .registry import handles
from .skips import remove_from_plan
from .steps import OWN_TURN_ONLY

# the steps of an additional phase (500.8): an additional beginning phase has its own untap, upkeep and draw
PHASE_STEPS: dict[str, tuple[str, ...]] = {
    "beginning phase": ("untap step", "upkeep step", "draw step"),
    "combat phase": ("beginning of combat step", "declare attackers step", "declare blockers step",
                     "combat damage step", "end of combat step"),
    "ending phase": ("end step", "cleanup step"),
    "end phase": ("end step", "cleanup step"),
}


@handles(n.ExtraPhase)
def extra_phase(r: Replay, stmt: n.ExtraPhase) -> None:
    made = r.text_phases
    if made is not None and "combat phase" in stmt.steps:
        # `Relentless Assault resolves; Alice gets an additional combat phase …`, on its line or after it: the
        # narration places what the resolving text added (cardtext.py), once
        r.text_phases = None
        r.game.plan = [e for e in r.game.plan if not any(e is x for x in made[1])]
    plan_phases(r, stmt)


def plan_phases(r: Replay, stmt: n.ExtraPhase) -> list[PlanEntry]:
    """Puts the additional phases or steps in the turn plan; returns the entries added."""
    g = r.game
    steps = [canonical_step(s) for s in stmt.steps]
    entries: list[PlanEntry] = []
    for s in steps:
        if s in PHASE_STEPS:
            entries += [PlanEntry(x, "extra_phase") for x in PHASE_STEPS[s]]
        elif s.endswith("main phase") or s == "main phase":
            entries.append(PlanEntry("postcombat main phase", "extra_phase"))
        elif s in PHASE_NAMES:
            continue
        else:
            entries.append(PlanEntry(s, "extra_step"))
    player = g.player(stmt.player)
    if entries and not is_active(g, player) and r.edition.number(OWN_TURN_ONLY) is not None:
        r.refused_extra = (player, entries)   # adds nothing; judged if the transcript takes it anyway
        return []
    if entries:
        i = _place(r, stmt, entries[0].origin == "extra_phase")
        g.plan[i:i] = entries   # before what an earlier effect added there: the most recent comes first
    return entries


def _place(r: Replay, stmt: n.ExtraPhase, is_phase: bool) -> int:
    """Where in the plan an additional phase or step goes (500.8, 500.9): after the current step (a step, unless
    the transcript says otherwise), after the current phase (a phase, or a step "after this phase": current
    500.10), or after the turn's first postcombat main phase."""
    g = r.game
    if stmt.after == "this step" and is_phase:
        r.syntax(stmt.player, stmt.span.line, "an additional phase goes after a phase, not after a step: write "
                                             "'after this phase'")
    if stmt.after.startswith("the first postcombat main phase"):
        if g.step == "postcombat main phase" and g.turn_steps.count("postcombat main phase") == 1:
            return 0
        later = [i for i, e in enumerate(g.plan) if e.step == "postcombat main phase"]
        if later:
            return later[0] + 1
    if not is_phase and stmt.after in ("", "this step"):
        return 0
    phase = STEP_PHASE.get(g.step or "", "")
    i = 0
    while i < len(g.plan) and STEP_PHASE.get(g.plan[i].step) == phase and phase != "main":
        i += 1
    return i



@handles(n.ExtraTurn, when="any")
def extra_turn(r: Replay, stmt: n.ExtraTurn) -> None:
    player = r.game.player(stmt.player)
    made = next((e for e in r.text_turns if e[1] == player), None)
    if made is not None:   # `Time Walk resolves; Alice gets an extra turn`: the one its text made (cardtext.py)
        r.text_turns.remove(made)
        return
    r.game.extra_turns.push(player)


@handles(n.SkipStep, when="any")
def skip_step(r: Replay, stmt: n.SkipStep) -> None:
    g = r.game
    player = g.player(stmt.player)
    step = canonical_step(stmt.step)
    if is_active(g, player) and g.started and _still_ahead(g, step):   # the team skips it (805.8)
        remove_from_plan(r, step)
        g.skipped_steps.add(step)
    else:
        g.skips.append((player, step, stmt.this_turn))


def _still_ahead(g: Game, step: str) -> bool:
    """Whether this turn still has the step or phase ahead; one already begun can't be skipped, so the skip waits
    for the next one (614.10)."""
    if step == "combat phase":   # a combat phase still to come begins with its beginning of combat step
        return any(e.step == "beginning of combat step" for e in g.plan)
    return any(e.step == step for e in g.plan)


@handles(n.SkipTurn, when="any")
def skip_turn(r: Replay, stmt: n.SkipTurn) -> None:
    r.game.skip_turns.append(r.game.player(stmt.player))
