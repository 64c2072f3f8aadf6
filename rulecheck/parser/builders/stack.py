"""Builds spells and abilities: casting, activating, triggering, resolving, countering."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, inline_callbacks


@inline_callbacks
class StackBuild(BuildBase):
    """The callbacks of the stack statements."""

    def targets(self, *ts: n.Target) -> tuple[str, Any]:
        return ("targets", ts)

    def paying(self, mana: Token, from_pool: bool = False) -> tuple[str, Any]:
        return ("paying", (str(mana), from_pool))

    def from_pool(self) -> bool:
        return True

    def sacrificing(self, _tok: Token, refs: tuple[n.Ref, ...]) -> tuple[str, Any]:
        return ("sacrificing", refs)

    def target_object(self, ref: n.Ref) -> n.Target:
        return n.Target("object", ref, ref.text)

    def target_ability_obj(self, ref: n.Ref) -> n.Target:
        return n.Target("ability", ref, ref.text)

    def target_tba(self, tok: Token) -> n.Target:
        return n.Target("tba", None, " ".join(str(tok).split()))

    def cast_opt(self, *a: Any) -> Any:  # pragma: no cover - aliases cover every branch
        return a

    def _opts(self, opts: tuple[Any, ...]) -> tuple[tuple[n.Target, ...], tuple[str, bool] | None,
                                                    tuple[n.Ref, ...]]:
        targets: tuple[n.Target, ...] = ()
        paying: tuple[str, bool] | None = None
        sacrificing: tuple[n.Ref, ...] = ()
        for key, value in opts:
            if key in ("free", "face_down"):
                continue   # read by `cast`
            if key == "targets":
                targets = targets + value
            elif key == "sacrificing":
                sacrificing = sacrificing + value
            else:
                paying = value
        return targets, paying, sacrificing

    def cast(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.Cast:
        targets, paying, sacrificing = self._opts(opts)
        return n.Cast(self._span(player, card, *targets), player, card, targets, paying and paying[0],
                      bool(paying and paying[1]), sacrificing, free=any(key == "free" for key, _ in opts),
                      face_down=("face_down", True) in opts)

    def activate(self, player: n.Ref, source: n.Ref, *opts: Any) -> n.Activate:
        targets, paying, sacrificing = self._opts(opts)
        return n.Activate(self._span(player, source), player, source, targets, paying and paying[0],
                          bool(paying and paying[1]), sacrificing)

    def activate_loyalty(self, player: n.Ref, source: n.Ref, cost: Token, *opts: Any) -> n.Activate:
        """'Alice activates Chandra Nalaar's -1 ability': the planeswalker is named without its possessive."""
        for mark in ("'s", "’s"):
            if source.text.endswith(mark) and len(source.text) > 2:
                source = n.Ref(source.text[:-2], source.column, source.end_column - 2)
                break
        targets, paying, sacrificing = self._opts(opts)
        return n.Activate(self._span(player, source, cost), player, source, targets, paying and paying[0],
                          bool(paying and paying[1]), sacrificing, int(cost))

    def trigger(self, source: n.Ref, *opts: Any) -> n.Trigger:
        targets, _, _ = self._opts(opts)
        return n.Trigger(self._span(source), source, targets)

    def resolve_opt(self, ref: n.Ref) -> n.Ref:
        return ref

    def resolve(self, source: n.Ref, defending: n.Ref | None = None) -> n.Resolve:
        return n.Resolve(self._span(source, defending), source, False, defending)

    def resolve_onto_battlefield(self, source: n.Ref, *opts: tuple[str, Any]) -> n.Resolve:
        d = dict(opts)
        refs = [v for v in d.values() if isinstance(v, n.Ref)]
        return n.Resolve(self._span(source, *refs), source, False, None, bool(d.get("tapped")), d.get("attacking"),
                         d.get("blocking"), d.get("counters", ()))

    def ability_resolve(self, source: n.Ref, defending: n.Ref | None = None) -> n.Resolve:
        return n.Resolve(self._span(source, defending), source, True, defending)

    def top_resolve(self, top: Token, defending: n.Ref | None = None) -> n.Resolve:
        word = str(top).split()[-1].lower()
        kind = "any" if word == "it" else "spell" if word == "spell" else "ability"
        source = n.Ref(str(top), top.column or 1, top.end_column or 1)
        return n.Resolve(self._span(source, defending), source, kind == "ability", defending, top=kind)

    def countered(self, source: n.Ref) -> n.Countered:
        return n.Countered(self._span(source), source, False)

    def ability_countered(self, source: n.Ref) -> n.Countered:
        return n.Countered(self._span(source), source, True)
