"""The steps and phases a turn leaves out before it begins: the starting player's first draw (103.7a; the starting
team's, 810.6), what permanents make every affected player skip ("skip your draw step", Stasis), and what the
transcript announced (`Alice skips her next draw step`, plan.py); and taking a step or phase out of the plan."""

from __future__ import annotations

from ..game.steps import PHASE_FIRST_STEP, PHASE_NAMES, STEP_PHASE
from ..game.teams import active_players, has_teams, is_active
from .context import Replay
from .tba import SKIPS


def apply_skips(r: Replay) -> None:
    g = r.game
    # the starting player's first turn in a two-player game (103.7a), the starting team's (810.6); every
    # edition (2003: outside its text)
    r.first_draw_skipped = g.turn == 1 and (len(g.players) == 2 or has_teams(g))
    # "skip your draw step" (Yawgmoth's Bargain), "skip your untap step": any active player's (a team's turn)
    for text, step, anyones in SKIPS:   # anyone's permanent (Stasis), or an active player's own
        if (step == "draw step" and r.first_draw_skipped or g.printed(text)
                and any(g.global_static(text, None if anyones else p) for p in active_players(g))) \
                and any(e.step == step for e in g.plan):
            remove_from_plan(r, step)
            g.skipped_steps.add(step)
    keep: list[tuple[str, str, bool]] = []
    for player, step, this_turn in g.skips:
        if not is_active(g, player):   # a player's skipped step is the team's (805.8)
            keep.append((player, step, this_turn))
            continue
        remove_from_plan(r, step)
        g.skipped_steps.add(step)
    g.skips = keep


def remove_from_plan(r: Replay, step: str) -> None:
    g = r.game
    if step == "combat phase":   # the next combat phase still to come: from its first step to its last
        start = next((i for i, e in enumerate(g.plan) if e.step == "beginning of combat step"), None)
        if start is not None:
            end = start
            while end < len(g.plan) and STEP_PHASE.get(g.plan[end].step) == "combat":
                end += 1
            del g.plan[start:end]
        return
    step = PHASE_FIRST_STEP.get(step, step) if step in PHASE_NAMES and step != "combat phase" else step
    for e in g.plan:
        if e.step == step:
            g.plan.remove(e)
            return
