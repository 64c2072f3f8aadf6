"""Ending the turn (712, current 723.1): an effect (Time Stop, Sundial of the Infinite) exiles the stack, takes
every creature out of combat, ends the current step, and the game goes straight to the cleanup step; nobody gets
priority on the way, and the steps in between, the end step with its triggers included, don't happen."""

from __future__ import annotations

from .. import nodes as n
from ..game.objects import PlanEntry
from ..game.steps import STEP_PHASE
from .context import Replay
from .registry import handles
from .steps import TURN_ENDED, end_step


@handles(n.EndTheTurn)
def end_the_turn(r: Replay, stmt: n.EndTheTurn) -> None:
    end_turn_now(r, stmt)


def end_turn_now(r: Replay, stmt: n.Statement) -> None:
    """The turn ends at this statement: `the turn ends`, or the resolution of "End the turn." (cardtext.py)."""
    g = r.game
    g.stack.clear()            # every object on the stack is exiled, the one resolving included
    g.note_stack_change()
    g.pending = []             # what triggered before and waits ceases to exist (current 723.1a)
    r.pending_flagged = False
    if STEP_PHASE.get(g.step or "") == "combat":
        declared = g.combat_attackers_declared
        g.end_combat()
        g.combat_attackers_declared = declared   # a combat step narrated after it is out of order, nothing else
    if g.step is not None and not g.between_steps:
        g.passed = set(g.players)   # the step ends without anyone getting priority
        end_step(r, stmt)
    g.plan = [PlanEntry("cleanup step", TURN_ENDED)]
