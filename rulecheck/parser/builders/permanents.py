"""Builds what happens to permanents: (un)tapping, phasing, leaving, control, attachment, regeneration, entering the
battlefield."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, _duration, _pt, inline_callbacks


@inline_callbacks
class PermanentsBuild(BuildBase):
    """The callbacks of the permanents statements."""

    def untap_all(self, player: n.Ref, except_: tuple[n.Ref, ...] = ()) -> n.UntapAll:
        return n.UntapAll(self._span(player, except_), player, except_)

    def untap(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Untap:
        return n.Untap(self._span(player, perms), player, perms)

    def tap(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Tap:
        return n.Tap(self._span(player, perms), player, perms)

    def becomes_tapped(self, perm: n.Ref) -> n.BecomesTapped:
        return n.BecomesTapped(self._span(perm), perm)

    def phase_dir(self, tok: Token) -> str:
        return str(tok)

    def phase(self, perm: n.Ref, direction: str) -> n.PhaseEvent:
        return n.PhaseEvent(self._span(perm), perm, direction)

    def sba_tag(self) -> bool:
        return True

    def leaves(self, perm: n.Ref, how: Token, sba: bool = False) -> n.Leaves:
        text = " ".join(str(how).split())
        kind = ("dies" if text == "dies" else "destroyed" if "destroyed" in text else "exiled" if "exiled" in text
                else "sacrificed" if "sacrificed" in text else "hand" if "hand" in text
                else "graveyard" if "graveyard" in text else "library" if "library" in text else "left")
        return n.Leaves(self._span(perm, how), perm, kind, sba)

    def sacrifice(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Sacrifice:
        return n.Sacrifice(self._span(player, perms), player, perms)

    def regenerate(self, perm: n.Ref) -> n.Regenerate:
        return n.Regenerate(self._span(perm), perm)

    def gain_control(self, player: n.Ref, perm: n.Ref, duration: Any = None) -> n.GainControl:
        which, condition = _duration(duration) if duration is not None else (None, None)
        return n.GainControl(self._span(player, perm), player, perm, which, condition)

    def attach(self, attachment: n.Ref, target: n.Ref) -> n.Attach:
        return n.Attach(self._span(attachment, target), attachment, target)

    def regeneration_shield(self, perm: n.Ref) -> n.RegenerationShield:
        return n.RegenerationShield(self._span(perm), perm)

    def becomes(self, target: n.Ref, *items: Any) -> n.Becomes:
        pts = [str(t) for t in items if isinstance(t, Token) and t.type == "PT"]
        types = tuple(str(t) for t in items if isinstance(t, Token) and t.type == "CARD_TYPE")
        subtype = next((i.text for i in items if isinstance(i, n.Ref)), None)
        which, condition = _duration(items[-1])
        power, tough = _pt(pts[0]) if pts else (None, None)
        return n.Becomes(self._span(target, *[t for t in items if isinstance(t, Token)]), target, power, tough,
                         types, subtype, which, condition)

    def create_tokens(self, player: n.Ref, count: int, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        opts = tuple(o for o in opts if isinstance(o, tuple))
        return n.replace(self._put(player, card, opts, True), count=count)

    def bf_tapped(self) -> tuple[str, Any]:
        return ("tapped", True)

    def bf_and(self) -> tuple[str, Any]:
        return ("and", None)

    def bf_attacking(self, ref: n.Ref) -> tuple[str, Any]:
        return ("attacking", ref)

    def bf_blocking(self, ref: n.Ref) -> tuple[str, Any]:
        return ("blocking", ref)

    def _put(self, player: n.Ref, card: n.Ref, opts: tuple[Any, ...], token: bool) -> n.PutOntoBattlefield:
        d = dict(opts)
        return n.PutOntoBattlefield(self._span(player, card, *[v for v in d.values() if isinstance(v, n.Ref)]),
                                    player, card, bool(d.get("tapped")), d.get("attacking"), d.get("blocking"),
                                    token, 1, counters=d.get("counters", ()))

    def put_onto_battlefield(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        return self._put(player, card, opts, False)

    def create_token(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        return self._put(player, card, opts, True)
