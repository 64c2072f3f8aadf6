"""The permanents with a mark that a turn's start, a combat's beginning or end, or the cleanup resets, indexed.

A turn resets what each permanent did in it (it is no longer new, it has not attacked, no loyalty ability was
used), a combat's beginning and end what it did in combat, and the cleanup its damage. Walking the whole
battlefield four times a turn made a turn cost in proportion to the permanents on it, though most of them (the
lands, the creatures that stayed home) carry no mark to reset. So the code that sets a mark also puts the
permanent in `Game.marked` (``g.marked[p.pid] = p``: entering new, attacking, blocking, being removed from combat,
damage, a deathtouch hit, a loyalty ability, a control change, the setup), and the four resets walk only that
index; a turn's start drops the permanents that have nothing left to reset. Marking a permanent that needs no
reset is harmless; missing one is a bug, which `tests/test_ordinary.py` looks for: with `CHECK` a list, each walk
first records every permanent on the battlefield with a mark that is not in the index.
"""

from __future__ import annotations

from typing import Protocol

from .objects import Permanent


class Game(Protocol):
    """What the resets read of the game (`game.Game`, which imports this module)."""

    marked: dict[int, Permanent]
    battlefield: dict[int, Permanent]
    damage_removed: dict[int, int]
    line: int

CHECK: list[str] | None = None   # tests: each walk records here the marked permanents missing from the index


def has_mark(p: Permanent) -> bool:
    """Whether one of the four resets would change the permanent (what the index must hold)."""
    return p.new or p.attacked or p.left_combat_at_end or p.loyalty_used or p.removed_from_combat \
        or p.declared_blocker or p.blocked_by_declaration or _combat_or_damage(p)


def _combat_or_damage(p: Permanent) -> bool:
    return p.in_combat or p.attacking is not None or bool(p.blocking) or bool(p.blockers) \
        or p.blocked is not None or bool(p.band) or bool(p.damage) or bool(p.counters.get("deathtouch-damage"))


def _check(g: Game, where: str) -> None:
    """(tests) Record the permanents on the battlefield with a mark that the index misses."""
    if CHECK is not None:
        CHECK.extend(f"{where}: {p.name} (line {g.line}) is not indexed" for p in g.battlefield.values()
                     if p.pid not in g.marked and has_mark(p))
        CHECK.extend(f"{where}: {p.name} (line {g.line}) is indexed off the battlefield"
                     for pid, p in g.marked.items() if g.battlefield.get(pid) is not p)


def begin_turn(g: Game) -> None:
    """A new turn: no permanent is new, has attacked or left combat at the end of a combat, or used a loyalty
    ability this turn; the index keeps only the permanents with something else still to reset."""
    if CHECK is not None:
        _check(g, "turn")
    kept: dict[int, Permanent] = {}
    for pid, p in g.marked.items():
        p.new = False
        p.attacked = False
        p.left_combat_at_end = False
        p.loyalty_used = False
        if p.removed_from_combat or p.declared_blocker or p.blocked_by_declaration or _combat_or_damage(p):
            kept[pid] = p
    g.marked = kept


def begin_combat(g: Game) -> None:
    """A combat begins: nothing has been removed from it or declared in it yet."""
    if CHECK is not None:
        _check(g, "beginning of combat")
    for p in g.marked.values():
        p.removed_from_combat = False
        p.declared_blocker = False
        p.blocked_by_declaration = False


def end_combat(g: Game) -> None:
    """Every creature leaves combat."""
    if CHECK is not None:
        _check(g, "end of combat")
    for p in g.marked.values():
        if p.in_combat or p.attacking is not None or p.blocking:
            p.left_combat_at_end = True
        elif not (p.blockers or p.blocked is not None or p.band):
            continue   # not in this combat: nothing to reset
        p.in_combat = False
        p.attacking = None
        p.blocking = []
        p.blockers = []
        p.blocked = None
        p.band = 0


def cleanup(g: Game) -> None:
    """Damage wears off (and the deathtouch that came with it)."""
    if CHECK is not None:
        _check(g, "cleanup")
    for p in g.marked.values():
        if p.damage:
            g.damage_removed[p.pid] = p.damage
            p.damage = 0
        if p.counters:
            p.counters.pop("deathtouch-damage", None)
