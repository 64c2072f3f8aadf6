"""Turning a face-down permanent face up (baseline 115.2b and 702.35d, current 116.2b and 702.37e, 2003 408.2h): a
special action its controller takes any time they have priority (taken where nobody has priority, it breaks that
moment's rule first: 502.3 in the untap step, 514.3 in a cleanup step without priority), without the stack, paying
the morph (or megamorph, or disguise) cost; from then on it has its card's characteristics, still the same
permanent (current 708.8), in combat too."""

from __future__ import annotations

import re

from .. import nodes as n
from ..game.counters import turn_face_up
from ..game.steps import mana_symbols
from .context import Replay
from .costs import pay_from_pool
from .registry import handles
from .tba import acting_without_priority, no_priority

SPECIAL_ACTION = "115.2b"
MORPH = "702.35d"
_COST = re.compile(r"\b(?:morph|megamorph|disguise)\s+((?:\{[^}\s]{1,3}\})+)", re.IGNORECASE)


@handles(n.TurnFaceUp, checks=(SPECIAL_ACTION, MORPH, "502.3", "514.3", "500.11"))
def face_up(r: Replay, stmt: n.TurnFaceUp) -> None:
    g = r.game
    player = g.player(stmt.player)
    p = g.perm(stmt.permanent)
    card = p.face_up_card
    if card is None:
        r.state(stmt.permanent, stmt.span.line, f"{p.name} is not face down, so it can't be turned face up")
        return
    if p.controller != player:
        r.flag(stmt, MORPH, f"{player} turns {p.name} face up, but it is {p.controller}'s: only the controller of a "
                            "face-down permanent may turn it face up", (SPECIAL_ACTION,))
    elif acting_without_priority(r):   # the moment's own rule (502.3, 514.3, 500.11) first, the special action's
        no_priority(r, stmt, f"{player} turns {p.name} face up, a special action taken only with priority,",
                    (SPECIAL_ACTION,))
    elif r.resolving is not None and r.resolving_line == stmt.span.line:
        r.flag(stmt, SPECIAL_ACTION, f"{player} turns {p.name} face up while {r.resolving.source} resolves; a "
                                     "special action is taken only with priority, not during a resolution")
    else:
        _judge_cost(r, stmt, p.name, [a.text for a in card.abilities])
    if stmt.cost is not None:
        pay_from_pool(r, player, stmt.cost, stmt.from_pool)
    g.note_stack_change()   # an action with priority: the players' passes in succession start again
    turn_face_up(g, p)


def _judge_cost(r: Replay, stmt: n.TurnFaceUp, name: str, texts: list[str]) -> None:
    """The cost paid is the one its morph (megamorph, disguise) ability names; without one it is not judged."""
    costs = [m.group(1) for t in texts for m in [_COST.search(t)] if m is not None]
    if not costs or stmt.cost is None:
        return
    if sorted(mana_symbols(stmt.cost)) not in [sorted(mana_symbols(c)) for c in costs]:
        r.flag(stmt, MORPH, f"turning {name} face up costs {' or '.join(costs)}, its morph cost, not {stmt.cost}",
               (SPECIAL_ACTION,))
