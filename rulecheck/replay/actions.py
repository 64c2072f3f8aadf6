"""Keyword actions of 701 that reach into combat and the effects that change what a permanent is (613): losing
all abilities, goad (current 701.15), exert (current 701.43), crewing a Vehicle (current 702.122)."""

from __future__ import annotations

from .. import nodes as n
from ..game.actions import crew as become_crewed
from ..game.actions import exert as exert_it
from ..game.actions import goad as goad_it
from ..game.combat import keyword_name
from ..game.objects import Effect, Permanent
from ..game.unknown_pt import pt_unknown
from .context import Replay
from .effects import _condition
from .registry import handles
from .tba import other_event

CREW = "current:702.122"


@handles(n.LoseAbilities, when="any")
def lose_abilities(r: Replay, stmt: n.LoseAbilities) -> None:
    """It loses every ability it has now, printed or granted; an ability granted by a later effect is kept
    (613, layer 6, timestamp order). A power and toughness set by its own ability (`*/*`) stays unknown."""
    p = r.game.perm(stmt.target)
    r.game.add_effect(Effect(p.pid, duration=stmt.duration, line=stmt.span.line, label="loses all abilities",
                             lose_all=True, condition=_condition(r, stmt.condition)))


@handles(n.Goad)
def goad(r: Replay, stmt: n.Goad) -> None:
    """Until the goading player's next turn the creature attacks each combat if able, and a player other than
    the goading player if able (requirements judged with the attack declaration, 508.1d)."""
    g = r.game
    player = g.player(stmt.player)
    for ref in stmt.creatures:
        goad_it(g, g.perm(ref), player, stmt.span.line)


@handles(n.Exert)
def exert(r: Replay, stmt: n.Exert) -> None:
    """It doesn't untap during its controller's next untap step (a narrated untap is then 502.2)."""
    g = r.game
    g.player(stmt.player)
    for ref in stmt.creatures:
        exert_it(g, g.perm(ref), stmt.span.line)


@handles(n.Crew, checks=(CREW,))
def crew(r: Replay, stmt: n.Crew) -> None:
    """The crew cost: other untapped creatures the player controls, with total power at least N, become tapped;
    the Vehicle becomes an artifact creature until end of turn."""
    g = r.game
    player = g.player(stmt.player)
    vehicle = g.perm(stmt.vehicle)
    other_event(r, stmt)
    crew_n = next((int(t.split()[-1]) for t in g.ability_texts(vehicle) if keyword_name(t) == "crew"), None)
    crew = [g.perm(ref, prefer=lambda q: q.controller == player and not q.tapped) for ref in stmt.crew]
    problem = next((_why_not_crew(q, vehicle, player) for q in crew if _why_not_crew(q, vehicle, player)), None)
    if problem is not None:
        r.flag(stmt, CREW, f"{player} crews {vehicle.name} with {problem}; crewing taps other untapped creatures "
                           f"{player} controls")
    elif crew_n is not None and not g.abilities_unknown and not any(pt_unknown(g, q) for q in crew):
        power = sum(max(g.pt(q)[0], 0) for q in crew)
        if power < crew_n:
            r.flag(stmt, CREW, f"{player} crews {vehicle.name} (crew {crew_n}) with creatures of total power "
                               f"{power}; they need total power {crew_n} or greater")
    for q in crew:
        q.tapped = True
    become_crewed(g, vehicle, stmt.span.line)


def _why_not_crew(q: Permanent, vehicle: Permanent, player: str) -> str | None:
    if q is vehicle:
        return f"{q.name} itself"
    if not q.is_creature():
        return f"{q.name}, which is not a creature"
    if q.controller != player:
        return f"{q.name}, which is {q.controller}'s"
    return f"{q.name}, which is tapped" if q.tapped else None
