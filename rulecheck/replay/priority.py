"""Priority: a player passes, or all players pass (CR 117.3, 117.4, 500.2; the checks of any action taken with
priority are in tba.py). Half of a game's lines are passes, and most come in the middle of a step, where passing
can't be wrong: that case makes the tests that say so and records the pass."""

from __future__ import annotations

from .. import nodes as n
from ..game.teams import teammates
from .context import Replay
from .registry import handles
from .tba import PRIORITY_CHECKS, acting_without_priority, first_priority, no_priority, other_event, pending_trigger


def priority_action(r: Replay, stmt: n.Statement, player: str, doing: str) -> None:
    """A player passes: the checks of any action taken with priority. `doing` completes the message
    ("passes priority" or, with `player` empty, "players pass priority")."""
    if r.first_other is not None and r.priority_used and not r.game.pending and not acting_without_priority(r):
        return   # the usual case: the step is under way and nothing can be wrong with passing (each test below)
    _first_action(r, stmt, player, doing)


def _first_action(r: Replay, stmt: n.Statement, player: str, doing: str) -> None:
    g = r.game
    if r.first_other is None:
        other_event(r, stmt)
    flagged = (acting_without_priority(r) and no_priority(r, stmt, f"{player} {doing}".lstrip())) \
        or (bool(g.pending) and pending_trigger(r, stmt))   # (the message is written only for a finding)
    if not r.priority_used and r.resolving is None:   # (first_priority's own first test)
        first_priority(r, stmt, player or g.active, quiet=flagged)


@handles(n.PassPriority, checks=PRIORITY_CHECKS)
def pass_priority(r: Replay, stmt: n.PassPriority) -> None:
    g = r.game
    player = stmt.player.text
    if player not in g.pstate:
        g.player(stmt.player)   # an unknown name
    priority_action(r, stmt, player, "passes priority")
    if g.teamed:
        g.passed.update(teammates(g, player))   # a team passes, not its players (805.5b)
    else:
        g.passed.add(player)


@handles(n.AllPass, checks=PRIORITY_CHECKS)
def all_pass(r: Replay, stmt: n.AllPass) -> None:
    priority_action(r, stmt, "", "players pass priority")
    r.game.passed = set(r.game.players)
