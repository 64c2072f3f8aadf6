"""Controlling another player during their turn (Mindslaver; baseline 711, current 722). Only control of the player
changes: the controlled player is still the active player and their objects are still theirs (711.3), and the
controller makes their choices and decisions (711.5), which a transcript narrates under the controlled player's
name. A finding on an action narrated under the controller's name in that turn says so."""

from __future__ import annotations

from .. import nodes as n
from .context import Replay
from .registry import handles


@handles(n.ControlPlayer, when="any")
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
    if not table.control_next and stmt.controlled_by is None and table.turn_controller is None:
        return
    player = stmt.player.text
    if stmt.controlled_by is not None and stmt.controlled_by not in r.game.pstate:
        r.syntax(stmt.player, stmt.span.line, f"unknown player '{stmt.controlled_by}' controls this turn")
    controller = table.control_next.pop(player, None) or stmt.controlled_by
    table.turn_controller = controller if controller in r.game.pstate and controller != player else None
