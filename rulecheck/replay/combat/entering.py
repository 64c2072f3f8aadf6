"""A permanent put onto the battlefield, perhaps attacking or blocking (506.3, 508.4, 509.7)."""

from __future__ import annotations

from ... import nodes as n
from ...game.combat import BLOCKED_BY_A_CREATURE, attacked_player, defending_player_of, has_trigger
from ...game.counters import add_counters
from ...game.objects import Permanent, PlanEntry
from ...game.steps import STEP_PHASE
from ...game.teams import is_active, opponents
from ..cardtext import made_token, returned
from ..context import Replay
from ..registry import handles
from ..zone_moves import put_from_zone
from .triggers import became_blocked, owe

MAX_TOKENS = 10_000   # tokens created by one statement that the replay makes (the rest would only cost memory)


@handles(n.PutOntoBattlefield, checks=("509.4", "508.4"))
def put_onto_battlefield(r: Replay, stmt: n.PutOntoBattlefield) -> None:
    g = r.game
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    ps = g.pstate[player]
    if not stmt.token and (stmt.from_zone not in (None, "hand") or ps.zones.take_found(card.name)):
        put_from_zone(r, stmt, player, card.name)   # from a library searched, a graveyard, exile
    elif not stmt.token:
        if card.name in ps.hand_cards:
            ps.hand_cards.remove(card.name)
        if ps.hand is not None and ps.hand > 0 and r.resolving is not None:
            ps.hand -= 1
    count = stmt.count
    if count > MAX_TOKENS:
        r.warn(stmt, "token-limit", f"{count} tokens at once is more than rulecheck replays; it replays "
                                    f"{MAX_TOKENS} of them")
        count = MAX_TOKENS
    for _ in range(count):
        p = g.new_perm(card.name, card, player, new=True, token=stmt.token)
        if r.returns_with is not None and r.resolving is not None:
            returned(r, p)   # "return it ... with a +1/+1 counter on it": a new object with that counter (400.7)
        if stmt.token:
            made_token(r, p)
        enter_as_told(r, stmt, p, player)


def _attacks_a_defender(r: Replay, stmt: n.PutOntoBattlefield | n.Resolve, p: Permanent, target: str) -> None:
    """508.4: a creature put onto the battlefield attacking attacks a defending player, or a planeswalker one of
    them controls; the transcript's choice stands either way."""
    g = r.game
    defending = g.defenders or opponents(g, g.active)
    q = None if target in g.pstate else g.named(target)
    whose = target if q is None else attacked_player(g, q)
    if q is not None and q.card.is_("battle") and whose is None:
        return   # a battle whose protector isn't known: not judged
    if whose in defending and (q is None or q.card.is_("planeswalker") or q.card.is_("battle")):
        return
    what = f"{target}, who is not a defending player" if q is None else \
        f"{target}, which is not a planeswalker a defending player controls"
    r.flag(stmt, "508.4", f"{p.name} is put onto the battlefield attacking {what}; it can attack only "
                          f"{' or '.join(defending)} or a planeswalker they control")


def enter_as_told(r: Replay, stmt: n.PutOntoBattlefield | n.Resolve, p: Permanent, player: str) -> None:
    """It enters tapped, attacking or blocking as the statement says (a put, a created token, a permanent spell
    that resolves onto the battlefield attacking)."""
    g = r.game
    p.tapped = stmt.tapped or p.tapped   # (its text may make it enter tapped)
    for kind, count in stmt.counters:   # "with two +1/+1 counters on it" (current 122.6)
        add_counters(g, p, kind, count)
        p.known_counters.add(kind)
    if stmt.attacking is not None:
        target = stmt.attacking.text
        gone = target not in g.pstate and g.named(target) is None
        if not p.is_creature():
            r.not_in_combat[p.pid] = ("506.3a",
                                     f"{p.name} is not a creature, so it entered the battlefield but was never "
                                         "attacking")
        elif not is_active(g, player):
            r.not_in_combat[p.pid] = ("506.3b",
                                     f"{p.name} entered the battlefield under {player}'s control, who is not "
                                         "the attacking player, so it was never attacking")
        elif gone:
            r.not_in_combat[p.pid] = ("508.4a",
                                     f"{p.name} was put onto the battlefield attacking {target}, which was "
                                         "already gone, so it was never attacking")
        elif STEP_PHASE.get(g.step or "") == "combat":
            _attacks_a_defender(r, stmt, p, target)
        if p.is_creature() and is_active(g, player) and not gone and STEP_PHASE.get(g.step or "") == "combat":
            p.attacking = target
            p.in_combat = True
            p.attacked = False
            g.marked[p.pid] = p   # (game/marks.py)
            if g.step == "declare attackers step" and not g.combat_attackers_declared:
                # 508.6: a creature put onto the battlefield attacking keeps the blockers and damage steps
                g.plan[0:0] = [PlanEntry("declare blockers step"), PlanEntry("combat damage step")]
            g.combat_attackers_declared = True
    if stmt.blocking is not None:
        a = g.perm(stmt.blocking)
        if not p.is_creature():
            r.not_in_combat[p.pid] = ("506.3a",
                                     f"{p.name} is not a creature, so it entered the battlefield but was never "
                                         "blocking")
        elif defending_player_of(g, a) != player:
            r.not_in_combat[p.pid] = ("506.3d",
                                     f"{a.name} is not attacking {player} or a planeswalker {player} controls, "
                                         f"so {p.name} entered the battlefield but was never blocking")
        if p.is_creature() and defending_player_of(g, a) == player:
            p.in_combat = True
            p.entered_blocking = True
            g.marked[p.pid] = p
            g.marked[a.pid] = a
            if not a.blocked:
                became_blocked(r, a, [p])
            if has_trigger(a, BLOCKED_BY_A_CREATURE):
                owe(r, a, BLOCKED_BY_A_CREATURE, "509.4", f"when {p.name} entered the battlefield blocking it")
            p.blocking = [a.pid]
            a.blockers.append(p.pid)
            a.blocked = True
            g.placement_pending.add(a.pid)
            g.placement_pending.add(p.pid)
    if g.step == "end step":
        p.entered_serial = g.step_serial
