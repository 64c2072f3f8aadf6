"""The state of a replayed game as plain data (JSON-ready dicts and lists), read section by section.

Each section has its own small function, so that a new mechanic of the game model (a counter, a designation)
is one more field in one function. Everything here only reads the game and the replay's context; nothing
changes them. The shape is described by docs/trace.schema.json.
"""

from __future__ import annotations

from typing import Any

from ..game.game import Game
from ..game.objects import PendingTrigger, Permanent, PlayerState, StackItem
from ..game.steps import PRIORITY_STEPS, STEP_PHASE
from ..game.teams import has_teams, whose_turn
from ..game.zones import Pile
from ..replay.context import Replay

State = dict[str, Any]


class PermanentReader:
    """`permanent_section`, made again only for a permanent whose `permanent_key` changed: most lines change one
    or two permanents of a board of twenty, and building each one's section on every line was most of a trace's
    time. The sections it returns for an unchanged permanent are the same objects as before."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def __call__(self, g: Game) -> dict[str, Any]:
        out = {}
        seen = self._seen
        now: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        for p in g.battlefield.values():
            key = permanent_key(g, p)
            old = seen.get(p.pid)
            section = old[1] if old is not None and old[0] == key else permanent_section(g, p)
            now[p.pid] = (key, section)
            out[str(p.pid)] = section
        self._seen = now
        return out


class ZoneReader:
    """`zone_section`, made again only for a pile whose `zone_key` changed: a player's four zones are read after
    every line, and most lines change none of them. An unchanged zone's section is the same object as before, so
    the states a trace keeps share it."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def __call__(self, pile: Pile) -> dict[str, Any]:
        key = zone_key(pile)
        old = self._seen.get(id(pile))
        if old is not None and old[0] == key:
            return old[1]
        section = zone_section(pile)
        self._seen[id(pile)] = (key, section)
        return section


def zone_key(pile: Pile) -> tuple[Any, ...]:
    """Everything `zone_section` reads, cheaply: a field added there is added here."""
    cards = pile.cards
    return (pile.count, len(cards), id(cards[-1]) if cards else 0,
            tuple((id(c), c.face_down, tuple(c.counters.items())) for c in cards[-ZONE_CARDS_SHOWN:] if c.counters))


def snapshot(r: Replay, permanents: PermanentReader | None = None, zones: ZoneReader | None = None) -> State:
    """The whole state after a line: the turn, the players, the permanents (by id), the stack, the triggers
    waiting for it, and a combat declaration still being written."""
    g = r.game
    return {
        "turn": turn_section(r),
        # every seat, in turn order: a player who left the game stays, marked `left`
        "players": [player_section(g, ps, zones) for ps in g.pstate.values() if ps.name in g.players or ps.left],
        "permanents": permanents(g) if permanents is not None else
        {str(p.pid): permanent_section(g, p) for p in g.battlefield.values()},
        "stack": [stack_item(item) for item in g.stack],
        "pending": [pending_trigger(t) for t in g.pending],
        "declaring": declaring_section(r),
    }


def turn_section(r: Replay) -> dict[str, Any]:
    g = r.game
    step = g.step
    return {
        "edition": r.edition.name,
        "number": g.turn or None,
        "active": (whose_turn(g) if has_teams(g) else g.active) or None,   # a team's turn: 'Alice & Anna'
        "phase": _phase(step) if step else None,
        "step": step,
        "between": "turns" if g.between_turns else "steps" if g.between_steps else None,
        "priority": priority_holder(r),
    }


def _phase(step: str) -> str:
    phase = STEP_PHASE.get(step)
    if phase is None:
        return step
    return {"main": step, "beginning": "beginning phase", "combat": "combat phase", "ending": "ending phase"}[phase]


def priority_holder(r: Replay) -> str | None:
    """Who has priority, where the transcript makes it known: the active player before anyone has acted in a
    step; in a transcript that narrates every pass, the player after an unbroken run of passes in turn order.
    None when nobody has it (untap step, between steps) or it is not known."""
    g = r.game
    if not g.started or g.step is None or g.between_steps or g.between_turns or g.step not in PRIORITY_STEPS:
        return None
    if g.pending:
        return None
    if not r.priority_used and not g.passed:
        return g.active or None
    if g.mode != "explicit" or not g.passed or g.all_passed() or g.active not in g.players:
        return None
    order = g.players[g.players.index(g.active):] + g.players[:g.players.index(g.active)]
    # the passers must be one run in turn order; the next player after it has priority
    for start in range(len(order)):
        run = [order[(start + i) % len(order)] for i in range(len(g.passed))]
        if set(run) == g.passed:
            return order[(start + len(run)) % len(order)]
    return None


def player_section(g: Game, ps: PlayerState, zones: ZoneReader | None = None) -> dict[str, Any]:
    read = zones or zone_section
    return {
        "name": ps.name,
        "life": ps.life,
        "mana": "".join("{" + sym + "}" for sym in ps.pool),
        "hand": ps.hand,
        "scheme": ps.scheme,
        "counters": {k: v for k, v in ps.counters.items() if v},
        "left": ps.left or None,
        "zones": {zone: read(ps.zones.pile(zone)) for zone in _ZONES},
    }


_ZONES = ("library", "graveyard", "exile", "command")


ZONE_CARDS_SHOWN = 10   # a zone lists the cards known to be nearest its top; `more` counts the rest it knows


def zone_section(pile: Pile) -> dict[str, Any]:
    """One of a player's zones: how many cards it holds when known, and the cards known to be there, the top last
    (at most ZONE_CARDS_SHOWN of them: a long game's graveyard holds thousands, and the trace keeps a state for
    each line that changes it); a face-down card is named as the transcript named it, marked face down."""
    shown = pile.cards[-ZONE_CARDS_SHOWN:]
    return {
        "count": pile.count,
        "cards": [{"name": c.name, "face_down": c.face_down, "counters": {k: v for k, v in c.counters.items() if v}}
                  for c in shown],
        "more": len(pile.cards) - len(shown),
    }


def permanent_key(g: Game, p: Permanent) -> tuple[Any, ...]:
    """Everything `permanent_section` and `combat_section` read, cheaply: a field added there is added here."""
    return (p.name, p.controller, p.types, g.pt(p) if p.is_creature() else None, p.card.loyalty, p.damage,
            tuple(p.counters.items()) if p.counters else (), p.tapped, p.phased_out, p.token, p.attached_to, p.new,
            p.face_up_card is not None,
            p.attacking, p.blocked, tuple(p.blocking), tuple(p.blockers), p.pid in g.orders_announced,
            tuple(g.assigned.get(p.pid, ())) if g.assigned else ())


def permanent_section(g: Game, p: Permanent) -> dict[str, Any]:
    """One permanent: what it is, its power and toughness as modified, and its place in combat."""
    creature = p.is_creature()
    power, toughness = g.pt(p) if creature else (None, None)
    return {
        "id": p.pid,
        "name": p.name,
        "controller": p.controller,
        "types": list(p.types),
        "power": power,
        "toughness": toughness,
        "loyalty": loyalty(p),
        "damage": p.damage,
        "counters": {k: v for k, v in p.counters.items() if v and k != "deathtouch-damage"},
        "tapped": p.tapped,
        "phased_out": p.phased_out,
        "token": p.token,
        "attached_to": p.attached_to,
        "summoning_sick": p.new,
        "face_down": p.face_up_card is not None,
        **combat_section(g, p),
    }


def loyalty(p: Permanent) -> int | None:
    """A planeswalker's loyalty: its loyalty counters, or the printed loyalty it entered with."""
    if not p.is_("planeswalker"):
        return None
    return p.counters.get("loyalty", p.card.loyalty)


def combat_section(g: Game, p: Permanent) -> dict[str, Any]:
    """What it attacks, what it blocks, and who blocks it: blockers listed in damage assignment order once that
    order exists (`ordered`)."""
    blocking = [q.name for q in map(g.battlefield.get, p.blocking) if q is not None]
    blockers = [q.name for q in map(g.battlefield.get, p.blockers) if q is not None]
    return {
        "attacking": p.attacking,
        "blocked": p.blocked,
        "blocking": blocking,
        "blockers": blockers,
        "ordered": p.pid in g.orders_announced and len(blockers) > 1,
        "assigned": [[amount, to] for amount, to in g.assigned.get(p.pid, ())],
    }


def stack_item(item: StackItem) -> dict[str, Any]:
    return {
        "kind": item.kind,
        "source": item.source,
        "controller": item.controller,
        "text": item.trigger,
        "targets": list(item.targets),
        "line": item.line,
    }


def pending_trigger(t: PendingTrigger) -> dict[str, Any]:
    return {"source": t.source, "text": t.text, "controller": t.controller}


def declaring_section(r: Replay) -> dict[str, Any] | None:
    """An attack or block declaration written over several lines and not yet complete: what it pairs so far."""
    d = r.declaration
    if d is None:
        return None
    g = r.game
    pairs = []
    for pid, targets in d.pairs:
        p = g.battlefield.get(pid)
        if p is not None:
            pairs.append([p.name, list(targets)])
    return {"kind": d.kind, "player": d.player, "pairs": pairs}
