"""Builds effects that last a while, their durations and their end, and assertions about the state."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import _DURATION, BuildBase, _duration, _pt, inline_callbacks


@inline_callbacks
class EffectsBuild(BuildBase):
    """The callbacks of the effects statements."""

    def end_of(self, tok: Token) -> str:
        return _DURATION[str(tok)]

    def until_end(self, which: str) -> str:
        return which

    def this_turn(self) -> str:
        return "this_turn"

    def while_(self, condition: n.Condition) -> n.Condition:
        return condition

    def while_on_battlefield(self, subject: n.Ref) -> n.Condition:
        return n.Condition("on_battlefield", subject)

    def while_controls(self, player: n.Ref, perm: n.Ref) -> n.Condition:
        return n.Condition("controls", player, perm)

    def while_attached(self, subject: n.Ref, other: n.Ref) -> n.Condition:
        return n.Condition("attached", subject, other)

    def while_paired(self, subject: n.Ref, other: n.Ref) -> n.Condition:
        return n.Condition("paired", subject, other)

    def pump(self, target: n.Ref, mod: Token, duration: Any) -> n.Pump:
        p, t = _pt(str(mod))
        return n.Pump(self._span(target, mod), target, p, t, *_duration(duration))

    def gain_keyword(self, target: n.Ref, kw: Token, duration: Any) -> n.GainAbility:
        return n.GainAbility(self._span(target, kw), target, n.Ability("keyword", " ".join(str(kw).split())),
                             *_duration(duration))

    def gain_static(self, target: n.Ref, st: Token, duration: Any) -> n.GainAbility:
        return n.GainAbility(self._span(target, st), target, n.Ability("static", " ".join(str(st).split())),
                             *_duration(duration))

    def prevention(self, amount: Token, target: n.Ref) -> n.Prevention:
        return n.Prevention(self._span(amount, target), int(amount), target)

    def effect_ends(self, *items: Any) -> n.EffectEnds:
        mod = next((str(i) for i in items if isinstance(i, Token)), None)
        target = next(i for i in items if isinstance(i, n.Ref))
        return n.EffectEnds(self._span(*items), target, mod)

    def durations_end(self, *items: Any) -> n.DurationsEnd:
        which = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return n.DurationsEnd(self._span(items), which)

    def cleanup_damage(self, *toks: Token) -> n.CleanupDamage:
        return n.CleanupDamage(self._span(toks), any(str(t) == "effects" for t in toks))

    def assert_pt(self, perm: n.Ref, pt: Token) -> n.AssertPT:
        p, t = _pt(str(pt))
        return n.AssertPT(self._span(perm, pt), perm, p, t)

    def status(self, tok: Token) -> Token:
        return tok

    def assert_status(self, perm: n.Ref, status: Token) -> n.AssertStatus:
        return n.AssertStatus(self._span(perm, status), perm, str(status))

    def assert_count(self, subject: n.Ref, count: Token, what: Token) -> n.AssertCount:
        text = str(what)
        kind = "hand" if "hand" in text else text.split()[-1] if text.startswith("card") else text
        return n.AssertCount(self._span(subject, count, what), subject, int(count), kind)
