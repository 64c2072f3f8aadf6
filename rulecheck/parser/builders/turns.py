"""Builds turn structure and priority: step boundaries, passes, extra turns and phases, skips."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, _step_name, inline_callbacks


@inline_callbacks
class TurnsBuild(BuildBase):
    """The callbacks of the turns statements."""

    def boundary_word(self, tok: Token) -> Token:
        return tok

    def step_boundary(self, step: Token, edge: Token | None = None) -> n.StepBoundary:
        return n.StepBoundary(self._span(step, edge), _step_name(step), str(edge) if edge else "heading")

    def turn_end(self, num: Token) -> n.TurnEnd:
        return n.TurnEnd(self._span(num), int(num))

    def gap(self, *toks: Token) -> n.Gap:
        return n.Gap(self._span(toks))

    def becomes_day_night(self, which: Token) -> n.DayNight:
        return n.DayNight(self._span(which), str(which))

    def assert_day_night(self, which: Token) -> n.AssertDayNight:
        return n.AssertDayNight(self._span(which), str(which))

    def becomes_monarch(self, player: n.Ref, tok: Token) -> n.BecomesMonarch:
        return n.BecomesMonarch(self._span(player, tok), player)

    def end_the_turn(self, *toks: Token) -> n.EndTheTurn:
        return n.EndTheTurn(self._span(toks))

    def pass_priority(self, player: n.Ref) -> n.PassPriority:
        return n.PassPriority(self._span(player), player)

    def all_pass(self, *toks: Token) -> n.AllPass:
        return n.AllPass(self._span(toks))

    def extra_turn(self, player: n.Ref) -> n.ExtraTurn:
        return n.ExtraTurn(self._span(player), player)

    def extra_phase(self, player: n.Ref, *toks: Token) -> n.ExtraPhase:
        steps = tuple(_step_name(s) for s in toks if s.type == "STEP")
        after = next((" ".join(str(t).split()) for t in toks if t.type == "EXTRA_PLACE"), "")
        return n.ExtraPhase(self._span(player, *toks), player, steps, after)

    def skip_step(self, player: n.Ref, step: Token, *rest: Any) -> n.SkipStep:
        return n.SkipStep(self._span(player, step), player, _step_name(step), True)

    def skip_turn(self, player: n.Ref) -> n.SkipTurn:
        return n.SkipTurn(self._span(player), player)
