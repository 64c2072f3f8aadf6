"""Counters put and removed during play (baseline 121, current 122): on permanents and players, +1/+1 and -1/-1
counters annihilating as a state-based action (baseline 704.5r, current 704.5q), a stun counter replacing an untap
(current 122.1d), lore counters that reach a Saga's chapter (current 714.2b)."""

from __future__ import annotations

from .. import nodes as n
from ..game.counters import MINUS, PLUS, POISON_TO_LOSE, add_counters, annihilate, remove_counters
from ..game.objects import Permanent
from .context import Replay
from .registry import handles

ANNIHILATE = "704.5r"
STUN = "current:122.1d"


@handles(n.CounterChange, checks=(ANNIHILATE,))
def counter_change(r: Replay, stmt: n.CounterChange) -> None:
    g = r.game
    name = stmt.subject.text
    if stmt.player is not None:
        g.player(stmt.player)
    if name in g.pstate:   # poison and the other counters a player can have (current 122.1)
        ps = g.pstate[name]
        for kind, count in stmt.counters:
            ps.counters[kind] = max(0, ps.counters.get(kind, 0) + (-count if stmt.removed else count))
        if ps.counters.get("poison", 0) >= POISON_TO_LOSE:
            g.table.risk(name)   # 704.5c, at the next check
        return
    p = g.find_perm(stmt.subject)
    if p is None:
        if g.find_perm(stmt.subject, anywhere=True) is not None:
            g.perm(stmt.subject)   # it left the battlefield: a `state` diagnostic
        g.card(stmt.subject)       # a name nothing defines: a `syntax` diagnostic
        return   # a card in a zone the replay doesn't follow (a suspended card's time counters in exile)
    if stmt.removed and stmt.state_based:
        _annihilation_narrated(r, stmt, p)
    elif stmt.removed:
        if _stun_replacement_narrated(r, stmt, p):
            return
        for kind, count in stmt.counters:
            remove_counters(p, kind, count)
    else:
        for kind, count in stmt.counters:
            add_counters(g, p, kind, count)
            if kind == "lore":
                _lore_counter(r, p)


def _annihilation_narrated(r: Replay, stmt: n.CounterChange, p: Permanent) -> None:
    """`a +1/+1 counter and a -1/-1 counter are removed from X as a state-based action`: the replay removes them
    itself as soon as both kinds are on X; the narration must say what that removed."""
    g = r.game
    said = dict(stmt.counters)
    others = {k: v for k, v in said.items() if k not in (PLUS, MINUS)}
    for kind, count in others.items():
        remove_counters(p, kind, count)
    if PLUS not in said and MINUS not in said:
        return
    done = p.annihilated[1] if p.annihilated[0] == g.step_serial else 0
    if done and said.get(PLUS) == said.get(MINUS) == done:
        p.annihilated = (g.step_serial, 0)   # narrated: the removal the replay made
        return
    plus, minus = p.counters.get(PLUS, 0) + done, p.counters.get(MINUS, 0) + done
    pairs = min(plus, minus)
    if said.get(PLUS) != pairs or said.get(MINUS) != pairs:
        what = f"{plus} +1/+1 and {minus} -1/-1 counters"
        does = f"removes {pairs} of each" if pairs else "removes none (it needs both kinds)"
        r.flag(stmt, ANNIHILATE, f"{p.name} had {what}; the state-based action {does}, not "
                                 f"{said.get(PLUS, 0)} +1/+1 and {said.get(MINUS, 0)} -1/-1", ("121.3",))
    # the narration says what was removed: the replay goes on from it
    p.counters[PLUS], p.counters[MINUS] = plus, minus
    for kind in (PLUS, MINUS):
        remove_counters(p, kind, said.get(kind, 0))
    p.annihilated = (-1, 0)
    annihilate(g, p)


def _stun_replacement_narrated(r: Replay, stmt: n.CounterChange, p: Permanent) -> bool:
    """`a stun counter is removed from X` in the untap step: the replacement of X's untap (current 122.1d),
    which the replay applies as the untap happens; narrated before or after the untap, it is that same removal."""
    g = r.game
    if g.step != "untap step" or r.resolving is not None or dict(stmt.counters) != {"stun": 1} \
            or p.controller != g.active:
        return False
    serial, narrated = p.stun_replaced
    if serial == g.step_serial and not narrated:
        p.stun_replaced = (serial, True)
        return True
    if serial != g.step_serial and p.tapped and p.counters.get("stun"):
        remove_counters(p, "stun", 1)   # the replacement, narrated before the untap that it replaces
        p.stun_replaced = (g.step_serial, True)
        return True
    return False


def _lore_counter(r: Replay, p: Permanent) -> None:
    """A lore counter put on a Saga triggers the chapter ability it reaches (current 714.2b), whoever put it: its
    chapter trigger in this step is owed to a counter. (Whether the count reaches a chapter the replay doesn't know,
    so a chapter trigger that isn't narrated is not flagged.)"""
    if p.card.is_("saga") and r.edition.sagas_gain_lore:
        r.lore_added[p.pid] = r.game.step_serial
