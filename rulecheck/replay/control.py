"""Controlling another player during their turn (Mindslaver; baseline 711, current 722). Only control of the player
changes: the controlled player is still the active player and their objects are still theirs (711.3), and the
controller makes their choices and decisions (711.5), which a transcript narrates under the controlled player's
name. A finding on an action narrated under the controller's name in that turn says so."""

from __future__ import annotations

import re

from .. import nodes as n
from .context import Replay
from .registry import handles

_CONTROL_TEXT = re.compile(r"\bcontrol\b[^.]*\bturn\b")


@handles(n.ControlPlayer, when="any", checks=("711.1",))
def control_player(r: Replay, stmt: n.ControlPlayer) -> None:
    """`Alice controls Bob during Bob's next turn` (the effect), `Alice controls Bob's turn 7`: the next turn Bob
    takes is controlled by Alice; the last such effect created wins (711.1a)."""
    g = r.game
    controller = g.player(stmt.controller)
    controlled = g.player(n.Ref(stmt.controlled, stmt.controller.column, stmt.span.end_column))
    if controlled == controller:
        return   # controlling oneself changes nothing
    g.table.control_next[controlled] = controller


def begin_turn(r: Replay, stmt: n.TurnHeader) -> None:
    """A turn begins: its player is controlled by whoever an effect (or the header) says (711.1: the effect applies
    to the next turn that player actually takes and lasts the whole turn)."""
    table = r.game.table
    player = stmt.player.text
    seen = table.turn_seen.get(player)
    if r.game.started or stmt.in_step is None:   # from its beginning: what happens before its next turn is known
        table.turn_seen[player] = stmt.number
    if not table.control_next and stmt.controlled_by is None and table.turn_controller is None:
        return
    if stmt.controlled_by is not None and stmt.controlled_by not in r.game.pstate:
        r.syntax(stmt.player, stmt.span.line, f"unknown player '{stmt.controlled_by}' controls this turn")
    pending = table.control_next.pop(player, None)
    if stmt.controlled_by is not None and pending != stmt.controlled_by and seen is not None:
        _unfounded_control(r, stmt, stmt.controlled_by, pending, seen)
    controller = stmt.controlled_by or pending   # the replay goes on from what the header says
    table.turn_controller = controller if controller in r.game.pstate and controller != player else None


def _unfounded_control(r: Replay, stmt: n.TurnHeader, claimed: str, pending: str | None, seen: int) -> None:
    """The header says a player controls this turn, but no effect made since the player's last turn gives them
    that control (711.1, 711.1a: the last effect made is the one that works). Text the replay can't read that
    resolved since then may have made one: not judged."""
    g = r.game
    if g.abilities_unknown or any(turn >= seen and _CONTROL_TEXT.search(text.lower())
                                  for turn, _source, text, _line in r.resolved_unread):
        return
    player = stmt.player.text
    why = f"the last effect made gives {pending} control of it, and of several such effects on one player the " \
        "last made is the one that works" if pending is not None else \
        f"no effect made since {player}'s turn {seen} began gives anyone control of {player}'s next turn; a " \
        "player-controlling effect applies only to the next turn that player takes"
    r.flag(stmt, "711.1", f"turn {stmt.number} is said to be controlled by {claimed}, but {why}", ("711.1a",))
