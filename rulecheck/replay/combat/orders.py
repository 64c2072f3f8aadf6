"""Damage assignment orders (509.2, 509.3) and placing a creature that joins a combat in them (509.6, 509.7)."""

from __future__ import annotations

from ... import nodes as n
from ...game.objects import Permanent
from ...game.teams import is_active
from ..context import Replay
from ..registry import handles
from ..tba import in_step, tba


@handles(n.DamageOrder, checks=("edition", "509.2", "509.3", "509.2a", "509.3a", "509.6", "509.7", "703.4h",
                                "703.4i"))
def damage_order(r: Replay, stmt: n.DamageOrder) -> None:
    g = r.game
    if not r.edition.has_damage_assignment_order:
        r.flag(stmt, "edition", f"the {r.edition.name} edition has no damage assignment order: each creature "
                                "divides its combat damage among the creatures it fights as its controller chooses, "
                                "so there is no order to announce")
        return
    player = g.player(stmt.player)
    creature = g.perm(stmt.creature)
    order = [g.perm(ref) for ref in stmt.order]
    kind = "order_attackers" if stmt.of_blockers else "order_blockers"
    rule = "509.2" if stmt.of_blockers else "509.3"
    current = creature.blockers if stmt.of_blockers else creature.blocking
    names = {g.by_pid(pid).name for pid in current if g.by_pid(pid) is not None}  # type: ignore[union-attr]
    given = [p.name for p in order]
    placement = creature.pid in g.placement_pending
    # the active team announces the orders of the attackers it controls (810.7e)
    expected_player = (player if is_active(g, player) else g.active) if stmt.of_blockers else creature.controller
    if placement:
        g.placement_pending.discard(creature.pid)
        if player != expected_player:
            newcomer_put = _put_blocking(r, creature)
            r.flag(stmt, "509.7" if newcomer_put else "509.6",
                   f"{player} announces the placement in {creature.name}'s damage assignment order, but "
                   f"{expected_player} does")
        old = [g.by_pid(pid) for pid in current]
        old_names = [p.name for p in old if p is not None and p.pid not in g.placement_pending]
        kept = [x for x in given if x in old_names]
        if set(given) == names and kept != [x for x in old_names if x in given]:
            r.flag(stmt, "509.6" if not _put_blocking(r, creature) else "509.7",
                   f"placing the new creature in {creature.name}'s damage assignment order may not change the "
                   f"relative order of the others ({', '.join(old_names)})")
    elif creature.pid in g.orders_announced:
        # announced again (after a creature left combat, say): the remaining creatures keep their order
        before = [p.name for p in (g.by_pid(pid) for pid in current) if p is not None]
        if [x for x in given if x in before] != [x for x in before if x in given]:
            r.flag(stmt, rule + "a", f"{creature.name}'s damage assignment order was announced as "
                                     f"{', '.join(before)}; when a creature leaves combat the others keep their "
                                     "relative order, so it can't be announced anew in another order")
    else:
        g.orders_announced.add(creature.pid)
        if not in_step(r, "declare blockers step", stmt, kind):
            pass
        else:
            tba(r, kind, stmt)
        if player != expected_player:
            r.flag(stmt, rule, f"{player} announces {creature.name}'s damage assignment order, but "
                               f"{expected_player} does")
        elif set(given) != names or len(given) != len(set(given)):
            missing = sorted(names - set(given))
            extra = sorted(set(given) - names)
            what = "blocking it" if stmt.of_blockers else "it is blocking"
            if missing:
                r.flag(stmt, rule, f"{creature.name}'s damage assignment order must list every creature {what}; "
                                   f"{', '.join(missing)} is left out")
            elif extra:
                r.flag(stmt, rule, f"{', '.join(extra)} is not a creature {what}, so it can't be in "
                                   f"{creature.name}'s damage assignment order")
            else:
                r.flag(stmt, rule, f"{creature.name}'s damage assignment order lists a creature twice")
    pids = [p.pid for p in order if p.pid in current]
    rest = [pid for pid in current if pid not in pids]
    g.marked[creature.pid] = creature   # (game/marks.py)
    if stmt.of_blockers:
        creature.blockers = pids + rest
    else:
        creature.blocking = pids + rest


def _put_blocking(r: Replay, attacker: Permanent) -> bool:
    g = r.game
    blockers = [g.by_pid(pid) for pid in attacker.blockers]
    return any(b is not None and not b.declared_blocker and b.entered_serial == g.step_serial for b in blockers)
