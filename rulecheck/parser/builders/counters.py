"""Builds counters put and removed during play, turning a face-down permanent face up, a player losing or
conceding the game, and control of another player's turn."""

from __future__ import annotations

import re
from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, inline_callbacks

_PLAYER_TURN = re.compile(r"(?P<a>[^\s']+?)(?:['’]s)? during (?P<b>[^\s']+?)['’]s next turn|"
                          r"(?P<c>[^\s']+?)['’]s turn[ \t]+(?P<n>\d+)")
Counters = tuple[tuple[Token, ...], ...]


def _kinds(items: Counters) -> tuple[tuple[str, int], ...]:
    out = []
    for toks in items:
        count = next((int(t) for t in toks if t.type == "INT"), 1)
        kind = next(str(t) for t in toks if t.type == "COUNTER_KIND")
        out.append((kind, count))
    return tuple(out)


@inline_callbacks
class CountersBuild(BuildBase):
    """The callbacks of the counters, face-down, game-end and player-control statements."""

    def counter_item(self, *toks: Token) -> tuple[Token, ...]:
        return toks

    def counters(self, *items: tuple[Token, ...]) -> Counters:
        return items

    def get_counters(self, subject: n.Ref, items: Counters) -> n.CounterChange:
        return n.CounterChange(self._span(subject, items), subject, _kinds(items), False)

    first_counter = counter_item

    def counters_removed(self, *rest: Any) -> n.CounterChange:
        items = tuple(x for x in rest if isinstance(x, tuple))
        subject = next(x for x in rest if isinstance(x, n.Ref))
        sba = any(x is True for x in rest)
        return n.CounterChange(self._span(items, subject), subject, _kinds(items), True, None, sba)

    def put_counters(self, player: n.Ref, items: Counters, subject: n.Ref) -> n.CounterChange:
        return n.CounterChange(self._span(player, subject), subject, _kinds(items), False, player)

    def remove_counters(self, player: n.Ref, items: Counters, subject: n.Ref) -> n.CounterChange:
        return n.CounterChange(self._span(player, subject), subject, _kinds(items), True, player)

    def bf_counters(self, item: tuple[Token, ...]) -> tuple[str, Any]:
        return ("counters", _kinds((item,)))

    def face_down_opt(self) -> tuple[str, Any]:
        return ("face_down", True)

    def face_down_perm_fact(self) -> n.Fact:
        return n.Fact("face_down", True)

    def turn_face_up(self, player: n.Ref, perm: n.Ref, *opts: Any) -> n.TurnFaceUp:
        paying = next((o[1] for o in opts if isinstance(o, tuple) and o and o[0] == "paying"), None)
        cost, pool = paying if paying is not None else (None, False)
        return n.TurnFaceUp(self._span(player, perm), player, perm, cost, bool(pool))

    def lose_game(self, player: n.Ref, sba: bool = False) -> n.LoseGame:
        return n.LoseGame(self._span(player), player, False, sba)

    def concede(self, player: n.Ref) -> n.LoseGame:
        return n.LoseGame(self._span(player), player, True)

    def control_player(self, controller: n.Ref, what: Token) -> n.ControlPlayer:
        m = _PLAYER_TURN.fullmatch(" ".join(str(what).split()))
        if m is None:   # pragma: no cover - the terminal's own pattern
            raise ValueError(str(what))
        if m.group("c") is not None:
            return n.ControlPlayer(self._span(controller, what), controller, m.group("c"), int(m.group("n")))
        return n.ControlPlayer(self._span(controller, what), controller, m.group("a"))



