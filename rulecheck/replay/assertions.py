"""State assertions (`Grizzly Bears is 3/3`, `Alice has 4 cards in hand`): checked against the replayed game,
or, right after a resolution, taken as what the resolution did."""

from __future__ import annotations

from .. import nodes as n
from ..game.counters import MINUS, PLUS, released
from ..game.objects import Permanent
from ..game.unknown_pt import pt_unknown
from ..game.zones import ZONES
from .combat.triggers import became_blocked
from .context import Replay
from .counters import ANNIHILATE
from .registry import handles
from .tba import assume_tbas
from .unread import explains_assertion, may_have_stayed_tapped


def _status_effect(r: Replay, stmt: n.AssertStatus) -> None:
    """'X is unblocked' after 'Y resolves;' says what the resolution did."""
    g = r.game
    p = g.perm(stmt.permanent)
    if g.battlefield.get(p.pid) is p:
        g.marked[p.pid] = p   # (game/marks.py)
    if stmt.status in ("tapped", "untapped"):
        p.tapped = stmt.status == "tapped"
        p.told_tapped = stmt.span.line if p.tapped else p.told_tapped
        if not p.tapped:
            released(g, p)
    elif stmt.status == "unblocked":
        p.blocked = False
    elif stmt.status == "blocked":
        if not p.blocked:
            became_blocked(r, p, None)
        p.blocked = True


@handles(n.AssertPT, n.AssertCount, checks=("500.5", "514.2", "511.3", "2003:300.3", ANNIHILATE))
def assertion(r: Replay, stmt: n.AssertPT | n.AssertStatus | n.AssertCount) -> None:
    """A statement of the game's state, judged against the replay. Turn-based actions not narrated happen as
    their step begins, before anything else: an assertion that the state before them would refute is judged
    again once they are taken as done (the combat damage of a step whose first line says the life totals)."""
    problem = _judge(r, stmt)
    if problem is not None and _tbas_pending(r):
        assume_tbas(r)
        problem = _judge(r, stmt)
    if problem is not None and problem[0] == "assert" and _told(r, stmt):
        problem = None   # unread text may have made it so: taken as told (unread.py)
    if problem is not None:
        key, message = problem
        r.flag(stmt, key, message)
    if isinstance(stmt, n.AssertCount) and stmt.what == "life":
        r.mana_burned.pop(stmt.subject.text, None)


def _told(r: Replay, stmt: n.AssertPT | n.AssertStatus | n.AssertCount) -> bool:
    """A player's hand or life, or a permanent tapped or untapped, that unread text may have made what the
    transcript says: the replay goes on from it."""
    g = r.game
    what = stmt.status if isinstance(stmt, n.AssertStatus) else "pt" if isinstance(stmt, n.AssertPT) else \
        stmt.what if stmt.subject.text in g.pstate else "counters" if stmt.what.endswith("counters") or \
        stmt.what.endswith("counter") else ""
    if not explains_assertion(g, r.resolved_unread, what):
        return False
    if isinstance(stmt, n.AssertStatus):
        _status_effect(r, stmt)
    elif isinstance(stmt, n.AssertCount):
        _adopt(r, stmt)
    else:   # +1/+1 or -1/-1 counters put by text the replay doesn't read: as many as the difference says
        p = g.find_perm(stmt.permanent)
        power, toughness = g.pt(p) if p is not None else (0, 0)
        if p is None or stmt.power - power != stmt.toughness - toughness or stmt.power == power:
            return False
        kind, more = (PLUS, stmt.power - power) if stmt.power > power else (MINUS, power - stmt.power)
        p.counters[kind] = p.counters.get(kind, 0) + more
    return True


def _tbas_pending(r: Replay) -> bool:
    g = r.game
    return g.step is not None and not g.between_steps and any(k not in r.tba_done for k in g.step_tbas())


def _judge(r: Replay, stmt: n.AssertPT | n.AssertStatus | n.AssertCount) -> tuple[str, str] | None:
    """What is wrong with the assertion in the replayed game now (rule key and message), or None."""
    g = r.game
    subject = stmt.subject if isinstance(stmt, n.AssertCount) else stmt.permanent
    if subject.text in g.uncertain and isinstance(stmt, n.AssertCount) and stmt.what in ("life", "damage"):
        _adopt(r, stmt)   # dealt damage the replay couldn't compute: the transcript says what it is
        return None
    if r.unknown_effect is not None:
        # right after a resolution whose effect the replay doesn't know: the transcript says what it did
        if isinstance(stmt, n.AssertCount):
            _adopt(r, stmt)
        return None
    if isinstance(stmt, n.AssertCount) and stmt.subject.text in g.pstate:
        ps = g.pstate[stmt.subject.text]
        if stmt.what.endswith(("counter", "counters")):   # poison and the other player counters (current 122.1)
            kind = stmt.what.rsplit(" ", 1)[0]
            had = ps.counters.get(kind, 0) if kind in ps.known_counters else None   # once the setup gave them
            if had is not None and had != stmt.count:
                return "assert", f"{ps.name} has {had} {kind} counters in the replay, not {stmt.count}"
            return None
        actual: int | None = ps.hand if stmt.what == "hand" else ps.life if stmt.what == "life" else \
            ps.zones.count(stmt.what) if stmt.what in ZONES else None
        burned = r.mana_burned.get(ps.name, (0, 0))[0] if stmt.what == "life" else 0
        if burned and actual is not None and stmt.count == actual + burned:
            return "2003:300.3", (f"{stmt.subject.text} has {actual} life in the replay, not {stmt.count}: "
                                  f"{burned} unused mana left in the pool as a phase ended burned "
                                  f"{stmt.subject.text} for {burned} life")
        if actual is not None and actual != stmt.count:
            what = "cards in hand" if stmt.what == "hand" else "life" if stmt.what == "life" else \
                f"card{'' if actual == 1 else 's'} in {stmt.what}"
            shared = f" (the life total {' & '.join(ps.team)} share)" if ps.team and stmt.what == "life" else ""
            return "assert", f"{stmt.subject.text} has {actual} {what} in the replay, not {stmt.count}{shared}"
        return None
    p = g.find_perm(stmt.subject if isinstance(stmt, n.AssertCount) else stmt.permanent)
    if p is None:
        return None
    if isinstance(stmt, n.AssertPT) and pt_unknown(g, p):
        return None   # defined by an ability the game can't compute: the transcript's word is not judged
    if isinstance(stmt, n.AssertPT):
        pw, tg = g.pt(p)
        if (pw, tg) != (stmt.power, stmt.toughness):
            for when, key in (("end of combat", "500.5"), ("cleanup", "514.2")):
                gone = [e for e, w in g.expired.get(p.pid, []) if w == when and (e.power or e.toughness)]
                if gone and (pw + sum(e.power for e in gone), tg + sum(e.toughness for e in gone)) == \
                        (stmt.power, stmt.toughness):
                    ended = "when the combat phase ended" if when == "end of combat" else "in the cleanup step"
                    return key, (f"{p.name} is {pw}/{tg}, not {stmt.power}/{stmt.toughness}: "
                                 f"{' and '.join(e.label for e in gone)} ended {ended}")
            return "assert", f"{p.name} is {pw}/{tg} in the replay, not {stmt.power}/{stmt.toughness}"
    elif isinstance(stmt, n.AssertStatus):
        truth = {"tapped": p.tapped, "untapped": not p.tapped, "attacking": p.in_combat and p.attacking is not None,
                 "blocking": p.in_combat and bool(p.blocking), "blocked": bool(p.blocked),
                 "unblocked": p.attacking is not None and not p.blocked}[stmt.status]
        if not truth and p.left_combat_at_end and stmt.status in ("attacking", "blocking", "blocked", "unblocked"):
            return "511.3", (f"{p.name} is not {stmt.status}: every creature left combat as the end of combat "
                             "step ended")
        if not truth and stmt.status == "tapped" and (p.new and p.entered_serial == g.step_serial and any(
                a.kind == "text" and "tapped" in a.text.lower() for a in p.card.abilities)
                or may_have_stayed_tapped(g, r.resolved_unread, p)):
            p.tapped = True   # unread text may make it enter tapped ("… unless …") or keep it tapped: as told
            truth = True
        if not truth:
            return "assert", f"{p.name} is not {stmt.status} in the replay"
        if stmt.status == "tapped":
            p.told_tapped = stmt.span.line   # what unread text resolved before this did is told (unread.py)
    elif stmt.what == "damage" and p.damage != stmt.count:
        if p.damage == 0 and g.damage_removed.get(p.pid) == stmt.count:
            return "514.2", (f"{p.name} has no damage, not {stmt.count}: damage is removed from permanents in "
                             "the cleanup step")
        return "assert", f"{p.name} has {p.damage} damage in the replay, not {stmt.count}"
    elif stmt.what == "loyalty":
        loyalty = p.counters.get("loyalty", p.card.loyalty or 0)
        if loyalty != stmt.count:
            return "assert", f"{p.name} has {loyalty} loyalty in the replay, not {stmt.count}"
    elif stmt.what.endswith(("counter", "counters")):
        return _counters_problem(r, p, stmt)
    return None


def _counters_problem(r: Replay, p: Permanent, stmt: n.AssertCount) -> tuple[str, str] | None:
    """`X has N KIND counters`: +1/+1 and -1/-1 counters are always known (they are in its power and toughness);
    other kinds once the replay knows how many there are: the setup gave them, or they came with it as it entered
    (unread text may put counters on a permanent, so narrated ones are a lower bound otherwise)."""
    kind = stmt.what.rsplit(" ", 1)[0]
    known = kind in (PLUS, MINUS) or kind in p.known_counters or kind in ("defense", "lore") and kind in p.counters
    have = p.counters.get(kind, 0) if known else None
    if have is None or have == stmt.count:
        return None
    serial, pairs = p.annihilated
    if kind in (PLUS, MINUS) and pairs and serial == r.game.step_serial and stmt.count == have + pairs:
        return ANNIHILATE, (f"{p.name} has {have} {kind} counters, not {stmt.count}: its +1/+1 and -1/-1 counters "
                            f"annihilated ({pairs} of each) as a state-based action")
    return "assert", f"{p.name} has {have} {kind} counters in the replay, not {stmt.count}"


@handles(n.AssertStatus, checks=("511.3",))
def status(r: Replay, stmt: n.AssertStatus) -> None:
    if r.resolving is not None or (r.unknown_effect is not None and stmt.status in ("tapped", "untapped")):
        _status_effect(r, stmt)
    else:
        assertion(r, stmt)


def _adopt(r: Replay, stmt: n.AssertCount) -> None:
    """A count the replay lost track of (damage from a creature whose power it can't compute, or whatever a
    resolution with an unknown effect changed) is what the transcript says; the replay goes on from it."""
    g = r.game
    name = stmt.subject.text
    g.uncertain.discard(name)
    if name in g.pstate:
        ps = g.pstate[name]
        if stmt.what.endswith(("counter", "counters")):
            ps.counters[stmt.what.rsplit(" ", 1)[0]] = stmt.count
            ps.known_counters.add(stmt.what.rsplit(" ", 1)[0])
        elif stmt.what == "life":
            ps.life = stmt.count
        elif stmt.what == "hand":
            ps.hand = stmt.count
        elif stmt.what in ZONES:
            ps.zones.set_count(stmt.what, stmt.count)
        return
    p = g.find_perm(stmt.subject)
    if p is None:
        return
    if g.battlefield.get(p.pid) is p:
        g.marked[p.pid] = p   # damage, or a counter (game/marks.py)
    if stmt.what == "damage":
        p.damage = stmt.count
    elif stmt.what == "loyalty":
        p.counters["loyalty"] = stmt.count
    elif stmt.what.endswith(("counter", "counters")):
        p.counters[stmt.what.rsplit(" ", 1)[0]] = stmt.count
        p.known_counters.add(stmt.what.rsplit(" ", 1)[0])
