"""`rulecheck trace` as text: each line with what it changed (compact), or the full state at one line."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Violation
from .record import Trace, TraceLine, empty_state
from .state import State


def render_text(trace: Trace, only: int | None = None) -> str:
    """Every line with its changes and findings; with `only`, the full state after that line."""
    if only is not None:
        found = trace.state_at(only)
        if found is None:
            return f"{trace.path}: no statement at or before line {only}"
        entry, state = found
        return "\n".join([f"{trace.path}:{entry.line}: {entry.text.strip()}", *full_state(state),
                          *(_finding(v) for v in entry.findings)])
    out = [trace.path]
    before = empty_state()
    for entry, state in trace.states():
        out.extend(entry_lines(entry, state, before))
        before = state
    return "\n".join(out)


def entry_lines(entry: TraceLine, state: State, before: State) -> list[str]:
    out = [f"{entry.line:>5}  {entry.text.strip()}"]
    out.extend("       " + s for s in changes(entry.changes, state, before))
    out.extend("       " + _finding(v) for v in entry.findings)
    return out


def changes(ch: dict[str, Any], state: State, before: State) -> list[str]:
    """What one line changed, one short line each."""
    out = []
    if "turn" in ch:
        out.append(turn_line(state["turn"]))
    if "players" in ch:
        out.extend(player_line(p) for p in state["players"] if p not in before["players"])
    for pid, p in ch.get("permanents", {}).items():
        if p is None:
            gone = before["permanents"].get(pid)
            out.append(f"{gone['name'] if gone else pid} left the battlefield")
        else:
            out.append(permanent_line(p))
    if "stack" in ch:
        out.append(stack_line(state["stack"]))
    if "pending" in ch:
        out.append(pending_line(state["pending"]))
    if "declaring" in ch and state["declaring"] is not None:
        out.append(declaring_line(state["declaring"]))
    return out


def full_state(state: State) -> list[str]:
    out = [turn_line(state["turn"])]
    by_controller: dict[str, list[Any]] = {p["name"]: [] for p in state["players"]}
    for p in state["permanents"].values():
        by_controller.setdefault(p["controller"], []).append(p)
    players = {p["name"]: p for p in state["players"]}
    for name, perms in by_controller.items():
        out.append(player_line(players[name]) if name in players else f"{name}:")
        out.extend("  " + permanent_line(p, owner=False) for p in perms)
    out.append(stack_line(state["stack"]))
    if state["pending"]:
        out.append(pending_line(state["pending"]))
    if state["declaring"] is not None:
        out.append(declaring_line(state["declaring"]))
    return out


def turn_line(t: dict[str, Any]) -> str:
    if t["number"] is None:
        return "before the first turn"
    where = "between turns" if t["between"] == "turns" else t["step"] or "the turn begins"
    if t["between"] == "steps":
        where = f"after the {where}"
    elif t["phase"] and t["phase"] != t["step"]:
        where = f"{t['phase']}, {where}"
    prio = f"; priority: {t['priority']}" if t["priority"] else ""
    return f"turn {t['number']} ({t['active']}): {where}{prio}"


def player_line(p: dict[str, Any]) -> str:
    parts = [f"{p['life']} life"]
    if p["mana"]:
        parts.append(f"mana {p['mana']}")
    if p["hand"] is not None:
        parts.append(f"{p['hand']} in hand")
    if p.get("scheme"):
        parts.append(f"scheme {p['scheme']}")
    parts.extend(f"{n} {kind}" for kind, n in p.get("counters", {}).items())
    parts.extend(zone_part(zone, z) for zone, z in p.get("zones", {}).items() if z["count"] is not None or z["cards"])
    if p.get("left"):
        parts.append(f"has left the game ({p['left']})")
    return f"{p['name']}: " + ", ".join(parts)


def zone_part(zone: str, z: dict[str, Any]) -> str:
    """`graveyard 3: Shock, Grizzly Bears` (the count, when known, then the cards known to be there, the top
    last)."""
    named = [c["name"] + (" (face down)" if c["face_down"] else "")
             + "".join(f" ({n} {kind})" for kind, n in c["counters"].items()) for c in z["cards"]]
    if z.get("more"):
        named.insert(0, f"{z['more']} more")
    count = f" {z['count']}" if z["count"] is not None else ""
    return f"{zone}{count}" + (": " + ", ".join(named) if named else "")


def permanent_line(p: dict[str, Any], owner: bool = True) -> str:
    name = f"{p['name']} ({p['controller']})" if owner else p["name"]
    parts = [name]
    if p["power"] is not None:
        parts.append(f"{p['power']}/{p['toughness']}")
    if p["loyalty"] is not None:
        parts.append(f"loyalty {p['loyalty']}")
    parts.extend(f for f in flags(p))
    return " ".join(parts[:2]) + ("" if len(parts) <= 2 else ", " + ", ".join(parts[2:]))


def flags(p: dict[str, Any]) -> list[str]:
    out = []
    if p["tapped"]:
        out.append("tapped")
    if p["damage"]:
        out.append(f"{p['damage']} damage")
    out.extend(f"{n} {kind} counter{'s' if n != 1 else ''}" for kind, n in p["counters"].items()
               if kind != "loyalty")
    if p.get("face_down"):
        out.append("face down")
    if p["phased_out"]:
        out.append("phased out")
    if p["attached_to"]:
        out.append(f"attached to {p['attached_to']}")
    if p["attacking"]:
        out.append(f"attacking {p['attacking']}")
    if p["blockers"]:
        order = " (in damage assignment order)" if p["ordered"] else ""
        out.append(f"blocked by {', '.join(p['blockers'])}{order}")
    elif p["blocked"]:
        out.append("blocked")
    if p["blocking"]:
        out.append(f"blocking {', '.join(p['blocking'])}")
    if p["assigned"]:
        out.append("assigns " + ", ".join(f"{a} to {to}" for a, to in p["assigned"]))
    return out


def stack_line(stack: list[Any]) -> str:
    if not stack:
        return "stack: empty"
    items = [f"{s['source']}{' (' + s['text'] + ')' if s['text'] else ''} [{s['controller']}]"
             for s in reversed(stack)]
    return "stack (top first): " + "; ".join(items)


def pending_line(pending: list[Any]) -> str:
    if not pending:
        return "no triggers waiting"
    return "triggers waiting for the stack: " + "; ".join(f"{t['source']}: {t['text']}" for t in pending)


def declaring_line(d: dict[str, Any]) -> str:
    verb = "attacks" if d["kind"] == "attack" else "blocks"
    what = "attack" if d["kind"] == "attack" else "blocks"
    return f"{what} being declared: " + "; ".join(f"{name} {verb} {', '.join(to)}" for name, to in d["pairs"])


def _finding(v: Violation) -> str:
    mark = v.severity if v.severity in ("warning", "note") else "!"
    return f"{mark} {v.rule}: {v.message}"


def state_after(trace: Trace, line: int, limit: int = 40) -> str | None:
    """The whole state after a statement line, for the editor's hover (None for a line without a statement):
    at most `limit` lines, the rest counted."""
    found = trace.state_at(line)
    if found is None or found[0].line != line or not found[0].text.strip():
        return None
    lines = full_state(found[1])
    if len(lines) > limit:
        lines = lines[:limit - 1] + [f"... and {len(lines) - limit + 1} more lines (rulecheck trace --line {line})"]
    return "\n".join(lines)
